/* One label, one owner: firmware/boot/boot_plan.c turns the label into a plan
 * (its files with their roles) and places it in the window; this file
 * loads each file, checks it against its .sha256, and hands the result to
 * the board. A failure is left in st->plan->fail for the caller to
 * print; which label comes next is the caller's business, never this
 * file's.
 *
 *   boot_plan_files  kernel, INITRD parts in order, FDT (or FDTDIR + the
 *                    board's fdtfile), and for a RISC-V Linux Image its
 *                    SBI firmware: each path resolved, opened, its size
 *                    known
 *   boot_plan_place  where each goes; every size checked before the first
 *                    byte is written
 *   load_file        per file, lowest address first (the roles in the
 *                    order they were placed): .sha256, load, verify
 *   hand_off         the hand-off block, struct boot_image, env->handoff
 */
#include "firmware/boot/boot_priv.h"

#include <string.h>

#include "firmware/fdt/fdt.h"
#include "firmware/crypto/sha256.h"
#include "firmware/inflate/inflate.h"
#if BOOT_SIGNED
#include "firmware/crypto/ed25519.h"
#include "firmware/crypto/sigmsg.h"
#endif
#include "lib/crc.h"
#include "lib/le.h"

#define SHA256_SUFFIX ".sha256"
#define SHA256_LINE_MAX 80u           /* digest, blanks, a file name */
#define VERIFY_PIECE 4096u            /* bytes hashed between input polls */
#define SHOWN_BYTES 8u                /* of a digest, in the console lines */

/* A signing build with a key hashes every file it loads, for the
 * signed message. */
#if BOOT_SIGNED
#define SIGNING(env) ((env)->pubkey != NULL)
_Static_assert(sizeof(((struct boot_plan_file *)0)->sha256) == SHA256_BYTES,
               "a file's digest");
_Static_assert((int)SIGMSG_KERNEL == (int)BOOT_ROLE_KERNEL &&
               (int)SIGMSG_INITRD == (int)BOOT_ROLE_INITRD &&
               (int)SIGMSG_FDT == (int)BOOT_ROLE_FDT &&
               (int)SIGMSG_FIRMWARE == (int)BOOT_ROLE_FIRMWARE &&
               (int)SIGMSG_FDTOVERLAY == (int)BOOT_ROLE_FDTOVERLAY,
               "a plan's role is the message's");
#else
#define SIGNING(env) ((void)(env), 0)
#endif

/* Reads PATH.sha256 if there is one into the file's still empty place
 * (st->path holds PATH, n bytes, and does again on return). 1: want
 * holds the digest; 0: no file; < 0 after failing. */
__attribute__((noinline))
static int read_sha256(const struct boot_env *env, struct boot_state *st,
                       const struct boot_plan_file *f, uint32_t n,
                       uint8_t want[SHA256_BYTES])
{
    struct boot_plan *p = st->plan;
    /* put_at places no file past its room, so f->off <= window_size. */
    uint32_t room = st->window_size - f->off;
    int code = BOOT_ENOSHA256;
    const char *why;

    if (n + sizeof(SHA256_SUFFIX) > BOOT_PATH_MAX) {
        code = BOOT_EPATH;
        why = BOOT_WHY("path too long to add " SHA256_SUFFIX);
    } else {
        memcpy(st->path + n, SHA256_SUFFIX, sizeof(SHA256_SUFFIX));
        int32_t got = boot_file_read(st, st->path, env->window + f->off,
                                     room < SHA256_LINE_MAX
                                     ? room : SHA256_LINE_MAX);
        int rc = 1;

        if (got == EXT_ENOENT || got == EXT_ENOTDIR) {
            why = BOOT_WHY("missing, and this loader requires it");
            rc = 0;
        } else if (got < 0) {
            why = boot_open_why(env, st, got, p->fail.why,
                                sizeof(p->fail.why));
            rc = -1;
        } else {
            why = BOOT_WHY("not a sha256sum line");
            if (sha256_parse_hex((const char *)env->window + f->off,
                                 (uint32_t)got, want))
                rc = -1;
        }
        if (rc >= 0 && (rc || !env->require_sha256)) {
            st->path[n] = '\0';   /* a failure names PATH.sha256 */
            return rc;
        }
    }
    return boot_plan_fail(p, code, "verify", st->path, why);
}

/* The loaded file's SHA-256, each byte hashed once: checked against want
 * (its .sha256) when there is one, and kept for the signed message when
 * signing. */
