/* The boot flow's error texts: its enum's sentences, an ext error as one
 * phrase, and the line that says why a label failed and what comes next.
 * Everything in firmware/ that reports calls down into this file; it calls
 * nothing of the flow. */
#include "firmware/boot/boot_priv.h"

#include "lib/num.h"

const char *boot_strerror(int err)
{
    switch (err) {
#define BOOT_ERR_CASE(name, value, text) case name: return text;
    BOOT_ERRORS(BOOT_ERR_CASE)
#undef BOOT_ERR_CASE
    default: return "unknown boot error";
    }
}

const char *boot_code_text(char buf[BOOT_CODE_MAX], const char *table,
                           int err)
{
    num_put_code(buf, BOOT_CODE_MAX, 0, table, err);
    return buf;
}

const char *boot_ext_why(const struct boot_env *env, const struct ext_fs *fs,
                         int rc, char *buf, uint32_t len)
{
    buf[0] = '\0';
    if (fs->err == rc)
        ext_error_describe_dev(fs, boot_dev_strerror(env), buf, len);
#if BOOT_MESSAGES
    return buf[0] ? buf : ext_strerror(rc);
#else
    if (!buf[0])
        num_put_code(buf, len, 0, "ext", rc);
    return buf;
#endif
}

void boot_fail_print(const struct boot_env *env, const struct boot_fail *f,
                     const struct config_label *label, const char *next,
                     bool prompt)
{
    /* A label is named quoted and cut to the hand-off block's field
     * (its length a literal: Frama-C 25 cannot compare array types
     * whose length is a sizeof). */
    char q[EXTLOAD_HANDOFF_LABEL + 2u];

    if (!f->what)
        fmt_snprintf(q, sizeof(q), "'%.*s'", (int)(sizeof(q) - 3),
                     label->name);
    con_printf(&env->con, "%s: %s: %s; %s%s%s\n", f->step,
               f->what ? f->what : q, f->why,
               prompt ? "back to the prompt" : next ? "trying label '"
                                                    : "no labels left",
               !prompt && next ? next : "", !prompt && next ? "'" : "");
}

/* Kept here, below every file of the flow that fails a label (the
 * kernel formats of boot_image.c among them). */
int boot_plan_fail(struct boot_plan *p, int code, const char *step,
                   const char *what, const char *why)
{
    p->fail.code = code;
    p->fail.step = step;
    p->fail.what = what;
    if (!BOOT_MESSAGES && !why)
        num_put_code(p->fail.why, sizeof(p->fail.why), 0, "boot", code);
    else if (why != p->fail.why)
        fmt_snprintf(p->fail.why, sizeof(p->fail.why), "%s", why);
    return code;
}
