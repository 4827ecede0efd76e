/* Stellaris (LM3S) GPIO ports: direction, alternate function, pin levels. */
#ifndef EXTLOAD_LM3S_GPIO_H
#define EXTLOAD_LM3S_GPIO_H

#include <stdint.h>

/* Pins in `mask` become digital pins: with level 0 or 1, outputs driven
 * by software, low or high; with LM3S_GPIO_ALTERNATE, pins owned by
 * their peripheral. */
#define LM3S_GPIO_ALTERNATE 2
void lm3s_gpio_pins(uintptr_t port, uint32_t mask, int level);
/* Drive the pins in mask high (level != 0) or low; others untouched. */
void lm3s_gpio_write(uintptr_t port, uint32_t mask, int level);

#endif
