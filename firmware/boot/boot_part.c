/* A label's PARTITION (firmware/README.md, "A/B slots"): the partition
 * its files come from, found as Linux's root= finds it and mounted in
 * the one struct ext_fs in place of the config's; the config's mounted
 * again for what lives there. Only the partition st->fs holds is ever
 * mounted: RAM stays one sector buffer and one replay table. */
#include "firmware/boot/boot_priv.h"

#if BOOT_CONF_PARTITION

#include "lib/num.h"

static bool same_part(const struct part_info *a, const struct part_info *b)
{
    return a->lba == b->lba && a->sectors == b->sectors;
}

/* The label failed at its partition: "partition: 'NAME': PARTITION
 * SPEC: why". */
static int part_fail(struct boot_state *st, const char *spec,
                     const char *why)
{
    struct boot_plan *p = st->plan;

    if (why != p->fail.why)
        fmt_snprintf(p->fail.why, sizeof(p->fail.why), "PARTITION %s: %s",
                     spec, why);
    return boot_plan_fail(p, BOOT_EPARTITION, "partition", NULL,
                          p->fail.why);
}

/* Out of line, as the other failures below: their sentence buffers stay
 * off the stack of the mount and the journal replay beneath it. */
__attribute__((noinline))
static int mount_fail(const struct boot_env *env, struct boot_state *st,
                      const char *spec, int rc)
{
    char why[BOOT_WHY_MAX];
    const char *w = boot_ext_why(env, &st->fs, rc, why, sizeof(why));

    /* The next mount starts from scratch: none is held now. */
    st->part.sectors = 0;
    fmt_snprintf(st->plan->fail.why, sizeof(st->plan->fail.why),
                 "PARTITION %s: partition %u did not mount: %s", spec,
                 (unsigned)st->lbl_part.index, w);
    return part_fail(st, spec, st->plan->fail.why);
}

/* st->part mounted into st->fs; a failure names the partition. */
static int mount_part(const struct boot_env *env, struct boot_state *st,
                      const char *spec, bool say)
{
    uint32_t t0 = boot_say_now(env);
    int rc = boot_mount_fs(env, st);

    if (rc)
        return mount_fail(env, st, spec, rc);
    if (say)
        boot_mount_say(env, st, t0);
    return 0;
}

/* The config's partition mounted at the start: the card changed. */
__attribute__((noinline))
static int remount_fail(const struct boot_env *env, struct boot_state *st)
{
    char why[BOOT_WHY_MAX];

    st->part.sectors = 0;
    fmt_snprintf(st->plan->fail.why, sizeof(st->plan->fail.why),
                 "the config's partition %u did not mount again: %s",
                 (unsigned)st->cfg_part.index,
                 boot_ext_why(env, &st->fs, st->fs.err, why, sizeof(why)));
    return boot_plan_fail(st->plan, BOOT_EPARTITION, "partition", NULL,
                          st->plan->fail.why);
}

int boot_part_use(const struct boot_env *env, struct boot_state *st,
                  bool from_label)
{
    const struct part_info *want = from_label ? &st->lbl_part
                                              : &st->cfg_part;

    if (same_part(&st->part, want))
        return 0;
    st->part = *want;
    if (!from_label && boot_mount_fs(env, st))
        return remount_fail(env, st);
    return from_label ? mount_part(env, st, st->plan->partition, false) : 0;
}

/* Why no single partition matched: into the plan's why. */
__attribute__((noinline))
static int match_fail(const struct boot_env *env, struct boot_state *st,
                      const char *spec, int rc,
                      const struct part_key *key, uint32_t second)
{
    struct boot_plan *p = st->plan;
    char where[BOOT_WHY_MAX];
    const char *why = where;

    if (rc == PART_EAMBIG)
        fmt_snprintf(where, sizeof(where), "partitions %u and %u both "
                     "match; refused", (unsigned)st->lbl_part.index,
                     (unsigned)second);
    else if (rc == PART_ENOENT && key->by == PART_BY_LABEL)
        why = st->cfg_part.scheme == PART_GPT
            ? "no GPT partition has that name"
            : "only a GPT partition has a name, and this card has none";
    else if (rc == PART_ENOENT && key->by != PART_BY_NUMBER)
        why = "no partition has that PARTUUID";
    else if (rc == PART_ENOENT || rc == PART_ESPEC)
        why = part_strerror(rc);
    else
        part_describe_dev(&st->lbl_part, rc, boot_dev_strerror(env),
                          where, sizeof(where));
    fmt_snprintf(p->fail.why, sizeof(p->fail.why), "PARTITION %s: %s", spec,
                 why);
    return part_fail(st, spec, p->fail.why);
}

/* The partition spec names, into st->lbl_part, said; or the label's
 * failure. Out of line: the key is gone before the mount. */
__attribute__((noinline))
static int part_locate(const struct boot_env *env, struct boot_state *st,
                       const struct config_label *label, const char *spec)
{
    struct part_info *lp = &st->lbl_part;
    struct part_key key;
    uint32_t second = 0;
    int rc = part_key_parse(spec, str_len(spec), &key);

    if (!rc)
        rc = part_match(env->bd, st->fs.buf, &key, lp, &second);
    /* The scan used the sector buffer: st->fs holds nothing now. */
    st->part.sectors = 0;
    if (!rc && (lp->scheme == PART_NONE || !lp->sectors))
        rc = PART_ENOENT;
    if (rc)
        return match_fail(env, st, spec, rc, &key, second);
    BOOT_SAY(&env->con, "part: label '%s': PARTITION %s: %s partition %u at "
               "LBA %llu, %llu sectors (%llu MiB)\n", label->name, spec,
               part_scheme_name(lp->scheme), (unsigned)lp->index,
               (unsigned long long)lp->lba, (unsigned long long)lp->sectors,
               (unsigned long long)(lp->sectors >> 11));
    return 0;
}

int boot_part_label(const struct boot_env *env, struct boot_state *st,
                    const struct config_label *label)
{
    const char *spec = label->partition;

    if (!spec || !spec[0]) {
        st->plan->pflags = 0;
        return boot_part_use(env, st, false);
    }
    st->plan->pflags = BOOT_PF_PARTITION;
    st->plan->partition = spec;
    int rc = part_locate(env, st, label, spec);
    if (rc)
        return rc;
    st->part = st->lbl_part;
    return mount_part(env, st, spec, true);
}

#endif
