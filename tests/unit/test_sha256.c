/* SHA-256 against FIPS 180-4 / NIST vectors and sha256sum on edge lengths. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "firmware/crypto/sha256.h"

/* The other form of the compression function (SHA256_UNROLL flipped), built
 * here under other names so both are held to the same vectors whatever
 * the build's default is. */
#if SHA256_UNROLL
#define OTHER_UNROLL 0
#else
#define OTHER_UNROLL 1
#endif
#undef SHA256_UNROLL
#define SHA256_UNROLL OTHER_UNROLL
#define sha256_init other_sha256_init
#define sha256_update other_sha256_update
#define sha256_final other_sha256_final
#define sha256_hex other_sha256_hex
#define sha256_parse_hex other_sha256_parse_hex
void sha256_init(struct sha256 *s);
void sha256_update(struct sha256 *s, const void *data, uint32_t len);
void sha256_final(struct sha256 *s, uint8_t out[SHA256_BYTES]);
void sha256_hex(const uint8_t *digest, uint32_t n, char *out);
int sha256_parse_hex(const char *s, uint32_t len, uint8_t out[SHA256_BYTES]);
#include "firmware/crypto/sha256.c"
#undef sha256_init
#undef sha256_update
#undef sha256_final
#undef sha256_hex
#undef sha256_parse_hex

/* Seeded bytes of every length 0..300 and a long odd-sized stream, fed in
 * odd pieces: both forms give the same digest. */
static void test_both_forms_agree(void **state)
{
    static uint8_t buf[70001];
    uint32_t x = 2463534242u;

    (void)state;
    for (size_t i = 0; i < sizeof(buf); i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        buf[i] = (uint8_t)x;
    }
    for (uint32_t len = 0; len <= sizeof(buf); len += len < 300 ? 1 : 9973) {
        struct sha256 a, b;
        uint8_t da[SHA256_BYTES], db[SHA256_BYTES];

        sha256_init(&a);
        other_sha256_init(&b);
        for (uint32_t off = 0; off < len;) {
            uint32_t piece = 1 + (off * 7919u) % 200u;

            if (piece > len - off)
                piece = len - off;
            sha256_update(&a, buf + off, piece);
            other_sha256_update(&b, buf + off, piece);
            off += piece;
        }
        sha256_final(&a, da);
        other_sha256_final(&b, db);
        assert_memory_equal(da, db, SHA256_BYTES);
    }
}

static void hash_hex(const void *data, uint32_t len, char out[65])
{
    struct sha256 s;
    uint8_t d[SHA256_BYTES];

    sha256_init(&s);
    sha256_update(&s, data, len);
    sha256_final(&s, d);
    sha256_hex(d, SHA256_BYTES, out);
}

static void test_empty(void **state)
{
    char hex[65];
    (void)state;
    hash_hex("", 0, hex);
    assert_string_equal(hex, "e3b0c44298fc1c149afbf4c8996fb924"
                             "27ae41e4649b934ca495991b7852b855");
}

static void test_abc(void **state)
{
    char hex[65];
    (void)state;
    hash_hex("abc", 3, hex);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
                             "b00361a396177a9cb410ff61f20015ad");
}

static void test_two_blocks(void **state)
{
    static const char msg[] =
        "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    char hex[65];
    (void)state;
    hash_hex(msg, (uint32_t)strlen(msg), hex);
    assert_string_equal(hex, "248d6a61d20638b8e5c026930c3e6039"
                             "a33ce45964ff2167f6ecedd419db06c1");
}

/* One million 'a', fed in uneven pieces so every path through update()
 * (partial block, whole blocks, tail) is taken. */
static void test_million_a(void **state)
{
    static uint8_t a[1000];
    struct sha256 s;
    uint8_t d[SHA256_BYTES];
    char hex[65];
    uint32_t left = 1000000, step = 1;
    (void)state;

    memset(a, 'a', sizeof(a));
    sha256_init(&s);
    while (left) {
        uint32_t n = step < left ? step : left;
        sha256_update(&s, a, n);
        left -= n;
        step = step * 7 % 997 + 1;
    }
    sha256_final(&s, d);
    sha256_hex(d, SHA256_BYTES, hex);
    assert_string_equal(hex, "cdc76e5c9914fb9281a1c7e284d73e67"
                             "f1809a48a497200e046d39ccc7112cd0");
}

/* Lengths where the padding changes shape: 55 fits the length in the same
 * block, 56 needs a second block, 64 is exactly one block. Expected values
 * from sha256sum over 'a' * n. */
static void test_padding_edges(void **state)
{
    static const struct {
        uint32_t n;
        const char *hex;
    } v[] = {
        { 55, "9f4390f8d30c2dd92ec9f095b65e2b9a"
               "e9b0a925a5258e241c9f1e910f734318" },
        { 56, "b35439a4ac6f0948b6d6f9e3c6af0f5f"
               "590ce20f1bde7090ef7970686ec6738a" },
        { 57, "f13b2d724659eb3bf47f2dd6af1accc8"
               "7b81f09f59f2b75e5c0bed6589dfe8c6" },
        { 63, "7d3e74a05d7db15bce4ad9ec0658ea98"
               "e3f06eeecf16b4c6fff2da457ddc2f34" },
        { 64, "ffe054fe7ae0cb6dc65c3af9b61d5209"
               "f439851db43d0ba5997337df154668eb" },
        { 65, "635361c48bb9eab14198e76ea8ab7f1a"
               "41685d6ad62aa9146d301d4f17eb0ae0" },
    };
    uint8_t a[65];
    char hex[65];
    (void)state;

    memset(a, 'a', sizeof(a));
    for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
        hash_hex(a, v[i].n, hex);
        assert_string_equal(hex, v[i].hex);
    }
}

static void test_parse_hex(void **state)
{
    static const char line[] =
        "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"
        "  kernel.bin\n";
    uint8_t d[SHA256_BYTES];
    char hex[65];
    (void)state;

    assert_int_equal(sha256_parse_hex(line, (uint32_t)strlen(line), d), 0);
    sha256_hex(d, SHA256_BYTES, hex);
    assert_string_equal(hex, "ba7816bf8f01cfea414140de5dae2223"
                             "b00361a396177a9cb410ff61f20015ad");
    assert_int_equal(sha256_parse_hex(line, 64, d), 0);
    assert_int_equal(sha256_parse_hex(line, 63, d), -1);
    assert_int_equal(sha256_parse_hex("xy", 2, d), -1);
    char bad[sizeof(line)];
    memcpy(bad, line, sizeof(bad));
    bad[10] = 'g';
    assert_int_equal(sha256_parse_hex(bad, 70, d), -1);
    memcpy(bad, line, sizeof(bad));
    bad[64] = 'a';                     /* 65 hex digits: not a digest */
    assert_int_equal(sha256_parse_hex(bad, 70, d), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty),
        cmocka_unit_test(test_abc),
        cmocka_unit_test(test_two_blocks),
        cmocka_unit_test(test_million_a),
        cmocka_unit_test(test_padding_edges),
        cmocka_unit_test(test_parse_hex),
        cmocka_unit_test(test_both_forms_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
