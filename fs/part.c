/* Partition tables: MBR with its extended/logical chain, and GPT. */
#include <stdbool.h>
#include <string.h>

#include "ext_format.h"
#include "lib/le.h"
#include "part.h"
#include "part_format.h"

#include "lib/crc.h"
#include "ext_conf.h"

/* Without messages (the tiny profile) only the code and sector remain. */
#define fail(out, err, lba, what) fail_at(out, err, lba, \
                                          EXT_MESSAGES ? (what) : "")

#define GPT_ENTRIES_MAX 1024u

/* Linux filesystem data, 0FC63DAF-8483-4772-8E79-3D69D8477DE4, as GPT
 * stores it (first three fields little-endian). */
static const uint8_t gpt_linux_fs[GPTE_GUID_LEN] = {
    0xAF, 0x3D, 0xC6, 0x0F, 0x83, 0x84, 0x72, 0x47,
    0x8E, 0x79, 0x3D, 0x69, 0xD8, 0x47, 0x7D, 0xE4,
};

struct gpt {
    blockdev_lba_t entries_lba;
    uint32_t count;               /* of GPT_ENTRY_SIZE bytes each */
};

/* err_dev is only set (rd) and read (part_describe_dev) with PART_EIO. */
static int fail_at(struct part_info *out, int err, blockdev_lba_t lba,
                   const char *what)
{
    out->err_what = what;
    out->err_lba = lba;
    return err;
}

/* A GPT LBA (64 bits on disk) as a sector number of this build: false
 * when it has none (past 2^32 with BLOCKDEV_LBA32). */
static bool lba64(const uint8_t *p, blockdev_lba_t *lba)
{
    uint64_t v = le64(p);

    *lba = (blockdev_lba_t)v;
    return v <= BLOCKDEV_LBA_MAX;
}

static int rd(const struct blockdev *bd, blockdev_lba_t lba, uint8_t *buf,
              struct part_info *out)
{
    int rc = PART_ECORRUPT;
    const char *what = "partition table points past the end of the disk";

    if (lba <= bd->sectors - 1) {     /* sectors 0 (unknown): no bound */
        rc = bd->read(bd->ctx, lba, 1, buf);
        if (!rc)
            return 0;
        out->err_dev = rc < 0 ? rc : 0;   /* the driver's own reason */
        rc = PART_EIO;
        what = "the block device failed a read";
    }
    return fail(out, rc, lba, what);
}

/* n sectors from lba: some, none past the disk (sectors 0, unknown:
 * no bound, as sectors - 1 wraps), no sum wrapping. */
static bool range_ok(const struct blockdev *bd, blockdev_lba_t lba,
                     blockdev_lba_t n)
{
    return n && lba + n > lba && lba + n - 1 <= bd->sectors - 1;
}

/* A GPT header at lba, checked as Linux's is_gpt_valid()
 * (block/partitions/efi.c) checks it: signature, header size, header
 * CRC32, MyLBA the sector it was read from, the usable LBAs inside the
 * disk and in order, 128-byte entries, the entry array inside the disk
 * and its CRC32 (streamed a sector at a time through buf). */
static int gpt_header(const struct blockdev *bd, uint8_t *buf,
                      blockdev_lba_t lba, struct gpt *g,
                      struct part_info *out)
{
    uint32_t hsize, crc, want, n, bytes, s;
    uint64_t first, last;
    bool fits;
    int rc = rd(bd, lba, buf, out);

