/* A label as a plan (struct boot_plan): its files with their roles, each
 * path resolved and opened and its size known, then placed in the window
 * with every size checked before the first byte is written. Loading,
 * checking and the hand-off are firmware/boot/boot_label.c's.
 *
 * The window, from its start, for any kernel but a RISC-V Linux Image:
 *
 *   | kernel | pad to 8 | FDT (+ room for its overlays) | pad to 8 |
 *   | initrd parts | pad to 8 | overlays, each padded to 8 |
 *   | extload_handoff | cmdline NUL | ...                     | tail |
 *
 * For a RISC-V Linux Image (its header: magic2 "RSC\x05"):
 *
 *   fw_addr: | firmware | ...
 *   ram_base + text_offset: | kernel ... image_size | pad to 4 KiB |
 *   | initrd parts | pad to 8 | FDT + room for /chosen (and the
 *   overlays) | pad to 8 | overlays, each padded to 8 |
 *   | extload_handoff | cmdline NUL | ...                     | tail |
 *
 * The hand-off block's size is known from APPEND before anything loads,
 * so it is kept off the end of the window first (boot_label).
 */
#include "firmware/boot/boot_priv.h"

#include <string.h>

#include "lib/num.h"

#define FW_SEARCH_1 "/boot/fw_dynamic.bin"
#define FW_SEARCH_2 "/fw_dynamic.bin"
#define FW_SEARCH_3 "/usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin"
const char *const boot_fw_search[BOOT_FW_SEARCH_PATHS] = {
    FW_SEARCH_1, FW_SEARCH_2, FW_SEARCH_3,
};

#define INITRD_ALIGN_LINUX 4096u      /* a page: Linux frees it by pages */
/* Room the device tree gets past its end for /chosen (bootargs and the
 * initrd's bounds), besides APPEND's own bytes (NUL, padded to 8). The
 * most the edit adds: the node (BEGIN_NODE 4, "chosen" padded 8,
 * END_NODE 4) 16, three property headers 36, two 64-bit cells 16, their
 * names in the strings block 9 + 19 + 17 = 45, and the re-aligned blocks
 * of fdt_open_into 8: 121 bytes; twice that, for a tree whose strings
 * and structure blocks end unpadded. */
#define FDT_CHOSEN_ROOM 256u
_Static_assert(FDT_CHOSEN_ROOM >= 2u * (16u + 36u + 16u + 45u + 8u),
               "room for /chosen");
/* Room an overlay of n bytes gets in the tree: what it adds is at most
 * its own properties and nodes again (with their names), and its
 * symbols with their targets' paths. */
#define FDT_OVERLAY_ROOM(n) (2u * (n) + 512u)

#if BOOT_TRIAL && BOOT_FDT_EDIT
/* ... and for the trial record's page (boot_trial_fdt), when the board
 * gives one: /reserved-memory (BEGIN_NODE 4, its name padded 16,
 * END_NODE 4; #address-cells, #size-cells 16 each, ranges 12) 56, its
 * child (4, "extload-trial@" and up to 16 hex digits padded 32, 4;
 * compatible 24, reg with two 64-bit cells 28, no-map 12) 104, the six
 * names in the strings block 56: 216 bytes. */
#define FDT_TRIAL_ROOM 256u
_Static_assert(FDT_TRIAL_ROOM >= 56u + 104u + 56u, "room for the page");
#define FDT_TRIAL_ROOM_FOR(env) ((env)->trial_size ? FDT_TRIAL_ROOM : 0u)
#else
#define FDT_TRIAL_ROOM_FOR(env) 0u
#endif

const char *const boot_role_step[] = {
    [BOOT_ROLE_KERNEL] = "load",
    [BOOT_ROLE_INITRD] = "initrd",
    [BOOT_ROLE_FDT] = "fdt",
#if BOOT_RISCV_LINUX                  /* else no plan has a firmware file */
    [BOOT_ROLE_FIRMWARE] = "firmware",
#endif
#if BOOT_FDT_OVERLAY
    [BOOT_ROLE_FDTOVERLAY] = "fdtoverlay",
#endif
};

/* Each kind of kernel's roles in the order boot_plan_place puts them up
 * the window: load_all loads them in that order, lowest address first.
 * A bare kernel's plan has no firmware. */
const uint8_t boot_role_order[][BOOT_ROLES] = {
    [BOOT_KERNEL_BARE] = { BOOT_ROLE_KERNEL, BOOT_ROLE_FDT, BOOT_ROLE_INITRD,
                           BOOT_ROLE_FIRMWARE,
#if BOOT_FDT_OVERLAY
                           BOOT_ROLE_FDTOVERLAY,
#endif
                         },
#if BOOT_RISCV_LINUX
    [BOOT_KERNEL_LINUX_RISCV] = { BOOT_ROLE_FIRMWARE, BOOT_ROLE_KERNEL,
                                  BOOT_ROLE_INITRD, BOOT_ROLE_FDT,
#if BOOT_FDT_OVERLAY
                                  BOOT_ROLE_FDTOVERLAY,
#endif
                                },
#endif
};

const int8_t boot_role_err[] = {
    [BOOT_ROLE_KERNEL] = BOOT_ENOKERNEL,
    [BOOT_ROLE_INITRD] = BOOT_EINITRD,
    [BOOT_ROLE_FDT] = BOOT_EFDT,
    [BOOT_ROLE_FIRMWARE] = BOOT_EFIRMWARE,
#if BOOT_FDT_OVERLAY
    [BOOT_ROLE_FDTOVERLAY] = BOOT_EFDT,
#endif
};

