/* Shared by firmware/boot*.c. */
#ifndef EXTLOAD_BOOT_PRIV_H
#define EXTLOAD_BOOT_PRIV_H

#include "firmware/boot/boot.h"
#include "lib/le.h"

/* boot_run's two halves, boot_open and boot_label_load, each out of line
 * in the tiny profile: one copy of each, and boot_run's frame (the
 * labels' order) is all the two deep paths below it share. The default
 * profile leaves it to the compiler (fewer bytes there). */
#if EXTLOAD_TINY
#define BOOT_TINY_NOINLINE __attribute__((noinline))
#else
#define BOOT_TINY_NOINLINE
#endif

/* st->boot_as is set where something reads it: trial boots and
 * FALLBACK (the tiny profile has neither and leaves it 0). */
#define BOOT_AS_KEPT (BOOT_TRIAL || BOOT_CONF_FALLBACK)

/* x rounded up to a, a power of two. */
/*@ assigns \nothing; */
static inline uint32_t align_up(uint32_t x, uint32_t a)
{
    return (x + a - 1u) & ~(a - 1u);
}

static inline uint32_t str_len(const char *s)
{
    uint32_t n = 0;

    while (s[n])
        n++;
    return n;
}

/* A line said only when the flow reports its steps (BOOT_REPORT). */
#define BOOT_SAY(...) \
    do { if (BOOT_REPORT) con_printf(__VA_ARGS__); } while (0)

static inline uint32_t boot_now(const struct boot_env *env)
{
    return env->ms_now(env->clk_ctx);
}

/* The clock for a BOOT_SAY line's ms only: not read without BOOT_REPORT. */
static inline uint32_t boot_say_now(const struct boot_env *env)
{
    return BOOT_REPORT ? boot_now(env) : 0;
}

/* A failure's reason in the flow's own words (boot_plan_fail's why):
 * the phrase with BOOT_MESSAGES; without (the tiny profile) none, and
 * the failure line names the code after the file instead, "load:
 * /boot/k.bin: boot error -6" (firmware/boot/boot.h's table). */
#if BOOT_MESSAGES
#define BOOT_WHY(s) (s)
#else
#define BOOT_WHY(s) ((const char *)0)
#endif

/* The driver's describer, none without BOOT_MESSAGES (the number only,
 * and the tiny profile's code has no call through it). */
static inline blockdev_strerror_fn *boot_dev_strerror(
    const struct boot_env *env)
{
    return BOOT_MESSAGES ? env->dev_strerror : NULL;
}

/* firmware/boot/boot_err.c: the error texts. */

/* The last ext error as one phrase, into buf; a failed read names the
 * driver's reason with env->dev_strerror. */
const char *boot_ext_why(const struct boot_env *env, const struct ext_fs *fs,
                         int rc, char *buf, uint32_t len);
/* What the walker of the labels says when one failed: "step: what: why;
 * " and then "trying label 'next'", "back to the prompt" (prompt set) or
 * "no labels left" (next NULL). */
void boot_fail_print(const struct boot_env *env, const struct boot_fail *f,
                     const struct config_label *label, const char *next,
                     bool prompt);

/* firmware/boot/boot_file.c: the one way a file is opened. */

/* What boot_open_regular returns for a path that is neither missing nor a
 * regular file nor a directory (a FIFO, a device, a socket): negative, as
 * a failure, and below every EXT_E... value. */
#define BOOT_NOT_REGULAR (-0x100)
/* Opens path (symlinks followed) into st->file: 0 for a regular file,
 * EXT_EISDIR for a directory, BOOT_NOT_REGULAR for any other kind, or a
 * negative EXT_E... code. */
int boot_open_regular(struct boot_state *st, const char *path);
/* boot_open_regular, then up to len bytes from its start: the byte count,
 * or what boot_open_regular returned. */
int32_t boot_file_read(struct boot_state *st, const char *path, void *dst,
                       uint32_t len);
/* rc of boot_open_regular or a read as one phrase, into buf. */
const char *boot_open_why(const struct boot_env *env,
                          const struct boot_state *st, int rc, char *buf,
                          uint32_t len);
/* Joins path[0..len) onto dir (unless it starts with '/'), then drops
 * empty and "." components and lets ".." remove the one before it (never
 * above /): into out (BOOT_PATH_MAX bytes). Its length, or -1 when it
 * does not fit (nor, as it is built, with a "." or ".." not yet taken
 * out). */
int32_t boot_path_join(char *out, const char *dir, const char *path,
                       uint32_t len);

/* How the console names the board's own device tree (BOOT_PF_BOARD). */
#define BOOT_BOARD_FDT_NAME "(the board's device tree)"

/* EFI zboot (Linux's drivers/firmware/efi/libstub/zboot-header.S): a PE
 * image whose DOS header carries the payload's place (boot_image.c).
 * "MZ" alone is any EFI-stub Image; "zimg" at 0x04 makes it a zboot. */
