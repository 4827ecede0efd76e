/* One label, one owner: the label becomes a plan (its files with their
 * roles), the plan is placed in the window, each file is loaded and
 * checked against its .sha256, and the board's hand-off gets the result.
 * A failure is left in st->plan->fail for the caller to print; which
 * label comes next is the caller's business, never this file's.
 *
 *   plan_files  kernel, INITRD parts in order, FDT (or FDTDIR + the
 *               board's fdtfile), and for a RISC-V Linux Image its SBI
 *               firmware: each path resolved, opened, its size known
 *   place       where each goes (below); every size checked before the
 *               first byte is written
 *   load_file   per file, lowest address first: .sha256, load, verify
 *   hand_off    the hand-off block, struct boot_image, env->handoff
 *
 * The window, from its start, for any kernel but a RISC-V Linux Image:
 *
 *   | kernel | pad to 8 | FDT | pad to 8 | initrd parts | pad to 8 |
 *   | extload_handoff | cmdline NUL | ...                     | tail |
 *
 * For a RISC-V Linux Image (its header: magic2 "RSC\x05"):
 *
 *   fw_addr: | firmware | ...
 *   ram_base + text_offset: | kernel ... image_size | pad to 4 KiB |
 *   | initrd parts | pad to 8 | FDT + room for /chosen | pad to 8 |
 *   | extload_handoff | cmdline NUL | ...                     | tail |
 *
 * The hand-off block's size is known from APPEND before anything loads,
 * so it is kept off the end of the window first.
 */
#include "firmware/boot_priv.h"

#include <string.h>

#include "firmware/sha256.h"

#define SHA256_SUFFIX ".sha256"
#define SHA256_LINE_MAX 80u           /* digest, blanks, a file name */
#define VERIFY_PIECE 4096u            /* bytes hashed between input polls */
#define SHOWN_BYTES 8u                /* of a digest, in the console lines */

/* The SBI firmware a RISC-V Linux label without FIRMWARE gets. */
#define FW_DEFAULT_PATH "/boot/fw_dynamic.bin"

/* The RISC-V Linux Image header (the kernel's
 * Documentation/riscv/boot-image-header.rst): 64 bytes, little-endian. */
#define RV_TEXT_OFFSET 0x08u          /* le64: load offset from RAM's base */
#define RV_IMAGE_SIZE 0x10u           /* le64: bytes the kernel occupies */
#define RV_MAGIC2 0x38u               /* "RSC\x05" */
#define RV_HEADER_SIZE 0x40u

#define INITRD_ALIGN_LINUX 4096u      /* a page: Linux frees it by pages */
/* Room the device tree gets past its end for /chosen (bootargs and the
 * initrd's bounds), besides APPEND's own bytes. */
#define FDT_CHOSEN_ROOM 256u

static const char *const role_step[] = {
    [BOOT_ROLE_KERNEL] = "load",
    [BOOT_ROLE_INITRD] = "initrd",
    [BOOT_ROLE_FDT] = "fdt",
    [BOOT_ROLE_FIRMWARE] = "firmware",
};

static const int8_t role_err[] = {
    [BOOT_ROLE_KERNEL] = BOOT_ENOKERNEL,
    [BOOT_ROLE_INITRD] = BOOT_EINITRD,
    [BOOT_ROLE_FDT] = BOOT_EFDT,
    [BOOT_ROLE_FIRMWARE] = BOOT_EFIRMWARE,
};

static uint32_t align_up(uint32_t x, uint32_t a)
{
    return (x + a - 1u) & ~(a - 1u);
}

static uint32_t str_len(const char *s)
{
    uint32_t n = 0;

    while (s[n])
        n++;
    return n;
}

static uint64_t le64_at(const uint8_t *p)
{
    uint64_t v = 0;

    for (uint32_t i = 8; i-- > 0;)
        v = v << 8 | p[i];
    return v;
}

/* The failure as a value; why may already be p->fail.why. */
static int fail(struct boot_plan *p, int code, const char *step,
                const char *what, const char *why)
{
    p->fail.code = code;
    p->fail.step = step;
    p->fail.what = what;
    if (why != p->fail.why)
        fmt_snprintf(p->fail.why, sizeof(p->fail.why), "%s", why);
    return code;
}

