/* Device-tree overlays applied to a tree opened for edit, as libfdt's
 * fdt_overlay_apply applies them (firmware/fdt/fdt.h; the devicetree
 * overlay notes, dtc's Documentation/dt-object-internal.txt):
 *
 *   /fragment@N { target = <phandle>; or target-path = "/path";
 *                 __overlay__ { properties and nodes to merge } };
 *   /__fixups__ { label = "/fragment@0/__overlay__/node:prop:offset", ...; }
 *   /__local_fixups__ { the overlay's shape: prop = <offset ...>; }
 *   /__symbols__ { label = "/fragment@0/__overlay__/node"; }
 *
 * In the overlay's own bytes, in libfdt's order: every phandle moved up
 * by the tree's largest (delta), every cell __local_fixups__ names moved
 * with it, every cell __fixups__ names set to its label's phandle in the
 * tree; where an overlay node with a phandle meets a node of the tree
 * that has one, the tree's taken, the overlay's references to it
 * following (libfdt 1.7 on). Then the writes, each fragment's target
 * found in the tree as the earlier fragments left it (target-path: a
 * path, or an alias and a path under it): each __overlay__ merged into
 * its target (a property set, replaced when there; a node made when
 * missing, first among its parent's children, as libfdt makes it), and
 * each symbol of the overlay set in the tree's __symbols__ with its
 * target's path. A write that fails (no room, a target not found, a
 * node nesting past FDT_DEPTH_MAX) leaves the tree as it was:
 * fdt_overlay_apply keeps its bytes at the top of its room meanwhile.
 *
 * No recursion: a subtree is walked token by token with an explicit stack
 * of FDT_DEPTH_MAX node offsets; every walk moves forward through a
 * checked structure block.
 */
#include "firmware/boot_conf.h"

#if BOOT_FDT_OVERLAY

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "firmware/fdt/fdt_priv.h"
#include "lib/be.h"

#define OVERLAY_NODE "__overlay__"
#define PHANDLE_NONE 0xffffffffu      /* no phandle may be this */
#define FIXUP_OFFSET_MAX 0x7fffffffu

/* A checked overlay and the tree it goes into. */
struct ov {
    struct fdt *t;                   /* the tree */
    struct fdt *o;                   /* the overlay */
    uint8_t *ob;                     /* the overlay's bytes, writable */
    uint32_t delta;                  /* the tree's largest phandle */
};

/* A fragment's target in the tree. */
struct target {
    uint32_t node;
    const char *path;                /* target-path's text; NULL: by phandle */
    uint32_t path_len;               /* its path's length, either way */
    uint32_t depth;                  /* the root is 1 */
};

static const char *node_name(const struct fdt *t, uint32_t node)
{
    return (const char *)t->blob + node + FDT_TOKEN_LEN;
}

static const char *prop_name(const struct fdt *t, uint32_t prop)
{
    return (const char *)t->blob + t->strings_off +
           be32(t->blob + prop + FDT_PROP_NAMEOFF);
}

static uint32_t prop_len(const struct fdt *t, uint32_t prop)
{
    return be32(t->blob + prop + FDT_PROP_LEN);
}

/* The length of a name the checks saw terminated inside the tree. */
static uint32_t name_len(const char *s)
{
    return fdt_str_len(s, FDT_SIZE_MAX);
}

/* The index of the first c in s[0..len), len when none is (the C
 * library's memchr, which the boards' lib/libc does not carry, as an
 * index: no pointer compared past its object). */
static uint32_t find_char(const char *s, char c, uint32_t len)
{
    uint32_t i;

    for (i = 0; i < len; i++)
        if (s[i] == c)
            break;
    return i;
}

static bool is_phandle_prop(const char *name)
{
    return fdt_name_is(name, "phandle", 7) ||
           fdt_name_is(name, "linux,phandle", 13);
}

/* A string property: its value ends in its only NUL. */
static bool is_string(const uint8_t *v, uint32_t len)
{
    return len > 0 && find_char((const char *)v, 0, len) == len - 1;
}

