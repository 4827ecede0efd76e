/* treecmp: the reader against a source tree and against debugfs, in one
 * process for a whole filesystem (issue 29).
 *
 *   treecmp [--part N] [--list FILE] [--cmds FILE] IMAGE SRCDIR
 *
 * Walks every directory of the filesystem in IMAGE (or of its partition
 * N, as the host tool's --part) from the root, breadth first, and
 *   - compares every regular file byte for byte with SRCDIR/PATH, every
 *     symlink's target with the source link's, every other entry's type
 *     with the source's (lstat), and every directory's names with the
 *     source directory's (lost+found at the root excepted);
 *   - with --list, writes each directory's listing as one `debugfs -f
 *     CMDS` run prints it for `ls -p "PATH"`, less the uid and gid
 *     columns (the reader does not keep them): a header line
 *     `debugfs: ls -p "PATH"`, a line `/INO/MODE/NAME/SIZE/` per entry
 *     in on-disk order (a directory's size column empty), a blank line;
 *   - with --cmds, writes that debugfs command file, one `ls -p "PATH"`
 *     per directory in the same order.
 * Then one line of counts on stdout: files, bytes, directories, symlinks,
 * other entries, mismatches, reader errors. Each mismatch and each reader
 * error (with its code's text and ext_error_describe's sentence) gets a
 * line on stderr. Exit 0 when nothing differed and nothing failed, 1
 * otherwise, 2 on a usage error or when the filesystem does not mount.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "board/host/disk.h"
#include "fs/ext.h"
#include "fs/part.h"

#define CHUNK (1u << 20)

struct node {                     /* a directory waiting for its walk */
    uint32_t ino;
    char *path;                   /* "/" or "/a/b" */
};

struct cmp {
    struct host_disk disk;
    struct ext_fs fs;
    const char *src;
    FILE *list, *cmds;
    uint8_t *ibuf, *sbuf;
    struct node *q;
    size_t qn, qcap;
    uint64_t files, bytes, dirs, links, others, mismatches, errors;
};

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);

    if (!p) {
        fprintf(stderr, "treecmp: out of memory\n");
        exit(2);
    }
    return p;
}

static void reader_error(struct cmp *c, const char *path)
{
    char msg[256];

    ext_error_describe(&c->fs, msg, sizeof(msg));
    fprintf(stderr, "treecmp: %s: reader error: %s: %s\n", path,
            ext_strerror(c->fs.err), msg);
    c->errors++;
}

static void mismatch(struct cmp *c, const char *path, const char *what)
{
    fprintf(stderr, "treecmp: %s: %s\n", path, what);
    c->mismatches++;
}

static char *join(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    char *p = xmalloc(la + lb + 2);

    memcpy(p, a, la);
    if (!la || a[la - 1] != '/')
        p[la++] = '/';
    memcpy(p + la, b, lb + 1);
    return p;
}

static char *src_path(const struct cmp *c, const char *path)
{
    return join(c->src, path[0] == '/' ? path + 1 : path);
}

static void enqueue(struct cmp *c, uint32_t ino, char *path)
{
    if (c->qn == c->qcap) {
        c->qcap = c->qcap ? 2 * c->qcap : 256;
        c->q = realloc(c->q, c->qcap * sizeof(*c->q));
        if (!c->q) {
            fprintf(stderr, "treecmp: out of memory\n");
            exit(2);
        }
    }
    c->q[c->qn].ino = ino;
    c->q[c->qn++].path = path;
}

