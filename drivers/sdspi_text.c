/* The card in words, for a console: its type and CID. */
#include <stdint.h>

#include "drivers/sd_spec.h"
#include "drivers/sdspi.h"
#include "lib/num.h"

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
        char d[64];                         /* 0x1XY: always three digits */
        (void)num_digits(d, 0x100u | cid[MMC_CID_OID_BYTE], 16, 0);
        out->oem[0] = d[1];
        out->oem[1] = d[2];
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
