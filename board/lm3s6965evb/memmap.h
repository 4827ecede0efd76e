/* The board's memory map, from linker/lm3s6965evb.ld. */
#ifndef EXTLOAD_LM3S_MEMMAP_H
#define EXTLOAD_LM3S_MEMMAP_H

#include <stdint.h>

#include "firmware/boot.h"

#define MEMMAP_SRAM_START 0x20000000u
#define MEMMAP_SRAM_END   0x20010000u

extern uint8_t __window_start[], __window_end[];
extern uint8_t __data_start[], __bss_end[], __stack_top[];

#define MEMMAP_WINDOW_START ((uint32_t)(uintptr_t)__window_start)
#define MEMMAP_WINDOW_SIZE \
    ((uint32_t)((uintptr_t)__window_end - (uintptr_t)__window_start))

int board_handoff(void *ctx, const struct boot_image *img);

#endif
