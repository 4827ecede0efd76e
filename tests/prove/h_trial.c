/* The trial record's codec (firmware/trial/trial.c) for Frama-C's EVA
 * (tests/prove/part_trial.mk): 64 bytes of board memory holding anything
 * (a cold boot's noise, a record another loader wrote), decoded as
 * firmware/boot/boot_trial.c does, the error and the outcome named as
 * board/host/cmd_state.c does, and a record that decoded written back
 * with its outcome moved on, then read again. */
#include <stdint.h>

#include "__fc_builtin.h"
#include "firmware/trial/trial.h"

static uint8_t raw[TRIAL_RECORD_SIZE];
static struct trial_record rec;
static volatile char seen;

int main(void)
{
    Frama_C_make_unknown((char *)raw, sizeof(raw));
    int rc = trial_decode(raw, &rec);

    /* What the host tool prints of any record: its error, and the name
     * of whatever outcome byte it holds. */
    for (int e = -8; e <= 1; e++)
        seen = trial_strerror(e)[0];
    seen = trial_strerror(rc)[0];
    const char *outcome = trial_outcome_name(raw[TRIAL_OFF_OUTCOME]);

    if (outcome)
        seen = outcome[0];
    if (rc)
        return rc;
    rec.outcome = TRIAL_TRYING;
    rec.seq++;
    if (rec.tries)
        rec.tries--;
    trial_encode(&rec, raw);
    return trial_decode(raw, &rec);
}