/* Reads all of n bytes, or fewer at the end of the file. */
static size_t read_full(int fd, uint8_t *buf, size_t n)
{
    size_t got = 0;

    while (got < n) {
        ssize_t k = read(fd, buf + got, n - got);

        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    return got;
}

static void cmp_file(struct cmp *c, const struct ext_inode *in,
                     const char *path)
{
    struct ext_file f;
    char *sp = src_path(c, path);
    struct stat st;
    uint64_t off = 0;
    int fd = open(sp, O_RDONLY);

    c->files++;
    if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
        mismatch(c, path, "no regular file of that name in the source");
        goto out;
    }
    if ((uint64_t)st.st_size != in->size) {
        char why[96];

        snprintf(why, sizeof(why), "size %" PRIu64 ", source has %" PRIu64,
                 (uint64_t)in->size, (uint64_t)st.st_size);
        mismatch(c, path, why);
        goto out;
    }
    if (ext_file_open(&c->fs, in, &f)) {
        reader_error(c, path);
        goto out;
    }
    while (off < in->size) {
        uint32_t want = in->size - off < CHUNK ? (uint32_t)(in->size - off)
                                               : CHUNK;
        int32_t got = ext_read(&c->fs, &f, off, c->ibuf, want);

        if (got < 0) {
            reader_error(c, path);
            goto out;
        }
        if ((uint32_t)got != want) {
            mismatch(c, path, "the reader returned a short read");
            goto out;
        }
        if (read_full(fd, c->sbuf, want) != want) {
            mismatch(c, path, "the source file ended early");
            goto out;
        }
        if (memcmp(c->ibuf, c->sbuf, want)) {
            uint32_t i = 0;
            char why[96];

            while (c->ibuf[i] == c->sbuf[i])
                i++;
            snprintf(why, sizeof(why), "differs from the source at byte %"
                     PRIu64, off + i);
            mismatch(c, path, why);
            goto out;
        }
        off += want;
        c->bytes += want;
    }
out:
    if (fd >= 0)
        close(fd);
    free(sp);
}

static void cmp_link(struct cmp *c, const struct ext_inode *in,
                     const char *path)
{
    char got[EXT_PATH_MAX], want[EXT_PATH_MAX];
    char *sp = src_path(c, path);
    ssize_t n = readlink(sp, want, sizeof(want) - 1);

    c->links++;
    free(sp);
    if (n < 0) {
        mismatch(c, path, "no symlink of that name in the source");
        return;
    }
    want[n] = 0;
    if (ext_readlink(&c->fs, in, got, sizeof(got))) {
        reader_error(c, path);
        return;
    }
    if (strcmp(got, want))
        mismatch(c, path, "symlink target differs from the source's");
}

static void cmp_other(struct cmp *c, const struct ext_inode *in,
                      const char *path)
{
    char *sp = src_path(c, path);
    struct stat st;

    c->others++;
    if (lstat(sp, &st) < 0 ||
        (st.st_mode & S_IFMT) != (in->mode & EXT_S_IFMT))
        mismatch(c, path, "type differs from the source's");
    free(sp);
}

