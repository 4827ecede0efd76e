/* The walk the image and journal harnesses share: the fuzzer's bytes as a
 * disk, and a mounted filesystem walked the way extload and its host tool
 * use it, every result checked. Every loop here is bounded by a constant
 * below, so the time an input takes is the reader's doing. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tests/fuzz/h_walk.h"

#define WALK_DIRS        64u      /* directories visited */
#define WALK_ENTRIES     512u     /* entries taken from each directory */
#define WALK_FILES       128u     /* inodes opened and read */
#define WALK_LOOKUPS     16u      /* paths resolved from the root */
#define READ_CHUNK_MAX   (64u << 10)  /* bytes read from one file */
#define LOAD_MAX         (64u << 10)  /* the ext_load window */
#define PATH_LEN         256u
#define FILL             0xA5u

/* Sectors straight from the fuzzer's bytes (no copy of the image per
 * run); past the input the disk reads as zeros. */
uint64_t fz_sectors_read;

static int mem_read(void *ctx, blockdev_lba_t lba, uint32_t count,
                    void *buf)
{
    struct fz_disk *m = ctx;
    uint64_t at, n, have;

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
    fz_sectors_read += count;
    at = (uint64_t)lba * BLOCKDEV_SECTOR;
    n = (uint64_t)count * BLOCKDEV_SECTOR;
    have = at < m->len ? m->len - at : 0;
    if (have > n)
        have = n;
    if (have)
        memcpy(buf, m->img + at, (size_t)have);
    if (have < n)
        memset((uint8_t *)buf + have, 0, (size_t)(n - have));
    return 0;
}

void fz_disk_init(struct fz_disk *d, struct blockdev *bd,
                  const uint8_t *data, size_t len, bool exact)
{
    uint64_t s = ((uint64_t)len + BLOCKDEV_SECTOR - 1) / BLOCKDEV_SECTOR;

    d->img = data;
    d->len = len;
    d->sectors = (blockdev_lba_t)(exact || s > FZ_DISK_MIN_SECTORS
                                  ? s : FZ_DISK_MIN_SECTORS);
    d->bad = NULL;
    bd->read = mem_read;
    bd->ctx = d;
    bd->sectors = d->sectors;
}

/* FNV-1a over a few bytes spread through the input: cheap, and any
 * mutation of a superblock or a directory soon changes it. */
uint32_t fz_pick(const uint8_t *data, size_t len)
{
    uint32_t h = 2166136261u;
    size_t i, step = len / 61 + 1;

    for (i = 0; i < len; i += step)
        h = (h ^ data[i]) * 16777619u;
    return h ^ (uint32_t)len;
}

struct walk {
    struct ext_fs *fs;
    struct fz_disk *dev;
    const char *bad;
    uint32_t pick;
    uint32_t files, lookups;
    uint32_t ndirs;
    /* The last error described: the same one again (every read of a
     * broken file meets it) gives the same sentence. */
    int32_t last_err;
    uint32_t last_ino;
    uint64_t last_blk;
    const char *last_what;
    uint32_t dir_ino[WALK_DIRS];
    char dir_path[WALK_DIRS][PATH_LEN];
    char link[EXT_PATH_MAX];
};

/* Every error must describe itself without overrunning a short buffer. */
const char *fz_describe(const struct ext_fs *fs, int rc)
{
    char msg[200], tiny[7];

    if (rc >= 0)
        return NULL;
    ext_error_describe(fs, msg, sizeof(msg));
    ext_error_describe(fs, tiny, sizeof(tiny));
    (void)ext_strerror(rc);
    if (strlen(msg) >= sizeof(msg) || strlen(tiny) >= sizeof(tiny))
        return "ext_error_describe wrote an unterminated message";
    return NULL;
}

/* The sentence an error carries (none without EXT_MESSAGES). */
static const char *err_what(const struct ext_fs *fs)
{
#if EXT_MESSAGES
    return fs->err_what;
#else
    (void)fs;
    return NULL;
#endif
}

