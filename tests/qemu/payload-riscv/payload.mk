# The RISC-V test kernel (linked at 0x80000000, entered at its first byte)
# and the `make qemu BOARD=sifive-u` demo card. Included by
# board/sifive-u/board.mk, which defines RV_CC and RV_CFLAGS.
# One test kernel and demo card for both profiles (their flags name no
# profile).
SIFIVE_QDIR := $(BUILD)/sifive-u/qemu
RV_PAYLOAD_SRC := tests/qemu/payload-riscv/payload.c tests/qemu/payload/checks.c \
            drivers/sifive_uart.c \
            firmware/console/console.c lib/num.c board/riscv/semihost.c \
            lib/libc/mem.c
RV_PAYLOAD_OBJ := $(call objs,$(SIFIVE_QDIR)/payload-obj,$(RV_PAYLOAD_SRC))

$(eval $(call OBJ_RULE,$(SIFIVE_QDIR)/payload-obj,$$(RV_CC),$$(RV_CFLAGS),CC-PAY))

$(SIFIVE_QDIR)/payload.elf: $(RV_PAYLOAD_OBJ) linker/payload-riscv.ld
	@mkdir -p $(dir $@)
	$(Q)$(RV_CC) $(RV_CFLAGS) -o $@ $(RV_PAYLOAD_OBJ) \
	    -T linker/payload-riscv.ld -Wl,--gc-sections \
	    -Wl,--no-warn-rwx-segments -lgcc

$(SIFIVE_QDIR)/%.bin: $(SIFIVE_QDIR)/%.elf
	$(Q)$(RV_OBJCOPY) -O binary $< $@

# The S-mode test kernel that OpenSBI starts after the SBI hand-off
# (build/sifive-u/extload-sbi.elf places nothing itself: QEMU's -device
# loader puts it at 0x80200000).
RV_SPAYLOAD_SRC := tests/qemu/payload-riscv/sbi_payload.c firmware/console/console.c \
            lib/num.c lib/libc/mem.c
RV_SPAYLOAD_OBJ := $(call objs,$(SIFIVE_QDIR)/payload-obj,$(RV_SPAYLOAD_SRC))
$(SIFIVE_QDIR)/sbi-payload.elf: $(RV_SPAYLOAD_OBJ) \
                                tests/qemu/payload-riscv/sbi_payload.ld
	@mkdir -p $(dir $@)
	$(Q)$(RV_CC) $(RV_CFLAGS) -o $@ $(RV_SPAYLOAD_OBJ) \
	    -T tests/qemu/payload-riscv/sbi_payload.ld -Wl,--gc-sections \
	    -Wl,--no-warn-rwx-segments -lgcc

.PHONY: qemu-tools-sifive-u
qemu-tools-sifive-u: $(SIFIVE_QDIR)/payload.bin $(BUILD)/qemu/mkkernel \
                     $(SIFIVE_DIR)/extload-reset.elf \
                     $(SIFIVE_DIR)/extload-sbi.elf $(SIFIVE_QDIR)/sbi-payload.bin

SIFIVE_DEMO_IMG := $(SIFIVE_QDIR)/demo.img
$(SIFIVE_DEMO_IMG): tests/qemu/mkdemo.sh tests/qemu/mkimage.sh \
                    $(SIFIVE_QDIR)/payload.bin $(BUILD)/qemu/mkkernel
	bash tests/qemu/mkdemo.sh sifive-u $@ $(SIFIVE_QDIR) $(BUILD)/qemu/mkkernel
