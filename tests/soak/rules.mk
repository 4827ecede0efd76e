# make soak (issue 29): random trees on random mke2fs layouts, each image
# read whole by tests/tools/treecmp in both profiles and compared with its
# source and debugfs. Not part of make test. SOAK_SECONDS (600),
# SOAK_SEED, SOAK_COUNT, SOAK_KEEP: see tests/soak/soak.sh.
.PHONY: soak
soak:
	@$(MAKE) --no-print-directory PROFILE=default $(BUILD)/host/treecmp \
	    $(BUILD)/host/extload
	@$(MAKE) --no-print-directory PROFILE=tiny $(BUILD)/host-tiny/treecmp
	@BUILD=$(BUILD) SOAK_SECONDS=$(SOAK_SECONDS) SOAK_SEED=$(SOAK_SEED) \
	    SOAK_COUNT=$(SOAK_COUNT) SOAK_KEEP=$(SOAK_KEEP) \
	    bash tests/soak/soak.sh
