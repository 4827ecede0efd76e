/* lm3s6965evb keeps no store that survives in QEMU: its rollback floor
 * is fixed when it is built (BOOT_ROLLBACK_MIN, board/README.md), never
 * raised, and no key is ever revoked. */
#include "board/board.h"

#if BOOT_ROLLBACK

#ifndef BOOT_ROLLBACK_MIN
#define BOOT_ROLLBACK_MIN 0
#endif

static int floor_read(void *ctx, uint32_t *floor)
{
    (void)ctx;
    *floor = BOOT_ROLLBACK_MIN;
    return 0;
}

void board_rollback(struct boot_env *env)
{
    env->rollback_read = floor_read;
}

#endif
