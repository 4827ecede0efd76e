/* extload message / sign / verify (cmd_sign.h). */
#include "board/host/cmd_sign.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "board/host/cmd_boot.h"
#include "board/host/disk.h"
#include "board/host/ed25519_sign.h"
#include "board/host/rollback.h"
#include "firmware/boot/boot.h"
#include "firmware/boot/boot_priv.h"
#include "firmware/crypto/sha256.h"

const char host_sign_usage[] =
#if BOOT_SIGNED
    "       extload message IMAGE|DIR LABEL [--board NAME]   the bytes "
    "LABEL's signature signs\n"
    "       extload sign KEY.pem IMAGE|DIR LABEL -o SIGFILE [--board NAME]\n"
    "              DIR: --partition-dir PDIR, the tree of the label's "
    "PARTITION\n"
    "       extload verify --key PUB.pem[,PUB2.pem...] IMAGE LABEL... "
    "[--board NAME]\n"
#endif
#if BOOT_ROLLBACK
    "              [--floor N | --otp OTP.img]   as a board with that "
    "rollback floor\n"
#endif
    "";

#if BOOT_SIGNED

/* One image opened and its config read, as a BOOT_PUBKEY build of the
 * board reads it. */
struct host_sign {
    struct host_disk disk;
    uint8_t *window;
    struct boot_state *st;
    struct boot_env env;
    uint32_t ms;
};

/* The boot log is not wanted: the commands print their own lines. */
static void quiet_write(void *ctx, const char *s, uint32_t n)
{
    (void)ctx;
    (void)s;
    (void)n;
}

static uint32_t fake_ms(void *ctx)
{
    return ++((struct host_sign *)ctx)->ms;
}

static int no_handoff(void *ctx, const struct boot_image *img)
{
    (void)ctx;
    (void)img;
    return BOOT_EHANDOFF;
}

static void sign_close(struct host_sign *hs)
{
    free(hs->st);
    free(hs->window);
    host_disk_close(&hs->disk);
}

/* 0, or 1 after saying why on stderr. */
static int sign_open(struct host_sign *hs, const char *image,
                     const struct host_board *b, const uint8_t *key,
                     struct host_rollback *r)
{
    uint32_t usable = host_board_usable(b, b->window_addr, b->window_size, 1);
    uint32_t host_size = usable + (uint32_t)BOOT_CONFIG_ROOM;

    hs->disk.fd = -1;
    if (host_disk_open(&hs->disk, image)) {
        fprintf(stderr, "extload: %s: %s\n", image, strerror(errno));
        return 1;
    }
    hs->window = calloc(1, host_size);
    hs->st = calloc(1, sizeof(*hs->st));
    if (!hs->window || !hs->st) {
        fprintf(stderr, "extload: out of memory for a %u-byte window\n",
                (unsigned)host_size);
        return 1;
    }
    hs->env = (struct boot_env){
        .con = { quiet_write, NULL },
        .ms_now = fake_ms,
        .clk_ctx = hs,
        .bd = &hs->disk.bd,
        .window = hs->window,
        .window_addr = b->window_addr,
        .window_size = host_size,
        .default_kernel = "/boot/kernel.bin",
        .fdtfile = b->fdtfile,
#if BOOT_RISCV_LINUX
        .ram_base = b->ram_base,
        .ram_size = b->ram_size,
        .fw_addr = b->fw_addr,
#endif
        .handoff = no_handoff,
        .pubkey = key,
    };
    if (r)
        host_rollback_env(r, &hs->env);
    int rc = boot_open(&hs->env, hs->st);
    if (rc < 0) {
        fprintf(stderr, "extload: %s: %s\n", image, boot_strerror(rc));
        return 1;
    }
    return 0;
}

static const struct config_label *find_label(struct host_sign *hs,
                                             const char *image,
                                             const char *name)
{
    int i = config_find(hs->st->cfg, name);

    if (i < 0) {
        fprintf(stderr, "extload: %s: no label '%s'\n", image, name);
        return NULL;
    }
    return &hs->st->cfg->labels[i];
}

