/* Leaving the loader on a Cortex-M: quiet the core, then enter the kernel
 * with r0 = 0, r1 = 0xFFFFFFFF, r2, r3. */
#ifndef EXTLOAD_JUMP_H
#define EXTLOAD_JUMP_H

#include <stdint.h>

#include "firmware/handoff.h"

/* Interrupts off, SysTick stopped, NVIC cleared, VTOR/MSP as e says.
 * Peripherals are the board's to quiet before this. */
__attribute__((noreturn)) void cortexm_enter(const struct handoff_entry *e,
                                             uint32_t r2, uint32_t r3);

#endif
