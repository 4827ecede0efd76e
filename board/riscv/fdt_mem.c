#include "board/riscv/fdt_mem.h"

#include <stdbool.h>
#include <stddef.h>

/* The header (devicetree specification 0.4, 5.2), big-endian words. */
#define FDT_OFF_MAGIC          0x00u
#define FDT_OFF_TOTALSIZE      0x04u
#define FDT_OFF_DT_STRUCT      0x08u
#define FDT_OFF_DT_STRINGS     0x0Cu
#define FDT_OFF_VERSION        0x14u
#define FDT_OFF_SIZE_DT_STRINGS 0x20u
#define FDT_OFF_SIZE_DT_STRUCT 0x24u
#define FDT_VERSION_MIN        17u    /* size_dt_struct exists from 17 */

/* Structure block tokens (5.4.1). */
#define FDT_BEGIN_NODE 1u
#define FDT_END_NODE   2u
#define FDT_PROP       3u
#define FDT_NOP        4u
#define FDT_END        9u

/* Cell counts the root gives its children when it names none (2.3.5). */
#define CELLS_ADDR_DEFAULT 2u
#define CELLS_SIZE_DEFAULT 1u
#define CELLS_MAX 2u                  /* a 64-bit address or size */

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 |
           (uint32_t)p[2] << 8 | p[3];
}

/* A NUL-terminated name inside [p, end): its length, or -1. */
static int32_t name_len(const uint8_t *p, const uint8_t *end)
{
    for (const uint8_t *q = p; q < end; q++)
        if (*q == 0)
            return (int32_t)(q - p);
    return -1;
}

static bool str_eq(const uint8_t *s, const char *lit)
{
    size_t i = 0;

    for (; lit[i]; i++)
        if (s[i] != (uint8_t)lit[i])
            return false;
    return s[i] == 0;
}

/* `base` or "<base>@<unit address>". */
static bool is_node(const uint8_t *name, const char *base)
{
    size_t i = 0;

    for (; base[i]; i++)
        if (name[i] != (uint8_t)base[i])
            return false;
    return name[i] == 0 || name[i] == '@';
}

/* `cells` big-endian cells (at most CELLS_MAX) as one number. */
static uint64_t cells_value(const uint8_t *p, uint32_t cells)
{
    uint64_t v = 0;

    for (uint32_t i = 0; i < cells; i++)
        v = v << 32 | be32(p + 4u * i);
    return v;
}

int fdt_mem_header(const uint8_t *fdt, uint32_t avail, uint32_t *totalsize)
{
    if (avail < FDT_MEM_HEADER_SIZE || be32(fdt + FDT_OFF_MAGIC) != FDT_MEM_MAGIC)
        return FDT_MEM_EMAGIC;
    uint32_t total = be32(fdt + FDT_OFF_TOTALSIZE);
    uint32_t off_struct = be32(fdt + FDT_OFF_DT_STRUCT);
    uint32_t off_strings = be32(fdt + FDT_OFF_DT_STRINGS);
    uint32_t size_struct = be32(fdt + FDT_OFF_SIZE_DT_STRUCT);
    uint32_t size_strings = be32(fdt + FDT_OFF_SIZE_DT_STRINGS);

    if (total < FDT_MEM_HEADER_SIZE || total > avail ||
        be32(fdt + FDT_OFF_VERSION) < FDT_VERSION_MIN ||
        off_struct < FDT_MEM_HEADER_SIZE || (off_struct & 3u) ||
        off_struct > total || size_struct > total - off_struct ||
        off_strings > total || size_strings > total - off_strings)
        return FDT_MEM_EHEADER;
    *totalsize = total;
    return FDT_MEM_OK;
}

