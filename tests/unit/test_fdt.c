/* The device tree reader and editor (firmware/fdt/fdt.c, firmware/fdt/fdt_edit.c)
 * against dtc: trees compiled from .dts text at test time, QEMU's own
 * sifive_u tree (dumped at test time), the edit read back with
 * `dtc -I dtb -O dts`; every malformed case made by mutating a valid blob
 * and refused with its code. Each blob under test sits at the very end of
 * a malloc'd block of its exact size, so ASan catches any read past it,
 * and every edit buffer is exactly its capacity, so it catches any write
 * past that. */
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
 * sources here, with that profile's other options. */
#if !BOOT_FDT_EDIT
#undef BOOT_FDT_EDIT
#define BOOT_FDT_EDIT 1
#include "firmware/fdt/fdt.c"
#include "firmware/fdt/fdt_edit.c"
#endif
#include "firmware/fdt/fdt.h"
#include "firmware/fdt/fdt_format.h"
#if BOOT_TRIAL && BOOT_RISCV_LINUX
#include "firmware/boot/boot_priv.h"
#endif

static char tmpdir[64];

/* ---- helpers: files, dtc, QEMU ---- */

static char *path_in_tmp(const char *name)
{
    static char p[4][128];
    static int turn;
    char *s = p[turn++ & 3];

    snprintf(s, 128, "%s/%s", tmpdir, name);
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

/* A copy of data in a block of exactly len bytes. */
static uint8_t *exact(const uint8_t *data, uint32_t len)
{
    uint8_t *b = malloc(len ? len : 1);

    assert_non_null(b);
    memcpy(b, data, len);
    return b;
}

/* The .dts text compiled by dtc; *len its size. */
static uint8_t *dtb_of(const char *dts, uint32_t *len)
{
    char cmd[512];
    uint8_t *b, *e;

    write_file(path_in_tmp("in.dts"), dts, strlen(dts));
    snprintf(cmd, sizeof(cmd), "dtc -q -I dts -O dtb -o %s %s",
             path_in_tmp("in.dtb"), path_in_tmp("in.dts"));
    run(cmd);
    b = read_file(path_in_tmp("in.dtb"), len);
    e = exact(b, *len);
    free(b);
    return e;
}

/* dtc's reading of a blob, as .dts text. */
static char *dts_of(const uint8_t *blob, uint32_t len)
{
    char cmd[512];
    uint32_t n;

    write_file(path_in_tmp("out.dtb"), blob, len);
    snprintf(cmd, sizeof(cmd), "dtc -q -I dtb -O dts -o %s %s",
             path_in_tmp("out.dts"), path_in_tmp("out.dtb"));
    run(cmd);
    return (char *)read_file(path_in_tmp("out.dts"), &n);
}

/* QEMU's sifive_u tree with the given options. */
static uint8_t *qemu_dtb(const char *opts, uint32_t *len)
{
    char cmd[512];
    uint8_t *b, *e;

    snprintf(cmd, sizeof(cmd),
             "qemu-system-riscv64 -M sifive_u,dumpdtb=%s %s -nographic "
             ">/dev/null 2>&1 </dev/null",
             path_in_tmp("qemu.dtb"), opts);
    run(cmd);
    b = read_file(path_in_tmp("qemu.dtb"), len);
    e = exact(b, *len);
    free(b);
    return e;
}

/* Splits dtc's text into /chosen's block ("\tchosen {\n...\t};\n", or ""
 * when there is none) and the rest; both malloc'd. */
static void split_chosen(const char *dts, char **chosen, char **rest)
{
    const char *a = strstr(dts, "\n\tchosen {\n"), *z;
    size_t n = strlen(dts);

    if (!a) {
        *chosen = strdup("");
        *rest = strdup(dts);
        return;
    }
    /* From the blank line dtc puts before the node. */
    z = strstr(a + 1, "\n\t};\n");
    assert_non_null(z);
    z += 5;
    *chosen = strndup(a + 1, (size_t)(z - a - 1));
    *rest = malloc(n + 1);
    memcpy(*rest, dts, (size_t)(a - dts));
    strcpy(*rest + (a - dts), z);
}

/* Where needle first occurs in b[0..len). */
static uint32_t find_bytes(const uint8_t *b, uint32_t len, const char *needle)
{
    size_t n = strlen(needle);

    for (uint32_t i = 0; i + n <= len; i++)
        if (!memcmp(b + i, needle, n))
            return i;
    fail_msg("'%s' not in the blob", needle);
    return 0;
}

static uint32_t get32(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | p[3];
}

static void set32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* Checks blob, edits /chosen into a buffer of exactly cap bytes, checks
 * the result again, and compares dtc's reading of it with the input's:
 * the same apart from /chosen, whose block must be want_chosen. */
static void edit_and_compare(const uint8_t *blob, uint32_t len, uint32_t cap,
                             const struct fdt_chosen *c,
                             const char *want_chosen)
{
    struct fdt t, e, again;
    uint8_t *buf = malloc(cap);
    char *before = dts_of(blob, len), *after, *c0, *r0, *c1, *r1;

    assert_non_null(buf);
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf, cap), 0);
    assert_int_equal(fdt_set_chosen(&e, c), 0);
    assert_int_equal(fdt_check(&again, buf, e.size), 0);
    assert_int_equal(again.size, e.size);
    after = dts_of(buf, e.size);
    split_chosen(before, &c0, &r0);
    split_chosen(after, &c1, &r1);
    assert_string_equal(r1, r0);
    assert_string_equal(c1, want_chosen);
    free(before);
    free(after);
    free(c0);
    free(r0);
    free(c1);
    free(r1);
    free(buf);
}

/* ---- the edit, read back by dtc ---- */

static const char tree_nochosen[] =
    "/dts-v1/;\n"
    "/memreserve/ 0x80000000 0x1000;\n"
    "/ {\n"
    "  #address-cells = <2>; #size-cells = <2>;\n"
    "  model = \"test\"; compatible = \"a,b\", \"c,d\";\n"
    "  cpus { #address-cells = <1>; #size-cells = <0>;\n"
    "    cpu@0 { device_type = \"cpu\"; reg = <0>; intc: ic { #interrupt-cells = <1>; }; };\n"
    "  };\n"
    "  memory@80000000 { device_type = \"memory\"; reg = <0x0 0x80000000 0x0 0x8000000>; };\n"
    "  soc { uart@10010000 { interrupt-parent = <&intc>; reg = <0x0 0x10010000 0x0 0x1000>; empty; }; };\n"
    "};\n";

