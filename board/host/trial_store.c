/* The trial record's store on the running system (trial_store.h). */
#include "board/host/trial_store.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/be.h"

/* A device tree's cells: at most 4 of address and 4 of size. */
#define CELLS_MAX 4u
#define REG_MAX (2u * CELLS_MAX * 4u)

/* The physical memory the nvmem fallback maps. */
#define DEVMEM "/dev/mem"

static long read_all(const char *path, uint8_t *buf, size_t cap)
{
    int fd = open(path, O_RDONLY);
    size_t n = 0;

    if (fd < 0)
        return -1;
    while (n < cap) {
        ssize_t r = read(fd, buf + n, cap - n);

        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    return (long)n;
}

int trial_store_read(const char *path, uint8_t raw[TRIAL_RECORD_SIZE],
                     char why[TRIAL_STORE_WHY])
{
    struct stat st;
    long n;

    memset(raw, 0, TRIAL_RECORD_SIZE);
    if (stat(path, &st) && errno == ENOENT)
        return 0;
    n = read_all(path, raw, TRIAL_RECORD_SIZE);
    if (n < 0) {
        snprintf(why, TRIAL_STORE_WHY, "%s", strerror(errno));
        return -1;
    }
    if (n != 0 && n != (long)TRIAL_RECORD_SIZE) {
        snprintf(why, TRIAL_STORE_WHY, "holds %ld bytes, not the record's %u",
                 n, TRIAL_RECORD_SIZE);
        return -1;
    }
    return 0;
}

/* dir/name with dir the folder of path. */
static int beside(char *out, size_t cap, const char *path, const char *name)
{
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path) : 1;
    int n = snprintf(out, cap, "%.*s/%s", dirlen, slash ? path : ".", name);

    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

/* A cell count property (one big-endian u32), or dflt when absent. */
static uint32_t cells_of(const char *path, uint32_t dflt)
{
    uint8_t b[4];

    if (read_all(path, b, sizeof(b)) != 4)
        return dflt;
    return be32(b);
}

/* The nvmem device's physical address and size from its of_node. */
static int nvmem_phys(const char *path, uint64_t *addr, uint64_t *size,
                      char why[TRIAL_STORE_WHY])
{
    char p[4096];
    uint8_t reg[REG_MAX];
    uint32_t ac, sc;
    long n;

    if (beside(p, sizeof(p), path, "of_node/../#address-cells"))
        goto too_long;
    ac = cells_of(p, 2);
    if (beside(p, sizeof(p), path, "of_node/../#size-cells"))
        goto too_long;
    sc = cells_of(p, 1);
    if (ac < 1 || ac > 2 || sc > 2) {
        snprintf(why, TRIAL_STORE_WHY, "the node's parent has "
                 "#address-cells %" PRIu32 ", #size-cells %" PRIu32
                 " (1 or 2, 0 to 2 read)", ac, sc);
        return -1;
    }
    if (beside(p, sizeof(p), path, "of_node/reg"))
        goto too_long;
    n = read_all(p, reg, sizeof(reg));
    if (n < 0 || (uint32_t)n < 4u * (ac + sc)) {
        snprintf(why, TRIAL_STORE_WHY, "not writable, and of_node/reg is %s",
                 n < 0 ? "absent (not an nvmem device of the device tree)"
                       : "shorter than its cells");
        return -1;
    }
    *addr = *size = 0;
    for (uint32_t i = 0; i < 4u * (ac + sc); i++) {
        uint64_t *v = i < 4u * ac ? addr : size;

        *v = *v << 8 | reg[i];
    }
    if (!sc)
        *size = TRIAL_RECORD_SIZE;
    return 0;
too_long:
    snprintf(why, TRIAL_STORE_WHY, "the path is too long");
    return -1;
}

static int devmem_write(const char *path, const uint8_t raw[TRIAL_RECORD_SIZE],
                        char via[TRIAL_STORE_WHY], char why[TRIAL_STORE_WHY])
{
    long page = sysconf(_SC_PAGESIZE);
    uint64_t addr, size, base;
    size_t len;
    uint8_t back[TRIAL_RECORD_SIZE];
    volatile uint8_t *map;
    int fd;

    if (nvmem_phys(path, &addr, &size, why))
        return -1;
    if (size < TRIAL_RECORD_SIZE) {
        snprintf(why, TRIAL_STORE_WHY, "the region at 0x%" PRIx64 " holds %"
                 PRIu64 " bytes, less than the record's %u", addr, size,
                 TRIAL_RECORD_SIZE);
        return -1;
    }
    fd = open(DEVMEM, O_RDWR | O_SYNC);
    if (fd < 0) {
        snprintf(why, TRIAL_STORE_WHY, "not writable, and %s: %s", DEVMEM,
                 strerror(errno));
        return -1;
    }
    base = addr & ~(uint64_t)(page - 1);
    len = (size_t)(addr - base) + TRIAL_RECORD_SIZE;
    map = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED,
               fd, (off_t)base);
    close(fd);
    if (map == MAP_FAILED) {
        snprintf(why, TRIAL_STORE_WHY, "%s at 0x%" PRIx64 ": %s", DEVMEM,
                 addr, strerror(errno));
        return -1;
    }
    for (uint32_t i = 0; i < TRIAL_RECORD_SIZE; i++)
        map[addr - base + i] = raw[i];
    munmap((void *)map, len);
    snprintf(via, TRIAL_STORE_WHY, "%s at 0x%" PRIx64, DEVMEM, addr);
    if (read_all(path, back, sizeof(back)) != (long)sizeof(back) ||
        memcmp(back, raw, sizeof(back))) {
        snprintf(why, TRIAL_STORE_WHY, "written through %s at 0x%" PRIx64
                 ", but it reads back other bytes", DEVMEM, addr);
        return -1;
    }
    return 0;
}

int trial_store_write(const char *path, const uint8_t raw[TRIAL_RECORD_SIZE],
                      char via[TRIAL_STORE_WHY], char why[TRIAL_STORE_WHY])
{
    struct stat st;
    int fd = open(path, O_WRONLY | O_CREAT, 0644);
    ssize_t w;

    if (fd < 0 && (errno == EACCES || errno == EPERM || errno == EROFS))
        return devmem_write(path, raw, via, why);
    if (fd < 0) {
        snprintf(why, TRIAL_STORE_WHY, "%s", strerror(errno));
        return -1;
    }
    do {
        w = pwrite(fd, raw, TRIAL_RECORD_SIZE, 0);
    } while (w < 0 && errno == EINTR);
    if (w != (ssize_t)TRIAL_RECORD_SIZE ||
        (!fstat(fd, &st) && S_ISREG(st.st_mode) && fsync(fd))) {
        snprintf(why, TRIAL_STORE_WHY, "%s", w < 0 || w == TRIAL_RECORD_SIZE
                 ? strerror(errno) : "short write");
        close(fd);
        return -1;
    }
    if (close(fd)) {
        snprintf(why, TRIAL_STORE_WHY, "%s", strerror(errno));
        return -1;
    }
    snprintf(via, TRIAL_STORE_WHY, "file");
    return 0;
}
