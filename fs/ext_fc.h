/* ext4 fast commits: the on-disk format of the journal's fast-commit
 * area, and the replay's hooks into the reader (fs/ext_fc.c).
 *
 * The area is the journal's last s_num_fc_blks blocks (256 when 0):
 * log blocks maxlen - num_fc + 1 on. It holds tag-length-value
 * entries, LITTLE-endian (unlike the rest of jbd2): a 4-byte header
 * (tag le16, value length le16), then the value. A fast commit is a
 * run of entries ended by a TAIL; the first of the area begins with a
 * HEAD. Entries never straddle a block: a PAD (or the TAIL's own
 * padding) fills the rest of one. */
#ifndef EXTLOAD_EXT_FC_H
#define EXTLOAD_EXT_FC_H

#include "ext_priv.h"

#define EXT4_FC_TAG_ADD_RANGE   1u
#define EXT4_FC_TAG_DEL_RANGE   2u
#define EXT4_FC_TAG_CREAT       3u
#define EXT4_FC_TAG_LINK        4u
#define EXT4_FC_TAG_UNLINK      5u
#define EXT4_FC_TAG_INODE       6u
#define EXT4_FC_TAG_PAD         7u
#define EXT4_FC_TAG_TAIL        8u
#define EXT4_FC_TAG_HEAD        9u

/* Each entry's tag-length header (struct ext4_fc_tl), le16 both. */
#define FC_TL_TAG               0x00
#define FC_TL_LEN               0x02
#define FC_TL_SIZE              4u
#define FC_DEFAULT_BLOCKS       256u    /* s_num_fc_blks 0 */

/* HEAD: features (none defined), tid; exactly 8 bytes. */
#define FC_HEAD_FEATURES        0x00
#define FC_HEAD_TID             0x04
#define FC_HEAD_SIZE            8u
/* TAIL: tid, then crc32c (seed 0) of every entry of the commit from its
 * first header up to the tid; at least 8 bytes (its length pads the
 * block). */
#define FC_TAIL_TID             0x00
#define FC_TAIL_CRC             0x04
#define FC_TAIL_SIZE            8u
/* ADD_RANGE: inode, then an ext4_extent (12 bytes, ext_format.h's
 * EE_*); exactly 16 bytes. */
#define FC_ADD_INO              0x00
#define FC_ADD_EXTENT           0x04
#define FC_ADD_SIZE             16u
/* DEL_RANGE: inode, first logical block, blocks; exactly 12 bytes. */
#define FC_DEL_INO              0x00
#define FC_DEL_LBLK             0x04
#define FC_DEL_LEN              0x08
#define FC_DEL_SIZE             12u
/* CREAT, LINK, UNLINK: directory, entry's inode, the name (1 to 255
 * bytes, no NUL). */
#define FC_DENTRY_PARENT        0x00
#define FC_DENTRY_INO           0x04
#define FC_DENTRY_NAME          0x08
/* INODE: inode number, then its raw on-disk bytes (128 up to the
 * inode size). */
#define FC_INODE_INO            0x00
#define FC_INODE_RAW            0x04

#if EXT_FAST_COMMIT
/* After the log's replay (ext_journal.c): the area's log blocks
 * [first, end) of the journal inode jf, the commits of transaction tid
 * (the one the log ends before) into j->fc. */
int ext_fc_replay(struct ext_fs *fs, struct ext_journal *j,
                  struct ext_file *jf, uint32_t first, uint32_t end,
                  uint32_t tid);
/* ext_inode_read: does an INODE entry name ino? Then raw (have bytes,
 * read from the inode table) patched as the newest one leaves it. */
bool ext_fc_has_inode(const struct ext_fs *fs, uint32_t ino);
int ext_fc_inode(struct ext_fs *fs, uint32_t ino, uint8_t *raw,
                 uint32_t have);
/* ext_map: the run mapped at lblk of inode ino, as the ADD_RANGE and
 * DEL_RANGE entries leave it. */
int ext_fc_map(struct ext_fs *fs, uint32_t ino, ext_blk_t lblk,
               struct ext_run *run);
/* ext_dir_find: 1 the entries name the name (*ino set), 0 they unlink
 * it, 2 they do not name it (look on disk). */
int ext_fc_find(struct ext_fs *fs, uint32_t dir, const char *name,
                uint32_t name_len, uint32_t *ino);
/* ext_dir_next: 1 when the on-disk entry e is one the entries replace
 * or unlink (skip it). */
int ext_fc_hides(struct ext_fs *fs, uint32_t dir, const struct ext_dirent *e);
/* ext_dir_next at the end of the on-disk entries: the next entry the
 * fast commits added (1, e filled), or 0. */
int ext_fc_next(struct ext_fs *fs, struct ext_dir *d, struct ext_dirent *e);
/* ext_dir_open: a directory a fast commit created is refused. */
int ext_fc_dir_check(struct ext_fs *fs, const struct ext_inode *in);
/* Is the fast-commit table in use? */
#define ext_fc_on(fs) ((fs)->jnl && (fs)->jnl->fc_n)
#endif

#endif
