/* The extlinux.conf subset: keywords, comments, blanks, order, bounds.
 * Built for both profiles: without BOOT_INTERACTIVE (the tiny profile)
 * TIMEOUT, PROMPT and MENU lines are skipped like unknown keywords. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <stdbool.h>

#include "firmware/config/config.h"

static char text[4096];

static void parse(const char *src, struct boot_config *cfg)
{
    uint32_t len = (uint32_t)strlen(src);
    assert_true(len < sizeof(text));
    memcpy(text, src, len);
    config_parse(text, len, cfg);
}

static void test_design_example(void **state)
{
    struct boot_config cfg;
    uint8_t order[CONFIG_LABELS_MAX];
    (void)state;

    parse("DEFAULT main\n"
          "LABEL main\n"
          "    KERNEL /boot/kernel.bin\n"
          "    FDT /boot/board.dtb\n"
          "    APPEND console=ttyS0 root=/dev/mmcblk0p2\n"
          "LABEL old\n"
          "    KERNEL /boot/kernel-old.bin\n", &cfg);
    assert_int_equal(cfg.count, 2);
    assert_string_equal(cfg.default_name, "main");
    assert_string_equal(cfg.labels[0].name, "main");
    assert_string_equal(cfg.labels[0].kernel, "/boot/kernel.bin");
    assert_string_equal(cfg.labels[0].fdt, "/boot/board.dtb");
    assert_string_equal(cfg.labels[0].append,
                        "console=ttyS0 root=/dev/mmcblk0p2");
    assert_string_equal(cfg.labels[1].kernel, "/boot/kernel-old.bin");
    assert_null(cfg.labels[1].fdt);
    assert_null(cfg.labels[1].append);
    assert_int_equal(config_boot_order(&cfg, order), 2);
    assert_int_equal(order[0], 0);
    assert_int_equal(order[1], 1);
}

/* The multi-file keywords (#25): INITRD (a comma list, kept as written:
 * the boot flow splits it), FDTDIR, FIRMWARE; any case, like the rest.
 * Before the first LABEL they are stray lines. */
static void test_initrd_fdtdir_firmware(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse("INITRD /stray.img\n"
          "LABEL linux\n"
          "  KERNEL Image\n"
          "  initrd ../initrd-a.img,/boot/initrd-b.img\n"
          "  FdtDir /boot/dtbs\n"
          "  FIRMWARE fw_dynamic.bin\n"
          "LABEL two\n"
          "  KERNEL /k\n"
          "  InitRD /one.img  \n"
          "  fdt /b.dtb\n"
          "  fdtdir /ignored\n", &cfg);
    assert_int_equal(cfg.count, 2);
    assert_int_equal(cfg.lines_skipped, 1);
    assert_string_equal(cfg.labels[0].kernel, "Image");
    assert_string_equal(cfg.labels[0].initrd,
                        "../initrd-a.img,/boot/initrd-b.img");
    assert_string_equal(cfg.labels[0].fdtdir, "/boot/dtbs");
    assert_null(cfg.labels[0].fdt);
    assert_string_equal(cfg.labels[0].firmware, "fw_dynamic.bin");
    assert_string_equal(cfg.labels[1].initrd, "/one.img");
    assert_string_equal(cfg.labels[1].fdt, "/b.dtb");
    assert_string_equal(cfg.labels[1].fdtdir, "/ignored");
    assert_null(cfg.labels[1].firmware);
}

/* SIGNATURE: a label's signature file (BOOT_SIGNED; the default host
 * build has it, the tiny one skips the line like any unknown keyword). */
static void test_signature(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse("SIGNATURE /stray.sig\n"
          "LABEL main\n"
          "  KERNEL /k\n"
          "  Signature main.sig  \r\n"
          "LABEL two\n"
          "  KERNEL /k\n"
          "  SIGNATURE /first.sig\n"
          "  signature ../two.sig\n"
          "LABEL none\n"
          "  KERNEL /k\n"
          "  SIGNATURES x\n", &cfg);
    assert_int_equal(cfg.count, 3);
#if BOOT_SIGNED
    /* the stray line before any LABEL, and SIGNATURES */
    assert_int_equal(cfg.lines_skipped, 2);
    assert_string_equal(cfg.labels[0].signature, "main.sig");
    assert_string_equal(cfg.labels[1].signature, "../two.sig");
    assert_null(cfg.labels[2].signature);
#else
    assert_int_equal(cfg.lines_skipped, 5);
#endif
    assert_string_equal(cfg.labels[0].kernel, "/k");
}

/* ROLLBACK_INDEX: the label's rollback index, read as a number by
 * config_rollback_index (BOOT_SIGNED). */
