/* firmware/inflate against Python's zlib: thousands of seeded streams
 * (tests/tools/zvectors.py: every level and strategy, flushes, long
 * matches at distance 32768, 0- and 1-byte outputs, gzip headers with
 * FEXTRA, FNAME, FCOMMENT, FHCRC) fed in chunks of seeded sizes, each
 * inflated whole, into exactly its room, and into one byte less; the
 * hostile streams each fail with their own error, never writing past
 * the room. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "firmware/inflate/inflate.h"

#define STREAMS 3000
#define CANARY 64u

struct feed {
    const uint8_t *p;
    uint32_t left;
    uint32_t seed;
    uint32_t calls;
    int32_t fail_at;                /* the call that returns an error; -1 */
};

static int32_t feed_read(void *ctx, const uint8_t **buf)
{
    struct feed *f = ctx;

    if (f->fail_at >= 0 && f->calls++ == (uint32_t)f->fail_at)
        return -5;
    if (!f->left)
        return 0;
    f->seed = f->seed * 1103515245u + 12345u;
    uint32_t n = 1u + (f->seed >> 8) % (f->seed & 0x10000u ? 4096u : 7u);

    if (n > f->left)
        n = f->left;
    *buf = f->p;
    f->p += n;
    f->left -= n;
    return (int32_t)n;
}

static const struct {
    const char *name;
    int value;
} names[] = {
#define INFLATE_ERR_NAME(name, value, text) { #name, value },
    INFLATE_ERRORS(INFLATE_ERR_NAME)
#undef INFLATE_ERR_NAME
};

static int err_of(const char *name)
{
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strcmp(names[i].name, name) == 0)
            return names[i].value;
    fail_msg("no error named %s", name);
    return 1;
}

/* Inflates comp into a room of cap bytes followed by a canary: the
 * result, *len set; the canary never touched. */
static int run(int kind, const uint8_t *comp, uint32_t n, uint8_t *room,
               uint32_t cap, uint32_t seed, uint32_t *len)
{
    static struct inflate z;
    struct feed f = { comp, n, seed, 0, -1 };

    memset(room + cap, 0xA5, CANARY);
    inflate_init(&z, room, cap, feed_read, &f);
    int rc = kind ? inflate_gzip(&z) : inflate_raw(&z);
    for (uint32_t i = 0; i < CANARY; i++)
        assert_int_equal(room[cap + i], 0xA5);
    assert_true(z.len <= cap);
    *len = z.len;
    return rc;
}

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
           (uint32_t)p[3] << 24;
}

static void test_against_zlib(void **state)
{
    static uint8_t room[1u << 20];
    static uint8_t buf[1u << 24];
    size_t have = 0;
    unsigned valid = 0, hostile = 0, full = 0;
    unsigned seen[sizeof(names) / sizeof(names[0])] = { 0 };
    char cmd[128];

    (void)state;
    snprintf(cmd, sizeof(cmd), "python3 tests/tools/zvectors.py 52 %d",
             STREAMS);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    have = fread(buf, 1, sizeof(buf), p);
    assert_int_equal(pclose(p), 0);
    assert_true(have < sizeof(buf));

    for (size_t at = 0; at < have;) {
        assert_int_equal(buf[at], 'V');
        int kind = buf[at + 1];
        char name[32] = "";
        uint32_t nl = buf[at + 2];

        assert_true(nl < sizeof(name));
        memcpy(name, buf + at + 3, nl);
        at += 3 + nl;
        uint32_t raw_len = le32(buf + at);
        const uint8_t *raw = buf + at + 4;
        at += 4 + raw_len;
        uint32_t comp_len = le32(buf + at);
        const uint8_t *comp = buf + at + 4;
        at += 4 + comp_len;
        assert_true(at <= have);
        assert_true(raw_len + CANARY <= sizeof(room));

        uint32_t len, seed = (uint32_t)at;
        if (nl) {
            int want = err_of(name);
            int rc = run(kind, comp, comp_len, room,
                         (uint32_t)sizeof(room) - CANARY, seed, &len);
            if (rc != want)
                fail_msg("hostile stream %u (%s): got %d %s", hostile, name,
                         rc, inflate_strerror(rc));
            seen[-want]++;
            hostile++;
            continue;
        }
        int rc = run(kind, comp, comp_len, room,
                     (uint32_t)sizeof(room) - CANARY, seed, &len);
        if (rc || len != raw_len || memcmp(room, raw, raw_len))
            fail_msg("stream %u (kind %d, %u bytes): rc %d %s, %u bytes",
                     valid, kind, raw_len, rc, inflate_strerror(rc), len);
        /* exactly its room */
        assert_int_equal(run(kind, comp, comp_len, room, raw_len, seed * 3u,
                             &len), 0);
        assert_int_equal(len, raw_len);
        assert_memory_equal(room, raw, raw_len);
        if (raw_len) {
            /* one byte short: the room filled, not one byte more */
            assert_int_equal(run(kind, comp, comp_len, room, raw_len - 1u,
                                 seed * 5u, &len), INFLATE_EFULL);
            assert_int_equal(len, raw_len - 1u);
            assert_memory_equal(room, raw, raw_len - 1u);
            full++;
        }
        valid++;
    }
    print_message("# %u streams inflated as zlib wrote them (%u also one "
                  "byte short), %u hostile ones refused\n", valid, full,
                  hostile);
    assert_int_equal(valid, STREAMS);
    assert_true(hostile > 300);
    /* every error but success, the read's (test_read_error) and the
     * room's (one byte short, above) has its own hostile streams */
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (names[i].value != INFLATE_OK && names[i].value != INFLATE_EREAD &&
            names[i].value != INFLATE_EFULL && !seen[-names[i].value])
            fail_msg("no hostile stream for %s", names[i].name);
}

