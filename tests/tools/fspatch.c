/* fspatch: read or change one named field of one named on-disk structure
 * of an ext2/3/4 image, with the offsets the reader uses (fs/ext_format.h),
 * so the evil images carry no third copy of the layout.
 *
 *   fspatch IMAGE get TARGET FIELD
 *   fspatch IMAGE set TARGET FIELD VALUE     VALUE: N, ^N (xor), |N (or)
 *   fspatch IMAGE addr TARGET                byte offset of the structure
 *
 * TARGET:
 *   sb               the superblock
 *   gd:G             group descriptor G
 *   inode:N          inode N
 *   eh:N, ee:N:K, ei:N:K     extent header / leaf entry K / index entry K
 *                    of the tree root in inode N's i_block
 *   eh@B, ee@B:K, ei@B:K     the same in block B
 *   ptr@B:K          block-map pointer K of indirect block B
 *   de@B:OFF         the directory entry at byte OFF of block B
 *   dx@B             the hash-tree root in block B (dx_root_info, and
 *                    limit/count after it)
 * FIELD is the kernel's member name (s_magic, i_size_lo, ee_len, ...);
 * NAME.K indexes an array member (i_block.3, s_backup_bgs.1).
 * get prints the value in decimal. Exit 0, or 1 with a message. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs/ext_format.h"

struct field {
    const char *name;
    uint32_t off;
    uint32_t size;                /* bytes, little-endian */
    uint32_t stride;              /* array element size; 0: scalar */
};

#define F(n, o, s) { n, o, s, 0 }
#define A(n, o, s) { n, o, s, s }

static const struct field sb_fields[] = {
    F("s_inodes_count", SB_INODES_COUNT, 4),
    F("s_blocks_count_lo", SB_BLOCKS_COUNT_LO, 4),
    F("s_first_data_block", SB_FIRST_DATA_BLOCK, 4),
    F("s_log_block_size", SB_LOG_BLOCK_SIZE, 4),
    F("s_log_cluster_size", SB_LOG_CLUSTER_SIZE, 4),
    F("s_blocks_per_group", SB_BLOCKS_PER_GROUP, 4),
    F("s_clusters_per_group", SB_CLUSTERS_PER_GROUP, 4),
    F("s_inodes_per_group", SB_INODES_PER_GROUP, 4),
    F("s_magic", SB_MAGIC, 2),
    F("s_state", SB_STATE, 2),
    F("s_rev_level", SB_REV_LEVEL, 4),
    F("s_first_ino", SB_FIRST_INO, 4),
    F("s_inode_size", SB_INODE_SIZE, 2),
    F("s_feature_compat", SB_FEATURE_COMPAT, 4),
    F("s_feature_incompat", SB_FEATURE_INCOMPAT, 4),
    F("s_feature_ro_compat", SB_FEATURE_RO_COMPAT, 4),
    A("s_uuid", SB_UUID, 1),
    A("s_volume_name", SB_VOLUME_NAME, 1),
    F("s_reserved_gdt_blocks", SB_RESERVED_GDT_BLOCKS, 2),
    F("s_desc_size", SB_DESC_SIZE, 2),
    F("s_first_meta_bg", SB_FIRST_META_BG, 4),
    F("s_flags", SB_FLAGS, 4),
    A("s_backup_bgs", SB_BACKUP_BGS, 4),
    F("s_checksum", SB_CHECKSUM, 4),
    { NULL, 0, 0, 0 },
};

static const struct field gd_fields[] = {
    F("bg_block_bitmap_lo", BG_BLOCK_BITMAP_LO, 4),
    F("bg_inode_bitmap_lo", BG_INODE_BITMAP_LO, 4),
    F("bg_inode_table_lo", BG_INODE_TABLE_LO, 4),
    F("bg_flags", BG_FLAGS, 2),
    F("bg_itable_unused_lo", BG_ITABLE_UNUSED_LO, 2),
    F("bg_checksum", BG_CHECKSUM, 2),
    { NULL, 0, 0, 0 },
};

