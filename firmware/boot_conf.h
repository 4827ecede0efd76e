/* The boot flow's build options, FatFs-style: what each does and what it
 * costs. The tiny profile (make PROFILE=tiny, -DEXTLOAD_TINY=1) picks the
 * small choice of each; any option may still be set on its own with -D.
 */
#ifndef EXTLOAD_BOOT_CONF_H
#define EXTLOAD_BOOT_CONF_H

#ifndef EXTLOAD_TINY
#define EXTLOAD_TINY 0
#endif

/* BOOT_REQUIRE_SHA256
 *   0: a kernel with a KERNEL.sha256 file must match it; one without is
 *      booted unverified.
 *   1: a kernel without KERNEL.sha256 is refused. Costs a few bytes. */
#ifndef BOOT_REQUIRE_SHA256
#define BOOT_REQUIRE_SHA256 0
#endif

/* BOOT_RISCV_LINUX: a kernel whose first bytes carry the RISC-V Linux
 * Image header (magic2 "RSC\x05" at 0x38) is entered through SBI firmware
 * (the label's FIRMWARE, else /boot/fw_dynamic.bin), placed at the
 * board's RAM base + its text_offset with its image_size kept free, the
 * initrd and the device tree above it (firmware/boot_plan.c).
 *   1  the default profile. `make size` shows its cost in the
 *      firmware/boot line; about 1,170 bytes of it on Cortex-M3 -Os
 *      (boot_plan.c: 2,507 bytes with it, 1,337 without).
 *   0  every kernel is placed and entered as any other image (at the
 *      window's start, jumped to by the board); FIRMWARE lines are read
 *      and not used. The tiny profile's choice. */
#ifndef BOOT_RISCV_LINUX
#define BOOT_RISCV_LINUX (!EXTLOAD_TINY)
#endif

/* BOOT_MESSAGES: how the console names an error of the SD driver, the
 * partition table, the reader or the boot flow.
 *   1  its sentence ("card did not respond to a command"), from the
 *      tables in drivers/sdspi.h, fs/part.h, fs/ext.h and firmware/boot.h.
 *   0  its table and number ("SD error -4"), looked up in those headers;
 *      with EXT_MESSAGES=0 too, no table of sentences is linked. The tiny
 *      profile's choice: saves 1.5 KiB of flash there (`make size`
 *      prints it). */
#ifndef BOOT_MESSAGES
#define BOOT_MESSAGES (!EXTLOAD_TINY)
#endif

/* BOOT_REPORT: what the boot flow says when a step goes right.
 *   1  a line per step: the partition, the mount (flavour, block size,
 *      blocks, time), the config (path, labels, default), each label in
 *      full, each file loaded (address, bytes, time, speed), each SHA-256
 *      that matched or was not there to check, the board's device tree.
 *   0  only "label: 'NAME'" as each label is tried and the hand-off line;
 *      every error and warning is said as with 1. The tiny profile's
 *      choice: saves about 1.5 KiB of flash on Cortex-M3 (`make size`). */
#ifndef BOOT_REPORT
#define BOOT_REPORT (!EXTLOAD_TINY)
#endif

/* CONSOLE_FULL: what the console's printf (firmware/console.c) formats.
 *   1  %% %c %s %.*s %.Ns %d %i %u %o %x %X %p, flags '-' and '0', a
 *      width, the l/ll/z length modifiers.
 *   0  %% %c %s %.*s %u %o %x with '-', '0', a width and l/ll: what the
 *      loader's own messages use (no signed numbers, no %X, %p, %z, no
 *      digits after the '.'). The tiny profile's choice: saves about 260
 *      bytes of Cortex-M3 flash (`make size`). A NULL %s prints "(null)"
 *      in both. */
#ifndef CONSOLE_FULL
#define CONSOLE_FULL (!EXTLOAD_TINY)
#endif

/* BOOT_INTERACTIVE: the menu, the countdown and the "extload> " prompt.
 *   1  TIMEOUT/PROMPT in extlinux.conf show the menu and count down; a key
 *      stops the countdown and opens the prompt (help, labels, boot, ls,
 *      stat, cat, sha256, info, reset), which also opens when no label
 *      boots. Console input is polled into a 64-byte ring during the boot
 *      steps so typed-ahead keys are kept. Costs about 4.9 KiB of flash,
 *      200 bytes of .bss and 192 bytes of worst-case stack on Cortex-M3
 *      (`make size` prints the flash figure).
 *   0  TIMEOUT, PROMPT and MENU are skipped like unknown keywords; nothing
 *      waits or reads the console; when no label boots the loader stops.
 *      The tiny profile's choice. */
#ifndef BOOT_INTERACTIVE
#define BOOT_INTERACTIVE (!EXTLOAD_TINY)
#endif

/* BOOT_FDT_EDIT: the device tree reader and editor (firmware/fdt.c,
 * firmware/fdt_edit.c, API in firmware/fdt.h): checks every offset and
 * length of a DTB, reads the root's cells and the /memory ranges, and
 * copies the tree into a buffer with room to set /chosen's bootargs and
 * linux,initrd-start/-end (what a Linux kernel needs from its loader).
 *   1  built. 4.6 KiB of Cortex-M3 flash when linked (3.7 KiB without
 *      BOOT_MESSAGES' sentences), no RAM of its own (the caller gives the
 *      buffer), 256 bytes of stack at most (firmware/README.md).
 *   0  not built: a label's device tree is passed on as the file holds
 *      it. The tiny profile's choice. */
#ifndef BOOT_FDT_EDIT
#define BOOT_FDT_EDIT (!EXTLOAD_TINY)
#endif

/* SHA256_UNROLL: the compression function with the whole 64-word
 * message schedule made first, then eight rounds per loop step in
 * straight-line code, the working variables renamed round by round
 * instead of moved.
 *   1 (the default profile): 37.9 Cortex-M3 instructions a byte (`make bench`);
 *     costs 420 bytes of flash (`make size`), and the compression
 *     function's frame grows from 160 to 328 bytes of stack (the
 *     256-byte schedule).
 *   0 (the tiny profile): one round per loop step over a 16-word ring,
 *     68.4 a byte.
 */
#ifndef SHA256_UNROLL
#define SHA256_UNROLL (!EXTLOAD_TINY)
#endif

#endif
