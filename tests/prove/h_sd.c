/* The SD driver (drivers/sdspi*.c) for Frama-C's EVA (tests/prove/
 * part_sd.mk): a card on an SPI bus that answers every byte clocked
 * with an unknown byte, and a clock that reads any value at each look.
 * The driver's whole use by board/card.c: init (CMD0 to the CSD, the
 * CID with SDSPI_CID), the CID decoded for the card line, then a read
 * of any run of sectors into a buffer of as many, as fs/ asks. */
#include <stddef.h>
#include <stdint.h>

#include "__fc_builtin.h"
#include "drivers/sdspi.h"

/* The largest run fs/ reads at once in this harness. */
#define SECTORS 4u

static uint8_t buf[SECTORS * 512u];
static struct sdspi sd;
static struct sdspi_cid cid;

static void bus_select(void *ctx, int on)
{
    (void)ctx;
    (void)on;
}

static void bus_set_hz(void *ctx, uint32_t hz)
{
    (void)ctx;
    (void)hz;
}

/* The card's bytes, whatever it sends; what the host sends is read. */
static void bus_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, uint32_t n)
{
    (void)ctx;
    for (uint32_t i = 0; tx && i < n; i++)
        (void)tx[i];
    if (rx)
        Frama_C_make_unknown((char *)rx, n);
}

static uint32_t clock_ms(void *ctx)
{
    (void)ctx;
    return Frama_C_unsigned_int_interval(0, UINT32_MAX);
}

static const struct spi_bus bus = {
    bus_select, bus_set_hz, bus_xfer, NULL,
};

int main(void)
{
    /* A read before init, and init without a bus: refused. */
    int rc = sdspi_read(&sd, 0, 1, buf);

    if (rc == 0 || sdspi_init(&sd, NULL, clock_ms, NULL, 1) == 0)
        return 0;
    rc = sdspi_init(&sd, &bus, clock_ms, NULL,
                    Frama_C_unsigned_int_interval(0, UINT32_MAX));

    if (rc)
        return rc;
    sdspi_cid_decode(&sd, &cid);
    (void)sdspi_type_name(Frama_C_int_interval(-1, SDSPI_SDHC + 1));
    (void)sdspi_strerror(Frama_C_int_interval(SD_ECSD - 1, 1));
    return sdspi_read(&sd, Frama_C_unsigned_int_interval(0, UINT32_MAX),
                      Frama_C_unsigned_int_interval(0, SECTORS), buf);
}
