/* The millisecond clock: the CLINT's free-running mtime, read on demand.
 * It counts at the platform's timebase (1 MHz on the FU540 and QEMU's
 * sifive_u), not the core clock, and needs no interrupt. */
#include "board/board.h"
#include "board/riscv/regs.h"

static uint64_t mtime_base;
static uint32_t ticks_per_ms = 1;

static uint64_t mtime(void)
{
    return *(volatile const uint64_t *)(uintptr_t)CLINT_MTIME;
}

void cpu_ms_start(uint32_t timer_hz)
{
    ticks_per_ms = timer_hz >= 1000u ? timer_hz / 1000u : 1u;
    mtime_base = mtime();
}

/* mtime keeps counting for the kernel; there is nothing to quiet. */
void cpu_ms_stop(void)
{
}

/* Sleep about a millisecond: this hart's CLINT timer pends MTIP a tick
 * of ticks_per_ms ahead and wfi wakes on it (mie.MTIE set for the
 * wait only, mstatus.MIE clear: no trap), so the prompt's wait for a key
 * does not spin (the UART raises no interrupt here; a key waits at most
 * that ms). */
void cpu_idle(void)
{
    volatile uint64_t *cmp =
        (volatile uint64_t *)(uintptr_t)CLINT_MTIMECMP(csr_read(mhartid));

    *cmp = mtime() + ticks_per_ms;
    csr_write(mie, MIP_MTIP);
    __asm__ volatile("wfi");
    csr_write(mie, 0);
    *cmp = ~(uint64_t)0;
}

uint32_t cpu_ms_now(void *ctx)
{
    (void)ctx;
    return (uint32_t)((mtime() - mtime_base) / ticks_per_ms);
}
