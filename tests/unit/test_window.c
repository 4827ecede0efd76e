/* The load window under attack: ext_load() with a max writes inside
 * [dst, dst + max) and nowhere else, whatever the inode claims.
 *
 * Images are made here with mke2fs into $EXTLOAD_IMAGES/window/ (ext4
 * with extents and ext2 with a block map, 1 KiB blocks, no checksums so
 * a patched inode still reads) and patched in place like
 * tests/images/evil.sh does: i_size near 2^64, an extent or block
 * pointers mapping past i_size, an i_size past the mapped data.
 *
 * Two kinds of window: one with canary bytes on both sides (every byte
 * outside the window is checked), and one ending at the very end of an
 * mmap'd region followed by a PROT_NONE page, as a window at the top of
 * RAM would be: a write one byte past it faults. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "board/host/disk.h"
#include "fs/ext.h"
#include "tests/support/timg.h"

#define KSIZE   33333u            /* not a multiple of a sector or block */
#define SSIZE   3000u             /* three 1 KiB blocks, the last partial */
#define GUARD   4096u
#define PAT     0x5Au
#define BIG_MAX (64u << 10)

static char dir[3000];
static uint8_t kdata[KSIZE], sdata[SSIZE];
static int have_images;

/* ---- images ------------------------------------------------------------ */

static const char *wpath(const char *name)
{
    static char p[2][3200];
    static int i;

    i ^= 1;
    snprintf(p[i], sizeof(p[i]), "%s/%s", dir, name);
    return p[i];
}

static int write_file(const char *path, const uint8_t *p, size_t n)
{
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(p, 1, n, f) == n;

    if (f && fclose(f))
        ok = 0;
    return ok ? 0 : -1;
}

static int run(const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(cmd, sizeof(cmd), fmt, ap);
    va_end(ap);
    return system(cmd);
}

static int setup(void **state)
{
    const char *img = getenv("EXTLOAD_IMAGES");
    uint32_t i, x = 12345;

    (void)state;
    snprintf(dir, sizeof(dir), "%s/window", img ? img : "build/images");
    for (i = 0; i < KSIZE; i++) {
        x = x * 1103515245u + 12345u;
        kdata[i] = (uint8_t)(x >> 16);
    }
    for (i = 0; i < SSIZE; i++)
        sdata[i] = (uint8_t)(i * 13 + 7);
    if (run("rm -rf '%s' && mkdir -p '%s/tree'", dir, dir) ||
        write_file(wpath("tree/k"), kdata, KSIZE) ||
        write_file(wpath("tree/s"), sdata, SSIZE))
        return 0;
    /* -b 1024: inodes and extents at offsets the helpers below compute. */
    have_images =
        !run("E2FSPROGS_FAKE_TIME=1700000000 mke2fs -q -F -t ext4 -b 1024 "
             "-N 32 -O ^has_journal,^metadata_csum -d '%s/tree' "
             "'%s/base4.img' 1M >/dev/null 2>&1", dir, dir) &&
        !run("E2FSPROGS_FAKE_TIME=1700000000 mke2fs -q -F -t ext2 -b 1024 "
             "-N 32 -d '%s/tree' '%s/base2.img' 1M >/dev/null 2>&1",
             dir, dir);
    return 0;
}

/* A fresh copy of a base image to patch. */
static const char *patched(const char *base, const char *name)
{
    const char *to = wpath(name);

    if (run("cp '%s' '%s'", wpath(base), to))
        fail_msg("cannot copy %s", base);
    return to;
}

