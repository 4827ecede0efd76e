/* Image harness: a disk image from the fuzzer, as a block device, walked
 * the way extload and its host tool use it. Every loop here is bounded by
 * a constant below, so the time an input takes is the reader's doing. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs/ext.h"
#include "fs/part.h"
#include "tests/fuzz/harness.h"

#define WALK_DIRS        64u      /* directories visited */
#define WALK_ENTRIES     512u     /* entries taken from each directory */
#define WALK_FILES       128u     /* inodes opened and read */
#define WALK_LOOKUPS     16u      /* paths resolved from the root */
#define READ_CHUNK_MAX   (64u << 10)  /* bytes read from one file */
#define LOAD_MAX         (64u << 10)  /* the ext_load window */
#define PATH_LEN         256u
#define FILL             0xA5u

struct memdev {
    const uint8_t *img;
    size_t len;                   /* bytes of img; sectors round it up */
    uint64_t sectors;
    const char *bad;              /* a read the device must never see */
};

/* Sectors straight from the fuzzer's bytes (no copy of the image per
 * run); the last partial sector reads as if zero-padded. */
static int mem_read(void *ctx, blockdev_lba_t lba, uint32_t count, void *buf)
{
    struct memdev *m = ctx;
    size_t at, n;

    if (!buf || lba >= m->sectors || count > m->sectors - lba) {
        m->bad = "a read reached the block device outside the disk";
#ifdef FUZZ_TRACE
        fprintf(stderr, "bad read: lba %llu count %u of %llu sectors\n",
                (unsigned long long)lba, count,
                (unsigned long long)m->sectors);
        abort();
#endif
        return -1;
    }
    at = (size_t)lba * BLOCKDEV_SECTOR;
    n = (size_t)count * BLOCKDEV_SECTOR;
    if (at + n > m->len) {
        memset((uint8_t *)buf + (m->len - at), 0, at + n - m->len);
        n = m->len - at;
    }
    memcpy(buf, m->img + at, n);
    return 0;
}

struct walk {
    struct ext_fs fs;
    struct ext_journal jnl;         /* a dirty journal is replayed */
    struct ext_jblock jtab[64];
    struct memdev dev;
    struct blockdev bd;
    const char *bad;
    uint32_t files, lookups;
    uint32_t ndirs;
    uint32_t dir_ino[WALK_DIRS];
    char dir_path[WALK_DIRS][PATH_LEN];
    char msg[200];
    char link[EXT_PATH_MAX];
};

/* Every error must describe itself without overrunning a short buffer. */
static void describe(struct walk *w, int rc)
{
    char tiny[7];

    if (rc >= 0)
        return;
    ext_error_describe(&w->fs, w->msg, sizeof(w->msg));
    ext_error_describe(&w->fs, tiny, sizeof(tiny));
    if (strlen(w->msg) >= sizeof(w->msg) || strlen(tiny) >= sizeof(tiny))
        w->bad = "ext_error_describe wrote an unterminated message";
    (void)ext_strerror(rc);
}

/* memcmp against a block of the pattern: a byte loop here would be
 * instrumented compare by compare and cost more than the reader. */
static bool untouched(const uint8_t *p, size_t n)
{
    static uint8_t fill[4096];

    if (fill[0] != FILL)
        memset(fill, FILL, sizeof(fill));
    while (n) {
        size_t k = n < sizeof(fill) ? n : sizeof(fill);

        if (memcmp(p, fill, k))
            return false;
        p += k;
        n -= k;
    }
    return true;
}

/* ext_read into a buffer of exactly the bytes it may touch: len, or what
 * is left of the file plus SLACK when that is less (a read never writes
 * past the end of the file, so a longer buffer would only cost memset
 * time; ASan still sees a write past the buffer, the fill pattern one
 * past what was returned). It returns what is left of the file up to
 * len. The bytes read land in *out (when given) for the semantic check. */
#define SLACK 512u
static int32_t read_at(struct walk *w, struct ext_file *f, uint64_t off,
                       uint32_t len, uint8_t *out)
{
    uint64_t want = off < f->in.size ? f->in.size - off : 0;
    uint32_t n = len;
    uint8_t *buf;
    int32_t got;

    if (want > len)
        want = len;
    if (want + SLACK < n)
        n = (uint32_t)want + SLACK;
    buf = malloc(n ? n : 1);
    if (!buf)
        return -1;
    memset(buf, FILL, n);
    got = ext_read(&w->fs, f, off, buf, len);
    describe(w, got);
    if (got >= 0 && (uint64_t)got != want)
        w->bad = "ext_read returned other than what is left of the file";
    if (got >= 0 && !untouched(buf + got, n - (uint32_t)got))
        w->bad = "ext_read wrote past the bytes it returned";
    if (got > 0 && out)
        memcpy(out, buf, (size_t)got);
    free(buf);
    return got;
}

/* ext_load into a window of LOAD_MAX bytes (or exactly the file size when
 * smaller): a larger file is refused before a byte is written. What it
 * loaded must be what one whole read gave (whole, when given). */
