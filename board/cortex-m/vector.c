#include "board/cortex-m/cpu.h"

#include "lib/le.h"

int cpu_entry_for(const uint8_t *image, uint32_t size, uint32_t load_addr,
                  uint32_t ram_lo, uint32_t ram_hi, struct cpu_entry *out)
{
    out->pc = load_addr | 1u;
    out->sp = 0;
    out->vtor = 0;
    if (size < 8)
        return 0;
    uint32_t sp = le32(image), reset = le32(image + 4);
    /* Ranges as one unsigned compare each: sp in [ram_lo, ram_hi]; the
     * reset vector inside the image past the two words, off in
     * [8, size) (below load_addr it wraps past size: the image ends
     * within the 32-bit space). */
    uint32_t off = (reset & ~1u) - load_addr;
    if (sp - ram_lo > ram_hi - ram_lo || (sp & 3u) || !(reset & 1u) ||
        off - 8u >= size - 8u)
        return 0;
    out->pc = reset;
    out->sp = sp;
    out->vtor = load_addr;
    return 1;
}
