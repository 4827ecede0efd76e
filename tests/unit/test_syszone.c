/* ext_blk_sys(), the system zone, on geometries built here (issue 29):
 * every group's base metadata (ext4_num_base_meta_blocks: a superblock
 * backup, the descriptor table and the reserved descriptor blocks where
 * ext4_bg_has_super says so; meta_bg's descriptor blocks) is in the
 * zone, and nothing else at a group's start: a run from one group into
 * the next, one without a backup, is not. No image: the zone is
 * geometry alone (the bitmap and inode-table runs are left empty). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "fs/ext_format.h"
#include "fs/ext_priv.h"

#define BPG 8192u                 /* 1 KiB blocks: 8192 per group */
#define GDT_BLOCKS 2u             /* 64 groups of 32-byte descriptors */
#define RESERVED 256u

/* 1 KiB blocks, 64 groups, sparse_super, 32-byte descriptors. */
static void geometry(struct ext_fs *fs)
{
    memset(fs, 0, sizeof(*fs));
    fs->blk_shift = 10;
    fs->first_data_block = 1;
    fs->blocks_per_group = BPG;
    fs->groups = 64;
    fs->blocks_count = 1 + 64 * BPG;
    fs->desc_size = 32;
    fs->first_meta_bg = GDT_BLOCKS;     /* as the mount sets it */
    fs->reserved_gdt = RESERVED;
    fs->ro_compat = RO_COMPAT_SPARSE_SUPER;
}

static ext_blk_t group_start(uint32_t g)
{
    return 1 + (ext_blk_t)g * BPG;
}

/* Groups 0, 1 and the powers of 3, 5 and 7 carry a backup and the whole
 * table after it; every other group's first block is data. */
static void test_sparse_super(void **state)
{
    struct ext_fs fs;
    static const uint32_t with[] = { 0, 1, 3, 5, 7, 9, 25, 27, 49 };
    static const uint32_t without[] = { 2, 4, 6, 8, 10, 11, 15, 21, 35, 63 };
    uint32_t i;

    (void)state;
    geometry(&fs);
    assert_true(ext_blk_sys(&fs, 0, 1));             /* before block 1 */
    for (i = 0; i < sizeof(with) / sizeof(with[0]); i++) {
        ext_blk_t s = group_start(with[i]);
        uint32_t meta = 1 + GDT_BLOCKS + RESERVED;

        assert_true(ext_blk_sys(&fs, s, 1));
        assert_true(ext_blk_sys(&fs, s + meta - 1, 1));
        assert_false(ext_blk_sys(&fs, s + meta, 1));
        /* A run from the group before into the backup. */
        if (with[i])
            assert_true(ext_blk_sys(&fs, s - 5, 6));
        assert_false(ext_blk_sys(&fs, s + meta, 100));
    }
    for (i = 0; i < sizeof(without) / sizeof(without[0]); i++) {
        ext_blk_t s = group_start(without[i]);

        assert_false(ext_blk_sys(&fs, s, 1));
        /* issue 29: from the group before straight into this one. */
        assert_false(ext_blk_sys(&fs, s - 8, 20));
        assert_false(ext_blk_sys(&fs, s - 100, 3100));
    }
    /* Group 2 through group 3's backup; group 10 through 11 to 12. */
    assert_true(ext_blk_sys(&fs, group_start(2) + 10, BPG));
    assert_false(ext_blk_sys(&fs, group_start(10), 2 * BPG + 5));
}

#if EXT_META_BG
/* meta_bg from meta group 0: a group's descriptor block sits in the
 * first, second and last group of its meta group (32 groups), after
 * the group's backup when it has one; no reserved blocks count. A build
 * without EXT_META_BG (the tiny profile) refuses meta_bg at mount
 * (test_ext checks it), so never places descriptors this way. */
static void test_meta_bg(void **state)
{
    struct ext_fs fs;

    (void)state;
    geometry(&fs);
    fs.incompat = INCOMPAT_META_BG;
    fs.first_meta_bg = 0;
    fs.reserved_gdt = 0;
    assert_true(ext_blk_sys(&fs, group_start(1) + 1, 1));  /* sb + desc */
    assert_false(ext_blk_sys(&fs, group_start(1) + 2, 1));
    assert_true(ext_blk_sys(&fs, group_start(31), 1));     /* last: desc */
    assert_false(ext_blk_sys(&fs, group_start(31) + 1, 1));
    assert_true(ext_blk_sys(&fs, group_start(32), 1));     /* first */
    assert_true(ext_blk_sys(&fs, group_start(33), 1));     /* second */
    assert_false(ext_blk_sys(&fs, group_start(34), 1));    /* neither */
    assert_false(ext_blk_sys(&fs, group_start(34) - 4, 8));
    assert_true(ext_blk_sys(&fs, group_start(63), 1));
    /* Group 5: its backup only (not the first, second or last). */
    assert_true(ext_blk_sys(&fs, group_start(5), 1));
    assert_false(ext_blk_sys(&fs, group_start(5) + 1, 1));
}
#endif

/* sparse_super2: backups in the two groups s_backup_bgs names only. */
static void test_sparse_super2(void **state)
{
    struct ext_fs fs;

    (void)state;
    geometry(&fs);
    fs.compat = COMPAT_SPARSE_SUPER2;
    fs.backup_bgs[0] = 1;
    fs.backup_bgs[1] = 63;
    assert_true(ext_blk_sys(&fs, group_start(1), 1));
    assert_true(ext_blk_sys(&fs, group_start(63) + 2 + RESERVED, 1));
    assert_false(ext_blk_sys(&fs, group_start(63) + 3 + RESERVED, 1));
    assert_false(ext_blk_sys(&fs, group_start(3), 1));
    assert_false(ext_blk_sys(&fs, group_start(25) - 10, 20));
}

/* Without sparse_super every group has a backup. */
static void test_no_sparse_super(void **state)
{
    struct ext_fs fs;
    uint32_t g;

    (void)state;
    geometry(&fs);
    fs.ro_compat = 0;
    for (g = 0; g < 64; g++) {
        assert_true(ext_blk_sys(&fs, group_start(g), 1));
        assert_false(ext_blk_sys(&fs, group_start(g) + 3 + RESERVED, 1));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sparse_super),
#if EXT_META_BG
        cmocka_unit_test(test_meta_bg),
#endif
        cmocka_unit_test(test_sparse_super2),
        cmocka_unit_test(test_no_sparse_super),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
