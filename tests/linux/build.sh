#!/usr/bin/env bash
# Builds the test Linux kernel: Debian's linux-source-6.1 tarball,
# `make ARCH=riscv tinyconfig`, tests/linux/kernel.config merged over it
# (scripts/kconfig/merge_config.sh), then `make Image` with
# riscv64-linux-gnu-gcc.
#
#   build.sh OUT TARBALL FRAGMENT
#
# Writes OUT/Image, OUT/config (the final .config), OUT/System.map and
# OUT/version (the tarball's package version). The source and object
# trees live in OUT/work while it builds (about 1.6 GB) and are removed
# afterwards, unless LINUX_KEEP=1: a later build (the fragment or the
# tarball changed) extracts again. JOBS (2) is make's -j.
set -eu
out=$1 tarball=$2 frag=$3
jobs=${JOBS:-2}
work=$out/work
src=$work/linux-source-6.1
obj=$work/obj
frag=$(realpath "$frag")
mkdir -p "$out"
out=$(realpath "$out")
work=$out/work src=$work/linux-source-6.1 obj=$work/obj

# The kernel's make must not see ours (MAKEFLAGS carries our command-line
# variables, BUILD= and T= among them).
unset MAKEFLAGS MFLAGS MAKEOVERRIDES MAKELEVEL
kmake() {
    make -C "$src" O="$obj" ARCH=riscv CROSS_COMPILE=riscv64-linux-gnu- \
        KBUILD_BUILD_USER=extload KBUILD_BUILD_HOST=extload \
        KBUILD_BUILD_TIMESTAMP='2024-01-01' -s "$@"
}

start=$(date +%s)
# Another make built it while this one waited on the lock (tests/linux/
# rules.mk): an Image newer than the tarball, the fragment and this
# script is that build's.
if [ -f "$out/Image" ] && [ "$out/Image" -nt "$tarball" ] &&
   [ "$out/Image" -nt "$frag" ] && [ "$out/Image" -nt "$0" ]; then
    echo "linux: $out/Image is up to date"
    exit 0
fi
if [ ! -f "$src/Makefile" ] || [ "$tarball" -nt "$src/Makefile" ]; then
    echo "linux: extracting $tarball"
    rm -rf "$work"
    mkdir -p "$work"
    tar -xJf "$tarball" -C "$work"
    touch "$src/Makefile"
fi
mkdir -p "$obj"
echo "linux: tinyconfig + $(basename "$frag")"
kmake tinyconfig >/dev/null
"$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$frag" \
    >"$obj/merge.log"
kmake olddefconfig
# Every line of the fragment must survive (a symbol whose dependencies
# are not met is dropped silently by olddefconfig).
bad=0
while read -r line; do
    case $line in
    CONFIG_*=*)
        grep -qxF "$line" "$obj/.config" || { echo "linux: $line did not stick" >&2; bad=1; } ;;
    "# CONFIG_"*" is not set")
        sym=${line#"# "}; sym=${sym%% *}
        if grep -q "^$sym=" "$obj/.config"; then
            echo "linux: $sym is set, the fragment says not" >&2; bad=1
        fi ;;
    esac
done <"$frag"
[ "$bad" = 0 ] || exit 1
echo "linux: make -j$jobs Image"
kmake -j"$jobs" Image
cp "$obj/arch/riscv/boot/Image" "$out/Image.tmp"
cp "$obj/.config" "$out/config"
cp "$obj/System.map" "$out/System.map"
dpkg-query -W -f='${Version}\n' linux-source-6.1 >"$out/version" 2>/dev/null ||
    basename "$tarball" >"$out/version"
mv "$out/Image.tmp" "$out/Image"
[ "${LINUX_KEEP:-0}" = 1 ] || rm -rf "$work"
echo "linux: $out/Image, $(stat -c %s "$out/Image") bytes, built in $(($(date +%s) - start)) s"