/* Byte offset of a path's inode (1 KiB blocks). */
static uint64_t inode_at(const char *image, const char *path)
{
    char cmd[8192], line[512];
    unsigned long long blk = 0;
    unsigned off = 0;
    int found = 0;
    FILE *p;

    snprintf(cmd, sizeof(cmd), "debugfs -R 'imap %s' '%s' 2>/dev/null",
             path, image);
    p = popen(cmd, "r");
    assert_non_null(p);
    while (fgets(line, sizeof(line), p)) {
        const char *s = strstr(line, "located at block ");

        if (s && sscanf(s, "located at block %llu, offset 0x%x", &blk,
                        &off) == 2)
            found = 1;
    }
    pclose(p);
    if (!found)
        fail_msg("no inode for %s in %s", path, image);
    return blk * 1024 + off;
}

static void poke(const char *image, uint64_t at, uint64_t v, int n)
{
    FILE *f = fopen(image, "r+b");
    uint8_t b[8];
    int i;

    assert_non_null(f);
    for (i = 0; i < n; i++)
        b[i] = (uint8_t)(v >> (8 * i));
    assert_int_equal(fseek(f, (long)at, SEEK_SET), 0);
    assert_int_equal(fwrite(b, 1, (size_t)n, f), n);
    assert_int_equal(fclose(f), 0);
}

static uint64_t peek(const char *image, uint64_t at, int n)
{
    FILE *f = fopen(image, "rb");
    uint8_t b[8];
    uint64_t v = 0;
    int i;

    assert_non_null(f);
    assert_int_equal(fseek(f, (long)at, SEEK_SET), 0);
    assert_int_equal(fread(b, 1, (size_t)n, f), n);
    fclose(f);
    for (i = n; i--;)
        v = v << 8 | b[i];
    return v;
}

#define I_SIZE_LO   0x04
#define I_BLOCK     0x28
#define I_SIZE_HIGH 0x6C

static void set_size(const char *image, const char *path, uint64_t size)
{
    uint64_t at = inode_at(image, path);

    poke(image, at + I_SIZE_LO, size & 0xFFFFFFFFu, 4);
    poke(image, at + I_SIZE_HIGH, size >> 32, 4);
}

/* ---- windows ----------------------------------------------------------- */

struct window {
    uint8_t *map;                 /* what was allocated or mapped */
    size_t map_len;
    uint8_t *dst;
    size_t max;
    int top;                      /* ends at a PROT_NONE page */
};

static void window_canary(struct window *w, size_t max)
{
    memset(w, 0, sizeof(*w));
    w->map_len = GUARD + max + GUARD;
    w->map = malloc(w->map_len);
    assert_non_null(w->map);
    memset(w->map, PAT, w->map_len);
    w->dst = w->map + GUARD;
    w->max = max;
}

static void window_top(struct window *w, size_t max)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t pages = (max + page - 1) / page + 1;

    memset(w, 0, sizeof(*w));
    w->map_len = (pages + 1) * page;
    w->map = mmap(NULL, w->map_len, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    assert_true(w->map != MAP_FAILED);
    assert_int_equal(mprotect(w->map + pages * page, page, PROT_NONE), 0);
    memset(w->map, PAT, pages * page);
    /* The window's last byte is the last one before the guard page. */
    w->dst = w->map + pages * page - max;
    w->max = max;
    w->top = 1;
}

/* The two windows every load is tried in: 0 canaries, 1 top of RAM. */
static void window_open(struct window *w, int top, size_t max)
{
    if (top)
        window_top(w, max);
    else
        window_canary(w, max);
}

static void window_free(struct window *w)
{
    if (w->top)
        munmap(w->map, w->map_len);
    else
        free(w->map);
}

static int all_pat(const uint8_t *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (p[i] != PAT)
            return 0;
    return 1;
}

/* Nothing outside [dst, dst + max) changed (the guard page of a top
 * window needs no check: a write there has already faulted). */
static void window_check_outside(const struct window *w)
{
    size_t below = (size_t)(w->dst - w->map);

    assert_true(all_pat(w->map, below));
    if (!w->top)
        assert_true(all_pat(w->dst + w->max, GUARD));
}

/* ---- loading ----------------------------------------------------------- */