/* "STEP: WHAT: WHY", as the board's console says it (boot_fail_print). */
static void print_fail(FILE *out, const struct boot_fail *f,
                       const struct config_label *l)
{
    if (f->what)
        fprintf(out, "%s: %s: %s", f->step, f->what, f->why);
    else
        fprintf(out, "%s: '%s': %s", f->step, l->name, f->why);
}

/* A ROLLBACK_INDEX that is not a number: 1 after saying so. */
static int bad_index(const char *image, const struct config_label *l)
{
    uint32_t index;

    if (config_rollback_index(l, &index) >= 0)
        return 0;
    fprintf(stderr, "extload: %s: label '%s': ROLLBACK_INDEX %s: not a "
            "number 0 to 4294967295\n", image, l->name, l->rollback);
    return 1;
}

/* Loads the label's files (each hashed once): 0, or 1 after saying why. */
static int load_label(struct host_sign *hs, const char *image,
                      const struct config_label *l)
{
    if (!boot_label_load(&hs->env, hs->st, l))
        return 0;
    fprintf(stderr, "extload: %s: label '%s': ", image, l->name);
    print_fail(stderr, &hs->st->plan->fail, l);
    fputc('\n', stderr);
    return 1;
}

static void stdout_sink(void *ctx, const void *data, uint32_t len)
{
    (void)ctx;
    fwrite(data, 1, len, stdout);
}

struct membuf {
    uint8_t *p;
    size_t len, cap;
    int oom;
};

static void mem_sink(void *ctx, const void *data, uint32_t len)
{
    struct membuf *m = ctx;

    if (m->oom)
        return;
    if (m->len + len > m->cap) {
        size_t cap = (m->len + len) * 2 + 256;
        uint8_t *p = realloc(m->p, cap);

        if (!p) {
            m->oom = 1;
            return;
        }
        m->p = p;
        m->cap = cap;
    }
    memcpy(m->p + m->len, data, len);
    m->len += len;
}

static int usage(void)
{
    fprintf(stderr, "usage:%s", host_sign_usage + 6);
    return 2;
}

/* The files are hashed only when the flow has a key: message and sign
 * give it one that is never used to verify. */
static const uint8_t hash_only_key[32];


/* ---- a directory tree, before it becomes a card ----
 *
 * The message of a label from the files of DIR, the tree mke2fs -d
 * makes the card from: the plan's rules (firmware/boot/boot_plan.c) over
 * host files, so a card can be signed before it is made. The same
 * config paths and cut, the same path joins (boot_path_join), the same
 * file order: kernel, INITRD parts, FDT (or FDTDIR + the board's
 * fdtfile), and for a RISC-V Linux Image its firmware (FIRMWARE, else
 * the first of boot_fw_search there) and each FDTOVERLAYS file there; the
 * board's own device tree has no line.
 * tests/cli/t_sign.sh checks it gives the bytes the image gives.
 * Symlinks are followed as the host sees them: an absolute one points
 * outside DIR. */

#define DIR_RV_MAGIC2 0x38u           /* boot_plan.c's RV_MAGIC2 */
#define DIR_RV_HEADER 0x40u

struct dir_msg {
    const char *root;
    const char *part_root;        /* the tree of the label's PARTITION */
    int on_part;                  /* the file at hand is there */
    const struct host_board *b;
    const struct boot_config *cfg;
    struct sigmsg m;
    char path[BOOT_PATH_MAX];
};

/* root + path: a regular file's size, or -1 (errno set). */
static long long dir_stat(const struct dir_msg *d, const char *path)
{
    char host[4096 + BOOT_PATH_MAX];
    struct stat sb;

    snprintf(host, sizeof(host), "%s%s", d->on_part ? d->part_root : d->root,
             path);
    if (stat(host, &sb))
        return -1;
    if (!S_ISREG(sb.st_mode)) {
        errno = S_ISDIR(sb.st_mode) ? EISDIR : EINVAL;
        return -1;
    }
    return (long long)sb.st_size;
}

