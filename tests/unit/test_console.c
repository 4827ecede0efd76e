/* The firmware's small printf against the C library's for what it claims
 * to support, and its output path through a console in chunks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "firmware/boot/boot.h"
#include "firmware/console/console.h"
#include "lib/num.h"

#define SAME(...) do {                                                   \
        char ours[128], libc[128];                                       \
        uint32_t n = fmt_snprintf(ours, sizeof(ours), __VA_ARGS__);      \
        int m = snprintf(libc, sizeof(libc), __VA_ARGS__);               \
        assert_string_equal(ours, libc);                                 \
        assert_int_equal(n, m);                                          \
    } while (0)

static void test_matches_libc(void **state)
{
    (void)state;
    /* What every build formats (CONSOLE_FULL=0 too). */
    SAME("plain");
    SAME("%u %x %o", 4294967295u, 0xdeadbeefu, 0755u);
    SAME("%08x|%8x|%3u|%10u|%02u", 0x1234u, 0x1234u, 7u, 99u, 123u);
    SAME("%lu %lx %08lx %lo", 123456789ul, 0xfffful, 0xabcul, 0100644ul);
    SAME("%llu %llx", 18446744073709551615ull, 0x123456789abcdefull);
    SAME("%llu %llu %08llx %llu", 4294967296ull, 281474976710655ull,
         0xFFFF0000FFFF0000ull, 10000000000000000000ull);
    SAME("%s|%10s|%.*s|%.*s|", "abc", "abc", 2, "xyz", 9, "xyz");
    SAME("%u %c %llu %s", 12u, 'd', 4096ull, "name");   /* ls's line */
#if !CONSOLE_FULL
    /* What the small one leaves out is dropped, its argument unread. */
    char buf[16];
    assert_int_equal(fmt_snprintf(buf, sizeof(buf), "a%%b%Xc", 1u), 3);
    assert_string_equal(buf, "abc");
#else
    SAME("%-8x|%-3u|%-10s|", 0x1234u, 7u, "abc");
    SAME("%c%c%%", 'o', 'k');
    SAME("%d %i %d", 0, -1, 2147483647);
    SAME("%d", (int)-2147483647 - 1);
    SAME("%X %llX", 0xabcu, 0xFFFF0000FFFF0000ull);
    SAME("%05d|%5d|%-5d|", -42, -42, -42);
    SAME("%lld", -9223372036854775807ll - 1);
    SAME("%zu", (size_t)4096);
    SAME("%.3s", "abcdef");
#endif
}

static void test_truncation(void **state)
{
    char buf[8];
    (void)state;

    assert_int_equal(fmt_snprintf(buf, sizeof(buf), "%s", "0123456789"), 10);
    assert_string_equal(buf, "0123456");
    assert_int_equal(fmt_snprintf(buf, 1, "abc"), 3);
    assert_string_equal(buf, "");
    assert_int_equal(fmt_snprintf(NULL, 0, "%u", 12345u), 5);
    const char *volatile none = NULL;       /* hidden from -Wformat */
    assert_int_equal(fmt_snprintf(buf, sizeof(buf), "%s", none), 6);
    assert_string_equal(buf, "(null)");
}

/* A message cut to its buffer ends at a word with "..." (#30.4: the
 * system-zone sentence once ended "bitma"); one that fits is whole. */
static void test_cut_at_a_word(void **state)
{
    const char *zone = "inode 12, block 300: block map points into the "
                       "system zone (superblock, group descriptors, "
                       "bitmaps, inode table)";
    char buf[96], big[BOOT_WHY_MAX], tiny[16];
    (void)state;

    /* num_put's messages: the same rule, in every profile. */
    uint32_t at = num_put(buf, 40, 0, zone);
    assert_int_equal(num_cut_word(buf, 40, at), 33);
    assert_string_equal(buf, "inode 12, block 300: block map...");
    at = num_put(buf, sizeof(buf), 0, "short");
    assert_int_equal(num_cut_word(buf, sizeof(buf), at), 5);
    assert_string_equal(buf, "short");
    if (!BOOT_MESSAGES)
        return;                   /* fmt_snprintf cuts where it must */
    assert_int_equal(fmt_snprintf(buf, sizeof(buf), "%s", zone),
                     strlen(zone));
    assert_string_equal(buf, "inode 12, block 300: block map points into "
                        "the system zone (superblock, group descriptors...");
    assert_int_equal(fmt_snprintf(big, sizeof(big), "%s", zone),
                     strlen(zone));
    assert_string_equal(big, zone);
    /* One long word: cut inside it, still with "...". */
    fmt_snprintf(tiny, sizeof(tiny), "%s", "abcdefghijklmnopqrstuvwxyz");
    assert_string_equal(tiny, "abcdefghijkl...");
    /* A buffer too small for the rule is cut as before. */
    assert_int_equal(fmt_snprintf(buf, 8, "%s", "0123 456789"), 11);
    assert_string_equal(buf, "0123 45");
}

/* What a build without sentences prints for an error: its table and
 * value, cut to the buffer like every num_put. */
static void test_error_codes(void **state)
{
    char buf[BOOT_CODE_MAX], small[10];
    (void)state;

    assert_int_equal(num_put_code(buf, sizeof(buf), 0, "ext", EXT_ENOENT),
                     12);
    assert_string_equal(buf, "ext error -7");
    assert_string_equal(boot_code_text(buf, "SD", -12), "SD error -12");
    assert_string_equal(boot_code_text(buf, "boot", 3), "boot error 3");
    assert_string_equal(boot_code_text(buf, "part", INT32_MIN),
                        "part error -2147483648");
    assert_int_equal(num_put_code(small, sizeof(small), 0, "ext", -5), 9);
    assert_string_equal(small, "ext error");
}

struct sink {
    char out[512];
    size_t len;
    int calls;
};

static void sink_write(void *ctx, const char *s, uint32_t n)
{
    struct sink *k = ctx;

    assert_true(k->len + n < sizeof(k->out));
    memcpy(k->out + k->len, s, n);
    k->len += n;
    k->out[k->len] = '\0';
    k->calls++;
}

static void test_console_chunks(void **state)
{
    struct sink k = { .len = 0 };
    const struct console con = { sink_write, &k };
    char big[201];
    (void)state;

    memset(big, 'x', 200);
    big[200] = '\0';
    con_printf(&con, "[%s] %u\n", big, 42u);
    assert_int_equal(k.len, 200 + 6);
    assert_memory_equal(k.out + 201, "] 42\n", 5);
    assert_true(k.calls > 1);               /* went out in pieces */
    con_puts(&con, "tail");
    assert_string_equal(k.out + 206, "tail");
    con_printf(NULL, "[%s] %u\n", big, 42u);      /* no console: nothing */
    assert_int_equal(k.len, 210);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matches_libc),
        cmocka_unit_test(test_truncation),
        cmocka_unit_test(test_error_codes),
        cmocka_unit_test(test_cut_at_a_word),
        cmocka_unit_test(test_console_chunks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
