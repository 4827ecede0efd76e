/* The device tree reader: fdt_check's validation of a whole tree, and the
 * queries the loader asks of a checked one (firmware/fdt/fdt.h). */
#include "firmware/boot_conf.h"

#if BOOT_FDT_EDIT

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "firmware/fdt/fdt_priv.h"
#include "lib/be.h"
#include "lib/num.h"

int fdt_fail(struct fdt *t, uint32_t off, int err)
{
    t->err_off = off;
    return err;
}

uint8_t fdt_byte(const struct fdt *t, uint32_t off)
{
    return off < t->cap ? t->blob[off] : 0;
}

uint32_t fdt_word(const struct fdt *t, uint32_t off)
{
    if (t->cap < FDT_TOKEN_LEN || off > t->cap - FDT_TOKEN_LEN)
        return FDT_NO_WORD;
    return be32(t->blob + off);
}

/* off + len, no further than the tree's bytes (t->cap). */
static uint32_t block_end(const struct fdt *t, uint32_t off, uint32_t len)
{
    uint32_t end = off + len;

    return end > t->cap ? t->cap : end;
}

int fdt_token(struct fdt *t, uint32_t off, uint32_t *next)
{
    const uint8_t *b = t->blob;
    uint32_t end = block_end(t, t->struct_off, t->struct_size);
    uint32_t at = off + FDT_TOKEN_LEN, len, s, send;
    uint32_t tok;

    if (off >= end || end - off < FDT_TOKEN_LEN)
        return fdt_fail(t, off, FDT_ENOEND);
    tok = fdt_word(t, off);
    switch (tok) {
    case FDT_BEGIN_NODE:
        while (at < end && b[at])
            at++;
        if (at >= end)
            return fdt_fail(t, off + FDT_TOKEN_LEN, FDT_ENAME);
        at = fdt_align4(at + 1);
        break;
    case FDT_PROP:
        if (end - off < FDT_PROP_VALUE)
            return fdt_fail(t, off, FDT_ESTRUCT);
        len = fdt_word(t, off + FDT_PROP_LEN);
        if (len > end - off - FDT_PROP_VALUE)
            return fdt_fail(t, off + FDT_PROP_LEN, FDT_ESTRUCT);
        at = off + FDT_PROP_VALUE + fdt_align4(len);
        s = fdt_word(t, off + FDT_PROP_NAMEOFF);
        send = block_end(t, t->strings_off, t->strings_size);
        if (s >= t->strings_size)
            return fdt_fail(t, off + FDT_PROP_NAMEOFF, FDT_ENAMEOFF);
        for (s += t->strings_off; s < send && b[s]; s++)
            ;
        if (s >= send)
            return fdt_fail(t, off + FDT_PROP_NAMEOFF, FDT_ENAMEOFF);
        break;
    case FDT_END_NODE:
    case FDT_NOP:
    case FDT_END:
        break;
    default:
        return fdt_fail(t, off, FDT_ETOKEN);
    }
    if (at > end)
        return fdt_fail(t, off, FDT_ESTRUCT);
    *next = at;
    return (int)tok;
}

/* A block inside totalsize, past the header, aligned; field names its
 * offset in the header. */
static int check_block(struct fdt *t, uint32_t hdr_len, uint32_t off,
                       uint32_t len, uint32_t field, uint32_t align)
{
    if (off & (align - 1u))
        return fdt_fail(t, field, FDT_EALIGN);
    if (off < hdr_len)
        return fdt_fail(t, field, FDT_EOVERLAP);
    if (off > t->size || len > t->size - off)
        return fdt_fail(t, field, FDT_EBLOCK);
    return 0;
}

static bool overlap(uint32_t a, uint32_t alen, uint32_t b, uint32_t blen)
{
    return alen && blen && a < b + blen && b < a + alen;
}

/* The structure block: one root named "", nodes balanced and no deeper
 * than FDT_DEPTH_MAX, properties inside nodes, FDT_END last; sets
 * struct_size to end with FDT_END. */
