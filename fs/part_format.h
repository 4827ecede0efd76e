/* Partition table layouts (UEFI spec 2.10 ch. 5): the MBR with its
 * partition entries, the GPT header and GPT partition entries. Values
 * are byte offsets inside their record, all fields little-endian. */
#ifndef EXTLOAD_PART_FORMAT_H
#define EXTLOAD_PART_FORMAT_H

/* ---- MBR / EBR (sector 0, and each extended boot record) ------------ */
#define MBR_DISK_SIGNATURE      440u  /* le32: Linux's PARTUUID SSSSSSSS */
#define MBR_PART_TABLE          446u  /* four 16-byte entries */
#define MBR_ENTRY_SIZE          16u
#define MBR_ENTRIES             4u
#define MBR_SIGNATURE           510u  /* le16 0xAA55 */
#define MBR_SIGNATURE_VALUE     0xAA55u
#define MBRE_BOOT_INDICATOR     0x00  /* 0x00 or 0x80 */
#define MBRE_OS_TYPE            0x04  /* system id */
#define MBRE_STARTING_LBA       0x08  /* le32 */
#define MBRE_SIZE_IN_LBA        0x0C  /* le32 */
#define MBR_TYPE_LINUX          0x83u
#define MBR_TYPE_GPT_PROTECTIVE 0xEEu
#define MBR_TYPE_EXTENDED_CHS   0x05u
#define MBR_TYPE_EXTENDED_LBA   0x0Fu
#define MBR_TYPE_EXTENDED_LINUX 0x85u

/* ---- GPT header (LBA 1, backup at the alternate LBA) ---------------- */
#define GPT_SIGNATURE           0x00  /* "EFI PART" */
#define GPT_SIGNATURE_LEN       8u
#define GPT_HEADER_SIZE         0x0C  /* le32, >= 92 */
#define GPT_HEADER_CRC32        0x10  /* le32, over HeaderSize bytes */
#define GPT_MY_LBA              0x18  /* le64 */
#define GPT_ALTERNATE_LBA       0x20  /* le64 */
#define GPT_FIRST_USABLE_LBA    0x28  /* le64 */
#define GPT_LAST_USABLE_LBA     0x30  /* le64 */
#define GPT_PART_ENTRY_LBA      0x48  /* le64 */
#define GPT_NUM_PART_ENTRIES    0x50  /* le32 */
#define GPT_PART_ENTRY_SIZE     0x54  /* le32, 128 * 2^n */
#define GPT_PART_ARRAY_CRC32    0x58  /* le32 */
#define GPT_HEADER_MIN          92u
#define GPT_ENTRY_SIZE          128u  /* the only size Linux reads */

/* ---- GPT partition entry -------------------------------------------- */
#define GPTE_TYPE_GUID          0x00  /* 16 bytes, zero: unused */
#define GPTE_GUID_LEN           16u
#define GPTE_UNIQUE_GUID        0x10  /* 16 bytes: Linux's PARTUUID */
#define GPTE_STARTING_LBA       0x20  /* le64 */
#define GPTE_ENDING_LBA         0x28  /* le64, inclusive */
#define GPTE_NAME               0x38  /* 36 UTF-16LE code units, NUL-padded */

#endif
