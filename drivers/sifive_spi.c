#include "drivers/sifive_spi.h"

#include "drivers/mmio.h"

#define SPI_SCKDIV  0x00u
#define SPI_SCKMODE 0x04u
#define SPI_CSID    0x10u
#define SPI_CSDEF   0x14u
#define SPI_CSMODE  0x18u
#define SPI_FMT     0x40u
#define SPI_TXDATA  0x48u
#define SPI_RXDATA  0x4Cu
#define SPI_TXMARK  0x50u
#define SPI_RXMARK  0x54u
#define SPI_IE      0x70u

#define SCKDIV_MAX   0xFFFu           /* 12 bits */
#define CSMODE_HOLD  2u               /* asserted between frames */
#define CSMODE_OFF   3u               /* never asserted */
#define FMT_LEN_8    (8u << 16)       /* proto single, MSB first, dir rx */
#define TXDATA_FULL  (1u << 31)
#define RXDATA_EMPTY (1u << 31)

#define FIFO_DEPTH 8u
/* One frame at the slowest rate (tlclk / 8192) is 16k core cycles
 * (tlclk = core / 2); a poll is a few cycles. */
#define POLL_LIMIT 200000u

void sifive_spi_init(struct sifive_spi *s, uintptr_t base, uint32_t clk_hz,
                     uint32_t cs, uint32_t hz)
{
    s->base = base;
    s->clk_hz = clk_hz;
    s->cs = cs;
    mmio_write(base + SPI_IE, 0);
    mmio_write(base + SPI_CSMODE, CSMODE_OFF);
    mmio_write(base + SPI_CSID, cs);
    mmio_write(base + SPI_CSDEF, ~0u);          /* every line idles high */
    mmio_write(base + SPI_SCKMODE, 0);          /* CPOL 0, CPHA 0 */
    mmio_write(base + SPI_FMT, FMT_LEN_8);
    mmio_write(base + SPI_TXMARK, 0);
    mmio_write(base + SPI_RXMARK, 0);
    sifive_spi_set_hz(s, hz);
}

/* The divider for the fastest rate not above hz: rate = clk / (2 * (div
 * + 1)). */
static uint32_t sck_div(uint32_t clk_hz, uint32_t hz)
{
    uint32_t div;

    if (hz == 0)
        hz = 1;
    div = (uint32_t)(((uint64_t)clk_hz + 2u * (uint64_t)hz - 1u) /
                     (2u * (uint64_t)hz));
    div = div > 0 ? div - 1u : 0u;
    return div > SCKDIV_MAX ? SCKDIV_MAX : div;
}

uint32_t sifive_spi_rate(const struct sifive_spi *s, uint32_t hz)
{
    return s->clk_hz / (2u * (sck_div(s->clk_hz, hz) + 1u));
}

void sifive_spi_set_hz(struct sifive_spi *s, uint32_t hz)
{
    uint32_t div = sck_div(s->clk_hz, hz);

    mmio_write(s->base + SPI_SCKDIV, div);
    s->hz = s->clk_hz / (2u * (div + 1u));
}

void sifive_spi_select(struct sifive_spi *s, int on)
{
    mmio_write(s->base + SPI_CSMODE, on ? CSMODE_HOLD : CSMODE_OFF);
}

/* One frame from the RX FIFO; 0xFF if none comes. Reading rxdata pops
 * the frame, so the empty flag and the byte come from one read. */
static uint8_t rx_frame(uintptr_t base)
{
    for (uint32_t i = 0; i < POLL_LIMIT; i++) {
        uint32_t v = mmio_read(base + SPI_RXDATA);
        if (!(v & RXDATA_EMPTY))
            return (uint8_t)v;
    }
    return 0xFFu;
}

static void tx_frame(uintptr_t base, uint8_t b)
{
    for (uint32_t i = 0; i < POLL_LIMIT; i++)
        if (!(mmio_read(base + SPI_TXDATA) & TXDATA_FULL))
            break;
    mmio_write(base + SPI_TXDATA, b);
}

/* Batches of up to eight: fill the TX FIFO, then take the same number of
 * frames from the RX FIFO, which is as deep, so it never overflows. */
void sifive_spi_xfer(struct sifive_spi *s, const uint8_t *tx, uint8_t *rx,
                     uint32_t n)
{
    uintptr_t base = s->base;

    for (uint32_t i = 0; i < FIFO_DEPTH * 2u; i++)     /* stale frames */
        if (mmio_read(base + SPI_RXDATA) & RXDATA_EMPTY)
            break;
    while (n > 0) {
        uint32_t batch = n < FIFO_DEPTH ? n : FIFO_DEPTH;

        for (uint32_t i = 0; i < batch; i++)
            tx_frame(base, tx ? tx[i] : 0xFFu);
        if (rx) {
            for (uint32_t i = 0; i < batch; i++)
                rx[i] = rx_frame(base);
            rx += batch;
        } else {
            for (uint32_t i = 0; i < batch; i++)
                (void)rx_frame(base);
        }
        if (tx)
            tx += batch;
        n -= batch;
    }
}
