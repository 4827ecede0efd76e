/* What a boot loader calls of fs/: linked with --gc-sections from this
 * entry, the image keeps exactly the reader a loader carries. */
#include "fs/ext.h"
#include "fs/part.h"

int fsconf_entry(const struct blockdev *bd, struct ext_fs *fs,
                 struct ext_file *f, void *dst, char *msg);

int fsconf_entry(const struct blockdev *bd, struct ext_fs *fs,
                 struct ext_file *f, void *dst, char *msg)
{
    struct part_info p;
    int rc = part_find(bd, fs->buf, 0, &p);

    if (rc) {
        msg[0] = *part_strerror(rc);
        return rc;
    }
    rc = ext_mount(fs, bd, p.lba, p.sectors);
    if (!rc)
        rc = ext_open(fs, "/boot/extlinux/extlinux.conf", f);
    if (!rc)
        rc = ext_load(fs, f, dst, 1u << 16, 0);
    if (rc)
        ext_error_describe(fs, msg, 96);
    return rc;
}
