/* SiFive UART (FU540, QEMU's sifive_u): the boot console, polled, both
 * ways. */
#ifndef EXTLOAD_SIFIVE_UART_H
#define EXTLOAD_SIFIVE_UART_H

#include <stdint.h>

/* 8N1 (the UART's only format), transmit and receive on; uart_hz is its
 * input clock (tlclk on the FU540). */
void sifive_uart_init(uintptr_t base, uint32_t uart_hz, uint32_t baud);
void sifive_uart_putc(uintptr_t base, char c);
/* struct console's write: ctx is the base address; "\n" goes out as CRLF. */
void sifive_uart_write(void *ctx, const char *s, uint32_t n);
/* struct boot_env's getc: ctx is the base address; the next received
 * byte, or -1 (BOOT_IN_NONE) when none is waiting. Never waits. */
int sifive_uart_getc(void *ctx);
/* Wait until the transmit FIFO is empty. */
void sifive_uart_flush(uintptr_t base);

#endif