int boot_plan_resolve(const struct boot_env *env, struct boot_state *st,
                      const struct boot_plan_file *f)
{
    if (BOOT_FDT_EDIT && BOOT_RISCV_LINUX && (f->flags & BOOT_PF_BOARD)) {
        /* a name for the console, no path */
        memcpy(st->path, BOOT_BOARD_FDT_NAME, sizeof(BOOT_BOARD_FDT_NAME));
        return (int)sizeof(BOOT_BOARD_FDT_NAME) - 1;
    }
    int32_t n = boot_path_join(st->path, boot_file_dir(st, f), f->src,
                               f->src_len);

    if (n >= 0 && (f->flags & BOOT_PF_FDTDIR))
        n = boot_path_join(st->path, st->path, env->fdtfile,
                           str_len(env->fdtfile));
    if (n < 0) {
        /* An absolute path has no folder it is taken from. */
        const char *dir = f->src_len && f->src[0] == '/'
                        ? NULL : boot_file_dir(st, f);

        if (BOOT_MESSAGES)
            fmt_snprintf(st->plan->fail.why, sizeof(st->plan->fail.why),
                         "%.*s: longer than %u bytes%s%s",
                         (int)(f->src_len > 40 ? 40 : f->src_len), f->src,
                         (unsigned)BOOT_PATH_MAX - 1u, dir ? " from " : "",
                         dir ? dir : "");
        return boot_plan_fail(st->plan, BOOT_EPATH, boot_role_step[f->role],
                              NULL, BOOT_WHY(st->plan->fail.why));
    }
    return (int)n;
}

int boot_file_fail(const struct boot_env *env, struct boot_state *st,
                   const struct boot_plan_file *f, int rc, const char *why)
{
    struct boot_plan *p = st->plan;

    if (rc)
        why = boot_open_why(env, st, rc, p->fail.why, sizeof(p->fail.why));
    return boot_plan_fail(p, boot_role_err[f->role], boot_role_step[f->role],
                          st->path, why);
}

/* A failure naming the file (its path resolved again into st->path):
 * never 0 (EVA checks it at each call). */
/*@ assigns st->short_of_room, st->path[0 .. BOOT_PATH_MAX - 1],
            st->plan->fail;
    ensures \result < 0; */
static int fail_file(const struct boot_env *env, struct boot_state *st,
                     const struct boot_plan_file *f, int code,
                     const char *why)
{
    int rc = boot_plan_resolve(env, st, f);

    if (code == BOOT_ETOOBIG || code == BOOT_EPLACE)
        st->short_of_room = 1;
    if (rc < 0)
        return rc;
    return boot_plan_fail(st->plan, code, boot_role_step[f->role], st->path,
                          why);
}

static int add_file(struct boot_plan *p, const char *src, uint32_t len,
                    uint8_t role, uint8_t flags)
{
    if (p->n == BOOT_PLAN_FILES)
        return boot_plan_fail(p, BOOT_EINITRD, "label", NULL,
                              BOOT_WHY("too many files"));
#if BOOT_CONF_PARTITION
    flags |= p->pflags;
#endif
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
    int rc = boot_plan_resolve(env, st, f);

    if (rc < 0)
        return rc;
    rc = boot_open_regular(st, st->path);
    boot_poll(env, st);
    if (missing_ok && (rc == EXT_ENOENT || rc == EXT_ENOTDIR))
        return 1;
    if (rc)
        return boot_file_fail(env, st, f, rc, NULL);
    f->ino = st->file.in.ino;
    f->size = (uint32_t)st->file.in.size;
#if !EXT_OFF32
    if (st->file.in.size > UINT32_MAX)
        f->size = UINT32_MAX;
#endif
    return 0;
}

/* A RISC-V Linux Image's SBI firmware: the label's FIRMWARE, else the
 * first of boot_fw_search found; without any the label fails naming
 * them all (and FIRMWARE's file as its what). */
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
#if BOOT_CONF_PARTITION
    /* The search is the board's, not the label's: on the config's
     * partition, as the firmware is the board's (the label's partition
     * for what follows). */
    uint8_t pflags = p->pflags;

    p->pflags = 0;
    int mounted = boot_part_use(env, st, false);

    if (mounted)
        return mounted;
    for (uint32_t i = 0; i < BOOT_FW_SEARCH_PATHS; i++) {
#else
    for (uint32_t i = 0; i < BOOT_FW_SEARCH_PATHS; i++) {
#endif
        rc = add_file(p, boot_fw_search[i], str_len(boot_fw_search[i]),
                      BOOT_ROLE_FIRMWARE, 0);
        if (!rc)
            rc = plan_stat(env, st, &p->f[p->n - 1], true);
        if (rc <= 0)
            break;
        p->n--;
    }
#if BOOT_CONF_PARTITION
    p->pflags = pflags;
    if (rc <= 0) {
        int back = boot_part_use(env, st, pflags);

        return rc ? rc : back;
    }
#else
    if (rc <= 0)
        return rc;
#endif
    /* 127 characters at most: fail.why's room. */
    return boot_plan_fail(p, BOOT_EFIRMWARE, "firmware", named,
                          BOOT_WHY(named ? "missing, and none of "
                                   FW_SEARCH_1 " " FW_SEARCH_2 " "
                                   FW_SEARCH_3 " found"
                                   : "no FIRMWARE, none of " FW_SEARCH_1
                                   " " FW_SEARCH_2 " " FW_SEARCH_3
                                   " found"));
}

