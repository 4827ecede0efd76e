/* The boot menu: the title, the labels numbered with the default marked,
 * and a countdown on one line, rewritten in place:
 *
 *   extload demo card
 *    *1 demo      Test kernel with a device tree
 *     2 rescue    Rescue kernel (no SHA-256)
 *   autoboot 'demo' in 2.7 s: press a key to stop
 *
 * A digit boots that label, Enter the default, any other key opens the
 * prompt (the key itself is used up: it does not start the prompt's
 * line); at zero the default boots. TIMEOUT 0 with PROMPT 1 waits for a
 * key without end (a person is expected at the console). On a console
 * that is a log (env->con_log: the host tool's stdout to a file or a
 * pipe) the countdown is one line, said once, not rewritten with CR.
 */
#include "firmware/boot/boot_priv.h"

#if BOOT_INTERACTIVE

#define MS_PER_TENTH 100u

void menu_list(const struct boot_env *env, const struct boot_labels *bl)
{
    for (uint32_t i = 0; i < bl->n; i++) {
        const struct config_label *l = &bl->v[i];

        con_printf(&env->con, " %c%u %-10s %s\n", i == bl->def ? '*' : ' ',
                   (unsigned)(i + 1), l->name,
                   l->menu_label ? l->menu_label
                                 : l->kernel ? l->kernel : "(no KERNEL)");
    }
}

/* The label whose MENU LABEL marks c with '^' (the first one: syslinux
 * ignores a hotkey used again), or -1. */
static int menu_hotkey(const struct boot_labels *bl, int c)
{
    if (c >= 'A' && c <= 'Z')
        c += 'a' - 'A';
    for (uint32_t i = 0; c > ' ' && i < bl->n; i++)
        if (bl->v[i].hotkey == c)
            return (int)i;
    return -1;
}

/* A key during the countdown: what the menu returns for it. */
static int menu_key(const struct boot_labels *bl, int c)
{
    if (c == '\r' || c == '\n')
        return MENU_DEFAULT;
    if (c >= '1' && c <= '9' && (uint32_t)(c - '1') < bl->n)
        return c - '1';
    int hot = menu_hotkey(bl, c);
    if (hot >= 0)
        return hot;
    return MENU_PROMPT;
}

/* MENU AUTOBOOT's text (syslinux doc/menu.txt): '#' is the seconds
 * left, {one,many} or {one,two,many} picks a word by that number. */
static void autoboot_text(const struct console *con, const char *s,
                          uint32_t secs)
{
    for (; *s; s++) {
        if (*s == '#') {
            con_printf(con, "%u", (unsigned)secs);
        } else if (*s == '{') {
            const char *w[3] = { s + 1, NULL, NULL };
            uint32_t n = 1, k;
            const char *e = s + 1;

            for (; *e && *e != '}'; e++)
                if (*e == ',' && n < 3)
                    w[n++] = e + 1;
            if (!*e || n < 2) {
                con_puts(con, "{");
                continue;
            }
            k = secs == 1 ? 0 : secs == 2 && n == 3 ? 1 : n - 1;
            const char *end = k + 1 < n ? w[k + 1] - 1 : e;
            con_printf(con, "%.*s", (int)(end - w[k]), w[k]);
            s = e;
        } else {
            con_printf(con, "%c", *s);
        }
    }
}

int menu_run(const struct boot_env *env, struct boot_state *st,
             const struct boot_labels *bl)
{
    const struct console *con = &env->con;
    const struct boot_config *cfg = st->cfg;
    uint32_t limit_ms = cfg->timeout_ds * MS_PER_TENTH;
    uint32_t total_ms = cfg->totaltimeout_ds * MS_PER_TENTH;
    uint32_t t0 = boot_now(env), shown = ~0u;
    int c;

    /* TOTALTIMEOUT bounds the wait even when TIMEOUT does not (syslinux:
     * a key stops TIMEOUT, never TOTALTIMEOUT; input.c keeps it at the
     * prompt). */
    if (total_ms && (!limit_ms || total_ms < limit_ms))
        limit_ms = total_ms;
    st->in.deadline = total_ms ? t0 + total_ms : 0;
    st->in.has_deadline = total_ms != 0;
    if (!cfg->hidden) {
        con_printf(con, "\n%s\n", cfg->title ? cfg->title
                                             : "extload boot menu");
        menu_list(env, bl);
    }
    if (!limit_ms)
        con_printf(con, "press 1-%u to boot that label, Enter for '%s', "
                   "another key for the prompt\n", (unsigned)bl->n,
                   bl->v[bl->def].name);
    /* Bounded by the clock when there is a timeout; without one it waits
     * for the person, or for the end of the input on the host. */
    for (;;) {
        uint32_t ms = boot_now(env) - t0;
        if (limit_ms && ms >= limit_ms) {
            if (env->con_log)
                con_printf(con, "autoboot '%s' now\n", bl->v[bl->def].name);
            else
                con_printf(con, "\rautoboot '%s' now%-32s\n",
                           bl->v[bl->def].name, "");
            return MENU_DEFAULT;
        }
        uint32_t left = (limit_ms - ms + MS_PER_TENTH - 1u) / MS_PER_TENTH;
        int show = !env->con_log || shown == ~0u;
        if (limit_ms && cfg->autoboot && (left + 9u) / 10u != shown && show) {
            shown = (left + 9u) / 10u;
            con_puts(con, env->con_log ? "" : "\r");
            autoboot_text(con, cfg->autoboot, shown);
            con_puts(con, env->con_log ? "\n" : " ");
        } else if (limit_ms && !cfg->autoboot && left != shown && show) {
            shown = left;
            con_puts(con, env->con_log ? "" : "\r");
            con_printf(con, "autoboot '%s' in %u.%u s: press a key to "
                       "stop", bl->v[bl->def].name, (unsigned)(left / 10u),
                       (unsigned)(left % 10u));
            con_puts(con, env->con_log ? "\n" : " ");
        }
        c = input_getc(env, &st->in);
        if (c >= 0)
            break;
        if (c == BOOT_IN_EOF && !limit_ms)
            return MENU_DEFAULT;
        input_idle(env);
    }
    if (limit_ms && !env->con_log)
        con_puts(con, "\n");
    st->in.after_cr = c == '\r';     /* the LF of a CRLF Enter is no line */
    int pick = menu_key(bl, c);
    if (pick == MENU_PROMPT) {
        con_printf(con, "countdown stopped\n");
        if (cfg->hidden)              /* MENU HIDDEN: shown on a key */
            menu_list(env, bl);
    }
    return pick;
}

#endif