__attribute__((noinline))
static int verify(const struct boot_env *env, struct boot_state *st,
                  struct boot_plan_file *f, const uint8_t *want,
                  const uint8_t *streamed)
{
    uint8_t got[SHA256_BYTES];
    char hex[2 * SHOWN_BYTES + 1];
    const uint8_t *at = env->window + f->off;
    uint32_t t0 = BOOT_SIGNED ? boot_now(env) : boot_say_now(env);
    /* A compressed kernel was hashed as it streamed: its stored bytes. */
    uint32_t size = f->size;

#if BOOT_GZIP
    if (streamed) {
        memcpy(got, streamed, SHA256_BYTES);
        size = st->plan->gz_card_size;
    } else
#else
    (void)streamed;
#endif
    {   /* its own scope, so the mismatch's buffers may share its bytes */
        struct sha256 h;

        sha256_init(&h);
#if BOOT_INTERACTIVE
        /* In pieces, with the console input polled between them: hashing
         * the whole window takes longer than a UART FIFO lasts. */
        for (uint32_t i = 0; i < f->size; i += VERIFY_PIECE) {
            uint32_t n = f->size - i < VERIFY_PIECE ? f->size - i
                                                    : VERIFY_PIECE;
            sha256_update(&h, at + i, n);
            boot_poll(env, st);
        }
#else
        sha256_update(&h, at, f->size);   /* no console input to poll */
#endif
        sha256_final(&h, got);
    }
    /* Shown by a line that says more than the code (not in the tiny
     * profile: no digest text there). */
    if (BOOT_MESSAGES || BOOT_REPORT || BOOT_SIGNED)
        sha256_hex(got, SHOWN_BYTES, hex);
#if BOOT_SIGNED
    memcpy(f->sha256, got, SHA256_BYTES);
    f->card_size = size;            /* a uInitrd's header goes after this */
    if (!want) {
        con_printf(&env->con, "verify: sha256 %s... for the signature (no "
                   "%s" SHA256_SUFFIX "), %u bytes, %u ms\n", hex, st->path,
                   (unsigned)size, (unsigned)(boot_now(env) - t0));
        return 0;
    }
#endif
    if (memcmp(got, want, SHA256_BYTES) != 0) {
#if BOOT_MESSAGES
        char whex[2 * SHOWN_BYTES + 1];

        sha256_hex(want, SHOWN_BYTES, whex);
        fmt_snprintf(st->plan->fail.why, sizeof(st->plan->fail.why),
                     "sha256 %s... but %s says %s...", hex, SHA256_SUFFIX,
                     whex);
#endif
        return boot_plan_fail(st->plan, BOOT_ESHA256, "verify", st->path,
                              BOOT_WHY(st->plan->fail.why));
    }
    f->flags |= BOOT_PF_SHA256;
    BOOT_SAY(&env->con, "verify: sha256 %s... matches %s" SHA256_SUFFIX
               ", %u bytes, %u ms\n", hex, st->path, (unsigned)size,
               (unsigned)(boot_now(env) - t0));
    return 0;
}

/* Opens the planned inode again and loads it to its place. */
__attribute__((noinline))
static int load_bytes(const struct boot_env *env, struct boot_state *st,
                      const struct boot_plan_file *f)
{
    ext_off_t got = 0;
    int rc = ext_inode_read(&st->fs, f->ino, &st->file.in);

    if (!rc)
        rc = ext_file_open(&st->fs, &st->file.in, &st->file);
    if (!rc)
        rc = ext_load(&st->fs, &st->file, env->window + f->off, f->size,
                      &got);
    if (!rc && got == f->size)
        return 0;
    return boot_file_fail(env, st, f, rc, BOOT_WHY("its size changed since "
                                                   "it was planned"));
}

#if BOOT_UINITRD
/* The U-Boot legacy image header (U-Boot's include/image.h,
 * legacy_img_hdr): 64 bytes, every field big-endian. */
#define UIMAGE_MAGIC 0x27051956u
#define UIMAGE_HEADER_SIZE 64u
#define UIMAGE_IH_MAGIC 0x00u         /* be32: UIMAGE_MAGIC */
#define UIMAGE_IH_HCRC 0x04u          /* be32: crc32 of the header, this
                                       * field counted as 0 */
#define UIMAGE_IH_SIZE 0x0Cu          /* be32: data bytes after it */
#define UIMAGE_IH_DCRC 0x18u          /* be32: crc32 of the data */

static uint32_t be32_at(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
}

/* An INITRD part that is a uInitrd (mkimage -T ramdisk): the header's
 * CRC and size checked, then the data CRC, and the data moved down over
 * the header. The later parts (not loaded yet: the loads go up the
 * window) move down with it, so the parts stay back to back. 0 when it
 * is not one or was stripped; < 0 after failing. */
__attribute__((noinline))
static int strip_uinitrd(const struct boot_env *env, struct boot_state *st,
                         struct boot_plan_file *f)
{
    static const uint8_t zero[4] = { 0 };
    struct boot_plan *p = st->plan;
    uint8_t *at = env->window + f->off;

