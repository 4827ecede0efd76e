/* The ext reader through its API, on the images tests/images/build.sh
 * made, with debugfs as the oracle. Built for both profiles: where the
 * tiny profile (fs/ext_conf.h) leaves a feature out, the same test checks
 * that it is refused by name (EXT_EFEATURE and its bit) or read without
 * it (hash trees walked linearly, checksums not verified), and that an
 * error without its sentence keeps its code, inode and block. */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "board/host/disk.h"
#include "fs/ext.h"
#include "fs/ext_conf.h"
#include "fs/ext_format.h"
#include "fs/ext_priv.h"
#include "fs/part.h"
#include "fs/part_format.h"
#include "tests/support/timg.h"

/* A block device that logs each call, to check what reaches the disk. */
struct logdev {
    struct host_disk disk;
    struct blockdev bd;
    uint64_t last_lba;
    uint8_t *last_buf;
    uint32_t last_count;
    uint32_t split_runs;          /* multi-sector reads continuing the last */
};

static int log_read(void *ctx, blockdev_lba_t lba, uint32_t count, void *buf)
{
    struct logdev *l = ctx;

    if (count > 1 && l->last_count > 1 && lba == l->last_lba + l->last_count &&
        (uint8_t *)buf == l->last_buf + 512ull * l->last_count)
        l->split_runs++;
    l->last_lba = lba;
    l->last_buf = buf;
    l->last_count = count;
    return l->disk.bd.read(l->disk.bd.ctx, lba, count, buf);
}

/* The image file for a name from the manifest ("ext2-1k", "evil/x"). */
static const char *img_file(const char *name)
{
    static char file[256];

    snprintf(file, sizeof(file), "%s.img", name);
    return timg_path(file);
}

static void open_img(struct logdev *l, const char *name)
{
    memset(l, 0, sizeof(*l));
    if (host_disk_open(&l->disk, img_file(name)))
        fail_msg("cannot open %s", img_file(name));
    l->bd.read = log_read;
    l->bd.ctx = l;
    l->bd.sectors = l->disk.sectors;
}

static void mount_img(struct logdev *l, struct ext_fs *fs, const char *name)
{
    int rc;

    open_img(l, name);
    rc = ext_mount(fs, &l->bd, 0, 0);
    if (rc) {
        char msg[200];

        ext_error_describe(fs, msg, sizeof(msg));
        fail_msg("%s: mount: %s", name, msg);
    }
}

/* A filesystem the build refuses at mount: EXT_EFEATURE, the INCOMPAT
 * bit in err_features, and the feature's name ending the description. */
static void check_refused(const char *name, uint32_t bit, const char *feature)
{
    struct logdev l;
    struct ext_fs fs;
    char msg[200], want[80];

    open_img(&l, name);
    assert_int_equal(ext_mount(&fs, &l.bd, 0, 0), EXT_EFEATURE);
    assert_int_equal(fs.err, EXT_EFEATURE);
    assert_int_equal(fs.err_features, bit);
    ext_error_describe(&fs, msg, sizeof(msg));
    snprintf(want, sizeof(want), ": %s", feature);
    assert_true(strlen(msg) > strlen(want));
    assert_string_equal(msg + strlen(msg) - strlen(want), want);
    if (!EXT_MESSAGES) {
        snprintf(want, sizeof(want), "ext error %d: %s", EXT_EFEATURE,
                 feature);
        assert_string_equal(msg, want);
    }
    host_disk_close(&l.disk);
}

/* The last error: its code, inode and block, and the sentence (with
 * EXT_MESSAGES) or the code's number after the place (without). */
static void check_error(const struct ext_fs *fs, int code, uint32_t ino,
                        uint64_t blk, const char *sentence)
{
    char msg[200], want[200];
    int at = 0;

    assert_int_equal(fs->err, code);
    assert_int_equal(fs->err_ino, ino);
    assert_int_equal(fs->err_blk, blk);
    ext_error_describe(fs, msg, sizeof(msg));
    if (EXT_MESSAGES) {
        if (!strstr(msg, sentence))
            fail_msg("\"%s\" lacks \"%s\"", msg, sentence);
        return;
    }
    if (ino)
        at += snprintf(want + at, sizeof(want) - (size_t)at, "inode %u",
                       ino);
    if (blk)
        at += snprintf(want + at, sizeof(want) - (size_t)at, "%sblock %llu",
                       at ? ", " : "", (unsigned long long)blk);
    snprintf(want + at, sizeof(want) - (size_t)at, "%sext error %d",
             at ? ": " : "", code);
    assert_string_equal(msg, want);
}

/* A build without EXT_REV0 (the tiny profile) refuses a revision 0
 * superblock at mount: EXT_ESUPER, no inode, no block. */
static void check_rev0_refused(const char *name)
{
    struct logdev l;
    struct ext_fs fs;

    open_img(&l, name);
    assert_int_equal(ext_mount(&fs, &l.bd, 0, 0), EXT_ESUPER);
    check_error(&fs, EXT_ESUPER, 0, 0, "revision 0 superblock");
    host_disk_close(&l.disk);
}

