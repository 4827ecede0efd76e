#include "drivers/pl022.h"

#include "drivers/mmio.h"
#include "drivers/pl022_conf.h"

#define SSI_CR0  0x00u
#define SSI_CR1  0x04u
#define SSI_DR   0x08u
#define SSI_SR   0x0Cu
#define SSI_CPSR 0x10u

#define CR0_DSS_8BIT 7u          /* data size minus one */
#define CR0_SCR_SHIFT 8
#define CR1_SSE (1u << 1)
#define SR_RNE  (1u << 2)
#define SR_BSY  (1u << 4)

#define FIFO_DEPTH 8u
/* 8 frames at the slowest rate (~65 kHz) are ~80k cycles; polls cost more. */
#define POLL_LIMIT 200000u

static void wait_idle(uintptr_t base);

void pl022_init(struct pl022 *p, uintptr_t base, uint32_t clk_hz)
{
    p->base = base;
    p->clk_hz = clk_hz;
}

void pl022_set_hz(struct pl022 *p, uint32_t hz)
{
    /* rate = clk / (cpsdvsr * (1 + scr)), cpsdvsr even 2..254, scr
     * 0..255. With div = ceil(clk / hz), the smallest even cpsdvsr that
     * leaves 1 + scr <= 256 is 2 * ceil(div / 512), and then 1 + scr =
     * ceil(div / cpsdvsr) (a ceiling of a ceiling is the ceiling of the
     * whole quotient): the fastest rate not above hz, no search. */
    uint32_t div, cpsdvsr, scr1;

    if (hz == 0)
        hz = 1;
    div = (p->clk_hz - 1) / hz + 1;     /* clk_hz 0: the slowest rate */
    cpsdvsr = 2 * ((div - 1) / 512 + 1);
    if (cpsdvsr > 254)
        cpsdvsr = 254;
    scr1 = (div - 1) / cpsdvsr + 1;
    if (scr1 > 256)
        scr1 = 256;
    /* The port must be disabled while its format and rate change. */
    wait_idle(p->base);
    mmio_write(p->base + SSI_CR1, 0);
    mmio_write(p->base + SSI_CPSR, cpsdvsr);
    /* Motorola SPI, SPO=0 SPH=0. QEMU reads every byte as 0 unless CR0
     * sets the data size. */
    mmio_write(p->base + SSI_CR0,
               ((scr1 - 1) << CR0_SCR_SHIFT) | CR0_DSS_8BIT);
    mmio_write(p->base + SSI_CR1, CR1_SSE);
    p->hz = p->clk_hz / (cpsdvsr * scr1);
}

static void wait_idle(uintptr_t base)
{
    for (uint32_t i = 0; i < POLL_LIMIT; i++)
        if (!(mmio_read(base + SSI_SR) & SR_BSY))
            return;
}

#if PL022_UNROLL
/* Receive only, whole batches, in straight-line code: eight 0xFF frames
 * into the TX FIFO, one BSY poll, eight frames out of the RX FIFO. This
 * is the data path (512-byte blocks), about 3 instructions a byte. */
static uint32_t rx_batches(uintptr_t base, uint8_t *rx, uint32_t n)
{
    volatile uint32_t *dr = (volatile uint32_t *)(base + SSI_DR);
    volatile const uint32_t *sr = (volatile const uint32_t *)(base + SSI_SR);
    uint32_t left = n;

    for (; left >= FIFO_DEPTH; left -= FIFO_DEPTH, rx += FIFO_DEPTH) {
        dr[0] = 0xFFu;
        dr[0] = 0xFFu;
        dr[0] = 0xFFu;
        dr[0] = 0xFFu;
        dr[0] = 0xFFu;
        dr[0] = 0xFFu;
        dr[0] = 0xFFu;
        dr[0] = 0xFFu;
        for (uint32_t i = 0; i < POLL_LIMIT && (*sr & SR_BSY); i++)
            ;
        rx[0] = (uint8_t)dr[0];
        rx[1] = (uint8_t)dr[0];
        rx[2] = (uint8_t)dr[0];
        rx[3] = (uint8_t)dr[0];
        rx[4] = (uint8_t)dr[0];
        rx[5] = (uint8_t)dr[0];
        rx[6] = (uint8_t)dr[0];
        rx[7] = (uint8_t)dr[0];
    }
    return n - left;
}
#endif

/* Batches of up to eight: fill the TX FIFO, wait for the shifter to go
 * idle, then empty the RX FIFO. The RX FIFO is as deep as the TX FIFO, so
 * it can never overflow, and once BSY clears every frame of the batch is
 * in it: the reads need no RNE poll. The loops are split by direction so
 * the per-byte work is one store or one load. Without PL022_UNROLL (the
 * compact code) a batch is one frame, the direction tested per frame. */
void pl022_xfer(struct pl022 *p, const uint8_t *tx, uint8_t *rx, uint32_t n)
{
    uintptr_t base = p->base;

    for (uint32_t i = 0; i < FIFO_DEPTH * 2u; i++) {   /* stale frames */
        if (!(mmio_read(base + SSI_SR) & SR_RNE))
            break;
        (void)mmio_read(base + SSI_DR);
    }
#if PL022_UNROLL
    if (!tx && rx) {
        uint32_t done = rx_batches(base, rx, n);

        rx += done;
        n -= done;
    }
    while (n > 0) {
        uint32_t batch = n < FIFO_DEPTH ? n : FIFO_DEPTH;

        if (tx) {
            for (uint32_t i = 0; i < batch; i++)
                mmio_write(base + SSI_DR, tx[i]);
            tx += batch;
        } else {
            for (uint32_t i = 0; i < batch; i++)
                mmio_write(base + SSI_DR, 0xFFu);
        }
        wait_idle(base);
        if (rx) {
            for (uint32_t i = 0; i < batch; i++)
                rx[i] = (uint8_t)mmio_read(base + SSI_DR);
            rx += batch;
        } else {
            for (uint32_t i = 0; i < batch; i++)
                (void)mmio_read(base + SSI_DR);
        }
        n -= batch;
    }
#else
    for (uint32_t i = 0; i < n; i++) {
        uint8_t b;

        mmio_write(base + SSI_DR, tx ? tx[i] : 0xFFu);
        wait_idle(base);
        b = (uint8_t)mmio_read(base + SSI_DR);
        if (rx)
            rx[i] = b;
    }
#endif
}

void pl022_disable(struct pl022 *p)
{
    wait_idle(p->base);
    mmio_write(p->base + SSI_CR1, 0);
}
