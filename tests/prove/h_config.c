/* The extlinux.conf parser (firmware/config/config.c) for Frama-C's EVA
 * (tests/prove/part_config.mk): a config text of unknown bytes and
 * unknown length, cut or not at any size, every file INCLUDE names read
 * as unknown bytes of unknown length (or refused), the board's ${fdtfile}
 * or no variables, then what the boot flow asks of the result (the
 * order labels are tried in, each label's rollback index), as
 * firmware/boot/boot.c's config_read does it (see fs/README.md, "What is
 * proven"). */
#include <stddef.h>
#include <stdint.h>

#include "__fc_builtin.h"
#include "firmware/config/config.h"

/* firmware/boot/boot.h's BOOT_CONFIG_TEXT: the text's room in the
 * window's tail, of which the parser is given BOOT_CONFIG_MAX + 1. */
#define TEXT_ROOM ((BOOT_CONFIG_MAX + 1u + 7u) & ~7u)

static char text[TEXT_ROOM];
static struct boot_config cfg;
static volatile char seen;

/* The console: reads every byte it is given. */
static void harness_write(void *ctx, const char *s, uint32_t n)
{
    (void)ctx;
    for (uint32_t i = 0; i < n; i++)
        seen = s[i];
}

static const struct console con = { harness_write, NULL };

#if BOOT_CONF_INCLUDE
/* boot.c's include_read: the path as a C string; then either a refusal
 * with a sentence in why, or got <= cap bytes of the card in dst and the
 * file's size (at least got) and inode. */
static int32_t harness_include(void *ctx, const char *path, char *dst,
                               uint32_t cap, uint64_t *size, uint32_t *id,
                               char *why, uint32_t why_len)
{
    static const char no[] = "no such file";
    uint32_t n = 0;

    (void)ctx;
    while (path[n])
        n++;
    if (Frama_C_nondet(0, 1)) {
        for (uint32_t i = 0; i < why_len && i < sizeof(no); i++)
            why[i] = no[i];
        why[why_len - 1u] = '\0';
        return -1;
    }
    uint32_t got = Frama_C_unsigned_int_interval(0, cap);

    Frama_C_make_unknown(dst, got);
    *size = got + (uint64_t)Frama_C_unsigned_int_interval(0, UINT32_MAX);
    *id = Frama_C_unsigned_int_interval(0, UINT32_MAX);
    return (int32_t)got;
}
#endif

int main(void)
{
    uint32_t len = Frama_C_unsigned_int_interval(0, BOOT_CONFIG_MAX);
    uint64_t size = len + (uint64_t)Frama_C_unsigned_int_interval(0, 65535);
#if BOOT_CONF_VARS
    static const char *const vars[] = {
        "fdtfile", "sifive/hifive-unleashed-a00.dtb", NULL
    };
#endif
    uint8_t order[CONFIG_LABELS_MAX];

    Frama_C_make_unknown(text, sizeof(text));
    const struct config_src src = {
        .text = text, .len = len, .cap = BOOT_CONFIG_MAX + 1u,
        .cut = size > len, .size = size,
        .path = "/boot/extlinux/extlinux.conf",
        .id = Frama_C_unsigned_int_interval(0, UINT32_MAX), .con = &con,
#if BOOT_CONF_INCLUDE
        .include = harness_include, .ctx = NULL,
#endif
#if BOOT_CONF_VARS
        .vars = Frama_C_nondet(0, 1) ? vars : NULL,
#endif
    };
    config_parse_src(&src, &cfg);
    cfg.dir = "/boot/extlinux/";
    uint32_t n = config_boot_order(&cfg, order);
#if BOOT_SIGNED
    for (uint32_t i = 0; i < n; i++) {
        uint32_t index;

        (void)config_rollback_index(&cfg.labels[order[i]], &index);
    }
#endif
    return (int)n;
}
