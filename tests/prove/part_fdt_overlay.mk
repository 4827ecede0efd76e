# The overlay engine (firmware/fdt/fdt_overlay.c) from
# tests/prove/h_fdt_overlay.c: an overlay of unknown bytes and length
# applied to a tree of unknown bytes opened in a buffer with room. The
# tiny profile has no overlays (BOOT_FDT_OVERLAY): no tiny target.
#
#   make prove-fdt_overlay-default  build/prove/fdt_overlay-default/report.txt
include tests/prove/parts.mk

PROVE_SRC_fdt_overlay-default := tests/prove/h_fdt_overlay.c \
            firmware/fdt/fdt.c firmware/fdt/fdt_edit.c \
            firmware/fdt/fdt_overlay.c lib/num.c
PROVE_DEFS_fdt_overlay-default := -DBOOT_FDT_EDIT=1 -DBOOT_FDT_OVERLAY=1
PROVE_PART_fdt_overlay-default := firmware/fdt/fdt.c \
            firmware/fdt/fdt_edit.c firmware/fdt/fdt_priv.h \
            firmware/fdt/fdt_overlay.c
PROVE_OPTS_fdt_overlay-default := -eva-precision 2 -eva-split-return auto
$(eval $(call prove_part,fdt_overlay-default))
