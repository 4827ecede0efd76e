/* The trial record (firmware/trial/trial.h): the exact bytes and CRC of a
 * known record (the CRC from Python's zlib.crc32, an outside oracle), the
 * round trip, and every record decode refuses. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "firmware/trial/trial.h"
#include "lib/crc.h"

/* seq 5, tries 3, ARMED, label "linux-b":
 * python3 -c "import zlib,struct; b=struct.pack('<IBBBBI',0x4C545845,1,3,0,
 * 0,5)+b'linux-b'.ljust(48,b'\0'); print(hex(zlib.crc32(b)))" */
static const uint8_t known[TRIAL_RECORD_SIZE] = {
    0x45, 0x58, 0x54, 0x4c, 0x01, 0x03, 0x00, 0x00,
    0x05, 0x00, 0x00, 0x00, 'l', 'i', 'n', 'u', 'x', '-', 'b', 0,
    [0x3c] = 0xc7, 0xc6, 0x84, 0x15,
};

static struct trial_record known_record(void)
{
    struct trial_record r;

    memset(&r, 0x5a, sizeof(r));        /* bytes past the NUL are junk */
    r.seq = 5;
    r.tries = 3;
    r.outcome = TRIAL_ARMED;
    memcpy(r.label, "linux-b", 8);
    return r;
}

/* raw with its CRC made right again after an edit. */
static void reseal(uint8_t raw[TRIAL_RECORD_SIZE])
{
    uint32_t crc = ~ext_crc32(~0u, raw, TRIAL_OFF_CRC);

    raw[TRIAL_OFF_CRC] = (uint8_t)crc;
    raw[TRIAL_OFF_CRC + 1] = (uint8_t)(crc >> 8);
    raw[TRIAL_OFF_CRC + 2] = (uint8_t)(crc >> 16);
    raw[TRIAL_OFF_CRC + 3] = (uint8_t)(crc >> 24);
}

static void test_known_bytes(void **state)
{
    struct trial_record r = known_record();
    uint8_t raw[TRIAL_RECORD_SIZE];

    (void)state;
    memset(raw, 0xee, sizeof(raw));
    trial_encode(&r, raw);
    assert_memory_equal(raw, known, TRIAL_RECORD_SIZE);
}

static void test_known_decodes(void **state)
{
    struct trial_record r;

    (void)state;
    memset(&r, 0x5a, sizeof(r));
    assert_int_equal(trial_decode(known, &r), TRIAL_OK);
    assert_int_equal(r.seq, 5);
    assert_int_equal(r.tries, 3);
    assert_int_equal(r.outcome, TRIAL_ARMED);
    assert_string_equal(r.label, "linux-b");
    for (uint32_t i = 7; i < TRIAL_LABEL_MAX; i++)
        assert_int_equal(r.label[i], 0);
}

/* Every outcome, the extreme tries, the longest name: encode, decode,
 * the same record back. */
static void test_round_trip(void **state)
{
    static const char longest[] =
        "a-label-name-of-forty-seven-bytes-0123456789abc";
    uint8_t raw[TRIAL_RECORD_SIZE];
    struct trial_record r, back;

    (void)state;
    assert_int_equal(strlen(longest), TRIAL_LABEL_MAX - 1);
    for (uint8_t outcome = TRIAL_ARMED; outcome <= TRIAL_FAILED; outcome++) {
        for (uint8_t tries = 0; tries <= TRIAL_TRIES_MAX; tries += 8) {
            memset(&r, 0, sizeof(r));
            r.seq = 0xfffffffeu + outcome;
            r.tries = tries;
            r.outcome = outcome;
            memcpy(r.label, longest, sizeof(longest));
            trial_encode(&r, raw);
            memset(&back, 0x5a, sizeof(back));
            assert_int_equal(trial_decode(raw, &back), TRIAL_OK);
            assert_int_equal(back.seq, r.seq);
            assert_int_equal(back.tries, r.tries);
            assert_int_equal(back.outcome, r.outcome);
            assert_memory_equal(back.label, r.label, TRIAL_LABEL_MAX);
        }
    }
}