/* No /chosen, 2 address cells: /chosen made at the end of the root. */
static void test_edit_creates_chosen(void **state)
{
    uint32_t len;
    uint8_t *blob = dtb_of(tree_nochosen, &len);
    struct fdt_chosen c = {
        .bootargs = "console=ttySIF0 root=/dev/mmcblk0p2 rw",
        .initrd = true,
        .initrd_start = 0x84000000u,
        .initrd_end = 0x184123457ull,
    };

    (void)state;
    edit_and_compare(blob, len, len + 256, &c,
                     "\tchosen {\n"
                     "\t\tbootargs = \"console=ttySIF0 root=/dev/mmcblk0p2 rw\";\n"
                     "\t\tlinux,initrd-start = <0x00 0x84000000>;\n"
                     "\t\tlinux,initrd-end = <0x01 0x84123457>;\n"
                     "\t};\n");
    free(blob);
}

static const char tree_chosen1[] =
    "/dts-v1/;\n"
    "/ {\n"
    "  #address-cells = <1>; #size-cells = <1>;\n"
    "  chosen { stdout-path = \"/soc/uart\"; bootargs = \"console=old root=/dev/sda\";\n"
    "    linux,initrd-start = <0x1000>; linux,initrd-end = <0x2000>; z = <7>;\n"
    "    sub { x = <1>; };\n"
    "  };\n"
    "  memory@80000000 { device_type = \"memory\"; reg = <0x80000000 0x4000000>; };\n"
    "  soc { uart { bootargs = \"not this one\"; }; };\n"
    "};\n";

/* An existing /chosen, 1 address cell: bootargs replaced by a longer and
 * by a shorter one, the initrd properties replaced in place, every other
 * property and the subnode kept where they were. */
static void test_edit_existing_chosen(void **state)
{
    uint32_t len;
    uint8_t *blob = dtb_of(tree_chosen1, &len);
    struct fdt_chosen c = {
        .bootargs = "console=ttySIF0,115200 root=/dev/mmcblk0p2 rootwait rw",
        .initrd = true,
        .initrd_start = 0x84000000u,
        .initrd_end = 0x84200003u,
    };

    (void)state;
    edit_and_compare(blob, len, len + 64, &c,
                     "\tchosen {\n"
                     "\t\tstdout-path = \"/soc/uart\";\n"
                     "\t\tbootargs = \"console=ttySIF0,115200 root=/dev/mmcblk0p2 rootwait rw\";\n"
                     "\t\tlinux,initrd-start = <0x84000000>;\n"
                     "\t\tlinux,initrd-end = <0x84200003>;\n"
                     "\t\tz = <0x07>;\n"
                     "\n\t\tsub {\n\t\t\tx = <0x01>;\n\t\t};\n"
                     "\t};\n");
    c.bootargs = "q";
    edit_and_compare(blob, len, len, &c,
                     "\tchosen {\n"
                     "\t\tstdout-path = \"/soc/uart\";\n"
                     "\t\tbootargs = \"q\";\n"
                     "\t\tlinux,initrd-start = <0x84000000>;\n"
                     "\t\tlinux,initrd-end = <0x84200003>;\n"
                     "\t\tz = <0x07>;\n"
                     "\n\t\tsub {\n\t\t\tx = <0x01>;\n\t\t};\n"
                     "\t};\n");
    free(blob);
}

/* No APPEND (bootargs NULL): the tree's bootargs stays; no initrd: the
 * old linux,initrd-* go. An empty APPEND sets bootargs to "". */
static void test_edit_keep_bootargs_drop_initrd(void **state)
{
    uint32_t len;
    uint8_t *blob = dtb_of(tree_chosen1, &len);
    struct fdt_chosen c = { .bootargs = NULL, .initrd = false };

    (void)state;
    edit_and_compare(blob, len, len, &c,
                     "\tchosen {\n"
                     "\t\tstdout-path = \"/soc/uart\";\n"
                     "\t\tbootargs = \"console=old root=/dev/sda\";\n"
                     "\t\tz = <0x07>;\n"
                     "\n\t\tsub {\n\t\t\tx = <0x01>;\n\t\t};\n"
                     "\t};\n");
    c.bootargs = "";
    edit_and_compare(blob, len, len, &c,
                     "\tchosen {\n"
                     "\t\tstdout-path = \"/soc/uart\";\n"
                     "\t\tbootargs = [00];\n"   /* dtc's way to show "" */
                     "\t\tz = <0x07>;\n"
                     "\n\t\tsub {\n\t\t\tx = <0x01>;\n\t\t};\n"
                     "\t};\n");
    free(blob);
}

/* Without an initrd, every linux,initrd-* goes, a second copy too (a
 * tree dtc would not write: the second's name patched to the first's). */
static void test_edit_drops_duplicate_initrd(void **state)
{
    static const char dts[] =
        "/dts-v1/;\n"
        "/ { chosen { linux,initrd-start = <0x1000>; linux,initrd-starX = <0x3000>;\n"
        "  linux,initrd-end = <0x2000>; x; }; };\n";
    uint32_t len, plen, at;
    uint8_t *blob = dtb_of(dts, &len), *buf = malloc(len);
    const uint8_t *v;
    struct fdt t, e;
    struct fdt_chosen c = { NULL, false, 0, 0 };
    char *got, *ch, *rest;

    (void)state;
    at = find_bytes(blob, len, "linux,initrd-starX");
    blob[at + 17] = 't';
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_prop(&t, "/chosen", "linux,initrd-start", &v, &plen), 0);
    assert_int_equal(get32(v), 0x1000);
    assert_int_equal(fdt_open_into(&e, &t, buf, len), 0);
    assert_int_equal(fdt_set_chosen(&e, &c), 0);
    assert_int_equal(fdt_prop(&e, "/chosen", "linux,initrd-start", &v, &plen),
                     FDT_ENOTFOUND);
    got = dts_of(buf, e.size);
    split_chosen(got, &ch, &rest);
    assert_string_equal(ch, "\tchosen {\n\t\tx;\n\t};\n");
    free(got);
    free(ch);
    free(rest);
    free(buf);
    free(blob);
}

/* A name already in the strings block is reused (here "bootargs", from
 * /soc/uart, and "linux,initrd-end" as the tail of a longer name);
 * others are appended once. */
