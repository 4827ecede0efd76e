/* The board-independent boot flow on real ext4 images (mke2fs -d): label
 * order and fallback, window bounds, SHA-256, FDT, the hand-off block, the
 * Cortex-M entry rule, and `extload boot`'s exit codes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "board/host/cmd_boot.h"
#include "board/cortex-m/cpu.h"
#include "board/host/disk.h"
#include "firmware/boot/boot.h"
#include "firmware/fdt/fdt.h"
#include "firmware/crypto/sha256.h"

/* snprintf into an array, failing the test if it would not fit. */
#define FMT(buf, ...) \
    assert_true(snprintf(buf, sizeof(buf), __VA_ARGS__) < (int)sizeof(buf))

#define GUARD 64u
#define GUARD_BYTE 0xE7u
#define WINDOW_ADDR 0x20000000u

/* The tables of files below name the fields they use; bytes and fifo
 * are left out where they are not. */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

struct file {
    const char *path;             /* inside the image, no leading '/' */
    uint32_t size;                /* pattern bytes; 0 with text or link */
    const char *text;
    const char *link;             /* symlink target */
    uint8_t seed;
    const uint8_t *bytes;         /* size bytes as given (with size) */
    int fifo;                     /* a FIFO (mkfifo) */
};

struct run {
    char log[32768];
    size_t len;
    uint32_t clock;
    int handoffs;
    struct boot_image img;
    struct extload_handoff h;     /* copied at hand-off time */
    char cmdline[256];
    uint8_t *buf;                 /* guard | window | guard */
    uint8_t *window;
    uint32_t window_size;
};


static void pattern(uint8_t *p, uint32_t n, uint8_t seed)
{
    for (uint32_t i = 0; i < n; i++)
        p[i] = (uint8_t)(i * 31u + seed + (i >> 9));
}

static void mkdirs(const char *path)
{
    char tmp[1024];

    FMT(tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(tmp, 0755);
            *p = '/';
        }
}

/* Under $BUILD: each profile's images apart (build/tests-tiny). */
#define TESTS_DIR (EXTLOAD_TINY ? "tests-tiny" : "tests")

/* Builds $BUILD/tests/boot/NAME.img (ext4, 1 KiB blocks, no partition
 * table) from files; returns its path in a static buffer. */
static const char *make_image(const char *name, const struct file *files)
{
    static char img[1100];
    char root[1024], path[1100], cmd[4096];
    const char *build = getenv("BUILD");

    FMT(root, "%s/%s/boot/%s", build ? build : "build", TESTS_DIR,
             name);
    FMT(cmd, "rm -rf '%s' && mkdir -p '%s'", root, root);
    assert_int_equal(system(cmd), 0);
    for (const struct file *f = files; f->path; f++) {
        FMT(path, "%s/%s", root, f->path);
        mkdirs(path);
        if (f->link) {
            assert_int_equal(symlink(f->link, path), 0);
            continue;
        }
        if (f->fifo) {
            assert_int_equal(mkfifo(path, 0644), 0);
            continue;
        }
        FILE *out = fopen(path, "wb");
        assert_non_null(out);
        if (f->text) {
            fputs(f->text, out);
        } else if (f->bytes) {
            fwrite(f->bytes, 1, f->size, out);
        } else {
            uint8_t *b = malloc(f->size + 1u);
            assert_non_null(b);
            pattern(b, f->size, f->seed);
            fwrite(b, 1, f->size, out);
            free(b);
        }
        fclose(out);
    }
    FMT(img, "%s.img", root);
    FMT(cmd, "rm -f '%s' && PATH=$PATH:/sbin:/usr/sbin mke2fs -q -F "
        "-t ext4 -b 1024 -d '%s' '%s' 4M >/dev/null", img, root, img);
    assert_int_equal(system(cmd), 0);
    return img;
}

/* "<64 hex>  name\n" for a pattern file, as sha256sum writes it. */
static const char *sha_line(char line[128], uint32_t size, uint8_t seed,
                            int corrupt)
{
    uint8_t *b = malloc(size + 1u), d[SHA256_BYTES];
    struct sha256 s;
    char hex[65];

    assert_non_null(b);
    pattern(b, size, seed);
    sha256_init(&s);
    sha256_update(&s, b, size);
    sha256_final(&s, d);
    free(b);
    if (corrupt)
        d[7] ^= 1;
    sha256_hex(d, SHA256_BYTES, hex);
    assert_true(snprintf(line, 128, "%s  kernel\n", hex) < 128);
    return line;
}

static void cap_write(void *ctx, const char *s, uint32_t n)
{
    struct run *r = ctx;

    if (r->len + n < sizeof(r->log)) {
        memcpy(r->log + r->len, s, n);
        r->len += n;
        r->log[r->len] = '\0';
    }
}

static uint32_t fake_ms(void *ctx)
{
    return ((struct run *)ctx)->clock += 3;
}

static int rec_handoff(void *ctx, const struct boot_image *img)
{
    struct run *r = ctx;

    r->handoffs++;
    r->img = *img;
    memcpy(&r->h, img->handoff, sizeof(r->h));
    snprintf(r->cmdline, sizeof(r->cmdline), "%s",
             (const char *)(img->handoff + 1));
    return 0;
}

/* The board's device tree (struct boot_env's default_fdt_*) for the next
 * run_boot; 0: none. */
static uint32_t board_fdt_addr, board_fdt_size;
/* The board's fdtfile, RAM base and firmware address for the next
 * run_boot (struct boot_env); NULL / 0: none. */
static const char *board_fdtfile;
static uint32_t board_ram_base, board_fw_addr;

/* Runs boot_run on img with a window of window_size bytes between guards. */
static int run_boot(struct run *r, const char *img, uint32_t window_size,
                    bool require_sha)
{
    struct host_disk disk = { .fd = -1 };
    struct boot_state *st = calloc(1, sizeof(*st));

    assert_non_null(st);
    memset(r, 0, sizeof(*r));
    r->window_size = window_size;
    r->buf = malloc(window_size + 2 * GUARD);
    assert_non_null(r->buf);
    memset(r->buf, GUARD_BYTE, window_size + 2 * GUARD);
    r->window = r->buf + GUARD;
    assert_int_equal(host_disk_open(&disk, img), 0);
    const struct boot_env env = {
        .con = { cap_write, r },
        .ms_now = fake_ms,
        .clk_ctx = r,
        .bd = &disk.bd,
        .window = r->window,
        .window_addr = WINDOW_ADDR,
        .window_size = window_size,
        .default_kernel = "/boot/kernel.bin",
        .default_fdt_addr = board_fdt_addr,
        .default_fdt_size = board_fdt_size,
        .fdtfile = board_fdtfile,
#if BOOT_RISCV_LINUX
        .ram_base = board_ram_base,
        .fw_addr = board_fw_addr,
#endif
        .require_sha256 = require_sha,
        .handoff = rec_handoff,
        .handoff_ctx = r,
    };
    int rc = boot_run(&env, st);
    host_disk_close(&disk);
    free(st);
    for (uint32_t i = 0; i < GUARD; i++) {
        assert_int_equal(r->buf[i], GUARD_BYTE);
        assert_int_equal(r->buf[GUARD + window_size + i], GUARD_BYTE);
    }
    return rc;
}

