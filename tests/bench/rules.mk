# Measurements (issue 7): `make size` and `make bench`. Neither is part of
# `make test`; both report figures against targets and never fail on time.
#
#   make size    Cortex-M3 -Os flash per module, RAM (.data + .bss + the
#                worst-case stack from the call graph, checked against the
#                painted stack of a QEMU boot), struct sizes, with targets
#   make bench   extload vs grub-fstest vs debugfs on the host, the SD
#                stack on the card model, and the loader vs a raw CMD18
#                loop in QEMU, and guest instructions per byte for the raw
#                CMD18 loop, the load, SHA-256 alone and the verified
#                4 MiB stream (extload-stream.elf); one table, also written to
#                tests/bench/RESULTS.md (BENCH_OUT=...). Takes minutes, most
#                of it QEMU. BENCH_RUNS=N timed runs per host tool (11);
#                BENCH_SIZE=bytes of the file (64 MiB); BENCH_QEMU=0 skips
#                QEMU. Then the compressed kernels (issue 52,
#                tests/bench/gzbench.py): inflate vs zlib on the host over
#                the kernel at gzip -1/-6/-9, guest instructions per
#                inflated byte on sifive-u, and the Linux label's modelled
#                time to the jump from Image and from Image.gz against the
#                0.6 target (BENCH_KERNEL: build/linux/Image when built,
#                else a seeded stand-in).
BENCH_DIR := $(BUILD)/bench$(PSUF)
BENCH_RUNS ?= 11
BENCH_SIZE ?= 67108864
BENCH_OUT ?= tests/bench/RESULTS.md

.PHONY: size bench

# -fcallgraph-info=su: the call graph with each function's frame size. Under
# LTO (BOARD_LTO, the default) the image's link writes it for the code it
# emits (board/lm3s6965evb/board.mk); without, from the very sources and
# flags of the loader image compiled apart (objects thrown away).
BENCH_CI_OBJ := $(if $(BOARD_LTO),,$(call objs,$(BENCH_DIR)/ci,$(LM3S_SRC)))
$(eval $(call OBJ_RULE,$(BENCH_DIR)/ci,$$(ARM_CC),$$(LM3S_CFLAGS) -fcallgraph-info=su,CC-CG))
BENCH_SIZES_OBJ := $(BUILD)/arm$(PSUF)/obj/tests/bench/sizes.o

$(BENCH_DIR)/lm3s-src.txt: FORCE_BENCH
	@mkdir -p $(dir $@)
	@echo "LM3S_SRC_LIST: $(LM3S_SRC)" >$@.tmp && \
	    { cmp -s $@.tmp $@ || mv $@.tmp $@; }; rm -f $@.tmp
.PHONY: FORCE_BENCH

# Both profiles, then each figure against its target and the committed
# baseline (tests/bench/size-baseline.json; SIZE_UPDATE=1 rewrites it).
size:
	@bash tests/deps.sh python3
	@$(MAKE) --no-print-directory -s PROFILE=default size-report
	@echo
	@$(MAKE) --no-print-directory -s PROFILE=tiny size-report
	@echo
	@python3 tests/bench/size_check.py --build $(BUILD) \
	    --baseline tests/bench/size-baseline.json \
	    $(if $(filter 1,$(SIZE_UPDATE)),--update)

