/* A flattened device tree (DTB) reader and editor: freestanding, no
 * allocation, no recursion. Built when BOOT_FDT_EDIT (firmware/boot_conf.h).
 *
 *   fdt_check      validates a whole tree: header, blocks, a bounded walk
 *                  of the structure block (firmware/fdt/fdt.c)
 *   fdt_path, fdt_getprop, fdt_prop, fdt_cells, fdt_memory
 *                  the queries the loader needs (firmware/fdt/fdt.c)
 *   fdt_open_into  copies a checked tree into a buffer of the caller's
 *                  capacity, which the edits then grow into
 *   fdt_setprop, fdt_delprop, fdt_add_subnode, fdt_chosen,
 *                  fdt_set_chosen
 *                  the edits (firmware/fdt/fdt_edit.c)
 *
 * A node is named by the byte offset of its FDT_BEGIN_NODE token from the
 * start of the tree; an edit moves what follows its point of change, so
 * offsets found before an edit hold only for nodes before that point.
 * Every function returns 0 or a negative enum fdt_err; t->err_off then
 * holds the byte offset (from the tree's start) of what was refused, and
 * fdt_describe() says what and where.
 */
#ifndef EXTLOAD_FDT_H
#define EXTLOAD_FDT_H

#include <stdbool.h>
#include <stdint.h>

#include "firmware/boot_conf.h"

/* Nodes nested deeper than this (the root is depth 1) are refused. */
#ifndef FDT_DEPTH_MAX
#define FDT_DEPTH_MAX 16u
#endif

#define FDT_ERRORS(X) \
    X(FDT_OK,           0, "success") \
    X(FDT_ETRUNC,      -1, "header or totalsize past the end of the file") \
    X(FDT_EMAGIC,      -2, "not a device tree (bad magic)") \
    X(FDT_EVERSION,    -3, "version not readable (needs 16 on, compatible with 17)") \
    X(FDT_EBLOCK,      -4, "a block runs past totalsize") \
    X(FDT_EALIGN,      -5, "a block is misaligned") \
    X(FDT_EOVERLAP,    -6, "a block overlaps the header or another block") \
    X(FDT_ERSVMAP,     -7, "reservation map without its end entry") \
    X(FDT_ETOKEN,      -8, "unknown token") \
    X(FDT_ESTRUCT,     -9, "node or property past the structure block") \
    X(FDT_ENAME,      -10, "node name not terminated") \
    X(FDT_ENAMEOFF,   -11, "property name outside the strings block") \
    X(FDT_EDEPTH,     -12, "nodes nest deeper than FDT_DEPTH_MAX") \
    X(FDT_EENDNODE,   -13, "FDT_END_NODE closes no node") \
    X(FDT_ENOEND,     -14, "no FDT_END") \
    X(FDT_EUNBALANCED,-15, "FDT_END inside an open node") \
    X(FDT_EROOT,      -16, "not one root node named \"\"") \
    X(FDT_ENOTFOUND,  -17, "no such node or property") \
    X(FDT_ECELLS,     -18, "#address-cells or #size-cells not 1 or 2") \
    X(FDT_EBADPROP,   -19, "property of the wrong length") \
    X(FDT_ENOMEMORY,  -20, "no memory node with a reg range") \
    X(FDT_ENOSPACE,   -21, "no room left in the buffer") \
    X(FDT_EINPLACE,   -22, "cannot move the tree inside this buffer") \
    X(FDT_EINVAL,     -23, "bad argument") \
    FDT_OVERLAY_ERRORS(X)

/* fdt_overlay_apply's refusals: each names what of the overlay is wrong
 * (t->err_off in the overlay). */
#if BOOT_FDT_OVERLAY
#define FDT_OVERLAY_ERRORS(X) \
    X(FDT_ENOTARGET,  -24, "fragment with neither target nor target-path") \
    X(FDT_ETARGET,    -25, "fragment's target not found in the tree") \
    X(FDT_ESYMBOL,    -26, "label not in the tree's __symbols__, or its node has no phandle") \
    X(FDT_EFIXUP,     -27, "__fixups__ entry not path:property:offset of the overlay") \
    X(FDT_ELOCALFIXUP,-28, "__local_fixups__ entry names no node, property or cell of the overlay") \
    X(FDT_EPHANDLE,   -29, "phandle not one cell, 0, twice in a node or in two nodes, or past the last one") \
    X(FDT_ESYMPATH,   -30, "__symbols__ entry not a path to a fragment with __overlay__")
#define FDT_ERR_LAST FDT_ESYMPATH
#else
#define FDT_OVERLAY_ERRORS(X)
#define FDT_ERR_LAST FDT_EINVAL
#endif

enum fdt_err {
#define FDT_ERR_ENUM(name, value, text) name = (value),
    FDT_ERRORS(FDT_ERR_ENUM)
#undef FDT_ERR_ENUM
};

/* A checked tree, as fdt_check or fdt_open_into left it. */
struct fdt {
    const uint8_t *blob;
    uint8_t *buf;                 /* == blob once opened for edit; else NULL */
    uint32_t cap;                 /* the bytes every access stays inside:
                                   * buf's room once opened, totalsize
                                   * once checked */
    uint32_t size;                /* totalsize */
    uint32_t rsv_off, rsv_size;   /* the reservation map, its end entry in */
    uint32_t struct_off, struct_size;   /* up to and with FDT_END */
    uint32_t strings_off, strings_size;
    uint32_t boot_cpuid;
    uint32_t err_off;             /* where the last refusal was found */
};

