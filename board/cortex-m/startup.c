/* Vector table and reset: copy .data, zero .bss, paint the stack, run the
 * board. */
#include <stdint.h>

#include "board/board.h"
#include "board/cortex-m/cpu.h"
#include "board/cortex-m/regs.h"
#include "drivers/mmio.h"

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[];

void reset_handler(void);

#define STACK_PAINT 0x5AC3A55Cu

typedef void (*vector_fn)(void);

__attribute__((section(".vectors"), used))
static const vector_fn vectors[16] = {
    (vector_fn)(uintptr_t)__stack_top,
    reset_handler,
    cpu_fault_handler,  /* NMI */
    cpu_fault_handler,  /* HardFault */
    cpu_fault_handler,  /* MemManage */
    cpu_fault_handler,  /* BusFault */
    cpu_fault_handler,  /* UsageFault */
    0, 0, 0, 0,
    cpu_fault_handler,  /* SVCall */
    cpu_fault_handler,  /* DebugMonitor */
    0,
    cpu_fault_handler,  /* PendSV */
    cpu_systick_handler,
};

/* Fill the unused stack with a pattern so cpu_stack_used() can find the
 * deepest point reached. */
static void stack_paint(void)
{
    uint32_t *sp;

    __asm__ volatile("mov %0, sp" : "=r"(sp));
    for (uint32_t *p = (uint32_t *)(void *)__bss_end; p < sp - 16; p++)
        *p = STACK_PAINT;
}

uint32_t cpu_stack_used(void)
{
    const uint32_t *p = (const uint32_t *)(const void *)__bss_end;

    while (p < (const uint32_t *)(const void *)__stack_top &&
           *p == STACK_PAINT)
        p++;
    return (uint32_t)((uintptr_t)__stack_top - (uintptr_t)p);
}

void reset_handler(void)
{
    uint32_t n = (uint32_t)(__data_end - __data_start);
    for (uint32_t i = 0; i < n; i++)
        __data_start[i] = __data_load[i];
    n = (uint32_t)((uint32_t *)(void *)__bss_end - __bss_start);
    for (uint32_t i = 0; i < n; i++)
        __bss_start[i] = 0;
    mmio_set(SCB_SHCSR, SHCSR_FAULTS_ENA);
    stack_paint();
    board_main();
}