static void done(struct run *r)
{
    free(r->buf);
    r->buf = NULL;
}

static void assert_kernel(const struct run *r, uint32_t size, uint8_t seed)
{
    uint8_t *want = malloc(size + 1u);

    assert_non_null(want);
    pattern(want, size, seed);
    assert_int_equal(r->img.kernel_size, size);
    assert_ptr_equal(r->img.kernel, r->window);
    assert_memory_equal(r->window, want, size);
    free(want);
}

static void assert_log(const struct run *r, const char *needle)
{
    if (!strstr(r->log, needle)) {
        print_error("log lacks \"%s\":\n%s\n", needle, r->log);
        fail();
    }
}

static void assert_not_log(const struct run *r, const char *needle)
{
    if (strstr(r->log, needle)) {
        print_error("log has \"%s\":\n%s\n", needle, r->log);
        fail();
    }
}

/* A line the flow says only when it reports its steps (BOOT_REPORT):
 * there with it, and never without it (the tiny profile's quiet flow). */
static void assert_said(const struct run *r, const char *needle)
{
    if (BOOT_REPORT)
        assert_log(r, needle);
    else
        assert_not_log(r, needle);
}

/* A failed label's line: "HEAD WHY TAIL" with the flow's sentence
 * (BOOT_MESSAGES), "HEAD boot error CODE TAIL" without it (the tiny
 * profile names the code after the file, firmware/boot/boot_priv.h BOOT_WHY). */
static void assert_fail(const struct run *r, const char *head,
                        const char *why, int code, const char *tail)
{
    char line[256];

    if (BOOT_MESSAGES)
        snprintf(line, sizeof(line), "%s%s%s", head, why, tail);
    else
        snprintf(line, sizeof(line), "%sboot error %d%s", head, code, tail);
    assert_log(r, line);
}

static struct run run;

/* A small window that still holds a 1.5 KiB kernel and its hand-off
 * block past the host's tail (BOOT_CONFIG_ROOM, whatever the build puts
 * in it). */
#define SMALL_WINDOW PAST_TAIL(2048u)
/* The windows below were sized when the config text took 1,032 bytes of
 * the tail; W() keeps what they leave past it as BOOT_CONFIG_MAX grows. */
#define W(n) ((n) + (uint32_t)BOOT_CONFIG_TEXT - 1032u)
/* A window that leaves n bytes past the whole tail, whatever the build
 * puts in it (signed labels, INCLUDE's stack, the host's 4 KiB paths). */
#define PAST_TAIL(n) ((uint32_t)BOOT_CONFIG_ROOM + 8u + (n))

static void test_default_label_first(void **state)
{
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "label a\n kernel /a.bin\nLABEL b\n KERNEL /b.bin\n"
          "  APPEND x=1\ndefault b\n", NULL, 0 },
        { "a.bin", 3000, NULL, NULL, 1 },
        { "b.bin", 5000, NULL, NULL, 2 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("default", files), W(16384),
                              false), 0);
    assert_int_equal(run.handoffs, 1);
    assert_kernel(&run, 5000, 2);
    assert_log(&run, "label: 'b'");
    assert_not_log(&run, "label: 'a'");
    assert_string_equal(run.cmdline, "x=1");
    assert_string_equal(run.h.label, "b");
    done(&run);
}

static void test_fallback_missing_then_file_order(void **state)
{
    const struct file files[] = {
        { "extlinux/extlinux.conf", 0,
          "DEFAULT gone\nLABEL first\n KERNEL /nope/k.bin\n"
          "LABEL gone\n KERNEL /boot/missing.bin\n"
          "LABEL last\n KERNEL /k.bin\n", NULL, 0 },
        { "k.bin", 2048, NULL, NULL, 9 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("missing", files), W(16384),
                              false), 0);
    assert_kernel(&run, 2048, 9);
    assert_log(&run, "load: /boot/missing.bin: ");
    assert_log(&run, "; trying label 'first'");
    assert_log(&run, "load: /nope/k.bin: ");
    assert_log(&run, "; trying label 'last'");
    /* DEFAULT first, then the others in file order. */
    const char *g = strstr(run.log, "label: 'gone'");
    const char *f = strstr(run.log, "label: 'first'");
    const char *l = strstr(run.log, "label: 'last'");
    assert_true(g && f && l && g < f && f < l);
    done(&run);
}

static void test_fallback_sha_mismatch(void **state)
{
    char sha_k[128], sha_safe[128];
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "DEFAULT main\nLABEL main\n LINUX /boot/k.bin\n"
          "LABEL safe\n LINUX /boot/safe.bin\n", NULL, 0 },
        { "boot/k.bin", 4000, NULL, NULL, 3 },
        { "boot/k.bin.sha256", 0, sha_line(sha_k, 4000, 3, 1), NULL, 0 },
        { "boot/safe.bin", 4100, NULL, NULL, 4 },
        { "boot/safe.bin.sha256", 0, sha_line(sha_safe, 4100, 4, 0), NULL, 0 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("sha", files), W(16384), false),
                     0);
    assert_kernel(&run, 4100, 4);
    assert_fail(&run, "verify: /boot/k.bin: ", "sha256 ", BOOT_ESHA256, "");
    assert_log(&run, "; trying label 'safe'");
    assert_said(&run, "matches /boot/safe.bin.sha256");
    assert_true(run.h.flags & HANDOFF_F_SHA256);
    done(&run);
}

static void test_oversize_refused_before_first_byte(void **state)
{
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL big\n KERNEL /big.bin\n", NULL, 0 },
        { "big.bin", 9000, NULL, NULL, 5 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("big", files),
                              PAST_TAIL(1024u), false),
                     BOOT_ENOLABEL);
    assert_int_equal(run.handoffs, 0);
    assert_fail(&run, "load: /big.bin: ", "9000 bytes, larger than the ",
                BOOT_ETOOBIG, "");
    assert_log(&run, "no labels left");
    assert_log(&run, "boot: no bootable label (1 tried); stop");
    /* Untouched but for the config text in the window's last bytes. */
    for (uint32_t i = 0; i < run.window_size - BOOT_CONFIG_ROOM; i++)
        assert_int_equal(run.window[i], GUARD_BYTE);
    assert_memory_equal(run.window + run.window_size - BOOT_CONFIG_ROOM,
                        "LABEL big", 9);   /* parsed in place */
    done(&run);
}

/* A kernel that fills the window up to the hand-off block exactly (the
 * config text keeps the window's last BOOT_CONFIG_ROOM bytes). */
