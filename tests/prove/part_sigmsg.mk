# The signed message's builder (firmware/crypto/sigmsg.c) from
# tests/prove/h_sigmsg.c, each piece read by a sink. Built
# only with BOOT_SIGNED, which the tiny profile leaves out (its rollback
# index too: BOOT_ROLLBACK); the builder has no switch of its own, so one
# run, the default profile's, proves it. tests/prove/parts.mk has the rule.
include tests/prove/parts.mk

PROVE_SRC_sigmsg-default := tests/prove/h_sigmsg.c firmware/crypto/sigmsg.c \
            firmware/crypto/sha256.c lib/num.c
PROVE_PART_sigmsg-default := firmware/crypto/sigmsg.c
PROVE_DEFS_sigmsg-default := -DBOOT_SIGNED=1
PROVE_OPTS_sigmsg-default := -eva-precision 1 \
            -eva-slevel-function put:40 -eva-slevel-function num_digits:200 \
            -eva-slevel-function sigmsg_file_at:400 -eva-slevel-function sigmsg_begin_at:40 \
            -eva-slevel-function harness_sink:80 -eva-slevel-function sha256_hex:80 -eva-split-return-function num_digits:full
$(eval $(call prove_part,sigmsg-default))
