/* One label as the flow loads it: its files with roles, where each goes,
 * and why the label failed (firmware/boot/boot_plan.c fills it,
 * firmware/boot/boot_label.c owns it). */
#ifndef EXTLOAD_BOOT_PLAN_H
#define EXTLOAD_BOOT_PLAN_H

#include <stdint.h>

#include "firmware/boot_conf.h"
#include "firmware/boot/boot_env.h"

/* A label's files (firmware/boot/boot_label.c owns them): the roles a file
 * plays, in the order they are listed in the plan. */
enum boot_role {
    BOOT_ROLE_KERNEL = 0,
    BOOT_ROLE_INITRD,               /* one part of INITRD's list */
    BOOT_ROLE_FDT,
    BOOT_ROLE_FIRMWARE,
    BOOT_ROLE_FDTOVERLAY,           /* one of FDTOVERLAYS, in its order */
};

/* Where a RISC-V Linux label without FIRMWARE looks for its SBI
 * firmware, in this order: /boot/fw_dynamic.bin on a root filesystem,
 * its root on a /boot partition, and where Debian's opensbi package
 * installs it (/boot inside the root filesystem). */
#define BOOT_FW_SEARCH_PATHS 3u
extern const char *const boot_fw_search[BOOT_FW_SEARCH_PATHS];

#define BOOT_INITRD_PARTS 4u          /* INITRD a,b,c,d: at most 4 files */
/* FDTOVERLAYS: at most this many files (BOOT_FDT_OVERLAY). */
#define BOOT_FDT_OVERLAYS_MAX (BOOT_FDT_OVERLAY ? 4u : 0u)
#define BOOT_PLAN_FILES (3u + BOOT_INITRD_PARTS + BOOT_FDT_OVERLAYS_MAX)

struct boot_plan_file {
    const char *src;                /* as the config names it: not NUL-
                                     * terminated in an INITRD list */
    uint32_t ino;                   /* found when planned */
    uint32_t size;
    uint32_t off;                   /* where it goes, from the window */
    uint16_t src_len;
    uint8_t role;                   /* enum boot_role */
    uint8_t flags;                  /* BOOT_PF_* */
#if BOOT_SIGNED
    uint8_t sha256[32];             /* of the loaded bytes, when env->
                                     * pubkey is set */
    uint32_t card_size;             /* its size on the card, which the
                                     * message names (size drops a
                                     * uInitrd's header) */
#endif
};
#define BOOT_PF_FDTDIR 0x1u           /* src is a directory: + env->fdtfile */
#define BOOT_PF_SHA256 0x2u           /* matched its .sha256 */
#define BOOT_PF_BOARD 0x4u            /* the board's tree, copied from
                                       * env->default_fdt, not a file */
#define BOOT_PF_SIGNED 0x8u           /* the kernel's: the label's signature
                                       * verified */
#define BOOT_PF_PARTITION 0x10u       /* from the label's PARTITION, not the
                                       * config's partition */

/* Room for an error's reason in a buffer on the stack: an inode and a
 * block, then the longest of fs/'s sentences (94 characters) whole; a
 * longer one is cut at a word with "..." (num_cut_word). */
#define BOOT_WHY_MAX 160u
/* ... and in struct boot_fail, which lives in the window's tail (every
 * byte there is one less for the kernel): the longest sentence whole
 * after "inode N, block N: " up to 7-digit numbers; beyond, cut at a
 * word. */
#define BOOT_FAIL_WHY 128u

/* Why a label failed: a value the flow that walks the labels prints as
 * "step: what: why; <what comes next>". */
struct boot_fail {
    int code;                       /* BOOT_E... */
    const char *step;               /* "load", "initrd", "fdt", "firmware",
                                     * "verify", "label", "boot" */
    const char *what;               /* the file's path; NULL: the label */
    char why[BOOT_FAIL_WHY];
};

