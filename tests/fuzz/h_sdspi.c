/* SD-over-SPI harness: a card whose every response byte comes from the
 * input. The bus hands the driver input bytes in order, one per byte
 * clocked (whether the driver keeps it or not), then a fill pattern once
 * the input is used up. The board clock advances a fixed time per byte,
 * so a wait for a card that never answers ends by the driver's own time
 * limits; each call is checked against what those limits allow.
 *
 * Input:  [0] fill mode   0: 0xFF (idle bus)  1: 0x00 (held busy)
 *                         2: the stream again  3: byte [1]
 *         [1] fill byte
 *         [2] clock start: < 0x80 ms, else that far below the wrap
 *         [3] sectors to read (mod 9), and which second read to make
 *         [4..7] lba (le32), taken modulo the card's capacity + 2
 *         [8..]  what the card says
 */
#include <stdbool.h>
#ifdef FUZZ_TRACE
#include <stdio.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "drivers/sdspi.h"
#include "lib/le.h"
#include "tests/fuzz/harness.h"

#define HDR          8u
#define US_PER_BYTE  64u          /* the fake clock: ~16 bytes a ms */
/* The driver's waits (drivers/sdspi.c): ACMD41 until ready, data token,
 * busy. Restated here: the harness checks the driver keeps to them. */
#define READY_MS     1000u
#define TOKEN_MS     100u
#define BUSY_MS      250u
#define READ_MAX     8u

struct fakebus {
    const uint8_t *s;             /* the card's bytes */
    size_t n, pos;
    int mode;
    uint8_t fill;
    uint32_t ms0;
    uint64_t us;                  /* fake time since ms0 */
    uint64_t bytes;
    int selected;
    const char *bad;
};

static void fb_select(void *ctx, int on)
{
    struct fakebus *b = ctx;

    b->selected = on;
}

static void fb_set_hz(void *ctx, uint32_t hz)
{
    struct fakebus *b = ctx;

    if (hz == 0 || hz > 25000000u)
        b->bad = "the driver asked for a bus clock of 0 or above 25 MHz";
}

static uint8_t fb_byte(struct fakebus *b)
{
    if (b->pos < b->n)
        return b->s[b->pos++];
    switch (b->mode) {
    case 0:  return 0xFF;
    case 1:  return 0x00;
    case 2:  return b->n ? b->s[b->pos++ % b->n] : 0xFF;
    default: return b->fill;
    }
}

static void fb_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, uint32_t n)
{
    struct fakebus *b = ctx;
    uint32_t i;

    (void)tx;
    for (i = 0; i < n; i++) {
        uint8_t v = fb_byte(b);

        if (rx)
            rx[i] = v;
        b->us += US_PER_BYTE;
        b->bytes++;
    }
}

static uint32_t fb_ms(void *ctx)
{
    struct fakebus *b = ctx;

    return b->ms0 + (uint32_t)(b->us / 1000u);
}

static bool known_err(int rc)
{
    return rc <= 0 && rc >= SD_ECSD;
}

/* Fake ms spent since t0_us. */
static uint64_t spent(const struct fakebus *b, uint64_t t0_us)
{
    return (b->us - t0_us) / 1000u;
}

/* One read into a buffer of exactly count sectors. A command waits out
 * busy (<= BUSY_MS) and gets R1 within Ncr (9 bytes; 10 after CMD12's
 * stuff byte); each block waits <= TOKEN_MS
 * for its token; a run ends with CMD12 and its busy. A pass that fails is
 * retried SDSPI_RETRIES times, and every block read well earns the run
 * its retries again: at most count + SDSPI_RETRIES + 1 passes, each with
 * two commands and count + 1 block waits, plus the bytes themselves. */
static void do_read(struct sdspi *sd, struct fakebus *b, uint64_t lba,
                    uint32_t count)
{
    size_t len = (size_t)count * 512u;
    uint8_t *buf = malloc(len ? len : 1);
    uint64_t t0 = b->us, limit;
    uint32_t passes = count + SDSPI_RETRIES + 1;
    int rc;

    if (!buf)
        return;
    rc = sdspi_read(sd, lba, count, count ? buf : NULL);
#ifdef FUZZ_TRACE
    fprintf(stderr, "read lba %llu count %u: %d, %llu bytes left\n",
            (unsigned long long)lba, count, rc,
            (unsigned long long)(b->n - (b->pos < b->n ? b->pos : b->n)));
#endif
    limit = passes * (2u * (BUSY_MS + 2u) + (count + 1u) * (TOKEN_MS + 2u)) +
            (uint64_t)passes * (count + 2u) * 600u * US_PER_BYTE / 1000u;
    if (spent(b, t0) > limit)
        b->bad = "sdspi_read ran past its time limits";
    if (!known_err(rc))
        b->bad = "sdspi_read returned an unknown code";
    (void)sdspi_strerror(rc);
    free(buf);
}

const char *fuzz_sdspi_one(const uint8_t *data, size_t len)
{
    struct fakebus b;
    struct spi_bus bus;
    struct sdspi sd;
    struct sdspi_cid cid;
    uint64_t t0, lba, cap;
    uint32_t count;
    int rc;

    if (len < HDR)
        return NULL;
    memset(&b, 0, sizeof(b));
    b.mode = data[0] & 3;
    b.fill = data[1];
    b.ms0 = data[2] < 0x80 ? data[2] : 0u - 16u * (data[2] & 0x7F);
    count = data[3] % (READ_MAX + 1);
    b.s = data + HDR;
    b.n = len - HDR;
    bus.select = fb_select;
    bus.set_hz = fb_set_hz;
    bus.xfer = fb_xfer;
    bus.ctx = &b;

    /* Init: CMD0 ten times, CMD8, CMD59, ACMD41 or CMD1 until ready
     * (READY_MS, plus one last round of two commands), CMD58, CMD16,
     * CSD and CID: a dozen commands and two blocks beside the wake. */
    t0 = b.us;
    rc = sdspi_init(&sd, &bus, fb_ms, &b, 25000000u);
#ifdef FUZZ_TRACE
    fprintf(stderr, "init: %d, type %d, %llu sectors\n", rc, sd.type,
            (unsigned long long)sd.sectors);
#endif
    if (spent(&b, t0) > READY_MS + 16u * (BUSY_MS + 2u) + 2u * TOKEN_MS + 100u)
        b.bad = "sdspi_init ran past its time limits";
    if (!known_err(rc))
        b.bad = "sdspi_init returned an unknown code";
    if (rc && sd.sectors)
        b.bad = "a card that failed init reports a capacity";
    (void)sdspi_strerror(rc);
    (void)sdspi_type_name(sd.type);
    (void)sdspi_type_name(-1);

    sdspi_cid_decode(&sd, &cid);
    if (cid.oem[2] || cid.name[sizeof(cid.name) - 1])
        b.bad = "sdspi_cid_decode left a string unterminated";

    cap = sd.sectors;
    lba = le32(data + 4) % (cap + 2);
    do_read(&sd, &b, lba, count);
    /* A second read after whatever the first left behind: the last
     * sectors, one past the end, or the first. */
    if (cap && (data[3] & 0x30) == 0x10)
        do_read(&sd, &b, cap - 1, 1);
    else if (cap && (data[3] & 0x30) == 0x20)
        do_read(&sd, &b, cap, 1);
    else
        do_read(&sd, &b, 0, 1 + (data[3] >> 6));
    return b.bad;
}