/* A name of 48 bytes without a NUL is cut to 47 on the way out. */
static void test_encode_cuts_name(void **state)
{
    uint8_t raw[TRIAL_RECORD_SIZE];
    struct trial_record r = known_record(), back;

    (void)state;
    memset(r.label, 'x', TRIAL_LABEL_MAX);
    trial_encode(&r, raw);
    assert_int_equal(raw[TRIAL_OFF_LABEL + TRIAL_LABEL_MAX - 1], 0);
    assert_int_equal(trial_decode(raw, &back), TRIAL_OK);
    assert_int_equal(strlen(back.label), TRIAL_LABEL_MAX - 1);
}

static void expect_bad(const uint8_t raw[TRIAL_RECORD_SIZE], int err)
{
    struct trial_record r;

    memset(&r, 0x77, sizeof(r));
    assert_int_equal(trial_decode(raw, &r), err);
    assert_int_equal(r.seq, 0x77777777u);          /* untouched */
    assert_non_null(trial_strerror(err));
    assert_string_not_equal(trial_strerror(err), trial_strerror(TRIAL_OK));
}

static void test_bad_records(void **state)
{
    uint8_t raw[TRIAL_RECORD_SIZE];

    (void)state;
    memset(raw, 0, sizeof(raw));                   /* cold DRAM or SRAM */
    expect_bad(raw, TRIAL_EEMPTY);
    memset(raw, 0xff, sizeof(raw));
    expect_bad(raw, TRIAL_EEMPTY);

    for (uint32_t at = 0; at < TRIAL_RECORD_SIZE; at++) {
        memcpy(raw, known, sizeof(raw));           /* any bit flipped */
        raw[at] ^= 0x10;
        expect_bad(raw, at < 4 ? TRIAL_EEMPTY : TRIAL_ECRC);
    }

    memcpy(raw, known, sizeof(raw));
    raw[TRIAL_OFF_VERSION] = 2;
    reseal(raw);
    expect_bad(raw, TRIAL_EVERSION);
    raw[TRIAL_OFF_VERSION] = 0;
    reseal(raw);
    expect_bad(raw, TRIAL_EVERSION);

    memcpy(raw, known, sizeof(raw));
    raw[TRIAL_OFF_TRIES] = TRIAL_TRIES_MAX + 1;
    reseal(raw);
    expect_bad(raw, TRIAL_ETRIES);
    raw[TRIAL_OFF_TRIES] = 0xff;
    reseal(raw);
    expect_bad(raw, TRIAL_ETRIES);

    memcpy(raw, known, sizeof(raw));
    raw[TRIAL_OFF_OUTCOME] = TRIAL_FAILED + 1;
    reseal(raw);
    expect_bad(raw, TRIAL_EOUTCOME);

    memcpy(raw, known, sizeof(raw));               /* no NUL in 48 bytes */
    memset(raw + TRIAL_OFF_LABEL, 'n', TRIAL_LABEL_MAX);
    reseal(raw);
    expect_bad(raw, TRIAL_ELABEL);

    memcpy(raw, known, sizeof(raw));               /* an empty name */
    memset(raw + TRIAL_OFF_LABEL, 0, TRIAL_LABEL_MAX);
    reseal(raw);
    expect_bad(raw, TRIAL_ELABEL);
}

static void test_names(void **state)
{
    (void)state;
    assert_string_equal(trial_outcome_name(TRIAL_ARMED), "armed");
    assert_string_equal(trial_outcome_name(TRIAL_TRYING), "trying");
    assert_string_equal(trial_outcome_name(TRIAL_FAILED), "failed");
    assert_null(trial_outcome_name(3));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_known_bytes),
        cmocka_unit_test(test_known_decodes),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_encode_cuts_name),
        cmocka_unit_test(test_bad_records),
        cmocka_unit_test(test_names),
    };

    return cmocka_run_group_tests(tests, NULL, NULL);
}