/* The first token inside node, past its FDT_BEGIN_NODE and name. */
static int node_body(struct fdt *t, uint32_t node, uint32_t *off)
{
    int tok = fdt_token(t, node, off);

    if (tok != FDT_BEGIN_NODE)
        return tok < 0 ? tok : fdt_fail(t, node, FDT_EINVAL);
    return 0;
}

/* A child of parent matching name[0..len) (fdt_name_match). */
static int find_child(struct fdt *t, uint32_t parent, const char *name,
                      uint32_t len, uint32_t *child)
{
    uint32_t off, next, depth = 0, clen;
    int tok = fdt_token(t, parent, &off);

    if (tok != FDT_BEGIN_NODE)
        return tok < 0 ? tok : fdt_fail(t, parent, FDT_EINVAL);
    for (;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_BEGIN_NODE) {
            if (!depth && fdt_name_match(t->blob + off + FDT_TOKEN_LEN, name,
                                         len, &clen) && clen == len) {
                *child = off;
                return 0;
            }
            depth++;
        } else if (tok == FDT_END_NODE) {
            if (!depth--)
                return fdt_fail(t, off, FDT_ENOTFOUND);
        } else if (tok == FDT_END) {
            return fdt_fail(t, off, FDT_ENOTFOUND);
        }
    }
}

/* A node's phandle as libfdt's fdt_get_phandle reads it: its first
 * "phandle" of one cell, else its first "linux,phandle" of one cell;
 * 0: none. */
static uint32_t phandle_of(struct fdt *t, uint32_t node)
{
    const uint8_t *v;
    uint32_t len;

    if ((!fdt_getprop(t, node, "phandle", &v, &len) && len == 4) ||
        (!fdt_getprop(t, node, "linux,phandle", &v, &len) && len == 4))
        return be32(v);
    return 0;
}

/* The node whose phandle is ph. */
static int node_by_phandle(struct fdt *t, uint32_t ph, uint32_t *node)
{
    uint32_t off, next;
    int tok;

    for (off = t->struct_off;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END)
            return fdt_fail(t, off, FDT_ENOTFOUND);
        if (tok == FDT_BEGIN_NODE && phandle_of(t, off) == ph) {
            *node = off;
            return 0;
        }
    }
}

/* The node path[0..len) names in the tree, as libfdt's fdt_path_offset
 * finds it: a path not starting with '/' starts with an alias, a
 * property of /aliases whose value is an absolute path. */
static int tree_path(struct fdt *t, const char *path, uint32_t len,
                     uint32_t *node)
{
    const uint8_t *val;
    uint32_t aliases, prop, vlen, at, c;

    if (len && path[0] == '/')
        return fdt_path_len(t, path, len, node);
    at = find_char(path, '/', len);
    if (!at || fdt_path(t, "/aliases", &aliases) ||
        fdt_find_prop_n(t, aliases, path, at, &prop))
        return FDT_ENOTFOUND;
    val = t->blob + prop + FDT_PROP_VALUE;
    vlen = prop_len(t, prop);
    if (!is_string(val, vlen) || val[0] != '/' ||
        fdt_path_len(t, (const char *)val, vlen - 1, node))
        return FDT_ENOTFOUND;
    /* The rest, one component at a time from the alias's node. */
    while (at < len) {
        if (path[at] == '/') {
            at++;
            continue;
        }
        c = at + find_char(path + at, '/', len - at);
        if (find_child(t, *node, path + at, c - at, node))
            return FDT_ENOTFOUND;
        at = c;
    }
    return 0;
}

/* The tree's largest phandle, in *max. */
static int max_phandle(struct fdt *t, uint32_t *max)
{
    uint32_t off, next, ph;
    int tok;

    *max = 0;
    for (off = t->struct_off;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END)
            return 0;
        if (tok == FDT_BEGIN_NODE) {
            ph = phandle_of(t, off);
            if (ph == PHANDLE_NONE)
                return fdt_fail(t, off, FDT_EPHANDLE);
            if (ph > *max)
                *max = ph;
        }
    }
}

/* node's path ("/", "/soc/serial@10010000"): its length in *len, its
 * depth (the root 1) in *depth, and when buf is given its bytes (no NUL)
 * in buf[0..*len). The walk keeps the names of node's ancestors. */
