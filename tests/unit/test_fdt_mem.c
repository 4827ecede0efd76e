/* board/riscv/fdt_mem.c: the RAM a RISC-V board reads from the device
 * tree in a1. Trees are built here token by token; every malformed one
 * must come back as its FDT_MEM_E... code, and seeded mutations of a good
 * one (each in a buffer of exactly its size, under ASan) must never read
 * outside it. The real trees QEMU passes are read in tests/qemu/
 * t_sifive.sh (-m 128M and 1G). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "board/riscv/fdt_mem.c"      /* board code: not in the host lib */

#define HDR 40u
#define RSV 16u                       /* one empty reservation entry */

struct tree {
    uint8_t st[2048];                 /* structure block */
    uint32_t sn;
    char str[512];                    /* strings block */
    uint32_t strn;
};

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void tok(struct tree *t, uint32_t v)
{
    put32(t->st + t->sn, v);
    t->sn += 4;
}

static void begin(struct tree *t, const char *name)
{
    size_t len = strlen(name) + 1;

    tok(t, FDT_BEGIN_NODE);
    memset(t->st + t->sn, 0, (len + 3) & ~(size_t)3);
    memcpy(t->st + t->sn, name, len);
    t->sn += (uint32_t)((len + 3) & ~(size_t)3);
}

static uint32_t name_off(struct tree *t, const char *name)
{
    for (uint32_t i = 0; i < t->strn; i += (uint32_t)strlen(t->str + i) + 1)
        if (strcmp(t->str + i, name) == 0)
            return i;
    uint32_t at = t->strn;
    strcpy(t->str + at, name);
    t->strn += (uint32_t)strlen(name) + 1;
    return at;
}

static void prop(struct tree *t, const char *name, const uint32_t *cells,
                 uint32_t n)
{
    tok(t, FDT_PROP);
    tok(t, 4 * n);
    tok(t, name_off(t, name));
    for (uint32_t i = 0; i < n; i++)
        tok(t, cells[i]);
}

static void prop_str(struct tree *t, const char *name, const char *s)
{
    size_t len = strlen(s) + 1;

    tok(t, FDT_PROP);
    tok(t, (uint32_t)len);
    tok(t, name_off(t, name));
    memset(t->st + t->sn, 0, (len + 3) & ~(size_t)3);
    memcpy(t->st + t->sn, s, len);
    t->sn += (uint32_t)((len + 3) & ~(size_t)3);
}

/* The blob in a buffer of exactly its size (freed by the caller). */
static uint8_t *blob(const struct tree *t, uint32_t *size)
{
    uint32_t total = HDR + RSV + t->sn + t->strn;
    uint8_t *b = calloc(1, total);

    assert_non_null(b);
    put32(b + FDT_OFF_MAGIC, FDT_MEM_MAGIC);
    put32(b + FDT_OFF_TOTALSIZE, total);
    put32(b + FDT_OFF_DT_STRUCT, HDR + RSV);
    put32(b + FDT_OFF_DT_STRINGS, HDR + RSV + t->sn);
    put32(b + 0x10, HDR);                          /* off_mem_rsvmap */
    put32(b + FDT_OFF_VERSION, 17);
    put32(b + 0x18, 16);                           /* last_comp_version */
    put32(b + FDT_OFF_SIZE_DT_STRINGS, t->strn);
    put32(b + FDT_OFF_SIZE_DT_STRUCT, t->sn);
    memcpy(b + HDR + RSV, t->st, t->sn);
    memcpy(b + HDR + RSV + t->sn, t->str, t->strn);
    *size = total;
    return b;
}

/* QEMU's sifive_u shape: 2/2 cells, cpus, then /memory@80000000. */
static void qemu_like(struct tree *t, uint32_t size_lo)
{
    static const uint32_t two[] = { 2 }, one[] = { 1 }, zero[] = { 0 };
    const uint32_t reg[] = { 0, 0x80000000u, 0, size_lo };

    memset(t, 0, sizeof(*t));
    begin(t, "");
    prop(t, "#address-cells", two, 1);
    prop(t, "#size-cells", two, 1);
    prop_str(t, "compatible", "sifive,hifive-unleashed-a00");
    begin(t, "cpus");
    prop(t, "#address-cells", one, 1);
    prop(t, "#size-cells", zero, 1);
    begin(t, "cpu@0");
    prop(t, "reg", zero, 1);                       /* not memory's reg */
    tok(t, FDT_END_NODE);
    begin(t, "cpu@1");
    prop(t, "reg", one, 1);
    tok(t, FDT_END_NODE);
    begin(t, "cpu-map");                           /* not a cpu */
    tok(t, FDT_END_NODE);
    tok(t, FDT_END_NODE);
    tok(t, FDT_NOP);
    begin(t, "memory@80000000");
    prop_str(t, "device_type", "memory");
    prop(t, "reg", reg, 4);
    tok(t, FDT_END_NODE);
    tok(t, FDT_END_NODE);
    tok(t, FDT_END);
}

