/* The LM3S6965 evaluation board: addresses, pins, and the board's parts
 * (private to board/lm3s6965evb/; the contract is board/board.h). */
#ifndef EXTLOAD_LM3S6965EVB_H
#define EXTLOAD_LM3S6965EVB_H

#include <stdint.h>

#include "drivers/pl022.h"
#include "drivers/spi.h"

#define BOARD_NAME "lm3s6965evb"
#define BOARD_SYSCLK_HZ 50000000u     /* PLL 200 MHz / 4 */
#define BOARD_BAUD 115200u

#define WDT_BASE    0x40000000u
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

/* clock.c: the PLL and the clock gates of the peripherals used. */
void board_clock_init(void);

/* uart.c: UART0 as the console. */
void board_console_init(void);

/* setup.c: the boot environment, in flash; its con is board_console(). */
struct boot_env;
extern const struct boot_env lm3s_env;

/* spi.c: SSI0 with the card's chip select on PD0. The struct spi_bus
 * over it is setup.c's, in flash (its ctx, the struct board_spi, is a
 * static): select, set_hz and xfer below, ctx a struct board_spi. */
struct board_spi {
    struct pl022 ssi;
};
void board_spi_select(void *ctx, int on);
void board_spi_set_hz(void *ctx, uint32_t hz);
void board_spi_xfer(void *ctx, const uint8_t *tx, uint8_t *rx, uint32_t n);
void board_spi_init(struct board_spi *s);
void board_spi_quiet(struct board_spi *s);

/* trial.c (BOOT_TRIAL): the trial record's store, in .noinit; the
 * watchdog a trial boot arms before the hand-off. */
extern uint8_t lm3s_trial_store[];
void board_trial_watchdog(void);

#endif
