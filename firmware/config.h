/* The extlinux.conf subset extload reads:
 *
 *   # comment                       (a '#' first on the line)
 *   DEFAULT <label>
 *   LABEL <name>
 *       KERNEL <path>               (LINUX is a synonym)
 *       INITRD <path>[,<path>...]   (concatenated in order, as syslinux)
 *       FDT <path>                  (DEVICETREE is a synonym)
 *       FDTDIR <dir>                (+ the board's fdtfile, as U-Boot)
 *       FIRMWARE <path>             (ours: SBI firmware for RISC-V Linux)
 *       APPEND <command line>
 *       MENU LABEL <text>           (what the menu shows for it)
 *   TIMEOUT <n>                     (tenths of a second; 0: no countdown)
 *   PROMPT 0|1                      (1: wait for the person, no timeout)
 *   MENU TITLE <text>
 *   SIGNATURE <path>                (BOOT_SIGNED: the label's Ed25519
 *                                   signature, 64 bytes)
 *
 * Keywords are case-insensitive and separated from their value by spaces
 * or tabs; values run to the end of the line, trailing blanks dropped.
 * A relative path resolves from the config file's directory (the boot
 * flow joins it: firmware/boot_file.c), as syslinux and U-Boot do.
 * Other keywords (other MENU lines, ...) are skipped, as are the label
 * keywords before the first LABEL and a TIMEOUT
 * or PROMPT that is not a number. A later line of the same keyword
 * replaces the earlier one.
 */
#ifndef EXTLOAD_CONFIG_H
#define EXTLOAD_CONFIG_H

#include <stdint.h>

/* TIMEOUT, PROMPT and MENU are read only when the menu is built in
 * (BOOT_INTERACTIVE); otherwise they are skipped lines. The option's one
 * default lives in boot_conf.h, so every file sees the same structs. */
#include "firmware/boot_conf.h"

#define CONFIG_LABELS_MAX 8u
#define CONFIG_TIMEOUT_MAX 36000u    /* tenths: an hour; larger is cut */

struct config_label {
    const char *name;
    const char *kernel;          /* NULL: the label has no KERNEL line */
    const char *initrd;          /* NULL: none; a,b: concatenated */
    const char *fdt;             /* NULL: none */
    const char *fdtdir;          /* NULL: none; FDT wins over it */
    const char *firmware;        /* NULL: none */
    const char *append;          /* NULL: none */
#if BOOT_INTERACTIVE
    const char *menu_label;      /* MENU LABEL; NULL: none */
#endif
#if BOOT_SIGNED
    const char *signature;       /* SIGNATURE; NULL: none */
#endif
};

struct boot_config {
    const char *dir;             /* the config file's directory, which
                                  * relative paths start from */
    const char *default_name;    /* NULL: no DEFAULT line */
#if BOOT_INTERACTIVE
    const char *title;           /* MENU TITLE; NULL: none */
    uint32_t timeout_ds;         /* TIMEOUT in tenths of a second */
    uint32_t prompt;             /* PROMPT: nonzero waits for the person */
#endif
    struct config_label labels[CONFIG_LABELS_MAX];
    uint32_t count;
    uint32_t labels_dropped;     /* LABELs past CONFIG_LABELS_MAX */
    uint32_t lines_skipped;      /* unknown keywords and stray lines */
};

/* Parses text[0..len) in place: values become NUL-terminated strings inside
 * text, which must have room for len + 1 bytes and outlive cfg. */
void config_parse(char *text, uint32_t len, struct boot_config *cfg);

/* The order labels are tried in: the DEFAULT label first (when it names
 * one), then every other label in file order. Returns how many. */
uint32_t config_boot_order(const struct boot_config *cfg,
                           uint8_t order[CONFIG_LABELS_MAX]);

/* Index of the first label called name, or -1. */
int config_find(const struct boot_config *cfg, const char *name);

#endif
