#include "drivers/lm3s_gpio.h"

#include "drivers/mmio.h"

#define GPIO_DIR   0x400u
#define GPIO_AFSEL 0x420u
#define GPIO_DR8R  0x508u
#define GPIO_DEN   0x51Cu

/* One body for both kinds of pin, out of line: gcc would inline a copy
 * for each call (several times the bytes of a call). */
__attribute__((noinline))
void lm3s_gpio_pins(uintptr_t port, uint32_t mask, int level)
{
    uint32_t afsel = mmio_read(port + GPIO_AFSEL) & ~mask;

    if (level == LM3S_GPIO_ALTERNATE) {
        afsel |= mask;
        /* 8 mA drive: the SSI clock line to the card slot is long. */
        mmio_set(port + GPIO_DR8R, mask);
    } else {
        /* The level first: the pin drives it from the moment it is an
         * output. */
        lm3s_gpio_write(port, mask, level);
        mmio_set(port + GPIO_DIR, mask);
    }
    mmio_write(port + GPIO_AFSEL, afsel);
    mmio_set(port + GPIO_DEN, mask);
}

void lm3s_gpio_write(uintptr_t port, uint32_t mask, int level)
{
    /* GPIODATA is address-masked: address bits 9:2 select which pins a
     * write may change, so no read-modify-write is needed. */
    mmio_write(port + ((mask & 0xFFu) << 2), level ? mask : 0);
}