static const char *const fs_images[] = {
    "ext2-1k", "ext2-2k", "ext2-4k", "ext2-rev0", "ext2-i128", "ext2-i1024",
    "ext3", "ext4-1k", "ext4-4k", "ext4-no64", "ext4-metabg",
    "ext4-bigalloc", "ext4-64k", "ext4-gdtcsum", "ext4-csumseed",
    "ext4-blockmap", "ext4-inline", "ext4-htree-1024", "ext4-htree-4096",
    "ext4-frag", "ext4-sparse", "ext4-i128", "ext4-i1024", "ext4-extra", "ext4-metabg-ss2",
};

static void test_mount_every_image(void **state)
{
    size_t i;

    (void)state;
    for (i = 0; i < sizeof(fs_images) / sizeof(fs_images[0]); i++) {
        struct logdev l;
        struct ext_fs fs;
        struct ext_inode root;

        if (!EXT_REV0 && !strcmp(fs_images[i], "ext2-rev0")) {
            check_rev0_refused(fs_images[i]);
            continue;
        }
        if (!EXT_INLINE && !strcmp(fs_images[i], "ext4-inline")) {
            check_refused(fs_images[i], INCOMPAT_INLINE_DATA, "inline_data");
            continue;
        }
        if (!EXT_META_BG && !strncmp(fs_images[i], "ext4-metabg", 11)) {
            check_refused(fs_images[i], INCOMPAT_META_BG, "meta_bg");
            continue;
        }
        mount_img(&l, &fs, fs_images[i]);
        assert_int_equal(ext_lookup(&fs, "/", true, &root), 0);
        assert_int_equal(root.ino, EXT_ROOT_INO);
        assert_true(ext_is_dir(&root));
        host_disk_close(&l.disk);
    }
}

/* Random (offset, length) reads against the oracle, many straddling
 * sector and block edges; whole-file load too. */
static void check_reads(const char *image, const char *path, unsigned seed)
{
    struct logdev l;
    struct ext_fs fs;
    struct ext_file f;
    size_t len, i;
    uint8_t *want = timg_oracle(img_file(image), path, &len);
    uint8_t *got;
    ext_off_t size;

    assert_non_null(want);
    mount_img(&l, &fs, image);
    assert_int_equal(ext_open(&fs, path, &f), 0);
    assert_int_equal(f.in.size, len);
    got = malloc(len + 64);
    assert_non_null(got);
    memset(got, 0xA5, len + 64);
    assert_int_equal(ext_load(&fs, &f, got, len, &size), 0);
    assert_int_equal(size, len);
    assert_memory_equal(got, want, len);
    for (i = 0; i < 64; i++)
        assert_int_equal(got[len + i], 0xA5);
    assert_int_equal(l.split_runs, 0);

    srand(seed);
    for (i = 0; i < 300; i++) {
        uint64_t off = len ? (uint64_t)rand() % len : 0;
        uint32_t n = (uint32_t)(rand() % (i % 3 == 0 ? 70000 : 1500)) + 1;
        uint32_t expect = off + n > len ? (uint32_t)(len - off) : n;
        int32_t r;

        memset(got, 0x5A, len + 64);
        r = ext_read(&fs, &f, off, got, n);
        assert_int_equal(r, expect);
        assert_memory_equal(got, want + off, expect);
        assert_int_equal(got[expect], 0x5A);
    }
    assert_int_equal(ext_read(&fs, &f, len, got, 10), 0);
    assert_int_equal(ext_read(&fs, &f, len + 12345, got, 10), 0);
    free(got);
    free(want);
    host_disk_close(&l.disk);
}

static void test_reads_ext2(void **state)
{
    (void)state;
    check_reads("ext2-1k", "/dind_first", 1);
    check_reads("ext2-1k", "/sparse_dind", 2);
    check_reads("ext2-1k", "/sparse_ind", 3);
    check_reads("ext2-1k", "/sparse_direct", 4);
    check_reads("ext2-1k", "/all_hole", 5);
    check_reads("ext2-2k", "/dind_first", 6);
    check_reads("ext2-4k", "/ind_first", 7);
    check_reads("ext2-i1024", "/dind_first", 8);
    check_reads("ext3", "/dind_first", 9);
    if (EXT_REV0)
        check_reads("ext2-rev0", "/ind_last", 10);
    else
        check_rev0_refused("ext2-rev0");
}

