# One part of the loader proven on its own (issue #53; fs/README.md,
# "What is proven"), included by each tests/prove/part_NAME.mk:
#
#   $(eval $(call prove_part,NAME-PROFILE))
#
# with PROVE_SRC_NAME-PROFILE (the harness and the code it reaches),
# PROVE_DEFS_NAME-PROFILE (the preprocessor's switches, as literals),
# PROVE_OPTS_NAME-PROFILE (EVA's options) and, when WP proves what EVA
# leaves open, PROVE_WP_NAME-PROFILE (the functions). `make
# prove-NAME-PROFILE` writes build/prove/NAME-PROFILE/{eva.log,report.txt}
# and fails with more alarms, or fewer statements reached, than
# tests/prove/baseline-NAME-PROFILE says.
ifndef prove_part
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
	    -machdep x86_32 -eva $$(PROVE_OPTS_$(1)) \
	    -eva-no-show-progress -eva-no-print -eva-msg-key=-summary \
	    $$(call prove_part_wp,$(1)) \
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
	 if [ "$$$$got" -gt "$$$$want" ]; then \
	     echo "prove: $(1): $$$$got alarms, more than $$$$b's $$$$want"; exit 1; \
	 fi; \
	 if ! awk -v c="$$$$have" -v w="$$$$cover" 'BEGIN { exit !(c >= w) }'; then \
	     echo "prove: $(1): $$$$have% of statements reached, less than $$$$b's $$$$cover%"; exit 1; \
	 fi
endef
endif
