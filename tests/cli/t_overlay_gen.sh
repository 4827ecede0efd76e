#!/usr/bin/env bash
# Overlays held against libfdt on generated cases (issue 54, item 4):
# tests/tools/ovlgen.py's seeded random base trees, each with 1 to 4
# /plugin/ overlays (labels, references within and across fragments and
# overlays, target and target-path fragments, target-paths to nodes an
# earlier fragment added, aliases, labels on nodes of the tree), applied
# through `extload boot --board sifive-u` (a bare kernel with FDT and
# FDTOVERLAYS, so the overlays are the tree's only edit) and through
# fdtoverlay one overlay at a time; the two trees compared as sorted dts
# (dtc -s). Each overlay's verdict must be the plan's: applied, or
# refused for nesting past FDT_DEPTH_MAX (which libfdt applies: named in
# firmware/README, left out of the libfdt chain). Where an overlay node
# with a phandle lands on a node that has one, dtc 1.8.1 keeps the
# tree's phandle and Debian's 1.6.1 does not: those cases go through
# ovlgen's 1.6.1 form of the overlay (its oK.want.dts, giving 1.8.1's
# tree) and compare with phandles named by their nodes (ovlgen.py
# canon); how many of them 1.6.1 itself gets differently is counted.
# Prints TAP and the counts. OVLGEN_SEED, OVLGEN_CASES override the
# seed (54) and the count (300).
# profiles: default
set -u
# shellcheck source=tests/cli/lib.sh
. "$(dirname "$0")/lib.sh"
GEN=tests/tools/ovlgen.py
SEED=${OVLGEN_SEED:-54}
CASES=${OVLGEN_CASES:-300}
python3 "$GEN" gen "$SEED" "$CASES" "$tmp/gen" || exit 1
# A bare kernel: 3000 bytes that no loader reads as a header.
python3 -c 'import sys; sys.stdout.buffer.write(bytes((i * 7 + 1) & 0x7f for i in range(3000)))' >"$tmp/kernel.bin"

sorted() { dtc -q -f -s -I dtb -O dts "$1" 2>/dev/null; }
same=0 conflicts=0 differ161=0 depth=0 bad=0 overlays=0
pairs=()
declare -A reason feat
fails=$tmp/fails
: >"$fails"

