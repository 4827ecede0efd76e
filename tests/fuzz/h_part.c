/* Partition table harness: the fuzzer's bytes as a whole disk (most
 * inputs: the disk ends where the input does, so a GPT backup header at
 * the input's last sector is at the disk's last LBA; one in eight by the
 * input's hash: the 4 MiB disk, zeros past the input), read by fs/part.c
 * as extload reads it: part_scheme, part_get for each partition number
 * around the limits (primaries, logicals from 5 across every extended
 * partition, GPT's 128-entry default, MBR_PART_MAX), part_find(0).
 *
 * Invariants: every answer is a code of the PART_ERRORS table with a
 * sentence that fits its buffer; a partition lies inside the disk, has
 * the number it was asked for and the scheme part_scheme named; the same
 * question twice (one number a run, by the input's hash) gets the same
 * answer; one question reads a bounded
 * number of sectors; and part_find(0) agrees with part_get: the
 * partition it names is the first, in its order (GPT entries, or MBR
 * primaries then logicals), whose sector 2 holds the ext magic, and
 * PART_ENOFS means no partition asked about holds one. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fs/part.h"
#include "tests/fuzz/harness.h"
#include "tests/fuzz/h_walk.h"

/* Partition numbers asked about, in the order part_find walks them. */
static const uint32_t numbers[] = {
    1, 2, 3, 4, 5, 6, 7, 8, 9, 128, 129, 256, 257, 1025,
};
#define NUMBERS (sizeof(numbers) / sizeof(numbers[0]))

/* Sectors one question may read: the MBR, then at most 256 partition
 * numbers each followed by 100 empty EBRs (msdos.c's loop count) over
 * all four extended entries; or both GPT headers, their 1024-entry
 * arrays (256 sectors each) and one entry. Far more than any real disk. */
#define PART_READS_MAX (1u + 4u * 101u + 256u * 101u + 2u * (2u + 256u) + 2u)

#define EXT_SB_MAGIC_AT (1024u + 0x38u)   /* s_magic, 1 KiB into the fs */
#define EXT_MAGIC_LE    0xEF53u

struct answer {
    int rc;
    struct part_info pi;
};

/* Does the disk hold the ext magic where has_ext looks for it? */
static bool ext_magic(const struct fz_disk *d, const struct part_info *p)
{
    uint64_t at = (uint64_t)p->lba * BLOCKDEV_SECTOR + EXT_SB_MAGIC_AT;

    if (p->sectors < 4 || p->mbr_type == 0x05 || p->mbr_type == 0x0F ||
        p->mbr_type == 0x85)
        return false;       /* too short for a superblock, or a container */
    if (at + 2 > d->len)
        return false;       /* the zeros past the input */
    return (d->img[at] | d->img[at + 1] << 8) == EXT_MAGIC_LE;
}

static bool known(int rc)
{
    return rc == PART_OK || rc == PART_EIO || rc == PART_ENOENT ||
           rc == PART_ECORRUPT || rc == PART_ECSUM || rc == PART_ENOFS;
}

/* The sentence for an answer, into a roomy and a short buffer. */
static const char *described(const struct answer *a)
{
    char line[200], tiny[9];
    uint32_t n;

    n = part_describe(&a->pi, a->rc, line, sizeof(line));
    if (n >= sizeof(line) || strlen(line) != n)
        return "part_describe's length is not the line it wrote";
    (void)part_describe(&a->pi, a->rc, tiny, sizeof(tiny));
    if (strlen(tiny) >= sizeof(tiny))
        return "part_describe wrote an unterminated short line";
    if (!strcmp(part_strerror(a->rc), "unknown partition error"))
        return "a partition call returned a code outside PART_ERRORS";
    return NULL;
}

