/* extload, the host tool: the boot loader's reader on a disk image.
 *
 *   extload [--part N] [--stats] [--journal-blocks N] info IMAGE
 *   extload [--part N] [--stats] ls   IMAGE PATH
 *   extload [--part N] [--stats] cat  IMAGE PATH
 *   extload [--part N] [--stats] stat IMAGE PATH
 *   extload boot IMAGE [--board NAME] [-o DIR] [--board-dtb DTB]
 *                [--key PUB.pem[,PUB2.pem...]]   (--key etc.: both profiles)
 *   extload message IMAGE|DIR LABEL [--board NAME]
 *   extload sign KEY.pem IMAGE|DIR LABEL -o SIGFILE [--board NAME]
 *   extload verify --key PUB.pem IMAGE LABEL... [--board NAME]
 *   extload state show|clear STATE
 *   extload state trial STATE LABEL [TRIES]
 *   extload commit CONFIG LABEL
 *   extload --help | -h | --version
 *
 * Exit 0 on success (--help and --version print on stdout), 1 on a
 * filesystem or lookup error (exactly one line on stderr starting
 * "extload: "), 2 on a usage error (the usage on stderr). ls, stat and
 * info print what the prompt's commands print (firmware/boot/cmd_fs.c).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/host/cmd_boot.h"
#include "board/host/cmd_commit.h"
#include "board/host/cmd_sign.h"
#include "board/host/cmd_state.h"
#include "board/host/disk.h"
#include "firmware/boot_conf.h"
#include "firmware/boot/cmd_fs.h"
#include "fs/ext.h"
#include "fs/part.h"
#include "lib/quote.h"

#ifndef EXTLOAD_VERSION
#define EXTLOAD_VERSION "0.4"
#endif

struct tool {
    struct host_disk disk;
    struct part_info part;
    struct ext_fs fs;
    uint32_t part_index;
    int stats;
    const char *image;
    struct ext_journal jnl;
};

/* The journal replay table: room for 64 Ki replaced blocks (1 MiB);
 * --journal-blocks N gives the reader less, as a small board has
 * (--fc-entries N: fewer fast-commit entries). */
#define HOST_JOURNAL_BLOCKS 65536u
static struct ext_jblock journal_table[HOST_JOURNAL_BLOCKS];
#if EXT_FAST_COMMIT
/* Fast-commit entries a replay may apply (24 or 32 bytes each). */
#define HOST_FC_ENTRIES 4096u
static struct ext_fc_rec fc_table[HOST_FC_ENTRIES];
#endif

static void print_usage(FILE *out)
{
    fprintf(out,
            "usage: extload [--part N] [--stats] [--journal-blocks N] "
            "info IMAGE\n"
            "       extload [--part N] [--stats] ls|cat|stat IMAGE PATH\n"
            "%s%s%s%s"
            "       extload --help | -h | --version\n", host_boot_usage,
            host_sign_usage, host_state_usage, host_commit_usage);
}

/* A usage error: the usage on stderr, exit 2. */
static int usage(void)
{
    print_usage(stderr);
    return 2;
}

/* The one line a filesystem error gets. */
/* A path into a message, as the boards' console quotes one (lib/quote.h). */
static void fputs_quoted(const char *s, FILE *f)
{
    char q[QUOTE_MAX];

    for (; *s; s++)
        fwrite(q, 1, quote_byte(q, *s), f);
}

/* "extload: PATH: what", the path quoted. */
static void say_path(const char *path, const char *what)
{
    fputs("extload: ", stderr);
    fputs_quoted(path, stderr);
    fprintf(stderr, ": %s\n", what);
}

