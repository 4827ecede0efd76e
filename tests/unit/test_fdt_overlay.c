/* Device-tree overlays (firmware/fdt/fdt_overlay.c) against fdtoverlay
 * (device-tree-compiler), libfdt's fdt_overlay_apply: base trees and
 * overlays compiled from .dts text at test time with dtc -@, the same
 * overlays applied by fdtoverlay and by extload, both results read back
 * with `dtc -s -O dts` (sorted: libfdt puts a new property first in its
 * node, extload after the others) and compared as text. Every malformed
 * overlay is refused with its code and leaves the tree byte for byte as
 * it was. The tree sits in a malloc'd block of exactly its capacity and
 * each overlay in one of exactly its size, so ASan catches any access
 * past either. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "firmware/boot_conf.h"
/* The tiny profile builds no editor into the library: test the same
 * sources here. */
#if !BOOT_FDT_OVERLAY
#undef BOOT_FDT_EDIT
#define BOOT_FDT_EDIT 1
#undef BOOT_FDT_OVERLAY
#define BOOT_FDT_OVERLAY 1
#include "firmware/fdt/fdt.c"
#include "firmware/fdt/fdt_edit.c"
#include "firmware/fdt/fdt_overlay.c"
#endif
#include "firmware/fdt/fdt.h"

#define ROOM 4096u
#define PLUGIN "/dts-v1/;\n/plugin/;\n"

static char tmpdir[64];
static unsigned compared;

static char *tmp(const char *name)
{
    static char p[8][160];
    static int turn;
    char *s = p[turn++ & 7];

    snprintf(s, 160, "%s/%s", tmpdir, name);
    return s;
}

static uint8_t *read_file(const char *path, uint32_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *b;
    long n;

    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    n = ftell(f);
    fseek(f, 0, SEEK_SET);
    b = malloc((size_t)n + 1);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    b[n] = 0;
    *len = (uint32_t)n;
    return b;
}

static void write_file(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");

    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, len, f), len);
    fclose(f);
}

static void run(const char *cmd)
{
    int rc = system(cmd);

    if (rc != 0)
        fail_msg("command failed (%d): %s", rc, cmd);
}

/* dts compiled by dtc -@ into tmp(name). */
static void compile(const char *dts, const char *name)
{
    char cmd[600];

    write_file(tmp("in.dts"), dts, strlen(dts));
    snprintf(cmd, sizeof(cmd), "dtc -q -@ -I dts -O dtb -o %s %s", tmp(name),
             tmp("in.dts"));
    run(cmd);
}

/* dts that dtc checks refuse (a phandle of two cells), compiled with
 * -f into tmp(name). */
static void compile_forced(const char *dts, const char *name)
{
    char cmd[600];
    uint32_t len;

    write_file(tmp("in.dts"), dts, strlen(dts));
    unlink(tmp(name));
    snprintf(cmd, sizeof(cmd), "dtc -q -f -@ -I dts -O dtb -o %s %s "
             "2>/dev/null", tmp(name), tmp("in.dts"));
    if (system(cmd) < 0)
        fail_msg("could not run dtc");
    free(read_file(tmp(name), &len));
}

/* A file's bytes in a block of exactly its size (cap > size: of cap). */
static uint8_t *load_exact(const char *path, uint32_t *len, uint32_t cap)
{
    uint8_t *b = read_file(path, len), *e;

    e = malloc(cap > *len ? cap : *len);
    assert_non_null(e);
    memcpy(e, b, *len);
    free(b);
    return e;
}

/* dtc's sorted reading of the blob file. */
static char *dts_sorted(const char *dtb)
{
    char cmd[600];
    uint32_t n;

    snprintf(cmd, sizeof(cmd), "dtc -q -s -I dtb -O dts -o %s %s",
             tmp("sorted.dts"), dtb);
    run(cmd);
    return (char *)read_file(tmp("sorted.dts"), &n);
}

/* The base tree opened for edit with room bytes free: *t over a block of
 * exactly its capacity. */
static uint8_t *open_base(const char *name, struct fdt *t, uint32_t room)
{
    uint32_t len;
    uint8_t *b = read_file(tmp(name), &len), *buf;
    struct fdt src;

    buf = malloc(len + room);
    assert_non_null(buf);
    memcpy(buf, b, len);
    free(b);
    assert_int_equal(fdt_check(&src, buf, len), 0);
    assert_int_equal(fdt_open_into(t, &src, buf, len + room), 0);
    return buf;
}

