/* Partition tables: MBR with its extended/logical chain, and GPT. */
#include <stdbool.h>
#include <string.h>

#include "le.h"
#include "part.h"

#include "crc.h"

#define MBR_SIG_OFF     510
#define MBR_ENTRY0      446
#define MBR_TYPE_GPT    0xEE
#define MBR_LOGICAL_MAX 128u      /* bounds the EBR chain walk */
#define GPT_ENTRIES_MAX 1024u
#define EXT_MAGIC_OFF   (1024 + 0x38)

/* Linux filesystem data, 0FC63DAF-8483-4772-8E79-3D69D8477DE4, as GPT
 * stores it (first three fields little-endian). */
static const uint8_t gpt_linux_fs[16] = {
    0xAF, 0x3D, 0xC6, 0x0F, 0x83, 0x84, 0x72, 0x47,
    0x8E, 0x79, 0x3D, 0x69, 0xD8, 0x47, 0x7D, 0xE4,
};

struct gpt {
    uint64_t entries_lba;
    uint32_t count;
    uint32_t entry_size;
};

static int rd(const struct blockdev *bd, uint64_t lba, uint8_t *buf)
{
    if (bd->sectors && lba >= bd->sectors)
        return PART_ECORRUPT;
    return bd->read(bd->ctx, lba, 1, buf) ? PART_EIO : 0;
}

static bool range_ok(const struct blockdev *bd, uint64_t lba, uint64_t n)
{
    return n && lba + n > lba && (!bd->sectors || lba + n <= bd->sectors);
}

/* A GPT header at lba: signature, size, its own CRC32, then the entry
 * array's CRC32, streamed a sector at a time through buf. */
static int gpt_header(const struct blockdev *bd, uint8_t *buf, uint64_t lba,
                      struct gpt *g, uint64_t *alt)
{
    uint32_t hsize, crc, want, n;
    uint64_t bytes, s;
    int rc = rd(bd, lba, buf);

    if (rc)
        return rc;
    if (memcmp(buf, "EFI PART", 8))
        return PART_ECORRUPT;
    hsize = le32(buf + 12);
    if (hsize < 92 || hsize > BLOCKDEV_SECTOR)
        return PART_ECORRUPT;
    want = le32(buf + 16);
    memset(buf + 16, 0, 4);
    if (~ext_crc32(~0u, buf, hsize) != want)
        return PART_ECSUM;
    *alt = le64(buf + 32);
    g->entries_lba = le64(buf + 72);
    g->count = le32(buf + 80);
    g->entry_size = le32(buf + 84);
    want = le32(buf + 88);
    if (g->entry_size < 128 || g->entry_size > BLOCKDEV_SECTOR ||
        (g->entry_size & (g->entry_size - 1)) || g->count > GPT_ENTRIES_MAX)
        return PART_ECORRUPT;
    bytes = (uint64_t)g->count * g->entry_size;
    if (!range_ok(bd, g->entries_lba, (bytes + BLOCKDEV_SECTOR - 1) /
                                      BLOCKDEV_SECTOR))
        return PART_ECORRUPT;
    crc = ~0u;
    for (s = 0; bytes; s++, bytes -= n) {
        n = bytes < BLOCKDEV_SECTOR ? (uint32_t)bytes : BLOCKDEV_SECTOR;
        rc = rd(bd, g->entries_lba + s, buf);
        if (rc)
            return rc;
        crc = ext_crc32(crc, buf, n);
    }
    return ~crc == want ? 0 : PART_ECSUM;
}

/* The primary header, else the backup the primary (or the disk's last
 * sector) names. */
static int gpt_open(const struct blockdev *bd, uint8_t *buf, struct gpt *g)
{
    uint64_t alt = 0;
    int rc = gpt_header(bd, buf, 1, g, &alt);
    int rc2;

    if (rc != PART_ECORRUPT && rc != PART_ECSUM)
        return rc;
    if (!alt && bd->sectors)
        alt = bd->sectors - 1;
    if (alt <= 1)
        return rc;
    rc2 = gpt_header(bd, buf, alt, g, &alt);
    return rc2 ? rc : 0;
}