static int fail_fs(struct tool *t, const char *path)
{
    char msg[256];

    /* The sentence says what; the code's own text would say it again.
     * Without EXT_MESSAGES the reader gives a code ("ext error -7"), so
     * the host says its text first. */
    ext_error_describe_dev(&t->fs, host_disk_strerror, msg, sizeof(msg));
    fputs("extload: ", stderr);
    fputs_quoted(path ? path : t->image, stderr);
    fputs(": ", stderr);
    if (!EXT_MESSAGES)
        fprintf(stderr, "%s: ", ext_strerror(t->fs.err));
    fputs(msg, stderr);
    if (t->fs.err == EXT_EJFULL)
        fprintf(stderr, " (the replay table holds %" PRIu32 " blocks: "
                "--journal-blocks)", t->jnl.cap);
    fputc('\n', stderr);
    return 1;
}

static void stdout_write(void *ctx, const char *s, uint32_t n)
{
    (void)ctx;
    fwrite(s, 1, n, stdout);
}

static const struct console out = { stdout_write, NULL };
/* The commands' scratch: a path walk, the inode looked up, names. */
static struct ext_walk walk;
static struct ext_file file;
static union cmd_fs_scratch scratch;

static struct cmd_fs cmd_of(struct tool *t)
{
    return (struct cmd_fs){ .fs = &t->fs, .walk = &walk, .file = &file,
                            .con = &out };
}

static int open_fs(struct tool *t)
{
    uint8_t buf[BLOCKDEV_SECTOR];
    int rc;

    if (host_disk_open(&t->disk, t->image)) {
        fprintf(stderr, "extload: %s: %s\n", t->image, t->disk.why);
        return 1;
    }
    rc = part_find(&t->disk.bd, buf, t->part_index, &t->part);
    if (rc) {
        char msg[160];

        part_describe_dev(&t->part, rc, host_disk_strerror, msg,
                          sizeof(msg));
        if (t->part_index)
            fprintf(stderr, "extload: %s: partition %" PRIu32 ": %s\n",
                    t->image, t->part_index, msg);
        else
            fprintf(stderr, "extload: %s: %s\n", t->image, msg);
        return 1;
    }
    t->jnl.tab = journal_table;
#if EXT_FAST_COMMIT
    t->jnl.fc = fc_table;
#endif
    rc = ext_mount_journal(&t->fs, &t->disk.bd, t->part.lba,
                           t->part.sectors, &t->jnl);
    if (rc)
        return fail_fs(t, NULL);
    return 0;
}

static void print_features(const char *label, int word, uint32_t bits)
{
    char names[512];

    ext_feature_names(word, bits, names, sizeof(names));
    printf("%s%s\n", label, bits ? names : "(none)");
}

