/* The boot flow: partition, mount, config, then each label in turn. */
#include "firmware/boot/boot_priv.h"

#include <string.h>

#include "lib/num.h"

static const char *const config_paths[] = {
    "/boot/extlinux/extlinux.conf",
    "/extlinux/extlinux.conf",
};
/* Each one's directory, where its relative paths start. */
static const char *const config_dirs[] = {
    "/boot/extlinux",
    "/extlinux",
};

/* The mount's report, out of line so its buffers are not on the stack
 * while the mount runs. */
__attribute__((noinline))
static int mount_report(const struct boot_env *env, struct boot_state *st,
                        int rc, uint32_t t0)
{
    const struct console *con = &env->con;
    const struct part_info *p = &st->part;

    if (rc) {
        char why[BOOT_WHY_MAX];

        const char *w = boot_ext_why(env, &st->fs, rc, why, sizeof(why));

        /* A 32-bit LBA as %u: no 64-bit argument where none is needed. */
        if (BLOCKDEV_LBA32)
            con_printf(con, "mount: LBA %u: %s%s\n", (unsigned)p->lba, w,
                       BOOT_NOTHING_TO_BOOT);
        else
            con_printf(con, "mount: LBA %llu: %s%s\n",
                       (unsigned long long)p->lba, w, BOOT_NOTHING_TO_BOOT);
        return BOOT_ENOFS;
    }
    boot_mount_say(env, st, t0);
    return 0;
}

/* The line is written into the sector buffer, which the failed scan
 * leaves free: no line buffer on the mount's path, the deepest stack. */
static int part_report(const struct boot_env *env, struct boot_state *st,
                       int rc)
{
    const struct part_info *p = &st->part;
    char *why = (char *)st->fs.buf;

#if BOOT_MESSAGES
    /* A failed read says where and the driver's reason; the rest their
     * sentence. */
    if (rc != PART_EIO) {
        con_printf(&env->con, "part: %s%s\n",
                   rc == PART_ENOFS ? boot_strerror(BOOT_ENOPART)
                                    : part_strerror(rc), BOOT_NOTHING_TO_BOOT);
        return BOOT_ENOPART;
    }
#endif
    part_describe_dev(p, rc, boot_dev_strerror(env), why,
                      sizeof(st->fs.buf));
    con_printf(&env->con, "part: %s%s\n", why, BOOT_NOTHING_TO_BOOT);
    return BOOT_ENOPART;
}

int boot_mount(const struct boot_env *env, struct boot_state *st)
{
    const struct console *con = &env->con;
    struct part_info *p = &st->part;
    uint32_t t0 = boot_say_now(env);
    int rc = part_find(env->bd, st->fs.buf, 0, p);

    if (rc)
        return part_report(env, st, rc);
    if (p->scheme == PART_NONE)
        BOOT_SAY(con, "part: no partition table, whole card: %llu "
                   "sectors, %u ms\n", (unsigned long long)p->sectors,
                   (unsigned)(boot_now(env) - t0));
    else
        BOOT_SAY(con, "part: %s partition %u at LBA %llu, %llu sectors "
                   "(%llu MiB), %u ms\n", part_scheme_name(p->scheme),
                   (unsigned)p->index, (unsigned long long)p->lba,
                   (unsigned long long)p->sectors,
                   (unsigned long long)(p->sectors >> 11),
                   (unsigned)(boot_now(env) - t0));

    t0 = boot_say_now(env);
#if BOOT_CONF_PARTITION
    st->cfg_part = *p;
#endif
    return mount_report(env, st, boot_mount_fs(env, st), t0);
}

__attribute__((noinline))
static void config_skipped(const struct boot_env *env,
                           const struct boot_state *st, const char *path,
                           int rc)
{
    char why[BOOT_WHY_MAX];

    con_printf(&env->con, "config: %s: %s; skipped\n", path,
               boot_open_why(env, st, rc, why, sizeof(why)));
}

#if BOOT_CONF_INCLUDE
/* What INCLUDE reads with: the boot flow's files, from the config's
 * directory. */
struct include_ctx {
    const struct boot_env *env;
    struct boot_state *st;
    const char *dir;
};

