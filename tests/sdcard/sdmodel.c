/* An SD/MMC card in SPI mode, byte by byte. See sdmodel.h. */
#include "tests/sdcard/sdmodel.h"

#include "drivers/sdspi.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { O_IDLE, O_NCR, O_RESP, O_BUSY, O_DATA, O_STOP };
enum { D_NAC, D_DATA, D_CRC, D_HANG };

#define R1_IDLE     0x01
#define R1_ILLEGAL  0x04
#define R1_CRC      0x08
#define R1_ADDRESS  0x20
#define R1_PARAM    0x40
#define TOKEN_START 0xFE
#define INIT_HZ_MAX 400000u

static void violation(struct sdmodel *m, const char *fmt, ...)
{
    va_list ap;

    if (!m->violations++) {
        va_start(ap, fmt);
        vsnprintf(m->why, sizeof(m->why), fmt, ap);
        va_end(ap);
    }
}

static void put_bits(uint8_t *r, unsigned lsb, unsigned width, uint32_t v)
{
    for (unsigned i = 0; i < width; i++) {
        unsigned bit = lsb + i;
        uint8_t mask = (uint8_t)(1u << (bit % 8));

        if ((v >> i) & 1)
            r[15 - bit / 8] |= mask;
        else
            r[15 - bit / 8] &= (uint8_t)~mask;
    }
}

static void seal(uint8_t *r)
{
    r[15] = (uint8_t)(sdspi_crc7(r, 15) << 1 | 1);
}

void sdm_build_regs(struct sdmodel *m)
{
    uint8_t *c = m->csd;
    int mmc = m->kind == SDM_MMC;

    memset(c, 0, 16);
    put_bits(c, 112, 8, m->kind == SDM_SDHC ? 0x0E : m->taac); /* TAAC */
    put_bits(c, 104, 8, m->kind == SDM_SDHC ? 0 : m->nsac);    /* NSAC */
    put_bits(c, 96, 8, mmc ? 0x2A : 0x32);          /* 20 / 25 MHz */
    put_bits(c, 84, 12, mmc ? 0x0F5 : 0x5B5);       /* CCC */
    put_bits(c, 22, 4, 9);                          /* WRITE_BL_LEN */
    if (m->kind == SDM_SDHC) {
        uint64_t units = m->size >> 19;             /* 512 KiB each */

        assert(units >= 1 && units <= (1u << 22));
        put_bits(c, 126, 2, 1);
        put_bits(c, 80, 4, 9);
        put_bits(c, 48, 22, (uint32_t)(units - 1));
        m->capacity = units << 19;
    } else {
        uint64_t unit = 1ull << m->read_bl_len;
        uint64_t blocks = m->size / unit;
        unsigned mult = 0;

        while (mult < 7 && blocks >> (mult + 2) > 4096)
            mult++;
        assert(blocks >> (mult + 2) >= 1);
        if (blocks >> (mult + 2) > 4096)
            blocks = 4096ull << (mult + 2);
        put_bits(c, 126, 2, mmc ? 2 : 0);
        if (mmc)
            put_bits(c, 122, 4, 3);                 /* SPEC_VERS 3.x */
        put_bits(c, 80, 4, m->read_bl_len);
        put_bits(c, 79, 1, 1);                      /* READ_BL_PARTIAL */
        put_bits(c, 62, 12, (uint32_t)(blocks >> (mult + 2)) - 1);
        put_bits(c, 47, 3, mult);
        m->capacity = (blocks >> (mult + 2) << (mult + 2)) * unit;
    }
    seal(c);

    c = m->cid;
    memset(c, 0, 16);
    c[0] = m->mid;
    if (mmc) {
        c[2] = 0x01;                                /* OID */
        memcpy(c + 3, m->pnm, 6);
        put_bits(c, 48, 8, m->prv);
        put_bits(c, 16, 32, m->psn);
        put_bits(c, 8, 8, 0x15);                    /* MDT */
    } else {
        c[1] = 'S';
        c[2] = 'D';
        memcpy(c + 3, m->pnm, 5);
        put_bits(c, 56, 8, m->prv);
        put_bits(c, 24, 32, m->psn);
        put_bits(c, 8, 12, 0x189);                  /* MDT 2024-09 */
    }
    seal(c);
}

