/* What the image and journal harnesses share (tests/fuzz/h_walk.c): the
 * fuzzer's bytes as a disk, and the bounded walk of a mounted filesystem
 * with its invariants. */
#ifndef EXTLOAD_FUZZ_WALK_H
#define EXTLOAD_FUZZ_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fs/blockdev.h"
#include "fs/ext.h"

/* The disk is at least this long (4 MiB): sectors past the input read as
 * zeros, so a seed is an image cut after its last non-zero byte (a 1 KiB
 * ext4 with its 1 MiB journal fits in 2.1 MiB of disk and 72 KiB of
 * input). A read past the disk breaks an invariant. With `exact` the disk
 * ends where the input does (rounded up to a sector). */
#define FZ_DISK_MIN_SECTORS 8192u

struct fz_disk {
    const uint8_t *img;
    size_t len;                   /* bytes of img */
    blockdev_lba_t sectors;       /* the disk: len rounded up, or the floor
                                     (inputs are at most 64 MiB) */
    const char *bad;              /* a read the device must never see */
};

/* Sectors every fz_disk has served, for the regression replay's bound
 * on the work one input may cause (tests/unit/test_regress.c). */
extern uint64_t fz_sectors_read;

/* The disk over data[0..len) and a block device reading it. */
void fz_disk_init(struct fz_disk *d, struct blockdev *bd,
                  const uint8_t *data, size_t len, bool exact);

/* A hash of the input: which of the alternative chunkings a file gets. */
uint32_t fz_pick(const uint8_t *data, size_t len);

/* The walk of a mounted fs: paths looked up, every directory listed,
 * every inode stat'ed, files read whole, in another chunking and at
 * scattered offsets, loaded with ext_load, symlinks read; each result
 * checked. NULL, or the invariant broken (a bad read included). */
const char *fz_walk(struct ext_fs *fs, struct fz_disk *d, uint32_t pick);

/* An error code's description, into a roomy and a short buffer: NULL, or
 * the invariant broken. */
const char *fz_describe(const struct ext_fs *fs, int rc);

#endif