static void describe(struct walk *w, int rc)
{
    const struct ext_fs *fs = w->fs;
    const char *bad;

    if (rc >= 0)
        return;
    if (fs->err == w->last_err && fs->err_ino == w->last_ino &&
        fs->err_blk == w->last_blk && err_what(fs) == w->last_what)
        return;
    w->last_err = fs->err;
    w->last_ino = fs->err_ino;
    w->last_blk = fs->err_blk;
    w->last_what = err_what(fs);
    bad = fz_describe(fs, rc);
    if (bad)
        w->bad = bad;
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

/* Read buffers end where an allocation ends: a write past the bytes a
 * call may touch lands in ASan's redzone, without a malloc and free per
 * call (the two arenas live as long as the process). GUARD bytes before
 * a buffer hold the fill pattern and must keep it. SCRATCH takes one read
 * or load at a time, WHOLE the semantic check's reference copy. */
#define GUARD   64u
#define SCRATCH (LOAD_MAX > READ_CHUNK_MAX ? LOAD_MAX : READ_CHUNK_MAX)
#define SEM_MAX (16u << 10)
static uint8_t *arena(int which, uint32_t n)
{
    static uint8_t *a[2];
    static const uint32_t size[2] = { GUARD + SCRATCH, GUARD + SEM_MAX };
    uint8_t *buf;

    if (!a[which])
        a[which] = malloc(size[which]);
    if (!a[which] || n > size[which] - GUARD)
        return NULL;
    buf = a[which] + size[which] - n;
    memset(buf - GUARD, FILL, GUARD + n);
    return buf;
}

static bool guard_ok(const uint8_t *buf)
{
    return untouched(buf - GUARD, GUARD);
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
    buf = arena(0, n);
    if (!buf)
        return -1;
    if (off > EXT_OFF_MAX)        /* past any file of an EXT_OFF32 build */
        return 0;
    got = ext_read(w->fs, f, (ext_off_t)off, buf, len);
    describe(w, got);
    if (got >= 0 && (uint64_t)got != want)
        w->bad = "ext_read returned other than what is left of the file";
    if ((got >= 0 && !untouched(buf + got, n - (uint32_t)got)) ||
        !guard_ok(buf))
        w->bad = "ext_read wrote past the bytes it returned";
    if (got > 0 && out)
        memcpy(out, buf, (size_t)got);
    return got;
}

/* ext_load into a window of LOAD_MAX bytes (or exactly the file size when
 * smaller): a larger file is refused before a byte is written. What it
 * loaded must be what one whole read gave (whole, when given). */
static void load(struct walk *w, struct ext_file *f, const uint8_t *whole)
{
    ext_off_t size = f->in.size, got_size = 0;
    size_t n = size < LOAD_MAX ? (size_t)size : LOAD_MAX;
    uint8_t *buf = arena(0, (uint32_t)n);
    int rc;

    if (!buf)
        return;
    rc = ext_load(w->fs, f, buf, n, &got_size);
    describe(w, rc);
    if (got_size != size)
        w->bad = "ext_load reported a size other than i_size";
    if (size > n && rc != EXT_ETOOBIG)
        w->bad = "ext_load took a file larger than its window";
    if (rc == EXT_ETOOBIG && !untouched(buf, n))
        w->bad = "ext_load wrote into the window of a file it refused";
    if (!guard_ok(buf))
        w->bad = "ext_load wrote before its window";
    if (!rc && whole && memcmp(buf, whole, n))
        w->bad = "ext_load gave other bytes than one whole ext_read";
}

/*
 * The semantic check: the file's first SEM_MAX bytes read whole, then
 * again in one other chunking through a freshly opened ext_file (no cached
 * map state): pieces of 13 bytes (the first 1100: two sector edges and a
 * 1 KiB block edge), of 511 or of 4099 bytes, the input's hash and the
 * file's place in the walk choosing which (every file of a seed, and
 * every mutation of it, gets one; the corpus gets all three). When every
 * read succeeds, its bytes must equal the whole read's.
 */
static bool chunked_same(struct walk *w, const struct ext_inode *in,
                         const uint8_t *whole, uint32_t n)
{
    static const uint32_t chunks[] = { 13, 511, 4099 };
    uint32_t c = (w->pick + w->files) % 3u;
    uint32_t at = 0, end = c == 0 && n > 1100 ? 1100 : n;
    struct ext_file f;
    uint8_t *got;
    bool ok, same = true;

    if (ext_file_open(w->fs, in, &f))
        return true;
    got = arena(0, end);
    if (!got)
        return true;
    ok = true;
    while (ok && at < end) {
        uint32_t k = end - at < chunks[c] ? end - at : chunks[c];
        int32_t r = ext_read(w->fs, &f, at, got + at, k);

        describe(w, r);
        if (r <= 0)
            ok = false;
        else
            at += (uint32_t)r;
    }
    if (ok && memcmp(got, whole, end))
        same = false;
    if (!guard_ok(got))
        w->bad = "ext_read wrote before its buffer";
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
    rc = ext_file_open(w->fs, in, &f);
    describe(w, rc);
    if (rc)
        return;
    n = f.in.size < SEM_MAX ? (uint32_t)f.in.size : SEM_MAX;
    whole = arena(1, n);
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
}

static void read_link(struct walk *w, const struct ext_inode *in)
{
    char small[8];
    int rc = ext_readlink(w->fs, in, w->link, sizeof(w->link));

    describe(w, rc);
    if (!rc && strlen(w->link) >= sizeof(w->link))
        w->bad = "ext_readlink left its target unterminated";
    rc = ext_readlink(w->fs, in, small, sizeof(small));
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
        rc = ext_lookup(w->fs, path, false, &in);
        describe(w, rc);
    }
    rc = ext_open(w->fs, path, &f);
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

    rc = ext_inode_read(w->fs, w->dir_ino[idx], &dir);
    describe(w, rc);
    if (rc)
        return;
    rc = ext_dir_open(w->fs, &dir, &d);
    describe(w, rc);
    if (rc)
        return;
    for (n = 0; n < WALK_ENTRIES; n++) {
        rc = ext_dir_next(w->fs, &d, &e);
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
        rc = ext_inode_read(w->fs, e.ino, &in);
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


const char *fz_walk(struct ext_fs *fs, struct fz_disk *d, uint32_t pick)
{
    static const char *const paths[] = {
        "/", "/boot/extlinux/extlinux.conf", "/extlinux/extlinux.conf",
        "/boot/kernel.bin", "//boot//../boot/./kernel.bin/",
        "/lost+found/..", "/a/b/c/d/deep.txt", "/rel_link/x",
    };
    struct walk *w = malloc(sizeof(*w));
    const char *bad;
    uint32_t i;

    if (!w)
        return NULL;
    /* Only the head: the paths and the link buffer are written before
     * they are read. */
    memset(w, 0, offsetof(struct walk, dir_ino));
    w->fs = fs;
    w->dev = d;
    w->pick = pick;
    w->last_err = 1;
    for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
        lookup(w, paths[i], true);
    queue_dir(w, EXT_ROOT_INO, "");
    for (i = 0; i < w->ndirs && !w->bad && !d->bad; i++)
        walk_dir(w, i);
    bad = w->bad ? w->bad : d->bad;
    free(w);
    return bad;
}