static int check_struct(struct fdt *t)
{
    uint32_t off = t->struct_off, next, depth = 0;
    bool closed = false;
    int tok;

    /* Each token moves off on by 4 bytes or more, inside the block. */
    for (;;) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_BEGIN_NODE) {
            if (closed || (!depth && fdt_byte(t, off + FDT_TOKEN_LEN)))
                return fdt_fail(t, off, FDT_EROOT);
            if (++depth > FDT_DEPTH_MAX)
                return fdt_fail(t, off, FDT_EDEPTH);
        } else if (tok == FDT_END_NODE) {
            if (!depth)
                return fdt_fail(t, off, FDT_EENDNODE);
            closed = --depth == 0;
        } else if (tok == FDT_PROP) {
            if (!depth)
                return fdt_fail(t, off, FDT_EROOT);
        } else if (tok == FDT_END) {
            if (depth)
                return fdt_fail(t, off, FDT_EUNBALANCED);
            if (!closed)
                return fdt_fail(t, off, FDT_EROOT);
            t->struct_size = next - t->struct_off;
            return 0;
        }
        off = next;
    }
}

static int check_overlap(struct fdt *t)
{
    if (overlap(t->rsv_off, t->rsv_size, t->struct_off, t->struct_size))
        return fdt_fail(t, t->rsv_off > t->struct_off ? t->rsv_off
                                                      : t->struct_off,
                        FDT_EOVERLAP);
    if (overlap(t->rsv_off, t->rsv_size, t->strings_off, t->strings_size) ||
        overlap(t->struct_off, t->struct_size, t->strings_off,
                t->strings_size))
        return fdt_fail(t, t->strings_off, FDT_EOVERLAP);
    return 0;
}

int fdt_check(struct fdt *t, const void *blob, uint32_t len)
{
    const uint8_t *b = blob;
    uint32_t version, hdr_len, off;
    int rc;

    memset(t, 0, sizeof(*t));
    t->blob = b;
    if (len < FDT_HDR_V16_LEN)
        return fdt_fail(t, 0, FDT_ETRUNC);
    if (be32(b + FDT_HDR_MAGIC) != FDT_MAGIC)
        return fdt_fail(t, FDT_HDR_MAGIC, FDT_EMAGIC);
    version = be32(b + FDT_HDR_VERSION);
    if (version < FDT_VERSION_MIN)
        return fdt_fail(t, FDT_HDR_VERSION, FDT_EVERSION);
    if (be32(b + FDT_HDR_LAST_COMP_VERSION) > FDT_LAST_COMP_MAX)
        return fdt_fail(t, FDT_HDR_LAST_COMP_VERSION, FDT_EVERSION);
    hdr_len = version > 16 ? FDT_HDR_V17_LEN : FDT_HDR_V16_LEN;
    if (len < hdr_len)
        return fdt_fail(t, 0, FDT_ETRUNC);
    t->size = be32(b + FDT_HDR_TOTALSIZE);
    if (t->size > len || t->size < hdr_len || t->size > FDT_SIZE_MAX)
        return fdt_fail(t, FDT_HDR_TOTALSIZE, FDT_ETRUNC);
    t->cap = t->size;
    t->rsv_off = be32(b + FDT_HDR_OFF_MEM_RSVMAP);
    t->struct_off = be32(b + FDT_HDR_OFF_DT_STRUCT);
    t->strings_off = be32(b + FDT_HDR_OFF_DT_STRINGS);
    t->strings_size = be32(b + FDT_HDR_SIZE_DT_STRINGS);
    t->boot_cpuid = be32(b + FDT_HDR_BOOT_CPUID_PHYS);
    /* Version 16 has no size_dt_struct: the walk below finds FDT_END
     * anywhere up to totalsize. */
    if (version > 16)
        t->struct_size = be32(b + FDT_HDR_SIZE_DT_STRUCT);
    else if (t->struct_off <= t->size)
        t->struct_size = t->size - t->struct_off;
    rc = check_block(t, hdr_len, t->rsv_off, 0, FDT_HDR_OFF_MEM_RSVMAP,
                     FDT_RSV_ALIGN);
    if (!rc)
        rc = check_block(t, hdr_len, t->struct_off, t->struct_size,
                         FDT_HDR_OFF_DT_STRUCT, FDT_TOKEN_ALIGN);
    if (!rc)
        rc = check_block(t, hdr_len, t->strings_off, t->strings_size,
                         FDT_HDR_OFF_DT_STRINGS, 1);
    if (rc)
        return rc;
    /* The reservation map has no size field: it ends at its entry of
     * two zeros. */
    for (off = t->rsv_off;; off += FDT_RSV_ENTRY_LEN) {
        if (t->size - off < FDT_RSV_ENTRY_LEN)
            return fdt_fail(t, t->rsv_off, FDT_ERSVMAP);
        if (!(fdt_word(t, off + FDT_RSV_ADDRESS) |
              fdt_word(t, off + FDT_RSV_ADDRESS + 4u) |
              fdt_word(t, off + FDT_RSV_SIZE) |
              fdt_word(t, off + FDT_RSV_SIZE + 4u)))
            break;
    }
    t->rsv_size = off + FDT_RSV_ENTRY_LEN - t->rsv_off;
    /* Version 17's blocks as the header gives them; version 16's
     * structure block once the walk found its end. */
    rc = version > 16 ? check_overlap(t) : 0;
    if (!rc)
        rc = check_struct(t);
    return rc || version > 16 ? rc : check_overlap(t);
}

