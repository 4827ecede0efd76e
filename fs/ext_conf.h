/* The reader's build options, FatFs-style: each says what it does, what it
 * costs and what turning it off takes away. `make size` prints the bytes
 * each one costs as the loader links the reader (Cortex-M3, -Os).
 *
 * A profile is a set of defaults: the default profile turns everything
 * on; the tiny profile (make PROFILE=tiny, -DEXTLOAD_TINY=1) turns off
 * what the common layouts do not need. Every bound check stays in both:
 * what a profile leaves out is refused by name, never read wrongly. Any
 * option may still be set on its own with -D.
 */
#ifndef EXTLOAD_EXT_CONF_H
#define EXTLOAD_EXT_CONF_H

#ifndef EXTLOAD_TINY
#define EXTLOAD_TINY 0
#endif

/* EXT_MESSAGES
 *   1: every error carries a sentence saying what was wrong, besides its
 *      code, inode and block (ext_error_describe).
 *   0: the code, inode and block only: ext_error_describe and
 *      part_describe write the code's number ("inode 12, block 4711: ext
 *      error -5"; the values are in EXT_ERRORS and PART_ERRORS), so a
 *      loader links no table of texts. ext_strerror() and part_strerror()
 *      still give them to a caller that asks. `make size` prints what
 *      each of these switches saves (fs/ flash per build option). */
#ifndef EXT_MESSAGES
#define EXT_MESSAGES (!EXTLOAD_TINY)
#endif

/* EXT_CSUM_VERIFY
 *   1: metadata_csum (superblock, group descriptors, inodes, extent
 *      blocks, directory blocks, hash-tree nodes) and gdt_csum are
 *      verified.
 *   0: they are ignored. Both are RO_COMPAT features, so reading stays
 *      correct; corruption is then caught by the structural checks alone.
 *      The CRC32 a GPT needs (fs/part.c) is computed bit by bit with
 *      no table of remainders where lib/crc.h's CRC32_NIBBLES is 0 (the
 *      tiny profile's choice, made with this one). */
#ifndef EXT_CSUM_VERIFY
#define EXT_CSUM_VERIFY (!EXTLOAD_TINY)
#endif

/* EXT_HTREE
 *   1: hash-tree directories are looked up through the tree, O(depth)
 *      blocks per name.
 *   0: every directory is walked linearly: hash-tree directories still
 *      read right, only slower on large ones. */
#ifndef EXT_HTREE
#define EXT_HTREE (!EXTLOAD_TINY)
#endif

/* EXT_INLINE
 *   1: inline_data filesystems are read: small files and directories whose
 *      bytes live in the inode (i_block and the system.data xattr).
 *   0: a filesystem with the inline_data feature is refused at mount with
 *      EXT_EFEATURE naming it (mke2fs does not set it by default). */
#ifndef EXT_INLINE
#define EXT_INLINE (!EXTLOAD_TINY)
#endif

/* EXT_REV0
 *   1: revision 0 filesystems are read (mke2fs -r 0: 128-byte inodes,
 *      the first non-reserved inode 11, no feature fields).
 *   0: a revision 0 superblock fails the mount with EXT_ESUPER (mke2fs
 *      has made revision 1 since 1995). The tiny profile's choice.
 *      `make size` prints what it saves (fs/ flash per build option). */
#ifndef EXT_REV0
#define EXT_REV0 (!EXTLOAD_TINY)
#endif

/* EXT_JOURNAL
 *   1: a dirty journal (needs_recovery) is replayed in memory at mount,
 *      into the table the caller gives ext_mount_journal (8 bytes of RAM
 *      per replaced block where blocks are 32-bit, 16 where they are
 *      64-bit); every read sees what jbd2 recovery would leave. The
 *      largest of these switches (`make size`: fs/ flash per build
 *      option).
 *   0: a journal that needs recovery fails the mount with EXT_EFEATURE
 *      naming needs_recovery: the last checkpointed state may lack what
 *      was written last (GRUB and U-Boot read it anyway), so it is never
 *      read. A clean journal mounts as in every build. */
#ifndef EXT_JOURNAL
#define EXT_JOURNAL (!EXTLOAD_TINY)
#endif

