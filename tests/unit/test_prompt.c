/* The menu, the countdown and the prompt on the host, through boot_run on
 * real ext4 images (mke2fs -d): a fake clock in microseconds, a fake UART
 * with a 16-byte receive FIFO that drops what arrives when it is full (as
 * a PL011 does), and a block device that costs time per sector, so keys
 * arriving while a label loads are tested against the FIFO's limit.
 * Built without BOOT_INTERACTIVE (the tiny profile), where none of them
 * is compiled, it checks what stands in their place: TIMEOUT, PROMPT and
 * MENU do nothing, keys are never read, and when no label boots the
 * loader stops. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <cmocka.h>

#include "board/host/disk.h"
#include "firmware/boot/boot.h"
#include "firmware/crypto/sha256.h"

#define FMT(buf, ...) \
    assert_true(snprintf(buf, sizeof(buf), __VA_ARGS__) < (int)sizeof(buf))

#define FIFO_DEPTH 16u                /* PL011 */
#define US_PER_SECTOR 100u            /* the fake card's speed */
#define WINDOW 65536u
/* Keys typed one per ms: a fast typist; a paste at 115200 baud is one per
 * 87 us, and 16 of it fill the FIFO before the loader reads. */
#define KEY_GAP_US 1000u
/* Under $BUILD: each profile's images apart. */
#define TESTS_DIR (EXTLOAD_TINY ? "tests-tiny" : "tests")

struct rig {
    char log[65536];
    size_t len;
    uint64_t us;                      /* the fake clock */
    /* The fake UART: keys[i] arrives at at_us[i]. */
    const char *keys;
    uint32_t nkeys;
    uint32_t key_gap_us;              /* between arrivals */
    uint64_t key_start_us;
    uint32_t next_key;
    uint8_t fifo[FIFO_DEPTH];
    uint32_t fifo_n;
    uint32_t dropped;
    uint32_t getc_calls;
    uint32_t resets;
    int handoffs;
    char label[32];
    struct host_disk disk;
    struct blockdev bd;
    uint8_t *window;
};

static struct rig rig;
static const char *fail_label;        /* the "board" cannot start this one */
static uint32_t window_size = WINDOW;
static bool con_log;                  /* env.con_log: a pipe, not a screen */
static bool clock_fake;               /* env.clock_fake */

static void cap_write(void *ctx, const char *s, uint32_t n)
{
    struct rig *r = ctx;

    assert_true(r->len + n < sizeof(r->log));
    memcpy(r->log + r->len, s, n);
    r->len += n;
    r->log[r->len] = '\0';
}

static uint32_t fake_ms(void *ctx)
{
    return (uint32_t)(((struct rig *)ctx)->us / 1000u);
}

static void uart_arrive(struct rig *r)
{
    while (r->next_key < r->nkeys &&
           r->key_start_us + (uint64_t)r->next_key * r->key_gap_us <= r->us) {
        if (r->fifo_n < FIFO_DEPTH)
            r->fifo[r->fifo_n++] = (uint8_t)r->keys[r->next_key];
        else
            r->dropped++;             /* overrun */
        r->next_key++;
    }
}

static int uart_getc(void *ctx)
{
    struct rig *r = ctx;

    r->getc_calls++;
    uart_arrive(r);
    if (r->fifo_n == 0)
        return r->next_key < r->nkeys ? BOOT_IN_NONE : BOOT_IN_EOF;
    int c = r->fifo[0];
    memmove(r->fifo, r->fifo + 1, --r->fifo_n);
    return c;
}

static void idle(void *ctx)
{
    ((struct rig *)ctx)->us += 1000u;  /* WFI until the next 1 ms tick */
}

static void reset(void *ctx)
{
    ((struct rig *)ctx)->resets++;
}

static int slow_read(void *ctx, blockdev_lba_t lba, uint32_t count, void *buf)
{
    struct rig *r = ctx;

    r->us += (uint64_t)count * US_PER_SECTOR;
    return r->disk.bd.read(r->disk.bd.ctx, lba, count, buf);
}

static int rec_handoff(void *ctx, const struct boot_image *img)
{
    struct rig *r = ctx;

    if (fail_label && !strcmp(img->handoff->label, fail_label))
        return BOOT_EHANDOFF;
    r->handoffs++;
    snprintf(r->label, sizeof(r->label), "%s", img->handoff->label);
    return 0;
}