static void test_exact_fit(void **state)
{
    uint32_t window = 8192;
    uint32_t reserve = (uint32_t)((sizeof(struct extload_handoff) + 2 + 7)
                                  & ~7u);          /* "ab" + NUL */
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL fit\n KERNEL /fit.bin\n APPEND ab\n"
          "LABEL over\n KERNEL /over.bin\n APPEND ab\n", NULL, 0 },
        { "fit.bin", window - reserve, NULL, NULL, 6 },
        { "over.bin", window - reserve + 1, NULL, NULL, 7 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("fit", files),
                              window + BOOT_CONFIG_ROOM, false), 0);
    assert_kernel(&run, window - reserve, 6);
    assert_int_equal(run.img.handoff_addr, WINDOW_ADDR + window - reserve);
    assert_string_equal(run.cmdline, "ab");
    done(&run);
}

static void test_handoff_block_and_fdt(void **state)
{
    static const char fdt[] = "\xd0\x0d\xfe\xed not really a tree";
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "DEFAULT m\nLABEL m\n\tKERNEL /boot/k\n\tFDT /boot/b.dtb\n"
          "\tAPPEND console=ttyS0 root=/dev/mmcblk0p2\n", NULL, 0 },
        { "boot/k", 1001, NULL, NULL, 8 },
        { "boot/b.dtb", 0, fdt, NULL, 0 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("fdt", files), W(16384), false),
                     0);
    assert_kernel(&run, 1001, 8);
    assert_int_equal(run.h.magic, EXTLOAD_HANDOFF_MAGIC);
    assert_int_equal(run.h.version, EXTLOAD_HANDOFF_VERSION);
    assert_int_equal(run.h.size, sizeof(struct extload_handoff));
    assert_int_equal(run.h.kernel_addr, WINDOW_ADDR);
    assert_int_equal(run.h.kernel_size, 1001);
    assert_int_equal(run.h.fdt_addr, WINDOW_ADDR + 1008);   /* aligned 8 */
    assert_int_equal(run.img.fdt_addr, run.h.fdt_addr);
    assert_int_equal(run.h.fdt_size, sizeof(fdt) - 1);
    assert_memory_equal(run.window + 1008, fdt, sizeof(fdt) - 1);
    assert_int_equal(run.h.part_index, 0);                  /* whole disk */
    assert_int_equal(run.img.handoff_addr % 8, 0);
    assert_true(run.img.handoff_addr >= run.h.fdt_addr + run.h.fdt_size);
    assert_int_equal(run.h.cmdline_addr,
                     run.img.handoff_addr + sizeof(struct extload_handoff));
    assert_int_equal(run.h.cmdline_len, strlen(run.cmdline));
    assert_string_equal(run.cmdline, "console=ttyS0 root=/dev/mmcblk0p2");
    assert_false(run.h.flags & HANDOFF_F_SHA256);
    done(&run);
}

/* A label without FDT gets the board's device tree (RISC-V: the one
 * passed in a1 at reset), untouched where it is; a named one wins. */
static void test_board_fdt_when_none_named(void **state)
{
    static const char fdt[] = "\xd0\x0d\xfe\xed a named tree";
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "DEFAULT plain\nLABEL plain\n KERNEL /k\n APPEND p\n"
          "LABEL named\n KERNEL /k\n FDT /b.dtb\n", NULL, 0 },
        { "k", 999, NULL, NULL, 3 },
        { "b.dtb", 0, fdt, NULL, 0 },
        { NULL, 0, NULL, NULL, 0 },
    };
    const char *img = make_image("boardfdt", files);
    (void)state;

    board_fdt_addr = 0x87E00000u;
    board_fdt_size = 4671;
    assert_int_equal(run_boot(&run, img, SMALL_WINDOW, false), 0);
    assert_said(&run, "fdt: none named; the board's at 0x87e00000, 4671 bytes");
    assert_int_equal(run.img.fdt_addr, 0x87E00000u);
    assert_int_equal(run.img.fdt_size, 4671);
    assert_int_equal(run.h.fdt_addr, 0x87E00000u);
    assert_int_equal(run.h.fdt_size, 4671);
    /* Nothing was loaded for it: the hand-off block follows the kernel. */
    assert_int_equal(run.img.handoff_addr, WINDOW_ADDR + 1000);
    assert_string_equal(run.cmdline, "p");
    done(&run);

    /* The window has no room for the kernel: the board's tree is never
     * reached, and a named FDT replaces it. */
    const struct file named[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL named\n KERNEL /k\n FDT /b.dtb\n", NULL, 0 },
        { "k", 999, NULL, NULL, 3 },
        { "b.dtb", 0, fdt, NULL, 0 },
        { NULL, 0, NULL, NULL, 0 },
    };
    assert_int_equal(run_boot(&run, make_image("boardfdt2", named),
                              SMALL_WINDOW, false), 0);
    assert_not_log(&run, "the board's");
    assert_int_equal(run.h.fdt_addr, WINDOW_ADDR + 1000);
    assert_int_equal(run.h.fdt_size, sizeof(fdt) - 1);
    assert_memory_equal(run.window + 1000, fdt, sizeof(fdt) - 1);
    board_fdt_addr = board_fdt_size = 0;
    done(&run);
}

/* The load line reports the speed: bytes over the ms the load took. */
static void test_load_speed(void **state)
{
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0, "LABEL s\n KERNEL /k\n",
          NULL, 0 },
        { "k", 6144, NULL, NULL, 5 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    /* fake_ms ticks 3 ms a call: the load reads it twice, so 3 ms for
     * 6 KiB is 2000 KiB/s. */
    assert_int_equal(run_boot(&run, make_image("speed", files), W(16384),
                              false), 0);
    assert_said(&run, "load: /k -> 0x20000000, 6144 bytes, 3 ms, 2000 KiB/s\n");
    done(&run);
}

static void test_empty_kernel_falls_back(void **state)
{
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL empty\n KERNEL /empty\nLABEL dir\n KERNEL /boot\n"
          "LABEL ok\n KERNEL /k\n", NULL, 0 },
        { "empty", 0, "", NULL, 0 },
        { "k", 10, NULL, NULL, 1 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("empty", files), SMALL_WINDOW, false),
                     0);
    assert_fail(&run, "load: /empty: ", "empty file", BOOT_ENOKERNEL,
                "; trying label 'dir'");
    assert_log(&run, "load: /boot: ");
    assert_log(&run, "; trying label 'ok'");
    assert_kernel(&run, 10, 1);
    done(&run);
}

static void test_fdt_missing_falls_back(void **state)
{
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL a\n KERNEL /k\n FDT /none.dtb\nLABEL b\n KERNEL /k\n",
          NULL, 0 },
        { "k", 700, NULL, NULL, 1 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("nofdt", files), SMALL_WINDOW, false),
                     0);
    assert_log(&run, "fdt: /none.dtb: ");
    assert_log(&run, "; trying label 'b'");
    assert_int_equal(run.h.fdt_addr, 0);
    assert_int_equal(run.img.fdt_addr, 0);
    done(&run);
}

