# extload: build, test and measure.
#
#   make            host tool + Cortex-M3 objects (warnings are errors)
#   make host       build/host/extload          (SANITIZE=1: build/host-asan/)
#   make test       every suite; ends with "N passed, N failed"
#   make size       Cortex-M3 -Os sizes (tests/bench/rules.mk)
#   make bench      speed against peers (tests/bench/rules.mk)
#   make deps       installs missing Debian packages (as root)
#
# Cross-folder includes name the folder ("fs/ext.h"); -I. is the only path.
# Fragments owned by a folder (board image, QEMU tests, fuzzing, benches)
# live beside their code and are included at the end.

BUILD    ?= build
# V=1 shows the full command lines.
Q        := $(if $(V),,@)
CC       ?= cc
ARM_CC   ?= arm-none-eabi-gcc
ARM_SIZE ?= arm-none-eabi-size

WARN     := -Wall -Wextra -Werror -Wshadow -Wpointer-arith -Wvla \
            -Wstrict-prototypes -Wmissing-prototypes -Wundef
CSTD     := -std=c11
HOST_CFLAGS := $(CSTD) $(WARN) -I. -O2 -g -D_DEFAULT_SOURCE -DEXT_PATH_MAX=4096
ASAN     := -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=undefined
ARM_CFLAGS := $(CSTD) $(WARN) -I. -mcpu=cortex-m3 -mthumb -Os \
            -ffreestanding -nostdlib -ffunction-sections -fdata-sections \
            -fstack-usage

# Code that runs on the board and on the host alike.
FS_SRC   := $(wildcard fs/*.c)
DRV_SRC  := $(wildcard drivers/sdspi*.c)
FW_SRC   := $(wildcard firmware/*.c)
LIB_SRC  := $(FS_SRC) $(DRV_SRC) $(FW_SRC)
# The host port: an image file as the block device, stdio as the console.
HOSTPORT_SRC := $(filter-out board/host/main.c,$(wildcard board/host/*.c))
# Test-only code: the SD card model, image helpers.
TSUP_SRC := $(wildcard tests/support/*.c) $(wildcard tests/sdcard/*.c)
UNIT_SRC := $(wildcard tests/unit/test_*.c)

HOST_OBJ = $(patsubst %.c,$(BUILD)/host/obj/%.o,$(1))
ASAN_OBJ = $(patsubst %.c,$(BUILD)/host-asan/obj/%.o,$(1))
ARM_OBJ  = $(patsubst %.c,$(BUILD)/arm/obj/%.o,$(1))

UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))

.PHONY: all host test deps clean unit arm-objs
# Keep every intermediate object (make would delete them after the run,
# printing below the test summary).
.SECONDARY:
all: host arm-objs

ifeq ($(SANITIZE),1)
host: $(BUILD)/host-asan/extload
else
host: $(BUILD)/host/extload
endif

$(BUILD)/host/extload: $(call HOST_OBJ,$(LIB_SRC) $(HOSTPORT_SRC) board/host/main.c)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^

$(BUILD)/host-asan/extload: $(call ASAN_OBJ,$(LIB_SRC) $(HOSTPORT_SRC) board/host/main.c)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(HOST_CFLAGS) $(ASAN) -o $@ $^


# The host tool with the reader's options all off (fs/ext_priv.h), so the
# small configuration is tested too (tests/cli/t_options.sh).
MIN_DEFS := -DEXT_MESSAGES=0 -DEXT_HTREE=0 -DEXT_CSUM_VERIFY=0
$(BUILD)/host-min/extload: $(patsubst %.c,$(BUILD)/host-min/obj/%.o,$(LIB_SRC) $(HOSTPORT_SRC) board/host/main.c)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(HOST_CFLAGS) $(ASAN) -o $@ $^

$(BUILD)/host-min/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC-MIN  $<")
	$(Q)$(CC) $(HOST_CFLAGS) $(ASAN) $(MIN_DEFS) -MMD -MP -c -o $@ $<

$(BUILD)/host/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(HOST_CFLAGS) -MMD -MP -c -o $@ $<

$(BUILD)/host-asan/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC-ASAN $<")
	$(Q)$(CC) $(HOST_CFLAGS) $(ASAN) -MMD -MP -c -o $@ $<

$(BUILD)/arm/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC-ARM  $<")
	$(Q)$(ARM_CC) $(ARM_CFLAGS) -MMD -MP -c -o $@ $<

# Unit tests: cmocka, ASan + UBSan, linked with all portable code.
TEST_LIB_OBJ := $(call ASAN_OBJ,$(LIB_SRC) $(HOSTPORT_SRC) $(TSUP_SRC))
$(BUILD)/tests/%: $(BUILD)/host-asan/obj/tests/unit/%.o $(TEST_LIB_OBJ)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(HOST_CFLAGS) $(ASAN) -o $@ $^ -lcmocka

unit: $(UNIT_BIN) $(BUILD)/tools/seedfill $(BUILD)/tools/fspatch
$(BUILD)/tools/fspatch: fs/ext_format.h

# Host helpers the test scripts use to build images.
$(BUILD)/tools/%: tests/tools/%.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $<

# fs/ and drivers/ must build freestanding for Cortex-M3.
arm-objs: $(call ARM_OBJ,$(FS_SRC) $(DRV_SRC))

test: deps host unit
	@$(MAKE) --no-print-directory host SANITIZE=1 $(BUILD)/host-min/extload
	@BUILD=$(BUILD) bash tests/run.sh

deps:
	@bash tests/deps.sh

clean:
	rm -rf $(BUILD)

-include $(wildcard board/*/board.mk) $(wildcard tests/*/rules.mk)
-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
