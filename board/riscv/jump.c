/* Leaving the loader: interrupts off, then enter the kernel in M-mode. */
#include "board/board.h"
#include "board/riscv/cpu.h"
#include "board/riscv/regs.h"
#include "drivers/mmio.h"

void cpu_enter(uintptr_t entry, uintptr_t fdt, uintptr_t a2)
{
    uintptr_t hart = csr_read(mhartid);

    csr_clear(mstatus, MSTATUS_MIE);
    csr_write(mie, 0);
    mmio_write(CLINT_MSIP(hart), 0);
    register uintptr_t r_a0 __asm__("a0") = hart;
    register uintptr_t r_a1 __asm__("a1") = fdt;
    register uintptr_t r_a2 __asm__("a2") = a2;
    /* fence: the kernel's bytes are in memory; fence.i: instruction
     * fetch sees them (Zifencei, which every RV64GC core and the E51
     * have; named here so the build's -march needs no change). */
    __asm__ volatile(
        "fence rw, rw\n"
        ".option push\n"
        ".option arch, +zifencei\n"
        "fence.i\n"
        ".option pop\n"
        "jr %3\n"
        : : "r"(r_a0), "r"(r_a1), "r"(r_a2), "r"(entry) : "memory");
    __builtin_unreachable();
}

void cpu_park(void)
{
    csr_clear(mstatus, MSTATUS_MIE);
    csr_write(mie, 0);
    for (;;)
        __asm__ volatile("wfi");
}

/* Nothing to wait for: the loader runs with every interrupt disabled in
 * mie, and WFI would then sleep for good. */
void cpu_idle(void)
{
}
