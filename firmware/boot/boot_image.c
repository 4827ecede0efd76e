/* The kernel's image formats: the RISC-V Linux Image header, a gzip
 * member (Image.gz) and an EFI zboot image around one, each known by its
 * magic whatever the file is called. A compressed kernel is inflated as
 * it streams from the card (BOOT_GZIP), straight into the place its
 * uncompressed image has:
 *
 *   card:  | zboot header, EFI stub | gzip member | rest of the file |
 *            hashed, skipped          hashed, inflated   hashed
 *              \________ 4 KiB chunks, in the window past the files ___/
 *   window: | ... | kernel's room (Image's text_offset, image_size) | ... |
 *                   ^ the decoder writes here, never past the room
 *
 * The .sha256 and the signed message cover the file as stored, so every
 * chunk is hashed as it is read, the member's and the others alike. */
#include "firmware/boot/boot_priv.h"

#include <string.h>

#include "lib/le.h"
#if BOOT_GZIP
#include "firmware/crypto/sha256.h"
#include "firmware/inflate/inflate.h"
#endif

/* The RISC-V Linux Image header (the kernel's
 * Documentation/riscv/boot-image-header.rst): 64 bytes, little-endian. */
#define RV_TEXT_OFFSET 0x08u          /* le64: load offset from RAM's base */
#define RV_IMAGE_SIZE 0x10u           /* le64: bytes the kernel occupies */
#define RV_MAGIC2 0x38u               /* "RSC\x05" */
#define RV_HEADER_SIZE 0x40u

/* The shortest gzip member (RFC 1952: its magic in inflate.h). */
#define GZ_MEMBER_MIN 18u             /* header 10, empty block 2, trailer 8 */

/* EFI zboot: its magic in boot_priv.h. */
#define ZB_PAYLOAD_OFF 0x08u          /* le32: from the file's start */
#define ZB_PAYLOAD_SIZE 0x0Cu         /* le32: the gzip member, whole */
#define ZB_COMP 0x18u                 /* the compressor's name, NUL-padded */
#define ZB_COMP_MAX 0x20u             /* ... up to 0x38 (LINUX_PE_MAGIC) */
#define ZB_HEADER_SIZE 0x38u

_Static_assert(BOOT_LOOKUP_ROOM >= RV_HEADER_SIZE, "the header fits");

/* The kernel's read failed: the reader's own sentence. */
static int read_fail(const struct boot_env *env, struct boot_state *st,
                     int rc)
{
    struct boot_plan *p = st->plan;

    return boot_plan_fail(p, BOOT_ENOKERNEL, "load", st->path,
                          boot_open_why(env, st, rc, p->fail.why,
                                        sizeof(p->fail.why)));
}

#if BOOT_GZIP
/* The decoder's state, then the chunk the file streams through. */
#define GZ_STATE_ROOM ((sizeof(struct inflate) + 7u) & ~7u)
_Static_assert(GZ_STATE_ROOM + BOOT_GZIP_CHUNK == BOOT_GZIP_SCRATCH,
               "boot_priv.h's room");
_Static_assert((BOOT_GZIP_CHUNK & (BOOT_GZIP_CHUNK - 1u)) == 0,
               "a chunk's edges by a mask");

/* The file read in chunks from its start, each hashed; the decoder gets
 * the part of each that lies in the member. */
struct gz_feed {
    const struct boot_env *env;
    struct boot_state *st;
    uint8_t *chunk;
    struct sha256 *sha;             /* NULL: nothing hashed */
    uint32_t pos;                   /* the next chunk's offset */
    uint32_t size;                  /* the file's, as planned */
    uint32_t start, end;            /* the member */
};

/* The next chunk into f->chunk, hashed: its length, 0 at the file's end
 * (or when the file is shorter than planned), or an EXT_E.... Chunks end
 * on the file's 4 KiB edges, and one ends at the member's start: the
 * decoder's chunks start at f->chunk. */
static int32_t next_chunk(struct gz_feed *f)
{
    uint32_t n = BOOT_GZIP_CHUNK - (f->pos & (BOOT_GZIP_CHUNK - 1u));
    uint32_t to_start = f->start - f->pos, to_end = f->size - f->pos;

    if (f->pos < f->start && to_start < n)
        n = to_start;
    if (to_end < n)
        n = to_end;
    if (!n)
        return 0;
    int32_t got = ext_read(&f->st->fs, &f->st->file, f->pos, f->chunk, n);

    if (got > 0) {
        if (f->sha)
            sha256_update(f->sha, f->chunk, (uint32_t)got);
        f->pos += (uint32_t)got;
    }
    boot_poll(f->env, f->st);
    return got;
}

