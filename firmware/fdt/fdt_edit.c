/* The device tree editor: a checked tree copied into a buffer with room,
 * then properties set or removed and /chosen made (firmware/fdt/fdt.h).
 *
 * An opened tree always has its blocks in this order, with no gaps:
 *
 *   0x00 header (40)  0x28 reservation map  struct_off structure block
 *   strings_off strings block  size (totalsize) ... cap: free room
 *
 * so an edit of the structure block moves everything after its point of
 * change (the rest of the structure block and the strings) by a multiple
 * of 4, keeping every token aligned, and a new name goes at the end.
 */
#include "firmware/boot_conf.h"

#if BOOT_FDT_EDIT

#include <stdbool.h>
#include <stddef.h>

#include "firmware/fdt/fdt_priv.h"
#include "lib/be.h"

/* The writes, as fdt_byte and fdt_word read: none past t->cap. */
static void put_byte(struct fdt *t, uint32_t off, uint8_t v)
{
    if (off < t->cap)
        t->buf[off] = v;
}

static void put_word(struct fdt *t, uint32_t off, uint32_t v)
{
    if (t->cap >= FDT_TOKEN_LEN && off <= t->cap - FDT_TOKEN_LEN)
        put_be32(t->buf + off, v);
}

/* n bytes of src at off: its bytes, then zeros past its end. */
static void put_text(struct fdt *t, uint32_t off,
                     const struct fdt_text *src, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        put_byte(t, off + i, fdt_text_byte(src, i));
}

/* A text of no bytes: put_text of it writes zeros. */
static const struct fdt_text zeros;

/* n bytes of src at from to dst at to, first to last: a move down in
 * one buffer, or from another. */
static void copy_down(struct fdt *dst, uint32_t to, const struct fdt *src,
                      uint32_t from, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        put_byte(dst, to + i, fdt_byte(src, from + i));
}

/* The header fields an edit changes. */
static void sync_header(struct fdt *t)
{
    put_word(t, FDT_HDR_TOTALSIZE, t->size);
    put_word(t, FDT_HDR_OFF_DT_STRINGS, t->strings_off);
    put_word(t, FDT_HDR_SIZE_DT_STRINGS, t->strings_size);
    put_word(t, FDT_HDR_SIZE_DT_STRUCT, t->struct_size);
}

/* old_len bytes of the structure block at `at` become new_len bytes
 * (the caller checked the room); what follows moves with them. */
static void splice(struct fdt *t, uint32_t at, uint32_t old_len,
                   uint32_t new_len)
{
    uint32_t n = t->size - at - old_len;

    if (new_len <= old_len)
        copy_down(t, at + new_len, t, at + old_len, n);
    else
        while (n--)              /* a move up: last to first */
            put_byte(t, at + new_len + n,
                     fdt_byte(t, at + old_len + n));
    t->struct_size += new_len - old_len;
    t->strings_off += new_len - old_len;
    t->size += new_len - old_len;
}

/* Room for need more bytes, else FDT_ENOSPACE at the buffer's end. */
static int room(struct fdt *t, uint32_t need)
{
    if (!t->buf)
        return fdt_fail(t, 0, FDT_EINVAL);
    return need > t->cap - t->size ? fdt_fail(t, t->cap, FDT_ENOSPACE) : 0;
}