static void test_rollback_index(void **state)
{
    struct boot_config cfg;
    uint32_t v = 7;
    (void)state;

    parse("ROLLBACK_INDEX 3\n"
          "LABEL a\n  KERNEL /k\n  rollback_index 5\n"
          "LABEL b\n  KERNEL /k\n"
          "LABEL c\n  KERNEL /k\n  ROLLBACK_INDEX 4294967295\n"
          "LABEL d\n  KERNEL /k\n  ROLLBACK_INDEX 4294967296\n"
          "LABEL e\n  KERNEL /k\n  ROLLBACK_INDEX 12x\n"
          "LABEL f\n  KERNEL /k\n  ROLLBACK_INDEX -1\n"
          "LABEL g\n  KERNEL /k\n  ROLLBACK_INDEX 0\n"
          "LABEL h\n  KERNEL /k\n  ROLLBACK_INDEX 99999999999\n", &cfg);
    assert_int_equal(cfg.count, 8);
#if BOOT_SIGNED
    assert_int_equal(cfg.lines_skipped, 1);        /* the stray one */
    assert_int_equal(config_rollback_index(&cfg.labels[0], &v), 1);
    assert_int_equal(v, 5);
    assert_int_equal(config_rollback_index(&cfg.labels[1], &v), 0);
    assert_int_equal(v, 0);
    assert_int_equal(config_rollback_index(&cfg.labels[2], &v), 1);
    assert_int_equal(v, 4294967295u);
    assert_int_equal(config_rollback_index(&cfg.labels[3], &v), -1);
    assert_int_equal(config_rollback_index(&cfg.labels[4], &v), -1);
    assert_int_equal(config_rollback_index(&cfg.labels[5], &v), -1);
    assert_int_equal(config_rollback_index(&cfg.labels[6], &v), 1);
    assert_int_equal(v, 0);
    assert_int_equal(config_rollback_index(&cfg.labels[7], &v), -1);
#else
    assert_int_equal(cfg.lines_skipped, 8);
    (void)v;
#endif
}

static void test_case_tabs_comments_crlf(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse("# a comment\r\n"
          "   # indented comment with LABEL inside\n"
          "\tdefault\t\tb  \r\n"
          "\n"
          "timeout 30\n"
          "menu title extload\n"
          "Label a\n"
          "\tLinux\t/a.bin\t \r\n"
          "lAbEl   b\n"
          "  kErNeL /b.bin\n"
          "  devicetree /b.dtb\n"
          "  append  root=/dev/sda1 # not a comment\t\n", &cfg);
    assert_int_equal(cfg.count, 2);
    assert_string_equal(cfg.default_name, "b");
    assert_string_equal(cfg.labels[0].name, "a");
    assert_string_equal(cfg.labels[0].kernel, "/a.bin");
    assert_string_equal(cfg.labels[1].kernel, "/b.bin");
    assert_string_equal(cfg.labels[1].fdt, "/b.dtb");
    assert_string_equal(cfg.labels[1].append, "root=/dev/sda1 # not a comment");
#if BOOT_INTERACTIVE
    assert_int_equal(cfg.timeout_ds, 30);
    assert_string_equal(cfg.title, "extload");
    assert_int_equal(cfg.lines_skipped, 0);
#else
    assert_int_equal(cfg.lines_skipped, 2);    /* timeout, menu title */
#endif
}

static void test_default_first_then_file_order(void **state)
{
    struct boot_config cfg;
    uint8_t order[CONFIG_LABELS_MAX];
    (void)state;

    parse("LABEL one\nKERNEL /1\nLABEL two\nKERNEL /2\n"
          "LABEL three\nKERNEL /3\nDEFAULT three\n", &cfg);
    assert_int_equal(config_boot_order(&cfg, order), 3);
    assert_int_equal(order[0], 2);
    assert_int_equal(order[1], 0);
    assert_int_equal(order[2], 1);

    /* A DEFAULT naming no label: file order. Label names are exact. */
    parse("DEFAULT Two\nLABEL one\nKERNEL /1\nLABEL two\nKERNEL /2\n", &cfg);
    assert_int_equal(config_find(&cfg, "Two"), -1);
    assert_int_equal(config_boot_order(&cfg, order), 2);
    assert_int_equal(order[0], 0);
    assert_int_equal(order[1], 1);
}

static void test_no_trailing_newline_and_empty(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse("LABEL x\nKERNEL /k", &cfg);
    assert_int_equal(cfg.count, 1);
    assert_string_equal(cfg.labels[0].kernel, "/k");

    parse("", &cfg);
    assert_int_equal(cfg.count, 0);
    assert_null(cfg.default_name);

    parse("\n\n   \n\t\n", &cfg);
    assert_int_equal(cfg.count, 0);
}

static void test_keyword_must_be_whole_word(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse("LABELS x\nLABEL y\nKERNELX /no\nKERNEL\n", &cfg);
    assert_int_equal(cfg.count, 1);
    assert_string_equal(cfg.labels[0].name, "y");
    assert_non_null(cfg.labels[0].kernel);
    assert_string_equal(cfg.labels[0].kernel, "");   /* KERNEL, no value */
    assert_int_equal(cfg.lines_skipped, 2);
}

static void test_stray_lines_and_overrides(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse("KERNEL /before-any-label\nAPPEND x\n"
          "LABEL l\nKERNEL /first\nKERNEL /second\n", &cfg);
    assert_int_equal(cfg.count, 1);
    assert_string_equal(cfg.labels[0].kernel, "/second");
    assert_int_equal(cfg.lines_skipped, 2);
}