static int cmd_info(struct tool *t)
{
    uint8_t buf[BLOCKDEV_SECTOR];
    struct part_info p;
    const struct ext_fs *fs = &t->fs;
    int scheme, rc;
    uint32_t i;

    if (host_disk_open(&t->disk, t->image)) {
        fprintf(stderr, "extload: %s: %s\n", t->image, t->disk.why);
        return 1;
    }
    scheme = part_scheme(&t->disk.bd, buf);
    if (scheme < 0) {             /* no sector 0: the error line only */
        fprintf(stderr, "extload: %s: %s\n", t->image,
                part_strerror(scheme));
        return 1;
    }
    printf("disk: %" PRIu64 " sectors, partition table: %s\n",
           t->disk.sectors, part_scheme_name(scheme));
    for (i = 1; scheme > PART_NONE && i <= PART_INDEX_MAX; i++) {
        rc = part_get(&t->disk.bd, buf, i, &p);
        if (rc == PART_ENOENT && i > 4 && scheme == PART_MBR)
            break;
        if (rc == PART_ENOENT && scheme == PART_GPT && i >= p.slots)
            break;                /* past the table's last entry */
        if (rc == PART_ENOENT)
            continue;
        if (rc) {
            char msg[160];

            part_describe_dev(&p, rc, host_disk_strerror, msg,
                              sizeof(msg));
            printf("partition %" PRIu32 ": %s\n", i, msg);
            if (scheme == PART_GPT && rc != PART_ECORRUPT)
                break;
            continue;
        }
        printf("partition %" PRIu32 ": start %" PRIu64 ", %" PRIu64
               " sectors, type ", i, (uint64_t)p.lba, (uint64_t)p.sectors);
        if (scheme == PART_GPT)
            printf("%s", p.linux_fs ? "linux-fs" : "other");
        else
            printf("0x%02x", p.mbr_type);
        /* How root= and a label's PARTITION name it. */
        char uuid[PART_UUID_LEN + 1], name[PART_NAME_MAX + 1];

        if (!part_ident(&t->disk.bd, buf, i, uuid, name)) {
            printf(", PARTUUID=%s", uuid);
            if (scheme == PART_GPT)
                printf(", PARTLABEL=%s", name);
        }
        printf("\n");
    }
    host_disk_close(&t->disk);
    rc = open_fs(t);
    if (rc)
        return rc;
    /* What the prompt's info says, then what only the host adds. */
    struct cmd_fs c = cmd_of(t);
    fflush(stdout);
    cmd_fs_info(&c, &t->part, &scratch);
    printf("descriptor size: %u\n", fs->desc_size);
    print_features("ignored for reading: ", 2,
                   fs->ro_compat & ~EXT_RO_COMPAT_USED);
    if (t->jnl.replayed && t->jnl.transactions)
        printf("journal: replay read %" PRIu32 " sectors; table %" PRIu32
               " of %" PRIu32 " entries (%u bytes each)\n",
               t->jnl.scan_sectors, t->jnl.n, t->jnl.cap,
               (unsigned)sizeof(struct ext_jblock));
    if (fs->warnings & EXT_WARN_NEEDS_RECOVERY)
        printf("warning: the journal needs recovery; reading the last "
               "checkpointed state\n");
    if (fs->warnings & EXT_WARN_JOURNAL_CSUM)
        printf("warning: journal blocks failed their checksum and were "
               "not replayed\n");
    if (fs->warnings & EXT_WARN_NOT_CLEAN)
        printf("warning: not cleanly unmounted\n");
    if (fs->warnings & EXT_WARN_ERRORS)
        printf("warning: the filesystem has recorded errors\n");
    if (fs->warnings & EXT_WARN_DESC_CSUM)
        printf("warning: a group descriptor failed its checksum; read as "
               "it is, as Linux mounts read-only\n");
    return 0;
}

static int cmd_ls(struct tool *t, const char *path)
{
    struct cmd_fs c = cmd_of(t);

    return cmd_fs_ls(&c, path, &scratch) ? fail_fs(t, path) : 0;
}

static int cmd_cat(struct tool *t, const char *path)
{
    struct ext_file f;
    uint64_t off = 0;
    uint32_t chunk;
    uint8_t *buf;
    int rc = ext_open(&t->fs, path, &f);

    if (rc)
        return fail_fs(t, path);
    if (ext_is_dir(&f.in)) {
        say_path(path, "is a directory");
        return 1;
    }
    /* 1 MiB pieces: long runs still reach the device as few calls, and
     * a reused buffer stays in cache (a file-sized one costs more in page
     * faults than the reads). */
    chunk = f.in.size > (1u << 20) ? (1u << 20) : (uint32_t)f.in.size;
    buf = malloc(chunk ? chunk : 1);
    if (!buf) {
        fprintf(stderr, "extload: out of memory\n");
        return 1;
    }
    while (off < f.in.size) {
        int32_t got = ext_read(&t->fs, &f, off, buf, chunk);

        if (got <= 0) {
            free(buf);
            if (got == 0) {
                say_path(path, "short read");
                return 1;
            }
            return fail_fs(t, path);
        }
        if (fwrite(buf, 1, (size_t)got, stdout) != (size_t)got) {
            free(buf);
            fprintf(stderr, "extload: write error: %s\n", strerror(errno));
            return 1;
        }
        off += (uint32_t)got;
    }
    free(buf);
    return 0;
}