    if (f->size < UIMAGE_HEADER_SIZE ||
        be32_at(at + UIMAGE_IH_MAGIC) != UIMAGE_MAGIC)
        return 0;
    uint32_t crc = ext_crc32(~0u, at, UIMAGE_IH_HCRC);
    crc = ext_crc32(crc, zero, 4);
    crc = ~ext_crc32(crc, at + UIMAGE_IH_HCRC + 4u,
                     UIMAGE_HEADER_SIZE - UIMAGE_IH_HCRC - 4u);
    uint32_t size = be32_at(at + UIMAGE_IH_SIZE);
    const char *why = NULL;

    if (crc != be32_at(at + UIMAGE_IH_HCRC))
        why = "uInitrd header CRC does not match";
    else if (size != f->size - UIMAGE_HEADER_SIZE)
        why = "uInitrd header's data size is not the file's";
    else if (~ext_crc32(~0u, at + UIMAGE_HEADER_SIZE, size) !=
             be32_at(at + UIMAGE_IH_DCRC))
        why = "uInitrd data CRC does not match";
    if (why)
        return boot_plan_fail(p, BOOT_EINITRD, "initrd", st->path, why);
    memmove(at, at + UIMAGE_HEADER_SIZE, size);
    for (uint32_t i = 0; i < p->n; i++)
        if (p->f[i].role == BOOT_ROLE_INITRD && p->f[i].off > f->off)
            p->f[i].off -= UIMAGE_HEADER_SIZE;
    f->size = size;
    con_printf(&env->con, "initrd: %s: uInitrd header checked and skipped, "
               "%u bytes at 0x%08x\n", st->path, (unsigned)size,
               (unsigned)(env->window_addr + f->off));
    return 0;
}
#endif

/* One file: its .sha256, its bytes, the check. */
static int load_file(const struct boot_env *env, struct boot_state *st,
                     struct boot_plan_file *f)
{
    uint8_t want[SHA256_BYTES];

#if BOOT_FDT_EDIT && BOOT_RISCV_LINUX
    if (f->flags & BOOT_PF_BOARD) {
        /* no file: the board's bytes */
        memcpy(env->window + f->off, env->default_fdt, f->size);
        BOOT_SAY(&env->con, "fdt: none named; the board's at 0x%08x, %u "
                   "bytes, copied -> 0x%08x\n",
                   (unsigned)env->default_fdt_addr, (unsigned)f->size,
                   (unsigned)(env->window_addr + f->off));
        return 0;
    }
#endif
    int n = boot_plan_resolve(env, st, f);

    if (n < 0)
        return n;
    int have = read_sha256(env, st, f, (uint32_t)n, want);
    boot_poll(env, st);
    if (have < 0)
        return have;

    uint32_t t0 = boot_say_now(env);
    boot_poll(env, st);
#if BOOT_GZIP
    const uint8_t *streamed = f->role == BOOT_ROLE_KERNEL &&
                              st->plan->gz_end ? st->plan->gz_sha256 : NULL;
    int rc = streamed ? boot_image_inflate(env, st, f, have || SIGNING(env))
                      : load_bytes(env, st, f);
#else
    const uint8_t *streamed = NULL;
    int rc = load_bytes(env, st, f);
#endif
    boot_poll(env, st);
    if (rc)
        return rc;
    /* The speed in 32-bit math: size < 4 GiB, so kib * 1000 fits. */
    uint32_t ms = boot_say_now(env) - t0, kib = f->size >> 10;
    BOOT_SAY(&env->con, "%s: %s", boot_role_step[f->role], st->path);
#if BOOT_CONF_PARTITION
    /* A label with PARTITION: each file says which partition it is on. */
    if (st->plan->pflags)
        BOOT_SAY(&env->con, " (partition %u)", (unsigned)st->part.index);
#endif
    BOOT_SAY(&env->con, " -> 0x%08x, %u bytes, %u ms",
             (unsigned)(env->window_addr + f->off), (unsigned)f->size,
             (unsigned)ms);
    /* A speed of whole KiB, not a few bytes, and only from a clock. */
    if (ms > 0 && kib > 0 && !env->clock_fake)
        BOOT_SAY(&env->con, ", %u KiB/s", (unsigned)(kib / ms * 1000u +
                                                       kib % ms * 1000u / ms));
    BOOT_SAY(&env->con, "\n");
    if (have || SIGNING(env))
        rc = verify(env, st, f, have ? want : NULL, streamed);
    else
        BOOT_SAY(&env->con, "verify: no %s" SHA256_SUFFIX ", not "
                   "checked\n", st->path);
#if BOOT_UINITRD
    if (!rc && f->role == BOOT_ROLE_INITRD)
        rc = strip_uinitrd(env, st, f);
#endif
    return rc;
}

