/* The board-independent boot flow:
 *
 *   partition (first ext one) -> mount -> extlinux.conf -> labels in order
 *   (DEFAULT first, then the rest in file order) -> load the kernel into the
 *   window -> SHA-256 check -> FDT -> hand-off block -> board hand-off.
 *
 * Each step prints one line to the console: what, from where, how many
 * bytes, how many ms. A failing label says why and what comes next.
 *
 * With console input (env->getc) and BOOT_INTERACTIVE, a TIMEOUT or PROMPT
 * in the config shows the menu and a countdown before the labels
 * (firmware/menu.c), and the "extload> " prompt (firmware/prompt.c,
 * commands in firmware/cmd.c) opens when a key stops the countdown or when
 * no label boots. See firmware/README.md.
 */
#ifndef EXTLOAD_BOOT_H
#define EXTLOAD_BOOT_H

#include <stdbool.h>
#include <stdint.h>

#include "firmware/boot_conf.h"
#include "firmware/config.h"
#include "firmware/console.h"
#include "firmware/handoff.h"
#include "fs/blockdev.h"
#include "fs/ext.h"
#include "fs/ext_conf.h"
#include "fs/part.h"
#if BOOT_SIGNED
#include "firmware/sigmsg.h"
#endif

#define BOOT_CONFIG_TEXT ((BOOT_CONFIG_MAX + 1u + 7u) & ~7u)
#define BOOT_PATH_MAX 256u            /* KERNEL path + ".sha256" */

/* Blocks a dirty journal may replace at mount: 64, on the boards (8
 * bytes each) and on the host (16 each; 64-bit block numbers), so that
 * `extload boot` refuses exactly what a board refuses. A kernel update of
 * 128 KiB in 4 KiB blocks with its metadata fits; more fails the mount by
 * name instead of reading stale bytes. */
#ifndef BOOT_JOURNAL_BLOCKS
#define BOOT_JOURNAL_BLOCKS 64u
#endif
#if EXT_JOURNAL
#define BOOT_JOURNAL_ROOM (BOOT_JOURNAL_BLOCKS * sizeof(struct ext_jblock))
#else
#define BOOT_JOURNAL_ROOM 0u
#endif

/* The path lookups' scratch (ext_open_in): the directory being searched
 * and the rest of the path. */
#define BOOT_LOOKUP_ROOM ((sizeof(struct ext_walk) + 7u) & ~7u)

/* The parsed config (or the board default's one label). */
#define BOOT_LABELS_ROOM ((sizeof(struct boot_config) + 7u) & ~7u)

/* The label being booted: its files, where they go, and why it failed
 * (struct boot_plan, below). */
#define BOOT_PLAN_ROOM ((sizeof(struct boot_plan) + 7u) & ~7u)

/* The config text, the path buffer, the lookups' scratch, the journal
 * replay table, the parsed config and the label's plan live in the load
 * window's last bytes, in that order, not in the loader's RAM: all six
 * must outlast
 * every load (the labels point into the text, every file is looked up
 * before it loads, and every read after a replay looks in the table), so
 * the rest of the boot sees a window this much shorter; a window no
 * larger than this stops the boot. Once the kernel runs, the room is its
 * own again. */
#define BOOT_CONFIG_ROOM \
    (BOOT_CONFIG_TEXT + BOOT_PATH_MAX + BOOT_LOOKUP_ROOM + \
     BOOT_JOURNAL_ROOM + BOOT_LABELS_ROOM + BOOT_PLAN_ROOM)

/* Every boot error: name, value, and the sentence boot_strerror() gives.
 * One table, so the enum and its sentences cannot fall out of step. */
#define BOOT_ERRORS(X) \
    X(BOOT_OK,         0,   "success") \
    X(BOOT_ENOCARD,   -1,   "no card answered") \
    X(BOOT_ENOPART,   -2,   "no partition holds an ext filesystem") \
    X(BOOT_ENOFS,     -3,   "the filesystem did not mount") \
    X(BOOT_ENOLABEL,  -4,   "no label could be booted") \
    X(BOOT_ENOKERNEL, -5,   "the kernel is missing or unreadable") \
    X(BOOT_ETOOBIG,   -6,   "the file does not fit the load window") \
    X(BOOT_ESHA256,   -7,   "a file does not match its SHA-256") \
    X(BOOT_ENOSHA256, -8,   "a file's .sha256 is missing or bad") \
    X(BOOT_EFDT,      -9,   "the device tree is missing or unreadable") \
    X(BOOT_EHANDOFF,  -10,  "the board could not start the kernel") \
    X(BOOT_EPATH,     -11,  "a path in the config is too long") \
    X(BOOT_EINITRD,   -12,  "an initrd file is missing or unreadable") \
    X(BOOT_EFIRMWARE, -13,  "the SBI firmware is missing or unreadable") \
    X(BOOT_EPLACE,    -14,  "the label's files do not fit around the kernel") \
    BOOT_ERRORS_SIGNED(X)
