/* libFuzzer entry for the sdspi harness (tests/fuzz/h_sdspi.c). */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    const char *bad = fuzz_sdspi_one(data, len);

    if (bad) {
        fprintf(stderr, "fuzz_sdspi: %s\n", bad);
        abort();
    }
    return 0;
}
