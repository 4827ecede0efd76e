/* UART0 on PA0/PA1 as the console. */
#include "board/board.h"
#include "board/lm3s6965evb/lm3s6965evb.h"
#include "drivers/lm3s_gpio.h"
#include "drivers/pl011.h"

void board_console_init(void)
{
    lm3s_gpio_pins(GPIOA_BASE, PA_U0RX | PA_U0TX, LM3S_GPIO_ALTERNATE);
    pl011_init(UART0_BASE, BOARD_SYSCLK_HZ, BOARD_BAUD);
}

/* The boot environment's (setup.c): one copy in flash. */
const struct console *board_console(void)
{
    return &lm3s_env.con;
}

void board_console_flush(void)
{
    pl011_flush(UART0_BASE);
}