/* Only a BOOT_SIGNED build has these (and their sentences). */
#if BOOT_SIGNED
#define BOOT_ERRORS_SIGNED(X) \
    X(BOOT_ENOSIG,    -15,  "the label's signature is missing or unreadable") \
    X(BOOT_ESIG,      -16,  "the label's signature does not verify")
#else
#define BOOT_ERRORS_SIGNED(X)
#endif

enum boot_err {
#define BOOT_ERR_ENUM(name, value, text) name = value,
    BOOT_ERRORS(BOOT_ERR_ENUM)
#undef BOOT_ERR_ENUM
};

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
};

/* What env->getc returns when no byte is waiting, and when none can ever
 * come (the host's stdin at its end). */
#define BOOT_IN_NONE (-1)
#define BOOT_IN_EOF (-2)

#define BOOT_INPUT_RING 64u           /* a power of two */
#define BOOT_LINE_MAX 80u             /* prompt line, NUL included */

/* Console input kept between polls: what was received and not yet read. */
struct boot_input {
    uint8_t ring[BOOT_INPUT_RING];
    uint32_t head;                  /* next byte to read (free-running) */
    uint32_t tail;                  /* next byte to write (free-running) */
    uint8_t polling;                /* 1: the boot steps poll the input */
    uint8_t eof;                    /* getc said BOOT_IN_EOF */
    uint8_t after_cr;               /* the last line ended with CR */
    uint8_t has_deadline;           /* TOTALTIMEOUT: no key after */
    uint8_t timed_out;              /* ... deadline: reads end there */
    uint32_t deadline;              /* ms, on env->ms_now's clock */
};

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
#endif
#if EXT_PATH_LIMIT
    /* The bytes a path lookup may use, the board's EXT_PATH_MAX (the
     * host tool's boot models a board with it); 0: this build's. */
    uint32_t path_max;
#endif
};

/* A label's files (firmware/boot_label.c owns them): the roles a file
 * plays, in the order they are listed in the plan. */
enum boot_role {
    BOOT_ROLE_KERNEL = 0,
    BOOT_ROLE_INITRD,               /* one part of INITRD's list */
    BOOT_ROLE_FDT,
    BOOT_ROLE_FIRMWARE,
};

#define BOOT_INITRD_PARTS 4u          /* INITRD a,b,c,d: at most 4 files */
#define BOOT_PLAN_FILES (3u + BOOT_INITRD_PARTS)

struct boot_plan_file {
    const char *src;                /* as the config names it: not NUL-
                                     * terminated in an INITRD list */
    uint32_t ino;                   /* found when planned */
    uint32_t size;
    uint32_t off;                   /* where it goes, from the window */
    uint16_t src_len;
    uint8_t role;                   /* enum boot_role */
    uint8_t flags;                  /* BOOT_PF_* */
#if BOOT_SIGNED
    uint8_t sha256[32];             /* of the loaded bytes, when env->
                                     * pubkey is set */
    uint32_t card_size;             /* its size on the card, which the
                                     * message names (size drops a
                                     * uInitrd's header) */
#endif
};
#define BOOT_PF_FDTDIR 0x1u           /* src is a directory: + env->fdtfile */
#define BOOT_PF_SHA256 0x2u           /* matched its .sha256 */
#define BOOT_PF_BOARD 0x4u            /* the board's tree, copied from
                                       * env->default_fdt, not a file */
#define BOOT_PF_SIGNED 0x8u           /* the kernel's: the label's signature
                                       * verified */

/* Room for an error's reason in a buffer on the stack: an inode and a
 * block, then the longest of fs/'s sentences (94 characters) whole; a
 * longer one is cut at a word with "..." (num_cut_word). */
