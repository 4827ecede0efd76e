/* UART0 as the console. */
#include "board/board.h"
#include "board/sifive-u/sifive_u.h"
#include "drivers/sifive_uart.h"

static const struct console uart0_console = {
    .write = sifive_uart_write,
    .ctx = (void *)(uintptr_t)UART0_BASE,
};

void board_console_init(void)
{
    sifive_uart_init(UART0_BASE, board_tlclk_hz(), BOARD_BAUD);
}

const struct console *board_console(void)
{
    return &uart0_console;
}

void board_console_flush(void)
{
    sifive_uart_flush(UART0_BASE);
}
