/* libFuzzer entry for the journal harness (tests/fuzz/h_journal.c). */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    const char *bad = fuzz_journal_one(data, len);

    if (bad) {
        fprintf(stderr, "fuzz_journal: %s\n", bad);
        abort();
    }
    return 0;
}
