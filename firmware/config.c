#include "firmware/config.h"

#include <stdbool.h>
#include <stddef.h>

enum keyword { KW_OTHER, KW_DEFAULT, KW_LABEL, KW_KERNEL, KW_FDT, KW_APPEND };

static const struct {
    const char *name;
    enum keyword kw;
} keywords[] = {
    { "default", KW_DEFAULT }, { "label", KW_LABEL },
    { "kernel", KW_KERNEL },   { "linux", KW_KERNEL },
    { "fdt", KW_FDT },         { "devicetree", KW_FDT },
    { "append", KW_APPEND },
};

static bool is_blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static enum keyword match_keyword(const char *word, uint32_t n)
{
    for (uint32_t k = 0; k < sizeof(keywords) / sizeof(keywords[0]); k++) {
        const char *name = keywords[k].name;
        uint32_t i = 0;
        while (i < n && name[i] && lower(word[i]) == name[i])
            i++;
        if (i == n && !name[i])
            return keywords[k].kw;
    }
    return KW_OTHER;
}

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
