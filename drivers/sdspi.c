/* SD/MMC in SPI mode: SD Physical Layer Simplified Spec chapter 7. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "drivers/sd_spec.h"
#include "drivers/sdspi.h"

#define POLL_MAX    (1u << 22)    /* ends a wait even if the clock stops */
#define CMD0_TRIES  10
/* Bytes read after a command until its R1: Ncr, the first byte
 * accepted too (a card may answer at once); after CMD12 the stuff byte
 * comes before them. */
#define R1_WINDOW      (SD_NCR_MAX + 1)

static void rx(struct sdspi *sd, uint8_t *dst, uint32_t n)
{
    sd->bus->xfer(sd->bus->ctx, NULL, dst, n);
}

static uint8_t rx1(struct sdspi *sd)
{
    uint8_t b;

    rx(sd, &b, 1);
    return b;
}

static uint32_t ms_since(const struct sdspi *sd, uint32_t t0)
{
    return sd->ms_now(sd->clk_ctx) - t0;
}

/* Clocks until the card sends a byte other than idle: that byte, or -1
 * once ms have passed. */
static int wait_not(struct sdspi *sd, uint8_t idle, uint32_t ms)
{
    uint32_t t0 = sd->ms_now(sd->clk_ctx);

    for (uint32_t i = 0; i < POLL_MAX; i++) {
        uint8_t b = rx1(sd);

        if (b != idle)
            return b;
        if (ms_since(sd, t0) > ms)
            break;
    }
    return -1;
}

static void release(struct sdspi *sd)
{
    sd->bus->select(sd->bus->ctx, 0);
    /* The card lets go of DO one clock after CS rises (7.5.1.2). */
    rx1(sd);
}

/* Sends a command; returns its R1 (0..0x7F) or a negative error. */
static int cmd(struct sdspi *sd, uint8_t idx, uint32_t arg)
{
    uint8_t f[SD_CMD_FRAME_LEN];
    int stop = idx == SD_STOP_TRANSMISSION;

    f[0] = (uint8_t)(SD_CMD_START | idx);
    for (uint32_t i = 1; i < SD_CMD_CRC_BYTE; i++)    /* argument, MSB first */
        f[i] = (uint8_t)(arg >> (8 * (SD_CMD_CRC_BYTE - 1 - i)));
    f[SD_CMD_CRC_BYTE] = (uint8_t)(sdspi_crc7(f, SD_CMD_CRC_BYTE) << 1 |
                                   SD_CMD_END);
    /* One byte before each command: Nrc >= 1 after the last response,
     * and a busy card (DO held low) is waited out. CMD12 instead goes
     * right after a block's CRC; see sdspi_read(). CMD0 waits for
     * nothing: it is how a card in any state is taken back. */
    if (!stop && wait_not(sd, SD_BUS_BUSY,
                          idx ? SD_BUSY_TIMEOUT_MS : 0) < 0 && idx)
        return SD_EBUSY;
    sd->bus->xfer(sd->bus->ctx, f, NULL, SD_CMD_FRAME_LEN);
#if SDSPI_DIAG
    sd->last_cmd = idx;
    sd->last_r1 = SD_BUS_IDLE;
#endif
    /* R1 follows Ncr = 1..8 bytes of 0xFF. After CMD12 a stuff byte
     * from the block being cut off comes first, and may look like a
     * response (7.5.2.2); Ncr counts from after it. */
    if (stop)
        rx1(sd);
    for (uint32_t i = 0; i < R1_WINDOW; i++) {
        uint8_t b = rx1(sd);

        if (!(b & SD_R1_START)) {
#if SDSPI_DIAG
            sd->last_r1 = b;
#endif
            return b;
        }
    }
    return SD_ENORESP;
}

/* A command whose R1 may carry the idle bit and nothing else. */
static int cmd_ok(struct sdspi *sd, uint8_t idx, uint32_t arg)
{
    int r = cmd(sd, idx, arg);

    return r < 0 ? r : (r & ~SD_R1_IDLE) ? SD_ECMD : 0;
}

/* One data block: start token 0xFE, len bytes into dst, CRC16. Anything
 * else where the token belongs is a data error token (7.3.3.3). */
