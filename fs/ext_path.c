/* Path lookup from the root inode, symlinks resolved without recursion. */
#include "ext_priv.h"

/*
 * The unresolved rest of the path is kept right-aligned in one buffer.
 * A symlink's target is read in just before that rest (which starts with
 * its '/' separator, or is empty), so following a link never moves the
 * bytes still to walk:
 *
 *   buf: [ ........ | target | /rest/of/the/path ]
 *                   ^r (new) ^r (old)            ^end
 */
/*@ requires \valid(fs) && \valid(f) && \valid(w);
    requires \separated(fs, f, w);
    assigns *fs, *f, *w; */
int ext_lookup_in(struct ext_fs *fs, const char *path, bool follow_last,
                  struct ext_file *f, struct ext_walk *w)
{
#if EXT_PATH_LIMIT
    const uint32_t end = fs->path_max && fs->path_max < EXT_PATH_MAX
                       ? fs->path_max : EXT_PATH_MAX;
#else
    const uint32_t end = EXT_PATH_MAX;
#endif
    char *buf = w->path;
    struct ext_dir *d = &w->dir;          /* the walk's directory: d->f.in */
    struct ext_inode *child = &f->in;
    /* ino zeroed for gcc 12's -flto (maybe-uninitialized; ext_dir_find
     * sets it whenever it returns 1). */
    uint32_t len = 0, r, hops = 0, steps = 0, ino = 0;
    bool dir_only = false;        /* a '/' followed the last name */
    bool at_root = true;          /* the walk (re)starts at the root */
    int rc;

    /* For EVA: the path's every byte apart, so where it ends is known. */
    /*@ loop unroll EXT_PATH_MAX;
        loop invariant len <= end;
        loop assigns len; */
    while (len < end && path[len])
        len++;
    if (len == end)
        return ext_fail(fs, EXT_ENAMETOOLONG, 0, 0, "path is too long");
    r = end - len;
    memmove(buf + r, path, len);          /* path may lie in buf */

    /*@ loop invariant r <= end;
        loop assigns r, hops, steps, ino, dir_only, at_root, rc, *fs, *f,
                     *w; */
    for (;;) {
        uint32_t q, clen;

        if (at_root) {
            rc = ext_inode_read(fs, EXT_ROOT_INO, &d->f.in);
            if (rc)
                return rc;
            at_root = false;
        }
        /*@ loop invariant r <= end;
            loop assigns r; */
        while (r < end && buf[r] == '/')
            r++;
        if (r >= end) {                 /* == end; >= for EVA (make prove) */
            if (dir_only && !ext_is_dir(&d->f.in))
                return ext_fail(fs, EXT_ENOTDIR, d->f.in.ino, 0,
                                "trailing slash after a name that is not a "
                                "directory");
            *child = d->f.in;
            return 0;
        }
        /* Each step walks one component; links add at most 64 each. */
        if (++steps > EXT_PATH_COMPONENTS * (EXT_SYMLINK_HOPS + 1))
            return ext_fail(fs, EXT_EINVAL, d->f.in.ino, 0,
                            "path has too many components");
        /*@ loop invariant r <= q <= end;
            loop assigns q; */
        for (q = r; q < end && buf[q] != '/'; q++)
            ;
        clen = q - r;
        if (clen > EXT_NAME_MAX)
            return ext_fail(fs, EXT_ENAMETOOLONG, d->f.in.ino, 0,
                            "path component longer than 255 bytes");
        if (!ext_is_dir(&d->f.in))
            return ext_fail(fs, EXT_ENOTDIR, d->f.in.ino, 0,
                            "path component is not a directory");
        /* More follows, or a trailing slash: the name must be (or its
         * link lead to) a directory. */
        dir_only = q < end;
        if (clen == 1 && buf[r] == '.') {
            r = q;
            continue;
        }
        rc = ext_dir_find(fs, d, buf + r, clen, &ino);
        if (rc < 0)
            return rc;
        if (rc == 0)
            return ext_fail(fs, EXT_ENOENT, d->f.in.ino, 0,
                            "no such file or directory");
        rc = ext_inode_read(fs, ino, child);
        if (rc)
            return rc;
        r = q;
        if (ext_is_link(child) && (follow_last || dir_only)) {
            if (++hops > EXT_SYMLINK_HOPS)
                return ext_fail(fs, EXT_ELOOP, child->ino, 0,
                                "more than 8 symbolic links (a loop?)");
            /* An empty target is ext_link_read's to refuse. */
            if (child->size > r)
                return ext_fail(fs, EXT_ENAMETOOLONG, child->ino, 0,
                                "symlink target makes the path too long");
            r -= (uint32_t)child->size;
            rc = ext_link_read(fs, f, buf + r);
            if (rc)
                return rc;
            /* An absolute target; r < end (the target is not empty) for
             * EVA (make prove), which cannot relate r to the size. */
            at_root = r < end && buf[r] == '/';
            continue;
        }
        d->f.in = *child;
    }
}

int ext_lookup(struct ext_fs *fs, const char *path, bool follow_last,
               struct ext_inode *out)
{
    struct ext_file f;
    struct ext_walk w;
    int rc = ext_lookup_in(fs, path, follow_last, &f, &w);

    if (!rc)
        *out = f.in;
    return rc;
}

int ext_open_in(struct ext_fs *fs, const char *path, struct ext_file *f,
                struct ext_walk *w)
{
    int rc = ext_lookup_in(fs, path, true, f, w);

    if (rc)
        return rc;
    return ext_file_open(fs, &f->in, f);
}

int ext_open(struct ext_fs *fs, const char *path, struct ext_file *f)
{
    struct ext_walk w;

    return ext_open_in(fs, path, f, &w);
}