static void test_reads_ext4(void **state)
{
    (void)state;
    check_reads("ext4-frag", "/big", 11);
    check_reads("ext4-64k", "/dind_first", 12);
    check_reads("ext4-bigalloc", "/dind_first", 13);
    if (EXT_META_BG)
        check_reads("ext4-metabg", "/dind_first", 14);
    check_reads("ext4-sparse", "/uninit", 15);
    check_reads("ext4-sparse", "/many_extents", 16);
    check_reads("ext4-sparse", "/sparse_dind", 17);
    check_reads("ext4-blockmap", "/dind_first", 18);
    if (EXT_INLINE) {
        check_reads("ext4-inline", "/small100", 19);
        check_reads("ext4-inline", "/tiny59", 20);
    } else {
        check_refused("ext4-inline", INCOMPAT_INLINE_DATA, "inline_data");
    }
    check_reads("ext4-csumseed", "/ind_last", 21);
    check_reads("ext4-i128", "/dind_first", 23);
    check_reads("ext4-i1024", "/dind_first", 24);
    check_reads("ext4-extra", "/dind_first", 25);
    if (EXT_META_BG) {
        check_reads("ext4-metabg", "/spread/f400", 26);
        check_reads("ext4-metabg-ss2", "/spread/f399", 27);
    } else {
        check_refused("ext4-metabg", INCOMPAT_META_BG, "meta_bg");
        check_refused("ext4-metabg-ss2", INCOMPAT_META_BG, "meta_bg");
    }
}

/* The triple-indirect range starts at block 12 + 256 + 65536 on 1 KiB
 * blocks: read across its first block. */
static void test_triple_indirect(void **state)
{
    (void)state;
    check_reads("ext2-1k", "/tind", 22);
}

static void test_load_refuses_oversized_before_writing(void **state)
{
    struct logdev l;
    struct ext_fs fs;
    struct ext_file f;
    uint8_t buf[4096];
    ext_off_t size = 0;
    size_t i;

    (void)state;
    mount_img(&l, &fs, "ext2-1k");
    assert_int_equal(ext_open(&fs, "/f_bs_plus_1", &f), 0);
    memset(buf, 0xEE, sizeof(buf));
    assert_int_equal(ext_load(&fs, &f, buf, 1024, &size), EXT_ETOOBIG);
    assert_int_equal(size, 1025);
    for (i = 0; i < sizeof(buf); i++)
        assert_int_equal(buf[i], 0xEE);
    check_error(&fs, EXT_ETOOBIG, f.in.ino, 0, "larger than the space given");
    assert_int_equal(ext_load(&fs, &f, buf, 1025, &size), 0);
    assert_int_equal(buf[1025], 0xEE);
    assert_int_equal(ext_open(&fs, "/a/b", &f), 0);
    memset(buf, 0xEE, sizeof(buf));
    assert_int_equal(ext_load(&fs, &f, buf, sizeof(buf), &size), EXT_EISDIR);
    for (i = 0; i < sizeof(buf); i++)
        assert_int_equal(buf[i], 0xEE);
    host_disk_close(&l.disk);
}

static void test_inode_numbers(void **state)
{
    struct logdev l;
    struct ext_fs fs;
    struct ext_inode in;

    (void)state;
    mount_img(&l, &fs, "ext4-4k");
    assert_int_equal(ext_inode_read(&fs, 0, &in), EXT_EINVAL);
    assert_int_equal(ext_inode_read(&fs, fs.inodes_count + 1, &in),
                     EXT_EINVAL);
    check_error(&fs, EXT_EINVAL, fs.inodes_count + 1, 0,
                "past the inode count");
    assert_int_equal(ext_inode_read(&fs, fs.inodes_count, &in), EXT_ENOENT);
    host_disk_close(&l.disk);
}

/* Sectors a linear lookup may read besides the directory's own: its
 * extent tree's nodes. */
#define DIR_MAP_SECTORS 8u
/* Names looked up one by one: all with the hash tree; every 7th by the
 * linear walk (each costs the whole directory; the listing below sees
 * every name). */
#define HTREE_NAMES 5000u
#define LOOKUP_STEP (EXT_HTREE ? 1u : 7u)

/* Names in the tree's directory (what mke2fs -d put there) plus . and .. */
static uint32_t tree_entries(const char *image, const char *dir)
{
    char path[256];
    DIR *d;
    struct dirent *e;
    uint32_t n = 0;

    snprintf(path, sizeof(path), "trees/%s%s", image, dir);
    d = opendir(timg_path(path));
    assert_non_null(d);
    while ((e = readdir(d)))
        n++;
    closedir(d);
    return n;
}

/* Every one of the 5000 names through the hash tree, each lookup's
 * sectors counted; the linear walk of the same directory for scale.
 * Without EXT_HTREE every lookup is that linear walk: the names are still
 * found, the index flag changes nothing, and no lookup reads more than
 * the directory and its map. Both: the listing skips the index nodes and
 * holds as many entries as the tree's directory, each of the 5000 names
 * and target_file once. */

