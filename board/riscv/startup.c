/* Reset: every hart enters _start. Hart 0 copies .data, zeroes .bss,
 * paints the stack and runs the board; the others park until the
 * hand-off releases them (cpu_release_harts). */
#include <stdint.h>

#include "board/board.h"
#include "board/riscv/cpu.h"
#include "board/riscv/regs.h"

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[];

/* What hart 0 found in a0/a1 at reset (.bss: set after it is zeroed). */
static uintptr_t reset_hartid, reset_fdt;

void _start(void);
__attribute__((noreturn, used)) void cpu_start(uintptr_t hartid,
                                               uintptr_t fdt);

/* The image's first byte (linker/<board>.ld keeps .text.start first).
 * Interrupts off and the trap handler in place before anything else;
 * a0/a1 stay untouched for cpu_start.
 *
 * The other harts park here until cpu_release_harts() calls them: mie
 * holds only MSIE (mstatus.MIE stays clear, so no trap is taken, but wfi
 * wakes on this hart's CLINT software interrupt). cpu_release (jump.c):
 * [0] entry (0 until all may go), [1] a1, [2] a2, [3] how many answered
 * the roll call, [4] the calling hart, [5] CPU_ROLL_CALL while the roll
 * call is open (a magic, not a flag: on silicon the L2 LIM holds garbage
 * until hart 0 zeroes .bss, and a hart may wake on an msip the previous
 * stage left; a hart may also arrive here after the roll call's msip,
 * which it must not clear unseen). On each msip a
 * hart clears it; once the roll call is open it counts itself (once, t6)
 * and raises the caller's msip; once the entry is set it jumps there in
 * M-mode with a0 = its hart id, a1, a2. Between the two it sleeps, so the
 * caller's wait is not spent on harts spinning. Any other wake goes back
 * to sleep. */
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
        "1: li t6, 0\n"                 /* not counted yet */
        "li t3, %1\n"                   /* the CLINT */
        "la t1, cpu_release\n"
        "li t0, %0\n"
        "csrw mie, t0\n"
        "2: wfi\n"
        "csrr t0, mip\n"
        "andi t0, t0, %0\n"
        "beqz t0, 2b\n"
        "csrr a0, mhartid\n"
        "slli t0, a0, 2\n"
        "add t0, t3, t0\n"
        "sw zero, 0(t0)\n"              /* own msip = 0 */
        "fence iorw, iorw\n"
        "ld t2, 40(t1)\n"
        "li t0, %2\n"
        "bne t2, t0, 2b\n"              /* no roll call */
        "bnez t6, 3f\n"
        "li t6, 1\n"
        "addi t0, t1, 24\n"
        "amoadd.d zero, t6, (t0)\n"     /* count, then wake the caller */
        "fence iorw, iorw\n"
        "ld t0, 32(t1)\n"
        "slli t0, t0, 2\n"
        "add t0, t3, t0\n"
        "sw t6, 0(t0)\n"
        "3: ld t2, 0(t1)\n"
        "beqz t2, 2b\n"                 /* not yet: sleep */
        "csrw mie, zero\n"
        "ld a1, 8(t1)\n"
        "ld a2, 16(t1)\n"
        "fence rw, rw\n"
        ".option push\n"
        ".option arch, +zifencei\n"
        "fence.i\n"
        ".option pop\n"
        "jr t2\n"
        : : "i"(MIP_MSIP), "i"(CPU_CLINT_BASE), "i"(CPU_ROLL_CALL));
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
