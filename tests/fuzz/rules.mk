# Fuzzing: libFuzzer targets built with clang, ASan and UBSan.
#
#   make fuzz                   every target for FUZZ_SECONDS (default 60)
#   make fuzz FUZZ_SECONDS=600  a campaign; corpora grow in build/fuzz/corpus/
#   make fuzz-build             the targets and their seed corpora only
#   make fuzz FUZZ_TARGETS=image FUZZ_WORKERS=2
#
# Targets (tests/fuzz/fuzz_*.c over the harnesses in tests/fuzz/h_*.c):
#   image   a disk image: partitions, mount, a bounded walk of the tree
#   part    a whole disk's partition tables (fs/part.c): MBR with
#           logical chains in one or more extended partitions, GPT with
#           its backup at the last LBA, hybrid and protective MBRs
#   config  extlinux.conf: parse, boot order, label lookup
#   sdspi   the SD driver against a card speaking only fuzz bytes
#   journal a bare ext3/ext4 with a dirty journal: fs/ext_journal.c's
#           replay through small, short and missing tables, then the walk
#   ed25519 a public key, a signature and a message through
#           firmware/crypto/ed25519.c (seeds: the RFC 8032 vectors, which must
#           verify)
#   fdt     a device tree blob: fdt_check, the queries, fdt_open_into
#           and fdt_set_chosen (firmware/fdt*.c), QEMU's and dtc's trees
#           as seeds
#   fdt_overlay  a tree and an overlay through fdt_overlay_apply
#           (firmware/fdt/fdt_overlay.c): a refusal leaves the tree as it
#           was; seeds: dtc -@ trees and the overlays of
#           tests/unit/test_fdt_overlay.c's kinds
#   inflate a DEFLATE stream or gzip member through firmware/inflate/
#           inflate.c into a room of a chosen size, in seeded chunks and
#           in one (seeds: tests/tools/zvectors.py's streams)
#   image_tiny  the image target over the tiny profile's reader
#           (-DEXTLOAD_TINY=1: no messages, htree, checksums or journal;
#           its own objects in build/fuzz/obj-tiny/), the image seeds
# Crashes land in build/fuzz/artifacts/TARGET/; keep each one, once fixed,
# in tests/regress/TARGET/ (tests/unit/test_regress.c replays them).

FUZZ_CC      ?= clang
FUZZ_SECONDS ?= 60
FUZZ_WORKERS ?= 1
FUZZ_TARGETS ?= image journal part config sdspi fdt fdt_overlay image_tiny ed25519 inflate
FUZZ_DIR     := $(BUILD)/fuzz
FUZZ_SAN     := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
                -fno-omit-frame-pointer
FUZZ_CFLAGS  := $(CSTD) $(WARN) -I. -O1 -g -D_DEFAULT_SOURCE $(FUZZ_SAN)
FUZZ_OBJ      = $(call objs,$(FUZZ_DIR)/obj,$(1))

FUZZ_SRC_image  := tests/fuzz/fuzz_image.c tests/fuzz/h_image.c \
                   tests/fuzz/h_walk.c tests/fuzz/crc_fast.c $(BASE_SRC) $(FS_SRC)
FUZZ_SRC_journal := tests/fuzz/fuzz_journal.c tests/fuzz/h_journal.c \
                   tests/fuzz/h_walk.c tests/fuzz/crc_fast.c $(BASE_SRC) $(FS_SRC)
FUZZ_SRC_part   := tests/fuzz/fuzz_part.c tests/fuzz/h_part.c \
                   tests/fuzz/h_walk.c tests/fuzz/crc_fast.c $(BASE_SRC) $(FS_SRC)
FUZZ_SRC_config := tests/fuzz/fuzz_config.c tests/fuzz/h_config.c \
                   firmware/config/config.c firmware/console/console.c lib/num.c
FUZZ_SRC_sdspi  := tests/fuzz/fuzz_sdspi.c tests/fuzz/h_sdspi.c $(BASE_SRC) $(DRV_SRC)
FUZZ_SRC_ed25519 := tests/fuzz/fuzz_ed25519.c tests/fuzz/h_ed25519.c \
                   firmware/crypto/ed25519.c firmware/crypto/sha512.c
FUZZ_SRC_fdt    := tests/fuzz/fuzz_fdt.c tests/fuzz/h_fdt.c firmware/fdt/fdt.c \
                   firmware/fdt/fdt_edit.c $(BASE_SRC)
FUZZ_SRC_fdt_overlay := tests/fuzz/fuzz_fdt_overlay.c tests/fuzz/h_fdt_overlay.c \
                   firmware/fdt/fdt.c firmware/fdt/fdt_edit.c \
                   firmware/fdt/fdt_overlay.c $(BASE_SRC)
FUZZ_SRC_inflate := tests/fuzz/fuzz_inflate.c tests/fuzz/h_inflate.c \
                   firmware/inflate/inflate.c tests/fuzz/crc_fast.c $(BASE_SRC)
FUZZ_BINS := $(patsubst %,$(FUZZ_DIR)/fuzz_%,$(FUZZ_TARGETS))

.PHONY: fuzz fuzz-build fuzz-seeds

