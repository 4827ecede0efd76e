#include "board/host/cmd_boot.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "board/cortex-m/cpu.h"
#include "board/host/disk.h"
#include "board/host/rollback.h"
#include "firmware/fdt/fdt.h"              /* fdt_check: --board-dtb */
#include "firmware/boot/boot.h"

/* What `extload boot --board NAME` models of a board (struct host_board,
 * board/host/cmd_boot.h). The tail is the
 * board's BOOT_CONFIG_ROOM as its compiler lays out the structs (32-bit
 * pointers on Cortex-M, 64-bit on RV64; tests/cli/t_board_tail.sh holds
 * each figure to its build's, tests/qemu/t_window.sh boots a kernel of
 * exactly the room left, and a byte more, on each board, profile and
 * signed build, in QEMU and here): the host's own tail is
 * larger (64-bit, 4 KiB path walks), so the host hands boot_run a window
 * that leaves exactly what the board's leaves. The tail holds the config
 * text, BOOT_CONFIG_MAX bytes (8 KiB, the tiny profile 2 KiB), so the
 * host reads configs of the board's size and cuts them where it does. */
/* Both boards build fs/ with fs/ext.h's EXT_PATH_MAX, 256: the bytes of
 * a path with symlink targets spliced in; the host's own is 4096. */
#define BOARD_PATH_MAX 256u

static const struct host_board boards[] = {
    /* 64 KiB SRAM; the loader's 6 KiB at the top (board/lm3s6965evb);
     * no RISC-V Linux entry there (board.mk LM3S_BOOT_DEFS); the
     * default profile plans FDTOVERLAYS (4 more files than tiny). */
    { "lm3s6965evb", 0x20000000u, 0xE800u, 10896u, 3488u, 11360u, 3808u,
      0, 0, 0, NULL, BOARD_PATH_MAX },
    /* 128 MiB DRAM at 0x80000000, fw_dynamic linked at its base, QEMU's
     * device tree at 0x87e00000 ending the window (board/sifive-u). */
    { "sifive-u", 0x80000000u, 0x07E00000u, 11496u, 3888u, 12072u, 4304u,
      0x80000000u, 128u << 20, 0x80000000u,
      "sifive/hifive-unleashed-a00.dtb", BOARD_PATH_MAX },
};
#define BOARDS (sizeof(boards) / sizeof(boards[0]))

const struct host_board *host_board_find(const char *name)
{
    for (uint32_t b = 0; b < BOARDS; b++)
        if (!name ? b == 0 : !strcmp(boards[b].name, name))
            return &boards[b];
    return NULL;
}

uint32_t host_board_tail(const struct host_board *b, int is_signed)
{
    return is_signed ? (EXTLOAD_TINY ? b->tail_signed_tiny : b->tail_signed)
                     : (EXTLOAD_TINY ? b->tail_tiny : b->tail);
}

uint32_t host_board_usable(const struct host_board *b, uint32_t addr,
                           uint32_t size, int is_signed)
{
    uint32_t tail = host_board_tail(b, is_signed);

    return size > tail + 8u ? ((addr + size - tail) & ~7u) - addr : 0;
}

const char host_boot_usage[] =
    "       extload boot IMAGE [--board NAME] [--window ADDR:SIZE] "
    "[-o DIR]\n                "
#if BOOT_FDT_EDIT
    " [--board-dtb DTB]"
#endif
#if BOOT_SIGNED
    " [--key PUB.pem[,PUB2.pem...]]"
#endif
#if BOOT_ROLLBACK
    "\n                 [--floor N | --otp OTP.img [--otp-stuck WORD]]"
#endif
#if BOOT_TRIAL
    " [--trial STATE]"
#endif
    "\n"
    "                 (NAME: lm3s6965evb (default, a 58 KiB window), "
    "sifive-u (126 MiB):\n"
    "                 that board's load window, tail, replay table and "
    "path limit"
#if BOOT_FDT_EDIT
    ";\n                 --board-dtb: the device tree the board "
    "holds at reset (sifive-u:\n                 QEMU's in a1, -M "
    "sifive_u,dumpdtb=DTB), at the window's end;\n                 "
    "labels without FDT get it"