static const struct field inode_fields[] = {
    F("i_mode", I_MODE, 2),
    F("i_size_lo", I_SIZE_LO, 4),
    F("i_links_count", I_LINKS_COUNT, 2),
    F("i_blocks_lo", I_BLOCKS_LO, 4),
    F("i_flags", I_FLAGS, 4),
    A("i_block", I_BLOCK, 4),
    A("i_block_bytes", I_BLOCK, 1),
    F("i_generation", I_GENERATION, 4),
    F("i_file_acl_lo", I_FILE_ACL_LO, 4),
    F("i_size_high", I_SIZE_HIGH, 4),
    F("l_i_checksum_lo", I_CHECKSUM_LO, 2),
    F("i_extra_isize", I_EXTRA_ISIZE, 2),
    { NULL, 0, 0, 0 },
};

static const struct field eh_fields[] = {
    F("eh_magic", EH_MAGIC, 2),
    F("eh_entries", EH_ENTRIES, 2),
    F("eh_max", EH_MAX, 2),
    F("eh_depth", EH_DEPTH, 2),
    { NULL, 0, 0, 0 },
};

static const struct field ee_fields[] = {
    F("ee_block", EE_BLOCK, 4),
    F("ee_len", EE_LEN, 2),
    F("ee_start_hi", EE_START_HI, 2),
    F("ee_start_lo", EE_START_LO, 4),
    { NULL, 0, 0, 0 },
};

static const struct field ei_fields[] = {
    F("ei_block", EI_BLOCK, 4),
    F("ei_leaf_lo", EI_LEAF_LO, 4),
    F("ei_leaf_hi", EI_LEAF_HI, 2),
    { NULL, 0, 0, 0 },
};

static const struct field ptr_fields[] = {
    F("ptr", 0, EXT_PTR_SIZE),
    { NULL, 0, 0, 0 },
};

static const struct field de_fields[] = {
    F("inode", DE_INODE, 4),
    F("rec_len", DE_REC_LEN, 2),
    F("name_len", DE_NAME_LEN, 1),
    F("file_type", DE_FILE_TYPE, 1),
    A("name", DE_NAME, 1),
    { NULL, 0, 0, 0 },
};

static const struct field dx_fields[] = {
    F("reserved_zero", DX_ROOT_INFO + DXI_RESERVED_ZERO, 4),
    F("hash_version", DX_ROOT_INFO + DXI_HASH_VERSION, 1),
    F("info_length", DX_ROOT_INFO + DXI_INFO_LENGTH, 1),
    F("indirect_levels", DX_ROOT_INFO + DXI_INDIRECT_LEVELS, 1),
    F("limit", DX_ROOT_INFO + DXI_SIZE + DXC_LIMIT, 2),
    F("count", DX_ROOT_INFO + DXI_SIZE + DXC_COUNT, 2),
    { NULL, 0, 0, 0 },
};

static FILE *img;