/* The file's path, resolved into st->path; < 0 after failing. */
static int resolve(const struct boot_env *env, struct boot_state *st,
                   const struct boot_plan_file *f)
{
    int32_t n = boot_path_join(st->path, st->cfg->dir, f->src, f->src_len);

    if (n >= 0 && (f->flags & BOOT_PF_FDTDIR))
        n = boot_path_join(st->path, st->path, env->fdtfile,
                           str_len(env->fdtfile));
    if (n < 0) {
        fmt_snprintf(st->plan->fail.why, sizeof(st->plan->fail.why),
                     "%.*s: longer than %u bytes from %s",
                     (int)(f->src_len > 40 ? 40 : f->src_len), f->src,
                     (unsigned)BOOT_PATH_MAX - 1u, st->cfg->dir);
        return fail(st->plan, BOOT_EPATH, role_step[f->role], NULL,
                    st->plan->fail.why);
    }
    return (int)n;
}

/* A failure naming the file (its path resolved again into st->path). */
static int fail_file(const struct boot_env *env, struct boot_state *st,
                     const struct boot_plan_file *f, int code,
                     const char *why)
{
    int rc = resolve(env, st, f);

    return rc < 0 ? rc : fail(st->plan, code, role_step[f->role], st->path,
                              why);
}

static int add_file(struct boot_plan *p, const char *src, uint32_t len,
                    uint8_t role, uint8_t flags)
{
    if (p->n == BOOT_PLAN_FILES)
        return fail(p, BOOT_EINITRD, "label", NULL, "too many files");
    p->f[p->n++] = (struct boot_plan_file){
        .src = src, .src_len = (uint16_t)(len > 0xFFFFu ? 0xFFFFu : len),
        .role = role, .flags = flags,
    };
    return 0;
}

/* Opens the file and records its inode and size; 1 when it is missing
 * (and missing_ok), 0 when found, < 0 after failing. */
__attribute__((noinline))
static int plan_stat(const struct boot_env *env, struct boot_state *st,
                     struct boot_plan_file *f, bool missing_ok)
{
    int rc = resolve(env, st, f);

    if (rc < 0)
        return rc;
    rc = boot_open_regular(st, st->path);
    boot_poll(env, st);
    if (missing_ok && (rc == EXT_ENOENT || rc == EXT_ENOTDIR))
        return 1;
    if (rc)
        return fail(st->plan, role_err[f->role], role_step[f->role],
                    st->path, boot_open_why(st, rc, st->plan->fail.why,
                                            sizeof(st->plan->fail.why)));
    f->ino = st->file.in.ino;
    f->size = st->file.in.size > UINT32_MAX ? UINT32_MAX
                                            : (uint32_t)st->file.in.size;
    return 0;
}

/* The kernel's kind from its first bytes (st->file is the kernel). They
 * are read into the lookups' scratch, free once the lookup is done. */
static int read_kind(struct boot_state *st)
{
    struct boot_plan *p = st->plan;
    uint8_t *head = (uint8_t *)(void *)st->walk;

    _Static_assert(BOOT_LOOKUP_ROOM >= RV_HEADER_SIZE, "the header fits");
    p->kind = BOOT_KERNEL_BARE;
    p->image_size = p->f[0].size;
    if (p->f[0].size < RV_HEADER_SIZE)
        return 0;
    int32_t n = ext_read(&st->fs, &st->file, 0, head, RV_HEADER_SIZE);
    if (n < 0)
        return fail(p, BOOT_ENOKERNEL, "load", st->path,
                    boot_ext_why(&st->fs, n, p->fail.why,
                                 sizeof(p->fail.why)));
    if (n == (int32_t)RV_HEADER_SIZE &&
        memcmp(head + RV_MAGIC2, "RSC\x05", 4) == 0) {
        uint64_t isz = le64_at(head + RV_IMAGE_SIZE);
        uint64_t text = le64_at(head + RV_TEXT_OFFSET);

        p->kind = BOOT_KERNEL_LINUX_RISCV;
        p->text_offset = text > UINT32_MAX ? UINT32_MAX : (uint32_t)text;
        if (isz > p->image_size)
            p->image_size = isz > UINT32_MAX ? UINT32_MAX : (uint32_t)isz;
    }
    return 0;
}

/* A RISC-V Linux Image's SBI firmware: the label's FIRMWARE, else
 * FW_DEFAULT_PATH; without either the label fails naming both. */
