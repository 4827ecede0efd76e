/* extload commit CONFIG LABEL (cmd_commit.h). */
#include "board/host/cmd_commit.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "firmware/config/config.h"

const char host_commit_usage[] =
    "       extload commit CONFIG LABEL   (DEFAULT LABEL, FALLBACK the "
    "previous DEFAULT)\n";

/* An extlinux.conf larger than this is not one. */
#define COMMIT_FILE_MAX (1u << 20)
/* The previous DEFAULT's name: a label name is one line. */
#define CONFIG_LINE_PREV 1024u

/* One keyword line: [start, end) its text without the line ending,
 * word where the keyword starts, [value, vend) its value (kwend: right
 * after the keyword; the parser drops the blanks from vend to end), eol
 * the ending ("", "\n" or "\r\n"). */
struct kw_line {
    size_t start, word, kwend, value, vend, end;
    const char *eol;
    int found;
};

/* The text to write: the old one, two values and a line more. */
struct out {
    char *b;
    size_t len, cap;
    int overflow;
};

static void put(struct out *o, const char *s, size_t n)
{
    if (o->len + n <= o->cap) {
        memcpy(o->b + o->len, s, n);
        o->len += n;
    } else {
        o->overflow = 1;
    }
}

static void put_str(struct out *o, const char *s)
{
    put(o, s, strlen(s));
}

static int blank(char c)
{
    return c == ' ' || c == '\t';
}

/* The last line of text whose first word is kw (as the board's parser
 * reads a keyword: after blanks, case-insensitive, then a blank). */
static struct kw_line find_kw(const char *text, size_t len, const char *kw)
{
    struct kw_line k = { 0, 0, 0, 0, 0, 0, "", 0 };
    size_t kwlen = strlen(kw), at = 0;

    while (at < len) {
        size_t s = at, e = at, w, end;

        while (e < len && text[e] != '\n')
            e++;
        at = e < len ? e + 1 : e;
        end = e > s && text[e - 1] == '\r' ? e - 1 : e;
        w = s;
        while (w < end && blank(text[w]))
            w++;
        if (end - w < kwlen || strncasecmp(text + w, kw, kwlen) ||
            (w + kwlen < end && !blank(text[w + kwlen])))
            continue;
        k.found = 1;
        k.start = s;
        k.word = w;
        k.kwend = w + kwlen;
        k.end = end;
        k.eol = e == len ? "" : end < e ? "\r\n" : "\n";
        k.value = k.kwend;
        while (k.value < end && blank(text[k.value]))
            k.value++;
        k.vend = end;
        while (k.vend > k.value && blank(text[k.vend - 1]))
            k.vend--;
    }
    return k;
}

