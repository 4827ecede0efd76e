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

#include "firmware/config.h"

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_design_example),
        cmocka_unit_test(test_initrd_fdtdir_firmware),
        cmocka_unit_test(test_menu_keywords),
        cmocka_unit_test(test_signature),
        cmocka_unit_test(test_case_tabs_comments_crlf),
        cmocka_unit_test(test_default_first_then_file_order),
        cmocka_unit_test(test_no_trailing_newline_and_empty),
        cmocka_unit_test(test_keyword_must_be_whole_word),
        cmocka_unit_test(test_stray_lines_and_overrides),
        cmocka_unit_test(test_label_limit),
        cmocka_unit_test(test_nul_bytes_end_lines),
        cmocka_unit_test(test_every_prefix),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
