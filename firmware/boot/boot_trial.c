/* Trial boots (BOOT_TRIAL; firmware/README.md, "Trial boots"): the trial
 * record's rules at boot, before any label, and the words the loader
 * adds to a kernel's command line.
 *
 *   record                    at boot                        then
 *   none, or refused          (said why, unless none)        committed
 *   FAILED                    kept; extload.trial_failed=    committed
 *   tries 0, not FAILED       FAILED, written                committed
 *   tries > 0                 tries - 1, TRYING, written     the label,
 *                             first                          as a trial
 *   ... trial did not load    FAILED, written                committed
 *
 * "committed": DEFAULT, then FALLBACK, then the rest (boot_run). Every
 * write is seq + 1. The record's bytes: firmware/trial/trial.h.
 */
#include "firmware/boot/boot_priv.h"

#if BOOT_TRIAL

#include "firmware/fdt/fdt.h"

/* Writes t->rec back as seq + 1: 0, or < 0 (said) when the board could
 * not. */
static int trial_save(const struct boot_env *env, struct boot_trial *t)
{
    uint8_t raw[TRIAL_RECORD_SIZE];
    int rc = -1;

    t->rec.seq++;
    trial_encode(&t->rec, raw);
    if (env->trial_write)
        rc = env->trial_write(env->trial_ctx, raw);
    if (rc < 0)
        con_printf(&env->con, "trial: the record could not be written\n");
    return rc < 0 ? rc : 0;
}

static void trial_fail(const struct boot_env *env, struct boot_trial *t)
{
    t->rec.outcome = TRIAL_FAILED;
    trial_save(env, t);
}

int boot_trial_start(const struct boot_env *env, struct boot_state *st)
{
    const struct console *con = &env->con;
    struct boot_trial *t = &st->trial;
    uint8_t raw[TRIAL_RECORD_SIZE];
    int rc;

    t->valid = 0;
    if (!env->trial_read)
        return -1;
    if (env->trial_read(env->trial_ctx, raw) < 0) {
        con_printf(con, "trial: the record could not be read\n");
        return -1;
    }
    rc = trial_decode(raw, &t->rec);
    if (rc == TRIAL_EEMPTY)
        return -1;                  /* none: a power cycle, or cleared */
    if (rc) {
        con_printf(con, "trial: record ignored: %s\n", trial_strerror(rc));
        return -1;
    }
    int l = config_find(st->cfg, t->rec.label);
    if (l < 0) {
        con_printf(con, "trial: record ignored: label '%s' is not in the "
                   "config\n", t->rec.label);
        return -1;
    }
    t->valid = 1;
    if (t->rec.outcome == TRIAL_FAILED) {
        con_printf(con, "trial: label '%s' failed (record seq %u); the "
                   "committed labels boot\n", t->rec.label,
                   (unsigned)t->rec.seq);
        return -1;
    }
    if (t->rec.tries == 0) {
        con_printf(con, "trial: label '%s' booted and was not committed: "
                   "failed; the committed labels boot\n", t->rec.label);
        trial_fail(env, t);
        return -1;
    }
    /* Written before the label loads: a hang or a reset from here on
     * finds one try fewer. */
    t->rec.tries--;
    t->rec.outcome = TRIAL_TRYING;
    if (trial_save(env, t) < 0) {
        t->valid = 0;               /* a trial that cannot count is none */
        return -1;
    }
    con_printf(con, "trial: label '%s' boots as a trial, %u %s left after "
               "this one\n", t->rec.label, (unsigned)t->rec.tries,
               t->rec.tries == 1 ? "try" : "tries");
    return l;
}

void boot_trial_failed(const struct boot_env *env, struct boot_state *st)
{
    struct boot_trial *t = &st->trial;

    con_printf(&env->con, "trial: label '%s' did not load; the record says "
               "failed\n", t->rec.label);
    trial_fail(env, t);
}

/* "extload.key=value" at dst + n, after a blank unless it starts the
 * line (at: the bytes before dst); the value in double quotes when it
 * holds a blank (the kernel's parameter parser reads them so). */
static uint32_t word(char *dst, uint32_t cap, uint32_t n, uint32_t at,
                     const char *key, const char *value)
{
    const char *q = "";
    const char *fmt = n + at ? " extload.%s=%s%s%s" : "extload.%s=%s%s%s";

    for (const char *p = value; *p; p++)
        if (*p == ' ' || *p == '\t')
            q = "\"";
    return n + fmt_snprintf(n < cap ? dst + n : NULL, n < cap ? cap - n : 0,
                            fmt, key, q, value, q);
}

