/* ARM PL022 synchronous serial port as an SPI master, mode 0, 8-bit frames. */
#ifndef EXTLOAD_PL022_H
#define EXTLOAD_PL022_H

#include <stdint.h>

struct pl022 {
    uintptr_t base;
    uint32_t clk_hz;          /* the SSI's input clock */
    uint32_t hz;              /* bit rate actually set */
};

/* The port and its input clock only: the first pl022_set_hz() sets the
 * frame format and the rate and enables the port (a struct spi_bus user
 * such as sdspi_init() sets its rate before the first transfer). */
void pl022_init(struct pl022 *p, uintptr_t base, uint32_t clk_hz);
/* Set the fastest bit rate not above hz. */
void pl022_set_hz(struct pl022 *p, uint32_t hz);
/* Full duplex; tx NULL sends 0xFF, rx NULL discards. */
void pl022_xfer(struct pl022 *p, const uint8_t *tx, uint8_t *rx, uint32_t n);
void pl022_disable(struct pl022 *p);

#endif