/* Applies the compiled overlay file to t; its code. */
static int apply_file(struct fdt *t, const char *name, struct fdt *o)
{
    uint32_t len;
    uint8_t *ov = load_exact(tmp(name), &len, 0);
    int rc = fdt_overlay_apply(t, o, ov, len);

    free(ov);
    return rc;
}

/* base and each overlay (n of them) compiled; fdtoverlay's result and
 * extload's, read by dtc -s, must be the same text. */
static void same_as_fdtoverlay(const char *base, const char *const *ovs,
                               unsigned n)
{
    char cmd[2048], name[32];
    size_t at;
    struct fdt t, o;
    uint8_t *buf;
    char *want, *got;

    compile(base, "base.dtb");
    at = (size_t)snprintf(cmd, sizeof(cmd), "fdtoverlay -i %s -o %s",
                          tmp("base.dtb"), tmp("want.dtb"));
    for (unsigned i = 0; i < n; i++) {
        snprintf(name, sizeof(name), "ov%u.dtbo", i);
        compile(ovs[i], name);
        at += (size_t)snprintf(cmd + at, sizeof(cmd) - at, " %s", tmp(name));
    }
    run(cmd);
    buf = open_base("base.dtb", &t, ROOM);
    for (unsigned i = 0; i < n; i++) {
        int rc;

        snprintf(name, sizeof(name), "ov%u.dtbo", i);
        rc = apply_file(&t, name, &o);
        if (rc) {
            char why[160];

            fdt_describe(&o, rc, why, sizeof(why));
            fail_msg("overlay %u refused: %s", i, why);
        }
    }
    assert_int_equal(fdt_check(&t, buf, t.size), 0);
    write_file(tmp("got.dtb"), buf, t.size);
    want = dts_sorted(tmp("want.dtb"));
    got = dts_sorted(tmp("got.dtb"));
    if (strcmp(want, got))
        fail_msg("fdtoverlay:\n%s\nextload:\n%s", want, got);
    compared++;
    free(want);
    free(got);
    free(buf);
}

static const char base_dts[] =
    "/dts-v1/;\n"
    "/ { compatible = \"test,base\"; #address-cells = <1>; #size-cells = <1>;\n"
    "  clk0: clock { compatible = \"fixed-clock\"; #clock-cells = <0>; };\n"
    "  soc { #address-cells = <1>; #size-cells = <1>;\n"
    "    uart0: serial@1000 { reg = <0x1000 0x100>; status = \"disabled\";\n"
    "      clock-names = \"uart\"; };\n"
    "    bus: bus@2000 { #address-cells = <1>; #size-cells = <0>;\n"
    "      dev@1 { reg = <1>; level1 { level2 { deep = <1>; }; }; }; };\n"
    "  };\n"
    "  chosen { bootargs = \"console=ttyS0\"; };\n"
    "};\n";

/* A property replaced, one added, a node added, by target-path. */
static void test_target_path(void **state)
{
    static const char *const ov[] = {
        "/dts-v1/;\n/plugin/;\n"
        "&{/soc/serial@1000} { status = \"okay\"; current-speed = <115200>;\n"
        "  extload-overlay { note = \"set by the overlay\"; }; };\n",
    };
    (void)state;
    same_as_fdtoverlay(base_dts, ov, 1);
}

/* The legacy form written out: fragment, target-path, __overlay__; the
 * root as the target. */
static void test_target_root(void **state)
{
    static const char *const ov[] = {
        "/dts-v1/;\n/plugin/;\n"
        "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
        "  model = \"overlaid\"; added { x = <1 2 3>; }; }; }; };\n",
    };
    (void)state;
    same_as_fdtoverlay(base_dts, ov, 1);
}

/* target = <&label>, and a property pointing at a node of the tree:
 * both through __fixups__ and the tree's __symbols__. */
static void test_target_phandle_fixups(void **state)
{
    static const char *const ov[] = {
        "/dts-v1/;\n/plugin/;\n"
        "&uart0 { status = \"okay\"; clocks = <&clk0>;\n"
        "  pair = <&clk0 7 &uart0>; };\n"
        "&bus { dev@2 { reg = <2>; parent-clock = <&clk0>; }; };\n",
    };
    (void)state;
    same_as_fdtoverlay(base_dts, ov, 1);
}

