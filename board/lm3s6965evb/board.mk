# extload for the LM3S6965 evaluation board (Cortex-M3), as run by QEMU.
#
#   make firmware   build/lm3s6965evb/extload.elf and .bin
#   make qemu       demo SD image + boot it in QEMU, in one command
#   make gdb        the same, halted, with a gdb stub on :1234
#   make firmware-variants   the test builds (extload-stream, extload-sha)
#
# BOARD_SEMIHOSTING=1: stopping ends the emulator with an exit code (the
# default of the goals that run QEMU with semihosting: test, size, bench,
# qemu, gdb; the Makefile); 0 (else the default), as silicon without a
# debugger runs: a stop parks the CPU in wfi after its line.
# BOOT_REQUIRE_SHA256=1 refuses kernels without a KERNEL.sha256 file.

LM3S_DIR      := $(BUILD)/lm3s6965evb$(PSUF)$(SSUF)
ARM_OBJCOPY   ?= arm-none-eabi-objcopy
QEMU_ARM      ?= qemu-system-arm
GDB_PORT      ?= 1234
BOOT_REQUIRE_SHA256 ?= 0
# A signed build's rollback floor (BOOT_ROLLBACK; board/README.md): this
# board has no store QEMU keeps, so the floor is fixed here; empty: none.
BOOT_ROLLBACK_MIN ?=