static int load(const char *image, const char *path, struct window *w,
                ext_off_t *size)
{
    struct host_disk disk;
    struct ext_fs fs;
    struct ext_file f;
    int rc;

    if (host_disk_open(&disk, image))
        fail_msg("cannot open %s", image);
    rc = ext_mount(&fs, &disk.bd, 0, 0);
    assert_int_equal(rc, 0);
    /* A size past what the file's map can address is refused at open. */
    rc = ext_open(&fs, path, &f);
    *size = 0;
    if (rc == EXT_EFBIG) {
        host_disk_close(&disk);
        return rc;
    }
    assert_int_equal(rc, 0);
    rc = ext_load(&fs, &f, w->dst, w->max, size);
    host_disk_close(&disk);
    return rc;
}

#define NEED_IMAGES() do { if (!have_images) skip(); } while (0)

static const char *const bases[] = { "base4.img", "base2.img" };

/* A file exactly as large as the window: loads whole, at the top of RAM
 * too (its partial last sector must not be read in whole there). */
static void test_exact_fit(void **state)
{
    uint32_t b;

    (void)state;
    NEED_IMAGES();
    for (b = 0; b < 2; b++) {
        struct window w;
        ext_off_t size;
        int top;

        for (top = 0; top < 2; top++) {
            window_open(&w, top, KSIZE);
            assert_int_equal(load(wpath(bases[b]), "/k", &w, &size), 0);
            assert_int_equal(size, KSIZE);
            assert_memory_equal(w.dst, kdata, KSIZE);
            window_check_outside(&w);
            window_free(&w);
        }
    }
}

/* One byte too large: refused before a byte of the window is written. */
static void test_one_byte_short(void **state)
{
    uint32_t b;

    (void)state;
    NEED_IMAGES();
    for (b = 0; b < 2; b++) {
        struct window w;
        ext_off_t size;
        int top;

        for (top = 0; top < 2; top++) {
            window_open(&w, top, KSIZE - 1);
            assert_int_equal(load(wpath(bases[b]), "/k", &w, &size),
                             EXT_ETOOBIG);
            assert_int_equal(size, KSIZE);
            assert_true(all_pat(w.dst, w.max));
            window_check_outside(&w);
            window_free(&w);
        }
    }
}

/* i_size near 2^64, sizes that wrap when rounded up to sectors or blocks,
 * and a size whose low 32 bits alone would fit: all refused, untouched. */
static void test_huge_sizes(void **state)
{
    static const uint64_t sizes[] = {
        UINT64_MAX,                        /* 2^64 - 1 */
        UINT64_MAX - 510,                  /* + 511 wraps (sectors) */
        UINT64_MAX - 1022,                 /* + 1023 wraps (blocks) */
        UINT64_MAX - 65534,                /* + 65535 wraps (64 KiB) */
        1ull << 63,
        (1ull << 32) + 1000,               /* (uint32_t)size fits */
        (1ull << 32),                      /* (uint32_t)size == 0 */
        BIG_MAX + 1ull,
    };
    uint32_t b, i;
    int rc;

    (void)state;
    NEED_IMAGES();
    for (b = 0; b < 2; b++) {
        const char *img = patched(bases[b], "huge.img");

        for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
            struct window w;
            ext_off_t size;
            int top;

            set_size(img, "/k", sizes[i]);
            for (top = 0; top < 2; top++) {
                window_open(&w, top, BIG_MAX);
                rc = load(img, "/k", &w, &size);
                assert_true(rc == EXT_ETOOBIG || rc == EXT_EFBIG);
                if (rc == EXT_ETOOBIG)
                    assert_int_equal(size, sizes[i]);
                assert_true(all_pat(w.dst, w.max));
                window_check_outside(&w);
                window_free(&w);
            }
        }
    }
}

/* 2^32 - 1 bytes and 2^32 bytes. A build with 32-bit file offsets
 * (EXT_OFF32: the boards, the tiny profile) refuses the second when the
 * inode is read, by name: EXT_EFBIG, "file of 4 GiB or more" (its code's
 * number without EXT_MESSAGES); one with 64-bit offsets sizes it right
 * and refuses it as larger than the window. Neither writes a byte. */
