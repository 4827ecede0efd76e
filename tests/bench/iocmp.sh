#!/usr/bin/env bash
# I/O counts of two host tools over the test images: `ls /` and `cat` of
# each regular file in the root (up to 20 per image), with --stats
# (block device read calls and sectors). Prints each difference and a
# total. Issue 11 asked that a smaller build read no more than before:
#   git worktree add /tmp/old OLD-COMMIT && make -C /tmp/old host
#   bash tests/bench/iocmp.sh /tmp/old/build/host/extload build/host/extload
# Images: $EXTLOAD_IMAGES or build/images (make test builds them).
set -u
old=${1:?usage: iocmp.sh OLD-EXTLOAD NEW-EXTLOAD}
new=${2:?usage: iocmp.sh OLD-EXTLOAD NEW-EXTLOAD}
D=${EXTLOAD_IMAGES:-build/images}
same=0 differ=0
stats() {          # tool cmd image path
    "$1" --stats "$2" "$3" "$4" 2>&1 >/dev/null | grep '^stats:'
}
for img in "$D"/*.img; do
    files=$(debugfs -R "ls -p /" "$img" 2>/dev/null |
            awk -F/ '$3 ~ /^10/ { print "/" $6 }' | head -20)
    for what in "ls /" $(printf 'cat:%s\n' $files); do
        case $what in
        cat:*) cmd=cat path=${what#cat:} ;;
        *)     cmd=ls path=/ ;;
        esac
        a=$(stats "$old" "$cmd" "$img" "$path")
        b=$(stats "$new" "$cmd" "$img" "$path")
        if [ "$a" = "$b" ]; then
            same=$((same + 1))
        else
            differ=$((differ + 1))
            echo "$(basename "$img") $cmd $path: old [$a] new [$b]"
        fi
    done
done
echo "iocmp: $same the same, $differ different"
