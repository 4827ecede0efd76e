/* The SPI bus contract between drivers/sdspi and the board. */
#ifndef EXTLOAD_SPI_H
#define EXTLOAD_SPI_H

#include <stdint.h>

struct spi_bus {
    void (*select)(void *ctx, int on);          /* on: chip select asserted */
    void (*set_hz)(void *ctx, uint32_t hz);
    /* Full duplex. tx NULL: clock out 0xFF; rx NULL: discard. */
    void (*xfer)(void *ctx, const uint8_t *tx, uint8_t *rx, uint32_t n);
    void *ctx;
};

#endif
