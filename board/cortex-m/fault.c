/* Fault exceptions: print what faulted and where, then stop. */
#include "board/board.h"
#include "board/cortex-m/cpu.h"
#include "board/cortex-m/regs.h"
#include "drivers/mmio.h"

/* frame: the stacked r0-r3, r12, lr, pc, xpsr; ipsr: the exception. */
__attribute__((noreturn, used)) void cpu_fault_report(const uint32_t *frame,
                                                      uint32_t ipsr);

/* Hands cpu_fault_report the frame the exception stacked, on MSP or PSP
 * as EXC_RETURN bit 2 says. */
__attribute__((naked)) void cpu_fault_handler(void)
{
    __asm__ volatile(
        "tst lr, #4\n"
        "ite eq\n"
        "mrseq r0, msp\n"
        "mrsne r0, psp\n"
        "mrs r1, ipsr\n"
        "b cpu_fault_report\n");
}

#if BOARD_REPORT
static const char *exception_name(uint32_t n)
{
    static const char *const names[] = {
        "?", "reset", "NMI", "HardFault", "MemManage", "BusFault",
        "UsageFault", "?", "?", "?", "?", "SVCall", "DebugMonitor", "?",
        "PendSV", "SysTick",
    };
    return n < 16 ? names[n] : "IRQ";
}
#endif

void cpu_fault_report(const uint32_t *frame, uint32_t ipsr)
{
    const struct console *con = board_console();
    uint32_t n = ipsr & 0x1FFu;

    __asm__ volatile("cpsid i");
#if !BOARD_REPORT
    con_printf(con, "\nfault: exc %u pc=%08x lr=%08x cfsr=%08x\n",
               (unsigned)n, (unsigned)frame[6],
               (unsigned)frame[5], (unsigned)mmio_read(SCB_CFSR));
#else
    con_printf(con, "\nfault: %s (exception %u) at pc=%08x lr=%08x "
               "xpsr=%08x sp=%08x\n", exception_name(n), (unsigned)n,
               (unsigned)frame[6], (unsigned)frame[5], (unsigned)frame[7],
               (unsigned)(uintptr_t)frame);
    con_printf(con, "fault: cfsr=%08x hfsr=%08x mmfar=%08x bfar=%08x "
               "r0=%08x r1=%08x r2=%08x r3=%08x r12=%08x\n",
               (unsigned)mmio_read(SCB_CFSR), (unsigned)mmio_read(SCB_HFSR),
               (unsigned)mmio_read(SCB_MMFAR), (unsigned)mmio_read(SCB_BFAR),
               (unsigned)frame[0], (unsigned)frame[1], (unsigned)frame[2],
               (unsigned)frame[3], (unsigned)frame[4]);
    con_printf(con, "fault: stopped\n");
#endif
    board_stop(CPU_FAULT_EXIT_CODE);
}
