/* What the RISC-V CPU layer (RV64, machine mode) offers a RISC-V board
 * beyond board/cpu.h's cpu_* functions: what the previous stage handed
 * over at reset, and the hand-off in the convention OpenSBI and Linux use.
 *
 * Start-up: every hart enters _start (the image's first byte). mtvec is
 * pointed at the layer's trap handler; hart 0 sets up the stack, .data and
 * .bss and runs board_main(); the other harts park in wfi (only their
 * CLINT software interrupt wakes them, and no trap is taken) until
 * cpu_release_harts() releases them.
 */
#ifndef EXTLOAD_RISCV_CPU_H
#define EXTLOAD_RISCV_CPU_H

#include <stdint.h>

/* a0 and a1 as hart 0 found them at reset: its hart id and, by the
 * RISC-V boot convention, the address of a flattened device tree (QEMU's
 * on sifive_u; 0 or garbage when the previous stage passed none, so
 * check its magic before use). */
uintptr_t cpu_reset_hartid(void);
uintptr_t cpu_reset_fdt(void);

/* Enter an image at `entry` in machine mode with interrupts off (mstatus.MIE
 * and mie cleared, this hart's software interrupt cleared), instruction
 * fetch synchronised with the loaded bytes (fence.i), and a0 = this hart's
 * id, a1 = the device tree's address (0: none), a2 = `a2` (extload passes
 * its struct extload_handoff). mtvec still points at the loader's trap
 * handler, which reports a fault until the kernel sets its own. The board
 * quiets its peripherals before this. */
__attribute__((noreturn)) void cpu_enter(uintptr_t entry, uintptr_t fdt,
                                         uintptr_t a2);

/* Releases the parked harts (hart ids 0 .. harts - 1 but this one)
 * through the CLINT's msip, in two steps: a roll call, which each answers
 * (sleeping until all have, or wait_ticks of mtime have passed), then the
 * release: each enters `entry` in machine mode with a0 = its hart id, a1,
 * a2. Returns how many answered the roll call; this hart then enters by
 * cpu_enter(). For firmware that every hart must enter (OpenSBI's
 * fw_dynamic). */
uint32_t cpu_release_harts(uintptr_t entry, uintptr_t a1, uintptr_t a2,
                           uint32_t harts, uint32_t wait_ticks);

/* The trap handler mtvec points at (direct mode, 4-byte aligned). */
void cpu_trap_entry(void);

#endif
