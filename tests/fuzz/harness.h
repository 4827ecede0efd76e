/* The fuzz harnesses, shared by the libFuzzer targets (tests/fuzz/fuzz_*.c)
 * and the regression replay (tests/unit/test_regress.c), so a kept crash
 * input runs through exactly the code that found it.
 *
 * Each returns NULL when the input ran to its end, or a sentence naming the
 * invariant it broke (a fuzz target then aborts). Memory errors, undefined
 * behaviour and hangs are left to ASan, UBSan and the caller's time limit.
 */
#ifndef EXTLOAD_FUZZ_HARNESS_H
#define EXTLOAD_FUZZ_HARNESS_H

#include <stddef.h>
#include <stdint.h>

/* A disk image (sectors past it read as zeros, up to 4 MiB of disk):
 * part_find(auto), ext_mount_journal, a bounded walk of the whole tree;
 * every inode stat'ed, every file read into a bounded buffer and loaded
 * with ext_load, symlinks read and followed, paths looked up. */
const char *fuzz_image_one(const uint8_t *data, size_t len);

/* A bare ext3/ext4 filesystem with a dirty journal (the same disk):
 * ext_mount_journal with a small table, then a large one when it is full;
 * a table one entry short and no table must fail with EXT_EJFULL; then
 * the image harness's walk. */
const char *fuzz_journal_one(const uint8_t *data, size_t len);

/* A whole disk (tests/fuzz/h_part.c; most inputs end the disk, one in
 * eight gets the 4 MiB disk): part_scheme, part_get for partition
 * numbers around the limits, part_find(0); the partitions inside the
 * disk, the answers stable, the reads bounded, and part_find agreeing
 * with part_get on the first partition with the ext magic. */
const char *fuzz_part_one(const uint8_t *data, size_t len);

/* extlinux.conf text: config_parse, config_boot_order, config_find. */
const char *fuzz_config_one(const uint8_t *data, size_t len);

/* A device tree blob after 4 bytes choosing the edit (tests/fuzz/h_fdt.c):
 * fdt_check, the loader's queries, fdt_open_into (into a new buffer or
 * in place) and fdt_set_chosen; the edited tree must check again and
 * read back what was set. */
const char *fuzz_fdt_one(const uint8_t *data, size_t len);

/* A DEFLATE stream or gzip member after 4 bytes choosing the run
 * (tests/fuzz/h_inflate.c): inflated into a room of the chosen size fed
 * in seeded chunks and in one; the same result and bytes both ways, the
 * room never passed, and a stream that inflated does so again into a
 * room its own size. */
const char *fuzz_inflate_one(const uint8_t *data, size_t len);
/* A tree and an overlay (tests/fuzz/h_fdt_overlay.c): fdt_overlay_apply;
 * a refusal leaves the tree as it was, an overlay applied a tree that
 * checks. */
const char *fuzz_fdt_overlay_one(const uint8_t *data, size_t len);

/* A card whose every response byte comes from the input (after a short
 * header choosing the read to make): sdspi_init, sdspi_read, describe.
 * The fake clock advances per byte; each call must end within the time
 * its waits allow, and never write past the caller's buffer. */
const char *fuzz_sdspi_one(const uint8_t *data, size_t len);

/* An Ed25519 public key (32 bytes), signature (64) and message (the
 * rest): verified in one piece and in pieces, the key checked; the
 * answers must agree, a verified signature must not survive a flipped
 * message bit, and the RFC 8032 vectors must verify. */
const char *fuzz_ed25519_one(const uint8_t *data, size_t len);

#endif