static void card_reset(struct sdmodel *m)
{
    m->spi = m->idle = m->ready = m->crc_on = m->app = 0;
    m->removed = m->gap = m->in_block = m->multi = m->reg = 0;
    m->past_end = m->remove_armed = m->crc_corrupt = 0;
    m->clen = m->rlen = m->rpos = 0;
    m->out = O_IDLE;
    m->dphase = D_NAC;
    m->busy_until = 0;
    m->ready_at = UINT64_MAX;
    m->idle_clocks = 0;
    m->blocklen = 1u << m->read_bl_len;
}

void sdm_power_cycle(struct sdmodel *m)
{
    card_reset(m);
}

uint32_t sdm_ms(void *ctx)
{
    const struct sdmodel *m = ctx;

    return (uint32_t)(m->ns / 1000000u);
}

static uint32_t card_max_hz(const struct sdmodel *m)
{
    return m->kind == SDM_MMC ? 20000000u : 25000000u;
}

static void fetch(struct sdmodel *m, uint64_t off, uint8_t *dst, uint32_t len)
{
    memset(dst, 0, len);
    if (off >= m->size)
        return;
    if (len > m->size - off)
        len = (uint32_t)(m->size - off);
    if (m->mem) {
        memcpy(dst, m->mem + off, len);
        return;
    }
    for (uint32_t got = 0; got < len;) {
        ssize_t n = pread(m->fd, dst + got, len - got, (off_t)(off + got));

        if (n <= 0)
            return;
        got += (uint32_t)n;
    }
}

static int fault_fires(struct sdmodel *m, int kind);

/* Queues a response: Ncr bytes of 0xFF, the bytes, then phase `after`. */
static void respond(struct sdmodel *m, const uint8_t *r, uint8_t len,
                    int after)
{
    memcpy(m->resp, r, len);
    if (m->fault.cmd == m->idx && fault_fires(m, SDM_FAULT_R1_LOST))
        m->resp[0] = 0xFF;
    m->rlen = len;
    m->rpos = 0;
    m->cnt = m->ncr;
    m->out = O_NCR;
    m->after = after;
}

static void respond_r1(struct sdmodel *m, uint8_t r1)
{
    respond(m, &r1, 1, O_IDLE);
}

static uint8_t r1_now(const struct sdmodel *m)
{
    return m->idle ? R1_IDLE : 0;
}

/* Takes one firing of the armed fault if it is of this kind. */
static int fault_fires(struct sdmodel *m, int kind)
{
    struct sdm_fault *f = &m->fault;

    if (f->kind != kind || !f->times)
        return 0;
    if (f->times != SDM_ALWAYS)
        f->times--;
    m->faults_fired++;
    return 1;
}

static int data_fault(struct sdmodel *m)
{
    struct sdm_fault *f = &m->fault;

    if (f->kind < SDM_FAULT_CRC16 || !f->times)
        return SDM_FAULT_NONE;
    if (f->skip) {
        f->skip--;
        return SDM_FAULT_NONE;
    }
    if (!fault_fires(m, f->kind))
        return SDM_FAULT_NONE;
    f->skip = f->period;
    return f->kind;
}

static void transfer_done(struct sdmodel *m)
{
    m->out = O_IDLE;
    m->gap = 1;
}