static int node_path(struct fdt *t, uint32_t node, char *buf, uint32_t *len,
                     uint32_t *depth)
{
    uint32_t stack[FDT_DEPTH_MAX + 1];
    uint32_t off, next, d = 0, n, i, at;
    int tok;

    for (off = t->struct_off;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END)
            return fdt_fail(t, node, FDT_ENOTFOUND);
        if (tok == FDT_END_NODE && d)
            d--;
        if (tok != FDT_BEGIN_NODE)
            continue;
        if (d == FDT_DEPTH_MAX)
            return fdt_fail(t, off, FDT_EDEPTH);
        stack[d++] = off;
        if (off != node)
            continue;
        at = d == 1 ? 1 : 0;     /* the root's "/" */
        if (buf && d == 1)
            buf[0] = '/';
        for (i = 1; i < d; i++) {
            n = name_len(node_name(t, stack[i]));
            if (buf) {
                buf[at] = '/';
                memcpy(buf + at + 1, node_name(t, stack[i]), n);
            }
            at += 1 + n;
        }
        *len = at;
        *depth = d;
        return 0;
    }
}

/* Every phandle of the overlay moved up by delta (libfdt's
 * overlay_adjust_local_phandles). Where libfdt would leave two nodes of
 * the tree one phandle, the overlay is refused: a phandle of 0 (moved to
 * the tree's largest), one two nodes of the overlay share, and a node
 * with two "phandle" (or two "linux,phandle") properties (libfdt moves
 * the first and merges the second unmoved over it). */
static int adjust_phandles(struct ov *v)
{
    struct fdt *o = v->o;
    uint32_t off, next, ph, first, seen = 0, bit;
    int tok;

    /* Before any is moved: no node before this one has its phandle. */
    for (off = o->struct_off;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END)
            break;
        if (tok == FDT_BEGIN_NODE && (ph = phandle_of(o, off)) &&
            (node_by_phandle(o, ph, &first) || first != off))
            return fdt_fail(o, off, FDT_EPHANDLE);
    }
    for (off = o->struct_off;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END)
            return 0;
        if (tok == FDT_BEGIN_NODE || tok == FDT_END_NODE)
            seen = 0;
        if (tok != FDT_PROP || !is_phandle_prop(prop_name(o, off)))
            continue;
        bit = prop_name(o, off)[0] == 'l' ? 2u : 1u;
        ph = be32(o->blob + off + FDT_PROP_VALUE);
        if (prop_len(o, off) != 4 || (seen & bit) || !ph)
            return fdt_fail(o, off, FDT_EPHANDLE);
        seen |= bit;
        if (ph > PHANDLE_NONE - 1u - v->delta)
            return fdt_fail(o, off, FDT_EPHANDLE);
        put_be32(v->ob + off + FDT_PROP_VALUE, ph + v->delta);
    }
}

/* The cells a __local_fixups__ property names (fix: its FDT_PROP) in the
 * overlay's property prop: from 0, each moved up by delta; else each
 * holding from set to to. */
static int local_fixup_cells(struct ov *v, uint32_t fix, uint32_t prop,
                             uint32_t from, uint32_t to)
{
    struct fdt *o = v->o;
    uint32_t flen = prop_len(o, fix), plen = prop_len(o, prop), i, at;
    const uint8_t *cells = o->blob + fix + FDT_PROP_VALUE;

    if (flen % 4u)
        return fdt_fail(o, fix, FDT_ELOCALFIXUP);
    for (i = 0; i < flen; i += 4) {
        at = be32(cells + i);
        if (plen < 4 || at > plen - 4)
            return fdt_fail(o, fix, FDT_ELOCALFIXUP);
        at += prop + FDT_PROP_VALUE;
        if (!from)
            put_be32(v->ob + at, be32(o->blob + at) + v->delta);
        else if (be32(o->blob + at) == from)
            put_be32(v->ob + at, to);
    }
    return 0;
}

/* __local_fixups__ walked beside the overlay's nodes (libfdt's
 * overlay_update_local_references and, from and to given,
 * overlay_update_local_conflicting_references): each of its nodes names
 * the overlay node of the same place, each property the cells to move. */