#endif
#if BOOT_SIGNED
    ";\n                 --key: as its BOOT_PUBKEY build, signed labels "
    "only"
#endif
#if BOOT_ROLLBACK
    ";\n                 --floor: a rollback floor fixed at N; --otp: "
    "sifive-u's fuses\n                 read from the file, -o DIR: "
    "DIR/otp.img as the boot leaves them;\n                 "
    "--otp-stuck: a fuse word that will not program"
#endif
#if BOOT_TRIAL
    ";\n                 --trial: the trial record's 64 bytes in file "
    "STATE, read\n                 and written as the board's store (no "
    "file, or no --trial: no record)"
#endif
    ")\n";

struct host_boot {
    const char *out_dir;
    const struct host_board *board;
    uint8_t *window;                /* boot_run's */
    uint32_t window_addr;
    uint32_t window_size;           /* the board's loads may use */
    const char *image;
    const char *trial;              /* --trial STATE; NULL: a store
                                     * holding no record */
    uint64_t sectors;
    uint32_t fake_ms;
    int wrote;
    int reset;
};

/* How many times `reset` may run the flow again (a script that resets
 * forever still ends). */
#define HOST_RESETS_MAX 8

/* ctx non-NULL: stdout is a terminal, shown at once (the countdown is
 * rewritten in place, the prompt echoes each key). */
static void stdout_write(void *ctx, const char *s, uint32_t n)
{
    fwrite(s, 1, n, stdout);
    if (ctx)
        fflush(stdout);
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

/* When stdin is a terminal the keys come from it as a board's UART
 * brings them: one at a time, not echoed, not waiting for Enter, Ctrl-C
 * a key like any other (the prompt's: drop the line). Ctrl-D ends the
 * input (the prompt's "end of input"), as the end of a script does. The
 * terminal's settings come back when the tool exits. */
#define KEY_CTRL_D 0x04
#define TTY_IDLE_MS 10                /* a wait for a key: no busy loop */

static struct termios tty_saved;
static int tty_raw;

static void tty_restore(void)
{
    if (tty_raw)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &tty_saved);
    tty_raw = 0;
}

/* Killed (SIGTERM, a hang-up): the terminal as it was, then the default
 * end. tcsetattr is async-signal-safe. */
static void tty_signal(int sig)
{
    tty_restore();
    signal(sig, SIG_DFL);
    raise(sig);
}

static int tty_open(void)
{
    struct termios t;

    if (tcgetattr(STDIN_FILENO, &tty_saved))
        return -1;
    t = tty_saved;
    t.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ISIG | IEXTEN);
    t.c_iflag &= ~(tcflag_t)(IXON | ICRNL);
    t.c_cc[VMIN] = 0;
    t.c_cc[VTIME] = 0;
    if (tcsetattr(STDIN_FILENO, TCSAFLUSH, &t))
        return -1;
    tty_raw = 1;
    atexit(tty_restore);
    signal(SIGTERM, tty_signal);
    signal(SIGHUP, tty_signal);
    return 0;
}

static int tty_getc(void *ctx)
{
    unsigned char c;
    ssize_t n = read(STDIN_FILENO, &c, 1);

    (void)ctx;
    if (n == 1)
        return c == KEY_CTRL_D ? BOOT_IN_EOF : c;
    if (n == 0 || errno == EAGAIN || errno == EINTR)
        return BOOT_IN_NONE;
    return BOOT_IN_EOF;
}