/* The byte where a block's token belongs. */
static uint8_t block_start(struct sdmodel *m)
{
    m->crc_corrupt = 0;
    m->remove_armed = 0;
    m->dpos = 0;
    if (m->reg) {
        memcpy(m->blk, m->daddr ? m->cid : m->csd, 16);
        m->dlen = 16;
    } else {
        if (m->daddr + m->dlen > m->capacity) {
            /* A CMD18 that ran off the end (7.5.2.2). */
            m->past_end = 1;
            m->dphase = D_HANG;
            return 0x08;
        }
        switch (data_fault(m)) {
        case SDM_FAULT_CRC16:
            m->crc_corrupt = 1;
            break;
        case SDM_FAULT_DATA_TOKEN:
            if (m->multi)
                m->dphase = D_HANG;
            else
                transfer_done(m);
            return m->fault.token;
        case SDM_FAULT_NO_TOKEN:
            m->dphase = D_HANG;
            return 0xFF;
        case SDM_FAULT_REMOVE:
            m->remove_armed = 1;
            m->remove_at = m->fault.offset;
            break;
        default:
            break;
        }
        fetch(m, m->daddr, m->blk, m->dlen);
    }
    m->dcrc = sdspi_crc16(0, m->blk, m->dlen);
    if (m->crc_corrupt)
        m->dcrc ^= 0x8001;
    m->dphase = D_DATA;
    m->in_block = 1;
    return TOKEN_START;
}

static void block_end(struct sdmodel *m)
{
    if (!m->reg)
        m->blocks++;
    if (m->multi) {
        m->daddr += m->dlen;
        m->dphase = D_NAC;
        m->dcnt = m->nac;
    } else {
        transfer_done(m);
    }
}

static uint8_t data_byte(struct sdmodel *m)
{
    uint8_t b;

    switch (m->dphase) {
    case D_NAC:
        if (m->dcnt) {
            m->dcnt--;
            return 0xFF;
        }
        return block_start(m);
    case D_DATA:
        m->in_block = 1;
        if (m->remove_armed && m->dpos == m->remove_at) {
            m->removed = 1;
            return 0xFF;
        }
        b = m->blk[m->dpos++];
        if (!m->reg)
            m->data_bytes++;
        if (m->dpos == m->dlen) {
            m->dphase = D_CRC;
            m->dpos = 0;
        }
        return b;
    case D_CRC:
        m->in_block = 1;
        if (m->remove_armed && m->dlen + m->dpos == m->remove_at) {
            m->removed = 1;
            return 0xFF;
        }
        b = (uint8_t)(m->dpos ? m->dcrc : m->dcrc >> 8);
        if (++m->dpos == 2)
            block_end(m);
        return b;
    default:
        return 0xFF;
    }
}

static void after_response(struct sdmodel *m)
{
    switch (m->after) {
    case O_DATA:
        m->out = O_DATA;
        m->dphase = D_NAC;
        m->dcnt = m->reg ? m->ncx : m->nac;   /* CSD/CID: Ncx (7.5.2.3) */
        break;
    case O_BUSY:
        if (m->busy_until > m->ns) {
            m->out = O_BUSY;
            break;
        }
        /* fall through */
    default:
        transfer_done(m);
        break;
    }
}

static uint8_t produce(struct sdmodel *m)
{
    uint8_t b;

    m->in_block = 0;
    switch (m->out) {
    case O_NCR:
        if (m->cnt) {
            m->cnt--;
            return 0xFF;
        }
        m->out = O_RESP;
        /* fall through */
    case O_RESP:
        b = m->resp[m->rpos++];
        if (m->rpos == m->rlen)
            after_response(m);
        return b;
    case O_BUSY:
        if (m->ns < m->busy_until)
            return 0x00;
        m->out = O_IDLE;
        return 0xFF;
    case O_DATA:
        return data_byte(m);
    case O_STOP:
        /* The stuff byte, then Ncr bytes and R1b (7.5.2.2): Ncr counts
         * from after the stuff byte. */
        b = m->stuff >= 0 ? (uint8_t)m->stuff : data_byte(m);
        m->in_block = 0;
        m->out = O_NCR;
        m->cnt = m->ncr;
        return b;
    default:
        return 0xFF;
    }
}

/* ACMD41 and CMD1: idle for ready_ms after the first one. */
static void op_cond(struct sdmodel *m, int hcs_ok)
{
    if (m->ready_at == UINT64_MAX)
        m->ready_at = m->ns + (uint64_t)m->ready_ms * 1000000u;
    if (hcs_ok && m->ns >= m->ready_at) {
        m->idle = 0;
        m->ready = 1;
    }
    respond_r1(m, r1_now(m));
}