static int plan_firmware(const struct boot_env *env, struct boot_state *st,
                         const struct config_label *label)
{
    struct boot_plan *p = st->plan;
    const char *named = label->firmware && label->firmware[0]
                      ? label->firmware : NULL;
    int rc = 1;

    if (named) {
        rc = add_file(p, named, str_len(named), BOOT_ROLE_FIRMWARE, 0);
        if (!rc)
            rc = plan_stat(env, st, &p->f[p->n - 1], true);
        if (rc <= 0)
            return rc;
        p->n--;
    }
    rc = add_file(p, FW_DEFAULT_PATH, sizeof(FW_DEFAULT_PATH) - 1u,
                  BOOT_ROLE_FIRMWARE, 0);
    if (!rc)
        rc = plan_stat(env, st, &p->f[p->n - 1], true);
    if (rc <= 0)
        return rc;
    fmt_snprintf(p->fail.why, sizeof(p->fail.why), "a RISC-V Linux Image "
                 "needs SBI firmware: %s%s%s " FW_DEFAULT_PATH " found",
                 named ? "neither FIRMWARE " : "no FIRMWARE line and no",
                 named ? named : "", named ? " nor" : "");
    return fail(p, BOOT_EFIRMWARE, "firmware", NULL, p->fail.why);
}

/* The label's files, each opened and its size known. */
static int plan_files(const struct boot_env *env, struct boot_state *st,
                      const struct config_label *label)
{
    struct boot_plan *p = st->plan;
    int rc = add_file(p, label->kernel, str_len(label->kernel),
                      BOOT_ROLE_KERNEL, 0);

    if (!rc)
        rc = plan_stat(env, st, &p->f[0], false);
    if (!rc && p->f[0].size == 0)
        rc = fail(p, BOOT_ENOKERNEL, "load", st->path, "empty file");
    if (!rc)
        rc = read_kind(st);
    /* INITRD a,b,c: each part a file of its own, in order. */
    for (const char *s = label->initrd; !rc && s && *s;) {
        uint32_t n = 0;

        while (s[n] && s[n] != ',')
            n++;
        if (n > 0) {
            if (p->n - 1u == BOOT_INITRD_PARTS)
                return fail(p, BOOT_EINITRD, "initrd", NULL,
                            "INITRD names more than 4 files");
            rc = add_file(p, s, n, BOOT_ROLE_INITRD, 0);
        }
        s += s[n] ? n + 1u : n;
    }
    if (!rc && label->fdt && label->fdt[0]) {
        rc = add_file(p, label->fdt, str_len(label->fdt), BOOT_ROLE_FDT, 0);
    } else if (!rc && label->fdtdir && label->fdtdir[0]) {
        if (!env->fdtfile)
            return fail(p, BOOT_EFDT, "fdt", label->fdtdir, "FDTDIR, but "
                        "this board names no device-tree file");
        rc = add_file(p, label->fdtdir, str_len(label->fdtdir),
                      BOOT_ROLE_FDT, BOOT_PF_FDTDIR);
    }
    for (uint32_t i = 1; !rc && i < p->n; i++)
        rc = plan_stat(env, st, &p->f[i], false);
    if (!rc && p->kind == BOOT_KERNEL_LINUX_RISCV)
        rc = plan_firmware(env, st, label);
    return rc;
}

/* f at *at (aligned to align), if it fits below limit; *at moves past it.
 * < 0 after failing. */
static int put_at(const struct boot_env *env, struct boot_state *st,
                  struct boot_plan_file *f, uint32_t *at, uint32_t align,
                  uint32_t room, uint32_t limit, const char *where)
{
    /* Aligned as the kernel sees the address. */
    uint32_t off = align_up(env->window_addr + *at, align) -
                   env->window_addr;
    uint32_t left = off < limit && *at <= off ? limit - off : 0;

    if (f->size > left || room > left - f->size) {
        fmt_snprintf(st->plan->fail.why, sizeof(st->plan->fail.why),
                     "%u bytes, larger than the %u bytes left %s",
                     (unsigned)f->size,
                     (unsigned)(left > room ? left - room : 0), where);
        return fail_file(env, st, f, BOOT_ETOOBIG, st->plan->fail.why);
    }
    f->off = off;
    *at = off + f->size + room;
    return 0;
}