/* Entries of the source directory, . and .. left out; -1 if unreadable. */
static long src_entries(const struct cmp *c, const char *path)
{
    char *sp = src_path(c, path);
    DIR *d = opendir(sp);
    struct dirent *e;
    long n = 0;

    free(sp);
    if (!d)
        return -1;
    while ((e = readdir(d)) != NULL)
        n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

static void walk_dir(struct cmp *c, uint32_t ino, const char *path)
{
    struct ext_inode dir, in;
    struct ext_dir d;
    struct ext_dirent e;
    long names = 0, want;
    int rc;

    c->dirs++;
    if (c->cmds)
        fprintf(c->cmds, "ls -p \"%s\"\n", path);
    if (c->list)
        fprintf(c->list, "debugfs: ls -p \"%s\"\n", path);
    rc = ext_inode_read(&c->fs, ino, &dir);
    if (!rc)
        rc = ext_dir_open(&c->fs, &dir, &d);
    while (!rc && (rc = ext_dir_next(&c->fs, &d, &e)) > 0) {
        char *child;

        rc = 0;
        if (strchr(e.name, '"') || strchr(e.name, '\n')) {
            mismatch(c, path, "a name debugfs cannot be asked about");
            continue;
        }
        if (ext_inode_read(&c->fs, e.ino, &in)) {
            child = join(path, e.name);
            reader_error(c, child);
            free(child);
            continue;
        }
        if (c->list) {
            fprintf(c->list, "/%" PRIu32 "/%06o/%s/", e.ino,
                    (unsigned)in.mode, e.name);
            if (ext_is_dir(&in))
                fprintf(c->list, "/\n");
            else
                fprintf(c->list, "%" PRIu64 "/\n", (uint64_t)in.size);
        }
        if (!strcmp(e.name, ".") || !strcmp(e.name, ".."))
            continue;
        if (!strcmp(path, "/") && !strcmp(e.name, "lost+found")) {
            char *sp = src_path(c, "/lost+found");
            struct stat st;
            int absent = lstat(sp, &st) < 0;

            free(sp);
            if (absent && ext_is_dir(&in))
                continue;
        }
        names++;
        child = join(path, e.name);
        switch (in.mode & EXT_S_IFMT) {
        case EXT_S_IFDIR:
            enqueue(c, e.ino, child);
            continue;
        case EXT_S_IFREG:
            cmp_file(c, &in, child);
            break;
        case EXT_S_IFLNK:
            cmp_link(c, &in, child);
            break;
        default:
            cmp_other(c, &in, child);
            break;
        }
        free(child);
    }
    if (c->list)
        fprintf(c->list, "\n");
    if (rc < 0) {
        reader_error(c, path);
        return;
    }
    want = src_entries(c, path);
    if (want != names) {
        char why[96];

        snprintf(why, sizeof(why), "%ld names, the source directory %ld",
                 names, want);
        mismatch(c, path, why);
    }
}

static int usage(void)
{
    fprintf(stderr, "usage: treecmp [--part N] [--list FILE] [--cmds FILE] "
                    "IMAGE SRCDIR\n");
    return 2;
}

int main(int argc, char **argv)
{
    static struct cmp c;
    uint8_t buf[BLOCKDEV_SECTOR];
    struct part_info part;
    uint32_t part_index = 0;
    const char *list = NULL, *cmds = NULL;
    size_t head = 0;
    int i = 1, rc;

    while (i + 1 < argc && argv[i][0] == '-') {
        if (!strcmp(argv[i], "--part")) {
            char *end;
            unsigned long n = strtoul(argv[i + 1], &end, 10);

            if (*end || n == 0 || n > 1024)
                return usage();
            part_index = (uint32_t)n;
        } else if (!strcmp(argv[i], "--list")) {
            list = argv[i + 1];
        } else if (!strcmp(argv[i], "--cmds")) {
            cmds = argv[i + 1];
        } else {
            return usage();
        }
        i += 2;
    }
    if (argc - i != 2)
        return usage();
    c.src = argv[i + 1];
    if (host_disk_open(&c.disk, argv[i])) {
        fprintf(stderr, "treecmp: %s: %s\n", argv[i], strerror(errno));
        return 2;
    }
    rc = part_find(&c.disk.bd, buf, part_index, &part);
    if (rc) {
        char msg[160];

        part_describe(&part, rc, msg, sizeof(msg));
        fprintf(stderr, "treecmp: %s: %s\n", argv[i], msg);
        return 2;
    }
    rc = ext_mount(&c.fs, &c.disk.bd, part.lba, part.sectors);
    if (rc) {
        reader_error(&c, argv[i]);
        return 2;
    }
    if ((list && !(c.list = fopen(list, "w"))) ||
        (cmds && !(c.cmds = fopen(cmds, "w")))) {
        fprintf(stderr, "treecmp: %s: %s\n", c.list ? cmds : list,
                strerror(errno));
        return 2;
    }
    c.ibuf = xmalloc(CHUNK);
    c.sbuf = xmalloc(CHUNK);
    enqueue(&c, EXT_ROOT_INO, strcpy(xmalloc(2), "/"));
    while (head < c.qn) {
        struct node n = c.q[head++];

        walk_dir(&c, n.ino, n.path);
        free(n.path);
    }
    if ((c.list && fclose(c.list)) || (c.cmds && fclose(c.cmds))) {
        fprintf(stderr, "treecmp: write error: %s\n", strerror(errno));
        return 2;
    }
    printf("files %" PRIu64 " bytes %" PRIu64 " dirs %" PRIu64
           " symlinks %" PRIu64 " others %" PRIu64 " mismatches %" PRIu64
           " errors %" PRIu64 "\n", c.files, c.bytes, c.dirs, c.links,
           c.others, c.mismatches, c.errors);
    free(c.q);
    free(c.ibuf);
    free(c.sbuf);
    host_disk_close(&c.disk);
    return c.mismatches || c.errors ? 1 : 0;
}