static void test_no_config_board_default(void **state)
{
    const struct file files[] = {
        { "boot/real.bin", 1500, NULL, NULL, 2 },
        { "boot/kernel.bin", 0, NULL, "real.bin", 0 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("noconf", files), SMALL_WINDOW,
                     false), 0);
    assert_said(&run, "trying the board default /boot/kernel.bin");
    assert_kernel(&run, 1500, 2);
    done(&run);
}

/* Paths are walked in the window's tail (struct ext_walk): through a
 * directory symlink and an absolute one, the .sha256 path the loader
 * builds beside it stays intact for the messages. */
static void test_symlinked_paths_and_sha256(void **state)
{
    char sha[128];
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL l\n KERNEL /b/sub/k\n FDT /b/t.dtb\n", NULL, 0 },
        { "real/sub/image.bin", 3000, NULL, NULL, 4 },
        { "real/sub/k", 0, NULL, "/real/sub/image.bin", 0 },
        { "real/sub/k.sha256", 0, sha_line(sha, 3000, 4, 0), NULL, 0 },
        { "real/t.dtb", 0, "a tree", NULL, 0 },
        { "b", 0, NULL, "real", 0 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("walk", files), W(16384), false),
                     0);
    assert_kernel(&run, 3000, 4);
    assert_said(&run, "matches /b/sub/k.sha256, 3000 bytes");
    assert_int_equal(run.img.fdt_size, 6);
    done(&run);
}

/* A window no larger than the loader's tail stops the boot before any
 * read, and nothing in it is written. */
static void test_window_smaller_than_tail(void **state)
{
    const struct file files[] = {
        { "boot/kernel.bin", 100, NULL, NULL, 1 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("small", files),
                              BOOT_CONFIG_ROOM, false), BOOT_ETOOBIG);
    assert_int_equal(run.handoffs, 0);
    assert_log(&run, BOOT_MESSAGES ? "-byte load window leaves nothing past "
                                     "the "
                                   : "-byte load window: boot error -6; "
                                     "stop");
    for (uint32_t i = 0; i < BOOT_CONFIG_ROOM; i++)
        assert_int_equal(run.window[i], GUARD_BYTE);
    done(&run);
}

static void test_require_sha256(void **state)
{
    char sha_signed[128];
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL bare\n KERNEL /bare\nLABEL signed\n KERNEL /signed\n",
          NULL, 0 },
        { "bare", 900, NULL, NULL, 1 },
        { "signed", 901, NULL, NULL, 2 },
        { "signed.sha256", 0, sha_line(sha_signed, 901, 2, 0), NULL, 0 },
        { NULL, 0, NULL, NULL, 0 },
    };
    const char *img = make_image("require", files);
    (void)state;
    assert_int_equal(run_boot(&run, img, SMALL_WINDOW, true), 0);
    assert_fail(&run, "verify: /bare.sha256: ",
                "missing, and this loader requires it", BOOT_ENOSHA256,
                "; trying label 'signed'");
    assert_kernel(&run, 901, 2);
    done(&run);
    /* Without the requirement the bare kernel boots, unchecked. */
    assert_int_equal(run_boot(&run, img, SMALL_WINDOW, false), 0);
    assert_said(&run, "verify: no /bare.sha256, not checked");
    assert_kernel(&run, 900, 1);
    done(&run);
}

/* A config longer than BOOT_CONFIG_MAX (#30): read up to its last whole
 * line, and the label open at the cut dropped, said on the console: its
 * APPEND (or any line) past the cut would be lost, and a half-read label
 * must never boot. The label closed before the cut boots. */
static void test_config_too_long_keeps_whole_lines(void **state)
{
    char conf[BOOT_CONFIG_MAX + 400];
    size_t n = (size_t)snprintf(conf, sizeof(conf),
                                "DEFAULT cut\nLABEL first\n KERNEL /k\n");
    while (n < BOOT_CONFIG_MAX - 60)
        n += (size_t)snprintf(conf + n, sizeof(conf) - n,
                              "# padding padding padding padding\n");
    n += (size_t)snprintf(conf + n, sizeof(conf) - n,
                          "LABEL cut\n KERNEL /k\n APPEND root=/dev/a");
    while (n < BOOT_CONFIG_MAX + 100)
        conf[n++] = 'x';
    snprintf(conf + n, sizeof(conf) - n, " quiet\n");
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0, conf, NULL, 0 },
        { "k", 600, NULL, NULL, 3 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("longconf", files),
                              SMALL_WINDOW, false), 0);
    assert_log(&run, "config: warning: /boot/extlinux/extlinux.conf is ");
    assert_log(&run, "config: /boot/extlinux/extlinux.conf: label 'cut' "
                     "crosses the cut; dropped");
    assert_log(&run, "config: DEFAULT 'cut' names no label");
    assert_not_log(&run, "label: 'cut'");
    assert_log(&run, "label: 'first'");
    assert_kernel(&run, 600, 3);
    done(&run);
}

static void test_no_labels_stops(void **state)
{
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0, "TIMEOUT 3\nDEFAULT x\n",
          NULL, 0 },
        { NULL, 0, NULL, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("nolabels", files), PAST_TAIL(1024u),
                              false), BOOT_ENOLABEL);
    assert_log(&run, "config: no LABEL; nothing to boot, stop");
    assert_int_equal(run.handoffs, 0);
    done(&run);
}

static void test_blank_disk_stops(void **state)
{
    char img[1100], cmd[4096];
    const char *build = getenv("BUILD");
    (void)state;

    FMT(img, "%s/%s/boot/blank.img",
             build ? build : "build", TESTS_DIR);
    FMT(cmd, "mkdir -p \"$(dirname '%s')\" && "
             "rm -f '%s' && truncate -s 1M '%s'", img, img, img);
    assert_int_equal(system(cmd), 0);
    assert_int_equal(run_boot(&run, img, PAST_TAIL(1024u), false),
                     BOOT_ENOFS);
    assert_log(&run, "nothing to boot, stop");
    done(&run);
}


/* The window's bytes at off are the pattern file (size, seed). */
static void assert_file_at(const struct run *r, uint32_t off, uint32_t size,
                           uint8_t seed)
{
    uint8_t *want = malloc(size + 1u);

    assert_non_null(want);
    pattern(want, size, seed);
    assert_true(off + size <= r->window_size);
    assert_memory_equal(r->window + off, want, size);
    free(want);
}

/* One "open a regular file" for every file the flow reads: a FIFO named
 * extlinux.conf, or as a kernel, is "not a regular file" (it was "is a
 * directory"), and the next candidate is taken. */
