/* The RAM a RISC-V board has, read from the flattened device tree the
 * previous stage passes in a1: the first (address, size) pair of the
 * /memory node's reg, and how many harts /cpus lists (its cpu@N nodes).
 * Nothing else of the tree is read (firmware/fdt/fdt.c is
 * the editor); every offset and length is checked against the header and
 * the bytes the caller says are readable, and the walk is bounded by the
 * structure block's length and FDT_MEM_DEPTH_MAX.
 */
#ifndef EXTLOAD_RISCV_FDT_MEM_H
#define EXTLOAD_RISCV_FDT_MEM_H

#include <stdint.h>

#define FDT_MEM_MAGIC 0xD00DFEEDu
#define FDT_MEM_HEADER_SIZE 40u
#define FDT_MEM_DEPTH_MAX 16u         /* nesting the walk accepts */

#define FDT_MEM_ERRORS(X) \
    X(FDT_MEM_OK,       0, "success") \
    X(FDT_MEM_EMAGIC,  -1, "no device tree (bad magic)") \
    X(FDT_MEM_EHEADER, -2, "the header's sizes or offsets are out of bounds") \
    X(FDT_MEM_ESTRUCT, -3, "the structure block is malformed") \
    X(FDT_MEM_ENOMEM,  -4, "no /memory node with a usable reg")

enum fdt_mem_err {
#define FDT_MEM_ENUM(name, value, text) name = value,
    FDT_MEM_ERRORS(FDT_MEM_ENUM)
#undef FDT_MEM_ENUM
};

struct fdt_mem {
    uint32_t totalsize;               /* the tree's bytes (header field) */
    uint64_t base;                    /* /memory's first reg entry */
    uint64_t size;
    uint32_t harts;                   /* /cpus/cpu@N nodes, any status */
};

/* The header at fdt, readable for `avail` bytes: 0 and its totalsize, or
 * FDT_MEM_EMAGIC / FDT_MEM_EHEADER. */
int fdt_mem_header(const uint8_t *fdt, uint32_t avail, uint32_t *totalsize);
/* The tree at fdt (readable for `avail` bytes): fills *m, or returns a
 * negative FDT_MEM_E... code. */
int fdt_mem_read(const uint8_t *fdt, uint32_t avail, struct fdt_mem *m);
const char *fdt_mem_strerror(int err);

#endif