static void test_label_limit(void **state)
{
    struct boot_config cfg;
    char src[1024];
    uint32_t n = 0;
    (void)state;

    for (unsigned i = 0; i < CONFIG_LABELS_MAX + 3; i++)
        n += (uint32_t)snprintf(src + n, sizeof(src) - n,
                                "LABEL l%u\nKERNEL /k%u\n", i, i);
    parse(src, &cfg);
    assert_int_equal(cfg.count, CONFIG_LABELS_MAX);
    assert_int_equal(cfg.labels_dropped, 3);
    /* Lines of dropped labels do not land in the last kept one. */
    assert_string_equal(cfg.labels[CONFIG_LABELS_MAX - 1].kernel, "/k7");
}

static void test_nul_bytes_end_lines(void **state)
{
    struct boot_config cfg;
    static const char src[] = "LABEL a\0junk\nKERNEL /a\n";
    (void)state;

    memcpy(text, src, sizeof(src) - 1);
    config_parse(text, sizeof(src) - 1, &cfg);
    assert_int_equal(cfg.count, 1);
    assert_string_equal(cfg.labels[0].name, "a");
    assert_string_equal(cfg.labels[0].kernel, "/a");
}

/* Every prefix of a config parses without reading or writing outside
 * text[0..len]: ASan watches the exact-size copies. */
static void test_every_prefix(void **state)
{
    static const char src[] =
        "DEFAULT main\nLABEL main\n KERNEL /boot/k\n FDT /f\n APPEND a b\n";
    struct boot_config cfg;
    (void)state;

    for (uint32_t len = 0; len < sizeof(src); len++) {
        char *buf = test_malloc(len + 1);
        memcpy(buf, src, len);
        config_parse(buf, len, &cfg);
        assert_true(cfg.count <= 1);
        test_free(buf);
    }
}

/* TIMEOUT, PROMPT, MENU TITLE and MENU LABEL, as syslinux means them. */
static void test_menu_keywords(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse("MENU LABEL before any label\n"
          "Menu Title  Pick a kernel \n"
          "TIMEOUT 25\n"
          "PROMPT 1\n"
          "MENU COLOR title 1;36\n"
          "LABEL a\n"
          "  MENU LABEL Alpha kernel\n"
          "  KERNEL /a\n"
          "  menu label  Alpha, better \n"
          "LABEL b\n"
          "  MENU HIDE\n", &cfg);
    assert_int_equal(cfg.count, 2);
    assert_string_equal(cfg.labels[0].name, "a");
    assert_string_equal(cfg.labels[0].kernel, "/a");
    assert_string_equal(cfg.labels[1].name, "b");
    assert_null(cfg.labels[1].kernel);
#if BOOT_INTERACTIVE
    assert_string_equal(cfg.title, "Pick a kernel");
    assert_int_equal(cfg.timeout_ds, 25);
    assert_int_equal(cfg.prompt, 1);
    assert_string_equal(cfg.labels[0].menu_label, "Alpha, better");
    assert_null(cfg.labels[1].menu_label);
    /* MENU LABEL outside a label, MENU COLOR, MENU HIDE. */
    assert_int_equal(cfg.lines_skipped, 3);
#else
    /* Every MENU, TIMEOUT and PROMPT line. */
    assert_int_equal(cfg.lines_skipped, 8);
#endif

    /* Not numbers: skipped; too large: cut to an hour. */
    parse("TIMEOUT 3s\nPROMPT\nTIMEOUT 99999999999\nLABEL x\n", &cfg);
    assert_int_equal(cfg.count, 1);
#if BOOT_INTERACTIVE
    assert_int_equal(cfg.timeout_ds, CONFIG_TIMEOUT_MAX);
    assert_int_equal(cfg.prompt, 0);
    assert_null(cfg.title);
    assert_int_equal(cfg.lines_skipped, 2);
#else
    assert_int_equal(cfg.lines_skipped, 3);
#endif

    parse("TIMEOUT 7\nTIMEOUT x\nTIMEOUT 0\n", &cfg);
    assert_int_equal(cfg.count, 0);
#if BOOT_INTERACTIVE
    assert_int_equal(cfg.timeout_ds, 0);
    assert_int_equal(cfg.lines_skipped, 1);
#else
    assert_int_equal(cfg.lines_skipped, 3);
#endif
}


/* ---- #30: the directives distributions write ---------------------------
 * Semantics from syslinux's doc/menu.txt and doc/syslinux.txt and from
 * U-Boot's boot/pxe_utils.c (parse_pxefile_top, parse_label,
 * parse_label_menu, handle_include), read, not copied. */

/* What a skipped line says before "skipped" (BOOT_MESSAGES: the tiny
 * profile names the word only, firmware/config/config.c). */
#if BOOT_MESSAGES
#define WHY_UNKNOWN "not handled by extload; "
#define WHY_BUILD "not in this build; "
#define WHY_STRAY "before any LABEL; "
#else
#define WHY_UNKNOWN ""
#define WHY_BUILD ""
#define WHY_STRAY ""
#endif

static char out[8192];
static uint32_t out_len;