static void test_fifo_not_regular(void **state)
{
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0, NULL, NULL, 0, NULL, 1 },
        { "extlinux/extlinux.conf", 0,
          "LABEL f\n KERNEL /pipe\nLABEL a\n KERNEL /k\n", NULL, 0, NULL, 0 },
        { "pipe", 0, NULL, NULL, 0, NULL, 1 },
        { "k", 100, NULL, NULL, 5, NULL, 0 },
        { NULL, 0, NULL, NULL, 0, NULL, 0 },
    };
    (void)state;
    assert_int_equal(run_boot(&run, make_image("fifo", files), W(16384), false),
                     0);
    assert_log(&run, "config: /boot/extlinux/extlinux.conf: not a regular "
                     "file; skipped\n");
    assert_log(&run, "load: /pipe: not a regular file; trying label 'a'\n");
    assert_not_log(&run, "is a directory");
    assert_kernel(&run, 100, 5);
    done(&run);
}

/* Relative paths start from the config file's directory, as syslinux
 * does (doc/syslinux.txt: a relative file name is taken from the working
 * directory, which is the directory the configuration file was read
 * from) and as U-Boot's extlinux support does (boot/pxe_utils.c prefixes
 * a relative name with the config file's directory, its bootdir); "."
 * and ".." are taken out of the name, and ".." stops at the root. INITRD
 * a,b loads both files back to back, as syslinux concatenates them. */
static void test_initrd_concatenated_relative_paths(void **state)
{
    (void)state;
#if BOOT_INITRD_LIST
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL rel\n KERNEL ../vmlinuz\n"
          " INITRD initrd-a.img,../../data/./b.img\n"
          " FDT ./dtbs/../board.dtb\n APPEND x\n", NULL, 0, NULL, 0 },
        { "boot/vmlinuz", 3001, NULL, NULL, 1, NULL, 0 },
        { "boot/extlinux/initrd-a.img", 1500, NULL, NULL, 2, NULL, 0 },
        { "data/b.img", 777, NULL, NULL, 3, NULL, 0 },
        { "boot/extlinux/board.dtb", 0, "tree", NULL, 0, NULL, 0 },
        { NULL, 0, NULL, NULL, 0, NULL, 0 },
    };
    assert_int_equal(run_boot(&run, make_image("initrd", files), W(16384),
                              false), 0);
    assert_kernel(&run, 3001, 1);
    assert_said(&run, "label: 'rel': kernel ../vmlinuz, initrd initrd-a.img,"
                     "../../data/./b.img, fdt ./dtbs/../board.dtb");
    assert_said(&run, "load: /boot/vmlinuz -> 0x20000000, 3001 bytes");
    assert_said(&run, "fdt: /boot/extlinux/board.dtb -> 0x20000bc0, 4 bytes");
    assert_said(&run, "initrd: /boot/extlinux/initrd-a.img -> 0x20000bc8, "
                     "1500 bytes");
    assert_said(&run, "initrd: /data/b.img -> 0x200011a4, 777 bytes");
    /* kernel | FDT at 8 | initrd at 8, its parts back to back | hand-off */
    assert_int_equal(run.img.fdt_addr, WINDOW_ADDR + 3008);
    assert_int_equal(run.img.initrd_addr, WINDOW_ADDR + 3016);
    assert_int_equal(run.img.initrd_size, 1500 + 777);
    assert_int_equal(run.h.initrd_addr, run.img.initrd_addr);
    assert_int_equal(run.h.initrd_size, run.img.initrd_size);
    assert_int_equal(run.img.kernel_kind, BOOT_KERNEL_BARE);
    assert_int_equal(run.img.fw_addr, 0);
    assert_file_at(&run, 3016, 1500, 2);
    assert_file_at(&run, 3016 + 1500, 777, 3);
    assert_int_equal(run.img.handoff_addr, WINDOW_ADDR + 5296);
    assert_int_equal(run.h.version, 2);
    done(&run);
#else
    /* Without BOOT_INITRD_LIST (the tiny profile) INITRD names one file,
     * a ',' part of its name. */
    const struct file one[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL one\n KERNEL /k\n INITRD /i,2.img\n", NULL, 0, NULL, 0 },
        { "k", 700, NULL, NULL, 1, NULL, 0 },
        { "i,2.img", 300, NULL, NULL, 2, NULL, 0 },
        { NULL, 0, NULL, NULL, 0, NULL, 0 },
    };
    assert_int_equal(run_boot(&run, make_image("initrd1", one), W(16384),
                              false), 0);
    assert_kernel(&run, 700, 1);
    assert_int_equal(run.img.initrd_addr, WINDOW_ADDR + 704);
    assert_int_equal(run.img.initrd_size, 300);
    assert_file_at(&run, 704, 300, 2);
    done(&run);
#endif

    const struct file plain[] = {
        { "extlinux/extlinux.conf", 0,
          "LABEL up\n KERNEL ../../../k\n"
          "LABEL here\n KERNEL vmlinuz\n", NULL, 0, NULL, 0 },
        { "extlinux/vmlinuz", 2000, NULL, NULL, 4, NULL, 0 },
        { NULL, 0, NULL, NULL, 0, NULL, 0 },
    };
    assert_int_equal(run_boot(&run, make_image("relative", plain), W(16384),
                              false), 0);
    assert_log(&run, "load: /k: ");          /* ".." stops at the root */
    assert_said(&run, "load: /extlinux/vmlinuz -> 0x20000000, 2000 bytes");
    assert_kernel(&run, 2000, 4);
    done(&run);
}

/* Every file a label loads is checked against its .sha256 when there is
 * one (#25.5), and a loader that requires one requires it of each. */
static void test_sha256_every_file(void **state)
{
    char sha_i[128], sha_k[128];
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL a\n KERNEL /k\n INITRD /i.img\n"
          "LABEL b\n KERNEL /k\n FDT /b.dtb\n", NULL, 0, NULL, 0 },
        { "k", 1200, NULL, NULL, 6, NULL, 0 },
        { "k.sha256", 0, sha_line(sha_k, 1200, 6, 0), NULL, 0, NULL, 0 },
        { "i.img", 900, NULL, NULL, 7, NULL, 0 },
        { "i.img.sha256", 0, sha_line(sha_i, 900, 7, 1), NULL, 0, NULL, 0 },
        { "b.dtb", 0, "a tree", NULL, 0, NULL, 0 },
        { NULL, 0, NULL, NULL, 0, NULL, 0 },
    };
    const char *img = make_image("shaall", files);
    (void)state;
    assert_int_equal(run_boot(&run, img, W(16384), false), 0);
    assert_said(&run, "matches /k.sha256, 1200 bytes");
    assert_fail(&run, "verify: /i.img: ", "sha256 ", BOOT_ESHA256, "");
    assert_log(&run, "; trying label 'b'");
    assert_said(&run, "verify: no /b.dtb.sha256, not checked");
    assert_int_equal(run.img.fdt_size, 6);
    assert_true(run.h.flags & HANDOFF_F_SHA256);
    done(&run);
    assert_int_equal(run_boot(&run, img, W(16384), true), BOOT_ENOLABEL);
    assert_fail(&run, "verify: /b.dtb.sha256: ",
                "missing, and this loader requires it", BOOT_ENOSHA256,
                "; no labels left");
    assert_int_equal(run.handoffs, 0);
    done(&run);
}

