/* How every board stops for good, resets, and idles while the prompt
 * waits for a key (struct boot_env's reset and idle). */
#include "board/board.h"

void board_stop(int code)
{
    board_console_flush();
    cpu_ms_stop();
    /* Under an emulator or debugger, stopping ends the session with the
     * code; on its own the board parks here until reset. */
    if (BOARD_SEMIHOSTING)
        cpu_semihost_exit((uint32_t)code);
    cpu_park();
}

void board_reset(void *ctx)
{
    (void)ctx;
    board_console_flush();
    cpu_reset();
}

void board_idle(void *ctx)
{
    (void)ctx;
    cpu_idle();
}
