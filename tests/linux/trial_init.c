/*
 * The trial-boot cycle's /init (tests/linux/t_linux_trial.sh): a static
 * riscv64 Linux program (glibc) that drives the cycle of
 * firmware/README.md "Trial boots" from the running system, with the
 * extload tool beside it in the initramfs (/extload, `make linux-tool`).
 * What it does is the label's APPEND's say:
 *
 *   trialtest.first=B trialtest.then=C   (the committed label) no failed
 *       trial on the command line: arm a trial of B; extload.trial_failed=B:
 *       arm a trial of C; then reboot
 *   trialtest.commit                     on its trial boot (extload.trial=
 *       on the command line): mount /boot (partition 1) read-write,
 *       `extload commit /boot/extlinux/extlinux.conf LABEL`, `extload state
 *       clear`, reboot without unmounting or syncing; on a committed boot:
 *       "INIT: cycle done" and wait (the test ends QEMU)
 *   trialtest.rauc                       the RAUC cycle (tests/linux/
 *       t_linux_rauc.sh): each rootfs slot's initramfs holds this init, the
 *       tool and /rauctest.version; one that also holds /rauctest.broken
 *       exits at once (the kernel panics). /boot (partition 1) carries
 *       /rauc/trial.rec, the record RAUC's backend armed on the host (RAM
 *       does not survive a QEMU start). A trial boot does what `rauc
 *       status mark-good` runs (the backend's `set-state LABEL good`:
 *       `extload commit`, `extload state clear`), unmounts /boot and
 *       reboots; a committed boot after a failed trial, or one that is
 *       the label RAUC armed, says "INIT: end" and waits (the test ends
 *       QEMU); else it arms what RAUC armed
 *       (`extload state trial`, as the backend's `set-primary`) and
 *       reboots
 *
 * Every step is a console line "INIT: ..."; the tool's own lines follow
 * "INIT: extload ". The record is /sys/bus/nvmem/devices/rmem0/nvmem (the
 * loader's reserved page), first shown as it is. A failed step prints
 * "INIT: FAIL ..." and waits, so the test sees it and no loop follows.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/klog.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NVMEM "/sys/bus/nvmem/devices/rmem0/nvmem"
#define BOOT_DEV "/dev/mmcblk0p1"
#define CONFIG "/boot/extlinux/extlinux.conf"
#define RAUC_RECORD "/boot/rauc/trial.rec"
#define RAUC_VERSION "/rauctest.version"
#define RAUC_BROKEN "/rauctest.broken"
#define DEV_POLLS 200
#define DEV_POLL_MS 50
#define KLOG_CONSOLE_LEVEL 8

static char cmdline[4096];

static void say(const char *fmt, const char *a, const char *b)
{
    printf("INIT: ");
    printf(fmt, a, b);
    printf("\n");
    fflush(stdout);
}

/* A failed step: its line (with errno's text when a call set it). */
static void stop(const char *why)
{
    say("FAIL %s%s", why, errno ? " (errno)" : "");
    if (errno)
        say("errno: %s%s", strerror(errno), "");
    for (;;)
        pause();
}

/* The value of WORD= on the command line into out; 1 when present
 * (a bare WORD too, with an empty value). */
static int word(const char *w, char *out, size_t cap)
{
    size_t n = strlen(w);

    for (const char *p = cmdline; *p; p++) {
        if ((p != cmdline && p[-1] != ' ') || strncmp(p, w, n))
            continue;
        if (p[n] == '=') {
            size_t k = 0;

            p += n + 1;
            while (p[k] && p[k] != ' ' && p[k] != '\n' && k + 1 < cap) {
                out[k] = p[k];
                k++;
            }
            out[k] = '\0';
            return 1;
        }
        if (!p[n] || p[n] == ' ' || p[n] == '\n') {
            out[0] = '\0';
            return 1;
        }
    }
    return 0;
}

/* /extload ARGS..., each line it prints after "INIT: extload "; its
 * exit status. For each prefix of want (NULL-terminated, or want NULL):
 * the rest of the first line starting with it into got[i] (cap bytes;
 * empty when no line does). */
