/* inline_data: the bytes past i_block's 60 live in the "system.data"
 * extended attribute inside the inode's extra space. */
#include "ext_priv.h"

#define XATTR_MAGIC       0xEA020000u
#define XATTR_INDEX_SYSTEM 7u
#define XATTR_ENTRY_LEN   16u

int ext_inline_find(struct ext_fs *fs, const struct ext_inode *in,
                    uint64_t *off, uint32_t *len)
{
    uint32_t start = I_GOOD_OLD_SIZE + in->extra_isize;
    uint32_t end = fs->inode_size;
    uint32_t at;
    uint8_t e[XATTR_ENTRY_LEN + 4];
    int rc;

    /* In-inode xattrs: a 4-byte magic after i_extra_isize, then entries
     * (16-byte header + name, padded to 4) until four zero bytes; value
     * offsets count from the first entry. */
    if (start + 4 + 4 > end)
        goto missing;
    rc = ext_bytes(fs, in->addr + start, e, 4);
    if (rc)
        return rc;
    if (le32(e) != XATTR_MAGIC)
        goto missing;
    start += 4;
    for (at = start; at + 4 <= end;) {   /* each entry moves at by >= 16 */
        uint32_t name_len, voff, vsize;

        rc = ext_bytes(fs, in->addr + at, e, 4);
        if (rc)
            return rc;
        if (!le32(e) || at + XATTR_ENTRY_LEN + e[0] > end)
            break;
        name_len = e[0];
        rc = ext_bytes(fs, in->addr + at, e,
                       XATTR_ENTRY_LEN + (name_len < 4 ? name_len : 4));
        if (rc)
            return rc;
        voff = le16(e + 2);
        vsize = le32(e + 8);
        if (e[1] == XATTR_INDEX_SYSTEM && name_len == 4 &&
            !memcmp(e + XATTR_ENTRY_LEN, "data", 4)) {
            if (le32(e + 4) || voff > end - start ||
                vsize > end - start - voff)
                return ext_fail(fs, EXT_ECORRUPT, in->ino, 0,
                                "system.data value lies outside the inode");
            *off = in->addr + start + voff;
            *len = vsize;
            return 0;
        }
        at += (XATTR_ENTRY_LEN + name_len + 3) & ~3u;
    }
missing:
    return ext_fail(fs, EXT_ECORRUPT, in->ino, 0,
                    "inline-data inode has no system.data attribute");
}