static void load(struct walk *w, struct ext_file *f, const uint8_t *whole)
{
    uint64_t size = f->in.size, got_size = 0;
    size_t n = size < LOAD_MAX ? (size_t)size : LOAD_MAX;
    uint8_t *buf = malloc(n ? n : 1);
    int rc;

    if (!buf)
        return;
    memset(buf, FILL, n);
    rc = ext_load(&w->fs, f, buf, n, &got_size);
    describe(w, rc);
    if (got_size != size)
        w->bad = "ext_load reported a size other than i_size";
    if (size > n && rc != EXT_ETOOBIG)
        w->bad = "ext_load took a file larger than its window";
    if (rc == EXT_ETOOBIG && !untouched(buf, n))
        w->bad = "ext_load wrote into the window of a file it refused";
    if (!rc && whole && memcmp(buf, whole, n))
        w->bad = "ext_load gave other bytes than one whole ext_read";
    free(buf);
}

/*
 * The semantic check: the file's first SEM_MAX bytes read whole, then
 * again in chunks of 13 (the first 1100 bytes: two sector edges and a
 * 1 KiB block edge), 511 and 4099 bytes, each
 * pass through a freshly opened ext_file (no cached map state). When
 * every read of a pass succeeds, its bytes must equal the whole read's.
 */
#define SEM_MAX (16u << 10)
static bool chunked_same(struct walk *w, const struct ext_inode *in,
                         const uint8_t *whole, uint32_t n)
{
    static const uint32_t chunks[] = { 13, 511, 4099 };
    uint8_t *got = malloc(n ? n : 1);
    uint32_t c;
    bool same = true;

    if (!got)
        return true;
    for (c = 0; c < 3 && same; c++) {
        struct ext_file f;
        uint32_t at = 0, end = c == 0 && n > 1100 ? 1100 : n;
        bool ok = ext_file_open(&w->fs, in, &f) == 0;

        while (ok && at < end) {
            uint32_t k = end - at < chunks[c] ? end - at : chunks[c];
            int32_t r = ext_read(&w->fs, &f, at, got + at, k);

            describe(w, r);
            if (r <= 0)
                ok = false;
            else
                at += (uint32_t)r;
        }
        if (ok && memcmp(got, whole, end))
            same = false;
    }
    free(got);
    return same;
}

static void read_file(struct walk *w, const struct ext_inode *in)
{
    struct ext_file f;
    uint8_t *whole;
    uint32_t k, n;
    int32_t got;
    int rc;

    if (w->files++ >= WALK_FILES)
        return;
    rc = ext_file_open(&w->fs, in, &f);
    describe(w, rc);
    if (rc)
        return;
    n = f.in.size < SEM_MAX ? (uint32_t)f.in.size : SEM_MAX;
    whole = malloc(n ? n : 1);
    if (!whole)
        return;
    /* One whole read; then the head in odd-sized pieces (partial
     * sectors, straddled blocks), then the tail of a file of any size,
     * then past the end. */
    got = read_at(w, &f, 0, n, whole);
    if (got == (int32_t)n && !chunked_same(w, in, whole, n))
        w->bad = "the same file read in other chunks gave other bytes";
    read_at(w, &f, 0, 1, NULL);
    read_at(w, &f, 0, 1000, NULL);
    read_at(w, &f, 777, READ_CHUNK_MAX - 777, NULL);
    /* Across a sparse or deep map: seven points spread over the file. */
    for (k = 1; k < 8 && f.in.size > 8192; k++)
        read_at(w, &f, f.in.size / 8 * k - 512 - k, 2048, NULL);
    if (f.in.size > 4096)
        read_at(w, &f, f.in.size - 4096 + 3, 4096, NULL);
    if (f.in.size > 1)
        read_at(w, &f, f.in.size - 1, 100, NULL);
    read_at(w, &f, f.in.size, 16, NULL);
    read_at(w, &f, UINT64_MAX - 8, 16, NULL);
    load(w, &f, got == (int32_t)n && n == f.in.size ? whole : NULL);
    free(whole);
}

static void read_link(struct walk *w, const struct ext_inode *in)
{
    char small[8];
    int rc = ext_readlink(&w->fs, in, w->link, sizeof(w->link));

    describe(w, rc);
    if (!rc && strlen(w->link) >= sizeof(w->link))
        w->bad = "ext_readlink left its target unterminated";
    rc = ext_readlink(&w->fs, in, small, sizeof(small));
    describe(w, rc);
    if (!rc && strlen(small) >= sizeof(small))
        w->bad = "ext_readlink overran a small buffer";
}