static int data_block(struct sdspi *sd, uint8_t *dst, uint32_t len)
{
    uint8_t crc[SD_CRC16_LEN];
    int t = wait_not(sd, SD_BUS_IDLE, SD_READ_TIMEOUT_MS);

    if (t != SD_TOKEN_START_BLOCK)
        return t < 0 ? SD_ETOKEN : SD_EDATA;
    rx(sd, dst, len);
    rx(sd, crc, SD_CRC16_LEN);
    return sdspi_crc16(0, dst, len) == (crc[0] << 8 | crc[1]) ? 0 : SD_ECRC;
}

/* CMD12 and its R1b. R1's error bits are not ours to judge: a card (and
 * QEMU) that ran ahead past the last sector reports it here, while every
 * block we kept already passed its CRC. What must hold is that the card
 * went quiet. One that missed CMD12 streams on; its data can look like
 * an R1 and a short busy, but seldom like two bytes of 0xFF after them,
 * and it would pass our next command off as data: such a card is not
 * used again until sdspi_init(). */
static int stop(struct sdspi *sd)
{
    int r = cmd(sd, SD_STOP_TRANSMISSION, 0);

    if (r >= 0) {
        r = wait_not(sd, SD_BUS_BUSY, SD_BUSY_TIMEOUT_MS);
        if (r < 0)
            return SD_EBUSY;
        r = r == SD_BUS_IDLE && rx1(sd) == SD_BUS_IDLE ? 0 : SD_ENORESP;
    }
    if (r)
        sd->sectors = 0;
    return r;
}

/*
 * Each pass is one CMD17, or one CMD18 run, with CS low throughout, and
 * starts at the first sector not yet read with a good CRC. A failed pass
 * is retried SDSPI_RETRIES times after the last sector that came good.
 *
 *         CMD18  Ncr  R1   Nac token data CRC   ...   CMD12   stuff Ncr R1 busy
 *  host:  6 B    FF.. FF   FF.. FF   FF.. FF FF       6 B     FF    FF. FF FF..
 *  card:  FF..   FF.. R1   FF.. FE   512  2 B         (next   ??    FF. R1 00.. FF
 *                1..8      <=100 ms                   block)        1..8  <=250 ms
 *                                   CMD12 starts here ^ (last CRC + 1)
 *
 * The card streams the next block while CMD12 comes in; QEMU's card
 * takes CMD12 only at a block boundary, so it goes there.
 */
int sdspi_read(void *ctx, uint32_t lba, uint32_t count, void *buf)
{
    struct sdspi *sd = ctx;
    uint8_t *dst = buf;
    uint32_t done = 0;                  /* sectors read with a good CRC */
    uint32_t passes = 0;                /* since the last sector read */
    int r = 0;

    if (!sd->sectors || (!buf && count))
        return SD_EINVAL;
    if ((uint64_t)lba + count > sd->sectors)
        return SD_ERANGE;
    /* Each sector's place is dst + done * 512, done below count: the
     * bound in one variable (EVA proves every write inside buf). */
    while (done < count && passes <= SDSPI_RETRIES && sd->sectors) {
        int multi = count - done > 1;
        uint32_t at = lba + done;

#if SDSPI_DIAG
        if (passes)
            sd->retries++;
#endif
        passes++;
        sd->bus->select(sd->bus->ctx, 1);
        r = cmd_ok(sd, multi ? SD_READ_MULTIPLE_BLOCK : SD_READ_SINGLE_BLOCK,
                   sd->block_addr ? at : at * SD_SECTOR);
        if (r != SD_EBUSY) {            /* 0, SD_ENORESP or SD_ECMD */
            while (!r && done < count) {
                r = data_block(sd, dst + done * SD_SECTOR, SD_SECTOR);
                if (!r) {
                    done++;
                    passes = 1;
                }
            }
            /* Stop whatever the card may still send: the run, a block
             * not yet started, a command whose R1 got lost, or one
             * whose "R1 error" was a data byte of a block that came
             * after a lost R1 (with Ncr 1 and Nac 1 the block starts
             * inside the R1 window). A lone block that ended (CRC,
             * error token) needs nothing. */
            if (multi || r == SD_ETOKEN || r == SD_ENORESP || r == SD_ECMD) {
#if SDSPI_DIAG
                uint8_t c = sd->last_cmd, r1 = sd->last_r1;
#endif
                int s;

                /* After an R1 (real or not) the card needs Nrc >= 1
                 * byte before the next command. */
                if (r == SD_ECMD || r == SD_ENORESP)
                    rx1(sd);
                s = stop(sd);
#if SDSPI_DIAG
                if (r == SD_ECMD) {     /* keep the rejection to show */
                    sd->last_cmd = c;
                    sd->last_r1 = r1;
                }
#endif

                if (!r)
                    r = s;
            }
        }
        release(sd);
    }
    return r;
}

