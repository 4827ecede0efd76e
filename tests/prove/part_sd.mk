# The SD driver (drivers/sdspi*.c) from tests/prove/h_sd.c: init, the
# CID and a multi-sector read over an SPI bus that returns unknown bytes,
# on each board's machine and profile (the driver is the same on both
# boards but for the machine's sizes).
include tests/prove/parts.mk

PROVE_SD_SRC := tests/prove/h_sd.c drivers/sdspi.c drivers/sdspi_crc.c \
            drivers/sdspi_err.c drivers/sdspi_text.c lib/num.c
define prove_sd
PROVE_SRC_sd-$(1)-$(2) := $$(PROVE_SD_SRC)
PROVE_DEFS_sd-$(1)-$(2) := $$(PROVE_FW_$(2))
PROVE_OPTS_sd-$(1)-$(2) := $$(PROVE_MACHINE_$(1)) -eva-precision 1 \
            -eva-auto-loop-unroll 32 -eva-slevel-function sdspi_read:200 \
            -eva-split-return-function sdspi_init:0,bring_up:0
$$(eval $$(call prove_part,sd-$(1)-$(2)))
endef
$(eval $(call prove_sd,lm3s,tiny))
$(eval $(call prove_sd,lm3s,default))
$(eval $(call prove_sd,sifive,default))
