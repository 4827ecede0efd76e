/* SD and MMC cards in SPI mode, read as 512-byte sectors.
 *
 * sdspi_init() brings a card up at <= 400 kHz (CMD0, CMD8, CMD59, ACMD41
 * or CMD1, CMD58, CMD16, CMD9, CMD10: sdspi_conf.h) and then switches the
 * bus to the card's rated clock, at most max_hz and 25 MHz. sdspi_read()
 * moves any number of 512-byte sectors straight into the caller's
 * buffer: one sector with CMD17, more as one CMD18 run ended by CMD12.
 * Every block's CRC16 is checked; a failed run restarts from the failed
 * sector at most SDSPI_RETRIES times. Every wait is limited by the
 * board's ms clock.
 * All state lives in struct sdspi.
 */
#ifndef EXTLOAD_SDSPI_H
#define EXTLOAD_SDSPI_H

#include <stdint.h>

#include "drivers/sdspi_conf.h"
#include "drivers/spi.h"

/* The driver's errors, each with the sentence sdspi_strerror() gives:
 * one table, so the enum and the words cannot fall out of step. Values
 * run 0, -1, -2, ... in this order; SD_ECSD stays the last. */
#define SDSPI_ERRORS(X)                                                   \
    X(SD_OK,      0, "success")                                           \
    X(SD_EINVAL, -1, "bad argument or card not initialised")              \
    X(SD_ERANGE, -2, "sectors past the end of the card")                  \
    X(SD_ENOCARD, -3, "no card answers CMD0")                             \
    X(SD_ENORESP, -4, "card did not respond to a command")                \
    X(SD_ECMD,   -5, "card reported a command error")                     \
    X(SD_EVOLT,  -6, "card rejects 3.3 V or the CMD8 check pattern")      \
    X(SD_EINIT,  -7, "card stayed idle for 1 s")                          \
    X(SD_ETOKEN, -8, "no data from the card within 100 ms")               \
    X(SD_EDATA,  -9, "card sent a data error token")                      \
    X(SD_ECRC,  -10, "data CRC mismatch")                                 \
    X(SD_EBUSY, -11, "card stayed busy")                                  \
    X(SD_ECSD,  -12, "card's CSD is not understood")

enum sdspi_err {
#define SDSPI_ERR_ENUM(name, value, text) name = value,
    SDSPI_ERRORS(SDSPI_ERR_ENUM)
#undef SDSPI_ERR_ENUM
};

enum sdspi_type {
    SDSPI_NONE = 0,
    SDSPI_MMC,          /* MMC v3, CMD1, byte addressed */
    SDSPI_SDV1,         /* SD 1.x: no CMD8, byte addressed */
    SDSPI_SDSC,         /* SD 2.0+ standard capacity, byte addressed */
    SDSPI_SDHC,         /* SDHC/SDXC: CCS set, sector addressed */
};

#define SDSPI_RETRIES 3u

struct sdspi {
    const struct spi_bus *bus;
    uint32_t (*ms_now)(void *ctx);   /* board millisecond clock */
    void *clk_ctx;
    uint32_t hz;                     /* data clock asked of the bus */
#if SDSPI_DIAG
    uint32_t retries;                /* runs restarted after a fault */
    uint8_t last_cmd;                /* the last command sent ... */
    uint8_t last_r1;                 /* ... and its R1; 0xFF: none */
#endif
    uint8_t type;                    /* enum sdspi_type */
    uint8_t block_addr;              /* CMD17/18 take sectors, not bytes */
    uint8_t csd[16];                 /* raw registers, MSB first */
    uint8_t cid[16];                 /* zero without SDSPI_CID */
    uint32_t sectors;                /* capacity; 0 until init succeeds */
};

int sdspi_init(struct sdspi *sd, const struct spi_bus *bus,
               uint32_t (*ms_now)(void *ctx), void *clk_ctx,
               uint32_t max_hz);

/* Has struct blockdev's read signature (ctx is the struct sdspi): the
 * board wires it to the reader, since drivers/ know nothing of fs/. */
int sdspi_read(void *sd, uint32_t lba, uint32_t count, void *buf);

const char *sdspi_strerror(int err);

/* CRC7 of a command's first five bytes (the frame's last byte is
 * crc7 << 1 | 1) and the data CRC16 (CCITT, x^16+x^12+x^5+1, start 0),
 * drivers/sdspi_crc.c: the one copy of each, which the card model in
 * tests/sdcard uses too. */
uint8_t sdspi_crc7(const uint8_t *p, uint32_t n);
uint16_t sdspi_crc16(uint16_t crc, const uint8_t *p, uint32_t n);

/* Bits [lsb + width - 1 : lsb] of a 128-bit CSD or CID kept MSB first,
 * numbered as in the spec's register tables (width <= 32). */
uint32_t sdspi_reg_bits(const uint8_t *reg, uint32_t lsb, uint32_t width);

/* The card for a console, decoded from the CID. */
struct sdspi_cid {
    uint8_t mid;                     /* manufacturer ID */
    char oem[3];                     /* SD: two ASCII chars; MMC: hex */
    char name[7];                    /* product name, NUL-terminated */
    uint8_t rev_major, rev_minor;
    uint32_t serial;
};

const char *sdspi_type_name(int type);
void sdspi_cid_decode(const struct sdspi *sd, struct sdspi_cid *out);

#endif
