/* A host model of an SD or MMC card in SPI mode, behind struct spi_bus.
 *
 * It consumes and produces bytes the way a card does (SD Physical Layer
 * Simplified Spec chapter 7): a command parser checking CRC7, R1/R1b/R2/
 * R3/R7 after Ncr bytes of 0xFF, data blocks after Nac bytes with start
 * or error tokens and CRC16, a stuff byte, Ncr and busy after CMD12. The
 * timings are parameters: ncr (1..8 bytes, 7.5.4), nac (bytes before each
 * token, up to what the CSD's TAAC and NSAC allow: sdm_nac_max_bytes()),
 * ncx (0..8 bytes before the CSD and CID blocks),
 * busy12_us (any length). Both CRCs are the driver's (drivers/sdspi_crc.c,
 * checked against a bit-by-bit reference in tests/unit/test_sdspi.c). The
 * card data comes from a memory buffer or a file descriptor.
 *
 * It counts what the host did (commands per opcode, bytes clocked, data
 * bytes), keeps a fake clock that advances with every byte at the bus rate
 * (sdm_ms() is a board ms clock), and records protocol violations: CMD0
 * without 74 clocks with CS high, commands above 400 kHz before the card
 * is ready, clocks above the card's rate, no 0xFF between a response and
 * the next command, commands while busy or mid-response, CMD12 inside a
 * data block (QEMU's card needs it at a block boundary), CS released
 * during a data transfer. Commands with a bad CRC7 are counted apart
 * (crc7_bad). Faults are injected through m->fault.
 */
#ifndef EXTLOAD_SDMODEL_H
#define EXTLOAD_SDMODEL_H

#include <stdint.h>

#include "drivers/spi.h"

enum sdm_kind {
    SDM_SDSC,           /* SD 2.0 standard capacity: CSD v1, bytes */
    SDM_SDHC,           /* CCS set, CSD v2, sector addresses */
    SDM_SDV1,           /* SD 1.x: CMD8 is illegal; CSD v1 */
    SDM_MMC,            /* MMC v3: CMD1, no CMD8/CMD55/ACMD41, 20 MHz */
};

enum sdm_fault_kind {
    SDM_FAULT_NONE = 0,
    /* Command faults, on command fault.cmd. */
    SDM_FAULT_NO_RESPONSE,   /* not heard: no response at all */
    SDM_FAULT_R1,            /* answered with R1 fault.r1, nothing else */
    SDM_FAULT_R1_LOST,       /* executed, but its R1 reads 0xFF */
    SDM_FAULT_BUSY_FOREVER,  /* (CMD12) busy never ends */
    /* Data faults, on read blocks (CMD17/18) after fault.skip of them. */
    SDM_FAULT_CRC16,         /* the block goes out with a wrong CRC16 */
    SDM_FAULT_DATA_TOKEN,    /* error token fault.token instead */
    SDM_FAULT_NO_TOKEN,      /* the start token never comes */
    SDM_FAULT_REMOVE,        /* card pulled fault.offset bytes into it */
};

#define SDM_ALWAYS UINT32_MAX

struct sdm_fault {
    int kind;                /* enum sdm_fault_kind */
    uint8_t cmd;             /* command faults: the command index */
    uint8_t r1;              /* R1: the response byte */
    uint8_t token;           /* DATA_TOKEN: the error token */
    uint32_t skip;           /* data faults: read blocks to let pass first */
    uint32_t offset;         /* REMOVE: data bytes of the block sent first */
    uint32_t times;          /* fires this often; SDM_ALWAYS: every time */
    uint32_t period;         /* data faults: blocks let pass between firings */
};