/* Every file of one role, in plan order, one after the other. */
static int put_role(const struct boot_env *env, struct boot_state *st,
                    uint8_t role, uint32_t *at, uint32_t align,
                    uint32_t room, uint32_t limit)
{
    const char *where = role == BOOT_ROLE_FIRMWARE ? "below the kernel"
                                                   : "in the load window";
    struct boot_plan *p = st->plan;
    int rc = 0;

    for (uint32_t i = 0; !rc && i < p->n; i++)
        if (p->f[i].role == role) {
            rc = put_at(env, st, &p->f[i], at, align, room, limit, where);
            align = 1;            /* INITRD parts: one region */
        }
    return rc;
}

/* A RISC-V Linux Image: firmware at fw_addr, the kernel at ram_base +
 * text_offset with image_size kept, then the initrd and the tree. */
static int place_linux(const struct boot_env *env, struct boot_state *st,
                       uint32_t limit, uint32_t fdt_room)
{
    struct boot_plan *p = st->plan;
    uint32_t ram = env->ram_base ? env->ram_base : env->window_addr;
    uint32_t fw = env->fw_addr ? env->fw_addr : ram;
    uint64_t kaddr = (uint64_t)ram + p->text_offset;
    uint32_t at, kend;

    if (env->ram_size && (uint64_t)ram + env->ram_size <
                         (uint64_t)env->window_addr + limit)
        limit = ram + env->ram_size > env->window_addr
              ? ram + env->ram_size - env->window_addr : 0;
    if (kaddr < env->window_addr || kaddr - env->window_addr > limit ||
        fw < env->window_addr) {
        fmt_snprintf(p->fail.why, sizeof(p->fail.why), "text_offset puts "
                     "it at 0x%08llx, firmware at 0x%08x: outside the load "
                     "window", (unsigned long long)kaddr, (unsigned)fw);
        return fail_file(env, st, &p->f[0], BOOT_EPLACE, p->fail.why);
    }
    uint32_t koff = (uint32_t)(kaddr - env->window_addr);
    at = fw - env->window_addr;
    int rc = put_role(env, st, BOOT_ROLE_FIRMWARE, &at, 8, 0, koff);
    if (rc)
        return rc;
    if (p->image_size > limit - koff) {
        fmt_snprintf(p->fail.why, sizeof(p->fail.why), "image_size %u "
                     "bytes at 0x%08x run past the %u bytes left for it, "
                     "the initrd and the tree", (unsigned)p->image_size,
                     (unsigned)kaddr, (unsigned)(limit - koff));
        return fail_file(env, st, &p->f[0], BOOT_EPLACE, p->fail.why);
    }
    p->f[0].off = koff;
    kend = koff + p->image_size;
    at = kend;
    rc = put_role(env, st, BOOT_ROLE_INITRD, &at, INITRD_ALIGN_LINUX, 0,
                  limit);
    if (!rc)
        rc = put_role(env, st, BOOT_ROLE_FDT, &at, 8, fdt_room, limit);
    p->end = at;
    return rc;
}

/* Where each file goes; every size checked against what is left. */
static int place(const struct boot_env *env, struct boot_state *st,
                 uint32_t limit, uint32_t cmd_len)
{
    struct boot_plan *p = st->plan;
    uint32_t at = 0;
    int rc;

    if (p->kind == BOOT_KERNEL_LINUX_RISCV)
        return place_linux(env, st, limit,
                           FDT_CHOSEN_ROOM + align_up(cmd_len + 1u, 8));
    rc = put_role(env, st, BOOT_ROLE_KERNEL, &at, 8, 0, limit);
    if (!rc)
        rc = put_role(env, st, BOOT_ROLE_FDT, &at, 8, 0, limit);
    if (!rc)
        rc = put_role(env, st, BOOT_ROLE_INITRD, &at, 8, 0, limit);
    p->end = at;
    return rc;
}

/* Reads PATH.sha256 if there is one into the file's still empty place
 * (st->path holds PATH, n bytes, and does again on return). 1: want
 * holds the digest; 0: no file; < 0 after failing. */
