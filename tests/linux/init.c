/*
 * The test initramfs's /init: a static riscv64 Linux program without libc
 * (raw system calls). It reports on the console, one "INIT: " line each,
 * what Linux received from the loader, then reboots so that QEMU exits
 * (-no-reboot):
 *
 *   INIT: start
 *   INIT: cmdline <the text of /proc/cmdline>
 *   INIT: initrd-1 <the first line of /initrd-token-1>    (first cpio)
 *   INIT: initrd-2 <the first line of /initrd-token-2>    (a second cpio
 *                                                          appended)
 *   INIT: dt model <...>                      (/sys/firmware/devicetree)
 *   INIT: dt bootargs <...>                   (/chosen/bootargs)
 *   INIT: dt extload-marker <...>             (/chosen/extload-marker)
 *   INIT: dt extload-overlay <...>            (/extload-overlay/token: a
 *                                              property only an overlay
 *                                              sets, tests/linux/
 *                                              t_linux_distro.sh)
 *   INIT: dt initrd <start>..<end>            (/chosen/linux,initrd-*)
 *   INIT: cpus <online>   INIT: mem <MemTotal line>
 *   INIT: root <device> after <n> polls       (the block device appeared)
 *   INIT: sd <type> <name> <sectors>          (/sys/block/mmcblk0)
 *   INIT: root mounted <device> <type> ro
 *   INIT: root-token <the first line of /root-token on it>
 *   INIT: done
 *
 * An absent file or property prints "-" (or "absent"); a failed step
 * prints "INIT: FAIL <step> errno <n>" and the boot goes on to the
 * reboot, so a test sees every line and QEMU always exits.
 *
 * Kernel messages would land in the middle of these lines (mmc_spi finds
 * the card while init runs), so init first limits the console to
 * emergencies (reboot and panic messages still show); after a failure it
 * prints the kernel's log buffer before rebooting, each line after
 * "INIT: klog ".
 *
 * The root partition is the kernel command line's root= (default
 * /dev/mmcblk0p2), mounted read-only as ext4 (which also mounts ext2 and
 * ext3: CONFIG_EXT4_USE_FOR_EXT2). mmc_spi finds the card after init has
 * started, so init polls for the device node: at most ROOT_POLLS times,
 * ROOT_POLL_MS apart.
 */
#include <stddef.h>
#include <stdint.h>

#define SYS_MKDIRAT 34
#define SYS_MOUNT 40
#define SYS_OPENAT 56
#define SYS_CLOSE 57
#define SYS_READ 63
#define SYS_WRITE 64
#define SYS_EXIT 93
#define SYS_NANOSLEEP 101
#define SYS_SYNC 81
#define SYS_REBOOT 142
#define SYS_SYSLOG 116
#define SYSLOG_READ_ALL 3
#define SYSLOG_CONSOLE_LEVEL 8

#define AT_FDCWD (-100)
#define O_RDONLY 0
#define O_RDWR 2
#define MS_RDONLY 1
#define EEXIST 17
#define EBUSY 16

#define REBOOT_MAGIC1 0xfee1deadL
#define REBOOT_MAGIC2 672274793L
#define REBOOT_CMD_RESTART 0x01234567L

#define ROOT_POLLS 200
#define ROOT_POLL_MS 50
#define DEFAULT_ROOT "/dev/mmcblk0p2"
#define DT "/sys/firmware/devicetree/base"

static long sys6(long nr, long a, long b, long c, long d, long e)
{
    register long a0 __asm__("a0") = a;
    register long a1 __asm__("a1") = b;
    register long a2 __asm__("a2") = c;
    register long a3 __asm__("a3") = d;
    register long a4 __asm__("a4") = e;
    register long a7 __asm__("a7") = nr;
    __asm__ volatile("ecall"
                     : "+r"(a0)
                     : "r"(a1), "r"(a2), "r"(a3), "r"(a4), "r"(a7)
                     : "memory");
    return a0;
}

static int out = 1;
static int failed;

