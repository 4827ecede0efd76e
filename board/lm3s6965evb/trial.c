/* The trial record's store: 64 bytes of SRAM in the loader's RAM that
 * startup never clears (.noinit, linker/lm3s6965evb.ld: outside the load
 * window and .bss), so they survive a warm reset (the watchdog's, a
 * kernel's SYSRESETREQ) and not a power cycle. And the watchdog a trial
 * boot arms before the hand-off. */
#include "board/board.h"
#include "board/lm3s6965evb/lm3s6965evb.h"

#if BOOT_TRIAL

#include <string.h>

#include "drivers/lm3s_wdt.h"

__attribute__((section(".noinit"), aligned(8)))
uint8_t lm3s_trial_store[TRIAL_RECORD_SIZE];

int board_trial_read(void *ctx, uint8_t rec[TRIAL_RECORD_SIZE])
{
    (void)ctx;
    memcpy(rec, lm3s_trial_store, TRIAL_RECORD_SIZE);
    return 0;
}

int board_trial_write(void *ctx, const uint8_t rec[TRIAL_RECORD_SIZE])
{
    (void)ctx;
    memcpy(lm3s_trial_store, rec, TRIAL_RECORD_SIZE);
    return 0;
}

/* The reset comes at the second time-out: each is half the time. */
void board_trial_watchdog(void)
{
    lm3s_wdt_arm(WDT_BASE, BOARD_SYSCLK_HZ / 2u * BOARD_TRIAL_WATCHDOG_S);
}

#endif
