/* The CRCs the on-disk formats use (fs/'s ext4, jbd2 and GPT, the
 * firmware's uImage header): one module, lib/crc.c. None inverts before
 * or after; each caller does what its format says. */
#ifndef EXTLOAD_CRC_H
#define EXTLOAD_CRC_H

#include <stdint.h>

/* CRC32_NIBBLES
 *   1: crc32 folds each byte through a table of 16 remainders (64 bytes
 *      of flash), as crc32c and crc16 always do.
 *   0: crc32 bit by bit, no table: the tiny profile, whose reader checks
 *      no metadata checksum (fs/ext_conf.h EXT_CSUM_VERIFY 0) and sums
 *      only a GPT's header and entry array, once a boot. */
#ifndef EXTLOAD_TINY
#define EXTLOAD_TINY 0
#endif
#ifndef CRC32_NIBBLES
#define CRC32_NIBBLES (!EXTLOAD_TINY)
#endif

/* CRC32_TABLE
 *   1: ext_crc32_bulk folds a byte at a time through a table of 256
 *      remainders (1 KiB of flash), twice the nibble loop's speed: what
 *      checks an inflated kernel (firmware/inflate), megabytes a boot.
 *      Linked only where called (--gc-sections): make size prices it
 *      with BOOT_GZIP.
 *   0: ext_crc32_bulk is ext_crc32. */
#ifndef CRC32_TABLE
#define CRC32_TABLE (!EXTLOAD_TINY)
#endif

/* crc32c (Castagnoli 0x1EDC6F41, reflected): ext4 metadata_csum, jbd2
 * checksums v2/v3. */
uint32_t ext_crc32c(uint32_t crc, const void *p, uint32_t n);
/* crc32 (IEEE 0x04C11DB7, reflected): GPT headers and entry arrays. */
uint32_t ext_crc32(uint32_t crc, const void *p, uint32_t n);
/* The same, for bulk data (CRC32_TABLE). */
uint32_t ext_crc32_bulk(uint32_t crc, const void *p, uint32_t n);
/* crc32 (IEEE 0x04C11DB7, MSB first): jbd2 checksum v1. */
uint32_t ext_crc32_be(uint32_t crc, const void *p, uint32_t n);
/* crc16 (ANSI 0x8005, reflected): gdt_csum group descriptors. */
uint16_t ext_crc16(uint16_t crc, const void *p, uint32_t n);

#endif