/* "hello" as gzip -n writes it: a 25-byte member. */
static const uint8_t hello[25] = {
    0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
    0xcb, 0x48, 0xcd, 0xc9, 0xc9, 0x07, 0x00,
    0x86, 0xa6, 0x10, 0x36, 0x05, 0x00, 0x00, 0x00,
};

/* A read error mid-stream is the decoder's EREAD, the callback's code
 * kept. */
static void test_read_error(void **state)
{
    static struct inflate z;
    uint8_t out[16];

    (void)state;
    for (int32_t k = 0; k < 40; k++) {
        struct feed f = { hello, sizeof(hello), 1, 0, k };

        inflate_init(&z, out, sizeof(out), feed_read, &f);
        int rc = inflate_gzip(&z);
        if (rc == 0) {
            assert_int_equal(z.len, 5);
            assert_memory_equal(out, "hello", 5);
            assert_true(k > 1);      /* the error came after the end */
            break;
        }
        assert_int_equal(rc, INFLATE_EREAD);
        assert_int_equal(z.read_err, -5);
    }
    assert_string_equal(inflate_strerror(INFLATE_EDIST),
                        "a back-reference points before the output's start");
    assert_string_equal(inflate_strerror(5), "unknown error");
}

/* A member split into two chunks at each byte, 32 zero bytes after it
 * in the second: whatever the split, where the bit buffer's refills
 * stop differs, and at some the buffer is empty at the trailer's end
 * with the bytes that follow still in the chunk (on RISC-V's 4-byte
 * refill; the host's word refill always pulls them into the buffer). */
struct two_chunks {
    const uint8_t *p;
    uint32_t n[2], k;
};

static int32_t two_chunks(void *ctx, const uint8_t **buf)
{
    struct two_chunks *t = ctx;

    if (t->k == 2)
        return 0;
    *buf = t->p;
    t->p += t->n[t->k];
    return (int32_t)t->n[t->k++];
}

static void test_trailing_in_chunk(void **state)
{
    static uint8_t member[sizeof(hello) + 32];   /* 32 zero bytes after */
    static struct inflate z;
    uint8_t out[16];

    (void)state;
    memcpy(member, hello, sizeof(hello));
    for (uint32_t at = 1; at < sizeof(hello); at++) {
        struct two_chunks t = { member, { at, sizeof(member) - at }, 0 };

        inflate_init(&z, out, sizeof(out), two_chunks, &t);
        assert_int_equal(inflate_gzip(&z), INFLATE_ETRAILING);
        assert_int_equal(z.len, 5);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_against_zlib),
        cmocka_unit_test(test_read_error),
        cmocka_unit_test(test_trailing_in_chunk),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
