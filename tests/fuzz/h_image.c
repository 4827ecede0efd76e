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
#define WALK_LOOKUPS     48u      /* paths resolved from the root */
#define READ_CHUNK_MAX   (64u << 10)  /* bytes read from one file */
#define LOAD_MAX         (64u << 10)  /* the ext_load window */
#define PATH_LEN         256u
#define FILL             0xA5u

struct memdev {
    const uint8_t *img;
    uint64_t sectors;
    const char *bad;              /* a read the device must never see */
};

static int mem_read(void *ctx, uint64_t lba, uint32_t count, void *buf)
{
    struct memdev *m = ctx;

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
    memcpy(buf, m->img + lba * BLOCKDEV_SECTOR,
           (size_t)count * BLOCKDEV_SECTOR);
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

static bool untouched(const uint8_t *p, size_t n)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (p[i] != FILL)
            return false;
    return true;
}

/* ext_read into a buffer of exactly len bytes: it returns what is left of
 * the file up to len, and writes nothing past what it returns. */
static void read_at(struct walk *w, struct ext_file *f, uint64_t off,
                    uint32_t len)
{
    uint8_t *buf = malloc(len ? len : 1);
    uint64_t want = off < f->in.size ? f->in.size - off : 0;
    int32_t got;

    if (!buf)
        return;
    if (want > len)
        want = len;
    memset(buf, FILL, len);
    got = ext_read(&w->fs, f, off, buf, len);
    describe(w, got);
    if (got >= 0 && (uint64_t)got != want)
        w->bad = "ext_read returned other than what is left of the file";
    if (got >= 0 && !untouched(buf + got, len - (uint32_t)got))
        w->bad = "ext_read wrote past the bytes it returned";
    free(buf);
}

/* ext_load into a window of LOAD_MAX bytes (or exactly the file size when
 * smaller): a larger file is refused before a byte is written. */
static void load(struct walk *w, struct ext_file *f)
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
    free(buf);
}

static void read_file(struct walk *w, const struct ext_inode *in)
{
    struct ext_file f;
    uint32_t k;
    int rc;

    if (w->files++ >= WALK_FILES)
        return;
    rc = ext_file_open(&w->fs, in, &f);
    describe(w, rc);
    if (rc)
        return;
    /* The head in odd-sized pieces (partial sectors, straddled blocks),
     * then the tail of a file of any size, then past the end. */
    read_at(w, &f, 0, 1);
    read_at(w, &f, 0, 1000);
    read_at(w, &f, 777, READ_CHUNK_MAX - 777);
    /* Across a sparse or deep map: seven points spread over the file. */
    for (k = 1; k < 8 && f.in.size > 8192; k++)
        read_at(w, &f, f.in.size / 8 * k - 512 - k, 2048);
    if (f.in.size > 4096)
        read_at(w, &f, f.in.size - 4096 + 3, 4096);
    if (f.in.size > 1)
        read_at(w, &f, f.in.size - 1, 100);
    read_at(w, &f, f.in.size, 16);
    read_at(w, &f, UINT64_MAX - 8, 16);
    load(w, &f);
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
static void lookup(struct walk *w, const char *path)
{
    struct ext_inode in;
    struct ext_file f;
    int rc;

    if (w->lookups++ >= WALK_LOOKUPS)
        return;
    rc = ext_lookup(&w->fs, path, false, &in);
    describe(w, rc);
    rc = ext_open(&w->fs, path, &f);
    describe(w, rc);
    if (!rc && !ext_is_dir(&f.in))
        read_at(w, &f, 0, 600);
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
            lookup(w, path);
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
    uint8_t *img, sector[BLOCKDEV_SECTOR];
    const char *bad = NULL;
    char names[300];
    uint32_t i;
    int rc;

    if (!len || len > (64u << 20))
        return NULL;
    img = calloc(1, padded);
    w = calloc(1, sizeof(*w));
    if (!img || !w)
        goto out;
    memcpy(img, data, len);
    w->dev.img = img;
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
    for (i = 0; i < 3; i++)
        ext_feature_names((int)i, ~0u, names, sizeof(names));
    ext_feature_names(1, w->fs.incompat, names, 9);

    for (i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
        lookup(w, paths[i]);
    queue_dir(w, EXT_ROOT_INO, "");
    for (i = 0; i < w->ndirs && !w->bad && !w->dev.bad; i++)
        walk_dir(w, i);
out:
    if (w && !bad)
        bad = w->bad ? w->bad : w->dev.bad;
    free(w);
    free(img);
    return bad;
}
