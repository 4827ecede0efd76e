/* The CRCs the on-disk formats use, for every reader in fs/: one module
 * (fs/ext_csum.c). None inverts before or after; each caller does what
 * its format says. */
#ifndef EXTLOAD_CRC_H
#define EXTLOAD_CRC_H

#include <stdint.h>

/* crc32c (Castagnoli 0x1EDC6F41, reflected): ext4 metadata_csum, jbd2
 * checksums v2/v3. */
uint32_t ext_crc32c(uint32_t crc, const void *p, uint32_t n);
/* crc32 (IEEE 0x04C11DB7, reflected): GPT headers and entry arrays. */
uint32_t ext_crc32(uint32_t crc, const void *p, uint32_t n);
/* crc32 (IEEE 0x04C11DB7, MSB first): jbd2 checksum v1. */
uint32_t ext_crc32_be(uint32_t crc, const void *p, uint32_t n);
/* crc16 (ANSI 0x8005, reflected): gdt_csum group descriptors. */
uint16_t ext_crc16(uint16_t crc, const void *p, uint32_t n);

#endif
