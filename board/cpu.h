/* What every CPU layer (board/cortex-m/, ...) provides, whatever the
 * architecture; the porting contract in board/board.h builds on it. A
 * layer's own cpu.h adds the jump to a kernel in its convention. Test
 * kernels (tests/qemu/payload) use it without the rest of the contract.
 */
#ifndef EXTLOAD_CPU_H
#define EXTLOAD_CPU_H

#include <stdint.h>

/* The CPU layer:
 *   startup      the reset entry and vector table; calls board_main()
 *   faults       a report of the faulting state on board_console(), then
 *                board_stop(CPU_FAULT_EXIT_CODE)
 *   cpu_ms_*     a millisecond clock from the core's timer
 *   cpu_enter    the jump to the kernel, in the architecture's convention
 *   cpu_reset    a system reset (the prompt's `reset`)
 *   cpu_stack_used, cpu_semihost_exit, cpu_park
 *   mem*         memcpy, memmove, memset, memcmp for fs/ and drivers/
 */
#define CPU_FAULT_EXIT_CODE 0x7F

void cpu_ms_start(uint32_t core_hz);
void cpu_ms_stop(void);
uint32_t cpu_ms_now(void *ctx);            /* struct boot_env's ms_now */
uint32_t cpu_stack_used(void);             /* deepest stack since reset */
void cpu_semihost_exit(uint32_t code);     /* needs a debugger/emulator */
__attribute__((noreturn)) void cpu_park(void);
__attribute__((noreturn)) void cpu_reset(void);

#endif
