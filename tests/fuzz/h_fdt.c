/* Device tree harness: a blob through fdt_check, the loader's queries,
 * fdt_open_into and fdt_set_chosen (firmware/fdt/fdt.c, firmware/fdt/fdt_edit.c).
 *
 * The input's first 4 bytes choose the edit, the rest is the blob:
 *   [0] bit 0: with an initrd; bit 1: with bootargs; bit 2: edit in place
 *       (the blob's own buffer); bit 3: initrd above 4 GiB
 *   [1] bootargs length
 *   [2..3] big-endian: room the edit buffer has past the tree
 * The blob and every buffer are malloc'd at their exact length, so ASan
 * sees any read or write past them. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "firmware/boot_conf.h"
/* The tiny profile's library has no editor (BOOT_FDT_EDIT=0): the
 * replay of kept inputs (tests/unit/test_regress.c) brings its own. */
#if !BOOT_FDT_EDIT
#undef BOOT_FDT_EDIT
#define BOOT_FDT_EDIT 1
#include "firmware/fdt/fdt.c"
#include "firmware/fdt/fdt_edit.c"
#endif
#include "firmware/fdt/fdt.h"
#include "firmware/fdt/fdt_format.h"
#include "tests/fuzz/harness.h"

#define FDT_FUZZ_HDR 4u

/* A value the reader gave out lies inside the tree. */
static bool inside(const struct fdt *t, const uint8_t *v, uint32_t len)
{
    return v >= t->blob && v <= t->blob + t->size &&
           len <= (uint32_t)(t->blob + t->size - v);
}

static bool is_code(int rc)
{
    return rc <= 0 && rc >= FDT_EINVAL;
}

static uint64_t cells(const uint8_t *v, uint32_t n)
{
    uint64_t x = 0;

    for (uint32_t i = 0; i < n * 4u; i++)
        x = x << 8 | v[i];
    return x;
}

/* The queries: codes from the table, values inside the tree. */
static const char *query(struct fdt *t)
{
    static const char *const paths[][2] = {
        { "/", "compatible" }, { "/chosen", "bootargs" },
        { "/cpus", "timebase-frequency" }, { "/memory", "reg" },
        { "/soc/serial@10010000", "compatible" }, { "/a/b/c", "x" },
    };
    uint32_t ac, sc, len, node;
    uint64_t base, size;
    const uint8_t *v;
    int rc;

    rc = fdt_cells(t, &ac, &sc);
    if (!is_code(rc))
        return "fdt_cells: a code outside the table";
    rc = fdt_memory(t, 0x80000000u, &base, &size);
    if (!is_code(rc))
        return "fdt_memory: a code outside the table";
    if (!rc && (!size || base + size < base))
        return "fdt_memory: a range empty or past 2^64";
    for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
        rc = fdt_prop(t, paths[i][0], paths[i][1], &v, &len);
        if (!is_code(rc))
            return "fdt_prop: a code outside the table";
        if (!rc && !inside(t, v, len))
            return "fdt_prop: a value outside the tree";
        rc = fdt_path(t, paths[i][0], &node);
        if (!rc && (node < t->struct_off ||
                    node >= t->struct_off + t->struct_size))
            return "fdt_path: a node outside the structure block";
    }
    return NULL;
}

/* /chosen holds what was set, in the root's cells. */
static const char *read_back(struct fdt *t, const struct fdt_chosen *c)
{
    static const char *const names[2] = {
        "linux,initrd-start", "linux,initrd-end",
    };
    const uint64_t want[2] = { c->initrd_start, c->initrd_end };
    uint32_t ac = 0, sc, len;
    const uint8_t *v;

    if (c->bootargs &&
        (fdt_prop(t, "/chosen", "bootargs", &v, &len) ||
         len != strlen(c->bootargs) + 1 || memcmp(v, c->bootargs, len)))
        return "bootargs does not read back";
    if (c->initrd && fdt_cells(t, &ac, &sc))
        return "the root's cells went unreadable";
    for (int i = 0; i < 2; i++) {
        int rc = fdt_prop(t, "/chosen", names[i], &v, &len);

        if (!c->initrd && rc != FDT_ENOTFOUND)
            return "an initrd property stayed without an initrd";
        if (c->initrd && (rc || len != ac * 4u || cells(v, ac) != want[i]))
            return "an initrd property does not read back";
    }
    return NULL;
}

const char *fuzz_fdt_one(const uint8_t *data, size_t len)
{
    struct fdt t, e, again;
    struct fdt_chosen c;
    char args[256];
    uint8_t *blob, *buf = NULL;
    uint32_t n, cap;
    const char *bad = NULL;
    int rc;

    if (len < FDT_FUZZ_HDR || len > (1u << 20))
        return NULL;
    n = (uint32_t)(len - FDT_FUZZ_HDR);
    memset(args, 0, sizeof(args));
    memset(args, 'a' + data[1] % 26, data[1]);
    c.bootargs = data[0] & 2 ? args : NULL;
    c.initrd = data[0] & 1;
    c.initrd_start = data[0] & 8 ? 0x180000000ull : 0x84000000u;
    c.initrd_end = c.initrd_start + data[1] * 4099u;

    blob = malloc(n ? n : 1);
    if (!blob)
        return NULL;
    memcpy(blob, data + FDT_FUZZ_HDR, n);
    rc = fdt_check(&t, blob, n);
    if (!is_code(rc) || rc == FDT_ENOSPACE || rc == FDT_EINPLACE)
        bad = "fdt_check: a code it cannot give";
    else if (rc && t.err_off > n)
        bad = "fdt_check: an error past the buffer";
    else if (!rc && (t.size > n || t.struct_size > t.size))
        bad = "fdt_check: a tree past the buffer";
    if (rc || bad)
        goto out;
    bad = query(&t);
    if (bad)
        goto out;

    cap = FDT_HDR_V17_LEN + t.rsv_size + t.struct_size + t.strings_size +
          ((uint32_t)data[2] << 8 | data[3]);
    if (data[0] & 4) {
        /* In place: the tree's own bytes, the buffer as long as both. */
        if (cap < n)
            cap = n;
        buf = malloc(cap);
        if (!buf)
            goto out;
        memcpy(buf, blob, n);
        if (fdt_check(&t, buf, n)) {
            bad = "the same bytes check differently";
            goto out;
        }
    } else {
        buf = malloc(cap);
        if (!buf)
            goto out;
    }
    rc = fdt_open_into(&e, &t, buf, cap);
    if (rc) {
        if (rc != FDT_EINPLACE || !(data[0] & 4))
            bad = "fdt_open_into: refused a tree that fits";
        goto out;
    }
    if (fdt_check(&again, buf, e.size) || again.size != e.size ||
        again.struct_size != t.struct_size)
        bad = "fdt_open_into: the copy does not check";
    if (!bad)
        bad = query(&e);
    if (bad)
        goto out;
    rc = fdt_set_chosen(&e, &c);
    if (!is_code(rc))
        bad = "fdt_set_chosen: a code outside the table";
    else if (e.size > cap)
        bad = "fdt_set_chosen: a tree past its capacity";
    else if (fdt_check(&again, buf, e.size))
        bad = "fdt_set_chosen: the edited tree does not check";
    else if (!rc)
        bad = read_back(&e, &c);
out:
    free(buf);
    free(blob);
    return bad;
}
