/* The FU540's clocks: the core PLL from the 33.33 MHz hfclk to 1 GHz, as
 * U-Boot SPL sets it, so tlclk (core / 2) is 500 MHz and QSPI2 divides it
 * to the card's 25 MHz exactly (sckdiv 9) and to 400 kHz for card init
 * (sckdiv 624); the UART divides it to 115200 baud. QEMU models the PRCI
 * registers (the PLL always locks) but not the rates. */
#include "board/sifive-u/sifive_u.h"
#include "drivers/sifive_prci.h"

/* 33.33 MHz / 1 * 2 * 60 / 2^2 = 1000 MHz; range 4: a 30-50 MHz
 * reference after divr. */
static const struct sifive_pll core_pll = { 0, 59, 2, 4 };

static uint32_t tlclk_hz = BOARD_HFCLK_HZ / 2u;   /* reset: core on hfclk */

uint32_t board_tlclk_hz(void)
{
    return tlclk_hz;
}

uint32_t board_clock_init(void)
{
    if (sifive_prci_set_core_pll(PRCI_BASE, &core_pll) == 0)
        tlclk_hz = sifive_pll_hz(&core_pll, BOARD_HFCLK_HZ) / 2u;
    else
        tlclk_hz = BOARD_HFCLK_HZ / 2u;
    return tlclk_hz * 2u;
}