/* $BUILD/tests/prompt/NAME.img, ext4 with 1 KiB blocks, from pairs of
 * (path, text) or (path, NULL + size in the next) ... ended by NULL. */
struct file {
    const char *path;
    const char *text;                 /* NULL: size bytes of a pattern */
    uint32_t size;
};

static const char *make_image(const char *name, const struct file *files)
{
    static char img[1100];
    char root[1024], path[1100], cmd[4096];
    const char *build = getenv("BUILD");

    FMT(root, "%s/%s/prompt/%s", build ? build : "build", TESTS_DIR, name);
    FMT(cmd, "rm -rf '%s' && mkdir -p '%s/boot/extlinux'", root, root);
    assert_int_equal(system(cmd), 0);
    for (const struct file *f = files; f->path; f++) {
        FMT(path, "%s/%s", root, f->path);
        FILE *out = fopen(path, "wb");
        assert_non_null(out);
        if (f->text)
            fputs(f->text, out);
        else
            for (uint32_t i = 0; i < f->size; i++)
                fputc((int)((i * 7u + 3u) & 0xFFu), out);
        fclose(out);
    }
    FMT(img, "%s.img", root);
    FMT(cmd, "rm -f '%s' && PATH=$PATH:/sbin:/usr/sbin mke2fs -q -F "
        "-t ext4 -b 1024 -d '%s' '%s' 4M >/dev/null", img, root, img);
    assert_int_equal(system(cmd), 0);
    return img;
}

/* Boots img with keys arriving from start_us, one every gap_us. */
static int run(const char *img, const char *keys, uint64_t start_us,
               uint32_t gap_us, int with_input)
{
    struct rig *r = &rig;
    struct boot_state *st = calloc(1, sizeof(*st));

    assert_non_null(st);
    free(r->window);
    memset(r, 0, sizeof(*r));
    r->keys = keys;
    r->nkeys = keys ? (uint32_t)strlen(keys) : 0;
    r->key_start_us = start_us;
    r->key_gap_us = gap_us;
    r->window = calloc(1, WINDOW);
    assert_non_null(r->window);
    r->disk.fd = -1;
    assert_int_equal(host_disk_open(&r->disk, img), 0);
    r->bd = (struct blockdev){ slow_read, r, r->disk.bd.sectors };
    const struct boot_env env = {
        .con = { cap_write, r },
        .ms_now = fake_ms,
        .clk_ctx = r,
        .bd = &r->bd,
        .window = r->window,
        .window_addr = 0x20000000u,
        .window_size = window_size,
        .con_log = con_log,
        .clock_fake = clock_fake,
        .default_kernel = "/boot/kernel.bin",
        .handoff = rec_handoff,
        .handoff_ctx = r,
#if BOOT_INTERACTIVE
        .getc = with_input ? uart_getc : NULL,
        .in_ctx = r,
        .idle = idle,
        .reset = reset,
        .board_ctx = r,
#endif
    };
#if !BOOT_INTERACTIVE
    /* struct boot_env has no console input in this build: nothing can
     * call uart_getc, idle or reset (getc_calls stays 0 by construction). */
    (void)with_input;
    (void)uart_getc;
    (void)idle;
    (void)reset;
#endif
    int rc = boot_run(&env, st);
    host_disk_close(&r->disk);
    free(st);
    return rc;
}

static void assert_log(const char *needle)
{
    if (!strstr(rig.log, needle)) {
        print_error("log lacks \"%s\":\n%s\n", needle, rig.log);
        fail();
    }
}

static void assert_not_log(const char *needle)
{
    if (strstr(rig.log, needle)) {
        print_error("log has \"%s\":\n%s\n", needle, rig.log);
        fail();
    }
}

#if BOOT_INTERACTIVE
/* The needles appear in this order. */
static void assert_order(const char *const *needles)
{
    const char *at = rig.log;

    for (; *needles; needles++) {
        const char *p = strstr(at, *needles);
        if (!p) {
            print_error("\"%s\" not found in order in:\n%s\n", *needles,
                        rig.log);
            fail();
        }
        at = p + strlen(*needles);
    }
}
#endif

#define CONF(timeout) \
    "MENU TITLE Test menu\n" timeout "DEFAULT a\n" \
    "LABEL a\n MENU LABEL Alpha\n KERNEL /boot/a.bin\n APPEND a=1\n" \
    "LABEL b\n KERNEL /boot/b.bin\n" \
    "LABEL c\n KERNEL /boot/c.bin\n FDT /boot/c.dtb\n"

