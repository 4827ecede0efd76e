# extload for the HiFive Unleashed (SiFive FU540, RV64), started as the
# FU540's mask ROM starts a first-stage loader from the card (MSEL 11: in
# the L2 LIM at 0x08000000): in QEMU, -M sifive_u,msel=11 -bios extload.elf.
#
#   make firmware BOARD=sifive-u   build/sifive-u/extload.elf and .bin
#   make qemu BOARD=sifive-u       demo SD image + boot it in QEMU
#   make gdb BOARD=sifive-u        the same, halted, gdb stub on :1234
#
# BOARD_SEMIHOSTING and BOOT_REQUIRE_SHA256 as for lm3s6965evb; PROFILE=tiny
# builds build/sifive-u-tiny/ with the profile's defines. The
# toolchain (Debian's gcc-riscv64-unknown-elf) ships no libc: string.h
# comes from lib/libc.

SIFIVE_DIR     := $(BUILD)/sifive-u$(PSUF)$(SSUF)
RV_CC          ?= riscv64-unknown-elf-gcc
RV_OBJCOPY     ?= riscv64-unknown-elf-objcopy
RV_SIZE        ?= riscv64-unknown-elf-size
QEMU_RV        ?= qemu-system-riscv64
GDB_PORT       ?= 1234
BOOT_REQUIRE_SHA256 ?= 0

RV_ARCH := -march=rv64imac_zicsr -mabi=lp64 -mcmodel=medany
# The freestanding flags every RISC-V image shares (the test kernel too).
RV_CFLAGS := $(CSTD) $(WARN) -I. -isystem lib/libc $(RV_ARCH) -Os -g \
            -ffreestanding -nostdlib -ffunction-sections -fdata-sections \
            -fno-tree-loop-distribute-patterns $(BOARD_DEFS)

