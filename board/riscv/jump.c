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

/* What the parked harts jump to (board/riscv/startup.c reads it by these
 * offsets): entry (0: not released), a1, a2. */
uintptr_t cpu_release[3];

void cpu_enter_all(uintptr_t entry, uintptr_t a1, uintptr_t a2,
                   uint32_t harts)
{
    uintptr_t hart = csr_read(mhartid);

    cpu_release[1] = a1;
    cpu_release[2] = a2;
    __asm__ volatile("fence rw, rw" : : : "memory");
    cpu_release[0] = entry;
    /* The release block is in memory before any msip is raised. */
    __asm__ volatile("fence rw, rw" : : : "memory");
    for (uint32_t h = 0; h < harts; h++)
        if (h != hart)
            mmio_write(CLINT_MSIP(h), 1);
    cpu_enter(entry, a1, a2);
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
