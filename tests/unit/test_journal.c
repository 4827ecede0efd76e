/* Journal replay through the API, on the dirty images
 * tests/images/journal.sh made (debugfs jw, never replayed), with the
 * files e2fsck's replay left as the oracle. Built without EXT_JOURNAL
 * (the tiny profile), the same dirty images must be refused at mount by
 * name, with or without a replay table, and the table left untouched. */
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
#include "tests/support/timg.h"

#define TABLE 4096u

static struct ext_jblock table[TABLE];

struct img {
    struct host_disk disk;
    struct ext_fs fs;
    struct ext_journal jnl;
};

static void open_img(struct img *m, const char *file)
{
    memset(m, 0, sizeof(*m));
    if (host_disk_open(&m->disk, timg_path(file)))
        fail_msg("cannot open %s", timg_path(file));
}

static int mount_j(struct img *m, const char *file, uint32_t cap)
{
    open_img(m, file);
    m->jnl.tab = table;
    m->jnl.cap = cap;
    return ext_mount_journal(&m->fs, &m->disk.bd, 0, 0, &m->jnl);
}

#if EXT_JOURNAL
static uint8_t *slurp(const char *file, size_t *n)
{
    FILE *f = fopen(timg_path(file), "rb");
    uint8_t *b;
    long len;

    if (!f)
        fail_msg("cannot open %s", timg_path(file));
    fseek(f, 0, SEEK_END);
    len = ftell(f);
    fseek(f, 0, SEEK_SET);
    b = malloc((size_t)len + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)len, f), (size_t)len);
    fclose(f);
    *n = (size_t)len;
    return b;
}
#endif

static const char *const kinds[] = { "ext4", "ext3" };

/* A clean filesystem with a journal: the replay reads nothing. */
static void test_clean_costs_nothing(void **state)
{
    size_t i;

    (void)state;
    for (i = 0; i < 2; i++) {
        char file[64];
        struct img a, b;
        char line[128];

        snprintf(file, sizeof(file), "journal-%s.clean", kinds[i]);
        open_img(&a, file);
        assert_int_equal(ext_mount(&a.fs, &a.disk.bd, 0, 0), 0);
        assert_int_equal(mount_j(&b, file, TABLE), 0);
        assert_int_equal(a.fs.sectors_read, b.fs.sectors_read);
        assert_int_equal(a.fs.reads, b.fs.reads);
        assert_int_equal(b.jnl.replayed, 0);
        ext_journal_describe(&b.fs, line, sizeof(line));
        assert_string_equal(line, "clean, nothing to replay");
        host_disk_close(&a.disk);
        host_disk_close(&b.disk);
    }
}

#if EXT_JOURNAL
/* ext_mount gives no table: a journal that needs replay is refused. */
static void test_dirty_without_table_refused(void **state)
{
    struct img m;
    char msg[200];

    (void)state;
    open_img(&m, "journal-ext4.img");
    assert_int_equal(ext_mount(&m.fs, &m.disk.bd, 0, 0), EXT_EJFULL);
    ext_error_describe(&m.fs, msg, sizeof(msg));
    assert_non_null(strstr(msg, "no replay table"));
    host_disk_close(&m.disk);
}

/* Every way of reading the kernel sees the replayed bytes: the whole
 * file in one ext_load (multi-sector reads into the caller's buffer,
 * patched), odd-sized reads at odd offsets, single bytes at block edges. */
static void test_dirty_reads_as_replayed(void **state)
{
    size_t i;

    (void)state;
    for (i = 0; i < 2; i++) {
        char file[64], kfile[64], line[300];
        struct img m;
        struct ext_file f;
        size_t n;
        uint8_t *want, *got;
        ext_off_t size, off;
        int rc;

        snprintf(file, sizeof(file), "journal-%s.img", kinds[i]);
        snprintf(kfile, sizeof(kfile), "journal-%s.kernel", kinds[i]);
        want = slurp(kfile, &n);
        got = malloc(n + 4096);
        assert_non_null(got);
        rc = mount_j(&m, file, TABLE);
        if (rc) {
            ext_error_describe(&m.fs, line, sizeof(line));
            fail_msg("%s: %s", file, line);
        }
        assert_int_equal(m.jnl.replayed, 1);
        assert_int_equal(m.jnl.transactions, 2);
        assert_int_equal(m.jnl.end_seq - m.jnl.first_seq, 2);
        assert_true(m.jnl.n > 0 && m.jnl.n <= TABLE);
        assert_false(m.fs.warnings & EXT_WARN_NEEDS_RECOVERY);
        ext_journal_describe(&m.fs, line, sizeof(line));
        assert_non_null(strstr(line, "replayed in memory: 2 transactions"));

        assert_int_equal(ext_open(&m.fs, "/boot/kernel.bin", &f), 0);
        assert_int_equal(f.in.size, n);
        assert_int_equal(ext_load(&m.fs, &f, got, n, &size), 0);
        assert_int_equal(size, n);
        assert_memory_equal(got, want, n);

        memset(got, 0, n);
        for (off = 3; off < n; off += 777) {
            int32_t r = ext_read(&m.fs, &f, off, got + off, 777);

            assert_true(r > 0);
        }
        assert_memory_equal(got + 3, want + 3, n - 3);
        for (off = 1; off + 1 < n; off += 1024) {
            uint8_t two[2];

            assert_int_equal(ext_read(&m.fs, &f, off - 1, two, 2), 2);
            assert_memory_equal(two, want + off - 1, 2);
        }
        /* The file the change removed is gone. */
        assert_int_equal(ext_open(&m.fs, "/small", &f), EXT_ENOENT);
        free(want);
        free(got);
        host_disk_close(&m.disk);
    }
}