static int read_file(const char *path, char **text, size_t *len,
                     mode_t *mode)
{
    struct stat st;
    int fd = open(path, O_RDONLY);
    size_t n = 0;

    if (fd < 0 || fstat(fd, &st)) {
        if (fd >= 0)
            close(fd);
        fprintf(stderr, "extload: %s: %s\n", path, strerror(errno));
        return 1;
    }
    if (!S_ISREG(st.st_mode) || (uint64_t)st.st_size > COMMIT_FILE_MAX) {
        fprintf(stderr, "extload: %s: not a regular file of at most %u "
                "bytes\n", path, COMMIT_FILE_MAX);
        close(fd);
        return 1;
    }
    *mode = st.st_mode & 07777;
    *text = malloc((size_t)st.st_size + 1);
    while (*text && n < (size_t)st.st_size) {
        ssize_t r = read(fd, *text + n, (size_t)st.st_size - n);

        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    close(fd);
    if (!*text || n != (size_t)st.st_size) {
        fprintf(stderr, "extload: %s: %s\n", path,
                *text ? "short read" : "out of memory");
        return 1;
    }
    *len = n;
    return 0;
}

/* The label that boots first today (NULL: the file has none), and
 * whether LABEL is one of the file's; 0, or 1 with the refusal said. */
static int check_config(const char *path, const char *text, size_t len,
                        const char *label, char *prev, size_t prev_cap)
{
    struct boot_config *cfg = malloc(sizeof(*cfg));
    char *copy = malloc(len + 1);
    int d, rc = 1;

    if (!cfg || !copy) {
        fprintf(stderr, "extload: out of memory\n");
        goto out;
    }
    memcpy(copy, text, len);
    copy[len] = '\0';
    config_parse(copy, (uint32_t)len, cfg);
    if (config_find(cfg, label) < 0) {
        fprintf(stderr, "extload: %s: no label '%s' (%u labels read)\n",
                path, label, (unsigned)cfg->count);
        goto out;
    }
    if (cfg->ontimeout) {
        fprintf(stderr, "extload: %s: ONTIMEOUT '%s' wins over DEFAULT; "
                "commit would not change what boots\n", path, cfg->ontimeout);
        goto out;
    }
    d = config_default(cfg);
    if (d < 0 && cfg->count)
        d = 0;
    snprintf(prev, prev_cap, "%s", d >= 0 ? cfg->labels[d].name : "");
    rc = 0;
out:
    free(copy);
    free(cfg);
    return rc;
}

/* One keyword line's value replaced by value. */
static void put_value(struct out *o, const char *text,
                      const struct kw_line *k, const char *value)
{
    put(o, text + k->start, k->value - k->start);
    if (k->value == k->kwend)
        put_str(o, " ");
    put_str(o, value);
}

/* The new text: DEFAULT label, FALLBACK prev, the rest as it was. */
static void rewrite(struct out *o, const char *text, size_t len,
                    const char *label, const char *prev)
{
    struct kw_line def = find_kw(text, len, "DEFAULT");
    struct kw_line fb = find_kw(text, len, "FALLBACK");
    const struct kw_line *first = &def, *second = &fb;
    size_t at = 0;

    if (!def.found) {
        put_str(o, "DEFAULT ");
        put_str(o, label);
        put_str(o, "\n");
        if (!fb.found) {
            put_str(o, "FALLBACK ");
            put_str(o, prev);
            put_str(o, "\n");
        }
    }
    if (def.found && fb.found && fb.start < def.start) {
        first = &fb;
        second = &def;
    }
    for (const struct kw_line *k = first; k; k = k == first ? second : NULL) {
        if (!k->found)
            continue;
        put(o, text + at, k->start - at);
        put_value(o, text, k, k == &def ? label : prev);
        at = k->vend;
        if (k == &def && !fb.found) {
            /* FALLBACK on its own line right after, DEFAULT's indent. */
            put(o, text + def.vend, def.end - def.vend);
            at = def.end;
            put_str(o, def.eol[0] ? def.eol : "\n");
            put(o, text + def.start, def.word - def.start);
            put_str(o, "FALLBACK ");
            put_str(o, prev);
        }
    }
    put(o, text + at, len - at);
}

/* dir of path (its real path's folder), into dir[PATH_MAX]. */
static void dir_of(const char *path, char *dir)
{
    char *slash;

    snprintf(dir, PATH_MAX, "%s", path);
    slash = strrchr(dir, '/');
    if (slash == dir)
        dir[1] = '\0';
    else if (slash)
        *slash = '\0';
    else
        snprintf(dir, PATH_MAX, ".");
}

/* o's bytes to a temporary file beside real, fsynced, renamed over it,
 * the folder fsynced. */
static int replace_file(const char *real, const struct out *o, mode_t mode)
{
    char dir[PATH_MAX], tmp[2 * PATH_MAX + 32];
    const char *base = strrchr(real, '/');
    size_t n = 0;
    int fd, dfd;

    dir_of(real, dir);
    snprintf(tmp, sizeof(tmp), "%s/.%s.extload-XXXXXX", dir,
             base ? base + 1 : real);
    fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "extload: %s: %s\n", tmp, strerror(errno));
        return 1;
    }
    while (n < o->len) {
        ssize_t w = write(fd, o->b + n, o->len - n);

        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        n += (size_t)w;
    }
    if (n != o->len || fchmod(fd, mode) || fsync(fd) || close(fd)) {
        fprintf(stderr, "extload: %s: %s\n", tmp, strerror(errno));
        unlink(tmp);
        return 1;
    }
    if (rename(tmp, real)) {
        fprintf(stderr, "extload: %s: rename to %s: %s\n", tmp, real,
                strerror(errno));
        unlink(tmp);
        return 1;
    }
    dfd = open(dir, O_RDONLY | O_DIRECTORY);
    if (dfd < 0 || fsync(dfd)) {
        fprintf(stderr, "extload: %s: %s\n", dir, strerror(errno));
        if (dfd >= 0)
            close(dfd);
        return 1;
    }
    close(dfd);
    return 0;
}

int host_cmd_commit(int argc, char **argv)
{
    char real[PATH_MAX], prev[CONFIG_LINE_PREV];
    struct out o = { NULL, 0, 0, 0 };
    char *text = NULL;
    size_t len;
    mode_t mode;
    int rc = 1;

    if (argc != 3) {
        fprintf(stderr, "usage:\n%s", host_commit_usage);
        return 2;
    }
    if (!realpath(argv[1], real)) {
        fprintf(stderr, "extload: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    if (read_file(real, &text, &len, &mode) ||
        check_config(argv[1], text, len, argv[2], prev, sizeof(prev)))
        goto out;
    if (!strcmp(prev, argv[2])) {
        printf("%s: '%s' is already the DEFAULT; unchanged\n", argv[1],
               argv[2]);
        rc = 0;
        goto out;
    }
    /* The old text, a FALLBACK line (its indent from the text), the
     * two values and the keywords. */
    o.cap = 2 * len + 2 * strlen(argv[2]) + strlen(prev) + 64;
    o.b = malloc(o.cap);
    if (!o.b) {
        fprintf(stderr, "extload: out of memory\n");
        goto out;
    }
    rewrite(&o, text, len, argv[2], prev);
    if (o.overflow) {
        fprintf(stderr, "extload: %s: the new text outgrew its buffer\n",
                argv[1]);
        goto out;
    }
    rc = replace_file(real, &o, mode);
    if (!rc)
        printf("%s: DEFAULT '%s', FALLBACK '%s'\n", argv[1], argv[2], prev);
out:
    free(o.b);
    free(text);
    return rc;
}