static const char *image(const char *name, const char *conf)
{
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", conf, 0 },
        { "boot/a.bin", NULL, 3000 },
        { "boot/b.bin", NULL, 5000 },
        { "boot/c.bin", NULL, 12288 },
        { "boot/c.dtb", NULL, 12288 },
        { "t.txt", "hello\tworld\n\x01\x7f\xff end", 0 },
        { NULL, NULL, 0 },
    };
    return make_image(name, files);
}

#if BOOT_INTERACTIVE
static void test_countdown_ends_with_default(void **state)
{
    (void)state;
    assert_int_equal(run(image("cd", CONF("TIMEOUT 5\n")), NULL, 0, 0, 1),
                     0);
    assert_order((const char *const[]){
        "\nTest menu\n", " *1 a          Alpha\n", "  2 b          /boot/b.bin\n",
        "  3 c          /boot/c.bin\n",
        "\rautoboot 'a' in 0.5 s: press a key to stop ",
        "\rautoboot 'a' in 0.4 s", "\rautoboot 'a' in 0.1 s",
        "\rautoboot 'a' now", "label: 'a'", NULL });
    assert_string_equal(rig.label, "a");
    assert_not_log("extload> ");
    /* The countdown took its 500 ms, not much more. */
    assert_true(rig.us >= 500000u && rig.us < 600000u);
}

static void test_enter_boots_default_at_once(void **state)
{
    (void)state;
    assert_int_equal(run(image("enter", CONF("TIMEOUT 50\n")), "\r\n",
                         30000, 1000, 1), 0);
    assert_string_equal(rig.label, "a");
    assert_not_log("autoboot 'a' now");
    assert_true(rig.us < 100000u);
}

static void test_digit_boots_that_label(void **state)
{
    (void)state;
    assert_int_equal(run(image("digit", CONF("TIMEOUT 50\n")), "2", 0, 0, 1),
                     0);
    assert_int_equal(rig.handoffs, 1);
    assert_string_equal(rig.label, "b");
    assert_not_log("label: 'a'");
}

static void test_key_opens_prompt(void **state)
{
    (void)state;
    assert_int_equal(run(image("prompt", CONF("TIMEOUT 50\n")),
                         "xls /\ncat /t.txt\nsha256 /boot/a.bin\nboot c\n",
                         10000, KEY_GAP_US, 1), 0);
    assert_log("countdown stopped\n");
    assert_order((const char *const[]){
        "extload> ls /\n", "2 d 1024 .\n", " - 19 t.txt\n",
        "extload> cat /t.txt\n", "hello\tworld\n... end\n",
        "extload> sha256 /boot/a.bin\n", "  /boot/a.bin\n",
        "extload> boot c\n", "label: 'c'", NULL });
    assert_string_equal(rig.label, "c");
}

/* #30.3: the key that stops the countdown is used up: "xhelp" typed is
 * the prompt's "help", not "xhelp". */
static void test_stop_key_not_in_line(void **state)
{
    (void)state;
    run(image("stopkey", CONF("TIMEOUT 50\n")), "xhelp\n", 10000,
        KEY_GAP_US, 1);
    assert_order((const char *const[]){
        "countdown stopped\n", "extload> help\n", "help   ", NULL });
    assert_not_log("xhelp");
    assert_not_log("no such command");
}

/* help: one line a command, its usage, then what it does. */
static void test_help_one_line_each(void **state)
{
    (void)state;
    run(image("help", CONF("PROMPT 1\n")), "xhelp\n", 0, KEY_GAP_US, 1);
    assert_order((const char *const[]){
        "extload> help\n",
        "help              these lines\n",
        "labels            the menu's labels, numbered; * marks the "
        "default\n",
        "boot   [LABEL|N]  boot a label by name or number (none: the "
        "default)\n",
        "ls     [PATH]     a directory's entries: inode, type, size, name\n",
        "stat   PATH       a file's inode: mode, size, links, blocks, flags\n",
        "cat    PATH       a file's first 4 KiB as text\n",
        "sha256 PATH       a file's SHA-256, as sha256sum prints it\n",
        "info              the card, partition, filesystem and journal\n",
        "reset             reset the board\n",
        "keys: BS/DEL erase, Ctrl-C drops the line\n", "extload> ", NULL });
}

/* Ctrl-C drops the line being edited: "^C", a fresh prompt, and what was
 * typed before it never runs. */