/* One label turned into files with roles, placed in the window. */
struct boot_plan {
    struct boot_plan_file f[BOOT_PLAN_FILES];
    uint32_t n;
    uint32_t kind;                  /* enum boot_kernel_kind */
    uint32_t image_size;            /* the kernel's reserved bytes */
    uint32_t end;                   /* past the last file, from the window */
    uint32_t text_offset;           /* RISC-V Linux: from RAM's base */
#if BOOT_GZIP
    /* A compressed kernel (firmware/boot/boot_image.c): its gzip member
     * is the file's bytes [gz_start, gz_end); gz_end 0: not compressed. */
    uint32_t gz_start, gz_end;
    uint32_t gz_card_size;          /* the file as stored */
    uint32_t gz_scratch;            /* the decoder's state and chunk, from
                                     * the window, past the files */
    uint8_t gz_sha256[32];          /* of the stored bytes, as they
                                     * streamed */
#endif
#if BOOT_SIGNED
    uint32_t rollback;              /* the verified label's index */
    uint8_t key;                    /* ... and the key that verified it */
#endif
#if BOOT_FDT_OVERLAY
    uint8_t first_overlay;          /* f[] from here on: FDTOVERLAYS */
#endif
#if BOOT_CONF_PARTITION
    uint8_t pflags;                 /* BOOT_PF_PARTITION: the label has
                                     * one; each file added gets it */
    const char *partition;          /* the label's PARTITION; NULL */
#endif
    struct boot_fail fail;
};

/* The write property (fs/README.md, "What is proven", "The write
 * property"), in ACSL: what boot_plan_place (firmware/boot/boot_plan.c)
 * promises of a plan it returns 0 for, proven by WP. File i takes the
 * window's bytes [off, off + plan_len) from its start (a RISC-V Image
 * the room it loads or inflates into, image_size); each lies below the
 * plan's end, which lies below the limit it was given; no two overlap. */
/*@ logic integer plan_len(struct boot_plan *p, integer i) =
        i == 0 && p->kind == BOOT_KERNEL_LINUX_RISCV ? p->image_size
                                                     : p->f[i].size;
    predicate plan_apart(struct boot_plan *p, integer i, integer j) =
        p->f[i].off + plan_len(p, i) <= p->f[j].off ||
        p->f[j].off + plan_len(p, j) <= p->f[i].off;
    predicate plan_placed(struct boot_plan *p, integer limit) =
        p->end <= limit &&
        (\forall integer i; 0 <= i < p->n ==>
            p->f[i].off + plan_len(p, i) <= p->end) &&
        (\forall integer i, j; 0 <= i < j < p->n ==> plan_apart(p, i, j));
*/
/* ... of a plan as boot_plan_files leaves it: the kernel first and only
 * there, every role one the kernel's kind places, FDTOVERLAYS' files
 * from first_overlay on and only there (boot_plan_place's caller's
 * promise, checked on h_place.c's plans by WP). */
#ifdef __FRAMAC__
/* Macros, not predicates: WP matches the caller's facts to them as
 * written (the harness's main, whose context is the whole state, could
 * not unfold the predicate). For annotations only. */
#if BOOT_FDT_OVERLAY
#define PLAN_OVERLAYS_LAST(p) \
    (1 <= (p)->first_overlay <= (p)->n && \
     \forall integer i; 0 <= i < (p)->n ==> \
        ((p)->f[i].role == BOOT_ROLE_FDTOVERLAY <==> i >= (p)->first_overlay))
#else
#define PLAN_OVERLAYS_LAST(p) (0 == 0)
#endif
#define PLAN_SHAPED(p) \
    (1 <= (p)->n <= BOOT_PLAN_FILES && \
     ((p)->kind == BOOT_KERNEL_BARE || \
      (BOOT_RISCV_LINUX != 0 && (p)->kind == BOOT_KERNEL_LINUX_RISCV)) && \
     (\forall integer i; 0 <= i < (p)->n ==> \
        0 <= (p)->f[i].role < 4 + BOOT_FDT_OVERLAY && \
        ((p)->f[i].role == BOOT_ROLE_KERNEL <==> i == 0)) && \
     PLAN_OVERLAYS_LAST(p))
#endif

#endif
