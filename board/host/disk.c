/* An image file as a struct blockdev, read with pread. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "disk.h"

static int disk_read(void *ctx, blockdev_lba_t lba, uint32_t count, void *buf)
{
    struct host_disk *d = ctx;
    uint8_t *out = buf;
    uint64_t left = (uint64_t)count * BLOCKDEV_SECTOR;
    off_t off = (off_t)lba * BLOCKDEV_SECTOR;

    if (lba >= d->sectors || count > d->sectors - lba)
        return HOST_DISK_EPAST;
    d->reads++;
    d->sectors_read += count;
    while (left) {
        ssize_t n = pread(d->fd, out, left, off);

        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return errno > 0 ? -errno : -EIO;
        if (n == 0)
            return HOST_DISK_EPAST;   /* the file shrank */
        out += n;
        off += n;
        left -= (uint64_t)n;
    }
    return 0;
}

static int disk_fail(struct host_disk *d, int err, const char *why)
{
    if (d->fd >= 0)
        close(d->fd);
    d->fd = -1;
    d->why = why ? why : strerror(err);
    errno = err;
    return -1;
}

const char *host_disk_strerror(int err)
{
    if (err == HOST_DISK_EPAST)
        return "sectors past the end of the image file";
    return err < 0 ? strerror(-err) : "unknown error";
}

int host_disk_open(struct host_disk *d, const char *path)
{
    struct stat st;
    off_t end;

    d->fd = open(path, O_RDONLY);
    if (d->fd < 0)
        return disk_fail(d, errno, NULL);
    if (fstat(d->fd, &st) < 0)
        return disk_fail(d, errno, NULL);
    if (S_ISDIR(st.st_mode))
        return disk_fail(d, EISDIR, "is a directory, not a disk image");
    /* A regular file's size, or a block device's (st_size is 0 there). */
    end = lseek(d->fd, 0, SEEK_END);
    if (end < 0)
        end = st.st_size;
    if (end == 0)
        return disk_fail(d, EINVAL, S_ISREG(st.st_mode)
                         ? "empty file (0 bytes), not a disk image"
                         : "empty (0 bytes to read), not a disk image");
    if (end < BLOCKDEV_SECTOR)
        return disk_fail(d, EINVAL, "shorter than one 512-byte sector, "
                         "not a disk image");
    d->sectors = (uint64_t)end / BLOCKDEV_SECTOR;
    d->reads = 0;
    d->sectors_read = 0;
    d->bd.read = disk_read;
    d->bd.ctx = d;
    /* A 32-bit build (BLOCKDEV_LBA32) sees the first 2^32 - 1 sectors. */
    d->bd.sectors = d->sectors > BLOCKDEV_LBA_MAX
                        ? BLOCKDEV_LBA_MAX : (blockdev_lba_t)d->sectors;
    return 0;
}

void host_disk_close(struct host_disk *d)
{
    if (d->fd >= 0)
        close(d->fd);
    d->fd = -1;
}
