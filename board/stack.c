/* The stack's high-water mark, for every CPU layer: the reset code paints
 * the free stack (between .bss and the stack pointer) with a pattern, and
 * the deepest point reached is the first word no longer holding it. */
#include "board/board.h"

#define STACK_PAINT 0x5AC3A55Cu

void cpu_stack_paint(void)
{
    /* Stop short of this frame: it is in use while painting. */
    uint32_t *top = (uint32_t *)__builtin_frame_address(0) - 16;

    for (uint32_t *p = (uint32_t *)(void *)__bss_end; p < top; p++)
        *p = STACK_PAINT;
}

uint32_t cpu_stack_used(void)
{
    const uint32_t *p = (const uint32_t *)(const void *)__bss_end;

    while (p < (const uint32_t *)(const void *)__stack_top &&
           *p == STACK_PAINT)
        p++;
    return (uint32_t)((uintptr_t)__stack_top - (uintptr_t)p);
}