/* FDTDIR: the directory plus the board's fdtfile, as U-Boot's fdtdir
 * with its fdtfile variable; FDT wins when both are given. */
static void test_fdtdir(void **state)
{
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL d\n KERNEL /k\n FDTDIR dtbs\n", NULL, 0, NULL, 0 },
        { "k", 500, NULL, NULL, 1, NULL, 0 },
        { "boot/extlinux/dtbs/sifive/hifive-unleashed-a00.dtb", 0,
          "the board's tree", NULL, 0, NULL, 0 },
        { NULL, 0, NULL, NULL, 0, NULL, 0 },
    };
    const char *img = make_image("fdtdir", files);
    (void)state;
    board_fdtfile = "sifive/hifive-unleashed-a00.dtb";
    assert_int_equal(run_boot(&run, img, W(16384), false), 0);
    board_fdtfile = NULL;
    assert_said(&run, "label: 'd': kernel /k, fdtdir dtbs\n");
    assert_said(&run, "fdt: /boot/extlinux/dtbs/sifive/hifive-unleashed-a00"
                     ".dtb -> 0x200001f8, 16 bytes");
    assert_int_equal(run.img.fdt_size, 16);
    done(&run);
    /* A board without an fdtfile: the label fails by name. */
    assert_int_equal(run_boot(&run, img, W(16384), false), BOOT_ENOLABEL);
    assert_fail(&run, "fdt: dtbs: ",
                "FDTDIR, but this board names no device-tree file",
                BOOT_EFDT, "; no labels left");
    done(&run);
}

/* A RISC-V Linux Image header (the kernel's
 * Documentation/riscv/boot-image-header.rst): text_offset (le64) at 0x08,
 * image_size (le64) at 0x10, magic2 "RSC\x05" at 0x38; the rest of the
 * file is the pattern of seed. */
static uint8_t *linux_image(uint32_t size, uint64_t text_offset,
                            uint64_t image_size, uint8_t seed)
{
    uint8_t *b = malloc(size);

    assert_non_null(b);
    pattern(b, size, seed);
    for (int i = 0; i < 8; i++) {
        b[0x08 + i] = (uint8_t)(text_offset >> (8 * i));
        b[0x10 + i] = (uint8_t)(image_size >> (8 * i));
    }
    memcpy(b + 0x38, "RSC\x05", 4);
    return b;
}

/* The smallest valid device tree: a header (version 17), an empty
 * reservation map, a root node with nothing in it, no strings. */
static const uint8_t tiny_dtb[72] = {
    0xd0, 0x0d, 0xfe, 0xed, 0, 0, 0, 72,  0, 0, 0, 56,  0, 0, 0, 72,
    0, 0, 0, 40,  0, 0, 0, 17,  0, 0, 0, 16,  0, 0, 0, 0,
    0, 0, 0, 0,  0, 0, 0, 16,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 1,  0, 0, 0, 0,  0, 0, 0, 2,  0, 0, 0, 9,
};

/* Placement (#25.3) in a window that is the board's RAM from its base:
 * the firmware at fw_addr, the kernel at RAM + text_offset with
 * image_size kept free past it, the initrd on the next 4 KiB, the tree
 * 8-aligned with room to grow, then the hand-off block. */
static void test_riscv_linux_placement(void **state)
{
    uint8_t *k = linux_image(0x1800, 0x2000, 0x5000, 9);
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "DEFAULT bad\n"
          "LABEL lin\n KERNEL /boot/Image\n INITRD /boot/initrd.img\n"
          " FDT /boot/b.dtb\n APPEND console=ttySIF0\n"
          "LABEL bad\n KERNEL /boot/Image\n FDT /boot/bad.dtb\n",
          NULL, 0, NULL, 0 },
        { "boot/Image", 0x1800, NULL, NULL, 0, k, 0 },
        { "boot/fw_dynamic.bin", 5000, NULL, NULL, 7, NULL, 0 },
        { "boot/initrd.img", 999, NULL, NULL, 8, NULL, 0 },
        { "boot/b.dtb", sizeof(tiny_dtb), NULL, NULL, 0, tiny_dtb, 0 },
        { "boot/bad.dtb", 0, "\xd0\x0d\xfe\xed tree", NULL, 0, NULL, 0 },
        { NULL, 0, NULL, NULL, 0, NULL, 0 },
    };
    const char *img = make_image("linux", files);
    (void)state;
    board_ram_base = WINDOW_ADDR;
    board_fw_addr = WINDOW_ADDR;
    assert_int_equal(run_boot(&run, img, 65536, false), 0);
#if !BOOT_RISCV_LINUX
    /* Built without it (the tiny profile): an image like any other. */
    assert_int_equal(run.img.kernel_kind, BOOT_KERNEL_BARE);
    assert_int_equal(run.img.kernel_addr, WINDOW_ADDR);
    assert_memory_equal(run.window, k, 0x1800);
    assert_int_equal(run.img.fw_addr, 0);
    assert_not_log(&run, "firmware:");
    done(&run);
    board_ram_base = board_fw_addr = 0;
    free(k);
    return;
#endif
    assert_int_equal(run.img.kernel_kind, BOOT_KERNEL_LINUX_RISCV);
    assert_int_equal(run.img.kernel_addr, WINDOW_ADDR + 0x2000);
    assert_ptr_equal(run.img.kernel, run.window + 0x2000);
    assert_int_equal(run.img.kernel_size, 0x1800);
    assert_memory_equal(run.window + 0x2000, k, 0x1800);
    assert_int_equal(run.img.fw_addr, WINDOW_ADDR);
    assert_int_equal(run.img.fw_size, 5000);
    assert_file_at(&run, 0, 5000, 7);
    assert_int_equal(run.img.initrd_addr, WINDOW_ADDR + 0x7000);
    assert_int_equal(run.img.initrd_size, 999);
    assert_file_at(&run, 0x7000, 999, 8);
    assert_int_equal(run.img.fdt_addr, WINDOW_ADDR + 0x73e8);
#if BOOT_FDT_EDIT
    /* A tree that is not one fails its label with the editor's
     * sentence; the next label's tree gets /chosen (#25.4). */
    assert_log(&run, "fdt: /boot/bad.dtb: device tree byte 0x0: header or "
                     "totalsize past the end of the file; trying label "
                     "'lin'");
    {
        struct fdt t;
        const uint8_t *v;
        uint32_t len;
        const uint8_t *tree = run.window + 0x73e8;
        static const uint8_t range[16] = {
            0, 0, 0, 0, 0x20, 0, 0x70, 0,  0, 0, 0, 0, 0x20, 0, 0x73, 0xe7,
        };

        assert_true(run.img.fdt_size > sizeof(tiny_dtb));
        assert_int_equal(fdt_check(&t, tree, run.img.fdt_size), 0);
        assert_int_equal(fdt_prop(&t, "/chosen", "bootargs", &v, &len), 0);
        assert_int_equal(len, sizeof("console=ttySIF0"));
        assert_memory_equal(v, "console=ttySIF0", len);
        assert_int_equal(fdt_prop(&t, "/chosen", "linux,initrd-start", &v,
                                  &len), 0);
        assert_int_equal(len, 8);
        assert_memory_equal(v, range, 8);
        assert_int_equal(fdt_prop(&t, "/chosen", "linux,initrd-end", &v,
                                  &len), 0);
        assert_int_equal(len, 8);
        assert_memory_equal(v, range + 8, 8);
    }
    assert_log(&run, "fdt: /chosen: bootargs = APPEND, initrd range set");