int fdt_mem_read(const uint8_t *fdt, uint32_t avail, struct fdt_mem *m)
{
    uint32_t total;
    int rc = fdt_mem_header(fdt, avail, &total);

    if (rc)
        return rc;
    m->totalsize = total;
    m->harts = 0;
    const uint8_t *pos = fdt + be32(fdt + FDT_OFF_DT_STRUCT);
    const uint8_t *end = pos + be32(fdt + FDT_OFF_SIZE_DT_STRUCT);
    const uint8_t *strs = fdt + be32(fdt + FDT_OFF_DT_STRINGS);
    const uint8_t *strs_end = strs + be32(fdt + FDT_OFF_SIZE_DT_STRINGS);
    uint32_t depth = 0;               /* 1 inside the root node */
    uint32_t addr_cells = CELLS_ADDR_DEFAULT, size_cells = CELLS_SIZE_DEFAULT;
    bool in_memory = false, in_cpus = false, found = false;

    /* Every token moves pos on by at least 4 bytes: the walk ends within
     * size_dt_struct / 4 rounds. */
    while (end - pos >= 4) {
        uint32_t tok = be32(pos);

        pos += 4;
        if (tok == FDT_BEGIN_NODE) {
            int32_t len = name_len(pos, end);
            if (len < 0 || ++depth > FDT_MEM_DEPTH_MAX)
                return FDT_MEM_ESTRUCT;
            if (depth == 2) {
                in_memory = !found && is_node(pos, "memory");
                in_cpus = str_eq(pos, "cpus");
            } else if (depth == 3 && in_cpus && is_node(pos, "cpu")) {
                m->harts++;
            }
            uint32_t skip = ((uint32_t)len + 1u + 3u) & ~3u;
            if (skip > (uint32_t)(end - pos))
                return FDT_MEM_ESTRUCT;
            pos += skip;
        } else if (tok == FDT_END_NODE) {
            if (depth == 0)
                return FDT_MEM_ESTRUCT;
            if (--depth < 2)
                in_memory = in_cpus = false;
            if (depth == 0)
                break;                  /* the root closed */
        } else if (tok == FDT_PROP) {
            if (end - pos < 8 || depth == 0)
                return FDT_MEM_ESTRUCT;
            uint32_t len = be32(pos), nameoff = be32(pos + 4);
            pos += 8;
            if (len > (uint32_t)(end - pos) ||
                nameoff >= (uint32_t)(strs_end - strs) ||
                name_len(strs + nameoff, strs_end) < 0)
                return FDT_MEM_ESTRUCT;
            const uint8_t *name = strs + nameoff;
            if (depth == 1 && len == 4 && str_eq(name, "#address-cells"))
                addr_cells = be32(pos);
            else if (depth == 1 && len == 4 && str_eq(name, "#size-cells"))
                size_cells = be32(pos);
            else if (in_memory && depth == 2 && str_eq(name, "reg")) {
                if (addr_cells == 0 || addr_cells > CELLS_MAX ||
                    size_cells == 0 || size_cells > CELLS_MAX ||
                    len < 4u * (addr_cells + size_cells))
                    return FDT_MEM_ENOMEM;
                m->base = cells_value(pos, addr_cells);
                m->size = cells_value(pos + 4u * addr_cells, size_cells);
                if (!m->size)
                    return FDT_MEM_ENOMEM;
                found = true;           /* the first one; walk on for /cpus */
                in_memory = false;
            }
            uint32_t skip = (len + 3u) & ~3u;   /* len <= end - pos */
            pos += skip < (uint32_t)(end - pos) ? skip : (uint32_t)(end - pos);
        } else if (tok == FDT_END) {
            break;
        } else if (tok != FDT_NOP) {
            return FDT_MEM_ESTRUCT;
        }
    }
    return found ? FDT_MEM_OK : FDT_MEM_ENOMEM;
}

const char *fdt_mem_strerror(int err)
{
    switch (err) {
#define FDT_MEM_CASE(name, value, text) case name: return text;
    FDT_MEM_ERRORS(FDT_MEM_CASE)
#undef FDT_MEM_CASE
    }
    return "unknown error";
}
