# The test Linux for the sifive-u board (tests/README.md#linux): a riscv64
# kernel Image from Debian's linux-source-6.1 and the test initramfs.
#
#   make linux   build/linux/Image, build/linux/initrd.cpio (the init and
#                the first token), build/linux/initrd-2.cpio (a second
#                archive, the second token); the tokens in *.token
#   make linux-tool  build/riscv64-linux/extload: the host tool, static,
#                for the board's Linux (Debian's libc6-dev-riscv64-cross)
#
# The Image is a cache: it is built only when missing, or when the config
# fragment, the build script or the source tarball (a new linux-source-6.1
# package) is newer. A clean tree builds it once (tests/README.md says
# what that costs); `make clean` removes it with the rest of build/.
# make test builds it first thing in its side lane (tests/linux/
# t_kernel.sh) while the main lane runs the host suites; a second make
# asking for it meanwhile waits on build/linux/.lock and finds it built
# (tests/linux/build.sh skips an Image newer than its inputs).

LINUX_OUT     := $(BUILD)/linux
LINUX_TARBALL ?= /usr/src/linux-source-6.1.tar.xz
LINUX_CC      ?= riscv64-linux-gnu-gcc
# A static program without libc: raw system calls, its own _start.
LINUX_INIT_CFLAGS := $(CSTD) $(WARN) -Os -static -nostdlib -ffreestanding \
            -fno-builtin -fno-pie -no-pie -fno-stack-protector \
            -fno-asynchronous-unwind-tables -ffunction-sections \
            -fdata-sections -Wl,--gc-sections -Wl,--build-id=none -s

.PHONY: linux
linux: $(LINUX_OUT)/Image $(LINUX_OUT)/initrd.cpio $(LINUX_OUT)/initrd-2.cpio

$(LINUX_OUT)/Image: tests/linux/kernel.config tests/linux/build.sh \
                    $(LINUX_TARBALL)
	@echo "  LINUX   $@ (a clean tree builds the kernel once: minutes)"
	@mkdir -p $(LINUX_OUT)
	$(Q)flock $(LINUX_OUT)/.lock \
	    env JOBS=2 bash tests/linux/build.sh $(LINUX_OUT) $(LINUX_TARBALL) \
	    tests/linux/kernel.config >>$(LINUX_OUT)/build.log 2>&1 || \
	    { tail -30 $(LINUX_OUT)/build.log; exit 1; }

$(LINUX_OUT)/init: tests/linux/init.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC-LNX  $<")
	$(Q)$(LINUX_CC) $(LINUX_INIT_CFLAGS) -o $@ $<

# Each archive's token is fresh random hex, kept beside it for the tests.
$(LINUX_OUT)/initrd.cpio: $(LINUX_OUT)/init tests/linux/mkinitrd.sh
	$(Q)tok=initrd1-$$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n') && \
	    bash tests/linux/mkinitrd.sh $@ initrd-token-1 $$tok $< && \
	    echo $$tok >$(LINUX_OUT)/initrd.token
$(LINUX_OUT)/initrd-2.cpio: tests/linux/mkinitrd.sh
	@mkdir -p $(dir $@)
	$(Q)tok=initrd2-$$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n') && \
	    bash tests/linux/mkinitrd.sh $@ initrd-token-2 $$tok && \
	    echo $$tok >$(LINUX_OUT)/initrd-2.token

# The host tool for the board's own Linux (firmware/README.md, "Trial
# boots"): the same sources as build/host/extload (the board's trial
# codec and config parser among them), static, so it runs from any
# initramfs or root filesystem: `make linux-tool`.
LINUX_TOOL_DIR := $(BUILD)/riscv64-linux$(PSUF)
LINUX_TOOL     := $(LINUX_TOOL_DIR)/extload
$(eval $(call OBJ_RULE,$(LINUX_TOOL_DIR)/obj,$$(LINUX_CC),$$(HOST_CFLAGS),CC-LNX))

.PHONY: linux-tool
linux-tool: $(LINUX_TOOL)
$(LINUX_TOOL): $(call objs,$(LINUX_TOOL_DIR)/obj,$(HOSTTOOL_SRC))
	@$(if $(Q),echo "  LD-LNX  $@")
	$(Q)$(LINUX_CC) $(HOST_CFLAGS) -static -s -o $@ $^

# The trial cycle's /init (tests/linux/t_linux_trial.sh): glibc, static.
$(LINUX_OUT)/trial-init: tests/linux/trial_init.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC-LNX  $<")
	$(Q)$(LINUX_CC) $(CSTD) $(WARN) -D_DEFAULT_SOURCE -Os -static -s -o $@ $<
