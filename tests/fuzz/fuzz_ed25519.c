/* libFuzzer entry for the Ed25519 harness (tests/fuzz/h_ed25519.c). */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    const char *bad = fuzz_ed25519_one(data, len);

    if (bad) {
        fprintf(stderr, "fuzz_ed25519: %s\n", bad);
        abort();
    }
    return 0;
}
