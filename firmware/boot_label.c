/* One label: check file, kernel, SHA-256, FDT, hand-off block, hand-off.
 *
 * The window, from its start:
 *
 *   | kernel | pad to 8 | FDT | pad to 8 | extload_handoff | cmdline NUL |
 *
 * The hand-off block's size is known from APPEND before anything loads, so
 * the kernel's limit is the window less that block; the FDT gets what the
 * kernel leaves.
 */
#include "firmware/boot_priv.h"

#include <string.h>

#include "firmware/sha256.h"

#define SHA256_SUFFIX ".sha256"
#define SHA256_LINE_MAX 80u           /* digest, blanks, a file name */
#define VERIFY_PIECE 4096u            /* bytes hashed between input polls */

static uint32_t align8(uint32_t x)
{
    return (x + 7u) & ~7u;
}

static uint32_t str_len(const char *s)
{
    uint32_t n = 0;

    while (s[n])
        n++;
    return n;
}

const char boot_next_prompt[] = "";

static int fail(const struct boot_env *env, int err, const char *step,
                const char *path, const char *why, const char *next)
{
    bool more = next && next != boot_next_prompt;

    con_printf(&env->con, "%s: %s: %s; %s%s%s\n", step, path, why,
               more ? "trying label '" : next ? "back to the prompt"
                                              : "no labels left",
               more ? next : "", more ? "'" : "");
    return err;
}

#define NOT_REGULAR 1                 /* open_and_load: not a plain file */

/* Kept apart from the reporting below so the deep ext_open() path does
 * not carry message buffers on the stack. */
__attribute__((noinline))
static int open_and_load(struct boot_state *st, const char *path,
                         uint8_t *dst, uint32_t max, uint64_t *got)
{
    int rc = ext_open_in(&st->fs, path, &st->file, st->walk);

    if (rc)
        return rc;
    if ((st->file.in.mode & EXT_S_IFMT) != EXT_S_IFREG)
        return NOT_REGULAR;
    return ext_load(&st->fs, &st->file, dst, max, got);
}

__attribute__((noinline))
static int fail_load(const struct boot_env *env, struct boot_state *st,
                     int rc, const char *step, const char *path,
                     uint32_t max, const char *next, int err_missing)
{
    char why[96];

    if (rc == NOT_REGULAR)
        return fail(env, err_missing, step, path, "not a regular file", next);
    if (rc == EXT_ETOOBIG) {
        fmt_snprintf(why, sizeof(why), "%llu bytes, larger than the %u "
                     "bytes left in the load window",
                     (unsigned long long)st->file.in.size, (unsigned)max);
        return fail(env, BOOT_ETOOBIG, step, path, why, next);
    }
    return fail(env, err_missing, step, path,
                boot_ext_why(&st->fs, rc, why, sizeof(why)), next);
}

__attribute__((noinline))
int32_t boot_file_read(struct boot_state *st, const char *path, void *dst,
                       uint32_t len)
{
    int rc = ext_open_in(&st->fs, path, &st->file, st->walk);

    if (rc)
        return rc;
    if ((st->file.in.mode & EXT_S_IFMT) != EXT_S_IFREG)
        return EXT_EISDIR;
    return ext_read(&st->fs, &st->file, 0, dst, len);
}

/* Reads KERNEL.sha256 if there is one, into the still empty window.
 * 1: *want holds the digest; 0: no file; < 0: the label fails. */
static int read_sha256(const struct boot_env *env, struct boot_state *st,
                       const char *kernel, const char *next,
                       uint8_t want[SHA256_BYTES])
{
    uint32_t klen = str_len(kernel);
    uint32_t line_max = st->window_size < SHA256_LINE_MAX
                      ? st->window_size : SHA256_LINE_MAX;

    if (klen + sizeof(SHA256_SUFFIX) > BOOT_PATH_MAX)
        return fail(env, BOOT_EPATH, "verify", kernel,
                    "path too long to add " SHA256_SUFFIX, next);
    memcpy(st->path, kernel, klen);
    memcpy(st->path + klen, SHA256_SUFFIX, sizeof(SHA256_SUFFIX));

    int32_t n = boot_file_read(st, st->path, env->window, line_max);
    if (n == EXT_ENOENT || n == EXT_ENOTDIR)
        return env->require_sha256
            ? fail(env, BOOT_ENOSHA256, "verify", st->path,
                   "missing, and this loader requires it", next)
            : 0;
    if (n < 0)
        return fail_load(env, st, n, "verify", st->path, 0, next,
                         BOOT_ENOSHA256);
    if (sha256_parse_hex((const char *)env->window, (uint32_t)n, want))
        return fail(env, BOOT_ENOSHA256, "verify", st->path,
                    "not a sha256sum line", next);
    return 1;
}