/* src[0..len) joined onto the config's folder (+ sub, FDTDIR's file)
 * into d->path; 0, or 1 after saying why. */
static int dir_join(struct dir_msg *d, const char *src, uint32_t len,
                    const char *sub)
{
    int32_t n = boot_path_join(d->path, d->on_part ? "/" : d->cfg->dir, src,
                               len);

    if (n >= 0 && sub)
        n = boot_path_join(d->path, d->path, sub, (uint32_t)strlen(sub));
    if (n < 0) {
        fprintf(stderr, "extload: %.*s: path too long\n", (int)len, src);
        return 1;
    }
    return 0;
}

/* The file at d->path hashed into its message line; head (when not
 * NULL) gets its first DIR_RV_HEADER bytes. 0, or 1 after saying why. */
static int dir_file(struct dir_msg *d, enum sigmsg_role role,
                    uint8_t head[DIR_RV_HEADER])
{
    char host[4096 + BOOT_PATH_MAX];
    uint8_t buf[65536], digest[SHA256_BYTES];
    struct sha256 h;
    long long size = dir_stat(d, d->path);
    FILE *f;
    size_t n;
    uint64_t total = 0;

    snprintf(host, sizeof(host), "%s%s", d->on_part ? d->part_root : d->root,
             d->path);
    if (size < 0 || size > UINT32_MAX || !(f = fopen(host, "rb"))) {
        fprintf(stderr, "extload: %s: %s\n", host,
                size > UINT32_MAX ? "larger than 4 GiB" : strerror(errno));
        return 1;
    }
    if (role == SIGMSG_KERNEL && size == 0) {
        fprintf(stderr, "extload: %s: empty file\n", host);
        fclose(f);
        return 1;
    }
    sha256_init(&h);
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
        if (head && total == 0)
            memcpy(head, buf, n < DIR_RV_HEADER ? n : DIR_RV_HEADER);
        sha256_update(&h, buf, (uint32_t)n);
        total += n;
    }
    fclose(f);
    if (total != (uint64_t)size) {
        fprintf(stderr, "extload: %s: size changed while read\n", host);
        return 1;
    }
    sha256_final(&h, digest);
    sigmsg_file_at(&d->m, role, !d->on_part, d->path,
                   (uint32_t)strlen(d->path), (uint32_t)size, digest);
    return 0;
}

/* The tree's extlinux.conf into cfg (its text in text), as read_config
 * finds and cuts it; none: the board default as its one label. */
static void dir_config(const char *root, struct boot_config *cfg,
                       char *text)
{
    static const char *const paths[] = {
        "/boot/extlinux/extlinux.conf", "/extlinux/extlinux.conf",
    };
    static const char *const dirs[] = { "/boot/extlinux", "/extlinux" };

    for (uint32_t i = 0; i < 2; i++) {
        char host[4096 + 64];
        FILE *f;

        snprintf(host, sizeof(host), "%s%s", root, paths[i]);
        f = fopen(host, "rb");
        if (!f)
            continue;
        /* As read_config: BOOT_CONFIG_MAX bytes, whole lines only. */
        size_t len = fread(text, 1, BOOT_CONFIG_MAX + 1, f);
        fclose(f);
        if (len > BOOT_CONFIG_MAX) {
            len = BOOT_CONFIG_MAX;
            while (len > 0 && text[len - 1] != '\n')
                len--;
        }
        config_parse(text, (uint32_t)len, cfg);
        cfg->dir = dirs[i];
        return;
    }
    *cfg = (struct boot_config){
        .dir = "/",
        .labels[0] = { .name = "board-default",
                       .kernel = "/boot/kernel.bin" },
        .count = 1,
    };
}

/* INITRD's list (a,b: up to BOOT_INITRD_PARTS files), each a file of
 * the message. 0, or 1 after saying why. */
