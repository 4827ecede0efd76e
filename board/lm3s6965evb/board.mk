# extload for the LM3S6965 evaluation board (Cortex-M3), as run by QEMU.
#
#   make firmware   build/lm3s6965evb/extload.elf and .bin
#   make qemu       demo SD image + boot it in QEMU, in one command
#   make gdb        the same, halted, with a gdb stub on :1234
#
# BOARD_SEMIHOSTING=1 (default): stopping ends the emulator with an exit
# code; set 0 for silicon without a debugger. BOOT_REQUIRE_SHA256=1 refuses
# kernels without a KERNEL.sha256 file.

LM3S_DIR      := $(BUILD)/lm3s6965evb
ARM_OBJCOPY   ?= arm-none-eabi-objcopy
QEMU_ARM      ?= qemu-system-arm
GDB_PORT      ?= 1234
BOARD_SEMIHOSTING ?= 1
BOOT_REQUIRE_SHA256 ?= 0

LM3S_SRC := $(FS_SRC) $(DRV_SRC) drivers/pl011.c drivers/pl022.c \
            drivers/lm3s_gpio.c $(FW_SRC) $(wildcard firmware/cortexm/*.c) \
            $(wildcard board/lm3s6965evb/*.c)
LM3S_CFLAGS := $(CSTD) $(WARN) -I. -mcpu=cortex-m3 -mthumb -Os -g \
            -ffreestanding -nostdlib -ffunction-sections -fdata-sections \
            -fno-tree-loop-distribute-patterns -fstack-usage \
            -DBOARD_SEMIHOSTING=$(BOARD_SEMIHOSTING) \
            -DBOOT_REQUIRE_SHA256=$(BOOT_REQUIRE_SHA256)
LM3S_LDFLAGS := -T linker/lm3s6965evb.ld -Wl,--gc-sections -lgcc

.PHONY: firmware firmware-variants qemu gdb
all: firmware

# One loader image per variant: name, object folder, extra flags.
#   extload         the loader
#   extload-stream  streams /stream.bin through SHA-256 instead of booting
#                   (tests/qemu: files larger than the board's RAM)
#   extload-sha     built with BOOT_REQUIRE_SHA256=1
#   extload-noint   built with BOOT_INTERACTIVE=0 (no menu, no prompt)
define LM3S_VARIANT
$(1)_OBJ := $$(patsubst %.c,$$(LM3S_DIR)/$(2)/%.o,$$(LM3S_SRC))

$$(LM3S_DIR)/$(2)/%.o: %.c
	@mkdir -p $$(dir $$@)
	@$$(if $$(Q),echo "  CC-M3   $$< ($(1))")
	$$(Q)$$(ARM_CC) $$(LM3S_CFLAGS) $(3) -MMD -MP -c -o $$@ $$<

$$(LM3S_DIR)/$(1).elf: $$($(1)_OBJ) linker/lm3s6965evb.ld
	@$$(if $$(Q),echo "  LD      $$@")
	$$(Q)$$(ARM_CC) $$(LM3S_CFLAGS) -Wl,-Map=$$(LM3S_DIR)/$(1).map \
	    -o $$@ $$($(1)_OBJ) $$(LM3S_LDFLAGS)
endef
$(eval $(call LM3S_VARIANT,extload,obj,))
$(eval $(call LM3S_VARIANT,extload-stream,stream-obj,-DBOOT_STREAM_TEST=1))
$(eval $(call LM3S_VARIANT,extload-sha,sha-obj,-UBOOT_REQUIRE_SHA256 -DBOOT_REQUIRE_SHA256=1))
$(eval $(call LM3S_VARIANT,extload-noint,noint-obj,-DBOOT_INTERACTIVE=0))

firmware: $(LM3S_DIR)/extload.elf $(LM3S_DIR)/extload.bin
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

qemu:
	@bash tests/deps.sh
	@$(MAKE) --no-print-directory firmware $(QEMU_DEMO_IMG)
	@echo "== booting $(QEMU_DEMO_IMG) in QEMU (exits when the kernel does) =="
	@$(LM3S_QEMU) -kernel $(LM3S_DIR)/extload.elf 2>$(LM3S_DIR)/qemu.err; \
	    rc=$$?; grep -v 'Timer with period zero' $(LM3S_DIR)/qemu.err >&2; \
	    echo "== QEMU exited with status $$rc =="; exit $$rc

gdb:
	@bash tests/deps.sh gdb-multiarch || echo "(no gdb-multiarch: as root, bash tests/deps.sh gdb-multiarch)"
	@$(MAKE) --no-print-directory firmware $(QEMU_DEMO_IMG)
	@echo "QEMU is halted at reset with a gdb stub on tcp::$(GDB_PORT)."
	@echo "Attach from another terminal:"
	@echo "  gdb-multiarch $(LM3S_DIR)/extload.elf -ex 'target remote :$(GDB_PORT)'"
	@echo "Then e.g. 'break boot_label', 'continue'. Ctrl-a x quits QEMU."
	@$(LM3S_QEMU) -kernel $(LM3S_DIR)/extload.elf -S -gdb tcp::$(GDB_PORT)
