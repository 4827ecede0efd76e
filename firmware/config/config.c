/* The extlinux.conf subset (firmware/config/config.h): one pass over the text,
 * in place, values NUL-terminated where they end. INCLUDE reads the
 * named file into the buffer's free room past what is read and parses
 * it there, then the including file goes on: a stack of at most
 * CONFIG_INCLUDE_DEPTH + 1 files, no recursion. */
#include "firmware/config/config.h"

#include <stddef.h>
#include <string.h>

/* The keywords the parser acts on. The first ones set a field of the
 * label (label_field); MENU's second words come last. */
enum keyword {
    KW_OTHER, KW_KERNEL, KW_INITRD, KW_FDT, KW_FDTDIR, KW_FIRMWARE,
    KW_APPEND, KW_SIGNATURE, KW_LABEL, KW_DEFAULT, KW_ONTIMEOUT, KW_SAY,
    KW_MENU, KW_INCLUDE, KW_TIMEOUT, KW_TOTALTIMEOUT, KW_PROMPT,
    KW_TITLE, KW_HIDDEN, KW_AUTOBOOT, KW_FALLBACK, KW_ROLLBACK,
    KW_FDTOVERLAYS, KW_PARTITION,
};
_Static_assert(KW_LABEL == 010 && KW_PROMPT == 020 && KW_FALLBACK == 024 &&
               KW_ROLLBACK == 025 && KW_FDTOVERLAYS == 026 &&
               KW_PARTITION == 027,
               "the numbers in keywords[] are the enum's, in octal");

static const uint8_t label_field[] = {
    offsetof(struct config_label, kernel),
    offsetof(struct config_label, initrd),
    offsetof(struct config_label, fdt),
    offsetof(struct config_label, fdtdir),
    offsetof(struct config_label, firmware),
    offsetof(struct config_label, append),
#if BOOT_SIGNED
    offsetof(struct config_label, signature),
#endif
};
#define KW_FIELDS (sizeof(label_field) / sizeof(label_field[0]))

/* The names, lower case, each after its keyword's number (a byte below
 * ' '): one string. U-Boot's table (boot/pxe_utils.c) has the same
 * synonyms: LINUX, DEVICETREE, DEVICETREEDIR. A keyword of a feature
 * this build leaves out is named only when BOOT_MESSAGES says why it is
 * skipped ("not in this build"); without, it is skipped as any word the
 * table does not hold, and named from the file's text all the same. */
static const char keywords[] =
    "\1kernel\1linux\2initrd\3fdt\3devicetree\4fdtdir\4devicetreedir"
    "\5firmware\6append\10label\11default\14menu"
#if BOOT_CONF_ONTIMEOUT || BOOT_MESSAGES
    "\12ontimeout"
#endif
#if BOOT_CONF_FALLBACK || BOOT_MESSAGES
    "\24fallback"
#endif
#if BOOT_SIGNED
    /* ROLLBACK_INDEX: match_keyword compares c | 0x20, and '_' | 0x20 is
     * 0x7f, so the table holds that byte for the '_'. */
    "\7signature\25rollback\x7f" "index"
#endif
#if BOOT_CONF_INCLUDE || BOOT_MESSAGES
    "\15include"
#endif
#if BOOT_CONF_SAY || BOOT_MESSAGES
    "\13say"
#endif
#if BOOT_INTERACTIVE || BOOT_MESSAGES
    "\16timeout\17totaltimeout\20prompt\21title\22hidden\23autoboot"
#endif
#if BOOT_FDT_OVERLAY
    "\26fdtoverlays"
#endif
#if BOOT_CONF_PARTITION
    "\27partition"
#endif
    ;

struct parse {
    const struct config_src *src;
    struct boot_config *cfg;
    struct config_label *cur;
    const char *include;          /* a line asked for this file */
    struct config_file *f;        /* cfg->files */
    uint32_t depth;
};

