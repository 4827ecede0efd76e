/* The one way the boot flow opens a file (the config, a label's files,
 * their .sha256, the prompt's cat and sha256), and the paths it opens:
 * a relative path starts from the config file's directory. */
#include "firmware/boot_priv.h"

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

/* Appends src[0..n) to out at *at; false when it does not fit. */
static bool put(char *out, uint32_t *at, const char *src, uint32_t n)
{
    if (*at + n >= BOOT_PATH_MAX)
        return false;
    for (uint32_t i = 0; i < n; i++)
        out[(*at)++] = src[i];
    return true;
}

/*
 * dir and path go through one loop as a single sequence of bytes, dir's
 * first (unless path is absolute), with a '/' between:
 *
 *   "/boot/extlinux" + "../vmlinuz"  ->  "/boot/vmlinuz"
 *
 * Each component is added after a '/'; ".." cuts out back to the '/'
 * before the last one (never past the root); "" and "." add nothing.
 * out may be dir: nothing is written ahead of what has been read.
 */
int32_t boot_path_join(char *out, const char *dir, const char *path,
                       uint32_t len)
{
    uint32_t dlen = 0, at = 0;

    if (len == 0 || path[0] != '/')
        while (dir && dir[dlen])
            dlen++;
    /* Bounded by dlen + 1 + len bytes, each looked at once. */
    for (uint32_t i = 0; i <= dlen + len;) {
        uint32_t start = i;

        while (i <= dlen + len &&
               (i < dlen ? dir[i] : i == dlen ? '/' : path[i - dlen - 1]) !=
                   '/')
            i++;
        uint32_t n = i - start;
        const char *comp = start < dlen ? dir + start
                                        : path + start - dlen - 1;
        i++;                              /* past the '/' */
        if (n == 0 || (n == 1 && comp[0] == '.'))
            continue;
        if (n == 2 && comp[0] == '.' && comp[1] == '.') {
            while (at > 0 && out[--at] != '/')
                ;
            continue;
        }
        if (!put(out, &at, "/", 1) || !put(out, &at, comp, n))
            return -1;
    }
    if (at == 0)
        out[at++] = '/';
    out[at] = '\0';
    return (int32_t)at;
}