    if (rc)
        return rc;
    if (memcmp(buf + GPT_SIGNATURE, "EFI PART", GPT_SIGNATURE_LEN))
        return fail(out, PART_ECORRUPT, lba,
                    "GPT header signature is not \"EFI PART\"");
    hsize = le32(buf + GPT_HEADER_SIZE);
    if (hsize < GPT_HEADER_MIN || hsize > BLOCKDEV_SECTOR)
        return fail(out, PART_ECORRUPT, lba,
                    "GPT header size is not 92 to 512 bytes");
    want = le32(buf + GPT_HEADER_CRC32);
    /* HeaderCRC32 is taken with its own four bytes zeroed. */
    buf[GPT_HEADER_CRC32] = buf[GPT_HEADER_CRC32 + 1] = 0;
    buf[GPT_HEADER_CRC32 + 2] = buf[GPT_HEADER_CRC32 + 3] = 0;
    if (~ext_crc32(~0u, buf, hsize) != want)
        return fail(out, PART_ECSUM, lba, "GPT header CRC32 mismatch");
    if (le64(buf + GPT_MY_LBA) != (uint64_t)lba)
        return fail(out, PART_ECORRUPT, lba,
                    "GPT header's MyLBA is not the sector it lies in");
    first = le64(buf + GPT_FIRST_USABLE_LBA);
    last = le64(buf + GPT_LAST_USABLE_LBA);
    if (last < first || (bd->sectors && last > bd->sectors - 1))
        return fail(out, PART_ECORRUPT, lba,
                    "GPT usable LBAs are reversed or past the disk");
    fits = lba64(buf + GPT_PART_ENTRY_LBA, &g->entries_lba);
    g->count = le32(buf + GPT_NUM_PART_ENTRIES);
    want = le32(buf + GPT_PART_ARRAY_CRC32);
    if (le32(buf + GPT_PART_ENTRY_SIZE) != GPT_ENTRY_SIZE ||
        g->count > GPT_ENTRIES_MAX)
        return fail(out, PART_ECORRUPT, lba,
                    "GPT entry size is not 128 or there are more than "
                    "1024 entries");
    bytes = g->count * GPT_ENTRY_SIZE;         /* <= 128 KiB */
    if (!fits || !range_ok(bd, g->entries_lba, (bytes + BLOCKDEV_SECTOR - 1) /
                                               BLOCKDEV_SECTOR))
        return fail(out, PART_ECORRUPT, lba,
                    "GPT entry array lies outside the disk");
    crc = ~0u;
    for (s = 0; bytes; s++, bytes -= n) {
        n = bytes < BLOCKDEV_SECTOR ? bytes : BLOCKDEV_SECTOR;
        rc = rd(bd, g->entries_lba + s, buf, out);
        if (rc)
            return rc;
        crc = ext_crc32(crc, buf, n);
    }
    if (~crc != want)
        return fail(out, PART_ECSUM, g->entries_lba,
                    "GPT entry array CRC32 mismatch");
    return 0;
}

/* The primary header; when it fails (with PART_GPT_BACKUP), the backup
 * at the disk's last sector, as libblkid looks for it (and Linux with
 * "gpt" forced): a failed primary's fields, AlternateLBA among them, are
 * never used. When both fail, the primary's error is reported. */
static int gpt_open(const struct blockdev *bd, uint8_t *buf, struct gpt *g,
                    struct part_info *out)
{
    const char *what;
    blockdev_lba_t lba;
    int rc = gpt_header(bd, buf, 1, g, out);

    if (!PART_GPT_BACKUP || (rc != PART_ECORRUPT && rc != PART_ECSUM))
        return rc;
    if (bd->sectors <= 2)
        return rc;
    what = out->err_what;
    lba = out->err_lba;
    if (!gpt_header(bd, buf, bd->sectors - 1, g, out))
        return 0;
    return fail(out, rc, lba, what);
}

/* The partition the caller put in out->lba and out->sectors (0: none
 * that fit), number index of scheme: inside the disk, or ECORRUPT
 * naming the table's sector `at`. */
static int place(const struct blockdev *bd, struct part_info *out,
                 blockdev_lba_t at, const char *what, uint32_t index,
                 uint8_t scheme)
{
    if (!range_ok(bd, out->lba, out->sectors))
        return fail(out, PART_ECORRUPT, at, what);
    out->index = index;
    out->scheme = scheme;
    return 0;
}

