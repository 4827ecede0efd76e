/* The extlinux.conf subset extload reads, as syslinux (doc/menu.txt,
 * doc/syslinux.txt) and U-Boot's extlinux support (boot/pxe_utils.c)
 * read it:
 *
 *   # comment                       (a '#' first on the line)
 *   DEFAULT <label>                 (the whole rest of the line: a label
 *                                    name may hold blanks)
 *   ONTIMEOUT <label>               (the label the countdown's end boots;
 *                                    wins over DEFAULT, as syslinux;
 *                                    BOOT_CONF_ONTIMEOUT)
 *   FALLBACK <label>                (tried right after the default fails,
 *                                    before the other labels: U-Boot's
 *                                    keyword; BOOT_CONF_FALLBACK)
 *   INCLUDE <file>                  (its lines here; MENU INCLUDE too;
 *                                    BOOT_CONF_INCLUDE, CONFIG_INCLUDE_DEPTH)
 *   SAY <text>                      (printed as the file is read;
 *                                    BOOT_CONF_SAY)
 *   LABEL <name>
 *       KERNEL <path>               (LINUX is a synonym)
 *       INITRD <path>[,<path>...]   (concatenated in order, as syslinux)
 *       FDT <path>                  (DEVICETREE is a synonym; "-": no
 *                                    device tree at all, as U-Boot)
 *       FDTDIR <dir>                (DEVICETREEDIR; + the board's fdtfile)
 *       FIRMWARE <path>             (ours: SBI firmware for RISC-V Linux)
 *       FDTOVERLAYS <path> [<path>...]  (device-tree overlays applied to
 *                                    the label's tree in order, as
 *                                    U-Boot; BOOT_FDT_OVERLAY)
 *       PARTITION <N|PARTLABEL=name|PARTUUID=id>  (ours: the partition
 *                                    the label's files come from, as
 *                                    Linux's root= names it;
 *                                    BOOT_CONF_PARTITION)
 *       APPEND <command line>       (${var}: the board's, BOOT_CONF_VARS)
 *       MENU LABEL <text>           (what the menu shows; ^x: hotkey x)
 *       MENU DEFAULT                (this label is the default)
 *   TIMEOUT <n>                     (tenths of a second; 0: no countdown)
 *   TOTALTIMEOUT <n>                (tenths: the most the menu waits)
 *   PROMPT 0|1                      (1: wait for the person, no timeout)
 *   MENU TITLE <text>
 *   MENU HIDDEN                     (only the countdown line shows)
 *   MENU AUTOBOOT <text>            (the countdown line; # = seconds)
 *   SIGNATURE <path>                (BOOT_SIGNED: the label's Ed25519
 *                                   signature, 64 bytes)
 *   ROLLBACK_INDEX <n>              (BOOT_SIGNED: the label's rollback
 *                                   index, decimal 0 to 2^32 - 1, signed
 *                                   with it: firmware/README.md)
 *
 * Keywords are case-insensitive and separated from their value by spaces
 * or tabs; values run to the end of the line, trailing blanks dropped.
 * A relative path resolves from the config file's directory (the boot
 * flow joins it: firmware/boot/boot_file.c), as syslinux and U-Boot do.
 * Every other keyword (UI, IPAPPEND, MENU COLOR, ...), and
 * a label keyword before the first LABEL, is skipped and named on the
 * console, once (past CONFIG_UNHANDLED_MAX distinct words, each time).
 * A later line of the same keyword replaces the earlier one.
 */
#ifndef EXTLOAD_CONFIG_H
#define EXTLOAD_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

/* TIMEOUT, PROMPT and the menu's MENU lines are read only when the menu
 * is built in (BOOT_INTERACTIVE); otherwise they are named and skipped.
 * The options' one default lives in boot_conf.h, so every file sees the
 * same structs. */
#include "firmware/boot_conf.h"
#include "firmware/console/console.h"

#define CONFIG_LABELS_MAX 8u
#define CONFIG_TIMEOUT_MAX 36000u    /* tenths: an hour; larger is cut */
#define CONFIG_INCLUDE_DEPTH 4u      /* files INCLUDE may nest below the
                                      * config (syslinux and U-Boot: 16) */
