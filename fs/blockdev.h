/* The block device contract between fs/ and whatever sits below it. */
#ifndef EXTLOAD_BLOCKDEV_H
#define EXTLOAD_BLOCKDEV_H

#include <stdint.h>

#define BLOCKDEV_SECTOR 512u

/* BLOCKDEV_LBA32
 *   1: sector numbers are 32-bit (blockdev_lba_t), and so are the ext
 *      reader's block numbers: an SD card in SPI mode addresses at most
 *      2^32 sectors (2 TiB), and a 32-bit core then does no 64-bit
 *      arithmetic. A disk, partition or filesystem past that is refused.
 *      The boards and the tiny profile set it: it saves Cortex-M3 code
 *      (`make size`: fs/ flash per build option) and libgcc's 64-bit
 *      division.
 *   0: 64-bit sector numbers, as the host tool reads any image file. */
#ifndef BLOCKDEV_LBA32
#if defined(EXTLOAD_TINY) && EXTLOAD_TINY
#define BLOCKDEV_LBA32 1
#else
#define BLOCKDEV_LBA32 0
#endif
#endif

#if BLOCKDEV_LBA32
typedef uint32_t blockdev_lba_t;
#define BLOCKDEV_LBA_MAX UINT32_MAX
#else
typedef uint64_t blockdev_lba_t;
#define BLOCKDEV_LBA_MAX UINT64_MAX
#endif

/* 512-byte sectors. read() gets the longest contiguous run the caller can
 * name: a driver must turn one call into one multi-block transfer (CMD18 on
 * an SD card). Returns 0 or a negative driver error code. */
/* A driver's codes as sentences (sdspi_strerror): what a caller may hand
 * ext_error_describe_dev / part_describe_dev so that a failed read names
 * the driver's reason; fs/ itself never knows the driver. */
typedef const char *blockdev_strerror_fn(int err);

struct blockdev {
    int (*read)(void *ctx, blockdev_lba_t lba, uint32_t count, void *buf);
    void *ctx;
    blockdev_lba_t sectors;      /* capacity; 0 when unknown */
};

#ifdef __FRAMAC__
/* make prove (fs/README.md, "What is proven"): the card behind every
 * struct blockdev in the proof (tests/prove/harness.c). It has no body:
 * read()'s promise is all the proof knows of it. A read may fail (-1);
 * one that succeeds fills the count >= 1 sectors asked for, in buf, with
 * bytes that may be anything, and writes nothing else. */
/*@ requires count >= 1;
    requires \valid((uint8_t *)buf + (0 .. count * BLOCKDEV_SECTOR - 1));
    assigns ((uint8_t *)buf)[0 .. count * BLOCKDEV_SECTOR - 1] \from \nothing;
    assigns \result \from \nothing;
    ensures \result == 0 || \result == -1;
    ensures \result == 0 ==>
            \initialized((uint8_t *)buf + (0 .. count * BLOCKDEV_SECTOR - 1));
*/
int blockdev_proof_read(void *ctx, blockdev_lba_t lba, uint32_t count,
                        void *buf);
#endif

#endif
