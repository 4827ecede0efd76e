/* The Stellaris (LM3S) watchdog timer (LM3S6965 datasheet, "Watchdog
 * Timer"; QEMU models it at 0x40000000 on lm3s6965evb, hw/arm/stellaris.c).
 * It counts WDTLOAD down at the system clock; the first time-out raises
 * its interrupt, the second with the interrupt still raised resets the
 * chip when RESEN is set. Once INTEN is set only a reset stops it; the
 * running system keeps it from firing by writing WDTICR (a reload) or a
 * new WDTLOAD, after writing WDT_UNLOCK to WDTLOCK. */
#ifndef EXTLOAD_LM3S_WDT_H
#define EXTLOAD_LM3S_WDT_H

#include <stdint.h>

#define WDT_LOAD  0x000u
#define WDT_VALUE 0x004u
#define WDT_CTL   0x008u
#define WDT_ICR   0x00Cu
#define WDT_RIS   0x010u
#define WDT_LOCK  0xC00u

#define WDT_CTL_INTEN 0x1u              /* starts the counter for good */
#define WDT_CTL_RESEN 0x2u              /* the second time-out resets */
#define WDT_UNLOCK 0x1ACCE551u          /* WDTLOCK: registers writable */

/* Starts the watchdog at base: a reset after two time-outs of load
 * clock cycles each unless it is reloaded, its registers then locked
 * (any value but WDT_UNLOCK in WDTLOCK). */
void lm3s_wdt_arm(uintptr_t base, uint32_t load);

#endif
