/* `make size`: struct sizes as the Cortex-M3 build sees them. Each array
 * below is as long as its struct; `nm -S` on the object reads them. */
#include "drivers/pl022.h"
#include "drivers/sdspi.h"
#include "firmware/boot/boot.h"
#include "fs/ext.h"

#define SIZEOF(t) const char sizeof_##t[sizeof(struct t)] = { 0 }

extern const char sizeof_ext_fs[], sizeof_ext_file[], sizeof_ext_inode[],
    sizeof_ext_dir[], sizeof_sdspi[], sizeof_pl022[], sizeof_boot_state[],
    sizeof_ext_journal[], sizeof_ext_jblock[], sizeof_journal_table[],
    sizeof_ext_walk[], sizeof_window_tail[];

SIZEOF(ext_fs);
SIZEOF(ext_file);
SIZEOF(ext_inode);
SIZEOF(ext_dir);
SIZEOF(sdspi);
SIZEOF(pl022);
SIZEOF(boot_state);
SIZEOF(ext_journal);
SIZEOF(ext_jblock);
SIZEOF(ext_walk);
/* The loader's working memory in the load window's tail (config text,
 * .sha256 path, ext_walk, journal table): not RAM of its own, but what
 * the largest kernel loses. */
const char sizeof_window_tail[BOOT_CONFIG_ROOM] = { 0 };
/* The firmware's journal replay table (in the load window's tail, beside
 * the config text; none without EXT_JOURNAL). */
#if EXT_JOURNAL
const char sizeof_journal_table[BOOT_JOURNAL_ROOM] = { 0 };
#endif
