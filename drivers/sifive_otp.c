#include "drivers/sifive_otp.h"

#include "drivers/mmio.h"

/* Registers (QEMU's include/hw/misc/sifive_u_otp.h, the FU540 manual's
 * OTP chapter). */
#define OTP_PA    0x00u               /* word address, [11:0] */
#define OTP_PAIO  0x04u               /* bit within the word */
#define OTP_PAS   0x08u               /* 1: redundancy cell (not used) */
#define OTP_PCE   0x0Cu               /* bit 0: macro enabled */
#define OTP_PDIN  0x14u               /* the bit's value to program */
#define OTP_PDOUT 0x18u               /* the word at PA */
#define OTP_PDSTB 0x1Cu               /* bit 0: out of deep standby */
#define OTP_PTRIM 0x34u               /* bit 0: trimmed */
#define OTP_PWE   0x38u               /* bit 0: write pulse */
#define OTP_EN    1u
#define OTP_PA_MASK 0xfffu

static void enable(uintptr_t base)
{
    mmio_write(base + OTP_PCE, OTP_EN);
    mmio_write(base + OTP_PDSTB, OTP_EN);
    mmio_write(base + OTP_PTRIM, OTP_EN);
}

static void disable(uintptr_t base)
{
    mmio_write(base + OTP_PCE, 0);
    mmio_write(base + OTP_PDSTB, 0);
    mmio_write(base + OTP_PTRIM, 0);
}

uint32_t sifive_otp_read(uintptr_t base, uint32_t index)
{
    enable(base);
    mmio_write(base + OTP_PA, index & OTP_PA_MASK);
    uint32_t w = mmio_read(base + OTP_PDOUT);
    disable(base);
    return w;
}

void sifive_otp_program(uintptr_t base, uint32_t index, uint32_t bit)
{
    enable(base);
    mmio_write(base + OTP_PA, index & OTP_PA_MASK);
    mmio_write(base + OTP_PAIO, bit & 31u);
    mmio_write(base + OTP_PAS, 0);
    mmio_write(base + OTP_PDIN, 0);
    mmio_write(base + OTP_PWE, OTP_EN);
    mmio_write(base + OTP_PWE, 0);
    disable(base);
}

static uint32_t io_read(void *ctx, uint32_t word)
{
    return sifive_otp_read(*(const uintptr_t *)ctx, word);
}

static void io_program(void *ctx, uint32_t word)
{
    sifive_otp_program(*(const uintptr_t *)ctx, word, 0);
}

void sifive_otp_io(struct otp_io *io, uintptr_t *base)
{
    io->read = io_read;
    io->program = io_program;
    io->ctx = base;
}
