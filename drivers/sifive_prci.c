#include "drivers/sifive_prci.h"

#include "drivers/mmio.h"

#define PRCI_COREPLLCFG0 0x04u
#define PRCI_CORECLKSEL  0x24u

/* COREPLLCFG0 fields. */
#define PLL_DIVR_SHIFT  0u            /* [5:0] */
#define PLL_DIVF_SHIFT  6u            /* [14:6] */
#define PLL_DIVQ_SHIFT  15u           /* [17:15] */
#define PLL_RANGE_SHIFT 18u           /* [20:18] */
#define PLL_FSE         (1u << 25)    /* internal feedback */
#define PLL_LOCK        (1u << 31)    /* read-only */
#define CORECLKSEL_HFCLK 1u           /* 0: the core PLL */

/* The PLL locks within 100 us on silicon; a poll is a few cycles of a
 * core on the 33 MHz hfclk. */
#define LOCK_POLLS 100000u

uint32_t sifive_pll_hz(const struct sifive_pll *pll, uint32_t ref_hz)
{
    uint64_t hz = (uint64_t)ref_hz * 2u * (pll->divf + 1u) /
                  (pll->divr + 1u);

    return (uint32_t)(hz >> pll->divq);
}

int sifive_prci_set_core_pll(uintptr_t base, const struct sifive_pll *pll)
{
    mmio_write(base + PRCI_CORECLKSEL, CORECLKSEL_HFCLK);
    mmio_write(base + PRCI_COREPLLCFG0,
               pll->divr << PLL_DIVR_SHIFT | pll->divf << PLL_DIVF_SHIFT |
               pll->divq << PLL_DIVQ_SHIFT | pll->range << PLL_RANGE_SHIFT |
               PLL_FSE);
    for (uint32_t i = 0; i < LOCK_POLLS; i++) {
        if (mmio_read(base + PRCI_COREPLLCFG0) & PLL_LOCK) {
            mmio_write(base + PRCI_CORECLKSEL, 0);
            return 0;
        }
    }
    return -1;
}