uint32_t sdspi_reg_bits(const uint8_t *reg, uint32_t lsb, uint32_t width)
{
    uint32_t v = 0;

    for (uint32_t i = width; i--;) {
        uint32_t bit = lsb + i;

        v = v << 1 | ((reg[SD_REG_LEN - 1 - bit / 8] >> (bit % 8)) & 1);
    }
    return v;
}

/* ACMD41 (or CMD1 for MMC, SDSPI_MMC_CARDS) until the card leaves the
 * idle state. */
static int wake(struct sdspi *sd, uint32_t hcs)
{
    uint32_t t0 = sd->ms_now(sd->clk_ctx);

    for (uint32_t i = 0; i < POLL_MAX; i++) {
        int r;

        if (SDSPI_MMC_CARDS && sd->type == SDSPI_MMC)
            r = cmd(sd, SD_SEND_OP_COND, 0);
        else if ((r = cmd(sd, SD_APP_CMD, 0)) >= 0 &&
                 !(r & SD_R1_ILLEGAL_CMD))
            r = cmd(sd, SD_APP_SEND_OP_COND, hcs);
        if (r <= 0)
            return r;
        if (SDSPI_MMC_CARDS && (r & SD_R1_ILLEGAL_CMD) &&
            sd->type == SDSPI_SDV1)
            sd->type = SDSPI_MMC;       /* no ACMD41: an MMC card */
        else if (r != SD_R1_IDLE)
            return SD_ECMD;
        if (ms_since(sd, t0) > SD_INIT_TIMEOUT_MS)
            break;
    }
    return SD_EINIT;
}

static int read_reg(struct sdspi *sd, uint8_t idx, uint8_t *reg)
{
    int r = cmd_ok(sd, idx, 0);

    return r ? r : data_block(sd, reg, sizeof(sd->csd));
}