static int tool_get(char *const argv[], const char *const want[],
                    char *const got[], size_t cap)
{
    int fds[2], status;
    pid_t pid;
    FILE *in;
    char line[512];

    if (pipe(fds))
        stop("pipe");
    pid = fork();
    if (pid < 0)
        stop("fork");
    if (pid == 0) {
        dup2(fds[1], 1);
        dup2(fds[1], 2);
        close(fds[0]);
        close(fds[1]);
        execv("/extload", argv);
        _exit(127);
    }
    close(fds[1]);
    in = fdopen(fds[0], "r");
    for (int i = 0; want && want[i]; i++)
        got[i][0] = '\0';
    while (in && fgets(line, sizeof(line), in)) {
        line[strcspn(line, "\n")] = '\0';
        say("extload %s", line, "");
        for (int i = 0; want && want[i]; i++)
            if (!got[i][0] && !strncmp(line, want[i], strlen(want[i])))
                snprintf(got[i], cap, "%s", line + strlen(want[i]));
    }
    if (in)
        fclose(in);
    if (waitpid(pid, &status, 0) != pid)
        stop("waitpid");
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static int tool(char *const argv[])
{
    return tool_get(argv, NULL, NULL, 0);
}

static void run_tool(char *const argv[])
{
    if (tool(argv)) {
        errno = 0;
        stop(argv[1]);
    }
}

static void wait_for(const char *dev)
{
    struct timespec ts = { 0, DEV_POLL_MS * 1000000L };

    for (int i = 0; i < DEV_POLLS; i++) {
        if (!access(dev, F_OK))
            return;
        nanosleep(&ts, NULL);
    }
    stop(dev);
}

/* /boot mounted with flags: the partition's node can be there before
 * its disk opens (ENXIO while the kernel still scans the table, on a
 * slow host), so a bounded wait as for the node. */
static void mount_boot(unsigned long flags)
{
    struct timespec ts = { 0, DEV_POLL_MS * 1000000L };

    wait_for(BOOT_DEV);
    mkdir("/boot", 0755);
    for (int i = 0; i < DEV_POLLS; i++) {
        if (!mount(BOOT_DEV, "/boot", "ext4", flags, NULL))
            return;
        if (errno != ENXIO && errno != ENOENT)
            break;
        nanosleep(&ts, NULL);
    }
    stop("mount /boot");
}

/* sifive_u has no RTC: the guest's clock starts at 1970-01-01 00:00:00,
 * and an inode /boot frees in its first second gets dtime 0, which
 * e2fsck calls a deleted inode with zero dtime. As systemd does on a
 * board without a clock, a clock before the floor is moved to it. */
#define CLOCK_FLOOR 1700000000          /* 2023-11-14 */
static void clock_floor(void)
{
    struct timespec now;

    if (!clock_gettime(CLOCK_REALTIME, &now) && now.tv_sec < CLOCK_FLOOR) {
        now.tv_sec = CLOCK_FLOOR;
        if (clock_settime(CLOCK_REALTIME, &now))
            stop("clock_settime");
    }
}

static void restart(void)
{
    say("reboot%s%s", "", "");
    reboot(RB_AUTOBOOT);
    stop("reboot");
}

static void arm(const char *label)
{
    char *argv[] = { "extload", "state", "trial", NVMEM, (char *)label, NULL };

    say("arming a trial of %s%s", label, "");
    run_tool(argv);
    restart();
}

/* The cycle's last line; then wait: the test ends QEMU (sifive_u's
 * OpenSBI has no shutdown device to power off with). */
static void finish(void)
{
    say("end%s%s", "", "");
    for (;;)
        pause();
}

/* The RAUC cycle (trialtest.rauc, above), on the boot of label. */
static void rauc_cycle(const char *label)
{
    char version[80] = "", armed[64], tries[64], failed[64];
    char *show_armed[] = { "extload", "state", "show", RAUC_RECORD, NULL };
    const char *const fields[] = { "label: ", "tries left: ", NULL };
    char *const got[] = { armed, tries };
    FILE *f = fopen(RAUC_VERSION, "r");

    if (!f || !fgets(version, sizeof(version), f))
        stop(RAUC_VERSION);
    fclose(f);
    version[strcspn(version, "\n")] = '\0';
    say("rootfs %s%s", version, "");
    if (!access(RAUC_BROKEN, F_OK)) {
        say("this rootfs's init exits: the update is broken%s%s", "", "");
        exit(1);
    }
    mount_boot(MS_RDONLY);
    if (word("extload.trial", tries, sizeof(tries))) {
        char *commit[] = { "extload", "commit", CONFIG, (char *)label, NULL };
        char *clear[] = { "extload", "state", "clear", NVMEM, NULL };
        char *show[] = { "extload", "state", "show", NVMEM, NULL };

        say("rauc status mark-good: the backend's set-state %s good%s",
            label, "");
        if (mount(BOOT_DEV, "/boot", "ext4", MS_REMOUNT, NULL))
            stop("remount /boot read-write");
        run_tool(commit);
        run_tool(clear);
        run_tool(show);
        if (umount("/boot"))
            stop("umount /boot");
        sync();
        restart();
    }
    if (word("extload.trial_failed", failed, sizeof(failed))) {
        say("%s stays committed: the trial of %s failed", label, failed);
        finish();
    }
    if (tool_get(show_armed, fields, got, sizeof(armed)))
        stop(RAUC_RECORD);
    if (!armed[0] || !strcmp(armed, label)) {
        say("cycle done: %s boots committed, RAUC armed no other slot%s",
            label, "");
        finish();
    }
    if (!tries[0])
        stop(RAUC_RECORD);
    {
        char *trial[] = { "extload", "state", "trial", NVMEM, armed, tries,
                          NULL };

        say("arming the trial RAUC armed: %s (tries %s)", armed, tries);
        umount("/boot");
        run_tool(trial);
        restart();
    }
}

int main(void)
{
    char label[64], tries[16], failed[64], first[64], then[64], none[1];
    char *show[] = { "extload", "state", "show", NVMEM, NULL };
    int fd;

    klogctl(KLOG_CONSOLE_LEVEL, NULL, 1);
    mkdir("/dev", 0755);
    mount("devtmpfs", "/dev", "devtmpfs", 0, NULL);
    fd = open("/dev/console", O_RDWR);
    if (fd >= 0) {
        dup2(fd, 0);
        dup2(fd, 1);
        dup2(fd, 2);
    }
    say("start%s%s", "", "");
    mkdir("/proc", 0755);
    mkdir("/sys", 0755);
    if (mount("proc", "/proc", "proc", 0, NULL) ||
        mount("sysfs", "/sys", "sysfs", 0, NULL))
        stop("mount proc, sys");
    clock_floor();
    fd = open("/proc/cmdline", O_RDONLY);
    if (fd < 0 || read(fd, cmdline, sizeof(cmdline) - 1) < 0)
        stop("/proc/cmdline");
    close(fd);
    cmdline[strcspn(cmdline, "\n")] = '\0';
    say("cmdline %s%s", cmdline, "");
    errno = 0;
    if (!word("extload.label", label, sizeof(label)))
        stop("no extload.label= on the command line");
    say("label %s%s", label, word("extload.trial", tries, sizeof(tries))
        ? " (trial)" : " (committed)");
    if (word("extload.trial_failed", failed, sizeof(failed)))
        say("the trial of %s failed%s", failed, "");
    else
        failed[0] = '\0';
    wait_for(NVMEM);
    run_tool(show);
    if (word("trialtest.rauc", none, sizeof(none)))
        rauc_cycle(label);

    if (word("trialtest.first", first, sizeof(first)) &&
        word("trialtest.then", then, sizeof(then))) {
        if (!failed[0])
            arm(first);
        if (!strcmp(failed, first))
            arm(then);
        errno = 0;
        stop("a failed trial the test did not plan");
    }
    if (word("trialtest.commit", none, sizeof(none))) {
        char *commit[] = { "extload", "commit", CONFIG, label, NULL };
        char *clear[] = { "extload", "state", "clear", NVMEM, NULL };

        if (!word("extload.trial", tries, sizeof(tries))) {
            say("cycle done: %s boots committed%s", label, "");
            for (;;)
                pause();
        }
        mount_boot(0);
        say("mounted %s on /boot read-write%s", BOOT_DEV, "");
        run_tool(commit);
        run_tool(clear);
        run_tool(show);
        restart();
    }
    errno = 0;
    stop("no trialtest word on the command line");
    return 1;
}
