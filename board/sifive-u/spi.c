/* QSPI2 as the card's SPI bus, the card on its chip select 0. */
#include "board/sifive-u/sifive_u.h"

static void spi_select(void *ctx, int on)
{
    sifive_spi_select(&((struct board_spi *)ctx)->qspi, on);
}

static void spi_set_hz(void *ctx, uint32_t hz)
{
    sifive_spi_set_hz(&((struct board_spi *)ctx)->qspi, hz);
}

static void spi_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, uint32_t n)
{
    sifive_spi_xfer(&((struct board_spi *)ctx)->qspi, tx, rx, n);
}

void board_spi_init(struct board_spi *s, uint32_t hz)
{
    sifive_spi_init(&s->qspi, QSPI2_BASE, board_tlclk_hz(), SD_CS, hz);
    s->bus.select = spi_select;
    s->bus.set_hz = spi_set_hz;
    s->bus.xfer = spi_xfer;
    s->bus.ctx = s;
}

void board_spi_quiet(struct board_spi *s)
{
    sifive_spi_select(&s->qspi, 0);
}
