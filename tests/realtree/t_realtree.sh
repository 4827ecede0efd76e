#!/usr/bin/env bash
# Real trees on the layouts users make (issue 29), TAP.
#
# Filesystems made with `mke2fs -d` from trees every Debian machine has
# (/usr/share/doc, /usr/include, /usr/lib/python3: copied first, so a
# package installed meanwhile cannot change them under the test), as
# ext4 the way mke2fs makes it from 64 MiB to 1 GiB, a 1 KiB-block /boot
# of 256 MiB, ext2, ext3, ^flex_bg, meta_bg, bigalloc, 128-byte inodes,
# 64bit and ^64bit, inside an MBR and a GPT card, and bigalloc with meta_bg
# on 1 KiB blocks (s_first_data_block 0: group 0's descriptor block is
# block 2; make soak seed 29126 found the reader looking in block 1); plus one seeded random
# file of 300 MiB crossing many groups with 1 KiB and 4 KiB blocks. For
# each image one tests/tools/treecmp process reads every file, symlink
# and directory: every regular file must equal its source byte for byte,
# and every directory's listing must equal what one `debugfs -f` run
# prints for it (inode, mode, name, size).
#
# Without the fix of 8722801 (fs/ext_inode.c: a group's base metadata is
# in the system zone only where that group has some) this suite fails:
# every image whose files have an extent running into a group without a
# superblock backup has files refused with "block in the system zone"
# (checked when the suite was written: 8 of the other 16 layouts fail,
# the 1 KiB-block ones, meta_bg, 128-byte inodes and the cards among
# them; bigalloc-1k-meta fails to mount without cec4ac8).
#
# No inline_data layout: mke2fs 1.47.0 -d itself writes some files of a
# real tree short there (a 9218-byte .pyc gets i_size 9216; debugfs
# agrees with the reader), so the source cannot be the oracle; `make
# soak` covers inline_data, with debugfs dump as the oracle where a
# file differs from its source.
#
# EXTLOAD_PROFILE=tiny (tests/run.sh: realtree-tiny.t_realtree): the same
# layouts with the tiny profile's treecmp, but for the meta_bg ones (the
# tiny profile refuses meta_bg at mount: EXT_META_BG=0).
# Images are built two at a time and deleted once compared; their files
# are sparse, so the disk holds about what the trees take.
# profiles: default tiny
set -u
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
PROFILE=${EXTLOAD_PROFILE:-default}
PSUF=; [ "$PROFILE" = tiny ] && PSUF=-tiny
TC=$PWD/$BUILD/host$PSUF/treecmp
SEEDFILL=$PWD/$BUILD/tools/seedfill
# In memory where there is room (tmpfs keeps the images sparse too): the
# disk would otherwise take most of the time writing them.
base=${TMPDIR:-/tmp}
if [ -z "${TMPDIR:-}" ] && [ -w /dev/shm ] &&
   [ "$(df -Pk /dev/shm | awk 'NR == 2 { print $4 }')" -gt 4194304 ]; then
    base=/dev/shm
fi
tmp=$(mktemp -d "$base/realtree.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
n=0

ok() {             # status description
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fi
}

for t in "$TC" "$SEEDFILL"; do
    if [ ! -x "$t" ]; then
        echo "1..0 # SKIP $t not built (make unit)"
        exit 0
    fi
done

# --- the trees ----------------------------------------------------------
S=$tmp/src
mkdir -p "$S"
have=""
for d in /usr/share/doc /usr/include /usr/lib/python3; do
    k=$(basename "$d")
    if [ -d "$d" ]; then
        cp -a "$d" "$S/$k"
        have="$have $k"
    else
        echo "# $d is absent: its layouts are skipped"
    fi
done
# One file of 300 MiB, seeded, and a few small ones beside it.
mkdir -p "$S/big/boot"
"$SEEDFILL" 29 314572800 >"$S/big/boot/vmlinuz"
"$SEEDFILL" 30 4097 >"$S/big/boot/config"
ln -s vmlinuz "$S/big/boot/vmlinuz.old"
have="$have big"

# --- one layout: build, compare, record ---------------------------------
# layout NAME TREE SIZE TABLE MKE2FS-OPTIONS...  (TABLE: none, mbr or gpt;
# on a card the filesystem fills partition 1, from sector 2048)
layout() {
    local name=$1 tree=$2 size=$3 table=$4 img=$tmp/$1.img dev part=""
    shift 4
    local out=$tmp/$name.res
    {
        if [ "$table" = none ]; then
            dev=$img
            mke2fs -q -F "$@" -d "$S/$tree" "$img" "$size" 2>&1
        else
            truncate -s "$size" "$img"
            local sectors=$(( $(stat -c %s "$img") / 512 - 2048 - 34 ))
            printf 'label: %s\nstart=2048, size=%s, type=%s\n' \
                "$([ "$table" = mbr ] && echo dos || echo gpt)" "$sectors" \
                "$([ "$table" = mbr ] && echo 83 || echo L)" |
                sfdisk -q "$img" 2>&1
            dev="$img?offset=$((2048 * 512))"
            part="--part 1"
            mke2fs -q -F -E offset=$((2048 * 512)) "$@" -d "$S/$tree" \
                "$img" "$((sectors / 2))k" 2>&1
        fi
        # shellcheck disable=SC2086
        "$TC" $part --list "$tmp/$name.list" --cmds "$tmp/$name.cmds" \
            "$img" "$S/$tree" >"$tmp/$name.counts" 2>"$tmp/$name.err"
        echo "files_rc=$?" >"$out"
        debugfs -f "$tmp/$name.cmds" "$dev" 2>/dev/null |
            sed -E 's#^/([0-9]+)/([0-7]+)/[0-9]+/[0-9]+/#/\1/\2/#' \
                >"$tmp/$name.dbg"
        if [ -s "$tmp/$name.dbg" ] && cmp -s "$tmp/$name.dbg" "$tmp/$name.list"
        then echo "list_rc=0" >>"$out"
        else echo "list_rc=1" >>"$out"
        fi
        # The 1 KiB-block 300 MiB file: how many of its extents run into
        # a group without a superblock backup (what issue 29 refused).
        if [ "$tree" = big ] && [[ " $* " == *" -b 1024 "* ]]; then
            debugfs -R "ex /boot/vmlinuz" "$dev" 2>/dev/null |
                awk '$6 == "-" && $9 == "-" { print $8, $10 }' |
                crossings >"$tmp/$name.cross"
        fi
        rm -f "$img"
    } >"$tmp/$name.log" 2>&1
}

# crossings: reads "first last" physical blocks of extents (1 KiB
# blocks: s_first_data_block 1, 8192 blocks per group), prints how many
# run into a group with no superblock backup (sparse_super: groups 0, 1
# and the powers of 3, 5 and 7 have one).
crossings() {
    awk 'function backup(g, p, v) {
             if (g <= 1) return 1
             for (p = 3; p <= 7; p += 2) {
                 for (v = p; v < g; v *= p) ;
                 if (v == g) return 1
             }
             return 0
         }
         { a = int(($1 - 1) / 8192); b = int(($2 - 1) / 8192)
           for (g = a + 1; g <= b; g++) if (!backup(g)) { n++; break } }
         END { print n + 0 }'
}

