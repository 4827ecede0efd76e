/* The LM3S6965 evaluation board: addresses, pins, and the board's parts. */
#ifndef EXTLOAD_BOARD_LM3S6965EVB_H
#define EXTLOAD_BOARD_LM3S6965EVB_H

#include <stdint.h>

#include "drivers/pl022.h"
#include "drivers/spi.h"

#define BOARD_NAME "lm3s6965evb"
#define BOARD_SYSCLK_HZ 50000000u     /* PLL 200 MHz / 4 */
#define BOARD_BAUD 115200u

#define SYSCTL_BASE 0x400FE000u
#define GPIOA_BASE  0x40004000u
#define GPIOD_BASE  0x40007000u
#define SSI0_BASE   0x40008000u
#define UART0_BASE  0x4000C000u

#define PIN(n) (1u << (n))
#define PA_U0RX   PIN(0)
#define PA_U0TX   PIN(1)
#define PA_SSI0CLK PIN(2)
#define PA_OLED_CS PIN(3)             /* SSI0Fss pin, the OLED's select */
#define PA_SSI0RX PIN(4)
#define PA_SSI0TX PIN(5)
#define PD_SD_CS  PIN(0)              /* low selects the card */

/* clock.c: PLL, peripheral clock gates, the SysTick millisecond clock. */
void board_clock_init(void);
void board_ms_start(void);
void board_ms_stop(void);
uint32_t board_ms_now(void *ctx);

/* uart.c: UART0 as the console. */
void board_console_init(void);
void board_console_flush(void);

/* reset.c: a system reset (SCB AIRCR SYSRESETREQ); returns only if the
 * reset was not taken. */
void board_reset(void *ctx);
/* Sleeps until the next interrupt (the SysTick tick at the latest). */
void board_idle(void *ctx);

/* spi.c: SSI0 with the card's chip select on PD0. */
struct board_spi {
    struct pl022 ssi;
    struct spi_bus bus;
};
void board_spi_init(struct board_spi *s, uint32_t hz);
void board_spi_quiet(struct board_spi *s);

#endif
