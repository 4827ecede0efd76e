/* The trial record (firmware/README.md, "Trial boots"): 64 bytes of board
 * memory that survive a warm reset and name one label to boot as a trial.
 * The loader reads and rewrites it at boot; the running system arms and
 * clears it (board/host: extload state). Its bytes are a contract, all
 * little-endian:
 *
 *   0x00  4  magic    0x4C545845 ("EXTL")
 *   0x04  1  version  1
 *   0x05  1  tries    tries left, 0..8
 *   0x06  1  outcome  0 ARMED, 1 TRYING, 2 FAILED
 *   0x07  1  reserved 0
 *   0x08  4  seq      every writer writes the previous + 1
 *   0x0C 48  label    the label's name, NUL-terminated, zero-padded
 *   0x3C  4  crc32    CRC-32 (IEEE, reflected, as GPT's) of 0x00..0x3B
 */
#ifndef EXTLOAD_TRIAL_H
#define EXTLOAD_TRIAL_H

#include <stdint.h>

#define TRIAL_RECORD_SIZE 64u
#define TRIAL_TRIES_MAX 8u
#define TRIAL_LABEL_MAX 48u                  /* NUL included */
#define TRIAL_MAGIC 0x4C545845u              /* "EXTL" */
#define TRIAL_VERSION 1u

#define TRIAL_OFF_MAGIC   0x00
#define TRIAL_OFF_VERSION 0x04
#define TRIAL_OFF_TRIES   0x05
#define TRIAL_OFF_OUTCOME 0x06
#define TRIAL_OFF_RESERVED 0x07
#define TRIAL_OFF_SEQ     0x08
#define TRIAL_OFF_LABEL   0x0C
#define TRIAL_OFF_CRC     0x3C

enum trial_outcome { TRIAL_ARMED = 0, TRIAL_TRYING = 1, TRIAL_FAILED = 2 };

struct trial_record {
    uint32_t seq;
    uint8_t tries, outcome;
    char label[TRIAL_LABEL_MAX];
};

/* Every decode error: name, value, the sentence trial_strerror() gives. */
#define TRIAL_ERRORS(X) \
    X(TRIAL_OK,        0,  "a valid record") \
    X(TRIAL_EEMPTY,   -1,  "no record (the magic is absent)") \
    X(TRIAL_ECRC,     -2,  "the record's CRC-32 does not match") \
    X(TRIAL_EVERSION, -3,  "the record's version is not 1") \
    X(TRIAL_ETRIES,   -4,  "the record's tries are past 8") \
    X(TRIAL_ELABEL,   -5,  "the record's label is empty or has no NUL " \
                           "within 48 bytes") \
    X(TRIAL_EOUTCOME, -6,  "the record's outcome is not 0, 1 or 2")

enum trial_err {
#define TRIAL_ERR_ENUM(name, value, text) name = value,
    TRIAL_ERRORS(TRIAL_ERR_ENUM)
#undef TRIAL_ERR_ENUM
};

/* 0, or a negative TRIAL_E...; r is filled only on 0. Checked in this
 * order: magic, CRC, version, tries, outcome, label. */
int trial_decode(const uint8_t raw[TRIAL_RECORD_SIZE], struct trial_record *r);
/* The record's 64 bytes: the label's bytes after its NUL are zeros. */
void trial_encode(const struct trial_record *r, uint8_t raw[TRIAL_RECORD_SIZE]);
const char *trial_strerror(int err);
/* "armed", "trying", "failed"; NULL for another value. */
const char *trial_outcome_name(uint8_t outcome);

#endif
