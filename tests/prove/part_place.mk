# The label placement (firmware/boot/boot_plan.c, boot_plan_place) from
# tests/prove/h_place.c: every file's size, the kernel's kind and its
# RISC-V Image header any value, for each board's window and profile
# (sifive-u's tiny build places as lm3s6965evb's does, no RISC-V Linux
# there: one tiny run per window all the same). WP proves
# boot_plan_place's contract (boot_plan.h's plan_placed: every file
# inside [0, end), end below the limit, none over another) from its
# steps' (put_at: each file's room inside [the last file's end, limit);
# put_role, put_overlays: a role's files one after the other;
# place_linux, place_scratch), and in main the plan's shape the
# placement requires and the assertion of plan_placed on the plan it
# returns; From checks the assigns clauses WP relies on (fail_file's,
# overlay_room's). The statements counted are
# boot_plan.c's (PROVE_PART): boot_err.c's and lib/num.c's are other
# parts' code, reached here only with the codes the placement fails with.
include tests/prove/parts.mk

PROVE_PLACE_SRC := tests/prove/h_place.c firmware/boot/boot_plan.c \
            firmware/boot/boot_err.c lib/num.c
# Assumed (h_place.c): the console's formatter and the path's join.
PROVE_PLACE_ASSUMED := fmt_snprintf con_printf boot_path_join
PROVE_PLACE_OPTS := -eva-precision 1 -eva-split-return auto \
            -from-verify-assigns -no-calldeps-print
define prove_place
PROVE_SRC_place-$(1)-$(2) := $$(PROVE_PLACE_SRC)
PROVE_DEFS_place-$(1)-$(2) := -DPLACE_BOARD=$(if $(filter sifive,$(1)),1,0) \
            $$(if $(filter lm3s,$(1)),$$(filter-out -DBOOT_RISCV_LINUX=%,$$(PROVE_FW_$(2))) \
            -DBOOT_RISCV_LINUX=0,$$(PROVE_FW_$(2)))
PROVE_OPTS_place-$(1)-$(2) := $$(PROVE_MACHINE_$(1)) $$(PROVE_PLACE_OPTS)
PROVE_WP_place-$(1)-$(2) := main boot_plan_place put_at put_role \
            $(if $(filter default,$(2)),put_overlays place_scratch) \
            $(if $(filter sifive-default,$(1)-$(2)),place_linux)
PROVE_ASSUMED_place-$(1)-$(2) := $$(PROVE_PLACE_ASSUMED)
PROVE_PART_place-$(1)-$(2) := firmware/boot/boot_plan.c
# place_scratch's step from the plan before to the plan after (plan_apart
# of the same offsets and lengths) takes Z3 some 20 s on a loaded machine.
prove-place-$(1)-$(2): PROVE_WP_TIMEOUT := 60
$$(eval $$(call prove_part,place-$(1)-$(2)))
endef
$(eval $(call prove_place,lm3s,tiny))
$(eval $(call prove_place,lm3s,default))
$(eval $(call prove_place,sifive,tiny))
$(eval $(call prove_place,sifive,default))
