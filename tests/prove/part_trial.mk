# The trial record's decode (firmware/trial/trial.c) from
# tests/prove/h_trial.c: 64 bytes of unknown board memory. The codec has
# no switch: tiny and default build the same code (BOOT_TRIAL only says
# whether the flow calls it). tests/prove/parts.mk has the rule.
include tests/prove/parts.mk

PROVE_SRC_trial-tiny := tests/prove/h_trial.c firmware/trial/trial.c lib/crc.c
PROVE_PART_trial-tiny := firmware/trial/trial.c
PROVE_DEFS_trial-tiny := -DEXTLOAD_TINY=1
PROVE_OPTS_trial-tiny := -eva-precision 1 -eva-slevel-function main:20
$(eval $(call prove_part,trial-tiny))
