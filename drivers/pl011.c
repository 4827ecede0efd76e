#include "drivers/pl011.h"

#include "drivers/mmio.h"

#define UART_DR    0x000u
#define UART_FR    0x018u
#define UART_IBRD  0x024u
#define UART_FBRD  0x028u
#define UART_LCRH  0x02Cu
#define UART_CR    0x030u

#define FR_BUSY    (1u << 3)
#define FR_RXFE    (1u << 4)
#define FR_TXFF    (1u << 5)
#define LCRH_FEN   (1u << 4)
#define LCRH_WLEN8 (3u << 5)
#define CR_UARTEN  (1u << 0)
#define CR_TXE     (1u << 8)
#define CR_RXE     (1u << 9)
#define DR_DATA    0xFFu
#define DR_ERRORS  0xF00u             /* overrun, break, parity, framing */

/* A character at 9600 baud takes ~1 ms; this many polls is far longer. */
#define POLL_LIMIT 1000000u

void pl011_init(uintptr_t base, uint32_t uart_hz, uint32_t baud)
{
    /* Divisor in 1/64ths: uart_hz / (16 * baud), rounded; uart_hz * 8 /
     * baud taken in two 32-bit parts (a 64-bit divide would pull in
     * libgcc's 700 bytes). */
    uint32_t div64 = ((uart_hz / baud) * 8u + (uart_hz % baud) * 8u / baud +
                      1u) / 2u;

    mmio_write(base + UART_CR, 0);
    mmio_write(base + UART_IBRD, div64 >> 6);
    mmio_write(base + UART_FBRD, div64 & 63u);
    /* LCRH must follow the divisors: writing it latches them. */
    mmio_write(base + UART_LCRH, LCRH_WLEN8 | LCRH_FEN);
    mmio_write(base + UART_CR, CR_UARTEN | CR_TXE | CR_RXE);
}

void pl011_putc(uintptr_t base, char c)
{
    for (uint32_t i = 0; i < POLL_LIMIT; i++)
        if (!(mmio_read(base + UART_FR) & FR_TXFF))
            break;
    mmio_write(base + UART_DR, (uint8_t)c);
}

void pl011_write(void *ctx, const char *s, uint32_t n)
{
    uintptr_t base = (uintptr_t)ctx;

    for (uint32_t i = 0; i < n; i++) {
        if (s[i] == '\n')
            pl011_putc(base, '\r');
        pl011_putc(base, s[i]);
    }
}

void pl011_flush(uintptr_t base)
{
    for (uint32_t i = 0; i < POLL_LIMIT; i++)
        if (!(mmio_read(base + UART_FR) & FR_BUSY))
            break;
}

int pl011_getc(void *ctx)
{
    uintptr_t base = (uintptr_t)ctx;

    if (mmio_read(base + UART_FR) & FR_RXFE)
        return -1;
    uint32_t dr = mmio_read(base + UART_DR);
    /* A byte received with an error is noise (a floating or breaking
     * line), not a key: it must not stop an unattended boot. */
    return dr & DR_ERRORS ? -1 : (int)(dr & DR_DATA);
}
