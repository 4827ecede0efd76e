/* SiFive SPI controller (FU540 QSPI0-2, QEMU's sifive_u) as an SPI master:
 * mode 0, 8-bit frames, MSB first, one chip select held for as long as
 * the bus is selected. */
#ifndef EXTLOAD_SIFIVE_SPI_H
#define EXTLOAD_SIFIVE_SPI_H

#include <stdint.h>

struct sifive_spi {
    uintptr_t base;
    uint32_t clk_hz;          /* the controller's input clock (tlclk) */
    uint32_t hz;              /* bit rate actually set */
    uint32_t cs;              /* chip select line (csid) */
};

/* Chip select `cs` deasserted, frame format set, rate at most hz. */
void sifive_spi_init(struct sifive_spi *s, uintptr_t base, uint32_t clk_hz,
                     uint32_t cs, uint32_t hz);
/* Set the fastest bit rate not above hz. */
void sifive_spi_set_hz(struct sifive_spi *s, uint32_t hz);
/* The rate sifive_spi_set_hz(s, hz) would set. */
uint32_t sifive_spi_rate(const struct sifive_spi *s, uint32_t hz);
/* on: assert the chip select and hold it across frames (csmode HOLD)
 * until deselected; off: deassert it (csmode OFF). */
void sifive_spi_select(struct sifive_spi *s, int on);
/* Full duplex; tx NULL sends 0xFF, rx NULL discards. */
void sifive_spi_xfer(struct sifive_spi *s, const uint8_t *tx, uint8_t *rx,
                     uint32_t n);

#endif