static int32_t include_read(void *ctx, const char *path, char *dst,
                            uint32_t cap, uint64_t *size, uint32_t *id,
                            char *why, uint32_t why_len)
{
    struct include_ctx *ic = ctx;
    const struct boot_env *env = ic->env;
    struct boot_state *st = ic->st;
    uint32_t n = 0;

    while (path[n])
        n++;
    if (boot_path_join(st->path, ic->dir, path, n) < 0) {
        fmt_snprintf(why, why_len, "path too long");
        return -1;
    }
    int32_t got = boot_file_read(st, st->path, dst, cap);
    if (got < 0) {
        const char *w = boot_open_why(env, st, got, why, why_len);

        if (w != why)                 /* a sentence of its own */
            fmt_snprintf(why, why_len, "%s", w);
        return -1;
    }
    *size = st->file.in.size;
    *id = st->file.in.ino;
    return got;
}
#endif

/* Parses config_paths[i], n bytes of it read into st->cfg_text. */
__attribute__((noinline))
static void config_read(const struct boot_env *env, struct boot_state *st,
                        uint32_t i, uint32_t n)
{
#if BOOT_CONF_VARS
    /* The board's variables for ${name} in APPEND: its fdtfile. */
    const char *const vars[] = { "fdtfile", env->fdtfile, NULL };
#endif
#if BOOT_CONF_INCLUDE
    struct include_ctx ic = { env, st, config_dirs[i] };
#endif
    const struct config_src src = {
        .text = st->cfg_text, .len = n, .cap = BOOT_CONFIG_MAX + 1u,
        .cut = st->file.in.size > (uint64_t)n, .size = st->file.in.size,
        .path = config_paths[i], .id = st->file.in.ino, .con = &env->con,
#if BOOT_CONF_INCLUDE
        .include = include_read, .ctx = &ic,
#endif
#if BOOT_CONF_VARS
        .vars = env->fdtfile ? vars : NULL,
#endif
    };
    config_parse_src(&src, st->cfg);
    st->cfg->dir = config_dirs[i];
}

/* The config's line: what was read, how many labels, the default. */
static void config_report(const struct boot_env *env,
                          const struct boot_config *c, const char *path,
                          uint32_t n, uint32_t ms)
{
    const struct console *con = &env->con;
    int def = BOOT_REPORT ? config_default(c) : -1;   /* BOOT_SAY's only */

    BOOT_SAY(con, "config: %s, %u bytes", path, (unsigned)n);
    if (c->includes)
        BOOT_SAY(con, " + %u included", (unsigned)c->includes);
    BOOT_SAY(con, ", %u label%s, default %s%s%s, %u ms\n",
               (unsigned)c->count, c->count == 1 ? "" : "s",
               def >= 0 ? "'" : "", def >= 0 ? c->labels[def].name : "none",
               def >= 0 ? "'" : "", (unsigned)ms);
    if (c->labels_dropped)
        con_printf(con, "config: warning: %u labels past the first %u "
                   "ignored\n", (unsigned)c->labels_dropped,
                   (unsigned)CONFIG_LABELS_MAX);
}

/* Reads config_paths[i] into st->cfg: 1 when it was there, 0 when not
 * (or unreadable, said). Out of line: one copy for both paths. */
__attribute__((noinline))
static int try_config(const struct boot_env *env, struct boot_state *st,
                      uint32_t i)
{
    const char *path = config_paths[i];
    uint32_t t0 = boot_say_now(env);
    int32_t n = boot_file_read(st, path, st->cfg_text, BOOT_CONFIG_MAX);

    if (n == EXT_ENOENT || n == EXT_ENOTDIR)
        return 0;
    if (n < 0) {
        config_skipped(env, st, path, n);
        return 0;
    }
    config_read(env, st, i, (uint32_t)n);
    config_report(env, st->cfg, path, (uint32_t)n, boot_say_now(env) - t0);
    return 1;
}

/* 1: a config was read into st->cfg; 0: none. */
static int read_config(const struct boot_env *env, struct boot_state *st)
{
    for (uint32_t i = 0; i < sizeof(config_paths) / sizeof(config_paths[0]);
         i++)
        if (try_config(env, st, i))
            return 1;
    return 0;
}

/* Nothing booted: the prompt when there is console input, else stop. */
static int no_boot(const struct boot_env *env, struct boot_state *st,
                   const struct boot_labels *bl)
{
#if BOOT_INTERACTIVE
    if (env->getc)
        return prompt_run(env, st, bl);
#else
    (void)env;
    (void)st;
    (void)bl;
#endif
    return BOOT_ENOLABEL;
}