static void test_edit_reuses_names(void **state)
{
    static const char dts[] =
        "/dts-v1/;\n"
        "/ { #address-cells = <1>; soc { uart { bootargs = \"x\"; xlinux,initrd-end; }; }; };\n";
    uint32_t len, cap;
    uint8_t *blob = dtb_of(dts, &len), *buf;
    struct fdt t, e;
    struct fdt_chosen c = { "a", true, 1, 2 };
    uint32_t strings;

    (void)state;
    cap = len + 128;
    buf = malloc(cap);
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf, cap), 0);
    strings = e.strings_size;
    assert_int_equal(fdt_set_chosen(&e, &c), 0);
    /* Only "linux,initrd-start" and its NUL were new. */
    assert_int_equal(e.strings_size, strings + sizeof("linux,initrd-start"));
    /* Set again: nothing more. */
    strings = e.strings_size;
    assert_int_equal(fdt_set_chosen(&e, &c), 0);
    assert_int_equal(e.strings_size, strings);
    free(buf);
    free(blob);
    edit_and_compare(blob = dtb_of(dts, &len), len, len + 128, &c,
                     "\tchosen {\n"
                     "\t\tbootargs = \"a\";\n"
                     "\t\tlinux,initrd-start = <0x01>;\n"
                     "\t\tlinux,initrd-end = <0x02>;\n"
                     "\t};\n");
    free(blob);
}

/* QEMU's own sifive_u trees: cells, /memory for -m 128M (default) and
 * 1G, and the edit of /chosen, everything else as dtc read it before. */
static void test_qemu_sifive_u(void **state)
{
    static const struct {
        const char *opts;
        uint64_t size;
    } cases[] = {
        { "", 128ull << 20 },
        { "-smp 5 -m 1G", 1ull << 30 },
        { "-smp 2 -m 128M", 128ull << 20 },
    };
    struct fdt_chosen c = {
        .bootargs = "console=ttySIF0 earlycon=sbi",
        .initrd = true,
        .initrd_start = 0x88000000u,
        .initrd_end = 0x88012345u,
    };

    (void)state;
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        uint32_t len, ac, sc, node, plen;
        uint8_t *blob = qemu_dtb(cases[i].opts, &len);
        const uint8_t *val;
        uint64_t base, size;
        struct fdt t;

        assert_int_equal(fdt_check(&t, blob, len), 0);
        assert_int_equal(fdt_cells(&t, &ac, &sc), 0);
        assert_int_equal(ac, 2);
        assert_int_equal(sc, 2);
        assert_int_equal(fdt_memory(&t, 0x80000000u, &base, &size), 0);
        assert_int_equal(base, 0x80000000u);
        assert_int_equal(size, cases[i].size);
        /* An address outside: the first range all the same. */
        assert_int_equal(fdt_memory(&t, 0, &base, &size), 0);
        assert_int_equal(base, 0x80000000u);
        assert_int_equal(fdt_path(&t, "/chosen", &node), 0);
        assert_int_equal(fdt_prop(&t, "/chosen", "stdout-path", &val, &plen), 0);
        assert_int_equal(plen, sizeof("/soc/serial@10010000"));
        assert_string_equal((const char *)val, "/soc/serial@10010000");
        assert_int_equal(fdt_prop(&t, "/soc/serial@10010000", "compatible",
                                  &val, &plen), 0);
        assert_string_equal((const char *)val, "sifive,uart0");
        assert_int_equal(fdt_prop(&t, "/cpus", "timebase-frequency", &val,
                                  &plen), 0);
        assert_int_equal(plen, 4);
        assert_int_equal(get32(val), 1000000);
        /* The tree is a 1 MiB blob; the edit copies only what it holds. */
        edit_and_compare(blob, len, FDT_HDR_V17_LEN + t.rsv_size +
                         t.struct_size + t.strings_size + 512, &c,
                         "\tchosen {\n"
                         "\t\tstdout-path = \"/soc/serial@10010000\";\n"
                         "\t\tbootargs = \"console=ttySIF0 earlycon=sbi\";\n"
                         "\t\tlinux,initrd-start = <0x00 0x88000000>;\n"
                         "\t\tlinux,initrd-end = <0x00 0x88012345>;\n"
                         "\t};\n");
        free(blob);
    }
}

/* In place: the buffer is the tree's own (the file loaded with room
 * after it), and a buffer starting before the tree and overlapping it;
 * one starting inside it is refused. */
static void test_edit_in_place(void **state)
{
    uint32_t len, cap;
    uint8_t *blob = dtb_of(tree_chosen1, &len), *buf;
    char *want = dts_of(blob, len), *got;
    struct fdt t, e;
    struct fdt_chosen c = { NULL, false, 0, 0 };

    (void)state;
    cap = len + 256;
    buf = calloc(1, cap + 64);
    memcpy(buf, blob, len);
    assert_int_equal(fdt_check(&t, buf, len), 0);
    assert_int_equal(fdt_open_into(&t, &t, buf, cap), 0);
    e = t;
    assert_int_equal(fdt_set_chosen(&e, &c), 0);
    got = dts_of(buf, e.size);
    assert_non_null(strstr(want, "linux,initrd-start"));
    assert_null(strstr(got, "linux,initrd-start"));
    assert_non_null(strstr(got, "bootargs = \"console=old root=/dev/sda\";"));
    free(got);

    memset(buf, 0, cap + 64);
    memcpy(buf + 64, blob, len);
    assert_int_equal(fdt_check(&t, buf + 64, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf, cap), 0);
    got = dts_of(buf, e.size);
    assert_string_equal(got, want);
    free(got);

    memset(buf, 0, cap + 64);
    memcpy(buf, blob, len);
    assert_int_equal(fdt_check(&t, buf, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf + 8, cap), FDT_EINPLACE);
    free(buf);

    /* The strings block before the structure block, with a gap: read,
     * and copied into the usual order; in place it would overwrite the
     * structure before moving it. */
    {
        uint32_t rsv = 40 + t.rsv_size, str = t.strings_size;
        uint32_t soff = (rsv + str + 4 + 3) & ~3u;
        uint32_t n = soff + t.struct_size;
        uint8_t *odd = calloc(1, n), *odd2;

        memcpy(odd, blob, rsv);
        memcpy(odd + rsv, blob + t.strings_off, str);
        memcpy(odd + soff, blob + t.struct_off, t.struct_size);
        set32(odd + FDT_HDR_TOTALSIZE, n);
        set32(odd + FDT_HDR_OFF_DT_STRINGS, rsv);
        set32(odd + FDT_HDR_OFF_DT_STRUCT, soff);
        odd2 = exact(odd, n);
        free(odd);
        assert_int_equal(fdt_check(&t, odd2, n), 0);
        buf = malloc(cap);
        assert_int_equal(fdt_open_into(&e, &t, buf, cap), 0);
        got = dts_of(buf, e.size);
        assert_string_equal(got, want);
        free(got);
        free(buf);
        assert_int_equal(fdt_open_into(&e, &t, odd2, n), FDT_EINPLACE);
        free(odd2);
    }
    free(want);
    free(blob);
}

/* Version 16 (no size_dt_struct) is read by walking to FDT_END and
 * written as 17. */
