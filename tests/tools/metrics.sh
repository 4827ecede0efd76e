#!/usr/bin/env bash
# The shape of the product code (make metrics): the longest functions and
# the largest .c files under fs/ drivers/ firmware/ board/ lib/, to watch
# a function or a file grow past what one reader holds in mind.
#
#   tests/tools/metrics.sh [DIR] [N]   the tree at DIR (default: this
#                                      one), the N first of each (10)
#
# A function is what the style writes: its signature from column 0 and
# its body from a "{" alone at column 0 to the "}" at column 0; its
# length counts the signature's lines too. Only .c files are read.
set -u
dir=${1:-$(dirname "$0")/../..}
n=${2:-10}
cd "$dir" || exit 1

srcs=$(find fs drivers firmware board lib -name '*.c' 2>/dev/null | sort)
[ -n "$srcs" ] || { echo "metrics: no sources under $dir" >&2; exit 1; }

echo "longest functions (lines, signature to closing brace):"
# shellcheck disable=SC2086
awk '
FNR == 1 { sig = 0; body = 0 }
body {
    if ($0 ~ /^}/) {
        printf "%6d  %s  %s:%d\n", FNR - start + 1, name, FILENAME, start
        body = 0
    }
    next
}
/^[A-Za-z_][^;]*\(/ && $0 !~ /^(typedef|struct [A-Za-z_]+ *\{|enum|#)/ {
    # A signature: its name is the word before the first "(".
    s = $0
    sub(/\(.*/, "", s)
    k = split(s, w, /[ *]+/)
    name = w[k]
    start = FNR
    sig = 1
    next
}
sig && /^\{/ { body = 1; sig = 0; next }
sig && /;[[:space:]]*$/ { sig = 0 }
' $srcs | sort -k1,1nr -k3,3 | head -n "$n"

echo
echo "largest .c files (lines, bytes):"
# shellcheck disable=SC2086
for f in $srcs; do
    printf "%6d %7d  %s\n" "$(wc -l <"$f")" "$(wc -c <"$f")" "$f"
done | sort -k1,1nr -k3,3 | head -n "$n"

echo
# shellcheck disable=SC2086
printf "%d .c files, %d lines in all\n" "$(echo "$srcs" | wc -l)" \
    "$(cat $srcs | wc -l)"
