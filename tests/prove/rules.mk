# The proof (fs/README.md, "What is proven"): Frama-C's EVA over fs/ and
# lib/ from tests/prove/harness.c, with the board's switches, for each
# profile, then WP on the read path's contracts. Each run prints its alarms by kind and function, the code it
# reached, and ends with "N alarms" (tests/prove/report.py).
#
#   make prove            both profiles
#   make prove-tiny       the tiny profile (tests/prove/t_prove.sh, in
#                         make test, holds it to its baseline)
#   make prove-default    the default profile
# Logs and reports: build/prove/PROFILE/{eva.log,report.txt}. A run with
# more alarms than tests/prove/baseline-PROFILE fails; a change that
# closes alarms lowers the baseline.

FRAMAC   ?= frama-c
PROVE_DIR := $(BUILD)/prove
PROVE_SRC := $(BASE_SRC) $(FS_SRC) tests/prove/harness.c
# Cortex-M3's sizes: 32-bit int, long and pointers. _Static_assert in a
# block is a call to Frama-C 25's parser; the compilers check it.
PROVE_CPP := -I. $(BOARD_DEFS) -D'_Static_assert(...)='
# Each switch of fs/ext_conf.h given as the literal its profile sets, not
# ext_conf.h's (!EXTLOAD_TINY): Frama-C's front end then drops the code
# behind `if (EXT_HTREE && ...)` as the compiler does, and the coverage
# counts only code the profile builds. Same values, same configuration.
PROVE_SWITCHES := EXT_MESSAGES EXT_CSUM_VERIFY EXT_HTREE EXT_INLINE \
            EXT_REV0 EXT_JOURNAL EXT_FAST_COMMIT EXT_META_BG PART_LINUX_FS \
            PART_LOGICAL \
            PART_GPT_BACKUP
PROVE_DEFS_tiny := -DEXTLOAD_TINY=1 $(foreach s,$(PROVE_SWITCHES),-D$(s)=0)
PROVE_DEFS_default := $(foreach s,$(PROVE_SWITCHES),-D$(s)=1)
PROVE_PRECISION_tiny ?= 1
PROVE_PRECISION_default ?= 0
# The mount's checks (a field is not 0, a size is a power of two) hold
# only where it returns 0: these functions keep their paths apart (up to
# 1000 states) and every function's states are split on its result being
# 0, so what a mount that succeeded has checked reaches the lookup.
PROVE_SPLIT_FUNCS := main ext_mount ext_mount_journal sb_read_head \
            sb_parse sb_features sb_geometry sb_inodes sb_descriptors \
            sb_checksum ext_zones_init ext_inode_read
# map_blockmap: i_block's level-3 pass apart from the indirect blocks'
# (level <= 2), so the shift by shift * level stays below 32.
PROVE_SLEVEL_MAP := -eva-slevel-function map_blockmap:50
# The tiny profile (precision 1, cheaper per state) keeps only the
# functions that check geometry apart, split on 0 where they return,
# every other function's result split as EVA sees fit.
PROVE_MOUNT_FUNCS := ext_mount ext_mount_journal root_check sb_parse sb_geometry \
            sb_inodes sb_descriptors
prove_comma := ,
prove_empty :=
prove_space := $(prove_empty) $(prove_empty)
# node_open: its success apart from its failures, so no node that
# opened is both a child and at block 0 (the root's, whose entries fit
# i_block).
PROVE_SPLIT_tiny := -eva-split-return auto -eva-split-return-function \
            $(subst $(prove_space),$(prove_comma),$(PROVE_MOUNT_FUNCS:=:0) node_open:0) \
            $(foreach f,$(PROVE_MOUNT_FUNCS),-eva-slevel-function $(f):100) \
            $(PROVE_SLEVEL_MAP)
# ext_bytes_crc: the pieces of one item (at most two for a header or an
# entry) apart; precision 0 keeps no state apart by itself. Also apart:
# walk's MBR and GPT paths (each fills its own member of one union),
# gpt_open's primary and backup header, the extent search's entry
# found and not found (count and entry are set together), and
# xattr_names' entries.
PROVE_SLEVEL_default := walk:100 gpt_open:100 node_search:50 map_leaf:50 \
            map_extents:50 xattr_names:50
