# tests/tools/treecmp (issue 29): the reader against a source tree and
# debugfs in one process per image, for tests/realtree/ and `make soak`.
# Linked from the plain (not sanitized, -O2) objects of the profile:
# build/host/treecmp, build/host-tiny/treecmp (PROFILE=tiny).
TREECMP_SRC := tests/tools/treecmp.c $(BASE_SRC) $(FS_SRC) board/host/disk.c
$(HOST)/treecmp: $(call objs,$(HOST)/obj,$(TREECMP_SRC))
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(HOST_CFLAGS) -o $@ $^

unit: $(HOST)/treecmp

# The longest functions and the largest .c files of the product code
# (tests/tools/metrics.sh; METRICS_DIR=another checkout, METRICS_N=rows).
.PHONY: metrics
metrics:
	@bash tests/tools/metrics.sh $(or $(METRICS_DIR),.) $(or $(METRICS_N),10)
