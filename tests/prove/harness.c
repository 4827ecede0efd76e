/* The loader's whole use of fs/ for Frama-C's EVA (tests/prove/rules.mk):
 * a card whose every sector holds unknown bytes and whose size is
 * unknown, then the partition walk, the mount (with journal replay in
 * the default profile), a path lookup and a load into a window, as
 * firmware/boot.c does them, in one run per profile (see fs/README.md,
 * "What is proven"). */
#include <stddef.h>
#include <stdint.h>

#include "__fc_builtin.h"
#include "fs/ext.h"
#include "fs/part.h"

/* The board's: firmware/boot.h's BOOT_JOURNAL_BLOCKS (and
 * BOOT_FC_ENTRIES), the lm3s6965evb's 58 KiB load window. */
#define JOURNAL_BLOCKS 64u
#define FC_ENTRIES 16u
#define WINDOW_SIZE (58u * 1024u)
/* Through a symlink, htree directories, "..": the lookup's every path. */
#define PATH "/boot/../boot/extlinux/../zImage"

/* The caller's path buffer: EXT_PATH_MAX bytes, NUL after the path. */
static const char path[EXT_PATH_MAX] = PATH;
static struct ext_fs fs;
static struct ext_file file;
static struct ext_walk walk;
static uint8_t window[WINDOW_SIZE];
#if EXT_JOURNAL
static struct ext_jblock jtab[JOURNAL_BLOCKS];
static struct ext_journal jnl;
#endif
#if EXT_FAST_COMMIT
static struct ext_fc_rec fctab[FC_ENTRIES];
#endif

/* The card: blockdev_proof_read, a contract without a body
 * (fs/blockdev.h). */
static struct blockdev bd = { blockdev_proof_read, NULL, 0 };

int main(void)
{
    struct part_info p;
    ext_off_t size;
    int rc;

    bd.sectors = Frama_C_unsigned_int_interval(0, UINT32_MAX);
    rc = part_find(&bd, fs.buf, 0, &p);
    if (rc)
        return rc;
#if EXT_JOURNAL
    jnl.tab = jtab;
    jnl.cap = JOURNAL_BLOCKS;
#if EXT_FAST_COMMIT
    jnl.fc = fctab;
    jnl.fc_cap = FC_ENTRIES;
#endif
    rc = ext_mount_journal(&fs, &bd, p.lba, p.sectors, &jnl);
#else
    rc = ext_mount(&fs, &bd, p.lba, p.sectors);
#endif
    if (rc)
        return rc;
#if EXT_PATH_LIMIT
    fs.path_max = EXT_PATH_MAX;
#endif
    rc = ext_open_in(&fs, path, &file, &walk);
    if (rc)
        return rc;
    return ext_load(&fs, &file, window, sizeof(window), &size);
}
