/* inline_data: the bytes past i_block's 60 live in the "system.data"
 * extended attribute inside the inode's extra space. */
#include "ext_priv.h"

#if EXT_INLINE

#define XATTR_ENTRY_LEN   XE_NAME  /* the fixed part of an entry */

static int xattr_bad(struct ext_fs *fs, const struct ext_inode *in,
                     const char *why)
{
    return ext_fail(fs, EXT_ECORRUPT, in->ino, 0, why);
}

/* The in-inode entry list as Linux's ext4_xattr_check_entries checks it
 * before any value is used: every entry ends before the inode does, its
 * name holds no NUL, four zero bytes end the list; then each value lies
 * past that end (never over the entries), whole, padding included,
 * inside the inode. start: the first entry; *names_end: the terminator.
 * Each entry moves at by >= 16 bytes, so the walk ends. */
static int xattr_names(struct ext_fs *fs, const struct ext_inode *in,
                       uint32_t start, uint32_t end, uint32_t *names_end)
{
    uint8_t e[XATTR_ENTRY_LEN] = { 0 };
    uint32_t at = start;
    int rc;

    for (;;) {
        if (at + sizeof(uint32_t) > end)
            return xattr_bad(fs, in, "xattr entries run past the inode "
                             "with no end");
        rc = ext_bytes(fs, in->at_blk, in->at_off + at, e,
                       sizeof(uint32_t));
        if (rc)
            return rc;
        if (!le32(e))
            break;
        uint32_t name_len = e[XE_NAME_LEN];
        uint32_t next = at + ((XATTR_ENTRY_LEN + name_len + 3u) & ~3u);

        if (next >= end)
            return xattr_bad(fs, in, "an xattr entry runs past the inode");
        for (uint32_t k = 0; k < name_len; k += sizeof(e)) {
            uint32_t n = name_len - k;

            if (n > sizeof(e))
                n = sizeof(e);

            rc = ext_bytes(fs, in->at_blk,
                           in->at_off + at + XATTR_ENTRY_LEN + k, e, n);
            if (rc)
                return rc;
            for (uint32_t i = 0; i < n; i++)
                if (!e[i])
                    return xattr_bad(fs, in, "an xattr name holds a NUL "
                                     "byte");
        }
        at = next;
    }
    *names_end = at;
    return 0;
}

/*@ assigns *fs, *off, *len;
    ensures \result <= 0; */
int ext_inline_find(struct ext_fs *fs, const struct ext_inode *in,
                    uint32_t *off, uint32_t *len)
{
    uint32_t start = I_GOOD_OLD_SIZE + in->extra_isize;
    uint32_t end = fs->inode_size;
    uint32_t at, names_end = 0;
    uint8_t e[XATTR_ENTRY_LEN + 4] = { 0 };    /* + "data" */
    int rc, found = 0;

    *off = *len = 0;              /* defined on every return */
    /* In-inode xattrs: a 4-byte magic after i_extra_isize, then entries
     * (16-byte header + name, padded to 4) until four zero bytes; value
     * offsets count from the first entry. */
    if (start + XATTR_IBODY_HDR + sizeof(uint32_t) > end)
        goto missing;
    rc = ext_bytes(fs, in->at_blk, in->at_off + start, e, XATTR_IBODY_HDR);
    if (rc)
        return rc;
    if (le32(e + XATTR_IBODY_MAGIC) != XATTR_MAGIC)
        goto missing;
    start += XATTR_IBODY_HDR;
    rc = xattr_names(fs, in, start, end, &names_end);
    if (rc)
        return rc;
    for (at = start; at < names_end;) {
        uint32_t name_len, voff, vsize;

        rc = ext_bytes(fs, in->at_blk, in->at_off + at, e, sizeof(e));
        if (rc)
            return rc;
        name_len = e[XE_NAME_LEN];
        voff = le16(e + XE_VALUE_OFFS);
        vsize = le32(e + XE_VALUE_SIZE);
        if (vsize > XE_VALUE_SIZE_MAX)
            return xattr_bad(fs, in, "an xattr value is larger than "
                             "16 MiB");
        if (vsize && !le32(e + XE_VALUE_INUM) &&
            (voff > end - start || start + voff < names_end + 4u ||
             ((vsize + 3u) & ~3u) > end - start - voff))
            return xattr_bad(fs, in, "an xattr value overlaps the entries "
                             "or runs past the inode");
        if (!found && e[XE_NAME_INDEX] == XATTR_INDEX_SYSTEM &&
            name_len == 4 && !memcmp(e + XE_NAME, "data", 4)) {
            if (le32(e + XE_VALUE_INUM))
                return ext_fail(fs, EXT_ECORRUPT, in->ino, 0,
                                "system.data value lies outside the inode");
            *off = in->at_off + start + voff;
            *len = vsize;
            found = 1;
        }
        at += (XATTR_ENTRY_LEN + name_len + 3) & ~3u;
    }
    if (found)
        return 0;
missing:
    return ext_fail(fs, EXT_ECORRUPT, in->ino, 0,
                    "inline-data inode has no system.data attribute");
}

#endif
