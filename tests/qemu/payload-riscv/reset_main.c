/* A test build's board_main (build/sifive-u/extload-reset.elf): proves
 * cpu_reset() resets the SoC. The first boot marks RAM the reset leaves
 * alone (the window's first words; QEMU reloads only the ELF) and calls
 * cpu_reset(); the boot after it finds the mark and stops with 0. */
#include "board/board.h"
#include "board/sifive-u/sifive_u.h"

#define RESET_MARK 0x54534552u          /* "REST" */

void board_main(void)
{
    volatile uint32_t *mark = (volatile uint32_t *)(void *)__window_start;
    const struct console *con = board_console();

    board_console_init();
    if (mark[0] != RESET_MARK) {
        mark[0] = RESET_MARK;
        mark[1] = 1;
        con_printf(con, "reset-test: boot 1, calling cpu_reset()\n");
        cpu_reset();
    }
    mark[1]++;
    con_printf(con, "reset-test: boot %u, after cpu_reset()\n",
               (unsigned)mark[1]);
    mark[0] = 0;
    board_stop(mark[1] == 2 ? 0 : 1);
}