#define CONFIG_UNHANDLED_MAX 12u     /* skipped keywords named once: as
                                      * many bytes as the 8 two-word
                                      * entries before (board/host/
                                      * cmd_boot.c's tails hold) */

struct config_label {
    const char *name;
    const char *kernel;          /* NULL: the label has no KERNEL line */
    const char *initrd;          /* NULL: none; a,b: concatenated
                                    (BOOT_INITRD_LIST) */
    const char *fdt;             /* NULL: none; "-": no tree at all */
    const char *fdtdir;          /* NULL: none; FDT wins over it */
    const char *firmware;        /* NULL: none */
    const char *append;          /* NULL: none */
#if BOOT_FDT_OVERLAY
    const char *fdtoverlays;     /* FDTOVERLAYS: paths between blanks;
                                  * NULL: none */
#endif
#if BOOT_CONF_PARTITION
    const char *partition;       /* PARTITION as written; NULL: the
                                  * config's own partition */
#endif
#if BOOT_INTERACTIVE
    const char *menu_label;      /* MENU LABEL, the '^' taken out; NULL */
    char hotkey;                 /* the letter after '^', lower case; 0 */
#endif
#if BOOT_SIGNED
    const char *signature;       /* SIGNATURE; NULL: none */
    const char *rollback;        /* ROLLBACK_INDEX as written; NULL: none
                                  * (the flow reads the number:
                                  * boot_rollback_index) */
#endif
};

/* A keyword skipped, kept to name it once: the word (with MENU's
 * second word: "MENU COLOR") as the file spells it. */
struct config_word {
    const char *word;
    uint32_t len;
};

/* One file being read (INCLUDE's stack, kept here so the parse's stack
 * frame stays small): its lines from pos up to end. */
struct config_file {
    uint32_t pos, end;
    uint32_t id;
    const char *name;
    bool cut;
};
#if BOOT_CONF_INCLUDE
#define CONFIG_FILES 5u              /* CONFIG_INCLUDE_DEPTH + 1: a literal,
                                      * for Frama-C 25, which fails on an
                                      * array length an expression gives
                                      * in a compound literal */
_Static_assert(CONFIG_FILES == CONFIG_INCLUDE_DEPTH + 1u,
               "CONFIG_FILES: the config file and its nested INCLUDEs");
#else
#define CONFIG_FILES 1u
#endif

struct boot_config {
    const char *dir;             /* the config file's directory, which
                                  * relative paths start from */
    const char *default_name;    /* NULL: no DEFAULT line */
    const char *ontimeout;       /* NULL: no ONTIMEOUT line */
    const char *fallback_name;   /* NULL: no FALLBACK line (or not in
                                  * this build: BOOT_CONF_FALLBACK) */
    uint8_t menu_default;        /* 1 + the first MENU DEFAULT label; 0 */
#if BOOT_INTERACTIVE
    uint8_t hidden;              /* MENU HIDDEN */
    const char *title;           /* MENU TITLE; NULL: none */
    const char *autoboot;        /* MENU AUTOBOOT; NULL: ours */
    uint32_t timeout_ds;         /* TIMEOUT in tenths of a second */
    uint32_t totaltimeout_ds;    /* TOTALTIMEOUT; 0: none */
    uint32_t prompt;             /* PROMPT: nonzero waits for the person */
#endif
    struct config_label labels[CONFIG_LABELS_MAX];
    uint32_t count;
    uint32_t labels_dropped;     /* LABELs past CONFIG_LABELS_MAX */
    uint32_t lines_skipped;      /* unknown keywords and stray lines */
    uint32_t cut_dropped;        /* labels dropped at a file's cut */
    uint32_t includes;           /* files INCLUDE read */
    uint32_t include_errors;     /* INCLUDEs refused (named on the console) */
    uint32_t used;               /* bytes of the text buffer used */
    struct config_word unhandled[CONFIG_UNHANDLED_MAX];
    uint32_t unhandled_n;
    struct config_file files[CONFIG_FILES];   /* while parsing */
};

/* Where the text comes from, and what the parser may call. */
struct config_src {
    char *text;                  /* text[0..len): the config file */
    uint32_t len;
    uint32_t cap;                /* bytes of text (>= len + 1); INCLUDEd
                                  * files and ${var} results go past len */
    bool cut;                    /* the file is longer than len */
    uint64_t size;               /* the file's size (when cut) */
    const char *path;            /* its name, for the console (not
                                  * NULL when con is not) */
    uint32_t id;                 /* its identity (inode) for cycles */
    const struct console *con;   /* messages and SAY; NULL: silent */
#if BOOT_CONF_INCLUDE              /* (the fields of what is built) */
    /* INCLUDE: reads path (as the line names it) into dst[0..cap): the
     * bytes read, *size the file's size, *id its identity; < 0 when it
     * cannot, why[0..why_len) saying why. NULL: INCLUDE is refused. */
    int32_t (*include)(void *ctx, const char *path, char *dst, uint32_t cap,
                       uint64_t *size, uint32_t *id, char *why,
                       uint32_t why_len);
    void *ctx;
#endif
#if BOOT_CONF_VARS
    /* ${name} in APPEND: name, value pairs ending with a NULL name;
     * NULL: none, every ${...} stays as written. */
    const char *const *vars;
#endif
};

/* Parses src->text in place: values become NUL-terminated strings inside
 * text, which must outlive cfg. */
void config_parse_src(const struct config_src *src, struct boot_config *cfg);

/* config_parse_src of text[0..len), with room for len + 1 bytes, no
 * INCLUDE, no console, no variables. */
void config_parse(char *text, uint32_t len, struct boot_config *cfg);

/* The label tried first: ONTIMEOUT's (BOOT_CONF_ONTIMEOUT), else
 * DEFAULT's, else the first MENU DEFAULT label (syslinux: DEFAULT also
 * sets the menu's default), each when it names a label; else -1. */
int config_default(const struct boot_config *cfg);

/* FALLBACK's label (BOOT_CONF_FALLBACK): its index when it names one,
 * else -1. */
#if BOOT_CONF_FALLBACK
int config_fallback(const struct boot_config *cfg);
#else
static inline int config_fallback(const struct boot_config *cfg)
{
    (void)cfg;
    return -1;
}
#endif

/* The order labels are tried in: the default first (when there is one),
 * then FALLBACK's label (when it names one other than the default), then
 * every other label in file order. Returns how many. */
uint32_t config_boot_order(const struct boot_config *cfg,
                           uint8_t order[CONFIG_LABELS_MAX]);

/* Index of the first label called name, or -1. */
int config_find(const struct boot_config *cfg, const char *name);

#if BOOT_SIGNED
/* The label's ROLLBACK_INDEX: 1 with *index set, 0 when it has none
 * (index 0), -1 when it is not a decimal number 0 to 2^32 - 1. */
int config_rollback_index(const struct config_label *l, uint32_t *index);
#endif

/* FDT - : the label wants no device tree at all. */
static inline bool config_no_fdt(const struct config_label *l)
{
    return l->fdt && l->fdt[0] == '-' && !l->fdt[1];
}

#endif
