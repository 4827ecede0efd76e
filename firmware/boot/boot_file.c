/* The one way the boot flow opens a file (the config, a label's files,
 * their .sha256, the prompt's cat and sha256), and the paths it opens:
 * a relative path starts from the config file's directory. */
#include "firmware/boot/boot_priv.h"

int boot_open_regular(struct boot_state *st, const char *path)
{
    int rc = ext_open_in(&st->fs, path, &st->file, st->walk);

    if (rc)
        return rc;
    if (ext_is_dir(&st->file.in))
        return EXT_EISDIR;
    if ((st->file.in.mode & EXT_S_IFMT) != EXT_S_IFREG)
        return BOOT_NOT_REGULAR;
    return 0;
}

__attribute__((noinline))
int32_t boot_file_read(struct boot_state *st, const char *path, void *dst,
                       uint32_t len)
{
    int rc = boot_open_regular(st, path);

    if (rc)
        return rc;
    return ext_read(&st->fs, &st->file, 0, dst, len);
}

const char *boot_open_why(const struct boot_env *env,
                          const struct boot_state *st, int rc, char *buf,
                          uint32_t len)
{
    if (rc == BOOT_NOT_REGULAR)
        return "not a regular file";
    return boot_ext_why(env, &st->fs, rc, buf, len);
}

/*
 * dir and path go through one loop as a single sequence of bytes, dir's
 * first (unless path is absolute), with a '/' between and one at the end:
 *
 *   "/boot/extlinux" + "../vmlinuz"  ->  "/boot/vmlinuz"
 *
 * Each component is copied after a '/' as it is read; at its end "" and
 * "." are taken out again, and ".." with the one before it (never past
 * the root). out may be dir (absolute): nothing is written ahead of what
 * has been read.
 */
int32_t boot_path_join(char *out, const char *dir, const char *path,
                       uint32_t len)
{
    uint32_t dlen = 0, at = 0, cs = 0;    /* cs: the component's start */

    if (len == 0 || path[0] != '/')
        while (dir && dir[dlen])
            dlen++;
    /* Bounded by dlen + len + 2 bytes, each looked at once or, the first
     * of a component, twice. */
    for (uint32_t i = 0; i <= dlen + len + 1u; i++) {
        char c = i < dlen ? dir[i]
               : i == dlen || i > dlen + len ? '/' : path[i - dlen - 1];

        if (c != '/') {
            if (at + 1u >= BOOT_PATH_MAX)
                return -1;
            out[at++] = cs ? c : '/';
            if (!cs) {                    /* c again, after its '/' */
                cs = at;
                i--;
            }
            continue;
        }
        if (cs && out[cs] == '.' && (at - cs == 1u ||
                                     (at - cs == 2u && out[cs + 1] == '.'))) {
            uint32_t dots = at - cs;

            at = cs - 1u;                 /* back to its '/' */
            if (dots == 2u)
                while (at > 0 && out[--at] != '/')
                    ;
        }
        cs = 0;
    }
    if (at == 0)
        out[at++] = '/';
    out[at] = '\0';
    return (int32_t)at;
}