/* Every file, lowest address first (the roles in the order they were
 * placed): a .sha256 line read into a file's place never lands on a file
 * already loaded. */
static int load_all(const struct boot_env *env, struct boot_state *st)
{
    struct boot_plan *p = st->plan;
    const uint8_t *order = boot_role_order[BOOT_RISCV_LINUX ? p->kind : 0];

    for (uint32_t k = 0; k < BOOT_ROLES; k++)
        for (uint32_t i = 0; i < p->n; i++)
            if (p->f[i].role == order[k]) {
#if BOOT_CONF_PARTITION
                /* Its partition mounted here, not in load_file: the
                 * mount's journal replay is the deepest path there is,
                 * and need not carry load_file's frame as well. */
                int rc = boot_part_of(env, st, &p->f[i]);
                if (!rc)
                    rc = load_file(env, st, &p->f[i]);
#else
                int rc = load_file(env, st, &p->f[i]);
#endif
                if (rc)
                    return rc;
            }
    return 0;
}

#if BOOT_FDT_OVERLAY
/* FDTOVERLAYS' files, in order, applied to the opened tree t; one that
 * cannot be applied is named with the reason and skipped, whole
 * (fdt_overlay_apply writes nothing of a refused one). */
static void apply_overlays(const struct boot_env *env, struct boot_state *st,
                           struct fdt *t)
{
    struct boot_plan *p = st->plan;
    struct fdt o;

    for (uint32_t i = p->first_overlay; i < p->n; i++) {
        const struct boot_plan_file *f = &p->f[i];
        int rc = fdt_overlay_apply(t, &o, env->window + f->off, f->size);

        if (boot_plan_resolve(env, st, f) < 0)
            continue;            /* resolved once already: never */
        if (rc) {
            fdt_describe(&o, rc, p->fail.why, sizeof(p->fail.why));
            con_printf(&env->con, "fdtoverlay: %s: %s; skipped\n",
                       st->path, p->fail.why);
        } else {
            con_printf(&env->con, "fdtoverlay: %s: applied; the tree %u "
                       "bytes\n", st->path, (unsigned)t->size);
        }
    }
}
#endif

/* The device tree as a RISC-V Linux kernel gets it: checked, opened in
 * place with room up to cap (the plan kept it), the overlays applied,
 * /chosen set (bootargs = APPEND when there is one,
 * linux,initrd-start/end). Another kernel's tree is opened only for its
 * overlays; without, it goes as it was loaded. On any error the label
 * fails with the editor's sentence. */
__attribute__((noinline))
static int fdt_for_kernel(const struct boot_env *env, struct boot_state *st,
                          const struct boot_plan_file *f, uint32_t cap,
                          const char *append, struct extload_handoff *h)
{
#if BOOT_FDT_EDIT
    struct boot_plan *p = st->plan;
    struct fdt t;
    uint8_t *tree = env->window + f->off;
    bool is_linux = BOOT_RISCV_LINUX && p->kind == BOOT_KERNEL_LINUX_RISCV;

#if BOOT_FDT_OVERLAY
    if (!is_linux && p->first_overlay == p->n)
        return 0;
#else
    if (!is_linux)
        return 0;
#endif
    int rc = fdt_check(&t, tree, f->size);
    if (!rc)
        rc = fdt_open_into(&t, &t, tree, cap);
#if BOOT_FDT_OVERLAY
    if (!rc)
        apply_overlays(env, st, &t);
#endif
#if BOOT_RISCV_LINUX
    if (!rc && is_linux) {
        const struct fdt_chosen c = {
            .bootargs = append,
            .initrd = h->initrd_size != 0,
            .initrd_start = h->initrd_addr,
            .initrd_end = (uint64_t)h->initrd_addr + h->initrd_size,
        };
        rc = fdt_set_chosen(&t, &c);
    }
#if BOOT_TRIAL
    if (!rc && is_linux)
        rc = boot_trial_fdt(env, &t);
#endif
#endif
    if (rc) {
        fdt_describe(&t, rc, p->fail.why, sizeof(p->fail.why));
        int n = boot_plan_resolve(env, st, f);
        return n < 0 ? n : boot_plan_fail(p, BOOT_EFDT, "fdt", st->path,
                                          p->fail.why);
    }
    if (is_linux)
        con_printf(&env->con, "fdt: /chosen: bootargs %s, initrd %s; ",
                   append ? "= APPEND" : "kept",
                   h->initrd_size ? "range set" : "removed");
    else
        con_printf(&env->con, "fdt: overlays done; ");
    con_printf(&env->con, "%u bytes at 0x%08x, %u more free\n",
               (unsigned)t.size, (unsigned)h->fdt_addr,
               (unsigned)(cap - t.size));
    h->fdt_size = t.size;
#else
    (void)env;
    (void)st;
    (void)f;
    (void)cap;
    (void)append;
    (void)h;
#endif
    return 0;
}