static int32_t feed(void *ctx, const uint8_t **buf)
{
    struct gz_feed *f = ctx;

    *buf = f->chunk;                /* set whatever the chunk brings */
    /* Each pass reads a chunk or ends: the chunks before the member are
     * hashed and skipped. */
    while (f->pos < f->end) {
        bool member = f->pos >= f->start;
        uint32_t left = f->end - f->pos;
        int32_t got = next_chunk(f);

        if (got <= 0)
            return got;
        if (member) {
            uint32_t keep = (uint32_t)got;

            if (keep > left)
                keep = left;
            return (int32_t)keep;
        }
    }
    return 0;
}

/* A stream that does not inflate fails the label naming why and the
 * compressed byte it got to. */
static int inflate_fail(const struct boot_env *env, struct boot_state *st,
                        const struct inflate *z, int rc)
{
    struct boot_plan *p = st->plan;

    if (rc == INFLATE_EREAD)
        return read_fail(env, st, z->read_err);
    fmt_snprintf(p->fail.why, sizeof(p->fail.why), "gzip: %s (compressed "
                 "byte %u of the file, %u inflated)", inflate_strerror(rc),
                 (unsigned)(p->gz_start + (z ? z->in_total : 0)),
                 (unsigned)(z ? z->len : 0));
    return boot_plan_fail(p, BOOT_EINFLATE, "load", st->path, p->fail.why);
}

/* Inflates the member into out[0 .. cap) with its state and chunk at
 * scratch, hashing the file into sha when given: INFLATE_OK or an
 * INFLATE_E*, z's count of bytes written. */
static int gz_run(const struct boot_env *env, struct boot_state *st,
                  uint8_t *scratch, uint8_t *out, uint32_t cap,
                  struct sha256 *sha, struct gz_feed *f)
{
    struct boot_plan *p = st->plan;
    struct inflate *z = (struct inflate *)(void *)scratch;

    *f = (struct gz_feed){
        .env = env, .st = st, .chunk = scratch + GZ_STATE_ROOM, .sha = sha,
        .size = p->gz_card_size, .start = p->gz_start, .end = p->gz_end,
    };
    inflate_init(z, out, cap, feed, f);
    return inflate_gzip(z);
}

/* A compressed kernel's first bytes (head, n of them read) as the place
 * to find its member, and its head inflated into head: the count, or
 * < 0 after failing. */
static int32_t gz_head(const struct boot_env *env, struct boot_state *st,
                       uint8_t *head, uint32_t n)
{
    struct boot_plan *p = st->plan;
    struct boot_plan_file *f = &p->f[0];
    uint8_t isize[4] = { 0 };
    struct gz_feed fd;

    p->gz_card_size = f->size;
    p->gz_end = f->size;
    if (n >= ZB_HEADER_SIZE && boot_is_zboot(head)) {
        const char *comp = (const char *)head + ZB_COMP;
        uint32_t off = le32(head + ZB_PAYLOAD_OFF);
        uint32_t len = le32(head + ZB_PAYLOAD_SIZE);

        if (memcmp(comp, "gzip", 5) != 0) {
            uint32_t k = 0;

            while (k < ZB_COMP_MAX && comp[k])
                k++;
            fmt_snprintf(p->fail.why, sizeof(p->fail.why), "EFI zboot "
                         "image compressed with '%.*s'; only gzip is "
                         "inflated", (int)k, comp);
            return boot_plan_fail(p, BOOT_ECOMPRESSED, "load", st->path,
                                  p->fail.why);
        }
        if (off > f->size || len > f->size - off || len < GZ_MEMBER_MIN) {
            fmt_snprintf(p->fail.why, sizeof(p->fail.why), "EFI zboot "
                         "payload of %u bytes at %u: not inside the file's "
                         "%u bytes", (unsigned)len, (unsigned)off,
                         (unsigned)f->size);
            return boot_plan_fail(p, BOOT_EINFLATE, "load", st->path,
                                  p->fail.why);
        }
        p->gz_start = off;
        p->gz_end = off + len;
    } else if (n < 2 || head[0] != GZIP_ID1 || head[1] != GZIP_ID2) {
        p->gz_end = 0;
        return (int32_t)n;                  /* not compressed */
    }
    if (st->window_size < BOOT_GZIP_SCRATCH)
        return boot_plan_fail(p, BOOT_ETOOBIG, "load", st->path,
                              BOOT_WHY("no room in the load window to "
                                       "inflate it"));
    /* ISIZE: where the inflated kernel ends, a bound only once it is
     * checked against what was inflated. */
    int32_t got = p->gz_end - p->gz_start < GZ_MEMBER_MIN ? 0
                : ext_read(&st->fs, &st->file, p->gz_end - 4u, isize, 4);
    if (got < 0)
        return read_fail(env, st, got);
    if (got != 4)
        return inflate_fail(env, st, NULL, INFLATE_ETRUNC);
    f->size = inflate_gzip_isize(isize);
    /* The head, inflated with the window's start for scratch (nothing
     * is loaded before the plan is placed). */
    int rc = gz_run(env, st, env->window, head, RV_HEADER_SIZE, NULL, &fd);
    struct inflate *z = (struct inflate *)(void *)env->window;

    z->ctx = NULL;                  /* fd, this frame's, is gone after it */
    if (rc && rc != INFLATE_EFULL)
        return inflate_fail(env, st, z, rc);
    return (int32_t)z->len;
}

