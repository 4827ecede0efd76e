/* The host port's block device: a raw disk image file. */
#ifndef EXTLOAD_HOST_DISK_H
#define EXTLOAD_HOST_DISK_H

#include <stdint.h>

#include "fs/blockdev.h"

struct host_disk {
    int fd;
    uint64_t sectors;             /* whole sectors in the file */
    uint64_t reads;               /* read calls served */
    uint64_t sectors_read;
    struct blockdev bd;
};

/* 0, or -1 with errno set. */
int host_disk_open(struct host_disk *d, const char *path);
void host_disk_close(struct host_disk *d);

#endif