static int local_fixups(struct ov *v, uint32_t from, uint32_t to)
{
    struct fdt *o = v->o;
    uint32_t stack[FDT_DEPTH_MAX];
    uint32_t lf, off, next, d = 1, prop, child;
    int tok = fdt_path(o, "/__local_fixups__", &lf);

    if (tok == FDT_ENOTFOUND)
        return 0;
    if (tok)
        return tok;
    stack[0] = o->struct_off;        /* the overlay's root */
    tok = node_body(o, lf, &off);
    if (tok)
        return tok;
    for (;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_PROP) {
            if (fdt_find_prop_n(o, stack[d - 1], prop_name(o, off),
                            name_len(prop_name(o, off)), &prop))
                return fdt_fail(o, off, FDT_ELOCALFIXUP);
            tok = local_fixup_cells(v, off, prop, from, to);
            if (tok)
                return tok;
        } else if (tok == FDT_BEGIN_NODE) {
            const char *n = node_name(o, off);

            if (find_child(o, stack[d - 1], n, name_len(n), &child))
                return fdt_fail(o, off, FDT_ELOCALFIXUP);
            if (d == FDT_DEPTH_MAX)
                return fdt_fail(o, off, FDT_EDEPTH);
            stack[d++] = child;
        } else if (tok == FDT_END_NODE) {
            if (--d == 0)
                return 0;
        }
    }
}

/* One "path:property:offset" of a __fixups__ value (at s, len bytes, no
 * NUL): that cell of the overlay set to ph (libfdt's
 * overlay_fixup_one_phandle). fix: the __fixups__ property, for errors. */
static int fixup_one(struct ov *v, uint32_t fix, const char *s, uint32_t len,
                     uint32_t ph)
{
    struct fdt *o = v->o;
    uint32_t c1 = find_char(s, ':', len), c2, i, node, prop, at = 0;

    if (c1 == len || !c1)
        return fdt_fail(o, fix, FDT_EFIXUP);
    c2 = c1 + 1 + find_char(s + c1 + 1, ':', len - c1 - 1);
    if (c2 == len || c2 == c1 + 1 || c2 + 1 == len)
        return fdt_fail(o, fix, FDT_EFIXUP);
    for (i = c2 + 1; i < len; i++) {
        if (s[i] < '0' || s[i] > '9' || at > (FIXUP_OFFSET_MAX - 9u) / 10u)
            return fdt_fail(o, fix, FDT_EFIXUP);
        at = at * 10u + (uint32_t)(s[i] - '0');
    }
    if (fdt_path_len(o, s, c1, &node) ||
        fdt_find_prop_n(o, node, s + c1 + 1, c2 - c1 - 1, &prop) ||
        prop_len(o, prop) < 4 || at > prop_len(o, prop) - 4)
        return fdt_fail(o, fix, FDT_EFIXUP);
    put_be32(v->ob + prop + FDT_PROP_VALUE + at, ph);
    return 0;
}

/* Each __fixups__ label looked up in the tree's __symbols__, its node's
 * phandle written into every cell the label's entries name (libfdt's
 * overlay_fixup_phandles). */
static int fixups(struct ov *v)
{
    struct fdt *o = v->o, *t = v->t;
    uint32_t fx, syms = 0, off, next, node, len, i, n, ph;
    const uint8_t *path, *val;
    int tok = fdt_path(o, "/__fixups__", &fx);
    int have_syms;

    if (tok == FDT_ENOTFOUND)
        return 0;
    if (tok)
        return tok;
    have_syms = !fdt_path(t, "/__symbols__", &syms);
    tok = node_body(o, fx, &off);
    if (tok)
        return tok;
    for (;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_NOP)
            continue;
        if (tok != FDT_PROP)
            return 0;            /* its properties are its labels */
        if (!have_syms ||
            fdt_getprop(t, syms, prop_name(o, off), &path, &len) ||
            !is_string(path, len) ||
            tree_path(t, (const char *)path, len - 1, &node) ||
            !(ph = phandle_of(t, node)) || ph == PHANDLE_NONE)
            return fdt_fail(o, off, FDT_ESYMBOL);
        val = o->blob + off + FDT_PROP_VALUE;
        len = prop_len(o, off);
        if (!len || val[len - 1])
            return fdt_fail(o, off, FDT_EFIXUP);
        /* NUL-separated entries; each pass moves past one NUL. */
        for (i = 0; i < len; i += n + 1) {
            for (n = 0; val[i + n]; n++)
                ;
            tok = fixup_one(v, off, (const char *)val + i, n, ph);
            if (tok)
                return tok;
        }
    }
}

