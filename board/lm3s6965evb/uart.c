/* UART0 on PA0/PA1 as the console. */
#include "board/board.h"
#include "board/lm3s6965evb/lm3s6965evb.h"
#include "drivers/lm3s_gpio.h"
#include "drivers/pl011.h"

static const struct console uart0_console = {
    .write = pl011_write,
    .ctx = (void *)UART0_BASE,
};

void board_console_init(void)
{
    lm3s_gpio_alternate(GPIOA_BASE, PA_U0RX | PA_U0TX);
    pl011_init(UART0_BASE, BOARD_SYSCLK_HZ, BOARD_BAUD);
}

const struct console *board_console(void)
{
    return &uart0_console;
}

void board_console_flush(void)
{
    pl011_flush(UART0_BASE);
}