static int gpt_entry(const struct blockdev *bd, uint8_t *buf,
                     const struct gpt *g, uint32_t index,
                     struct part_info *out)
{
    uint64_t off = (uint64_t)(index - 1) * g->entry_size;
    const uint8_t *e;
    uint64_t first, last;
    uint32_t i;
    int rc;

    if (index == 0 || index > g->count)
        return PART_ENOENT;
    rc = rd(bd, g->entries_lba + off / BLOCKDEV_SECTOR, buf);
    if (rc)
        return rc;
    e = buf + off % BLOCKDEV_SECTOR;
    for (i = 0; i < 16 && !e[i]; i++)
        ;
    if (i == 16)
        return PART_ENOENT;           /* unused entry: type GUID zero */
    first = le64(e + 32);
    last = le64(e + 40);
    if (last < first || !range_ok(bd, first, last - first + 1))
        return PART_ECORRUPT;
    out->lba = first;
    out->sectors = last - first + 1;
    out->index = index;
    out->scheme = PART_GPT;
    out->mbr_type = 0;
    out->linux_fs = !memcmp(e, gpt_linux_fs, 16);
    return 0;
}

static bool mbr_extended(uint8_t type)
{
    return type == 0x05 || type == 0x0F || type == 0x85;
}

static int mbr_slot(const struct blockdev *bd, const uint8_t *e,
                    uint64_t base, uint32_t index, struct part_info *out)
{
    uint64_t lba = base + le32(e + 8);
    uint32_t n = le32(e + 12);

    if (!e[4] || !n)
        return PART_ENOENT;
    if (!range_ok(bd, lba, n))
        return PART_ECORRUPT;
    out->lba = lba;
    out->sectors = n;
    out->index = index;
    out->scheme = PART_MBR;
    out->mbr_type = e[4];
    out->linux_fs = e[4] == 0x83;
    return 0;
}

static int has_ext(const struct blockdev *bd, uint8_t *buf,
                   const struct part_info *p);

/* Logical partitions (5, 6, ...): walk the EBR chain once. Each EBR's
 * first entry is the partition (relative to that EBR), its second the
 * next EBR (relative to the extended partition's start). index 0 asks
 * for the first logical partition holding an ext superblock. */
static int mbr_logical(const struct blockdev *bd, uint8_t *buf,
                       const uint8_t *tab, uint32_t index,
                       struct part_info *out)
{
    uint64_t ext = 0, ebr;
    uint32_t i, n, next;
    int rc;

    for (i = 0; i < 4; i++) {
        if (mbr_extended(tab[16 * i + 4]))
            ext = le32(tab + 16 * i + 8);
    }
    if (!ext)
        return PART_ENOENT;
    ebr = ext;
    for (n = 5; n < 5 + MBR_LOGICAL_MAX; n++) {
        bool more;

        rc = rd(bd, ebr, buf);
        if (rc)
            return rc;
        if (le16(buf + MBR_SIG_OFF) != 0xAA55)
            return PART_ECORRUPT;
        next = le32(buf + MBR_ENTRY0 + 16 + 8);
        more = mbr_extended(buf[MBR_ENTRY0 + 16 + 4]) && next;
        rc = mbr_slot(bd, buf + MBR_ENTRY0, ebr, n, out);
        if (index == n)
            return rc;
        if (!index && !rc) {
            rc = has_ext(bd, buf, out);
            if (rc)
                return rc < 0 ? rc : 0;
        }
        if (!more)
            break;
        ebr = ext + next;
    }
    return PART_ENOENT;
}

