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

#endif
