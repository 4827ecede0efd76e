# The device-tree reader and editor (firmware/fdt/fdt.c, fdt_edit.c) from
# tests/prove/h_fdt.c: a tree of unknown bytes and length in a buffer
# with room, checked, opened, its memory read, /chosen and the trial's
# node written, as the default profile's RISC-V Linux label does. The
# tiny profile builds no device-tree code (BOOT_FDT_EDIT is
# !EXTLOAD_TINY): no tiny target.
#
#   make prove-fdt-default        build/prove/fdt-default/report.txt
#
include tests/prove/parts.mk

PROVE_SRC_fdt-default := tests/prove/h_fdt.c firmware/fdt/fdt.c \
            firmware/fdt/fdt_edit.c firmware/boot/boot_trial.c \
            firmware/console/console.c lib/num.c
# The sifive_u board's default build (RISC-V Linux labels, trial boots).
PROVE_DEFS_fdt-default := -DBOOT_RISCV_LINUX=1 -DBOOT_TRIAL=1 \
            -DBOOT_FDT_EDIT=1 -DBOOT_FDT_OVERLAY=1
PROVE_PART_fdt-default := firmware/fdt/fdt.c firmware/fdt/fdt_edit.c \
            firmware/fdt/fdt_priv.h firmware/boot/boot_trial.c
# fdt_str_len_0 is fdt_edit.c's copy of fdt_priv.h's inline: its walk of
# APPEND (64 bytes and a NUL) kept apart byte by byte, so that the
# bootargs' length, and the copy below it, stay inside APPEND.
PROVE_OPTS_fdt-default := -eva-precision 4 -eva-print-callstacks \
            -eva-slevel-function fdt_str_len_0:400
$(eval $(call prove_part,fdt-default))
