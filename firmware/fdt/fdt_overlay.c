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
    uint32_t path;                   /* target-path's text in the overlay;
                                        0: by phandle */
    uint32_t path_len;               /* its path's length, either way */
    uint32_t depth;                  /* the root is 1 */
};

/* The nodes a walk is inside, the outermost first. */
struct nodes {
    uint32_t n;
    uint32_t at[FDT_DEPTH_MAX];
};

/* Bytes written into the tree, none past end (inside its room). */
struct out {
    uint8_t *buf;
    uint32_t at, end;
};

/* Every byte of a tree or the overlay read here is read by offset through
 * fdt.c's fdt_byte and fdt_word (0 and FDT_NO_WORD past the bytes the
 * tree has, f->cap: totalsize for the checked overlay, the room for the
 * tree opened for edit), every byte written through put_cell and struct
 * out, each bounded by the bytes it may touch: the checks above them
 * (fdt_check, fdt_token) keep every offset inside, and the analysis
 * (tests/prove/h_fdt_overlay.c) sees it so. A name or path handed to
 * fdt.c and fdt_edit.c goes as a struct fdt_text, its offset and length
 * in the buffer it lies in, never as a pointer. */

/* The overlay's cell at `at` set to val; nothing past its end. */
static void put_cell(struct ov *v, uint32_t at, uint32_t val)
{
    if (v->o->cap >= 4 && at <= v->o->cap - 4)
        put_be32(v->ob + at, val);
}

static uint32_t prop_name(const struct fdt *f, uint32_t prop)
{
    return f->strings_off + fdt_word(f, prop + FDT_PROP_NAMEOFF);
}

static uint32_t prop_len(const struct fdt *f, uint32_t prop)
{
    return fdt_word(f, prop + FDT_PROP_LEN);
}

/* The index of the first c in the len bytes at `at`, len when none is. */
static uint32_t find_char(const struct fdt *f, uint32_t at, char c,
                          uint32_t len)
{
    uint32_t i;

    for (i = 0; i < len; i++)
        if (fdt_byte(f, at + i) == (uint8_t)c)
            break;
    return i;
}

/* The length of the name at `at` (fdt_token saw its NUL). */
static uint32_t name_len(const struct fdt *f, uint32_t at)
{
    return find_char(f, at, 0, f->cap);
}

/* The len bytes at `at` of f in *x, as fdt.c and fdt_edit.c take them. */
static const struct fdt_text *text(const struct fdt *f, uint32_t at,
                                   uint32_t len, struct fdt_text *x)
{
    *x = fdt_text_in(f, at, len);
    return x;
}

/* The name at `at` in *x. */
static const struct fdt_text *name_at(const struct fdt *f, uint32_t at,
                                      struct fdt_text *x)
{
    return text(f, at, name_len(f, at), x);
}

/* Are the n bytes at `at` s[0..n)? */
static bool text_is(const struct fdt *f, uint32_t at, const char *s,
                    uint32_t n)
{
    uint32_t i;

    for (i = 0; i < n; i++)
        if (fdt_byte(f, at + i) != (uint8_t)s[i])
            return false;
    return true;
}

/* The name at `at`, its NUL compared too. */
static bool is_phandle_prop(const struct fdt *f, uint32_t at)
{
    return text_is(f, at, "phandle", 8) ||
           text_is(f, at, "linux,phandle", 14);
}

/* A string property: its value ends in its only NUL. */
static bool is_string(const struct fdt *f, uint32_t at, uint32_t len)
{
    return len > 0 && find_char(f, at, 0, len) == len - 1;
}

/* A writer of the len bytes from `at` of t, the room t has. */
static void out_open(struct out *w, struct fdt *t, uint32_t at,
                     uint32_t len)
{
    uint32_t end = at + len;

    w->buf = t->buf;
    w->at = at;
    w->end = end >= at && end <= t->cap ? end : 0;
}

/* n bytes of src from `from`, none read past src_end. */
static void out_bytes(struct out *w, const uint8_t *src, uint32_t src_end,
                      uint32_t from, uint32_t n)
{
    for (; n && w->at < w->end && from < src_end; n--)
        w->buf[w->at++] = src[from++];
}

static void out_text(struct out *w, const struct fdt *f, uint32_t from,
                     uint32_t n)
{
    out_bytes(w, f->blob, f->cap, from, n);
}

static void out_char(struct out *w, char c)
{
    if (w->at < w->end)
        w->buf[w->at++] = (uint8_t)c;
}