# The CPU layer, the chips, the board, and board/main.c (the one
# board_main; a test build links its own in its place).
# A Cortex-M3 has no Linux hand-off: the RISC-V Linux entry is never
# linked here. The device-tree editor is, in the default profile, for
# FDTOVERLAYS (firmware/boot_conf.h BOOT_FDT_OVERLAY): a label's tree with
# overlays is applied to in the window; without, passed on as it is.
LM3S_BOOT_DEFS := -DBOOT_RISCV_LINUX=0
LM3S_SRC := $(BASE_SRC) $(FS_SRC) $(DRV_SRC) drivers/pl011.c drivers/pl022.c \
            drivers/lm3s_gpio.c drivers/lm3s_wdt.c $(FW_SRC) $(wildcard board/cortex-m/*.c) \
            $(BOARD_SHARED_SRC) $(wildcard board/lm3s6965evb/*.c) board/main.c
LM3S_CFLAGS := $(CSTD) $(WARN) -I. -mcpu=cortex-m3 -mthumb -Os -g \
            -ffreestanding -nostdlib -ffunction-sections -fdata-sections \
            -fno-tree-loop-distribute-patterns -fstack-usage \
            -DBOARD_SEMIHOSTING=$(BOARD_SEMIHOSTING) \
            -DBOOT_REQUIRE_SHA256=$(BOOT_REQUIRE_SHA256) $(PROFILE_DEFS) \
            $(BOARD_DEFS) $(SIGN_DEFS) $(LM3S_BOOT_DEFS) \
            $(if $(BOOT_ROLLBACK_MIN),-DBOOT_ROLLBACK_MIN=$(BOOT_ROLLBACK_MIN))
# LTO (Makefile's BOARD_LTO), and what else saves flash here at no cost in
# guest instructions on the stream bench (tiny/default extload.bin, bytes):
# -fipa-pta -48/+12, -fno-jump-tables -64/-32,
# -fno-inline-functions-called-once -120/-124; the three -224/-176; then
# -fno-partial-inlining -76/-80, -fno-code-hoisting -24, -fno-ipa-modref
# -24, the three -124/-120. (-fno-tree-loop-optimize saves 128 more but
# costs 11% more instructions on the stream: left out.) Issue 28:
# -fno-tree-loop-im -fno-move-loop-invariants -288/-272 for 0.5 % (tiny)
# and 1 % (default) more guest instructions on the 4 MiB verified stream
# (extload-stream.elf, ext4 4 KiB: 389 -> 391 and 210 -> 212 guest ms).
# The tiny profile only (its 16 KiB, issue 28): -fno-tree-pre
# -fno-tree-coalesce-vars -84 B, no more guest instructions on its 4 MiB
# verified stream (413 guest ms both).
LM3S_TINY_LTO ?= $(if $(PSUF),-fno-tree-pre -fno-tree-coalesce-vars)
LM3S_LTO := $(BOARD_LTO) $(if $(BOARD_LTO),-fipa-pta -fno-jump-tables \
            -fno-inline-functions-called-once -fno-partial-inlining \
            -fno-code-hoisting -fno-ipa-modref -fno-tree-loop-im \
            -fno-move-loop-invariants $(LM3S_TINY_LTO))
# The link also writes the call graph of the code it emits, frames after
# inlining (extload.elf.ltrans0.ltrans.ci, `make size`'s worst-case stack).
LM3S_LTO_LINK := $(LM3S_LTO) $(if $(BOARD_LTO),-fcallgraph-info=su)
LM3S_LDFLAGS := -T linker/lm3s6965evb.ld -Wl,--gc-sections -lgcc

$(eval $(call OBJ_RULE,$(LM3S_DIR)/obj,$$(ARM_CC),$$(LM3S_CFLAGS) $$(call board_lto,$$(LM3S_LTO)),CC-M3))
$(eval $(call OBJ_RULE,$(LM3S_DIR)/sha-obj,$$(ARM_CC),$$(LM3S_CFLAGS) $$(call board_lto,$$(LM3S_LTO)) -UBOOT_REQUIRE_SHA256 -DBOOT_REQUIRE_SHA256=1,CC-M3))
$(eval $(call OBJ_RULE,$(LM3S_DIR)/noint-obj,$$(ARM_CC),$$(LM3S_CFLAGS) $$(call board_lto,$$(LM3S_LTO)) -DBOOT_INTERACTIVE=0,CC-M3))
$(eval $(call OBJ_RULE,$(LM3S_DIR)/noconf-obj,$$(ARM_CC),$$(LM3S_CFLAGS) $$(call board_lto,$$(LM3S_LTO)) -DBOOT_CONF_INCLUDE=0 -DBOOT_CONF_VARS=0 -DBOOT_UINITRD=0 -DBOOT_CONF_SAY=0 -DBOOT_CONF_ONTIMEOUT=0 -DBOOT_CONF_FALLBACK=0 -DBOOT_INITRD_LIST=0,CC-M3))
$(eval $(call OBJ_RULE,$(LM3S_DIR)/notrial-obj,$$(ARM_CC),$$(LM3S_CFLAGS) $$(call board_lto,$$(LM3S_LTO)) -DBOOT_TRIAL=0,CC-M3))
$(eval $(call OBJ_RULE,$(LM3S_DIR)/msgs-obj,$$(ARM_CC),$$(LM3S_CFLAGS) $$(call board_lto,$$(LM3S_LTO)) -DBOOT_MESSAGES=1,CC-M3))
$(eval $(call OBJ_RULE,$(LM3S_DIR)/report-obj,$$(ARM_CC),$$(LM3S_CFLAGS) $$(call board_lto,$$(LM3S_LTO)) -DBOARD_REPORT=1 -DSDSPI_CID=1,CC-M3))
$(eval $(call OBJ_RULE,$(LM3S_DIR)/stack-obj,$$(ARM_CC),$$(LM3S_CFLAGS) $$(call board_lto,$$(LM3S_LTO)) -DBOARD_STACK_REPORT=1,CC-M3))
$(eval $(call OBJ_RULE,$(LM3S_DIR)/quote-obj,$$(ARM_CC),$$(LM3S_CFLAGS) $$(call board_lto,$$(LM3S_LTO)) -DCONSOLE_QUOTE=1,CC-M3))

# An image from objects: $(call LM3S_IMAGE,NAME,OBJECTS).
define LM3S_IMAGE
$$(LM3S_DIR)/$(1).elf: $(2) linker/lm3s6965evb.ld
	@$$(if $$(Q),echo "  LD      $$@")
	$$(Q)$$(ARM_CC) $$(LM3S_CFLAGS) $$(LM3S_LTO_LINK) -Wl,-Map=$$(LM3S_DIR)/$(1).map \
	    -o $$@ $(2) $$(LM3S_LDFLAGS)
endef
LM3S_OBJ := $(call objs,$(LM3S_DIR)/obj,$(LM3S_SRC))
$(eval $(call FLAGS_STAMP,$(LM3S_DIR)/lto-flags.txt,$(LM3S_LTO_LINK)))
$(foreach d,obj sha-obj noint-obj noconf-obj notrial-obj msgs-obj report-obj stack-obj quote-obj,$(call objs,$(LM3S_DIR)/$(d),$(LM3S_SRC))): \
    $(LM3S_DIR)/lto-flags.txt
# board/stop.c rebuilds when BOARD_SEMIHOSTING changes (the Makefile).
$(eval $(call FLAGS_STAMP,$(LM3S_DIR)/semihosting.txt,$(BOARD_SEMIHOSTING)))
$(foreach d,obj sha-obj noint-obj noconf-obj msgs-obj report-obj stack-obj,$(LM3S_DIR)/$(d)/board/stop.o): $(LM3S_DIR)/semihosting.txt
# BOOT_PUBKEY: board/main.c includes the key (the Makefile's SIGN_HDR).
$(LM3S_DIR)/obj/board/main.o: $(SIGN_HDR)
$(eval $(call FLAGS_STAMP,$(LM3S_DIR)/rollback-min.txt,$(BOOT_ROLLBACK_MIN)))
$(LM3S_DIR)/obj/board/lm3s6965evb/rollback.o: $(LM3S_DIR)/rollback-min.txt
# Everything but board_main, for builds that bring their own.
LM3S_LIB_OBJ := $(filter-out $(LM3S_DIR)/obj/board/main.o,$(LM3S_OBJ))
#   extload         the loader
#   extload-stream  tests/qemu/stream_main.c as board_main: streams
#                   /stream.bin through SHA-256 instead of booting
#   extload-sha     built with BOOT_REQUIRE_SHA256=1
#   extload-noint   built with BOOT_INTERACTIVE=0 (no menu, no prompt)
#   extload-noconf  built without BOOT_CONF_INCLUDE, BOOT_CONF_VARS,
#                   BOOT_UINITRD, BOOT_CONF_SAY, BOOT_CONF_ONTIMEOUT,
#                   BOOT_CONF_FALLBACK and
#                   BOOT_INITRD_LIST (their cost, `make size`)
#   extload-notrial built with BOOT_TRIAL=0 (no trial record, no
#                   loader words, no watchdog: their cost, `make size`)
#   extload-msgs    built with BOOT_MESSAGES=1 (the tiny profile's cost of
#                   the error sentences, `make size`)
#   extload-report  built with BOARD_REPORT=1 and SDSPI_CID=1 (the tiny
#                   profile's cost of the board's full banner, the card
#                   line with its CID, hand-off and fault lines, `make size`)
#   extload-stack   built with BOARD_STACK_REPORT=1 (the tiny profile's
#                   painted-stack figure and the line's cost, `make size`)
#   extload-quote   built with CONSOLE_QUOTE=1 (the tiny profile's cost of
#                   quoting a name's control bytes, `make size`)
$(eval $(call LM3S_IMAGE,extload,$(LM3S_OBJ)))
$(eval $(call LM3S_IMAGE,extload-stream,$(LM3S_LIB_OBJ) $(LM3S_DIR)/obj/tests/qemu/stream_main.o))
$(eval $(call LM3S_IMAGE,extload-sha,$(call objs,$(LM3S_DIR)/sha-obj,$(LM3S_SRC))))
$(eval $(call LM3S_IMAGE,extload-noint,$(call objs,$(LM3S_DIR)/noint-obj,$(LM3S_SRC))))
$(eval $(call LM3S_IMAGE,extload-noconf,$(call objs,$(LM3S_DIR)/noconf-obj,$(LM3S_SRC))))
$(eval $(call LM3S_IMAGE,extload-notrial,$(call objs,$(LM3S_DIR)/notrial-obj,$(LM3S_SRC))))
$(eval $(call LM3S_IMAGE,extload-msgs,$(call objs,$(LM3S_DIR)/msgs-obj,$(LM3S_SRC))))
$(eval $(call LM3S_IMAGE,extload-report,$(call objs,$(LM3S_DIR)/report-obj,$(LM3S_SRC))))
$(eval $(call LM3S_IMAGE,extload-stack,$(call objs,$(LM3S_DIR)/stack-obj,$(LM3S_SRC))))
$(eval $(call LM3S_IMAGE,extload-quote,$(call objs,$(LM3S_DIR)/quote-obj,$(LM3S_SRC))))

.PHONY: firmware-lm3s6965evb firmware-variants qemu-lm3s6965evb gdb-lm3s6965evb
firmware-lm3s6965evb: $(LM3S_DIR)/extload.elf $(LM3S_DIR)/extload.bin
	@$(ARM_SIZE) $(LM3S_DIR)/extload.elf | sed 's/^/  /'

firmware-variants: $(LM3S_DIR)/extload-stream.elf $(LM3S_DIR)/extload-sha.elf \
                   $(LM3S_DIR)/extload-noint.elf

$(LM3S_DIR)/%.bin: $(LM3S_DIR)/%.elf
	@$(if $(Q),echo "  OBJCOPY $@")
	$(Q)$(ARM_OBJCOPY) -O binary $< $@

# QEMU's lm3s6965evb: UART0 on stdio, the card image on the SSI0 SD slot
# (snapshot: the image stays untouched), semihosting for the exit code.
LM3S_QEMU = $(QEMU_ARM) -M lm3s6965evb -nographic -icount shift=0 \
            -semihosting-config enable=on,target=native \
            -drive if=sd,format=raw,file=$(QEMU_DEMO_IMG),snapshot=on

qemu-lm3s6965evb:
	@bash tests/deps.sh
	@$(MAKE) --no-print-directory firmware $(QEMU_DEMO_IMG)
	@echo "== booting $(QEMU_DEMO_IMG) in QEMU (exits when the kernel does) =="
	@$(LM3S_QEMU) -kernel $(LM3S_DIR)/extload.elf 2>$(LM3S_DIR)/qemu.err; \
	    rc=$$?; grep -v 'Timer with period zero' $(LM3S_DIR)/qemu.err >&2; \
	    echo "== QEMU exited with status $$rc =="; exit $$rc

gdb-lm3s6965evb:
	@bash tests/deps.sh gdb-multiarch || echo "(no gdb-multiarch: as root, bash tests/deps.sh gdb-multiarch)"
	@$(MAKE) --no-print-directory firmware $(QEMU_DEMO_IMG)
	@echo "QEMU is halted at reset with a gdb stub on tcp::$(GDB_PORT)."
	@echo "Attach from another terminal:"
	@echo "  gdb-multiarch $(LM3S_DIR)/extload.elf -ex 'target remote :$(GDB_PORT)'"
	@echo "Then e.g. 'break boot_label', 'continue'. Ctrl-a x quits QEMU."
	@$(LM3S_QEMU) -kernel $(LM3S_DIR)/extload.elf -S -gdb tcp::$(GDB_PORT)
