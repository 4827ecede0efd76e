/* Every input kept in tests/regress/TARGET/ (crashes, hangs and sanitizer
 * reports the fuzzers found, and the hand-made inputs that showed a spin)
 * replayed through the fuzz target's own harness (tests/fuzz/h_*.c),
 * under ASan and UBSan: each must run to its end, break no invariant the
 * harness checks, and read no more than REPLAY_SECTORS_MAX sectors (a
 * count, not a time: a spin that reads shows as a count that explodes).
 * $EXTLOAD_REGRESS names another directory (default tests/regress). */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tests/fuzz/harness.h"
#include "tests/fuzz/h_walk.h"

/* The walk's own bounds (64 directories, 128 files of at most 64 KiB read
 * four ways, 16 lookups) on a disk of at most 64 MiB keep a legitimate
 * input far below this; 2^22 sectors is 2 GiB of reads. */
#define REPLAY_SECTORS_MAX (1u << 22)
#define INPUTS_MAX 1024u

struct input {
    char path[800];
    const char *(*run)(const uint8_t *data, size_t len);
};

static const struct {
    const char *dir;
    const char *(*run)(const uint8_t *data, size_t len);
} targets[] = {
    { "image", fuzz_image_one },
    { "journal", fuzz_journal_one },
    { "part", fuzz_part_one },
    { "config", fuzz_config_one },
    { "sdspi", fuzz_sdspi_one },
    { "ed25519", fuzz_ed25519_one },
    { "fdt", fuzz_fdt_one },
    { "inflate", fuzz_inflate_one },
};

static uint8_t *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    long n;

    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
        fseek(f, 0, SEEK_SET) == 0) {
        buf = malloc((size_t)n + 1);
        if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
            free(buf);
            buf = NULL;
        }
        *len = (size_t)n;
    }
    fclose(f);
    return buf;
}

static void replay(void **state)
{
    const struct input *in = *state;
    size_t len = 0;
    uint8_t *data = slurp(in->path, &len);
    const char *bad;

    if (!data)
        fail_msg("cannot read %s", in->path);
    fz_sectors_read = 0;
    bad = in->run(data, len);
    free(data);
    if (bad)
        fail_msg("%s: %s", in->path, bad);
    if (fz_sectors_read > REPLAY_SECTORS_MAX)
        fail_msg("%s: read %llu sectors (limit %u)", in->path,
                 (unsigned long long)fz_sectors_read, REPLAY_SECTORS_MAX);
    print_message("%s: %llu sectors read\n", in->path,
                  (unsigned long long)fz_sectors_read);
}

static int by_path(const void *a, const void *b)
{
    return strcmp(((const struct input *)a)->path,
                  ((const struct input *)b)->path);
}

int main(void)
{
    const char *top = getenv("EXTLOAD_REGRESS");
    static struct input inputs[INPUTS_MAX];
    static struct CMUnitTest tests[INPUTS_MAX];
    uint32_t n = 0, i, t;

    if (!top || !*top)
        top = "tests/regress";
    for (t = 0; t < sizeof(targets) / sizeof(targets[0]); t++) {
        char dir[400];
        DIR *d;
        struct dirent *e;

        snprintf(dir, sizeof(dir), "%s/%s", top, targets[t].dir);
        d = opendir(dir);
        if (!d)
            continue;
        while ((e = readdir(d)) != NULL && n < INPUTS_MAX) {
            if (e->d_name[0] == '.')
                continue;
            snprintf(inputs[n].path, sizeof(inputs[n].path), "%s/%s", dir,
                     e->d_name);
            inputs[n].run = targets[t].run;
            n++;
        }
        closedir(d);
    }
    if (!n) {
        fprintf(stderr, "no regression inputs under %s\n", top);
        return 1;
    }
    qsort(inputs, n, sizeof(inputs[0]), by_path);
    for (i = 0; i < n; i++) {
        tests[i].name = inputs[i].path;
        tests[i].test_func = replay;
        tests[i].initial_state = &inputs[i];
    }
    return _cmocka_run_group_tests("regress", tests, n, NULL, NULL);
}
