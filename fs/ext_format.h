/* ext2/3/4 on-disk layout: every field the reader (and the test tools that
 * break images on purpose) touches, named once after the kernel's
 * struct ext4_* members (fs/ext4/ext4.h, ext4_extents.h, xattr.h). Values
 * are byte offsets inside their record; all fields are little-endian. */
#ifndef EXTLOAD_EXT_FORMAT_H
#define EXTLOAD_EXT_FORMAT_H

/* ---- struct ext4_super_block: 1024 bytes at byte 1024 of the fs ---- */
#define SB_OFFSET               1024u
#define SB_SIZE                 1024u
#define SB_INODES_COUNT         0x00  /* s_inodes_count (le32) */
#define SB_BLOCKS_COUNT_LO      0x04  /* s_blocks_count_lo (le32) */
#define SB_FIRST_DATA_BLOCK     0x14  /* s_first_data_block (le32) */
#define SB_LOG_BLOCK_SIZE       0x18  /* s_log_block_size (le32) */
#define SB_LOG_CLUSTER_SIZE     0x1C  /* s_log_cluster_size (le32) */
#define SB_BLOCKS_PER_GROUP     0x20  /* s_blocks_per_group (le32) */
#define SB_CLUSTERS_PER_GROUP   0x24  /* s_clusters_per_group (le32) */
#define SB_INODES_PER_GROUP     0x28  /* s_inodes_per_group (le32) */
#define SB_MAGIC                0x38  /* s_magic (le16) */
#define SB_STATE                0x3A  /* s_state (le16) */
#define SB_REV_LEVEL            0x4C  /* s_rev_level (le32) */
#define SB_FIRST_INO            0x54  /* s_first_ino (le32) */
#define SB_INODE_SIZE           0x58  /* s_inode_size (le16) */
#define SB_FEATURE_COMPAT       0x5C  /* s_feature_compat (le32) */
#define SB_FEATURE_INCOMPAT     0x60  /* s_feature_incompat (le32) */
#define SB_FEATURE_RO_COMPAT    0x64  /* s_feature_ro_compat (le32) */
#define SB_UUID                 0x68  /* s_uuid[16] */
#define SB_VOLUME_NAME          0x78  /* s_volume_name[16] */
#define SB_RESERVED_GDT_BLOCKS  0xCE  /* s_reserved_gdt_blocks (le16) */
#define SB_JOURNAL_INUM         0xE0  /* s_journal_inum (le32) */
#define SB_HASH_SEED            0xEC  /* s_hash_seed[4] (le32 each) */
#define SB_DESC_SIZE            0xFE  /* s_desc_size (le16) */
#define SB_FIRST_META_BG        0x104 /* s_first_meta_bg (le32) */
#define SB_BLOCKS_COUNT_HI      0x150 /* s_blocks_count_hi (le32) */
#define SB_FLAGS                0x160 /* s_flags (le32) */
#define SB_CHECKSUM_TYPE        0x175 /* s_checksum_type (u8) */
#define SB_BACKUP_BGS           0x24C /* s_backup_bgs[2] (le32 each) */
#define SB_CHECKSUM_SEED        0x270 /* s_checksum_seed (le32) */
#define SB_CHECKSUM             0x3FC /* s_checksum (le32) */

#define EXT_MAGIC               0xEF53u
#define SB_STATE_VALID          0x1u
#define SB_STATE_ERROR          0x2u
#define SB_FLAGS_UNSIGNED_HASH  0x2u

#define COMPAT_HAS_JOURNAL      0x0004u
#define COMPAT_RESIZE_INODE     0x0010u
#define COMPAT_DIR_INDEX        0x0020u
#define COMPAT_SPARSE_SUPER2    0x0200u

#define INCOMPAT_COMPRESSION    0x00001u
#define INCOMPAT_FILETYPE       0x00002u
#define INCOMPAT_RECOVER        0x00004u
#define INCOMPAT_JOURNAL_DEV    0x00008u
#define INCOMPAT_META_BG        0x00010u
#define INCOMPAT_EXTENTS        0x00040u
#define INCOMPAT_64BIT          0x00080u
#define INCOMPAT_MMP            0x00100u
#define INCOMPAT_FLEX_BG        0x00200u
#define INCOMPAT_EA_INODE       0x00400u
#define INCOMPAT_DIRDATA        0x01000u
#define INCOMPAT_CSUM_SEED      0x02000u
#define INCOMPAT_LARGEDIR       0x04000u
#define INCOMPAT_INLINE_DATA    0x08000u
#define INCOMPAT_ENCRYPT        0x10000u
#define INCOMPAT_CASEFOLD       0x20000u

