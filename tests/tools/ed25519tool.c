/* ed25519tool: the host side of the loader's Ed25519 verifier
 * (firmware/crypto/ed25519.c, firmware/crypto/sha512.c, linked as they are).
 *
 *   ed25519tool verify KEY MSG SIG   0 when SIG (64 raw bytes, as `openssl
 *                                    pkeyutl -sign -rawin` writes) is a
 *                                    signature of the file MSG by KEY;
 *                                    1 and the reason on stderr when not
 *   ed25519tool header KEY[,KEY...] [FILE]
 *                                    the C header the BOOT_PUBKEY build
 *                                    includes: BOOT_PUBKEYS (1 to 4) and
 *                                    BOOT_PUBKEY_INIT, each key's 32
 *                                    bytes as an initializer, key 0
 *                                    first; 1 when a key is not usable
 *                                    or appears twice
 *   ed25519tool hex KEY              the 32 key bytes as hex
 *   ed25519tool message NAME APPEND ROLE=PATH=FILE...
 *                                    a label's signed message
 *                                    (firmware/crypto/sigmsg.h) on stdout: ROLE
 *                                    kernel, initrd, fdt or firmware,
 *                                    PATH the path on the card, FILE the
 *                                    host file holding its bytes
 *   ed25519tool verify-message KEY SIG NAME APPEND ROLE=PATH=FILE...
 *                                    that message streamed into the
 *                                    verifier, as the board does
 *
 * KEY is what `openssl pkey -pubout` writes: a SubjectPublicKeyInfo
 * (RFC 8410) in PEM ("-----BEGIN PUBLIC KEY-----"), or the same in DER.
 * The message is fed to the verifier in pieces, as the board does.
 * Exit 2 on usage and I/O errors. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "firmware/crypto/ed25519.h"
#include "firmware/crypto/sha256.h"
#include "firmware/crypto/sigmsg.h"

/* RFC 8410: SEQUENCE { SEQUENCE { OID 1.3.101.112 }, BIT STRING { 0
 * unused bits, the 32 key bytes } }: 12 bytes of header, then the key. */
static const uint8_t spki_ed25519[12] = {
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
};
#define SPKI_BYTES (sizeof(spki_ed25519) + ED25519_KEY_BYTES)
#define FILE_MAX 4096u

static const char *prog = "ed25519tool";

/* Where needle first occurs in the len bytes of hay, or NULL. */
static const char *find(const char *hay, size_t len, const char *needle)
{
    size_t n = strlen(needle);

    for (size_t i = 0; i + n <= len; i++)
        if (!memcmp(hay + i, needle, n))
            return hay + i;
    return NULL;
}

static int b64_value(int c)
{
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+')
        return 62;
    if (c == '/')
        return 63;
    return -1;
}

/* The base64 body between the PEM's BEGIN and END lines; the decoded
 * length, or -1. */
static long pem_decode(const char *text, size_t len, uint8_t *out, size_t max)
{
    static const char begin[] = "-----BEGIN PUBLIC KEY-----";
    static const char end[] = "-----END PUBLIC KEY-----";
    const char *p = find(text, len, begin), *e;
    uint32_t acc = 0;
    unsigned bits = 0;
    size_t n = 0;

    if (!p)
        return -1;
    p += sizeof(begin) - 1;
    e = find(p, len - (size_t)(p - text), end);
    if (!e)
        return -1;
    for (; p < e; p++) {
        int v = b64_value((unsigned char)*p);

        if (*p == '=')
            break;
        if (v < 0) {
            if (*p == '\n' || *p == '\r' || *p == ' ' || *p == '\t')
                continue;
            return -1;
        }
        acc = (acc << 6) | (uint32_t)v;
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            if (n == max)
                return -1;
            out[n++] = (uint8_t)(acc >> bits);
        }
    }
    return (long)n;
}

static long read_file(const char *path, uint8_t *buf, size_t max)
{
    FILE *f = fopen(path, "rb");
    size_t n;

    if (!f) {
        fprintf(stderr, "%s: cannot open %s\n", prog, path);
        return -1;
    }
    n = fread(buf, 1, max, f);
    if (ferror(f) || (n == max && fgetc(f) != EOF)) {
        fprintf(stderr, "%s: %s: unreadable or larger than %zu bytes\n", prog,
                path, max - 1);
        fclose(f);
        return -1;
    }
    fclose(f);
    return (long)n;
}

