/* The host port's block device: a raw disk image file. */
#ifndef EXTLOAD_HOST_DISK_H
#define EXTLOAD_HOST_DISK_H

#include <errno.h>
#include <stdint.h>

#include "fs/blockdev.h"

struct host_disk {
    int fd;
    uint64_t sectors;             /* whole sectors in the file */
    uint64_t reads;               /* read calls served */
    uint64_t sectors_read;
    struct blockdev bd;
    const char *why;              /* why host_disk_open failed */
};

/* Its read's codes: a negative errno (pread's), or HOST_DISK_EPAST for
 * sectors the file does not hold. host_disk_strerror names them (the
 * boot flow's and the tool's dev_strerror). */
#define HOST_DISK_EPAST (-ENXIO)
const char *host_disk_strerror(int err);

/* 0, or -1 with errno set and d->why saying why in words: the system's
 * sentence, or that the image is a directory, empty (/dev/null) or
 * shorter than one sector. A block device (a card in a reader) counts
 * its size by seeking to its end. */
int host_disk_open(struct host_disk *d, const char *path);
void host_disk_close(struct host_disk *d);

#endif