int fdt_open_into(struct fdt *dst, const struct fdt *src, void *buf,
                  uint32_t cap)
{
    const struct fdt s = *src;
    struct fdt o = s;
    uint8_t *d = buf;
    uintptr_t from = (uintptr_t)s.blob, to = (uintptr_t)d;
    uint32_t st = FDT_HDR_V17_LEN + s.rsv_size;
    uint32_t str = st + s.struct_size, size = str + s.strings_size;

    if (cap > FDT_SIZE_MAX)
        cap = FDT_SIZE_MAX;
    if (size > cap)
        return fdt_fail(dst, cap, FDT_ENOSPACE);
    /* Moving each block down, in order, never overwrites one not yet
     * moved: that needs the buffer to start no later than the tree and
     * the blocks in the order they are written. */
    if (to < from + s.size && from < to + cap &&
        (to > from || s.rsv_off > s.struct_off ||
         (s.strings_size && s.struct_off > s.strings_off)))
        return fdt_fail(dst, 0, FDT_EINPLACE);
    o.blob = o.buf = d;
    o.cap = cap;
    o.size = size;
    o.rsv_off = FDT_HDR_V17_LEN;
    o.struct_off = st;
    o.strings_off = str;
    o.err_off = 0;
    copy_down(&o, FDT_HDR_V17_LEN, &s, s.rsv_off, s.rsv_size);
    copy_down(&o, st, &s, s.struct_off, s.struct_size);
    copy_down(&o, str, &s, s.strings_off, s.strings_size);
    put_word(&o, FDT_HDR_MAGIC, FDT_MAGIC);
    put_word(&o, FDT_HDR_OFF_DT_STRUCT, st);
    put_word(&o, FDT_HDR_OFF_MEM_RSVMAP, FDT_HDR_V17_LEN);
    put_word(&o, FDT_HDR_VERSION, FDT_VERSION_OUT);
    put_word(&o, FDT_HDR_LAST_COMP_VERSION, FDT_LAST_COMP_OUT);
    put_word(&o, FDT_HDR_BOOT_CPUID_PHYS, s.boot_cpuid);
    sync_header(&o);
    *dst = o;
    return 0;
}

/* fdt_setprop_room with the value's offset in *val. */
static int setprop_at(struct fdt *t, uint32_t node,
                      const struct fdt_text *name, uint32_t len,
                      uint32_t *val)
{
    uint32_t prop, nlen = name->len + 1u, nameoff, old, pad = fdt_align4(len);
    /* No value or name longer than the buffer: pad, and every sum below,
     * stay inside 32 bits. */
    int rc = room(t, len > t->cap ? len : name->len > t->cap ? name->len : 0);

    *val = 0;
    if (rc)
        return rc;
    rc = fdt_find_prop_text(t, node, name, &prop);
    if (!rc) {
        old = fdt_align4(fdt_word(t, prop + FDT_PROP_LEN));
        if (pad > old && (rc = room(t, pad - old)))
            return rc;
        splice(t, prop + FDT_PROP_VALUE, old, pad);
    } else if (rc == FDT_ENOTFOUND) {
        /* Any string ending in name and its NUL serves. */
        for (nameoff = 0; nameoff + nlen <= t->strings_size; nameoff++)
            if (fdt_name_at(t, t->strings_off + nameoff, name))
                break;
        if (nameoff + nlen > t->strings_size)
            nameoff = t->strings_size;
        rc = room(t, FDT_PROP_VALUE + pad +
                         (nameoff == t->strings_size ? nlen : 0));
        if (rc)
            return rc;
        if (nameoff == t->strings_size) {
            put_text(t, t->strings_off + nameoff, name, nlen);
            t->strings_size += nlen;
            t->size += nlen;
        }
        splice(t, prop, 0, FDT_PROP_VALUE + pad);
        put_word(t, prop, FDT_PROP);
        put_word(t, prop + FDT_PROP_NAMEOFF, nameoff);
    } else {
        return rc;
    }
    put_word(t, prop + FDT_PROP_LEN, len);
    put_text(t, prop + FDT_PROP_VALUE + len, &zeros, pad - len);
    sync_header(t);
    *val = prop + FDT_PROP_VALUE;
    return 0;
}

#if BOOT_FDT_OVERLAY
int fdt_setprop_room(struct fdt *t, uint32_t node,
                     const struct fdt_text *name, uint32_t len,
                     uint32_t *val)
{
    return setprop_at(t, node, name, len, val);
}
#endif

int fdt_setprop(struct fdt *t, uint32_t node, const char *name,
                const void *val, uint32_t len)
{
    const struct fdt_text n =
        fdt_text_of(name, fdt_str_len(name, FDT_SIZE_MAX));
    const struct fdt_text v = fdt_text_of(val, len);
    uint32_t at;
    int rc = setprop_at(t, node, &n, len, &at);

    if (!rc)
        put_text(t, at, &v, len);
    return rc;
}

int fdt_delprop(struct fdt *t, uint32_t node, const char *name)
{
    uint32_t prop;
    int rc = room(t, 0);

    if (!rc)
        rc = fdt_find_prop(t, node, name, &prop);
    if (rc)
        return rc;
    splice(t, prop, FDT_PROP_VALUE +
                        fdt_align4(fdt_word(t, prop + FDT_PROP_LEN)), 0);
    sync_header(t);
    return 0;
}

