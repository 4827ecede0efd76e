/* fs/ over drivers/sdspi over the SD card model: ext4 images made by
 * mke2fs -d from seeded files, read through the SPI protocol, compared
 * with what debugfs dumps. */
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

#include "drivers/sdspi.h"
#include "firmware/boot/boot.h"
#include "fs/ext.h"
#include "fs/ext_conf.h"
#include "fs/part.h"
#include "tests/sdcard/sdmodel.h"

#define TOOLS "PATH=$PATH:/sbin:/usr/sbin "
#define SEED 0x5D5E1u

struct tfile {
    const char *path;             /* in the filesystem */
    uint32_t size;
    uint32_t hole_at, hole_len;   /* a sparse stretch, 0 none */
};

static const struct tfile files[] = {
    { "/boot/kernel.bin", 1234567, 0, 0 },
    { "/small.txt", 29, 0, 0 },
    { "/dir/sub/mid.bin", 70001, 0, 0 },
    { "/holes.bin", 1048909, 5000, 600000 },
    { "/empty", 0, 0, 0 },
};
#define NFILES (sizeof(files) / sizeof(files[0]))

static char dir[2048];
static char bare_img[2200], bare1k_img[2200], fs_img[2200], mbr_img[2200];

static void sh(const char *fmt, ...)
{
    char cmd[8192];
    va_list ap;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(cmd, sizeof(cmd), fmt, ap);
    va_end(ap);
    assert_true(n > 0 && (size_t)n < sizeof(cmd));
    if (system(cmd) != 0)
        fail_msg("failed: %s", cmd);
}

static void fill(uint8_t *b, size_t n, uint64_t s)
{
    s = s * 0x9E3779B97F4A7C15ull + 1;
    for (size_t i = 0; i < n; i++) {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        b[i] = (uint8_t)((s * 0x2545F4914F6CDD1Dull) >> 56);
    }
}

static void write_tree(const char *root)
{
    char path[4096];

    sh("rm -rf '%s' && mkdir -p '%s/boot' '%s/dir/sub'", root, root, root);
    for (size_t i = 0; i < NFILES; i++) {
        const struct tfile *t = &files[i];
        uint8_t *b = malloc(t->size + 1u);
        FILE *f;

        assert_non_null(b);
        snprintf(path, sizeof(path), "%s%s", root, t->path);
        f = fopen(path, "wb");
        assert_non_null(f);
        if (!strcmp(t->path, "/small.txt"))
            memcpy(b, "hello from extload over SPI\n", t->size);
        else
            fill(b, t->size, SEED + i);
        if (t->hole_len) {
            /* Data, a hole the filesystem does not store, then data. */
            assert_int_equal(fwrite(b, 1, t->hole_at, f), t->hole_at);
            assert_int_equal(fseek(f, (long)(t->hole_at + t->hole_len),
                                   SEEK_SET), 0);
            size_t rest = t->size - t->hole_at - t->hole_len;
            assert_int_equal(fwrite(b + t->hole_at + t->hole_len, 1, rest,
                                    f), rest);
        } else {
            assert_int_equal(fwrite(b, 1, t->size, f), t->size);
        }
        fclose(f);
        free(b);
    }
}

static int setup(void **state)
{
    const char *base = getenv("EXTLOAD_IMAGES");
    char root[2100];

    (void)state;
    snprintf(dir, sizeof(dir), "%s/sdfs", base ? base : "build/images");
    snprintf(root, sizeof(root), "%s/root", dir);
    snprintf(bare_img, sizeof(bare_img), "%s/bare-4k.img", dir);
    snprintf(bare1k_img, sizeof(bare1k_img), "%s/bare-1k.img", dir);
    snprintf(fs_img, sizeof(fs_img), "%s/part-fs.img", dir);
    snprintf(mbr_img, sizeof(mbr_img), "%s/mbr.img", dir);
    sh("mkdir -p '%s'", dir);
    write_tree(root);
    sh(TOOLS "mke2fs -q -F -t ext4 -b 4096 -d '%s' '%s' 16M >/dev/null", root,
       bare_img);
    sh(TOOLS "mke2fs -q -F -t ext4 -b 1024 -d '%s' '%s' 8M >/dev/null", root,
       bare1k_img);
    /* 20 MiB disk, MBR, one Linux partition at 1 MiB holding a 1 KiB
     * block ext4. */
    sh(TOOLS "mke2fs -q -F -t ext4 -b 1024 -d '%s' '%s' 18M >/dev/null", root, fs_img);
    sh("rm -f '%s' && truncate -s 20M '%s' && "
       "echo 'start=2048, size=36864, type=83' | " TOOLS
       "sfdisk -q '%s' >/dev/null && "
       "dd if='%s' of='%s' bs=1M seek=1 conv=notrunc,sparse status=none",
       mbr_img, mbr_img, mbr_img, fs_img, mbr_img);
    return 0;
}