/* The GPT entry e (number index, in sector lba) into out: PART_ENOENT
 * when unused (type GUID zero). */
static int gpt_fill(const struct blockdev *bd, const uint8_t *e,
                    blockdev_lba_t lba, uint32_t index, struct part_info *out)
{
    blockdev_lba_t first, last;
    uint32_t i;

    for (i = 0; i < GPTE_GUID_LEN && !e[GPTE_TYPE_GUID + i]; i++)
        ;
    if (i == GPTE_GUID_LEN)
        return PART_ENOENT;           /* unused entry: type GUID zero */
    out->lba = 0;
    out->sectors = 0;
    if (lba64(e + GPTE_STARTING_LBA, &first) &&
        lba64(e + GPTE_ENDING_LBA, &last) && last >= first) {
        out->lba = first;
        out->sectors = last - first + 1;          /* 0 if it wraps */
    }
    out->mbr_type = 0;
    out->linux_fs = PART_LINUX_FS &&
                    !memcmp(e + GPTE_TYPE_GUID, gpt_linux_fs, GPTE_GUID_LEN);
    return place(bd, out, lba, "GPT partition's sectors are reversed or "
                 "outside the disk", index, PART_GPT);
}

/* Entry index (1..g->count) of the GPT entry array. */
static int gpt_entry(const struct blockdev *bd, uint8_t *buf,
                     const struct gpt *g, uint32_t index,
                     struct part_info *out)
{
    uint32_t off = (index - 1) * GPT_ENTRY_SIZE;     /* < 128 KiB */
    blockdev_lba_t lba = g->entries_lba + off / BLOCKDEV_SECTOR;
    int rc = rd(bd, lba, buf, out);

    if (rc)
        return rc;
    return gpt_fill(bd, buf + off % BLOCKDEV_SECTOR, lba, index, out);
}

static bool mbr_extended(uint8_t type)
{
    return type == MBR_TYPE_EXTENDED_CHS || type == MBR_TYPE_EXTENDED_LBA ||
           type == MBR_TYPE_EXTENDED_LINUX;
}

/* Entry e of the table in sector `at` (base: what its LBAs count from). */
static int mbr_slot(const struct blockdev *bd, const uint8_t *e,
                    blockdev_lba_t at, blockdev_lba_t base, uint32_t index,
                    struct part_info *out)
{
    blockdev_lba_t lba = base + le32(e + MBRE_STARTING_LBA);
    uint32_t n = le32(e + MBRE_SIZE_IN_LBA);

    if (!e[MBRE_OS_TYPE] || !n)
        return PART_ENOENT;
    out->lba = lba;
    out->sectors = lba < base ? 0 : n;            /* 0: the sum wrapped */
    out->mbr_type = e[MBRE_OS_TYPE];
    out->linux_fs = PART_LINUX_FS && e[MBRE_OS_TYPE] == MBR_TYPE_LINUX;
    return place(bd, out, at, "MBR partition lies outside the disk", index,
                 PART_MBR);
}

static int has_ext(const struct blockdev *bd, uint8_t *buf,
                   struct part_info *p);

/*
 * Logical partitions, numbered from 5 across every extended partition of
 * the MBR in table order, as Linux's msdos_partition() / parse_extended()
 * (block/partitions/msdos.c) walk them. In each EBR every slot that is
 * not empty and not extended is a logical partition (relative to that
 * EBR; slots 3 and 4 only when they lie inside both the EBR's span and
 * the extended partition); the first extended slot is the link to the
 * next EBR (relative to the extended partition's start). A chain ends at
 * an EBR without the signature, one without a link, or after 100 links
 * in a row that gave no partition. index 0 asks for the first logical
 * partition holding an ext superblock.
 */
#define EBR_LOOP_MAX            100u  /* msdos.c's loopct */
#define MBR_PART_MAX            256u  /* partition numbers (DISK_MAX_PARTS) */
_Static_assert(MBR_PART_MAX <= PART_INDEX_MAX &&
               GPT_ENTRIES_MAX <= PART_INDEX_MAX,
               "part.h's PART_INDEX_MAX bounds every partition number");

