/* The QEMU bench build of Ed25519 verification (firmware/crypto/ed25519.c with
 * firmware/crypto/sha512.c) on lm3s6965evb: the board's clock and console, this
 * board_main in place of the boot flow, no card.
 *
 * Verifies RFC 8032's TEST 1 (empty message) and TEST 1024 (1023 bytes),
 * checks that a flipped bit is refused, and times each call with the
 * SysTick clock: under -icount shift=0 a nanosecond is one guest
 * instruction. The stack is painted just before the calls, so its
 * high-water mark afterwards is theirs (plus this frame and startup's).
 * Last, a label's signed message (firmware/crypto/sigmsg.c: a kernel, two initrd
 * parts, a device tree) streamed into a verification, which must refuse
 * (the signature is TEST 1's). One line, then the exit code (0: every
 * answer right):
 *
 *   ed25519-bench: verify0_insns=N verify1023_insns=N key_check_insns=N
 *                  refused_insns=N label_insns=N stack=N ok=1
 */
#include <stdint.h>

#include "board/lm3s6965evb/lm3s6965evb.h"
#include "board/board.h"
#include "board/cortex-m/regs.h"
#include "drivers/mmio.h"
#include "firmware/crypto/ed25519.h"
#include "firmware/crypto/sigmsg.h"
#include "tests/support/rfc8032.h"

#define TICKS_PER_MS (BOARD_SYSCLK_HZ / 1000u)
#define NS_PER_TICK (1000000000u / BOARD_SYSCLK_HZ)

/* Nanoseconds since cpu_ms_start(BOARD_SYSCLK_HZ), to one SysTick tick. */
static uint64_t now_ns(void)
{
    uint32_t ms, cvr;

    do {
        ms = cpu_ms_now(0);
        cvr = mmio_read(SYST_CVR);
    } while (ms != cpu_ms_now(0));
    return (uint64_t)ms * 1000000u +
           (uint64_t)(TICKS_PER_MS - 1u - cvr) * NS_PER_TICK;
}

static void unhex(uint8_t *out, const char *hex, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        uint32_t v = 0;

        for (uint32_t j = 0; j < 2; j++) {
            char c = hex[2 * i + j];

            v = v * 16 + (uint32_t)(c <= '9' ? c - '0' : c - 'a' + 10);
        }
        out[i] = (uint8_t)v;
    }
}

/* RFC 8032 section 7.1: TEST 1 (the empty message) and TEST 1024. */
#define V_EMPTY (&rfc8032_vectors[0])
#define V_1023 (&rfc8032_vectors[3])

static uint8_t msg[1023];

void board_main(void)
{
    const struct console *con = board_console();
    uint8_t key1[32], sig1[64], key2[32], sig2[64];
    static const char *const paths[4] = {
        "/boot/kernel.bin", "/boot/initrd-a.img", "/boot/initrd-b.img",
        "/boot/board.dtb",
    };
    static const uint32_t path_lens[4] = {16, 18, 18, 15};
    static const enum sigmsg_role roles[4] = {
        SIGMSG_KERNEL, SIGMSG_INITRD, SIGMSG_INITRD, SIGMSG_FDT,
    };
    struct ed25519_verify v;
    struct sigmsg m;
    uint64_t t0, t1, t2, t3, t4, t5;
    int ok, r0, r1, r2, r3, r4;

    board_clock_init();
    board_console_init();
    cpu_ms_start(BOARD_SYSCLK_HZ);
    unhex(key1, V_EMPTY->key, 32);
    unhex(sig1, V_EMPTY->sig, 64);
    unhex(key2, V_1023->key, 32);
    unhex(sig2, V_1023->sig, 64);
    unhex(msg, V_1023->msg, sizeof(msg));

    cpu_stack_paint();
    t0 = now_ns();
    r0 = ed25519_verify(key1, sig1, "", 0);
    t1 = now_ns();
    r1 = ed25519_verify(key2, sig2, msg, sizeof(msg));
    t2 = now_ns();
    r2 = ed25519_key_check(key2);
    t3 = now_ns();
    msg[100] ^= 4;
    r3 = ed25519_verify(key2, sig2, msg, sizeof(msg));
    t4 = now_ns();
    ed25519_verify_init(&v, key1, sig1);
    sigmsg_begin(&m, sigmsg_sink_verify, &v, "main", 4,
                 "console=ttyS0 root=/dev/mmcblk0p2", 33, NULL);
    for (uint32_t i = 0; i < 4; i++)
        sigmsg_file(&m, roles[i], paths[i], path_lens[i],
                    65536u << i, sig2);
    r4 = ed25519_verify_final(&v);
    t5 = now_ns();
    ok = r0 == 0 && r1 == 0 && r2 == 0 && r3 == ED25519_EBAD &&
         r4 == ED25519_EBAD;
    con_printf(con, "ed25519-bench: verify0_insns=%u verify1023_insns=%u "
               "key_check_insns=%u refused_insns=%u label_insns=%u stack=%u "
               "ok=%u\n",
               (unsigned)(t1 - t0), (unsigned)(t2 - t1), (unsigned)(t3 - t2),
               (unsigned)(t4 - t3), (unsigned)(t5 - t4),
               (unsigned)cpu_stack_used(), (unsigned)ok);
    board_stop(ok ? 0 : 1);
}