/* Resolve a path both ways; open what it names and read a little. */
static void lookup(struct walk *w, const char *path, bool last_link)
{
    struct ext_inode in;
    struct ext_file f;
    int rc;

    if (w->lookups++ >= WALK_LOOKUPS)
        return;
    /* Without following the last link only where that differs: the walk
     * of the same directories twice is work the reader does not need. */
    if (last_link) {
        rc = ext_lookup(&w->fs, path, false, &in);
        describe(w, rc);
    }
    rc = ext_open(&w->fs, path, &f);
    describe(w, rc);
    if (!rc && !ext_is_dir(&f.in))
        read_at(w, &f, 0, 600, NULL);
}

static void queue_dir(struct walk *w, uint32_t ino, const char *path)
{
    uint32_t i;

    for (i = 0; i < w->ndirs; i++)
        if (w->dir_ino[i] == ino)
            return;
    if (w->ndirs == WALK_DIRS || strlen(path) >= PATH_LEN)
        return;
    w->dir_ino[w->ndirs] = ino;
    strcpy(w->dir_path[w->ndirs], path);
    w->ndirs++;
}

static void walk_dir(struct walk *w, uint32_t idx)
{
    static const char types[] = "-dlcbps?";
    struct ext_inode dir, in;
    struct ext_dir d;
    struct ext_dirent e;
    char path[PATH_LEN + EXT_NAME_MAX + 2];
    uint32_t n;
    int rc;

    rc = ext_inode_read(&w->fs, w->dir_ino[idx], &dir);
    describe(w, rc);
    if (rc)
        return;
    rc = ext_dir_open(&w->fs, &dir, &d);
    describe(w, rc);
    if (rc)
        return;
    for (n = 0; n < WALK_ENTRIES; n++) {
        rc = ext_dir_next(&w->fs, &d, &e);
        describe(w, rc);
        if (rc <= 0)
            break;
        if (e.name[e.name_len] ||
            !e.type || !strchr(types, e.type))
            w->bad = "ext_dir_next gave a malformed entry";
        if ((e.name_len == 1 && e.name[0] == '.') ||
            (e.name_len == 2 && !memcmp(e.name, "..", 2)))
            continue;
        snprintf(path, sizeof(path), "%s/%s", w->dir_path[idx], e.name);
        rc = ext_inode_read(&w->fs, e.ino, &in);
        describe(w, rc);
        if (rc)
            continue;
        /* Names with a NUL or a '/' inside cannot be looked up by path. */
        if (strlen(e.name) == e.name_len && !strchr(e.name, '/'))
            lookup(w, path, ext_is_link(&in));
        if (ext_is_dir(&in))
            queue_dir(w, in.ino, path);
        else if (ext_is_link(&in))
            read_link(w, &in);
        if (!ext_is_dir(&in))
            read_file(w, &in);
    }
}

const char *fuzz_image_one(const uint8_t *data, size_t len)
{
    static const char *const paths[] = {
        "/", "/boot/extlinux/extlinux.conf", "/extlinux/extlinux.conf",
        "/boot/kernel.bin", "//boot//../boot/./kernel.bin/",
        "/lost+found/..", "/a/b/c/d/deep.txt", "/rel_link/x",
    };
    size_t padded = (len + BLOCKDEV_SECTOR - 1) & ~(size_t)(BLOCKDEV_SECTOR - 1);
    struct part_info pi;
    struct walk *w;
    uint8_t sector[BLOCKDEV_SECTOR];
    const char *bad = NULL;
    char names[300];
    uint32_t i;
    int rc;

    if (!len || len > (64u << 20))
        return NULL;
    w = calloc(1, sizeof(*w));
    if (!w)
        goto out;
    w->dev.img = data;
    w->dev.len = len;
    w->dev.sectors = padded / BLOCKDEV_SECTOR;
    w->bd.read = mem_read;
    w->bd.ctx = &w->dev;
    w->bd.sectors = w->dev.sectors;

    (void)part_scheme(&w->bd, sector);
    rc = part_find(&w->bd, sector, 0, &pi);
    (void)part_strerror(rc);
    if (rc)
        goto out;
    if (pi.lba >= w->dev.sectors || pi.sectors > w->dev.sectors - pi.lba) {
        bad = "part_find gave a partition outside the disk";
        goto out;
    }
    w->jnl.tab = w->jtab;
    w->jnl.cap = 64;
    rc = ext_mount_journal(&w->fs, &w->bd, pi.lba, pi.sectors, &w->jnl);
    describe(w, rc);
    if (rc)
        goto out;
    (void)ext_flavour(&w->fs);
    /* Every name once per input would be the same work each time: the
     * feature words of this filesystem, into a roomy and a short buffer. */
    ext_feature_names((int)(len % 3), w->fs.ro_compat | w->fs.incompat,
                      names, sizeof(names));
    ext_feature_names(1, w->fs.incompat, names, 9);

    for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
        lookup(w, paths[i], true);
    queue_dir(w, EXT_ROOT_INO, "");
    for (i = 0; i < w->ndirs && !w->bad && !w->dev.bad; i++)
        walk_dir(w, i);
out:
    if (w && !bad)
        bad = w->bad ? w->bad : w->dev.bad;
    free(w);
    return bad;
}
