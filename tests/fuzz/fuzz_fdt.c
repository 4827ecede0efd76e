/* libFuzzer entry for the device tree harness (tests/fuzz/h_fdt.c). */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    const char *bad = fuzz_fdt_one(data, len);

    if (bad) {
        fprintf(stderr, "fuzz_fdt: %s\n", bad);
        abort();
    }
    return 0;
}