#define ZB_MZ 0x00u                   /* le16 "MZ" */
#define ZB_MZ_MAGIC 0x5A4Du
#define ZB_TYPE 0x04u                 /* le32 "zimg" */
#define ZB_TYPE_MAGIC 0x676D697Au
#define ZB_MAGIC_SIZE 8u
/* Whether the ZB_MAGIC_SIZE bytes at p begin a zboot image. */
static inline bool boot_is_zboot(const uint8_t *p)
{
    return le16(p + ZB_MZ) == ZB_MZ_MAGIC && le32(p + ZB_TYPE) == ZB_TYPE_MAGIC;
}

/* firmware/boot/boot_image.c: the kernel's formats. Its first bytes
 * read: a RISC-V Linux Image's header (p->kind, text_offset,
 * image_size), and with BOOT_GZIP a gzip member or an EFI zboot image
 * found (p->gz_*), its ISIZE as the kernel's size and its head inflated
 * to find the header there. 0, or < 0 after failing. */
int boot_image_kind(const struct boot_env *env, struct boot_state *st);
#if BOOT_GZIP
#include "firmware/inflate/inflate.h"
/* A compressed kernel streams through chunks of this many bytes, after
 * the decoder's state, in the window past the label's files. */
#define BOOT_GZIP_CHUNK 4096u
#define BOOT_GZIP_SCRATCH \
    (((sizeof(struct inflate) + 7u) & ~7u) + BOOT_GZIP_CHUNK)
/* The compressed kernel f inflated into its place, its stored bytes
 * hashed into p->gz_sha256 when hash is set; f->size then the inflated
 * size. 0, or < 0 after failing. */
int boot_image_inflate(const struct boot_env *env, struct boot_state *st,
                       struct boot_plan_file *f, bool hash);
#endif

/* firmware/boot/boot_plan.c: a label's files, each opened and its size known
 * (0, or < 0 with st->plan->fail set) ... */
int boot_plan_files(const struct boot_env *env, struct boot_state *st,
                    const struct config_label *label);
/* ... and where each goes, all of them below limit (from the window's
 * start) with room for /chosen after a Linux device tree. */
int boot_plan_place(const struct boot_env *env, struct boot_state *st,
                    uint32_t limit, uint32_t cmd_len);
/* Records the failure (why may already be st->plan->fail.why; NULL: the
 * code, "boot error -N"); returns code. */
int boot_plan_fail(struct boot_plan *p, int code, const char *step,
                   const char *what, const char *why);
/* A failure of f's file, named by st->path, with its role's step and
 * code: why is rc's (an open's or a read's) when rc is not 0, else the
 * one given (NULL: the code). Returns the code. */
int boot_file_fail(const struct boot_env *env, struct boot_state *st,
                   const struct boot_plan_file *f, int rc, const char *why);
/* The file's path, resolved into st->path: its length, or < 0 after
 * failing. */
int boot_plan_resolve(const struct boot_env *env, struct boot_state *st,
                      const struct boot_plan_file *f);
/* Each role's step word ("load", "initrd", "fdt", "firmware",
 * "fdtoverlay") and the
 * BOOT_E... its file's failures take. */
extern const char *const boot_role_step[];
extern const int8_t boot_role_err[];
/* Each kind of kernel's roles, lowest address first (boot_plan_place's
 * order, and the loads'). */
#define BOOT_ROLES (4u + BOOT_FDT_OVERLAY)
extern const uint8_t boot_role_order[][BOOT_ROLES];

#if BOOT_ROLLBACK
/* firmware/boot/boot_rollback.c (firmware/README.md, "Rollback"). */
/* The keys the board has revoked (bit i: key i); 0 when unreadable. */
uint32_t boot_revoked(const struct boot_env *env);
/* The floor and the revoked keys, said once as the flow starts. */
void boot_rollback_say(const struct boot_env *env);
/* After the signature verified (st->plan->rollback, has_index: the label
 * has ROLLBACK_INDEX): 0 when the board's floor lets it boot, else < 0
 * with st->plan->fail saying why. */
int boot_rollback_check(const struct boot_env *env, struct boot_state *st,
                        int has_index);
/* A verified label about to be handed off: on a committed boot (DEFAULT
 * or FALLBACK), keys below the one that verified revoked and the floor
 * raised to min(its index, FALLBACK's); said; a failed write too. */
void boot_rollback_commit(const struct boot_env *env, struct boot_state *st,
                          const struct config_label *label);
#endif

#if BOOT_CONF_PARTITION
/* firmware/boot/boot_part.c: the label's PARTITION found and mounted
 * (st->lbl_part), the boot log saying where; none: the config's
 * partition mounted again if another is. 0, or < 0 with st->plan->fail
 * saying why. */
