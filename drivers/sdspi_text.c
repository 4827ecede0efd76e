/* The driver in words, for a console: errors, card type, capacity, CID. */
#include <stdint.h>

#include "drivers/sd_spec.h"
#include "drivers/sdspi.h"

const char *sdspi_strerror(int err)
{
#define SDSPI_ERR_TEXT(name, value, text) [-(value)] = text,
    static const char *const msg[] = { SDSPI_ERRORS(SDSPI_ERR_TEXT) };
#undef SDSPI_ERR_TEXT
    uint32_t i = 0u - (uint32_t)err;

    return err <= 0 && i < sizeof(msg) / sizeof(msg[0]) && msg[i]
               ? msg[i] : "unknown error";
}

const char *sdspi_type_name(int type)
{
    static const char *const name[] = { "none", "MMC", "SDv1", "SDSC",
                                        "SDHC" };

    return type >= 0 && type <= SDSPI_SDHC ? name[type] : "?";
}

static char printable(uint32_t c)
{
    return c >= 0x20 && c < 0x7F ? (char)c : '?';
}

static const char hexdig[] = "0123456789abcdef";

/* CID layouts: SD spec 5.2; MMC per JEDEC JESD84 (6-char name, 8-bit OID). */
void sdspi_cid_decode(const struct sdspi *sd, struct sdspi_cid *out)
{
    const uint8_t *cid = sd->cid;
    int mmc = sd->type == SDSPI_MMC;
    uint32_t n = mmc ? MMC_CID_PNM_LEN : SD_CID_PNM_LEN;
    uint32_t prv = sdspi_reg_bits(cid, mmc ? MMC_CID_PRV_LSB : SD_CID_PRV_LSB,
                                  SD_CID_PRV_BITS);
    uint32_t i;

    out->mid = cid[SD_CID_MID_BYTE];
    if (mmc) {                              /* OID is one binary byte */
        out->oem[0] = hexdig[cid[MMC_CID_OID_BYTE] >> 4];
        out->oem[1] = hexdig[cid[MMC_CID_OID_BYTE] & 15];
    } else {
        out->oem[0] = printable(cid[SD_CID_OID_BYTE]);
        out->oem[1] = printable(cid[SD_CID_OID_BYTE + 1]);
    }
    out->oem[2] = 0;
    for (i = 0; i < n; i++)
        out->name[i] = printable(cid[SD_CID_PNM_BYTE + i]);
    for (; i < sizeof(out->name); i++)
        out->name[i] = 0;
    out->rev_major = (uint8_t)(prv >> 4);
    out->rev_minor = (uint8_t)(prv & 15);
    out->serial = sdspi_reg_bits(cid, mmc ? MMC_CID_PSN_LSB : SD_CID_PSN_LSB,
                                 SD_CID_PSN_BITS);
}

struct out {
    char *buf;
    uint32_t len, pos;
};

static void put(struct out *o, const char *s)
{
    for (; *s; s++, o->pos++)
        if (o->pos + 1 < o->len)
            o->buf[o->pos] = *s;
}

static void put_num(struct out *o, uint64_t v, uint32_t base)
{
    char tmp[21];
    uint32_t i = sizeof(tmp) - 1;

    tmp[i] = 0;
    do {
        tmp[--i] = hexdig[v % base];
        v /= base;
    } while (v && i);
    put(o, tmp + i);
}

uint32_t sdspi_describe(const struct sdspi *sd, char *buf, uint32_t len)
{
    struct out o = { buf, len, 0 };
    struct sdspi_cid c;

    sdspi_cid_decode(sd, &c);
    put(&o, sdspi_type_name(sd->type));
    put(&o, " ");
    put_num(&o, sd->sectors >> 11, 10);
    put(&o, " MiB (");
    put_num(&o, sd->sectors, 10);
    put(&o, " sectors) MID 0x");
    put_num(&o, c.mid, 16);
    put(&o, " OEM ");
    put(&o, c.oem);
    put(&o, " ");
    put(&o, c.name);
    put(&o, " rev ");
    put_num(&o, c.rev_major, 10);
    put(&o, ".");
    put_num(&o, c.rev_minor, 10);
    put(&o, " serial 0x");
    put_num(&o, c.serial, 16);
    if (len)
        buf[o.pos < len ? o.pos : len - 1] = 0;
    return o.pos;
}
