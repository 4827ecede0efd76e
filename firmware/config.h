/* The extlinux.conf subset extload reads:
 *
 *   # comment                       (a '#' first on the line)
 *   DEFAULT <label>
 *   LABEL <name>
 *       KERNEL <path>               (LINUX is a synonym)
 *       FDT <path>                  (DEVICETREE is a synonym)
 *       APPEND <command line>
 *
 * Keywords are case-insensitive and separated from their value by spaces
 * or tabs; values run to the end of the line, trailing blanks dropped.
 * Other keywords (TIMEOUT, MENU, PROMPT, INITRD, ...) are skipped, as are
 * KERNEL/FDT/APPEND lines before the first LABEL. A later line of the same
 * keyword within a label replaces the earlier one.
 */
#ifndef EXTLOAD_CONFIG_H
#define EXTLOAD_CONFIG_H

#include <stdint.h>

#define CONFIG_LABELS_MAX 8u

struct config_label {
    const char *name;
    const char *kernel;          /* NULL: the label has no KERNEL line */
    const char *fdt;             /* NULL: none */
    const char *append;          /* NULL: none */
};

struct boot_config {
    const char *default_name;    /* NULL: no DEFAULT line */
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