bool fdt_component_at(const struct fdt *t, uint32_t n,
                      const struct fdt_text *path, uint32_t at, uint32_t *end)
{
    uint32_t i;
    bool unit = false;
    uint8_t c;

    for (i = at; i < path->len && (c = fdt_text_byte(path, i)) && c != '/';
         i++)
        unit |= c == '@';
    *end = i;
    for (i = at; i < *end; i++, n++)
        if (fdt_byte(t, n) != fdt_text_byte(path, i))
            return false;        /* the name's NUL stops it too */
    c = fdt_byte(t, n);
    return !c || (c == '@' && !unit);
}

bool fdt_name_at(const struct fdt *t, uint32_t off,
                 const struct fdt_text *name)
{
    uint32_t i;
    uint8_t c;

    for (i = 0; i < name->len; i++, off++) {
        c = fdt_byte(t, off);
        if (!c || c != fdt_text_byte(name, i))
            return false;
    }
    return !fdt_byte(t, off);
}

/* The first byte of path at or past `at` that is not a '/'. */
static uint32_t past_slashes(const struct fdt_text *path, uint32_t at)
{
    while (at < path->len && fdt_text_byte(path, at) == '/')
        at++;
    return at;
}

int fdt_path_text(struct fdt *t, const struct fdt_text *path,
                  uint32_t *node)
{
    uint32_t off = t->struct_off, next, depth = 0, matched = 0, end;
    uint32_t at;
    int tok;

    *node = 0;
    if (fdt_text_byte(path, 0) != '/')
        return fdt_fail(t, 0, FDT_EINVAL);
    at = past_slashes(path, 0);
    for (;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_BEGIN_NODE) {
            depth++;
            if (depth == 1)
                matched = 1;     /* the root */
            else if (depth == matched + 1 &&
                     fdt_component_at(t, off + FDT_TOKEN_LEN, path, at,
                                      &end)) {
                matched++;
                at = past_slashes(path, end);
            } else {
                continue;
            }
            if (at == path->len) {
                *node = off;
                return 0;
            }
        } else if (tok == FDT_END_NODE) {
            if (depth-- == matched)
                return fdt_fail(t, off, FDT_ENOTFOUND);
        } else if (tok == FDT_END) {
            return fdt_fail(t, off, FDT_ENOTFOUND);
        }
    }
}

int fdt_path(struct fdt *t, const char *path, uint32_t *node)
{
    const struct fdt_text p =
        fdt_text_of(path, fdt_str_len(path, FDT_SIZE_MAX));

    return fdt_path_text(t, &p, node);
}

int fdt_find_prop_text(struct fdt *t, uint32_t node,
                       const struct fdt_text *name, uint32_t *prop)
{
    uint32_t off, next;
    int tok;

    *prop = 0;
    tok = fdt_token(t, node, &off);
    if (tok != FDT_BEGIN_NODE)
        return tok < 0 ? tok : fdt_fail(t, node, FDT_EINVAL);
    for (;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_PROP) {
            if (fdt_name_at(t, t->strings_off +
                                   fdt_word(t, off + FDT_PROP_NAMEOFF),
                            name)) {
                *prop = off;
                return 0;
            }
        } else if (tok != FDT_NOP) {
            *prop = off;
            return fdt_fail(t, node, FDT_ENOTFOUND);
        }
    }
}

int fdt_find_prop(struct fdt *t, uint32_t node, const char *name,
                  uint32_t *prop)
{
    const struct fdt_text n =
        fdt_text_of(name, fdt_str_len(name, FDT_SIZE_MAX));

    return fdt_find_prop_text(t, node, &n, prop);
}

/* fdt_getprop with the value's offset in the tree in *val. */
static int prop_value(struct fdt *t, uint32_t node, const char *name,
                      uint32_t *val, uint32_t *len)
{
    uint32_t prop;
    int rc = fdt_find_prop(t, node, name, &prop);

    *val = prop + FDT_PROP_VALUE;
    *len = fdt_word(t, prop + FDT_PROP_LEN);
    return rc;
}