static void test_4gib_refused_by_name(void **state)
{
    static const uint64_t sizes[] = { (1ull << 32) - 1, 1ull << 32,
                                      (1ull << 32) + KSIZE };
    uint32_t b, i;

    (void)state;
    NEED_IMAGES();
    for (b = 0; b < 2; b++) {
        const char *img = patched(bases[b], "4gib.img");

        for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
            struct host_disk disk;
            struct ext_fs fs;
            struct ext_file f;
            struct window w;
            char msg[200];
            int rc;

            set_size(img, "/k", sizes[i]);
            assert_int_equal(host_disk_open(&disk, img), 0);
            assert_int_equal(ext_mount(&fs, &disk.bd, 0, 0), 0);
            rc = ext_open(&fs, "/k", &f);
            if (EXT_OFF32 && sizes[i] > UINT32_MAX) {
                assert_int_equal(rc, EXT_EFBIG);
                ext_error_describe(&fs, msg, sizeof(msg));
                assert_non_null(strstr(msg, EXT_MESSAGES
                                       ? "file of 4 GiB or more"
                                       : "ext error -20"));
                host_disk_close(&disk);
                continue;
            }
            assert_int_equal(rc, 0);
            assert_true((uint64_t)f.in.size == sizes[i]);
            window_canary(&w, BIG_MAX);
            assert_int_equal(ext_load(&fs, &f, w.dst, w.max, NULL),
                             EXT_ETOOBIG);
            assert_true(all_pat(w.dst, w.max));
            window_check_outside(&w);
            window_free(&w);
            host_disk_close(&disk);
        }
    }
}

/* ext_read at offsets near 2^64 of a file claiming that size: an error or
 * at most len bytes, nothing written past them. */
static void test_read_near_2pow64(void **state)
{
    static const uint64_t offs[] = { UINT64_MAX - 4096, UINT64_MAX - 100,
                                     UINT64_MAX - 1, 1ull << 32,
                                     (1ull << 32) - 100 };
    uint32_t b, i;

    (void)state;
    NEED_IMAGES();
    for (b = 0; b < 2; b++) {
        const char *img = patched(bases[b], "huge.img");
        struct host_disk disk;
        struct ext_fs fs;
        struct ext_file f;

        uint64_t max;
        uint32_t p;

        /* 2^64 - 1 is past any map: refused at open; the largest size
         * the map can address is read near its end instead. */
        set_size(img, "/k", UINT64_MAX);
        assert_int_equal(host_disk_open(&disk, img), 0);
        assert_int_equal(ext_mount(&fs, &disk.bd, 0, 0), 0);
        assert_int_equal(ext_open(&fs, "/k", &f), EXT_EFBIG);
        p = fs.blk_shift - 2;
        max = (fs.incompat & 0x40u) ? 1ull << 32
              : 12 + (1ull << p) + (1ull << 2 * p) + (1ull << 3 * p);
        host_disk_close(&disk);
        max <<= fs.blk_shift;
        if (max > EXT_OFF_MAX)        /* EXT_OFF32: below 4 GiB */
            max = EXT_OFF_MAX;
        set_size(img, "/k", max);
        assert_int_equal(host_disk_open(&disk, img), 0);
        assert_int_equal(ext_mount(&fs, &disk.bd, 0, 0), 0);
        assert_int_equal(ext_open(&fs, "/k", &f), 0);
        for (i = 0; i < sizeof(offs) / sizeof(offs[0]); i++) {
            struct window w;
            int32_t got;

            if (offs[i] > EXT_OFF_MAX)
                continue;
            window_top(&w, 4096);
            got = ext_read(&fs, &f, (ext_off_t)offs[i], w.dst, 4096);
            assert_true(got <= 4096);
            if (got >= 0)
                assert_true(all_pat(w.dst + got, 4096 - (uint32_t)got));
            window_check_outside(&w);
            window_free(&w);
        }
        host_disk_close(&disk);
    }
}

