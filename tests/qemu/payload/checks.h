/* The checks both test kernels (tests/qemu/payload, tests/qemu/payload-riscv)
 * make of what extload handed them: the hand-off block, the kernel's own
 * bytes (padding written by mkkernel), the command line and the FDT's
 * header. Pure C; output goes through the caller's console (its write
 * callback). Each kernel keeps its entry, register and CPU-state checks
 * in its own payload.c. */
#ifndef EXTLOAD_PAYLOAD_CHECKS_H
#define EXTLOAD_PAYLOAD_CHECKS_H

#include <stdint.h>

#include "firmware/console/console.h"
#include "firmware/boot/handoff.h"

struct payload_checks {
    const struct console *con;     /* where "payload: ..." lines go */
    uintptr_t ram_lo, ram_hi;      /* the RAM the loader may hand over */
    unsigned failures;             /* checks failed so far */
};

/* Copies .data from its load address and clears .bss: the first thing a
 * test kernel does (touches no static itself). */
void payload_init_ram(void);

/* Counts a failed check and prints "payload: FAIL WHAT". */
void payload_check(struct payload_checks *pc, int ok, const char *what);

/* 1 if [addr, addr + len) lies in the checks' RAM. */
int payload_in_ram(const struct payload_checks *pc, uintptr_t addr,
                   uintptr_t len);

/* The hand-off block H (already known to be one, by its magic): version,
 * size, the label line, the kernel's address and size, every padding byte
 * past the linked image, the initrd (version 2: "payload: initrd N bytes
 * at ADDR: "its first printable bytes"", or "payload: no initrd") and the
 * command line. */
void payload_check_handoff(struct payload_checks *pc,
                           const struct extload_handoff *h);

/* The FDT the hand-off names: "payload: no fdt" and 0 when none;
 * otherwise its magic, totalsize and 8-byte alignment are checked and 1
 * is returned (where it lies and its line are the caller's). */
int payload_check_fdt(struct payload_checks *pc,
                      const struct extload_handoff *h);

/* With payload.dumpfdt in the command line: the FDT's bytes, 32 a line,
 * as "payload: fdt-hex HEX" (tests/qemu/t_overlay_lm3s.sh reads them). */
void payload_dump_fdt(struct payload_checks *pc,
                      const struct extload_handoff *h);

/* Prints "payload: N checks failed". */
void payload_report(const struct payload_checks *pc);

/* tests/qemu/payload/trial.c (PAYLOAD_TRIAL): payload.arm= and
 * payload.hang in the command line (tests/qemu/t_trial.sh). */
void payload_trial(struct payload_checks *pc, const char *cmdline);

#endif
