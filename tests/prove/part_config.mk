# The extlinux.conf parser (firmware/config/config.c) from
# tests/prove/h_config.c: a config of unknown bytes and length, INCLUDE
# and ${var} in the default profile. tests/prove/parts.mk has the rule.
include tests/prove/parts.mk

PROVE_CONFIG_SRC := tests/prove/h_config.c firmware/config/config.c \
            firmware/console/console.c lib/num.c
# The boot_conf.h switches config.c and console.c read, as literals
# (so the front end drops the code a profile does not build, as for
# fs/: tests/prove/rules.mk's PROVE_SWITCHES).
PROVE_CONFIG_SWITCHES := BOOT_MESSAGES BOOT_INTERACTIVE BOOT_FDT_OVERLAY \
            BOOT_CONF_INCLUDE BOOT_CONF_VARS BOOT_CONF_SAY \
            BOOT_CONF_ONTIMEOUT BOOT_CONF_FALLBACK BOOT_CONF_PARTITION \
            CONSOLE_FULL CONSOLE_QUOTE
PROVE_PART_config-tiny := firmware/config/config.c
PROVE_PART_config-default := firmware/config/config.c
PROVE_SRC_config-tiny := $(PROVE_CONFIG_SRC)
PROVE_SRC_config-default := $(PROVE_CONFIG_SRC)
PROVE_DEFS_config-tiny := -DEXTLOAD_TINY=1 -DBOOT_SIGNED=0 \
            $(foreach s,$(PROVE_CONFIG_SWITCHES),-D$(s)=0)
# The default profile with BOOT_SIGNED (SIGNATURE, ROLLBACK_INDEX): a
# superset of the boards' default build.
PROVE_DEFS_config-default := -DBOOT_SIGNED=1 \
            $(foreach s,$(PROVE_CONFIG_SWITCHES),-D$(s)=1)
PROVE_OPTS_config-tiny := -eva-precision 3 -eva-slevel-function format:1000 \
            -eva-slevel-function match_keyword:2000 \
            -eva-slevel-function num_digits:200 \
            -eva-split-return-function num_digits:full
# The default profile: the label slot ps->cur, a pointer the parse loop
# carries, is one of 8 offsets in cfg; as a set of 8 (ilevel above 8)
# that stops growing before the loop widens (delay 10), it stays one of
# them, where widened it spread over cfg past the labels (the cascade of
# writes through ps->cur that EVA took for "any field of cfg"). The
# console's %s scan (str_len_max) exact over a short string, and the
# harness's INCLUDE refusal (-1) kept apart from its reads: include's
# why[] is then scanned up to the NUL its refusal wrote, not read past
# it as the bytes a read left unwritten.
PROVE_OPTS_config-default := -eva-precision 1 -eva-ilevel 16 -eva-widening-delay 10 \
            -eva-slevel-function format:1000 \
            -eva-slevel-function match_keyword:6000 \
            -eva-slevel-function str_len_max:200 \
            -eva-split-return-function harness_include:-1 \
            -eva-slevel-function num_digits:200 \
            -eva-split-return-function num_digits:full
$(eval $(call prove_part,config-tiny))
$(eval $(call prove_part,config-default))
