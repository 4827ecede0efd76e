/* Error texts (from the EXT_ERRORS table) and sentences. */
#include "ext_priv.h"
#include "lib/num.h"
#include "part.h"

const char *ext_strerror(int err)
{
    static const char *const msg[] = {
#define EXT_ERR_TEXT(name, value, text) [-(value)] = text,
        EXT_ERRORS(EXT_ERR_TEXT)
#undef EXT_ERR_TEXT
    };
    const int count = (int)(sizeof(msg) / sizeof(msg[0]));

    if (err > 0 || err <= -count || !msg[-err])
        return "unknown error";
    return msg[-err];
}

/* The sentence, else the code's text; without EXT_MESSAGES (no
 * sentences) the code's number, fs/ext.h's value, so such a build links
 * no table of texts. */
static uint32_t put_what(char *buf, uint32_t len, uint32_t at,
                         const struct ext_fs *fs)
{
#if EXT_MESSAGES
    return num_put(buf, len, at,
                   fs->err_what ? fs->err_what : ext_strerror(fs->err));
#else
    return num_put_code(buf, len, at, "ext", fs->err);
#endif
}

/* A sentence cut to the caller's buffer ends at a word, with "...";
 * without EXT_MESSAGES the text is codes and numbers, never that long. */
static uint32_t cut(char *buf, uint32_t len, uint32_t at)
{
#if EXT_MESSAGES
    return num_cut_word(buf, len, at);
#else
    (void)buf;
    (void)len;
    return at;
#endif
}

/* s, then v in decimal. */
static uint32_t put_num(char *buf, uint32_t len, uint32_t at, const char *s,
                        ext_blk_t v)
{
    return num_put_u(buf, len, num_put(buf, len, at, s), v, 10);
}

/* A failed read's driver code, and its sentence when the caller can say
 * it: ": data CRC mismatch (device error -10)". */
static uint32_t put_dev(char *buf, uint32_t len, uint32_t at, int32_t dev,
                        blockdev_strerror_fn *dev_strerror)
{
    if (!dev)
        return at;
    if (dev_strerror) {
        at = num_put(buf, len, at, ": ");
        at = num_put(buf, len, at, dev_strerror(dev));
    }
    at = put_num(buf, len, at, " (device error -", (uint32_t)-(int64_t)dev);
    return num_put(buf, len, at, ")");
}

#if !EXT_MESSAGES
/* Refused INCOMPAT bits without the table of feature names: what a build
 * may leave out by name (needs_recovery without EXT_JOURNAL, meta_bg
 * without EXT_META_BG, inline_data without EXT_INLINE), every other bit
 * as ext_feature_names writes an unknown one, "bit_0x80". */
static uint32_t put_features(char *buf, uint32_t len, uint32_t at,
                             uint32_t bits)
{
    const char *sep = "";

    for (uint32_t bit = 1; bit; bit <<= 1) {
        if (!(bits & bit))
            continue;
        at = num_put(buf, len, at, sep);
        sep = " ";
        if (bit == INCOMPAT_RECOVER)
            at = num_put(buf, len, at, "needs_recovery");
        else if (!EXT_META_BG && bit == INCOMPAT_META_BG)
            at = num_put(buf, len, at, "meta_bg");
        else if (bit == INCOMPAT_INLINE_DATA)
            at = num_put(buf, len, at, "inline_data");
        else
            at = num_put_u(buf, len, num_put(buf, len, at, "bit_0x"), bit,
                           16);
    }
    return at;
}
#endif

uint32_t ext_error_describe(const struct ext_fs *fs, char *buf, uint32_t len)
{
    return ext_error_describe_dev(fs, NULL, buf, len);
}

uint32_t ext_error_describe_dev(const struct ext_fs *fs,
                                blockdev_strerror_fn *dev_strerror,
                                char *buf, uint32_t len)
{
    uint32_t at = 0;

    if (!len)
        return 0;
    /* The place (none for EXT_EFEATURE: the superblock's features). */
    if (fs->err_ino)
        at = put_num(buf, len, at, "inode ", fs->err_ino);
    if (fs->err_blk)
        at = put_num(buf, len, at, at ? ", block " : "block ", fs->err_blk);
    if (at)
        at = num_put(buf, len, at, ": ");
    at = put_what(buf, len, at, fs);
    if (fs->err == EXT_EFEATURE) {
        at = num_put(buf, len, at, ": ");
#if EXT_MESSAGES
        at += ext_feature_names(1, fs->err_features, buf + at, len - at);
#else
        at = put_features(buf, len, at, fs->err_features);
#endif
    } else if (fs->err == EXT_EIO) {
        at = put_dev(buf, len, at, fs->err_dev, dev_strerror);
    }
    buf[at] = 0;
    return cut(buf, len, at);
}

uint32_t part_describe(const struct part_info *p, int err, char *buf,
                       uint32_t len)
{
    return part_describe_dev(p, err, NULL, buf, len);
}

uint32_t part_describe_dev(const struct part_info *p, int err,
                           blockdev_strerror_fn *dev_strerror, char *buf,
                           uint32_t len)
{
    uint32_t at = 0;

    if (!len)
        return 0;
    if (p->err_what && err != PART_ENOENT && err != PART_ENOFS) {
        at = put_num(buf, len, at, "sector ", p->err_lba);
        at = num_put(buf, len, at, ": ");
#if EXT_MESSAGES
        at = num_put(buf, len, at, p->err_what);
#endif
    }
#if EXT_MESSAGES
    if (!at)
        at = num_put(buf, len, at, part_strerror(err));
#else
    at = num_put_code(buf, len, at, "part", err);
#endif
    if (err == PART_EIO)
        at = put_dev(buf, len, at, p->err_dev, dev_strerror);
    buf[at] = 0;
    return cut(buf, len, at);
}
