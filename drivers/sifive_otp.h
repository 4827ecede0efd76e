/* The FU540's OTP (an eMemory NeoFuse, 4096 32-bit words; QEMU's
 * sifive_u_otp at 0x10070000 models its registers): a word read, one
 * bit programmed. The sequences are QEMU's model's: the macro selected
 * (PCE), out of deep standby (PDSTB), trimmed (PTRIM) to read; PA, PAIO
 * (the bit) and PDIN, then a PWE pulse to program. Silicon also wants
 * the manual's program timings (PPROG, PTM, delays), which QEMU does not
 * check and this driver does not claim. */
#ifndef EXTLOAD_SIFIVE_OTP_H
#define EXTLOAD_SIFIVE_OTP_H

#include <stdint.h>

#include "drivers/otp_counter.h"

/* The word at index (< OTP_WORDS). */
uint32_t sifive_otp_read(uintptr_t base, uint32_t index);
/* Programs bit of word index to 0 (a fuse blown); read it back to know. */
void sifive_otp_program(uintptr_t base, uint32_t index, uint32_t bit);
/* A struct otp_io on the OTP at base (ctx: base itself). */
void sifive_otp_io(struct otp_io *io, uintptr_t *base);

#endif
