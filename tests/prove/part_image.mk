# The kernel's formats (firmware/boot/boot_image.c) from
# tests/prove/h_image.c: the RISC-V Image header, gzip and EFI zboot
# heads and, with BOOT_GZIP, the decoder (firmware/inflate/inflate.c)
# on an unknown stream into a room, for each board's profile (lm3s6965evb
# builds no RISC-V Linux; the tiny profile neither, nor gzip).
include tests/prove/parts.mk

PROVE_IMAGE_SRC := tests/prove/h_image.c firmware/boot/boot_image.c \
            firmware/boot/boot_err.c firmware/inflate/inflate.c \
            firmware/crypto/sha256.c lib/num.c
PROVE_IMAGE_ASSUMED := ext_read ext_inode_read ext_file_open boot_open_why \
            fmt_snprintf con_printf
# The bit buffer's refill as each board's compiler builds it (inflate.c's
# WORD_LOADS): Cortex-M3 loads a misaligned word, the U54 traps on one.
PROVE_WORDS_lm3s := -DINFLATE_WORD_LOADS=1
PROVE_WORDS_sifive := -DINFLATE_WORD_LOADS=0
# The hash of the stored file (sha256.c): its state's eight words and the
# message schedule each written whole before they are read, which a
# merged loop (precision 0 keeps none apart) cannot show.
PROVE_SHA_SLEVEL := -eva-slevel-function sha256_init:10 \
            -eva-slevel-function compress:80
define prove_image
PROVE_SRC_image-$(1)-$(2) := $$(PROVE_IMAGE_SRC)
PROVE_DEFS_image-$(1)-$(2) := \
            $$(if $(filter lm3s,$(1)),$$(filter-out -DBOOT_RISCV_LINUX=%,$$(PROVE_FW_$(2))) \
            -DBOOT_RISCV_LINUX=0,$$(PROVE_FW_$(2))) $$(PROVE_WORDS_$(1))
PROVE_OPTS_image-$(1)-$(2) := $$(PROVE_MACHINE_$(1)) -eva-precision 0 \
            -eva-split-return auto $$(PROVE_SHA_SLEVEL)
PROVE_ASSUMED_image-$(1)-$(2) := $$(PROVE_IMAGE_ASSUMED)
$$(eval $$(call prove_part,image-$(1)-$(2)))
endef
# sifive-u's default build without BOOT_GZIP (its documented switch):
# the RISC-V Image header alone.
PROVE_SRC_image-sifive-nogzip := $(PROVE_IMAGE_SRC)
PROVE_DEFS_image-sifive-nogzip := $(filter-out -DBOOT_GZIP=%,$(PROVE_FW_default)) \
            -DBOOT_GZIP=0 $(PROVE_WORDS_sifive)
PROVE_OPTS_image-sifive-nogzip := $(PROVE_MACHINE_sifive) -eva-precision 1 \
            -eva-split-return auto
PROVE_ASSUMED_image-sifive-nogzip := $(PROVE_IMAGE_ASSUMED)
# Its statements: boot_image.c's (boot_err.c's boot_plan_fail is the
# flow's, reached here only with the reader's own sentence).
PROVE_PART_image-sifive-nogzip := firmware/boot/boot_image.c
$(eval $(call prove_part,image-sifive-nogzip))
# ... and with it, the kernel's kind and its head inflated alone
# (IMAGE_HEAD_ONLY: no boot_image_inflate into the room).
PROVE_SRC_image-sifive-head := $(PROVE_IMAGE_SRC)
PROVE_DEFS_image-sifive-head := $(PROVE_FW_default) -DIMAGE_HEAD_ONLY=1 \
            $(PROVE_WORDS_sifive)
PROVE_OPTS_image-sifive-head := $(PROVE_MACHINE_sifive) -eva-precision 0 \
            -eva-split-return auto
PROVE_ASSUMED_image-sifive-head := $(PROVE_IMAGE_ASSUMED)
$(eval $(call prove_part,image-sifive-head))
$(eval $(call prove_image,sifive,default))
$(eval $(call prove_image,lm3s,default))
