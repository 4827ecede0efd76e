/* lm3s6965evb keeps no store that survives in QEMU: its rollback floor
 * is fixed when it is built (make BOOT_ROLLBACK_MIN=N, board/README.md),
 * never raised, and no key is ever revoked. Built without it the board
 * keeps no floor (labels of either message version boot). */
#include "board/board.h"

#if BOOT_ROLLBACK && defined(BOOT_ROLLBACK_MIN)

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

#elif BOOT_ROLLBACK

void board_rollback(struct boot_env *env)
{
    con_printf(&env->con, "rollback: no floor on this board (built "
               "without BOOT_ROLLBACK_MIN)\n");
}

#endif