# The signed option's images (BOOT_SIGNED, build/BOARD-signed/) are
# built with RFC 8032's TEST 1 public key: the size does not depend on
# which key.
SIZE_PUBKEY := tests/bench/size-pubkey.pem
.PHONY: size-report
# SIZE_PRICES=0 (make test's size guard, tests/bench/t_size.sh) builds
# only the images whose figures the baseline holds, not the variants that
# price each build option, nor fsconf.py's, sdconf.py's and Ed25519's
# tables.
SIZE_PRICES ?= 1
SIZE_OFF := $(filter 0,$(SIZE_PRICES))
size-report: $(BENCH_CI_OBJ) $(BENCH_SIZES_OBJ) $(BENCH_DIR)/lm3s-src.txt
	@$(MAKE) --no-print-directory -s firmware $(QEMU_DEMO_IMG) \
	    $(if $(SIZE_OFF),,$(if $(PSUF),$(LM3S_DIR)/extload-msgs.bin $(LM3S_DIR)/extload-report.bin $(LM3S_DIR)/extload-stack.bin $(LM3S_DIR)/extload-quote.bin,$(LM3S_DIR)/extload-noint.bin $(LM3S_DIR)/extload-noconf.bin $(LM3S_DIR)/extload-notrial.bin)) >/dev/null
	@$(MAKE) --no-print-directory -s firmware-sifive-u $(SIFIVE_DEMO_IMG) >/dev/null
	@$(if $(PSUF)$(SIZE_OFF),,$(MAKE) --no-print-directory -s firmware-lm3s6965evb \
	    firmware-sifive-u BOOT_PUBKEY=$(SIZE_PUBKEY) >/dev/null)
	@$(if $(PSUF)$(SIZE_OFF),,$(MAKE) --no-print-directory -s firmware-lm3s6965evb \
	    firmware-sifive-u BOOT_PUBKEY=$(SIZE_PUBKEY) BOOT_ROLLBACK=0 >/dev/null)
	@$(if $(PSUF)$(SIZE_OFF),,$(MAKE) --no-print-directory -s firmware-sifive-u \
	    BUILD=$(BUILD)/nooverlay SIFIVE_DEFS=-DBOOT_FDT_OVERLAY=0 >/dev/null)
	@$(if $(PSUF)$(SIZE_OFF),,$(MAKE) --no-print-directory -s firmware-lm3s6965evb \
	    BUILD=$(BUILD)/nooverlay \
	    'LM3S_BOOT_DEFS=-DBOOT_RISCV_LINUX=0 -DBOOT_FDT_EDIT=0' >/dev/null)
	@$(if $(PSUF)$(SIZE_OFF),,$(MAKE) --no-print-directory -s firmware-sifive-u \
	    BUILD=$(BUILD)/nopartition SIFIVE_DEFS=-DBOOT_CONF_PARTITION=0 >/dev/null)
	@$(if $(PSUF)$(SIZE_OFF),,$(MAKE) --no-print-directory -s firmware-lm3s6965evb \
	    BUILD=$(BUILD)/nopartition \
	    'LM3S_BOOT_DEFS=-DBOOT_RISCV_LINUX=0 -DBOOT_CONF_PARTITION=0' >/dev/null)
	@$(if $(PSUF)$(SIZE_OFF),,$(MAKE) --no-print-directory -s firmware-sifive-u \
	    BUILD=$(BUILD)/nogzip SIFIVE_DEFS=-DBOOT_GZIP=0 >/dev/null)
	@$(if $(PSUF)$(SIZE_OFF),,$(MAKE) --no-print-directory -s firmware-lm3s6965evb \
	    BUILD=$(BUILD)/nogzip \
	    'LM3S_BOOT_DEFS=-DBOOT_RISCV_LINUX=0 -DBOOT_GZIP=0' >/dev/null)
	@$(if $(SIZE_OFF),,$(if $(PSUF),$(MAKE) --no-print-directory -s firmware-sifive-u \
	    BUILD=$(BUILD)/norefuse SIFIVE_DEFS=-DBOOT_GZIP_REFUSE=0 >/dev/null))
	@$(if $(SIZE_OFF),,$(if $(PSUF),$(MAKE) --no-print-directory -s firmware-lm3s6965evb \
	    BUILD=$(BUILD)/norefuse \
	    'LM3S_BOOT_DEFS=-DBOOT_RISCV_LINUX=0 -DBOOT_GZIP_REFUSE=0' >/dev/null))
	@bash tests/bench/size.sh $(BUILD) $(PROFILE) $(if $(BOARD_LTO),lto)
	@echo
	@$(if $(PSUF)$(SIZE_OFF),,python3 tests/bench/fsconf.py $(BUILD) $(ARM_CC) $(ARM_CFLAGS))
	@$(if $(PSUF)$(SIZE_OFF),,echo)
	@$(if $(PSUF)$(SIZE_OFF),,python3 tests/bench/sdconf.py $(BUILD) $(ARM_CC) $(LM3S_CFLAGS))
	@$(if $(PSUF)$(SIZE_OFF),,echo && $(MAKE) --no-print-directory -s size-ed25519)

