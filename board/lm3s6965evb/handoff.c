/* Entering the kernel: say how, quiet the board, jump. */
#include "board/lm3s6965evb/board.h"
#include "board/lm3s6965evb/memmap.h"
#include "firmware/cortexm/board_hooks.h"
#include "firmware/cortexm/jump.h"

int board_handoff(void *ctx, const struct boot_image *img)
{
    struct board_spi *spi = ctx;
    struct handoff_entry e;
    const struct console *con = board_console();

    if (handoff_entry_for(img->kernel, img->kernel_size, img->kernel_addr,
                          MEMMAP_SRAM_START, MEMMAP_SRAM_END, &e))
        con_printf(con, "handoff: vector table: VTOR=0x%08x MSP=0x%08x "
                   "entry 0x%08x\n", (unsigned)e.vtor, (unsigned)e.sp,
                   (unsigned)e.pc);
    else
        con_printf(con, "handoff: no vector table: entry 0x%08x (Thumb)\n",
                   (unsigned)e.pc);
    con_printf(con, "handoff: loader stack high-water mark %u bytes\n",
               (unsigned)stack_used());
    board_console_flush();
    board_spi_quiet(spi);
    board_ms_stop();
    cortexm_enter(&e, img->fdt_addr, img->handoff_addr);
}