/* The kernel's device tree in the hand-off block h: a label's tree
 * edited in place (a Linux's /chosen and the trial record's node, any
 * kernel's overlays applied; it grows up to the next file placed past
 * it, else the block at h_off), or the board's own tree when the label
 * names none. */
static int hand_off_fdt(const struct boot_env *env, struct boot_state *st,
                        const struct config_label *label,
                        struct extload_handoff *h, uint32_t h_off,
                        const char *append, uint32_t cmd_len)
{
    struct boot_plan *p = st->plan;

    for (uint32_t i = 1; BOOT_FDT_EDIT && i < p->n; i++)
        if (p->f[i].role == BOOT_ROLE_FDT && p->f[i].size) {
            uint32_t end = h_off;

            for (uint32_t k = 0; k < p->n; k++)
                if (p->f[k].off > p->f[i].off && p->f[k].off < end)
                    end = p->f[k].off;
            int rc = fdt_for_kernel(env, st, &p->f[i], end - p->f[i].off,
                                    BOOT_TRIAL && (label->append ||
                                                   cmd_len)
                                    ? append : label->append, h);
            if (rc)
                return rc;
        }
#if BOOT_FDT_OVERLAY
    if (!h->fdt_addr)
        for (uint32_t k = p->first_overlay; k < p->n; k++)
            if (boot_plan_resolve(env, st, &p->f[k]) >= 0)
                con_printf(&env->con, "fdtoverlay: %s: no device tree to "
                           "apply it to; skipped\n", st->path);
#endif
    /* FDT - planned no tree (boot_plan_files): fdt_addr is still 0. */
    if (config_no_fdt(label)) {
        BOOT_SAY(&env->con, "fdt: none (FDT -)\n");  /* the hand-off
                                                     * line: fdt 0 */
    } else if (!h->fdt_addr && env->default_fdt_addr) {
        /* Stays where the board has it; nothing is copied. */
        h->fdt_addr = env->default_fdt_addr;
        h->fdt_size = env->default_fdt_size;
        BOOT_SAY(&env->con, "fdt: none named; the board's at 0x%08x, %u "
                   "bytes\n", (unsigned)h->fdt_addr,
                   (unsigned)h->fdt_size);
    }
    return 0;
}

/* The hand-off block after the loaded files, then the board's jump.
 * Apart from boot_label so the loads' deep path does not carry it. The
 * block is filled from the plan where it lies (the window is 8-byte
 * aligned and so is h_off), and the board's struct boot_image from it. */