static const char *one(const struct blockdev *bd, const struct fz_disk *d,
                       int scheme, uint32_t no, bool twice, struct answer *a)
{
    uint8_t sector[BLOCKDEV_SECTOR];
    struct answer again;
    uint64_t before = fz_sectors_read;

    memset(a, 0, sizeof(*a));
    a->rc = part_get(bd, sector, no, &a->pi);
    if (fz_sectors_read - before > PART_READS_MAX)
        return "part_get read more sectors than any table allows";
    if (!known(a->rc) || a->rc == PART_ENOFS)
        return "part_get returned a code it has no business returning";
    if (described(a))
        return described(a);
    if (a->rc)
        return NULL;
    if (a->pi.index != no || a->pi.scheme != scheme)
        return "part_get gave another number or scheme than asked";
    if (!a->pi.sectors || a->pi.lba >= d->sectors ||
        a->pi.sectors > d->sectors - a->pi.lba)
        return "part_get gave a partition outside the disk";
    if (scheme == PART_NONE && (no != 1 || a->pi.lba || a->pi.sectors !=
                                d->sectors))
        return "a disk without a table is not partition 1, whole";
    if (scheme == PART_MBR && !a->pi.mbr_type)
        return "an MBR partition without its system id";
    if (!twice)
        return NULL;
    memset(&again, 0, sizeof(again));
    again.rc = part_get(bd, sector, no, &again.pi);
    if (again.rc != a->rc || again.pi.lba != a->pi.lba ||
        again.pi.sectors != a->pi.sectors)
        return "part_get answered the same question twice differently";
    return NULL;
}

const char *fuzz_part_one(const uint8_t *data, size_t len)
{
    struct answer got[NUMBERS];
    struct fz_disk dev;
    struct blockdev bd;
    struct answer f;
    uint8_t sector[BLOCKDEV_SECTOR];
    const char *bad = NULL;
    uint64_t before;
    uint32_t i, pick;
    int scheme;

    if (!len || len > (4u << 20))
        return NULL;
    pick = fz_pick(data, len);
    fz_disk_init(&dev, &bd, data, len, pick % 8 != 0);

    scheme = part_scheme(&bd, sector);
    if (scheme != PART_NONE && scheme != PART_MBR && scheme != PART_GPT)
        return "part_scheme named no scheme on a disk that reads";
    for (i = 0; i < NUMBERS && !bad; i++)
        bad = one(&bd, &dev, scheme, numbers[i], i == pick / 8 % NUMBERS,
                  &got[i]);
    if (bad)
        goto out;

    memset(&f, 0, sizeof(f));
    before = fz_sectors_read;
    f.rc = part_find(&bd, sector, 0, &f.pi);
    if (fz_sectors_read - before > 2 * PART_READS_MAX)
        return "part_find read more sectors than any table allows";
    if (!known(f.rc) || f.rc == PART_ENOENT)
        return "part_find(0) returned a code it has no business returning";
    bad = described(&f);
    if (bad || scheme == PART_NONE) {
        if (!bad && (f.rc || f.pi.lba || f.pi.sectors != dev.sectors))
            bad = "a disk without a table is not found whole";
        goto out;
    }
    if (f.rc && f.rc != PART_ENOFS)
        goto out;                 /* a table part_find could not read */
    if (!f.rc) {
        if (f.pi.lba >= dev.sectors || f.pi.sectors > dev.sectors - f.pi.lba)
            bad = "part_find gave a partition outside the disk";
        else if (!ext_magic(&dev, &f.pi))
            bad = "part_find gave a partition without the ext magic";
    }
    /* Every partition before the one found (all of them for ENOFS) holds
     * no ext magic, and the one found is the partition of its number. */
    for (i = 0; i < NUMBERS && !bad; i++) {
        const struct answer *a = &got[i];

        if (!f.rc && numbers[i] >= f.pi.index) {
            if (numbers[i] == f.pi.index &&
                (a->rc || a->pi.lba != f.pi.lba ||
                 a->pi.sectors != f.pi.sectors))
                bad = "part_find and part_get disagree on a partition";
            break;
        }
        if (!a->rc && ext_magic(&dev, &a->pi))
            bad = f.rc ? "part_find found no ext partition, part_get did"
                       : "part_find skipped an earlier ext partition";
    }
out:
    if (!bad)
        bad = dev.bad;
    return bad;
}
