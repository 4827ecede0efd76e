/* The block device contract between fs/ and whatever sits below it. */
#ifndef EXTLOAD_BLOCKDEV_H
#define EXTLOAD_BLOCKDEV_H

#include <stdint.h>

#define BLOCKDEV_SECTOR 512u

/* 512-byte sectors. read() gets the longest contiguous run the caller can
 * name: a driver must turn one call into one multi-block transfer (CMD18 on
 * an SD card). Returns 0 or a negative driver error code. */
struct blockdev {
    int (*read)(void *ctx, uint64_t lba, uint32_t count, void *buf);
    void *ctx;
    uint64_t sectors;            /* capacity; 0 when unknown */
};

#endif
