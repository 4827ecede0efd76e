/* ARM PL011 UART: polled transmit and receive, the boot console. */
#ifndef EXTLOAD_PL011_H
#define EXTLOAD_PL011_H

#include <stdint.h>

/* 8N1 with FIFOs; uart_hz is the UART's input clock. */
void pl011_init(uintptr_t base, uint32_t uart_hz, uint32_t baud);
void pl011_putc(uintptr_t base, char c);
/* struct console's write: ctx is the base address; "\n" goes out as CRLF. */
void pl011_write(void *ctx, const char *s, uint32_t n);
/* The next received byte, or -1 when the receive FIFO is empty or the
 * byte came with an error (dropped); never waits. ctx is the base address
 * (struct boot_env's getc). */
int pl011_getc(void *ctx);
/* Wait until the last bit has left the shifter. */
void pl011_flush(uintptr_t base);

#endif
