/* The HiFive Unleashed (SiFive FU540) as QEMU's sifive_u models it:
 * addresses, clocks, and the board's parts (private to board/sifive-u/;
 * the contract is board/board.h). */
#ifndef EXTLOAD_SIFIVE_U_H
#define EXTLOAD_SIFIVE_U_H

#include <stdint.h>

#include "drivers/sifive_spi.h"
#include "drivers/spi.h"

#define BOARD_NAME "sifive-u (FU540)"
/* The 33.33 MHz hfclk feeds the core PLL (clock.c); the peripherals run
 * on tlclk = core / 2. */
#define BOARD_HFCLK_HZ 33333333u
#define BOARD_MTIME_HZ 1000000u       /* rtcclk: the CLINT's timebase */
#define BOARD_BAUD 115200u

/* DRAM: its size comes from the device tree in a1 (QEMU's -m); this
 * much is assumed when a1 holds none. A tree larger than BOARD_FDT_MAX
 * is not read. */
#define BOARD_DRAM_BASE 0x80000000u
#define BOARD_DRAM_FALLBACK (128u << 20)
#define BOARD_FDT_MAX (1u << 20)
/* The trial record's page at DRAM's end (board/sifive-u/trial.c). */
#define BOARD_TRIAL_PAGE 4096u
#define BOARD_HARTS 5u                /* the E51 (hart 0) and four U54s */

/* setup.c: the harts the device tree lists (/cpus), at most BOARD_HARTS;
 * BOARD_HARTS when a1 held no tree. */
uint32_t board_hart_count(void);

#define PRCI_BASE  0x10000000u
#define UART0_BASE 0x10010000u
#define QSPI2_BASE 0x10050000u        /* the SD card slot */
#define GPIO_BASE  0x10060000u
#define OTP_BASE   0x10070000u        /* the rollback fuses */
#define SD_CS 0u                      /* QSPI2 chip select line */
#define GPIO_RESET_PIN 10u            /* low resets the SoC (gpio-restart) */

/* linker/sifive-u.ld: where the loader runs (the L2 LIM). */
extern uint8_t __loader_start[];

/* clock.c: the core PLL to 1 GHz; returns the core clock (Hz), hfclk's
 * when the PLL did not lock. board_tlclk_hz(): the peripherals' clock
 * now (reset's until board_clock_init). */
uint32_t board_clock_init(void);
uint32_t board_tlclk_hz(void);

/* uart.c: UART0 as the console. */
void board_console_init(void);

/* spi.c: QSPI2 with the card on chip select 0. */
struct board_spi {
    struct sifive_spi qspi;
    struct spi_bus bus;
};
void board_spi_init(struct board_spi *s, uint32_t hz);
void board_spi_quiet(struct board_spi *s);

#endif
