/* libFuzzer entry for the partition table harness (tests/fuzz/h_part.c). */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    const char *bad = fuzz_part_one(data, len);

    if (bad) {
        fprintf(stderr, "fuzz_part: %s\n", bad);
        abort();
    }
    return 0;
}