# Coverage feedback from the reader, not the harness, and not from the
# checksum and hash loops or the message formatting (num.c, ext_err.c): traced compare by compare they
# cost more than the rest of a run and tell the fuzzer nothing (ASan and
# UBSan still check them). crc32c runs on the CPU's crc32 instruction,
# crc32 through slicing tables, lib/crc.c's own loops checking every
# 32nd call (tests/fuzz/crc_fast.c).
FUZZ_COV := -fsanitize=fuzzer-no-link
FUZZ_NOCOV := lib/crc.o fs/ext_hash.o lib/num.o fs/ext_err.o \
              firmware/crypto/sha512.o \
              tests/fuzz/h_walk.o tests/fuzz/h_image.o tests/fuzz/h_journal.o \
              tests/fuzz/h_fdt.o tests/fuzz/h_part.o tests/fuzz/crc_fast.o
$(addprefix $(FUZZ_DIR)/obj/,$(FUZZ_NOCOV)) \
$(addprefix $(FUZZ_DIR)/obj-tiny/,$(FUZZ_NOCOV)): FUZZ_COV :=
$(FUZZ_DIR)/obj/lib/crc.o $(FUZZ_DIR)/obj-tiny/lib/crc.o: \
    FUZZ_COV := -Dext_crc32c=ext_crc32c_nib -Dext_crc32=ext_crc32_nib

$(eval $(call OBJ_RULE,$(FUZZ_DIR)/obj,$$(FUZZ_CC),$$(FUZZ_CFLAGS) $$(FUZZ_COV),CC-FUZZ))
$(eval $(call OBJ_RULE,$(FUZZ_DIR)/obj-tiny,$$(FUZZ_CC),$$(FUZZ_CFLAGS) -DEXTLOAD_TINY=1 $$(FUZZ_COV),CC-FUZT))

$(FUZZ_DIR)/fuzz_image: $(call FUZZ_OBJ,$(FUZZ_SRC_image))
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^
$(FUZZ_DIR)/fuzz_journal: $(call FUZZ_OBJ,$(FUZZ_SRC_journal))
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^
$(FUZZ_DIR)/fuzz_image_tiny: $(call objs,$(FUZZ_DIR)/obj-tiny,$(FUZZ_SRC_image))
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^
$(FUZZ_DIR)/fuzz_part: $(call FUZZ_OBJ,$(FUZZ_SRC_part))
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^
$(FUZZ_DIR)/fuzz_config: $(call FUZZ_OBJ,$(FUZZ_SRC_config))
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^
$(FUZZ_DIR)/fuzz_sdspi: $(call FUZZ_OBJ,$(FUZZ_SRC_sdspi))
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^
$(FUZZ_DIR)/fuzz_ed25519: $(call FUZZ_OBJ,$(FUZZ_SRC_ed25519))
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^
$(FUZZ_DIR)/fuzz_fdt: $(call FUZZ_OBJ,$(FUZZ_SRC_fdt))
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^
$(FUZZ_DIR)/fuzz_fdt_overlay: $(call FUZZ_OBJ,$(FUZZ_SRC_fdt_overlay))
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^
$(FUZZ_DIR)/fuzz_inflate: $(call FUZZ_OBJ,$(FUZZ_SRC_inflate))
	$(Q)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $^

# The sdspi seeds are recorded from the SD card model (tests/sdcard).
$(FUZZ_DIR)/mkseed_sdspi: tests/fuzz/mkseed_sdspi.c drivers/sdspi.c \
        drivers/sdspi_crc.c tests/sdcard/sdmodel.c
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(CSTD) $(WARN) -I. -O1 -g -D_DEFAULT_SOURCE -o $@ $^

# The ed25519 seeds are the RFC 8032 vectors (tests/support/rfc8032.h).
$(FUZZ_DIR)/mkseed_ed25519: tests/fuzz/mkseed_ed25519.c tests/support/rfc8032.h
	@mkdir -p $(dir $@)
	$(Q)$(FUZZ_CC) $(CSTD) $(WARN) -I. -O1 -g -D_DEFAULT_SOURCE -o $@ $<

fuzz-seeds: $(FUZZ_DIR)/mkseed_sdspi $(FUZZ_DIR)/mkseed_ed25519
	$(Q)bash tests/fuzz/mkcorpus.sh $(FUZZ_DIR)/seeds $(FUZZ_DIR)/mkseed_sdspi
	$(Q)mkdir -p $(FUZZ_DIR)/seeds/ed25519 && \
	    $(FUZZ_DIR)/mkseed_ed25519 $(FUZZ_DIR)/seeds/ed25519

fuzz-build: $(FUZZ_BINS) fuzz-seeds

fuzz: fuzz-build
	$(Q)BUILD=$(BUILD) bash tests/fuzz/run.sh $(FUZZ_SECONDS) \
	    $(FUZZ_WORKERS) $(FUZZ_TARGETS)

# The regression replay links the same harnesses (built with cc, ASan;
# PROFILE=tiny: with the tiny profile's options, build/tests-tiny/).
$(BUILD)/tests$(PSUF)/test_regress: $(call objs,$(UNITOBJ),tests/fuzz/h_image.c \
        tests/fuzz/h_walk.c tests/fuzz/h_journal.c tests/fuzz/h_part.c \
        tests/fuzz/h_config.c tests/fuzz/h_sdspi.c tests/fuzz/h_ed25519.c \
        tests/fuzz/h_fdt.c tests/fuzz/h_inflate.c)
