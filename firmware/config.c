#include "firmware/config.h"

#include <stdbool.h>
#include <stddef.h>

enum keyword {
    KW_OTHER, KW_DEFAULT, KW_LABEL, KW_KERNEL, KW_FDT, KW_APPEND,
    KW_INITRD, KW_FDTDIR, KW_FIRMWARE,
    KW_TIMEOUT, KW_PROMPT, KW_MENU, KW_SIGNATURE,
};

static const struct {
    const char *name;
    enum keyword kw;
} keywords[] = {
    { "default", KW_DEFAULT }, { "label", KW_LABEL },
    { "kernel", KW_KERNEL },   { "linux", KW_KERNEL },
    { "fdt", KW_FDT },         { "devicetree", KW_FDT },
    { "append", KW_APPEND },
    { "initrd", KW_INITRD },   { "fdtdir", KW_FDTDIR },
    { "firmware", KW_FIRMWARE },
#if BOOT_INTERACTIVE
    { "timeout", KW_TIMEOUT }, { "prompt", KW_PROMPT },
    { "menu", KW_MENU },
#endif
#if BOOT_SIGNED
    { "signature", KW_SIGNATURE },
#endif
};

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* word[0..n) is name, ignoring case. */
static bool word_is(const char *word, uint32_t n, const char *name)
{
    uint32_t i = 0;

    while (i < n && name[i] && lower(word[i]) == name[i])
        i++;
    return i == n && !name[i];
}

static enum keyword match_keyword(const char *word, uint32_t n)
{
    for (uint32_t k = 0; k < sizeof(keywords) / sizeof(keywords[0]); k++)
        if (word_is(word, n, keywords[k].name))
            return keywords[k].kw;
    return KW_OTHER;
}

#if BOOT_INTERACTIVE
/* A decimal number, cut to CONFIG_TIMEOUT_MAX; false if s is not one. */
static bool parse_number(const char *s, uint32_t *out)
{
    uint32_t v = 0, i = 0;

    for (; s[i] >= '0' && s[i] <= '9'; i++) {
        v = v * 10u + (uint32_t)(s[i] - '0');
        if (v > CONFIG_TIMEOUT_MAX)
            v = CONFIG_TIMEOUT_MAX;
    }
    if (i == 0 || s[i])
        return false;
    *out = v;
    return true;
}

/* "MENU TITLE text" / "MENU LABEL text": value is "TITLE text". Returns
 * false for other MENU lines. */
static bool parse_menu(char *value, struct boot_config *cfg,
                       struct config_label *cur)
{
    uint32_t n = 0;

    while (value[n] && !is_blank(value[n]))
        n++;
    char *text = value + n;
    while (is_blank(*text))
        text++;
    if (word_is(value, n, "title")) {
        cfg->title = text;
        return true;
    }
    if (word_is(value, n, "label") && cur) {
        cur->menu_label = text;
        return true;
    }
    return false;
}

#endif

static bool str_eq(const char *a, const char *b)
{
    for (; *a && *a == *b; a++, b++)
        ;
    return *a == *b;
}

/* One line, text[0..n) with its end already NUL: keyword, then value. */
static void parse_line(char *line, uint32_t n, struct boot_config *cfg,
                       struct config_label **cur)
{
    uint32_t i = 0, kw_start, kw_len;

    while (i < n && is_blank(line[i]))
        i++;
    if (i == n || line[i] == '#')
        return;
    kw_start = i;
    while (i < n && !is_blank(line[i]))
        i++;
    kw_len = i - kw_start;
    while (i < n && is_blank(line[i]))
        i++;
    uint32_t end = n;
    while (end > i && is_blank(line[end - 1]))
        end--;
    line[end] = '\0';
    char *value = line + i;

    switch (match_keyword(line + kw_start, kw_len)) {
    case KW_DEFAULT:
        cfg->default_name = value;
        return;
    case KW_LABEL:
        if (cfg->count == CONFIG_LABELS_MAX) {
            cfg->labels_dropped++;
            *cur = NULL;
            return;
        }
        *cur = &cfg->labels[cfg->count++];
        (*cur)->name = value;
        return;
    case KW_KERNEL:
        if (*cur)
            (*cur)->kernel = value;
        break;
    case KW_FDT:
        if (*cur)
            (*cur)->fdt = value;
        break;
    case KW_APPEND:
        if (*cur)
            (*cur)->append = value;
        break;
    case KW_INITRD:
        if (*cur)
            (*cur)->initrd = value;
        break;
    case KW_FDTDIR:
        if (*cur)
            (*cur)->fdtdir = value;
        break;
    case KW_FIRMWARE:
        if (*cur)
            (*cur)->firmware = value;
        break;
#if BOOT_SIGNED
    case KW_SIGNATURE:
        if (*cur)
            (*cur)->signature = value;
        break;
#else
    case KW_SIGNATURE:
        cfg->lines_skipped++;
        return;
#endif
#if BOOT_INTERACTIVE
    case KW_TIMEOUT:
        if (!parse_number(value, &cfg->timeout_ds))
            cfg->lines_skipped++;
        return;
    case KW_PROMPT:
        if (!parse_number(value, &cfg->prompt))
            cfg->lines_skipped++;
        return;
    case KW_MENU:
        if (!parse_menu(value, cfg, *cur))
            cfg->lines_skipped++;
        return;
#else
    case KW_TIMEOUT:
    case KW_PROMPT:
    case KW_MENU:
#endif
    case KW_OTHER:
        cfg->lines_skipped++;
        return;
    }
    if (!*cur && cfg->labels_dropped == 0)
        cfg->lines_skipped++;
}

void config_parse(char *text, uint32_t len, struct boot_config *cfg)
{
    struct config_label *cur = NULL;
    uint32_t start = 0;

    *cfg = (struct boot_config){ 0 };
    text[len] = '\0';
    for (uint32_t i = 0; i <= len; i++) {
        if (i < len && text[i] != '\n' && text[i] != '\0')
            continue;
        text[i] = '\0';
        parse_line(text + start, i - start, cfg, &cur);
        start = i + 1;
    }
}

int config_find(const struct boot_config *cfg, const char *name)
{
    for (uint32_t i = 0; i < cfg->count; i++)
        if (str_eq(cfg->labels[i].name, name))
            return (int)i;
    return -1;
}

uint32_t config_boot_order(const struct boot_config *cfg,
                           uint8_t order[CONFIG_LABELS_MAX])
{
    int def = cfg->default_name ? config_find(cfg, cfg->default_name) : -1;
    uint32_t n = 0;

    if (def >= 0)
        order[n++] = (uint8_t)def;
    for (uint32_t i = 0; i < cfg->count; i++)
        if ((int)i != def)
            order[n++] = (uint8_t)i;
    return n;
}
