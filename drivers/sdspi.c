/* SD/MMC in SPI mode: SD Physical Layer Simplified Spec chapter 7. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "drivers/sdspi.h"

#define INIT_HZ     400000u
#define SD_HZ       25000000u
#define MMC_HZ      20000000u
#define READY_MS    1000u         /* ACMD41/CMD1 until ready (4.2.3) */
#define TOKEN_MS    100u          /* read access time limit (4.6.2.1) */
#define BUSY_MS     250u
#define POLL_MAX    (1u << 22)    /* ends a wait even if the clock stops */
#define SECTOR      512u

#define R1_IDLE     0x01
#define R1_ILLEGAL  0x04

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
    sd->bus->xfer(sd->bus->ctx, NULL, NULL, 1);
}

/* Sends a command; returns its R1 (0..0x7F) or a negative error. */
static int cmd(struct sdspi *sd, uint8_t idx, uint32_t arg)
{
    uint8_t f[6] = { (uint8_t)(0x40 | idx), (uint8_t)(arg >> 24),
                     (uint8_t)(arg >> 16), (uint8_t)(arg >> 8),
                     (uint8_t)arg, 0 };

    f[5] = (uint8_t)(sdspi_crc7(f, 5) << 1 | 1);
    /* One byte before each command: Nrc >= 1 after the last response,
     * and a busy card (DO held low) is waited out. CMD12 instead goes
     * right after a block's CRC; see sdspi_read(). */
    if (idx != 12 && wait_not(sd, 0x00, idx ? BUSY_MS : 0) < 0 && idx)
        return SD_EBUSY;
    sd->bus->xfer(sd->bus->ctx, f, NULL, 6);
    sd->last_cmd = idx;
    sd->last_r1 = 0xFF;
    /* R1 follows Ncr = 1..8 bytes of 0xFF. The byte right after CMD12
     * is a stuff byte from the block being cut off, so it may look like
     * a response (7.5.2.2). */
    for (int i = 0; i < 9; i++) {
        uint8_t b = rx1(sd);

        if (!(b & 0x80) && !(i == 0 && idx == 12)) {
            sd->last_r1 = b;
            return b;
        }
    }
    return SD_ENORESP;
}

/* A command whose R1 may carry the idle bit and nothing else. */
static int cmd_ok(struct sdspi *sd, uint8_t idx, uint32_t arg)
{
    int r = cmd(sd, idx, arg);

    return r < 0 ? r : (r & ~R1_IDLE) ? SD_ECMD : 0;
}

/* One data block: start token 0xFE, len bytes into dst, CRC16. Anything
 * else where the token belongs is a data error token (7.3.3.3). */
