#include "board/cortex-m/cpu.h"

#include "fs/le.h"

int cpu_entry_for(const uint8_t *image, uint32_t size, uint32_t load_addr,
                  uint32_t ram_lo, uint32_t ram_hi, struct cpu_entry *out)
{
    out->pc = load_addr | 1u;
    out->sp = 0;
    out->vtor = 0;
    if (size < 8)
        return 0;
    uint32_t sp = le32(image), reset = le32(image + 4);
    /* The reset vector must land inside the image, past the two words. */
    uint32_t off = (reset & ~1u) - load_addr;
    if (sp < ram_lo || sp > ram_hi || (sp & 3u) || !(reset & 1u) ||
        (reset & ~1u) < load_addr || off < 8 || off >= size)
        return 0;
    out->pc = reset;
    out->sp = sp;
    out->vtor = load_addr;
    return 1;
}
