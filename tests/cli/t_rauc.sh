#!/usr/bin/env bash
# RAUC's custom bootloader backend for extload (board/host/rauc/):
# each verb RAUC calls, run against a record file and an extlinux.conf,
# through a whole update: get-current, get-primary, get-state of an
# untouched slot; set-primary arms a trial; the loader's trying record;
# set-state good on the trial boot commits it (the config's exact bytes,
# the record cleared); a failed trial reads "bad" and the committed slot
# stays primary; set-primary of the DEFAULT drops a trial; set-state bad
# of the DEFAULT commits its FALLBACK, else the booted label, else
# changes nothing and fails; unknown names and verbs fail.
# The loader's records are made by Python as the contract spells them.
# TAP.
set -u
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"
B=$PWD/board/host/rauc/extload-rauc-backend
export EXTLOAD=$X EXTLOAD_CONFIG=$tmp/extlinux.conf EXTLOAD_STATE=$tmp/state \
    EXTLOAD_CMDLINE=$tmp/cmdline EXTLOAD_RAUC_CONF=$tmp/none

rec() {                    # FILE SEQ TRIES OUTCOME LABEL: the loader's record
    python3 - "$@" <<'PY'
import struct, sys, zlib
out, seq, tries, outcome, label = sys.argv[1], *map(int, sys.argv[2:5]), sys.argv[5]
body = struct.pack("<IBBBBI", 0x4C545845, 1, tries, outcome, 0, seq) + \
    label.encode().ljust(48, b"\0")
open(out, "wb").write(body + struct.pack("<I", zlib.crc32(body)))
PY
}
# run VERB ARGS...: the backend's stdout in $out, its status in $rc.
run() { out=$("$B" "$@" 2>"$tmp/err"); rc=$?; }
expect() {                 # description wanted-stdout VERB ARGS...
    local what=$1 want=$2; shift 2
    run "$@"
    [ "$rc" = 0 ] && [ "$out" = "$want" ]
    ok $? "$what: '$*' -> '$want'" "$tmp/err"
}
field() { "$X" state show "$EXTLOAD_STATE" | sed -n "s/^$1: //p"; }

cat >"$EXTLOAD_CONFIG" <<'CONF'
# two slots, one label each
TIMEOUT 0
DEFAULT system0
LABEL system0
    LINUX /a/Image
    APPEND root=/dev/mmcblk0p2 rauc.slot=system0
LABEL system1
    LINUX /b/Image
    APPEND root=/dev/mmcblk0p3 rauc.slot=system1
CONF
cp "$EXTLOAD_CONFIG" "$tmp/conf.orig"
echo "console=ttySIF0 root=/dev/mmcblk0p2 extload.label=system0" >"$EXTLOAD_CMDLINE"

expect "committed boot" system0 get-current
expect "no record" system0 get-primary
expect "untouched slot" good get-state system1

run set-primary system1
[ "$rc" = 0 ] && [ "$(field label)" = system1 ] && [ "$(field 'last outcome')" = armed ] &&
    [ "$(field 'tries left')" = 1 ] && cmp -s "$EXTLOAD_CONFIG" "$tmp/conf.orig"
ok $? "set-primary system1: a trial armed (1 try), the config untouched" "$tmp/err"
expect "armed trial" system1 get-primary
EXTLOAD_TRIES=3 "$B" set-primary system1 2>"$tmp/err"
[ "$(field 'tries left')" = 3 ]
ok $? "EXTLOAD_TRIES=3: the trial gets 3 boots" "$tmp/err"

# The loader boots it: tries 0, trying; its command line says so.
rec "$EXTLOAD_STATE" 3 0 1 system1
echo "console=ttySIF0 root=/dev/mmcblk0p3 extload.label=system1 extload.trial=0" >"$EXTLOAD_CMDLINE"
expect "trial boot" system1 get-current
expect "trial's last try running: the next reset boots the DEFAULT" system0 get-primary
expect "a running trial" good get-state system1
run set-state system1 good
sed 's/^DEFAULT system0$/DEFAULT system1\nFALLBACK system0/' "$tmp/conf.orig" >"$tmp/conf.want"
[ "$rc" = 0 ] && cmp -s "$EXTLOAD_CONFIG" "$tmp/conf.want" &&
    "$X" state show "$EXTLOAD_STATE" | grep -qx 'no trial record'
ok $? "set-state system1 good on its trial boot: committed (DEFAULT system1, FALLBACK system0, every other byte kept), the record cleared" "$tmp/err"
expect "committed" system1 get-primary