/* The overlay's own labels: its phandles renumbered above the tree's,
 * the cells __local_fixups__ names moved with them, its __symbols__
 * merged with the targets' paths. */
static void test_local_fixups(void **state)
{
    static const char *const ov[] = {
        "/dts-v1/;\n/plugin/;\n"
        "&{/} { mine: extra { val = <7>; };\n"
        "  other: other { peer = <&mine>; both = <&mine 1 &other>; }; };\n"
        "&uart0 { child { lnk = <&mine>; ext = <&clk0 &other>; }; };\n",
    };
    (void)state;
    same_as_fdtoverlay(base_dts, ov, 1);
}

/* Fragments nested deep: into a node three levels down that exists, and
 * new nodes several levels below it. */
static void test_nested(void **state)
{
    static const char *const ov[] = {
        "/dts-v1/;\n/plugin/;\n"
        "&{/soc/bus@2000/dev@1/level1} { level2 { deep = <2>; more = <3>;\n"
        "  a { b { c { lbl: d { e = \"deep\"; }; }; }; }; };\n"
        "  sib { r = <&lbl>; }; };\n"
        "&bus { dev@1 { level1 { tag = \"x\"; }; }; };\n",
    };
    (void)state;
    same_as_fdtoverlay(base_dts, ov, 1);
}

/* Two overlays in turn: the second refers to a label the first added
 * (through the __symbols__ the first merged). */
static void test_two_in_turn(void **state)
{
    static const char *const ov[] = {
        "/dts-v1/;\n/plugin/;\n"
        "&{/soc} { newdev: newdev@3000 { reg = <0x3000 4>; }; };\n",
        "/dts-v1/;\n/plugin/;\n"
        "&newdev { status = \"okay\"; };\n"
        "&{/chosen} { stdout-path = \"serial0\"; dev = <&newdev>; };\n",
    };
    (void)state;
    same_as_fdtoverlay(base_dts, ov, 2);
}

/* QEMU's sifive_u tree, as the board hands it over, and the overlay the
 * Linux tests use. */
static void test_qemu_tree(void **state)
{
    static const char *const ov[] = {
        "/dts-v1/;\n/plugin/;\n"
        "&{/soc/serial@10010000} { extload,overlay = \"applied\"; };\n"
        "&{/chosen} { extload-overlay { made = <1>; }; };\n",
    };
    char cmd[600], *want, *got;
    struct fdt t, o;
    uint8_t *buf;
    (void)state;

    snprintf(cmd, sizeof(cmd), "qemu-system-riscv64 -M sifive_u,dumpdtb=%s "
             "-nographic >/dev/null 2>&1 </dev/null", tmp("base.dtb"));
    run(cmd);
    compile(ov[0], "ov0.dtbo");
    snprintf(cmd, sizeof(cmd), "fdtoverlay -i %s -o %s %s", tmp("base.dtb"),
             tmp("want.dtb"), tmp("ov0.dtbo"));
    run(cmd);
    buf = open_base("base.dtb", &t, ROOM);
    assert_int_equal(apply_file(&t, "ov0.dtbo", &o), 0);
    write_file(tmp("got.dtb"), buf, t.size);
    want = dts_sorted(tmp("want.dtb"));
    got = dts_sorted(tmp("got.dtb"));
    if (strcmp(want, got))
        fail_msg("fdtoverlay:\n%s\nextload:\n%s", want, got);
    compared++;
    free(want);
    free(got);
    free(buf);
}

/* Targets as libfdt finds them: a target-path naming a node an earlier
 * fragment of the same overlay added; an alias as target-path, alone
 * and with a path under it (its __symbols__ entries keep the alias, as
 * libfdt writes them); a later overlay's label lookup through such an
 * entry. */
static void test_target_added_alias(void **state)
{
    static const char base[] =
        "/dts-v1/;\n"
        "/ { soc { ser: serial@1000 { reg = <0x1000>; }; };\n"
        "  aliases { serial0 = &ser; bus = \"/soc\"; }; };\n";
    static const char *const ovs[] = {
        PLUGIN "&{/soc} { newbus { }; };\n"
        "&{/soc/newbus} { dev { a = <1>; }; };\n"
        "&{/soc/newbus/dev} { b = <2>; };\n",
        PLUGIN "/ { f { target-path = \"serial0\"; __overlay__ {\n"
        "  status = \"okay\"; s1: sub { }; }; };\n"
        "  g { target-path = \"serial0/sub\"; __overlay__ { c = <3>; }; };\n"
        "  h { target-path = \"bus/newbus\"; __overlay__ { d = <4>; }; }; };\n",
        PLUGIN "&s1 { e = <5>; }; &{/soc} { r = <&s1 &ser>; };\n",
    };
    (void)state;
    same_as_fdtoverlay(base, ovs, 3);
}

