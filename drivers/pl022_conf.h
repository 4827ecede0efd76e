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

/* PL022_UNROLL: transfers in FIFO batches of up to eight frames, one BSY
 * poll a batch; receive-only ones (the data blocks) in whole batches
 * written and drained by straight-line code: one store, one load and one
 * store a byte.
 *   1: about 3.5 instructions a byte on the bus; costs flash (`make size`).
 *   0: a frame at a time: one store, one BSY poll and one load a byte,
 *      the direction tested per frame. The least code and the slowest
 *      bus (`make bench` prints the instructions a byte).
 */
#ifndef PL022_UNROLL
#define PL022_UNROLL (!EXTLOAD_TINY)
#endif

#endif
