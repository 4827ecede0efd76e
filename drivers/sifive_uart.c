#include "drivers/sifive_uart.h"

#include "drivers/mmio.h"

#define UART_TXDATA 0x00u
#define UART_RXDATA 0x04u
#define UART_TXCTRL 0x08u
#define UART_RXCTRL 0x0Cu
#define UART_IP     0x14u
#define UART_DIV    0x18u

#define TXDATA_FULL   (1u << 31)
#define TXCTRL_TXEN   (1u << 0)
#define TXCTRL_TXCNT1 (1u << 16)      /* watermark: fewer than 1 entry */
#define RXDATA_EMPTY  (1u << 31)
#define RXDATA_DATA   0xFFu
#define RXCTRL_RXEN   (1u << 0)
#define IP_TXWM       (1u << 0)       /* ... i.e. the FIFO is empty */

/* A character at 9600 baud takes ~1 ms; this many polls is far longer. */
#define POLL_LIMIT 1000000u

void sifive_uart_init(uintptr_t base, uint32_t uart_hz, uint32_t baud)
{
    /* baud = uart_hz / (div + 1), rounded. */
    mmio_write(base + UART_DIV, (uart_hz + baud / 2u) / baud - 1u);
    mmio_write(base + UART_TXCTRL, TXCTRL_TXEN | TXCTRL_TXCNT1);
    mmio_write(base + UART_RXCTRL, RXCTRL_RXEN);
}

void sifive_uart_putc(uintptr_t base, char c)
{
    /* The full flag is read from txdata; a write while full is dropped. */
    for (uint32_t i = 0; i < POLL_LIMIT; i++)
        if (!(mmio_read(base + UART_TXDATA) & TXDATA_FULL))
            break;
    mmio_write(base + UART_TXDATA, (uint8_t)c);
}

void sifive_uart_write(void *ctx, const char *s, uint32_t n)
{
    uintptr_t base = (uintptr_t)ctx;

    for (uint32_t i = 0; i < n; i++) {
        if (s[i] == '\n')
            sifive_uart_putc(base, '\r');
        sifive_uart_putc(base, s[i]);
    }
}

void sifive_uart_flush(uintptr_t base)
{
    for (uint32_t i = 0; i < POLL_LIMIT; i++)
        if (mmio_read(base + UART_IP) & IP_TXWM)
            break;
}

int sifive_uart_getc(void *ctx)
{
    /* One read pops the byte and says whether there was one. */
    uint32_t v = mmio_read((uintptr_t)ctx + UART_RXDATA);

    return v & RXDATA_EMPTY ? -1 : (int)(v & RXDATA_DATA);
}
