/* jbd2 on-disk format: the journal an ext3/ext4 filesystem keeps in an
 * inode (s_journal_inum). Every field is BIG-endian (be32/be64 from
 * lib/be.h). Each block of the log starts with the 12-byte header; the
 * journal superblock is log block 0. Offsets are from the block start. */
#ifndef EXTLOAD_JBD2_H
#define EXTLOAD_JBD2_H

#define JBD2_MAGIC              0xC03B3998u
#define JBD2_MIN_JOURNAL_BLOCKS 1024u   /* shorter: refused by Linux, e2fsck */

/* Block header (every journal metadata block). */
#define JH_MAGIC                0x00
#define JH_BLOCKTYPE            0x04
#define JH_SEQUENCE             0x08
#define JH_SIZE                 12u

/* h_blocktype */
#define JBD2_DESCRIPTOR_BLOCK   1u
#define JBD2_COMMIT_BLOCK       2u
#define JBD2_SUPERBLOCK_V1      3u
#define JBD2_SUPERBLOCK_V2      4u
#define JBD2_REVOKE_BLOCK       5u

/* Journal superblock (log block 0; 1024 bytes). */
#define JSB_BLOCKSIZE           0x0C
#define JSB_MAXLEN              0x10    /* blocks in the journal */
#define JSB_FIRST               0x14    /* first log block */
#define JSB_SEQUENCE            0x18    /* first transaction expected */
#define JSB_START               0x1C    /* log start; 0: log is empty */
#define JSB_ERRNO               0x20
#define JSB_FEATURE_COMPAT      0x24    /* v2 only, as the next ones */
#define JSB_FEATURE_INCOMPAT    0x28
#define JSB_FEATURE_RO_COMPAT   0x2C
#define JSB_UUID                0x30    /* 16 bytes: seeds csum v2/v3 */
#define JSB_NR_USERS            0x40
#define JSB_CHECKSUM_TYPE       0x50    /* one byte */
#define JSB_NUM_FC_BLKS         0x54
#define JSB_CHECKSUM            0xFC    /* crc32c of the 1024 bytes */
#define JSB_SIZE                1024u

#define JBD2_COMPAT_CHECKSUM    0x1u    /* v1: crc32_be in commit blocks */
#define JBD2_INCOMPAT_REVOKE    0x01u
#define JBD2_INCOMPAT_64BIT     0x02u
#define JBD2_INCOMPAT_ASYNC_COMMIT 0x04u
#define JBD2_INCOMPAT_CSUM_V2   0x08u
#define JBD2_INCOMPAT_CSUM_V3   0x10u
#define JBD2_INCOMPAT_FAST_COMMIT 0x20u
#define JBD2_CSUM_TYPE_CRC32C   4u

/* Descriptor block: the header, then tags; with csum v2/v3 the block
 * ends in a 4-byte tail checksum (crc32c of the block, tail zeroed).
 * Tag layouts (bytes):
 *   csum v3:            blocknr(4) flags(4) blocknr_high(4) csum(4) = 16
 *   else, 64bit:        blocknr(4) csum16(4..5) flags(6..7) high(4) = 12
 *   else, 32-bit:       blocknr(4) csum16 flags                     = 8
 *   csum v2 adds 2 bytes to the last two.
 * In every layout the flags' low 16 bits are a be16 at byte 6. A tag
 * without SAME_UUID is followed by a 16-byte UUID. */
#define JT_BLOCKNR              0x00
#define JT_CSUM16               0x04    /* csum v2: low 16 bits of crc32c */
#define JT_FLAGS16              0x06
#define JT_BLOCKNR_HIGH         0x08    /* 64bit only */
#define JT3_CHECKSUM            0x0C    /* csum v3 */
#define JT3_SIZE                16u
#define JT_SIZE64               12u
#define JT_SIZE32               8u
#define JT_CSUM_V2_EXTRA        2u
#define JT_UUID_SIZE            16u
#define JTAIL_SIZE              4u      /* descriptor/revoke tail csum */

#define JBD2_FLAG_ESCAPE        0x1u    /* block began with JBD2_MAGIC */
#define JBD2_FLAG_SAME_UUID     0x2u
#define JBD2_FLAG_DELETED       0x4u
#define JBD2_FLAG_LAST_TAG      0x8u

/* Revoke block: the header, the count of bytes used (header included),
 * then be32 (or be64 with 64bit) block numbers. */
#define JR_COUNT                0x0C
#define JR_SIZE                 16u

/* Commit block. */
#define JC_CHKSUM_TYPE          0x0C    /* v1: 1 = crc32 */
#define JC_CHKSUM_SIZE          0x0D    /* v1: 4 */
#define JC_CHKSUM               0x10    /* v1 crc32_be; v2/v3 crc32c */
#define JC_COMMIT_SEC           0x30    /* be64 */
#define JC_COMMIT_NSEC          0x38
#define JC_CRC32_CHKSUM         1u
#define JC_CRC32_CHKSUM_SIZE    4u

#endif
