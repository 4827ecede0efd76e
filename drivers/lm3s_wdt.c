/* The Stellaris watchdog, armed once (drivers/lm3s_wdt.h). */
#include "drivers/lm3s_wdt.h"

#include "drivers/mmio.h"

void lm3s_wdt_arm(uintptr_t base, uint32_t load)
{
    mmio_write(base + WDT_LOCK, WDT_UNLOCK);
    mmio_write(base + WDT_LOAD, load);
    mmio_write(base + WDT_ICR, 1u);       /* no time-out pending: two to go */
    mmio_write(base + WDT_CTL, WDT_CTL_INTEN | WDT_CTL_RESEN);
    mmio_write(base + WDT_LOCK, 0u);
}
