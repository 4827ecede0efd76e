/* Device-tree overlay harness: a tree and an overlay through
 * fdt_overlay_apply (firmware/fdt/fdt_overlay.c).
 *
 * The input: [0..3] big-endian, the tree's length L; [4..5] big-endian,
 * the room the tree is opened with; then the tree (L bytes) and the
 * overlay (the rest). The tree's buffer is malloc'd at exactly its
 * capacity and the overlay at exactly its length, so ASan sees any access
 * past either. A refusal must leave the tree byte for byte as it was; an
 * overlay applied must leave a tree that checks, inside its capacity. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "firmware/boot_conf.h"
/* The tiny profile builds no overlays: the harness brings its own. */
#if !BOOT_FDT_OVERLAY
#undef BOOT_FDT_EDIT
#define BOOT_FDT_EDIT 1
#undef BOOT_FDT_OVERLAY
#define BOOT_FDT_OVERLAY 1
#include "firmware/fdt/fdt.c"
#include "firmware/fdt/fdt_edit.c"
#include "firmware/fdt/fdt_overlay.c"
#endif
#include "firmware/fdt/fdt.h"
#include "tests/fuzz/harness.h"

#define OV_FUZZ_HDR 6u

static uint32_t be_at(const uint8_t *p, uint32_t n)
{
    uint32_t v = 0;

    for (uint32_t i = 0; i < n; i++)
        v = v << 8 | p[i];
    return v;
}

const char *fuzz_fdt_overlay_one(const uint8_t *data, size_t len)
{
    struct fdt src, t, o;
    uint32_t tlen, room, olen, cap;
    uint8_t *tree, *before, *ov;
    const char *bad = NULL;
    int rc;

    if (len < OV_FUZZ_HDR)
        return NULL;
    tlen = be_at(data, 4);
    room = be_at(data + 4, 2);
    if (tlen > len - OV_FUZZ_HDR)
        return NULL;
    olen = (uint32_t)(len - OV_FUZZ_HDR - tlen);
    if (fdt_check(&src, data + OV_FUZZ_HDR, tlen))
        return NULL;
    cap = src.size + room + 64u;     /* the header and alignment too */
    tree = malloc(cap);
    before = malloc(cap);
    ov = malloc(olen ? olen : 1);
    if (!tree || !before || !ov) {
        free(tree);
        free(before);
        free(ov);
        return NULL;
    }
    memcpy(ov, data + OV_FUZZ_HDR + tlen, olen);
    if (fdt_open_into(&t, &src, tree, cap) == 0) {
        memcpy(before, tree, t.size);
        uint32_t size = t.size;

        rc = fdt_overlay_apply(&t, &o, ov, olen);
        if (rc > 0 || rc < FDT_ERR_LAST)
            bad = "fdt_overlay_apply: a code outside the table";
        else if (rc && (t.size != size || memcmp(tree, before, size)))
            bad = "fdt_overlay_apply: a refused overlay changed the tree";
        else if (!rc && (t.size > cap || fdt_check(&src, tree, t.size)))
            bad = "fdt_overlay_apply: the tree does not check after it";
    }
    free(tree);
    free(before);
    free(ov);
    return bad;
}
