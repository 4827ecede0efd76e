/* The one board_main every board shares: set the board up, run the boot
 * flow, stop with its outcome. A test build links its own instead. */
#include "board/board.h"

static struct boot_state state;

void board_main(void)
{
    const struct boot_env *env = NULL;
    int rc = board_init(&env);

    if (rc == 0)
        rc = boot_run(env, &state);
    board_stop(rc ? BOARD_STOP_BOOT_FAILED - rc : 0);
}