static void die(const char *msg, const char *arg)
{
    fprintf(stderr, "fspatch: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
    exit(1);
}

static uint64_t rd(uint64_t off, uint32_t n)
{
    uint8_t b[8] = { 0 };
    uint64_t v = 0;
    uint32_t i;

    if (fseek(img, (long)off, SEEK_SET) || fread(b, 1, n, img) != n)
        die("read past the end of the image", NULL);
    for (i = 0; i < n; i++)
        v |= (uint64_t)b[i] << (8 * i);
    return v;
}

static void wr(uint64_t off, uint32_t n, uint64_t v)
{
    uint8_t b[8];
    uint32_t i;

    for (i = 0; i < n; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    if (fseek(img, (long)off, SEEK_SET) || fwrite(b, 1, n, img) != n)
        die("write failed", NULL);
}

static uint32_t bsize;

static void geometry(void)
{
    if (rd(SB_OFFSET + SB_MAGIC, 2) != EXT_MAGIC)
        die("no ext superblock", NULL);
    bsize = 1024u << rd(SB_OFFSET + SB_LOG_BLOCK_SIZE, 4);
}

static uint32_t desc_size(void)
{
    if (rd(SB_OFFSET + SB_FEATURE_INCOMPAT, 4) & INCOMPAT_64BIT)
        return (uint32_t)rd(SB_OFFSET + SB_DESC_SIZE, 2);
    return BG_DESC_SIZE_MIN;
}

/* Descriptor g in the primary table (no meta_bg). */
static uint64_t gd_addr(uint64_t g)
{
    uint64_t table = (bsize == 1024 ? 2 : 1) * (uint64_t)bsize;

    return table + g * desc_size();
}

static uint64_t inode_addr(uint64_t ino)
{
    uint64_t ipg = rd(SB_OFFSET + SB_INODES_PER_GROUP, 4);
    uint64_t isize = rd(SB_OFFSET + SB_REV_LEVEL, 4)
                         ? rd(SB_OFFSET + SB_INODE_SIZE, 2) : I_GOOD_OLD_SIZE;
    uint64_t d = gd_addr((ino - 1) / ipg);
    uint64_t it = rd(d + BG_INODE_TABLE_LO, 4);

    if (desc_size() >= BG_DESC_SIZE_64BIT)
        it |= rd(d + BG_INODE_TABLE_HI, 4) << 32;
    return it * bsize + ((ino - 1) % ipg) * isize;
}

/* "kind:N[:K]" or "kind@B[:K]": the structure's byte address. */
static uint64_t target(const char *t, const struct field **fields)
{
    char kind[8];
    const char *p = t;
    uint64_t n = 0, k = 0, at;
    size_t len = strcspn(t, ":@");
    char sep;

    if (len >= sizeof(kind))
        die("unknown target", t);
    memcpy(kind, t, len);
    kind[len] = 0;
    p += len;
    sep = *p;
    if (sep) {
        char *end;

        n = strtoull(p + 1, &end, 0);
        if (*end == ':')
            k = strtoull(end + 1, &end, 0);
        if (*end)
            die("bad target", t);
    }
    if (!strcmp(kind, "sb")) {
        *fields = sb_fields;
        return SB_OFFSET;
    }
    if (!strcmp(kind, "gd")) {
        *fields = gd_fields;
        return gd_addr(n);
    }
    if (!strcmp(kind, "inode")) {
        *fields = inode_fields;
        return inode_addr(n);
    }
    if (!strcmp(kind, "ptr") && sep == '@') {
        *fields = ptr_fields;
        return n * bsize + k * EXT_PTR_SIZE;
    }
    if (!strcmp(kind, "de") && sep == '@') {
        *fields = de_fields;
        return n * bsize + k;
    }
    if (!strcmp(kind, "dx") && sep == '@') {
        *fields = dx_fields;
        return n * bsize;
    }
    if (sep == ':')
        at = inode_addr(n) + I_BLOCK;
    else if (sep == '@')
        at = n * bsize;
    else
        die("target needs :INODE or @BLOCK", t);
    if (!strcmp(kind, "eh")) {
        *fields = eh_fields;
        return at;
    }
    *fields = !strcmp(kind, "ee") ? ee_fields
              : !strcmp(kind, "ei") ? ei_fields : NULL;
    if (!*fields)
        die("unknown target", t);
    return at + EH_SIZE + k * EXT_ENTRY_SIZE;
}

static const struct field *field(const struct field *f, const char *name,
                                 uint32_t *index)
{
    const char *dot = strchr(name, '.');
    size_t len = dot ? (size_t)(dot - name) : strlen(name);

    *index = dot ? (uint32_t)strtoul(dot + 1, NULL, 0) : 0;
    for (; f->name; f++) {
        if (strlen(f->name) == len && !strncmp(f->name, name, len) &&
            (!dot || f->stride))
            return f;
    }
    die("unknown field", name);
    return NULL;
}

int main(int argc, char **argv)
{
    const struct field *fields, *f;
    uint64_t at, v, old;
    uint32_t index;
    int set;

    if (argc < 4)
        die("usage: fspatch IMAGE get|set|addr TARGET [FIELD [VALUE]]",
            NULL);
    set = !strcmp(argv[2], "set");
    img = fopen(argv[1], set ? "r+b" : "rb");
    if (!img)
        die("cannot open", argv[1]);
    geometry();
    at = target(argv[3], &fields);
    if (!strcmp(argv[2], "addr")) {
        printf("%llu\n", (unsigned long long)at);
        return 0;
    }
    if (argc < 5 || (set && argc < 6))
        die("missing FIELD or VALUE", NULL);
    f = field(fields, argv[4], &index);
    at += f->off + (uint64_t)index * f->stride;
    old = rd(at, f->size);
    if (!set) {
        printf("%llu\n", (unsigned long long)old);
        return fclose(img) ? 1 : 0;
    }
    v = strtoull(argv[5] + (argv[5][0] == '^' || argv[5][0] == '|'), NULL,
                 0);
    if (argv[5][0] == '^')
        v ^= old;
    else if (argv[5][0] == '|')
        v |= old;
    wr(at, f->size, v);
    return fclose(img) ? 1 : 0;
}