static size_t len(const char *s)
{
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

static void put(const char *s)
{
    sys6(SYS_WRITE, out, (long)s, (long)len(s), 0, 0);
}

static void put_num(unsigned long v, unsigned base)
{
    char buf[24];
    int i = (int)sizeof buf - 1;
    buf[i] = 0;
    do {
        buf[--i] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v && i > 0);
    put(buf + i);
}

static void fail(const char *step, long err)
{
    failed = 1;
    put("INIT: FAIL ");
    put(step);
    put(" errno ");
    put_num((unsigned long)-err, 10);
    put("\n");
}

/* Reads PATH into BUF (at most CAP - 1 bytes, NUL-terminated); returns the
 * length, or a negative errno. */
static long slurp(const char *path, char *buf, size_t cap)
{
    long fd = sys6(SYS_OPENAT, AT_FDCWD, (long)path, O_RDONLY, 0, 0);
    size_t n = 0;
    if (fd < 0)
        return fd;
    while (n + 1 < cap) {
        long r = sys6(SYS_READ, fd, (long)(buf + n), (long)(cap - 1 - n), 0, 0);
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    sys6(SYS_CLOSE, fd, 0, 0, 0, 0);
    buf[n] = 0;
    return (long)n;
}

/* The first line of PATH (or "-"), non-printing bytes as '.'. */
static void put_line_of(const char *label, const char *path)
{
    static char buf[1024];
    long n = slurp(path, buf, sizeof buf);
    put("INIT: ");
    put(label);
    put(" ");
    if (n < 0) {
        put("-\n");
        return;
    }
    for (long i = 0; i < n; i++) {
        if (buf[i] == '\n' || (buf[i] == 0 && i == n - 1)) {
            buf[i] = 0;
            break;
        }
        if ((unsigned char)buf[i] < 0x20 || (unsigned char)buf[i] > 0x7e)
            buf[i] = '.';
    }
    put(buf);
    put("\n");
}

/* A device-tree property of one or two big-endian 32-bit cells. */
static int dt_number(const char *path, unsigned long *v)
{
    char b[16];
    long n = slurp(path, b, sizeof b);
    if (n != 4 && n != 8)
        return -1;
    *v = 0;
    for (long i = 0; i < n; i++)
        *v = (*v << 8) | (unsigned char)b[i];
    return 0;
}

static void do_mount(const char *src, const char *dir, const char *type,
                     unsigned long flags)
{
    long r = sys6(SYS_MKDIRAT, AT_FDCWD, (long)dir, 0755, 0, 0);
    if (r < 0 && r != -EEXIST)
        fail(dir, r);
    r = sys6(SYS_MOUNT, (long)src, (long)dir, (long)type, (long)flags, 0);
    if (r < 0 && r != -EBUSY)
        fail(type, r);
}

/* root=DEV from the command line, or DEFAULT_ROOT. */
static const char *root_device(const char *cmdline, char *dev, size_t cap)
{
    const char *p = cmdline;
    while (*p) {
        if ((p == cmdline || p[-1] == ' ') && p[0] == 'r' && p[1] == 'o' &&
            p[2] == 'o' && p[3] == 't' && p[4] == '=') {
            size_t n = 0;
            p += 5;
            while (p[n] && p[n] != ' ' && p[n] != '\n' && n + 1 < cap) {
                dev[n] = p[n];
                n++;
            }
            dev[n] = 0;
            return dev;
        }
        p++;
    }
    return DEFAULT_ROOT;
}

/* What the kernel knows of the card: "INIT: sd SD QEMU! 131072". */
static void put_sd(void)
{
    static const char *const files[] = {
        "/sys/block/mmcblk0/device/type",
        "/sys/block/mmcblk0/device/name",
        "/sys/block/mmcblk0/size",
    };
    char buf[64];
    put("INIT: sd");
    for (unsigned i = 0; i < sizeof files / sizeof files[0]; i++) {
        long n = slurp(files[i], buf, sizeof buf);
        if (n > 0 && buf[n - 1] == '\n')
            buf[n - 1] = 0;
        put(" ");
        put(n > 0 ? buf : "-");
    }
    put("\n");
}

static void pause_ms(long ms)
{
    long ts[2] = {ms / 1000, (ms % 1000) * 1000000L};
    sys6(SYS_NANOSLEEP, (long)ts, 0, 0, 0, 0);
}

/* The kernel's log buffer, each line after "INIT: klog ". */
static void put_klog(void)
{
    static char log[65536];
    long n = sys6(SYS_SYSLOG, SYSLOG_READ_ALL, (long)log, sizeof log, 0, 0);
    long at = 0;
    for (long i = 0; i < n; i++) {
        if (log[i] != '\n')
            continue;
        log[i] = 0;
        put("INIT: klog ");
        put(log + at);
        put("\n");
        at = i + 1;
    }
}

void init_main(void);
void init_main(void)
{
    static char cmdline[2048];
    char devbuf[64];
    const char *dev;
    unsigned long a, b;
    long r;
    int polls;

    sys6(SYS_SYSLOG, SYSLOG_CONSOLE_LEVEL, 0, 1, 0, 0);
    /* The kernel opened /dev/console for us when the built-in part of the
     * initramfs has it; devtmpfs gives the node in any case. */
    do_mount("devtmpfs", "/dev", "devtmpfs", 0);
    r = sys6(SYS_OPENAT, AT_FDCWD, (long)"/dev/console", O_RDWR, 0, 0);
    if (r >= 0)
        out = (int)r;
    put("INIT: start\n");
    do_mount("proc", "/proc", "proc", 0);
    do_mount("sysfs", "/sys", "sysfs", 0);

    if (slurp("/proc/cmdline", cmdline, sizeof cmdline) < 0)
        cmdline[0] = 0;
    put_line_of("cmdline", "/proc/cmdline");
    put_line_of("initrd-1", "/initrd-token-1");
    put_line_of("initrd-2", "/initrd-token-2");
    put_line_of("dt model", DT "/model");
    put_line_of("dt bootargs", DT "/chosen/bootargs");
    put_line_of("dt extload-marker", DT "/chosen/extload-marker");
    put_line_of("dt extload-overlay", DT "/extload-overlay/token");
    put("INIT: dt initrd ");
    if (dt_number(DT "/chosen/linux,initrd-start", &a) == 0 &&
        dt_number(DT "/chosen/linux,initrd-end", &b) == 0) {
        put("0x");
        put_num(a, 16);
        put("..0x");
        put_num(b, 16);
        put(" (");
        put_num(b - a, 10);
        put(" bytes)\n");
    } else {
        put("absent\n");
    }
    put_line_of("cpus", "/sys/devices/system/cpu/online");
    put_line_of("mem", "/proc/meminfo");

    dev = root_device(cmdline, devbuf, sizeof devbuf);
    for (polls = 0; polls < ROOT_POLLS; polls++) {
        r = sys6(SYS_OPENAT, AT_FDCWD, (long)dev, O_RDONLY, 0, 0);
        if (r >= 0) {
            sys6(SYS_CLOSE, r, 0, 0, 0, 0);
            break;
        }
        pause_ms(ROOT_POLL_MS);
    }
    if (polls == ROOT_POLLS) {
        failed = 1;
        put("INIT: FAIL root ");
        put(dev);
        put(" absent after ");
        put_num(ROOT_POLLS, 10);
        put(" polls\n");
    } else {
        put("INIT: root ");
        put(dev);
        put(" after ");
        put_num((unsigned long)polls, 10);
        put(" polls\n");
        put_sd();
        sys6(SYS_MKDIRAT, AT_FDCWD, (long)"/mnt", 0755, 0, 0);
        r = sys6(SYS_MOUNT, (long)dev, (long)"/mnt", (long)"ext4", MS_RDONLY, 0);
        if (r < 0) {
            fail("mount root", r);
        } else {
            put("INIT: root mounted ");
            put(dev);
            put(" ext4 ro\n");
            put_line_of("root-token", "/mnt/root-token");
        }
    }
    if (failed)
        put_klog();
    put("INIT: done\n");
    sys6(SYS_SYNC, 0, 0, 0, 0, 0);
    r = sys6(SYS_REBOOT, REBOOT_MAGIC1, REBOOT_MAGIC2, REBOOT_CMD_RESTART, 0, 0);
    fail("reboot", r);
    for (;;)
        pause_ms(1000);
}

/* The entry: gp for the linker's relaxed accesses, then init_main. */
__asm__(".section .text._start, \"ax\", @progbits\n"
        ".globl _start\n"
        "_start:\n"
        ".option push\n"
        ".option norelax\n"
        "  la gp, __global_pointer$\n"
        ".option pop\n"
        "  call init_main\n"
        "1: j 1b\n");
