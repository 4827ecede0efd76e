/* Build options of the PL022 SSI driver (drivers/pl022.c), in the manner
 * of drivers/sdspi_conf.h: set them with -D; this header supplies the
 * defaults. The default profile takes the fast code, the tiny profile
 * (-DEXTLOAD_TINY=1) the compact one. Costs are arm-none-eabi-gcc 12
 * -mcpu=cortex-m3 -mthumb -Os bytes of flash (`make size`:
 * tests/bench/sdconf.py), speeds guest instructions per byte under QEMU
 * -icount shift=0 (`make bench`).
 */
#ifndef EXTLOAD_PL022_CONF_H
#define EXTLOAD_PL022_CONF_H

#ifndef EXTLOAD_TINY
#define EXTLOAD_TINY 0
#endif

/* PL022_UNROLL: receive-only transfers (the data blocks) in whole FIFO
 * batches of eight frames written and drained by straight-line code: one
 * store, one load and one store a byte, one BSY poll a batch.
 *   1: about 3.5 instructions a byte on the bus; costs flash (`make size`).
 *      The raw CMD18 loop goes from 17.5 to 11.1 instructions a byte.
 *   0: the general batch loop, one loop per direction with a counter.
 */
#ifndef PL022_UNROLL
#define PL022_UNROLL (!EXTLOAD_TINY)
#endif

#endif
