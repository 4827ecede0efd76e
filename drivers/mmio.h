/* Memory-mapped register access for the Cortex-M chip drivers. */
#ifndef EXTLOAD_MMIO_H
#define EXTLOAD_MMIO_H

#include <stdint.h>

static inline uint32_t mmio_read(uintptr_t addr)
{
    return *(volatile const uint32_t *)addr;
}

static inline void mmio_write(uintptr_t addr, uint32_t val)
{
    *(volatile uint32_t *)addr = val;
}

static inline void mmio_set(uintptr_t addr, uint32_t bits)
{
    mmio_write(addr, mmio_read(addr) | bits);
}

#endif
