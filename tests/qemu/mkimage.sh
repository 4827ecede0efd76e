#!/usr/bin/env bash
# Builds an SD card image from a directory tree.
#
#   mkimage.sh OUT ROOTDIR [options]
#     --card SIZE      card size, a power of two (64M; QEMU needs one)
#     --table T        mbr | gpt | none (mbr), or with an empty 1 MiB
#                      partition first: mbr-logical (the ext one is logical
#                      partition 5 in an extended one) | gpt-second (it is
#                      GPT partition 2)
#     --fs F           ext4 | ext4-1k | ext3 | ext2-1k (ext4)
#     --start MIB      first partition's offset in MiB (1)
#     --part SIZE      partition size (card less the offset, at most 64M)
#
# The filesystem is made with mke2fs -d in a scratch file and copied in
# sparsely, so multi-GiB cards cost only what is written.
set -eu
out=$1 root=$2; shift 2
card=64M table=mbr fs=ext4 start=1 part=
while [ $# -gt 0 ]; do
    case $1 in
    --card) card=$2 ;; --table) table=$2 ;; --fs) fs=$2 ;;
    --start) start=$2 ;; --part) part=$2 ;;
    *) echo "mkimage: unknown option $1" >&2; exit 2 ;;
    esac
    shift 2
done
PATH=$PATH:/sbin:/usr/sbin

bytes() { numfmt --from=iec "$1"; }
linux_guid=0FC63DAF-8483-4772-8E79-3D69D8477DE4
card_b=$(bytes "$card")
case $fs in
ext4) mkfs=(-t ext4 -b 4096) ;;
ext4-1k) mkfs=(-t ext4 -b 1024) ;;
ext3) mkfs=(-t ext3 -b 4096) ;;
ext2-1k) mkfs=(-t ext2 -b 1024) ;;
*) echo "mkimage: unknown fs $fs" >&2; exit 2 ;;
esac

rm -f "$out"
truncate -s "$card_b" "$out"
if [ "$table" = none ]; then
    mke2fs -q -F "${mkfs[@]}" -L extload -d "$root" "$out"
    exit 0
fi
start_b=$((start * 1048576))
if [ -n "$part" ]; then part_b=$(bytes "$part"); else
    part_b=$((card_b - start_b))
    [ "$part_b" -le 67108864 ] || part_b=67108864
fi
# GPT keeps a backup table in the last 33 sectors.
[ $((start_b + part_b)) -le $((card_b - 33 * 512)) ] ||
    part_b=$((card_b - 34 * 512 - start_b))
part_b=$((part_b / 1048576 * 1048576))
mib=1048576
fs_at=$start_b                    # where the ext partition starts
case $table in
mbr-logical) fs_at=$((start_b + 2 * mib)); part_b=$((part_b - 2 * mib)) ;;
gpt-second) fs_at=$((start_b + mib)); part_b=$((part_b - mib)) ;;
esac
s0=$((start_b / 512)) s1=$(((start_b + mib) / 512)) fs_s=$((fs_at / 512))
n=$((part_b / 512))
case $table in
mbr) script="label: dos
start=$fs_s, size=$n, type=83" ;;
gpt) script="label: gpt
start=$fs_s, size=$n, type=$linux_guid" ;;
mbr-logical) script="label: dos
start=$s0, size=$((mib / 512)), type=c
start=$s1, size=$((n + mib / 512)), type=5
start=$fs_s, size=$n, type=83" ;;
gpt-second) script="label: gpt
start=$s0, size=$((mib / 512)), type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B
start=$fs_s, size=$n, type=$linux_guid" ;;
*) echo "mkimage: unknown table $table" >&2; exit 2 ;;
esac
echo "$script" | sfdisk -q "$out" >/dev/null
fsimg=$out.fs
rm -f "$fsimg"
truncate -s "$part_b" "$fsimg"
mke2fs -q -F "${mkfs[@]}" -L extload -d "$root" "$fsimg"
dd if="$fsimg" of="$out" bs=1M seek=$((fs_at / mib)) conv=notrunc,sparse \
    status=none
rm -f "$fsimg"
