/* Partition tables: MBR (primary and logical) and GPT. */
#ifndef EXTLOAD_PART_H
#define EXTLOAD_PART_H

#include <stdint.h>

#include "blockdev.h"

/* Every error: code, value and part_strerror() text, in one table. */
#define PART_ERRORS(X) \
    X(PART_OK,        0, "success") \
    X(PART_EIO,      -1, "I/O error reading the partition table") \
    X(PART_ENOENT,   -2, "no such partition") \
    X(PART_ECORRUPT, -3, "corrupt partition table") \
    X(PART_ECSUM,    -4, "GPT header or entry array CRC32 mismatch") \
    X(PART_ENOFS,    -5, "no partition holds an ext filesystem")

enum part_err {
#define PART_ERR_ENUM(name, value, text) name = (value),
    PART_ERRORS(PART_ERR_ENUM)
#undef PART_ERR_ENUM
};

enum part_scheme { PART_NONE = 0, PART_MBR = 1, PART_GPT = 2 };

/* "none", "MBR" or "GPT". */
static inline const char *part_scheme_name(int scheme)
{
    return scheme == PART_GPT ? "GPT" : scheme == PART_MBR ? "MBR" : "none";
}

struct part_info {
    blockdev_lba_t lba;       /* first sector */
    blockdev_lba_t sectors;
    uint32_t index;           /* 1-based: MBR 1-4 primary, 5+ logical */
    uint8_t scheme;           /* enum part_scheme */
    uint8_t mbr_type;         /* MBR system id; 0 for GPT */
    uint8_t linux_fs;         /* GPT Linux filesystem type GUID */
    uint16_t slots;           /* GPT: the table's entries (part_get of one
                               * past them is PART_ENOENT for good); MBR:
                               * the 4 primary slots */
    /* After an error: what was wrong (NULL: only the code says) and in
     * which sector of the disk; neither is read with PART_ENOENT or
     * PART_ENOFS, which say it all. */
    const char *err_what;
    blockdev_lba_t err_lba;
    int32_t err_dev;          /* only with PART_EIO: the driver's code, or 0 */
};

/* The highest partition number the walker can give: a GPT's 1024th
 * entry (an MBR's logical partitions stop at 256, as Linux's
 * DISK_MAX_PARTS). */
#define PART_INDEX_MAX 1024u

/* Partition number `index` (1-based). With scheme PART_NONE (no table),
 * index 1 is the whole disk. buf is a 512-byte scratch sector. */
int part_get(const struct blockdev *bd, uint8_t *buf, uint32_t index,
             struct part_info *out);

/* index 0: the first partition holding an ext superblock, or the whole
 * disk when there is no partition table; otherwise part_get(). */
int part_find(const struct blockdev *bd, uint8_t *buf, uint32_t index,
              struct part_info *out);

/* Which table the disk carries: enum part_scheme, or a negative error. */
int part_scheme(const struct blockdev *bd, uint8_t *buf);

const char *part_strerror(int err);

/* "sector 1: GPT header CRC32 mismatch", from the part_info the failing
 * call was given (fs/ext_err.c, with the reader's sentences). */
uint32_t part_describe(const struct part_info *p, int err, char *buf,
                       uint32_t len);
/* The same; a failed device read names the driver's code, and its
 * sentence when dev_strerror is given (see ext_error_describe_dev). */
uint32_t part_describe_dev(const struct part_info *p, int err,
                           blockdev_strerror_fn *dev_strerror, char *buf,
                           uint32_t len);

#endif