struct sdmodel {
    /* Configuration: sdm_init() sets defaults; change before use.
     * sdm_build_regs() rebuilds CSD/CID after kind, read_bl_len, mid,
     * pnm, psn or prv change. */
    int kind;                /* enum sdm_kind */
    uint8_t ncr;             /* 0xFF bytes before each response (1..8);
                              * after CMD12 they follow the stuff byte */
    uint32_t nac;            /* 0xFF bytes before each data token (>= 1) */
    uint8_t ncx;             /* 0xFF bytes before a CSD/CID token (0..8) */
    uint8_t taac, nsac;      /* CSD v1 access time (SDHC: fixed 1 ms, 0) */
    uint8_t read_bl_len;     /* CSD v1 READ_BL_LEN: 9, 10 or 11 */
    uint8_t vhs_mask;        /* CMD8 voltages accepted (bit 0: 2.7-3.6 V) */
    int stuff;               /* byte after CMD12; -1: the cut-off stream */
    uint32_t busy12_us;      /* busy after CMD12 */
    uint32_t ready_ms;       /* ACMD41/CMD1 answer idle this long */
    uint32_t extra_ns_per_byte;
    uint8_t qemu_cmd58;      /* CMD58's R1 always 0x01, as in QEMU 7.2 */
    uint8_t mid;             /* CID fields */
    uint8_t prv;
    char pnm[7];
    uint32_t psn;
    uint8_t csd[16], cid[16];
    struct sdm_fault fault;

    /* The card's contents: mem, or fd when mem is NULL. */
    const uint8_t *mem;
    int fd;
    uint64_t size;           /* bytes behind the card */
    uint64_t capacity;       /* bytes the CSD reports (<= size) */

    /* Counters. */
    uint64_t bytes;          /* every byte clocked, CS high or low */
    uint64_t bytes_selected;
    uint64_t data_bytes;     /* read-block data bytes the card sent */
    uint64_t blocks;         /* read blocks sent whole, CRC included */
    uint64_t ns;             /* fake time */
    uint32_t cmds[64];       /* commands received, per index */
    uint32_t acmds[64];      /* application commands (after CMD55) */
    uint32_t commands;       /* all of them */
    uint32_t last_arg[64];   /* latest argument per command index */
    uint32_t crc7_bad;       /* commands received with a wrong CRC7 */
    uint32_t selects;        /* CS assertions */
    uint32_t faults_fired;
    uint32_t hz;             /* bus rate now */
    uint32_t hz_max_init;    /* fastest rate clocked before the card was ready */
    uint32_t hz_max;         /* fastest rate clocked with CS low */
    uint32_t idle_clocks;    /* clocks with CS high before the first CMD0 */
    uint32_t violations;
    char why[200];           /* the first violation */

    /* Card state. */
    uint8_t spi, idle, ready, crc_on, app, selected, removed, gap;
    uint8_t in_block, multi, reg, past_end, remove_armed, crc_corrupt;
    uint8_t cbuf[6], clen, idx;
    uint8_t resp[5], rlen, rpos;
    int out, after, dphase;
    uint32_t cnt, dcnt, blocklen, dlen, dpos, remove_at;
    uint64_t busy_until, daddr, ready_at;
    uint16_t dcrc;
    uint8_t blk[2048];

    struct spi_bus bus;      /* select/set_hz/xfer, ctx = this model */
};

void sdm_init(struct sdmodel *m, int kind, const void *mem, uint64_t size);
/* The card's contents from a file; 0 or -1 (errno set). */
int sdm_init_file(struct sdmodel *m, int kind, const char *path);
void sdm_close(struct sdmodel *m);
void sdm_build_regs(struct sdmodel *m);
/* Power off and on: card state back to reset, counters kept. */
void sdm_power_cycle(struct sdmodel *m);
/* The board millisecond clock over the fake time; ctx is the model. */
uint32_t sdm_ms(void *ctx);

/* The longest Nac the spec lets this card take at hz (4.6.2.1), in bytes:
 * 100 x the CSD's TAAC + NSAC, at most 100 ms (always 100 ms on SDHC). */
uint64_t sdm_nac_max_bytes(const struct sdmodel *m, uint32_t hz);

#endif