#else
    assert_int_equal(run.img.fdt_size, sizeof(tiny_dtb));
#endif
    assert_true(run.img.handoff_addr >= run.img.fdt_addr + run.img.fdt_size);
    assert_int_equal(run.h.kernel_addr, run.img.kernel_addr);
    assert_int_equal(run.h.initrd_addr, run.img.initrd_addr);
    assert_log(&run, "firmware: /boot/fw_dynamic.bin -> 0x20000000, 5000 "
                     "bytes");
    assert_log(&run, "load: /boot/Image -> 0x20002000, 6144 bytes");
    assert_log(&run, "firmware 0x20000000 (RISC-V Linux, S-mode)");
    /* Lowest address first: firmware, kernel, initrd, tree. */
    const char *f = strstr(run.log, "firmware: /boot/fw_dynamic.bin ->");
    const char *l = strstr(run.log, "load: /boot/Image ->");
    const char *i = strstr(run.log, "initrd: /boot/initrd.img ->");
    const char *t = strstr(run.log, "fdt: /boot/b.dtb ->");
    assert_true(f && l && i && t && f < l && l < i && i < t);
    done(&run);
    board_ram_base = board_fw_addr = 0;
    free(k);
}

/* Without its SBI firmware a Linux label fails naming both places it
 * looked, and the next label is tried; a named FIRMWARE (relative to the
 * config) is used; an image_size that would run past the window (into
 * where the initrd and tree go) and firmware that would run into the
 * kernel are refused by name. Any other image boots as before. */
#if BOOT_RISCV_LINUX
static void test_riscv_linux_refusals(void **state)
{
    uint8_t *k = linux_image(0x1000, 0x2000, 0x3000, 2);
    uint8_t *big = linux_image(0x1000, 0x2000, 0x100000, 3);
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0,
          "LABEL a\n KERNEL /boot/Image\n FIRMWARE /boot/missing-fw.bin\n"
          "LABEL b\n KERNEL /boot/Image\n"
          "LABEL big\n KERNEL /boot/big\n FIRMWARE fw.bin\n"
          "LABEL fat\n KERNEL /boot/Image\n FIRMWARE /boot/fat-fw.bin\n"
          "LABEL c\n KERNEL /boot/Image\n FIRMWARE fw.bin\n"
          " APPEND earlycon\n", NULL, 0, NULL, 0 },
        { "boot/Image", 0x1000, NULL, NULL, 0, k, 0 },
        { "boot/big", 0x1000, NULL, NULL, 0, big, 0 },
        { "boot/extlinux/fw.bin", 3000, NULL, NULL, 5, NULL, 0 },
        { "boot/fat-fw.bin", 9000, NULL, NULL, 5, NULL, 0 },
        { NULL, 0, NULL, NULL, 0, NULL, 0 },
    };
    const char *img = make_image("linuxbad", files);
    (void)state;
    board_ram_base = WINDOW_ADDR;
    board_fw_addr = WINDOW_ADDR;
    assert_int_equal(run_boot(&run, img, 65536, false), 0);
    assert_log(&run, "firmware: /boot/missing-fw.bin: missing, and none "
                     "of /boot/fw_dynamic.bin /fw_dynamic.bin /usr/lib/"
                     "riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin "
                     "found; trying label 'b'\n");
    assert_log(&run, "firmware: 'b': no FIRMWARE, none of /boot/"
                     "fw_dynamic.bin /fw_dynamic.bin /usr/lib/riscv64-linux-"
                     "gnu/opensbi/generic/fw_dynamic.bin found; trying label "
                     "'big'\n");
    assert_log(&run, "load: /boot/big: image_size 1048576 bytes at "
                     "0x20002000 run past the ");
    assert_log(&run, "; trying label 'fat'\n");
    assert_log(&run, "firmware: /boot/fat-fw.bin: 9000 bytes, larger than "
                     "the 8192 bytes left below the kernel; trying label "
                     "'c'\n");
    assert_log(&run, "firmware: /boot/extlinux/fw.bin -> 0x20000000, 3000 "
                     "bytes");
    assert_int_equal(run.handoffs, 1);
    assert_int_equal(run.img.kernel_kind, BOOT_KERNEL_LINUX_RISCV);
    assert_int_equal(run.img.fw_size, 3000);
    assert_file_at(&run, 0, 3000, 5);
    assert_string_equal(run.h.label, "c");
    /* Nothing of 'big' was written: its kernel bytes never loaded. */
    done(&run);
    board_ram_base = board_fw_addr = 0;
    free(k);
    free(big);
}

/* No FIRMWARE: /boot/fw_dynamic.bin, else /fw_dynamic.bin (a /boot
 * partition), else Debian's opensbi package's path (#39.1), first found
 * wins; the log names the file loaded. */
static void test_riscv_firmware_search(void **state)
{
    static const char *const conf =
        "LABEL l\n KERNEL /Image\n";
    uint8_t *k = linux_image(0x1000, 0x2000, 0x3000, 2);
    const struct file part[] = {
        { "extlinux/extlinux.conf", 0, conf, NULL, 0, NULL, 0 },
        { "Image", 0x1000, NULL, NULL, 0, k, 0 },
        { "fw_dynamic.bin", 3000, NULL, NULL, 5, NULL, 0 },
        { "usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin", 2000,
          NULL, NULL, 6, NULL, 0 },
        { NULL, 0, NULL, NULL, 0, NULL, 0 },
    };
    const struct file root[] = {
        { "extlinux/extlinux.conf", 0, conf, NULL, 0, NULL, 0 },
        { "Image", 0x1000, NULL, NULL, 0, k, 0 },
        { "usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin", 2000,
          NULL, NULL, 6, NULL, 0 },
        { NULL, 0, NULL, NULL, 0, NULL, 0 },
    };
    (void)state;
    board_ram_base = WINDOW_ADDR;
    board_fw_addr = WINDOW_ADDR;
    assert_int_equal(run_boot(&run, make_image("fwpart", part), 65536,
                              false), 0);
    assert_log(&run, "firmware: /fw_dynamic.bin -> 0x20000000, 3000 bytes");
    assert_int_equal(run.img.fw_size, 3000);
    assert_file_at(&run, 0, 3000, 5);
    done(&run);
    assert_int_equal(run_boot(&run, make_image("fwdeb", root), 65536,
                              false), 0);
    assert_log(&run, "firmware: /usr/lib/riscv64-linux-gnu/opensbi/generic/"
                     "fw_dynamic.bin -> 0x20000000, 2000 bytes");
    assert_int_equal(run.img.fw_size, 2000);
    assert_file_at(&run, 0, 2000, 6);
    done(&run);
    board_ram_base = board_fw_addr = 0;
    free(k);
}
#endif

