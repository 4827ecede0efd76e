# extload: build, test and measure.
#
#   make            host tool + Cortex-M3 objects (warnings are errors)
#   make host       build/host/extload          (SANITIZE=1: build/host-asan/)
#   make test       every suite; ends with "N passed, N failed"
#   make test T=NAME  one suite (names as the summary prints them:
#                   test_ext, cli.t_cli, qemu.t_qemu, ...; a glob works;
#                   the tiny profile's: unit-tiny.test_ext, cli-tiny.t_cli)
#   make firmware   the board image (BOARD=lm3s6965evb, board/*/board.mk)
#   make qemu       boot the demo card in QEMU
#   make size       Cortex-M3 -Os sizes, and the RISC-V image (tests/bench/rules.mk)
#   make prove      Frama-C EVA over fs/ for both profiles, then the loader's
#                   other parts (tests/prove/part_*.mk): alarms, coverage
#                   (tests/prove/rules.mk, fs/README.md "What is proven")
#   make linux      the test Linux for sifive-u: build/linux/Image (cached: a
#                   clean tree builds it once) and initrd*.cpio (tests/linux/rules.mk)
#   make linux-tool the host tool built static for the board's Linux:
#                   build/riscv64-linux/extload (tests/linux/rules.mk)
#   make bench      speed against peers (tests/bench/rules.mk)
#   make metrics    the longest functions and largest .c files (tests/tools/rules.mk)
#   make deps       installs missing Debian packages (as root)
#
# Cross-folder includes name the folder ("fs/ext.h"); -I. is the only path.
# Fragments owned by a folder (board image, QEMU tests, fuzzing, benches)
# live beside their code and are included at the end; they build objects
# only through OBJ_RULE below.

BUILD    ?= build
BOARD    ?= lm3s6965evb
# PROFILE=tiny: the tiny profile (the *_conf.h headers of fs/, drivers/
# and firmware/ say what it leaves out); its build folders end in -tiny:
# build/host-tiny/extload, build/lm3s6965evb-tiny/extload.elf.
PROFILE  ?= default
# Both profiles' host tools sign and verify labels (extload message,
# sign, verify, boot --key; firmware/boot_conf.h BOOT_SIGNED), the tiny
# one without the rollback floor (BOOT_ROLLBACK 0), as the tiny signed
# boards. The tiny unit tests keep the tiny boards' unsigned build
# (UNIT_SIGNED, their objects in build/tests-tiny/obj).
HOST_SIGNED := -DBOOT_SIGNED=1 -DED25519_SIGNER=1
ifeq ($(PROFILE),tiny)
PROFILE_DEFS := -DEXTLOAD_TINY=1
PSUF     := -tiny
UNIT_SIGNED :=
else ifeq ($(PROFILE),default)
PROFILE_DEFS :=
PSUF     :=
UNIT_SIGNED := $(HOST_SIGNED)
else
$(error PROFILE is default or tiny, not '$(PROFILE)')
endif
# V=1 shows the full command lines.
Q        := $(if $(V),,@)
CC       ?= cc
ARM_CC   ?= arm-none-eabi-gcc
ARM_SIZE ?= arm-none-eabi-size

WARN     := -Wall -Wextra -Werror -Wshadow -Wpointer-arith -Wvla \
            -Wstrict-prototypes -Wmissing-prototypes -Wundef
CSTD     := -std=c11
HOST_BASE_CFLAGS := $(CSTD) $(WARN) -I. -O2 -g -D_DEFAULT_SOURCE \
            -DEXT_PATH_MAX=4096 -DEXT_PATH_LIMIT=1 $(PROFILE_DEFS)
HOST_CFLAGS := $(HOST_BASE_CFLAGS) $(HOST_SIGNED)
UNIT_CFLAGS := $(HOST_BASE_CFLAGS) $(UNIT_SIGNED)
# BOOT_PUBKEY=key.pub.pem: the board images boot only signed labels
# (firmware/README.md, "Signed labels"), built with BOOT_SIGNED=1 and the
# key (build/pubkey/boot_pubkey.h, tests/crypto/rules.mk) into folders
# ending in -signed: build/lm3s6965evb-signed/extload.elf.
# BOOT_ROLLBACK=0 with it: signed without the rollback floor
# (firmware/boot_conf.h), into build/BOARD-signed-norollback/ (make size
# prices the floor with it).
BOOT_PUBKEY ?=
BOOT_ROLLBACK ?=
ifneq ($(BOOT_PUBKEY),)
SSUF     := -signed$(if $(filter 0,$(BOOT_ROLLBACK)),-norollback)
SIGN_DEFS := -DBOOT_SIGNED=1 -I$(BUILD)/pubkey \
             $(if $(filter 0,$(BOOT_ROLLBACK)),-DBOOT_ROLLBACK=0)