/* ext_dir_find opens its ext_dir on the directory in place. */
static int dir_find(struct ext_fs *fs, const struct ext_inode *dir,
                    const char *name, uint32_t len, uint32_t *ino)
{
    struct ext_dir d;

    d.f.in = *dir;
    return ext_dir_find(fs, &d, name, len, ino);
}
static void check_htree(const char *image, const char *prefix)
{
    struct logdev l;
    struct ext_fs fs;
    struct ext_inode dir, lin;
    struct ext_dir d;
    struct ext_dirent e;
    uint32_t ino, i, worst = 0, linear, indexed, listed = 0, targets = 0;
    static uint8_t seen[HTREE_NAMES + 1];
    size_t plen = strlen(prefix);
    char name[80];

    mount_img(&l, &fs, image);
    assert_int_equal(ext_lookup(&fs, "/big", true, &dir), 0);
    assert_true(dir.flags & IFL_INDEX);
    for (i = 1; i <= HTREE_NAMES; i += LOOKUP_STEP) {
        uint32_t before = fs.sectors_read;

        snprintf(name, sizeof(name), "%s%04u", prefix, i);
        assert_int_equal(dir_find(&fs, &dir, name, (uint32_t)strlen(name),
                                  &ino), 1);
        if (fs.sectors_read - before > worst)
            worst = fs.sectors_read - before;
    }
    i = fs.sectors_read;
    assert_int_equal(dir_find(&fs, &dir, "target_file", 11, &ino), 1);
    indexed = fs.sectors_read - i;
    lin = dir;
    lin.flags &= ~IFL_INDEX;
    i = fs.sectors_read;
    assert_int_equal(dir_find(&fs, &lin, "target_file", 11, &ino), 1);
    linear = fs.sectors_read - i;
    print_message("# %s: %s lookup <= %u sectors, linear %u sectors, "
                  "directory %llu sectors\n", image,
                  EXT_HTREE ? "hashed" : "EXT_HTREE=0: linear", worst,
                  linear, (unsigned long long)(dir.size / 512));
    if (EXT_HTREE) {
        /* Root, (index node,) leaf: a few blocks, each read and
         * checksummed. */
        assert_true(worst * 10 < dir.size / 512);
    } else {
        assert_int_equal(indexed, linear);
        assert_true(worst <= dir.size / 512 + DIR_MAP_SECTORS);
    }
    assert_int_equal(dir_find(&fs, &dir, "no_such_name", 12, &ino), 0);
    /* The listing skips the index nodes' fake entries. */
    memset(seen, 0, sizeof(seen));
    assert_int_equal(ext_dir_open(&fs, &dir, &d), 0);
    while (ext_dir_next(&fs, &d, &e) > 0) {
        char *end;
        unsigned long k;

        listed++;
        targets += !strcmp(e.name, "target_file");
        if (strncmp(e.name, prefix, plen))
            continue;
        k = strtoul(e.name + plen, &end, 10);
        assert_true(*end == 0 && k >= 1 && k <= HTREE_NAMES);
        assert_int_equal(seen[k]++, 0);
    }
    assert_int_equal(listed, tree_entries(image, "/big"));
    assert_int_equal(targets, 1);
    for (i = 1; i <= HTREE_NAMES; i++)
        assert_int_equal(seen[i], 1);
    host_disk_close(&l.disk);
}

static void test_htree_1k_two_levels(void **state)
{
    (void)state;
    check_htree("ext4-htree-1024", "entry_with_a_rather_long_name_");
}

static void test_htree_4k(void **state)
{
    (void)state;
    check_htree("ext4-htree-4096", "entry_");
}

/* The hash functions against debugfs' dx_hash. */
static void test_dx_hash_matches_debugfs(void **state)
{
    /* debugfs takes the unsigned variants (3-5) by number only. */
    static const char *const algs[] = { "0", "1", "2", "3", "4", "5" };
    static const char *const names[] = {
        "a", "kernel.bin", "entry_0001", "\xc3\xa9t\xc3\xa9",
        "a_name_longer_than_thirty_two_bytes_for_half_md4_blocks",
        "sixteen_chars_xy", "\xff\xfe\x80zz",
    };
    /* A hash seed as s_hash_seed stores it: UUID bytes, read as le32s. */
    static const uint8_t raw[16] = { 0x00, 0x00, 0x5e, 0xed, 0x00, 0x00,
                                     0x40, 0x00, 0x80, 0x00, 0x00, 0x00,
                                     0xe2, 0xf5, 0x00, 0x00 };
    const char *uuid = "00005eed-0000-4000-8000-0000e2f50000";
    uint32_t seed[4];
    size_t a, n;

    (void)state;
    for (a = 0; a < 4; a++)
        seed[a] = le32(raw + 4 * a);
    for (a = 0; a < 6; a++) {
        for (n = 0; n < sizeof(names) / sizeof(names[0]); n++) {
            char cmd[512], line[256];
            unsigned long want = 0;
            uint32_t got;
            FILE *p;

            snprintf(cmd, sizeof(cmd),
                     "debugfs -R 'dx_hash -h %s -s %s \"%s\"' /dev/null "
                     "2>/dev/null", algs[a], uuid, names[n]);
            p = popen(cmd, "r");
            assert_non_null(p);
            while (fgets(line, sizeof(line), p)) {
                char *s = strstr(line, " is 0x");

                if (s)
                    want = strtoul(s + 4, NULL, 16);
            }
            pclose(p);
            got = ext_dx_hash(names[n], (uint32_t)strlen(names[n]),
                              (uint32_t)a, seed);
            if (got != want)
                fail_msg("hash %s of \"%s\" = 0x%08x, debugfs says 0x%08lx",
                         algs[a], names[n], got, want);
        }
    }
}