static void test_version16(void **state)
{
    uint32_t len;
    uint8_t *blob = dtb_of(tree_chosen1, &len), *buf = malloc(len + 64);
    char *want = dts_of(blob, len), *got;
    struct fdt t, e;

    (void)state;
    set32(blob + FDT_HDR_VERSION, 16);
    set32(blob + FDT_HDR_SIZE_DT_STRUCT, 0xdeadbeef);
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(t.struct_size, get32(blob + FDT_HDR_OFF_DT_STRINGS) -
                                        get32(blob + FDT_HDR_OFF_DT_STRUCT));
    assert_int_equal(fdt_open_into(&e, &t, buf, len + 64), 0);
    assert_int_equal(get32(buf + FDT_HDR_VERSION), 17);
    got = dts_of(buf, e.size);
    assert_string_equal(got, want);
    free(got);
    free(want);
    free(buf);
    free(blob);
}

/* Memory: several nodes and ranges, 1 cell each; the range holding the
 * address, else the first non-empty one. */
static void test_memory_ranges(void **state)
{
    static const char dts[] =
        "/dts-v1/;\n"
        "/ { #address-cells = <1>; #size-cells = <1>;\n"
        "  memory-like { reg = <0x0 0x1000>; };\n"
        "  memory@0 { device_type = \"memory\"; reg = <0x10000000 0x0 0x20000000 0x1000>; };\n"
        "  memory@40000000 { device_type = \"memory\"; reg = <0x40000000 0x100000 0x80000000 0x40000000>; };\n"
        "  deeper { memory@0 { device_type = \"memory\"; reg = <0x0 0xffffffff>; }; };\n"
        "};\n";
    static const char none[] =
        "/dts-v1/;\n/ { cpus { }; };\n";
    static const char bad[] =
        "/dts-v1/;\n/ { #address-cells = <1>; #size-cells = <1>;\n"
        "  memory@0 { device_type = \"memory\"; reg = <0x0 0x1000 0x0>; }; };\n";
    static const char cells3[] =
        "/dts-v1/;\n/ { #address-cells = <3>; memory@0 { device_type = \"memory\"; reg = <0 0 0 0>; }; };\n";
    static const char wraps[] =
        "/dts-v1/;\n/ { #address-cells = <2>; #size-cells = <2>;\n"
        "  memory@0 { device_type = \"memory\"; reg = <0 0x80000000 0 0x1000 0xffffffff 0xfffff000 0 0x2000>; }; };\n";
    uint32_t len;
    uint8_t *blob = dtb_of(dts, &len);
    uint64_t base = 0, size = 0;
    struct fdt t;

    (void)state;
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_memory(&t, 0x90000000u, &base, &size), 0);
    assert_int_equal(base, 0x80000000u);
    assert_int_equal(size, 0x40000000u);
    assert_int_equal(fdt_memory(&t, 0x20000fffu, &base, &size), 0);
    assert_int_equal(base, 0x20000000u);
    assert_int_equal(fdt_memory(&t, 0x20001000u, &base, &size), 0);
    assert_int_equal(base, 0x20000000u);   /* the first */
    assert_int_equal(size, 0x1000u);
    free(blob);

    blob = dtb_of(none, &len);
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_memory(&t, 0, &base, &size), FDT_ENOMEMORY);
    free(blob);
    blob = dtb_of(bad, &len);
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_memory(&t, 0, &base, &size), FDT_EBADPROP);
    free(blob);
    blob = dtb_of(cells3, &len);
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_memory(&t, 0, &base, &size), FDT_ECELLS);
    free(blob);
    /* A range running past 2^64, even after one that holds addr's
     * neighbour: refused. */
    blob = dtb_of(wraps, &len);
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_memory(&t, 0x80000000u, &base, &size), 0);
    assert_int_equal(fdt_memory(&t, 0, &base, &size), FDT_EBADPROP);
    free(blob);
}

/* Queries: defaults of the cells, paths with and without unit
 * addresses, missing nodes and properties. */
static void test_queries(void **state)
{
    static const char dts[] =
        "/dts-v1/;\n"
        "/ { a { b@1 { p = \"one\"; }; b@2 { p = \"two\"; c { q = <5>; }; }; bb { }; }; };\n";
    static const char badcells[] =
        "/dts-v1/;\n/ { #address-cells = <1 2>; };\n";
    uint32_t len, ac, sc, node, plen;
    uint8_t *blob = dtb_of(dts, &len);
    const uint8_t *val;
    struct fdt t;

    (void)state;
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_cells(&t, &ac, &sc), 0);
    assert_int_equal(ac, 2);
    assert_int_equal(sc, 1);
    assert_int_equal(fdt_path(&t, "/", &node), 0);
    assert_int_equal(node, t.struct_off);
    assert_int_equal(fdt_prop(&t, "/a/b", "p", &val, &plen), 0);
    assert_string_equal((const char *)val, "one");
    assert_int_equal(fdt_prop(&t, "/a/b@2", "p", &val, &plen), 0);
    assert_string_equal((const char *)val, "two");
    assert_int_equal(fdt_prop(&t, "/a/b@2/c", "q", &val, &plen), 0);
    assert_int_equal(get32(val), 5);
    assert_int_equal(fdt_prop(&t, "/a/b@2/c/", "q", &val, &plen), 0);
    assert_int_equal(fdt_path(&t, "/a/bb", &node), 0);
    assert_int_equal(fdt_path(&t, "/a/b@3", &node), FDT_ENOTFOUND);
    assert_int_equal(fdt_path(&t, "/a/c", &node), FDT_ENOTFOUND);
    assert_int_equal(fdt_path(&t, "/b", &node), FDT_ENOTFOUND);
    assert_int_equal(fdt_path(&t, "/chosen", &node), FDT_ENOTFOUND);
    assert_int_equal(fdt_path(&t, "a", &node), FDT_EINVAL);
    assert_int_equal(fdt_prop(&t, "/a/b", "q", &val, &plen), FDT_ENOTFOUND);
    /* Not a node's offset. */
    assert_int_equal(fdt_getprop(&t, t.struct_off + t.struct_size - 8, "p",
                                 &val, &plen), FDT_EINVAL);
    /* Edits need an opened tree. */
    assert_int_equal(fdt_setprop(&t, t.struct_off, "x", "", 1), FDT_EINVAL);
    free(blob);
    blob = dtb_of(badcells, &len);
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_cells(&t, &ac, &sc), FDT_EBADPROP);
    free(blob);
}

/* Arguments the edit refuses: an initrd ending before it starts, above
 * 4 GiB with one address cell, three address cells. */
