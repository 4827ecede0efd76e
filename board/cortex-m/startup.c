/* Vector table and reset: copy .data, zero .bss, paint the stack, run the
 * board. */
#include <stdint.h>
#include <string.h>

#include "board/board.h"
#include "board/cortex-m/cpu.h"
#include "board/cortex-m/regs.h"
#include "drivers/mmio.h"

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[];

void reset_handler(void);

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

void reset_handler(void)
{
    memcpy(__data_start, __data_load,
           (size_t)((uintptr_t)__data_end - (uintptr_t)__data_start));
    memset(__bss_start, 0,
           (size_t)((uintptr_t)__bss_end - (uintptr_t)__bss_start));
    /* A whole value: out of reset no exception is active or pending, so
     * SHCSR's other bits are 0 (cpu_enter writes it back to 0). */
    mmio_write(SCB_SHCSR, SHCSR_FAULTS_ENA);
    cpu_stack_paint();
    board_main();
}
