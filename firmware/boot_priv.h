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

/* Open a path (symlinks followed) as a regular file and read up to len
 * bytes from its start: the byte count, or a negative EXT_E... code
 * (EXT_EISDIR for anything but a regular file). */
int32_t boot_file_read(struct boot_state *st, const char *path, void *dst,
                       uint32_t len);

/* Try one label; `next` names the label tried after it (NULL: none).
 * Returns what the hand-off returned, or a BOOT_E... after saying why. */
int boot_label(const struct boot_env *env, struct boot_state *st,
               const struct config_label *label, const char *next);

#endif
