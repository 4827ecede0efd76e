/* The signed message of a label (firmware/crypto/sigmsg.h): its exact bytes for
 * a sample label, escaping, that every field changes them, that no two
 * labels share them, and that the verifier's sink hashes the same bytes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "firmware/crypto/ed25519.h"
#include "firmware/crypto/sigmsg.h"

struct buf {
    char b[4096];
    uint32_t len;
    uint32_t calls;
};

static void sink_buf(void *ctx, const void *data, uint32_t len)
{
    struct buf *o = ctx;

    assert_true(o->len + len <= sizeof(o->b));
    memcpy(o->b + o->len, data, len);
    o->len += len;
    o->calls++;
}

struct file {
    enum sigmsg_role role;
    const char *path;
    uint32_t size;
    uint8_t sha[SHA256_BYTES];
};

struct label {
    const char *name, *append;
    const uint32_t *rollback;       /* NULL: v1 */
    struct file files[5];
    uint32_t nfiles;
};

static void emit(struct buf *o, const struct label *l, sigmsg_sink sink,
                 void *ctx)
{
    struct sigmsg m;

    sigmsg_begin(&m, sink, ctx, l->name, (uint32_t)strlen(l->name), l->append,
                 (uint32_t)strlen(l->append), l->rollback);
    for (uint32_t i = 0; i < l->nfiles; i++)
        sigmsg_file(&m, l->files[i].role, l->files[i].path,
                    (uint32_t)strlen(l->files[i].path), l->files[i].size,
                    l->files[i].sha);
    (void)o;
}

static void render(struct buf *o, const struct label *l)
{
    memset(o, 0, sizeof(*o));
    emit(o, l, sink_buf, o);
}

static void sample(struct label *l)
{
    static const char *const paths[5] = {
        "/boot/kernel.bin", "/boot/initrd-a.img", "/boot/initrd-b.img",
        "/boot/board.dtb", "/boot/fw_dynamic.bin",
    };
    static const enum sigmsg_role roles[5] = {
        SIGMSG_KERNEL, SIGMSG_INITRD, SIGMSG_INITRD, SIGMSG_FDT, SIGMSG_FIRMWARE,
    };
    static const uint32_t sizes[5] = {4194304, 1, 0, 4294967295u, 61440};

    memset(l, 0, sizeof(*l));
    l->name = "main";
    l->append = "console=ttyS0 root=/dev/mmcblk0p2";
    l->nfiles = 5;
    for (uint32_t i = 0; i < 5; i++) {
        l->files[i].role = roles[i];
        l->files[i].path = paths[i];
        l->files[i].size = sizes[i];
        for (uint32_t j = 0; j < SHA256_BYTES; j++)
            l->files[i].sha[j] = (uint8_t)(16 * i + j);
    }
}

static void test_exact_bytes(void **state)
{
    static const char want[] =
        "extload-sig-v1\n"
        "label main\n"
        "append console=ttyS0 root=/dev/mmcblk0p2\n"
        "file kernel /boot/kernel.bin 4194304 "
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n"
        "file initrd /boot/initrd-a.img 1 "
        "101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f\n"
        "file initrd /boot/initrd-b.img 0 "
        "202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f\n"
        "file fdt /boot/board.dtb 4294967295 "
        "303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f\n"
        "file firmware /boot/fw_dynamic.bin 61440 "
        "404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f\n";
    struct label l;
    struct buf o;

    (void)state;
    sample(&l);
    render(&o, &l);
    assert_int_equal(o.len, sizeof(want) - 1);
    assert_memory_equal(o.b, want, o.len);
}

/* v2: its own first line, and the index right after append. */
static void test_v2_bytes(void **state)
{
    static const char want[] =
        "extload-sig-v2\n"
        "label main\n"
        "append console=ttyS0 root=/dev/mmcblk0p2\n"
        "rollback 4294967295\n"
        "file kernel /boot/kernel.bin 4194304 "
        "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f\n";
    static const char zero[] =
        "extload-sig-v2\nlabel x\nappend \nrollback 0\n";
    static const uint32_t top = 4294967295u, none = 0, five = 5, fifty = 50;
    struct label l;
    struct buf o, o5, o50;

    (void)state;
    sample(&l);
    l.nfiles = 1;
    l.rollback = &top;
    render(&o, &l);
    assert_int_equal(o.len, sizeof(want) - 1);
    assert_memory_equal(o.b, want, o.len);
    memset(&l, 0, sizeof(l));
    l.name = "x";
    l.append = "";
    l.rollback = &none;
    render(&o, &l);
    assert_int_equal(o.len, sizeof(zero) - 1);
    assert_memory_equal(o.b, zero, o.len);
    /* the index changes the bytes; v1 and v2 at index 0 differ too */
    l.rollback = &five;
    render(&o5, &l);
    l.rollback = &fifty;
    render(&o50, &l);
    assert_false(o5.len == o50.len && !memcmp(o5.b, o50.b, o5.len));
    assert_false(o5.len == o.len && !memcmp(o5.b, o.b, o.len));
    l.rollback = NULL;
    render(&o5, &l);
    assert_memory_equal(o5.b, "extload-sig-v1\nlabel x\nappend \n", o5.len);
}

