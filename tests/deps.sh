#!/usr/bin/env bash
# Installs the Debian packages the build and tests need, when missing.
# Usage: tests/deps.sh [extra-package ...]
set -eu
pkgs="gcc make e2fsprogs fdisk libcmocka-dev gcc-arm-none-eabi \
libnewlib-arm-none-eabi qemu-system-arm gcc-riscv64-unknown-elf qemu-system-misc \
clang libclang-rt-14-dev python3 openssl xxd \
linux-source-6.1 gcc-riscv64-linux-gnu libc6-dev-riscv64-cross bc flex bison perl \
cpio xz-utils device-tree-compiler qemu-system-data bsdutils u-boot-menu \
linux-base frama-c-base why3 cvc4 z3 rauc rauc-service squashfs-tools dbus $*"
missing=""
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" \
        || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
    echo "deps: missing packages:$missing (run 'make deps' as root)" >&2
    exit 1
fi
echo "deps: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing >/dev/null