static int dir_initrds(struct dir_msg *d, const char *list)
{
    uint32_t parts = 0;

    for (const char *s = list; s && *s;) {
        uint32_t n = 0;

        while (s[n] && s[n] != ',')
            n++;
        if (n > 0) {
            if (++parts > BOOT_INITRD_PARTS) {
                fprintf(stderr, "extload: INITRD names more than %u "
                        "files\n", (unsigned)BOOT_INITRD_PARTS);
                return 1;
            }
            if (dir_join(d, s, n, NULL) || dir_file(d, SIGMSG_INITRD, NULL))
                return 1;
        }
        s += s[n] ? n + 1u : n;
    }
    return 0;
}

/* FDTOVERLAYS (a RISC-V Linux label, or any label naming a tree), as
 * plan_overlays plans it: each path between blanks, in order, up to
 * BOOT_FDT_OVERLAYS_MAX; one not there is skipped. 0, or 1 after saying
 * why. */
static int dir_overlays(struct dir_msg *d, const struct config_label *l)
{
#if BOOT_FDT_OVERLAY
    uint32_t count = 0;

    if (config_no_fdt(l))
        return 0;
    for (const char *s = l->fdtoverlays; s && *s;) {
        uint32_t n = 0;

        while (s[n] && s[n] != ' ' && s[n] != '\t')
            n++;
        if (n && count == BOOT_FDT_OVERLAYS_MAX)
            return 0;
        if (n && dir_join(d, s, n, NULL))
            return 1;
        if (n && dir_stat(d, d->path) >= 0) {
            count++;
            if (dir_file(d, SIGMSG_FDTOVERLAY, NULL))
                return 1;
        }
        for (s += n; *s == ' ' || *s == '\t'; s++)
            ;
    }
#else
    (void)d;
    (void)l;
#endif
    return 0;
}

/* The label's message from the tree at root. 0, or 1 after saying why. */
static int dir_message(const char *root, const char *part_root,
                       const char *name, const struct host_board *b,
                       sigmsg_sink sink, void *ctx)
{
    static char text[BOOT_CONFIG_TEXT];
    static struct boot_config cfg;
    struct dir_msg d = { .root = root, .part_root = part_root, .b = b,
                         .cfg = &cfg };
    const struct config_label *l = NULL;
    uint8_t head[DIR_RV_HEADER] = { 0 };

    dir_config(root, &cfg, text);
    int k = config_find(&cfg, name);
    if (k < 0) {
        fprintf(stderr, "extload: %s: no label '%s'\n", root, name);
        return 1;
    }
    l = &cfg.labels[k];
    if (!l->kernel || !l->kernel[0]) {
        fprintf(stderr, "extload: %s: label '%s': no KERNEL line\n", root,
                name);
        return 1;
    }
    const char *append = l->append ? l->append : "";
    uint32_t index;
    int has = config_rollback_index(l, &index);
    if (has < 0) {
        fprintf(stderr, "extload: %s: label '%s': ROLLBACK_INDEX %s: not a "
                "number 0 to 4294967295\n", root, name, l->rollback);
        return 1;
    }
#if BOOT_CONF_PARTITION
    const char *part = l->partition && l->partition[0] ? l->partition : NULL;
#else
    const char *part = NULL;        /* the tiny profile has no PARTITION */
#endif
    if (part && !part_root) {
        fprintf(stderr, "extload: %s: label '%s' reads its files from "
                "PARTITION %s: give that partition's tree with "
                "--partition-dir DIR\n", root, name, part);
        return 1;
    }
    d.on_part = part != NULL;
    sigmsg_begin_at(&d.m, sink, ctx, l->name, (uint32_t)strlen(l->name),
                    append, (uint32_t)strlen(append), has ? &index : NULL,
                    part, part ? (uint32_t)strlen(part) : 0);
    if (dir_join(&d, l->kernel, (uint32_t)strlen(l->kernel), NULL) ||
        dir_file(&d, SIGMSG_KERNEL, head) || dir_initrds(&d, l->initrd))
        return 1;
    if (l->fdt && l->fdt[0]) {
        if (dir_join(&d, l->fdt, (uint32_t)strlen(l->fdt), NULL) ||
            dir_file(&d, SIGMSG_FDT, NULL))
            return 1;
    } else if (l->fdtdir && l->fdtdir[0]) {
        if (!b->fdtfile) {
            fprintf(stderr, "extload: FDTDIR, but %s names no device-tree "
                    "file\n", b->name);
            return 1;
        }
        if (dir_join(&d, l->fdtdir, (uint32_t)strlen(l->fdtdir),
                     b->fdtfile) || dir_file(&d, SIGMSG_FDT, NULL))
            return 1;
    }
    if (BOOT_RISCV_LINUX && !memcmp(head + DIR_RV_MAGIC2, "RSC\x05", 4)) {
        int named = l->firmware && l->firmware[0];

        if (named && dir_join(&d, l->firmware, (uint32_t)strlen(l->firmware),
                              NULL))
            return 1;
        for (uint32_t i = 0; i < BOOT_FW_SEARCH_PATHS &&
                             (!named || dir_stat(&d, d.path) < 0); i++) {
            named = 1;
            d.on_part = 0;        /* the search is on the config's tree */
            if (dir_join(&d, boot_fw_search[i],
                         (uint32_t)strlen(boot_fw_search[i]), NULL))
                return 1;
        }
        if (dir_file(&d, SIGMSG_FIRMWARE, NULL))
            return 1;
        d.on_part = part != NULL;
        if (dir_overlays(&d, l))
            return 1;
    } else if ((l->fdt && l->fdt[0]) || (l->fdtdir && l->fdtdir[0])) {
        if (dir_overlays(&d, l))
            return 1;
    }
    return 0;
}

