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
 *   0  one short line each: "extload: lm3s6965evb"; "handoff: entry
 *      0x20000041"; "fault: exception 3 pc=... lr=... cfsr=... hfsr=...".
 *      A card that comes up is not reported (a quiet success, as
 *      firmware/'s BOOT_REPORT=0; a prompt's `info` says "card: SDSC,
 *      131072 sectors, 0 ms"). The stack high-water line stays (`make
 *      size` reads it). The CID is not decoded (the tiny profile does
 *      not read it either: SDSPI_CID, drivers/sdspi_conf.h).
 *   `make size` prints what 0 saves in the lm3s6965evb tiny profile
 *   (extload-report.bin beside extload.bin).
 */
#ifndef BOARD_REPORT
#define BOARD_REPORT (!EXTLOAD_TINY)
#endif

#endif
