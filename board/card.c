#include "board/card.h"

#include "board/board.h"

void board_card_print(const struct console *con, const struct board_card *c)
{
#if BOARD_REPORT
    struct sdspi_cid cid;

    sdspi_cid_decode(&c->sd, &cid);
    con_printf(con, "card: %s %llu MiB (%llu sectors) MID 0x%x OEM %s %s "
               "rev %u.%u serial 0x%x, SPI %u kHz, %u ms\n",
               sdspi_type_name(c->sd.type),
               (unsigned long long)(c->sd.sectors >> 11),
               (unsigned long long)c->sd.sectors, (unsigned)cid.mid,
               cid.oem, cid.name, (unsigned)cid.rev_major,
               (unsigned)cid.rev_minor, (unsigned)cid.serial,
               (unsigned)(*c->bus_hz / 1000u), (unsigned)c->init_ms);
#else
    con_printf(con, "card: %s, %u sectors, %u ms\n",
               sdspi_type_name(c->sd.type), (unsigned)c->sd.sectors,
               (unsigned)c->init_ms);
#endif
}

#if BLOCKDEV_LBA32
#define card_read sdspi_read
#else
/* 64-bit sector numbers (the host's); an SD card addresses 32 bits. */
static int card_read(void *sd, blockdev_lba_t lba, uint32_t count, void *buf)
{
    return lba > UINT32_MAX ? SD_ERANGE
                            : sdspi_read(sd, (uint32_t)lba, count, buf);
}
#endif

int board_card_init(struct board_card *c, const struct spi_bus *bus,
                    const uint32_t *bus_hz, uint32_t max_hz)
{
    const struct console *con = board_console();
    /* The card line's figures: none when no line can be printed (the
     * struct stays zero). */
    const int timed = BOARD_REPORT || BOOT_INTERACTIVE;
    uint32_t t0 = timed ? cpu_ms_now(0) : 0;
    int rc;

    rc = sdspi_init(&c->sd, bus, cpu_ms_now, 0, max_hz);
    if (rc) {
        char code[BOOT_CODE_MAX];

        con_printf(con, "card: %s%s\n",
                   BOOT_ERR_TEXT(code, sdspi_strerror, "SD", rc),
                   BOOT_NOTHING_TO_BOOT);
        return BOOT_ENOCARD;
    }
    if (timed) {                  /* the card line's figures */
        c->init_ms = cpu_ms_now(0) - t0;
        c->bus_hz = bus_hz;
    }
    c->bd = (struct blockdev){ card_read, &c->sd, c->sd.sectors };
    if (BOARD_REPORT)
        board_card_print(con, c);
    return 0;
}
