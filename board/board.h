/* The porting contract: what a board folder provides, what is optional,
 * and what the CPU layer beside it (board/cortex-m/, ...) provides.
 * Generic code reaches a board only through these functions and through
 * struct boot_env (firmware/boot/boot_env.h), which board_init() fills.
 *
 * Boot order on every board:
 *
 *   CPU reset entry (board/<cpu>/startup.c; one core, the others
 *   parked): .data copied, .bss zeroed,
 *   stack painted -> board_main() (board/main.c) -> board_init() ->
 *   boot_run() (firmware/) -> env->handoff == board_handoff() -> the
 *   kernel; or board_stop() with the reason's code.
 *
 * A new board is a folder board/<name>/ that implements the mandatory
 * functions below, a linker script linker/<name>.ld that defines the
 * symbols below, and a board.mk that lists its sources (board/README.md
 * walks through it).
 */
#ifndef EXTLOAD_BOARD_H
#define EXTLOAD_BOARD_H

#include <stdint.h>

#include "board/board_conf.h"
#include "firmware/boot/boot_env.h"
#include "firmware/boot/boot_err.h"
#include "board/cpu.h"
#include "firmware/console/console.h"

/* ---- Mandatory: every board provides these ------------------------- */

/* Bring up clocks, the console and the card, print the banner and the
 * card line, and point *env at the board's boot environment (console,
 * clock, block device, load window, default kernel, hand-off; optionally
 * the device tree the board already holds, default_fdt_*), which lives as
 * long as the loader: a board whose environment is known when it is
 * linked keeps it in flash (lm3s6965evb: no RAM for it). The window is
 * the linker's, or less when the previous stage left something inside it
 * (sifive-u: QEMU's device tree). Returns 0, or a BOOT_E... code after
 * saying why on the console (no card: BOOT_ENOCARD). */
int board_init(const struct boot_env **env);

#if BOOT_ROLLBACK
/* A signed build's rollback floor (firmware/README.md, "Rollback"): sets
 * env's rollback_* and key* hooks to the board's store (board/README.md:
 * sifive-u's OTP; lm3s6965evb's BOOT_ROLLBACK_MIN) and says what it
 * found. */
void board_rollback(struct boot_env *env);
#endif

/* The console, usable from any state (also from a fault handler). */
const struct console *board_console(void);

/* Wait until the console's last byte has left the wire. */
void board_console_flush(void);

/* Enter the kernel (env->handoff). Returns only when it cannot. */
int board_handoff(void *ctx, const struct boot_image *img);

/* Stop codes (the emulator's exit status): 0 a kernel returned, else
 * BOARD_STOP_BOOT_FAILED + (-enum boot_err). */
#define BOARD_STOP_BOOT_FAILED 64

/* ---- Optional ------------------------------------------------------ */

/* BOARD_SEMIHOSTING (make variable; the Makefile says which goals set 1):
 * board_stop() ends the emulator through semihosting. 0, as silicon
 * without a debugger runs (where the semihosting call would trap): it
 * parks the CPU in wfi after the stop's line. */
#ifndef BOARD_SEMIHOSTING
#define BOARD_SEMIHOSTING 0
#endif

/* BOOT_TRIAL: the trial record's store (firmware/trial/trial.h), 64
 * bytes that survive a warm reset and are lost at a power cycle, outside
 * the load window and the loader's .bss, never cleared by startup. A
 * board that has one points struct boot_env's trial_read/trial_write at
 * these (ctx: its trial_ctx); 0, or < 0 when the store cannot be read or
 * written. A board without one leaves trial_read NULL: no trials.
 *   lm3s6965evb: a .noinit block of SRAM (linker/lm3s6965evb.ld), and the
 *     watchdog armed before a trial's hand-off (struct boot_image's
 *     trial; BOARD_TRIAL_WATCHDOG_S).
 *   sifive-u: DRAM's last page, kept out of the load window and given to
 *     Linux as /reserved-memory nvmem-rmem (struct boot_env's
 *     trial_addr); no watchdog in QEMU: a trial relies on panic=N. */
#if BOOT_TRIAL
int board_trial_read(void *ctx, uint8_t rec[TRIAL_RECORD_SIZE]);
int board_trial_write(void *ctx, const uint8_t rec[TRIAL_RECORD_SIZE]);
#endif

/* ---- Provided by board/ for every board ---------------------------- */

/* board/stop.c. Stop for good: flush the console, quiet the clock, then
 * end the emulator with `code` (semihosting builds) or park the CPU. */
__attribute__((noreturn)) void board_stop(int code);
/* board/stop.c, for struct boot_env's reset and idle: flush the console
 * and reset the system (cpu_reset); wait a little (cpu_idle). */
void board_reset(void *ctx);
void board_idle(void *ctx);

/* board/main.c. The CPU layer's reset entry calls this; it never returns. A test build
 * links its own board_main instead (tests/qemu/stream_main.c,
 * tests/bench/fw_bench.c) and still calls board_init(). */
__attribute__((noreturn)) void board_main(void);

/* ---- Provided by the CPU layer: board/cpu.h ---------------------- */

/* cpu_reset() is the board's where the architecture has no system reset
 * (RISC-V: board/sifive-u/reset.c). memcpy & co.: lib/libc/mem.c. */

/* ---- Linker symbols every board's script defines --------------------
 *
 *   __data_load           .data's image in flash (== __data_start for
 *                         an image loaded into RAM)
 *   __data_start, __data_end, __bss_start, __bss_end
 *   __stack_top           initial stack pointer (top of the loader's RAM)
 *   __ram_start, __ram_end     the RAM a kernel may use for its stack
 *   __window_start, __window_end   the load window: kernel, FDT and the
 *                         hand-off block go here and nowhere else; below
 *                         4 GiB (the hand-off block's addresses are 32-bit)
 */
extern uint8_t __window_start[], __window_end[];
extern uint8_t __ram_start[], __ram_end[];
extern uint8_t __bss_end[], __stack_top[];

#define BOARD_WINDOW_START ((uintptr_t)__window_start)
#define BOARD_WINDOW_SIZE \
    ((uint32_t)((uintptr_t)__window_end - (uintptr_t)__window_start))

#endif
