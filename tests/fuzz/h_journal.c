/* Journal harness: a bare ext3/ext4 filesystem (no partition table) whose
 * journal the fuzzer writes, mounted through ext_mount_journal: the log
 * scanned and replayed in memory (fs/ext_journal.c), then the result
 * walked by tests/fuzz/h_walk.c with the image harness's invariants.
 *
 * The table is small (JOURNAL_SMALL entries). A journal needing more gets
 * EXT_EJFULL and is mounted again with a large table. On a replay of N
 * blocks, a table of N - 1 entries must fail with EXT_EJFULL (the overflow
 * refused, never read stale), and a mount without a table must fail with
 * EXT_EJFULL too when the log was not empty. The table must come back
 * sorted by block, one entry per block, within its capacity. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs/ext.h"
#include "tests/fuzz/harness.h"
#include "tests/fuzz/h_walk.h"

#define JOURNAL_SMALL 48u
#define JOURNAL_LARGE 1024u

struct jrun {
    struct ext_fs fs, again;
    struct ext_journal jnl, jnl2;
    struct ext_jblock tab[JOURNAL_LARGE];
    struct ext_jblock tab2[JOURNAL_LARGE];
    struct fz_disk dev;
    struct blockdev bd;
    char line[160], tiny[11];
};

static const char *table_sane(const struct ext_journal *j)
{
    uint32_t i;

    if (j->n > j->cap)
        return "the replay table holds more entries than its capacity";
    for (i = 1; i < j->n; i++)
        if (j->tab[i - 1].blk >= j->tab[i].blk)
            return "the replay table is not sorted by block, one entry each";
    return NULL;
}

static int mount(struct jrun *r, struct ext_fs *fs, struct ext_journal *j,
                 struct ext_jblock *tab, uint32_t cap)
{
    memset(j, 0, sizeof(*j));
    j->tab = tab;
    j->cap = cap;
    return ext_mount_journal(fs, &r->bd, 0, r->dev.sectors, j);
}

const char *fuzz_journal_one(const uint8_t *data, size_t len)
{
    struct jrun *r;
    const char *bad = NULL;
    uint32_t n;
    int rc;

    if (!len || len > (64u << 20))
        return NULL;
    r = malloc(sizeof(*r));
    if (!r)
        return NULL;
    fz_disk_init(&r->dev, &r->bd, data, len, false);

    rc = mount(r, &r->fs, &r->jnl, r->tab, JOURNAL_SMALL);
    if (rc == EXT_EJFULL) {
        bad = fz_describe(&r->fs, rc);
        rc = mount(r, &r->fs, &r->jnl, r->tab, JOURNAL_LARGE);
    }
    if (!bad)
        bad = fz_describe(&r->fs, rc);
    if (rc || bad || r->dev.bad)
        goto out;
    bad = table_sane(&r->jnl);
    if (bad)
        goto out;
    ext_journal_describe(&r->fs, r->line, sizeof(r->line));
    ext_journal_describe(&r->fs, r->tiny, sizeof(r->tiny));
    if (strlen(r->line) >= sizeof(r->line) ||
        strlen(r->tiny) >= sizeof(r->tiny)) {
        bad = "ext_journal_describe wrote an unterminated line";
        goto out;
    }
    (void)ext_journal_stop_text(r->jnl.stop);

    n = r->jnl.n;
    if (n) {
        rc = mount(r, &r->again, &r->jnl2, r->tab2, n - 1);
        if (rc != EXT_EJFULL) {
            bad = "a replay table one entry short did not fail the mount "
                  "with EXT_EJFULL";
            goto out;
        }
    }
    if (r->jnl.replayed && r->jnl.stop != EXT_JSTOP_EMPTY) {
        rc = ext_mount(&r->again, &r->bd, 0, r->dev.sectors);
        if (rc != EXT_EJFULL) {
            bad = "a journal needing replay mounted without a table";
            goto out;
        }
    }
    bad = fz_walk(&r->fs, &r->dev, fz_pick(data, len));
out:
    if (!bad)
        bad = r->dev.bad;
    free(r);
    return bad;
}