static void test_edit_refusals(void **state)
{
    static const char cells3[] =
        "/dts-v1/;\n/ { #address-cells = <3>; };\n";
    uint32_t len;
    uint8_t *blob = dtb_of(tree_chosen1, &len), *buf = malloc(len + 64);
    struct fdt t, e;
    struct fdt_chosen c = { "x", true, 0x2000, 0x1000 };

    (void)state;
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf, len + 64), 0);
    assert_int_equal(fdt_set_chosen(&e, &c), FDT_EINVAL);
    c.initrd_end = 0x100000000ull;
    assert_int_equal(fdt_set_chosen(&e, &c), FDT_ECELLS);
    assert_int_equal(fdt_open_into(&e, &t, buf, len - 1), FDT_ENOSPACE);
    assert_int_equal(fdt_delprop(&e, e.struct_off, "nope"), FDT_ENOTFOUND);
    free(blob);
    blob = dtb_of(cells3, &len);
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf, len + 64), 0);
    c.initrd_end = 0x3000;
    assert_int_equal(fdt_set_chosen(&e, &c), FDT_ECELLS);
    c.initrd = false;
    assert_int_equal(fdt_set_chosen(&e, &c), 0);
    free(buf);
    free(blob);
}

/* A new name longer than the room left: refused, never taken for a
 * string it only begins like. */
static void test_long_name_no_room(void **state)
{
    static const char dts[] =
        "/dts-v1/;\n/ { chosen { aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa; }; };\n";
    static const char name[] = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaab";
    uint32_t len, node, plen;
    uint8_t *blob = dtb_of(dts, &len), *buf = malloc(len + 20);
    const uint8_t *v;
    struct fdt t, e;

    (void)state;
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf, len + 20), 0);
    assert_int_equal(fdt_chosen(&e, &node), 0);
    assert_int_equal(fdt_setprop(&e, node, name, "", 0), FDT_ENOSPACE);
    assert_int_equal(fdt_getprop(&e, node, name, &v, &plen), FDT_ENOTFOUND);
    assert_int_equal(e.size, len);
    free(buf);
    free(blob);
}

/* fdt_add_subnode (#37: /reserved-memory and the trial record's node):
 * a child of a nested node goes after its last property and after its
 * existing children, names of every padding length, the tree valid and
 * dtc reading what was made; no room: FDT_ENOSPACE and nothing changed;
 * an empty or too long name: FDT_EINVAL. */
static void test_add_subnode(void **state)
{
    static const char dts[] =
        "/dts-v1/;\n/ { a { p = <1>; b { q = <2>; }; }; c { }; };\n";
    static const char *const names[] = { "x", "xy", "xyz", "wxyz", "n@1f" };
    uint32_t len, a, node, plen, i;
    uint8_t *blob = dtb_of(dts, &len), *buf = malloc(len + 200);
    const uint8_t *v;
    struct fdt t, e, chk;
    char *out;
    char longname[FDT_NODE_NAME_MAX + 2];

    (void)state;
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf, len + 200), 0);
    for (i = 0; i < 5; i++) {
        assert_int_equal(fdt_path(&e, "/a", &a), 0);
        assert_int_equal(fdt_add_subnode(&e, a, names[i], &node), 0);
        assert_int_equal(fdt_setprop(&e, node, "k", "v", 2), 0);
    }
    assert_int_equal(fdt_check(&chk, buf, e.size), 0);
    assert_int_equal(fdt_prop(&e, "/a/b", "q", &v, &plen), 0);
    assert_int_equal(fdt_prop(&e, "/a/n@1f", "k", &v, &plen), 0);
    assert_int_equal(plen, 2);
    out = dts_of(buf, e.size);
    assert_non_null(strstr(out,
        "\ta {\n\t\tp = <0x01>;\n\n\t\tb {\n\t\t\tq = <0x02>;\n\t\t};\n\n"
        "\t\tx {\n\t\t\tk = \"v\";\n\t\t};\n\n"
        "\t\txy {\n\t\t\tk = \"v\";\n\t\t};\n\n"
        "\t\txyz {\n\t\t\tk = \"v\";\n\t\t};\n\n"
        "\t\twxyz {\n\t\t\tk = \"v\";\n\t\t};\n\n"
        "\t\tn@1f {\n\t\t\tk = \"v\";\n\t\t};\n\t};\n\n\tc {\n\t};\n"));
    free(out);

    memset(longname, 'l', sizeof(longname) - 1);
    longname[sizeof(longname) - 1] = '\0';
    assert_int_equal(fdt_add_subnode(&e, e.struct_off, longname, &node),
                     FDT_EINVAL);
    assert_int_equal(fdt_add_subnode(&e, e.struct_off, "", &node),
                     FDT_EINVAL);
    assert_int_equal(fdt_open_into(&e, &t, buf, len + 12), 0);
    assert_int_equal(fdt_add_subnode(&e, e.struct_off, "abcd", &node),
                     FDT_ENOSPACE);
    assert_int_equal(e.size, len);
    assert_int_equal(fdt_add_subnode(&e, e.struct_off, "abc", &node), 0);
    assert_int_equal(fdt_check(&chk, buf, e.size), 0);
    free(buf);
    free(blob);
}

#if BOOT_TRIAL && BOOT_RISCV_LINUX
/* boot_trial_fdt for a record above 4 GiB (RV64): the node's unit
 * address in all its 9 hex digits (a 40-byte path cut it to 8:
 * extload-trial@12345600), reg in the root's 2 + 2 cells. */
static void test_trial_node_64bit(void **state)
{
    static const char dts[] =
        "/dts-v1/;\n/ { #address-cells = <2>; #size-cells = <2>; };\n";
    static const uint8_t reg[16] = {
        0, 0, 0, 0x01, 0x23, 0x45, 0x60, 0x00, 0, 0, 0, 0, 0, 0, 0x10, 0,
    };
    struct boot_env env;
    uint32_t len, node, plen;
    uint8_t *blob = dtb_of(dts, &len), *buf = malloc(len + 256);
    const uint8_t *v;
    struct fdt t, e, chk;

    (void)state;
    memset(&env, 0, sizeof(env));
    env.trial_addr = 0x123456000ull;
    env.trial_size = 0x1000;
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf, len + 256), 0);
    assert_int_equal(boot_trial_fdt(&env, &e), 0);
    assert_int_equal(fdt_check(&chk, buf, e.size), 0);
    assert_int_equal(fdt_path(&e, "/reserved-memory/extload-trial@123456000",
                              &node), 0);
    assert_string_equal((const char *)buf + node + FDT_TOKEN_LEN,
                        "extload-trial@123456000");
    assert_int_equal(fdt_getprop(&e, node, "reg", &v, &plen), 0);
    assert_int_equal(plen, sizeof(reg));
    assert_memory_equal(v, reg, sizeof(reg));
    free(buf);
    free(blob);
}
#endif

/* No room: every capacity from the tree's own size up to what the edit
 * needs fails with FDT_ENOSPACE (ASan: nothing written past it) and
 * leaves a valid tree; from there on it succeeds. */
