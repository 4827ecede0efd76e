/* A partition mounted into st->fs (the config's at the start, a label's
 * PARTITION's later) and the mount's line: apart from boot.c so that
 * boot_part.c calls nothing of the flow above it. */
#include "firmware/boot/boot_priv.h"

int boot_mount_fs(const struct boot_env *env, struct boot_state *st)
{
    const struct part_info *p = &st->part;
    int rc;

    /* The mount clears st->fs itself (the scan left a sector in its
     * buffer). */
#if EXT_JOURNAL
    st->jnl.tab = st->jtab;
    st->jnl.cap = st->jtab ? BOOT_JOURNAL_BLOCKS : 0;
#if EXT_FAST_COMMIT
    st->jnl.fc = st->jtab ? st->fctab : NULL;
    st->jnl.fc_cap = st->jtab ? BOOT_FC_ENTRIES : 0;
#endif
    rc = ext_mount_journal(&st->fs, env->bd, p->lba, p->sectors, &st->jnl);
#else
    rc = ext_mount(&st->fs, env->bd, p->lba, p->sectors);
#endif
#if EXT_PATH_LIMIT
    st->fs.path_max = env->path_max;
#endif
    return rc;
}

void boot_mount_say(const struct boot_env *env, struct boot_state *st,
                    uint32_t t0)
{
    const struct console *con = &env->con;
    const struct part_info *p = &st->part;

    BOOT_SAY(con, "mount: %s at LBA %llu, %u-byte blocks, %llu blocks, "
               "%u ms\n", ext_flavour(&st->fs), (unsigned long long)p->lba,
               1u << st->fs.blk_shift,
               (unsigned long long)st->fs.blocks_count,
               (unsigned)(boot_now(env) - t0));
#if EXT_JOURNAL
    if (st->jnl.replayed) {
#if EXT_FAST_COMMIT
        char line[240];             /* the fast commits' count too */
#else
        char line[200];
#endif

        ext_journal_describe(&st->fs, line, sizeof(line));
        BOOT_SAY(con, "mount: journal %s\n", line);
    }
#endif
#if BOOT_MESSAGES
    if (st->fs.warnings & EXT_WARN_NEEDS_RECOVERY)
        con_printf(con, "mount: warning: the journal was not replayed; "
                   "recent changes may be missing\n");
#if EXT_JOURNAL                   /* the only source of this warning */
    if (st->fs.warnings & EXT_WARN_JOURNAL_CSUM)
        con_printf(con, "mount: warning: journal blocks failed their "
                   "checksum and were not replayed\n");
#endif
    if (st->fs.warnings & (EXT_WARN_NOT_CLEAN | EXT_WARN_ERRORS))
        con_printf(con, "mount: warning: the filesystem was not cleanly "
                   "unmounted or has errors\n");
#if EXT_CSUM_VERIFY               /* the only source of this warning */
    if (st->fs.warnings & EXT_WARN_DESC_CSUM)
        con_printf(con, "mount: warning: a group descriptor failed its "
                   "checksum; read as it is, as Linux mounts read-only\n");
#endif
#else
    /* Their EXT_WARN_* bits (fs/ext.h) as one number. */
    if (st->fs.warnings)
        con_printf(con, "mount: warning 0x%x\n", (unsigned)st->fs.warnings);
#endif
}
