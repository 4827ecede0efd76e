# The device-tree reader and editor (firmware/fdt/fdt.c, fdt_edit.c) from
# tests/prove/h_fdt.c: a tree of unknown bytes and length in a buffer
# with room, checked, opened, its memory read, /chosen and the trial's
# node written, as the default profile's RISC-V Linux label does. The
# tiny profile builds no device-tree code (BOOT_FDT_EDIT is
# !EXTLOAD_TINY): no tiny target.
#
#   make prove-fdt-default        build/prove/fdt-default/report.txt
#
# $(call prove_fdt_rule,NAME): the rule for prove-NAME from
# PROVE_SRC_NAME, PROVE_DEFS_NAME and PROVE_OPTS_NAME; it fails with more
# alarms, or fewer statements reached, than tests/prove/baseline-NAME.
# PROVE_PART_NAME, the part's own files, goes to report.py after the logs
# (a report.py that takes it counts only their functions' statements; the
# baselines' coverage is that of every function reached, console.c's
# format among them, which holds either way).
define prove_fdt_rule
.PHONY: prove-$(1)
PROVE_PARTS += prove-$(1)
prove-$(1):
	@mkdir -p $$(PROVE_DIR)/$(1)
	@echo "  EVA     $(1)"
	$$(Q)$$(FRAMAC) -cpp-extra-args="$$(PROVE_CPP) $$(PROVE_DEFS_$(1))" \
	    $$(PROVE_SRC_$(1)) -machdep x86_32 -eva $$(PROVE_OPTS_$(1)) \
	    -eva-no-show-progress -eva-no-print -eva-msg-key=-summary \
	    -then -report-csv $$(PROVE_DIR)/$(1)/properties.csv \
	    -metrics -metrics-eva-cover >$$(PROVE_DIR)/$(1)/eva.log 2>&1 || \
	    { tail -20 $$(PROVE_DIR)/$(1)/eva.log; exit 1; }
	$$(Q)python3 tests/prove/report.py $$(PROVE_DIR)/$(1)/properties.csv \
	    $$(PROVE_DIR)/$(1)/eva.log $$(PROVE_PART_$(1)) \
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

PROVE_SRC_fdt-default := tests/prove/h_fdt.c firmware/fdt/fdt.c \
            firmware/fdt/fdt_edit.c firmware/boot/boot_trial.c \
            firmware/console/console.c lib/num.c
# The sifive_u board's default build (RISC-V Linux labels, trial boots).
PROVE_DEFS_fdt-default := -DBOOT_RISCV_LINUX=1 -DBOOT_TRIAL=1 \
            -DBOOT_FDT_EDIT=1 -DBOOT_FDT_OVERLAY=1
PROVE_PART_fdt-default := firmware/fdt/fdt.c firmware/fdt/fdt_edit.c \
            firmware/fdt/fdt_priv.h firmware/boot/boot_trial.c
PROVE_OPTS_fdt-default := -eva-precision 4
$(eval $(call prove_fdt_rule,fdt-default))
