/* Reset: every hart enters _start. Hart 0 copies .data, zeroes .bss,
 * paints the stack and runs the board; the others park for good. */
#include <stdint.h>

#include "board/board.h"
#include "board/riscv/cpu.h"

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[];

/* What hart 0 found in a0/a1 at reset (.bss: set after it is zeroed). */
static uintptr_t reset_hartid, reset_fdt;

void _start(void);
__attribute__((noreturn, used)) void cpu_start(uintptr_t hartid,
                                               uintptr_t fdt);

/* The image's first byte (linker/<board>.ld keeps .text.start first).
 * Interrupts off and the trap handler in place before anything else;
 * a0/a1 stay untouched for cpu_start. */
__attribute__((naked, section(".text.start"))) void _start(void)
{
    __asm__ volatile(
        "csrw mie, zero\n"
        "csrci mstatus, 8\n"            /* MIE */
        "la t0, cpu_trap_entry\n"
        "csrw mtvec, t0\n"
        "csrr t0, mhartid\n"
        "bnez t0, 1f\n"
        "la sp, __stack_top\n"
        "j cpu_start\n"
        /* Other harts: nothing can wake them (mie = 0); wfi may return
         * early, so loop. */
        "1: wfi\n"
        "j 1b\n");
}

uintptr_t cpu_reset_hartid(void)
{
    return reset_hartid;
}

uintptr_t cpu_reset_fdt(void)
{
    return reset_fdt;
}

void cpu_start(uintptr_t hartid, uintptr_t fdt)
{
    /* QEMU and a previous stage load .data in place; copy only when the
     * script puts its image elsewhere (flash). */
    if ((uintptr_t)__data_load != (uintptr_t)__data_start) {
        uintptr_t n = (uintptr_t)(__data_end - __data_start);
        for (uintptr_t i = 0; i < n; i++)
            __data_start[i] = __data_load[i];
    }
    uintptr_t n = (uintptr_t)((uint32_t *)(void *)__bss_end - __bss_start);
    for (uintptr_t i = 0; i < n; i++)
        __bss_start[i] = 0;
    reset_hartid = hartid;
    reset_fdt = fdt;
    cpu_stack_paint();
    board_main();
}