static int ebr_chain(const struct blockdev *bd, uint8_t *buf,
                     blockdev_lba_t first, blockdev_lba_t first_size,
                     uint32_t index, uint32_t *next_no,
                     struct part_info *out)
{
    blockdev_lba_t this_lba = first, this_size = first_size;
    uint8_t tab[MBR_ENTRY_SIZE * MBR_ENTRIES];
    uint32_t loops = 0, i;
    int rc;

    while (++loops <= EBR_LOOP_MAX && *next_no < MBR_PART_MAX) {
        const uint8_t *link = NULL;

        rc = rd(bd, this_lba, buf, out);
        if (rc)
            return rc;
        if (le16(buf + MBR_SIGNATURE) != MBR_SIGNATURE_VALUE)
            return PART_ENOENT;
        memcpy(tab, buf + MBR_PART_TABLE, sizeof(tab));
        for (i = 0; i < MBR_ENTRIES && *next_no < MBR_PART_MAX; i++) {
            const uint8_t *e = tab + MBR_ENTRY_SIZE * i;
            blockdev_lba_t off = le32(e + MBRE_STARTING_LBA);
            blockdev_lba_t n = le32(e + MBRE_SIZE_IN_LBA);
            uint32_t no;

            if (!n || mbr_extended(e[MBRE_OS_TYPE]))
                continue;
            /* msdos.c: "the 3rd and 4th entries sometimes contain
             * random garbage". */
            if (i >= 2 && ((uint64_t)off + n > this_size ||
                           (uint64_t)this_lba + off + n >
                               (uint64_t)first + first_size))
                continue;
            no = (*next_no)++;
            loops = 0;
            rc = mbr_slot(bd, e, this_lba, this_lba, no, out);
            if (index == no)
                return rc;
            if (!index && !rc) {
                rc = has_ext(bd, buf, out);
                if (rc)
                    return rc < 0 ? rc : 0;
            }
        }
        for (i = 0; i < MBR_ENTRIES && !link; i++) {
            const uint8_t *e = tab + MBR_ENTRY_SIZE * i;

            if (le32(e + MBRE_SIZE_IN_LBA) && mbr_extended(e[MBRE_OS_TYPE]))
                link = e;
        }
        if (!link)
            return PART_ENOENT;
        if (first + le32(link + MBRE_STARTING_LBA) < first)
            return fail(out, PART_ECORRUPT, this_lba,
                        "partition table points past the end of the disk");
        this_lba = first + le32(link + MBRE_STARTING_LBA);
        this_size = le32(link + MBRE_SIZE_IN_LBA);
    }
    return PART_ENOENT;
}

static int mbr_logical(const struct blockdev *bd, uint8_t *buf,
                       const uint8_t *tab, uint32_t index,
                       struct part_info *out)
{
    uint32_t i, next_no = 5;

    for (i = 0; i < MBR_ENTRIES; i++) {
        const uint8_t *e = tab + MBR_ENTRY_SIZE * i;
        uint32_t n = le32(e + MBRE_SIZE_IN_LBA);
        int rc;

        if (!n || !mbr_extended(e[MBRE_OS_TYPE]))
            continue;
        rc = ebr_chain(bd, buf, le32(e + MBRE_STARTING_LBA), n, index,
                       &next_no, out);
        if (rc != PART_ENOENT || (index && index < next_no))
            return rc;
    }
    return PART_ENOENT;
}

static int scheme_of(const struct blockdev *bd, uint8_t *buf,
                     struct part_info *out)
{
    uint32_t i, used = 0;
    int rc = rd(bd, 0, buf, out);