static int load_file(const struct boot_env *env, struct boot_state *st,
                     const char *step, const char *path, uint32_t off,
                     uint32_t max, const char *next, int err_missing,
                     uint32_t *size)
{
    uint64_t got = 0;
    uint32_t t0 = boot_now(env);

    boot_poll(env, st);
    int rc = open_and_load(st, path, env->window + off, max, &got);
    boot_poll(env, st);

    if (rc)
        return fail_load(env, st, rc, step, path, max, next, err_missing);
    *size = (uint32_t)got;
    /* The speed in 32-bit math: got < 4 GiB, so kib * 1000 fits. */
    uint32_t ms = boot_now(env) - t0, kib = (uint32_t)(got >> 10);
    con_printf(&env->con, "%s: %s -> 0x%08x, %u bytes, %u ms", step, path,
               (unsigned)(env->window_addr + off), (unsigned)got,
               (unsigned)ms);
    if (ms > 0 && kib > 0)        /* a speed of whole KiB, not of a few bytes */
        con_printf(&env->con, ", %u KiB/s", (unsigned)(kib / ms * 1000u +
                                                       kib % ms * 1000u / ms));
    con_printf(&env->con, "\n");
    return 0;
}

#define SHOWN_BYTES 8u                /* of a digest, in the console lines */

__attribute__((noinline))
static int verify(const struct boot_env *env, struct boot_state *st,
                  const char *kernel, const uint8_t want[SHA256_BYTES],
                  uint32_t size, const char *next)
{
    uint8_t got[SHA256_BYTES];
    char hex[2 * SHOWN_BYTES + 1];
    uint32_t t0 = boot_now(env);

    {   /* its own scope, so the mismatch's buffers may share its bytes */
        struct sha256 h;

        sha256_init(&h);
        /* In pieces, with the console input polled between them: hashing
         * the whole window takes longer than a UART FIFO lasts. */
        for (uint32_t at = 0; at < size; at += VERIFY_PIECE) {
            uint32_t n = size - at < VERIFY_PIECE ? size - at : VERIFY_PIECE;
            sha256_update(&h, env->window + at, n);
            boot_poll(env, st);
        }
        sha256_final(&h, got);
    }
    sha256_hex(got, SHOWN_BYTES, hex);
    if (memcmp(got, want, SHA256_BYTES) != 0) {
        char msg[64], whex[2 * SHOWN_BYTES + 1];

        sha256_hex(want, SHOWN_BYTES, whex);
        fmt_snprintf(msg, sizeof(msg), "sha256 %s... but %s says %s...",
                     hex, SHA256_SUFFIX, whex);
        return fail(env, BOOT_ESHA256, "verify", kernel, msg, next);
    }
    con_printf(&env->con, "verify: sha256 %s... matches %s, %u bytes, "
               "%u ms\n", hex, st->path, (unsigned)size,
               (unsigned)(boot_now(env) - t0));
    return 0;
}

/* A label's failure, its name quoted and cut to the hand-off's field. */
__attribute__((noinline))
static int fail_label(const struct boot_env *env, int err, const char *step,
                      const struct config_label *label, const char *why,
                      const char *next)
{
    char q[sizeof(((struct extload_handoff *)0)->label) + 2];

    fmt_snprintf(q, sizeof(q), "'%.*s'", (int)(sizeof(q) - 3), label->name);
    return fail(env, err, step, q, why, next);
}

static void copy_name(char *dst, uint32_t cap, const char *src)
{
    uint32_t i = 0;

    for (; i + 1 < cap && src[i]; i++)
        dst[i] = src[i];
    for (; i < cap; i++)
        dst[i] = '\0';
}

/* The hand-off block after the loaded files, then the board's jump.
 * Apart from boot_label so the loads' deep path does not carry it. */