static void test_no_room(void **state)
{
    uint32_t len, cap, ok_at = 0;
    uint8_t *blob = dtb_of(tree_nochosen, &len);
    struct fdt t, e, again;
    struct fdt_chosen c = { "console=ttySIF0", true, 0x84000000u,
                            0x84100000u };

    (void)state;
    assert_int_equal(fdt_check(&t, blob, len), 0);
    for (cap = t.size - 40; cap < t.size + 200 && !ok_at; cap++) {
        uint8_t *buf = malloc(cap);
        int rc = fdt_open_into(&e, &t, buf, cap);

        if (!rc)
            rc = fdt_set_chosen(&e, &c);
        if (rc) {
            assert_int_equal(rc, FDT_ENOSPACE);
            if (cap >= t.size)   /* open_into fitted: still a tree */
                assert_int_equal(fdt_check(&again, buf, e.size), 0);
        } else {
            ok_at = cap;
        }
        free(buf);
    }
    /* /chosen (16), bootargs (12 + 16 + 9 of name), two initrd
     * properties (2 * (12 + 8)) and their names (19 + 17). */
    assert_int_equal(ok_at, t.size + 16 + 28 + 9 + 40 + 36);
    free(blob);
}

/* Seeded random edits of /chosen: set, replace and remove properties of
 * every length 0..40; after each the tree checks and reads back what
 * was set. */
static void test_random_edits(void **state)
{
    static const char *const names[] = {
        "bootargs", "a", "linux,initrd-start", "marker", "zz-long-name-x",
    };
    uint8_t val[5][41];
    int32_t have[5];
    uint32_t len, cap, node, x = 0x9e3779b9u;
    uint8_t *blob = dtb_of(tree_chosen1, &len), *buf;
    struct fdt t, e;

    const uint8_t *p;
    uint32_t plen;

    (void)state;
    cap = len + 2048;
    buf = malloc(cap);
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf, cap), 0);
    assert_int_equal(fdt_chosen(&e, &node), 0);
    /* bootargs and linux,initrd-start are there to begin with. */
    for (int i = 0; i < 5; i++) {
        have[i] = -1;
        if (!fdt_getprop(&e, node, names[i], &p, &plen)) {
            assert_true(plen <= 40);
            memcpy(val[i], p, plen);
            have[i] = (int32_t)plen;
        }
    }
    assert_int_equal(have[0], 26);
    assert_int_equal(have[2], 4);
    /* A node's offset is kept while edits stay inside it. */
    for (int step = 0; step < 2000; step++) {
        uint32_t k, n;
        struct fdt chk;

        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        k = x % 5;
        n = (x >> 8) % 41;
        if ((x >> 16) % 4 == 0) {
            int rc = fdt_delprop(&e, node, names[k]);

            assert_int_equal(rc, have[k] >= 0 ? 0 : FDT_ENOTFOUND);
            have[k] = -1;
        } else {
            for (uint32_t i = 0; i < n; i++)
                val[k][i] = (uint8_t)(x >> (i % 24));
            assert_int_equal(fdt_setprop(&e, node, names[k], val[k], n), 0);
            have[k] = (int32_t)n;
        }
        assert_int_equal(fdt_check(&chk, buf, e.size), 0);
        for (k = 0; k < 5; k++) {
            int rc = fdt_getprop(&e, node, names[k], &p, &plen);

            if (have[k] < 0) {
                assert_int_equal(rc, FDT_ENOTFOUND);
            } else {
                assert_int_equal(rc, 0);
                assert_int_equal(plen, (uint32_t)have[k]);
                if (plen)
                    assert_memory_equal(p, val[k], plen);
            }
        }
    }
    /* The subnode and the rest survive. */
    assert_int_equal(fdt_prop(&e, "/chosen/sub", "x", &p, &plen), 0);
    assert_int_equal(get32(p), 1);
    assert_int_equal(fdt_prop(&e, "/chosen", "stdout-path", &p, &plen), 0);
    assert_string_equal((const char *)p, "/soc/uart");
    assert_int_equal(fdt_prop(&e, "/soc/uart", "bootargs", &p, &plen), 0);
    free(buf);
    free(blob);
}

/* A marker property for Linux's init to find, u32 and u64 and string. */
static void test_marker_properties(void **state)
{
    uint32_t len, node;
    uint8_t *blob = dtb_of(tree_nochosen, &len), *buf = malloc(len + 256);
    uint8_t v32[4] = { 0xca, 0xfe, 0xf0, 0x0d };
    uint8_t v64[8] = { 0, 0, 0, 1, 0x23, 0x45, 0x67, 0x89 };
    struct fdt t, e;
    char *dts, *ch, *rest;

    (void)state;
    assert_int_equal(fdt_check(&t, blob, len), 0);
    assert_int_equal(fdt_open_into(&e, &t, buf, len + 256), 0);
    assert_int_equal(fdt_chosen(&e, &node), 0);
    assert_int_equal(fdt_setprop(&e, node, "extload,u32", v32, 4), 0);
    assert_int_equal(fdt_setprop(&e, node, "extload,u64", v64, 8), 0);
    assert_int_equal(fdt_setprop(&e, node, "extload,marker", "hello", 6), 0);
    dts = dts_of(buf, e.size);
    split_chosen(dts, &ch, &rest);
    assert_string_equal(ch, "\tchosen {\n"
                            "\t\textload,u32 = <0xcafef00d>;\n"
                            "\t\textload,u64 = <0x01 0x23456789>;\n"
                            "\t\textload,marker = \"hello\";\n"
                            "\t};\n");
    free(dts);
    free(ch);
    free(rest);
    free(buf);
    free(blob);
}

/* ---- malformed trees: each mutation of a valid blob fails with its
 * code ---- */

static const char tree_plain[] =
    "/dts-v1/;\n"
    "/memreserve/ 0x80000000 0x1000;\n"
    "/ {\n"
    "  #address-cells = <1>; #size-cells = <1>;\n"
    "  chosen { bootargs = \"x\"; };\n"
    "  last-node-name { };\n"
    "};\n";

struct mutation {
    const char *what;
    int want;
    void (*mutate)(uint8_t *b, uint32_t *len);
};

#define H(field) get32(b + (field))
#define SET(field, v) set32(b + (field), (v))
#define SOFF H(FDT_HDR_OFF_DT_STRUCT)
#define SSIZE H(FDT_HDR_SIZE_DT_STRUCT)
/* The root's first property: after its token and 4 bytes of "" name. */
#define PROP1 (SOFF + 8)