# The SD stack on the card model, on the host.
SDBENCH_SRC := tests/bench/sdbench.c $(BASE_SRC) $(FS_SRC) $(DRV_SRC) tests/sdcard/sdmodel.c
$(BENCH_DIR)/sdbench: $(call objs,$(BUILD)/host/obj,$(SDBENCH_SRC))
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^

# firmware/inflate against zlib on the host (tests/bench/inflate_bench.c).
INFLATE_BENCH_SRC := tests/bench/inflate_bench.c firmware/inflate/inflate.c $(BASE_SRC)
$(BENCH_DIR)/inflate_bench: $(call objs,$(BUILD)/host/obj,$(INFLATE_BENCH_SRC))
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^ -lz

# The QEMU bench build: the loader's objects (board.mk's, same flags) with
# tests/bench/fw_bench.c as board_main instead of the boot flow.
$(eval $(call LM3S_IMAGE,fw-bench,$(LM3S_LIB_OBJ) $(LM3S_DIR)/obj/tests/bench/fw_bench.o))
$(BENCH_DIR)/fw-bench.elf: $(LM3S_DIR)/fw-bench.elf
	@mkdir -p $(dir $@)
	$(Q)cp $< $@

BENCH_QEMU ?= 1
# The kernel of the compressed-kernel figures: the test kernel when make
# linux has built it, else gzbench.py's stand-in.
BENCH_KERNEL ?= $(wildcard $(BUILD)/linux/Image)
bench:
	@bash tests/deps.sh grub-common strace python3
	@$(MAKE) --no-print-directory -s $(BUILD)/host/extload \
	    $(BUILD)/tools/seedfill $(BENCH_DIR)/sdbench $(BENCH_DIR)/fw-bench.elf \
	    $(LM3S_DIR)/extload-stream.elf $(BENCH_DIR)/inflate_bench \
	    $(if $(filter 0,$(BENCH_QEMU)),,firmware-sifive-u rv-bench)
	@echo "bench: make size"
	@$(MAKE) --no-print-directory -s size-report >$(BENCH_DIR)/size.txt
	@echo "bench: images ($(BENCH_SIZE)-byte file) in $(BENCH_DIR)/img"
	@bash tests/bench/mkimages.sh $(BENCH_DIR)/img $(BUILD)/tools/seedfill \
	    $(BENCH_SIZE)
	@$(if $(filter 0,$(BENCH_QEMU)),,echo "bench: compressed kernels (gzbench.py)" && \
	    { python3 tests/bench/gzbench.py --build $(BUILD) \
	        --work $(BENCH_DIR)/gz --runs $(BENCH_RUNS) \
	        $(if $(BENCH_KERNEL),--kernel $(BENCH_KERNEL)) \
	        >$(BENCH_DIR)/gz.md || echo BROKE >>$(BENCH_DIR)/gz.md; })
	@python3 tests/bench/bench.py --build $(BUILD) --images $(BENCH_DIR)/img \
	    --runs $(BENCH_RUNS) --out $(BENCH_OUT) \
	    --size-report $(BENCH_DIR)/size.txt \
	    $(if $(filter 0,$(BENCH_QEMU)),--no-qemu,--gz-report $(BENCH_DIR)/gz.md)

# Ed25519 verification on lm3s6965evb (tests/bench/fw_ed25519.c as
# board_main): guest instructions per verify under -icount, its flash and
# stack; tests/bench/ed25519_cost.sh prints them against the targets.
$(eval $(call LM3S_IMAGE,fw-ed25519,$(LM3S_LIB_OBJ) $(LM3S_DIR)/obj/tests/bench/fw_ed25519.o))
ED25519_CI_OBJ := $(call objs,$(BENCH_DIR)/ci,firmware/crypto/ed25519.c \
                  firmware/crypto/sha512.c)
