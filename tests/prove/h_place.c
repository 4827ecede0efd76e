/* The label placement (firmware/boot/boot_plan.c, boot_plan_place) for
 * Frama-C's EVA (tests/prove/part_place.mk): a plan as boot_plan_files
 * leaves it, its kernel first, then INITRD parts, FDT and FIRMWARE in
 * any order and number, FDTOVERLAYS last, every file's size any 32-bit
 * value from the card, the kernel any kind with any RISC-V Image header
 * (text_offset, image_size), compressed or not; then the placement
 * below any limit boot_label_load can hand it (the window less the
 * hand-off block), as the board's window is.
 *
 * PLACE_BOARD 1: sifive-u's window (DRAM from 0x80000000, firmware at
 * its base, the trial record's page kept); 0: lm3s6965evb's (SRAM at
 * 0x20000000, 58 KiB at most). What placement promises of the plan it
 * returns (boot_plan.h's plan_placed: every file inside [0, end), end
 * below the limit, no two overlapping) is boot_plan_place's contract,
 * proven by WP from its steps' (put_at, put_role, put_overlays,
 * place_linux, place_scratch); main asserts it on the plan returned,
 * and WP proves main's plan the shape boot_plan_place requires
 * (plan_shaped, as boot_plan_files leaves it) and the assertion
 * (fs/README.md, "What is proven", "The write property"). */
#include <stddef.h>
#include <stdint.h>

#include "__fc_builtin.h"
#include "firmware/boot/boot_priv.h"
#include "lib/num.h"

/* The console's formatter, not analysed here (its va_list is EVA's
 * blind spot): its promise, assumed. It writes only buf[0 .. len). */
/*@ requires len == 0 || \valid(buf + (0 .. len - 1));
    assigns buf[0 .. len - 1] \from fmt[0 ..];
    ensures len == 0 || \initialized(buf + (0 .. len - 1)); */
uint32_t fmt_snprintf(char *buf, uint32_t len, const char *fmt, ...);
/* The path's join (firmware/boot/boot_file.c), which a failure calls to
 * name the file: its promise, assumed (its loop over the config's names
 * is not this harness's). */
/*@ requires \valid(out + (0 .. BOOT_PATH_MAX - 1));
    assigns out[0 .. BOOT_PATH_MAX - 1];
    ensures -1 <= \result < BOOT_PATH_MAX; */
int32_t boot_path_join(char *out, const char *dir, const char *path,
                       uint32_t len);
/*@ assigns \nothing; */
void con_printf(const struct console *con, const char *fmt, ...);

#if PLACE_BOARD
#define WINDOW_ADDR 0x80000000u
#define WINDOW_MAX 0x80000000u          /* DRAM up to 4 GiB */
#else
#define WINDOW_ADDR 0x20000000u
#define WINDOW_MAX (58u * 1024u)
#endif

static struct boot_plan plan;
static struct boot_config cfg = { .dir = "/boot/extlinux" };
static char path[BOOT_PATH_MAX];
static struct boot_state st;
static struct boot_env env;
/* What the config names them (boot_plan_files's src): any bytes, any
 * length up to a name's room here (a failure quotes 40 at most). */
#define NAME_ROOM 64u
static char names[BOOT_PLAN_FILES][NAME_ROOM];