for c in "$tmp"/gen/c*; do
    name=${c##*/}
    card=$c/card
    mkdir -p "$card/boot/extlinux"
    dtc -q -@ -I dts -O dtb -o "$card/boot/base.dtb" "$c/base.dts" || { echo "$name: base" >>"$fails"; continue; }
    list="" ok=1
    for o in "$c"/o?.dts; do
        k=$(basename "$o" .dts)
        dtc -q -@ -I dts -O dtb -o "$card/boot/$k.dtbo" "$o" || ok=0
        [ -f "$c/$k.want.dts" ] && { dtc -q -@ -I dts -O dtb -o "$c/$k.want.dtbo" "$c/$k.want.dts" || ok=0; }
        list="$list /boot/$k.dtbo"
    done
    [ $ok = 1 ] || { echo "$name: an overlay does not compile" >>"$fails"; continue; }
    cp "$tmp/kernel.bin" "$card/boot/kernel.bin"
    printf 'LABEL %s\n  KERNEL /boot/kernel.bin\n  FDT /boot/base.dtb\n  FDTOVERLAYS%s\n' \
        "$name" "$list" >"$card/boot/extlinux/extlinux.conf"
    mke2fs -q -F -t ext4 -b 1024 -d "$card" "$c/img" 4M >/dev/null
    "$X" boot "$c/img" --board sifive-u -o "$c/out" </dev/null >"$c/log" 2>&1
    # The libfdt chain: each overlay the plan applies, in turn.
    cp "$card/boot/base.dtb" "$c/want.dtb"
    conflict=0
    grep -qx conflict "$c/plan" && conflict=1 && cp "$card/boot/base.dtb" "$c/as161.dtb"
    while read -r k verdict why; do
        [ "$k" = conflict ] && continue
        [ "$k" = feat ] && { feat[$verdict]=$((${feat[$verdict]:-0} + 1)); continue; }
        overlays=$((overlays + 1))
        line=$(grep -E "^fdtoverlay: /boot/$k\.dtbo: (applied|.*; skipped)" "$c/log")
        if [ "$verdict" = apply ]; then
            case $line in *": applied; "*) ;; *) echo "$name $k: extload: $line" >>"$fails"; bad=$((bad + 1)) ;; esac
            src=$card/boot/$k.dtbo
            [ -f "$c/$k.want.dtbo" ] && src=$c/$k.want.dtbo
            if fdtoverlay -i "$c/want.dtb" -o "$c/next.dtb" "$src" >/dev/null 2>&1; then
                mv "$c/next.dtb" "$c/want.dtb"
            else
                echo "$name $k: fdtoverlay refuses it" >>"$fails"; bad=$((bad + 1))
            fi
            [ $conflict = 1 ] &&
                fdtoverlay -i "$c/as161.dtb" -o "$c/next.dtb" "$card/boot/$k.dtbo" >/dev/null 2>&1 &&
                mv "$c/next.dtb" "$c/as161.dtb"
        else
            r=${line#*: device tree byte 0x*: }
            r=${r%; skipped}
            case $why:$r in
            depth:"nodes nest deeper than FDT_DEPTH_MAX") depth=$((depth + 1)) ;;
            *) echo "$name $k: want refused ($why), extload: $line" >>"$fails"; bad=$((bad + 1)) ;;
            esac
            reason[$r]=$((${reason[$r]:-0} + 1))
        fi
    done <"$c/plan"
    [ -f "$c/out/fdt.dtb" ] || { echo "$name: no tree handed over" >>"$fails"; continue; }
    if [ $conflict = 1 ]; then
        sorted "$c/out/fdt.dtb" >"$c/got.dts"
        sorted "$c/want.dtb" >"$c/want.dts"
        pairs+=("$c/got.dts" "$c/want.dts")
        conflicts=$((conflicts + 1))
        [ "$(sorted "$c/as161.dtb")" = "$(cat "$c/got.dts")" ] || differ161=$((differ161 + 1))
    elif [ "$(sorted "$c/out/fdt.dtb")" = "$(sorted "$c/want.dtb")" ]; then
        same=$((same + 1))
    else
        echo "$name: a different tree" >>"$fails"
    fi
    rm -rf "$card" "$c/img"
done

# The phandle rule's cases, compared in one go.
canon_same=$conflicts
if [ $conflicts -gt 0 ] && ! python3 "$GEN" canon "${pairs[@]}" >>"$fails"; then
    canon_same=$((conflicts - $(grep -c "phandles named" "$fails")))
fi
echo "# $CASES cases (seed $SEED), $overlays overlays: $same trees the same as fdtoverlay's," \
     "$canon_same the same as dtc 1.8.1's keeping the tree's phandle ($differ161 of them" \
     "different from Debian's 1.6.1 fdtoverlay)"
for r in "${!reason[@]}"; do echo "# refused, as planned: ${reason[$r]} overlays: $r"; done
kinds=0
for f in $(printf "%s\n" "${!feat[@]}" | sort); do echo "# cases with $f: ${feat[$f]}"; kinds=$((kinds + 1)); done
[ ! -s "$fails" ]
ok $? "every case's tree is libfdt's ($((same + canon_same)) of $CASES), every verdict the plan's" "$fails"
[ $((same + canon_same)) = "$CASES" ] && [ "$canon_same" -gt 0 ] && [ "$depth" -gt 0 ] &&
    [ "$same" -gt 0 ] && [ "$kinds" = 11 ]
ok $? "the generator made cases of each kind: same tree, the phandle rule, nesting past FDT_DEPTH_MAX, each of ovlgen's 11 features"
[ "$differ161" -gt 0 ]
ok $? "the phandle rule's cases differ from Debian's 1.6.1 fdtoverlay ($differ161): the rule is exercised"
echo "1..$n"
