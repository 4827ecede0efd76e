/* The overlay engine (firmware/fdt/fdt_overlay.c) for Frama-C's EVA
 * (tests/prove/part_fdt_overlay.mk), as firmware/boot/boot_label.c's
 * apply_overlays uses it: a tree of unknown bytes and length checked and
 * opened in a buffer with room up to an unknown cap, then an overlay of
 * unknown bytes and length, loaded apart from the tree, applied to it.
 * Every byte of both is the card's; the buffers' sizes are the
 * caller's. */
#include <stddef.h>
#include <stdint.h>

#include "__fc_builtin.h"
#include "firmware/fdt/fdt.h"

/* The tree's room (twice the tree and what the overlay adds) and the
 * overlay's file. */
#define TREE_ROOM 1024u
#define OVERLAY_ROOM 512u

static uint8_t tree[TREE_ROOM];
static uint8_t overlay[OVERLAY_ROOM];

int main(void)
{
    struct fdt t, o;
    uint32_t len, cap, ov_len;
    int rc;

    Frama_C_make_unknown((char *)tree, sizeof(tree));
    Frama_C_make_unknown((char *)overlay, sizeof(overlay));
    len = Frama_C_unsigned_int_interval(0, TREE_ROOM);
    cap = Frama_C_unsigned_int_interval(len, TREE_ROOM);
    ov_len = Frama_C_unsigned_int_interval(0, OVERLAY_ROOM);
    rc = fdt_check(&t, tree, len);
    if (!rc)
        rc = fdt_open_into(&t, &t, tree, cap);
    if (rc)
        return rc;
    return fdt_overlay_apply(&t, &o, overlay, ov_len);
}
