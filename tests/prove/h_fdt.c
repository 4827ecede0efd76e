/* The device-tree reader and editor (firmware/fdt/fdt.c, fdt_edit.c)
 * for Frama-C's EVA (tests/prove/part_fdt.mk), as
 * firmware/boot/boot_label.c's fdt_for_kernel and boot_trial.c's
 * boot_trial_fdt use them: a tree of unknown bytes and unknown length,
 * loaded at the start of a buffer the plan gave it (its room up to an
 * unknown cap), checked, opened in place, its memory and cells read,
 * /chosen set (bootargs of unknown bytes, an initrd at any address or
 * none) and the trial's reserved-memory node added. Every byte of the
 * tree and of APPEND is the card's; the buffer's size is the caller's. */
#include <stddef.h>
#include <stdint.h>

#include "__fc_builtin.h"
#include "firmware/boot/boot_priv.h"
#include "firmware/fdt/fdt.h"

/* The room the plan keeps a tree: a small one, the edits' growth. */
#define TREE_ROOM 768u
/* APPEND: the config's line, at most this long, NUL-terminated. */
#define APPEND_MAX 64u

static uint8_t tree[TREE_ROOM];
static char append[APPEND_MAX + 1];

int main(void)
{
    struct fdt t;
    struct fdt_chosen c;
    struct boot_env env;
    uint64_t base, size;
    uint32_t len, cap, ac, sc;
    int rc;

    Frama_C_make_unknown((char *)tree, sizeof(tree));
    Frama_C_make_unknown(append, APPEND_MAX);
    append[APPEND_MAX] = '\0';
    len = Frama_C_unsigned_int_interval(0, TREE_ROOM);
    cap = Frama_C_unsigned_int_interval(len, TREE_ROOM);
    rc = fdt_check(&t, tree, len);
    if (!rc)
        rc = fdt_open_into(&t, &t, tree, cap);
    if (rc)
        return rc;
    if (!fdt_cells(&t, &ac, &sc))
        rc = fdt_memory(&t, Frama_C_unsigned_long_long_interval(0, UINT64_MAX),
                        &base, &size);
    c.bootargs = Frama_C_nondet(0, 1) ? append : NULL;
    c.initrd = Frama_C_nondet(0, 1);
    c.initrd_start = Frama_C_unsigned_long_long_interval(0, UINT64_MAX);
    c.initrd_end = Frama_C_unsigned_long_long_interval(0, UINT64_MAX);
    rc = fdt_set_chosen(&t, &c);
    if (rc)
        return rc;
    env.trial_addr = Frama_C_unsigned_long_long_interval(0, UINT64_MAX);
    env.trial_size = Frama_C_unsigned_int_interval(0, UINT32_MAX);
    return boot_trial_fdt(&env, &t);
}