int fdt_getprop(struct fdt *t, uint32_t node, const char *name,
                const uint8_t **val, uint32_t *len)
{
    uint32_t off;
    int rc = prop_value(t, node, name, &off, len);

    *val = t->blob + off;
    return rc;
}

int fdt_getprop_u32(struct fdt *t, uint32_t node, const char *name,
                    uint32_t *v)
{
    uint32_t off, len;
    int rc = prop_value(t, node, name, &off, &len);

    if (rc)
        return rc;
    if (len != 4)
        return fdt_fail(t, off, FDT_EBADPROP);
    *v = fdt_word(t, off);
    return 0;
}

int fdt_prop(struct fdt *t, const char *path, const char *name,
             const uint8_t **val, uint32_t *len)
{
    uint32_t node;
    int rc = fdt_path(t, path, &node);

    return rc ? rc : fdt_getprop(t, node, name, val, len);
}

/* A root cell count: the default when absent, else 4 bytes. */
static int root_cells(struct fdt *t, const char *name, uint32_t *cells)
{
    uint32_t root;
    int rc = fdt_path(t, "/", &root);

    if (!rc)
        rc = fdt_getprop_u32(t, root, name, cells);
    return rc == FDT_ENOTFOUND ? 0 : rc;
}

int fdt_cells(struct fdt *t, uint32_t *addr_cells, uint32_t *size_cells)
{
    int rc;

    *addr_cells = 2;
    *size_cells = 1;
    rc = root_cells(t, "#address-cells", addr_cells);
    return rc ? rc : root_cells(t, "#size-cells", size_cells);
}

/* n (1 or 2) cells at off. */
static uint64_t cells_at(const struct fdt *t, uint32_t off, uint32_t n)
{
    uint64_t v = fdt_word(t, off);

    return n == 2 ? v << 32 | fdt_word(t, off + 4u) : v;
}

int fdt_memory(struct fdt *t, uint64_t addr, uint64_t *base, uint64_t *size)
{
    uint32_t ac, sc, off = t->struct_off, next, depth = 0, len, entry, i;
    uint32_t val;
    const struct fdt_text memory = fdt_text_of("memory", 6);
    bool found = false;
    int tok = fdt_cells(t, &ac, &sc);

    if (tok)
        return tok;
    if (ac - 1u > 1u || sc - 1u > 1u)
        return fdt_fail(t, t->struct_off, FDT_ECELLS);
    entry = (ac + sc) * 4u;
    for (;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END_NODE)
            depth--;
        if (tok == FDT_END)
            break;
        if (tok != FDT_BEGIN_NODE || ++depth != 2)
            continue;
        if (prop_value(t, off, "device_type", &val, &len) || len != 7 ||
            !fdt_name_at(t, val, &memory) ||
            prop_value(t, off, "reg", &val, &len))
            continue;
        if (len % entry)
            return fdt_fail(t, val, FDT_EBADPROP);
        for (i = 0; i < len; i += entry) {
            uint64_t b = cells_at(t, val + i, ac);
            uint64_t s = cells_at(t, val + i + ac * 4u, sc);

            if (!s)
                continue;
            if (s > ~b)          /* past the end of the address space */
                return fdt_fail(t, val + i, FDT_EBADPROP);
            if (addr >= b && addr - b < s) {
                *base = b;
                *size = s;
                return 0;
            }
            if (!found) {
                *base = b;
                *size = s;
                found = true;
            }
        }
    }
    return found ? 0 : fdt_fail(t, t->struct_off, FDT_ENOMEMORY);
}

const char *fdt_strerror(int err)
{
    /* Not "msg": make size files an LTO link's local by its name, and
     * fs/ext_err.c has one. */
    static const char *const fdt_msg[] = {
#define FDT_ERR_TEXT(name, value, text) [-(value)] = text,
        FDT_ERRORS(FDT_ERR_TEXT)
#undef FDT_ERR_TEXT
    };
    const int count = (int)(sizeof(fdt_msg) / sizeof(fdt_msg[0]));

    if (err > 0 || err <= -count)
        return "unknown error";
    return fdt_msg[-err];
}

uint32_t fdt_describe(const struct fdt *t, int err, char *buf, uint32_t len)
{
    uint32_t at = num_put(buf, len, 0, "device tree byte 0x");

    at = num_put_u(buf, len, at, t->err_off, 16);
    at = num_put(buf, len, at, ": ");
#if BOOT_MESSAGES
    return num_put(buf, len, at, fdt_strerror(err));
#else
    return num_put_code(buf, len, at, "fdt", err);
#endif
}

#endif /* BOOT_FDT_EDIT */