#if BOOT_FDT_OVERLAY
/* FDTOVERLAYS (a label whose plan holds a tree: its FDT or FDTDIR, or a
 * RISC-V Linux's copy of the board's): each path, between blanks, a file
 * of the plan in the line's order. One that cannot be opened is named
 * and skipped; without a tree the line is named once and skipped. */
static int plan_overlays(const struct boot_env *env, struct boot_state *st,
                         const struct config_label *label)
{
    struct boot_plan *p = st->plan;
    const char *s = label->fdtoverlays;
    uint32_t tree = 0;

    if (!s || config_no_fdt(label))
        return 0;
    for (uint32_t i = 0; i < p->n; i++)
        tree |= p->f[i].role == BOOT_ROLE_FDT;
    if (!tree) {
        con_printf(&env->con, "fdtoverlay: %s: no device tree to apply "
                   "them to; skipped\n", s);
        return 0;
    }
    /* Each pass moves s past one path or the blanks after it. */
    while (*s) {
        uint32_t n = 0;

        while (s[n] && s[n] != ' ' && s[n] != '\t')
            n++;
        if (n && p->n - p->first_overlay == BOOT_FDT_OVERLAYS_MAX) {
            con_printf(&env->con, "fdtoverlay: %s: more than %u overlays; "
                       "the rest skipped\n", s,
                       (unsigned)BOOT_FDT_OVERLAYS_MAX);
            return 0;
        }
        if (n) {
            int rc = add_file(p, s, n, BOOT_ROLE_FDTOVERLAY, 0);

            if (!rc)
                rc = plan_stat(env, st, &p->f[p->n - 1], true);
            if (rc) {
                /* missing (1), unreadable, a path too long: named, and
                 * not loaded */
                if (rc > 0)
                    con_printf(&env->con, "fdtoverlay: %s: missing; "
                               "skipped\n", st->path);
                else
                    con_printf(&env->con, "fdtoverlay: %.*s: %s; skipped\n",
                               (int)n, s, p->fail.why);
                p->n--;
                memset(&p->fail, 0, sizeof(p->fail));
            }
        }
        s += n;
        while (*s == ' ' || *s == '\t')
            s++;
    }
    return 0;
}
#endif

int boot_plan_files(const struct boot_env *env, struct boot_state *st,
                    const struct config_label *label)
{
    struct boot_plan *p = st->plan;
#if BOOT_CONF_PARTITION
    int rc = boot_part_label(env, st, label);

    if (!rc)
        rc = add_file(p, label->kernel, str_len(label->kernel),
                      BOOT_ROLE_KERNEL, 0);
#else
    int rc = add_file(p, label->kernel, str_len(label->kernel),
                      BOOT_ROLE_KERNEL, 0);
#endif

    if (!rc)
        rc = plan_stat(env, st, &p->f[0], false);
    if (!rc && p->f[0].size == 0)
        rc = boot_plan_fail(p, BOOT_ENOKERNEL, "load", st->path,
                            BOOT_WHY("empty file"));
    if (!rc)
        rc = boot_image_kind(env, st);
#if BOOT_INITRD_LIST
    /* INITRD a,b,c: each part a file of its own, in order. */
    for (const char *s = label->initrd; !rc && s && *s;) {
        uint32_t n = 0;

        while (s[n] && s[n] != ',')
            n++;
        if (n > 0) {
            if (p->n - 1u == BOOT_INITRD_PARTS)
                return boot_plan_fail(p, BOOT_EINITRD, "initrd", NULL,
                                      BOOT_WHY("INITRD names more than 4 "
                                               "files"));
            rc = add_file(p, s, n, BOOT_ROLE_INITRD, 0);
        }
        s += s[n] ? n + 1u : n;
    }
#else
    /* INITRD file: one file, a ',' part of its name. */
    if (!rc && label->initrd && label->initrd[0])
        rc = add_file(p, label->initrd, str_len(label->initrd),
                      BOOT_ROLE_INITRD, 0);
#endif
    if (!rc && config_no_fdt(label)) {
        /* FDT -: no device tree at all (U-Boot: no fdt argument) */
    } else if (!rc && label->fdt && label->fdt[0]) {
        rc = add_file(p, label->fdt, str_len(label->fdt), BOOT_ROLE_FDT, 0);
    } else if (!rc && label->fdtdir && label->fdtdir[0]) {
        if (!env->fdtfile)
            return boot_plan_fail(p, BOOT_EFDT, "fdt", label->fdtdir,
                                  BOOT_WHY("FDTDIR, but this board names "
                                           "no device-tree file"));
        rc = add_file(p, label->fdtdir, str_len(label->fdtdir),
                      BOOT_ROLE_FDT, BOOT_PF_FDTDIR);
    }
    for (uint32_t i = 1; !rc && i < p->n; i++)
        rc = plan_stat(env, st, &p->f[i], false);
    if (BOOT_RISCV_LINUX && !rc && p->kind == BOOT_KERNEL_LINUX_RISCV)
        rc = plan_firmware(env, st, label);
    /* No FDT line: a Linux kernel gets a copy of the board's tree, placed
     * and patched as a loaded one (it lies outside the window). */
#if BOOT_RISCV_LINUX && BOOT_FDT_EDIT
    if (!rc &&
        p->kind == BOOT_KERNEL_LINUX_RISCV && env->default_fdt &&
        env->default_fdt_size && !(label->fdt && label->fdt[0]) &&
        !(label->fdtdir && label->fdtdir[0])) {
        rc = add_file(p, BOOT_BOARD_FDT_NAME,
                      sizeof(BOOT_BOARD_FDT_NAME) - 1u, BOOT_ROLE_FDT,
                      BOOT_PF_BOARD);
        if (!rc)
            p->f[p->n - 1].size = env->default_fdt_size;
    }
#endif
#if BOOT_FDT_OVERLAY
    p->first_overlay = (uint8_t)p->n;
    if (!rc)
        rc = plan_overlays(env, st, label);
#endif
    return rc;
}

