/* The QEMU bench build of Ed25519 verification (firmware/ed25519.c with
 * firmware/sha512.c) on lm3s6965evb: the board's clock and console, this
 * board_main in place of the boot flow, no card.
 *
 * Verifies RFC 8032's TEST 1 (empty message) and TEST 1024 (1023 bytes),
 * checks that a flipped bit is refused, and times each call with the
 * SysTick clock: under -icount shift=0 a nanosecond is one guest
 * instruction. The stack is painted just before the calls, so its
 * high-water mark afterwards is theirs (plus this frame and startup's).
 * Last, a label's signed message (firmware/sigmsg.c: a kernel, two initrd
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
#include "firmware/ed25519.h"
#include "firmware/sigmsg.h"

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

/* RFC 8032 section 7.1, TEST 1 and TEST 1024. */
static const char key1_hex[] =
    "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
static const char sig1_hex[] =
    "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e06522490155"
    "5fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";
static const char key1024_hex[] =
    "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e";
static const char sig1024_hex[] =
    "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350"
    "aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03";
static const char msg1024_hex[] =
    "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98"
    "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8"
    "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
    "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc"
    "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe"
    "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
    "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef"
    "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7"
    "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
    "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2"
    "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24"
    "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
    "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc"
    "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07"
    "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
    "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a"
    "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e"
    "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
    "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c"
    "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8"
    "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
    "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08"
    "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649"
    "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
    "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3"
    "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e"
    "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
    "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5"
    "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1"
    "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
    "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c"
    "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0";

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
    unhex(key1, key1_hex, 32);
    unhex(sig1, sig1_hex, 64);
    unhex(key2, key1024_hex, 32);
    unhex(sig2, sig1024_hex, 64);
    unhex(msg, msg1024_hex, sizeof(msg));

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
                 "console=ttyS0 root=/dev/mmcblk0p2", 33);
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