.PHONY: size-ed25519
size-ed25519: $(LM3S_DIR)/fw-ed25519.elf $(ED25519_CI_OBJ)
	@rm -f $(BENCH_DIR)/ed25519-qemu.log
	@if command -v $(QEMU_ARM) >/dev/null; then \
	    timeout 300 $(QEMU_ARM) -M lm3s6965evb -nographic -icount shift=0 \
	        -semihosting-config enable=on,target=native \
	        -kernel $(LM3S_DIR)/fw-ed25519.elf </dev/null \
	        >$(BENCH_DIR)/ed25519-qemu.log 2>&1; fi; \
	python3 tests/bench/ed25519_cost.py --map $(LM3S_DIR)/fw-ed25519.map \
	    --obj-prefix $(LM3S_DIR)/obj --ci-dir $(BENCH_DIR)/ci/firmware \
	    $(if $(BOARD_LTO),--elf $(LM3S_DIR)/fw-ed25519.elf) \
	    --log $(BENCH_DIR)/ed25519-qemu.log

# The struct sizes as lm3s6965evb builds them (its board.mk's
# LM3S_BOOT_DEFS shape struct boot_plan and so the window's tail).
$(BENCH_SIZES_OBJ): ARM_CFLAGS += $(LM3S_BOOT_DEFS)

# The window tail BOARD's build (PROFILE, BOOT_PUBKEY) keeps: make size's
# struct sizes (tests/bench/sizes.c) built with that board's flags, its
# sizeof_window_tail printed as one number (tests/cli/t_board_tail.sh).
BOARD_TAIL_OBJ = $(BUILD)/tail/$(BOARD)$(PSUF)$(if $(BOOT_PUBKEY),-signed).o
.PHONY: board-tail
board-tail:
	@mkdir -p $(BUILD)/tail
	$(Q)$(if $(filter sifive-u,$(BOARD)),$(RV_CC) $(SIFIVE_CFLAGS),$(ARM_CC) $(LM3S_CFLAGS)) \
	    -c tests/bench/sizes.c -o $(BOARD_TAIL_OBJ)
	@printf '%d\n' 0x$$(nm -S $(BOARD_TAIL_OBJ) | \
	    awk '$$4 == "sizeof_window_tail" { print $$2 }')

# The sifive-u inflate and jump benches (tests/bench/rv_bench.c, issue
# 52): rv-inflate.elf inflates a gzip member QEMU places in DRAM,
# rv-jump.bin is a Linux label's FIRMWARE that reports the instructions
# to the jump. Built with the firmware's RISC-V flags (no LTO).
RV_BENCH_DIR := $(BENCH_DIR)/rv
RV_BENCH_LIB := drivers/sifive_uart.c firmware/console/console.c lib/num.c \
                board/riscv/semihost.c lib/libc/mem.c
RV_BENCH_OBJ := $(call objs,$(RV_BENCH_DIR)/obj,$(RV_BENCH_LIB) \
                firmware/inflate/inflate.c lib/crc.c)
$(eval $(call OBJ_RULE,$(RV_BENCH_DIR)/obj,$$(RV_CC),$$(RV_CFLAGS),CC-RVB))
$(RV_BENCH_DIR)/inflate.o $(RV_BENCH_DIR)/jump.o: tests/bench/rv_bench.c
	@mkdir -p $(dir $@)
	$(Q)$(RV_CC) $(RV_CFLAGS) -DRV_BENCH_JUMP=$(if $(filter %jump.o,$@),1,0) \
	    -c $< -o $@
$(RV_BENCH_DIR)/rv-%.elf: $(RV_BENCH_DIR)/%.o $(RV_BENCH_OBJ) linker/payload-riscv.ld
	$(Q)$(RV_CC) $(RV_CFLAGS) -o $@ $< $(RV_BENCH_OBJ) \
	    -T linker/payload-riscv.ld -Wl,--gc-sections \
	    -Wl,--no-warn-rwx-segments -lgcc
$(RV_BENCH_DIR)/rv-jump.bin: $(RV_BENCH_DIR)/rv-jump.elf
	$(Q)$(RV_OBJCOPY) -O binary $< $@
.PHONY: rv-bench
rv-bench: $(RV_BENCH_DIR)/rv-inflate.elf $(RV_BENCH_DIR)/rv-jump.bin
