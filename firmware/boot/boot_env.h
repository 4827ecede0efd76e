/* What a board gives the boot flow (the board's side of the contract):
 * struct boot_env, filled in board_init() (board/README.md), and what its
 * hand-off receives, struct boot_image. Nothing here is the flow's own
 * state (firmware/boot/boot.h). */
#ifndef EXTLOAD_BOOT_ENV_H
#define EXTLOAD_BOOT_ENV_H

#include <stdbool.h>
#include <stdint.h>

#include "firmware/boot_conf.h"
#include "firmware/boot/handoff.h"
#include "firmware/console/console.h"
#include "fs/blockdev.h"
#include "fs/ext_conf.h"
#if BOOT_TRIAL
#include "firmware/trial/trial.h"
#endif

/* How the board enters a kernel (the label flow decides from its
 * first bytes). */
enum boot_kernel_kind {
    BOOT_KERNEL_BARE = 0,           /* jumped to directly, as the board's
                                     * CPU layer does (M-mode on RISC-V) */
    BOOT_KERNEL_LINUX_RISCV = 1,    /* a RISC-V Linux Image: every hart
                                     * enters the SBI firmware (fw_*),
                                     * which starts the kernel in S-mode */
};

/* What a board's hand-off receives. Pointers are where this CPU sees the
 * bytes; *_addr are the addresses the kernel sees. */
struct boot_image {
    const uint8_t *kernel;
    uint32_t kernel_addr;
    uint32_t kernel_size;
    uint32_t kernel_kind;           /* enum boot_kernel_kind */
    uint32_t fdt_addr;              /* 0: none */
    uint32_t fdt_size;
    uint32_t initrd_addr;           /* 0: none */
    uint32_t initrd_size;
    uint32_t fw_addr;               /* SBI firmware entry; 0: none */
    uint32_t fw_size;
    uint32_t handoff_addr;          /* the struct extload_handoff */
    const struct extload_handoff *handoff;
#if BOOT_TRIAL
    /* 1: a trial boot (firmware/boot/boot_trial.c): a board with a
     * watchdog arms it before the jump, so a kernel that hangs resets
     * the board and its trial ends. */
    uint8_t trial;
#endif
};

/* What env->getc returns when no byte is waiting, and when none can ever
 * come (the host's stdin at its end). */
#define BOOT_IN_NONE (-1)
#define BOOT_IN_EOF (-2)

