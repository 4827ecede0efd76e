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
 * (the label's FIRMWARE, else the first of /boot/fw_dynamic.bin,
 * /fw_dynamic.bin, Debian's /usr/lib/riscv64-linux-gnu/opensbi/generic/
 * fw_dynamic.bin: firmware/boot/boot_plan.h), placed at the
 * board's RAM base + its text_offset with its image_size kept free, the
 * initrd and the device tree above it (firmware/boot/boot_plan.c).
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
 * partition table, the reader or the boot flow, and why extlinux.conf's
 * keyword is skipped.
 *   1  its sentence ("card did not respond to a command"), from the
 *      tables in drivers/sdspi.h, fs/part.h, fs/ext.h and
 *      firmware/boot/boot_err.h,
 *      the flow's own reasons ("9000 bytes, larger than the 8192 bytes
 *      left in the load window", a digest that does not match), and
 *      "config: UI: not handled by extload; skipped".
 *   0  an error's table and number ("SD error -4", "boot error -6" after
 *      the file's path), looked up in those headers; the mount's warnings
 *      as their EXT_WARN_* bits; "config: UI: skipped" (the word as the
 *      file spells it, no reason: the names of the keywords the build
 *      leaves out are not linked);
 *      with EXT_MESSAGES=0 too, no table of sentences is linked (nor the
 *      driver's: the boards then leave struct boot_env's dev_strerror
 *      NULL, and a failed read gives the driver's code as a number). The
 *      tiny profile's choice; `make size` prints what it saves there. */
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
 *      choice (`make size` prints what it saves). */
#ifndef BOOT_REPORT
#define BOOT_REPORT (!EXTLOAD_TINY)
#endif

/* CONSOLE_FULL: what the console's printf (firmware/console/console.c)
 * formats.
 *   1  %% %c %s %.*s %.Ns %d %i %u %o %x %X %p, flags '-' and '0', a
 *      width, the l/ll/z length modifiers.
 *   0  %c %s %.*s %u %o %x with '0', a width and l (ll only where a
 *      long long is as wide as a long: RV64, the host; the Cortex-M3
 *      image has none, which bench.t_size checks): what the loader's
 *      own messages and the host tool's ls and stat use when
 *      BOOT_INTERACTIVE is 0 (no signed numbers, no %X, %p, %z, %%, no
 *      '-', no digits after the '.'; those print nothing). The tiny
 *      profile's choice (`make size` prints what it saves). A NULL %s
 *      prints "(null)" in both. */
#ifndef CONSOLE_FULL
#define CONSOLE_FULL (!EXTLOAD_TINY)
#endif

/* CONSOLE_QUOTE: a %s the console prints (a path, a label's name).
 *   1  its bytes below 0x20, 0x7f and '\' as \xHH (lib/quote.h): a name
 *      on the card cannot split a message's line or send the terminal
 *      an escape sequence.
 *   0  its bytes as they are: the tiny profile's choice, whose flash
 *      has no room for it (`make size` prints what it costs there). */
#ifndef CONSOLE_QUOTE
#define CONSOLE_QUOTE (!EXTLOAD_TINY)
#endif

/* BOOT_INTERACTIVE: the menu, the countdown and the "extload> " prompt.
 *   1  TIMEOUT/PROMPT in extlinux.conf show the menu and count down; a key
 *      stops the countdown and opens the prompt (help, labels, boot, ls,
 *      stat, cat, sha256, info, reset), which also opens when no label
 *      boots. Console input is polled into a 64-byte ring during the boot
 *      steps so typed-ahead keys are kept. Costs flash, .bss (the ring and
 *      the line in struct boot_state) and stack: `make size` prints the
 *      flash with and without it, the .bss and the worst-case stack.
 *   0  TIMEOUT, PROMPT and MENU are skipped like unknown keywords; nothing
 *      waits or reads the console; when no label boots the loader stops.
 *      The tiny profile's choice. */
#ifndef BOOT_INTERACTIVE
#define BOOT_INTERACTIVE (!EXTLOAD_TINY)
#endif

/* BOOT_FDT_EDIT: the device tree reader and editor (firmware/fdt/fdt.c,
 * firmware/fdt/fdt_edit.c, API in firmware/fdt/fdt.h): checks every offset and
 * length of a DTB, reads the root's cells and the /memory ranges, and
 * copies the tree into a buffer with room to set /chosen's bootargs and
 * linux,initrd-start/-end (what a Linux kernel needs from its loader).
 *   1  built: its flash when linked is in `make size` (the firmware/fdt
 *      lines), no RAM of its own (the caller gives the buffer), a few
 *      small frames of stack (no recursion: firmware/README.md).
 *   0  not built: a label's device tree is passed on as the file holds
 *      it. The tiny profile's choice. */
#ifndef BOOT_FDT_EDIT
#define BOOT_FDT_EDIT (!EXTLOAD_TINY)
#endif

/* BOOT_FDT_OVERLAY: FDTOVERLAYS (U-Boot's keyword, as Debian's
 * u-boot-update writes it): each device-tree overlay a label names is
 * loaded, checked and applied to the label's tree as libfdt's
 * fdt_overlay_apply applies it (firmware/fdt/fdt_overlay.c): fragments
 * by target or target-path, __fixups__ through the tree's __symbols__,
 * the overlay's phandles renumbered above the tree's, __symbols__
 * merged. Needs BOOT_FDT_EDIT. A RISC-V Linux label's tree (its FDT,
 * FDTDIR or the board's) and any other label's FDT or FDTDIR get them:
 * on lm3s6965evb too, where a tree is otherwise passed on untouched.
 *   1  built: its flash is in `make size` (the firmware/fdt lines), no
 *      RAM of its own: the plan keeps room past the tree for what the
 *      overlays add; an overlay that cannot apply is named and skipped,
 *      whole.
 *   0  FDTOVERLAYS named once and skipped. The tiny profile's choice. */
#ifndef BOOT_FDT_OVERLAY
#define BOOT_FDT_OVERLAY (BOOT_FDT_EDIT && !EXTLOAD_TINY)
#endif

/* BOOT_SIGNED: signed labels (firmware/README.md, "Signed labels").
 *   1  a label's SIGNATURE line is read, and when the board gives a
 *      public key (env->pubkey) a label boots only when the Ed25519
 *      signature in that file verifies over its message
 *      (firmware/crypto/sigmsg.h): the label's name, APPEND, and every file's
 *      path, size and SHA-256 (each file hashed once, as it loads).
 *      Set by `make firmware BOOT_PUBKEY=key.pub.pem` (the images go to
 *      build/BOARD-signed/), and on the host (extload message, sign,
 *      verify). Links firmware/crypto/ed25519.c, sha512.c and sigmsg.c: the
 *      signed image's extra flash is in `make size` (`signed` option).
 *   0  no SIGNATURE keyword (skipped like any unknown one), nothing of
 *      the verifier linked. Both profiles' choice on the boards. */
#ifndef BOOT_SIGNED
#define BOOT_SIGNED 0
#endif

/* BOOT_ROLLBACK: a rollback floor the board only raises (firmware/
 * README.md, "Rollback"), in a signed build (BOOT_SIGNED). A board that
 * gives struct boot_env's rollback_read boots only labels whose signed
 * message is v2 (a ROLLBACK_INDEX line) with an index not below its
 * floor; a committed boot (DEFAULT's or FALLBACK's label) raises the
 * floor to the smaller of its index and FALLBACK's, and revokes the keys
 * below the one that verified (firmware/boot/boot_rollback.c). Several
 * keys (BOOT_PUBKEY=a.pem,b.pem) are tried in index order, a revoked one
 * skipped.
 *   1  the default profile, when signed. Costs flash in the signed
 *      images, the OTP driver (drivers/sifive_otp.c) with it on
 *      sifive-u, and a few words of stack (`make size`: "BOOT_ROLLBACK
 *      on BOARD").
 *   0  no floor and no revocation: a signed label of either message
 *      version boots, with any of the keys. The tiny profile's choice
 *      (which is not signed either). */
#ifndef BOOT_ROLLBACK
#define BOOT_ROLLBACK (BOOT_SIGNED && !EXTLOAD_TINY)
#endif
#if BOOT_ROLLBACK && !BOOT_SIGNED
#error "BOOT_ROLLBACK needs BOOT_SIGNED"
#endif

/* BOOT_KEYS_MAX: the public keys a signed build carries (BOOT_PUBKEY's
 * list), each its RFC 8032 encoding in flash; their index is their
 * place in it. */
#define BOOT_KEYS_MAX 4u

/* BOOT_CONFIG_MAX: bytes of extlinux.conf (with every file INCLUDE reads
 * and the APPEND lines ${var} rewrites) the loader reads. They live in
 * the load window's tail (firmware/README.md, "The load window"), not in
 * RAM of the loader's own: a larger buffer costs no flash and no .bss,
 * only that many bytes less window for the kernel.
 *   8192  the default profile: a distribution's file (Debian's
 *         u-boot-menu writes about 650 bytes per kernel) with room.
 *   2048  the tiny profile: two kernels' worth.
 * A longer file is read up to its last whole line that fits, and the
 * label open at the cut is dropped, said on the console. */
#ifndef BOOT_CONFIG_MAX
#define BOOT_CONFIG_MAX (EXTLOAD_TINY ? 2048u : 8192u)
#endif

/* BOOT_CONF_INCLUDE: INCLUDE file and MENU INCLUDE file (syslinux reads
 * both into the config where they stand), nested up to
 * CONFIG_INCLUDE_DEPTH (4) files deep, relative to the config's
 * directory; a cycle, a deeper one or a file that cannot be read is
 * refused by name and the rest of the config is read.
 *   1  the default profile (`make size` prints the cost of the config
 *      options together).
 *   0  INCLUDE lines are named on the console and skipped. The tiny
 *      profile's choice. */
#ifndef BOOT_CONF_INCLUDE
#define BOOT_CONF_INCLUDE (!EXTLOAD_TINY)
#endif

/* BOOT_CONF_VARS: ${name} in APPEND replaced by the board's value when
 * the board defines name (its table: env->vars; lm3s6965evb defines
 * none, sifive-u ${fdtfile}); any other ${...} stays as written.
 *   1  the default profile (its cost: `make size`, with INCLUDE's).
 *   0  every ${...} stays as written. The tiny profile's choice. */
#ifndef BOOT_CONF_VARS
#define BOOT_CONF_VARS (!EXTLOAD_TINY)
#endif

/* BOOT_CONF_SAY: extlinux.conf's SAY lines.
 *   1  SAY's text is printed on the console as the file is read.
 *   0  SAY lines are named on the console once and skipped, like
 *      INCLUDE without BOOT_CONF_INCLUDE. The tiny profile's choice
 *      (`make size` prints the cost of the config options together). */
#ifndef BOOT_CONF_SAY
#define BOOT_CONF_SAY (!EXTLOAD_TINY)
#endif

/* BOOT_CONF_ONTIMEOUT: extlinux.conf's ONTIMEOUT, the label the
 * countdown's end boots (syslinux), tried before DEFAULT's.
 *   1  the default profile: config_default() takes ONTIMEOUT's label
 *      when it names one.
 *   0  ONTIMEOUT lines are named on the console once and skipped: the
 *      default is DEFAULT's label, else MENU DEFAULT's. A loader without
 *      a countdown (BOOT_INTERACTIVE=0) can live without it. The tiny
 *      profile's choice (`make size` prints the cost of the config options
 *      together). */
#ifndef BOOT_CONF_ONTIMEOUT
#define BOOT_CONF_ONTIMEOUT (!EXTLOAD_TINY)
#endif

/* BOOT_TRIAL: trial boots (firmware/README.md, "Trial boots"). Before
 * any label the flow reads the board's trial record (64 bytes that
 * survive a warm reset: struct boot_env's trial_read/trial_write,
 * firmware/trial/trial.h), boots its label once per try left, writing
 * the record back before the label loads, and marks it failed when the
 * tries ran out uncommitted; the kernel's command line gets
 * extload.label=, extload.trial= and extload.trial_failed=
 * (firmware/boot/boot_trial.c). On lm3s6965evb a trial arms the
 * watchdog before the hand-off.
 *   1  the default profile. Costs flash (`make size`: BOOT_TRIAL), the
 *      record's store in board RAM apart from the loader's own (a
 *      .noinit block on lm3s6965evb, a reserved DRAM page on sifive-u),
 *      struct boot_trial in struct boot_state, and a small frame while
 *      the record is read (`make size` prints them).
 *   0  no record is read or written, no words are added to the command
 *      line, no watchdog is armed. The tiny profile's choice: its
 *      16 KiB had under 100 bytes left. */
#ifndef BOOT_TRIAL
#define BOOT_TRIAL (!EXTLOAD_TINY)
#endif

/* BOOT_CONF_FALLBACK: extlinux.conf's FALLBACK <label> (U-Boot's
 * keyword, boot/pxe_utils.c): the label tried right after the default
 * fails, before the others in file order. With trial boots
 * (BOOT_TRIAL) it is the committed choice's second: a running system
 * that commits a new label keeps the old one there.
 *   1  the default profile (its cost: `make size`, with INCLUDE's).
 *   0  FALLBACK lines are named on the console once and skipped: after
 *      the default, the labels go in file order. The tiny profile's
 *      choice. */
#ifndef BOOT_CONF_FALLBACK
#define BOOT_CONF_FALLBACK (!EXTLOAD_TINY)
#endif

/* BOOT_CONF_PARTITION: a label's PARTITION line (firmware/README.md,
 * "A/B slots"): its files come from another partition of the card,
 * named as Linux's root= names it (N, PARTLABEL=, PARTUUID=), mounted
 * read-only in the one struct ext_fs in place of the config's (which is
 * mounted again for what lives there: the firmware search, SIGNATURE,
 * the prompt).
 *   1  the default profile (its cost: `make size`).
 *   0  PARTITION lines are named on the console once and skipped, so
 *      the label's files are looked for on the config's partition. The
 *      tiny profile's choice. */
#ifndef BOOT_CONF_PARTITION
#define BOOT_CONF_PARTITION (!EXTLOAD_TINY)
#endif

/* BOOT_UINITRD: an INITRD file with a U-Boot legacy image header
 * (uInitrd, as mkimage -T ramdisk writes it: 64 bytes, magic 0x27051956
 * big-endian) has its header CRC and data size checked and its data
 * CRC too, and the header is skipped: the kernel gets the data only.
 *   1  the default profile (its cost: `make size`, with INCLUDE's).
 *   0  the file is handed over as it is, header and all. The tiny
 *      profile's choice. */
#ifndef BOOT_UINITRD
#define BOOT_UINITRD (!EXTLOAD_TINY)
#endif

/* BOOT_GZIP: compressed kernels (firmware/README.md, "Compressed
 * kernels"). A KERNEL file that is a gzip member (RFC 1952, magic 1f 8b,
 * whatever its name: Image.gz) or an EFI zboot image whose payload is
 * gzip (Linux's drivers/firmware/efi/libstub/zboot-header.S: "MZ",
 * "zimg" at 0x04) is inflated (firmware/inflate/inflate.c) as it streams
 * from the card, straight into the place its uncompressed image would
 * have; the RISC-V Image header is read from the inflated bytes. Its
 * .sha256 and the signed message cover the file as stored.
 *   1  both boards' default profile. Costs flash (`make size`:
 *      BOOT_GZIP), no RAM of its own: the decoder's state (about 1.3
 *      KiB) and a 4 KiB chunk of the compressed file live in the load
 *      window past the label's files, before the hand-off block.
 *   0  a compressed kernel fails its label by name (BOOT_ECOMPRESSED);
 *      the tiny profile's choice. */
#ifndef BOOT_GZIP
#define BOOT_GZIP (!EXTLOAD_TINY)
#endif

/* BOOT_GZIP_REFUSE: without BOOT_GZIP, a kernel that begins with gzip's
 * magic (1f 8b) or is an EFI zboot image ("MZ", "zimg" at 0x04; "MZ"
 * alone is an EFI-stub Image, booted as before) fails its label at the
 * hand-off with BOOT_ECOMPRESSED ("the kernel is compressed in a way this
 * build does not inflate"; "boot error -19" without BOOT_MESSAGES)
 * instead of being jumped into. On wherever BOOT_GZIP is off, the tiny
 * profile included: 56 bytes of its lm3s6965evb image, 80 on sifive-u
 * (`make size`, tiny: BOOT_GZIP_REFUSE on BOARD), room the 16 KiB sector
 * got from bytes the image no longer carries (issue 52). */
#ifndef BOOT_GZIP_REFUSE
#define BOOT_GZIP_REFUSE (!BOOT_GZIP)
#endif

/* BOOT_INITRD_LIST: INITRD a,b,c (U-Boot's extlinux reads it so).
 *   1  up to BOOT_INITRD_PARTS (firmware/boot/boot.h) files, each opened,
 *      checked against its own .sha256 and loaded back to back: the
 *      kernel gets one initrd, their concatenation (a cpio archive may
 *      be split so). More files fail the label. The default profile.
 *   0  INITRD names one file, a ',' part of its name (a list fails as a
 *      file that is not there, by that name). The tiny profile's choice
 *      (`make size` prints the cost of the config options together). */
#ifndef BOOT_INITRD_LIST
#define BOOT_INITRD_LIST (!EXTLOAD_TINY)
#endif

/* SHA256_UNROLL: the compression function with the whole 64-word
 * message schedule made first, then eight rounds per loop step in
 * straight-line code, the working variables renamed round by round
 * instead of moved.
 *   1 (the default profile): 37.9 Cortex-M3 instructions a byte (`make bench`);
 *     costs flash (`make size`: SHA256_UNROLL), and the compression
 *     function's frame grows by the 64-word (256-byte) schedule.
 *   0 (the tiny profile): one round per loop step over a 16-word ring,
 *     68.4 a byte.
 */
#ifndef SHA256_UNROLL
#define SHA256_UNROLL (!EXTLOAD_TINY)
#endif

#endif