SIGN_HDR := $(BUILD)/pubkey/boot_pubkey.h
else
SSUF     :=
SIGN_DEFS :=
SIGN_HDR :=
endif
ASAN     := -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=undefined
# Every board addresses its card with 32-bit sector numbers
# (fs/blockdev.h) and 32-bit file offsets (EXT_OFF32, fs/ext_conf.h); the
# host keeps 64 (the tiny profile sets 32 there too).
BOARD_DEFS := -DBLOCKDEV_LBA32=1 -DEXT_OFF32=1
# Link-time optimisation of the board images (issue 28): their objects
# carry GIMPLE only and the link compiles the whole loader as one unit
# (-flto-partition=one: one ltrans, so its -fstack-usage and call graph
# cover every function; tests/bench/rules.mk). lib/libc/mem.c stays out
# (BOARD_NO_LTO): gcc emits memcpy/memset calls after the plugin has
# resolved the symbols, so the mem* must be ordinary objects. BOARD_LTO=
# (empty) builds the images the old way.
BOARD_LTO ?= -flto -flto-partition=one
BOARD_NO_LTO := lib/libc/mem.c
# $(call board_lto,FLAGS): FLAGS, or -fno-lto for the object being built
# when it is in BOARD_NO_LTO (in a recipe, where $< is its source).
board_lto = $(if $(filter $(BOARD_NO_LTO),$<),-fno-lto,$(1))
# $(call FLAGS_STAMP,FILE,FLAGS): FILE holds FLAGS and changes only when
# they do; objects that depend on it rebuild when the flags change (LTO
# objects and plain ones link together, silently, otherwise).
define FLAGS_STAMP
$(1): FORCE_FLAGS
	@mkdir -p $$(dir $$@)
	@echo '$(2)' >$$@.tmp && { cmp -s $$@.tmp $$@ || mv $$@.tmp $$@; }; rm -f $$@.tmp
endef
.PHONY: FORCE_FLAGS
# BOARD_SEMIHOSTING (board/board.h): 0, a board on its own as silicon runs
# it, whose stop parks the CPU in wfi after its line; 1 ends the emulator
# with the stop's code through semihosting (which traps without a
# debugger). The goals that run QEMU with semihosting and read its exit
# status build with 1, and hand it on to the tests they run.
ifneq ($(filter test size% bench% qemu% gdb% firmware-variants,$(MAKECMDGOALS)),)
BOARD_SEMIHOSTING ?= 1
endif
BOARD_SEMIHOSTING ?= 0
export BOARD_SEMIHOSTING
ARM_CFLAGS := $(CSTD) $(WARN) -I. -mcpu=cortex-m3 -mthumb -Os \
            -ffreestanding -nostdlib -ffunction-sections -fdata-sections \
            -fstack-usage $(PROFILE_DEFS) $(BOARD_DEFS)

# The one object rule. $(call OBJ_RULE,OBJDIR,COMPILER,FLAGS,TAG) makes
# OBJDIR/path/x.o from path/x.c; COMPILER and FLAGS are variable
# references ($$(CC)), expanded when the rule runs.
define OBJ_RULE
$(1)/%.o: %.c
	@mkdir -p $$(dir $$@)
	@$$(if $$(Q),printf '  %-7s %s\n' '$(4)' '$$<')
	$$(Q)$(2) $(3) -MMD -MP -c -o $$@ $$<
endef
objs = $(patsubst %.c,$(1)/%.o,$(2))