/* A fragment's target in the tree as it is now (libfdt's
 * fdt_overlay_target_offset): target's phandle first, else target-path
 * (absolute, or from an alias). */
static int find_target(struct ov *v, uint32_t frag, struct target *g)
{
    struct fdt *o = v->o, *t = v->t;
    const uint8_t *val;
    uint32_t len = 0, ph = 0, prop;

    g->path = NULL;
    if (!fdt_find_prop_n(o, frag, "target", 6, &prop)) {
        val = o->blob + prop + FDT_PROP_VALUE;
        if (prop_len(o, prop) != 4 || be32(val) == PHANDLE_NONE)
            return fdt_fail(o, prop, FDT_EPHANDLE);
        ph = be32(val);
        if (ph && node_by_phandle(t, ph, &g->node))
            return fdt_fail(o, prop, FDT_ETARGET);
    }
    if (!ph) {
        if (fdt_find_prop_n(o, frag, "target-path", 11, &prop))
            return fdt_fail(o, frag, FDT_ENOTARGET);
        val = o->blob + prop + FDT_PROP_VALUE;
        len = prop_len(o, prop);
        if (!is_string(val, len) ||
            tree_path(t, (const char *)val, len - 1, &g->node))
            return fdt_fail(o, prop, FDT_ETARGET);
        g->path = (const char *)val;
    }
    if (node_path(t, g->node, NULL, &g->path_len, &g->depth))
        return fdt_fail(o, frag, FDT_ETARGET);
    if (g->path)
        g->path_len = len - 1;
    return 0;
}

/* The __overlay__ node ovl merged into its target g (libfdt's
 * overlay_apply_node, its recursion a stack of the tree's nodes: each
 * write lands inside the top one, so the offsets below it hold). A
 * failed write of the tree is named at the overlay's token. */
static int merge(struct ov *v, uint32_t ovl, const struct target *g)
{
    struct fdt *o = v->o, *t = v->t;
    uint32_t stack[FDT_DEPTH_MAX];
    uint32_t off, next, d = 1, child;
    const char *n;
    int tok;

    stack[0] = g->node;
    tok = node_body(o, ovl, &off);
    if (tok)
        return tok;
    for (;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_PROP) {
            tok = fdt_setprop(t, stack[d - 1], prop_name(o, off),
                              o->blob + off + FDT_PROP_VALUE,
                              prop_len(o, off));
        } else if (tok == FDT_BEGIN_NODE) {
            n = node_name(o, off);
            tok = find_child(t, stack[d - 1], n, name_len(n), &child);
            if (g->depth + d > FDT_DEPTH_MAX)
                return fdt_fail(o, off, FDT_EDEPTH);
            if (tok == FDT_ENOTFOUND)
                tok = fdt_add_subnode_first(t, stack[d - 1], n, name_len(n),
                                            &child);
            if (!tok)
                stack[d++] = child;
        } else if (tok == FDT_END_NODE && --d == 0) {
            return 0;
        } else {
            tok = 0;
        }
        if (tok)
            return fdt_fail(o, off, tok);
    }
}

/* Where an __overlay__ node (ovl) and the nodes under it meet nodes of
 * the tree (g's, before any merge) that have a phandle, the overlay's
 * node takes the tree's and the overlay's references to it follow
 * (libfdt 1.7's overlay_prevent_phandle_overwrite: the tree's own
 * references keep their node). A node the tree lacks is skipped with
 * all under it. */
