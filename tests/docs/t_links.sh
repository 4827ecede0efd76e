#!/usr/bin/env bash
# Every link in the repository's Markdown points at a file inside the
# repository (a user who clones extload has nothing beside it), and that
# file exists. Web links are not followed.
set -u
cd "$(dirname "$0")/../.."
top=$PWD
n=0 bad=0
while IFS= read -r md; do
    dir=$(dirname "$md")
    # [text](target) and [text](target#anchor); skip http(s) and mailto.
    while IFS= read -r target; do
        t=${target%%#*}
        [ -z "$t" ] && continue
        case $t in http://*|https://*|mailto:*) continue ;; esac
        n=$((n + 1))
        p=$(realpath -m "$dir/$t")
        if [ "${p#"$top"/}" = "$p" ]; then
            echo "not ok $n - $md links outside the repository: $target"
            bad=$((bad + 1))
        elif [ ! -e "$p" ]; then
            echo "not ok $n - $md links a missing file: $target"
            bad=$((bad + 1))
        else
            echo "ok $n - $md -> $t"
        fi
    done < <(grep -oE '\]\([^) ]+\)' "$md" | sed -E 's/^\]\((.*)\)$/\1/')
done < <(git ls-files '*.md')
[ "$n" -gt 0 ] || echo "not ok 1 - no Markdown links found"
# Nor may prose send the reader outside: ../shared is not in a clone.
n=$((n + 1))
if hits=$(git grep -n '\.\./shared' -- '*.md'); then
    echo "not ok $n - Markdown names ../shared:"
    echo "$hits" | sed 's/^/# /'
else
    echo "ok $n - no Markdown names ../shared"
fi