__attribute__((noinline))
static int read_sha256(const struct boot_env *env, struct boot_state *st,
                       const struct boot_plan_file *f, uint32_t n,
                       uint8_t want[SHA256_BYTES])
{
    struct boot_plan *p = st->plan;
    uint32_t room = st->window_size - f->off;
    int rc = 1;

    if (n + sizeof(SHA256_SUFFIX) > BOOT_PATH_MAX)
        return fail(p, BOOT_EPATH, "verify", st->path,
                    "path too long to add " SHA256_SUFFIX);
    memcpy(st->path + n, SHA256_SUFFIX, sizeof(SHA256_SUFFIX));
    int32_t got = boot_file_read(st, st->path, env->window + f->off,
                                 room < SHA256_LINE_MAX ? room
                                                        : SHA256_LINE_MAX);
    if (got == EXT_ENOENT || got == EXT_ENOTDIR)
        rc = env->require_sha256
           ? fail(p, BOOT_ENOSHA256, "verify", st->path,
                  "missing, and this loader requires it")
           : 0;
    else if (got < 0)
        rc = fail(p, BOOT_ENOSHA256, "verify", st->path,
                  boot_open_why(st, got, p->fail.why, sizeof(p->fail.why)));
    else if (sha256_parse_hex((const char *)env->window + f->off,
                              (uint32_t)got, want))
        rc = fail(p, BOOT_ENOSHA256, "verify", st->path,
                  "not a sha256sum line");
    if (rc >= 0)
        st->path[n] = '\0';       /* a failure names PATH.sha256 */
    return rc;
}

__attribute__((noinline))
static int verify(const struct boot_env *env, struct boot_state *st,
                  struct boot_plan_file *f, const uint8_t want[SHA256_BYTES])
{
    uint8_t got[SHA256_BYTES];
    char hex[2 * SHOWN_BYTES + 1];
    const uint8_t *at = env->window + f->off;
    uint32_t t0 = boot_now(env);

    {   /* its own scope, so the mismatch's buffers may share its bytes */
        struct sha256 h;

        sha256_init(&h);
        /* In pieces, with the console input polled between them: hashing
         * the whole window takes longer than a UART FIFO lasts. */
        for (uint32_t i = 0; i < f->size; i += VERIFY_PIECE) {
            uint32_t n = f->size - i < VERIFY_PIECE ? f->size - i
                                                    : VERIFY_PIECE;
            sha256_update(&h, at + i, n);
            boot_poll(env, st);
        }
        sha256_final(&h, got);
    }
    sha256_hex(got, SHOWN_BYTES, hex);
    if (memcmp(got, want, SHA256_BYTES) != 0) {
        char whex[2 * SHOWN_BYTES + 1];

        sha256_hex(want, SHOWN_BYTES, whex);
        fmt_snprintf(st->plan->fail.why, sizeof(st->plan->fail.why),
                     "sha256 %s... but %s says %s...", hex, SHA256_SUFFIX,
                     whex);
        return fail(st->plan, BOOT_ESHA256, "verify", st->path,
                    st->plan->fail.why);
    }
    f->flags |= BOOT_PF_SHA256;
    con_printf(&env->con, "verify: sha256 %s... matches %s" SHA256_SUFFIX
               ", %u bytes, %u ms\n", hex, st->path, (unsigned)f->size,
               (unsigned)(boot_now(env) - t0));
    return 0;
}

/* Opens the planned inode again and loads it to its place. */
__attribute__((noinline))
static int load_bytes(const struct boot_env *env, struct boot_state *st,
                      const struct boot_plan_file *f)
{
    uint64_t got = 0;
    int rc = ext_inode_read(&st->fs, f->ino, &st->file.in);

    if (!rc)
        rc = ext_file_open(&st->fs, &st->file.in, &st->file);
    if (!rc)
        rc = ext_load(&st->fs, &st->file, env->window + f->off, f->size,
                      &got);
    if (!rc && got != f->size)
        return fail(st->plan, role_err[f->role], role_step[f->role],
                    st->path, "its size changed since it was planned");
    if (rc)
        return fail(st->plan, role_err[f->role], role_step[f->role],
                    st->path, boot_ext_why(&st->fs, rc, st->plan->fail.why,
                                           sizeof(st->plan->fail.why)));
    return 0;
}

/* One file: its .sha256, its bytes, the check. */
static int load_file(const struct boot_env *env, struct boot_state *st,
                     struct boot_plan_file *f)
{
    uint8_t want[SHA256_BYTES];
    int n = resolve(env, st, f);

    if (n < 0)
        return n;
    int have = read_sha256(env, st, f, (uint32_t)n, want);
    boot_poll(env, st);
    if (have < 0)
        return have;

