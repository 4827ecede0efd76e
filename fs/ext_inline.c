/* inline_data: the bytes past i_block's 60 live in the "system.data"
 * extended attribute inside the inode's extra space. */
#include "ext_priv.h"

#if EXT_INLINE

#define XATTR_ENTRY_LEN   XE_NAME  /* the fixed part of an entry */

int ext_inline_find(struct ext_fs *fs, const struct ext_inode *in,
                    uint32_t *off, uint32_t *len)
{
    uint32_t start = I_GOOD_OLD_SIZE + in->extra_isize;
    uint32_t end = fs->inode_size;
    uint32_t at;
    uint8_t e[XATTR_ENTRY_LEN + 4];    /* + "data" */
    int rc;

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
    /* Each entry moves at by >= 16; four zero bytes end the list. */
    for (at = start; at + sizeof(uint32_t) <= end;) {
        uint32_t name_len, voff, vsize;

        rc = ext_bytes(fs, in->at_blk, in->at_off + at, e, sizeof(uint32_t));
        if (rc)
            return rc;
        name_len = e[XE_NAME_LEN];
        if (!le32(e) || at + XATTR_ENTRY_LEN + name_len > end)
            break;
        rc = ext_bytes(fs, in->at_blk, in->at_off + at, e,
                       XATTR_ENTRY_LEN + (name_len < 4 ? name_len : 4));
        if (rc)
            return rc;
        voff = le16(e + XE_VALUE_OFFS);
        vsize = le32(e + XE_VALUE_SIZE);
        if (e[XE_NAME_INDEX] == XATTR_INDEX_SYSTEM && name_len == 4 &&
            !memcmp(e + XE_NAME, "data", 4)) {
            if (le32(e + XE_VALUE_INUM) || voff > end - start ||
                vsize > end - start - voff)
                return ext_fail(fs, EXT_ECORRUPT, in->ino, 0,
                                "system.data value lies outside the inode");
            *off = in->at_off + start + voff;
            *len = vsize;
            return 0;
        }
        at += (XATTR_ENTRY_LEN + name_len + 3) & ~3u;
    }
missing:
    return ext_fail(fs, EXT_ECORRUPT, in->ino, 0,
                    "inline-data inode has no system.data attribute");
}

#endif