/* '\n' never is inside a line: it ends one. */
static bool is_blank(char c)
{
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* The end of p's run of blanks (blank) or of its word (!blank): a
 * line's bytes are p[0..end), its NUL at end, where the scans stop
 * (which the proof sees: end is within the text). One function for
 * both, a few bytes fewer. */
static char *run_end(char *p, const char *end, bool blank)
{
    while (p < end && is_blank(*p) == blank)
        p++;
    return p;
}

#define blanks_end(p, end) run_end(p, end, true)
#define word_end(p, end) run_end(p, end, false)

/* a[0..n) and b[0..m) are the same word, ignoring case. */
static bool same_word(const char *a, uint32_t n, const char *b, uint32_t m)
{
    uint32_t i = 0;

    if (n != m)
        return false;
    /* The same byte, or the same letter in the other case: bytes that
     * differ in 0x20 alone, a lower-case letter with it set. */
    for (; i < n; i++) {
        uint32_t x = (uint8_t)(a[i] ^ b[i]);

        if (x && (x != 0x20 || (uint8_t)((a[i] | 0x20) - 'a') > 'z' - 'a'))
            break;
    }
    return i == n;
}

/* The word is word[0..end). The table's names are lower-case letters,
 * so c | 0x20 equals one only when c is that letter in either case. */
static enum keyword match_keyword(const char *word, const char *end)
{
    for (const char *p = keywords; *p;) {
        uint32_t i = 0, id = (uint8_t)*p++;

        while (word + i < end && (word[i] | 0x20) == p[i])
            i++;
        if (word + i == end && (uint8_t)p[i] < ' ')
            return (enum keyword)id;
        while ((uint8_t)*p >= ' ')
            p++;
    }
    return KW_OTHER;
}

/* Why a line is skipped; without BOOT_MESSAGES the line says only that
 * it is. */
#if BOOT_MESSAGES
#define WHY_UNKNOWN "not handled by extload"
#define WHY_BUILD "not in this build"
#define WHY_STRAY "before any LABEL"
#else
#define WHY_UNKNOWN NULL
#define WHY_BUILD NULL
#define WHY_STRAY NULL
#endif

/* A line skipped: its keyword (with MENU's second word: "MENU COLOR")
 * w[0..n) is named on the console the first time it is seen, never
 * again; past CONFIG_UNHANDLED_MAX distinct words, a word not among them
 * is named each time (never skipped unnamed). */
static void skip_word(struct parse *ps, const char *w, uint32_t n,
                      const char *why)
{
    struct boot_config *cfg = ps->cfg;

    cfg->lines_skipped++;
    for (uint32_t i = 0; i < cfg->unhandled_n; i++)
        if (same_word(cfg->unhandled[i].word, cfg->unhandled[i].len, w, n))
            return;
    if (cfg->unhandled_n < CONFIG_UNHANDLED_MAX)
        cfg->unhandled[cfg->unhandled_n++] = (struct config_word){
            .word = w, .len = n,
        };
#if BOOT_MESSAGES
    con_printf(ps->src->con, "config: %.*s: %s; skipped\n", (int)n, w, why);
#else
    (void)why;
    con_printf(ps->src->con, "config: %.*s: skipped\n", (int)n, w);
#endif
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

/* MENU LABEL's '^x' (syslinux doc/menu.txt): x is the hotkey; the caret
 * is taken out of the text the menu shows. */
static char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

static void menu_label(struct config_label *l, char *text)
{
    l->menu_label = text;
    l->hotkey = 0;
    for (char *p = text; *p; p++)
        if (*p == '^' && p[1]) {
            l->hotkey = lower(p[1]);
            for (; *p; p++)
                p[0] = p[1];
            return;
        }
}
#endif

/* "MENU X value": kw[0..kw_end) is MENU, value "X value". */
static void parse_menu(struct parse *ps, char *kw, char *kw_end,
                       char *value, const char *end)
{
    struct boot_config *cfg = ps->cfg;
    struct config_label *cur = ps->cur;
    char *we = word_end(value, end);
    char *text = blanks_end(we, end);
    enum keyword sub = match_keyword(value, we);

    (void)text;       /* read only by MENU INCLUDE, TITLE and LABEL */

    if (sub == KW_DEFAULT && cur) {
        if (!cfg->menu_default)       /* cur is the last label */
            cfg->menu_default = (uint8_t)cfg->count;
        return;
    }
#if BOOT_CONF_INCLUDE
    if (sub == KW_INCLUDE) {
        ps->include = text;
        return;
    }
#endif
#if BOOT_INTERACTIVE
    if (sub == KW_TITLE) {
        cfg->title = text;
        return;
    }
    if (sub == KW_LABEL && cur) {
        menu_label(cur, text);
        return;
    }
    if (sub == KW_HIDDEN) {
        cfg->hidden = 1;
        return;
    }
    if (sub == KW_AUTOBOOT) {
        cfg->autoboot = text;
        return;
    }
    const char *why = WHY_UNKNOWN;
#else
    const char *why = BOOT_MESSAGES && (sub == KW_TITLE || sub == KW_HIDDEN ||
                      sub == KW_AUTOBOOT || sub == KW_LABEL) ? WHY_BUILD
                                                             : WHY_UNKNOWN;
#endif
    if ((sub == KW_LABEL || sub == KW_DEFAULT) && !cur && !cfg->labels_dropped)
        why = WHY_STRAY;
    else if (BOOT_MESSAGES && sub == KW_INCLUDE)
        why = WHY_BUILD;
    /* Named as one word, "MENU X": X moved next to MENU (the line is
     * skipped, its text is not used again), a byte at a time behind its
     * source (kw_end < value: a blank is between), which bounds it. */
    if (value < we) {
        *kw_end++ = ' ';
        for (const char *s = value; s < we && kw_end <= s;)
            *kw_end++ = *s++;
    }
    skip_word(ps, kw, (uint32_t)(kw_end - kw), why);
}

static bool str_eq(const char *a, const char *b)
{
    for (; *a && *a == *b; a++, b++)
        ;
    return *a == *b;
}

/* A line outside a label's fields, keyword k: taken, or skipped and
 * said (a directive this build leaves out, or one extload does not
 * handle). One case per directive, each a few lines behind its switch:
 * long only because the directives are many. A directive this build
 * leaves out has its case (WHY_BUILD) only with BOOT_MESSAGES: keywords[]
 * holds its name only then. */
static void parse_global(struct parse *ps, enum keyword k, char *kw,
                         char *kw_end, char *value, const char *end)
{
    struct boot_config *cfg = ps->cfg;
    const char *why = WHY_UNKNOWN;

    switch (k) {
    case KW_DEFAULT:
        cfg->default_name = value;
        return;
#if BOOT_CONF_ONTIMEOUT
    case KW_ONTIMEOUT:
        cfg->ontimeout = value;
        return;
#elif BOOT_MESSAGES
    case KW_ONTIMEOUT:
        why = WHY_BUILD;
        break;
#endif
#if BOOT_CONF_FALLBACK
    case KW_FALLBACK:
        cfg->fallback_name = value;
        return;
#elif BOOT_MESSAGES
    case KW_FALLBACK:
        why = WHY_BUILD;
        break;
#endif
    case KW_LABEL:
        if (cfg->count >= CONFIG_LABELS_MAX) {
            cfg->labels_dropped++;
            ps->cur = NULL;
            return;
        }
        ps->cur = &cfg->labels[cfg->count++];
        /* A slot is still as the parse began (zero) unless a label was
         * dropped at a cut from it, which only an INCLUDEd file's end
         * goes on past. */
        if (BOOT_CONF_INCLUDE)
            *ps->cur = (struct config_label){ 0 };
        ps->cur->name = value;
        return;
    case KW_MENU:
        parse_menu(ps, kw, kw_end, value, end);
        return;
#if BOOT_FDT_OVERLAY || BOOT_CONF_PARTITION
    /* Labels' fields kept out of label_field[], so that a build without
     * one numbers the others as before (and, not knowing the word, skips
     * it as any other: "not handled by extload"). */
#if BOOT_FDT_OVERLAY
    case KW_FDTOVERLAYS:
#endif
#if BOOT_CONF_PARTITION
    case KW_PARTITION:
#endif
        if (ps->cur || cfg->labels_dropped) {
#if BOOT_FDT_OVERLAY
            if (ps->cur && k == KW_FDTOVERLAYS)
                ps->cur->fdtoverlays = value;
#endif
#if BOOT_CONF_PARTITION
            if (ps->cur && k == KW_PARTITION)
                ps->cur->partition = value;
#endif
            return;
        }
        why = WHY_STRAY;
        break;
#endif
#if BOOT_CONF_SAY
    case KW_SAY:
        con_printf(ps->src->con, "%s\n", value);
        return;
#elif BOOT_MESSAGES
    case KW_SAY:
        why = WHY_BUILD;
        break;
#endif
#if BOOT_CONF_INCLUDE
    case KW_INCLUDE:
        ps->include = value;
        return;
#elif BOOT_MESSAGES
    case KW_INCLUDE:
        why = WHY_BUILD;
        break;
#endif
#if BOOT_INTERACTIVE
    case KW_TIMEOUT:
    case KW_TOTALTIMEOUT:
    case KW_PROMPT:
        if (!parse_number(value, k == KW_TIMEOUT ? &cfg->timeout_ds
                                 : k == KW_PROMPT ? &cfg->prompt
                                                  : &cfg->totaltimeout_ds)) {
            cfg->lines_skipped++;
            con_printf(ps->src->con, "config: %.*s %s: not a number; "
                       "skipped\n", (int)(kw_end - kw), kw, value);
        }
        return;
#elif BOOT_MESSAGES
    case KW_TIMEOUT:
    case KW_TOTALTIMEOUT:
    case KW_PROMPT:
        why = WHY_BUILD;
        break;
#endif
    default:
        break;
    }
    skip_word(ps, kw, (uint32_t)(kw_end - kw), why);
}

/* One line, line[0..end) with *end already NUL (and none before it):
 * keyword, then value. */
static void parse_line(struct parse *ps, char *line, char *end)
{
    struct boot_config *cfg = ps->cfg;
    struct config_label *cur = ps->cur;
    char *kw = blanks_end(line, end);

    if (!*kw || *kw == '#')
        return;
    char *kw_end = word_end(kw, end);
    char *value = blanks_end(kw_end, end);

    while (end > value && is_blank(end[-1]))
        end--;
    *end = '\0';
    enum keyword k = match_keyword(kw, kw_end);

    /* A label's line; those of a label past CONFIG_LABELS_MAX go with
     * it (the label count's warning says so). ROLLBACK_INDEX is a
     * label's field too, read as a number by the flow (a bad one refuses
     * the label there, by name). */
    if (k != KW_OTHER &&
        (k <= KW_FIELDS || (BOOT_SIGNED && k == KW_ROLLBACK))) {
        if (!cur) {
            if (!cfg->labels_dropped)
                skip_word(ps, kw, (uint32_t)(kw_end - kw), WHY_STRAY);
#if BOOT_SIGNED
        } else if (k == KW_ROLLBACK) {
            cur->rollback = value;
#endif
        } else {
            *(const char **)(void *)((char *)cur +
                                     label_field[k - KW_KERNEL]) = value;
        }
        return;
    }
    parse_global(ps, k, kw, kw_end, value, end);
}

/* A file's text ends at its last whole line when it was cut. */
static uint32_t whole_lines(const char *text, uint32_t start, uint32_t end)
{
    while (end > start && text[end - 1] != '\n')
        end--;
    return end;
}

/* A file f of size bytes cut where its read ended: it ends at its last
 * whole line, said (without BOOT_MESSAGES in fewer words). %lu: a long
 * holds any size the reader gives (the 32-bit boards read 32-bit sizes:
 * EXT_OFF32). */
static uint32_t cut_end(const struct config_src *src,
                        const struct config_file *f, uint64_t size)
{
    uint32_t pos = f->pos, end = whole_lines(src->text, pos, f->end);

    con_printf(src->con, BOOT_MESSAGES
               ? "config: warning: %s is %lu bytes; only the first %u fit\n"
               : "config: warning: %s is %lu bytes; %u fit\n",
               f->name, (unsigned long)size, (unsigned)(end - pos));
    return end;
}

/* The end of a file: a cut one drops the label open at the cut, whose
 * lines may go on past it (a half-read label could boot wrongly). */
static void file_done(struct parse *ps, const struct config_file *f)
{
    struct boot_config *cfg = ps->cfg;

    /* (An open label was counted: the proof relates neither.) */
    if (!f->cut || !ps->cur || !cfg->count)
        return;
    cfg->count--;
    cfg->cut_dropped++;
    if (cfg->menu_default == cfg->count + 1u)
        cfg->menu_default = 0;
    con_printf(ps->src->con, "config: %s: label '%s' crosses the cut; "
               "dropped\n", f->name, ps->cur->name);
    ps->cur = NULL;
}

#if BOOT_CONF_INCLUDE
/* INCLUDE name: its text into the buffer's free room, on the stack of
 * files; refused by name when it nests too deep, includes a file being
 * read, or cannot be read. */
static void include(struct parse *ps, char *name)
{
    const struct config_src *src = ps->src;
    struct boot_config *cfg = ps->cfg;
    char why[64];
    uint64_t size = 0;
    uint32_t id = 0, n = 0;

    /* syslinux's INCLUDE file [tagname]: the file only. */
    while (name[n] && !is_blank(name[n]))
        n++;
    name[n] = '\0';
    if (ps->depth >= CONFIG_INCLUDE_DEPTH) {
        cfg->include_errors++;
        con_printf(src->con, "config: error: INCLUDE %s: more than %u "
                   "nested includes; skipped\n", name,
                   (unsigned)CONFIG_INCLUDE_DEPTH);
        return;
    }
    uint32_t room = src->cap - cfg->used;
    int32_t got = -1;

    if (room < 2u)
        memcpy(why, "the config buffer is full", 26);
    else if (!src->include)
        memcpy(why, "not supported here", 19);
    else
        got = src->include(src->ctx, name, src->text + cfg->used, room - 1u,
                           &size, &id, why, sizeof(why));
    if (got < 0) {
        cfg->include_errors++;
        con_printf(src->con, "config: error: INCLUDE %s: %s; skipped\n",
                   name, why);
        return;
    }
    for (uint32_t d = 0; d <= ps->depth; d++)
        if (ps->f[d].id == id) {
            cfg->include_errors++;
            con_printf(src->con, "config: error: INCLUDE %s: it is being "
                       "read already (%s); an include cycle, skipped\n",
                       name, ps->f[d].name);
            return;
        }
    /* The file ends inside the room, its NUL at src->cap - 1 at most
     * (the bound on the end itself, which the proof sees). */
    uint32_t end = cfg->used + (uint32_t)got;

    if (end > src->cap - 1u)
        end = src->cap - 1u;
    struct config_file *f = &ps->f[++ps->depth];
    *f = (struct config_file){
        .pos = cfg->used, .end = end, .id = id,
        .name = name, .cut = size > (uint64_t)(end - cfg->used),
    };
    if (f->cut)
        f->end = cut_end(src, f, size);
    cfg->includes++;
    src->text[f->end] = '\0';
    cfg->used = f->end + 1u;
}
#endif

#if BOOT_CONF_VARS
static uint32_t str_len(const char *s)
{
    uint32_t n = 0;

    while (s[n])
        n++;
    return n;
}

/* The value of ${name[0..n)}, or NULL. */
static const char *var_of(const char *const *vars, const char *name,
                          uint32_t n)
{
    for (; vars && vars[0]; vars += 2) {
        uint32_t i = 0;

        while (i < n && vars[0][i] == name[i])
            i++;
        if (i == n && !vars[0][n])
            return vars[1];
    }
    return NULL;
}

/* APPEND with each ${name} the board defines replaced by its value, in
 * the buffer's free room; a ${name} it does not define stays as written
 * (U-Boot's env expansion leaves unknown ones empty: the kernel would
 * then see less than the file says). No room: as written, said. */
static const char *expand(struct parse *ps, const char *s)
{
    const struct config_src *src = ps->src;
    struct boot_config *cfg = ps->cfg;
    uint32_t w = cfg->used;           /* the next byte written: text[w] */
    bool any = false;

    for (uint32_t i = 0; s[i];) {
        const char *val = NULL;
        uint32_t n = 0;

        if (s[i] == '$' && s[i + 1] == '{') {
            while (s[i + 2 + n] && s[i + 2 + n] != '}')
                n++;
            if (s[i + 2 + n] == '}')
                val = var_of(src->vars, s + i + 2, n);
        }
        const char *piece = val ? val : s + i;
        uint32_t len = val ? str_len(val) : 1u;

        /* A byte at a time, each with room for the NUL after it. */
        for (uint32_t k = 0; k < len; k++) {
            if (w + 1u >= src->cap) {
                con_printf(src->con, "config: APPEND %s: no room for the "
                           "board's variables; left as written\n", s);
                return s;
            }
            src->text[w++] = piece[k];
        }
        i += val ? n + 3u : 1u;
        any |= val != NULL;
    }
    if (!any)
        return s;
    src->text[w] = '\0';
    const char *out = src->text + cfg->used;

    cfg->used = w + 1u;
    return out;
}
#endif

void config_parse_src(const struct config_src *src, struct boot_config *cfg)
{
    struct parse ps = { .src = src, .cfg = cfg, .f = cfg->files };

    *cfg = (struct boot_config){ 0 };
    ps.f[0] = (struct config_file){ .end = src->len, .id = src->id,
                                  .name = src->path,
                                  .cut = src->cut };
    uint32_t end = src->cut ? cut_end(src, &ps.f[0], src->size) : src->len;

    ps.f[0].end = end;
    src->text[end] = '\0';
    cfg->used = end + 1u;
    /* Each turn ends a line (pos moves past it) or a file (depth falls):
     * bounded by the buffer's bytes and the stack's depth. */
    for (;;) {
        struct config_file *f = &ps.f[BOOT_CONF_INCLUDE ? ps.depth : 0u];

        if (f->pos > f->end) {
            file_done(&ps, f);
            if (BOOT_CONF_INCLUDE && ps.depth) {
                ps.depth--;
                continue;
            }
            break;
        }
        uint32_t i = f->pos;
        /* (For the proof's widening: the board's text ends there.) */
        /*@ loop widen_hints i, (unsigned)BOOT_CONFIG_MAX; */
        while (i < f->end && src->text[i] != '\n' && src->text[i] != '\0')
            i++;
        src->text[i] = '\0';
        ps.include = NULL;
        parse_line(&ps, src->text + f->pos, src->text + i);
        f->pos = i + 1u;
#if BOOT_CONF_INCLUDE
        if (ps.include)
            include(&ps, (char *)ps.include);
#endif
    }
#if BOOT_CONF_VARS
    for (uint32_t l = 0; src->vars && l < cfg->count; l++)
        if (cfg->labels[l].append)
            cfg->labels[l].append = expand(&ps, cfg->labels[l].append);
#endif
}

void config_parse(char *text, uint32_t len, struct boot_config *cfg)
{
    const struct config_src src = { .text = text, .len = len,
                                    .cap = len + 1u };

    config_parse_src(&src, cfg);
}

int config_find(const struct boot_config *cfg, const char *name)
{
    for (uint32_t i = 0; i < cfg->count; i++)
        if (str_eq(cfg->labels[i].name, name))
            return (int)i;
    return -1;
}

int config_default(const struct boot_config *cfg)
{
    int i = BOOT_CONF_ONTIMEOUT && cfg->ontimeout
                ? config_find(cfg, cfg->ontimeout) : -1;

    if (i < 0 && cfg->default_name)
        i = config_find(cfg, cfg->default_name);
    if (i < 0 && cfg->menu_default)
        i = cfg->menu_default - 1;
    return i;
}

#if BOOT_CONF_FALLBACK
int config_fallback(const struct boot_config *cfg)
{
    return cfg->fallback_name ? config_find(cfg, cfg->fallback_name) : -1;
}
#endif

uint32_t config_boot_order(const struct boot_config *cfg,
                           uint8_t order[CONFIG_LABELS_MAX])
{
    int def = config_default(cfg);
    int fb = config_fallback(cfg);
    uint32_t n = 0;

    if (def >= 0)
        order[n++] = (uint8_t)def;
    if (BOOT_CONF_FALLBACK && fb >= 0 && fb != def)
        order[n++] = (uint8_t)fb;
    /* n < CONFIG_LABELS_MAX: the default and FALLBACK's label are
     * among the count's labels (config_default, config_find), which the
     * proof does not relate to the count. */
    for (uint32_t i = 0; i < cfg->count && n < CONFIG_LABELS_MAX; i++)
        if ((int)i != def && (int)i != fb)
            order[n++] = (uint8_t)i;
    return n;
}

#if BOOT_SIGNED
int config_rollback_index(const struct config_label *l, uint32_t *index)
{
    const char *s = l->rollback;
    uint32_t v = 0, i = 0;

    *index = 0;
    if (!s)
        return 0;
    for (; s[i] >= '0' && s[i] <= '9'; i++) {   /* ends at the NUL */
        uint32_t d = (uint32_t)(s[i] - '0');

        if (v > (0xffffffffu - d) / 10u)
            return -1;                /* past 2^32 - 1 */
        v = v * 10u + d;
    }
    if (i == 0 || s[i])
        return -1;
    *index = v;
    return 1;
}
#endif
