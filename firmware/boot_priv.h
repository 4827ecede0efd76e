/* Shared by firmware/boot*.c. */
#ifndef EXTLOAD_BOOT_PRIV_H
#define EXTLOAD_BOOT_PRIV_H

#include "firmware/boot.h"

static inline uint32_t boot_now(const struct boot_env *env)
{
    return env->ms_now(env->clk_ctx);
}

/* The last ext error as one phrase, into buf. */
const char *boot_ext_why(const struct ext_fs *fs, int rc, char *buf,
                         uint32_t len);

/* Try one label; `next` names the label tried after it (NULL: none).
 * Returns what the hand-off returned, or a BOOT_E... after saying why. */
int boot_label(const struct boot_env *env, struct boot_state *st,
               const struct config_label *label, const char *next);

#endif