int boot_part_label(const struct boot_env *env, struct boot_state *st,
                    const struct config_label *label);
/* st->fs mounted on the label's partition (from_label) or the
 * config's, unless it is already: 0, or < 0 with st->plan->fail set. */
int boot_part_use(const struct boot_env *env, struct boot_state *st,
                  bool from_label);
/* The file's partition mounted. */
static inline int boot_part_of(const struct boot_env *env,
                               struct boot_state *st,
                               const struct boot_plan_file *f)
{
    return boot_part_use(env, st, f->flags & BOOT_PF_PARTITION);
}
/* The folder a file's relative path starts from: its partition's root
 * for the label's PARTITION, else the config's folder. */
static inline const char *boot_file_dir(const struct boot_state *st,
                                        const struct boot_plan_file *f)
{
    return f->flags & BOOT_PF_PARTITION ? "/" : st->cfg->dir;
}
#else
static inline const char *boot_file_dir(const struct boot_state *st,
                                        const struct boot_plan_file *f)
{
    (void)f;
    return st->cfg->dir;
}
#endif

/* firmware/boot/boot_label.c: one label, planned, loaded, verified and handed
 * off by one owner. Returns what the hand-off returned, or a BOOT_E...
 * with st->plan->fail saying why (nothing printed: the caller decides
 * what comes next and says it). */
int boot_label(const struct boot_env *env, struct boot_state *st,
               const struct config_label *label);

#if BOOT_TRIAL
/* firmware/boot/boot_trial.c: the trial record's rules, before any label:
 * the index of the label to boot as a trial (the record already written
 * back with one try fewer), or -1 (st->trial says what the record holds
 * for the command line). */
int boot_trial_start(const struct boot_env *env, struct boot_state *st);
/* The trial's label failed to load or verify: the record says FAILED. */
void boot_trial_failed(const struct boot_env *env, struct boot_state *st);
/* The words the loader adds after label's APPEND of at bytes
 * ("extload.label=...", after a blank when at > 0), into dst[0..cap)
 * when dst is not NULL; returns their length. None on a board without a
 * trial store (env->trial_read NULL). */
uint32_t boot_trial_words(const struct boot_env *env,
                          const struct boot_state *st,
                          const struct config_label *label, uint32_t at,
                          char *dst, uint32_t cap);
#if BOOT_FDT_EDIT && BOOT_RISCV_LINUX
struct fdt;
/* The record's page as /reserved-memory/extload-trial@ADDR in an opened
 * tree (env->trial_size 0: nothing): 0 or an FDT_E... */
int boot_trial_fdt(const struct boot_env *env, struct fdt *t);
#endif
#endif

/* The labels the menu and the prompt offer. */
struct boot_labels {
    const struct config_label *v;
    uint32_t n;
    uint32_t def;                 /* index of the default (tried first) */
};

#if BOOT_INTERACTIVE
/* firmware/boot/input.c: moves what env->getc has into the ring (up to its
 * room), and reads one byte: BOOT_IN_NONE or BOOT_IN_EOF when none. */
void input_poll(const struct boot_env *env, struct boot_input *in);
int input_getc(const struct boot_env *env, struct boot_input *in);
/* Between readings that found nothing: env->idle, if any. */
void input_idle(const struct boot_env *env);

static inline void boot_poll(const struct boot_env *env,
                             struct boot_state *st)
{
    if (st->in.polling)
        input_poll(env, &st->in);
}

/* firmware/boot/menu.c: the numbered labels, default marked. */
void menu_list(const struct boot_env *env, const struct boot_labels *bl);
#define MENU_DEFAULT (-1)         /* countdown ended, or Enter */
#define MENU_PROMPT (-2)          /* another key: open the prompt */
/* The title, the labels and the countdown. Returns a label index (a digit
 * key), MENU_DEFAULT or MENU_PROMPT. */
int menu_run(const struct boot_env *env, struct boot_state *st,
             const struct boot_labels *bl);

/* firmware/boot/prompt.c: reads and runs command lines until one boots or the
 * input ends. Returns what boot_run returns. */
int prompt_run(const struct boot_env *env, struct boot_state *st,
               const struct boot_labels *bl);
/* One line into st->line with echo and editing. Returns its length, or
 * -1 when the input ended. */
int prompt_read_line(const struct boot_env *env, struct boot_state *st);

/* firmware/boot/cmd.c: runs one command line (cut into words in place).
 * Returns 1 to prompt again; 0 when the flow ends with *rc; CMD_BOOT when
 * label *rc is to be booted (by the prompt, off the command's stack). */
#define CMD_BOOT 2
int cmd_run(const struct boot_env *env, struct boot_state *st,
            const struct boot_labels *bl, char *line, int *rc);
#else
static inline void boot_poll(const struct boot_env *env,
                             struct boot_state *st)
{
    (void)env;
    (void)st;
}
#endif

#endif