static void m_short(uint8_t *b, uint32_t *len) { (void)b; *len = 35; }
static void m_short_v17(uint8_t *b, uint32_t *len) { (void)b; *len = 39; }
static void m_magic(uint8_t *b, uint32_t *len) { (void)len; b[3] ^= 1; }
static void m_version15(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_VERSION, 15); }
static void m_lastcomp18(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_LAST_COMP_VERSION, 18); }
static void m_totalsize_big(uint8_t *b, uint32_t *len) { SET(FDT_HDR_TOTALSIZE, *len + 1); }
static void m_totalsize_small(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_TOTALSIZE, 39); }
static void m_file_cut(uint8_t *b, uint32_t *len) { (void)b; *len -= 1; }
static void m_struct_past(uint8_t *b, uint32_t *len) { SET(FDT_HDR_SIZE_DT_STRUCT, *len - SOFF + 4); }
static void m_struct_off_past(uint8_t *b, uint32_t *len) { SET(FDT_HDR_OFF_DT_STRUCT, (*len + 8) & ~3u); }
static void m_strings_past(uint8_t *b, uint32_t *len) { SET(FDT_HDR_SIZE_DT_STRINGS, *len); }
static void m_strings_off_huge(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_OFF_DT_STRINGS, 0xfffffff0u); }
static void m_rsv_past(uint8_t *b, uint32_t *len) { SET(FDT_HDR_OFF_MEM_RSVMAP, (*len + 16) & ~7u); }
static void m_struct_misaligned(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_OFF_DT_STRUCT, SOFF + 2); }
static void m_rsv_misaligned(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_OFF_MEM_RSVMAP, 44); }
static void m_struct_in_header(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_OFF_DT_STRUCT, 0x20); }
static void m_strings_in_header(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_OFF_DT_STRINGS, 0); }
static void m_rsv_in_header(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_OFF_MEM_RSVMAP, 0x20); }
/* The map is 40..72 (an entry, then the end entry): the structure block
 * moved into its end entry. */
static void m_struct_over_rsv(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_OFF_DT_STRUCT, 64); }
static void m_strings_over_struct(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_OFF_DT_STRINGS, SOFF + SSIZE - 4); }
static void m_strings_over_rsv(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_OFF_DT_STRINGS, 48); SET(FDT_HDR_SIZE_DT_STRINGS, 4); }
static void m_rsv_unterminated(uint8_t *b, uint32_t *len) { SET(FDT_HDR_OFF_MEM_RSVMAP, (*len - 8) & ~7u); }
static void m_token(uint8_t *b, uint32_t *len) { (void)len; SET(PROP1, 5); }
static void m_token_zero(uint8_t *b, uint32_t *len) { (void)len; SET(PROP1, 0); }
static void m_prop_len(uint8_t *b, uint32_t *len) { (void)len; SET(PROP1 + FDT_PROP_LEN, 0x7ffffff0u); }
static void m_prop_len_edge(uint8_t *b, uint32_t *len) { (void)len; SET(PROP1 + FDT_PROP_LEN, SSIZE - 8 - 12 + 1); }
static void m_prop_cut(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_SIZE_DT_STRUCT, 8 + 8); }
static void m_nameoff(uint8_t *b, uint32_t *len) { (void)len; SET(PROP1 + FDT_PROP_NAMEOFF, H(FDT_HDR_SIZE_DT_STRINGS)); }
static void m_nameoff_huge(uint8_t *b, uint32_t *len) { (void)len; SET(PROP1 + FDT_PROP_NAMEOFF, 0xfffffffcu); }
/* The strings block one byte short: its last name loses its NUL. */
static void m_name_unterminated(uint8_t *b, uint32_t *len) { (void)len; SET(FDT_HDR_SIZE_DT_STRINGS, H(FDT_HDR_SIZE_DT_STRINGS) - 1); }
/* The structure block ends inside the name "last-node-name". */
static void m_node_name(uint8_t *b, uint32_t *len)
{
    SET(FDT_HDR_SIZE_DT_STRUCT,
        find_bytes(b, *len, "last-node-name") + 8 - SOFF);
}
static void m_root_endnode(uint8_t *b, uint32_t *len) { (void)len; SET(SOFF, FDT_END_NODE); }
static void m_no_end(uint8_t *b, uint32_t *len) { (void)len; SET(SOFF + SSIZE - 4, FDT_NOP); }
static void m_unbalanced(uint8_t *b, uint32_t *len) { (void)len; SET(SOFF + SSIZE - 8, FDT_NOP); }
static void m_extra_endnode(uint8_t *b, uint32_t *len) { (void)len; SET(SOFF + SSIZE - 4, FDT_END_NODE); }
static void m_root_named(uint8_t *b, uint32_t *len) { (void)len; b[SOFF + 4] = 'x'; }
static void m_prop_outside(uint8_t *b, uint32_t *len) { (void)len; SET(SOFF, FDT_NOP); SET(SOFF + 4, FDT_NOP); }
static void m_end_first(uint8_t *b, uint32_t *len) { (void)len; SET(SOFF, FDT_END); }
/* ... last-node-name { }; }; END becomes ... }; }; / { }; END: the
 * last node's 24 bytes (BEGIN, "last-node-name" + NUL padded to 16,
 * END_NODE) then the root's END_NODE and FDT_END rewritten as
 * END_NODE (root), BEGIN "" END_NODE, NOP..., END. */
static void m_two_roots(uint8_t *b, uint32_t *len)
{
    uint32_t at = find_bytes(b, *len, "last-node-name") - 4;

    SET(at, FDT_END_NODE);
    SET(at + 4, FDT_BEGIN_NODE);
    SET(at + 8, 0);
    SET(at + 12, FDT_END_NODE);
    for (uint32_t o = at + 16; o < SOFF + SSIZE - 4; o += 4)
        SET(o, FDT_NOP);
}