/* The write property's steps (boot_plan.h's plan_placed): the files of
 * one role, those of the plan's first n, lie in [lo, hi) one after the
 * other. */
/*@ predicate role_below(struct boot_plan *p, integer role, integer n,
                         integer lo, integer hi) =
        (\forall integer i; 0 <= i < n && p->f[i].role == role ==>
            lo <= p->f[i].off && p->f[i].off + p->f[i].size <= hi) &&
        (\forall integer i, j; 0 <= i < j < n && p->f[i].role == role &&
            p->f[j].role == role ==> p->f[i].off + p->f[i].size <= p->f[j].off);
    predicate same_files{L1, L2}(struct boot_plan *p) =
        \at(p->n, L1) == \at(p->n, L2) &&
        \at(p->kind, L1) == \at(p->kind, L2) &&
        \at(p->image_size, L1) == \at(p->image_size, L2) &&
        \forall integer i; 0 <= i < BOOT_PLAN_FILES ==>
            \at(p->f[i].role, L1) == \at(p->f[i].role, L2) &&
            \at(p->f[i].size, L1) == \at(p->f[i].size, L2);
    predicate role_in(struct boot_plan *p, integer role, integer lo,
                      integer hi) = role_below(p, role, p->n, lo, hi);
*/
/* A role's place in boot_role_order[order] (0: a bare kernel's, 1: a
 * RISC-V Linux Image's), 5 for none: the rank of the files placed up
 * the window. Stated by cases, so two roles of one rank are one role
 * without the table (WP checks the table against it in the loop). */
/*@ logic integer role_rank(integer order, integer role) =
        order == 0 ?
            (role == BOOT_ROLE_KERNEL ? 0 : role == BOOT_ROLE_FDT ? 1 :
             role == BOOT_ROLE_INITRD ? 2 : role == BOOT_ROLE_FIRMWARE ? 3 :
             role == BOOT_ROLE_FDTOVERLAY ? 4 : 5) :
            (role == BOOT_ROLE_FIRMWARE ? 0 : role == BOOT_ROLE_KERNEL ? 1 :
             role == BOOT_ROLE_INITRD ? 2 : role == BOOT_ROLE_FDT ? 3 :
             role == BOOT_ROLE_FDTOVERLAY ? 4 : 5);
    logic integer file_end(struct boot_plan *p, integer i) =
        p->f[i].off + plan_len(p, i);
    // The files of the ranks below k lie below at, those of a lower rank
    // before those of a higher one, those of one rank one after the other.
    predicate ranks_end(struct boot_plan *p, integer order, integer k,
                        integer at) =
        \forall integer i; 0 <= i < p->n &&
            role_rank(order, p->f[i].role) < k ==> file_end(p, i) <= at;
    predicate ranks_up(struct boot_plan *p, integer order, integer k) =
        \forall integer i, j; 0 <= i < p->n && 0 <= j < p->n &&
            role_rank(order, p->f[i].role) < role_rank(order, p->f[j].role) &&
            role_rank(order, p->f[j].role) < k ==>
            file_end(p, i) <= p->f[j].off;
    predicate ranks_each(struct boot_plan *p, integer order, integer k) =
        \forall integer i, j; 0 <= i < j < p->n &&
            role_rank(order, p->f[i].role) == role_rank(order, p->f[j].role) &&
            role_rank(order, p->f[j].role) < k ==>
            file_end(p, i) <= p->f[j].off;
    predicate ranks_below(struct boot_plan *p, integer order, integer k,
                          integer at) =
        ranks_end(p, order, k, at) && ranks_up(p, order, k) &&
        ranks_each(p, order, k);
*/

/* f at *at (aligned to align), if it fits below limit; *at moves past it.
 * < 0 after failing. The write property (fs/README.md, "What is proven"):
 * a file placed gets [f->off, f->off + size + room) inside [*at, limit),
 * in ACSL's integers (no wrap), which WP proves. Every f->off of the
 * plan but a RISC-V Image's is set here. */
/*@ requires \valid(f) && \valid(at) && \valid(st) && \valid(st->plan);
    requires \separated(f, at, st, st->path + (0 .. BOOT_PATH_MAX - 1));
    requires \separated(st, st->plan);
    requires \separated(at, st->plan, st->path + (0 .. BOOT_PATH_MAX - 1));
    assigns f->off, *at, st->short_of_room,
            st->path[0 .. BOOT_PATH_MAX - 1], st->plan->fail;
    ensures \result <= 0;
    ensures st->plan == \old(st->plan) && st->path == \old(st->path);
    ensures \result == 0 ==> \old(*at) <= f->off &&
        f->off + f->size + room <= limit &&
        *at == f->off + f->size + room; */
