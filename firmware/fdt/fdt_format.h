/* The flattened device tree (DTB) format, devicetree specification v0.4,
 * chapter 5: every field and token named once. All values big-endian.
 *
 *   header | memory reservation block | structure block | strings block
 *
 * (the order the edit writes; a file may place the blocks anywhere past
 * the header, with free space between).
 */
#ifndef EXTLOAD_FDT_FORMAT_H
#define EXTLOAD_FDT_FORMAT_H

#define FDT_MAGIC                 0xd00dfeedu

/* Header fields: byte offsets. */
#define FDT_HDR_MAGIC             0x00
#define FDT_HDR_TOTALSIZE         0x04
#define FDT_HDR_OFF_DT_STRUCT     0x08
#define FDT_HDR_OFF_DT_STRINGS    0x0C
#define FDT_HDR_OFF_MEM_RSVMAP    0x10
#define FDT_HDR_VERSION           0x14
#define FDT_HDR_LAST_COMP_VERSION 0x18
#define FDT_HDR_BOOT_CPUID_PHYS   0x1C
#define FDT_HDR_SIZE_DT_STRINGS   0x20
#define FDT_HDR_SIZE_DT_STRUCT    0x24   /* version 17 on */
/* Header length by version: 16 ends before size_dt_struct. */
#define FDT_HDR_V16_LEN           0x24
#define FDT_HDR_V17_LEN           0x28

/* What a reader of version 17 can read: version >= 16 (16 lacks only
 * size_dt_struct, found by walking to FDT_END), and a last_comp_version
 * that a version-17 reader understands. The edit writes version 17,
 * last compatible 16, as dtc does. */
#define FDT_VERSION_MIN           16u
#define FDT_LAST_COMP_MAX         17u
#define FDT_VERSION_OUT           17u
#define FDT_LAST_COMP_OUT         16u

/* Memory reservation block: 8-byte aligned entries of address (8) and
 * size (8), ended by an entry of two zeros. */
#define FDT_RSV_ALIGN             8u
#define FDT_RSV_ADDRESS           0x0
#define FDT_RSV_SIZE              0x8
#define FDT_RSV_ENTRY_LEN         16u

/* Structure block: 4-byte tokens, each 4-byte aligned. */
#define FDT_TOKEN_ALIGN           4u
#define FDT_TOKEN_LEN             4u
#define FDT_BEGIN_NODE            0x1u   /* then the name, NUL, padding */
#define FDT_END_NODE              0x2u
#define FDT_PROP                  0x3u   /* then len, nameoff, value */
#define FDT_NOP                   0x4u
#define FDT_END                   0x9u
/* A property: offsets from its FDT_PROP token. */
#define FDT_PROP_LEN              0x4    /* value length in bytes */
#define FDT_PROP_NAMEOFF          0x8    /* name: offset in the strings */
#define FDT_PROP_VALUE            0xC    /* value, then padding to 4 */

#endif