static void start_read(struct sdmodel *m, uint32_t arg, int multi, int reg)
{
    uint8_t r1 = 0;

    m->reg = (uint8_t)reg;
    m->multi = (uint8_t)multi;
    m->past_end = 0;
    if (reg) {
        m->daddr = (uint64_t)reg - 1;   /* 0: CSD, 1: CID */
        m->dlen = 16;
    } else if (m->kind == SDM_SDHC) {
        m->daddr = (uint64_t)arg * 512;
        m->dlen = 512;
    } else {
        m->daddr = arg;
        m->dlen = m->blocklen;
        if (arg % m->blocklen)
            r1 = R1_ADDRESS;
    }
    if (!reg && m->daddr + m->dlen > m->capacity)
        r1 |= R1_PARAM;
    respond(m, &r1, 1, r1 ? O_IDLE : O_DATA);
}

static void execute(struct sdmodel *m)
{
    const uint8_t *c = m->cbuf;
    uint8_t idx = c[0] & 0x3F;
    uint32_t arg = (uint32_t)c[1] << 24 | (uint32_t)c[2] << 16 |
                   (uint32_t)c[3] << 8 | c[4];
    int crc_ok = c[5] == (uint8_t)(sdspi_crc7(c, 5) << 1 | 1);
    int app = m->app;
    uint8_t r[5];

    m->app = 0;
    m->idx = idx;
    m->commands++;
    (app ? m->acmds : m->cmds)[idx]++;
    m->last_arg[idx] = arg;
    if (!crc_ok)
        m->crc7_bad++;

    if (!m->spi) {
        /* Still in SD mode: only a well-formed CMD0 is heard. */
        if (idx != 0 || !crc_ok)
            return;
        if (m->idle_clocks < 74)
            violation(m, "CMD0 after %u clocks with CS high (74 needed)",
                      m->idle_clocks);
        m->spi = 1;
    }
    if (!m->ready && m->hz > INIT_HZ_MAX) {
        violation(m, "CMD%u at %u Hz before the card is ready", idx, m->hz);
        return;
    }
    if ((m->fault.cmd == idx && fault_fires(m, SDM_FAULT_NO_RESPONSE)))
        return;
    if (idx == 12 && m->out == O_DATA) {
        if (!crc_ok)
            return;             /* unheard: the stream goes on */
        r[0] = m->past_end ? R1_ADDRESS : 0;
        if (m->fault.cmd == 12 && fault_fires(m, SDM_FAULT_R1))
            r[0] = m->fault.r1;
        if (m->fault.cmd == 12 && fault_fires(m, SDM_FAULT_R1_LOST))
            r[0] = 0xFF;
        m->busy_until = m->ns + (uint64_t)m->busy12_us * 1000u;
        if (fault_fires(m, SDM_FAULT_BUSY_FOREVER))
            m->busy_until = UINT64_MAX;
        memcpy(m->resp, r, 1);
        m->rlen = 1;
        m->rpos = 0;
        m->after = O_BUSY;
        m->out = O_STOP;
        return;
    }
    if (m->fault.cmd == idx && fault_fires(m, SDM_FAULT_R1)) {
        respond_r1(m, m->fault.r1);
        return;
    }
    if ((m->crc_on || idx == 0 || idx == 8) && !crc_ok) {
        respond_r1(m, r1_now(m) | R1_CRC);
        return;
    }
    if (app && m->kind != SDM_MMC && idx == 41) {
        op_cond(m, m->kind != SDM_SDHC || (arg & (1u << 30)));
        return;
    }
    switch (idx) {
    case 0:
        m->idle = 1;
        m->ready = 0;
        m->crc_on = 0;
        m->ready_at = UINT64_MAX;
        m->blocklen = 1u << m->read_bl_len;
        respond_r1(m, R1_IDLE);
        return;
    case 1:
        if (m->kind == SDM_MMC) {
            op_cond(m, 1);
            return;
        }
        break;
    case 8:
        if (m->kind == SDM_SDV1 || m->kind == SDM_MMC)
            break;
        r[0] = r1_now(m);
        r[1] = 0;
        r[2] = 0;
        r[3] = (uint8_t)((arg >> 8) & 0x0F & m->vhs_mask);
        r[4] = (uint8_t)arg;
        respond(m, r, 5, O_IDLE);
        return;
    case 55:
        if (m->kind == SDM_MMC)
            break;
        m->app = 1;
        respond_r1(m, r1_now(m));
        return;
    case 58: {
        uint32_t ocr = 0x00FF8000u;

        if (m->ready)
            ocr |= 1u << 31;
        if (m->ready && m->kind == SDM_SDHC)
            ocr |= 1u << 30;
        r[0] = m->qemu_cmd58 ? R1_IDLE : r1_now(m);
        r[1] = (uint8_t)(ocr >> 24);
        r[2] = (uint8_t)(ocr >> 16);
        r[3] = (uint8_t)(ocr >> 8);
        r[4] = (uint8_t)ocr;
        respond(m, r, 5, O_IDLE);
        return;
    }
    case 59:
        m->crc_on = arg & 1;
        respond_r1(m, r1_now(m));
        return;
    case 13:
        r[0] = r1_now(m);
        r[1] = 0;
        respond(m, r, 2, O_IDLE);
        return;
    case 16:
        if (m->idle)
            break;
        if (m->kind != SDM_SDHC) {
            if (arg != 512 && arg != 1u << m->read_bl_len) {
                respond_r1(m, R1_PARAM);
                return;
            }
            m->blocklen = arg;
        }
        respond_r1(m, 0);
        return;
    case 9:
    case 10:
        if (m->idle)
            break;
        start_read(m, 0, 0, idx == 9 ? 1 : 2);
        return;
    case 17:
    case 18:
        if (m->idle)
            break;
        start_read(m, arg, idx == 18, 0);
        return;
    default:
        break;
    }
    respond_r1(m, r1_now(m) | R1_ILLEGAL);
}