static int put_at(const struct boot_env *env, struct boot_state *st,
                  struct boot_plan_file *f, uint32_t *at, uint32_t align,
                  uint32_t room, uint32_t limit, const char *where)
{
    /* Aligned as the kernel sees the address. */
    uint32_t off = align_up(env->window_addr + *at, align) -
                   env->window_addr;
    /* Past the limit (or wrapped): no room at all, even for 0 bytes; an
     * empty file placed there would have its .sha256 read and the
     * hand-off written over the tail (issue 53). */
    bool past = off > limit || *at > off;
    uint32_t left = past ? 0 : limit - off;

    if (past || f->size > left || room > left - f->size) {
        if (BOOT_MESSAGES && past)
            fmt_snprintf(st->plan->fail.why, sizeof(st->plan->fail.why),
                         "%u bytes: the room %s ends at 0x%08x, before "
                         "its %u-byte aligned start", (unsigned)f->size,
                         where, (unsigned)(env->window_addr + limit),
                         (unsigned)align);
        else if (BOOT_MESSAGES && f->size <= left)
            fmt_snprintf(st->plan->fail.why, sizeof(st->plan->fail.why),
                         "%u bytes and %u of room for what the loader adds "
                         "to it, more than the %u bytes left %s",
                         (unsigned)f->size, (unsigned)room, (unsigned)left,
                         where);
        else if (BOOT_MESSAGES)
            fmt_snprintf(st->plan->fail.why, sizeof(st->plan->fail.why),
                         "%u bytes, larger than the %u bytes left %s",
                         (unsigned)f->size,
                         (unsigned)(left > room ? left - room : 0), where);
        return fail_file(env, st, f, BOOT_ETOOBIG,
                         BOOT_WHY(st->plan->fail.why));
    }
    f->off = off;
    *at = off + f->size + room;
    return 0;
}

/* Every file of one role, in plan order, one after the other. */
/*@ requires \valid(at) && \valid(st) && \valid(st->plan);
    requires \separated(at, st, st->plan, st->path + (0 .. BOOT_PATH_MAX - 1));
    requires \separated(st->plan, st->path + (0 .. BOOT_PATH_MAX - 1));
    requires st->plan->n <= BOOT_PLAN_FILES;
    assigns *at, st->plan->f[0 .. BOOT_PLAN_FILES - 1].off,
            st->short_of_room, st->path[0 .. BOOT_PATH_MAX - 1],
            st->plan->fail;
    ensures \result <= 0;
    ensures \result == 0 ==> \old(*at) <= *at &&
        (*at == \old(*at) || *at <= limit);
    ensures \result == 0 ==> role_in(st->plan, role, \old(*at), *at);
    ensures \result == 0 ==> \forall integer i; 0 <= i < st->plan->n &&
        st->plan->f[i].role == role ==>
        st->plan->f[i].off + st->plan->f[i].size <= limit;
    ensures st->plan == \old(st->plan) && st->path == \old(st->path);
    ensures \forall integer i; 0 <= i < st->plan->n &&
        st->plan->f[i].role != role ==>
        st->plan->f[i].off == \old(st->plan->f[i].off);
    ensures same_files{Pre, Post}(st->plan); */
static int put_role(const struct boot_env *env, struct boot_state *st,
                    uint8_t role, uint32_t *at, uint32_t align,
                    uint32_t room, uint32_t limit)
{
    const char *where = role == BOOT_ROLE_FIRMWARE ? "below the kernel"
                                                   : "in the load window";
    struct boot_plan *p = st->plan;
    int rc = 0;

    /*@ loop invariant 0 <= i <= p->n && rc <= 0;
        loop invariant rc == 0 ==> \at(*at, Pre) <= *at &&
            (*at == \at(*at, Pre) || *at <= limit);
        loop invariant rc == 0 ==> \forall integer j; 0 <= j < i &&
            p->f[j].role == role ==> \at(*at, Pre) <= p->f[j].off &&
            p->f[j].off + p->f[j].size <= *at;
        loop invariant rc == 0 ==> \forall integer j; 0 <= j < i &&
            p->f[j].role == role ==> p->f[j].off + p->f[j].size <= limit;
        loop invariant p == st->plan && st->path == \at(st->path, Pre);
        loop invariant rc == 0 ==> \forall integer j, k; 0 <= j < k < i &&
            p->f[j].role == role && p->f[k].role == role ==>
            p->f[j].off + p->f[j].size <= p->f[k].off;
        loop invariant \forall integer j; 0 <= j < p->n &&
            p->f[j].role != role ==> p->f[j].off == \at(st->plan->f[j].off, Pre);
        loop invariant same_files{Pre, Here}(p);
        loop assigns i, rc, align, *at, p->f[0 .. BOOT_PLAN_FILES - 1].off,
            st->short_of_room, st->path[0 .. BOOT_PATH_MAX - 1], p->fail;
        loop variant p->n - i; */
    for (uint32_t i = 0; !rc && i < p->n; i++)
        if (p->f[i].role == role) {
            rc = put_at(env, st, &p->f[i], at, align, room, limit, where);
            align = 1;            /* INITRD parts: one region */
        }
    return rc;
}

#if BOOT_FDT_OVERLAY
/* A bare kernel's tree with an initrd placed past it: the room the tree
 * keeps for its overlays, an estimate of what they add (each counted
 * again by fdt_overlay_apply, which refuses one that would not fit) and
 * the tree's copy while each applies; limit or more: refused by put_at.
 * Without an initrd there, the tree has all the room up to the
 * overlays. */