static void out_write(void *ctx, const char *s, uint32_t n)
{
    (void)ctx;
    assert_true(out_len + n < sizeof(out));
    memcpy(out + out_len, s, n);
    out_len += n;
    out[out_len] = '\0';
}

static const struct console out_con = { out_write, NULL };

/* How many times needle is in the console's text. */
static unsigned out_count(const char *needle)
{
    unsigned n = 0;

    for (const char *p = out; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

/* INCLUDE's files: name, contents, inode; read from a table. */
struct fake_file {
    const char *name, *text;
    uint32_t id;
};
static const struct fake_file *fake_files;
#if BOOT_CONF_INCLUDE
static uint32_t fake_reads;

static int32_t fake_read(void *ctx, const char *path, char *dst, uint32_t cap,
                         uint64_t *size, uint32_t *id, char *why,
                         uint32_t why_len)
{
    (void)ctx;
    fake_reads++;
    for (const struct fake_file *f = fake_files; f && f->name; f++)
        if (!strcmp(f->name, path)) {
            uint32_t n = (uint32_t)strlen(f->text);

            *size = n;
            *id = f->id;
            if (n > cap)
                n = cap;
            memcpy(dst, f->text, n);
            return (int32_t)n;
        }
    snprintf(why, why_len, "no such file or directory");
    return -1;
}
#endif

/* Parses src (file id 1) with the console, INCLUDE's table and vars, in
 * a buffer of cap bytes; cut: the file is longer than src. */
static void parse_full(const char *src, uint32_t cap, bool cut,
                       const char *const *vars, struct boot_config *cfg)
{
    uint32_t len = (uint32_t)strlen(src);

    assert_true(cap <= sizeof(text) && len < cap);
    memset(text, 0x5A, sizeof(text));
    memcpy(text, src, len);
    out_len = 0;
    out[0] = '\0';
    const struct config_src s = {
        .text = text, .len = len, .cap = cap, .cut = cut,
        .size = cut ? len + 100u : len, .path = "/boot/extlinux/extlinux.conf",
        .id = 1, .con = &out_con,
#if BOOT_CONF_INCLUDE
        .include = fake_read,
#endif
#if BOOT_CONF_VARS
        .vars = vars,
#endif
    };
    (void)vars;
    config_parse_src(&s, cfg);
    /* Nothing written past the buffer it was given. */
    for (uint32_t i = cap; i < sizeof(text); i++)
        assert_int_equal((uint8_t)text[i], 0x5A);
}

/* INCLUDE and MENU INCLUDE put the file's lines where they stand (syslinux
 * doc/menu.txt "INCLUDE filename"; U-Boot handle_include parses it into
 * the same menu); the including file then goes on. */
static void test_include(void **state)
{
    static const struct fake_file files[] = {
        { "common.conf", "TIMEOUT 20\nLABEL inc1\n  KERNEL /i1\n", 2 },
        { "more.conf", "label inc2\n kernel /i2\n", 3 },
        { NULL, NULL, 0 },
    };
    struct boot_config cfg;
    (void)state;

    fake_files = files;
    parse_full("LABEL first\n KERNEL /f\n"
               "include common.conf\n"
               "  APPEND stays-with-inc1\n"
               "MENU INCLUDE more.conf tagname\n"
               "LABEL last\n KERNEL /l\n", sizeof(text), false, NULL, &cfg);
#if BOOT_CONF_INCLUDE
    assert_int_equal(cfg.count, 4);
    assert_int_equal(cfg.includes, 2);
    assert_int_equal(cfg.include_errors, 0);
    assert_string_equal(cfg.labels[0].name, "first");
    assert_null(cfg.labels[0].append);
    assert_string_equal(cfg.labels[1].name, "inc1");
    assert_string_equal(cfg.labels[1].kernel, "/i1");
    /* the label open at the include's end takes the next lines */
    assert_string_equal(cfg.labels[1].append, "stays-with-inc1");
    assert_string_equal(cfg.labels[2].name, "inc2");
    assert_string_equal(cfg.labels[2].kernel, "/i2");
    assert_string_equal(cfg.labels[3].name, "last");
#if BOOT_INTERACTIVE
    assert_int_equal(cfg.timeout_ds, 20);
#endif
    assert_int_equal(out_count("skipped"), 0);
#else
    /* the tiny profile: named once, skipped */
    assert_int_equal(cfg.count, 2);
    assert_int_equal(out_count("config: include: " WHY_BUILD "skipped\n"),
                     1);
    assert_int_equal(out_count("config: MENU INCLUDE: " WHY_BUILD
                               "skipped\n"), 1);
#endif
}

#if BOOT_CONF_INCLUDE
/* Bounded depth (CONFIG_INCLUDE_DEPTH), cycles and missing files: each
 * refused by name, the rest read. */
static void test_include_depth_cycle(void **state)
{
    static const struct fake_file files[] = {
        { "d1", "INCLUDE d2\nLABEL l1\nKERNEL /1\n", 11 },
        { "d2", "INCLUDE d3\nLABEL l2\nKERNEL /2\n", 12 },
        { "d3", "INCLUDE d4\nLABEL l3\nKERNEL /3\n", 13 },
        { "d4", "INCLUDE d5\nLABEL l4\nKERNEL /4\n", 14 },
        { "d5", "LABEL l5\nKERNEL /5\n", 15 },
        { "d6", "LABEL l6\nKERNEL /6\nAPPEND x\n", 16 },
        { "self", "LABEL s\nKERNEL /s\nINCLUDE ../extlinux.conf\n", 20 },
        { "../extlinux.conf", "LABEL never\n", 1 },
        { NULL, NULL, 0 },
    };
    struct boot_config cfg;
    (void)state;

    fake_files = files;
    parse_full("INCLUDE d1\nLABEL top\nKERNEL /t\n", sizeof(text), false,
               NULL, &cfg);
    /* d1..d4 are 4 deep; d5 would be the fifth */
    assert_int_equal(cfg.includes, CONFIG_INCLUDE_DEPTH);
    assert_int_equal(cfg.include_errors, 1);
    assert_int_equal(out_count("config: error: INCLUDE d5: more than 4 "
                               "nested includes; skipped"), 1);
    assert_int_equal(cfg.count, 5);
    assert_string_equal(cfg.labels[0].name, "l4");
    assert_string_equal(cfg.labels[4].name, "top");

    /* A file including one being read (the config itself, by inode). */
    parse_full("INCLUDE self\nINCLUDE missing.conf\nLABEL top\n",
               sizeof(text), false, NULL, &cfg);
    assert_int_equal(cfg.include_errors, 2);
    assert_int_equal(out_count("config: error: INCLUDE ../extlinux.conf: it "
                               "is being read already "
                               "(/boot/extlinux/extlinux.conf); an include "
                               "cycle, skipped"), 1);
    assert_int_equal(out_count("config: error: INCLUDE missing.conf: no such "
                               "file or directory; skipped"), 1);
    assert_int_equal(config_find(&cfg, "never"), -1);
    assert_int_equal(cfg.count, 2);

    /* No room left in the buffer: refused, nothing written past it. */
    fake_reads = 0;
    parse_full("INCLUDE d5\n", 12, false, NULL, &cfg);
    assert_int_equal(fake_reads, 0);
    assert_int_equal(out_count("the config buffer is full"), 1);
    /* Room for part of it: cut, the label open at the cut dropped. */
    parse_full("INCLUDE d5\n", 24, false, NULL, &cfg);
    assert_int_equal(cfg.count, 0);
    assert_int_equal(out_count("config: warning: d5 is 19 bytes; only the "
                               "first 9 fit"), 1);
    assert_int_equal(out_count("config: d5: label 'l5' crosses the cut; "
                               "dropped"), 1);
    /* The slot of a label dropped at an INCLUDE's cut is a new label's
     * again, nothing of the dropped one left in it. */
    parse_full("INCLUDE d6\nLABEL after\n", 47, false, NULL, &cfg);
    assert_int_equal(cfg.cut_dropped, 1);
    assert_int_equal(cfg.count, 1);
    assert_string_equal(cfg.labels[0].name, "after");
    assert_null(cfg.labels[0].kernel);
}
#endif

/* MENU DEFAULT inside a label, DEFAULT naming a label with blanks, and
 * ONTIMEOUT: syslinux's menu boots ONTIMEOUT's at the timeout (doc/
 * menu.txt, last section), and DEFAULT "has the same effect as MENU
 * DEFAULT"; U-Boot's parse_label_menu takes MENU DEFAULT only when no
 * DEFAULT named one. */
static void test_defaults(void **state)
{
    struct boot_config cfg;
    uint8_t order[CONFIG_LABELS_MAX];
    (void)state;

    parse("LABEL a\nKERNEL /a\nLABEL b\nmenu default\nKERNEL /b\n"
          "LABEL c\nMENU DEFAULT\n", &cfg);
    assert_int_equal(cfg.menu_default, 2);
    assert_int_equal(config_default(&cfg), 1);
    assert_int_equal(config_boot_order(&cfg, order), 3);
    assert_int_equal(order[0], 1);
    assert_int_equal(order[1], 0);
    assert_int_equal(order[2], 2);

    parse("DEFAULT Debian GNU/Linux 12, 6.1.0 (rescue)\n"
          "LABEL Debian GNU/Linux 12, 6.1.0\nKERNEL /a\n"
          "LABEL Debian GNU/Linux 12, 6.1.0 (rescue)\nMENU DEFAULT\n"
          "LABEL other\nMENU DEFAULT\n", &cfg);
    assert_int_equal(config_default(&cfg), 1);

    /* DEFAULT naming no label (syslinux's "DEFAULT menu.c32"): MENU
     * DEFAULT's label. */
    parse("DEFAULT vesamenu.c32\nLABEL a\nLABEL b\nMENU DEFAULT\n", &cfg);
    assert_int_equal(config_default(&cfg), 1);

    /* ONTIMEOUT wins when it names a label, whatever the order; the
     * tiny profile (BOOT_CONF_ONTIMEOUT=0) skips it: DEFAULT's. */
    parse("ONTIMEOUT c\nDEFAULT b\nLABEL a\nLABEL b\nLABEL c\n", &cfg);
    assert_int_equal(config_default(&cfg), BOOT_CONF_ONTIMEOUT ? 2 : 1);
    assert_int_equal(cfg.lines_skipped, BOOT_CONF_ONTIMEOUT ? 0 : 1);
    parse("OnTimeout nothing\nDEFAULT b\nLABEL a\nLABEL b\n", &cfg);
    assert_int_equal(config_default(&cfg), 1);
    parse("LABEL a\nLABEL b\n", &cfg);
    assert_int_equal(config_default(&cfg), -1);
}

/* FALLBACK (U-Boot's keyword, boot/pxe_utils.c): its label right after
 * the default, then the rest in file order; naming the default or no
 * label changes nothing. The tiny profile (BOOT_CONF_FALLBACK=0) skips
 * the line: file order after the default. */
static void test_fallback(void **state)
{
    struct boot_config cfg;
    uint8_t order[CONFIG_LABELS_MAX];
    (void)state;

    parse("DEFAULT c\nfallback a b\nLABEL a\nLABEL a b\nLABEL c\n"
          "LABEL d\n", &cfg);
    assert_int_equal(config_fallback(&cfg), BOOT_CONF_FALLBACK ? 1 : -1);
    assert_int_equal(cfg.lines_skipped, BOOT_CONF_FALLBACK ? 0 : 1);
    assert_int_equal(config_boot_order(&cfg, order), 4);
    assert_int_equal(order[0], 2);
    assert_int_equal(order[1], BOOT_CONF_FALLBACK ? 1 : 0);
    assert_int_equal(order[2], BOOT_CONF_FALLBACK ? 0 : 1);
    assert_int_equal(order[3], 3);

    /* No DEFAULT: FALLBACK's label first, then file order. */
    parse("FALLBACK d\nLABEL a\nLABEL b\nLABEL c\nLABEL d\n", &cfg);
    assert_int_equal(config_boot_order(&cfg, order), 4);
    assert_int_equal(order[0], BOOT_CONF_FALLBACK ? 3 : 0);
    assert_int_equal(order[3], BOOT_CONF_FALLBACK ? 2 : 3);

    /* FALLBACK naming the default: once, first. */
    parse("DEFAULT b\nFALLBACK b\nLABEL a\nLABEL b\n", &cfg);
    assert_int_equal(config_boot_order(&cfg, order), 2);
    assert_int_equal(order[0], 1);
    assert_int_equal(order[1], 0);

    /* Naming no label: -1, the order as without it. */
    parse("DEFAULT b\nFALLBACK gone\nLABEL a\nLABEL b\n", &cfg);
    assert_int_equal(config_fallback(&cfg), -1);
    assert_int_equal(config_boot_order(&cfg, order), 2);
    assert_int_equal(order[0], 1);
    assert_int_equal(order[1], 0);
#if BOOT_CONF_FALLBACK
    assert_string_equal(cfg.fallback_name, "gone");
#endif
}

/* SAY is printed as the file is read; every keyword extload does not
 * handle is named once, whatever its case, and never dropped silently. */
static void test_say_and_unhandled_named_once(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse_full("SAY Booting the Debian card\n"
               "UI menu.c32\nui vesamenu.c32\n"
               "MENU COLOR title 1;36\nmenu color sel 7\n"
               "LABEL a\n KERNEL /a\n FDTOVERLAYS /o.dtbo\n"
               " fdtoverlays /p.dtbo\n IPAPPEND 2\n KASLRSEED\n"
               "say second line\n", sizeof(text), false, NULL, &cfg);
    assert_int_equal(cfg.count, 1);
#if BOOT_CONF_SAY
    assert_int_equal(out_count("Booting the Debian card\n"), 1);
    assert_int_equal(out_count("second line\n"), 1);
#else
    /* the tiny profile: SAY named once and skipped, its text not shown */
    assert_int_equal(out_count("Booting the Debian card"), 0);
    assert_int_equal(out_count("config: SAY: " WHY_BUILD "skipped\n"), 1);
#endif
    assert_int_equal(out_count("config: UI: " WHY_UNKNOWN "skipped\n"), 1);
    assert_int_equal(out_count("config: MENU COLOR: " WHY_UNKNOWN
                               "skipped\n"), 1);
#if BOOT_FDT_OVERLAY
    /* A label's field (#39.2): the later line replaces the earlier. */
    assert_int_equal(out_count("FDTOVERLAYS"), 0);
    assert_string_equal(cfg.labels[0].fdtoverlays, "/p.dtbo");
#else
    assert_int_equal(out_count("config: FDTOVERLAYS: " WHY_UNKNOWN
                               "skipped\n"), 1);
#endif
    assert_int_equal(out_count("config: IPAPPEND: " WHY_UNKNOWN
                               "skipped\n"), 1);
    assert_int_equal(out_count("config: KASLRSEED: " WHY_UNKNOWN
                               "skipped\n"), 1);
    assert_int_equal(out_count("skipped"),
                     (BOOT_CONF_SAY ? 5 : 6) - BOOT_FDT_OVERLAY);
    assert_int_equal(cfg.lines_skipped,
                     (BOOT_CONF_SAY ? 8 : 10) - 2 * BOOT_FDT_OVERLAY);
    assert_string_equal(cfg.labels[0].kernel, "/a");

    /* Case is of letters only: '[' and '{' differ in 0x20 too, and are
     * two words. */
    parse_full("UI[ 1\nui{ 2\nUi[ 3\nLABEL a\n", sizeof(text), false, NULL,
               &cfg);
    assert_int_equal(out_count("config: UI[: " WHY_UNKNOWN "skipped\n"), 1);
    assert_int_equal(out_count("config: ui{: " WHY_UNKNOWN "skipped\n"), 1);
    assert_int_equal(out_count("skipped"), 2);
    assert_int_equal(cfg.lines_skipped, 3);

    /* A label keyword before the first LABEL: named as such. */
    parse_full("APPEND quiet\nappend quiet\nLABEL a\n", sizeof(text), false,
               NULL, &cfg);
    assert_int_equal(out_count("config: APPEND: " WHY_STRAY "skipped\n"),
                     1);

    /* MENU and its second word named as one, whatever the blanks
     * between; MENU alone as itself. */
    parse_full("MENU\t COLOR title 1\nmenu  color sel 7\nMENU\nmenu\n",
               sizeof(text), false, NULL, &cfg);
    assert_int_equal(out_count("config: MENU COLOR: " WHY_UNKNOWN
                               "skipped\n"), 1);
    assert_int_equal(out_count("config: MENU: " WHY_UNKNOWN "skipped\n"), 1);
    assert_int_equal(out_count("skipped"), 2);
    assert_int_equal(cfg.lines_skipped, 4);

    /* More distinct keywords than the table keeps: the first
     * CONFIG_UNHANDLED_MAX named once, any other each time it is seen,
     * none unnamed. */
    char src[512], k[32];
    uint32_t n = 0;
    for (unsigned i = 1; i <= CONFIG_UNHANDLED_MAX + 2; i++)
        n += (uint32_t)snprintf(src + n, sizeof(src) - n, "K%u\n", i);
    snprintf(src + n, sizeof(src) - n, "K%u\nk1\n",
             (unsigned)CONFIG_UNHANDLED_MAX + 1);
    parse_full(src, sizeof(text), false, NULL, &cfg);
    assert_int_equal(out_count(": " WHY_UNKNOWN "skipped\n"),
                     CONFIG_UNHANDLED_MAX + 3);
    assert_int_equal(out_count("config: K1: "), 1);
    snprintf(k, sizeof(k), "config: K%u: ", (unsigned)CONFIG_UNHANDLED_MAX);
    assert_int_equal(out_count(k), 1);
    snprintf(k, sizeof(k), "config: K%u: ",
             (unsigned)CONFIG_UNHANDLED_MAX + 1);
    assert_int_equal(out_count(k), 2);
    snprintf(k, sizeof(k), "config: K%u: ",
             (unsigned)CONFIG_UNHANDLED_MAX + 2);
    assert_int_equal(out_count(k), 1);
    assert_int_equal(cfg.lines_skipped, CONFIG_UNHANDLED_MAX + 4);
}

/* FDT - (U-Boot: no device tree, pxe_utils.c's strcmp("-", label->fdt)),
 * DEVICETREE and DEVICETREEDIR as FDT and FDTDIR (U-Boot's keyword
 * table). */
static void test_fdt_dash_and_synonyms(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse("LABEL a\n FDT -\nLABEL b\n DeviceTree /b.dtb\n"
          "LABEL c\n DEVICETREEDIR /usr/lib/linux-image/\nLABEL d\n"
          " FDT -x\n", &cfg);
    assert_true(config_no_fdt(&cfg.labels[0]));
    assert_false(config_no_fdt(&cfg.labels[1]));
    assert_string_equal(cfg.labels[1].fdt, "/b.dtb");
    assert_string_equal(cfg.labels[2].fdtdir, "/usr/lib/linux-image/");
    assert_null(cfg.labels[2].fdt);
    assert_false(config_no_fdt(&cfg.labels[2]));
    assert_false(config_no_fdt(&cfg.labels[3]));
}

/* ${name} in APPEND: the board's value when it defines name; any other
 * stays as written (an unset variable is not silently emptied). */
static void test_vars_in_append(void **state)
{
    static const char *const vars[] = {
        "fdtfile", "sifive/hifive-unleashed-a00.dtb", NULL,
    };
    struct boot_config cfg;
    (void)state;

    parse_full("LABEL a\n APPEND dtb=${fdtfile} root=${rootdev} ${fdtfile\n"
               "LABEL b\n APPEND ${fdtfile}${fdtfile}\nLABEL c\n APPEND x\n",
               sizeof(text), false, vars, &cfg);
#if BOOT_CONF_VARS
    assert_string_equal(cfg.labels[0].append,
                        "dtb=sifive/hifive-unleashed-a00.dtb root=${rootdev} "
                        "${fdtfile");
    assert_string_equal(cfg.labels[1].append,
                        "sifive/hifive-unleashed-a00.dtbsifive/"
                        "hifive-unleashed-a00.dtb");
#else
    assert_string_equal(cfg.labels[0].append,
                        "dtb=${fdtfile} root=${rootdev} ${fdtfile");
#endif
    assert_string_equal(cfg.labels[2].append, "x");

    /* No board table: as written. */
    parse_full("LABEL a\n APPEND dtb=${fdtfile}\n", sizeof(text), false,
               NULL, &cfg);
    assert_string_equal(cfg.labels[0].append, "dtb=${fdtfile}");
#if BOOT_CONF_VARS
    /* No room for the result: as written, said. */
    parse_full("LABEL a\n APPEND dtb=${fdtfile}\n", 40, false, vars, &cfg);
    assert_string_equal(cfg.labels[0].append, "dtb=${fdtfile}");
    assert_int_equal(out_count("no room for the board's variables"), 1);
#endif
}

/* A cut config (longer than the buffer): whole lines only, and the label
 * open at the cut dropped, never half used. */
static void test_cut_drops_open_label(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse_full("DEFAULT b\nLABEL a\n KERNEL /a\n APPEND ok\n"
               "LABEL b\n MENU DEFAULT\n KERNEL /b\n APPEND root=/dev/mm",
               sizeof(text), true, NULL, &cfg);
    assert_int_equal(cfg.count, 1);
    assert_int_equal(cfg.cut_dropped, 1);
    assert_string_equal(cfg.labels[0].append, "ok");
    assert_int_equal(cfg.menu_default, 0);
    assert_int_equal(config_default(&cfg), -1);
    assert_int_equal(out_count("config: /boot/extlinux/extlinux.conf: label "
                               "'b' crosses the cut; dropped"), 1);
    assert_int_equal(out_count("config: warning: /boot/extlinux/extlinux.conf"
                               " is "), 1);

    /* Not cut: the same text keeps b, its last line as it is. */
    parse_full("LABEL a\n KERNEL /a\nLABEL b\n APPEND root=/dev/mm",
               sizeof(text), false, NULL, &cfg);
    assert_int_equal(cfg.count, 2);
    assert_string_equal(cfg.labels[1].append, "root=/dev/mm");
}

#if BOOT_INTERACTIVE
/* MENU LABEL's '^' marks the hotkey (syslinux doc/menu.txt, MENU LABEL):
 * shown without the caret; a hotkey used again is the first label's.
 * MENU HIDDEN, MENU AUTOBOOT and TOTALTIMEOUT as the same page says. */
static void test_menu_hotkey_hidden_autoboot(void **state)
{
    struct boot_config cfg;
    (void)state;

    parse("MENU HIDDEN\nmenu autoboot Booting in # {second,seconds}\n"
          "TOTALTIMEOUT 600\nTIMEOUT 50\n"
          "LABEL softcap\n MENU LABEL Soft Cap ^Linux 9.6.36\n"
          "LABEL brick\n MENU LABEL ^Windows CE/ME/NT\n"
          "LABEL plain\n MENU LABEL no hotkey^\n", &cfg);
    assert_int_equal(cfg.hidden, 1);
    assert_string_equal(cfg.autoboot, "Booting in # {second,seconds}");
    assert_int_equal(cfg.totaltimeout_ds, 600);
    assert_int_equal(cfg.timeout_ds, 50);
    assert_string_equal(cfg.labels[0].menu_label, "Soft Cap Linux 9.6.36");
    assert_int_equal(cfg.labels[0].hotkey, 'l');
    assert_string_equal(cfg.labels[1].menu_label, "Windows CE/ME/NT");
    assert_int_equal(cfg.labels[1].hotkey, 'w');
    assert_string_equal(cfg.labels[2].menu_label, "no hotkey^");
    assert_int_equal(cfg.labels[2].hotkey, 0);
    assert_int_equal(cfg.lines_skipped, 0);
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_design_example),
        cmocka_unit_test(test_initrd_fdtdir_firmware),
        cmocka_unit_test(test_menu_keywords),
        cmocka_unit_test(test_signature),
        cmocka_unit_test(test_rollback_index),
        cmocka_unit_test(test_case_tabs_comments_crlf),
        cmocka_unit_test(test_default_first_then_file_order),
        cmocka_unit_test(test_no_trailing_newline_and_empty),
        cmocka_unit_test(test_keyword_must_be_whole_word),
        cmocka_unit_test(test_stray_lines_and_overrides),
        cmocka_unit_test(test_label_limit),
        cmocka_unit_test(test_nul_bytes_end_lines),
        cmocka_unit_test(test_every_prefix),
        cmocka_unit_test(test_include),
#if BOOT_CONF_INCLUDE
        cmocka_unit_test(test_include_depth_cycle),
#endif
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_fallback),
        cmocka_unit_test(test_say_and_unhandled_named_once),
        cmocka_unit_test(test_fdt_dash_and_synonyms),
        cmocka_unit_test(test_vars_in_append),
        cmocka_unit_test(test_cut_drops_open_label),
#if BOOT_INTERACTIVE
        cmocka_unit_test(test_menu_hotkey_hidden_autoboot),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
