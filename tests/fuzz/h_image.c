/* Image harness: a disk image from the fuzzer, as a block device (sectors
 * past the input read as zeros up to 4 MiB, tests/fuzz/h_walk.h), its
 * partition found, the filesystem mounted (a dirty journal replayed into
 * a small table) and walked by tests/fuzz/h_walk.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fs/ext.h"
#include "fs/part.h"
#include "tests/fuzz/harness.h"
#include "tests/fuzz/h_walk.h"

#define JOURNAL_BLOCKS 64u

struct image {
    struct ext_fs fs;
    struct ext_journal jnl;
    struct ext_jblock jtab[JOURNAL_BLOCKS];
    struct fz_disk dev;
    struct blockdev bd;
};

const char *fuzz_image_one(const uint8_t *data, size_t len)
{
    struct part_info pi;
    struct image *m;
    uint8_t sector[BLOCKDEV_SECTOR];
    const char *bad = NULL;
    char names[300];
    uint32_t pick;
    int rc;

    if (!len || len > (64u << 20))
        return NULL;
    m = malloc(sizeof(*m));
    if (!m)
        return NULL;
    /* The disk ends where the input does for inputs under 4 KiB and one
     * input in 16 (by its hash): a short disk, a partition or filesystem
     * past its end stay in play. Others get the 4 MiB disk. */
    pick = fz_pick(data, len);
    fz_disk_init(&m->dev, &m->bd, data, len, len < 4096 || pick % 16 == 0);

    (void)part_scheme(&m->bd, sector);
    rc = part_find(&m->bd, sector, 0, &pi);
    (void)part_strerror(rc);
    if (rc)
        goto out;
    if (pi.lba >= m->dev.sectors || pi.sectors > m->dev.sectors - pi.lba) {
        bad = "part_find gave a partition outside the disk";
        goto out;
    }
    m->jnl.tab = m->jtab;
    m->jnl.cap = JOURNAL_BLOCKS;
#if EXT_FAST_COMMIT
    m->jnl.fc = NULL;             /* malloc'd: no fast-commit table */
    m->jnl.fc_cap = 0;
#endif
    rc = ext_mount_journal(&m->fs, &m->bd, pi.lba, pi.sectors, &m->jnl);
    bad = fz_describe(&m->fs, rc);
    if (rc || bad)
        goto out;
    (void)ext_flavour(&m->fs);
    /* Every name once per input would be the same work each time: the
     * feature words of this filesystem, into a roomy and a short buffer. */
    ext_feature_names((int)(len % 3), m->fs.ro_compat | m->fs.incompat,
                      names, sizeof(names));
    ext_feature_names(1, m->fs.incompat, names, 9);
    bad = fz_walk(&m->fs, &m->dev, pick);
out:
    if (!bad)
        bad = m->dev.bad;
    free(m);
    return bad;
}