/* The table's limit is exact: n entries replay, n - 1 refuse by name. */
static void test_table_limit(void **state)
{
    struct img m;
    uint32_t need;
    char msg[200];

    (void)state;
    assert_int_equal(mount_j(&m, "journal-ext4.img", TABLE), 0);
    need = m.jnl.n;
    host_disk_close(&m.disk);
    assert_int_equal(mount_j(&m, "journal-ext4.img", need), 0);
    assert_int_equal(m.jnl.n, need);
    host_disk_close(&m.disk);
    assert_int_equal(mount_j(&m, "journal-ext4.img", need - 1), EXT_EJFULL);
    ext_error_describe(&m.fs, msg, sizeof(msg));
    assert_non_null(strstr(msg, "replay table"));
    host_disk_close(&m.disk);
}

/* A device that counts how often each sector is read. */
#define COUNTED_SECTORS 65536u

struct counted {
    struct blockdev bd;
    const struct blockdev *under;
    uint8_t hits[COUNTED_SECTORS];
};

static int counted_read(void *ctx, blockdev_lba_t lba, uint32_t count,
                        void *buf)
{
    struct counted *c = ctx;
    uint32_t i;

    for (i = 0; i < count; i++)
        if (lba + i < COUNTED_SECTORS && c->hits[lba + i] < 255)
            c->hits[lba + i]++;
    return c->under->read(c->under->ctx, lba, count, buf);
}

/* The replay is an overlay the reader reads through (#24): a block the
 * journal replaces is read once, from its journal copy, never from its
 * home as well. Loading the kernel after the mount reads no replaced
 * block's home sector, and each sector of a copy at most once; some of
 * the kernel's blocks are replaced, so some copies are read. */
static void test_replaced_block_read_once(void **state)
{
    size_t i;

    (void)state;
    for (i = 0; i < 2; i++) {
        char file[64];
        struct img m;
        struct counted *c = calloc(1, sizeof(*c));
        struct ext_file f;
        uint8_t *got = malloc(1u << 20);
        ext_off_t size;
        uint32_t k, s, per, copies_read = 0;

        assert_non_null(c);
        assert_non_null(got);
        snprintf(file, sizeof(file), "journal-%s.img", kinds[i]);
        open_img(&m, file);
        c->under = &m.disk.bd;
        c->bd = (struct blockdev){ counted_read, c, m.disk.bd.sectors };
        m.jnl.tab = table;
        m.jnl.cap = TABLE;
        assert_int_equal(ext_mount_journal(&m.fs, &c->bd, 0, 0, &m.jnl), 0);
        assert_int_equal(ext_open(&m.fs, "/boot/kernel.bin", &f), 0);
        memset(c->hits, 0, sizeof(c->hits));
        assert_int_equal(ext_load(&m.fs, &f, got, 1u << 20, &size), 0);
        per = 1u << (m.fs.blk_shift - 9);
        for (k = 0; k < m.jnl.n; k++) {
            ext_blk_t src = table[k].src & (EXT_BLK_MAX >> 1); /* escape */
            uint32_t read = 0;

            for (s = 0; s < per; s++) {
                assert_true(table[k].blk * per + s < COUNTED_SECTORS);
                assert_int_equal(c->hits[table[k].blk * per + s], 0);
                assert_true(c->hits[src * per + s] <= 1);
                read += c->hits[src * per + s];
            }
            assert_true(read <= per);     /* a file's tail: fewer */
            copies_read += read != 0;
        }
        print_message("# %s: kernel load read %u journal copies once, "
                      "no home of the %u replaced blocks\n", file,
                      copies_read, m.jnl.n);
        assert_true(copies_read > 0);
        free(got);
        free(c);
        host_disk_close(&m.disk);
    }
}