/*@ assigns \nothing; */
static uint32_t overlay_room(const struct boot_plan *p, uint32_t limit)
{
    uint32_t room = 0;
    bool initrd = false;

    for (uint32_t i = 0; i < p->n; i++) {
        initrd |= p->f[i].role == BOOT_ROLE_INITRD;
        room = p->f[i].role == BOOT_ROLE_FDT ? p->f[i].size : room;
    }
    if (!initrd || p->first_overlay == p->n)
        return 0;
    for (uint32_t i = p->first_overlay; i < p->n; i++) {
        uint32_t add = p->f[i].size > limit / 4u
                     ? limit : FDT_OVERLAY_ROOM(p->f[i].size);

        room = add > limit - (room < limit ? room : limit)
             ? limit : room + add;
    }
    return room;
}

/* The overlays, each 8-aligned, at the window's end: read from there as
 * they are applied, and the tree before them grows into all the room
 * between (hand_off_fdt's cap), so every overlay that fits applies.
 * The write property: each in [*at before, *at after), one after the
 * other, below limit; nothing else moves (WP). */
/*@ requires \valid(at) && \valid(st) && \valid(st->plan);
    requires \separated(at, st, st->plan, st->path + (0 .. BOOT_PATH_MAX - 1));
    requires \separated(st->plan, st->path + (0 .. BOOT_PATH_MAX - 1));
    requires st->plan->n <= BOOT_PLAN_FILES;
    assigns *at, st->plan->f[0 .. BOOT_PLAN_FILES - 1].off,
            st->short_of_room, st->path[0 .. BOOT_PATH_MAX - 1],
            st->plan->fail;
    ensures \result <= 0;
    ensures \result == 0 ==> \old(*at) <= *at &&
        (*at == \old(*at) || *at <= limit);
    ensures \result == 0 ==> \forall integer i;
        st->plan->first_overlay <= i < st->plan->n ==>
        \old(*at) <= st->plan->f[i].off &&
        st->plan->f[i].off + st->plan->f[i].size <= *at &&
        st->plan->f[i].off + st->plan->f[i].size <= limit;
    ensures \result == 0 ==> \forall integer i, j;
        st->plan->first_overlay <= i < j < st->plan->n ==>
        st->plan->f[i].off + st->plan->f[i].size <= st->plan->f[j].off;
    ensures \forall integer i; 0 <= i < st->plan->n &&
        i < st->plan->first_overlay ==>
        st->plan->f[i].off == \old(st->plan->f[i].off);
    ensures same_files{Pre, Post}(st->plan);
    ensures st->plan == \old(st->plan) && st->path == \old(st->path); */
static int put_overlays(const struct boot_env *env, struct boot_state *st,
                        uint32_t *at, uint32_t limit)
{
    struct boot_plan *p = st->plan;
    uint32_t total = 0;
    bool fits = true;
    int rc = 0;

    /*@ loop invariant p->first_overlay <= i;
        loop invariant i == p->first_overlay || i <= p->n;
        loop invariant i == p->first_overlay ==> total == 0;
        loop assigns i, fits, total; */
    for (uint32_t i = p->first_overlay; fits && i < p->n; i++) {
        uint32_t n = align_up(p->f[i].size, 8);

        fits = n >= p->f[i].size && n <= limit - total;
        total += fits ? n : 0;
    }
#if BOOT_GZIP
    /* A compressed kernel's scratch goes past them (place_scratch). */
    uint32_t top = p->gz_end && limit > BOOT_GZIP_SCRATCH + 8u
                 ? limit - BOOT_GZIP_SCRATCH - 8u : limit;
#else
    uint32_t top = limit;
#endif
    /* Past what is placed already; else put_at says what does not fit. */
    if (total && fits && total <= top && ((top - total) & ~7u) > *at)
        *at = (top - total) & ~7u;
    /*@ assert \at(*at, Pre) <= *at; */
    /*@ loop invariant p->first_overlay <= i &&
            (i <= p->n || i == p->first_overlay);
        loop invariant rc <= 0 && p == st->plan &&
            st->path == \at(st->path, Pre);
        loop invariant rc == 0 ==> \at(*at, Pre) <= *at;
        loop invariant rc == 0 && i > p->first_overlay ==> *at <= limit;
        loop invariant p->first_overlay >= p->n ==> *at == \at(*at, Pre);
        loop invariant rc == 0 ==> \forall integer j;
            p->first_overlay <= j < i && j < p->n ==>
            \at(*at, Pre) <= p->f[j].off &&
            p->f[j].off + p->f[j].size <= *at &&
            p->f[j].off + p->f[j].size <= limit;
        loop invariant rc == 0 ==> \forall integer j, k;
            p->first_overlay <= j < k < i && k < p->n ==>
            p->f[j].off + p->f[j].size <= p->f[k].off;
        loop invariant \forall integer j; 0 <= j < p->n &&
            j < p->first_overlay ==>
            p->f[j].off == \at(st->plan->f[j].off, Pre);
        loop invariant same_files{Pre, Here}(p);
        loop assigns i, rc, *at, p->f[0 .. BOOT_PLAN_FILES - 1].off,
            st->short_of_room, st->path[0 .. BOOT_PATH_MAX - 1], p->fail; */
    for (uint32_t i = p->first_overlay; !rc && i < p->n; i++)
        rc = put_at(env, st, &p->f[i], at, 8, 0, limit,
                    "in the load window");
    return rc;
}
#else
#define overlay_room(p, limit) 0u
#endif

#if BOOT_RISCV_LINUX
/* A RISC-V Linux Image: firmware at fw_addr, the kernel at ram_base +
 * text_offset with image_size kept, then the initrd and the tree. The
 * write property: the plan's (WP). */
