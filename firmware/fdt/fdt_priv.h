/* What firmware/fdt/fdt.c shares with firmware/fdt/fdt_edit.c. */
#ifndef EXTLOAD_FDT_PRIV_H
#define EXTLOAD_FDT_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "firmware/fdt/fdt.h"
#include "firmware/fdt/fdt_format.h"

/* A tree (and the room an edit may grow it into) is at most this long,
 * so that sums of its offsets and lengths stay inside 32 bits. */
#define FDT_SIZE_MAX 0x7fff0000u

static inline uint32_t fdt_align4(uint32_t n)
{
    return (n + 3u) & ~3u;
}

/* The bytes a node named name[0..n) takes with no properties:
 * FDT_BEGIN_NODE, the name, its NUL and padding, FDT_END_NODE. */
static inline uint32_t fdt_node_size(uint32_t n)
{
    return 2u * FDT_TOKEN_LEN + fdt_align4(n + 1u);
}

/* Every read and write of a tree's bytes goes through these, none past
 * t->cap, whatever offset the tree's own bytes made: the byte at off (0
 * past cap), the big-endian word at off (FDT_NO_WORD past cap: a token,
 * length and name offset nothing accepts). */
#define FDT_NO_WORD 0xffffffffu
uint8_t fdt_byte(const struct fdt *t, uint32_t off);
uint32_t fdt_word(const struct fdt *t, uint32_t off);

/* A name, path or value the reader compares or copies: the len bytes at
 * off of the end bytes at base (a tree's blob and cap, or a C string and
 * its length), each read through fdt_text_byte, 0 past len or end: a walk
 * of a text stays inside the buffer it lies in, whatever its bytes made
 * of off and len. */
struct fdt_text {
    const uint8_t *base;
    uint32_t end, off, len;
};

static inline struct fdt_text fdt_text_in(const struct fdt *f, uint32_t off,
                                          uint32_t len)
{
    return (struct fdt_text){ f->blob, f->cap, off, len };
}

static inline struct fdt_text fdt_text_of(const void *s, uint32_t len)
{
    return (struct fdt_text){ s, len, 0, len };
}

static inline uint8_t fdt_text_byte(const struct fdt_text *x, uint32_t i)
{
    uint32_t at = x->off + i;

    return i < x->len && at < x->end ? x->base[at] : 0;
}

/* Is the NUL-terminated string at off in t the name? */
bool fdt_name_at(const struct fdt *t, uint32_t off,
                 const struct fdt_text *name);

/* Records where err was found; returns err. */
int fdt_fail(struct fdt *t, uint32_t off, int err);

/* The token at byte offset off of the tree, checked against the structure
 * block (and a property's name against the strings block); *next is the
 * offset of the token after it. Returns the token or a negative error. */
int fdt_token(struct fdt *t, uint32_t off, uint32_t *next);

/* The length of s, stopping past max. */
static inline uint32_t fdt_str_len(const char *s, uint32_t max)
{
    uint32_t n = 0;

    while (n <= max && s[n])
        n++;
    return n;
}

/* A node's property called name: 0 and *prop (its FDT_PROP's offset), or
 * FDT_ENOTFOUND and *prop = where the node's properties end (its first
 * child or its FDT_END_NODE). */
int fdt_find_prop_text(struct fdt *t, uint32_t node,
                       const struct fdt_text *name, uint32_t *prop);
/* The same for a NUL-terminated name. */
int fdt_find_prop(struct fdt *t, uint32_t node, const char *name,
                  uint32_t *prop);

/* Does the node name at off in t (NUL-terminated) match the path
 * component that starts at byte `at` of path (up to '/', NUL or its end)?
 * A component without '@' matches a name with a unit address too, as
 * libfdt's lookups do. *end: where the component ends in path. */
bool fdt_component_at(const struct fdt *t, uint32_t off,
                      const struct fdt_text *path, uint32_t at,
                      uint32_t *end);

/* fdt_path of a text (not NUL-terminated). */
int fdt_path_text(struct fdt *t, const struct fdt_text *path,
                  uint32_t *node);

/* fdt_setprop, the value's len bytes left for the caller to write at
 * offset *val of t (their padding zeroed). */
int fdt_setprop_room(struct fdt *t, uint32_t node,
                     const struct fdt_text *name, uint32_t len,
                     uint32_t *val);

/* A child node called name of parent, placed first among its children
 * (after its properties), as libfdt's fdt_add_subnode places one (the
 * overlays' order; fdt.h's fdt_add_subnode appends one, as the loader's
 * own nodes go); *node: its offset. FDT_ENOSPACE changes nothing. */
int fdt_add_subnode_first(struct fdt *t, uint32_t parent,
                          const struct fdt_text *name, uint32_t *node);

#endif