static void test_ctrl_c_clears_line(void **state)
{
    (void)state;
    run(image("ctrlc", CONF("PROMPT 1\n")),
        "xls /nope\x03" "labels\n\x03\x03" "boot b\n", 0, KEY_GAP_US, 1);
    assert_order((const char *const[]){
        "extload> ls /nope^C\nextload> labels\n", " *1 a ",
        "extload> ^C\nextload> ^C\nextload> boot b\n", "label: 'b'",
        NULL });
    assert_not_log("ls: /nope");
    assert_string_equal(rig.label, "b");
}

/* A console that is a log (the host tool's stdout to a pipe): the
 * countdown is one line, no CR; and a clock that only counts calls
 * prints no speed (#30.5). */
static void test_log_console_one_countdown_line(void **state)
{
    (void)state;
    con_log = clock_fake = true;
    run(image("logcon", CONF("TIMEOUT 20\n")), NULL, 0, 0, 1);
    con_log = clock_fake = false;
    assert_order((const char *const[]){
        "\nautoboot 'a' in 2.0 s: press a key to stop\nautoboot 'a' now\n"
        "label: 'a'", NULL });
    assert_not_log("\r");
    assert_not_log("in 1.9 s");
    assert_not_log("KiB/s");
    assert_string_equal(rig.label, "a");
    /* The same on a screen: rewritten in place, a speed from the clock. */
    run(image("logcon", CONF("TIMEOUT 20\n")), NULL, 0, 0, 1);
    assert_log("\rautoboot 'a' in 1.9 s");
    assert_log("KiB/s");
}

static void test_sha256_command_matches(void **state)
{
    uint8_t buf[3000], d[SHA256_BYTES];
    char hex[65], want[128];
    struct sha256 s;

    (void)state;
    for (uint32_t i = 0; i < sizeof(buf); i++)
        buf[i] = (uint8_t)(i * 7u + 3u);
    sha256_init(&s);
    sha256_update(&s, buf, sizeof(buf));
    sha256_final(&s, d);
    sha256_hex(d, SHA256_BYTES, hex);
    FMT(want, "\n%s  /boot/a.bin\n", hex);
    run(image("sum", CONF("PROMPT 1\n")), "x\nsha256 /boot/a.bin\n", 0,
        KEY_GAP_US, 1);
    assert_log(want);
}

/* Without TIMEOUT and PROMPT the console is not read at all and the log is
 * the one of a board without input. */
static void test_no_timeout_reads_nothing(void **state)
{
    char quiet[sizeof(rig.log)];

    (void)state;
    const char *img = image("quiet", CONF(""));
    assert_int_equal(run(img, "ls /\n", 0, 0, 1), 0);
    assert_int_equal(rig.getc_calls, 0);
    memcpy(quiet, rig.log, sizeof(quiet));
    uint64_t us = rig.us;
    assert_int_equal(run(img, NULL, 0, 0, 0), 0);
    assert_string_equal(quiet, rig.log);
    assert_true(us == rig.us);
    assert_not_log("autoboot");
}

static void test_nothing_boots_prompt_until_eof(void **state)
{
    (void)state;
    const char *conf = "DEFAULT x\nLABEL x\n KERNEL /none\nLABEL y\n";
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", conf, 0 },
        { NULL, NULL, 0 },
    };
    assert_int_equal(run(make_image("none", files), "labels\r\nboot\r\n",
                         0, KEY_GAP_US, 1), BOOT_ENOLABEL);
    assert_order((const char *const[]){
        "load: /none: ", "; trying label 'y'",
        "label: 'y': no KERNEL line; no labels left\n",
        "boot: no bootable label (2 tried); opening the prompt\n",
        "extload> labels\n", " *1 x ", "  2 y ", "extload> boot\n",
        "load: /none: ", "; back to the prompt\n", "extload> \n",
        "prompt: end of input\n", NULL });
    assert_int_equal(rig.handoffs, 0);

    /* The same without console input: stop, as before. */
    assert_int_equal(run(make_image("none", files), NULL, 0, 0, 0),
                     BOOT_ENOLABEL);
    assert_log("boot: no bootable label (2 tried); stop\n");
    assert_not_log("extload> ");
}

/* Enter as CRLF during the countdown: the LF is not an empty command
 * when the prompt opens after the labels fail. */
