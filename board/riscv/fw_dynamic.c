#include "board/riscv/fw_dynamic.h"

void fw_dynamic_fill(uint64_t info[FW_DYNAMIC_WORDS], uint64_t next_addr,
                     uint64_t next_mode, uint64_t options,
                     uint64_t boot_hart)
{
    info[FW_DYNAMIC_W_MAGIC] = FW_DYNAMIC_MAGIC;
    info[FW_DYNAMIC_W_VERSION] = FW_DYNAMIC_VERSION;
    info[FW_DYNAMIC_W_NEXT_ADDR] = next_addr;
    info[FW_DYNAMIC_W_NEXT_MODE] = next_mode;
    info[FW_DYNAMIC_W_OPTIONS] = options;
    info[FW_DYNAMIC_W_BOOT_HART] = boot_hart;
}