__attribute__((noinline))
static int hand_off(const struct boot_env *env, struct boot_state *st,
                    const struct config_label *label)
{
    struct boot_plan *p = st->plan;
    const char *append = label->append ? label->append : "";
    uint32_t cmd_len = str_len(append);
    uint32_t h_off = align_up(p->end, 8);
    struct extload_handoff *h =
        (struct extload_handoff *)(void *)(env->window + h_off);
    struct boot_image img = {
        .kernel = env->window + p->f[0].off,
        .kernel_kind = BOOT_RISCV_LINUX ? p->kind : BOOT_KERNEL_BARE,
        .handoff_addr = env->window_addr + h_off,
        .handoff = h,
#if BOOT_TRIAL
        .trial = st->boot_as == BOOT_AS_TRIAL,
#endif
    };
#if BOOT_TRIAL
    /* The command line: APPEND, then the loader's words (after the
     * signature check: the signed message is APPEND alone), where the
     * block's cmdline_addr points; a Linux tree's bootargs gets it all. */
    char *cmdline = (char *)env->window + h_off + sizeof(*h);

    memcpy(cmdline, append, cmd_len);
    cmd_len += boot_trial_words(env, st, label, cmd_len, cmdline + cmd_len,
                                boot_trial_words(env, st, label, cmd_len,
                                                 NULL, 0) + 1u);
    cmdline[cmd_len] = '\0';       /* no words: APPEND's own end */
    append = cmdline;
#endif

    memset(h, 0, sizeof(*h));
    /* What the plan placed, as the kernel sees it. */
    for (uint32_t i = 0; i < p->n; i++) {
        const struct boot_plan_file *f = &p->f[i];
        uint32_t addr = env->window_addr + f->off;

        if (f->role == BOOT_ROLE_KERNEL) {
            h->kernel_addr = addr;
            h->kernel_size = f->size;
        } else if (f->role == BOOT_ROLE_INITRD) {
            if (!h->initrd_addr)
                h->initrd_addr = addr;
            h->initrd_size = addr + f->size - h->initrd_addr;
        } else if (f->role == BOOT_ROLE_FDT && f->size) {
            h->fdt_addr = addr;
            h->fdt_size = f->size;
        } else if (BOOT_RISCV_LINUX && f->role == BOOT_ROLE_FIRMWARE) {
            img.fw_addr = addr;
            img.fw_size = f->size;
        }
    }
    int rc = hand_off_fdt(env, st, label, h, h_off, append, cmd_len);

    if (rc)
        return rc;
    h->magic = EXTLOAD_HANDOFF_MAGIC;
    h->version = EXTLOAD_HANDOFF_VERSION;
    h->size = sizeof(*h);
    h->flags = (p->f[0].flags & BOOT_PF_SHA256 ? HANDOFF_F_SHA256 : 0) |
               (BOOT_SIGNED && (p->f[0].flags & BOOT_PF_SIGNED)
                ? HANDOFF_F_SIGNED : 0);
    h->cmdline_addr = img.handoff_addr + (uint32_t)sizeof(*h);
    h->cmdline_len = cmd_len;
#if BOOT_CONF_PARTITION
    /* The kernel's partition: the label's PARTITION, else the config's. */
    const struct part_info *kp = p->pflags ? &st->lbl_part : &st->cfg_part;
#else
    const struct part_info *kp = &st->part;
#endif
    h->part_index = kp->scheme == PART_NONE ? 0 : kp->index;
    h->part_scheme = kp->scheme;
    h->part_lba = kp->lba;
    h->part_sectors = kp->sectors;
    /* Cut to the field, its NUL and the rest zero from the memset. */
    fmt_snprintf(h->label, sizeof(h->label), "%s", label->name);
#if !BOOT_TRIAL
    memcpy(env->window + h_off + sizeof(*h), append, cmd_len + 1u);
#endif
    img.kernel_addr = h->kernel_addr;
    img.kernel_size = h->kernel_size;
    img.fdt_addr = h->fdt_addr;
    img.fdt_size = h->fdt_size;
    img.initrd_addr = h->initrd_addr;
    img.initrd_size = h->initrd_size;

    con_printf(&env->con, "boot: label '%s': kernel %u bytes at 0x%08x, "
               "fdt 0x%08x, ", label->name, (unsigned)img.kernel_size,
               (unsigned)img.kernel_addr, (unsigned)img.fdt_addr);
    if (img.initrd_addr)
        con_printf(&env->con, "initrd 0x%08x-0x%08x, ",
                   (unsigned)img.initrd_addr,
                   (unsigned)(img.initrd_addr + img.initrd_size));
    if (BOOT_RISCV_LINUX && img.fw_addr)   /* set only for a RISC-V Linux */
        con_printf(&env->con, "firmware 0x%08x (RISC-V Linux, S-mode), ",
                   (unsigned)img.fw_addr);
    con_printf(&env->con, "hand-off 0x%08x, cmdline \"%s\"\n",
               (unsigned)img.handoff_addr, append);
    /* BOOT_GZIP_REFUSE: a gzip member or an EFI zboot image is refused
     * by name, never jumped into (gzip's magic as one 16-bit load: 4
     * bytes fewer on Cortex-M3). */
    rc = BOOT_ECOMPRESSED;
    if (!BOOT_GZIP_REFUSE || img.kernel_size < 2 ||
        (le16(img.kernel) != (GZIP_ID2 << 8 | GZIP_ID1) &&
         (img.kernel_size < ZB_MAGIC_SIZE || !boot_is_zboot(img.kernel))))
        rc = env->handoff(env->handoff_ctx, &img);
    if (rc < 0) {
        _Static_assert(sizeof(p->fail.why) >= BOOT_CODE_MAX, "a code");
        return boot_plan_fail(p, BOOT_EHANDOFF, "boot", NULL,
                              BOOT_ERR_TEXT(p->fail.why, boot_strerror,
                                            "boot", rc));
    }
    return rc;
}

static void print_label(const struct boot_env *env,
                        const struct config_label *l)
{
    const struct console *con = &env->con;
    const char *fdt = l->fdt ? l->fdt : l->fdtdir;

    if (!BOOT_REPORT) {
        con_printf(con, "label: '%s'\n", l->name);
        return;
    }
    con_printf(con, "label: '%s': kernel %s", l->name,
               l->kernel ? l->kernel : "(none)");
    if (l->initrd)
        con_printf(con, ", initrd %s", l->initrd);
    if (fdt)
        con_printf(con, ", fdt%s %s", l->fdt ? "" : "dir", fdt);
    if (l->firmware)
        con_printf(con, ", firmware %s", l->firmware);
#if BOOT_CONF_PARTITION
    if (l->partition)
        con_printf(con, ", partition %s", l->partition);
#endif
    if (l->append)
        con_printf(con, ", append %s", l->append);
    con_puts(con, "\n");
}

