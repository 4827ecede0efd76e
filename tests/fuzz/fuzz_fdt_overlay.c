/* libFuzzer entry for the device-tree overlay harness
 * (tests/fuzz/h_fdt_overlay.c). */
#include <stdio.h>
#include <stdlib.h>

#include "tests/fuzz/harness.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
    const char *bad = fuzz_fdt_overlay_one(data, len);

    if (bad) {
        fprintf(stderr, "fuzz_fdt_overlay: %s\n", bad);
        abort();
    }
    return 0;
}