static void test_escapes(void **state)
{
    static const char want[] =
        "extload-sig-v1\n"
        "label a\\x20b\\x0a\\x5c\\x7f\\x09\xc3\xa9\n"
        "append x  y\\x0afile kernel / 0 0\\x5cn\n"
        "file fdt /a\\x20dir/\\x0d.dtb 7 "
        "0000000000000000000000000000000000000000000000000000000000000000\n";
    struct label l;
    struct buf o;

    (void)state;
    memset(&l, 0, sizeof(l));
    l.name = "a b\n\\\x7f\t\xc3\xa9";
    l.append = "x  y\nfile kernel / 0 0\\n";
    l.nfiles = 1;
    l.files[0].role = SIGMSG_FDT;
    l.files[0].path = "/a dir/\r.dtb";
    l.files[0].size = 7;
    render(&o, &l);
    assert_int_equal(o.len, sizeof(want) - 1);
    assert_memory_equal(o.b, want, o.len);
    /* every line ends at its own '\n': 4 lines, whatever the fields held */
    uint32_t lines = 0;
    for (uint32_t i = 0; i < o.len; i++)
        lines += o.b[i] == '\n';
    assert_int_equal(lines, 4);
    assert_null(sigmsg_role_name((enum sigmsg_role)7));
}

static int same(const struct buf *a, const struct buf *b)
{
    return a->len == b->len && !memcmp(a->b, b->b, a->len);
}

/* Each field of the sample changed alone: other bytes, every time. */
static void test_every_field_counts(void **state)
{
    struct label base, l;
    struct buf o0, o;

    (void)state;
    sample(&base);
    render(&o0, &base);
    l = base;
    l.name = "mai";
    render(&o, &l);
    assert_false(same(&o0, &o));
    l = base;
    l.append = "console=ttyS0 root=/dev/mmcblk0p3";
    render(&o, &l);
    assert_false(same(&o0, &o));
    l = base;
    l.append = "";
    render(&o, &l);
    assert_false(same(&o0, &o));
    for (uint32_t i = 0; i < base.nfiles; i++) {
        l = base;
        l.files[i].role = (enum sigmsg_role)((l.files[i].role + 1) % 4);
        render(&o, &l);
        assert_false(same(&o0, &o));
        l = base;
        l.files[i].path = "/boot/other";
        render(&o, &l);
        assert_false(same(&o0, &o));
        l = base;
        l.files[i].size ^= 1;
        render(&o, &l);
        assert_false(same(&o0, &o));
        for (uint32_t j = 0; j < SHA256_BYTES; j++) {
            l = base;
            l.files[i].sha[j] ^= 0x10;
            render(&o, &l);
            assert_false(same(&o0, &o));
        }
        /* a file left out */
        l = base;
        memmove(&l.files[i], &l.files[i + 1],
                (base.nfiles - 1 - i) * sizeof(l.files[0]));
        l.nfiles--;
        render(&o, &l);
        assert_false(same(&o0, &o));
    }
    /* the two initrd parts swapped */
    l = base;
    l.files[1] = base.files[2];
    l.files[2] = base.files[1];
    render(&o, &l);
    assert_false(same(&o0, &o));
}

/* Fields that would run into each other without the escapes. */
static void test_no_two_labels_alike(void **state)
{
    struct label a, b;
    struct buf oa, ob;

    (void)state;
    memset(&a, 0, sizeof(a));
    memset(&b, 0, sizeof(b));
    /* a space moved from the name into APPEND */
    a.name = "a b";
    a.append = "c";
    b.name = "a";
    b.append = "b c";
    render(&oa, &a);
    render(&ob, &b);
    assert_false(same(&oa, &ob));
    /* a file line smuggled in through APPEND */
    a.name = "x";
    a.append = "";
    a.nfiles = 1;
    a.files[0].role = SIGMSG_KERNEL;
    a.files[0].path = "/k";
    a.files[0].size = 1;
    render(&oa, &a);
    {
        char smuggled[200];

        memcpy(smuggled, oa.b + strlen(SIGMSG_MAGIC "label x\nappend \n"),
               oa.len - strlen(SIGMSG_MAGIC "label x\nappend \n"));
        smuggled[oa.len - strlen(SIGMSG_MAGIC "label x\nappend \n") - 1] = 0;
        b.name = "x";
        b.append = smuggled;       /* "file kernel /k 1 00...00" */
        b.nfiles = 0;
        render(&ob, &b);
        assert_false(same(&oa, &ob));
    }
    /* a space moved from the path into... nowhere else: "/a b" vs "/a" "b" */
    memset(&a, 0, sizeof(a));
    a.name = "x";
    a.append = "";
    a.nfiles = 1;
    a.files[0].path = "/a 1";
    a.files[0].size = 2;
    b = a;
    b.files[0].path = "/a";
    b.files[0].size = 12;
    render(&oa, &a);
    render(&ob, &b);
    assert_false(same(&oa, &ob));
}

/* sigmsg_sink_verify hashes exactly the rendered bytes. */
static void test_sink_verify(void **state)
{
    static const uint8_t key[32] = {0x01};         /* y = 1: canonical */
    uint8_t sig[64];
    struct ed25519_verify va, vb;
    uint8_t da[SHA512_BYTES], db[SHA512_BYTES];
    struct label l;
    struct buf o;

    (void)state;
    memset(sig, 0, sizeof(sig));
    sig[0] = 1;
    sample(&l);
    render(&o, &l);
    assert_true(o.calls > 10);                     /* it streamed */
    ed25519_verify_init(&va, key, sig);
    ed25519_verify_init(&vb, key, sig);
    emit(&o, &l, sigmsg_sink_verify, &va);
    ed25519_verify_update(&vb, o.b, o.len);
    sha512_final(&va.hash, da);
    sha512_final(&vb.hash, db);
    assert_memory_equal(da, db, SHA512_BYTES);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_bytes),
        cmocka_unit_test(test_v2_bytes),
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_every_field_counts),
        cmocka_unit_test(test_no_two_labels_alike),
        cmocka_unit_test(test_sink_verify),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