    uint32_t t0 = boot_now(env);
    boot_poll(env, st);
    int rc = load_bytes(env, st, f);
    boot_poll(env, st);
    if (rc)
        return rc;
    /* The speed in 32-bit math: size < 4 GiB, so kib * 1000 fits. */
    uint32_t ms = boot_now(env) - t0, kib = f->size >> 10;
    con_printf(&env->con, "%s: %s -> 0x%08x, %u bytes, %u ms",
               role_step[f->role], st->path,
               (unsigned)(env->window_addr + f->off), (unsigned)f->size,
               (unsigned)ms);
    if (ms > 0 && kib > 0)        /* a speed of whole KiB, not of a few bytes */
        con_printf(&env->con, ", %u KiB/s", (unsigned)(kib / ms * 1000u +
                                                       kib % ms * 1000u / ms));
    con_printf(&env->con, "\n");
    if (have)
        return verify(env, st, f, want);
    con_printf(&env->con, "verify: no %s" SHA256_SUFFIX ", not checked\n",
               st->path);
    return 0;
}

/* Every file, lowest address first: a .sha256 line read into a file's
 * place never lands on a file already loaded. */
static int load_all(const struct boot_env *env, struct boot_state *st)
{
    struct boot_plan *p = st->plan;
    uint32_t done = 0;

    for (uint32_t k = 0; k < p->n; k++) {
        uint32_t pick = p->n;

        for (uint32_t i = 0; i < p->n; i++)
            if (!(done & (1u << i)) &&
                (pick == p->n || p->f[i].off < p->f[pick].off))
                pick = i;
        done |= 1u << pick;
        int rc = load_file(env, st, &p->f[pick]);
        if (rc)
            return rc;
    }
    return 0;
}

/* The device tree as the kernel gets it. firmware/fdt.c's editor sets
 * /chosen here (bootargs = APPEND, linux,initrd-start/end), with room
 * up to cap; until then the tree goes to the kernel as it was loaded.
 * Returns its size. */
static uint32_t fdt_for_kernel(uint8_t *tree, uint32_t size, uint32_t cap,
                               const char *append, uint32_t initrd_addr,
                               uint32_t initrd_size)
{
    (void)tree;
    (void)cap;
    (void)append;
    (void)initrd_addr;
    (void)initrd_size;
    return size;
}

static void copy_name(char *dst, uint32_t cap, const char *src)
{
    uint32_t i = 0;

    for (; i + 1 < cap && src[i]; i++)
        dst[i] = src[i];
    for (; i < cap; i++)
        dst[i] = '\0';
}

/* What the plan placed, as the kernel sees it. */
static void image_of(const struct boot_env *env, const struct boot_plan *p,
                     struct boot_image *img)
{
    uint32_t initrd_end = 0;

    *img = (struct boot_image){
        .kernel = env->window + p->f[0].off,
        .kernel_addr = env->window_addr + p->f[0].off,
        .kernel_size = p->f[0].size,
        .kernel_kind = p->kind,
    };
    for (uint32_t i = 1; i < p->n; i++) {
        const struct boot_plan_file *f = &p->f[i];
        uint32_t addr = env->window_addr + f->off;

        if (f->role == BOOT_ROLE_INITRD) {
            if (!img->initrd_addr)
                img->initrd_addr = addr;
            initrd_end = addr + f->size;
            img->initrd_size = initrd_end - img->initrd_addr;
        } else if (f->role == BOOT_ROLE_FDT && f->size) {
            img->fdt_addr = addr;
            img->fdt_size = f->size;
        } else if (f->role == BOOT_ROLE_FIRMWARE) {
            img->fw_addr = addr;
            img->fw_size = f->size;
        }
    }
}

/* The hand-off block after the loaded files, then the board's jump.
 * Apart from boot_label so the loads' deep path does not carry it. */