/* 0 and the 32 key bytes, or -1 (said on stderr). */
static int load_key(const char *path, uint8_t key[ED25519_KEY_BYTES])
{
    static uint8_t raw[FILE_MAX];
    uint8_t der[FILE_MAX];
    long n = read_file(path, raw, sizeof(raw));
    const uint8_t *d = raw;

    if (n < 0)
        return -1;
    if (n > 0 && raw[0] == '-') {
        n = pem_decode((const char *)raw, (size_t)n, der, sizeof(der));
        d = der;
    }
    if (n != (long)SPKI_BYTES || memcmp(d, spki_ed25519, sizeof(spki_ed25519))) {
        fprintf(stderr, "%s: %s: not an Ed25519 public key (PEM or DER "
                "SubjectPublicKeyInfo, as openssl pkey -pubout writes)\n",
                prog, path);
        return -1;
    }
    memcpy(key, d + sizeof(spki_ed25519), ED25519_KEY_BYTES);
    return 0;
}

static int cmd_verify(const char *kpath, const char *mpath, const char *spath)
{
    uint8_t key[ED25519_KEY_BYTES], sig[ED25519_SIG_BYTES + 1], buf[1000];
    struct ed25519_verify v;
    FILE *m;
    long n;
    size_t got;
    int rc;

    if (load_key(kpath, key) != 0)
        return 2;
    n = read_file(spath, sig, sizeof(sig));
    if (n < 0)
        return 2;
    if (n != ED25519_SIG_BYTES) {
        fprintf(stderr, "%s: %s: a signature is %u bytes, not %ld\n", prog,
                spath, ED25519_SIG_BYTES, n);
        return 1;
    }
    m = fopen(mpath, "rb");
    if (!m) {
        fprintf(stderr, "%s: cannot open %s\n", prog, mpath);
        return 2;
    }
    ed25519_verify_init(&v, key, sig);
    while ((got = fread(buf, 1, sizeof(buf), m)) > 0)
        ed25519_verify_update(&v, buf, (uint32_t)got);
    if (ferror(m)) {
        fprintf(stderr, "%s: %s: read error\n", prog, mpath);
        fclose(m);
        return 2;
    }
    fclose(m);
    rc = ed25519_verify_final(&v);
    if (rc != 0) {
        fprintf(stderr, "%s: refused: %s (%d)\n", prog, ed25519_strerror(rc), rc);
        return 1;
    }
    printf("verified\n");
    return 0;
}

#define HEADER_KEYS_MAX 4u             /* firmware/boot_conf.h BOOT_KEYS_MAX */

/* KPATHS: one PEM, or up to 4 separated by ',' (key 0 first). */
static int cmd_header(const char *kpaths, const char *opath)
{
    uint8_t key[HEADER_KEYS_MAX][ED25519_KEY_BYTES];
    char path[4096];
    unsigned n = 0;
    FILE *o = stdout;
    int rc;

    for (const char *p = kpaths; *p;) {
        size_t len = strcspn(p, ",");

        if (n == HEADER_KEYS_MAX || len == 0 || len >= sizeof(path)) {
            fprintf(stderr, "%s: %s: 1 to %u key files, separated by ','\n",
                    prog, kpaths, HEADER_KEYS_MAX);
            return 2;
        }
        memcpy(path, p, len);
        path[len] = 0;
        if (load_key(path, key[n]) != 0)
            return 2;
        rc = ed25519_key_check(key[n]);
        if (rc != 0) {
            fprintf(stderr, "%s: %s: unusable key: %s\n", prog, path,
                    ed25519_strerror(rc));
            return 1;
        }
        for (unsigned j = 0; j < n; j++)
            if (!memcmp(key[j], key[n], ED25519_KEY_BYTES)) {
                fprintf(stderr, "%s: %s: the same key as key %u\n", prog,
                        path, j);
                return 1;
            }
        n++;
        p += len;
        if (*p == ',' && *++p == 0) {
            fprintf(stderr, "%s: %s: ends with ','\n", prog, kpaths);
            return 2;
        }
    }
    if (n == 0) {
        fprintf(stderr, "%s: no key file\n", prog);
        return 2;
    }
    if (opath && !(o = fopen(opath, "w"))) {
        fprintf(stderr, "%s: cannot write %s\n", prog, opath);
        return 2;
    }
    fprintf(o, "/* Generated by ed25519tool header from %s: the Ed25519 "
            "public keys\n * label signatures are verified with, key 0 "
            "first. */\n"
            "#ifndef EXTLOAD_BOOT_PUBKEY_H\n#define EXTLOAD_BOOT_PUBKEY_H\n\n"
            "#define BOOT_PUBKEYS %u\n"
            "#define BOOT_PUBKEY_INIT { \\\n", kpaths, n);
    for (unsigned k = 0; k < n; k++) {
        fprintf(o, "    { \\\n");
        for (unsigned i = 0; i < ED25519_KEY_BYTES; i++)
            fprintf(o, "%s0x%02x,%s", i % 8 ? " " : "    ", key[k][i],
                    i % 8 == 7 ? " \\\n" : "");
        fprintf(o, "    }, \\\n");
    }
    fprintf(o, "}\n\n#endif\n");
    if (opath && fclose(o) != 0) {
        fprintf(stderr, "%s: cannot write %s\n", prog, opath);
        return 2;
    }
    return 0;
}

