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
    X(PART_ENOFS,    -5, "no partition holds an ext filesystem") \
    X(PART_EAMBIG,   -6, "more than one partition matches") \
    X(PART_ESPEC,    -7, "not a partition number, PARTLABEL= or PARTUUID=")

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

/* What Linux's root= names a partition by (init/do_mounts.c): a number
 * ("3": mmcblk0p3), PARTLABEL=<a GPT partition's name> (exact, as
 * strcmp) or PARTUUID=<a GPT partition's unique GUID, or an MBR disk's
 * signature and the partition's number: SSSSSSSS-PP, both hex> (either
 * case, as strncasecmp). */
enum part_by { PART_BY_NUMBER, PART_BY_LABEL, PART_BY_GUID, PART_BY_MBR_ID };
struct part_key {
    uint8_t by;                   /* enum part_by */
    uint8_t guid[16];             /* PART_BY_GUID: as the entry stores it */
    uint32_t index;               /* PART_BY_NUMBER, PART_BY_MBR_ID */
    uint32_t disk_sig;            /* PART_BY_MBR_ID */
    const char *name;             /* PART_BY_LABEL: name[0..name_len) */
    uint32_t name_len;
};
#define PART_NAME_MAX 36u         /* a GPT name's UTF-16 code units */
#define PART_UUID_LEN 36u         /* a GUID as text: 8-4-4-4-12 */

/* spec[0..len) as a key (its name points into spec): 0 or PART_ESPEC. */
int part_key_parse(const char *spec, uint32_t len, struct part_key *key);

/* The one partition key names, into out: 0; PART_ENOENT when none does
 * (PARTLABEL= on an MBR: it has no names); PART_EAMBIG when several do
 * (out: the first, *second the next one's number); or the table's
 * error. Every GPT entry is looked at, each sector of the array read
 * once. */
int part_match(const struct blockdev *bd, uint8_t *buf,
               const struct part_key *key, struct part_info *out,
               uint32_t *second);

/* Partition index as root= names it (for a listing): its PARTUUID into
 * uuid[PART_UUID_LEN + 1] (GPT: the unique GUID, lower case; MBR:
 * "ssssssss-pp"), its GPT name into name[PART_NAME_MAX + 1] as Linux
 * reads it (efi.c: a code unit that is not printable 7-bit ASCII is
 * '!'; "" on an MBR). 0, or part_get's error. */
int part_ident(const struct blockdev *bd, uint8_t *buf, uint32_t index,
               char uuid[PART_UUID_LEN + 1], char name[PART_NAME_MAX + 1]);

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