static void test_entry_rule(void **state)
{
    uint8_t img[64] = { 0 };
    struct cpu_entry e;
    const uint32_t lo = 0x20000000u, hi = 0x20010000u, at = 0x20000000u;
    (void)state;

    /* SP 0x20010000 (top of RAM is allowed), reset at +0x21. */
    img[0] = 0x00; img[1] = 0x00; img[2] = 0x01; img[3] = 0x20;
    img[4] = 0x21; img[5] = 0x00; img[6] = 0x00; img[7] = 0x20;
    assert_int_equal(cpu_entry_for(img, sizeof(img), at, lo, hi, &e), 1);
    assert_int_equal(e.pc, 0x20000021u);
    assert_int_equal(e.sp, 0x20010000u);
    assert_int_equal(e.vtor, at);
    /* Even reset vector (ARM state): not a Cortex-M table. */
    img[4] = 0x20;
    assert_int_equal(cpu_entry_for(img, sizeof(img), at, lo, hi, &e), 0);
    assert_int_equal(e.pc, at | 1u);
    assert_int_equal(e.sp, 0);
    assert_int_equal(e.vtor, 0);
    /* Reset vector at the image's end, or pointing into the table. */
    img[4] = 0x41;
    assert_int_equal(cpu_entry_for(img, sizeof(img), at, lo, hi, &e), 0);
    img[4] = 0x05;
    assert_int_equal(cpu_entry_for(img, sizeof(img), at, lo, hi, &e), 0);
    /* Reset vector below the load address. */
    img[4] = 0x21; img[7] = 0x1F;
    assert_int_equal(cpu_entry_for(img, sizeof(img), at, lo, hi, &e), 0);
    img[7] = 0x20; img[5] = 0x01;
    assert_int_equal(cpu_entry_for(img, sizeof(img), at, lo, hi, &e), 0);
    /* SP outside RAM. */
    img[5] = 0x00; img[3] = 0x30;
    assert_int_equal(cpu_entry_for(img, sizeof(img), at, lo, hi, &e), 0);
    /* Too short to hold two words. */
    assert_int_equal(cpu_entry_for(img, 7, at, lo, hi, &e), 0);
    /* Thumb code at the first byte: 0x4770 "bx lr" looks like no SP. */
    img[0] = 0x70; img[1] = 0x47; img[2] = 0; img[3] = 0;
    assert_int_equal(cpu_entry_for(img, sizeof(img), at, lo, hi, &e), 0);
    assert_int_equal(e.pc, at | 1u);
}

static void test_cmd_boot_exit_codes(void **state)
{
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", 0, "LABEL k\n KERNEL /k\n",
          NULL, 0 },
        { "k", 3333, NULL, NULL, 4 },
        { NULL, 0, NULL, NULL, 0 },
    };
    char img[1100], out[1200];
    (void)state;

    FMT(img, "%s", make_image("cmd", files));
    FMT(out, "rm -rf '%s.out'", img);
    assert_int_equal(system(out), 0);
    FMT(out, "%s.out", img);
    char *ok_argv[] = { "boot", img, "--window", "0x20000000:0x8000", "-o",
                        out, NULL };
    assert_int_equal(host_cmd_boot(6, ok_argv), 0);
    /* -o DIR: the kernel as the board placed it, and the memory map. */
    char path[1300];
    FMT(path, "%s/memory-map.txt", out);
    FILE *m = fopen(path, "r");
    char map[512] = "";
    assert_non_null(m);
    assert_true(fread(map, 1, sizeof(map) - 1, m) > 0);
    fclose(m);
    assert_non_null(strstr(map, "0x20000000-0x20000d05       3333 kernel    "
                                "kernel.bin\n"));
    assert_non_null(strstr(map, " hand-off  -\n"));
    FMT(path, "%s/kernel.bin", out);
    FILE *f = fopen(path, "rb");
    uint8_t got[4000], want[3333];
    assert_non_null(f);
    assert_int_equal(fread(got, 1, sizeof(got), f), 3333);
    fclose(f);
    pattern(want, sizeof(want), 4);
    assert_memory_equal(got, want, sizeof(want));

    char *small_argv[] = { "boot", img, "--window", "0x20000000:2048", NULL };
    assert_int_equal(host_cmd_boot(4, small_argv), 1);
    char *missing_argv[] = { "boot", "/nonexistent/disk.img", NULL };
    assert_int_equal(host_cmd_boot(2, missing_argv), 1);
    char *bad_window[] = { "boot", img, "--window", "0x20000001:100", NULL };
    assert_int_equal(host_cmd_boot(4, bad_window), 2);
    char *bad_opt[] = { "boot", img, "--frobnicate", NULL };
    assert_int_equal(host_cmd_boot(3, bad_opt), 2);
    char *bad_board[] = { "boot", img, "--board", "pdp11", NULL };
    assert_int_equal(host_cmd_boot(4, bad_board), 2);
    char *no_image[] = { "boot", NULL };
    assert_int_equal(host_cmd_boot(1, no_image), 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_label_first),
        cmocka_unit_test(test_fallback_missing_then_file_order),
        cmocka_unit_test(test_fallback_sha_mismatch),
        cmocka_unit_test(test_oversize_refused_before_first_byte),
        cmocka_unit_test(test_exact_fit),
        cmocka_unit_test(test_handoff_block_and_fdt),
        cmocka_unit_test(test_board_fdt_when_none_named),
        cmocka_unit_test(test_load_speed),
        cmocka_unit_test(test_empty_kernel_falls_back),
        cmocka_unit_test(test_fdt_missing_falls_back),
        cmocka_unit_test(test_no_config_board_default),
        cmocka_unit_test(test_symlinked_paths_and_sha256),
        cmocka_unit_test(test_window_smaller_than_tail),
        cmocka_unit_test(test_require_sha256),
        cmocka_unit_test(test_config_too_long_keeps_whole_lines),
        cmocka_unit_test(test_no_labels_stops),
        cmocka_unit_test(test_blank_disk_stops),
        cmocka_unit_test(test_fifo_not_regular),
        cmocka_unit_test(test_initrd_concatenated_relative_paths),
        cmocka_unit_test(test_sha256_every_file),
        cmocka_unit_test(test_fdtdir),
        cmocka_unit_test(test_riscv_linux_placement),
#if BOOT_RISCV_LINUX
        cmocka_unit_test(test_riscv_linux_refusals),
        cmocka_unit_test(test_riscv_firmware_search),
#endif
        cmocka_unit_test(test_entry_rule),
        cmocka_unit_test(test_cmd_boot_exit_codes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