static int cmd_stat(struct tool *t, const char *path)
{
    struct cmd_fs c = cmd_of(t);

    return cmd_fs_stat(&c, path, &scratch) ? fail_fs(t, path) : 0;
}

int main(int argc, char **argv)
{
    struct tool t;
    const char *cmd;
    int i = 1, rc;

    memset(&t, 0, sizeof(t));
    t.disk.fd = -1;
    t.jnl.cap = HOST_JOURNAL_BLOCKS;
#if EXT_FAST_COMMIT
    t.jnl.fc_cap = HOST_FC_ENTRIES;
#endif
    if (argc == 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        print_usage(stdout);
        return 0;
    }
    if (argc == 2 && !strcmp(argv[1], "--version")) {
        printf("extload %s (%s profile)\n", EXTLOAD_VERSION,
               EXTLOAD_TINY ? "tiny" : "default");
        return 0;
    }
    while (i < argc && argv[i][0] == '-' && argv[i][1] == '-') {
        if (!strcmp(argv[i], "--part") && i + 1 < argc) {
            char *end;
            unsigned long n = strtoul(argv[i + 1], &end, 10);

            if (*end || n == 0 || n > 1024)
                return usage();
            t.part_index = (uint32_t)n;
            i += 2;
        } else if (!strcmp(argv[i], "--journal-blocks") && i + 1 < argc) {
            char *end;
            unsigned long n = strtoul(argv[i + 1], &end, 10);

            if (*end || n > HOST_JOURNAL_BLOCKS)
                return usage();
            t.jnl.cap = (uint32_t)n;
            i += 2;
#if EXT_FAST_COMMIT
        } else if (!strcmp(argv[i], "--fc-entries") && i + 1 < argc) {
            char *end;
            unsigned long n = strtoul(argv[i + 1], &end, 10);

            if (*end || n > HOST_FC_ENTRIES)
                return usage();
            t.jnl.fc_cap = (uint32_t)n;
            i += 2;
#endif
        } else if (!strcmp(argv[i], "--stats")) {
            t.stats = 1;
            i++;
        } else {
            return usage();
        }
    }
    if (argc - i < 2)
        return usage();
    cmd = argv[i];
    if (!strcmp(cmd, "message") || !strcmp(cmd, "sign") ||
        !strcmp(cmd, "verify"))
        return host_cmd_sign(argc - i, argv + i);
    if (!strcmp(cmd, "state"))
        return host_cmd_state(argc - i, argv + i);
    if (!strcmp(cmd, "commit"))
        return host_cmd_commit(argc - i, argv + i);
    t.image = argv[i + 1];
    if (!strcmp(cmd, "boot"))
        return host_cmd_boot(argc - i, argv + i);
    if (!strcmp(cmd, "info")) {
        if (argc - i != 2)
            return usage();
        rc = cmd_info(&t);
    } else {
        if (argc - i != 3)
            return usage();
        if (strcmp(cmd, "ls") && strcmp(cmd, "cat") && strcmp(cmd, "stat"))
            return usage();
        rc = open_fs(&t);
        if (!rc) {
            if (!strcmp(cmd, "ls"))
                rc = cmd_ls(&t, argv[i + 2]);
            else if (!strcmp(cmd, "cat"))
                rc = cmd_cat(&t, argv[i + 2]);
            else
                rc = cmd_stat(&t, argv[i + 2]);
        }
    }
    fflush(stdout);
    if (strcmp(cmd, "info") && (t.fs.warnings & EXT_WARN_DESC_CSUM))
        fprintf(stderr, "extload: warning: %s: a group descriptor failed "
                "its checksum; read as it is, as Linux mounts read-only\n",
                t.image);
    if (t.stats)
        fprintf(stderr, "stats: reads=%" PRIu64 " sectors=%" PRIu64 "\n",
                t.disk.reads, t.disk.sectors_read);
    host_disk_close(&t.disk);
    return rc;
}