/* Node names the engine looks for or makes. */
static const struct fdt_text overlay_node = {
    (const uint8_t *)OVERLAY_NODE, sizeof(OVERLAY_NODE) - 1, 0,
    sizeof(OVERLAY_NODE) - 1
};
static const struct fdt_text symbols_node = {
    (const uint8_t *)"__symbols__", 11, 0, 11
};

/* false: s is full. */
static bool push(struct nodes *s, uint32_t node)
{
    if (s->n >= FDT_DEPTH_MAX)
        return false;
    s->at[s->n++] = node;
    return true;
}

/* The innermost node (0 when none). */
static uint32_t top(const struct nodes *s)
{
    return s->n - 1u < FDT_DEPTH_MAX ? s->at[s->n - 1u] : 0;
}

/* The nodes left open. */
static uint32_t pop(struct nodes *s)
{
    return s->n ? --s->n : 0;
}

/* The first token inside node, past its FDT_BEGIN_NODE and name. */
static int node_body(struct fdt *t, uint32_t node, uint32_t *off)
{
    int tok = fdt_token(t, node, off);

    if (tok != FDT_BEGIN_NODE)
        return tok < 0 ? tok : fdt_fail(t, node, FDT_EINVAL);
    return 0;
}

/* A child of parent matching name (fdt_component_at). */
static int find_child(struct fdt *t, uint32_t parent,
                      const struct fdt_text *name, uint32_t *child)
{
    uint32_t off, next, depth = 0, clen;
    int tok = node_body(t, parent, &off);

    if (tok)
        return tok;
    for (;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_BEGIN_NODE) {
            if (!depth && fdt_component_at(t, off + FDT_TOKEN_LEN, name, 0,
                                           &clen) && clen == name->len) {
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
    uint32_t prop = 0;

    if ((!fdt_find_prop(t, node, "phandle", &prop) &&
         prop_len(t, prop) == 4) ||
        (!fdt_find_prop(t, node, "linux,phandle", &prop) &&
         prop_len(t, prop) == 4))
        return fdt_word(t, prop + FDT_PROP_VALUE);
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

/* The node the len bytes at path of src (the overlay or the tree) name
 * in the tree, as libfdt's fdt_path_offset finds it: a path not starting
 * with '/' starts with an alias, a property of /aliases whose value is an
 * absolute path. */
static int tree_path(struct fdt *t, const struct fdt *src, uint32_t path,
                     uint32_t len, uint32_t *node)
{
    uint32_t aliases = 0, prop = 0, val, vlen, at, c;
    struct fdt_text x;

    if (len && fdt_byte(src, path) == '/')
        return fdt_path_text(t, text(src, path, len, &x), node);
    at = find_char(src, path, '/', len);
    if (!at || fdt_path(t, "/aliases", &aliases) ||
        fdt_find_prop_text(t, aliases, text(src, path, at, &x), &prop))
        return FDT_ENOTFOUND;
    val = prop + FDT_PROP_VALUE;
    vlen = prop_len(t, prop);
    if (!is_string(t, val, vlen) || fdt_byte(t, val) != '/' ||
        fdt_path_text(t, text(t, val, vlen - 1, &x), node))
        return FDT_ENOTFOUND;
    /* The rest, one component at a time from the alias's node. */
    while (at < len) {
        if (fdt_byte(src, path + at) == '/') {
            at++;
            continue;
        }
        c = at + find_char(src, path + at, '/', len - at);
        if (find_child(t, *node, text(src, path + at, c - at, &x), node))
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
 * depth (the root 1) in *depth, and when w is given its bytes (no NUL)
 * written there. The walk keeps node's ancestors. */
static int node_path(struct fdt *t, uint32_t node, struct out *w,
                     uint32_t *len, uint32_t *depth)
{
    struct nodes s = { 0 };
    uint32_t off, next, n, i, at;
    int tok;

    for (off = t->struct_off;; off = next) {
        tok = fdt_token(t, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END)
            return fdt_fail(t, node, FDT_ENOTFOUND);
        if (tok == FDT_END_NODE)
            pop(&s);
        if (tok != FDT_BEGIN_NODE)
            continue;
        if (!push(&s, off))
            return fdt_fail(t, off, FDT_EDEPTH);
        if (off != node)
            continue;
        at = s.n == 1;           /* the root's "/" */
        if (w && at)
            out_char(w, '/');
        for (i = 1; i < s.n; i++) {
            n = name_len(t, s.at[i] + FDT_TOKEN_LEN);
            if (w) {
                out_char(w, '/');
                out_text(w, t, s.at[i] + FDT_TOKEN_LEN, n);
            }
            at += 1 + n;
        }
        *len = at;
        *depth = s.n;
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
    uint32_t off, next, ph, first, seen = 0, bit, name;
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
        if (tok != FDT_PROP)
            continue;
        name = prop_name(o, off);
        if (!is_phandle_prop(o, name))
            continue;
        bit = fdt_byte(o, name) == 'l' ? 2u : 1u;
        ph = fdt_word(o, off + FDT_PROP_VALUE);
        if (prop_len(o, off) != 4 || (seen & bit) || !ph)
            return fdt_fail(o, off, FDT_EPHANDLE);
        seen |= bit;
        if (ph > PHANDLE_NONE - 1u - v->delta)
            return fdt_fail(o, off, FDT_EPHANDLE);
        put_cell(v, off + FDT_PROP_VALUE, ph + v->delta);
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

    if (flen % 4u)
        return fdt_fail(o, fix, FDT_ELOCALFIXUP);
    for (i = 0; i < flen; i += 4) {
        at = fdt_word(o, fix + FDT_PROP_VALUE + i);
        if (plen < 4 || at > plen - 4)
            return fdt_fail(o, fix, FDT_ELOCALFIXUP);
        at += prop + FDT_PROP_VALUE;
        if (!from)
            put_cell(v, at, fdt_word(o, at) + v->delta);
        else if (fdt_word(o, at) == from)
            put_cell(v, at, to);
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
    struct nodes s = { 0 };
    uint32_t lf, off, next, prop = 0, child = 0, name;
    struct fdt_text x;
    int tok = fdt_path(o, "/__local_fixups__", &lf);

    if (tok == FDT_ENOTFOUND)
        return 0;
    if (tok)
        return tok;
    push(&s, o->struct_off);         /* the overlay's root */
    tok = node_body(o, lf, &off);
    if (tok)
        return tok;
    for (;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_PROP) {
            name = prop_name(o, off);
            if (fdt_find_prop_text(o, top(&s), name_at(o, name, &x), &prop))
                return fdt_fail(o, off, FDT_ELOCALFIXUP);
            tok = local_fixup_cells(v, off, prop, from, to);
            if (tok)
                return tok;
        } else if (tok == FDT_BEGIN_NODE) {
            name = off + FDT_TOKEN_LEN;
            if (find_child(o, top(&s), name_at(o, name, &x), &child))
                return fdt_fail(o, off, FDT_ELOCALFIXUP);
            if (!push(&s, child))
                return fdt_fail(o, off, FDT_EDEPTH);
        } else if (tok == FDT_END_NODE && !pop(&s)) {
            return 0;
        }
    }
}

/* One "path:property:offset" of a __fixups__ value (the len bytes at s,
 * no NUL): that cell of the overlay set to ph (libfdt's
 * overlay_fixup_one_phandle). fix: the __fixups__ property, for errors. */
static int fixup_one(struct ov *v, uint32_t fix, uint32_t s, uint32_t len,
                     uint32_t ph)
{
    struct fdt *o = v->o;
    uint32_t c1 = find_char(o, s, ':', len), c2, i, node = 0, prop = 0;
    uint32_t at = 0;
    struct fdt_text x;
    uint8_t c;

    if (c1 == len || !c1)
        return fdt_fail(o, fix, FDT_EFIXUP);
    c2 = c1 + 1 + find_char(o, s + c1 + 1, ':', len - c1 - 1);
    if (c2 == len || c2 == c1 + 1 || c2 + 1 == len)
        return fdt_fail(o, fix, FDT_EFIXUP);
    for (i = c2 + 1; i < len; i++) {
        c = fdt_byte(o, s + i);
        if (c < '0' || c > '9' || at > (FIXUP_OFFSET_MAX - 9u) / 10u)
            return fdt_fail(o, fix, FDT_EFIXUP);
        at = at * 10u + (uint32_t)(c - '0');
    }
    if (fdt_path_text(o, text(o, s, c1, &x), &node) ||
        fdt_find_prop_text(o, node, text(o, s + c1 + 1, c2 - c1 - 1, &x),
                           &prop) ||
        prop_len(o, prop) < 4 || at > prop_len(o, prop) - 4)
        return fdt_fail(o, fix, FDT_EFIXUP);
    put_cell(v, prop + FDT_PROP_VALUE + at, ph);
    return 0;
}

/* Each __fixups__ label looked up in the tree's __symbols__, its node's
 * phandle written into every cell the label's entries name (libfdt's
 * overlay_fixup_phandles). */
static int fixups(struct ov *v)
{
    struct fdt *o = v->o, *t = v->t;
    uint32_t fx, syms = 0, off, next, node = 0, len, i, n, ph, name;
    uint32_t path = 0, val;
    struct fdt_text x;
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
        name = prop_name(o, off);
        if (!have_syms ||
            fdt_find_prop_text(t, syms, name_at(o, name, &x), &path) ||
            !is_string(t, path + FDT_PROP_VALUE, len = prop_len(t, path)) ||
            tree_path(t, t, path + FDT_PROP_VALUE, len - 1, &node) ||
            !(ph = phandle_of(t, node)) || ph == PHANDLE_NONE)
            return fdt_fail(o, off, FDT_ESYMBOL);
        val = off + FDT_PROP_VALUE;
        len = prop_len(o, off);
        if (!len || fdt_byte(o, val + len - 1))
            return fdt_fail(o, off, FDT_EFIXUP);
        /* NUL-separated entries; each pass moves past one NUL. */
        for (i = 0; i < len; i += n + 1) {
            n = find_char(o, val + i, 0, len - i);
            tok = fixup_one(v, off, val + i, n, ph);
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
    uint32_t len = 0, ph = 0, prop = 0;

    g->path = 0;
    if (!fdt_find_prop(o, frag, "target", &prop)) {
        ph = fdt_word(o, prop + FDT_PROP_VALUE);
        if (prop_len(o, prop) != 4 || ph == PHANDLE_NONE)
            return fdt_fail(o, prop, FDT_EPHANDLE);
        if (ph && node_by_phandle(t, ph, &g->node))
            return fdt_fail(o, prop, FDT_ETARGET);
    }
    if (!ph) {
        if (fdt_find_prop(o, frag, "target-path", &prop))
            return fdt_fail(o, frag, FDT_ENOTARGET);
        len = prop_len(o, prop);
        if (!is_string(o, prop + FDT_PROP_VALUE, len) ||
            tree_path(t, o, prop + FDT_PROP_VALUE, len - 1, &g->node))
            return fdt_fail(o, prop, FDT_ETARGET);
        g->path = prop + FDT_PROP_VALUE;
    }
    if (node_path(t, g->node, NULL, &g->path_len, &g->depth))
        return fdt_fail(o, frag, FDT_ETARGET);
    if (g->path)
        g->path_len = len - 1;
    return 0;
}

/* The overlay's property prop set in the tree's node. */
static int set_prop(struct ov *v, uint32_t node, uint32_t prop)
{
    struct fdt *o = v->o, *t = v->t;
    uint32_t len = prop_len(o, prop);
    uint32_t val = 0;
    struct out w;
    struct fdt_text x;
    int rc = fdt_setprop_room(t, node, name_at(o, prop_name(o, prop), &x),
                              len, &val);

    if (!rc) {
        out_open(&w, t, val, len);
        out_text(&w, o, prop + FDT_PROP_VALUE, len);
    }
    return rc;
}

/* The __overlay__ node ovl merged into its target g (libfdt's
 * overlay_apply_node, its recursion a stack of the tree's nodes: each
 * write lands inside the top one, so the offsets below it hold). A
 * failed write of the tree is named at the overlay's token. */
static int merge(struct ov *v, uint32_t ovl, const struct target *g)
{
    struct fdt *o = v->o, *t = v->t;
    struct nodes s = { 0 };
    uint32_t off, next, child = 0;
    struct fdt_text name;
    int tok;

    push(&s, g->node);
    tok = node_body(o, ovl, &off);
    if (tok)
        return tok;
    for (;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_PROP) {
            tok = set_prop(v, top(&s), off);
        } else if (tok == FDT_BEGIN_NODE) {
            name_at(o, off + FDT_TOKEN_LEN, &name);
            tok = find_child(t, top(&s), &name, &child);
            if (g->depth + s.n > FDT_DEPTH_MAX)
                return fdt_fail(o, off, FDT_EDEPTH);
            if (tok == FDT_ENOTFOUND)
                tok = fdt_add_subnode_first(t, top(&s), &name, &child);
            if (!tok)
                push(&s, child);     /* room: the depth test above */
        } else if (tok == FDT_END_NODE && !pop(&s)) {
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
    struct nodes s = { 0 };
    uint32_t off, next, skip = 0, node, oph, tph, prop = 0;
    struct fdt_text x;
    int tok;

    for (off = ovl;; off = next) {
        tok = fdt_token(o, off, &next);
        if (tok < 0)
            return tok;
        if (tok == FDT_END_NODE && skip) {
            skip--;
        } else if (tok == FDT_END_NODE) {
            if (!pop(&s))
                return 0;
        } else if (tok == FDT_BEGIN_NODE && skip) {
            skip++;
        } else if (tok == FDT_BEGIN_NODE) {
            node = g->node;
            if (s.n && find_child(t, top(&s),
                                  name_at(o, off + FDT_TOKEN_LEN, &x),
                                  &node)) {
                skip = 1;
                continue;
            }
            if (!push(&s, node))
                return fdt_fail(o, off, FDT_EDEPTH);
            oph = phandle_of(o, off);
            tph = phandle_of(t, node);
            if (!oph || !tph || oph == tph)
                continue;
            if (!fdt_find_prop(o, off, "phandle", &prop))
                put_cell(v, prop + FDT_PROP_VALUE, tph);
            if (!fdt_find_prop(o, off, "linux,phandle", &prop))
                put_cell(v, prop + FDT_PROP_VALUE, tph);
            tok = local_fixups(v, oph, tph);
            if (tok)
                return tok;
        }
    }
}

/* A __symbols__ entry of the overlay (prop): its fragment's node, and
 * where its path goes on from the fragment's __overlay__ (*rel, *rel_len
 * in the overlay). 1: an entry that names nothing the merge puts in the
 * tree (skipped, as libfdt skips it); 0 found; < 0 refused. */
static int symbol_fragment(struct ov *v, uint32_t prop, uint32_t *frag,
                           uint32_t *rel, uint32_t *rel_len)
{
    static const char over[] = "/" OVERLAY_NODE;
    const uint32_t over_len = sizeof(over) - 1;
    struct fdt *o = v->o;
    uint32_t p = prop + FDT_PROP_VALUE, len = prop_len(o, prop), ovl = 0;
    uint32_t rest, s, r;
    struct fdt_text x;

    if (!is_string(o, p, len) || fdt_byte(o, p) != '/')
        return fdt_fail(o, prop, FDT_ESYMPATH);
    /* s: the second '/', at the NUL (len - 1) when there is none */
    s = 1 + find_char(o, p + 1, '/', len - 2);
    if (s == len - 1)
        return 1;
    /* rest: from s to the NUL, without it */
    rest = len - 1 - s;
    if (rest < over_len || !text_is(o, p + s, over, over_len) ||
        (rest > over_len && fdt_byte(o, p + s + over_len) != '/'))
        return 1;
    r = rest > over_len ? s + over_len + 1 : len - 1;
    *rel = p + r;
    *rel_len = len - 1 - r;
    if (find_child(o, o->struct_off, text(o, p + 1, s - 1, &x), frag) ||
        find_child(o, *frag, &overlay_node, &ovl))
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
    struct out w;
    uint32_t off, next, frag = 0, rel = 0, rel_len = 0, len, tsym = 0, d;
    uint32_t val = 0;
    struct fdt_text x;
    int tok;

    if (fdt_path(t, "/__symbols__", &tsym)) {
        tok = fdt_add_subnode_first(t, t->struct_off,
                                    &symbols_node, &tsym);
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
        tok = fdt_setprop_room(t, tsym, name_at(o, prop_name(o, off), &x),
                               len, &val);
        if (tok)
            return fdt_fail(o, off, tok);
        out_open(&w, t, val, len);
        if (g.path_len > 1 && g.path) {
            out_text(&w, o, g.path, g.path_len);
        } else if (g.path_len > 1) {
            /* The setprop moved the tree: the target found again. */
            tok = find_target(v, frag, &g);
            if (!tok)
                tok = node_path(t, g.node, &w, &g.path_len, &d);
            if (tok)
                return fdt_fail(o, off, tok);
        }
        out_char(&w, '/');
        out_text(&w, o, rel, rel_len);
        out_char(&w, '\0');
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
            find_child(o, off, &overlay_node, &ovl))
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
    struct out w = { t->buf, copy, t->cap };
    int rc;

    /* The overlay apart from the whole buffer, the copy's room too. */
    if (!t->buf || (a < b + t->cap && b < a + ov_len))
        return fdt_fail(o, 0, FDT_EINVAL);
    /* copy > t->cap cannot be (copy + size <= cap), said for the analysis,
     * which bounds the tree's room below by it. */
    if (copy < t->size || copy > t->cap)
        return fdt_fail(o, 0, FDT_ENOSPACE);
    out_bytes(&w, t->buf, t->size, 0, t->size);
    t->cap = copy;
    rc = apply(t, o, ov, ov_len);
    if (rc) {
        w = (struct out){ t->buf, 0, keep.size };
        out_bytes(&w, t->buf, keep.cap, copy, keep.size);
        *t = keep;
    }
    t->cap = keep.cap;
    return rc;
}

#endif /* BOOT_FDT_OVERLAY */