static int keep_phandles(struct ov *v, uint32_t ovl, const struct target *g)
{
    struct fdt *o = v->o, *t = v->t;
    uint32_t stack[FDT_DEPTH_MAX];
    uint32_t off, next, d = 0, skip = 0, node, oph, tph, prop;
    const char *n;
    int tok;

    for (off = ovl;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END_NODE && skip) {
            skip--;
        } else if (tok == FDT_END_NODE) {
            if (--d == 0)
                return 0;
        } else if (tok == FDT_BEGIN_NODE && skip) {
            skip++;
        } else if (tok == FDT_BEGIN_NODE) {
            n = node_name(o, off);
            node = g->node;
            if (d && find_child(t, stack[d - 1], n, name_len(n), &node)) {
                skip = 1;
                continue;
            }
            if (d == FDT_DEPTH_MAX)
                return fdt_fail(o, off, FDT_EDEPTH);
            stack[d++] = node;
            oph = phandle_of(o, off);
            tph = phandle_of(t, node);
            if (!oph || !tph || oph == tph)
                continue;
            if (!fdt_find_prop_n(o, off, "phandle", 7, &prop))
                put_be32(v->ob + prop + FDT_PROP_VALUE, tph);
            if (!fdt_find_prop_n(o, off, "linux,phandle", 13, &prop))
                put_be32(v->ob + prop + FDT_PROP_VALUE, tph);
            tok = local_fixups(v, oph, tph);
            if (tok)
                return tok;
        }
    }
}

/* A __symbols__ entry of the overlay (prop): its fragment's node, and
 * where its path goes on from the fragment's __overlay__ (*rel, *rel_len).
 * 1: an entry that names nothing the merge puts in the tree (skipped, as
 * libfdt skips it); 0 found; < 0 refused. */
static int symbol_fragment(struct ov *v, uint32_t prop, uint32_t *frag,
                           const char **rel, uint32_t *rel_len)
{
    static const char over[] = "/" OVERLAY_NODE;
    struct fdt *o = v->o;
    const char *p = (const char *)o->blob + prop + FDT_PROP_VALUE;
    uint32_t len = prop_len(o, prop), ovl, rest, s, r;

    if (!is_string((const uint8_t *)p, len) || p[0] != '/')
        return fdt_fail(o, prop, FDT_ESYMPATH);
    /* s: the second '/', at p[len - 1] (the NUL) when there is none */
    s = 1 + find_char(p + 1, '/', len - 2);
    if (s == len - 1)
        return 1;
    /* rest: from s to the NUL, without it */
    rest = len - 1 - s;
    if (rest < sizeof(over) - 1 || memcmp(p + s, over, sizeof(over) - 1) ||
        (rest > sizeof(over) - 1 && p[s + sizeof(over) - 1] != '/'))
        return 1;
    r = rest > sizeof(over) - 1 ? s + (uint32_t)sizeof(over) : len - 1;
    *rel = p + r;
    *rel_len = len - 1 - r;
    if (find_child(o, o->struct_off, p + 1, s - 1, frag) ||
        find_child(o, *frag, OVERLAY_NODE, sizeof(OVERLAY_NODE) - 1, &ovl))
        return fdt_fail(o, prop, FDT_ESYMPATH);
    return 0;
}

/* The overlay's __symbols__ (sym) into the tree's: each entry's path
 * becomes its target's path (target-path's text as written, an alias's
 * too) + the rest (libfdt's overlay_symbol_update). */
