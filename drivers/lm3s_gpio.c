#include "drivers/lm3s_gpio.h"

#include "drivers/mmio.h"

#define GPIO_DIR   0x400u
#define GPIO_AFSEL 0x420u
#define GPIO_DR8R  0x508u
#define GPIO_DEN   0x51Cu

/* Out of line: gcc would inline a copy for each pin (several times the
 * bytes of a call). */
__attribute__((noinline))
void lm3s_gpio_output(uintptr_t port, uint32_t mask, int level)
{
    mmio_write(port + GPIO_AFSEL, mmio_read(port + GPIO_AFSEL) & ~mask);
    mmio_set(port + GPIO_DIR, mask);
    mmio_set(port + GPIO_DEN, mask);
    lm3s_gpio_write(port, mask, level);
}

void lm3s_gpio_alternate(uintptr_t port, uint32_t mask)
{
    mmio_set(port + GPIO_AFSEL, mask);
    /* 8 mA drive: the SSI clock line to the card slot is long. */
    mmio_set(port + GPIO_DR8R, mask);
    mmio_set(port + GPIO_DEN, mask);
}

void lm3s_gpio_write(uintptr_t port, uint32_t mask, int level)
{
    /* GPIODATA is address-masked: address bits 9:2 select which pins a
     * write may change, so no read-modify-write is needed. */
    mmio_write(port + ((mask & 0xFFu) << 2), level ? mask : 0);
}
