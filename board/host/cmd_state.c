/* extload state show / trial / clear (cmd_state.h). */
#include "board/host/cmd_state.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/host/trial_store.h"
#include "firmware/trial/trial.h"

const char host_state_usage[] =
    "       extload state show STATE\n"
    "       extload state trial STATE LABEL [TRIES]   (TRIES 1 to 8, "
    "default 1)\n"
    "       extload state clear STATE   (STATE: the record's file, or the "
    "board's nvmem file)\n";

static int state_usage(void)
{
    fprintf(stderr, "usage:\n%s", host_state_usage);
    return 2;
}

static int show(const char *path)
{
    uint8_t raw[TRIAL_RECORD_SIZE];
    char why[TRIAL_STORE_WHY];
    struct trial_record r;
    int rc;

    if (trial_store_read(path, raw, why)) {
        fprintf(stderr, "extload: %s: %s\n", path, why);
        return 1;
    }
    rc = trial_decode(raw, &r);
    if (rc == TRIAL_EEMPTY) {
        printf("no trial record\n");
        return 0;
    }
    if (rc) {
        fprintf(stderr, "extload: %s: %s\n", path, trial_strerror(rc));
        return 1;
    }
    printf("label: %s\ntries left: %u\nlast outcome: %s\nsequence: %" PRIu32
           "\n", r.label, r.tries, trial_outcome_name(r.outcome), r.seq);
    return 0;
}

/* Writes r (or, r NULL, 64 zero bytes) to path. */
static int store(const char *path, const struct trial_record *r)
{
    uint8_t raw[TRIAL_RECORD_SIZE];
    char via[TRIAL_STORE_WHY], why[TRIAL_STORE_WHY];

    memset(raw, 0, sizeof(raw));
    if (r)
        trial_encode(r, raw);
    if (trial_store_write(path, raw, via, why)) {
        fprintf(stderr, "extload: %s: %s\n", path, why);
        return 1;
    }
    if (r)
        printf("trial of '%s' armed: %u %s, sequence %" PRIu32 " (%s)\n",
               r->label, r->tries, r->tries == 1 ? "boot" : "boots", r->seq,
               via);
    else
        printf("trial record cleared (%s)\n", via);
    return 0;
}

static int arm(const char *path, const char *label, const char *tries_arg)
{
    uint8_t raw[TRIAL_RECORD_SIZE];
    char why[TRIAL_STORE_WHY];
    struct trial_record r, prev;
    unsigned long tries = 1;
    size_t len = strlen(label);

    if (tries_arg) {
        char *end;

        tries = strtoul(tries_arg, &end, 10);
        if (!*tries_arg || *end || tries < 1 || tries > TRIAL_TRIES_MAX)
            return state_usage();
    }
    if (len == 0 || len >= TRIAL_LABEL_MAX) {
        fprintf(stderr, "extload: label '%s': %zu bytes; a trial's label "
                "has 1 to %u\n", label, len, TRIAL_LABEL_MAX - 1);
        return 1;
    }
    if (trial_store_read(path, raw, why)) {
        fprintf(stderr, "extload: %s: %s\n", path, why);
        return 1;
    }
    memset(&r, 0, sizeof(r));
    /* The sequence goes on from a valid record; a new one starts at 1. */
    r.seq = trial_decode(raw, &prev) == TRIAL_OK ? prev.seq + 1 : 1;
    r.tries = (uint8_t)tries;
    r.outcome = TRIAL_ARMED;
    memcpy(r.label, label, len);
    return store(path, &r);
}

int host_cmd_state(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "show"))
        return show(argv[2]);
    if (argc == 3 && !strcmp(argv[1], "clear"))
        return store(argv[2], NULL);
    if ((argc == 4 || argc == 5) && !strcmp(argv[1], "trial"))
        return arm(argv[2], argv[3], argc == 5 ? argv[4] : NULL);
    return state_usage();
}