static int cmd_hex(const char *kpath)
{
    uint8_t key[ED25519_KEY_BYTES];

    if (load_key(kpath, key) != 0)
        return 2;
    for (unsigned i = 0; i < ED25519_KEY_BYTES; i++)
        printf("%02x", key[i]);
    printf("\n");
    return 0;
}

static void sink_stdout(void *ctx, const void *data, uint32_t len)
{
    (void)ctx;
    fwrite(data, 1, len, stdout);
}

/* The label's message into sink: ROLE=PATH=FILE arguments, each FILE
 * hashed here. 0, or 2 (said on stderr). */
static int emit_label(sigmsg_sink sink, void *ctx, const char *name,
                      const char *append, int nfiles, char **files)
{
    struct sigmsg m;

    sigmsg_begin(&m, sink, ctx, name, (uint32_t)strlen(name), append,
                 (uint32_t)strlen(append), NULL);
    for (int i = 0; i < nfiles; i++) {
        const char *arg = files[i], *p1 = strchr(arg, '='), *p2;
        int role = -1;
        uint8_t buf[4096], digest[SHA256_BYTES];
        struct sha256 h;
        uint64_t size = 0;
        size_t got;
        FILE *f;

        p2 = p1 ? strchr(p1 + 1, '=') : NULL;
        for (int r = SIGMSG_KERNEL; p1 && r <= SIGMSG_FIRMWARE; r++) {
            const char *rn = sigmsg_role_name((enum sigmsg_role)r);

            if (strlen(rn) == (size_t)(p1 - arg) && !strncmp(arg, rn, strlen(rn)))
                role = r;
        }
        if (role < 0 || !p2) {
            fprintf(stderr, "%s: '%s' is not ROLE=PATH=FILE (ROLE kernel, "
                    "initrd, fdt or firmware)\n", prog, arg);
            return 2;
        }
        f = fopen(p2 + 1, "rb");
        if (!f) {
            fprintf(stderr, "%s: cannot open %s\n", prog, p2 + 1);
            return 2;
        }
        sha256_init(&h);
        while ((got = fread(buf, 1, sizeof(buf), f)) > 0) {
            sha256_update(&h, buf, (uint32_t)got);
            size += got;
        }
        fclose(f);
        if (size > UINT32_MAX) {
            fprintf(stderr, "%s: %s: larger than 4 GiB\n", prog, p2 + 1);
            return 2;
        }
        sha256_final(&h, digest);
        sigmsg_file(&m, (enum sigmsg_role)role, p1 + 1,
                    (uint32_t)(p2 - p1 - 1), (uint32_t)size, digest);
    }
    return 0;
}

static int cmd_verify_message(const char *kpath, const char *spath,
                              const char *name, const char *append,
                              int nfiles, char **files)
{
    uint8_t key[ED25519_KEY_BYTES], sig[ED25519_SIG_BYTES + 1];
    struct ed25519_verify v;
    long n;
    int rc;

    if (load_key(kpath, key) != 0)
        return 2;
    n = read_file(spath, sig, sizeof(sig));
    if (n < 0)
        return 2;
    if (n != ED25519_SIG_BYTES) {
        fprintf(stderr, "%s: refused: the signature is %ld bytes, not %u\n",
                prog, n, ED25519_SIG_BYTES);
        return 1;
    }
    ed25519_verify_init(&v, key, sig);
    rc = emit_label(sigmsg_sink_verify, &v, name, append, nfiles, files);
    if (rc)
        return rc;
    rc = ed25519_verify_final(&v);
    if (rc != 0) {
        fprintf(stderr, "%s: refused: %s (%d)\n", prog, ed25519_strerror(rc), rc);
        return 1;
    }
    printf("verified\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !strcmp(argv[1], "message"))
        return emit_label(sink_stdout, NULL, argv[2], argv[3], argc - 4,
                          argv + 4);
    if (argc >= 6 && !strcmp(argv[1], "verify-message"))
        return cmd_verify_message(argv[2], argv[3], argv[4], argv[5],
                                  argc - 6, argv + 6);
    if (argc == 5 && !strcmp(argv[1], "verify"))
        return cmd_verify(argv[2], argv[3], argv[4]);
    if ((argc == 3 || argc == 4) && !strcmp(argv[1], "header"))
        return cmd_header(argv[2], argc == 4 ? argv[3] : NULL);
    if (argc == 3 && !strcmp(argv[1], "hex"))
        return cmd_hex(argv[2]);
    fprintf(stderr, "usage: %s verify KEY MSG SIG | header KEY [FILE] | "
            "hex KEY | message NAME APPEND ROLE=PATH=FILE... | "
            "verify-message KEY SIG NAME APPEND ROLE=PATH=FILE...\n", prog);
    return 2;
}