# Code that runs on the board and on the host alike. lib/ is what every
# layer may include (the number formatter); fs/ and drivers/ need it.
BASE_SRC := $(wildcard lib/*.c)
FS_SRC   := $(wildcard fs/*.c)
DRV_SRC  := $(wildcard drivers/sdspi*.c)
FW_SRC   := $(wildcard firmware/*/*.c)
LIB_SRC  := $(BASE_SRC) $(FS_SRC) $(DRV_SRC) $(FW_SRC)
# The host port: an image file as the block device, stdio as the console,
# and the Cortex-M hand-off decision (pure C) it reports.
HOSTPORT_SRC := $(filter-out board/host/main.c,$(wildcard board/host/*.c)) \
                drivers/otp_counter.c \
                board/cortex-m/vector.c
# What every board links besides its CPU layer and its own folder: mem*,
# the stack's high-water mark, board_stop, the SD card as a block device
# (board/main.c comes apart, so a test build can bring its own board_main).
BOARD_SHARED_SRC := lib/libc/mem.c board/stack.c board/stop.c board/card.c
# Test-only code: the SD card model, image helpers.
TSUP_SRC := $(wildcard tests/support/*.c) $(wildcard tests/sdcard/*.c)
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests$(PSUF)/%,$(UNIT_SRC))
HOSTTOOL_SRC := $(LIB_SRC) $(HOSTPORT_SRC) board/host/main.c

HOST     := $(BUILD)/host$(PSUF)
HOSTASAN := $(BUILD)/host$(PSUF)-asan
$(eval $(call OBJ_RULE,$(HOST)/obj,$$(CC),$$(HOST_CFLAGS),CC))
$(eval $(call OBJ_RULE,$(HOSTASAN)/obj,$$(CC),$$(HOST_CFLAGS) $$(ASAN),CC-ASAN))
# The unit tests' objects: the ASan host tool's where their flags agree.
ifeq ($(UNIT_SIGNED),$(HOST_SIGNED))
UNITOBJ  := $(HOSTASAN)/obj
else
UNITOBJ  := $(BUILD)/tests$(PSUF)/obj
$(eval $(call OBJ_RULE,$(UNITOBJ),$$(CC),$$(UNIT_CFLAGS) $$(ASAN),CC-UNIT))
endif
$(eval $(call OBJ_RULE,$(BUILD)/arm$(PSUF)/obj,$$(ARM_CC),$$(ARM_CFLAGS),CC-ARM))
# Without journal replay, for tests/journal/t_journal.sh's cost checks.
$(eval $(call OBJ_RULE,$(BUILD)/host-nojournal/obj,$$(CC),$$(HOST_CFLAGS) -DEXT_JOURNAL=0,CC-NOJ))

.PHONY: all host test deps clean unit arm-objs
# Keep every intermediate object (make would delete them after the run,
# printing below the test summary).
.SECONDARY:
all: host arm-objs firmware

ifeq ($(SANITIZE),1)
host: $(HOSTASAN)/extload
else
host: $(HOST)/extload
endif

# The host tool, plain and with ASan+UBSan (the tests use the latter, and
# the tiny profile's: build/host-tiny-asan/extload, tests/cli/t_options.sh).
$(HOST)/extload: $(call objs,$(HOST)/obj,$(HOSTTOOL_SRC))
$(HOSTASAN)/extload: $(call objs,$(HOSTASAN)/obj,$(HOSTTOOL_SRC))
$(BUILD)/host-nojournal/extload: $(call objs,$(BUILD)/host-nojournal/obj,$(HOSTTOOL_SRC))
# The flags as an input: a profile's host objects rebuild when they change
# (the tiny host tool gained BOOT_SIGNED).
$(eval $(call FLAGS_STAMP,$(HOST)/cflags.txt,$(HOST_CFLAGS)))
$(eval $(call FLAGS_STAMP,$(HOSTASAN)/cflags.txt,$(HOST_CFLAGS) $(ASAN)))
$(call objs,$(HOST)/obj,$(HOSTTOOL_SRC)): $(HOST)/cflags.txt
$(call objs,$(HOSTASAN)/obj,$(HOSTTOOL_SRC) $(TSUP_SRC)): $(HOSTASAN)/cflags.txt
$(HOST)/extload $(BUILD)/host-nojournal/extload: LDSAN :=
$(HOSTASAN)/extload: LDSAN := $(ASAN)
$(HOST)/extload $(HOSTASAN)/extload $(BUILD)/host-nojournal/extload:
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(HOST_CFLAGS) $(LDSAN) -o $@ $^

# Unit tests: cmocka, ASan + UBSan, linked with all portable code.
TEST_LIB_OBJ := $(call objs,$(UNITOBJ),$(LIB_SRC) $(HOSTPORT_SRC) $(TSUP_SRC))
$(BUILD)/tests$(PSUF)/%: $(UNITOBJ)/tests/unit/%.o $(TEST_LIB_OBJ)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(UNIT_CFLAGS) $(ASAN) -o $@ $^ -lcmocka

unit: $(UNIT_BIN) $(BUILD)/tools/seedfill $(BUILD)/tools/fspatch
$(BUILD)/tools/fspatch: fs/ext_format.h

# Host helpers the test scripts use to build images.
$(BUILD)/tools/%: tests/tools/%.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $<

# fs/ and drivers/ must build freestanding for Cortex-M3.
arm-objs: $(call objs,$(BUILD)/arm$(PSUF)/obj,$(BASE_SRC) $(FS_SRC) $(DRV_SRC))

# Both profiles: the tiny profile's unit tests (build/tests-tiny/) and its
# ASan host tool (build/host-tiny-asan/extload) run as suites of their own.
# The tools and unit tests build on every core (TEST_JOBS, nproc): the
# suites' side lane starts only after them.
TEST_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
test: deps
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) host unit
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) host SANITIZE=1
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) host unit SANITIZE=1 PROFILE=tiny
	@BUILD=$(BUILD) bash tests/run.sh $(T)

deps:
	@bash tests/deps.sh

clean:
	rm -rf $(BUILD)

# Each board.mk defines firmware-NAME, qemu-NAME and gdb-NAME; these pick
# the board by BOARD (default lm3s6965evb).
.PHONY: firmware qemu gdb
firmware: firmware-$(BOARD)
qemu: qemu-$(BOARD)
gdb: gdb-$(BOARD)

-include $(wildcard board/*/board.mk) $(wildcard tests/*/rules.mk)
# (build/linux/work: the kernel's trees while tests/linux builds them)
-include $(shell find $(BUILD) -path $(BUILD)/linux/work -prune -o \
            -type f -name '*.d' -print 2>/dev/null)