static void test_crlf_enter_then_prompt(void **state)
{
    (void)state;
    const char *conf = "TIMEOUT 50\nLABEL x\n KERNEL /none\n";
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", conf, 0 },
        { NULL, NULL, 0 },
    };
    assert_int_equal(run(make_image("crlf", files), "\r\nlabels\n", 20000,
                         KEY_GAP_US, 1), BOOT_ENOLABEL);
    assert_order((const char *const[]){
        "autoboot 'x' in 5.0 s", "\nlabel: 'x'", "opening the prompt\n",
        "extload prompt; 'help' lists the commands\nextload> labels\n",
        NULL });
}

/* Line editing: BS and DEL, control bytes, CR/LF/CRLF, an overlong line. */
static void test_line_editing(void **state)
{
    char keys[512];

    (void)state;
    FMT(keys, "\x1b" "lz\bs /boot\x7f\x7f\x7f\x7f\x7f/\x01\r\n"
        "%0100d\r" "info\n" "reset\n", 0);
    assert_int_equal(run(image("edit", CONF("PROMPT 1\n")), keys, 0,
                         KEY_GAP_US, 1), BOOT_ENOLABEL);
    assert_order((const char *const[]){
        "countdown stopped\n", "extload> lz\b \bs /boot\b \b\b \b\b \b"
        "\b \b\b \b/\n", "2 d 1024 ..\n",
        "prompt: line longer than 79 characters; ignored\n",
        "extload> info\n", "fs: ext4, 1024-byte blocks",
        "journal: clean, nothing to replay\n", "extload> reset\n", NULL });
    assert_int_equal(rig.resets, 1);
    /* The ESC that stopped the countdown is not part of the line. */
    assert_not_log("\x1b");
}

static void test_command_errors(void **state)
{
    (void)state;
    run(image("errs", CONF("PROMPT 1\n")),
        " x\nls /nope\nstat\nhelp me\ncat /boot\nboot 7\nfrob\n", 0,
        KEY_GAP_US, 1);
    assert_order((const char *const[]){
        "x: no such command; 'help' lists them\n",
        "ls: /nope: ", "no such file or directory\n",
        "usage: stat PATH\n", "usage: help\n",
        "cat: /boot: is a directory\n",
        "boot: no label '7'; 'labels' lists them\n",
        "frob: no such command", NULL });
}

/* info on a filesystem whose journal needs recovery; and the commands
 * that need room in the load window refuse a window too small for it. */
static void test_info_journal_and_small_window(void **state)
{
    char cmd[1400];

    (void)state;
    const char *img = image("journal", CONF("PROMPT 1\n"));
    FMT(cmd, "PATH=$PATH:/sbin:/usr/sbin debugfs -w -R 'feature "
        "needs_recovery' '%s' >/dev/null 2>&1", img);
    assert_int_equal(system(cmd), 0);
    run(img, "xinfo\n", 0, KEY_GAP_US, 1);
    /* needs_recovery with an empty log: replayed (nothing) in memory. */
    assert_log("mount: journal replayed in memory: 0 transactions");
    assert_log("journal: replayed in memory: 0 transactions");
    assert_log("the log is empty");

    window_size = 1024 + BOOT_CONFIG_ROOM;   /* 1 KiB left for the commands */
    run(img, "x\nls /\nhelp\n", 0, KEY_GAP_US, 1);
    window_size = WINDOW;
    assert_log("ls: needs a load window of ");
    assert_log("extload> help\nhelp   ");
}

/* Keys pasted while a label loads and fails: 16 fit the UART's FIFO, the
 * rest would be lost without the polls between the boot steps. */
static void test_type_ahead_while_loading(void **state)
{
    const char *script = "ls /boot\nstat /t.txt\nlabels\ncat /t.txt\nboot b\n";
    char keys[128];

    (void)state;
    /* '3' picks c (12 KiB kernel and 12 KiB FDT: 48 sectors, 4.8 ms of
     * card time) whose hand-off fails; the script arrives meanwhile, one
     * byte every 250 us from 1 ms on: about 20 bytes during the attempt,
     * at most 10 between two polls. */
    FMT(keys, "3%s", script);
    fail_label = "c";
    int rc = run(image("ahead", CONF("TIMEOUT 50\n")), keys, 1000, 250, 1);
    fail_label = NULL;
    assert_int_equal(rc, 0);
    assert_int_equal(rig.dropped, 0);
    assert_order((const char *const[]){
        "label: 'c'", "load: /boot/c.bin", "fdt: /boot/c.dtb",
        "boot: 'c': the board could not start the kernel; back to the "
        "prompt\n",
        "extload> ls /boot\n", "extload> stat /t.txt\n", "size=19\n",
        "extload> labels\n", "extload> cat /t.txt\n",
        "extload> boot b\n", "label: 'b'", NULL });
    assert_string_equal(rig.label, "b");
}

