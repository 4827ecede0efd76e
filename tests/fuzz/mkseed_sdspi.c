/* Seeds for the sdspi target: the driver talks to the SD card model
 * (tests/sdcard) through a bus that records every byte the card sends;
 * the harness header (tests/fuzz/h_sdspi.c) plus that record replays the
 * same conversation, which the fuzzer then bends.
 * Usage: mkseed_sdspi OUTDIR */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/sdspi.h"
#include "tests/sdcard/sdmodel.h"

struct rec {
    struct sdmodel *m;
    uint8_t *buf;
    size_t len, cap;
};

static void r_select(void *ctx, int on)
{
    struct rec *r = ctx;

    r->m->bus.select(r->m->bus.ctx, on);
}

static void r_set_hz(void *ctx, uint32_t hz)
{
    struct rec *r = ctx;

    r->m->bus.set_hz(r->m->bus.ctx, hz);
}

static void r_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, uint32_t n)
{
    struct rec *r = ctx;
    uint8_t tmp[600];
    uint8_t *dst = rx;

    if (!dst) {
        if (n > sizeof(tmp))
            abort();
        dst = tmp;
    }
    r->m->bus.xfer(r->m->bus.ctx, tx, dst, n);
    if (r->len + n > r->cap) {
        r->cap = (r->len + n) * 2;
        r->buf = realloc(r->buf, r->cap);
        if (!r->buf)
            abort();
    }
    memcpy(r->buf + r->len, dst, n);
    r->len += n;
}

struct seed {
    const char *name;
    int kind;
    uint8_t count;               /* header byte 3 */
    uint32_t lba;
    int fault;
    uint8_t ncr, nac;
};

int main(int argc, char **argv)
{
    static const struct seed seeds[] = {
        { "sdhc-read1", SDM_SDHC, 0x01, 0, SDM_FAULT_NONE, 1, 1 },
        { "sdhc-read3", SDM_SDHC, 0x43, 2, SDM_FAULT_NONE, 1, 1 },
        { "sdsc-read2", SDM_SDSC, 0x02, 1, SDM_FAULT_NONE, 1, 1 },
        { "sdv1-read1", SDM_SDV1, 0x01, 3, SDM_FAULT_NONE, 1, 1 },
        { "mmc-read2", SDM_MMC, 0x02, 0, SDM_FAULT_NONE, 1, 1 },
        { "sdhc-slow", SDM_SDHC, 0x02, 0, SDM_FAULT_NONE, 8, 9 },
        { "sdhc-crc", SDM_SDHC, 0x02, 0, SDM_FAULT_CRC16, 1, 1 },
        { "sdhc-token", SDM_SDHC, 0x02, 0, SDM_FAULT_DATA_TOKEN, 1, 1 },
        { "sdhc-last", SDM_SDHC, 0x11, 1, SDM_FAULT_NONE, 1, 1 },
    };
    static uint8_t img[1024 * 1024];
    uint32_t i;

    if (argc != 2) {
        fprintf(stderr, "usage: mkseed_sdspi OUTDIR\n");
        return 2;
    }
    for (i = 0; i < sizeof(img); i++)
        img[i] = (uint8_t)(i * 7 + (i >> 9));
    for (i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
        const struct seed *s = &seeds[i];
        static struct sdmodel m;
        struct rec r = { &m, NULL, 0, 0 };
        struct spi_bus bus = { r_select, r_set_hz, r_xfer, &r };
        struct sdspi sd;
        uint8_t hdr[8] = { 0, 0xFF, 0, s->count, (uint8_t)s->lba,
                           (uint8_t)(s->lba >> 8), 0, 0 };
        uint8_t buf[8 * 512];
        char path[512];
        FILE *f;

        sdm_init(&m, s->kind, img, sizeof(img));
        m.ncr = s->ncr;
        m.nac = s->nac;
        m.fault.kind = s->fault;
        m.fault.times = 1;
        m.fault.token = 0x08;
        if (sdspi_init(&sd, &bus, sdm_ms, &m, 25000000u)) {
            fprintf(stderr, "mkseed_sdspi: %s: init failed\n", s->name);
            return 1;
        }
        /* What the harness does after init: the first read, then the
         * second its header byte 3 picks. */
        sdspi_read(&sd, s->lba, s->count % 9, buf);
        if ((s->count & 0x30) == 0x10)
            sdspi_read(&sd, sd.sectors - 1, 1, buf);
        else if ((s->count & 0x30) == 0x20)
            sdspi_read(&sd, sd.sectors, 1, buf);
        else
            sdspi_read(&sd, 0, 1 + (s->count >> 6), buf);
        snprintf(path, sizeof(path), "%s/%s", argv[1], s->name);
        f = fopen(path, "wb");
        if (!f || fwrite(hdr, 1, sizeof(hdr), f) != sizeof(hdr) ||
            fwrite(r.buf, 1, r.len, f) != r.len || fclose(f)) {
            perror(path);
            return 1;
        }
        free(r.buf);
    }
    return 0;
}
