/* OpenSBI's fw_dynamic hand-off: what the previous stage passes in a2
 * (OpenSBI include/sbi/fw_dynamic.h, read by firmware/fw_dynamic.S): six
 * XLEN words, version 2. Every hart enters the firmware with a0 = its
 * hart id, a1 = the device tree, a2 = this block, which must stay intact
 * until the last hart has entered (every hart reads magic, version and
 * boot_hart on entry).
 *
 * boot_hart only picks the hart that relocates and sets up the firmware
 * (OpenSBI asks for the last hart to leave the previous stage when that
 * stage lies where the firmware is linked; the others wait in it);
 * the hart that starts the next stage is drawn by sbi_init()'s lottery
 * among the harts whose misa has the next mode's extension (S), so on
 * the FU540 always a U54, never the E51.
 */
#ifndef EXTLOAD_RISCV_FW_DYNAMIC_H
#define EXTLOAD_RISCV_FW_DYNAMIC_H

#include <stdint.h>

#define FW_DYNAMIC_MAGIC 0x4942534Fu  /* "OSBI" */
#define FW_DYNAMIC_VERSION 2u         /* boot_hart is read from 2 on */
#define FW_DYNAMIC_MODE_U 0u
#define FW_DYNAMIC_MODE_S 1u
#define FW_DYNAMIC_MODE_M 3u
#define FW_DYNAMIC_BOOT_HART_ANY (~(uint64_t)0)  /* relocation lottery */

/* The block's words (XLEN = 64 here). */
#define FW_DYNAMIC_W_MAGIC     0u
#define FW_DYNAMIC_W_VERSION   1u
#define FW_DYNAMIC_W_NEXT_ADDR 2u
#define FW_DYNAMIC_W_NEXT_MODE 3u
#define FW_DYNAMIC_W_OPTIONS   4u
#define FW_DYNAMIC_W_BOOT_HART 5u
#define FW_DYNAMIC_WORDS       6u

/* Fills a version-2 block: the firmware starts next_addr in next_mode
 * (FW_DYNAMIC_MODE_*), options as OpenSBI's SBI_SCRATCH_* option bits
 * (0: print the banner), boot_hart the hart that sets the firmware up. */
void fw_dynamic_fill(uint64_t info[FW_DYNAMIC_WORDS], uint64_t next_addr,
                     uint64_t next_mode, uint64_t options,
                     uint64_t boot_hart);

#endif