static void tty_idle(void *ctx)
{
    struct pollfd p = { .fd = STDIN_FILENO, .events = POLLIN };

    (void)ctx;
    poll(&p, 1, TTY_IDLE_MS);
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

/* One placed file into DIR/name, and its line in the memory map. */
static int put_file(const struct host_boot *hb, FILE *map, const char *name,
                    uint32_t addr, uint32_t size, const char *what)
{
    char path[4096];
    FILE *f;

    if (!size)
        return 0;
    fprintf(map, "0x%08x-0x%08x %10u %-9s %s\n", (unsigned)addr,
            (unsigned)(addr + size), (unsigned)size, what, name ? name : "-");
    if (!name || addr < hb->window_addr ||
        addr - hb->window_addr > hb->window_size ||
        size > hb->window_size - (addr - hb->window_addr))
        return 0;                 /* the board's own, outside the window */
    snprintf(path, sizeof(path), "%s/%s", hb->out_dir, name);
    f = fopen(path, "wb");
    if (!f || fwrite(hb->window + (addr - hb->window_addr), 1, size, f) !=
                  size || fclose(f) != 0) {
        fprintf(stderr, "extload: %s: %s\n", path, strerror(errno));
        return 1;
    }
    return 0;
}

/* DIR: each file where the board would have placed it, and the map. */
static int write_out(const struct host_boot *hb, const struct boot_image *img)
{
    char path[4096];
    FILE *map;
    int rc = 0;

    if (mkdir(hb->out_dir, 0755) && errno != EEXIST) {
        fprintf(stderr, "extload: %s: %s\n", hb->out_dir, strerror(errno));
        return 1;
    }
    snprintf(path, sizeof(path), "%s/memory-map.txt", hb->out_dir);
    map = fopen(path, "w");
    if (!map) {
        fprintf(stderr, "extload: %s: %s\n", path, strerror(errno));
        return 1;
    }
    fprintf(map, "# %s: load window 0x%08x-0x%08x; entry %s\n",
            hb->board->name, (unsigned)hb->board->window_addr,
            (unsigned)(hb->board->window_addr + hb->board->window_size),
            img->kernel_kind == BOOT_KERNEL_LINUX_RISCV
                ? "the firmware, which starts the kernel in S-mode"
                : "the kernel");
    rc |= put_file(hb, map, "firmware.bin", img->fw_addr, img->fw_size,
                   "firmware");
    rc |= put_file(hb, map, "kernel.bin", img->kernel_addr,
                   img->kernel_size, "kernel");
    rc |= put_file(hb, map, "initrd.img", img->initrd_addr,
                   img->initrd_size, "initrd");
    rc |= put_file(hb, map, "fdt.dtb", img->fdt_addr, img->fdt_size, "fdt");
    rc |= put_file(hb, map, NULL, img->handoff_addr,
                   img->handoff->size + img->handoff->cmdline_len + 1u,
                   "hand-off");
    if (fclose(map) != 0 && !rc) {
        fprintf(stderr, "extload: %s: %s\n", path, strerror(errno));
        rc = 1;
    }
    return rc;
}

#if BOOT_TRIAL
/* --trial STATE: the board's store as a file of the record's bytes. A
 * missing file is a store that holds no record (a power cycle); a
 * shorter one is read as far as it goes, the rest zeros. */
static int host_trial_read(void *ctx, uint8_t rec[TRIAL_RECORD_SIZE])
{
    const struct host_boot *hb = ctx;

    memset(rec, 0, TRIAL_RECORD_SIZE);
    if (!hb->trial)
        return 0;
    FILE *f = fopen(hb->trial, "rb");
    if (!f)
        return errno == ENOENT ? 0 : -1;
    size_t got = fread(rec, 1, TRIAL_RECORD_SIZE, f);
    int bad = ferror(f);

    (void)got;
    fclose(f);
    return bad ? -1 : 0;
}

static int host_trial_write(void *ctx, const uint8_t rec[TRIAL_RECORD_SIZE])
{
    const struct host_boot *hb = ctx;
    if (!hb->trial)                 /* the store is the run's own */
        return 0;
    FILE *f = fopen(hb->trial, "wb");

    if (!f)
        return -1;
    int bad = fwrite(rec, 1, TRIAL_RECORD_SIZE, f) != TRIAL_RECORD_SIZE;
    return fclose(f) || bad ? -1 : 0;
}
#endif

/* The host's hand-off: say how the board would enter the image, and
 * write what it placed into DIR. */
static int host_handoff(void *ctx, const struct boot_image *img)
{
    struct host_boot *hb = ctx;
    struct cpu_entry e;

    if (img->kernel_kind == BOOT_KERNEL_LINUX_RISCV)
        printf("handoff: every hart enters the firmware at 0x%08x: a0 = "
               "hart id, a1 = 0x%08x (fdt), a2 = fw_dynamic_info, next "
               "0x%08x in S-mode\n", (unsigned)img->fw_addr,
               (unsigned)img->fdt_addr, (unsigned)img->kernel_addr);
    else if (cpu_entry_for(img->kernel, img->kernel_size, img->kernel_addr,
                           img->kernel_addr, img->kernel_addr + 0x10000000u,
                           &e))
        printf("handoff: vector table: VTOR=0x%08x MSP=0x%08x entry "
               "0x%08x\n", (unsigned)e.vtor, (unsigned)e.sp, (unsigned)e.pc);
    else
        printf("handoff: no vector table: entry 0x%08x (Thumb)\n",
               (unsigned)e.pc);
#if BOOT_TRIAL
    if (img->trial)
        printf("handoff: a trial boot: a board with a watchdog arms it "
               "now\n");
#endif
    fflush(stdout);
    if (hb->out_dir && write_out(hb, img))
        return 1;
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
    fprintf(stderr, "usage:%s", host_boot_usage + 6);
    return 2;
}

/* What `extload boot` was asked on its command line. */
struct boot_args {
    const char *image;
    const char *keypath;            /* --key; NULL: none */
    uint32_t addr, size;            /* --window; size 0: the board's */
    uint8_t *dtb;                   /* --board-dtb's tree; NULL: none */
    uint32_t dtb_size;              /* its header's totalsize */
#if BOOT_SIGNED
    struct host_rollback r;         /* --key, and --floor or --otp */
#endif
};

#if BOOT_FDT_EDIT
/* --board-dtb PATH into a: 0, or 1 after saying why. Its size is its
 * header's totalsize, as the board takes the one in a1 (QEMU's dumpdtb
 * writes the tree padded to 1 MiB). */
static int board_dtb_read(struct boot_args *a, const char *path)
{
    FILE *f = fopen(path, "rb");
    long len = -1;
    struct fdt t;
    int rc = FDT_EMAGIC;

    if (!f) {
        fprintf(stderr, "extload: %s: %s\n", path, strerror(errno));
        return 1;
    }
    if (!fseek(f, 0, SEEK_END) && (len = ftell(f)) >= 0 &&
        len <= (long)HOST_BOOT_WINDOW_MAX && !fseek(f, 0, SEEK_SET)) {
        free(a->dtb);
        a->dtb = malloc(len ? (size_t)len : 1u);
        if (a->dtb && fread(a->dtb, 1, (size_t)len, f) == (size_t)len)
            rc = fdt_check(&t, a->dtb, (uint32_t)len);
        else
            len = -1;
    }
    fclose(f);
    if (len < 0) {
        fprintf(stderr, "extload: %s: not read whole (a file of at most "
                "%u MiB)\n", path, (unsigned)(HOST_BOOT_WINDOW_MAX >> 20));
        return 1;
    }
    if (rc) {
        char why[96];

        fdt_describe(&t, rc, why, sizeof(why));
        fprintf(stderr, "extload: %s: %s\n", path, why);
        return 1;
    }
    a->dtb_size = t.size;
    return 0;
}
#endif

/* argv into hb and a: 0, or the exit status (2 usage, 1 a bad key). */
static int boot_args_parse(int argc, char **argv, struct host_boot *hb,
                           struct boot_args *a)
{
    if (argc < 2 || argv[1][0] == '-')
        return usage();
    a->image = argv[1];
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--board") && i + 1 < argc) {
            const char *name = argv[++i];
            uint32_t b = 0;

            while (b < BOARDS && strcmp(boards[b].name, name))
                b++;
            if (b == BOARDS)
                return usage();
            hb->board = &boards[b];
        } else if (!strcmp(argv[i], "--window") && i + 1 < argc) {
            if (parse_window(argv[++i], &a->addr, &a->size))
                return usage();
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            hb->out_dir = argv[++i];
#if BOOT_FDT_EDIT
        } else if (!strcmp(argv[i], "--board-dtb") && i + 1 < argc) {
            if (board_dtb_read(a, argv[++i]))
                return 1;
#endif
#if BOOT_TRIAL
        } else if (!strcmp(argv[i], "--trial") && i + 1 < argc) {
            hb->trial = argv[++i];
#endif
#if BOOT_SIGNED
        } else if (!strcmp(argv[i], "--key") && i + 1 < argc) {
            a->keypath = argv[++i];
            if (host_keys_read(&a->r, a->keypath))
                return 1;
#endif
#if BOOT_ROLLBACK
        } else if (!strcmp(argv[i], "--floor") && i + 1 < argc &&
                   !a->r.otp_path) {
            if (host_floor_parse(&a->r, argv[++i]))
                return 1;
        } else if (!strcmp(argv[i], "--otp") && i + 1 < argc &&
                   !a->r.has_floor) {
            if (host_otp_load(&a->r, argv[++i]))
                return 1;
        } else if (!strcmp(argv[i], "--otp-stuck") && i + 1 < argc) {
            if (host_otp_stuck(&a->r, argv[++i]))
                return 1;
#endif
        } else {
            return usage();
        }
    }
    if (!a->size) {
        a->addr = hb->board->window_addr;
        a->size = hb->board->window_size;
    }
    return 0;
}

