/* The trial record's store: DRAM's last 4 KiB page (as the device tree's
 * /memory says, below 4 GiB), which setup.c keeps out of the load window
 * and the flow describes to Linux as /reserved-memory/extload-trial@ADDR
 * (nvmem-rmem, no-map). A warm reset keeps DRAM; a power cycle does not.
 * QEMU's sifive_u has no watchdog: a trial relies on the kernel's
 * panic=N to reset (board/README.md). ctx: the page. */
#include "board/board.h"

#if BOOT_TRIAL

#include <string.h>

int board_trial_read(void *ctx, uint8_t rec[TRIAL_RECORD_SIZE])
{
    memcpy(rec, ctx, TRIAL_RECORD_SIZE);
    return 0;
}

int board_trial_write(void *ctx, const uint8_t rec[TRIAL_RECORD_SIZE])
{
    memcpy(ctx, rec, TRIAL_RECORD_SIZE);
    return 0;
}

#endif
