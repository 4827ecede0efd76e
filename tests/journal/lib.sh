# shellcheck shell=bash
# What the journal suites share (sourced, not a suite: tests/run.sh runs
# t_*.sh only): the tool, the TAP counters, seeded bytes, and the
# comparison of a dirty image against debugfs on the state it must read
# as.
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${BUILD:-build}
EXT=${EXTLOAD:-$TOP/$BUILD/host/extload}
case $EXT in /*) ;; *) EXT=$TOP/$EXT ;; esac
PATH=$PATH:/sbin:/usr/sbin
n=0
fails=0

ok() { n=$((n + 1)); echo "ok $n - $1"; }
notok() { n=$((n + 1)); echo "not ok $n - $1"; fails=$((fails + 1)); }
check() { if [ "$1" = 0 ]; then ok "$2"; else notok "$2"; fi; }

rnd() {            # seed bytes [magic]: seeded bytes; magic: every 1 KiB
    python3 - "$@" <<'PY'
import random, sys
r = random.Random(int(sys.argv[1]))
b = bytearray(r.getrandbits(8) for _ in range(int(sys.argv[2])))
if len(sys.argv) > 3:
    for o in range(0, len(b) - 3, 1024):
        b[o:o + 4] = bytes.fromhex("c03b3998")
sys.stdout.buffer.write(bytes(b))
PY
}

# same_as IMAGE ORACLE LABEL DIR...: every path of $FILES and the listing
# of each DIR as extload reads them from IMAGE, against debugfs on
# ORACLE; each difference a TAP comment; IMAGE must stay byte-identical.
# 0 when all agree.
same_as() {
    local img=$1 o=$2 label=$3 bad=0 p d sum
    shift 3
    sum=$(sha256sum <"$img")
    for p in $FILES; do
        # debugfs cat gives an inline file's whole 60 bytes: cut to i_size
        debugfs -R "cat $p" "$o" 2>/dev/null | head -c "$(debugfs -R \
            "stat $p" "$o" 2>/dev/null | awk '/Size: / {print $NF; exit}')" \
            >"$img.want" 2>/dev/null
        if debugfs -R "stat $p" "$o" 2>&1 | grep -q "File not found"; then
            if "$EXT" cat "$img" "$p" >/dev/null 2>&1; then
                echo "# $label: $p exists for extload, not in $(basename "$o")"
                bad=1
            fi
        elif ! "$EXT" cat "$img" "$p" >"$img.got" 2>"$img.err" ||
             ! cmp -s "$img.want" "$img.got"; then
            echo "# $label: $p differs: $(head -c 200 "$img.err")"
            bad=1
        fi
    done
    for d in "$@"; do
        debugfs -R "ls -p $d" "$o" 2>/dev/null |
            awk -F/ 'NF > 5 && $2 != 0 {print $2, $6}' | sort >"$img.lw"
        "$EXT" ls "$img" "$d" 2>/dev/null | awk '{print $1, $4}' |
            sort >"$img.lg"
        if ! cmp -s "$img.lw" "$img.lg"; then
            echo "# $label: listing of $d differs"
            diff "$img.lw" "$img.lg" | head -5 | sed 's/^/#   /'
            bad=1
        fi
    done
    [ "$(sha256sum <"$img")" = "$sum" ] || { echo "# $label: image changed"; bad=1; }
    return $bad
}