/* The boot flow as the board runs it, again after each reset the
 * prompt asks for (up to HOST_RESETS_MAX): what boot_run returned. */
static int boot_runs(struct host_boot *hb, struct boot_args *a,
                     struct host_disk *disk, struct boot_state *st,
                     uint32_t host_size, uint32_t tail)
{
    int rc = BOOT_ENOLABEL;
    int keys = !isatty(STDIN_FILENO);
    int screen = isatty(STDOUT_FILENO);
    int tty = !keys && !tty_open();
    struct boot_env env = {
        .con = { stdout_write, screen ? hb : NULL },
        .con_log = !screen,
        .clock_fake = keys,
        .ms_now = keys ? fake_ms : host_ms,
        .clk_ctx = hb,
        .bd = &disk->bd,
        .dev_strerror = host_disk_strerror,
        .window = hb->window,
        .window_addr = a->addr,
        .window_size = host_size,
        .default_kernel = "/boot/kernel.bin",
        /* The board's tree where QEMU's lies: past the window's end
         * (board/sifive-u/setup.c ends the window at it). */
        .default_fdt_addr = a->dtb ? a->addr + a->size : 0,
        .default_fdt_size = a->dtb ? a->dtb_size : 0,
#if BOOT_RISCV_LINUX && BOOT_FDT_EDIT
        .default_fdt = a->dtb,
#endif
        .fdtfile = hb->board->fdtfile,
#if BOOT_RISCV_LINUX
        .ram_base = hb->board->ram_base,
        .ram_size = hb->board->ram_size,
        .fw_addr = hb->board->fw_addr,
#endif
        .require_sha256 = BOOT_REQUIRE_SHA256,
        .handoff = host_handoff,
        .handoff_ctx = hb,
#if BOOT_INTERACTIVE
        .getc = keys ? stdin_getc : tty ? tty_getc : NULL,
        .idle = tty ? tty_idle : NULL,
        .reset = host_reset,
        .info = host_info,
        .board_ctx = hb,
#endif
        .path_max = hb->board->path_max,
#if BOOT_TRIAL
        /* Both boards have a store (issue 54: without one the host
         * left the loader's words off the command line, and its hand-off
         * room was that much smaller than the board's). */
        .trial_read = host_trial_read,
        .trial_write = host_trial_write,
        .trial_ctx = hb,
#if BOOT_FDT_EDIT
        /* A board that gives Linux its store's page (sifive-u: DRAM's
         * last, board/sifive-u/trial.c). */
        .trial_addr = hb->board->ram_size
                      ? (uint64_t)hb->board->ram_base +
                        hb->board->ram_size - 4096u : 0,
        .trial_size = hb->board->ram_size ? 4096u : 0,
#endif
#endif
    };
#if BOOT_SIGNED
    host_rollback_env(&a->r, &env);
#endif
#if !BOOT_INTERACTIVE
    /* No console input in this build: struct boot_env has no getc,
     * idle, reset or info for these. */
    (void)tty;
    (void)stdin_getc;
    (void)tty_getc;
    (void)tty_idle;
    (void)host_reset;
    (void)host_info;
#endif
    for (int boots = 0; boots <= HOST_RESETS_MAX; boots++) {
        printf("extload: host as %s, %s, load window 0x%08x-0x%08x (%u "
               "bytes, %u past the board's %u-byte tail)\n",
               hb->board->name, a->image, (unsigned)a->addr,
               (unsigned)(a->addr + a->size), (unsigned)a->size,
               (unsigned)hb->window_size, (unsigned)tail);
        if (!hb->window_size) {
            /* boot_open's stop, with the tail of the board modelled:
             * the host's own tail is larger (64-bit journal entries,
             * a longer path), and the board's is what a user sizes a
             * window against. */
            printf("boot: a %u-byte load window leaves nothing past the "
                   "%u bytes the loader keeps at its end; stop\n",
                   (unsigned)a->size, (unsigned)tail);
            return BOOT_ETOOBIG;
        }
        hb->reset = 0;
        rc = boot_run(&env, st);
        if (!hb->reset)
            break;
    }
    return rc;
}

