/* How every board stops for good. */
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