    if (rc)
        return rc;
    if (le16(buf + MBR_SIGNATURE) != MBR_SIGNATURE_VALUE)
        return PART_NONE;
    for (i = 0; i < MBR_ENTRIES; i++) {
        const uint8_t *e = buf + MBR_PART_TABLE + MBR_ENTRY_SIZE * i;

        if (e[MBRE_BOOT_INDICATOR] & 0x7F)
            return PART_NONE;     /* boot flag not 0x00/0x80: no MBR */
        if (e[MBRE_OS_TYPE] == MBR_TYPE_GPT_PROTECTIVE)
            return PART_GPT;
        used |= e[MBRE_OS_TYPE];
    }
    return used ? PART_MBR : PART_NONE;
}

int part_scheme(const struct blockdev *bd, uint8_t *buf)
{
    struct part_info scratch;

    return scheme_of(bd, buf, &scratch);
}

/* Does partition p start with an ext superblock (s_magic)? */
static int has_ext(const struct blockdev *bd, uint8_t *buf,
                   struct part_info *p)
{
    const uint32_t magic = SB_OFFSET + SB_MAGIC;
    int rc;

    if (p->sectors < (SB_OFFSET + SB_SIZE) / BLOCKDEV_SECTOR ||
        mbr_extended(p->mbr_type))
        return 0;
    rc = rd(bd, p->lba + magic / BLOCKDEV_SECTOR, buf, p);
    if (rc)
        return rc;
    return le16(buf + magic % BLOCKDEV_SECTOR) == EXT_MAGIC;
}

/* Partition number index; with find (index 0), the first holding an ext
 * superblock: the primary slots or GPT entries in order, then (with
 * PART_LOGICAL) the logical partitions. */
static int walk(const struct blockdev *bd, uint8_t *buf, uint32_t index,
                bool find, struct part_info *out)
{
    union {                   /* the one table a disk has: one frame slot */
        uint8_t tab[MBR_ENTRY_SIZE * MBR_ENTRIES];
        struct gpt g;
    } t;
    uint32_t i, count = MBR_ENTRIES;
    int scheme, rc;

    memset(out, 0, sizeof(*out));     /* every field defined, any return */
    scheme = scheme_of(bd, buf, out);
    if (scheme < 0)
        return scheme;
    if (!index && !find)
        return PART_ENOENT;
    if (scheme == PART_NONE) {
        if (index > 1)
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
        rc = gpt_open(bd, buf, &t.g, out);
        if (rc)
            return rc;
        count = t.g.count;
    } else {
        memcpy(t.tab, buf + MBR_PART_TABLE, sizeof(t.tab));
    }
    out->slots = (uint16_t)count;
    for (i = find ? 1 : index; i <= count; i++) {
        rc = scheme == PART_GPT
                 ? gpt_entry(bd, buf, &t.g, i, out)
                 : mbr_slot(bd, t.tab + MBR_ENTRY_SIZE * (i - 1), 0, 0, i,
                            out);
        if (!find)
            return rc;
        if (rc == PART_ENOENT || rc == PART_ECORRUPT)
            continue;             /* a bad entry does not hide the rest */
        if (!rc)
            rc = has_ext(bd, buf, out);
        if (rc)
            return rc < 0 ? rc : 0;
    }
    if (scheme == PART_MBR && (find ? PART_LOGICAL : index > MBR_ENTRIES)) {
        rc = mbr_logical(bd, buf, t.tab, index, out);
        if (!find || rc != PART_ENOENT)
            return rc;
    }
    if (!find)
        return PART_ENOENT;
    return PART_ENOFS;
}

int part_get(const struct blockdev *bd, uint8_t *buf, uint32_t index,
             struct part_info *out)
{
    return walk(bd, buf, index, false, out);
}

int part_find(const struct blockdev *bd, uint8_t *buf, uint32_t index,
              struct part_info *out)
{
    return walk(bd, buf, index, !index, out);
}

/* ---- root='s names: PARTLABEL=, PARTUUID= ---------------------------- */

/* Where each byte of a GUID as GPT stores it stands in its text
 * (8-4-4-4-12): the first three fields are little-endian. */
