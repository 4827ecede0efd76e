/* SSI0 on PA2/PA4/PA5 as the card's SPI bus, chip select on PD0. */
#include "board/lm3s6965evb/lm3s6965evb.h"
#include "drivers/lm3s_gpio.h"

void board_spi_select(void *ctx, int on)
{
    (void)ctx;
    /* QEMU switches its SSI mux on PD0 edges only, so selecting always
     * drives high first: the low edge that follows selects the card. */
    lm3s_gpio_write(GPIOD_BASE, PD_SD_CS, 1);
    if (on)
        lm3s_gpio_write(GPIOD_BASE, PD_SD_CS, 0);
}

void board_spi_set_hz(void *ctx, uint32_t hz)
{
    pl022_set_hz(&((struct board_spi *)ctx)->ssi, hz);
}

void board_spi_xfer(void *ctx, const uint8_t *tx, uint8_t *rx,
                    uint32_t n)
{
    pl022_xfer(&((struct board_spi *)ctx)->ssi, tx, rx, n);
}

void board_spi_init(struct board_spi *s)
{
    lm3s_gpio_pins(GPIOA_BASE, PA_SSI0CLK | PA_SSI0RX | PA_SSI0TX,
                   LM3S_GPIO_ALTERNATE);
    /* The OLED's select is a plain output held high: off the bus. */
    lm3s_gpio_pins(GPIOA_BASE, PA_OLED_CS, 1);
    lm3s_gpio_pins(GPIOD_BASE, PD_SD_CS, 1);

    /* The rate: the card driver's first set_hz (sdspi_init). */
    pl022_init(&s->ssi, SSI0_BASE, BOARD_SYSCLK_HZ);
}

void board_spi_quiet(struct board_spi *s)
{
    lm3s_gpio_write(GPIOD_BASE, PD_SD_CS, 1);
    pl022_disable(&s->ssi);
}
