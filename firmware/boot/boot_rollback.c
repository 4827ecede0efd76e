/* The rollback floor and the keys (firmware/README.md, "Rollback"): which
 * key verifies a label, whether its index may boot on this board, and
 * what a committed boot raises. The board's store is behind struct
 * boot_env's rollback_* and key* hooks (the FU540's OTP on sifive-u, a
 * build-time floor on lm3s6965evb); this file decides, the board writes. */
#include "firmware/boot/boot_priv.h"

#if BOOT_ROLLBACK

#include "firmware/crypto/ed25519.h"

uint32_t boot_revoked(const struct boot_env *env)
{
    uint32_t mask = 0;

    if (env->keys_revoked && env->keys_revoked(env->rollback_ctx, &mask) < 0)
        mask = 0;     /* unreadable fuses revoke nothing: the floor still
                       * holds every label back */
    return mask;
}

void boot_rollback_say(const struct boot_env *env)
{
    uint32_t floor, revoked = boot_revoked(env);

    if (!env->rollback_read)
        return;
    if (env->rollback_read(env->rollback_ctx, &floor) < 0)
        con_printf(&env->con, "rollback: the board's floor cannot be read; "
                   "no label boots\n");
    else
        con_printf(&env->con, "rollback: the board's floor is %u%s, keys "
                   "revoked 0x%x\n", (unsigned)floor, env->rollback_raise
                   ? "" : " (fixed at build time)", (unsigned)revoked);
}

int boot_rollback_check(const struct boot_env *env, struct boot_state *st,
                        int has_index)
{
    struct boot_plan *p = st->plan;
    uint32_t floor;

    if (!env->rollback_read)
        return 0;
    if (env->rollback_read(env->rollback_ctx, &floor) < 0)
        return boot_plan_fail(p, BOOT_EROLLBACK, "signature", NULL,
                              "the board's rollback floor cannot be read");
    if (!has_index)
        return boot_plan_fail(p, BOOT_EROLLBACK, "signature", NULL,
                              "no ROLLBACK_INDEX line (a v1 message), and "
                              "this board keeps a rollback floor");
    if (p->rollback >= floor)
        return 0;
    fmt_snprintf(p->fail.why, sizeof(p->fail.why), "rollback index %u "
                 "below the board's %u", (unsigned)p->rollback,
                 (unsigned)floor);
    return boot_plan_fail(p, BOOT_EROLLBACK, "signature", NULL, p->fail.why);
}

/* FALLBACK's declared index, the most a committed boot may raise the
 * floor to (so the fallback keeps booting); none: no bound. A FALLBACK
 * without ROLLBACK_INDEX, or with a bad one, declares 0. */
static uint32_t fallback_bound(const struct boot_state *st)
{
    int fb = config_fallback(st->cfg);
    uint32_t index = 0xffffffffu;

    if (fb >= 0 && config_rollback_index(&st->cfg->labels[fb], &index) < 0)
        index = 0;
    return index;
}

/* Keys below the one that verified, not yet revoked: revoked now. */
static void revoke_below(const struct boot_env *env, const struct boot_plan *p)
{
    uint32_t revoked = boot_revoked(env);

    for (uint32_t k = 0; env->key_revoke && k < p->key; k++) {
        const uint8_t *key = env->pubkey + 32u * k;

        if (revoked & (1u << k))
            continue;
        int rc = env->key_revoke(env->rollback_ctx, k);
        if (rc < 0)
            con_printf(&env->con, "keys: revoking key %u (%02x%02x%02x%02x"
                       "...) failed (error %d); booting on\n", (unsigned)k,
                       key[0], key[1], key[2], key[3], rc);
        else
            con_printf(&env->con, "keys: key %u (%02x%02x%02x%02x...) "
                       "revoked: the label verified with key %u\n",
                       (unsigned)k, key[0], key[1], key[2], key[3],
                       (unsigned)p->key);
    }
}

void boot_rollback_commit(const struct boot_env *env, struct boot_state *st,
                          const struct config_label *label)
{
    const struct boot_plan *p = st->plan;
    uint32_t floor, bound, want;

    if (!env->rollback_read ||
        env->rollback_read(env->rollback_ctx, &floor) < 0)
        return;
    if (st->boot_as != BOOT_AS_DEFAULT && st->boot_as != BOOT_AS_FALLBACK) {
        con_printf(&env->con, "rollback: floor kept at %u: '%s' is not a "
                   "committed boot (%s)\n", (unsigned)floor, label->name,
                   st->boot_as == BOOT_AS_TRIAL ? "a trial"
                   : st->boot_as == BOOT_AS_PICKED ? "picked by hand"
                   : "not DEFAULT's or FALLBACK's");
        return;
    }
    revoke_below(env, p);
    bound = fallback_bound(st);
    want = p->rollback < bound ? p->rollback : bound;
    if (env->rollback_max && want > env->rollback_max)
        want = env->rollback_max;
    if (want <= floor || !env->rollback_raise)
        return;
    int rc = env->rollback_raise(env->rollback_ctx, want);
    if (rc < 0)
        con_printf(&env->con, "rollback: raising the floor %u -> %u failed "
                   "(error %d); booting on\n", (unsigned)floor,
                   (unsigned)want, rc);
    else if (config_fallback(st->cfg) < 0)
        con_printf(&env->con, "rollback: floor %u -> %u (label '%s' index "
                   "%u, no FALLBACK)\n", (unsigned)floor, (unsigned)want,
                   label->name, (unsigned)p->rollback);
    else
        con_printf(&env->con, "rollback: floor %u -> %u (label '%s' index "
                   "%u, FALLBACK's %u)\n", (unsigned)floor, (unsigned)want,
                   label->name, (unsigned)p->rollback, (unsigned)bound);
}

#endif