static const struct mutation mutations[] = {
    { "buffer shorter than a v16 header", FDT_ETRUNC, m_short },
    { "buffer shorter than a v17 header", FDT_ETRUNC, m_short_v17 },
    { "bad magic", FDT_EMAGIC, m_magic },
    { "version 15", FDT_EVERSION, m_version15 },
    { "last_comp_version 18", FDT_EVERSION, m_lastcomp18 },
    { "totalsize past the buffer", FDT_ETRUNC, m_totalsize_big },
    { "totalsize inside the header", FDT_ETRUNC, m_totalsize_small },
    { "file one byte short", FDT_ETRUNC, m_file_cut },
    { "structure block past totalsize", FDT_EBLOCK, m_struct_past },
    { "structure offset past totalsize", FDT_EBLOCK, m_struct_off_past },
    { "strings block past totalsize", FDT_EBLOCK, m_strings_past },
    { "strings offset near 4 GiB", FDT_EBLOCK, m_strings_off_huge },
    { "reservation map past totalsize", FDT_EBLOCK, m_rsv_past },
    { "structure block misaligned", FDT_EALIGN, m_struct_misaligned },
    { "reservation map misaligned", FDT_EALIGN, m_rsv_misaligned },
    { "structure block in the header", FDT_EOVERLAP, m_struct_in_header },
    { "strings block in the header", FDT_EOVERLAP, m_strings_in_header },
    { "reservation map in the header", FDT_EOVERLAP, m_rsv_in_header },
    { "structure block over the reservation map", FDT_EOVERLAP, m_struct_over_rsv },
    { "strings block over the structure block", FDT_EOVERLAP, m_strings_over_struct },
    { "strings block over the reservation map", FDT_EOVERLAP, m_strings_over_rsv },
    { "reservation map without its end entry", FDT_ERSVMAP, m_rsv_unterminated },
    { "unknown token 5", FDT_ETOKEN, m_token },
    { "unknown token 0", FDT_ETOKEN, m_token_zero },
    { "property length past the block", FDT_ESTRUCT, m_prop_len },
    { "property length one past the block", FDT_ESTRUCT, m_prop_len_edge },
    { "structure block ends inside a property", FDT_ESTRUCT, m_prop_cut },
    { "name offset at the strings' end", FDT_ENAMEOFF, m_nameoff },
    { "name offset near 4 GiB", FDT_ENAMEOFF, m_nameoff_huge },
    { "last property name unterminated", FDT_ENAMEOFF, m_name_unterminated },
    { "node name unterminated in the block", FDT_ENAME, m_node_name },
    { "END_NODE first", FDT_EENDNODE, m_root_endnode },
    { "END_NODE after the root closed", FDT_EENDNODE, m_extra_endnode },
    { "no FDT_END", FDT_ENOEND, m_no_end },
    { "root never closed", FDT_EUNBALANCED, m_unbalanced },
    { "root named", FDT_EROOT, m_root_named },
    { "property outside the root", FDT_EROOT, m_prop_outside },
    { "FDT_END before the root", FDT_EROOT, m_end_first },
    { "a second root", FDT_EROOT, m_two_roots },
};

static void test_malformed(void **state)
{
    uint32_t len0;
    uint8_t *good = dtb_of(tree_plain, &len0);
    struct fdt t;

    (void)state;
    assert_int_equal(fdt_check(&t, good, len0), 0);
    assert_int_equal(t.rsv_size, 32);
    for (size_t i = 0; i < sizeof(mutations) / sizeof(mutations[0]); i++) {
        uint32_t len = len0;
        uint8_t *work = exact(good, len0), *b;
        int rc;
        char msg[160];

        mutations[i].mutate(work, &len);
        b = exact(work, len);
        rc = fdt_check(&t, b, len);
        fdt_describe(&t, rc, msg, sizeof(msg));
        print_message("# %s: %d, %s\n", mutations[i].what, rc, msg);
        if (rc != mutations[i].want)
            fail_msg("%s: got %d (%s), want %d", mutations[i].what, rc,
                     fdt_strerror(rc), mutations[i].want);
        assert_true(t.err_off < len0 + 16);
        free(b);
        free(work);
    }
    free(good);
}

/* Nesting: 16 levels (the root and 15 below) pass, 17 fail. */
static void test_depth(void **state)
{
    char dts[1024];
    uint32_t len;
    uint8_t *blob;
    struct fdt t;

    (void)state;
    for (int depth = FDT_DEPTH_MAX; depth <= (int)FDT_DEPTH_MAX + 1; depth++) {
        size_t at = (size_t)snprintf(dts, sizeof(dts), "/dts-v1/;\n/ {");

        for (int i = 1; i < depth; i++)
            at += (size_t)snprintf(dts + at, sizeof(dts) - at, " n%d {", i);
        for (int i = 1; i < depth; i++)
            at += (size_t)snprintf(dts + at, sizeof(dts) - at, " };");
        snprintf(dts + at, sizeof(dts) - at, " };\n");
        blob = dtb_of(dts, &len);
        assert_int_equal(fdt_check(&t, blob, len),
                         depth > (int)FDT_DEPTH_MAX ? FDT_EDEPTH : 0);
        free(blob);
    }
}

/* Every code has its own sentence, and the description says where. */
static void test_messages(void **state)
{
    struct fdt t = { .err_off = 0x1a4 };
    char buf[160];

    (void)state;
    for (int a = 0; a >= FDT_ERR_LAST; a--) {
        assert_true(strlen(fdt_strerror(a)) > 5);
        for (int b = a - 1; b >= FDT_ERR_LAST; b--)
            assert_string_not_equal(fdt_strerror(a), fdt_strerror(b));
    }
    assert_string_equal(fdt_strerror(FDT_ERR_LAST - 1), "unknown error");
    assert_string_equal(fdt_strerror(1), "unknown error");
    fdt_describe(&t, FDT_EDEPTH, buf, sizeof(buf));
#if BOOT_MESSAGES
    assert_string_equal(buf, "device tree byte 0x1a4: nodes nest deeper "
                             "than FDT_DEPTH_MAX");
#else
    assert_string_equal(buf, "device tree byte 0x1a4: fdt error -12");
#endif
    assert_int_equal(fdt_describe(&t, FDT_EDEPTH, buf, 8), 7);
    assert_string_equal(buf, "device ");
}

static int setup(void **state)
{
    const char *base = getenv("TMPDIR");

    (void)state;
    snprintf(tmpdir, sizeof(tmpdir), "%s/test_fdt.XXXXXX",
             base && *base ? base : "/tmp");
    return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown(void **state)
{
    char cmd[128];

    (void)state;
    snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
    return system(cmd);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_edit_creates_chosen),
        cmocka_unit_test(test_edit_existing_chosen),
        cmocka_unit_test(test_edit_keep_bootargs_drop_initrd),
        cmocka_unit_test(test_edit_drops_duplicate_initrd),
        cmocka_unit_test(test_edit_reuses_names),
        cmocka_unit_test(test_qemu_sifive_u),
        cmocka_unit_test(test_edit_in_place),
        cmocka_unit_test(test_version16),
        cmocka_unit_test(test_memory_ranges),
        cmocka_unit_test(test_queries),
        cmocka_unit_test(test_edit_refusals),
        cmocka_unit_test(test_long_name_no_room),
        cmocka_unit_test(test_add_subnode),
#if BOOT_TRIAL && BOOT_RISCV_LINUX
        cmocka_unit_test(test_trial_node_64bit),
#endif
        cmocka_unit_test(test_no_room),
        cmocka_unit_test(test_random_edits),
        cmocka_unit_test(test_marker_properties),
        cmocka_unit_test(test_malformed),
        cmocka_unit_test(test_depth),
        cmocka_unit_test(test_messages),
    };

    return cmocka_run_group_tests(tests, setup, teardown);
}
