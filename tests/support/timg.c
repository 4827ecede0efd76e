/* Test images and the debugfs oracle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tests/support/timg.h"

const char *timg_path(const char *name)
{
    static char path[4096];
    const char *dir = getenv("EXTLOAD_IMAGES");

    snprintf(path, sizeof(path), "%s/%s", dir ? dir : "build/images", name);
    return path;
}

static long debugfs_size(const char *image, const char *path)
{
    char cmd[8192], line[512];
    long size = -1;
    FILE *p;

    snprintf(cmd, sizeof(cmd), "debugfs -R 'stat \"%s\"' '%s' 2>/dev/null",
             path, image);
    p = popen(cmd, "r");
    if (!p)
        return -1;
    while (fgets(line, sizeof(line), p)) {
        char *s = strstr(line, "Size: ");

        if (s && size < 0 && strstr(line, "User:"))
            size = strtol(s + 6, NULL, 10);
    }
    pclose(p);
    return size;
}

uint8_t *timg_oracle(const char *image, const char *path, size_t *len)
{
    char out[] = "/tmp/extload-oracle-XXXXXX";
    char cmd[8192];
    long size = debugfs_size(image, path);
    uint8_t *buf;
    FILE *f;
    int fd = mkstemp(out);

    if (fd < 0)
        return NULL;
    close(fd);
    if (size < 0) {
        remove(out);
        return NULL;
    }
    snprintf(cmd, sizeof(cmd),
             "debugfs -R 'dump \"%s\" %s' '%s' >/dev/null 2>&1", path, out,
             image);
    buf = malloc((size_t)size + 1);
    f = buf && system(cmd) == 0 ? fopen(out, "rb") : NULL;
    if (!f || fread(buf, 1, (size_t)size, f) != (size_t)size) {
        free(buf);
        buf = NULL;
    }
    if (f)
        fclose(f);
    remove(out);
    *len = (size_t)size;
    return buf;
}

const char *timg_copy(const char *name, const char *as)
{
    static char dst[4096];
    char cmd[9000];
    char src[4096];

    snprintf(src, sizeof(src), "%s", timg_path(name));
    snprintf(dst, sizeof(dst), "%s", timg_path(as));
    snprintf(cmd, sizeof(cmd), "cp --sparse=always '%s' '%s'", src, dst);
    return system(cmd) == 0 ? dst : NULL;
}
