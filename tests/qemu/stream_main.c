/* The stream build (make firmware-variants: extload-stream.elf): the
 * board's own board_init, then /stream.bin read whole through the reader,
 * a window-sized chunk at a time, into SHA-256 instead of booting; for
 * files larger than the board's RAM. Linked in place of board/main.c.
 *
 *   stream: PATH, N bytes, T ms, R device reads, S sectors, sha256 HEX
 */
#include "board/board.h"
#include "firmware/boot/boot_priv.h"
#include "firmware/crypto/sha256.h"

#define STREAM_PATH "/stream.bin"

static struct boot_state state;

static int stream_sha256(const struct boot_env *env, struct boot_state *st,
                         const char *path)
{
    /* Whole sectors per read, so the data goes straight to the window. */
    uint32_t chunk = env->window_size & ~(BLOCKDEV_SECTOR - 1u);
    struct sha256 h;
    uint8_t digest[SHA256_BYTES];
    char why[96], hex[2 * SHA256_BYTES + 1];
    uint32_t t0 = boot_now(env);
    int rc = ext_open(&st->fs, path, &st->file);

    if (rc == 0 && chunk == 0)
        rc = EXT_EINVAL;
    if (rc) {
        con_printf(&env->con, "stream: %s: %s\n", path,
                   boot_ext_why(env, &st->fs, rc, why, sizeof(why)));
        return BOOT_ENOKERNEL;
    }
    uint64_t size = st->file.in.size, off = 0;
    uint64_t chunks = size / chunk + 1;
    sha256_init(&h);
    for (uint64_t i = 0; i < chunks && off < size; i++) {
        int32_t n = ext_read(&st->fs, &st->file, off, env->window, chunk);
        if (n <= 0) {
            con_printf(&env->con, "stream: %s at byte %llu: %s\n", path,
                       (unsigned long long)off,
                       n == 0 ? "file ends early"
                              : boot_ext_why(env, &st->fs, n, why,
                                             sizeof(why)));
            return BOOT_ENOKERNEL;
        }
        sha256_update(&h, env->window, (uint32_t)n);
        off += (uint32_t)n;
    }
    sha256_final(&h, digest);
    sha256_hex(digest, SHA256_BYTES, hex);
    con_printf(&env->con, "stream: %s, %llu bytes, %u ms, %u device reads, "
               "%u sectors, sha256 %s\n", path, (unsigned long long)off,
               (unsigned)(boot_now(env) - t0), (unsigned)st->fs.reads,
               (unsigned)st->fs.sectors_read, hex);
    return 0;
}

void board_main(void)
{
    const struct boot_env *env = NULL;
    int rc = board_init(&env);

    if (rc == 0)
        rc = boot_mount(env, &state);
    if (rc == 0)
        rc = stream_sha256(env, &state, STREAM_PATH);
    board_stop(rc ? BOARD_STOP_BOOT_FAILED - rc : 0);
}