/* A disk of 2^32 - 1 sectors holding only a few crafted ones (the rest
 * read as zeros): partition tables whose sector numbers reach past 2^32,
 * where a 32-bit build's sums would wrap back into the disk. */
struct farsec {
    uint64_t lba;
    uint8_t data[512];
};

struct fardisk {
    struct blockdev bd;
    struct farsec sec[4];
    uint32_t n;
    uint64_t reads_past;          /* reads the disk could not hold */
};

static int far_read(void *ctx, blockdev_lba_t lba, uint32_t count, void *buf)
{
    struct fardisk *d = ctx;
    uint32_t i, k;

    for (k = 0; k < count; k++) {
        uint8_t *out = (uint8_t *)buf + 512 * k;

        if ((uint64_t)lba + k >= UINT32_MAX)
            d->reads_past++;
        memset(out, 0, 512);
        for (i = 0; i < d->n; i++)
            if (d->sec[i].lba == (uint64_t)lba + k)
                memcpy(out, d->sec[i].data, 512);
    }
    return 0;
}

static uint8_t *far_sector(struct fardisk *d, uint64_t lba)
{
    struct farsec *s = &d->sec[d->n++];

    s->lba = lba;
    memset(s->data, 0, sizeof(s->data));
    return s->data;
}

static void far_init(struct fardisk *d)
{
    memset(d, 0, sizeof(*d));
    d->bd.read = far_read;
    d->bd.ctx = d;
    d->bd.sectors = UINT32_MAX;
}

static void put_le(uint8_t *p, uint64_t v, uint32_t n)
{
    while (n--) {
        *p++ = (uint8_t)v;
        v >>= 8;
    }
}

static uint8_t *mbr_entry(uint8_t *sec, uint32_t i, uint8_t type,
                          uint32_t start, uint32_t size)
{
    uint8_t *e = sec + MBR_PART_TABLE + MBR_ENTRY_SIZE * i;

    put_le(sec + MBR_SIGNATURE, MBR_SIGNATURE_VALUE, 2);
    e[MBRE_OS_TYPE] = type;
    put_le(e + MBRE_STARTING_LBA, start, 4);
    put_le(e + MBRE_SIZE_IN_LBA, size, 4);
    return e;
}

static void test_partitions_past_2_32(void **state)
{
    struct fardisk d;
    struct part_info p;
    uint8_t buf[512], *h, *e;
    uint32_t crc;

    (void)state;
    /* A primary partition whose last sector would be past 2^32. */
    far_init(&d);
    mbr_entry(far_sector(&d, 0), 0, MBR_TYPE_LINUX, 0xFFFFFF00u, 0x200);
    assert_int_equal(part_get(&d.bd, buf, 1, &p), PART_ECORRUPT);
    assert_string_equal(p.err_what, EXT_MESSAGES ?
                        "MBR partition lies outside the disk" : "");

    /* An EBR link that points past 2^32 from the extended partition's
     * start (0xFFFFFF00 + 0x200): never read as sector 0x100. */
    far_init(&d);
    mbr_entry(far_sector(&d, 0), 0, MBR_TYPE_EXTENDED_LBA, 0xFFFFFF00u, 0xF0);
    h = far_sector(&d, 0xFFFFFF00u);
    mbr_entry(h, 0, MBR_TYPE_LINUX, 1, 8);
    mbr_entry(h, 1, MBR_TYPE_EXTENDED_LBA, 0x200, 8);
    mbr_entry(far_sector(&d, 0x100), 0, MBR_TYPE_LINUX, 1, 8);
    assert_int_equal(part_get(&d.bd, buf, 6, &p), PART_ECORRUPT);
    assert_string_equal(p.err_what, EXT_MESSAGES ?
                        "partition table points past the end of the disk" :
                        "");
    assert_int_equal(d.reads_past, 0);

    /* A GPT entry starting at 2^32 + 5. */
    far_init(&d);
    mbr_entry(far_sector(&d, 0), 0, MBR_TYPE_GPT_PROTECTIVE, 1, 0xFFFFFFFEu);
    h = far_sector(&d, 1);
    e = far_sector(&d, 2);
    memset(e + GPTE_TYPE_GUID, 0x11, GPTE_GUID_LEN);
    put_le(e + GPTE_STARTING_LBA, (1ull << 32) + 5, 8);
    put_le(e + GPTE_ENDING_LBA, (1ull << 32) + 100, 8);
    memcpy(h + GPT_SIGNATURE, "EFI PART", GPT_SIGNATURE_LEN);
    put_le(h + GPT_HEADER_SIZE, GPT_HEADER_MIN, 4);
    put_le(h + GPT_MY_LBA, 1, 8);
    put_le(h + GPT_ALTERNATE_LBA, (1ull << 32) + 7, 8);
    put_le(h + GPT_PART_ENTRY_LBA, 2, 8);
    put_le(h + GPT_NUM_PART_ENTRIES, 4, 4);
    put_le(h + GPT_PART_ENTRY_SIZE, 128, 4);
    put_le(h + GPT_PART_ARRAY_CRC32, ~ext_crc32(~0u, e, 512), 4);
    crc = ~ext_crc32(~0u, h, GPT_HEADER_MIN);
    put_le(h + GPT_HEADER_CRC32, crc, 4);
    assert_int_equal(part_scheme(&d.bd, buf), PART_GPT);
    assert_int_equal(part_get(&d.bd, buf, 1, &p), PART_ECORRUPT);
    assert_int_equal(p.err_lba, 2);
    assert_int_equal(part_get(&d.bd, buf, 2, &p), PART_ENOENT);

    /* The same entry array 2^32 sectors on: refused, not read at 2. */
    put_le(h + GPT_HEADER_CRC32, 0, 4);
    put_le(h + GPT_PART_ENTRY_LBA, (1ull << 32) + 2, 8);
    crc = ~ext_crc32(~0u, h, GPT_HEADER_MIN);
    put_le(h + GPT_HEADER_CRC32, crc, 4);
    assert_int_equal(part_get(&d.bd, buf, 1, &p), PART_ECORRUPT);
    assert_string_equal(p.err_what, EXT_MESSAGES ?
                        "GPT entry array lies outside the disk" : "");
    assert_int_equal(d.reads_past, 0);
}