/* A node called name with no properties made at off, room checked. */
static void insert_node(struct fdt *t, uint32_t off,
                        const struct fdt_text *name, uint32_t *node)
{
    uint32_t size = fdt_node_size(name->len);

    splice(t, off, 0, size);
    put_word(t, off, FDT_BEGIN_NODE);
    /* The name, its NUL and padding. */
    put_text(t, off + FDT_TOKEN_LEN, name, size - 2u * FDT_TOKEN_LEN);
    put_word(t, off + size - FDT_TOKEN_LEN, FDT_END_NODE);
    sync_header(t);
    *node = off;
}

#if BOOT_FDT_OVERLAY
int fdt_add_subnode_first(struct fdt *t, uint32_t parent,
                          const struct fdt_text *name, uint32_t *node)
{
    uint32_t off, next;
    int tok = room(t, 0);

    if (tok)
        return tok;
    if (name->len > t->cap)
        return fdt_fail(t, t->cap, FDT_ENOSPACE);
    tok = room(t, fdt_node_size(name->len));
    if (tok)
        return tok;
    tok = fdt_token(t, parent, &off);
    if (tok != FDT_BEGIN_NODE)
        return tok < 0 ? tok : fdt_fail(t, parent, FDT_EINVAL);
    /* Past the parent's properties: its first child's place. */
    for (;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok != FDT_PROP && tok != FDT_NOP)
            break;
    }
    insert_node(t, off, name, node);
    return 0;
}
#endif

int fdt_add_subnode(struct fdt *t, uint32_t parent, const char *name,
                    uint32_t *node)
{
    uint32_t n = fdt_str_len(name, FDT_NODE_NAME_MAX);
    const struct fdt_text text = fdt_text_of(name, n);
    uint32_t off, next, depth = 0;
    int tok;

    *node = 0;
    if (n == 0 || n > FDT_NODE_NAME_MAX)
        return fdt_fail(t, parent, FDT_EINVAL);
    tok = room(t, fdt_node_size(n));
    if (tok)
        return tok;
    /* The parent's FDT_END_NODE: the first to bring the depth back to 0. */
    for (off = parent;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END)
            return fdt_fail(t, off, FDT_EROOT);
        if (tok == FDT_BEGIN_NODE)
            depth++;
        else if (tok == FDT_END_NODE && !--depth)
            break;
    }
    insert_node(t, off, &text, node);
    return 0;
}

int fdt_chosen(struct fdt *t, uint32_t *node)
{
    int tok = fdt_path(t, "/chosen", node);

    if (tok != FDT_ENOTFOUND)
        return tok;
    return fdt_add_subnode(t, t->struct_off, "chosen", node);
}

int fdt_set_chosen(struct fdt *t, const struct fdt_chosen *c)
{
    static const char *const names[2] = {
        "linux,initrd-start", "linux,initrd-end",
    };
    const uint64_t addr[2] = { c->initrd_start, c->initrd_end };
    uint8_t cells[8] = { 0 };
    uint32_t ac = 0, sc, node, i, n;
    int rc;

    if (c->initrd) {
        if (c->initrd_end < c->initrd_start)
            return fdt_fail(t, 0, FDT_EINVAL);
        rc = fdt_cells(t, &ac, &sc);
        if (rc)
            return rc;
        if (ac - 1u > 1u || (ac == 1 && c->initrd_end >> 32))
            return fdt_fail(t, t->struct_off, FDT_ECELLS);
    }
    rc = fdt_chosen(t, &node);
    if (!rc && c->bootargs)
        rc = fdt_setprop(t, node, "bootargs", c->bootargs,
                         fdt_str_len(c->bootargs, t->cap) + 1);
    for (i = 0; !rc && i < 2; i++) {
        if (!c->initrd) {
            /* Every copy: each pass removes 12 bytes or more. */
            while (!(rc = fdt_delprop(t, node, names[i])))
                ;
            if (rc == FDT_ENOTFOUND)
                rc = 0;
            continue;
        }
        /* 2 cells: the high word first. */
        n = ac == 2 ? 4u : 0u;
        put_be32(cells, (uint32_t)(addr[i] >> 32));
        put_be32(cells + n, (uint32_t)addr[i]);
        rc = fdt_setprop(t, node, names[i], cells, n + 4u);
    }
    return rc;
}

#endif /* BOOT_FDT_EDIT */
