/* UART0 as the console, and the way the board stops. */
#include "board/board.h"
#include "board/sifive-u/sifive_u.h"
#include "drivers/sifive_uart.h"

static const struct console uart0_console = {
    .write = sifive_uart_write,
    .ctx = (void *)(uintptr_t)UART0_BASE,
};

void board_console_init(void)
{
    sifive_uart_init(UART0_BASE, BOARD_TLCLK_HZ, BOARD_BAUD);
}

const struct console *board_console(void)
{
    return &uart0_console;
}

void board_console_flush(void)
{
    sifive_uart_flush(UART0_BASE);
}

void board_stop(int code)
{
    board_console_flush();
    cpu_ms_stop();
    /* Under an emulator or debugger, stopping ends the session with the
     * code; on its own the board parks here until reset. */
    if (BOARD_SEMIHOSTING)
        cpu_semihost_exit((uint32_t)code);
    cpu_park();
}