/* A log of 2^20 blocks whose every block from 1 on is a descriptor
 * with 510 tags and no commit (tests/images/journal.sh, journal-long):
 * one recovery pass visits each log block at most once, as jbd2's walk
 * does, so the scan reads about one descriptor per 511 log blocks (and
 * the extent leaves that map them) and stops where it came round. Counted in sectors, never in time: before,
 * the scan was bounded by header iterations (2^20 descriptor reads,
 * about 8.4 million sectors). */
static void test_long_log_bounded(void **state)
{
    struct img m;
    const uint32_t log = 1u << 20, per_desc = 4096 / 512;
    /* descriptors, and a leaf sector for each of the 1026 extents the
     * walk enters (the sector buffer also holds the descriptors), twice */
    const uint32_t bound = (log / 511 + 2) * per_desc + 2 * 1026 + 64;
    char line[300];
    int rc;

    (void)state;
    rc = mount_j(&m, "journal-long.img", 64);
    if (rc) {
        ext_error_describe(&m.fs, line, sizeof(line));
        fail_msg("journal-long.img: %s", line);
    }
    print_message("# 2^20-block log: the scan read %u sectors (bound %u)\n",
                  m.jnl.scan_sectors, bound);
    assert_int_equal(m.jnl.stop, EXT_JSTOP_WRAP);
    assert_int_equal(m.jnl.transactions, 0);
    assert_int_equal(m.jnl.n, 0);
    assert_true(m.jnl.scan_sectors <= bound);
    host_disk_close(&m.disk);
}

#else /* !EXT_JOURNAL */

/* Every dirty image, through ext_mount and through ext_mount_journal
 * with a table: EXT_EFEATURE naming needs_recovery, nothing replayed,
 * not one entry of the table written. */
static void test_dirty_refused_by_name(void **state)
{
    size_t i, k;

    (void)state;
    for (i = 0; i < 2; i++) {
        char file[64], msg[200];
        struct img m;
        int with_table;

        snprintf(file, sizeof(file), "journal-%s.img", kinds[i]);
        for (with_table = 0; with_table < 2; with_table++) {
            memset(table, 0xA5, sizeof(table));
            if (with_table) {
                assert_int_equal(mount_j(&m, file, TABLE), EXT_EFEATURE);
                assert_int_equal(m.jnl.replayed, 0);
                assert_int_equal(m.jnl.n, 0);
                assert_int_equal(m.jnl.transactions, 0);
            } else {
                open_img(&m, file);
                assert_int_equal(ext_mount(&m.fs, &m.disk.bd, 0, 0),
                                 EXT_EFEATURE);
            }
            assert_int_equal(m.fs.err, EXT_EFEATURE);
            assert_int_equal(m.fs.err_features, INCOMPAT_RECOVER);
            ext_error_describe(&m.fs, msg, sizeof(msg));
            if (EXT_MESSAGES)
                assert_non_null(strstr(msg, "needs recovery"));
            else
                assert_string_equal(msg, "ext error -4: needs_recovery");
            for (k = 0; k < sizeof(table); k++)
                assert_int_equal(((uint8_t *)table)[k], 0xA5);
            host_disk_close(&m.disk);
        }
    }
}
#endif /* EXT_JOURNAL */

/* Descriptions never overrun a short buffer; every stop has a text (a
 * build without EXT_JOURNAL has only "not replayed", on a clean one). */
static void test_describe_bounds(void **state)
{
    struct img m;
    char small[9];
    int s;

    (void)state;
    assert_int_equal(mount_j(&m, EXT_JOURNAL ? "journal-ext3.img"
                                             : "journal-ext3.clean",
                             TABLE), 0);
    memset(small, 'x', sizeof(small));
    assert_int_equal(ext_journal_describe(&m.fs, small, 1), 0);
    assert_int_equal(small[0], 0);
    assert_int_equal(ext_journal_describe(&m.fs, small, 8), 7);
    assert_int_equal(small[7], 0);
    assert_int_equal(small[8], 'x');
    for (s = EXT_JSTOP_NONE; s <= EXT_JSTOP_WRAP; s++) {
        if (EXT_JOURNAL || s == EXT_JSTOP_NONE)
            assert_string_not_equal(ext_journal_stop_text(s), "?");
        else
            assert_string_equal(ext_journal_stop_text(s), "?");
    }
    assert_string_equal(ext_journal_stop_text(EXT_JSTOP_WRAP + 1), "?");
    host_disk_close(&m.disk);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clean_costs_nothing),
#if EXT_JOURNAL
        cmocka_unit_test(test_dirty_without_table_refused),
        cmocka_unit_test(test_dirty_reads_as_replayed),
        cmocka_unit_test(test_table_limit),
        cmocka_unit_test(test_replaced_block_read_once),
        cmocka_unit_test(test_long_log_bounded),
#else
        cmocka_unit_test(test_dirty_refused_by_name),
#endif
        cmocka_unit_test(test_describe_bounds),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
