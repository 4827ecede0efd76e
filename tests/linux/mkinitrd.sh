#!/usr/bin/env bash
# Builds one uncompressed newc cpio archive for the test initramfs, without
# root: every member is owned by 0:0 (cpio --owner), in the order given.
#
#   mkinitrd.sh OUT.cpio TOKEN-NAME TOKEN [INIT]
#
# The archive holds /dev, /proc, /sys, /mnt, INIT as /init (when given)
# and last /TOKEN-NAME, a one-line file holding TOKEN: the token comes
# last so that an archive cut short loses it. The kernel unpacks archives
# concatenated one after the other (a second one with only its token
# file is how the tests prove an initrd made of two files).
# /dev/console is not needed here: the kernel's built-in initramfs
# (usr/default_cpio_list) has it, and the init mounts devtmpfs.
set -eu
out=$1 name=$2 token=$3 init=${4:-}
stage=$out.d
rm -rf "$stage"
mkdir -p "$stage"
list=()
if [ -n "$init" ]; then
    mkdir "$stage/dev" "$stage/proc" "$stage/sys" "$stage/mnt"
    cp "$init" "$stage/init"
    chmod 0755 "$stage/init"
    list+=(dev proc sys mnt init)
fi
printf '%s\n' "$token" >"$stage/$name"
list+=("$name")
(cd "$stage" && printf '%s\n' "${list[@]}" |
    cpio --quiet -o -H newc --owner=0:0 --reproducible) >"$out.tmp"
mv "$out.tmp" "$out"
rm -rf "$stage"