#if BOOT_INTERACTIVE
static const char *then_what(const struct boot_env *env)
{
    return env->getc ? "opening the prompt" : "stop";
}
#endif

BOOT_TINY_NOINLINE
#if BOOT_SIGNED
/* The keys a signed build boots with, by index and first bytes; then the
 * board's rollback floor (BOOT_ROLLBACK). */
static void say_keys(const struct boot_env *env)
{
    uint32_t n = env->pubkeys ? env->pubkeys : 1u;

    con_printf(&env->con, "boot: signed labels only, Ed25519 key%s", n > 1
               ? "s" : "");
    for (uint32_t k = 0; k < n && k < BOOT_KEYS_MAX; k++) {
        const uint8_t *key = env->pubkey + 32u * k;

        if (n > 1)
            con_printf(&env->con, "%s%u", k ? ", " : " ", (unsigned)k);
        con_printf(&env->con, " %02x%02x%02x%02x...", key[0], key[1],
                   key[2], key[3]);
    }
    con_puts(&env->con, "\n");
#if BOOT_ROLLBACK
    boot_rollback_say(env);
#endif
}
#endif

int boot_open(const struct boot_env *env, struct boot_state *st)
{
    const struct console *con = &env->con;
    int rc;

#if BOOT_INTERACTIVE
    st->in.polling = 0;           /* no reads until the config asks */
#endif
    if (env->window_size <= BOOT_CONFIG_ROOM + 8u) {
        if (BOOT_MESSAGES)
            con_printf(con, "boot: a %u-byte load window leaves nothing "
                       "past the %u bytes the loader keeps at its end; "
                       "stop\n", (unsigned)env->window_size,
                       (unsigned)BOOT_CONFIG_ROOM);
        else
            con_printf(con, "boot: a %u-byte load window: boot error -%u; "
                       "stop\n", (unsigned)env->window_size,
                       (unsigned)-BOOT_ETOOBIG);
        return BOOT_ETOOBIG;
    }
    /* The tail starts 8-aligned: the walk and the replay table hold
     * uint64s. */
    _Static_assert((BOOT_CONFIG_TEXT + BOOT_PATH_MAX) % 8 == 0,
                   "the walk is 8-aligned in the tail");
    uintptr_t end = (uintptr_t)env->window + env->window_size;
    uintptr_t tail = (end - BOOT_CONFIG_ROOM) & ~(uintptr_t)7;

    st->window_size = (uint32_t)(tail - (uintptr_t)env->window);
    st->cfg_text = (char *)env->window + st->window_size;
    st->path = st->cfg_text + BOOT_CONFIG_TEXT;
    st->walk = (struct ext_walk *)(void *)(st->path + BOOT_PATH_MAX);
#if EXT_JOURNAL
    st->jtab = (struct ext_jblock *)(void *)(st->path + BOOT_PATH_MAX +
                                             BOOT_LOOKUP_ROOM);
#endif
#if EXT_FAST_COMMIT
    st->fctab = (struct ext_fc_rec *)(void *)(st->path + BOOT_PATH_MAX +
                                              BOOT_LOOKUP_ROOM +
                                              BOOT_JOURNAL_ROOM);
#endif
    st->cfg = (struct boot_config *)(void *)(st->path + BOOT_PATH_MAX +
                                             BOOT_LOOKUP_ROOM +
                                             BOOT_JOURNAL_ROOM +
                                             BOOT_FC_ROOM);
    st->plan = (struct boot_plan *)(void *)((char *)st->cfg +
                                            BOOT_LABELS_ROOM);
#if BOOT_SIGNED
    if (env->pubkey)
        say_keys(env);
#endif
    rc = boot_mount(env, st);
    if (rc)
        return rc;
    if (read_config(env, st))
        return 1;
    BOOT_SAY(con, "config: no %s or %s; trying the board default %s\n",
               config_paths[0], config_paths[1], env->default_kernel);
    *st->cfg = (struct boot_config){
        .dir = "/",
        .labels[0] = { .name = "board-default",
                       .kernel = env->default_kernel },
        .count = 1,
    };
    return 0;
}

#if BOOT_INTERACTIVE
/* The menu and the prompt, when the config asks for them: 1 with *rc
 * when they ended the flow (a label handed off, the prompt returned),
 * 0 when the labels are to be tried in order (the countdown ran out,
 * Enter, TOTALTIMEOUT, or a picked label failed). */
