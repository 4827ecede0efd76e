/* Stellaris (LM3S) GPIO ports: direction, alternate function, pin levels. */
#ifndef EXTLOAD_LM3S_GPIO_H
#define EXTLOAD_LM3S_GPIO_H

#include <stdint.h>

/* Pins in `mask` become digital outputs driven by software, driven high
 * (level != 0) or low. */
void lm3s_gpio_output(uintptr_t port, uint32_t mask, int level);
/* Pins in `mask` become digital pins owned by their peripheral. */
void lm3s_gpio_alternate(uintptr_t port, uint32_t mask);
/* Drive the pins in mask high (level != 0) or low; others untouched. */
void lm3s_gpio_write(uintptr_t port, uint32_t mask, int level);

#endif