static void test_partitions(void **state)
{
    struct logdev l;
    struct part_info p;
    uint8_t buf[512];

    (void)state;
    open_img(&l, "mbr");
    assert_int_equal(part_scheme(&l.bd, buf), PART_MBR);
    assert_int_equal(part_find(&l.bd, buf, 0, &p), 0);
    assert_int_equal(p.index, 2);
    assert_int_equal(p.lba, 10240);
    assert_int_equal(part_get(&l.bd, buf, 1, &p), 0);
    assert_int_equal(p.mbr_type, 0x0c);
    assert_int_equal(part_get(&l.bd, buf, 3, &p), PART_ENOENT);
    assert_int_equal(part_get(&l.bd, buf, 5, &p), PART_ENOENT);
    host_disk_close(&l.disk);

    open_img(&l, "mbr-logical");
    if (PART_LOGICAL) {
        assert_int_equal(part_find(&l.bd, buf, 0, &p), 0);
        assert_int_equal(p.index, 6);
        assert_int_equal(p.lba, 18432);
    } else {                      /* the primary slots only */
        assert_int_equal(part_find(&l.bd, buf, 0, &p), PART_ENOFS);
    }
    assert_int_equal(part_get(&l.bd, buf, 5, &p), 0);
    assert_int_equal(p.lba, 12288);
    assert_int_equal(part_get(&l.bd, buf, 7, &p), PART_ENOENT);
    host_disk_close(&l.disk);

    open_img(&l, "gpt");
    assert_int_equal(part_scheme(&l.bd, buf), PART_GPT);
    assert_int_equal(part_find(&l.bd, buf, 0, &p), 0);
    assert_int_equal(p.index, 3);
    assert_int_equal(p.lba, 10240);
    assert_int_equal(p.linux_fs, PART_LINUX_FS);  /* 0: never said */
    assert_int_equal(part_get(&l.bd, buf, 1, &p), 0);
    assert_false(p.linux_fs);
    assert_int_equal(part_get(&l.bd, buf, 4, &p), PART_ENOENT);
    host_disk_close(&l.disk);

    open_img(&l, "ext4-4k");
    assert_int_equal(part_scheme(&l.bd, buf), PART_NONE);
    assert_int_equal(part_find(&l.bd, buf, 0, &p), 0);
    assert_int_equal(p.lba, 0);
    assert_int_equal(p.sectors, l.disk.sectors);
    host_disk_close(&l.disk);
}

/* Partition tables as Linux reads them (#26, classes 5 and 6), on the
 * disks tests/images/part.sh made with sfdisk and patched; libblkid's
 * view (partx) is the oracle: every partition it lists is found where it
 * says, the next number is not there, and the first ext partition is the
 * one holding the filesystem.
 *   mbr-2ext   msdos.c's parse_extended(): every extended entry of the
 *              MBR walked in table order, logical partitions numbered
 *              from 5 across the chains; an EBR's data in any slot, its
 *              first extended slot the link.
 *   gpt-mylba  efi.c's is_gpt_valid(): MyLBA must be the sector the
 *              header was read from; the backup is then taken from the
 *              disk's last sector (libblkid's get_gpt_header()).
 *   gpt-alt    a primary failing its entry-array CRC: its AlternateLBA
 *              (a decoy) is never used, the last sector's backup is.
 * Without PART_GPT_BACKUP (the tiny profile) both GPT disks are refused
 * with the primary's error, where it was found. */