static int read_tree(const struct tree *t, struct fdt_mem *m)
{
    uint32_t size;
    uint8_t *b = blob(t, &size);
    int rc = fdt_mem_read(b, size, m);

    free(b);
    return rc;
}

static void test_qemu_tree(void **state)
{
    struct tree t;
    struct fdt_mem m;

    (void)state;
    qemu_like(&t, 0x40000000u);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_OK);
    assert_int_equal(m.base, 0x80000000u);
    assert_int_equal(m.size, 0x40000000u);
    assert_int_equal(m.harts, 2);
    assert_int_equal(m.totalsize, HDR + RSV + t.sn + t.strn);
}

static void test_cells(void **state)
{
    static const uint32_t one[] = { 1 }, reg11[] = { 0x80000000u, 0x8000000u };
    static const uint32_t reg21[] = { 0, 0x80000000u, 0x1000000u };
    struct tree t;
    struct fdt_mem m;

    (void)state;
    memset(&t, 0, sizeof(t));                      /* 1/1 cells, "memory" */
    begin(&t, "");
    prop(&t, "#address-cells", one, 1);
    prop(&t, "#size-cells", one, 1);
    begin(&t, "memory");
    prop(&t, "reg", reg11, 2);
    tok(&t, FDT_END_NODE);
    tok(&t, FDT_END_NODE);
    tok(&t, FDT_END);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_OK);
    assert_int_equal(m.base, 0x80000000u);
    assert_int_equal(m.size, 0x8000000u);

    memset(&t, 0, sizeof(t));                      /* the defaults: 2/1 */
    begin(&t, "");
    begin(&t, "memory@80000000");
    prop(&t, "reg", reg21, 3);
    tok(&t, FDT_END_NODE);
    tok(&t, FDT_END_NODE);
    tok(&t, FDT_END);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_OK);
    assert_int_equal(m.base, 0x80000000u);
    assert_int_equal(m.size, 0x1000000u);
}

static void test_no_memory(void **state)
{
    static const uint32_t reg[] = { 0, 0x80000000u, 0, 0x1000u };
    struct tree t;
    struct fdt_mem m;
    uint32_t size, total;

    (void)state;
    memset(&t, 0, sizeof(t));                      /* only a nested one */
    begin(&t, "");
    begin(&t, "soc");
    begin(&t, "memory@80000000");
    prop(&t, "reg", reg, 4);
    tok(&t, FDT_END_NODE);
    tok(&t, FDT_END_NODE);
    begin(&t, "memoryx");                          /* not "memory" */
    prop(&t, "reg", reg, 4);
    tok(&t, FDT_END_NODE);
    tok(&t, FDT_END_NODE);
    tok(&t, FDT_END);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ENOMEM);
    uint8_t *b = blob(&t, &size);
    assert_int_equal(fdt_mem_header(b, size, &total), FDT_MEM_OK);
    assert_int_equal(total, size);
    free(b);
    assert_string_equal(fdt_mem_strerror(FDT_MEM_ENOMEM),
                        "no /memory node with a usable reg");
}

/* One header word changed in QEMU's tree: the code it must give. */
static int with_header(uint32_t off, uint32_t v, uint32_t avail_less)
{
    struct tree t;
    struct fdt_mem m;
    uint32_t size;

    qemu_like(&t, 0x8000000u);
    uint8_t *b = blob(&t, &size);
    if (off != ~0u)
        put32(b + off, v);
    int rc = fdt_mem_read(b, size - avail_less, &m);
    free(b);
    return rc;
}

static void test_bad_header(void **state)
{
    (void)state;
    assert_int_equal(with_header(~0u, 0, 0), FDT_MEM_OK);
    assert_int_equal(with_header(FDT_OFF_MAGIC, 0xD00DFEEEu, 0),
                     FDT_MEM_EMAGIC);
    assert_int_equal(with_header(FDT_OFF_TOTALSIZE, 0xFFFFFFF0u, 0),
                     FDT_MEM_EHEADER);
    assert_int_equal(with_header(~0u, 0, 4), FDT_MEM_EHEADER);  /* cut */
    assert_int_equal(with_header(FDT_OFF_TOTALSIZE, 39, 0), FDT_MEM_EHEADER);
    assert_int_equal(with_header(FDT_OFF_VERSION, 16, 0), FDT_MEM_EHEADER);
    assert_int_equal(with_header(FDT_OFF_DT_STRUCT, 58, 0), FDT_MEM_EHEADER);
    assert_int_equal(with_header(FDT_OFF_DT_STRUCT, 0xFFFFFFFCu, 0),
                     FDT_MEM_EHEADER);
    assert_int_equal(with_header(FDT_OFF_SIZE_DT_STRUCT, 0xFFFFFFF0u, 0),
                     FDT_MEM_EHEADER);
    assert_int_equal(with_header(FDT_OFF_DT_STRINGS, 0x7FFFFFFFu, 0),
                     FDT_MEM_EHEADER);
    assert_int_equal(with_header(FDT_OFF_SIZE_DT_STRINGS, 0xFFFFFFFFu, 0),
                     FDT_MEM_EHEADER);
    uint8_t small[8] = { 0xD0, 0x0D, 0xFE, 0xED };
    uint32_t total;
    assert_int_equal(fdt_mem_header(small, sizeof(small), &total),
                     FDT_MEM_EMAGIC);
}