#define RO_COMPAT_SPARSE_SUPER  0x0001u
#define RO_COMPAT_HUGE_FILE     0x0008u
#define RO_COMPAT_GDT_CSUM      0x0010u
#define RO_COMPAT_BIGALLOC      0x0200u
#define RO_COMPAT_METADATA_CSUM 0x0400u

/* ---- struct ext4_group_desc: 32 bytes, 64 (or s_desc_size) with 64bit -- */
#define BG_BLOCK_BITMAP_LO      0x00  /* bg_block_bitmap_lo (le32) */
#define BG_INODE_BITMAP_LO      0x04  /* bg_inode_bitmap_lo (le32) */
#define BG_INODE_TABLE_LO       0x08  /* bg_inode_table_lo (le32) */
#define BG_FLAGS                0x12  /* bg_flags (le16) */
#define BG_ITABLE_UNUSED_LO     0x1C  /* bg_itable_unused_lo (le16) */
#define BG_CHECKSUM             0x1E  /* bg_checksum (le16) */
#define BG_BLOCK_BITMAP_HI      0x20  /* bg_block_bitmap_hi (le32) */
#define BG_INODE_BITMAP_HI      0x24  /* bg_inode_bitmap_hi (le32) */
#define BG_INODE_TABLE_HI       0x28  /* bg_inode_table_hi (le32) */
#define BG_ITABLE_UNUSED_HI     0x32  /* bg_itable_unused_hi (le16) */
#define BG_DESC_SIZE_MIN        32u
#define BG_DESC_SIZE_64BIT      64u
#define BG_FLAG_INODE_UNINIT    0x1u

/* ---- struct ext4_inode ------------------------------------------------ */
#define I_MODE                  0x00  /* i_mode (le16) */
#define I_SIZE_LO               0x04  /* i_size_lo (le32) */
#define I_LINKS_COUNT           0x1A  /* i_links_count (le16) */
#define I_BLOCKS_LO             0x1C  /* i_blocks_lo (le32) */
#define I_FLAGS                 0x20  /* i_flags (le32) */
#define I_BLOCK                 0x28  /* i_block[15] (le32 each) */
#define I_GENERATION            0x64  /* i_generation (le32) */
#define I_FILE_ACL_LO           0x68  /* i_file_acl_lo (le32) */
#define I_SIZE_HIGH             0x6C  /* i_size_high (le32) */
#define I_BLOCKS_HIGH           0x74  /* osd2.l_i_blocks_high (le16) */
#define I_FILE_ACL_HIGH         0x76  /* osd2.l_i_file_acl_high (le16) */
#define I_CHECKSUM_LO           0x7C  /* osd2.l_i_checksum_lo (le16) */
#define I_EXTRA_ISIZE           0x80  /* i_extra_isize (le16) */
#define I_CHECKSUM_HI           0x82  /* i_checksum_hi (le16) */
#define I_GOOD_OLD_SIZE         128u
/* The seed of inode-owned metadata_csum: crc32c over these 8 bytes. */
#define ISEED_INO               0x00  /* the inode number (le32) */
#define ISEED_GEN               0x04  /* its i_generation (le32) */
#define ISEED_SIZE              8u
#define I_BLOCK_SIZE            60u   /* bytes of i_block */
#define I_NDIR_BLOCKS           12u   /* i_block[0..11]: direct pointers */
#define I_IND_BLOCK             12u   /* i_block[12..14]: 1-, 2-, 3-level */
#define EXT_PTR_SIZE            4u    /* one block-map pointer (le32) */

#define IFL_ENCRYPT             0x00000800u
#define IFL_INDEX               0x00001000u
#define IFL_HUGE_FILE           0x00040000u
#define IFL_EXTENTS             0x00080000u
#define IFL_EA_INODE            0x00200000u
#define IFL_INLINE_DATA         0x10000000u
#define IFL_CASEFOLD            0x40000000u

/* Reserved inodes: 1 bad blocks, 2 root, 3-4 quota, 5 boot loader,
 * 6 undelete, 7 resize, 8 journal, ... up to s_first_ino - 1. */
#define EXT_BAD_INO             1u
#define EXT_GOOD_OLD_FIRST_INO  11u