/* ext4: /s's one extent made 40 blocks long, far past i_size (3000). */
static const char *extent_past_size(void)
{
    const char *img = patched("base4.img", "extent_past.img");
    uint64_t at = inode_at(img, "/s") + I_BLOCK + 12;

    assert_int_equal(peek(img, at + 4, 2), 3);       /* ee_len */
    poke(img, at + 4, 40, 2);
    return img;
}

/* ext2: /s's block pointers 3..11 and the indirect one set to real blocks
 * (its own), past i_size. */
static const char *pointers_past_size(void)
{
    const char *img = patched("base2.img", "pointers_past.img");
    uint64_t at = inode_at(img, "/s") + I_BLOCK;
    uint64_t first = peek(img, at, 4);
    int i;

    assert_true(first != 0);
    for (i = 3; i < 13; i++)
        poke(img, at + 4 * i, first + (uint64_t)i % 3, 4);
    return img;
}

static void test_map_past_size(void **state)
{
    const char *imgs[2];
    uint32_t b;

    (void)state;
    NEED_IMAGES();
    imgs[0] = extent_past_size();
    imgs[1] = pointers_past_size();
    for (b = 0; b < 2; b++) {
        struct window w;
        ext_off_t size;

        /* Exactly i_size at the top of RAM: the mapping past it is
         * never followed into the guard page. */
        window_top(&w, SSIZE);
        assert_int_equal(load(imgs[b], "/s", &w, &size), 0);
        assert_int_equal(size, SSIZE);
        assert_memory_equal(w.dst, sdata, SSIZE);
        window_check_outside(&w);
        window_free(&w);
        /* A large window: nothing after i_size is touched. */
        window_canary(&w, BIG_MAX);
        assert_int_equal(load(imgs[b], "/s", &w, &size), 0);
        assert_memory_equal(w.dst, sdata, SSIZE);
        assert_true(all_pat(w.dst + SSIZE, BIG_MAX - SSIZE));
        window_check_outside(&w);
        window_free(&w);
    }
}

/* i_size shrunk below the data (1000 of 3000 bytes), and grown past it
 * (5000: two blocks of hole after the mapped three). */
static void test_size_vs_data(void **state)
{
    uint32_t b;

    (void)state;
    NEED_IMAGES();
    for (b = 0; b < 2; b++) {
        const char *img = patched(bases[b], "resized.img");
        struct window w;
        ext_off_t size;

        set_size(img, "/s", 1000);
        window_canary(&w, BIG_MAX);
        assert_int_equal(load(img, "/s", &w, &size), 0);
        assert_int_equal(size, 1000);
        assert_memory_equal(w.dst, sdata, 1000);
        assert_true(all_pat(w.dst + 1000, BIG_MAX - 1000));
        window_check_outside(&w);
        window_free(&w);

        window_top(&w, 1000);
        assert_int_equal(load(img, "/s", &w, &size), 0);
        assert_memory_equal(w.dst, sdata, 1000);
        window_check_outside(&w);
        window_free(&w);

        set_size(img, "/s", 5000);
        window_top(&w, 5000);
        assert_int_equal(load(img, "/s", &w, &size), 0);
        assert_int_equal(size, 5000);
        assert_memory_equal(w.dst, sdata, SSIZE);
        window_check_outside(&w);
        window_free(&w);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_fit),
        cmocka_unit_test(test_one_byte_short),
        cmocka_unit_test(test_huge_sizes),
        cmocka_unit_test(test_4gib_refused_by_name),
        cmocka_unit_test(test_read_near_2pow64),
        cmocka_unit_test(test_map_past_size),
        cmocka_unit_test(test_size_vs_data),
    };

    return cmocka_run_group_tests(tests, setup, NULL);
}