names=()
start() {          # the arguments of layout; at most two at once
    local tree=$2
    case " $have " in
        *" $tree "*) ;;
        *) return ;;
    esac
    # The tiny profile refuses meta_bg at mount (EXT_META_BG=0; t_cli
    # checks the refusal): its layouts are left out there.
    if [ "$PROFILE" = tiny ] && [[ " $* " == *meta_bg* ]]; then
        echo "# $1: meta_bg, which the tiny profile refuses: skipped"
        return
    fi
    names+=("$1")
    while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
    layout "$@" &
}

# mke2fs picks 1 KiB blocks below 512 MiB ("small" in mke2fs.conf), 4 KiB
# from there: the sizes below get both without -b.
start ext4-64M          python3 64M   none -t ext4
start boot-256M-1k      doc     256M  none -t ext4 -b 1024
start ext4-1G           include 1G    none -t ext4
start ext4-4k-300M      doc     300M  none -t ext4 -b 4096
start ext2              include 400M  none -t ext2
start ext3              doc     400M  none -t ext3
start noflex            include 300M  none -t ext4 -O ^flex_bg
start meta_bg           doc     300M  none -t ext4 -O meta_bg,^resize_inode
start bigalloc          include 600M  none -t ext4 -O bigalloc -C 16384
start bigalloc-1k-meta   python3 128M  none -t ext4 -b 1024 -C 8192 -O bigalloc,meta_bg,^resize_inode
start inode128          python3 128M  none -t ext4 -I 128
start no64bit-4k        doc     256M  none -t ext4 -b 4096 -O ^64bit
start 64bit-nocsum      include 256M  none -t ext4 -O 64bit,^metadata_csum
start mbr-card          include 512M  mbr  -t ext4
start gpt-boot-1k       doc     300M  gpt  -t ext4 -b 1024
start big-1k            big     400M  none -t ext4 -b 1024
start big-4k            big     400M  none -t ext4 -b 4096
wait

# --- the results, in order ----------------------------------------------
files=0 bytes=0 dirs=0
for name in "${names[@]}"; do
    files_rc=1 list_rc=1
    # shellcheck disable=SC1090
    [ -f "$tmp/$name.res" ] && . "$tmp/$name.res"
    c=$(cat "$tmp/$name.counts" 2>/dev/null)
    set -- $c
    if [ "${1:-}" = files ]; then
        files=$((files + $2)) bytes=$((bytes + $4)) dirs=$((dirs + $6))
    fi
    [ "$files_rc" = 0 ] || sed 's/^/# /' "$tmp/$name.log" "$tmp/$name.err" |
                           head -20
    ok "$files_rc" "$name: every file equals its source ($c)"
    if [ "$list_rc" != 0 ]; then
        diff "$tmp/$name.dbg" "$tmp/$name.list" 2>&1 | head -10 |
            sed 's/^/# /'
    fi
    ok "$list_rc" "$name: every directory's listing equals debugfs ls -p"
done
if [ -f "$tmp/big-1k.cross" ]; then
    c=$(cat "$tmp/big-1k.cross")
    [ "${c:-0}" -gt 0 ]
    ok $? "big-1k: $c of the 300 MiB file's extents run into a group without a superblock backup (debugfs ex)"
fi
echo "# realtree: $files files, $bytes bytes, $dirs directories compared"
[ "$files" -ge 5000 ]
ok $? "thousands of real files compared ($files)"
echo "1..$n"
