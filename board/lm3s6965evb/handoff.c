/* Entering the kernel: say how, quiet the board, jump. */
#include "board/board.h"
#include "board/cortex-m/cpu.h"
#include "board/lm3s6965evb/lm3s6965evb.h"

int board_handoff(void *ctx, const struct boot_image *img)
{
    struct board_spi *spi = ctx;
    struct cpu_entry e;
    const struct console *con = board_console();

    if (cpu_entry_for(img->kernel, img->kernel_size, img->kernel_addr,
                      (uint32_t)(uintptr_t)__ram_start,
                      (uint32_t)(uintptr_t)__ram_end, &e) && BOARD_REPORT)
        con_printf(con, "handoff: vector table: VTOR=0x%08x MSP=0x%08x "
                   "entry 0x%08x\n", (unsigned)e.vtor, (unsigned)e.sp,
                   (unsigned)e.pc);
    else if (BOARD_REPORT)
        con_printf(con, "handoff: no vector table: entry 0x%08x (Thumb)\n",
                   (unsigned)e.pc);
    else
        con_printf(con, "handoff: entry 0x%08x\n", (unsigned)e.pc);
    if (BOARD_STACK_REPORT)
        con_printf(con, "handoff: loader stack high-water mark %u bytes\n",
                   (unsigned)cpu_stack_used());
#if BOOT_TRIAL
    if (img->trial) {
        con_printf(con, "handoff: trial: the watchdog resets the board in "
                   "%u s unless the kernel reloads it\n",
                   (unsigned)BOARD_TRIAL_WATCHDOG_S);
        board_trial_watchdog();
    }
#endif
    board_console_flush();
    board_spi_quiet(spi);
    cpu_enter(&e, img->fdt_addr, img->handoff_addr);
}
