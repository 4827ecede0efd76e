/* The trial record's codec; the format is in firmware/trial/trial.h. */
#include "firmware/trial/trial.h"

#include "lib/crc.h"
#include "lib/le.h"

static uint32_t record_crc(const uint8_t raw[TRIAL_RECORD_SIZE])
{
    return ~ext_crc32(~0u, raw, TRIAL_OFF_CRC);
}

int trial_decode(const uint8_t raw[TRIAL_RECORD_SIZE], struct trial_record *r)
{
    const uint8_t *label = raw + TRIAL_OFF_LABEL;
    uint32_t n = 0;

    if (le32(raw + TRIAL_OFF_MAGIC) != TRIAL_MAGIC)
        return TRIAL_EEMPTY;
    if (le32(raw + TRIAL_OFF_CRC) != record_crc(raw))
        return TRIAL_ECRC;
    if (raw[TRIAL_OFF_VERSION] != TRIAL_VERSION)
        return TRIAL_EVERSION;
    if (raw[TRIAL_OFF_TRIES] > TRIAL_TRIES_MAX)
        return TRIAL_ETRIES;
    if (raw[TRIAL_OFF_OUTCOME] > TRIAL_FAILED)
        return TRIAL_EOUTCOME;
    while (n < TRIAL_LABEL_MAX && label[n])
        n++;
    if (n == 0 || n == TRIAL_LABEL_MAX)
        return TRIAL_ELABEL;
    r->seq = le32(raw + TRIAL_OFF_SEQ);
    r->tries = raw[TRIAL_OFF_TRIES];
    r->outcome = raw[TRIAL_OFF_OUTCOME];
    for (uint32_t i = 0; i < TRIAL_LABEL_MAX; i++)
        r->label[i] = i < n ? (char)label[i] : '\0';
    return TRIAL_OK;
}

void trial_encode(const struct trial_record *r, uint8_t raw[TRIAL_RECORD_SIZE])
{
    uint32_t end = 0;

    put_le32(raw + TRIAL_OFF_MAGIC, TRIAL_MAGIC);
    raw[TRIAL_OFF_VERSION] = TRIAL_VERSION;
    raw[TRIAL_OFF_TRIES] = r->tries;
    raw[TRIAL_OFF_OUTCOME] = r->outcome;
    raw[TRIAL_OFF_RESERVED] = 0;
    put_le32(raw + TRIAL_OFF_SEQ, r->seq);
    /* The name stops at its NUL; at most 47 bytes of it are kept, so the
     * last label byte is always a NUL. */
    while (end < TRIAL_LABEL_MAX - 1 && r->label[end])
        end++;
    for (uint32_t i = 0; i < TRIAL_LABEL_MAX; i++)
        raw[TRIAL_OFF_LABEL + i] = i < end ? (uint8_t)r->label[i] : 0;
    put_le32(raw + TRIAL_OFF_CRC, record_crc(raw));
}

/* A sentence and a name by table, not a switch of returns: each case of
 * which Frama-C's front end makes a block EVA never marks reached, so
 * the proof's coverage (tests/prove/part_trial.mk) counts code. */
const char *trial_strerror(int err)
{
    static const char *const text[] = {
#define TRIAL_ERR_TEXT(name, value, text) [-(value)] = text,
        TRIAL_ERRORS(TRIAL_ERR_TEXT)
#undef TRIAL_ERR_TEXT
    };
#define TRIAL_ERR_ONE(name, value, text) + 1
    _Static_assert(sizeof(text) / sizeof(text[0]) ==
                   0 TRIAL_ERRORS(TRIAL_ERR_ONE), "0, -1, ... without a gap");
#undef TRIAL_ERR_ONE

    if (err > 0 || err <= -(int)(sizeof(text) / sizeof(text[0])))
        return "unknown trial record error";
    return text[-err];
}

const char *trial_outcome_name(uint8_t outcome)
{
    static const char *const name[] = {
        [TRIAL_ARMED] = "armed", [TRIAL_TRYING] = "trying",
        [TRIAL_FAILED] = "failed",
    };

    return outcome <= TRIAL_FAILED ? name[outcome] : 0;
}