int part_scheme(const struct blockdev *bd, uint8_t *buf)
{
    uint32_t i, used = 0;
    int rc = rd(bd, 0, buf);

    if (rc)
        return rc;
    if (le16(buf + MBR_SIG_OFF) != 0xAA55)
        return PART_NONE;
    for (i = 0; i < 4; i++) {
        const uint8_t *e = buf + MBR_ENTRY0 + 16 * i;

        if (e[0] & 0x7F)
            return PART_NONE;     /* boot flag not 0x00/0x80: no MBR */
        if (e[4] == MBR_TYPE_GPT)
            return PART_GPT;
        used |= e[4];
    }
    return used ? PART_MBR : PART_NONE;
}

int part_get(const struct blockdev *bd, uint8_t *buf, uint32_t index,
             struct part_info *out)
{
    int scheme = part_scheme(bd, buf);
    struct gpt g;
    int rc;

    if (scheme < 0)
        return scheme;
    if (index == 0)
        return PART_ENOENT;
    if (scheme == PART_NONE) {
        if (index != 1)
            return PART_ENOENT;
        out->lba = 0;
        out->sectors = bd->sectors;
        out->index = 1;
        out->scheme = PART_NONE;
        out->mbr_type = 0;
        out->linux_fs = 0;
        return 0;
    }
    if (scheme == PART_GPT) {
        rc = gpt_open(bd, buf, &g);
        return rc ? rc : gpt_entry(bd, buf, &g, index, out);
    }
    if (index > 4) {
        uint8_t tab[64];

        memcpy(tab, buf + MBR_ENTRY0, sizeof(tab));
        return mbr_logical(bd, buf, tab, index, out);
    }
    return mbr_slot(bd, buf + MBR_ENTRY0 + 16 * (index - 1), 0, index, out);
}

static int has_ext(const struct blockdev *bd, uint8_t *buf,
                   const struct part_info *p)
{
    int rc;

    if (p->sectors < 4 || mbr_extended(p->mbr_type))
        return 0;
    rc = rd(bd, p->lba + EXT_MAGIC_OFF / BLOCKDEV_SECTOR, buf);
    if (rc)
        return rc;
    return le16(buf + EXT_MAGIC_OFF % BLOCKDEV_SECTOR) == 0xEF53;
}

int part_find(const struct blockdev *bd, uint8_t *buf, uint32_t index,
              struct part_info *out)
{
    uint8_t tab[64];
    struct gpt g;
    uint32_t i;
    int scheme, rc;

    if (index)
        return part_get(bd, buf, index, out);
    scheme = part_scheme(bd, buf);
    if (scheme <= PART_NONE)
        return scheme < 0 ? scheme : part_get(bd, buf, 1, out);
    if (scheme == PART_GPT) {
        rc = gpt_open(bd, buf, &g);
        if (rc)
            return rc;
    } else {
        memcpy(tab, buf + MBR_ENTRY0, sizeof(tab));
        g.count = 4;
    }
    for (i = 1; i <= g.count; i++) {
        rc = scheme == PART_GPT ? gpt_entry(bd, buf, &g, i, out)
                                : mbr_slot(bd, tab + 16 * (i - 1), 0, i, out);
        if (rc == PART_ENOENT || rc == PART_ECORRUPT)
            continue;             /* a bad entry does not hide the rest */
        if (!rc)
            rc = has_ext(bd, buf, out);
        if (rc)
            return rc < 0 ? rc : 0;
    }
    if (scheme == PART_MBR) {
        rc = mbr_logical(bd, buf, tab, 0, out);
        if (rc != PART_ENOENT)
            return rc;
    }
    return PART_ENOFS;
}

const char *part_strerror(int err)
{
    switch (err) {
    case PART_OK:       return "success";
    case PART_EIO:      return "I/O error reading the partition table";
    case PART_ENOENT:   return "no such partition";
    case PART_ECORRUPT: return "corrupt partition table";
    case PART_ECSUM:    return "GPT header or entry array CRC32 mismatch";
    case PART_ENOFS:    return "no partition holds an ext filesystem";
    default:            return "unknown partition error";
    }
}
