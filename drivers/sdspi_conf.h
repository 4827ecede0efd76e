/* Build options of the SD driver (drivers/sdspi*.c; the PL022's are in
 * drivers/pl022_conf.h), in the manner of FatFs's ffconf.h: each one says
 * what it does and what it costs. Set them with -D on the compiler's
 * command line; this header only supplies the defaults. The default
 * profile is the fast one; the tiny profile (make PROFILE=tiny,
 * -DEXTLOAD_TINY=1) keeps the compact code.
 *
 * Costs are arm-none-eabi-gcc 12 -mcpu=cortex-m3 -mthumb -Os bytes of
 * flash (`make size` prints them: tests/bench/sdconf.py), speeds guest
 * instructions per byte under QEMU -icount shift=0 (`make bench`,
 * tests/bench/RESULTS.md), for SDSPI_CRC16_TABLE, PL022_UNROLL and
 * SHA256_UNROLL (firmware/boot_conf.h) all off and all on.
 */
#ifndef EXTLOAD_SDSPI_CONF_H
#define EXTLOAD_SDSPI_CONF_H

/* SDSPI_FAST: the default for the option below (1 fast, 0 compact).
 */
#ifndef EXTLOAD_TINY
#define EXTLOAD_TINY 0
#endif
#ifndef SDSPI_FAST
#define SDSPI_FAST (!EXTLOAD_TINY)
#endif

/* SDSPI_CRC16_TABLE: the data CRC16 of every 512-byte block by a
 * 256-entry table of 16-bit remainders, one lookup a byte, four bytes per
 * loop step.
 *   1: about 5 instructions a byte; costs flash: the 512-byte table
 *      and the unrolled loop (`make size`). The raw CMD18 loop goes from 19.8 to
 *      11.1 instructions a byte.
 *   0: the eight bit steps folded into shifts of the register itself,
 *      about 14 instructions a byte, no table.
 */
#ifndef SDSPI_CRC16_TABLE
#define SDSPI_CRC16_TABLE SDSPI_FAST
#endif

/* SDSPI_MMC_CARDS: MultiMediaCards (MMC v3), which call CMD55 illegal and
 * are brought up with CMD1 instead of ACMD41.
 *   1: an MMC card is read as an SD 1.x card is (byte addressed, the CSD
 *      version 1 fields, 20 MHz); costs flash (`make size`).
 *   0: SD cards only (SD 1.x, SDSC, SDHC/SDXC): a card that calls CMD55
 *      illegal is refused with SD_ECMD. The tiny profile's choice.
 */
#ifndef SDSPI_MMC_CARDS
#define SDSPI_MMC_CARDS (!EXTLOAD_TINY)
#endif

/* SDSPI_CID: the card's identity register.
 *   1: sdspi_init reads the CID (CMD10) into sd->cid, which
 *      sdspi_cid_decode turns into a console's maker, product name,
 *      revision and serial (board/card.c's full card line).
 *   0: no CMD10; sd->cid stays zero. The tiny profile's choice: its
 *      board prints no CID (BOARD_REPORT=0). Costs flash (`make size`).
 */
#ifndef SDSPI_CID
#define SDSPI_CID (!EXTLOAD_TINY)
#endif

/* SDSPI_DIAG: what the driver keeps in struct sdspi for a test or a
 * debugger to read; nothing in the loader prints it.
 *   1: retries (runs restarted after a fault), last_cmd and last_r1 (the
 *      last command sent and its R1; after a run whose command the card
 *      rejected, that command and its R1, not CMD12's).
 *   0: none of the three fields; the reads, their retries and every
 *      check are the same. The tiny profile's choice. Costs flash
 *      (`make size`).
 */
#ifndef SDSPI_DIAG
#define SDSPI_DIAG (!EXTLOAD_TINY)
#endif

#endif