#define BOOT_WHY_MAX 160u
/* ... and in struct boot_fail, which lives in the window's tail (every
 * byte there is one less for the kernel): the longest sentence whole
 * after "inode N, block N: " up to 7-digit numbers; beyond, cut at a
 * word. */
#define BOOT_FAIL_WHY 128u

/* Why a label failed: a value the flow that walks the labels prints as
 * "step: what: why; <what comes next>". */
struct boot_fail {
    int code;                       /* BOOT_E... */
    const char *step;               /* "load", "initrd", "fdt", "firmware",
                                     * "verify", "label", "boot" */
    const char *what;               /* the file's path; NULL: the label */
    char why[BOOT_FAIL_WHY];
};

/* One label turned into files with roles, placed in the window. */
struct boot_plan {
    struct boot_plan_file f[BOOT_PLAN_FILES];
    uint32_t n;
    uint32_t kind;                  /* enum boot_kernel_kind */
    uint32_t image_size;            /* the kernel's reserved bytes */
    uint32_t end;                   /* past the last file, from the window */
    uint32_t text_offset;           /* RISC-V Linux: from RAM's base */
    struct boot_fail fail;
};

/* Working memory, owned by the caller (a board keeps it in .bss). */
struct boot_state {
    struct ext_fs fs;
#if EXT_JOURNAL
    struct ext_journal jnl;
    struct ext_jblock *jtab;        /* in the window's tail, or NULL */
#endif
    struct ext_file file;
    struct part_info part;
    char *cfg_text;                 /* the window's last BOOT_CONFIG_ROOM: */
    char *path;                     /* the text, BOOT_PATH_MAX bytes, */
    struct ext_walk *walk;          /* BOOT_LOOKUP_ROOM bytes, jtab, */
    struct boot_config *cfg;        /* BOOT_LABELS_ROOM bytes */
    struct boot_plan *plan;         /* and BOOT_PLAN_ROOM bytes */
    uint32_t window_size;           /* the window the loads may use */
    uint8_t short_of_room;          /* a label's files did not fit the
                                     * window (the host tool says what
                                     * has more) */
#if BOOT_INTERACTIVE
    struct boot_input in;
    char line[BOOT_LINE_MAX];
#endif
};

/* Partition and mount; prints the two lines. */
int boot_mount(const struct boot_env *env, struct boot_state *st);
/* The first steps of boot_run: the window's tail, partition, mount, and
 * the config (or, without one, the board default as a label): 1 when a
 * config was read, 0 for the board default, < 0 after reporting. */
int boot_open(const struct boot_env *env, struct boot_state *st);
/* One label planned, placed, loaded and checked against its .sha256
 * files, not handed off (boot_label does all of it): 0, or a BOOT_E...
 * with st->plan->fail saying why. */
int boot_label_load(const struct boot_env *env, struct boot_state *st,
                    const struct config_label *label);
#if BOOT_SIGNED
/* After boot_label_load: the label's signed message (firmware/sigmsg.h)
 * into sink, each file's digest the one its load computed. */
void boot_label_message(const struct boot_env *env, struct boot_state *st,
                        const struct config_label *label, sigmsg_sink sink,
                        void *ctx);
/* After boot_label_load: the label's SIGNATURE file checked against key
 * over that message. 0, or BOOT_ENOSIG / BOOT_ESIG / BOOT_EPATH with
 * st->plan->fail saying why. boot_label calls it with env->pubkey. */
int boot_label_verify(const struct boot_env *env, struct boot_state *st,
                      const struct config_label *label,
                      const uint8_t key[32]);
#endif
/* The whole flow. Returns what env->handoff returned, or the error that
 * ended the flow after it was reported. */
int boot_run(const struct boot_env *env, struct boot_state *st);

const char *boot_strerror(int err);

/* An error for the console: its sentence (text(err)), or without
 * BOOT_MESSAGES "TABLE error ERR" written into buf. */
#define BOOT_CODE_MAX 24u
#if BOOT_MESSAGES
#define BOOT_ERR_TEXT(buf, text, table, err) ((void)(buf), text(err))
#else
#define BOOT_ERR_TEXT(buf, text, table, err) boot_code_text(buf, table, err)
#endif
const char *boot_code_text(char buf[BOOT_CODE_MAX], const char *table,
                           int err);

#endif