BOOT_TINY_NOINLINE
int boot_label_load(const struct boot_env *env, struct boot_state *st,
                    const struct config_label *label)
{
    struct boot_plan *p = st->plan;
    const char *append = label->append ? label->append : "";
    uint32_t cmd_len = str_len(append);
#if BOOT_TRIAL
    cmd_len += boot_trial_words(env, st, label, cmd_len, NULL, 0);
#endif
    uint32_t reserve = align_up(sizeof(struct extload_handoff) + cmd_len +
                                1u, 8);
    uint32_t window = st->window_size & ~7u;      /* keeps the math in 8s */

    memset(p, 0, sizeof(*p));
    print_label(env, label);
    if (!label->kernel || !label->kernel[0])
        return boot_plan_fail(p, BOOT_ENOKERNEL, "label", NULL,
                              BOOT_WHY("no KERNEL line"));
    if (reserve > window) {
        st->short_of_room = 1;
        return boot_plan_fail(p, BOOT_ETOOBIG, "label", NULL,
                              BOOT_WHY("APPEND does not fit the load "
                                       "window"));
    }
    int rc = boot_plan_files(env, st, label);
    if (!rc)
        rc = boot_plan_place(env, st, window - reserve, cmd_len);
    if (!rc)
        rc = load_all(env, st);
    return rc;
}

#if BOOT_SIGNED
void boot_label_message(const struct boot_env *env, struct boot_state *st,
                        const struct config_label *label, sigmsg_sink sink,
                        void *ctx)
{
    const struct boot_plan *p = st->plan;
    const char *append = label->append ? label->append : "";
    struct sigmsg m;
    uint32_t index;
    /* v2 (with its rollback line) when the label has ROLLBACK_INDEX; a
     * bad one was refused before (boot_label_verify). */
    int has = config_rollback_index(label, &index) > 0;

#if BOOT_CONF_PARTITION
    /* v3 with its partition line when the label has PARTITION. */
    const char *part = p->pflags ? label->partition : NULL;

    sigmsg_begin_at(&m, sink, ctx, label->name, str_len(label->name),
                    append, str_len(append), has ? &index : NULL, part,
                    part ? str_len(part) : 0);
#else
    sigmsg_begin(&m, sink, ctx, label->name, str_len(label->name), append,
                 str_len(append), has ? &index : NULL);
#endif
    /* Plan order is the message's: kernel, initrd parts, fdt, firmware.
     * The board's own tree is not on the card: no line. */
    for (uint32_t i = 0; i < p->n; i++) {
        const struct boot_plan_file *f = &p->f[i];
        int n;

        if (f->flags & BOOT_PF_BOARD)
            continue;
        n = boot_plan_resolve(env, st, f);  /* resolved once already */
        if (n >= 0)
            sigmsg_file_at(&m, (enum sigmsg_role)f->role,
                           !(f->flags & BOOT_PF_PARTITION), st->path,
                           (uint32_t)n, f->card_size, f->sha256);
    }
}

/* The SIGNATURE path resolved into st->path: its length, or < 0 after
 * failing. */
static int32_t signature_path(struct boot_state *st,
                              const struct config_label *label)
{
    int32_t n = boot_path_join(st->path, st->cfg->dir, label->signature,
                               str_len(label->signature));

    if (n < 0)
        return boot_plan_fail(st->plan, BOOT_EPATH, "signature", NULL,
                              "SIGNATURE path too long");
    return n;
}

/* The label's index (p->rollback): 1 when it has one, 0 when not, < 0
 * after failing on a bad one. */
static int read_index(struct boot_state *st, const struct config_label *label)
{
    struct boot_plan *p = st->plan;
    int has = config_rollback_index(label, &p->rollback);

    if (has < 0) {
        fmt_snprintf(p->fail.why, sizeof(p->fail.why), "ROLLBACK_INDEX %s: "
                     "not a number 0 to 4294967295", label->rollback);
        return boot_plan_fail(p, BOOT_ESIG, "signature", NULL, p->fail.why);
    }
    return has;
}