struct boot_env {
    struct console con;
    uint32_t (*ms_now)(void *ctx);
    void *clk_ctx;
    const struct blockdev *bd;
    /* Optional: bd's driver codes as sentences (sdspi_strerror), so a
     * failed read names the driver's reason: "...failed a read: data CRC
     * mismatch (device error -10)". NULL, or BOOT_MESSAGES=0: the code's
     * number only. */
    blockdev_strerror_fn *dev_strerror;
    uint8_t *window;                /* the load window as this CPU sees it */
    uint32_t window_addr;           /* ... and as the kernel sees it */
    uint32_t window_size;
    const char *default_kernel;     /* tried when there is no config */
    /* A device tree the board already holds outside the window (e.g. the
     * one the previous stage passed at reset), handed to a label that has
     * no FDT line; addr 0: none. */
    uint32_t default_fdt_addr;
    uint32_t default_fdt_size;
#if BOOT_RISCV_LINUX && BOOT_FDT_EDIT
    /* ... and where this CPU reads it. With BOOT_FDT_EDIT a RISC-V Linux
     * label without FDT/FDTDIR gets a copy of it in the window, /chosen
     * patched; NULL: it is handed over where it is, unpatched. (Only in
     * a build with both: a board sets it under the same #if, as it does
     * every field below that a switch leaves out, so a tiny build's
     * const struct in flash keeps none of them.) */
    const uint8_t *default_fdt;
#endif
    bool require_sha256;
    /* The console is a log (a file or a pipe, as the host tool can tell),
     * not a screen: the countdown is said in one line, not rewritten in
     * place with CR. */
    bool con_log;
    /* ms_now counts its calls instead of reading a clock (the host tool
     * fed a script of keys): the ms figures repeat run to run and mean
     * no time, so no load prints a speed. */
    bool clock_fake;
    /* Starts the kernel; returns only when it cannot (or on the host). */
    int (*handoff)(void *ctx, const struct boot_image *img);
    void *handoff_ctx;
    /* The board's device-tree file name under a label's FDTDIR, as
     * U-Boot's fdtfile (e.g. "sifive/hifive-unleashed-a00.dtb"); NULL:
     * FDTDIR names nothing on this board. */
    const char *fdtfile;
#if BOOT_INTERACTIVE
    /* Optional (NULL: none). Console input: the next received byte, or
     * BOOT_IN_NONE / BOOT_IN_EOF; never waits. Without it nothing waits
     * and no prompt opens. */
    int (*getc)(void *ctx);
    void *in_ctx;
    /* Optional: pause until something may have changed (the next clock
     * tick, a received byte), so waiting for a key does not spin. */
    void (*idle)(void *ctx);
    /* Resets the board; returning means it could not (the host's returns
     * and the boot flow ends, to be run again). */
    void (*reset)(void *ctx);
    /* Prints the board's lines for the prompt's "info" (the card). */
    void (*info)(void *ctx, const struct console *con);
    void *board_ctx;                /* idle's, reset's and info's */
#endif
#if BOOT_RISCV_LINUX
    /* The RAM a RISC-V Linux kernel is placed in, as the board reads it
     * at run time (its device tree's /memory): the kernel goes at
     * ram_base + the Image header's text_offset. ram_size 0: the window
     * is the only bound. ram_base 0: the window's start. */
    uint32_t ram_base;
    uint32_t ram_size;
    /* Where the SBI firmware runs (fw_dynamic is linked at 0x80000000 on
     * RISC-V); 0: ram_base. */
    uint32_t fw_addr;
#endif
#if BOOT_SIGNED
    /* The Ed25519 public key labels must be signed with (32 bytes,
     * RFC 8032's encoding); NULL: labels are not checked (the host's
     * `extload boot` without --key). A board built with BOOT_PUBKEY sets
     * its built-in key (board/main.c). */
    const uint8_t *pubkey;
    /* How many keys pubkey holds, 32 bytes each, in index order (at most
     * BOOT_KEYS_MAX); 0 counts as 1. */
    uint8_t pubkeys;
#endif
#if BOOT_ROLLBACK
    /* The board's rollback floor (firmware/README.md, "Rollback"): 0, or
     * < 0 when it cannot be read. NULL: the board keeps none (a label of
     * either message version boots; no index is checked). */
    int (*rollback_read)(void *ctx, uint32_t *floor);
    /* Raises it to floor (never lowers it): 0, or < 0 after failing
     * (said, and the boot goes on). NULL: fixed (BOOT_ROLLBACK_MIN). */
    int (*rollback_raise)(void *ctx, uint32_t floor);
    /* Keys revoked: bit i for key i. NULL: none ever is. */
    int (*keys_revoked)(void *ctx, uint32_t *mask);
    /* Revokes key i for good: 0, or < 0 after failing. NULL: none can
     * be. */
    int (*key_revoke)(void *ctx, uint32_t key);
    void *rollback_ctx;
    /* Largest floor the store can hold (a unary counter's steps); 0:
     * 2^32 - 1. */
    uint32_t rollback_max;
#endif
#if BOOT_TRIAL
    /* Optional: the trial record's store (firmware/trial/trial.h), 64
     * bytes that survive a warm reset (board/board.h's
     * board_trial_read/board_trial_write). Each returns 0, or < 0 when
     * the store cannot be read or written. trial_read NULL: the board has
     * no store; no trial ever boots. */
    int (*trial_read)(void *ctx, uint8_t rec[TRIAL_RECORD_SIZE]);
    int (*trial_write)(void *ctx, const uint8_t rec[TRIAL_RECORD_SIZE]);
    void *trial_ctx;
#if BOOT_FDT_EDIT
    /* Where the store lies in RAM when the kernel can reach it (sifive-u:
     * DRAM's last page): a device tree the loader edits for a RISC-V
     * Linux gets it as /reserved-memory/extload-trial@ADDR, compatible
     * "nvmem-rmem", no-map. trial_size 0: not described. */
    uint64_t trial_addr;
    uint32_t trial_size;
#endif
#endif
#if EXT_PATH_LIMIT
    /* The bytes a path lookup may use, the board's EXT_PATH_MAX (the
     * host tool's boot models a board with it); 0: this build's. */
    uint32_t path_max;
#endif
};

#endif
