/* Build options of the SD path (drivers/sdspi*.c, drivers/pl022.c), in
 * the manner of FatFs's ffconf.h: each one says what it does and what it
 * costs. Set them with -D on the compiler's command line; this header only
 * supplies the defaults. The default build is the fast one; a "tiny"
 * profile sets SDSPI_FAST=0 and keeps the compact code.
 *
 * Costs are arm-none-eabi-gcc 12 -mcpu=cortex-m3 -mthumb -Os bytes of
 * flash (`make size`), speeds guest instructions per byte under QEMU
 * -icount shift=0 (`make bench`, tests/bench/RESULTS.md).
 */
#ifndef EXTLOAD_SDSPI_CONFIG_H
#define EXTLOAD_SDSPI_CONFIG_H

/* SDSPI_FAST: the default for the two options below (1 fast, 0 compact).
 */
#ifndef SDSPI_FAST
#define SDSPI_FAST 1
#endif

/* SDSPI_CRC16_TABLE: the data CRC16 of every 512-byte block by a
 * 256-entry table of 16-bit remainders, four bytes per loop step.
 *   1: about 5 instructions a byte; costs the 512-byte table plus about
 *      60 bytes of code over the compact form.
 *   0: the eight bit steps folded into shifts of the register itself,
 *      about 12 instructions a byte, no table.
 */
#ifndef SDSPI_CRC16_TABLE
#define SDSPI_CRC16_TABLE SDSPI_FAST
#endif

/* PL022_UNROLL: whole FIFO batches (eight frames) written and drained by
 * straight-line code, one store or one load and one store per byte, and
 * the receive-only case (the data blocks) apart from full duplex.
 *   1: about 3 instructions a byte on the bus; costs about 200 bytes.
 *   0: one loop per direction with a counter, about 6 a byte.
 */
#ifndef PL022_UNROLL
#define PL022_UNROLL SDSPI_FAST
#endif

#endif