static void consume(struct sdmodel *m, uint8_t in, int gap, int in_block)
{
    if (m->clen) {
        m->cbuf[m->clen++] = in;
        if (m->clen == 6) {
            m->clen = 0;
            execute(m);
        }
        return;
    }
    if ((in & 0xC0) != 0x40)
        return;                 /* 0xFF, or noise that starts nothing */
    switch (m->out) {
    case O_IDLE:
        if (gap)
            violation(m, "CMD%u with no 0xFF after the last response",
                      in & 0x3F);
        break;
    case O_DATA:
        if (in != (0x40 | 12)) {
            violation(m, "CMD%u during a data transfer", in & 0x3F);
            return;
        }
        if (in_block)
            violation(m, "CMD12 inside a data block");
        break;
    case O_BUSY:
        violation(m, "CMD%u while the card is busy", in & 0x3F);
        return;
    default:
        violation(m, "CMD%u while the card is responding", in & 0x3F);
        return;
    }
    m->cbuf[0] = in;
    m->clen = 1;
}

static uint8_t step(struct sdmodel *m, uint8_t in)
{
    uint32_t hz = m->hz;
    int gap;
    uint8_t out;

    if (!hz) {
        violation(m, "bytes clocked before set_hz");
        hz = 100000;
    }
    m->bytes++;
    m->ns += 8000000000ull / hz + m->extra_ns_per_byte;
    if (!m->selected) {
        if (!m->spi && in == 0xFF && m->hz <= INIT_HZ_MAX)
            m->idle_clocks += 8;
        return 0xFF;
    }
    m->bytes_selected++;
    if (m->hz > m->hz_max)
        m->hz_max = m->hz;
    if (!m->ready && m->hz > m->hz_max_init)
        m->hz_max_init = m->hz;
    if (m->hz > card_max_hz(m))
        violation(m, "clocked at %u Hz, card is rated %u Hz", m->hz,
                  card_max_hz(m));
    if (m->removed)
        return 0xFF;
    gap = m->gap;
    m->gap = 0;
    out = produce(m);
    consume(m, in, gap, m->in_block);
    return out;
}