/*@ requires \valid_read(env) && \valid(st) && \valid(st->plan);
    requires \separated(st, st->plan, st->path + (0 .. BOOT_PATH_MAX - 1));
    requires PLAN_SHAPED(st->plan);
    requires st->plan->kind == BOOT_KERNEL_LINUX_RISCV;
    assigns st->plan->f[0 .. BOOT_PLAN_FILES - 1].off, st->plan->end,
            st->short_of_room, st->path[0 .. BOOT_PATH_MAX - 1],
            st->plan->fail;
    ensures \result <= 0;
    ensures st->plan == \old(st->plan) && st->path == \old(st->path); */
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
    /*@ assert limit <= \at(limit, Pre); */
    uint32_t koff = (uint32_t)(kaddr - env->window_addr);
    at = fw - env->window_addr;
    int rc = put_role(env, st, BOOT_ROLE_FIRMWARE, &at, 8, 0, koff);
    if (rc)
        return rc;
    /*@ assert ranks_below(p, 1, 1, koff); */
    /*@ assert same_files{Pre, Here}(p); */
    if (p->image_size > limit - koff) {
        fmt_snprintf(p->fail.why, sizeof(p->fail.why), "image_size %u "
                     "bytes at 0x%08x run past the %u bytes left for it, "
                     "the initrd and the tree", (unsigned)p->image_size,
                     (unsigned)kaddr, (unsigned)(limit - koff));
        return fail_file(env, st, &p->f[0], BOOT_EPLACE, p->fail.why);
    }
    /* The kernel's room (boot_image_kind: image_size is at least the
     * file's size, or the inflated one's cap), inside the window: WP. */
    /*@ assert koff + p->image_size <= limit; */
    p->f[0].off = koff;
    kend = koff + p->image_size;
    at = kend;
    /*@ assert at <= limit; */
    /*@ assert ranks_end(p, 1, 2, at); */
    /*@ assert ranks_up(p, 1, 2); */
    /*@ assert ranks_each(p, 1, 2); */
    /*@ assert same_files{Pre, Here}(p); */
    rc = put_role(env, st, BOOT_ROLE_INITRD, &at, INITRD_ALIGN_LINUX, 0,
                  limit);
    /*@ assert rc == 0 ==> at <= limit; */
    /*@ assert rc == 0 ==> ranks_end(p, 1, 3, at); */
    /*@ assert rc == 0 ==> ranks_up(p, 1, 3); */
    /*@ assert rc == 0 ==> ranks_each(p, 1, 3); */
    /*@ assert same_files{Pre, Here}(p); */
    if (!rc)
        rc = put_role(env, st, BOOT_ROLE_FDT, &at, 8, fdt_room, limit);
    /*@ assert rc == 0 ==> at <= limit; */
    /*@ assert rc == 0 ==> ranks_end(p, 1, 4, at); */
    /*@ assert rc == 0 ==> ranks_up(p, 1, 4); */
    /*@ assert rc == 0 ==> ranks_each(p, 1, 4); */
    /*@ assert same_files{Pre, Here}(p); */
#if BOOT_FDT_OVERLAY
    if (!rc)
        rc = put_overlays(env, st, &at, limit);
    /*@ assert rc == 0 ==> at <= limit; */
    /*@ assert rc == 0 ==> ranks_end(p, 1, 5, at); */
    /*@ assert rc == 0 ==> ranks_up(p, 1, 5); */
    /*@ assert rc == 0 ==> ranks_each(p, 1, 5); */
    /*@ assert same_files{Pre, Here}(p); */
#endif
    p->end = at;
    return rc;
}
#endif

#if BOOT_GZIP
/*@ predicate scratch_apart(struct boot_plan *p) =
        p->gz_end != 0 ==> p->gz_scratch + BOOT_GZIP_SCRATCH == p->end &&
        \forall integer i; 0 <= i < p->n ==> file_end(p, i) <= p->gz_scratch;
*/
#else
/*@ predicate scratch_apart(struct boot_plan *p) = \true; */
#endif

#if BOOT_GZIP
/* A compressed kernel's decoder state and chunk: past every file, before
 * the hand-off block. The write property: [gz_scratch, end) past the
 * files' old end, end below limit (WP). */
/*@ requires \valid(st) && \valid(st->plan);
    requires \separated(st, st->plan, st->path + (0 .. BOOT_PATH_MAX - 1));
    requires st->plan->n <= BOOT_PLAN_FILES;
    assigns st->plan->gz_scratch, st->plan->end, st->short_of_room,
            st->path[0 .. BOOT_PATH_MAX - 1], st->plan->fail;
    ensures \result <= 0;
    ensures \result == 0 && \old(plan_placed(st->plan, limit)) ==>
        plan_placed(st->plan, limit) && scratch_apart(st->plan);
    ensures \result == 0 && st->plan->gz_end == 0 ==>
        st->plan->end == \old(st->plan->end);
    ensures \result == 0 && st->plan->gz_end != 0 ==>
        \old(st->plan->end) <= st->plan->gz_scratch &&
        st->plan->gz_scratch + BOOT_GZIP_SCRATCH == st->plan->end &&
        st->plan->end <= limit;
    ensures st->plan == \old(st->plan) && st->path == \old(st->path); */
