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
 * (firmware/boot/menu.c), and the "extload> " prompt (firmware/boot/prompt.c,
 * commands in firmware/boot/cmd.c) opens when a key stops the countdown or
 * when
 * no label boots. See firmware/README.md.
 */
#ifndef EXTLOAD_BOOT_H
#define EXTLOAD_BOOT_H

#include <stdbool.h>
#include <stdint.h>

#include "firmware/boot_conf.h"
#include "firmware/boot/boot_env.h"
#include "firmware/boot/boot_err.h"
#include "firmware/boot/boot_plan.h"
#include "firmware/config/config.h"
#include "fs/ext.h"
#include "fs/ext_conf.h"
#include "fs/part.h"
#if BOOT_SIGNED
#include "firmware/crypto/sigmsg.h"
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

/* Fast-commit entries a replay may apply at mount (fs/ext_fc.c): 16, on
 * the boards (24 bytes each) and on the host (32 each), so that `extload
 * boot` refuses what a board refuses. A kernel written beside the old
 * one and renamed over it takes five or so (UNLINK, CREAT, its INODE, an
 * ADD_RANGE per extent); more fails the mount by name. */
#ifndef BOOT_FC_ENTRIES
#define BOOT_FC_ENTRIES 16u
#endif
#if EXT_FAST_COMMIT
#define BOOT_FC_ROOM \
    ((BOOT_FC_ENTRIES * sizeof(struct ext_fc_rec) + 7u) & ~(size_t)7u)
#else
#define BOOT_FC_ROOM 0u
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
 * replay table (and the fast-commit one), the parsed config and the label's plan live in the load
 * window's last bytes, in that order, not in the loader's RAM: all six
 * must outlast
 * every load (the labels point into the text, every file is looked up
 * before it loads, and every read after a replay looks in the table), so
 * the rest of the boot sees a window this much shorter; a window no
 * larger than this stops the boot. Once the kernel runs, the room is its
 * own again. */
#define BOOT_CONFIG_ROOM \
    (BOOT_CONFIG_TEXT + BOOT_PATH_MAX + BOOT_LOOKUP_ROOM + \
     BOOT_JOURNAL_ROOM + BOOT_FC_ROOM + BOOT_LABELS_ROOM + BOOT_PLAN_ROOM)

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

/* Why the label being booted was chosen (struct boot_state's boot_as,
 * set before boot_label): a committed boot is DEFAULT's or FALLBACK's;
 * TRIAL: the trial record's label (firmware/boot/boot_trial.c); PICKED:
 * at the menu or the prompt; OTHER: a label later in file order. */
enum boot_as {
    BOOT_AS_OTHER = 0,
    BOOT_AS_DEFAULT,
    BOOT_AS_FALLBACK,
    BOOT_AS_TRIAL,
    BOOT_AS_PICKED,
};

#if BOOT_TRIAL
/* The trial record as the flow last read or wrote it
 * (firmware/boot/boot_trial.c). */
struct boot_trial {
    struct trial_record rec;
    uint8_t valid;                  /* rec is a record of a label the
                                     * config has */
};
#endif

/* Working memory, owned by the caller (a board keeps it in .bss). */
struct boot_state {
    struct ext_fs fs;
#if EXT_JOURNAL
    struct ext_journal jnl;
    struct ext_jblock *jtab;        /* in the window's tail, or NULL */
#endif
#if EXT_FAST_COMMIT
    struct ext_fc_rec *fctab;       /* after jtab in the tail, or NULL */
#endif
    struct ext_file file;
    struct part_info part;          /* the partition st->fs has mounted */
#if BOOT_CONF_PARTITION
    struct part_info cfg_part;      /* the config's (firmware/boot/
                                     * boot_part.c) ... */
    struct part_info lbl_part;      /* ... and the label's PARTITION */
#endif
    char *cfg_text;                 /* the window's last BOOT_CONFIG_ROOM: */
    char *path;                     /* the text, BOOT_PATH_MAX bytes, */
    struct ext_walk *walk;          /* BOOT_LOOKUP_ROOM bytes, jtab, */
    struct boot_config *cfg;        /* BOOT_LABELS_ROOM bytes */
    struct boot_plan *plan;         /* and BOOT_PLAN_ROOM bytes */
    uint32_t window_size;           /* the window the loads may use */
    uint8_t short_of_room;          /* a label's files did not fit the
                                     * window (the host tool says what
                                     * has more) */
    uint8_t boot_as;                /* enum boot_as of the label being
                                     * booted */
#if BOOT_TRIAL
    struct boot_trial trial;
#endif
#if BOOT_INTERACTIVE
    struct boot_input in;
    char line[BOOT_LINE_MAX];
#endif
};

/* Partition and mount; prints the two lines. */
int boot_mount(const struct boot_env *env, struct boot_state *st);
/* Mounts st->part into st->fs (its journal replayed into the tail's
 * table): 0 or an EXT_E..., nothing said ... */
int boot_mount_fs(const struct boot_env *env, struct boot_state *st);
/* ... and the mount's line and warnings, t0 its start. */
void boot_mount_say(const struct boot_env *env, struct boot_state *st,
                    uint32_t t0);
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
/* After boot_label_load: the label's signed message
 * (firmware/crypto/sigmsg.h) into sink, each file's digest the one its
 * load computed. */
void boot_label_message(const struct boot_env *env, struct boot_state *st,
                        const struct config_label *label, sigmsg_sink sink,
                        void *ctx);
/* After boot_label_load: the label's SIGNATURE file checked over that
 * message against env->pubkey's keys in index order (a revoked one
 * skipped; st->plan->key says which verified), then its index against
 * the board's floor (BOOT_ROLLBACK). 0, or BOOT_ENOSIG / BOOT_ESIG /
 * BOOT_EPATH / BOOT_EROLLBACK with st->plan->fail saying why. */
int boot_label_verify(const struct boot_env *env, struct boot_state *st,
                      const struct config_label *label);
#endif
/* The whole flow. Returns what env->handoff returned, or the error that
 * ended the flow after it was reported. */
int boot_run(const struct boot_env *env, struct boot_state *st);

#endif
