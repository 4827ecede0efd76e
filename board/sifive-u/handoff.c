/* Entering the kernel: say how, quiet the board, jump. */
#include "board/board.h"
#include "board/riscv/cpu.h"
#include "board/sifive-u/sifive_u.h"

int board_handoff(void *ctx, const struct boot_image *img)
{
    struct board_spi *spi = ctx;
    const struct console *con = board_console();

    con_printf(con, "handoff: M-mode, interrupts off, entry 0x%08x, a0=%lu "
               "(hart), a1=0x%08x (fdt), a2=0x%08x (extload_handoff)\n",
               (unsigned)img->kernel_addr, (unsigned long)cpu_reset_hartid(),
               (unsigned)img->fdt_addr, (unsigned)img->handoff_addr);
    con_printf(con, "handoff: loader stack high-water mark %u bytes\n",
               (unsigned)cpu_stack_used());
    board_console_flush();
    board_spi_quiet(spi);
    cpu_ms_stop();
    cpu_enter(img->kernel_addr, img->fdt_addr, img->handoff_addr);
}
