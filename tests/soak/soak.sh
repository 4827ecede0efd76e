#!/usr/bin/env bash
# make soak (issue 29): a randomized differential run, not part of make
# test. Image after image until SOAK_SECONDS have passed (or SOAK_COUNT
# images are done): a seeded random tree (tests/soak/mktree.py), a random
# mke2fs layout (ext2/3/4, blocks of 1 to 64 KiB, random blocks per group,
# ^flex_bg, meta_bg, bigalloc, 128-byte inodes, ^64bit, inline_data,
# ^has_journal, sparse_super2, ^sparse_super, ^metadata_csum, uninit_bg,
# ^dir_index, ^extent; sometimes inside an MBR or GPT card), then one
# tests/tools/treecmp run per profile over the whole image:
#   - every regular file equals its source, every symlink's target too;
#   - every directory's listing equals one `debugfs -f` run's `ls -p`;
#   - the tiny profile's treecmp agrees (where the layout is one it reads).
# debugfs lists an empty inline directory's unused slot as an entry of
# inode 0 (/0/000000//0/); it names nothing, so that line is dropped.
# Where a file differs from its source, debugfs's dump of it is the
# oracle instead (read by the host tool): a file mke2fs itself wrote
# differently (e2fsprogs 1.47.0 does, with inline_data) is counted as
# mke2fs's, and is a failure only if the reader disagrees with debugfs
# too. An inline file mke2fs wrote with i_size past its inline data
# (debugfs stat says both) is refused by the reader by design
# (EXT_ECORRUPT) and counted apart; every other reader error is a
# failure.
#
#   SOAK_SECONDS  how long (default 600); SOAK_COUNT  at most this many
#   SOAK_SEED     the first image's seed (default: the time); image k has
#                 seed SOAK_SEED + k, and `make soak SOAK_SEED=S
#                 SOAK_COUNT=1` builds and checks that image again
#   SOAK_KEEP=1   keep every image's files (else only the first failures',
#                 in $BUILD/soak/fail-SEED)
# Prints a line per image, each failure with its seed, and a summary:
# images, files, bytes and directories compared.
set -u
BUILD=${BUILD:-build}
case $BUILD in /*) ;; *) BUILD=$PWD/$BUILD ;; esac
OUT=$BUILD/soak
# Run from a copy, so the tree can be edited while a long run goes on.
if [ -z "${SOAK_COPY:-}" ]; then
    mkdir -p "$OUT/bin"
    cp "$0" "$OUT/bin/soak.sh"
    cp "$(dirname "$0")/mktree.py" "$OUT/bin/mktree.py"
    SOAK_COPY=1 exec bash "$OUT/bin/soak.sh" "$@"
fi
MKTREE=$OUT/bin/mktree.py
TC=$BUILD/host/treecmp
TC_TINY=$BUILD/host-tiny/treecmp
X=$BUILD/host/extload
SECONDS_MAX=${SOAK_SECONDS:-600}
COUNT_MAX=${SOAK_COUNT:-0}
SEED0=${SOAK_SEED:-$(date +%s)}
KEEP=${SOAK_KEEP:-0}
base=${TMPDIR:-/tmp}
if [ -z "${TMPDIR:-}" ] && [ -w /dev/shm ] &&
   [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt 4194304 ]; then
    base=/dev/shm
fi
work=$(mktemp -d "$base/soak.XXXXXX")
trap 'rm -rf "$work"' EXIT

images=0 files=0 bytes=0 dirs=0 fails=0 refused=0 deviations=0 kept=0
inline_short=0

# No $(...) around RANDOM: bash reseeds it in a subshell, and an image
# must come out the same for the same seed.
pick() { local v=$1; shift; local a=("$@"); printf -v "$v" %s "${a[RANDOM % ${#a[@]}]}"; }
chance() { [ $((RANDOM % 100)) -lt "$1" ]; }    # percent

# The layout of image SEED: sets bs, bpg, fstype, opts (array), table.
layout() {
    RANDOM=$1
    pick bs 1024 1024 1024 2048 4096 4096 4096 8192 16384 65536
    pick fstype ext2 ext3 ext4 ext4 ext4 ext4
    opts=(-t "$fstype" -b "$bs")
    local feats="" big=0
    if [ "$fstype" = ext4 ]; then
        chance 25 && feats+=",^flex_bg"
        chance 15 && feats+=",meta_bg,^resize_inode"
        if chance 15; then
            feats+=",bigalloc"; big=1
            opts+=(-C $((bs << (1 + RANDOM % 4))))
        fi
        chance 20 && feats+=",^64bit"
        chance 20 && feats+=",^has_journal"
        chance 15 && feats+=",^metadata_csum"
        chance 10 && feats+=",^metadata_csum,uninit_bg"
        chance 10 && feats+=",sparse_super2"
        chance 5 && feats+=",^extent,^64bit"
        if chance 15; then
            feats+=",inline_data"
        elif chance 20; then
            opts+=(-I 128)
        fi
    else
        chance 20 && opts+=(-I 128)
        chance 15 && feats+=",meta_bg,^resize_inode"
    fi
    chance 10 && feats+=",^sparse_super,^resize_inode"
    chance 10 && feats+=",^dir_index"
    [ -n "$feats" ] && opts+=(-O "${feats#,}")
    bpg=$((8 * bs))
    if [ "$big" = 0 ] && chance 50; then
        bpg=$(( (256 + RANDOM % (8 * bs > 32768 ? 32768 : 8 * bs)) / 8 * 8 ))
        [ "$bpg" -lt 256 ] && bpg=256
        opts+=(-g "$bpg")
    fi
    pick table none none none none mbr gpt
    budget=$(( (1 + RANDOM % 48) << 20 ))
    chance 10 && budget=$(( (64 + RANDOM % 128) << 20 ))
}

fail() {           # seed what
    fails=$((fails + 1))
    echo "FAIL seed $1: $2"
    echo "  layout: mke2fs ${opts[*]} (table $table)"
    echo "  again:  make soak SOAK_SEED=$1 SOAK_COUNT=1 SOAK_KEEP=1"
}

start=$(date +%s)
echo "soak: seeds from $SEED0, ${SECONDS_MAX}s, work in $work"
k=0
while :; do
    now=$(date +%s)
    [ $((now - start)) -ge "$SECONDS_MAX" ] && break
    [ "$COUNT_MAX" -gt 0 ] && [ "$k" -ge "$COUNT_MAX" ] && break
    seed=$((SEED0 + k))
    k=$((k + 1))
    layout "$seed"
    w=$work/$seed
    mkdir -p "$w"
    python3 "$MKTREE" "$seed" "$w/src" "$bs" "$bpg" "$budget" >"$w/tree" ||
        { fail "$seed" "mktree failed"; continue; }
    tb=$(du -sk --apparent-size "$w/src" | cut -f1)
    size_k=$(( tb * 2 + 65536 + 64 * bs / 1024 * 64 ))
    img=$w/img
    part=() dev=$img
    if [ "$table" = none ]; then
        mke2fs -q -F "${opts[@]}" -d "$w/src" "$img" "${size_k}k" \
            >"$w/mkfs" 2>&1
    else
        truncate -s $(( (size_k + 2048) * 1024 )) "$img"
        printf 'label: %s\nstart=2048, size=%s, type=%s\n' \
            "$([ "$table" = mbr ] && echo dos || echo gpt)" \
            $((size_k * 2)) "$([ "$table" = mbr ] && echo 83 || echo L)" |
            sfdisk -q "$img" >"$w/mkfs" 2>&1
        mke2fs -q -F -E offset=$((2048 * 512)) "${opts[@]}" -d "$w/src" \
            "$img" "${size_k}k" >>"$w/mkfs" 2>&1
        part=(--part 1) dev="$img?offset=$((2048 * 512))"
    fi
    if [ $? != 0 ]; then
        refused=$((refused + 1))
        echo "seed $seed: mke2fs refused ${opts[*]}: $(grep -v '^Creating\|^$' "$w/mkfs" | tail -1)"
        rm -rf "$w"
        continue
    fi
    if ! e2fsck -fn "$dev" >"$w/fsck" 2>&1; then
        refused=$((refused + 1))
        echo "seed $seed: e2fsck -fn finds mke2fs's image unclean; not counted"
        rm -rf "$w"
        continue
    fi
    bad=""
    "$TC" "${part[@]}" --list "$w/list" --cmds "$w/cmds" "$img" "$w/src" \
        >"$w/counts" 2>"$w/err"
    rc=$?
    counts=$(cat "$w/counts")
    if [ "$rc" != 0 ]; then
        # mke2fs 1.47.0 (inline_data, large blocks) writes some files
        # with i_size past their inline data (debugfs stat: "Size of
        # inline data: 60" beside "Size: 161640"; e2fsck -fn passes it).
        # The reader refuses such a file by design (EXT_ECORRUPT); any
        # other reader error is a failure.
        short=$(sed -n 's/.*reader error: corrupt filesystem: inode \([0-9]*\): inline data is shorter than the file size$/\1/p' "$w/err")
        for ino in $short; do
            debugfs -R "stat <$ino>" "$dev" 2>/dev/null >"$w/istat"
            isz=$(sed -n 's/.*  Size: \([0-9]*\).*/\1/p' "$w/istat" | head -1)
            inl=$(sed -n 's/^Size of inline data: \([0-9]*\)/\1/p' "$w/istat")
            if [ -n "$isz" ] && [ -n "$inl" ] && [ "$inl" -lt "$isz" ]; then
                inline_short=$((inline_short + 1))
                echo "seed $seed: inode $ino: mke2fs wrote i_size $isz over $inl bytes of inline data; refused by design"
            else
                bad="$bad inode $ino refused as inline data shorter than its size, debugfs says $inl of $isz;"
            fi
        done
        if [ "$rc" != 1 ] || grep 'reader error' "$w/err" |
                grep -qv 'inline data is shorter than the file size$'; then
            bad="reader error: $(grep -m3 'treecmp' "$w/err" | tr '\n' ' ')"
        elif [ -z "$bad" ]; then
            # Differences from the source: debugfs decides, file by
            # file (its dump cut to the size its stat gives: 1.47.0 pads
            # an inline file's dump to 60 bytes), against the host tool.
            nd=0
            while IFS= read -r p; do
                printf 'dump "%s" %s\nstat "%s"\n' "$p" "$w/oracle" "$p" |
                    debugfs -f - "$dev" 2>/dev/null |
                    sed -n 's/.*Size: \([0-9]*\).*/\1/p' | head -1 >"$w/osize"
                truncate -s "$(cat "$w/osize")" "$w/oracle" 2>/dev/null
                if [ -s "$w/osize" ] &&
                   "$X" "${part[@]}" cat "$img" "$p" >"$w/got" 2>>"$w/err2" &&
                   cmp -s "$w/got" "$w/oracle"; then
                    nd=$((nd + 1))
                else
                    bad="$bad $p differs from source and debugfs dump;"
                fi
            done < <(grep -v 'reader error' "$w/err" |
                     sed -n 's/^treecmp: \(\/.*\): [^:]*$/\1/p')
            if [ -z "$bad" ]; then
                deviations=$((deviations + nd))
                echo "seed $seed: mke2fs wrote $nd file(s) unlike the source; the reader agrees with debugfs: $(head -1 "$w/err" | cut -c1-200)"
            fi
        fi
    fi
    debugfs -f "$w/cmds" "$dev" 2>/dev/null |
        sed -E 's#^/([0-9]+)/([0-7]+)/[0-9]+/[0-9]+/#/\1/\2/#' |
        grep -vx '/0/000000//0/' >"$w/dbg"
    if ! cmp -s "$w/dbg" "$w/list"; then
        bad="$bad listing differs from debugfs ls -p: $(diff "$w/dbg" "$w/list" | head -3 | tr '\n' ' ')"
    fi
    if [[ " ${opts[*]} " != *inline_data* ]]; then
        "$TC_TINY" "${part[@]}" --list "$w/list-tiny" "$img" "$w/src" \
            >"$w/counts-tiny" 2>"$w/err-tiny"
        if [ $? != "$rc" ] || ! cmp -s "$w/list" "$w/list-tiny" ||
           ! cmp -s "$w/counts" "$w/counts-tiny"; then
            bad="$bad the tiny profile disagrees: $(head -c 300 "$w/err-tiny")"
        fi
    fi
    images=$((images + 1))
    set -- $counts
    if [ "${1:-}" = files ]; then
        files=$((files + $2)) bytes=$((bytes + $4)) dirs=$((dirs + $6))
    fi
    if [ -n "$bad" ]; then
        fail "$seed" "$bad"
    else
        echo "seed $seed: ok: ${opts[*]} table $table: $counts"
    fi
    if [ -n "$bad" ] && [ "$kept" -lt 3 ] || [ "$KEEP" = 1 ]; then
        kept=$((kept + 1))
        rm -rf "$OUT/fail-$seed"
        mv "$w" "$OUT/fail-$seed"
        echo "  kept in $OUT/fail-$seed"
    fi
    rm -rf "$w"
done
echo "soak: $images images, $files files, $bytes bytes, $dirs directories compared; $fails failed; $refused layouts mke2fs refused or made unclean; $deviations files mke2fs wrote unlike the source (the reader agreed with debugfs), $inline_short inline files mke2fs wrote longer than their inline data (refused by design); seeds $SEED0..$((SEED0 + k - 1))"
[ "$fails" = 0 ]
