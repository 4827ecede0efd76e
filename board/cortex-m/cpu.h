/* What the Cortex-M CPU layer offers a Cortex-M board beyond board.h's
 * cpu_* functions: the hand-off in the ARM convention. */
#ifndef EXTLOAD_CORTEXM_CPU_H
#define EXTLOAD_CORTEXM_CPU_H

#include <stdint.h>

/* How a Cortex-M enters an image. */
struct cpu_entry {
    uint32_t pc;                  /* branch target, Thumb bit set */
    uint32_t sp;                  /* 0: keep the loader's stack */
    uint32_t vtor;                /* 0: leave VTOR alone */
};

/* An image that starts with a vector table (word 0 a stack pointer inside
 * [ram_lo, ram_hi], word 1 an odd address inside the image) is entered via
 * its reset vector with VTOR at the load address; any other image at its
 * first byte in Thumb state. Returns 1 for a vector table, 0 otherwise.
 * Pure C (vector.c): the host tool and the unit tests use it too. */
int cpu_entry_for(const uint8_t *image, uint32_t size, uint32_t load_addr,
                  uint32_t ram_lo, uint32_t ram_hi, struct cpu_entry *out);

/* Interrupts off, SysTick stopped (the ms clock: no cpu_ms_stop() needed
 * before), NVIC cleared, VTOR/MSP as e says, then the jump with r0 = 0,
 * r1 = 0xFFFFFFFF, r2, r3. Peripherals are the board's to quiet before
 * this. */
__attribute__((noreturn)) void cpu_enter(const struct cpu_entry *e,
                                         uint32_t r2, uint32_t r3);

/* Exception handlers the vector table names. */
void cpu_fault_handler(void);
void cpu_systick_handler(void);

#endif