# The CPU layer, the chips, the board, and board/main.c.
SIFIVE_SRC := $(BASE_SRC) $(FS_SRC) $(DRV_SRC) drivers/sifive_uart.c \
            drivers/sifive_spi.c drivers/sifive_prci.c drivers/sifive_otp.c \
            drivers/otp_counter.c $(FW_SRC) $(wildcard board/riscv/*.c) \
            $(BOARD_SHARED_SRC) $(wildcard board/sifive-u/*.c) board/main.c
# SIFIVE_DEFS: more -D switches (make size builds -DBOOT_FDT_OVERLAY=0 in
# a build folder of its own to price it).
SIFIVE_DEFS ?=
SIFIVE_CFLAGS := $(RV_CFLAGS) -fstack-usage $(PROFILE_DEFS) $(SIFIVE_DEFS) \
            -DBOARD_SEMIHOSTING=$(BOARD_SEMIHOSTING) \
            -DBOOT_REQUIRE_SHA256=$(BOOT_REQUIRE_SHA256) $(SIGN_DEFS)
SIFIVE_LDFLAGS := -T linker/sifive-u.ld -Wl,--gc-sections \
            -Wl,--no-warn-rwx-segments -lgcc
SIFIVE_OBJ := $(call objs,$(SIFIVE_DIR)/obj,$(SIFIVE_SRC))

$(eval $(call FLAGS_STAMP,$(SIFIVE_DIR)/lto-flags.txt,$(BOARD_LTO)))
$(SIFIVE_OBJ): $(SIFIVE_DIR)/lto-flags.txt
# board/stop.c rebuilds when BOARD_SEMIHOSTING changes (the Makefile).
$(eval $(call FLAGS_STAMP,$(SIFIVE_DIR)/semihosting.txt,$(BOARD_SEMIHOSTING)))
$(SIFIVE_DIR)/obj/board/stop.o: $(SIFIVE_DIR)/semihosting.txt
# BOOT_PUBKEY: board/main.c includes the key (the Makefile's SIGN_HDR).
$(SIFIVE_DIR)/obj/board/main.o: $(SIGN_HDR)
$(eval $(call OBJ_RULE,$(SIFIVE_DIR)/obj,$$(RV_CC),$$(SIFIVE_CFLAGS) $$(call board_lto,$$(BOARD_LTO)),CC-RV64))

$(SIFIVE_DIR)/extload.elf: $(SIFIVE_OBJ) linker/sifive-u.ld
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(RV_CC) $(SIFIVE_CFLAGS) $(BOARD_LTO) -Wl,-Map=$(SIFIVE_DIR)/extload.map \
	    -o $@ $(SIFIVE_OBJ) $(SIFIVE_LDFLAGS)

# The cpu_reset() test build: tests/qemu/payload-riscv/reset_main.c as
# board_main.
SIFIVE_RESET_OBJ := $(filter-out $(SIFIVE_DIR)/obj/board/main.o,$(SIFIVE_OBJ)) \
            $(SIFIVE_DIR)/obj/tests/qemu/payload-riscv/reset_main.o
$(SIFIVE_DIR)/extload-reset.elf: $(SIFIVE_RESET_OBJ) linker/sifive-u.ld
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(RV_CC) $(SIFIVE_CFLAGS) $(BOARD_LTO) -o $@ $(SIFIVE_RESET_OBJ) $(SIFIVE_LDFLAGS)

# The SBI hand-off test build: tests/qemu/payload-riscv/sbi_main.c as
# board_main (tests/qemu/t_sifive_sbi.sh).
SIFIVE_SBI_OBJ := $(filter-out $(SIFIVE_DIR)/obj/board/main.o,$(SIFIVE_OBJ)) \
            $(SIFIVE_DIR)/obj/tests/qemu/payload-riscv/sbi_main.o
$(SIFIVE_DIR)/extload-sbi.elf: $(SIFIVE_SBI_OBJ) linker/sifive-u.ld
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(RV_CC) $(SIFIVE_CFLAGS) $(BOARD_LTO) -o $@ $(SIFIVE_SBI_OBJ) $(SIFIVE_LDFLAGS)

$(SIFIVE_DIR)/%.bin: $(SIFIVE_DIR)/%.elf
	@$(if $(Q),echo "  OBJCOPY $@")
	$(Q)$(RV_OBJCOPY) -O binary $< $@

.PHONY: firmware-sifive-u qemu-sifive-u gdb-sifive-u
firmware-sifive-u: $(SIFIVE_DIR)/extload.elf $(SIFIVE_DIR)/extload.bin
	@$(RV_SIZE) $(SIFIVE_DIR)/extload.elf | sed 's/^/  /'

# The test kernel and the demo card.
include tests/qemu/payload-riscv/payload.mk

# QEMU's sifive_u: UART0 on stdio, the card image on QSPI2's SD slot
# (snapshot: the image stays untouched), semihosting for the exit code.
SIFIVE_QEMU = $(QEMU_RV) -M sifive_u,msel=11 -nographic -icount shift=0 \
            -semihosting-config enable=on,target=native \
            -drive if=sd,format=raw,file=$(SIFIVE_DEMO_IMG),snapshot=on

# `make qemu`: the test Linux (make linux builds it when missing: minutes
# on a clean tree) from a distribution-style card (tests/linux/mkcard.sh):
# extload loads OpenSBI's fw_dynamic, the kernel, two initrd files and the
# device tree, and Linux's init reports and reboots (-no-reboot: QEMU
# exits). The test-kernel card above stays for gdb and the benches.
SIFIVE_LINUX_DEMO_IMG := $(BUILD)/linux/demo.img
$(SIFIVE_LINUX_DEMO_IMG): tests/linux/mkcard.sh $(BUILD)/linux/Image \
                          $(BUILD)/linux/initrd.cpio $(BUILD)/linux/initrd-2.cpio
	@$(if $(Q),echo "  IMAGE   $@")
	$(Q)bash tests/linux/mkcard.sh $@ --linux $(BUILD)/linux >$@.tokens

qemu-sifive-u:
	@bash tests/deps.sh
	@$(MAKE) --no-print-directory linux firmware-sifive-u \
	    $(SIFIVE_LINUX_DEMO_IMG)
	@echo "== booting Linux from $(SIFIVE_LINUX_DEMO_IMG) in QEMU (exits when Linux reboots) =="
	@$(QEMU_RV) -M sifive_u,msel=11 -smp 2 -m 128M -nographic -no-reboot \
	    -bios $(SIFIVE_DIR)/extload.elf \
	    -drive if=sd,format=raw,file=$(SIFIVE_LINUX_DEMO_IMG),snapshot=on; \
	    rc=$$?; echo "== QEMU exited with status $$rc =="; exit $$rc

gdb-sifive-u:
	@bash tests/deps.sh gdb-multiarch || echo "(no gdb-multiarch: as root, bash tests/deps.sh gdb-multiarch)"
	@$(MAKE) --no-print-directory firmware-sifive-u $(SIFIVE_DEMO_IMG)
	@echo "QEMU is halted at reset with a gdb stub on tcp::$(GDB_PORT)."
	@echo "Attach from another terminal:"
	@echo "  gdb-multiarch $(SIFIVE_DIR)/extload.elf -ex 'target remote :$(GDB_PORT)'"
	@echo "Then e.g. 'break boot_label', 'continue'. Ctrl-a x quits QEMU."
	@$(SIFIVE_QEMU) -bios $(SIFIVE_DIR)/extload.elf -S -gdb tcp::$(GDB_PORT)