static int symbols(struct ov *v, uint32_t sym)
{
    struct fdt *o = v->o, *t = v->t;
    struct target g;
    uint32_t off, next, frag = 0, rel_len = 0, len, tsym = 0, d;
    const char *rel = "";
    uint8_t *at;
    int tok;

    if (fdt_path(t, "/__symbols__", &tsym)) {
        tok = fdt_add_subnode_first(t, t->struct_off, "__symbols__", 11,
                                    &tsym);
        if (tok)
            return fdt_fail(o, sym, tok);
    }
    tok = node_body(o, sym, &off);
    if (tok)
        return tok;
    for (;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_NOP)
            continue;
        if (tok != FDT_PROP)
            return 0;
        tok = symbol_fragment(v, off, &frag, &rel, &rel_len);
        if (tok < 0)
            return tok;
        if (tok > 0)
            continue;
        tok = find_target(v, frag, &g);
        if (tok)
            return tok;
        /* target "/": "/" + rel; else target + "/" + rel */
        len = (g.path_len > 1 ? g.path_len + 1u : 1u) + rel_len + 1u;
        tok = fdt_setprop_room(t, tsym, prop_name(o, off), len, &at);
        if (!tok && g.path_len > 1 && g.path) {
            memcpy(at, g.path, g.path_len);
        } else if (!tok && g.path_len > 1) {
            /* The setprop moved the tree: the target found again. */
            tok = find_target(v, frag, &g);
            if (!tok)
                tok = node_path(t, g.node, (char *)at, &g.path_len, &d);
        }
        if (tok)
            return fdt_fail(o, off, tok);
        at += g.path_len > 1 ? g.path_len : 0u;
        at[0] = '/';
        memcpy(at + 1, rel, rel_len);
        at[1 + rel_len] = '\0';
    }
}

/* Every fragment with an __overlay__ node (a child of the overlay's root
 * that has none, such as __fixups__, is not one), in order: merge 0,
 * where its target is in the tree before any merge, the tree's phandles
 * kept (keep_phandles); merge 1, merged into its target as the earlier
 * merges left the tree (a node one of them added can be a target). */
static int fragments(struct ov *v, bool merging)
{
    struct fdt *o = v->o;
    struct target g;
    uint32_t off, next, d = 0, ovl;
    int tok;

    for (off = o->struct_off;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END)
            return 0;
        if (tok == FDT_END_NODE)
            d--;
        if (tok != FDT_BEGIN_NODE || ++d != 2 ||
            find_child(o, off, OVERLAY_NODE, sizeof(OVERLAY_NODE) - 1,
                       &ovl))
            continue;
        tok = find_target(v, off, &g);
        if (tok == FDT_ETARGET && !merging)
            continue;
        if (!tok)
            tok = merging ? merge(v, ovl, &g) : keep_phandles(v, ovl, &g);
        if (tok)
            return tok;
    }
}

static int apply(struct fdt *t, struct fdt *o, void *ov, uint32_t ov_len)
{
    struct ov v = { .t = t, .o = o, .ob = ov };
    uint32_t sym = 0;
    int rc;

    rc = fdt_check(o, ov, ov_len);
    if (rc)
        return rc;
    rc = max_phandle(t, &v.delta);
    if (rc)
        return fdt_fail(o, 0, rc);
    /* The overlay's own bytes, in libfdt's order. */
    rc = adjust_phandles(&v);
    if (!rc)
        rc = local_fixups(&v, 0, 0);
    if (!rc)
        rc = fixups(&v);
    if (!rc)
        rc = fragments(&v, false);
    /* The writes: a failure puts the tree back (fdt_overlay_apply). */
    if (!rc)
        rc = fragments(&v, true);
    if (!rc && !fdt_path(o, "/__symbols__", &sym))
        rc = symbols(&v, sym);
    return rc;
}

/* A fragment's write can fail after earlier ones landed (its target
 * not there after all, no room, too deep): the tree's bytes wait at the
 * top of its room while the overlay is applied below them, and are put
 * back when it fails. */
int fdt_overlay_apply(struct fdt *t, struct fdt *o, void *ov,
                      uint32_t ov_len)
{
    const struct fdt keep = *t;
    uint32_t copy = t->cap > t->size ? (t->cap - t->size) & ~7u : 0;
    uintptr_t a = (uintptr_t)ov, b = (uintptr_t)t->buf;

    /* The overlay apart from the whole buffer, the copy's room too. */
    if (!t->buf || (a < b + t->cap && b < a + ov_len))
        return fdt_fail(o, 0, FDT_EINVAL);
    if (copy < t->size)
        return fdt_fail(o, 0, FDT_ENOSPACE);
    memcpy(t->buf + copy, t->buf, t->size);
    t->cap = copy;
    int rc = apply(t, o, ov, ov_len);
    if (rc) {
        memcpy(t->buf, t->buf + copy, keep.size);
        *t = keep;
    }
    t->cap = keep.cap;
    return rc;
}

#endif /* BOOT_FDT_OVERLAY */