# A trial of system0 that fails: the loader's failed record.
run set-primary system0
rec "$EXTLOAD_STATE" 3 0 2 system0
echo "console=ttySIF0 root=/dev/mmcblk0p3 extload.label=system1 extload.trial_failed=system0" >"$EXTLOAD_CMDLINE"
expect "after a failed trial" system1 get-current
expect "failed trial" bad get-state system0
expect "failed trial: the committed slot" system1 get-primary
run set-state system1 good
[ "$rc" = 0 ] && cmp -s "$EXTLOAD_CONFIG" "$tmp/conf.want" && [ "$(field label)" = system0 ]
ok $? "set-state good of the committed slot (RAUC's mark-good): nothing changes" "$tmp/err"
run set-state system0 good
[ "$rc" = 0 ] && cmp -s "$EXTLOAD_CONFIG" "$tmp/conf.want" &&
    "$X" state show "$EXTLOAD_STATE" | grep -qx 'no trial record'
ok $? "set-state system0 good after its failure: the record cleared, not committed" "$tmp/err"
expect "cleared" good get-state system0

# set-primary of the DEFAULT drops an armed trial.
run set-primary system0
run set-primary system1
[ "$rc" = 0 ] && "$X" state show "$EXTLOAD_STATE" | grep -qx 'no trial record'
ok $? "set-primary of the DEFAULT: the armed trial dropped" "$tmp/err"
# set-state bad of an armed trial drops it; of the DEFAULT commits FALLBACK.
run set-primary system0
run set-state system0 bad
[ "$rc" = 0 ] && "$X" state show "$EXTLOAD_STATE" | grep -qx 'no trial record' &&
    cmp -s "$EXTLOAD_CONFIG" "$tmp/conf.want"
ok $? "set-state bad of an armed trial: dropped" "$tmp/err"
run set-state system1 bad
sed 's/^DEFAULT system0$/DEFAULT system0\nFALLBACK system1/' "$tmp/conf.orig" >"$tmp/conf.bad"
[ "$rc" = 0 ] && cmp -s "$EXTLOAD_CONFIG" "$tmp/conf.bad"
ok $? "set-state bad of the DEFAULT: its FALLBACK committed in its place" "$tmp/err"

# The DEFAULT marked bad without a FALLBACK (RAUC's install marks its
# target bad first: a DEFAULT whose label failed to load, the card booted
# from the other one): the label this boot came from takes its place;
# when that is the DEFAULT itself, nothing is written at all.
cp "$tmp/conf.orig" "$EXTLOAD_CONFIG"
rec "$EXTLOAD_STATE" 5 0 2 system0
cp "$EXTLOAD_STATE" "$tmp/state.failed"
echo "console=ttySIF0 root=/dev/mmcblk0p2 rauc.slot=system0 extload.label=system0" >"$EXTLOAD_CMDLINE"
run set-state system0 bad
[ "$rc" = 1 ] && grep -q "^extload-rauc-backend: 'system0' is the DEFAULT .*; nothing changed\$" "$tmp/err" &&
    cmp -s "$EXTLOAD_CONFIG" "$tmp/conf.orig" && cmp -s "$EXTLOAD_STATE" "$tmp/state.failed"
ok $? "set-state bad of the DEFAULT, no FALLBACK, booted from it: exit 1, the config and the record untouched" "$tmp/err"
echo "console=ttySIF0 root=/dev/mmcblk0p3 rauc.slot=system1 extload.label=system1" >"$EXTLOAD_CMDLINE"
run set-state system0 bad
[ "$rc" = 0 ] && cmp -s "$EXTLOAD_CONFIG" "$tmp/conf.want" &&
    "$X" state show "$EXTLOAD_STATE" | grep -qx 'no trial record'
ok $? "set-state bad of the DEFAULT, no FALLBACK, booted from system1: system1 committed (FALLBACK system0), system0's record cleared" "$tmp/err"
sed 's/^DEFAULT system0$/DEFAULT system0\nFALLBACK system9/' "$tmp/conf.orig" >"$EXTLOAD_CONFIG"
run set-state system0 bad
[ "$rc" = 0 ] && cmp -s "$EXTLOAD_CONFIG" "$tmp/conf.want"
ok $? "set-state bad of the DEFAULT whose FALLBACK names no label: the booted system1 committed" "$tmp/err"

# Failures: one line, exit 1.
r=0
for args in "get-state system9" "set-primary system9" "set-state system0 maybe" \
            "reboot" ""; do
    # shellcheck disable=SC2086
    "$B" $args >/dev/null 2>"$tmp/err"
    [ $? = 1 ] && grep -q '^extload-rauc-backend: ' "$tmp/err" || r=1
done
echo "console=ttySIF0" >"$EXTLOAD_CMDLINE"
"$B" get-current >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q 'no extload.label=' "$tmp/err" || r=1
ok $r "an unknown bootname, state or verb, and a boot without extload.label=: exit 1 and a line" "$tmp/err"
echo "1..$n"