int boot_image_inflate(const struct boot_env *env, struct boot_state *st,
                       struct boot_plan_file *f, bool hash)
{
    struct boot_plan *p = st->plan;
    uint8_t *scratch = env->window + p->gz_scratch;
    const struct inflate *z = (const struct inflate *)(void *)scratch;
    /* The room placement gave it: a RISC-V Image's image_size, else the
     * trailer's ISIZE. */
    uint32_t cap = BOOT_RISCV_LINUX && p->kind == BOOT_KERNEL_LINUX_RISCV
                 ? p->image_size : f->size;
    struct sha256 h;
    struct gz_feed fd;
    int rc = ext_inode_read(&st->fs, f->ino, &st->file.in);

    if (!rc)
        rc = ext_file_open(&st->fs, &st->file.in, &st->file);
    if (rc)
        return read_fail(env, st, rc);
    if (hash)
        sha256_init(&h);
    rc = gz_run(env, st, scratch, env->window + f->off, cap,
                hash ? &h : NULL, &fd);
    if (rc)
        return inflate_fail(env, st, z, rc);
    /* The rest of the file, hashed (each pass reads a chunk). */
    int32_t got = 1;
    while (got > 0)
        got = next_chunk(&fd);
    if (got < 0)
        return read_fail(env, st, got);
    if (fd.pos != p->gz_card_size || st->file.in.size != p->gz_card_size)
        return boot_plan_fail(p, BOOT_ENOKERNEL, "load", st->path,
                              "its size changed since it was planned");
    if (hash)
        sha256_final(&h, p->gz_sha256);
    BOOT_SAY(&env->con, "inflate: %s: %s, %u bytes -> %u bytes\n", st->path,
             p->gz_start ? "EFI zboot image, gzip payload" : "gzip",
             (unsigned)p->gz_card_size, (unsigned)z->len);
    f->size = z->len;
    return 0;
}
#endif

int boot_image_kind(const struct boot_env *env, struct boot_state *st)
{
    struct boot_plan *p = st->plan;
    uint8_t *head = (uint8_t *)(void *)st->walk;
    uint32_t size = p->f[0].size;

    /* p->kind is BOOT_KERNEL_BARE (0) from boot_label_load's memset. */
#if !BOOT_RISCV_LINUX && !BOOT_GZIP
    return 0;
#endif
    p->image_size = size;
    bool compressed = false;
    int32_t n = ext_read(&st->fs, &st->file, 0, head,
                         size < RV_HEADER_SIZE ? size : RV_HEADER_SIZE);
    if (n < 0)
        return read_fail(env, st, n);
#if BOOT_GZIP
    n = gz_head(env, st, head, (uint32_t)n);
    if (n < 0)
        return n;
    compressed = p->gz_end != 0;
    p->image_size = p->f[0].size;
#endif
    if (BOOT_RISCV_LINUX && n == (int32_t)RV_HEADER_SIZE &&
        memcmp(head + RV_MAGIC2, "RSC\x05", 4) == 0) {
        uint64_t isz = le64(head + RV_IMAGE_SIZE);
        uint64_t text = le64(head + RV_TEXT_OFFSET);

        p->kind = BOOT_KERNEL_LINUX_RISCV;
        p->text_offset = text > UINT32_MAX ? UINT32_MAX : (uint32_t)text;
        /* A compressed Image's room is its header's alone: ISIZE is the
         * trailer's word, checked once inflated, never a bound. */
        if (isz > p->image_size || compressed)
            p->image_size = isz > UINT32_MAX ? UINT32_MAX : (uint32_t)isz;
    }
    return 0;
}