static int boot_menu(const struct boot_env *env, struct boot_state *st,
                     const struct boot_labels *bl, int *rc)
{
    if (!env->getc || !(st->cfg->timeout_ds || st->cfg->prompt))
        return 0;
    st->in.polling = 1;
    int pick = menu_run(env, st, bl);
    if (pick >= 0) {
        st->boot_as = BOOT_AS_PICKED;
        *rc = boot_label(env, st, &bl->v[pick]);
        if (*rc >= 0)
            return 1;
        boot_fail_print(env, &st->plan->fail, &bl->v[pick], NULL, true);
    }
    if (pick != MENU_DEFAULT) {
        *rc = prompt_run(env, st, bl);
        if (!st->in.timed_out)
            return 1;
        /* TOTALTIMEOUT ended the wait: the labels, as at zero. */
        con_printf(&env->con, "menu: TOTALTIMEOUT (%u.%u s) reached; "
                   "booting '%s'\n",
                   (unsigned)(st->cfg->totaltimeout_ds / 10u),
                   (unsigned)(st->cfg->totaltimeout_ds % 10u),
                   bl->v[bl->def].name);
    }
    /* Past the menu the deadline is spent: a prompt opened when no
     * label boots waits for the person again. */
    st->in.has_deadline = 0;
    st->in.timed_out = 0;
    return 0;
}
#endif

int boot_run(const struct boot_env *env, struct boot_state *st)
{
    const struct console *con = &env->con;
    uint8_t order[CONFIG_LABELS_MAX];
    struct boot_labels bl;
    uint32_t n;
    int def, fb;
    int rc = boot_open(env, st);

    if (rc < 0)
        return rc;
    /* The board default (rc 0) is a config of one label and no DEFAULT:
     * its order is that label, and neither line below is said. */
    n = config_boot_order(st->cfg, order);
    bl = (struct boot_labels){ st->cfg->labels, n, n ? order[0] : 0 };
    if (n == 0) {
#if BOOT_INTERACTIVE
        con_printf(con, "config: no LABEL; nothing to boot, %s\n",
                   then_what(env));
#else
        con_printf(con, "config: no LABEL%s\n", BOOT_NOTHING_TO_BOOT);
#endif
        return no_boot(env, st, &bl);
    }
    def = config_default(st->cfg);
    fb = config_fallback(st->cfg);
    if (def < 0 && st->cfg->default_name)
        con_printf(con, BOOT_MESSAGES
                   ? "config: DEFAULT '%s' names no label; trying labels "
                     "in file order\n"
                   : "config: DEFAULT '%s' names no label\n",
                   st->cfg->default_name);
    if (BOOT_CONF_FALLBACK && fb < 0 && st->cfg->fallback_name)
        con_printf(con, "config: FALLBACK '%s' names no label\n",
                   st->cfg->fallback_name);
#if BOOT_TRIAL
    /* Before the menu and every label: a trial is unattended. */
    int trial = boot_trial_start(env, st);
    if (trial >= 0) {
        st->boot_as = BOOT_AS_TRIAL;
        rc = boot_label(env, st, &bl.v[trial]);
        if (rc >= 0)
            return rc;
        boot_fail_print(env, &st->plan->fail, &bl.v[trial],
                        bl.v[order[0]].name, false);
        boot_trial_failed(env, st);
    }
#endif
#if BOOT_INTERACTIVE
    if (boot_menu(env, st, &bl, &rc))
        return rc;
#endif
    /* The retry policy: each label in order, until one hands off. */
    for (uint32_t i = 0; i < n; i++) {
        int l = order[i];

        if (BOOT_AS_KEPT)
            st->boot_as = l == def ? BOOT_AS_DEFAULT
                        : l == fb ? BOOT_AS_FALLBACK : BOOT_AS_OTHER;
        rc = boot_label(env, st, &bl.v[l]);
        if (rc >= 0)
            return rc;
        boot_fail_print(env, &st->plan->fail, &bl.v[order[i]],
                        i + 1 < n ? bl.v[order[i + 1]].name : NULL, false);
    }
#if BOOT_INTERACTIVE
    con_printf(con, "boot: no bootable label (%u tried); %s\n",
               (unsigned)n, then_what(env));
#else
    con_printf(con, "boot: no bootable label (%u tried); stop\n",
               (unsigned)n);
#endif
    return no_boot(env, st, &bl);
}
