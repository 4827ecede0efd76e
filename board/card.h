/* The card every board boots from: an SD/MMC card in SPI mode, brought
 * up, described on the console, and made a block device (drivers/ know
 * nothing of fs/, so the board joins the two). */
#ifndef EXTLOAD_BOARD_CARD_H
#define EXTLOAD_BOARD_CARD_H

#include <stdint.h>

#include "drivers/sdspi.h"
#include "firmware/console/console.h"
#include "fs/blockdev.h"

struct board_card {
    struct sdspi sd;
    struct blockdev bd;           /* sdspi_read over sd, once it is up */
    /* The card line's figures, set only where one can be printed
     * (BOARD_REPORT or BOOT_INTERACTIVE): */
    const uint32_t *bus_hz;       /* the rate the SPI controller runs at */
    uint32_t init_ms;             /* what sdspi_init took */
};

/* sdspi_init on bus (at most max_hz), then the card line (BOARD_REPORT;
 * the tiny profile's quiet success prints none). No card: says why and
 * returns BOOT_ENOCARD. */
int board_card_init(struct board_card *c, const struct spi_bus *bus,
                    const uint32_t *bus_hz, uint32_t max_hz);

/* "card: SDSC 64 MiB (131072 sectors) MID 0xaa OEM XY QEMU! rev 0.1
 * serial 0xdeadbeef, SPI 25000 kHz, 0 ms" (also the prompt's `info`). */
void board_card_print(const struct console *con, const struct board_card *c);

#endif