/* What debugfs says the file holds. */
static uint8_t *oracle(const char *image, const char *path, size_t want)
{
    char out[2300];
    uint8_t *b = malloc(want + 1);
    FILE *f;
    size_t got;

    assert_non_null(b);
    snprintf(out, sizeof(out), "%s/oracle.bin", dir);
    sh("rm -f '%s' && " TOOLS "debugfs -R 'dump \"%s\" %s' '%s' "
       ">/dev/null 2>&1", out, path, out, image);
    f = fopen(out, "rb");
    assert_non_null(f);
    got = fread(b, 1, want + 1, f);
    fclose(f);
    assert_int_equal(got, want);
    return b;
}

static uint8_t *load(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    uint8_t *b;
    long n;

    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    n = ftell(f);
    assert_true(n > 0);
    rewind(f);
    b = malloc((size_t)n);
    assert_non_null(b);
    assert_int_equal(fread(b, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    *len = (size_t)n;
    return b;
}

/* The SD driver as the host's block device (64-bit sector numbers, as
 * board/card.c wires it where BLOCKDEV_LBA32 is 0). */
static int sd_read(void *sd, blockdev_lba_t lba, uint32_t count, void *buf)
{
    return lba > UINT32_MAX ? SD_ERANGE
                            : sdspi_read(sd, (uint32_t)lba, count, buf);
}

/* The card's timing for check_card(): NULL is sdm_init()'s (Ncr 1, Nac 1,
 * 20 us busy after CMD12, the cut-off stream as CMD12's stuff byte). */
struct slow {
    uint8_t ncr;
    uint32_t nac, busy12_us;
    int stuff;
};
static const struct slow *timing;

/* Mounts through the model, reads every file whole and in odd pieces,
 * compares with debugfs. */
static void check_card(int kind, const char *disk, const char *fs_image,
                       int from_file, int partitioned)
{
    struct sdmodel *m = calloc(1, sizeof(*m));
    struct sdspi *sd = calloc(1, sizeof(*sd));
    struct ext_fs *fs = calloc(1, sizeof(*fs));
    struct blockdev bd;
    uint8_t *mem = NULL;
    uint64_t lba0 = 0, sectors = 0;
    size_t len;
    int rc;

    assert_non_null(m);
    assert_non_null(sd);
    assert_non_null(fs);
    if (from_file) {
        assert_int_equal(sdm_init_file(m, kind, disk), 0);
    } else {
        mem = load(disk, &len);
        sdm_init(m, kind, mem, len);
    }
    if (timing) {
        m->ncr = timing->ncr;
        m->nac = timing->nac;
        m->busy12_us = timing->busy12_us;
        m->stuff = timing->stuff;
    }
    assert_int_equal(sdspi_init(sd, &m->bus, sdm_ms, m, 50000000), SD_OK);
    assert_int_equal(sd->sectors, m->capacity / 512);
    bd = (struct blockdev){ sd_read, sd, sd->sectors };
    if (partitioned) {
        struct part_info pi;
        uint8_t sec[512];

        assert_int_equal(part_find(&bd, sec, 0, &pi), PART_OK);
        assert_int_equal(pi.lba, 2048);
        lba0 = pi.lba;
        sectors = pi.sectors;
    }
    rc = ext_mount(fs, &bd, lba0, sectors);
    if (rc) {
        char msg[200];

        ext_error_describe(fs, msg, sizeof(msg));
        fail_msg("%s on %s: mount: %s", disk, sdspi_type_name(sd->type),
                 msg);
    }

    for (size_t i = 0; i < NFILES; i++) {
        const struct tfile *t = &files[i];
        struct ext_file f;
        uint8_t *want = oracle(fs_image, t->path, t->size);
        uint8_t *got = malloc(t->size + 64u);
        uint64_t b0 = m->bytes;
        uint32_t r18 = m->cmds[18], r17 = m->cmds[17];
        int32_t n;

        assert_non_null(got);
        assert_int_equal(ext_open(fs, t->path, &f), EXT_OK);
        assert_int_equal(f.in.size, t->size);

        memset(got, 0xA5, t->size + 64u);
        n = ext_read(fs, &f, 0, got, t->size + 64u);
        assert_int_equal(n, (int32_t)t->size);
        assert_memory_equal(got, want, t->size);
        for (uint32_t g = 0; g < 64; g++)
            assert_int_equal(got[t->size + g], 0xA5);
        if (t->size > 100000)
            print_message("# %s %s: %s %u bytes, %.4f bytes clocked per "
                          "payload byte, %u CMD18 runs, %u CMD17\n",
                          sdspi_type_name(sd->type),
                          partitioned ? "MBR" : "bare", t->path, t->size,
                          (double)(m->bytes - b0) / t->size,
                          m->cmds[18] - r18, m->cmds[17] - r17);

        /* Odd pieces from an odd offset, then past the end. */
        memset(got, 0, t->size + 64u);
        for (uint32_t off = t->size > 7 ? 7 : 0; off < t->size;) {
            uint32_t piece = 4099 + off % 1000;

            if (piece > t->size - off)
                piece = t->size - off;
            n = ext_read(fs, &f, off, got + off, piece);
            assert_int_equal(n, (int32_t)piece);
            off += piece;
        }
        if (t->size > 7)
            assert_memory_equal(got + 7, want + 7, t->size - 7);
        assert_int_equal(ext_read(fs, &f, t->size, got, 10), 0);
        free(got);
        free(want);
    }
    if (m->violations)
        print_error("model: %s\n", m->why);
    assert_int_equal(m->violations, 0);
    assert_int_equal(m->crc7_bad, 0);
    assert_true(m->cmds[18] > 0);
#if SDSPI_DIAG
    assert_int_equal(sd->retries, 0);
#endif
    sdm_close(m);
    free(mem);
    free(fs);
    free(sd);
    free(m);
}

static void test_sdhc_bare_4k(void **state)
{
    (void)state;
    check_card(SDM_SDHC, bare_img, bare_img, 1, 0);
}

static void test_sdsc_bare_4k(void **state)
{
    (void)state;
    check_card(SDM_SDSC, bare_img, bare_img, 0, 0);
}

static void test_sdv1_and_mmc_bare_1k(void **state)
{
    (void)state;
    check_card(SDM_SDV1, bare1k_img, bare1k_img, 0, 0);
    if (SDSPI_MMC_CARDS)        /* else refused: tests/unit/test_sdspi.c */
        check_card(SDM_MMC, bare1k_img, bare1k_img, 1, 0);
}

static void test_sdsc_mbr_1k(void **state)
{
    (void)state;
    check_card(SDM_SDSC, mbr_img, fs_img, 0, 1);
}

static void test_sdhc_mbr_1k(void **state)
{
    (void)state;
    check_card(SDM_SDHC, mbr_img, fs_img, 1, 1);
}

/* The slowest timings the spec allows, under the filesystem: Ncr 8 (and
 * 8 after CMD12's stuff byte), Nac of a few ms, a long busy after each
 * CMD12. The same bytes as debugfs, no retries. */
static void test_slow_cards(void **state)
{
    static const struct slow slow[] = {
        { 8, 1000, 2000, -1 },      /* stuff: the cut-off stream */
        { 8, 20000, 100, 0x00 },    /* a stuff byte that looks like R1 */
    };

    (void)state;
    timing = &slow[0];
    check_card(SDM_SDHC, bare_img, bare_img, 1, 0);
    if (SDSPI_MMC_CARDS)
        check_card(SDM_MMC, bare1k_img, bare1k_img, 1, 0);
    timing = &slow[1];
    check_card(SDM_SDSC, mbr_img, fs_img, 0, 1);
    check_card(SDM_SDV1, bare1k_img, bare1k_img, 0, 0);
    timing = NULL;
}

/* Faults under the filesystem: a flaky card still yields the right
 * bytes, a dead one a clear error, never wrong bytes. */
static void test_flaky_card_under_fs(void **state)
{
    struct sdmodel *m = calloc(1, sizeof(*m));
    struct sdspi *sd = calloc(1, sizeof(*sd));
    struct ext_fs *fs = calloc(1, sizeof(*fs));
    struct blockdev bd;
    struct ext_file f;
    uint8_t *want, *got;
    uint32_t size = files[0].size;
    int32_t n;

    (void)state;
    assert_non_null(m);
    assert_non_null(sd);
    assert_non_null(fs);
    assert_int_equal(sdm_init_file(m, SDM_SDHC, bare_img), 0);
    assert_int_equal(sdspi_init(sd, &m->bus, sdm_ms, m, 50000000), SD_OK);
    bd = (struct blockdev){ sd_read, sd, sd->sectors };
    assert_int_equal(ext_mount(fs, &bd, 0, 0), EXT_OK);
    assert_int_equal(ext_open(fs, files[0].path, &f), EXT_OK);
    want = oracle(bare_img, files[0].path, size);
    got = malloc(size);
    assert_non_null(got);

    m->fault = (struct sdm_fault){ .kind = SDM_FAULT_CRC16, .skip = 40,
                                   .period = 300, .times = 5 };
    n = ext_read(fs, &f, 0, got, size);
    print_message("# kernel.bin with 5 CRC16 faults: %d bytes, %u fired\n",
                  n, m->faults_fired);
    assert_int_equal(n, (int32_t)size);
    assert_memory_equal(got, want, size);
    assert_int_equal(m->faults_fired, 5);
#if SDSPI_DIAG      /* struct sdspi counts retries only with it */
    assert_int_equal(sd->retries, 5);
#endif

    m->fault = (struct sdm_fault){ .kind = SDM_FAULT_REMOVE, .skip = 100,
                                   .offset = 200, .times = 1 };
    memset(got, 0, size);
    n = ext_read(fs, &f, 0, got, size);
    print_message("# kernel.bin with the card pulled: %d (%s)\n", n,
                  ext_strerror(n));
    assert_true(n < 0);
    assert_int_equal(m->violations, 0);
    free(got);
    free(want);
    sdm_close(m);
    free(fs);
    free(sd);
    free(m);
}

/* The driver's reason survives the block-device seam (#24): with every
 * read block faulted, ext_error_describe_dev names the sdspi error
 * (sdspi_strerror given as the describer) and its code, for a CRC error,
 * a data error token and a start token that never comes; part.c the
 * same for the partition table. */
static void test_driver_reason_named(void **state)
{
    static const struct {
        int kind;
        int code;
        const char *text;
    } faults[] = {
        { SDM_FAULT_CRC16, SD_ECRC, "data CRC mismatch" },
        { SDM_FAULT_DATA_TOKEN, SD_EDATA, "card sent a data error token" },
        { SDM_FAULT_NO_TOKEN, SD_ETOKEN,
          "no data from the card within 100 ms" },
    };
    size_t i;

    (void)state;
    for (i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
        struct sdmodel *m = calloc(1, sizeof(*m));
        struct sdspi *sd = calloc(1, sizeof(*sd));
        struct ext_fs *fs = calloc(1, sizeof(*fs));
        struct blockdev bd;
        struct ext_file f;
        struct part_info pi;
        uint8_t buf[512], sec[512];
        char msg[256], want[160];
        int32_t n;

        assert_non_null(m);
        assert_non_null(sd);
        assert_non_null(fs);
        assert_int_equal(sdm_init_file(m, SDM_SDHC, bare_img), 0);
        assert_int_equal(sdspi_init(sd, &m->bus, sdm_ms, m, 50000000), SD_OK);
        bd = (struct blockdev){ sd_read, sd, sd->sectors };
        assert_int_equal(ext_mount(fs, &bd, 0, 0), EXT_OK);
        assert_int_equal(ext_open(fs, files[0].path, &f), EXT_OK);
        m->fault = (struct sdm_fault){ .kind = faults[i].kind,
                                       .token = 0x08, .times = SDM_ALWAYS };
        n = ext_read(fs, &f, 0, buf, sizeof(buf));
        assert_int_equal(n, EXT_EIO);
        assert_int_equal(fs->err_dev, faults[i].code);
        ext_error_describe_dev(fs, sdspi_strerror, msg, sizeof(msg));
        print_message("# %s\n", msg);
        /* The tiny profile says "ext error -1" for the sentence. */
        snprintf(want, sizeof(want), "%s: %s (device error %d)",
                 EXT_MESSAGES ? "failed a read" : "ext error -1",
                 faults[i].text, faults[i].code);
        assert_non_null(strstr(msg, want));
        ext_error_describe(fs, msg, sizeof(msg));
        snprintf(want, sizeof(want), "(device error %d)", faults[i].code);
        assert_non_null(strstr(msg, want));

        assert_int_equal(part_find(&bd, sec, 0, &pi), PART_EIO);
        assert_int_equal(pi.err_dev, faults[i].code);
        part_describe_dev(&pi, PART_EIO, sdspi_strerror, msg, sizeof(msg));
        print_message("# %s\n", msg);
        assert_non_null(strstr(msg, faults[i].text));
        sdm_close(m);
        free(fs);
        free(sd);
        free(m);
    }
}

/* The boot flow over the card, as a board runs it: its console and the
 * card's blocks counted. */
struct sd_boot {
    char log[8192];
    size_t len;
    int handoffs;
    uint64_t blocks_at_handoff;   /* the card's read blocks by then */
    struct sdmodel *m;
};

static void sd_boot_write(void *ctx, const char *s, uint32_t n)
{
    struct sd_boot *b = ctx;

    if (n > sizeof(b->log) - 1 - b->len)
        n = (uint32_t)(sizeof(b->log) - 1 - b->len);
    memcpy(b->log + b->len, s, n);
    b->len += n;
    b->log[b->len] = '\0';
}

static int sd_boot_handoff(void *ctx, const struct boot_image *img)
{
    struct sd_boot *b = ctx;

    (void)img;
    b->handoffs++;
    b->blocks_at_handoff = b->m->blocks;
    return 0;
}

#define SD_BOOT_WINDOW (4u << 20)

/* boot_run on bare_img through sdspi on the card model, the fault armed
 * after the card is up; dev_strerror as a board sets it. */
static int sd_boot_run(struct sd_boot *b, const struct sdm_fault *fault,
                       blockdev_strerror_fn *dev_strerror)
{
    struct sdmodel *m = calloc(1, sizeof(*m));
    struct sdspi *sd = calloc(1, sizeof(*sd));
    struct boot_state *st = calloc(1, sizeof(*st));
    uint8_t *window = malloc(SD_BOOT_WINDOW);
    struct blockdev bd;
    int rc;

    assert_non_null(m);
    assert_non_null(sd);
    assert_non_null(st);
    assert_non_null(window);
    memset(b, 0, sizeof(*b));
    b->m = m;
    assert_int_equal(sdm_init_file(m, SDM_SDHC, bare_img), 0);
    assert_int_equal(sdspi_init(sd, &m->bus, sdm_ms, m, 50000000), SD_OK);
    bd = (struct blockdev){ sd_read, sd, sd->sectors };
    m->fault = *fault;
    const struct boot_env env = {
        .con = { sd_boot_write, b },
        .ms_now = sdm_ms,
        .clk_ctx = m,
        .bd = &bd,
        .dev_strerror = dev_strerror,
        .window = window,
        .window_addr = 0x20000000u,
        .window_size = SD_BOOT_WINDOW,
        .default_kernel = "/boot/kernel.bin",
        .handoff = sd_boot_handoff,
        .handoff_ctx = b,
    };
    rc = boot_run(&env, st);
    for (const char *l = b->log; *l;) {
        const char *e = strchr(l, '\n');
        int n = e ? (int)(e - l) : (int)strlen(l);

        print_message("# %.*s\n", n, l);
        l += n + (e != NULL);
    }
    sdm_close(m);
    free(window);
    free(st);
    free(sd);
    free(m);
    return rc;
}

/* The driver's reason reaches the console (#24): the boot flow, given
 * the driver's describer as a board gives it (struct boot_env's
 * dev_strerror), names a CRC error, a data error token and a start token
 * that never comes when the partition table's sector fails and when the
 * kernel's last blocks fail; without a describer, or without
 * BOOT_MESSAGES (the tiny profile), the line keeps the driver's number. */
static void test_driver_reason_on_console(void **state)
{
    static const struct {
        int kind;
        int code;
        const char *text;
    } faults[] = {
        { SDM_FAULT_CRC16, SD_ECRC, "data CRC mismatch" },
        { SDM_FAULT_DATA_TOKEN, SD_EDATA, "card sent a data error token" },
        { SDM_FAULT_NO_TOKEN, SD_ETOKEN,
          "no data from the card within 100 ms" },
    };
    static struct sd_boot b;
    const struct sdm_fault none = { 0 };
    char want[256];
    uint64_t blocks;

    (void)state;
    /* A clean boot first: the default kernel handed off, and how many
     * blocks the card sent until then. */
    assert_int_equal(sd_boot_run(&b, &none, sdspi_strerror), 0);
    assert_int_equal(b.handoffs, 1);
    blocks = b.blocks_at_handoff;
    assert_true(blocks > files[0].size / 512u);

    for (size_t i = 0; i < sizeof(faults) / sizeof(faults[0]); i++) {
        struct sdm_fault f = { .kind = faults[i].kind, .token = 0x08,
                               .times = SDM_ALWAYS };

        /* Sector 0, the partition table: where and the driver's words. */
        assert_int_not_equal(sd_boot_run(&b, &f, sdspi_strerror), 0);
        assert_int_equal(b.handoffs, 0);
        snprintf(want, sizeof(want), "%s%s (device error %d); nothing to "
                 "boot, stop\n", BOOT_MESSAGES ? ": " : "",
                 BOOT_MESSAGES ? faults[i].text : "", faults[i].code);
        assert_non_null(strstr(b.log, "part: sector 0: "));
        assert_non_null(strstr(b.log, want));

        /* The kernel's last blocks (it is read last, straight into the
         * window): the load line says the file, the block, the words. */
        f.skip = (uint32_t)blocks - 2u;
        assert_int_not_equal(sd_boot_run(&b, &f, sdspi_strerror), 0);
        assert_int_equal(b.handoffs, 0);
        snprintf(want, sizeof(want), "load: /boot/kernel.bin: block ");
        assert_non_null(strstr(b.log, want));
        snprintf(want, sizeof(want), "%s%s (device error %d); no labels "
                 "left\n", BOOT_MESSAGES ? ": " : "",
                 BOOT_MESSAGES ? faults[i].text : "", faults[i].code);
        assert_non_null(strstr(b.log, want));
        if (!BOOT_MESSAGES)
            assert_null(strstr(b.log, faults[i].text));
    }

    /* No describer (the tiny boards): the number, no words. */
    struct sdm_fault f = { .kind = SDM_FAULT_CRC16, .times = SDM_ALWAYS };

    assert_int_not_equal(sd_boot_run(&b, &f, NULL), 0);
    snprintf(want, sizeof(want), " (device error %d); nothing to boot, "
             "stop\n", SD_ECRC);
    assert_non_null(strstr(b.log, want));
    assert_null(strstr(b.log, "data CRC mismatch"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sdhc_bare_4k),
        cmocka_unit_test(test_sdsc_bare_4k),
        cmocka_unit_test(test_sdv1_and_mmc_bare_1k),
        cmocka_unit_test(test_sdsc_mbr_1k),
        cmocka_unit_test(test_sdhc_mbr_1k),
        cmocka_unit_test(test_slow_cards),
        cmocka_unit_test(test_flaky_card_under_fs),
        cmocka_unit_test(test_driver_reason_named),
        cmocka_unit_test(test_driver_reason_on_console),
    };

    return cmocka_run_group_tests_name("sd_fs", tests, setup, NULL);
}
