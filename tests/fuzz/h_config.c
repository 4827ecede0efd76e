/* Config harness: extlinux.conf text through the parser and the label
 * order the boot flow tries. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "firmware/config/config.h"
#include "tests/fuzz/harness.h"

#define CONFIG_TEXT_MAX (64u << 10)

/* A value the parser gave out: NULL, or a NUL-terminated string that
 * starts and ends inside text[0..len]. */
static bool in_text(const char *s, const char *text, size_t len)
{
    if (!s)
        return true;
    if (s < text || s > text + len)
        return false;
    return memchr(s, 0, (size_t)(text + len + 1 - s)) != NULL;
}

const char *fuzz_config_one(const uint8_t *data, size_t len)
{
    struct boot_config cfg;
    uint8_t order[CONFIG_LABELS_MAX];
    bool seen[CONFIG_LABELS_MAX] = { false };
    const char *bad = NULL;
    char *text;
    uint32_t n, i, k;
    int def = -1, fb;

    if (len > CONFIG_TEXT_MAX)
        return NULL;
    /* Exactly len + 1 bytes, as the header asks: ASan sees any more. */
    text = malloc(len + 1);
    if (!text)
        return NULL;
    if (len)
        memcpy(text, data, len);
    config_parse(text, (uint32_t)len, &cfg);

    if (cfg.count > CONFIG_LABELS_MAX)
        bad = "more labels than CONFIG_LABELS_MAX";
    else if (!in_text(cfg.default_name, text, len) ||
             !in_text(cfg.ontimeout, text, len))
        bad = "DEFAULT or ONTIMEOUT points outside the text";
#if BOOT_INTERACTIVE
    else if (!in_text(cfg.title, text, len))
        bad = "MENU TITLE points outside the text";
    else if (cfg.timeout_ds > CONFIG_TIMEOUT_MAX)
        bad = "TIMEOUT above CONFIG_TIMEOUT_MAX";
#endif
    for (i = 0; !bad && i < cfg.count; i++) {
        const struct config_label *l = &cfg.labels[i];
        int at;

        if (!l->name || !in_text(l->name, text, len) ||
            !in_text(l->kernel, text, len) || !in_text(l->fdt, text, len) ||
            !in_text(l->initrd, text, len) || !in_text(l->fdtdir, text, len) ||
            !in_text(l->firmware, text, len) || !in_text(l->append, text, len)
#if BOOT_INTERACTIVE
            || !in_text(l->menu_label, text, len)
#endif
            )
            bad = "a label value points outside the text";
        else if ((at = config_find(&cfg, l->name)) < 0 || (uint32_t)at > i ||
                 strcmp(cfg.labels[at].name, l->name))
            bad = "config_find does not find a label by its own name";
    }
    if (bad)
        goto out;
    /* ONTIMEOUT's, else DEFAULT's, else MENU DEFAULT's label (#30). */
    def = config_default(&cfg);
    if (cfg.menu_default > cfg.count)
        bad = "MENU DEFAULT names a label past the labels";
    if (!bad && def >= (int)cfg.count)
        bad = "config_default gave an index past the labels";
    memset(order, 0xEE, sizeof(order));
    n = bad ? 0 : config_boot_order(&cfg, order);
    if (!bad && n != cfg.count)
        bad = "the boot order does not hold every label once";
    for (i = 0; !bad && i < n; i++) {
        if (order[i] >= cfg.count || seen[order[i]])
            bad = "the boot order repeats a label or names none";
        else
            seen[order[i]] = true;
    }
    if (!bad && def >= 0 && order[0] != def)
        bad = "the DEFAULT label is not tried first";
    /* FALLBACK's label next (#37), when it is another; then the rest in
     * file order. */
    fb = config_fallback(&cfg);
    k = def >= 0 ? 1 : 0;
    if (!bad && fb >= 0 && fb != def) {
        if (order[k] != fb)
            bad = "the FALLBACK label is not tried right after DEFAULT";
        k++;
    }
    for (i = k + 1; !bad && i < n; i++)
        if (order[i] <= order[i - 1])
            bad = "labels after DEFAULT and FALLBACK are not in file order";
    if (!bad && (config_find(&cfg, "") >= (int)cfg.count + 1 ||
                 config_find(&cfg, "\xff") >= (int)cfg.count + 1))
        bad = "config_find gave an index past the labels";
out:
    free(text);
    return bad;
}
