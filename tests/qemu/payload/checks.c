/* The test kernels' shared checks: see checks.h. */
#include "tests/qemu/payload/checks.h"

#include <string.h>

#include "tests/qemu/payload/pad.h"

extern uint32_t __data_load[], __data_start[], __data_end[];
extern uint32_t __bss_start[], __bss_end[];
extern uint8_t __image_start[], __image_end[];

void payload_init_ram(void)
{
    for (uintptr_t i = 0; i < (uintptr_t)(__data_end - __data_start); i++)
        __data_start[i] = __data_load[i];
    for (uintptr_t i = 0; i < (uintptr_t)(__bss_end - __bss_start); i++)
        __bss_start[i] = 0;
}

void payload_check(struct payload_checks *pc, int ok, const char *what)
{
    if (!ok) {
        pc->failures++;
        con_printf(pc->con, "payload: FAIL %s\n", what);
    }
}

int payload_in_ram(const struct payload_checks *pc, uintptr_t addr,
                   uintptr_t len)
{
    return addr >= pc->ram_lo && addr <= pc->ram_hi &&
           len <= pc->ram_hi - addr;
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
}

void payload_check_handoff(struct payload_checks *pc,
                           const struct extload_handoff *h)
{
    payload_check(pc, h->version == EXTLOAD_HANDOFF_VERSION,
                  "handoff version");
    payload_check(pc, h->size == sizeof(*h), "handoff size");
    con_printf(pc->con, "payload: label '%.*s' kernel %u bytes at %08x, "
               "partition %u (scheme %u) at LBA %llu, sha256 %s\n",
               (int)sizeof(h->label), h->label, (unsigned)h->kernel_size,
               (unsigned)h->kernel_addr, (unsigned)h->part_index,
               (unsigned)h->part_scheme, (unsigned long long)h->part_lba,
               h->flags & HANDOFF_F_SHA256 ? "verified" : "not checked");
    if (h->flags & HANDOFF_F_SIGNED)
        con_printf(pc->con, "payload: the label's signature verified\n");
    payload_check(pc, (uintptr_t)h->kernel_addr == (uintptr_t)__image_start,
                  "kernel loaded at its link address");
    uint32_t image_len = (uint32_t)(__image_end - __image_start);
    payload_check(pc, h->kernel_size >= image_len,
                  "kernel size covers the image");

    /* Every byte past the linked image must be the padding mkkernel wrote:
     * this catches a wrong, shifted or short load. */
    uint32_t bad = 0;
    if (payload_in_ram(pc, h->kernel_addr, h->kernel_size))
        for (uint32_t off = image_len; off < h->kernel_size; off++)
            if (__image_start[off] != payload_pad_byte(off))
                bad++;
    con_printf(pc->con, "payload: %u padding bytes checked, %u wrong\n",
               (unsigned)(h->kernel_size - image_len), (unsigned)bad);
    payload_check(pc, bad == 0, "padding bytes intact");

    /* Version 2: INITRD's files, concatenated, after the kernel. */
    if (!h->initrd_size) {
        con_printf(pc->con, "payload: no initrd\n");
    } else if (payload_in_ram(pc, h->initrd_addr, h->initrd_size)) {
        const char *t = (const char *)(uintptr_t)h->initrd_addr;
        uint32_t n = 0;

        while (n < h->initrd_size && n < 48 && t[n] >= ' ' && t[n] < 0x7F)
            n++;
        con_printf(pc->con, "payload: initrd %u bytes at %08x: \"%.*s\"\n",
                   (unsigned)h->initrd_size, (unsigned)h->initrd_addr,
                   (int)n, t);
        payload_check(pc, h->initrd_addr >= h->kernel_addr + h->kernel_size,
                      "initrd after the kernel");
    } else {
        payload_check(pc, 0, "initrd lies in RAM");
    }

    const char *cmd = (const char *)(uintptr_t)h->cmdline_addr;
    if (payload_in_ram(pc, h->cmdline_addr, h->cmdline_len + 1u) &&
        cmd[h->cmdline_len] == '\0') {
        /* APPEND, then the words a board with a trial store adds
         * (extload.label=... and the rest, firmware/README.md "Trial
         * boots"): said apart, so a test checks each. */
        uint32_t n = 0;

        while (n < h->cmdline_len &&
               !((n == 0 || cmd[n - 1] == ' ') &&
                 !memcmp(cmd + n, "extload.", 8)))
            n++;
        con_printf(pc->con, "payload: cmdline \"%.*s\"\n",
                   (int)(n && n < h->cmdline_len ? n - 1 : n), cmd);
        if (n < h->cmdline_len)
            con_printf(pc->con, "payload: loader words \"%s\"\n", cmd + n);
    } else
        payload_check(pc, 0, "cmdline is a NUL-terminated string in RAM");
}

int payload_check_fdt(struct payload_checks *pc,
                      const struct extload_handoff *h)
{
    if (!h->fdt_addr) {
        con_printf(pc->con, "payload: no fdt\n");
        return 0;
    }
    const uint8_t *fdt = (const uint8_t *)(uintptr_t)h->fdt_addr;
    int ok = payload_in_ram(pc, h->fdt_addr, h->fdt_size) &&
             h->fdt_size >= 8;
    payload_check(pc, ok && be32(fdt) == 0xD00DFEEDu, "FDT magic");
    payload_check(pc, ok && be32(fdt + 4) == h->fdt_size, "FDT totalsize");
    payload_check(pc, (h->fdt_addr & 7u) == 0, "FDT 8-byte aligned");
    return 1;
}

/* 1 if the command line holds word (blank-separated). */
static int cmdline_has(const struct extload_handoff *h, const char *word)
{
    const char *c = (const char *)(uintptr_t)h->cmdline_addr;
    uint32_t n = 0;

    while (word[n])
        n++;
    for (uint32_t i = 0; i + n <= h->cmdline_len; i++) {
        uint32_t k = 0;

        while (k < n && c[i + k] == word[k])
            k++;
        if (k == n && (i == 0 || c[i - 1] == ' ') &&
            (i + n == h->cmdline_len || c[i + n] == ' '))
            return 1;
    }
    return 0;
}

void payload_dump_fdt(struct payload_checks *pc,
                      const struct extload_handoff *h)
{
    static const char hex[] = "0123456789abcdef";
    const uint8_t *fdt = (const uint8_t *)(uintptr_t)h->fdt_addr;
    char line[2 * 32 + 1];

    if (!h->fdt_addr || !cmdline_has(h, "payload.dumpfdt") ||
        !payload_in_ram(pc, h->fdt_addr, h->fdt_size))
        return;
    for (uint32_t at = 0; at < h->fdt_size; at += 32) {
        uint32_t k = 0;

        for (uint32_t i = at; i < h->fdt_size && i < at + 32; i++) {
            line[k++] = hex[fdt[i] >> 4];
            line[k++] = hex[fdt[i] & 15u];
        }
        line[k] = '\0';
        con_printf(pc->con, "payload: fdt-hex %s\n", line);
    }
}

void payload_report(const struct payload_checks *pc)
{
    con_printf(pc->con, "payload: %u checks failed\n", pc->failures);
}