/* A label failed for want of room: say what has more. */
static void boot_say_room(const struct host_boot *hb, const char *image,
                          int rc, uint32_t usable)
{
    const struct host_board *big = &boards[0];

    for (uint32_t b = 1; b < BOARDS; b++)
        if (boards[b].window_size > big->window_size)
            big = &boards[b];
    fprintf(stderr, "extload: %s: %s: the files need more than the "
            "%u bytes %s's load window leaves: ", image,
            boot_strerror(rc), (unsigned)usable, hb->board->name);
    if (big != hb->board)
        fprintf(stderr, "another board (--board %s, a %u-byte window) "
                "or ", big->name, (unsigned)big->window_size);
    fprintf(stderr, "a larger window (--window ADDR:SIZE, up to %u "
            "MiB) is needed\n", (unsigned)(HOST_BOOT_WINDOW_MAX >> 20));
}

int host_cmd_boot(int argc, char **argv)
{
    struct host_boot hb = { .board = &boards[0] };
    struct boot_args a = { 0 };
    int rc = boot_args_parse(argc, argv, &hb, &a);

    if (rc) {
        free(a.dtb);
        return rc;
    }
    /* What the board's loads may use (boot_run's rule with the board's
     * tail), and a host window that leaves exactly that past the host's
     * own tail. */
    uint32_t tail = host_board_tail(hb.board, a.keypath != NULL);
    uint32_t usable = host_board_usable(hb.board, a.addr, a.size,
                                        a.keypath != NULL);
    uint32_t host_size = usable ? usable + (uint32_t)BOOT_CONFIG_ROOM
                                : a.size;

    struct host_disk disk = { .fd = -1 };
    if (host_disk_open(&disk, a.image)) {
        fprintf(stderr, "extload: %s: %s\n", a.image, disk.why);
        free(a.dtb);
        return 1;
    }
    uint8_t *window = calloc(1, host_size);
    struct boot_state *st = calloc(1, sizeof(*st));
    rc = BOOT_ENOLABEL;
    hb.image = a.image;
    hb.sectors = disk.bd.sectors;
    hb.window = window;
    hb.window_addr = a.addr;
    hb.window_size = usable;
    if (window && st)
        rc = boot_runs(&hb, &a, &disk, st, host_size, tail);
    else
        fprintf(stderr, "extload: out of memory for a %u-byte window\n",
                (unsigned)host_size);
#if BOOT_ROLLBACK
    /* The fuses as the board would leave them. */
    if (hb.out_dir && a.r.otp_path &&
        ((mkdir(hb.out_dir, 0755) && errno != EEXIST) ||
         host_otp_save(&a.r, hb.out_dir))) {
        fprintf(stderr, "extload: %s: the OTP image not written\n",
                hb.out_dir);
        if (rc >= 0)
            rc = BOOT_EHANDOFF;
    }
#endif
    fflush(stdout);
    tty_restore();
    int room = rc == BOOT_ETOOBIG || (rc < 0 && st && st->short_of_room);
    free(st);
    free(window);
    free(a.dtb);
    host_disk_close(&disk);
    if (rc < 0 && room) {
        boot_say_room(&hb, a.image, rc, usable);
        return 1;
    }
    if (rc < 0) {
        fprintf(stderr, "extload: %s: %s\n", a.image, boot_strerror(rc));
        return 1;
    }
    return rc ? 1 : 0;
}