static int is_dir(const char *path)
{
    struct stat sb;

    return !stat(path, &sb) && S_ISDIR(sb.st_mode);
}

static int cmd_message(const char *image, const char *part_root,
                       const char *name, const struct host_board *b)
{
    struct host_sign hs = { .disk.fd = -1 };
    const struct config_label *l;
    int rc;

    if (is_dir(image)) {
        rc = dir_message(image, part_root, name, b, stdout_sink, NULL);
        if (fflush(stdout) && !rc)
            rc = 1;
        return rc;
    }
    rc = sign_open(&hs, image, b, hash_only_key, NULL);
    if (!rc) {
        l = find_label(&hs, image, name);
        rc = !l || bad_index(image, l) || load_label(&hs, image, l);
        if (!rc)
            boot_label_message(&hs.env, hs.st, l, stdout_sink, NULL);
    }
    if (fflush(stdout) && !rc) {
        fprintf(stderr, "extload: stdout: %s\n", strerror(errno));
        rc = 1;
    }
    sign_close(&hs);
    return rc;
}

static int cmd_sign(const char *keypath, const char *image,
                    const char *part_root, const char *name, const char *out,
                    const struct host_board *b)
{
    struct host_sign hs = { .disk.fd = -1 };
    struct membuf msg = { 0 };
    const struct config_label *l;
    uint8_t seed[ED25519_SEED_BYTES], sig[ED25519_SIG_BYTES];
    const char *why;
    int rc;

    if (ed25519_read_private_pem(keypath, seed, &why)) {
        fprintf(stderr, "extload: %s: %s\n", keypath, why);
        return 1;
    }
    if (is_dir(image)) {
        rc = dir_message(image, part_root, name, b, mem_sink, &msg);
    } else {
        rc = sign_open(&hs, image, b, hash_only_key, NULL);
        if (!rc) {
            l = find_label(&hs, image, name);
            rc = !l || bad_index(image, l) || load_label(&hs, image, l);
            if (!rc)
                boot_label_message(&hs.env, hs.st, l, mem_sink, &msg);
        }
    }
    if (!rc && msg.oom) {
        fprintf(stderr, "extload: out of memory for the message\n");
        rc = 1;
    }
    if (!rc) {
        FILE *f;

        ed25519_sign(sig, seed, msg.p, msg.len);
        f = fopen(out, "wb");
        if (!f || fwrite(sig, 1, sizeof(sig), f) != sizeof(sig) ||
            fclose(f) != 0) {
            fprintf(stderr, "extload: %s: %s\n", out, strerror(errno));
            rc = 1;
        }
    }
    memset(seed, 0, sizeof(seed));
    free(msg.p);
    sign_close(&hs);
    return rc;
}