__attribute__((noinline))
static int hand_off(const struct boot_env *env, struct boot_state *st,
                    const struct config_label *label)
{
    struct boot_plan *p = st->plan;
    const char *append = label->append ? label->append : "";
    uint32_t cmd_len = str_len(append);
    uint32_t h_off = align_up(p->end, 8);
    struct boot_image img;

    image_of(env, p, &img);
    for (uint32_t i = 1; i < p->n; i++)
        if (p->f[i].role == BOOT_ROLE_FDT && p->f[i].size)
            img.fdt_size = fdt_for_kernel(env->window + p->f[i].off,
                                          img.fdt_size,
                                          h_off - p->f[i].off, append,
                                          img.initrd_addr, img.initrd_size);
    if (!img.fdt_addr && env->default_fdt_addr) {
        /* Stays where the board has it; nothing is copied. */
        img.fdt_addr = env->default_fdt_addr;
        img.fdt_size = env->default_fdt_size;
        con_printf(&env->con, "fdt: none named; the board's at 0x%08x, %u "
                   "bytes\n", (unsigned)img.fdt_addr,
                   (unsigned)img.fdt_size);
    }
    /* The window is 8-byte aligned and so is h_off. */
    struct extload_handoff *h =
        (struct extload_handoff *)(void *)(env->window + h_off);
    *h = (struct extload_handoff){
        .magic = EXTLOAD_HANDOFF_MAGIC,
        .version = EXTLOAD_HANDOFF_VERSION,
        .size = sizeof(*h),
        .flags = p->f[0].flags & BOOT_PF_SHA256 ? HANDOFF_F_SHA256 : 0,
        .cmdline_addr = env->window_addr + h_off + (uint32_t)sizeof(*h),
        .cmdline_len = cmd_len,
        .kernel_addr = img.kernel_addr,
        .kernel_size = img.kernel_size,
        .fdt_addr = img.fdt_addr,
        .fdt_size = img.fdt_size,
        .part_index = st->part.scheme == PART_NONE ? 0 : st->part.index,
        .part_scheme = st->part.scheme,
        .part_lba = st->part.lba,
        .part_sectors = st->part.sectors,
        .initrd_addr = img.initrd_addr,
        .initrd_size = img.initrd_size,
    };
    copy_name(h->label, sizeof(h->label), label->name);
    memcpy(env->window + h_off + sizeof(*h), append, cmd_len + 1u);
    img.handoff_addr = env->window_addr + h_off;
    img.handoff = h;

    con_printf(&env->con, "boot: label '%s': kernel %u bytes at 0x%08x, "
               "fdt 0x%08x, ", label->name, (unsigned)img.kernel_size,
               (unsigned)img.kernel_addr, (unsigned)img.fdt_addr);
    if (img.initrd_addr)
        con_printf(&env->con, "initrd 0x%08x-0x%08x, ",
                   (unsigned)img.initrd_addr,
                   (unsigned)(img.initrd_addr + img.initrd_size));
    if (img.fw_addr)
        con_printf(&env->con, "firmware 0x%08x (RISC-V Linux, S-mode), ",
                   (unsigned)img.fw_addr);
    con_printf(&env->con, "hand-off 0x%08x, cmdline \"%s\"\n",
               (unsigned)img.handoff_addr, append);
    int rc = env->handoff(env->handoff_ctx, &img);
    if (rc < 0) {
        char code[BOOT_CODE_MAX];

        return fail(p, BOOT_EHANDOFF, "boot", NULL,
                    BOOT_ERR_TEXT(code, boot_strerror, "boot", rc));
    }
    return rc;
}

static void print_label(const struct boot_env *env,
                        const struct config_label *l)
{
    const struct console *con = &env->con;
    const char *fdt = l->fdt ? l->fdt : l->fdtdir;

    con_printf(con, "label: '%s': kernel %s", l->name,
               l->kernel ? l->kernel : "(none)");
    if (l->initrd)
        con_printf(con, ", initrd %s", l->initrd);
    if (fdt)
        con_printf(con, ", fdt%s %s", l->fdt ? "" : "dir", fdt);
    if (l->firmware)
        con_printf(con, ", firmware %s", l->firmware);
    if (l->append)
        con_printf(con, ", append %s", l->append);
    con_puts(con, "\n");
}

int boot_label(const struct boot_env *env, struct boot_state *st,
               const struct config_label *label)
{
    struct boot_plan *p = st->plan;
    const char *append = label->append ? label->append : "";
    uint32_t cmd_len = str_len(append);
    uint32_t reserve = align_up(sizeof(struct extload_handoff) + cmd_len +
                                1u, 8);
    uint32_t window = st->window_size & ~7u;      /* keeps the math in 8s */

    memset(p, 0, sizeof(*p));
    print_label(env, label);
    if (!label->kernel || !label->kernel[0])
        return fail(p, BOOT_ENOKERNEL, "label", NULL, "no KERNEL line");
    if (reserve > window)
        return fail(p, BOOT_ETOOBIG, "label", NULL,
                    "APPEND does not fit the load window");
    int rc = plan_files(env, st, label);
    if (!rc)
        rc = place(env, st, window - reserve, cmd_len);
    if (!rc)
        rc = load_all(env, st);
    return rc ? rc : hand_off(env, st, label);
}