/* The legacy "linux,phandle" alone, in the tree and in the overlay: the
 * tree's largest phandle read from it, the overlay's moved above it, and
 * the references __local_fixups__ names moved with it; a node with both
 * forms (dtc -H both) has both moved. */
static void test_legacy_phandle(void **state)
{
    static const char base[] =
        "/dts-v1/;\n"
        "/ { uart { linux,phandle = <5>; }; user { r = <5>; }; };\n";
    static const char *const ov[] = {
        PLUGIN "&{/} { a: a { linux,phandle = <1>; }; b { r = <&a>; };\n"
        "  c { phandle = <2>; linux,phandle = <2>; }; };\n"
        "&{/user} { s = <&a>; };\n",
    };
    (void)state;
    same_as_fdtoverlay(base, ov, 1);
}

/* An overlay node with a phandle merged into a node of the tree that has
 * one: the tree's phandle stays and the overlay's references follow it
 * (dtc 1.8.1's libfdt; Debian's 1.6.1 moves the node to the overlay's
 * phandle and leaves the tree's references to it dangling, so the
 * expected tree is written here, as 1.8.1's fdtoverlay gives it). */
static void test_keep_base_phandle(void **state)
{
    static const char want[] =
        "/dts-v1/;\n\n/ {\n\n"
        "\t__symbols__ {\n\t\tm = \"/more\";\n\t\tn = \"/uart\";\n"
        "\t\tu = \"/uart\";\n\t};\n\n"
        "\tmore {\n\t\tphandle = <0x03>;\n\t\ty = <0x01>;\n\t};\n\n"
        "\tuart {\n\t\tphandle = <0x01>;\n\t\tx = <0x01>;\n\t};\n\n"
        "\tuser {\n\t\tq = <0x01 0x03>;\n\t\tr = <0x01>;\n\t};\n};\n";
    struct fdt t, o;
    uint8_t *buf;
    char *got;
    (void)state;

    compile("/dts-v1/;\n/ { u: uart { }; user { r = <&u>; }; };\n",
            "base.dtb");
    compile(PLUGIN "&{/} { n: uart { x = <1>; }; m: more { y = <&n>; }; };\n"
            "&{/user} { q = <&n &m>; };\n", "ov.dtbo");
    buf = open_base("base.dtb", &t, ROOM);
    assert_int_equal(apply_file(&t, "ov.dtbo", &o), 0);
    write_file(tmp("got.dtb"), buf, t.size);
    got = dts_sorted(tmp("got.dtb"));
    if (strcmp(want, got))
        fail_msg("want (dtc 1.8.1's fdtoverlay):\n%s\nextload:\n%s", want,
                 got);
    free(got);
    free(buf);
}

/* A refusal: the overlay (dts text) compiled and applied to base_dts's
 * tree with room bytes free; want its code, the tree unchanged. */
static void refused(const char *dts, uint32_t room, int want)
{
    struct fdt t, o;
    uint8_t *buf, *before;
    uint32_t size;
    char why[200];
    int rc;

    compile(base_dts, "base.dtb");
    compile_forced(dts, "bad.dtbo");
    buf = open_base("base.dtb", &t, room);
    size = t.size;
    before = malloc(size);
    assert_non_null(before);
    memcpy(before, buf, size);
    rc = apply_file(&t, "bad.dtbo", &o);
    fdt_describe(&o, rc, why, sizeof(why));
    if (rc != want)
        fail_msg("want %d (%s), got %d (%s) for\n%s", want,
                 fdt_strerror(want), rc, why, dts);
    /* The sentence names what was wrong (its code without
     * BOOT_MESSAGES). */
#if BOOT_MESSAGES
    assert_non_null(strstr(why, fdt_strerror(want)));
#else
    assert_non_null(strstr(why, "fdt error -"));
#endif
    assert_int_equal(t.size, size);
    assert_memory_equal(buf, before, size);
    free(before);
    free(buf);
}