/* What the loader puts in /chosen. */
struct fdt_chosen {
    const char *bootargs;         /* NULL: bootargs left as it is */
    bool initrd;                  /* false: linux,initrd-* removed */
    uint64_t initrd_start;        /* first byte */
    uint64_t initrd_end;          /* one past the last byte */
};

/* Checks the tree in blob[0..len) and fills *t (read-only: t->buf NULL).
 * Refuses: a header or totalsize past len, bad magic, a version before
 * 16 or last_comp_version after 17, a block outside totalsize, misaligned
 * or overlapping the header or another block, a reservation map without
 * its end entry, and in the structure block: a token, name or property
 * value past the block, an unterminated node name, a name offset outside
 * the strings block or unterminated there, unknown tokens, nesting past
 * FDT_DEPTH_MAX, END_NODE without BEGIN_NODE, no FDT_END, FDT_END in an
 * open node, anything but one root node named "" (properties outside it,
 * a second root). */
int fdt_check(struct fdt *t, const void *blob, uint32_t len);

/* The node at an absolute path ("/", "/chosen", "/soc/serial@10010000");
 * a component without '@' also matches a name with a unit address
 * ("/memory" finds "memory@80000000"), the first such in file order. */
int fdt_path(struct fdt *t, const char *path, uint32_t *node);
/* A property of a node: *val points into the tree, *len its length. */
int fdt_getprop(struct fdt *t, uint32_t node, const char *name,
                const uint8_t **val, uint32_t *len);
/* A property of one cell (4 bytes, else FDT_EBADPROP): its value. */
int fdt_getprop_u32(struct fdt *t, uint32_t node, const char *name,
                    uint32_t *v);
/* fdt_path then fdt_getprop. */
int fdt_prop(struct fdt *t, const char *path, const char *name,
             const uint8_t **val, uint32_t *len);
/* The root's #address-cells and #size-cells (2 and 1 when absent, as the
 * specification says); a present one must be 4 bytes long. */
int fdt_cells(struct fdt *t, uint32_t *addr_cells, uint32_t *size_cells);
/* The DRAM: of every reg range of every root child with device_type
 * "memory" (in file order), the first that holds addr, else the first
 * with a non-zero size. Cells as the root says (1 or 2 each). */
int fdt_memory(struct fdt *t, uint64_t addr, uint64_t *base, uint64_t *size);

/* Copies the checked tree src into buf[0..cap), blocks in the order
 * header, reservation map, structure, strings, with no gaps, as version
 * 17; the rest of cap is room for the edits. dst may be src; buf may be
 * src's own bytes or overlap them when it starts no later than the tree
 * and the tree's blocks are in that order (else FDT_EINPLACE). */
int fdt_open_into(struct fdt *dst, const struct fdt *src, void *buf,
                  uint32_t cap);
/* Sets a property of a node: replaced in place when it exists (the
 * structure block grows or shrinks by its padded length), else added
 * after the node's last property; its name is reused from the strings
 * block when there, else appended. FDT_ENOSPACE changes nothing. */
int fdt_setprop(struct fdt *t, uint32_t node, const char *name,
                const void *val, uint32_t len);
/* Removes a property; FDT_ENOTFOUND when the node has none of that name. */
int fdt_delprop(struct fdt *t, uint32_t node, const char *name);
/* A node called name (at most FDT_NODE_NAME_MAX bytes, unit address
 * included) added as parent's last child, with no properties: its
 * offset into *node. The caller checks it is not there yet. */
#define FDT_NODE_NAME_MAX 63u
int fdt_add_subnode(struct fdt *t, uint32_t parent, const char *name,
                    uint32_t *node);
/* /chosen, created as the root's last child when missing. */
int fdt_chosen(struct fdt *t, uint32_t *node);
/* The loader's edit of /chosen: bootargs when given; with an initrd,
 * linux,initrd-start and linux,initrd-end in as many cells as the root's
 * #address-cells (1: 32-bit, 2: 64-bit); without one, both removed (they
 * would name memory the loader may have used). Every other property and
 * node is kept byte for byte. On an error the tree is still valid but may
 * hold part of the edit. */
int fdt_set_chosen(struct fdt *t, const struct fdt_chosen *c);

#if BOOT_FDT_OVERLAY
/* Applies the overlay ov[0..ov_len) to t (opened for edit), as libfdt's
 * fdt_overlay_apply does (firmware/fdt/fdt_overlay.c). The overlay's
 * bytes are patched in place (its phandles and fixups) and must lie
 * outside t's buffer; o gets the overlay as checked. t's bytes wait at
 * the top of its buffer while the overlay is written (the buffer holds
 * the tree twice and what the overlay adds): on an error t is as it was
 * and o->err_off says where in the overlay (fdt_describe(o, ...)).
 * Refused where libfdt applies: nesting past FDT_DEPTH_MAX, an overlay
 * phandle of 0, one two nodes share or a node holds twice. */
int fdt_overlay_apply(struct fdt *t, struct fdt *o, void *ov,
                      uint32_t ov_len);
#endif

const char *fdt_strerror(int err);
/* "device tree byte 0x1a4: <sentence>" (or the table and number without
 * BOOT_MESSAGES) into buf[0..len), NUL-terminated; returns its length. */
uint32_t fdt_describe(const struct fdt *t, int err, char *buf, uint32_t len);

#endif
