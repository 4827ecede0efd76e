/* Vector table and reset: copy .data, zero .bss, run the board. */
#include <stdint.h>

#include "drivers/mmio.h"
#include "firmware/cortexm/board_hooks.h"
#include "firmware/cortexm/fault.h"

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern uint32_t __stack_top[];

void reset_handler(void);

#define STACK_PAINT 0x5AC3A55Cu
#define SCB_SHCSR 0xE000ED24u
/* MemManage, BusFault, UsageFault get their own report, not HardFault. */
#define SHCSR_FAULTS_ENA (7u << 16)

typedef void (*vector_fn)(void);

__attribute__((section(".vectors"), used))
static const vector_fn vectors[16] = {
    (vector_fn)(uintptr_t)__stack_top,
    reset_handler,
    fault_handler,      /* NMI */
    fault_handler,      /* HardFault */
    fault_handler,      /* MemManage */
    fault_handler,      /* BusFault */
    fault_handler,      /* UsageFault */
    0, 0, 0, 0,
    fault_handler,      /* SVCall */
    fault_handler,      /* DebugMonitor */
    0,
    fault_handler,      /* PendSV */
    board_systick,
};

/* Fill the unused stack with a pattern so stack_used() can find the
 * deepest point reached. */
static void stack_paint(void)
{
    uint32_t *sp;

    __asm__ volatile("mov %0, sp" : "=r"(sp));
    for (uint32_t *p = __bss_end; p < sp - 16; p++)
        *p = STACK_PAINT;
}

uint32_t stack_used(void)
{
    const uint32_t *p = __bss_end;

    while (p < __stack_top && *p == STACK_PAINT)
        p++;
    return (uint32_t)((uintptr_t)__stack_top - (uintptr_t)p);
}

void reset_handler(void)
{
    uint32_t n = (uint32_t)(__data_end - __data_start);
    for (uint32_t i = 0; i < n; i++)
        __data_start[i] = __data_load[i];
    n = (uint32_t)(__bss_end - __bss_start);
    for (uint32_t i = 0; i < n; i++)
        __bss_start[i] = 0;
    mmio_set(SCB_SHCSR, SHCSR_FAULTS_ENA);
    stack_paint();
    board_main();
    board_stop(0);
}