/* The fake UART itself: nobody reading for 5 ms at one byte per 250 us
 * loses what the FIFO cannot hold (so the test above can fail). */
#else /* !BOOT_INTERACTIVE */

/* Menu lines and keys waiting on the console: nothing is read, the
 * default boots, and the log is the one of a board without input. */
static void test_menu_lines_read_no_key(void **state)
{
    char quiet[sizeof(rig.log)];

    (void)state;
    const char *img = image("menu", CONF("TIMEOUT 50\nPROMPT 1\n"));
    assert_int_equal(run(img, "2\nls /\nboot c\n", 0, KEY_GAP_US, 1), 0);
    assert_int_equal(rig.getc_calls, 0);
    assert_int_equal(rig.handoffs, 1);
    assert_string_equal(rig.label, "a");
    assert_log("label: 'a'");
    assert_not_log("Test menu");
    assert_not_log("autoboot");
    assert_not_log("extload> ");
    memcpy(quiet, rig.log, sizeof(quiet));
    uint64_t us = rig.us;
    assert_int_equal(run(img, NULL, 0, 0, 0), 0);
    assert_string_equal(quiet, rig.log);
    assert_true(us == rig.us);
}

/* No label boots: stop, with console input or without; no prompt. */
static void test_nothing_boots_stops(void **state)
{
    (void)state;
    const char *conf = "DEFAULT x\nLABEL x\n KERNEL /none\nLABEL y\n";
    const struct file files[] = {
        { "boot/extlinux/extlinux.conf", conf, 0 },
        { NULL, NULL, 0 },
    };
    const char *img = make_image("none", files);

    for (int with_input = 0; with_input < 2; with_input++) {
        assert_int_equal(run(img, "labels\r\nboot\r\n", 0, KEY_GAP_US,
                             with_input), BOOT_ENOLABEL);
        /* The tiny profile names the code (BOOT_ENOKERNEL) instead. */
        assert_log(BOOT_MESSAGES
                   ? "label: 'y': no KERNEL line; no labels left\n"
                   : "label: 'y': boot error -5; no labels left\n");
        assert_log("boot: no bootable label (2 tried); stop\n");
        assert_not_log("extload> ");
        assert_int_equal(rig.getc_calls, 0);
        assert_int_equal(rig.handoffs, 0);
    }
}
#endif /* BOOT_INTERACTIVE */

static void test_fake_fifo_overflows(void **state)
{
    (void)state;
    free(rig.window);
    memset(&rig, 0, sizeof(rig));
    rig.keys = "0123456789abcdefghijklmnopqrstuvwxyz";
    rig.nkeys = (uint32_t)strlen(rig.keys);
    rig.key_gap_us = 250;
    rig.us = 5000;
    assert_int_equal(uart_getc(&rig), '0');
    assert_int_equal(rig.dropped, 21 - FIFO_DEPTH);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
#if BOOT_INTERACTIVE
        cmocka_unit_test(test_countdown_ends_with_default),
        cmocka_unit_test(test_enter_boots_default_at_once),
        cmocka_unit_test(test_digit_boots_that_label),
        cmocka_unit_test(test_key_opens_prompt),
        cmocka_unit_test(test_stop_key_not_in_line),
        cmocka_unit_test(test_help_one_line_each),
        cmocka_unit_test(test_ctrl_c_clears_line),
        cmocka_unit_test(test_log_console_one_countdown_line),
        cmocka_unit_test(test_sha256_command_matches),
        cmocka_unit_test(test_no_timeout_reads_nothing),
        cmocka_unit_test(test_nothing_boots_prompt_until_eof),
        cmocka_unit_test(test_crlf_enter_then_prompt),
        cmocka_unit_test(test_line_editing),
        cmocka_unit_test(test_command_errors),
        cmocka_unit_test(test_info_journal_and_small_window),
        cmocka_unit_test(test_type_ahead_while_loading),
#else
        cmocka_unit_test(test_menu_lines_read_no_key),
        cmocka_unit_test(test_nothing_boots_stops),
#endif
        cmocka_unit_test(test_fake_fifo_overflows),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);

    free(rig.window);
    return rc;
}