int main(void)
{
    uint32_t n = Frama_C_unsigned_int_interval(1, BOOT_PLAN_FILES);

    env.window_addr = WINDOW_ADDR;
    env.window_size = Frama_C_unsigned_int_interval(0, WINDOW_MAX);
    env.fdtfile = "board.dtb";
#if BOOT_RISCV_LINUX
    /* sifive-u's setup.c: RAM from the window's start (up to the trial
     * page, past the window's end: any size here, as the host tool's
     * boards may give); RAM's base and the firmware's any address up
     * to the window's, or 0 (none given: the window's). */
    env.ram_base = Frama_C_unsigned_int_interval(0, WINDOW_ADDR);
    env.ram_size = Frama_C_unsigned_int_interval(0, WINDOW_MAX);
    env.fw_addr = Frama_C_unsigned_int_interval(0, WINDOW_ADDR);
#if BOOT_TRIAL && BOOT_FDT_EDIT
    env.trial_size = Frama_C_nondet(0, 4096);
#endif
#endif
    st.plan = &plan;
    st.cfg = &cfg;
    st.path = path;
    st.window_size = env.window_size;
    Frama_C_make_unknown(&names[0][0], sizeof(names));
    plan.n = n;
    plan.kind = BOOT_KERNEL_BARE;
#if BOOT_RISCV_LINUX
    plan.kind = Frama_C_nondet(BOOT_KERNEL_BARE, BOOT_KERNEL_LINUX_RISCV);
    plan.text_offset = Frama_C_unsigned_int_interval(0, UINT32_MAX);
    plan.image_size = Frama_C_unsigned_int_interval(0, UINT32_MAX);
#endif
#if BOOT_GZIP
    plan.gz_end = Frama_C_unsigned_int_interval(0, UINT32_MAX);
#endif
#if BOOT_FDT_OVERLAY
    plan.first_overlay = (uint8_t)Frama_C_unsigned_int_interval(1, n);
    /*@ assert 1 <= plan.first_overlay <= plan.n; */
#endif
    /* Every entry set, past n too: EVA keeps no relation between n and
     * the loop's count. */
#define ROLE_LAST (BOOT_RISCV_LINUX ? BOOT_ROLE_FIRMWARE : BOOT_ROLE_FDT)
#if BOOT_FDT_OVERLAY
    /*@ loop invariant 0 <= i <= BOOT_PLAN_FILES;
        loop invariant i > 0 ==> plan.f[0].role == BOOT_ROLE_KERNEL;
        loop invariant \forall integer j; 1 <= j < i ==>
            (j >= plan.first_overlay ==>
                plan.f[j].role == BOOT_ROLE_FDTOVERLAY) &&
            (j < plan.first_overlay ==>
                BOOT_ROLE_INITRD <= plan.f[j].role <= ROLE_LAST);
        loop assigns i, plan.f[0 .. BOOT_PLAN_FILES - 1],
            Frama_C_entropy_source; */
#else
    /*@ loop invariant 0 <= i <= BOOT_PLAN_FILES;
        loop invariant i > 0 ==> plan.f[0].role == BOOT_ROLE_KERNEL;
        loop invariant \forall integer j; 1 <= j < i ==>
            BOOT_ROLE_INITRD <= plan.f[j].role <= ROLE_LAST;
        loop assigns i, plan.f[0 .. BOOT_PLAN_FILES - 1],
            Frama_C_entropy_source; */
#endif
    for (uint32_t i = 0; i < BOOT_PLAN_FILES; i++) {
        struct boot_plan_file *f = &plan.f[i];

        f->src = names[i];
        f->src_len = (uint16_t)Frama_C_unsigned_int_interval(0, NAME_ROOM);
        f->size = Frama_C_unsigned_int_interval(0, UINT32_MAX);
        f->flags = (uint8_t)(Frama_C_unsigned_int_interval(0, 0xFFu) &
                             (BOOT_PF_FDTDIR | BOOT_PF_BOARD |
                              BOOT_PF_PARTITION));
        /* boot_plan_files adds a firmware file for a RISC-V Linux Image
         * alone (plan_firmware): without BOOT_RISCV_LINUX there is none,
         * and boot_role_step has no entry for one. */
        f->role = (uint8_t)Frama_C_unsigned_int_interval(BOOT_ROLE_INITRD,
                                                         ROLE_LAST);
#if BOOT_FDT_OVERLAY
        if (i >= plan.first_overlay)
            f->role = BOOT_ROLE_FDTOVERLAY;
#endif
        if (i == 0)
            f->role = BOOT_ROLE_KERNEL;
    }
    /*@ assert \forall integer j; 0 <= j < plan.n ==>
            0 <= plan.f[j].role < 4 + BOOT_FDT_OVERLAY &&
            (plan.f[j].role == BOOT_ROLE_KERNEL <==> j == 0); */
#if BOOT_FDT_OVERLAY
    /*@ assert 1 <= plan.first_overlay <= plan.n; */
    /*@ assert \forall integer j; 0 <= j < plan.n ==>
            (plan.f[j].role == BOOT_ROLE_FDTOVERLAY <==>
             j >= plan.first_overlay); */
    /*@ assert PLAN_OVERLAYS_LAST(&plan); */
#endif
    /* boot_label_load: the window in 8s, less the hand-off block with
     * APPEND (cmd_len bytes) and its NUL, when that fits. */
    uint32_t cmd_len = Frama_C_unsigned_int_interval(0, BOOT_CONFIG_MAX);
    uint32_t reserve = align_up(sizeof(struct extload_handoff) + cmd_len +
                                1u, 8);
    uint32_t window = env.window_size & ~7u;

    if (reserve > window)
        return 1;
    int rc = boot_plan_place(&env, &st, window - reserve, cmd_len);

    /*@ assert placed: rc == 0 && plan.kind == BOOT_KERNEL_BARE ==>
            plan_placed(&plan, window - reserve); */
    return rc;
}
