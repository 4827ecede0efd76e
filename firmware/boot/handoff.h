/* What extload hands a kernel: the CPU's register convention plus a block
 * in RAM that one register points to. Addresses are 32-bit on every
 * target (a window must lie below 4 GiB).
 *
 *   Cortex-M: r0 = 0, r1 = 0xFFFFFFFF, r2 = FDT address or 0,
 *             r3 = struct extload_handoff *
 *   RISC-V:   a0 = hart id, a1 = FDT address or 0,
 *             a2 = struct extload_handoff *
 */
#ifndef EXTLOAD_HANDOFF_H
#define EXTLOAD_HANDOFF_H

#include <stddef.h>
#include <stdint.h>

#define EXTLOAD_HANDOFF_MAGIC   0x4C545845u   /* "EXTL" in memory */
#define EXTLOAD_HANDOFF_VERSION 2u   /* 2: initrd_addr, initrd_size */

#define HANDOFF_F_SHA256 0x1u                 /* kernel matched KERNEL.sha256 */
#define HANDOFF_F_SIGNED 0x2u                 /* the label's Ed25519 signature
                                               * verified (BOOT_SIGNED) */

/* The label's field: its name cut to 31 bytes and a NUL. */
#define EXTLOAD_HANDOFF_LABEL 32u

struct extload_handoff {
    uint32_t magic;
    uint32_t version;
    uint32_t size;                /* sizeof(struct extload_handoff) */
    uint32_t flags;               /* HANDOFF_F_* */
    uint32_t cmdline_addr;        /* APPEND, then the loader's extload.*
                                   * words (a board with a trial store:
                                   * firmware/README.md "Trial boots");
                                   * NUL-terminated; "" when none */
    uint32_t cmdline_len;         /* bytes before the NUL */
    uint32_t kernel_addr;
    uint32_t kernel_size;
    uint32_t fdt_addr;            /* 0: no FDT */
    uint32_t fdt_size;
    uint32_t part_index;          /* 1-based; 0: no partition table */
    uint32_t part_scheme;         /* 0 none, 1 MBR, 2 GPT */
    uint64_t part_lba;            /* first sector of the boot partition */
    uint64_t part_sectors;
    char label[EXTLOAD_HANDOFF_LABEL]; /* the label booted, NUL-terminated */
    uint32_t initrd_addr;         /* INITRD's files, concatenated; 0: none */
    uint32_t initrd_size;
};

/* One layout for 32- and 64-bit kernels alike: no pointers or longs, the
 * 64-bit fields 8-aligned by position. Checked on every build (host,
 * Cortex-M, RV64). */
_Static_assert(offsetof(struct extload_handoff, part_lba) == 48,
               "extload_handoff: part_lba at 48 on every target");
_Static_assert(offsetof(struct extload_handoff, label) == 64,
               "extload_handoff: label at 64 on every target");
_Static_assert(offsetof(struct extload_handoff, initrd_addr) == 96,
               "extload_handoff: initrd_addr at 96 on every target");
_Static_assert(sizeof(struct extload_handoff) == 104,
               "extload_handoff: 104 bytes on every target");

#endif
