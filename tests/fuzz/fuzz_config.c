/* libFuzzer entry for the config harness (tests/fuzz/h_config.c). */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    const char *bad = fuzz_config_one(data, len);

    if (bad) {
        fprintf(stderr, "fuzz_config: %s\n", bad);
        abort();
    }
    return 0;
}