static void test_partitions_as_linux(void **state)
{
    static const struct {
        const char *name;
        uint32_t ext_index;
        blockdev_lba_t ext_lba;
        int primary_err;          /* the primary GPT's, and where */
        blockdev_lba_t primary_lba;
    } disks[] = {
        { "mbr-2ext", 6, 53248, 0, 0 },
        { "gpt-mylba", 3, 10240, PART_ECORRUPT, 1 },
        { "gpt-alt", 3, 10240, PART_ECSUM, 2 },
    };
    size_t i;

    (void)state;
    for (i = 0; i < sizeof(disks) / sizeof(disks[0]); i++) {
        char path[64];
        struct logdev l;
        struct part_info p;
        uint8_t buf[512];
        unsigned nr, last = 0;
        unsigned long long start, n;
        FILE *f;

        snprintf(path, sizeof(path), "%s.partx", disks[i].name);
        f = fopen(timg_path(path), "r");
        assert_non_null(f);
        open_img(&l, disks[i].name);
        if (!PART_GPT_BACKUP && disks[i].primary_err) {
            assert_int_equal(part_get(&l.bd, buf, 1, &p),
                             disks[i].primary_err);
            assert_int_equal(p.err_lba, disks[i].primary_lba);
            assert_int_equal(part_find(&l.bd, buf, 0, &p),
                             disks[i].primary_err);
            assert_int_equal(p.err_lba, disks[i].primary_lba);
            fclose(f);
            host_disk_close(&l.disk);
            continue;
        }
        while (fscanf(f, "%u %llu %llu", &nr, &start, &n) == 3) {
            int rc = part_get(&l.bd, buf, nr, &p);

            if (rc)
                fail_msg("%s: partition %u: %d", disks[i].name, nr, rc);
            assert_int_equal(p.lba, start);
            assert_int_equal(p.sectors, n);
            last = nr;
        }
        fclose(f);
        assert_true(last >= 3);
        assert_int_equal(part_get(&l.bd, buf, last + 1, &p), PART_ENOENT);
        if (!PART_LOGICAL && disks[i].ext_index > 4) {
            assert_int_equal(part_find(&l.bd, buf, 0, &p), PART_ENOFS);
            host_disk_close(&l.disk);
            continue;
        }
        assert_int_equal(part_find(&l.bd, buf, 0, &p), 0);
        assert_int_equal(p.index, disks[i].ext_index);
        assert_int_equal(p.lba, disks[i].ext_lba);
        host_disk_close(&l.disk);
    }
}

static int code_of(const char *name)
{
    static const struct { const char *n; int c; } codes[] = {
#define CODE_NAME(name, value, text) { #name, name },
        EXT_ERRORS(CODE_NAME)
#undef CODE_NAME
    };
    size_t i;

    for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
        if (!strcmp(codes[i].n, name))
            return codes[i].c;
    fail_msg("unknown code %s", name);
    return 0;
}

/* Is the build option a case needs (evil/cases' last column) on? */
static bool option_on(const char *needs)
{
    if (!strcmp(needs, "EXT_CSUM_VERIFY"))
        return EXT_CSUM_VERIFY;
    if (!strcmp(needs, "EXT_HTREE"))
        return EXT_HTREE;
    if (strcmp(needs, "-"))
        fail_msg("unknown build option %s", needs);
    return true;
}

/* Each evil image fails with its own code, through the API: mount, then
 * the operation the case names, reading whole files into a bounded
 * buffer. A case whose damage only an option left out of this build
 * would see reads through without error; without EXT_MESSAGES the
 * description ends with the code's text. */
static void test_evil_images(void **state)
{
    char line[512];
    FILE *cases = fopen(timg_path("evil/cases"), "r");
    int count = 0;

    (void)state;
    assert_non_null(cases);
    while (fgets(line, sizeof(line), cases)) {
        char *name = strtok(line, "\t"), *cmd = strtok(NULL, "\t");
        char *code = strtok(NULL, "\t"), *frag = strtok(NULL, "\t");
        char *needs = strtok(NULL, "\t\n"), path[64], op[8], img[128];
        struct logdev l;
        struct ext_fs fs;
        struct ext_file f;
        struct ext_dir d;
        struct ext_dirent e;
        int rc;

        assert_non_null(code);
        assert_non_null(frag);
        assert_non_null(needs);
        assert_int_equal(sscanf(cmd, "%7s %63s", op, path), 2);
        snprintf(img, sizeof(img), "evil/%s", name);
        open_img(&l, img);
        rc = ext_mount(&fs, &l.bd, 0, 0);
        if (!rc && !strcmp(op, "cat")) {
            rc = ext_open(&fs, path, &f);
            if (!rc) {
                static uint8_t buf[1 << 20];
                ext_off_t size;

                rc = ext_load(&fs, &f, buf, sizeof(buf), &size);
            }
        } else if (!rc) {
            struct ext_inode in;

            rc = ext_lookup(&fs, path, true, &in);
            if (!rc)
                rc = ext_dir_open(&fs, &in, &d);
            while (!rc && (rc = ext_dir_next(&fs, &d, &e)) > 0)
                rc = 0;
        }
        if (!option_on(needs)) {
            if (rc != 0)
                fail_msg("evil %s: got %d (%s), want success without %s",
                         name, rc, ext_strerror(rc), needs);
        } else if (rc != code_of(code)) {
            fail_msg("evil %s: got %d (%s), want %s", name, rc,
                     ext_strerror(rc), code);
        } else if (!EXT_MESSAGES && rc != EXT_EFEATURE) {
            char msg[200], text[32];

            snprintf(text, sizeof(text), "ext error %d", rc);
            ext_error_describe(&fs, msg, sizeof(msg));
            assert_true(strlen(msg) >= strlen(text));
            assert_string_equal(msg + strlen(msg) - strlen(text), text);
        }
        host_disk_close(&l.disk);
        count++;
    }
    fclose(cases);
    assert_true(count >= 45);
}

