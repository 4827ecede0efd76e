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

/* What the parked harts read (board/riscv/startup.c, by name and by these
 * offsets; `used`, since LTO sees no C reference in a build that never
 * releases them):
 * entry (0: wait), a1, a2, how many answered, the calling hart, roll call
 * open. */
__attribute__((used)) uintptr_t cpu_release[6];

static uint64_t mtime(void)
{
    return *(volatile const uint64_t *)(uintptr_t)CLINT_MTIME;
}

static void raise_others(uintptr_t hart, uint32_t harts)
{
    __asm__ volatile("fence iorw, iorw" : : : "memory");
    for (uint32_t h = 0; h < harts; h++)
        if (h != hart)
            mmio_write(CLINT_MSIP(h), 1);
}

uint32_t cpu_release_harts(uintptr_t entry, uintptr_t a1, uintptr_t a2,
                           uint32_t harts, uint32_t wait_ticks)
{
    uintptr_t hart = csr_read(mhartid);
    volatile uintptr_t *rel = cpu_release;
    uint32_t want = harts > hart ? harts - 1u : harts;

    rel[0] = 0;
    rel[1] = a1;
    rel[2] = a2;
    rel[3] = 0;
    rel[4] = hart;
    __asm__ volatile("fence rw, rw" : : : "memory");
    rel[5] = CPU_ROLL_CALL;
    raise_others(hart, harts);
    /* The roll call: sleep until each has answered (it raises our msip)
     * or the timer fires; mie holds MSIE and MTIE, mstatus.MIE stays
     * clear, so wfi wakes and no trap is taken. Our msip is cleared
     * before the count is read, so no answer's wake is lost. */
    uint64_t deadline = mtime() + wait_ticks;
    *(volatile uint64_t *)(uintptr_t)CLINT_MTIMECMP(hart) = deadline;
    csr_write(mie, MIP_MSIP | MIP_MTIP);
    while (rel[3] < want && mtime() < deadline) {
        __asm__ volatile("wfi");
        mmio_write(CLINT_MSIP(hart), 0);
        __asm__ volatile("fence iorw, iorw" : : : "memory");
    }
    csr_write(mie, 0);
    *(volatile uint64_t *)(uintptr_t)CLINT_MTIMECMP(hart) = ~(uint64_t)0;
    mmio_write(CLINT_MSIP(hart), 0);
    uint32_t answered = (uint32_t)rel[3];
    /* Then all go at once; this hart follows with cpu_enter(). */
    __asm__ volatile("fence rw, rw" : : : "memory");
    rel[0] = entry;
    raise_others(hart, harts);
    return answered;
}

void cpu_park(void)
{
    csr_clear(mstatus, MSTATUS_MIE);
    csr_write(mie, 0);
    for (;;)
        __asm__ volatile("wfi");
}
