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

#endif
