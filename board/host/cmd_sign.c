/* extload message / sign / verify (cmd_sign.h). */
#include "board/host/cmd_sign.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board/host/cmd_boot.h"
#include "board/host/disk.h"
#include "board/host/ed25519_sign.h"
#include "firmware/boot.h"

const char host_sign_usage[] =
#if BOOT_SIGNED
    "       extload message IMAGE LABEL [--board NAME]   the bytes LABEL's "
    "signature signs\n"
    "       extload sign KEY.pem IMAGE LABEL -o SIGFILE [--board NAME]\n"
    "       extload verify --key PUB.pem IMAGE LABEL... [--board NAME]\n"
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
                     const struct host_board *b, const uint8_t *key)
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
        .ram_base = b->ram_base,
        .ram_size = b->ram_size,
        .fw_addr = b->fw_addr,
        .handoff = no_handoff,
        .pubkey = key,
    };
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

static int cmd_message(const char *image, const char *name,
                       const struct host_board *b)
{
    struct host_sign hs = { 0 };
    const struct config_label *l;
    int rc = sign_open(&hs, image, b, hash_only_key);

    if (!rc) {
        l = find_label(&hs, image, name);
        rc = !l || load_label(&hs, image, l);
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

static int cmd_sign(const char *keypath, const char *image, const char *name,
                    const char *out, const struct host_board *b)
{
    struct host_sign hs = { 0 };
    struct membuf msg = { 0 };
    const struct config_label *l;
    uint8_t seed[ED25519_SEED_BYTES], sig[ED25519_SIG_BYTES];
    const char *why;
    int rc;

    if (ed25519_read_private_pem(keypath, seed, &why)) {
        fprintf(stderr, "extload: %s: %s\n", keypath, why);
        return 1;
    }
    rc = sign_open(&hs, image, b, hash_only_key);
    if (!rc) {
        l = find_label(&hs, image, name);
        rc = !l || load_label(&hs, image, l);
        if (!rc)
            boot_label_message(&hs.env, hs.st, l, mem_sink, &msg);
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

static int cmd_verify(const char *keypath, const char *image, char **names,
                      int n, const struct host_board *b)
{
    struct host_sign hs = { 0 };
    uint8_t key[ED25519_KEY_BYTES];
    const char *why;
    int rc, refused = 0;

    if (ed25519_read_public_pem(keypath, key, &why)) {
        fprintf(stderr, "extload: %s: %s\n", keypath, why);
        return 1;
    }
    rc = sign_open(&hs, image, b, key);
    for (int i = 0; !rc && i < n; i++) {
        const struct config_label *l = find_label(&hs, image, names[i]);

        if (!l) {
            rc = 1;
            break;
        }
        int r = boot_label_load(&hs.env, hs.st, l);
        if (!r)
            r = boot_label_verify(&hs.env, hs.st, l, key);
        if (r) {
            printf("label '%s': refused: ", l->name);
            print_fail(stdout, &hs.st->plan->fail, l);
            putchar('\n');
            refused++;
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
    const char *key = NULL, *out = NULL;
    char *pos[16];
    int npos = 0;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--board") && i + 1 < argc) {
            b = host_board_find(argv[++i]);
            if (!b)
                return usage();
        } else if (!strcmp(argv[i], "--key") && i + 1 < argc) {
            key = argv[++i];
        } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
            out = argv[++i];
        } else if (argv[i][0] == '-' && argv[i][1]) {
            return usage();
        } else if (npos < (int)(sizeof(pos) / sizeof(pos[0]))) {
            pos[npos++] = argv[i];
        } else {
            return usage();
        }
    }
    if (!strcmp(argv[0], "message") && npos == 2 && !key && !out)
        return cmd_message(pos[0], pos[1], b);
    if (!strcmp(argv[0], "sign") && npos == 3 && !key && out)
        return cmd_sign(pos[0], pos[1], pos[2], out, b);
    if (!strcmp(argv[0], "verify") && npos >= 2 && key && !out)
        return cmd_verify(key, pos[0], pos + 1, npos - 1, b);
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
