# QEMU test pieces: the test kernel (payload), host helpers, demo image.
QEMU_DIR := $(BUILD)/qemu

PAYLOAD_SRC := tests/qemu/payload/payload.c tests/qemu/payload/checks.c \
               drivers/pl011.c \
               firmware/console/console.c lib/num.c board/cortex-m/semihost.c \
               lib/libc/mem.c
PAYLOAD_CFLAGS := $(CSTD) $(WARN) -I. -mcpu=cortex-m3 -mthumb -Os -g \
               -ffreestanding -nostdlib -ffunction-sections -fdata-sections \
               -fno-tree-loop-distribute-patterns
PAYLOAD_LD := -T linker/payload.ld -Wl,--gc-sections -lgcc

.PHONY: qemu-tools
qemu-tools: $(QEMU_DIR)/payload.bin $(QEMU_DIR)/payload-raw.bin \
            $(QEMU_DIR)/mkkernel

# The test kernel: one with a vector table, one entered at its first byte.
$(eval $(call OBJ_RULE,$(QEMU_DIR)/payload-obj,$$(ARM_CC),$$(PAYLOAD_CFLAGS),CC-PAY))
$(eval $(call OBJ_RULE,$(QEMU_DIR)/payload-raw-obj,$$(ARM_CC),$$(PAYLOAD_CFLAGS) -DPAYLOAD_RAW,CC-PAY))
$(QEMU_DIR)/payload.elf: $(call objs,$(QEMU_DIR)/payload-obj,$(PAYLOAD_SRC))
$(QEMU_DIR)/payload-raw.elf: $(call objs,$(QEMU_DIR)/payload-raw-obj,$(PAYLOAD_SRC))
# The trial test's kernel (tests/qemu/t_trial.sh): arms a trial or hangs
# as its command line says (tests/qemu/payload/trial.c).
PAYLOAD_TRIAL_SRC := $(PAYLOAD_SRC) tests/qemu/payload/trial.c \
                     firmware/trial/trial.c lib/crc.c
$(eval $(call OBJ_RULE,$(QEMU_DIR)/payload-trial-obj,$$(ARM_CC),$$(PAYLOAD_CFLAGS) -DPAYLOAD_TRIAL,CC-PAY))
$(QEMU_DIR)/payload-trial.elf: $(call objs,$(QEMU_DIR)/payload-trial-obj,$(PAYLOAD_TRIAL_SRC))
$(QEMU_DIR)/payload.elf $(QEMU_DIR)/payload-raw.elf $(QEMU_DIR)/payload-trial.elf: linker/payload.ld
	@mkdir -p $(dir $@)
	$(Q)$(ARM_CC) $(PAYLOAD_CFLAGS) -o $@ $(filter %.o,$^) $(PAYLOAD_LD)

$(QEMU_DIR)/%.bin: $(QEMU_DIR)/%.elf
	@$(if $(Q),echo "  OBJCOPY $@")
	$(Q)$(ARM_OBJCOPY) -O binary $< $@

$(QEMU_DIR)/mkkernel: tests/qemu/mkkernel.c tests/qemu/payload/pad.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC-LD   $@")
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $<

# The `make qemu` demo card (board/lm3s6965evb/board.mk runs it).
QEMU_DEMO_IMG := $(QEMU_DIR)/demo.img
$(QEMU_DEMO_IMG): tests/qemu/mkdemo.sh tests/qemu/mkimage.sh \
                  $(QEMU_DIR)/payload.bin $(QEMU_DIR)/payload-raw.bin \
                  $(QEMU_DIR)/mkkernel
	@$(if $(Q),echo "  IMAGE   $@")
	$(Q)bash tests/qemu/mkdemo.sh lm3s6965evb $@ $(QEMU_DIR) $(QEMU_DIR)/mkkernel
