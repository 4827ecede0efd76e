/* The board-independent boot flow:
 *
 *   partition (first ext one) -> mount -> extlinux.conf -> labels in order
 *   (DEFAULT first, then the rest in file order) -> load the kernel into the
 *   window -> SHA-256 check -> FDT -> hand-off block -> board hand-off.
 *
 * Each step prints one line to the console: what, from where, how many
 * bytes, how many ms. A failing label says why and what comes next.
 */
#ifndef EXTLOAD_BOOT_H
#define EXTLOAD_BOOT_H

#include <stdbool.h>
#include <stdint.h>

#include "firmware/config.h"
#include "firmware/console.h"
#include "firmware/handoff.h"
#include "fs/blockdev.h"
#include "fs/ext.h"
#include "fs/part.h"

#ifndef BOOT_REQUIRE_SHA256
#define BOOT_REQUIRE_SHA256 0
#endif

#define BOOT_CONFIG_MAX 1024u         /* bytes of extlinux.conf read */
#define BOOT_PATH_MAX 256u            /* KERNEL path + ".sha256" */

enum boot_err {
    BOOT_OK = 0,
    BOOT_ENOCARD = -1,        /* no card answered */
    BOOT_ENOPART = -2,        /* no partition holds an ext filesystem */
    BOOT_ENOFS = -3,          /* the filesystem did not mount */
    BOOT_ENOLABEL = -4,       /* no label could be booted */
    BOOT_ENOKERNEL = -5,      /* the kernel file is missing or unreadable */
    BOOT_ETOOBIG = -6,        /* a file does not fit the load window */
    BOOT_ESHA256 = -7,        /* the kernel does not match KERNEL.sha256 */
    BOOT_ENOSHA256 = -8,      /* KERNEL.sha256 required but missing/bad */
    BOOT_EFDT = -9,           /* the FDT is missing or unreadable */
    BOOT_EHANDOFF = -10,      /* the board could not start the kernel */
    BOOT_EPATH = -11,         /* a path in the config is too long */
};

/* What a board's hand-off receives. Pointers are where this CPU sees the
 * bytes; *_addr are the addresses the kernel sees. */
struct boot_image {
    const uint8_t *kernel;
    uint32_t kernel_addr;
    uint32_t kernel_size;
    uint32_t fdt_addr;              /* 0: none (r2) */
    uint32_t fdt_size;
    uint32_t handoff_addr;          /* r3 */
    const struct extload_handoff *handoff;
};

struct boot_env {
    struct console con;
    uint32_t (*ms_now)(void *ctx);
    void *clk_ctx;
    const struct blockdev *bd;
    uint8_t *window;                /* the load window as this CPU sees it */
    uint32_t window_addr;           /* ... and as the kernel sees it */
    uint32_t window_size;
    const char *default_kernel;     /* tried when there is no config */
    bool require_sha256;
    /* Starts the kernel; returns only when it cannot (or on the host). */
    int (*handoff)(void *ctx, const struct boot_image *img);
    void *handoff_ctx;
};

/* Blocks a dirty journal may replace at mount (16 bytes each): a kernel
 * update of 32 KiB in 4 KiB blocks with its metadata fits easily; more
 * fails the mount by name instead of reading stale bytes. */
#ifndef BOOT_JOURNAL_BLOCKS
#define BOOT_JOURNAL_BLOCKS 32
#endif

/* Working memory, owned by the caller (a board keeps it in .bss). */
struct boot_state {
    struct ext_fs fs;
    struct ext_journal jnl;
    struct ext_jblock jtab[BOOT_JOURNAL_BLOCKS];
    struct ext_file file;
    struct part_info part;
    struct boot_config cfg;
    struct config_label fallback;   /* the board default, without config */
    char path[BOOT_PATH_MAX];
    char cfg_text[BOOT_CONFIG_MAX + 1];
};

/* Partition and mount; prints the two lines. */
int boot_mount(const struct boot_env *env, struct boot_state *st);
/* The whole flow. Returns what env->handoff returned, or the error that
 * ended the flow after it was reported. */
int boot_run(const struct boot_env *env, struct boot_state *st);

const char *boot_strerror(int err);

#endif