__attribute__((noinline))
static int hand_off(const struct boot_env *env, struct boot_state *st,
                    const struct config_label *label, bool have_sha,
                    uint32_t ksize, uint32_t end, uint32_t fdt_addr,
                    uint32_t fsize, const char *next)
{
    const char *append = label->append ? label->append : "";
    uint32_t cmd_len = str_len(append);
    uint32_t h_off = align8(end);
    /* The window is 8-byte aligned and so is h_off. */
    struct extload_handoff *h =
        (struct extload_handoff *)(void *)(env->window + h_off);
    *h = (struct extload_handoff){
        .magic = EXTLOAD_HANDOFF_MAGIC,
        .version = EXTLOAD_HANDOFF_VERSION,
        .size = sizeof(*h),
        .flags = have_sha ? HANDOFF_F_SHA256 : 0,
        .cmdline_addr = env->window_addr + h_off + (uint32_t)sizeof(*h),
        .cmdline_len = cmd_len,
        .kernel_addr = env->window_addr,
        .kernel_size = ksize,
        .fdt_addr = fdt_addr,
        .fdt_size = fsize,
        .part_index = st->part.scheme == PART_NONE ? 0 : st->part.index,
        .part_scheme = st->part.scheme,
        .part_lba = st->part.lba,
        .part_sectors = st->part.sectors,
    };
    copy_name(h->label, sizeof(h->label), label->name);
    memcpy(env->window + h_off + sizeof(*h), append, cmd_len + 1u);

    struct boot_image img = {
        .kernel = env->window,
        .kernel_addr = env->window_addr,
        .kernel_size = ksize,
        .fdt_addr = h->fdt_addr,
        .fdt_size = fsize,
        .handoff_addr = env->window_addr + h_off,
        .handoff = h,
    };
    con_printf(&env->con, "boot: label '%s': kernel %u bytes at 0x%08x, "
               "fdt 0x%08x, hand-off 0x%08x, cmdline \"%s\"\n", label->name,
               (unsigned)ksize, (unsigned)img.kernel_addr,
               (unsigned)img.fdt_addr, (unsigned)img.handoff_addr, append);
    int rc = env->handoff(env->handoff_ctx, &img);
    if (rc < 0) {
        char code[BOOT_CODE_MAX];

        return fail_label(env, BOOT_EHANDOFF, "boot", label,
                          BOOT_ERR_TEXT(code, boot_strerror, "boot", rc),
                          next);
    }
    return rc;
}

int boot_label(const struct boot_env *env, struct boot_state *st,
               const struct config_label *label, const char *next)
{
    const char *append = label->append ? label->append : "";
    uint32_t cmd_len = str_len(append);
    uint32_t reserve = align8(sizeof(struct extload_handoff) + cmd_len + 1u);
    uint32_t window = st->window_size & ~7u;      /* keeps the math in 8s */
    uint8_t want[SHA256_BYTES];
    uint32_t ksize = 0, fsize = 0, fdt_off = 0;
    int rc;

    con_printf(&env->con, "label: '%s': kernel %s%s%s%s%s\n", label->name,
               label->kernel ? label->kernel : "(none)",
               label->fdt ? ", fdt " : "", label->fdt ? label->fdt : "",
               label->append ? ", append " : "",
               label->append ? label->append : "");
    if (!label->kernel || !label->kernel[0])
        return fail_label(env, BOOT_ENOKERNEL, "label", label,
                          "no KERNEL line", next);
    if (reserve > window)
        return fail_label(env, BOOT_ETOOBIG, "label", label,
                          "APPEND does not fit the load window", next);

    int have_sha = read_sha256(env, st, label->kernel, next, want);
    if (have_sha < 0)
        return have_sha;
    rc = load_file(env, st, "load", label->kernel, 0,
                   window - reserve, next, BOOT_ENOKERNEL, &ksize);
    if (rc)
        return rc;
    if (ksize == 0)
        return fail(env, BOOT_ENOKERNEL, "load", label->kernel,
                    "empty file", next);
    if (have_sha) {
        rc = verify(env, st, label->kernel, want, ksize, next);
        if (rc)
            return rc;
    } else {
        con_printf(&env->con, "verify: no %s%s, not checked\n",
                   label->kernel, SHA256_SUFFIX);
    }

    uint32_t end = ksize, fdt_addr = 0;
    if (label->fdt && label->fdt[0]) {
        fdt_off = align8(ksize);
        rc = load_file(env, st, "fdt", label->fdt, fdt_off,
                       window - reserve - fdt_off, next, BOOT_EFDT, &fsize);
        if (rc)
            return rc;
        end = fdt_off + fsize;
        fdt_addr = fsize ? env->window_addr + fdt_off : 0;
    } else if (env->default_fdt_addr) {
        /* Stays where the board has it; nothing is copied. */
        fdt_addr = env->default_fdt_addr;
        fsize = env->default_fdt_size;
        con_printf(&env->con, "fdt: none named; the board's at 0x%08x, %u "
                   "bytes\n", (unsigned)fdt_addr, (unsigned)fsize);
    }

    return hand_off(env, st, label, have_sha > 0, ksize, end, fdt_addr,
                    fsize, next);
}