static int data_block(struct sdspi *sd, uint8_t *dst, uint32_t len)
{
    uint8_t crc[2];
    int t = wait_not(sd, 0xFF, TOKEN_MS);

    if (t != 0xFE)
        return t < 0 ? SD_ETOKEN : SD_EDATA;
    rx(sd, dst, len);
    rx(sd, crc, 2);
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
    int r = cmd(sd, 12, 0);

    if (r >= 0) {
        r = wait_not(sd, 0x00, BUSY_MS);
        if (r < 0)
            return SD_EBUSY;
        r = r == 0xFF && rx1(sd) == 0xFF ? 0 : SD_ENORESP;
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
 *                                                     block)
 *                                   CMD12 starts here ^ (last CRC + 1)
 *
 * The card streams the next block while CMD12 comes in; QEMU's card
 * takes CMD12 only at a block boundary, so it goes there.
 */
int sdspi_read(void *ctx, uint64_t lba, uint32_t count, void *buf)
{
    struct sdspi *sd = ctx;
    uint8_t *dst = buf;
    uint32_t passes = 0;                /* since the last sector read */
    int r = 0;

    if (!sd->sectors || (!buf && count))
        return SD_EINVAL;
    if (lba > sd->sectors || count > sd->sectors - lba)
        return SD_ERANGE;
    while (count && passes <= SDSPI_RETRIES && sd->sectors) {
        int multi = count > 1;

        if (passes++)
            sd->retries++;
        sd->bus->select(sd->bus->ctx, 1);
        r = cmd_ok(sd, multi ? 18 : 17,
                   sd->block_addr ? (uint32_t)lba : (uint32_t)lba * SECTOR);
        if (!r || r == SD_ENORESP) {
            while (!r && count) {
                r = data_block(sd, dst, SECTOR);
                if (!r) {
                    lba++;
                    count--;
                    dst += SECTOR;
                    passes = 1;
                }
            }
            /* Stop whatever the card may still send: the run, a block
             * not yet started, a command whose R1 got lost. A lone
             * block that ended (CRC, error token) needs nothing. */
            if (multi || r == SD_ETOKEN || r == SD_ENORESP) {
                int s = stop(sd);

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

        v = v << 1 | ((reg[15 - bit / 8] >> (bit % 8)) & 1);
    }
    return v;
}

/* ACMD41 (or CMD1 for MMC) until the card leaves the idle state. */
static int wake(struct sdspi *sd, uint32_t hcs)
{
    uint32_t t0 = sd->ms_now(sd->clk_ctx);

    for (uint32_t i = 0; i < POLL_MAX; i++) {
        int r;

        if (sd->type == SDSPI_MMC)
            r = cmd(sd, 1, 0);
        else if ((r = cmd(sd, 55, 0)) >= 0 && !(r & R1_ILLEGAL))
            r = cmd(sd, 41, hcs);
        if (r <= 0)
            return r;
        if ((r & R1_ILLEGAL) && sd->type == SDSPI_SDV1)
            sd->type = SDSPI_MMC;       /* no ACMD41: an MMC card */
        else if (r != R1_IDLE)
            return SD_ECMD;
        if (ms_since(sd, t0) > READY_MS)
            break;
    }
    return SD_EINIT;
}

static int read_reg(struct sdspi *sd, uint8_t idx, uint8_t *reg)
{
    int r = cmd_ok(sd, idx, 0);

    return r ? r : data_block(sd, reg, 16);
}

static int bring_up(struct sdspi *sd, uint32_t max_hz)
{
    const uint8_t *csd = sd->csd;
    uint8_t r7[4];
    uint32_t hcs = 0, hz;
    uint32_t sectors;
    int r = -1;

    for (int i = 0; i < 10 && r != R1_IDLE; i++)
        r = cmd(sd, 0, 0);
    if (r != R1_IDLE)
        return SD_ENOCARD;
    /* SD 1.x cards and MMC call CMD8 illegal (7.2.1). */
    r = cmd(sd, 8, 0x1AA);
    if (r < 0)
        return r;
    rx(sd, r7, 4);
    sd->type = SDSPI_SDV1;
    if (!(r & R1_ILLEGAL)) {
        if (r != R1_IDLE)
            return SD_ECMD;
        if ((r7[2] & 0x0F) != 1 || r7[3] != 0xAA)
            return SD_EVOLT;
        sd->type = SDSPI_SDSC;
        hcs = 1u << 30;
    }
    /* CRC checking goes on before ACMD41 (7.2.2). */
    if ((r = cmd_ok(sd, 59, 1)) || (r = wake(sd, hcs)))
        return r;
    if (hcs) {
        /* QEMU's CMD58 R1 keeps the idle bit: cmd_ok() allows it. */
        if ((r = cmd_ok(sd, 58, 0)))
            return r;
        rx(sd, r7, 4);
        if (r7[0] & 0x40) {             /* CCS */
            sd->type = SDSPI_SDHC;
            sd->block_addr = 1;
        }
    }
    if ((!sd->block_addr && (r = cmd_ok(sd, 16, SECTOR))) ||
        (r = read_reg(sd, 9, sd->csd)) || (r = read_reg(sd, 10, sd->cid)))
        return r;

    /* Capacity (5.3.2, 5.3.3): CSD version 2 exactly on SDHC cards;
     * MMC CSDs of any version use the version 1 fields. */
    if (sd->type != SDSPI_MMC && csd[0] >> 6 != sd->block_addr)
        return SD_ECSD;
    if (sd->block_addr) {
        /* C_SIZE 0x3FFFFF would be 2^32 sectors, past what a 32-bit
         * block address reaches (SDXC stops at 0x3FFEFF). */
        sectors = sdspi_reg_bits(csd, 48, 22);
        if (sectors >= 0x3FFFFF)
            return SD_ECSD;
        sectors = (sectors + 1) << 10;
    } else {
        uint32_t bl = sdspi_reg_bits(csd, 80, 4);

        if (bl < 9 || bl > 11)
            return SD_ECSD;
        sectors = (sdspi_reg_bits(csd, 62, 12) + 1)
                  << (sdspi_reg_bits(csd, 47, 3) + 2 + bl - 9);
    }
    /* Default speed: 25 MHz for SD, 20 MHz for MMC v3 (CSD TRAN_SPEED). */
    hz = sd->type == SDSPI_MMC ? MMC_HZ : SD_HZ;
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
    bus->set_hz(bus->ctx, max_hz < INIT_HZ ? max_hz : INIT_HZ);
    bus->select(bus->ctx, 0);
    /* >= 74 clocks with CS and DI high before the first command (6.4.1.1). */
    bus->xfer(bus->ctx, NULL, NULL, 10);
    bus->select(bus->ctx, 1);
    r = bring_up(sd, max_hz);
    release(sd);
    return r;
}
