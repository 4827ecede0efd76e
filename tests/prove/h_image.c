/* The kernel's formats (firmware/boot/boot_image.c) for Frama-C's EVA
 * (tests/prove/part_image.mk): a kernel file of any size whose bytes are
 * unknown, read through fs/'s ext_read (its contract, proven in fs/'s
 * own run, assumed here), then boot_image_kind: the RISC-V Image header
 * (text_offset, image_size), a gzip member or an EFI zboot image found,
 * its ISIZE read and its head inflated (firmware/inflate/inflate.c on
 * an unknown stream) into the 64 bytes of the header's room. With
 * BOOT_GZIP, then boot_image_inflate as load_file calls it: the whole
 * unknown stream inflated into a room of any size at the window's start,
 * the decoder's state and chunk where place_scratch put them (after the
 * room; the placement's own proof, tests/prove/h_place.c, is that the
 * rooms are inside the window), the stored bytes hashed or not. */
#include <stddef.h>
#include <stdint.h>

#include "__fc_builtin.h"
#include "firmware/boot/boot_priv.h"

/* fs/'s reader (fs/ext_file.c's contract, which fs/'s run proves): at
 * most len bytes into dst, whatever the card holds. */
/*@ requires \valid((uint8_t *)dst + (0 .. len - 1));
    requires len <= 0x7FFFFFFF;
    assigns ((uint8_t *)dst)[0 .. len - 1] \from \nothing;
    assigns \result \from \nothing;
    ensures -0x10000 <= \result <= len;
    ensures \result >= 0 ==>
        \initialized((uint8_t *)dst + (0 .. \result - 1)); */
int32_t ext_read(struct ext_fs *fs, struct ext_file *f, ext_off_t off,
                 void *dst, uint32_t len);
/*@ assigns *out \from \nothing;
    assigns \result \from \nothing;
    ensures -0x10000 <= \result <= 0; */
int ext_inode_read(struct ext_fs *fs, uint32_t ino, struct ext_inode *out);
/*@ assigns *f \from \nothing;
    assigns \result \from \nothing;
    ensures -0x10000 <= \result <= 0; */
int ext_file_open(struct ext_fs *fs, const struct ext_inode *in,
                  struct ext_file *f);
/* A failed read in words (boot_file.c): into buf, or a fixed text. */
/*@ requires len > 0 && \valid(buf + (0 .. len - 1));
    assigns buf[0 .. len - 1] \from \nothing;
    assigns \result \from buf;
    ensures \result == buf; */
const char *boot_open_why(const struct boot_env *env,
                          const struct boot_state *st, int rc, char *buf,
                          uint32_t len);
/* The console's formatter (its va_list is EVA's blind spot). */
/*@ requires len == 0 || \valid(buf + (0 .. len - 1));
    assigns buf[0 .. len - 1] \from fmt[0 ..];
    ensures len == 0 || \initialized(buf + (0 .. len - 1)); */
uint32_t fmt_snprintf(char *buf, uint32_t len, const char *fmt, ...);
/*@ assigns \nothing; */
void con_printf(const struct console *con, const char *fmt, ...);

/* The room the harness gives the kernel (the window's start) and the
 * scratch after it. */
#define ROOM 4096u
#define WINDOW (ROOM + BOOT_GZIP_SCRATCH_ROOM)
#if BOOT_GZIP
#define BOOT_GZIP_SCRATCH_ROOM BOOT_GZIP_SCRATCH
#else
#define BOOT_GZIP_SCRATCH_ROOM 0u
#endif

static uint8_t window[WINDOW] __attribute__((aligned(8)));
static struct ext_walk walk;
static struct boot_plan plan;
static char path[BOOT_PATH_MAX] = "/boot/Image.gz";
static struct boot_state st;
static struct boot_env env;

int main(void)
{
    env.window = window;
    env.window_addr = 0x80000000u;
    st.plan = &plan;
    st.path = path;
    st.walk = &walk;
    st.window_size = Frama_C_unsigned_int_interval(0, WINDOW);
    plan.n = 1;
    plan.f[0].size = Frama_C_unsigned_int_interval(1, UINT32_MAX);
    int rc = boot_image_kind(&env, &st);
#if BOOT_GZIP && !IMAGE_HEAD_ONLY
    if (rc || !plan.gz_end)
        return rc;
    /* place_scratch's: the scratch past the room; the room any size up
     * to it (a RISC-V Image's image_size, else ISIZE). */
    plan.f[0].off = 0;
    plan.gz_scratch = ROOM;
    /* Each kind's room and each choice of hashing in states of their own
     * (EVA's partitions: nothing assumed). */
    /*@ split plan.kind; */
    if (BOOT_RISCV_LINUX && plan.kind == BOOT_KERNEL_LINUX_RISCV)
        plan.image_size = Frama_C_unsigned_int_interval(0, ROOM);
    else
        plan.f[0].size = Frama_C_unsigned_int_interval(0, ROOM);
    int hash = Frama_C_nondet(0, 1);
    /*@ split hash; */
    rc = boot_image_inflate(&env, &st, &plan.f[0], hash);
#endif
    return rc;
}