PROVE_SPLIT_default := -eva-split-return 0 \
            $(foreach f,$(PROVE_SPLIT_FUNCS),-eva-slevel-function $(f):1000) \
            -eva-slevel-function ext_bytes_crc:20 $(PROVE_SLEVEL_MAP) \
            $(foreach f,$(PROVE_SLEVEL_default),-eva-slevel-function $(f))
# WP (CVC4 and Z3, through Why3) then proves what EVA left open in these
# functions: each pointer and length a caller hands down, from the ACSL
# contracts on the read path. -from-verify-assigns checks, over EVA's
# results (callwise, not printed), the assigns clauses those proofs rely
# on. The card (blockdev_proof_read) is a contract without a body
# (fs/blockdev.h), which EVA interprets at each read.
# ext_lookup_in's loop, WP proves split into its paths (-wp-split), the
# others whole.
PROVE_WP_FUNCS_tiny := ext_fail_at ext_dev_bounds \
            ext_dev_raw ext_dev_read ext_bytes_crc ext_bytes flush \
            read_piece read_small ext_read ext_load ext_link_read name_eq \
            dir_scan ext_dirblk_find ext_dir_find
PROVE_WP_FUNCS_default := $(PROVE_WP_FUNCS_tiny) ext_dev_overlay \
            ext_htree_find ext_dx_hash name_words hash_legacy name_char \
            reflected ext_crc32c ext_crc32 ext_crc16 ext_name_eq \
            fc_dentry ext_fc_find
PROVE_WP_TIMEOUT ?= 10
PROVE_WHY3 = $(PROVE_DIR)/why3.conf
PROVE_EVA = -machdep x86_32 -eva -eva-precision $(PROVE_PRECISION_$(1)) \
            $(PROVE_SPLIT_$(1)) \
            -eva-no-show-progress -eva-no-print -eva-msg-key=-summary \
            -from-verify-assigns -no-calldeps-print \
            -then -wp \
            -wp-fct $(subst $(prove_space),$(prove_comma),$(strip $(PROVE_WP_FUNCS_$(1)))) \
            -wp-model typed+cast -wp-prover cvc4,z3 \
            -wp-timeout $(PROVE_WP_TIMEOUT) -wp-par 2 \
            -then -wp-fct ext_lookup_in -wp-split \
            -then -report-csv $(PROVE_DIR)/$(1)/properties.csv \
            -metrics -metrics-eva-cover

.PHONY: prove prove-tiny prove-default
prove: prove-tiny prove-default

# The loader's other parts (issue #53), each from its own harness
# tests/prove/part_NAME.mk: it adds its targets (prove-NAME-tiny,
# prove-NAME-default) to PROVE_PARTS, which `make prove` runs after fs/.
PROVE_PARTS :=
include $(sort $(wildcard tests/prove/part_*.mk))
prove: $(PROVE_PARTS)
prove-tiny prove-default: prove-%:
	@mkdir -p $(PROVE_DIR)/$*
	$(Q)test -s $(PROVE_WHY3) || why3 -C $(PROVE_WHY3) config detect >/dev/null 2>&1
	@echo "  EVA+WP  fs/ lib/ ($* profile, precision $(PROVE_PRECISION_$*))"
	$(Q)WHY3CONFIG=$(abspath $(PROVE_WHY3)) $(FRAMAC) -cpp-extra-args="$(PROVE_CPP) $(PROVE_DEFS_$*)" \
	    $(PROVE_SRC) $(call PROVE_EVA,$*) >$(PROVE_DIR)/$*/eva.log 2>&1 || \
	    { tail -20 $(PROVE_DIR)/$*/eva.log; exit 1; }
	$(Q)python3 tests/prove/report.py $(PROVE_DIR)/$*/properties.csv \
	    $(PROVE_DIR)/$*/eva.log >$(PROVE_DIR)/$*/report.txt
	@cat $(PROVE_DIR)/$*/report.txt
	@want=$$(sed -n 's/^alarms //p' tests/prove/baseline-$*); \
	 got=$$(sed -n 's/^\([0-9]*\) alarms$$/\1/p' $(PROVE_DIR)/$*/report.txt); \
	 if [ "$$got" -gt "$$want" ]; then \
	     echo "prove: $* profile: $$got alarms, more than tests/prove/baseline-$*'s $$want"; \
	     exit 1; \
	 fi