static void test_refusals(void **state)
{
    (void)state;
    /* Targets. */
    refused(PLUGIN "&{/nope} { a = <1>; };\n", ROOM, FDT_ETARGET);
    refused(PLUGIN "/ { fragment@0 { target = <0x999>; __overlay__ {\n"
            "  a = <1>; }; }; };\n", ROOM, FDT_ETARGET);
    refused(PLUGIN "/ { fragment@0 { target = <1 2>; __overlay__ {\n"
            "  a = <1>; }; }; };\n", ROOM, FDT_EPHANDLE);
    refused(PLUGIN "/ { fragment@0 { __overlay__ { a = <1>; }; }; };\n",
            ROOM, FDT_ENOTARGET);
    refused(PLUGIN "/ { fragment@0 { target-path = \"soc\"; __overlay__ {\n"
            "  a = <1>; }; }; };\n", ROOM, FDT_ETARGET);
    /* The second fragment's target missing: the first is not applied
     * either. */
    refused(PLUGIN "&uart0 { status = \"okay\"; };\n"
            "&{/soc/missing} { a = <1>; };\n", ROOM, FDT_ETARGET);
    /* __fixups__: a label the tree lacks; entries of the wrong shape. */
    refused(PLUGIN "&nolabel { a = <1>; };\n", ROOM, FDT_ESYMBOL);
    refused(PLUGIN "&{/} { p = <&nolabel>; };\n", ROOM, FDT_ESYMBOL);
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __fixups__ { clk0 = \"/fragment@0/__overlay__"
            ":p\"; }; };\n", ROOM, FDT_EFIXUP);
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __fixups__ { clk0 = \"/fragment@0/__overlay__"
            ":p:4\"; }; };\n", ROOM, FDT_EFIXUP);
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __fixups__ { clk0 = \"/fragment@0/__overlay__"
            ":p:x\"; }; };\n", ROOM, FDT_EFIXUP);
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __fixups__ { clk0 = \"/fragment@0/nothere"
            ":p:0\"; }; };\n", ROOM, FDT_EFIXUP);
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __fixups__ { clk0 = \"/fragment@0/__overlay__"
            ":q:0\"; }; };\n", ROOM, FDT_EFIXUP);
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __fixups__ { clk0 = \"no colon\"; }; };\n",
            ROOM, FDT_EFIXUP);
    /* __local_fixups__: a node, a property, a cell the overlay lacks; a
     * list not of cells. */
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __local_fixups__ { fragment@0 { nothere {\n"
            "  p = <0>; }; }; }; };\n", ROOM, FDT_ELOCALFIXUP);
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __local_fixups__ { fragment@0 { __overlay__ {\n"
            "  q = <0>; }; }; }; };\n", ROOM, FDT_ELOCALFIXUP);
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __local_fixups__ { fragment@0 { __overlay__ {\n"
            "  p = <4>; }; }; }; };\n", ROOM, FDT_ELOCALFIXUP);
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __local_fixups__ { fragment@0 { __overlay__ {\n"
            "  p = [00 00]; }; }; }; };\n", ROOM, FDT_ELOCALFIXUP);
    /* A phandle of two cells; of 0 (libfdt moves it to the tree's
     * largest, a node the tree has); one two nodes share; a node with two
     * (dtc -f keeps both; libfdt would move the first only). */
    refused(PLUGIN "&{/} { n { phandle = <1 2>; }; };\n", ROOM,
            FDT_EPHANDLE);
    refused(PLUGIN "&{/} { z { phandle = <0>; }; y { r = <&clk0>; }; };\n",
            ROOM, FDT_EPHANDLE);
    refused(PLUGIN "&{/} { a { phandle = <7>; }; b { phandle = <7>; }; };\n",
            ROOM, FDT_EPHANDLE);
    refused(PLUGIN "&{/} { a { phandle = <7>; linux,phandle = <7>; };\n"
            "  b { linux,phandle = <7>; }; };\n", ROOM, FDT_EPHANDLE);
    refused(PLUGIN "&{/} { n { phandle = <5>; phandle = <6>; }; };\n", ROOM,
            FDT_EPHANDLE);
    /* A phandle and a target of no cells: the word after each is the
     * next token's, read inside the overlay and refused for its length. */
    refused(PLUGIN "&{/} { n { phandle; }; };\n", ROOM, FDT_EPHANDLE);
    refused(PLUGIN "/ { fragment@0 { target; __overlay__ { a = <1>; }; };"
            " };\n", ROOM, FDT_EPHANDLE);
    /* An alias where the tree has no /aliases, alone and with a path. */
    refused(PLUGIN "/ { f { target-path = \"nosuch\"; __overlay__ {\n"
            "  a = <1>; }; }; };\n", ROOM, FDT_ETARGET);
    refused(PLUGIN "/ { f { target-path = \"chosen/x\"; __overlay__ {\n"
            "  a = <1>; }; }; };\n", ROOM, FDT_ETARGET);
    /* __symbols__ into a fragment that is not there. */
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __symbols__ { s = \"/fragment@7/__overlay__/"
            "x\"; }; };\n", ROOM, FDT_ESYMPATH);
    refused(PLUGIN "/ { fragment@0 { target-path = \"/\"; __overlay__ {\n"
            "  p = <0>; }; }; __symbols__ { s = <1>; }; };\n", ROOM,
            FDT_ESYMPATH);
    /* Too little room: nothing written. */
    refused(PLUGIN "&{/} { big = [" 
            "00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f "
            "00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f]; };\n",
            40, FDT_ENOSPACE);
    /* Nodes nested past FDT_DEPTH_MAX under their target. */
    refused(PLUGIN "&{/soc/bus@2000/dev@1/level1/level2} { a { b { c { d {"
            " e { f { g { h { i { j { k { l { m { x = <1>; }; }; }; }; };"
            " }; }; }; }; }; }; }; }; };\n", ROOM, FDT_EDEPTH);
}

/* Not a tree at all, and a tree whose blocks lie: refused by fdt_check's
 * codes. */
static void test_not_an_overlay(void **state)
{
    struct fdt t, o;
    uint8_t *buf, junk[64];
    uint32_t len;
    (void)state;

    compile(base_dts, "base.dtb");
    buf = open_base("base.dtb", &t, ROOM);
    memset(junk, 0xa5, sizeof(junk));
    assert_int_equal(fdt_overlay_apply(&t, &o, junk, sizeof(junk)),
                     FDT_EMAGIC);
    compile(PLUGIN "&{/} { a = <1>; };\n", "ov.dtbo");
    uint8_t *ov = load_exact(tmp("ov.dtbo"), &len, 0);
    uint8_t total7 = ov[7];
    ov[7] = 0xff;                /* totalsize past the file */
    assert_int_equal(fdt_overlay_apply(&t, &o, ov, len), FDT_ETRUNC);
    /* An overlay inside the tree's own buffer. */
    assert_int_equal(fdt_overlay_apply(&t, &o, buf + t.size, 64),
                     FDT_EINVAL);
    /* A good one at the top of the buffer, where fdt_overlay_apply keeps
     * the tree's copy (it was checked against the room below the copy
     * only, then overwritten by the copy): refused as outside the
     * buffer, the tree as it was. */
    ov[7] = total7;
    uint8_t *before = malloc(t.size);
    uint32_t size = t.size;
    assert_non_null(before);
    memcpy(before, buf, size);
    memcpy(buf + t.cap - len, ov, len);
    assert_int_equal(fdt_overlay_apply(&t, &o, buf + t.cap - len, len),
                     FDT_EINVAL);
    assert_int_equal(t.size, size);
    assert_memory_equal(buf, before, size);
    free(before);
    free(ov);
    free(buf);
}

static void test_count(void **state)
{
    (void)state;
    /* Every comparison above ran: the count the summary quotes. */
    print_message("overlay results compared with fdtoverlay: %u\n",
                  compared);
    assert_int_equal(compared, 9);
}

static int setup(void **state)
{
    (void)state;
    snprintf(tmpdir, sizeof(tmpdir), "/tmp/extload-ovl.XXXXXX");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    char cmd[128];
    (void)state;

    snprintf(cmd, sizeof(cmd), "rm -rf %s", tmpdir);
    return system(cmd) ? -1 : 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_target_path),
        cmocka_unit_test(test_target_root),
        cmocka_unit_test(test_target_phandle_fixups),
        cmocka_unit_test(test_local_fixups),
        cmocka_unit_test(test_nested),
        cmocka_unit_test(test_two_in_turn),
        cmocka_unit_test(test_qemu_tree),
        cmocka_unit_test(test_target_added_alias),
        cmocka_unit_test(test_legacy_phandle),
        cmocka_unit_test(test_keep_base_phandle),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_not_an_overlay),
        cmocka_unit_test(test_count),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