static void bus_select(void *ctx, int on)
{
    struct sdmodel *m = ctx;

    if (on && !m->selected)
        m->selects++;
    if (!on && m->selected && !m->removed) {
        if (m->clen)
            violation(m, "CS released in the middle of a command");
        if (m->out == O_DATA || m->out == O_STOP)
            violation(m, "CS released during a data transfer");
        m->clen = 0;
        m->gap = 0;
        if (m->out != O_BUSY)
            m->out = O_IDLE;
    }
    m->selected = (uint8_t)(on != 0);
}

static void bus_set_hz(void *ctx, uint32_t hz)
{
    struct sdmodel *m = ctx;

    m->hz = hz;
}

static void bus_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, uint32_t n)
{
    struct sdmodel *m = ctx;

    for (uint32_t i = 0; i < n; i++) {
        uint8_t b = step(m, tx ? tx[i] : 0xFF);

        if (rx)
            rx[i] = b;
    }
}

void sdm_init(struct sdmodel *m, int kind, const void *mem, uint64_t size)
{
    memset(m, 0, sizeof(*m));
    m->kind = kind;
    m->ncr = 1;
    m->nac = 1;
    m->read_bl_len = 9;
    m->vhs_mask = 0x1;
    m->stuff = -1;
    m->busy12_us = 20;
    m->ready_ms = 2;
    m->ncx = 1;
    m->taac = 0x0E;                     /* 1 ms */
    m->nsac = 0;
    m->mid = kind == SDM_MMC ? 0x15 : 0x03;
    m->prv = kind == SDM_MMC ? 0x10 : 0x80;
    snprintf(m->pnm, sizeof(m->pnm), "%s", kind == SDM_MMC ? "MMC04G" : "EXTLD");
    m->psn = 0x1234ABCDu;
    m->mem = mem;
    m->fd = -1;
    m->size = size;
    m->bus.select = bus_select;
    m->bus.set_hz = bus_set_hz;
    m->bus.xfer = bus_xfer;
    m->bus.ctx = m;
    sdm_build_regs(m);
    card_reset(m);
}

int sdm_init_file(struct sdmodel *m, int kind, const char *path)
{
    struct stat st;
    int fd = open(path, O_RDONLY);

    if (fd < 0)
        return -1;
    if (fstat(fd, &st) != 0) {
        int e = errno;

        close(fd);
        errno = e;
        return -1;
    }
    sdm_init(m, kind, NULL, (uint64_t)st.st_size);
    m->fd = fd;
    return 0;
}

void sdm_close(struct sdmodel *m)
{
    if (m->fd >= 0)
        close(m->fd);
    m->fd = -1;
}

/* TAAC (CSD [119:112]): bits 2:0 a time unit, 1 ns .. 10 ms; bits 6:3 a
 * factor 1.0 .. 8.0, kept here in tenths. */
static uint64_t taac_ps(uint8_t taac)
{
    static const uint8_t tenths[16] = { 0, 10, 12, 13, 15, 20, 25, 30, 35,
                                        40, 45, 50, 55, 60, 70, 80 };
    uint64_t unit_ps = 1000;            /* 1 ns */

    for (unsigned i = 0; i < (taac & 7u); i++)
        unit_ps *= 10;
    return unit_ps * tenths[(taac >> 3) & 15u] / 10u;
}

uint64_t sdm_nac_max_bytes(const struct sdmodel *m, uint32_t hz)
{
    /* 4.6.2.1: 100 x (TAAC + NSAC x 100 clocks), at most 100 ms; SDHC
     * and SDXC: 100 ms whatever the CSD says. */
    uint64_t cap = (uint64_t)hz / 10u / 8u;
    uint64_t bytes;

    if (m->kind == SDM_SDHC)
        return cap;
    bytes = 100u * (taac_ps(m->taac) * hz / 1000000000000ull +
                    100u * (uint64_t)m->nsac) / 8u;
    if (bytes < 1)
        bytes = 1;              /* Nac is at least one byte (7.5.4) */
    return bytes < cap ? bytes : cap;
}