/* The 64 bytes of the SIGNATURE file into sig: 0, or < 0 after failing. */
__attribute__((noinline))
static int read_signature(const struct boot_env *env, struct boot_state *st,
                          const struct config_label *label,
                          uint8_t sig[ED25519_SIG_BYTES])
{
    struct boot_plan *p = st->plan;

    if (!label->signature || !label->signature[0])
        return boot_plan_fail(p, BOOT_ENOSIG, "signature", NULL,
                              "missing signature: no SIGNATURE line, and "
                              "this loader boots only signed labels");
#if BOOT_CONF_PARTITION
    /* SIGNATURE lies beside the config, on its partition. */
    if (boot_part_use(env, st, false))
        return p->fail.code;
#endif
    int32_t got = signature_path(st, label);
    if (got < 0)
        return got;
    got = boot_file_read(st, st->path, sig, ED25519_SIG_BYTES);
    if (got == EXT_ENOENT || got == EXT_ENOTDIR)
        return boot_plan_fail(p, BOOT_ENOSIG, "signature", st->path,
                              "missing signature: no such file");
    if (got < 0)
        return boot_plan_fail(p, BOOT_ENOSIG, "signature", st->path,
                boot_open_why(env, st, got, p->fail.why, sizeof(p->fail.why)));
    if (st->file.in.size != ED25519_SIG_BYTES) {
        fmt_snprintf(p->fail.why, sizeof(p->fail.why), "%s signature: %llu "
                     "bytes, not %u", st->file.in.size < ED25519_SIG_BYTES
                     ? "truncated" : "oversized",
                     (unsigned long long)st->file.in.size,
                     (unsigned)ED25519_SIG_BYTES);
        return boot_plan_fail(p, BOOT_ESIG, "signature", st->path,
                              p->fail.why);
    }
    return 0;
}

/* The message checked against each key in index order (a revoked one
 * skipped): 0 with p->key set, or the last verifier's error. */
__attribute__((noinline))
static int verify_keys(const struct boot_env *env, struct boot_state *st,
                       const struct config_label *label,
                       const uint8_t sig[ED25519_SIG_BYTES], uint32_t revoked)
{
    uint32_t n = env->pubkeys ? env->pubkeys : 1u;
    int rc = ED25519_EBAD;

    for (uint32_t k = 0; k < n && k < BOOT_KEYS_MAX; k++) {
        struct ed25519_verify v;

        if (revoked & (1u << k))
            continue;
        ed25519_verify_init(&v, env->pubkey + 32u * k, sig);
        boot_label_message(env, st, label, sigmsg_sink_verify, &v);
        rc = ed25519_verify_final(&v);
        if (!rc) {
            st->plan->key = (uint8_t)k;
            break;
        }
    }
    return rc;
}

__attribute__((noinline))
int boot_label_verify(const struct boot_env *env, struct boot_state *st,
                      const struct config_label *label)
{
    struct boot_plan *p = st->plan;
    uint8_t sig[ED25519_SIG_BYTES];
    uint32_t t0 = boot_now(env), revoked = 0;
    int has = read_index(st, label);

    if (has < 0)
        return has;
#if BOOT_ROLLBACK
    revoked = boot_revoked(env);
    /* A board with a floor takes v2 messages only. */
    if (!has && env->rollback_read)
        return boot_rollback_check(env, st, 0);
#endif
    int rc = read_signature(env, st, label, sig);
    if (rc)
        return rc;
    rc = verify_keys(env, st, label, sig, revoked);
    if (signature_path(st, label) < 0)      /* the message used st->path */
        return p->fail.code;
    if (rc) {
        char code[BOOT_CODE_MAX];

        fmt_snprintf(p->fail.why, sizeof(p->fail.why), "signature does not "
                     "verify: %s%s", BOOT_ERR_TEXT(code, ed25519_strerror,
                                                   "ed25519", rc),
                     revoked ? " (revoked keys skipped)" : "");
        return boot_plan_fail(p, BOOT_ESIG, "signature", st->path,
                              p->fail.why);
    }
#if BOOT_ROLLBACK
    rc = boot_rollback_check(env, st, has);
    if (rc)
        return rc;
#endif
    p->f[0].flags |= BOOT_PF_SIGNED;
    if (env->pubkeys > 1) {
        const uint8_t *key = env->pubkey + 32u * p->key;

        con_printf(&env->con, "signature: %s: Ed25519 verified with key %u "
                   "(%02x%02x%02x%02x...), %u ms\n", st->path,
                   (unsigned)p->key, key[0], key[1], key[2], key[3],
                   (unsigned)(boot_now(env) - t0));
    } else {
        con_printf(&env->con, "signature: %s: Ed25519 verified, %u ms\n",
                   st->path, (unsigned)(boot_now(env) - t0));
    }
    return 0;
}
#endif

int boot_label(const struct boot_env *env, struct boot_state *st,
               const struct config_label *label)
{
    int rc = boot_label_load(env, st, label);

#if BOOT_SIGNED
    /* Nothing is handed off before the signature verifies. */
    if (!rc && env->pubkey)
        rc = boot_label_verify(env, st, label);
#if BOOT_ROLLBACK
    if (!rc && env->pubkey)
        boot_rollback_commit(env, st, label);
#endif
#endif
    return rc ? rc : hand_off(env, st, label);
}
