/* Build options of board/ (the CPU layers, the boards, board/card.c), in
 * the manner of the *_conf.h of fs/, drivers/ and firmware/: each one says
 * what it does and what it costs. Set them with -D; this header only
 * supplies the defaults. The tiny profile (make PROFILE=tiny,
 * -DEXTLOAD_TINY=1) picks the small choice of each. */
#ifndef EXTLOAD_BOARD_CONF_H
#define EXTLOAD_BOARD_CONF_H

#ifndef EXTLOAD_TINY
#define EXTLOAD_TINY 0
#endif

/* BOARD_REPORT: what the board says on the console besides its errors.
 *   1  the banner with the clock, load window and loader RAM; the card
 *      with its CID (maker, OEM, product name, revision, serial) and bus
 *      clock; the kernel's entry with its vector-table words; a fault by
 *      name with pc, lr, xpsr, sp, CFSR, HFSR, MMFAR, BFAR, r0-r3, r12.
 *   0  no banner and, when the card comes up, no card line (a quiet
 *      success, as firmware/'s BOOT_REPORT=0; a prompt's `info` says
 *      "card: SDSC, 131072 sectors, 0 ms"); one short line each:
 *      "handoff: entry 0x20000041"; "fault: exc 3 pc=... lr=... cfsr=..."
 *      (the board then stops). The CID is not read (SDSPI_CID,
 *      drivers/sdspi_conf.h), so not decoded either.
 *   `make size` prints what 0 saves in the lm3s6965evb tiny profile
 *   (extload-report.bin beside extload.bin).
 */
#ifndef BOARD_REPORT
#define BOARD_REPORT (!EXTLOAD_TINY)
#endif

/* BOARD_STACK_REPORT: lm3s6965evb's hand-off line "handoff: loader stack
 * high-water mark N bytes" (the deepest the loader's stack went, found in
 * the paint the reset code laid).
 *   1  printed; `make size` boots the demo card and checks the figure
 *      against the call graph's worst case.
 *   0  not printed (the tiny profile). The stack is still painted at
 *      reset (a debugger, or a test build's cpu_stack_used(), reads it);
 *      `make size` boots extload-stack.elf, the same image built with 1,
 *      and prints what the line costs.
 *   sifive-u prints the line in both profiles (its image has no flash
 *   budget, and it keeps its full hand-off lines too).
 */
#ifndef BOARD_STACK_REPORT
#define BOARD_STACK_REPORT (!EXTLOAD_TINY)
#endif

/* BOARD_TRIAL_WATCHDOG_S: seconds from a trial boot's hand-off to the
 * watchdog's reset (boards with one: lm3s6965evb, BOOT_TRIAL), unless the
 * kernel reloads it first. The Stellaris watchdog cannot be stopped once
 * started: a trial kernel that comes up must keep reloading it (or set
 * its own WDTLOAD), as it must commit its trial. Committed boots never
 * arm it. 30: time for a small kernel to start its own watchdog driver;
 * at most 171 (two time-outs of 2^32 cycles at 50 MHz). */
#ifndef BOARD_TRIAL_WATCHDOG_S
#define BOARD_TRIAL_WATCHDOG_S 30u
#endif

#endif