/* ---- extent tree: struct ext4_extent_header, _idx, ext4_extent ------ */
#define EH_MAGIC                0x00  /* eh_magic (le16) */
#define EH_ENTRIES              0x02  /* eh_entries (le16) */
#define EH_MAX                  0x04  /* eh_max (le16) */
#define EH_DEPTH                0x06  /* eh_depth (le16) */
#define EH_GENERATION           0x08  /* eh_generation (le32) */
#define EH_SIZE                 12u
#define EXT_ENTRY_SIZE          12u   /* one index or leaf entry */
#define EI_BLOCK                0x00  /* ei_block (le32) */
#define EI_LEAF_LO              0x04  /* ei_leaf_lo (le32) */
#define EI_LEAF_HI              0x08  /* ei_leaf_hi (le16) */
#define EE_BLOCK                0x00  /* ee_block (le32) */
#define EE_LEN                  0x04  /* ee_len (le16) */
#define EE_START_HI             0x06  /* ee_start_hi (le16) */
#define EE_START_LO             0x08  /* ee_start_lo (le32) */
#define ET_CHECKSUM_SIZE        4u    /* ext4_extent_tail after eh_max */
#define EH_MAGIC_VALUE          0xF30Au
#define EH_MAX_DEPTH            5u
#define EE_INIT_MAX_LEN         32768u /* ee_len above: uninitialized */

/* ---- struct ext4_dir_entry_2 ---------------------------------------- */
#define DE_INODE                0x00  /* inode (le32) */
#define DE_REC_LEN              0x04  /* rec_len (le16) */
#define DE_NAME_LEN             0x06  /* name_len (u8) */
#define DE_FILE_TYPE            0x07  /* file_type (u8) */
#define DE_NAME                 0x08  /* name[] */
#define DE_HEADER_SIZE          8u
/* struct ext4_dir_entry_tail: a fake entry closing a csummed leaf. */
#define DET_SIZE                12u
#define DET_CHECKSUM            0x08  /* det_checksum (le32) */
#define DET_FILE_TYPE           0xDEu /* det_reserved_ft */
/* Inline directories: i_block starts with the parent's inode number. */
#define INLINE_DIR_PARENT       0x00  /* (le32) */
#define INLINE_DIR_HEAD         4u

/* ---- hash trees: struct dx_root, dx_node, dx_countlimit, dx_entry ---- */
#define DX_ROOT_INFO            0x18  /* after the "." and ".." entries */
#define DXI_RESERVED_ZERO       0x00  /* reserved_zero (le32) */
#define DXI_HASH_VERSION        0x04  /* hash_version (u8) */
#define DXI_INFO_LENGTH         0x05  /* info_length (u8), 8 */
#define DXI_INDIRECT_LEVELS     0x06  /* indirect_levels (u8) */
#define DXI_SIZE                8u    /* dx_root_info; limit follows */
#define DX_NODE_ENTRIES         0x08  /* dx_node: after one fake dirent */
#define DXC_LIMIT               0x00  /* limit (le16), in entry 0's hash */
#define DXC_COUNT               0x02  /* count (le16) */
#define DXE_HASH                0x00  /* hash (le32) */
#define DXE_BLOCK               0x04  /* block (le32) */
#define DX_ENTRY_SIZE           8u
#define DXT_CHECKSUM            0x04  /* struct dx_tail: dt_checksum */
#define DXT_SIZE                8u

/* ---- in-inode extended attributes (xattr.h) -------------------------- */
#define XATTR_IBODY_MAGIC       0x00  /* h_magic (le32) after i_extra */
#define XATTR_IBODY_HDR         4u
#define XATTR_MAGIC             0xEA020000u
#define XE_NAME_LEN             0x00  /* e_name_len (u8) */
#define XE_NAME_INDEX           0x01  /* e_name_index (u8) */
#define XE_VALUE_OFFS           0x02  /* e_value_offs (le16) */
#define XE_VALUE_INUM           0x04  /* e_value_inum (le32) */
#define XE_VALUE_SIZE           0x08  /* e_value_size (le32) */
#define XE_HASH                 0x0C  /* e_hash (le32) */
#define XE_NAME                 0x10  /* e_name[] */
#define XATTR_INDEX_SYSTEM      7u
#define XE_VALUE_SIZE_MAX       (1u << 24)  /* Linux's EXT4_XATTR_SIZE_MAX */

#endif