static void test_bad_structure(void **state)
{
    static const uint32_t one[] = { 1 }, three[] = { 3 };
    static const uint32_t reg[] = { 0x80000000u, 0x1000u };
    struct tree t;
    struct fdt_mem m;

    (void)state;
    /* The struct block ends inside a node name. */
    memset(&t, 0, sizeof(t));
    begin(&t, "");
    tok(&t, FDT_BEGIN_NODE);
    memcpy(t.st + t.sn, "memo", 4);
    t.sn += 4;
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ESTRUCT);

    /* A property longer than the block, a name past the strings. */
    memset(&t, 0, sizeof(t));
    begin(&t, "");
    tok(&t, FDT_PROP);
    tok(&t, 4000);
    tok(&t, name_off(&t, "x"));
    tok(&t, 0);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ESTRUCT);
    memset(&t, 0, sizeof(t));
    begin(&t, "");
    name_off(&t, "model");
    tok(&t, FDT_PROP);
    tok(&t, 0);
    tok(&t, 6);                                    /* = strings' size */
    tok(&t, FDT_END_NODE);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ESTRUCT);

    /* Strings without their NUL at the block's end. */
    memset(&t, 0, sizeof(t));
    begin(&t, "");
    prop(&t, "reg", one, 1);
    t.strn--;                                      /* drop "reg"'s NUL */
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ESTRUCT);

    /* Nesting past FDT_MEM_DEPTH_MAX. */
    memset(&t, 0, sizeof(t));
    for (uint32_t i = 0; i <= FDT_MEM_DEPTH_MAX; i++)
        begin(&t, "n");
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ESTRUCT);

    /* An unknown token; END_NODE with no node open; a property outside
     * every node. */
    memset(&t, 0, sizeof(t));
    begin(&t, "");
    tok(&t, 7);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ESTRUCT);
    memset(&t, 0, sizeof(t));
    tok(&t, FDT_END_NODE);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ESTRUCT);
    memset(&t, 0, sizeof(t));
    prop(&t, "reg", one, 1);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ESTRUCT);

    /* reg too short for the cells, cells past 2, size 0. */
    memset(&t, 0, sizeof(t));
    begin(&t, "");
    begin(&t, "memory");
    prop(&t, "reg", reg, 2);                       /* default 2/1: 12 bytes */
    tok(&t, FDT_END_NODE);
    tok(&t, FDT_END_NODE);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ENOMEM);
    memset(&t, 0, sizeof(t));
    begin(&t, "");
    prop(&t, "#address-cells", three, 1);
    begin(&t, "memory");
    prop(&t, "reg", reg, 2);
    tok(&t, FDT_END_NODE);
    tok(&t, FDT_END_NODE);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ENOMEM);
    static const uint32_t zero_size[] = { 0x80000000u, 0 };
    memset(&t, 0, sizeof(t));
    begin(&t, "");
    prop(&t, "#address-cells", one, 1);
    prop(&t, "#size-cells", one, 1);
    begin(&t, "memory");
    prop(&t, "reg", zero_size, 2);
    tok(&t, FDT_END_NODE);
    tok(&t, FDT_END_NODE);
    assert_int_equal(read_tree(&t, &m), FDT_MEM_ENOMEM);
}

/* Seeded byte mutations of QEMU's tree, each in a buffer of exactly its
 * size: every answer is one of the codes, and ASan sees no read outside. */
static void test_mutations(void **state)
{
    struct tree t;
    uint32_t size, seed = 0x5EEDF00Du, seen[5] = { 0 };

    (void)state;
    qemu_like(&t, 0x8000000u);
    uint8_t *good = blob(&t, &size);
    for (uint32_t round = 0; round < 20000; round++) {
        uint8_t *b = malloc(size);
        assert_non_null(b);
        memcpy(b, good, size);
        for (uint32_t k = 0; k < 1 + round % 4; k++) {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            b[seed % size] ^= (uint8_t)(1u << (seed >> 29));
        }
        struct fdt_mem m;
        int rc = fdt_mem_read(b, size, &m);
        assert_true(rc <= 0 && rc >= FDT_MEM_ENOMEM);
        seen[-rc]++;
        free(b);
    }
    free(good);
    /* The mutations reach every outcome. */
    for (uint32_t i = 0; i < 5; i++)
        assert_true(seen[i] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_qemu_tree),
        cmocka_unit_test(test_cells),
        cmocka_unit_test(test_no_memory),
        cmocka_unit_test(test_bad_header),
        cmocka_unit_test(test_bad_structure),
        cmocka_unit_test(test_mutations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