static int place_scratch(const struct boot_env *env, struct boot_state *st,
                         uint32_t limit)
{
    struct boot_plan *p = st->plan;
    uint32_t at = align_up(p->end, 8);

    if (!p->gz_end)
        return 0;
    if (at < p->end || at > limit || limit - at < BOOT_GZIP_SCRATCH) {
        if (BOOT_MESSAGES)
            fmt_snprintf(p->fail.why, sizeof(p->fail.why), "no %u bytes "
                         "left in the load window past the files to "
                         "inflate it", (unsigned)BOOT_GZIP_SCRATCH);
        return fail_file(env, st, &p->f[0], BOOT_ETOOBIG,
                         BOOT_WHY(p->fail.why));
    }
    p->gz_scratch = at;
    p->end = at + BOOT_GZIP_SCRATCH;
    /*@ assert same_files{Pre, Here}(p); */
    /*@ assert \forall integer i; 0 <= i < BOOT_PLAN_FILES ==>
            p->f[i].off == \at(st->plan->f[i].off, Pre); */
    /*@ assert \forall integer i; 0 <= i < p->n ==>
            plan_len(p, i) == \at(plan_len(st->plan, i), Pre); */
    /*@ assert \at(plan_placed(st->plan, limit), Pre) ==>
            \forall integer i; 0 <= i < p->n ==>
            file_end(p, i) <= \at(st->plan->end, Pre); */
    /*@ assert \at(plan_placed(st->plan, limit), Pre) ==>
            \forall integer i, j; 0 <= i < j < p->n ==>
            \at(plan_apart(st->plan, i, j), Pre); */
    /*@ assert \at(plan_placed(st->plan, limit), Pre) ==>
            \forall integer i, j; 0 <= i < j < p->n ==>
            plan_apart(p, i, j); */
    return 0;
}
#else
#define place_scratch(env, st, limit) 0
#endif

/* The write property (boot_plan.h's plan_placed), proven by WP: every
 * file inside [0, end), none over another, end (past the scratch too)
 * below limit. */
/*@ requires \valid_read(env) && \valid(st) && \valid(st->plan);
    requires \separated(st, st->plan, st->path + (0 .. BOOT_PATH_MAX - 1));
    requires PLAN_SHAPED(st->plan);
    assigns *st->plan, st->short_of_room, st->path[0 .. BOOT_PATH_MAX - 1];
    ensures \result <= 0;
    ensures \result == 0 && st->plan->kind == BOOT_KERNEL_BARE ==>
        plan_placed(st->plan, limit) && scratch_apart(st->plan); */
int boot_plan_place(const struct boot_env *env, struct boot_state *st,
                    uint32_t limit, uint32_t cmd_len)
{
    struct boot_plan *p = st->plan;
    uint32_t at = 0;
    int rc = 0;

#if BOOT_RISCV_LINUX
    if (p->kind == BOOT_KERNEL_LINUX_RISCV) {
        rc = place_linux(env, st, limit,
                         FDT_CHOSEN_ROOM + FDT_TRIAL_ROOM_FOR(env) +
                         align_up(cmd_len + 1u, 8));
        return rc ? rc : place_scratch(env, st, limit);
    }
#else
    (void)cmd_len;
#endif
    /* The tree keeps room for its overlays, which go last. */
    /*@ loop invariant 0 <= k <= BOOT_ROLES && rc <= 0 && p == st->plan;
        loop invariant st->plan == \at(st->plan, Pre) &&
            st->path == \at(st->path, Pre);
        loop invariant rc == 0 ==> at <= limit;
        loop invariant rc == 0 ==> ranks_end(p, 0, k, at);
        loop invariant rc == 0 ==> ranks_up(p, 0, k);
        loop invariant rc == 0 ==> ranks_each(p, 0, k);
        loop invariant same_files{Pre, Here}(p);
        loop invariant p->kind == BOOT_KERNEL_BARE;
        loop invariant 1 <= p->n <= BOOT_PLAN_FILES;
        loop invariant \forall integer i; 0 <= i < p->n ==>
            role_rank(0, p->f[i].role) < BOOT_ROLES;
        loop assigns k, rc, at, p->f[0 .. BOOT_PLAN_FILES - 1].off,
            st->short_of_room, st->path[0 .. BOOT_PATH_MAX - 1], p->fail;
        loop variant BOOT_ROLES - k; */
    for (uint32_t k = 0; !rc && k < BOOT_ROLES; k++) {
        uint8_t role = boot_role_order[BOOT_KERNEL_BARE][k];

        /*@ assert \forall integer r; role_rank(0, r) == k <==> r == role; */

#if BOOT_FDT_OVERLAY
        if (role == BOOT_ROLE_FDTOVERLAY) {
            /*@ assert PLAN_OVERLAYS_LAST(p); */
            /*@ assert \forall integer i; 0 <= i < p->n ==>
                    (role_rank(0, p->f[i].role) == k <==>
                     i >= p->first_overlay); */
            rc = put_overlays(env, st, &at, limit);
            /*@ assert rc == 0 ==> at <= limit; */
            /*@ assert rc == 0 ==> ranks_end(p, 0, k + 1, at); */
            /*@ assert rc == 0 ==> ranks_up(p, 0, k + 1); */
            /*@ assert rc == 0 ==> ranks_each(p, 0, k + 1); */
            continue;
        }
#endif
        rc = put_role(env, st, role, &at, 8, role == BOOT_ROLE_FDT
                      ? overlay_room(p, limit) : 0, limit);
        /*@ assert rc == 0 ==> at <= limit; */
        /*@ assert rc == 0 ==> ranks_end(p, 0, k + 1, at); */
        /*@ assert rc == 0 ==> ranks_up(p, 0, k + 1); */
        /*@ assert rc == 0 ==> ranks_each(p, 0, k + 1); */
    }
    p->end = at;
    /*@ assert rc == 0 ==> plan_placed(p, limit); */
    return rc ? rc : place_scratch(env, st, limit);
}
