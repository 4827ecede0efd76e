/* The FU540's PRCI (power, reset, clock, interrupt; QEMU's sifive_u
 * models its registers, the PLLs always lock and no clock rate changes
 * what QEMU does): the core PLL and the core clock's source. tlclk, the
 * clock of the UARTs and SPI controllers, is always coreclk / 2. */
#ifndef EXTLOAD_SIFIVE_PRCI_H
#define EXTLOAD_SIFIVE_PRCI_H

#include <stdint.h>

/* An Analog Bits WRPLL setting: out = ref / (divr + 1) * 2 * (divf + 1)
 * / 2^divq; range is the band of ref / (divr + 1). */
struct sifive_pll {
    uint32_t divr, divf, divq, range;
};

/* The output of pll from ref_hz. */
uint32_t sifive_pll_hz(const struct sifive_pll *pll, uint32_t ref_hz);

/* Runs the core from hfclk, programs the core PLL, waits (bounded) for
 * its lock and switches the core to it. 0 on success; -1 when the PLL did
 * not lock, the core then stays on hfclk. */
int sifive_prci_set_core_pll(uintptr_t base, const struct sifive_pll *pll);

#endif
