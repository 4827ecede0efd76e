#include "board/host/cmd_boot.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "board/cortex-m/cpu.h"
#include "board/host/disk.h"
#include "firmware/boot.h"

struct host_boot {
    const char *out_path;
    const char *image;
    uint64_t sectors;
    uint32_t fake_ms;
    int wrote;
    int reset;
};

/* How many times `reset` may run the flow again (a script that resets
 * forever still ends). */
#define HOST_RESETS_MAX 8

static void stdout_write(void *ctx, const char *s, uint32_t n)
{
    (void)ctx;
    fwrite(s, 1, n, stdout);
}

static uint32_t host_ms(void *ctx)
{
    struct timespec ts;

    (void)ctx;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint32_t)((uint64_t)ts.tv_sec * 1000u +
                      (uint64_t)ts.tv_nsec / 1000000u);
}

/* When stdin is not a terminal it is the console input, read as a script
 * of keystrokes, and the clock is fake: each reading advances it 1 ms, so
 * the countdown and every log line are the same on every run. */
static int stdin_getc(void *ctx)
{
    int c = getchar();

    (void)ctx;
    return c == EOF ? BOOT_IN_EOF : c;
}

static uint32_t fake_ms(void *ctx)
{
    return ++((struct host_boot *)ctx)->fake_ms;
}

static void host_reset(void *ctx)
{
    ((struct host_boot *)ctx)->reset = 1;
}

static void host_info(void *ctx, const struct console *con)
{
    const struct host_boot *hb = ctx;

    con_printf(con, "card: image %s, %llu sectors (host)\n", hb->image,
               (unsigned long long)hb->sectors);
}

/* The host's hand-off: say how a Cortex-M would enter the image, and
 * write the kernel out. */
static int host_handoff(void *ctx, const struct boot_image *img)
{
    struct host_boot *hb = ctx;
    struct cpu_entry e;

    if (cpu_entry_for(img->kernel, img->kernel_size, img->kernel_addr,
                          img->kernel_addr, img->kernel_addr + 0x10000000u,
                          &e))
        printf("handoff: vector table: VTOR=0x%08x MSP=0x%08x entry "
               "0x%08x\n", (unsigned)e.vtor, (unsigned)e.sp, (unsigned)e.pc);
    else
        printf("handoff: no vector table: entry 0x%08x (Thumb)\n",
               (unsigned)e.pc);
    if (hb->out_path) {
        FILE *f = fopen(hb->out_path, "wb");
        if (!f || fwrite(img->kernel, 1, img->kernel_size, f) !=
                      img->kernel_size || fclose(f) != 0) {
            fprintf(stderr, "extload: %s: %s\n", hb->out_path,
                    strerror(errno));
            return 1;
        }
    }
    hb->wrote = 1;
    return 0;
}

static int parse_window(const char *s, uint32_t *addr, uint32_t *size)
{
    char *end;
    unsigned long long a = strtoull(s, &end, 0), n;

    if (end == s || *end != ':')
        return -1;
    s = end + 1;
    n = strtoull(s, &end, 0);
    if (end == s || *end || a > UINT32_MAX || n == 0 ||
        n > HOST_BOOT_WINDOW_MAX || a + n - 1 > UINT32_MAX || (a & 7u))
        return -1;
    *addr = (uint32_t)a;
    *size = (uint32_t)n & ~7u;
    return *size ? 0 : -1;
}

static int usage(void)
{
    fprintf(stderr, "usage: extload boot IMAGE [--window ADDR:SIZE] "
            "[-o FILE]\n");
    return 2;
}

int host_cmd_boot(int argc, char **argv)
{
    struct host_boot hb = { 0 };
    uint32_t addr = HOST_BOOT_WINDOW_ADDR, size = HOST_BOOT_WINDOW_SIZE;
    const char *image;

    if (argc < 2)
        return usage();
    image = argv[1];
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--window") && i + 1 < argc) {
            if (parse_window(argv[++i], &addr, &size)) {
                fprintf(stderr, "extload: bad --window '%s' (want ADDR:SIZE, "
                        "ADDR 8-byte aligned, SIZE up to %u)\n", argv[i],
                        HOST_BOOT_WINDOW_MAX);
                return 2;
            }
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            hb.out_path = argv[++i];
        } else {
            return usage();
        }
    }

    struct host_disk disk = { .fd = -1 };
    if (host_disk_open(&disk, image)) {
        fprintf(stderr, "extload: %s: %s\n", image, strerror(errno));
        return 1;
    }
    uint8_t *window = calloc(1, size);
    struct boot_state *st = calloc(1, sizeof(*st));
    int rc = BOOT_ENOLABEL;
    int keys = !isatty(STDIN_FILENO);
    hb.image = image;
    hb.sectors = disk.bd.sectors;
    if (window && st) {
        const struct boot_env env = {
            .con = { stdout_write, NULL },
            .ms_now = keys ? fake_ms : host_ms,
            .clk_ctx = &hb,
            .bd = &disk.bd,
            .window = window,
            .window_addr = addr,
            .window_size = size,
            .default_kernel = "/boot/kernel.bin",
            .require_sha256 = BOOT_REQUIRE_SHA256,
            .handoff = host_handoff,
            .handoff_ctx = &hb,
            .getc = keys ? stdin_getc : NULL,
            .reset = host_reset,
            .info = host_info,
            .board_ctx = &hb,
        };
        for (int boots = 0; boots <= HOST_RESETS_MAX; boots++) {
            printf("extload: host, %s, load window 0x%08x-0x%08x (%u "
                   "bytes)\n", image, (unsigned)addr,
                   (unsigned)(addr + size), (unsigned)size);
            hb.reset = 0;
            rc = boot_run(&env, st);
            if (!hb.reset)
                break;
        }
    } else {
        fprintf(stderr, "extload: out of memory for a %u-byte window\n",
                (unsigned)size);
    }
    fflush(stdout);
    free(st);
    free(window);
    host_disk_close(&disk);
    if (rc < 0) {
        fprintf(stderr, "extload: %s: %s\n", image, boot_strerror(rc));
        return 1;
    }
    return rc ? 1 : 0;
}
