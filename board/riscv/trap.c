/* Traps: print what trapped and where, then stop. Nothing in the loader
 * enables an interrupt, so every trap is a fault (or a kernel that trapped
 * before setting its own mtvec). */
#include "board/board.h"
#include "board/riscv/cpu.h"
#include "board/riscv/regs.h"

__attribute__((noreturn, used)) void cpu_trap_report(uintptr_t mcause,
                                                     uintptr_t mepc,
                                                     uintptr_t mtval,
                                                     uintptr_t ra,
                                                     uintptr_t sp);

/* Direct mode: mtvec holds this address, which must be 4-byte aligned.
 * The trapped sp may be what faulted, so the report runs on a fresh stack
 * from the top; nothing returns from here. */
__attribute__((naked, aligned(4))) void cpu_trap_entry(void)
{
    __asm__ volatile(
        "csrw mscratch, sp\n"
        "la sp, __stack_top\n"
        "csrr a0, mcause\n"
        "csrr a1, mepc\n"
        "csrr a2, mtval\n"
        "mv a3, ra\n"
        "csrr a4, mscratch\n"
        "j cpu_trap_report\n");
}

static const char *cause_name(uintptr_t mcause)
{
    static const char *const names[] = {
        "instruction address misaligned", "instruction access fault",
        "illegal instruction", "breakpoint", "load address misaligned",
        "load access fault", "store address misaligned",
        "store access fault", "ecall from U-mode", "ecall from S-mode",
        "?", "ecall from M-mode", "instruction page fault",
        "load page fault", "?", "store page fault",
    };
    if (mcause & MCAUSE_INTERRUPT)
        return "interrupt";
    return mcause < sizeof(names) / sizeof(names[0]) ? names[mcause] : "?";
}

void cpu_trap_report(uintptr_t mcause, uintptr_t mepc, uintptr_t mtval,
                     uintptr_t ra, uintptr_t sp)
{
    static volatile int reporting;
    const struct console *con = board_console();

    /* A trap while reporting one (the console, or a semihosting call
     * without a debugger): give up quietly. */
    if (reporting)
        cpu_park();
    reporting = 1;
    con_printf(con, "\nfault: %s (mcause %lu%s) at mepc=%08lx mtval=%08lx "
               "ra=%08lx sp=%08lx\n", cause_name(mcause),
               (unsigned long)(mcause & ~MCAUSE_INTERRUPT),
               mcause & MCAUSE_INTERRUPT ? ", interrupt" : "",
               (unsigned long)mepc, (unsigned long)mtval,
               (unsigned long)ra, (unsigned long)sp);
    con_printf(con, "fault: stopped\n");
    board_stop(CPU_FAULT_EXIT_CODE);
}
