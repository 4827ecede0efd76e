/* What every CPU layer (board/cortex-m/, ...) provides, whatever the
 * architecture; the porting contract in board/board.h builds on it. A
 * layer's own cpu.h adds the jump to a kernel in its convention. Test
 * kernels (tests/qemu/payload) use it without the rest of the contract.
 */
#ifndef EXTLOAD_CPU_H
#define EXTLOAD_CPU_H

#include <stdint.h>

/* The CPU layer:
 *   startup      the reset entry (and vector table or trap vector); one
 *                core calls board_main(), any others park
 *   faults       a report of the faulting state on board_console(), then
 *                board_stop(CPU_FAULT_EXIT_CODE)
 *   cpu_ms_*     a millisecond clock from the core's timer
 *   cpu_enter    the jump to the kernel, in the architecture's convention
 *                (declared in the layer's own cpu.h)
 *   cpu_reset    a system reset (the prompt's `reset`); the board's where
 *                the architecture has none (RISC-V)
 *   cpu_stack_used, cpu_semihost_exit, cpu_park, cpu_idle
 * memcpy, memmove, memset, memcmp are lib/libc/mem.c, shared by all.
 */
#define CPU_FAULT_EXIT_CODE 0x7F

/* timer_hz: the frequency of the timer the layer counts, which need not
 * be the core's: the core clock for Cortex-M's SysTick, the timebase
 * (1 MHz on the FU540) for RISC-V's mtime. */
void cpu_ms_start(uint32_t timer_hz);
void cpu_ms_stop(void);
uint32_t cpu_ms_now(void *ctx);            /* struct boot_env's ms_now */
/* board/stack.c, for every layer: the reset code calls cpu_stack_paint()
 * once .bss is zeroed; cpu_stack_used() is the deepest stack since. */
void cpu_stack_paint(void);
uint32_t cpu_stack_used(void);
void cpu_semihost_exit(uint32_t code);     /* needs a debugger/emulator */
__attribute__((noreturn)) void cpu_park(void);
void cpu_idle(void);                       /* wait a little, e.g. WFI */
__attribute__((noreturn)) void cpu_reset(void);

#endif
