# One part of the loader proven on its own (issue #53; fs/README.md,
# "What is proven"), included by each tests/prove/part_NAME.mk:
#
#   $(eval $(call prove_part,RUN))
#
# with PROVE_SRC_RUN (the harness and the code it reaches), PROVE_DEFS_RUN
# (the preprocessor's switches, as literals: PROVE_FW_* below),
# PROVE_OPTS_RUN (EVA's options; the machine, -machdep x86_32 unless they
# name one), and where wanted PROVE_WP_RUN (the functions WP proves the
# contracts of), PROVE_ASSUMED_RUN (the functions whose contracts the
# harness assumes, listed apart by report.py) and PROVE_PART_RUN (the
# part's files: the statements counted are their functions'). `make
# prove-RUN` writes build/prove/RUN/{eva.log,report.txt} and fails with
# more alarms, or fewer statements reached, than tests/prove/baseline-RUN
# says.
ifndef prove_part
# Every switch of the *_conf.h headers as the literal its profile sets:
# Frama-C 25 takes `&&` in an array's length (BOOT_ROLES) for a side
# effect, and drops the code a profile does not build, as the compiler
# does. BOOT_SIGNED, BOOT_ROLLBACK and BOOT_GZIP_REFUSE are 0 in both.
PROVE_FW_SWITCHES := $(PROVE_SWITCHES) BOOT_RISCV_LINUX BOOT_MESSAGES \
            BOOT_REPORT CONSOLE_FULL CONSOLE_QUOTE BOOT_INTERACTIVE \
            BOOT_FDT_EDIT BOOT_FDT_OVERLAY BOOT_CONF_INCLUDE BOOT_CONF_VARS \
            BOOT_CONF_SAY BOOT_CONF_ONTIMEOUT BOOT_TRIAL BOOT_CONF_FALLBACK \
            BOOT_CONF_PARTITION BOOT_UINITRD BOOT_GZIP BOOT_INITRD_LIST \
            SDSPI_FAST SDSPI_MMC_CARDS SDSPI_CID SDSPI_DIAG
PROVE_FW_OFF := -DBOOT_SIGNED=0 -DBOOT_ROLLBACK=0 -DBOOT_GZIP_REFUSE=0
PROVE_FW_tiny := -DEXTLOAD_TINY=1 $(PROVE_FW_OFF) \
            $(foreach s,$(PROVE_FW_SWITCHES),-D$(s)=0)
PROVE_FW_default := $(PROVE_FW_OFF) \
            $(foreach s,$(PROVE_FW_SWITCHES),-D$(s)=1)
# The boards' machines: lm3s6965evb's Cortex-M3 (32-bit), sifive-u's
# RV64 (LP64).
PROVE_MACHINE_lm3s := -machdep x86_32
PROVE_MACHINE_sifive := -machdep x86_64
prove_part_wp = $(if $(PROVE_WP_$(1)),-then -wp \
            -wp-fct $(subst $(prove_space),$(prove_comma),$(strip $(PROVE_WP_$(1)))) \
            -wp-model typed+cast -wp-prover cvc4$(prove_comma)z3 \
            -wp-timeout $(PROVE_WP_TIMEOUT) -wp-par 2)
define prove_part
.PHONY: prove-$(1)
PROVE_PARTS += prove-$(1)
prove-$(1):
	@mkdir -p $$(PROVE_DIR)/$(1)
	$$(Q)test -s $$(PROVE_WHY3) || why3 -C $$(PROVE_WHY3) config detect >/dev/null 2>&1
	@echo "  EVA     $(1)"
	$$(Q)WHY3CONFIG=$$(abspath $$(PROVE_WHY3)) $$(FRAMAC) \
	    -cpp-extra-args="$$(PROVE_CPP) $$(PROVE_DEFS_$(1))" $$(PROVE_SRC_$(1)) \
	    $$(if $$(filter -machdep,$$(PROVE_OPTS_$(1))),,-machdep x86_32) \
	    -eva $$(PROVE_OPTS_$(1)) \
	    -eva-no-show-progress -eva-no-print -eva-msg-key=-summary \
	    $$(call prove_part_wp,$(1)) \
	    -then -report-csv $$(PROVE_DIR)/$(1)/properties.csv \
	    -metrics -metrics-eva-cover >$$(PROVE_DIR)/$(1)/eva.log 2>&1 || \
	    { tail -20 $$(PROVE_DIR)/$(1)/eva.log; exit 1; }
	$$(Q)python3 tests/prove/report.py $$(PROVE_DIR)/$(1)/properties.csv \
	    $$(PROVE_DIR)/$(1)/eva.log \
	    --assumed="$$(strip $$(PROVE_ASSUMED_$(1)))" $$(PROVE_PART_$(1)) \
	    >$$(PROVE_DIR)/$(1)/report.txt
	@cat $$(PROVE_DIR)/$(1)/report.txt
	@b=tests/prove/baseline-$(1); r=$$(PROVE_DIR)/$(1)/report.txt; \
	 want=$$$$(sed -n 's/^alarms //p' $$$$b); \
	 cover=$$$$(sed -n 's/^coverage //p' $$$$b); \
	 got=$$$$(sed -n 's/^\([0-9]*\) alarms$$$$/\1/p' $$$$r); \
	 have=$$$$(sed -n 's/^statements reached: .*(\([0-9.]*\)%)$$$$/\1/p' $$$$r); \
	 if [ -z "$$$$got" ] || [ "$$$$got" -gt "$$$$want" ]; then \
	     echo "prove: $(1): $$$${got:-no count of} alarms, more than $$$$b's $$$$want"; exit 1; \
	 fi; \
	 if ! awk -v c="$$$$have" -v w="$$$$cover" 'BEGIN { exit !(c >= w) }'; then \
	     echo "prove: $(1): $$$$have% of statements reached, less than $$$$b's $$$$cover%"; exit 1; \
	 fi
endef
endif
