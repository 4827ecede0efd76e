/* Leaving the loader: quiet the core, then enter the kernel. */
#include "board/board.h"
#include "board/cortex-m/cpu.h"
#include "board/cortex-m/regs.h"
#include "drivers/mmio.h"

/* r0 entry, r1 new MSP (0: keep), r2, r3 passed through. Nothing may touch
 * the stack once MSP has moved. */
__attribute__((naked, noreturn))
static void jump(__attribute__((unused)) uint32_t entry,
                 __attribute__((unused)) uint32_t sp,
                 __attribute__((unused)) uint32_t r2,
                 __attribute__((unused)) uint32_t r3)
{
    __asm__ volatile(
        "cmp r1, #0\n"
        "it ne\n"
        "msrne msp, r1\n"
        "orr r12, r0, #1\n"
        "movs r0, #0\n"
        "mvn r1, #0\n"
        "dsb\n"
        "isb\n"
        "bx r12\n");
}

void cpu_enter(const struct cpu_entry *e, uint32_t r2, uint32_t r3)
{
    __asm__ volatile("cpsid i" ::: "memory");
    mmio_write(SYST_CSR, 0);
    /* A loop, not 16 stores: gcc unrolls it fully even at -Os. */
#pragma GCC unroll 1
    for (uint32_t i = 0; i < NVIC_WORDS; i++) {
        mmio_write(NVIC_ICER + 4u * i, 0xFFFFFFFFu);
        mmio_write(NVIC_ICPR + 4u * i, 0xFFFFFFFFu);
    }
    mmio_write(SCB_ICSR, ICSR_PENDSTCLR | ICSR_PENDSVCLR);
    mmio_write(SCB_SHCSR, 0);                  /* fault enables as at reset */
    if (e->vtor)
        mmio_write(SCB_VTOR, e->vtor);
    __asm__ volatile("dsb\n isb" ::: "memory");
    jump(e->pc, e->sp, r2, r3);
}

/* SYSRESETREQ asks the system for a reset; writes need VECTKEY, and
 * PRIGROUP is kept. */
void cpu_reset(void)
{
    __asm__ volatile("dsb" ::: "memory");
    mmio_write(SCB_AIRCR, AIRCR_VECTKEY | AIRCR_SYSRESETREQ |
               (mmio_read(SCB_AIRCR) & AIRCR_PRIGROUP));
    __asm__ volatile("dsb" ::: "memory");
    cpu_park();
}

/* Until the next interrupt: the SysTick tick at the latest. */
void cpu_idle(void)
{
    __asm__ volatile("wfi");
}

void cpu_park(void)
{
    for (;;)
        __asm__ volatile("cpsid i\n wfi");
}
