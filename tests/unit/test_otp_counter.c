/* The rollback fuses' layout (drivers/otp_counter.h) on a model of the
 * OTP: 4096 words of 0xffffffff, a program clearing bit 0 of one word
 * (or not: a stuck fuse), every program counted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "drivers/otp_counter.h"

struct fuses {
    uint32_t w[OTP_WORDS];
    uint32_t stuck;                 /* a word programs do not change; 0:
                                     * none (word 0 is SiFive's) */
    uint32_t programs;
};

static uint32_t f_read(void *ctx, uint32_t word)
{
    return ((struct fuses *)ctx)->w[word];
}

static void f_program(void *ctx, uint32_t word)
{
    struct fuses *f = ctx;

    f->programs++;
    if (word != f->stuck)
        f->w[word] &= ~1u;
}

static void fresh(struct fuses *f, struct otp_io *io)
{
    memset(f, 0xff, sizeof(f->w));
    f->stuck = 0;
    f->programs = 0;
    *io = (struct otp_io){ f_read, f_program, f };
}

/* Words programmed anywhere. */
static uint32_t programmed(const struct fuses *f)
{
    uint32_t n = 0;

    for (uint32_t i = 0; i < OTP_WORDS; i++)
        n += f->w[i] != 0xffffffffu;
    return n;
}

static void test_fresh_and_raise(void **state)
{
    static struct fuses f;
    struct otp_io io;

    (void)state;
    fresh(&f, &io);
    assert_int_equal(otp_floor(&io), 0);
    assert_int_equal(otp_revoked(&io), 0);
    assert_int_equal(otp_floor_raise(&io, 5), 0);
    assert_int_equal(otp_floor(&io), 5);
    assert_int_equal(f.programs, 5);             /* one per step */
    assert_int_equal(programmed(&f), 5);
    for (uint32_t i = 0; i < 5; i++)
        assert_int_equal(f.w[OTP_FLOOR_FIRST + i], 0xfffffffeu);
    assert_int_equal(f.w[OTP_FLOOR_FIRST + 5], 0xffffffffu);
    /* lower or equal: nothing written */
    assert_int_equal(otp_floor_raise(&io, 3), 0);
    assert_int_equal(otp_floor_raise(&io, 5), 0);
    assert_int_equal(f.programs, 5);
    assert_int_equal(otp_floor(&io), 5);
    /* up again: only the new steps */
    assert_int_equal(otp_floor_raise(&io, 7), 0);
    assert_int_equal(f.programs, 7);
    assert_int_equal(otp_floor(&io), 7);
}

static void test_limits(void **state)
{
    static struct fuses f;
    struct otp_io io;

    (void)state;
    fresh(&f, &io);
    assert_int_equal(otp_floor_raise(&io, OTP_FLOOR_STEPS + 1u), OTP_EFULL);
    assert_int_equal(f.programs, 0);
    assert_int_equal(otp_floor_raise(&io, OTP_FLOOR_STEPS), 0);
    assert_int_equal(otp_floor(&io), OTP_FLOOR_STEPS);
    assert_int_equal(programmed(&f), OTP_FLOOR_STEPS);
    /* the revocation words are not the floor's */
    assert_int_equal(otp_revoked(&io), 0);
}

/* The floor counts programmed words from the first: a word past an
 * unprogrammed one counts for nothing; any bit but bit 0 is not read. */
static void test_unary_from_the_first(void **state)
{
    static struct fuses f;
    struct otp_io io;

    (void)state;
    fresh(&f, &io);
    f.w[OTP_FLOOR_FIRST + 1] = 0;                /* a gap at step 0 */
    assert_int_equal(otp_floor(&io), 0);
    f.w[OTP_FLOOR_FIRST] = 0x00000002u;          /* bit 0 clear */
    assert_int_equal(otp_floor(&io), 2);
    f.w[OTP_FLOOR_FIRST + 2] = 0xfffffff1u;      /* bit 0 set: not one */
    assert_int_equal(otp_floor(&io), 2);
}

/* Every write read back: a stuck fuse fails the raise there; the steps
 * before it stay, none after it is tried. */
static void test_read_back(void **state)
{
    static struct fuses f;
    struct otp_io io;

    (void)state;
    fresh(&f, &io);
    f.stuck = OTP_FLOOR_FIRST + 3;
    assert_int_equal(otp_floor_raise(&io, 6), OTP_EWRITE);
    assert_int_equal(otp_floor(&io), 3);
    assert_int_equal(f.programs, 4);
    assert_int_equal(f.w[OTP_FLOOR_FIRST + 4], 0xffffffffu);
    f.stuck = OTP_REVOKE_FIRST + 2;
    assert_int_equal(otp_revoke(&io, 2), OTP_EWRITE);
    assert_int_equal(otp_revoked(&io), 0);
}

static void test_revoke(void **state)
{
    static struct fuses f;
    struct otp_io io;

    (void)state;
    fresh(&f, &io);
    assert_int_equal(otp_revoke(&io, 1), 0);
    assert_int_equal(f.w[OTP_REVOKE_FIRST + 1], 0xfffffffeu);
    assert_int_equal(otp_revoked(&io), 0x2);
    assert_int_equal(otp_revoke(&io, 0), 0);
    assert_int_equal(otp_revoked(&io), 0x3);
    assert_int_equal(otp_revoke(&io, OTP_REVOKE_KEYS), OTP_EWRITE);
    assert_int_equal(programmed(&f), 2);
    assert_int_equal(otp_floor(&io), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fresh_and_raise),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_unary_from_the_first),
        cmocka_unit_test(test_read_back),
        cmocka_unit_test(test_revoke),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