static int cmd_verify(struct host_rollback *r, const char *image,
                      char **names, int n, const struct host_board *b)
{
    struct host_sign hs = { .disk.fd = -1 };
    int rc, refused = 0;

    rc = sign_open(&hs, image, b, r->keys[0], r);
    for (int i = 0; !rc && i < n; i++) {
        const struct config_label *l = find_label(&hs, image, names[i]);

        if (!l) {
            rc = 1;
            break;
        }
        int r2 = boot_label_load(&hs.env, hs.st, l);
        if (!r2)
            r2 = boot_label_verify(&hs.env, hs.st, l);
        if (r2) {
            printf("label '%s': refused: ", l->name);
            print_fail(stdout, &hs.st->plan->fail, l);
            putchar('\n');
            refused++;
        } else if (r->nkeys > 1) {
            printf("label '%s': verified with key %u, rollback index %u\n",
                   l->name, (unsigned)hs.st->plan->key,
                   (unsigned)hs.st->plan->rollback);
        } else {
            printf("label '%s': verified\n", l->name);
        }
    }
    fflush(stdout);
    sign_close(&hs);
    return rc || refused ? 1 : 0;
}

int host_cmd_sign(int argc, char **argv)
{
    const struct host_board *b = host_board_find(NULL);
    const char *key = NULL, *out = NULL, *part_root = NULL;
    static struct host_rollback r;
    char *pos[16];
    int npos = 0;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--board") && i + 1 < argc) {
            b = host_board_find(argv[++i]);
            if (!b)
                return usage();
        } else if (!strcmp(argv[i], "--key") && i + 1 < argc) {
            key = argv[++i];
            if (host_keys_read(&r, key))
                return 1;
#if BOOT_ROLLBACK
        } else if (!strcmp(argv[i], "--floor") && i + 1 < argc &&
                   !r.otp_path) {
            if (host_floor_parse(&r, argv[++i]))
                return 1;
        } else if (!strcmp(argv[i], "--otp") && i + 1 < argc &&
                   !r.has_floor) {
            if (host_otp_load(&r, argv[++i]))
                return 1;
#endif
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out = argv[++i];
        } else if (!strcmp(argv[i], "--partition-dir") && i + 1 < argc) {
            part_root = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage();
        } else if (npos < (int)(sizeof(pos) / sizeof(pos[0]))) {
            pos[npos++] = argv[i];
        } else {
            return usage();
        }
    }
    if (part_root && !is_dir(pos[npos > 2 ? 1 : 0]))
        return usage();           /* --partition-dir: with DIR only */
    if (!strcmp(argv[0], "message") && npos == 2 && !key && !out)
        return cmd_message(pos[0], part_root, pos[1], b);
    if (!strcmp(argv[0], "sign") && npos == 3 && !key && out)
        return cmd_sign(pos[0], pos[1], part_root, pos[2], out, b);
#if BOOT_ROLLBACK
    if ((r.has_floor || r.otp_path) && strcmp(argv[0], "verify"))
        return usage();
#endif
    if (!strcmp(argv[0], "verify") && npos >= 2 && key && !out)
        return cmd_verify(&r, pos[0], pos + 1, npos - 1, b);
    return usage();
}

#else

int host_cmd_sign(int argc, char **argv)
{
    (void)argc;
    fprintf(stderr, "extload: %s: not in this build (the tiny profile's "
            "host tool has no BOOT_SIGNED)\n", argv[0]);
    return 2;
}

#endif