static void test_needs_recovery_empty_log_mounts(void **state)
{
    const char *copy = timg_copy("ext3.img", "ext3-recover.img");
    struct logdev l;
    struct ext_fs fs;
    struct ext_file f;
    FILE *img;
    uint8_t b[4];

    (void)state;
    assert_non_null(copy);
    img = fopen(copy, "r+b");
    assert_non_null(img);
    fseek(img, 1024 + 0x60, SEEK_SET);
    assert_int_equal(fread(b, 1, 4, img), 4);
    b[0] |= 0x04;                 /* INCOMPAT_RECOVER */
    fseek(img, 1024 + 0x60, SEEK_SET);
    assert_int_equal(fwrite(b, 1, 4, img), 4);
    fclose(img);
    if (!EXT_JOURNAL) {
        /* Without replay the log is never read: needs_recovery alone
         * refuses the mount. */
        check_refused("ext3-recover", INCOMPAT_RECOVER, "needs_recovery");
        return;
    }
    mount_img(&l, &fs, "ext3-recover");
    /* needs_recovery with an empty log (s_start 0): nothing to replay,
     * so nothing is stale and no warning is due. */
    assert_false(fs.warnings & EXT_WARN_NEEDS_RECOVERY);
    assert_int_equal(ext_open(&fs, "/boot/kernel.bin", &f), 0);
    host_disk_close(&l.disk);
}

static void test_inline_dir_listing(void **state)
{
    struct logdev l;
    struct ext_fs fs;
    struct ext_inode in;
    struct ext_dir d;
    struct ext_dirent e;
    char seen[256] = "";

    (void)state;
    if (!EXT_INLINE) {
        check_refused("ext4-inline", INCOMPAT_INLINE_DATA, "inline_data");
        return;
    }
    mount_img(&l, &fs, "ext4-inline");
    assert_int_equal(ext_lookup(&fs, "/smalldir", true, &in), 0);
    assert_true(in.flags & IFL_INLINE_DATA);
    assert_int_equal(ext_dir_open(&fs, &in, &d), 0);
    while (ext_dir_next(&fs, &d, &e) > 0) {
        strcat(seen, e.name);
        strcat(seen, " ");
    }
    assert_string_equal(seen, ". .. a bb up ");
    assert_int_equal(ext_lookup(&fs, "/smalldir/../smalldir/up", true, &in),
                     0);
    assert_int_equal(in.size, 40);
    host_disk_close(&l.disk);
}

static void test_feature_names(void **state)
{
    char buf[128];

    (void)state;
    ext_feature_names(1, 0x80000001u, buf, sizeof(buf));
    assert_string_equal(buf, "compression bit_0x80000000");
    ext_feature_names(2, 0x0400u | 0x0001u, buf, sizeof(buf));
    assert_string_equal(buf, "sparse_super metadata_csum");
    ext_feature_names(0, 0x1000u, buf, sizeof(buf));
    assert_string_equal(buf, "orphan_file");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mount_every_image),
        cmocka_unit_test(test_reads_ext2),
        cmocka_unit_test(test_reads_ext4),
        cmocka_unit_test(test_triple_indirect),
        cmocka_unit_test(test_load_refuses_oversized_before_writing),
        cmocka_unit_test(test_inode_numbers),
        cmocka_unit_test(test_htree_1k_two_levels),
        cmocka_unit_test(test_htree_4k),
        cmocka_unit_test(test_dx_hash_matches_debugfs),
        cmocka_unit_test(test_partitions),
        cmocka_unit_test(test_partitions_as_linux),
        cmocka_unit_test(test_partitions_past_2_32),
        cmocka_unit_test(test_evil_images),
        cmocka_unit_test(test_needs_recovery_empty_log_mounts),
        cmocka_unit_test(test_inline_dir_listing),
        cmocka_unit_test(test_feature_names),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