static int bring_up(struct sdspi *sd, uint32_t max_hz)
{
    const uint8_t *csd = sd->csd;
    uint8_t r7[SD_R3_R7_TAIL];
    uint32_t hcs = 0, hz;
    uint32_t sectors;
    int r, i = CMD0_TRIES;

    while (cmd(sd, SD_GO_IDLE_STATE, 0) != SD_R1_IDLE)
        if (!--i)
            return SD_ENOCARD;
    /* SD 1.x cards and MMC call CMD8 illegal (7.2.1). */
    r = cmd(sd, SD_SEND_IF_COND, SD_IF_COND_VHS_27_36 | SD_IF_COND_PATTERN);
    if (r < 0)
        return r;
    rx(sd, r7, sizeof(r7));
    sd->type = SDSPI_SDV1;
    if (!(r & SD_R1_ILLEGAL_CMD)) {
        if (r != SD_R1_IDLE)
            return SD_ECMD;
        /* The voltage nibble and the pattern echo CMD8's argument. */
        if ((((uint32_t)r7[SD_R7_VOLTAGE_BYTE] << 8 |
              r7[SD_R7_PATTERN_BYTE]) & (SD_R7_VOLTAGE_MASK << 8 | 0xFFu)) !=
            (SD_IF_COND_VHS_27_36 | SD_IF_COND_PATTERN))
            return SD_EVOLT;
        sd->type = SDSPI_SDSC;
        hcs = SD_ACMD41_HCS;
    }
    /* CRC checking goes on before ACMD41 (7.2.2). */
    if ((r = cmd_ok(sd, SD_CRC_ON_OFF, SD_CRC_ON)) || (r = wake(sd, hcs)))
        return r;
    if (hcs) {
        /* QEMU's CMD58 R1 keeps the idle bit: cmd_ok() allows it. */
        if ((r = cmd_ok(sd, SD_READ_OCR, 0)))
            return r;
        rx(sd, r7, sizeof(r7));
        if (r7[0] & SD_OCR_CCS_BYTE) {
            sd->type = SDSPI_SDHC;
            sd->block_addr = 1;
        }
    }
    if ((!sd->block_addr && (r = cmd_ok(sd, SD_SET_BLOCKLEN, SD_SECTOR))) ||
        (r = read_reg(sd, SD_SEND_CSD, sd->csd)) ||
        (SDSPI_CID && (r = read_reg(sd, SD_SEND_CID, sd->cid))))
        return r;

    /* Capacity (5.3.2, 5.3.3): CSD version 2 exactly on SDHC cards;
     * MMC CSDs of any version use the version 1 fields. */
    if ((!SDSPI_MMC_CARDS || sd->type != SDSPI_MMC) &&
        sdspi_reg_bits(csd, SD_CSD_STRUCTURE_LSB, SD_CSD_STRUCTURE_BITS) !=
            (sd->block_addr ? SD_CSD_V2 : SD_CSD_V1))
        return SD_ECSD;
    if (sd->block_addr) {
        /* C_SIZE 0x3FFFFF would be 2^32 sectors, past what a 32-bit
         * block address reaches (SDXC stops at 0x3FFEFF). */
        sectors = sdspi_reg_bits(csd, SD_CSD2_C_SIZE_LSB, SD_CSD2_C_SIZE_BITS);
        if (sectors >= SD_CSD2_C_SIZE_LIMIT)
            return SD_ECSD;
        sectors = (sectors + 1) << SD_CSD2_UNIT_SHIFT;
    } else {
        uint32_t bl = sdspi_reg_bits(csd, SD_CSD_READ_BL_LEN_LSB,
                                     SD_CSD_READ_BL_LEN_BITS);

        if (bl < SD_CSD_READ_BL_LEN_MIN || bl > SD_CSD_READ_BL_LEN_MAX)
            return SD_ECSD;
        sectors = (sdspi_reg_bits(csd, SD_CSD1_C_SIZE_LSB,
                                  SD_CSD1_C_SIZE_BITS) + 1)
                  << (sdspi_reg_bits(csd, SD_CSD1_C_SIZE_MULT_LSB,
                                     SD_CSD1_C_SIZE_MULT_BITS) + 2 + bl -
                      SD_CSD_READ_BL_LEN_MIN);
    }
    /* Default speed: 25 MHz for SD, 20 MHz for MMC v3 (CSD TRAN_SPEED). */
    hz = SDSPI_MMC_CARDS && sd->type == SDSPI_MMC ? MMC_DEFAULT_HZ
                                                  : SD_DEFAULT_HZ;
    sd->hz = hz < max_hz ? hz : max_hz;
    sd->bus->set_hz(sd->bus->ctx, sd->hz);
    sd->sectors = sectors;
    return 0;
}

int sdspi_init(struct sdspi *sd, const struct spi_bus *bus,
               uint32_t (*ms_now)(void *ctx), void *clk_ctx,
               uint32_t max_hz)
{
    int r;

    memset(sd, 0, sizeof(*sd));
    if (!bus || !ms_now || !max_hz)
        return SD_EINVAL;
    sd->bus = bus;
    sd->ms_now = ms_now;
    sd->clk_ctx = clk_ctx;
    bus->set_hz(bus->ctx, max_hz < SD_INIT_HZ ? max_hz : SD_INIT_HZ);
    bus->select(bus->ctx, 0);
    /* >= 74 clocks with CS and DI high before the first command (6.4.1.1). */
    bus->xfer(bus->ctx, NULL, NULL, (SD_INIT_CLOCKS + 7) / 8);
    bus->select(bus->ctx, 1);
    r = bring_up(sd, max_hz);
    release(sd);
    return r;
}
