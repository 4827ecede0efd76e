#include "firmware/cortexm/jump.h"

#include "drivers/mmio.h"

#define SYST_CSR  0xE000E010u
#define NVIC_ICER 0xE000E180u
#define NVIC_ICPR 0xE000E280u
#define SCB_ICSR  0xE000ED04u
#define SCB_VTOR  0xE000ED08u
#define SCB_SHCSR 0xE000ED24u
#define ICSR_PENDSTCLR (1u << 25)
#define ICSR_PENDSVCLR (1u << 27)
#define NVIC_WORDS 8u                  /* up to 256 IRQs; extra words RAZ/WI */

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

void cortexm_enter(const struct handoff_entry *e, uint32_t r2, uint32_t r3)
{
    __asm__ volatile("cpsid i" ::: "memory");
    mmio_write(SYST_CSR, 0);
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