uint32_t boot_trial_words(const struct boot_env *env,
                          const struct boot_state *st,
                          const struct config_label *label, uint32_t at,
                          char *dst, uint32_t cap)
{
    const struct boot_trial *t = &st->trial;
    uint32_t n;

    if (!env->trial_read)
        return 0;
    n = word(dst, cap, 0, at, "label", label->name);
    if (st->boot_as == BOOT_AS_TRIAL) {
        char tries[4];

        fmt_snprintf(tries, sizeof(tries), "%u", (unsigned)t->rec.tries);
        n = word(dst, cap, n, at, "trial", tries);
    }
    if (t->valid && t->rec.outcome == TRIAL_FAILED)
        n = word(dst, cap, n, at, "trial_failed", t->rec.label);
    return n;
}

#if BOOT_FDT_EDIT && BOOT_RISCV_LINUX
/* A cell pair of addr (or size) as the node's cells say: 1 or 2. */
static uint32_t put_cells(uint8_t *p, uint32_t cells, uint64_t v)
{
    for (uint32_t i = 0; i < cells * 4u; i++)
        p[i] = (uint8_t)(v >> (8u * (cells * 4u - 1u - i)));
    return cells * 4u;
}

/* The trial's node: its path, whose unit address takes up to 16 hex
 * digits (a record above 4 GiB on RV64). */
#define TRIAL_PARENT_PATH "/reserved-memory/"
#define TRIAL_NODE_PATH TRIAL_PARENT_PATH "extload-trial@"
#define TRIAL_ADDR_DIGITS 16u

/* A node's #address-cells or #size-cells, dflt when it has none. */
static uint32_t node_cells(struct fdt *t, uint32_t node, const char *name,
                           uint32_t dflt)
{
    uint32_t v;

    return fdt_getprop_u32(t, node, name, &v) ? dflt : v;
}

/* TRIAL_NODE_PATH's unit address: addr in hex, no leading zeros, into
 * name (NUL-filled). */
static void put_unit_address(char *name, uint64_t addr)
{
    uint32_t digits = 1, i;

    while (digits < TRIAL_ADDR_DIGITS && addr >> (4u * digits))
        digits++;
    for (i = 0; i < digits; i++)
        name[sizeof(TRIAL_NODE_PATH) - 1 + i] =
            "0123456789abcdef"[(addr >> (4u * (digits - 1u - i))) & 15u];
}

int boot_trial_fdt(const struct boot_env *env, struct fdt *t)
{
    static const uint8_t compatible[] = "nvmem-rmem";
    uint32_t ac, sc, rm, node;
    uint8_t be[4] = { 0, 0, 0, 0 }, reg[16] = { 0 };
    char name[sizeof(TRIAL_NODE_PATH) + TRIAL_ADDR_DIGITS] = TRIAL_NODE_PATH;
    int rc;

    if (!env->trial_size)
        return 0;
    rc = fdt_cells(t, &ac, &sc);
    if (rc)
        return rc;
    rc = fdt_path(t, "/reserved-memory", &rm);
    if (rc == FDT_ENOTFOUND) {
        /* The binding's parent: the root's cells, ranges empty. */
        rc = fdt_add_subnode(t, t->struct_off, "reserved-memory", &rm);
        be[3] = (uint8_t)ac;
        if (!rc)
            rc = fdt_setprop(t, rm, "#address-cells", be, 4);
        be[3] = (uint8_t)sc;
        if (!rc)
            rc = fdt_setprop(t, rm, "#size-cells", be, 4);
        if (!rc)
            rc = fdt_setprop(t, rm, "ranges", be, 0);
    } else if (!rc) {
        ac = node_cells(t, rm, "#address-cells", ac);
        sc = node_cells(t, rm, "#size-cells", sc);
    }
    if (rc)
        return rc;
    if (ac - 1u > 1u || sc - 1u > 1u)
        return FDT_ECELLS;
    put_unit_address(name, env->trial_addr);
    rc = fdt_path(t, name, &node);
    if (rc == FDT_ENOTFOUND)        /* a tree handed on again keeps one */
        rc = fdt_add_subnode(t, rm, name + sizeof(TRIAL_PARENT_PATH) - 1,
                             &node);
    if (rc)
        return rc;
    uint32_t n = put_cells(reg, ac, env->trial_addr);

    n += put_cells(reg + n, sc, env->trial_size);
    rc = fdt_setprop(t, node, "compatible", compatible, sizeof(compatible));
    if (!rc)
        rc = fdt_setprop(t, node, "reg", reg, n);
    if (!rc)
        rc = fdt_setprop(t, node, "no-map", be, 0);
    return rc;
}
#endif

#endif