/* EXT_FAST_COMMIT (fs/ext_fc.c; needs EXT_JOURNAL)
 *   1: a journal with fast_commit (mke2fs -O fast_commit) whose
 *      fast-commit area holds commits after the last full one (an
 *      fsync before a power cut) is replayed in memory after the log,
 *      as Linux replays it at mount: the entries up to the last TAIL
 *      whose tid and crc32c match go into the caller's table
 *      (struct ext_journal.fc, 24 bytes an entry where blocks are
 *      32-bit); inodes, extent ranges and directory entries are read
 *      through it. What cannot be read so is refused by name (fs/
 *      README.md, "Fast commits").
 *   0: such a journal fails the mount by name ("journal: feature
 *      fast_commit ..."), as a journal needing replay does in a build
 *      without EXT_JOURNAL. The tiny profile's choice. `make size`
 *      prints what it costs (fs/ flash per build option). */
#ifndef EXT_FAST_COMMIT
#define EXT_FAST_COMMIT (EXT_JOURNAL && !EXTLOAD_TINY)
#endif

/* EXT_META_BG
 *   1: meta_bg filesystems are read: past s_first_meta_bg each meta
 *      group keeps its descriptor block in its first, second and last
 *      group (mke2fs -O meta_bg; resize2fs may turn it on to grow past
 *      the reserved descriptor blocks).
 *   0: a filesystem with the meta_bg feature is refused at mount with
 *      EXT_EFEATURE naming it (mke2fs does not set it by default). The
 *      tiny profile's choice. `make size` prints what it saves (fs/
 *      flash per build option). */
#ifndef EXT_META_BG
#define EXT_META_BG (!EXTLOAD_TINY)
#endif

/* PART_LINUX_FS (fs/part.c)
 *   1: part_info.linux_fs says whether a partition's type is Linux
 *      filesystem data (the GPT type GUID 0FC63DAF-8483-4772-8E79-
 *      3D69D8477DE4, the MBR system id 0x83), as the host tool's `info`
 *      lists it.
 *   0: linux_fs is always 0 (`info` says "other"). part_find never reads
 *      it (it looks for the ext superblock), nor does the loader. The
 *      tiny profile's choice. `make size` prints what it costs (fs/
 *      flash per build option). */
#ifndef PART_LINUX_FS
#define PART_LINUX_FS (!EXTLOAD_TINY)
#endif

/* PART_LOGICAL (fs/part.c)
 *   1: with no partition named, part_find looks for the ext filesystem
 *      in the MBR's primary slots, then in its logical partitions (the
 *      extended partitions' EBR chains).
 *   0: in the primary slots only; a card whose ext filesystem is in a
 *      logical partition finds none (PART_ENOFS), unless its number is
 *      given (part_get still walks the chains). The tiny profile's
 *      choice: its loader links no EBR walk. */
#ifndef PART_LOGICAL
#define PART_LOGICAL (!EXTLOAD_TINY)
#endif

/* PART_GPT_BACKUP (fs/part.c)
 *   1: when the primary GPT header (sector 1) or its entry array fails a
 *      check, the backup header at the disk's last sector is read and
 *      checked the same way, as libblkid does; the primary's error is
 *      reported only when both fail.
 *   0: the primary alone: a card whose primary GPT is damaged is refused
 *      with the primary's error and sector (gdisk or sfdisk rewrite it
 *      from the backup). The tiny profile's choice. `make size` prints
 *      what it costs (fs/ flash per build option). */
#ifndef PART_GPT_BACKUP
#define PART_GPT_BACKUP (!EXTLOAD_TINY)
#endif

/* EXT_OFF32
 *   1: file sizes and offsets are 32-bit (ext_off_t): a file of 4 GiB or
 *      more (i_size_high not 0) is refused when its inode is read, with
 *      EXT_EFBIG. A kernel is never that large, and a 32-bit core then
 *      does no 64-bit arithmetic on file positions. The boards set it in
 *      both profiles (Makefile BOARD_DEFS), and so does the tiny profile
 *      on the host.
 *   0: 64-bit sizes and offsets, as the host tool reads any file. */
#ifndef EXT_OFF32
#define EXT_OFF32 EXTLOAD_TINY
#endif

/* EXT_PATH_LIMIT
 *   1: struct ext_fs carries path_max, the bytes a path lookup may use
 *      when it is set after the mount (0: EXT_PATH_MAX; never more than
 *      it), so a reader built with a larger EXT_PATH_MAX (the host tool:
 *      4096) refuses exactly the paths and symlink targets a board's
 *      (256) refuses, with the same sentence (extload boot --board).
 *   0: EXT_PATH_MAX is the limit. The boards build without it: no cost
 *      there (4 bytes of RAM and a compare where it is on). */
#ifndef EXT_PATH_LIMIT
#define EXT_PATH_LIMIT 0
#endif

#endif
