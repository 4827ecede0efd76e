/* Error sentences. */
#include "ext_priv.h"

const char *ext_strerror(int err)
{
    static const char *const msg[] = {
        "success",
        "I/O error",
        "not an ext filesystem",
        "bad superblock",
        "unsupported feature",
        "corrupt filesystem",
        "checksum mismatch",
        "no such file or directory",
        "not a directory",
        "too many symbolic links",
        "file too large",
        "invalid argument",
        "name too long",
        "block out of range",
        "is a directory",
        "unsupported inode",
        "journal cannot be replayed",
        "journal replay table full",
    };
    const int count = (int)(sizeof(msg) / sizeof(msg[0]));

    if (err > 0 || err <= -count)
        return "unknown error";
    return msg[-err];
}

static uint32_t put(char *buf, uint32_t len, uint32_t at, const char *s)
{
    while (*s && at + 1 < len)
        buf[at++] = *s++;
    return at;
}

static uint32_t put_u64(char *buf, uint32_t len, uint32_t at, uint64_t v)
{
    char d[21];
    int n = 0;

    do {
        d[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n && at + 1 < len)
        buf[at++] = d[--n];
    return at;
}

uint32_t ext_error_describe(const struct ext_fs *fs, char *buf, uint32_t len)
{
    uint32_t at = 0;

    if (!len)
        return 0;
    if (fs->err == EXT_EFEATURE) {
        at = put(buf, len, at, fs->err_what ? fs->err_what
                                            : ext_strerror(fs->err));
        at = put(buf, len, at, ": ");
        buf[at] = 0;
        at += ext_feature_names(1, (uint32_t)fs->err_blk, buf + at,
                                len - at);
        return at;
    }
    if (fs->err_ino) {
        at = put(buf, len, at, "inode ");
        at = put_u64(buf, len, at, fs->err_ino);
    }
    if (fs->err_blk) {
        at = put(buf, len, at, at ? ", block " : "block ");
        at = put_u64(buf, len, at, fs->err_blk);
    }
    if (at)
        at = put(buf, len, at, ": ");
    at = put(buf, len, at, fs->err_what ? fs->err_what
                                        : ext_strerror(fs->err));
    buf[at] = 0;
    return at;
}