static const uint8_t guid_text_at[GPTE_GUID_LEN] = {
    6, 4, 2, 0, 11, 9, 16, 14, 19, 21, 24, 26, 28, 30, 32, 34,
};

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* s[0..n) (1 to 8 hex digits) as a number: false when it is not. */
static bool hex_num(const char *s, uint32_t n, uint32_t *v)
{
    *v = 0;
    if (n == 0 || n > 8)
        return false;
    for (uint32_t i = 0; i < n; i++) {
        int d = hex_digit(s[i]);

        if (d < 0)
            return false;
        *v = *v << 4 | (uint32_t)d;
    }
    return true;
}

static bool parse_guid(const char *s, uint8_t guid[GPTE_GUID_LEN])
{
    uint32_t v;

    if (s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-')
        return false;
    for (uint32_t i = 0; i < GPTE_GUID_LEN; i++) {
        if (!hex_num(s + guid_text_at[i], 2, &v))
            return false;
        guid[i] = (uint8_t)v;
    }
    return true;
}

int part_key_parse(const char *spec, uint32_t len, struct part_key *key)
{
    static const char label[] = "PARTLABEL=", uuid[] = "PARTUUID=";
    const uint32_t ll = sizeof(label) - 1u, ul = sizeof(uuid) - 1u;

    memset(key, 0, sizeof(*key));
    if (len > ll && !memcmp(spec, label, ll)) {
        key->by = PART_BY_LABEL;
        key->name = spec + ll;
        key->name_len = len - ll;
        return key->name_len <= PART_NAME_MAX ? 0 : PART_ESPEC;
    }
    if (len > ul && !memcmp(spec, uuid, ul)) {
        const char *s = spec + ul;
        uint32_t n = len - ul;

        if (n == PART_UUID_LEN) {
            key->by = PART_BY_GUID;
            return parse_guid(s, key->guid) ? 0 : PART_ESPEC;
        }
        /* MBR: SSSSSSSS-PP, the number in hex (Linux prints %02x) */
        key->by = PART_BY_MBR_ID;
        if (n < 10 || s[8] != '-' || !hex_num(s, 8, &key->disk_sig) ||
            !hex_num(s + 9, n - 9, &key->index))
            return PART_ESPEC;
        return key->index && key->index <= PART_INDEX_MAX ? 0 : PART_ESPEC;
    }
    key->by = PART_BY_NUMBER;
    if (len == 0 || len > 4)
        return PART_ESPEC;
    for (uint32_t i = 0; i < len; i++) {
        if (spec[i] < '0' || spec[i] > '9')
            return PART_ESPEC;
        key->index = key->index * 10u + (uint32_t)(spec[i] - '0');
    }
    return key->index && key->index <= PART_INDEX_MAX ? 0 : PART_ESPEC;
}

/* A GPT name's code unit as Linux's utf16_le_to_7bit reads it: its low
 * byte, '!' when that is not printable (lib/ctype.c's Latin-1 is). */
static char gpt_name_char(const uint8_t *unit)
{
    uint8_t c = unit[0];

    return (char)(!c || (c >= 0x20 && c < 0x7f) || c >= 0xa0 ? c : '!');
}

/* Does entry e's name read as name[0..n), whole? */
static bool gpt_name_is(const uint8_t *e, const char *name, uint32_t n)
{
    for (uint32_t i = 0; i < PART_NAME_MAX; i++) {
        char c = gpt_name_char(e + GPTE_NAME + 2u * i);

        if (i == n)
            return c == 0;
        if (c != name[i])
            return false;
    }
    return n == PART_NAME_MAX;
}

int part_match(const struct blockdev *bd, uint8_t *buf,
               const struct part_key *key, struct part_info *out,
               uint32_t *second)
{
    struct gpt g;
    struct part_info scratch;
    blockdev_lba_t held = 0;
    uint32_t found = 0;
    int scheme, rc;

    *second = 0;
    if (key->by == PART_BY_NUMBER)
        return part_get(bd, buf, key->index, out);
    memset(out, 0, sizeof(*out));
    scheme = scheme_of(bd, buf, out);
    if (scheme < 0)
        return scheme;
    if (key->by == PART_BY_MBR_ID)
        return scheme == PART_MBR &&
               le32(buf + MBR_DISK_SIGNATURE) == key->disk_sig
             ? part_get(bd, buf, key->index, out) : PART_ENOENT;
    if (scheme != PART_GPT)
        return PART_ENOENT;
    rc = gpt_open(bd, buf, &g, out);
    if (rc)
        return rc;
    out->slots = (uint16_t)g.count;
    for (uint32_t i = 1; i <= g.count; i++) {
        uint32_t off = (i - 1) * GPT_ENTRY_SIZE;  /* < 128 KiB */
        blockdev_lba_t lba = g.entries_lba + off / BLOCKDEV_SECTOR;
        const uint8_t *e = buf + off % BLOCKDEV_SECTOR;

        if (i == 1 || lba != held) {
            rc = rd(bd, lba, buf, out);
            if (rc)
                return rc;
            held = lba;
        }
        if (key->by == PART_BY_GUID
            ? memcmp(e + GPTE_UNIQUE_GUID, key->guid, GPTE_GUID_LEN)
            : !gpt_name_is(e, key->name, key->name_len))
            continue;
        rc = gpt_fill(bd, e, lba, i, found ? &scratch : out);
        if (rc == PART_ENOENT)
            continue;             /* an unused entry's leftover bytes */
        if (found) {
            *second = i;
            return PART_EAMBIG;
        }
        if (rc)
            return rc;
        found = i;
    }
    return found ? 0 : PART_ENOENT;
}

/* v as n lower-case hex digits at s. */
static void put_hex(char *s, uint32_t v, uint32_t n)
{
    static const char hex[] = "0123456789abcdef";

    while (n--) {
        s[n] = hex[v & 15u];
        v >>= 4;
    }
}

int part_ident(const struct blockdev *bd, uint8_t *buf, uint32_t index,
               char uuid[PART_UUID_LEN + 1], char name[PART_NAME_MAX + 1])
{
    struct part_info p;
    int rc = part_get(bd, buf, index, &p);

    uuid[0] = name[0] = 0;
    if (rc)
        return rc;
    if (p.scheme == PART_GPT) {
        /* part_get left the entry's sector in buf */
        const uint8_t *e = buf + (index - 1) * GPT_ENTRY_SIZE %
                                 BLOCKDEV_SECTOR;
        uint32_t i;

        memset(uuid, '-', PART_UUID_LEN);
        for (i = 0; i < GPTE_GUID_LEN; i++)
            put_hex(uuid + guid_text_at[i], e[GPTE_UNIQUE_GUID + i], 2);
        for (i = 0; i < PART_NAME_MAX; i++)
            if (!(name[i] = gpt_name_char(e + GPTE_NAME + 2u * i)))
                break;
        name[i] = 0;
    } else if (p.scheme == PART_MBR) {
        rc = rd(bd, 0, buf, &p);
        if (rc)
            return rc;
        uint32_t w = index > 0xFFu ? (index > 0xFFFu ? 4u : 3u) : 2u;

        put_hex(uuid, le32(buf + MBR_DISK_SIGNATURE), 8);
        uuid[8] = '-';
        put_hex(uuid + 9, index, w);
        uuid[9 + w] = 0;
        return 0;
    }
    uuid[PART_UUID_LEN] = 0;
    if (p.scheme == PART_NONE)
        uuid[0] = 0;
    return 0;
}

const char *part_strerror(int err)
{
    switch (err) {
#define PART_ERR_CASE(name, value, text) case name: return text;
    PART_ERRORS(PART_ERR_CASE)
#undef PART_ERR_CASE
    default: return "unknown partition error";
    }
}
