#!/usr/bin/env bash
# Signed labels on the host (firmware/README.md, "Signed labels"):
# `extload message` prints the bytes a label's signature signs (checked
# line by line against sha256sum and the sizes of the files), OpenSSL's
# `pkeyutl -sign -rawin` over them verifies with `extload verify`, and
# `extload sign` writes OpenSSL's signature byte for byte (Ed25519 is
# deterministic). Then a card whose labels were signed and then changed:
# a kernel byte, APPEND, swapped initrd files, a signature by another
# key, one for another label, a missing SIGNATURE line or file, a
# truncated signature: `extload verify` refuses each with its reason
# and passes the untouched ones, and `extload boot --key` refuses them in
# turn and boots the signed one. Keys are made by openssl at test time.
# TAP. Needs EXTLOAD (the default profile's tool: the tiny one has no
# BOOT_SIGNED).
set -u
X=${EXTLOAD:?}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PATH=$PATH:/sbin:/usr/sbin
n=0
fails=0

ok() {             # condition-status description [log]
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else
        echo "not ok $n - $2"; fails=$((fails + 1))
        [ -n "${3:-}" ] && sed 's/^/#   /' "$3" | tail -30
    fi
}
has() { grep -qE -- "$2" "$1"; }         # log pattern
mkimg() { rm -f "$1"; mke2fs -q -F -t ext4 -b 1024 -d "$2" "$1" 8M >/dev/null; }
hex() { sha256sum "$1" | cut -c1-64; }
size() { stat -c %s "$1"; }

for k in k1 k2; do
    openssl genpkey -algorithm ed25519 -out "$tmp/$k.pem" 2>/dev/null &&
        openssl pkey -in "$tmp/$k.pem" -pubout -out "$tmp/$k.pub.pem"
done
ok $? "openssl makes two Ed25519 keys"

# --- the tree, signed as it is ---------------------------------------------
r=$tmp/root
mkdir -p "$r/boot/extlinux"
for f in kernel.bin:20000 k2.bin:9000 initrd-a.img:3000 initrd-b.img:700 \
         sw-a.img:1200 sw-b.img:1300 board.dtb:300; do
    head -c "${f#*:}" /dev/urandom >"$r/boot/${f%%:*}"
done
# conf APPEND_OF_'append' INITRD_OF_'swap'
conf() {
    cat >"$r/boot/extlinux/extlinux.conf" <<CONF
DEFAULT kbyte
LABEL kbyte
  KERNEL /boot/k2.bin
  APPEND k
  SIGNATURE kbyte.sig
LABEL append
  KERNEL /boot/kernel.bin
  APPEND $1
  SIGNATURE append.sig
LABEL swap
  KERNEL /boot/kernel.bin
  INITRD $2
  SIGNATURE swap.sig
LABEL otherkey
  KERNEL /boot/kernel.bin
  SIGNATURE otherkey.sig
LABEL reuse
  KERNEL /boot/kernel.bin
  INITRD ../initrd-a.img,/boot/initrd-b.img
  FDT /boot/board.dtb
  APPEND console=ttyS0 quiet
  SIGNATURE main.sig
LABEL nofile
  KERNEL /boot/kernel.bin
  SIGNATURE /boot/none.sig
LABEL trunc
  KERNEL /boot/kernel.bin
  SIGNATURE trunc.sig
LABEL main
  KERNEL /boot/kernel.bin
  INITRD ../initrd-a.img,/boot/initrd-b.img
  FDT /boot/board.dtb
  APPEND console=ttyS0 quiet
  SIGNATURE main.sig
CONF
}
conf "root=/dev/mmcblk0p2" "/boot/sw-a.img,/boot/sw-b.img"
mkimg "$tmp/a.img" "$r"

"$X" message "$tmp/a.img" main >"$tmp/main.msg" 2>"$tmp/err"
rc=$?
{
    printf 'extload-sig-v1\nlabel main\nappend console=ttyS0 quiet\n'
    for f in kernel.bin:kernel initrd-a.img:initrd initrd-b.img:initrd \
             board.dtb:fdt; do
        p=$r/boot/${f%%:*}
        echo "file ${f#*:} /boot/${f%%:*} $(size "$p") $(hex "$p")"
    done
} >"$tmp/main.want"
cmp -s "$tmp/main.msg" "$tmp/main.want"
ok $((rc + $?)) "extload message: the label's bytes (relative INITRD resolved, sizes and sha256sum's digests, plan order)" "$tmp/main.msg"

# Each label signed as the tree is now: by OpenSSL over extload's message,
# and by extload sign, which must write the same 64 bytes.
same=0
for l in kbyte append swap otherkey main trunc; do
    key=$tmp/k1.pem
    [ $l = otherkey ] && key=$tmp/k2.pem
    "$X" message "$tmp/a.img" $l >"$tmp/$l.msg" &&
        openssl pkeyutl -sign -inkey "$key" -rawin -in "$tmp/$l.msg" \
            -out "$tmp/$l.ossl" &&
        "$X" sign "$key" "$tmp/a.img" $l -o "$tmp/$l.sig" &&
        cmp -s "$tmp/$l.ossl" "$tmp/$l.sig" || same=1
done
ok $same "extload sign writes OpenSSL's signature byte for byte (6 labels, 2 keys)"
openssl pkeyutl -verify -pubin -inkey "$tmp/k1.pub.pem" -rawin \
    -in "$tmp/main.msg" -sigfile "$tmp/main.sig" >/dev/null 2>&1
ok $? "OpenSSL verifies extload sign's signature"

cp "$tmp/main.ossl" "$r/boot/extlinux/main.sig"
mkimg "$tmp/b.img" "$r"
"$X" verify --key "$tmp/k1.pub.pem" "$tmp/b.img" main >"$tmp/v.log" 2>&1
ok $? "extload verify: OpenSSL's signature of extload message verifies" "$tmp/v.log"
"$X" verify --key "$tmp/k2.pub.pem" "$tmp/b.img" main >"$tmp/v.log" 2>&1
[ $? = 1 ] && has "$tmp/v.log" "^label 'main': refused: signature: /boot/extlinux/main.sig: signature does not verify: the signature does not match the message and key$"
ok $? "extload verify with another key: refused, exit 1" "$tmp/v.log"
"$X" verify --key "$tmp/k1.pub.pem" "$tmp/b.img" --board sifive-u main >"$tmp/v.log" 2>&1
ok $? "extload verify --board sifive-u: the same message" "$tmp/v.log"

# --- then changed --------------------------------------------------------
for l in kbyte append swap otherkey; do cp "$tmp/$l.sig" "$r/boot/extlinux/"; done
head -c 40 "$tmp/trunc.sig" >"$r/boot/extlinux/trunc.sig"
# one kernel byte
printf '\x5a' | dd of="$r/boot/k2.bin" bs=1 seek=4444 conv=notrunc status=none
cmp -s <(debugfs -R "cat /boot/k2.bin" "$tmp/a.img" 2>/dev/null) "$r/boot/k2.bin"
[ $? != 0 ]
ok $? "the changed kernel differs from the signed one"
conf "root=/dev/mmcblk0p2 init=/bin/sh" "/boot/sw-b.img,/boot/sw-a.img"
mkimg "$tmp/c.img" "$r"

labels=(kbyte append swap otherkey reuse nofile trunc main)
"$X" verify --key "$tmp/k1.pub.pem" "$tmp/c.img" "${labels[@]}" >"$tmp/v.log" 2>&1
rc=$?
ok $((rc != 1)) "extload verify exits 1 when a label is refused"
bad="signature does not verify: the signature does not match the message and key"
expect() {        # label, reason (a regex), title
    has "$tmp/v.log" "^label '$1': $2\$"
    ok $? "$3" "$tmp/v.log"
}
expect kbyte "refused: signature: /boot/extlinux/kbyte.sig: $bad" \
    "changed kernel byte: refused"
expect append "refused: signature: /boot/extlinux/append.sig: $bad" \
    "changed APPEND (init=/bin/sh added): refused"
expect swap "refused: signature: /boot/extlinux/swap.sig: $bad" \
    "swapped initrd files: refused"
expect otherkey "refused: signature: /boot/extlinux/otherkey.sig: $bad" \
    "signature by another key: refused"
expect reuse "refused: signature: /boot/extlinux/main.sig: $bad" \
    "another label's signature (same files and APPEND, another name): refused"
expect nofile "refused: signature: /boot/none.sig: missing signature: no such file" \
    "SIGNATURE file missing: refused"
expect trunc "refused: signature: /boot/extlinux/trunc.sig: truncated signature: 40 bytes, not 64" \
    "truncated signature: refused"
expect main "verified" "the untouched label still verifies"

# The same flow in `extload boot --key`: each refusal on the console, then
# the signed label boots; without --key nothing is checked.
"$X" boot "$tmp/c.img" --key "$tmp/k1.pub.pem" -o "$tmp/out" </dev/null >"$tmp/boot.log" 2>&1
rc=$?
has "$tmp/boot.log" "^boot: signed labels only, Ed25519 key [0-9a-f]{8}\.\.\.$" &&
has "$tmp/boot.log" "^signature: /boot/extlinux/kbyte.sig: $bad; trying label 'append'$" &&
has "$tmp/boot.log" "^signature: /boot/extlinux/trunc.sig: truncated signature: 40 bytes, not 64; trying label 'main'$" &&
has "$tmp/boot.log" "^signature: /boot/extlinux/main.sig: Ed25519 verified" &&
has "$tmp/boot.log" "^boot: label 'main'" && ! has "$tmp/boot.log" "^boot: label '(kbyte|append|swap|trunc)'" &&
cmp -s "$tmp/out/kernel.bin" "$r/boot/kernel.bin"
ok $((rc + $?)) "extload boot --key: 7 labels refused with their reasons, then 'main' boots" "$tmp/boot.log"
"$X" boot "$tmp/c.img" </dev/null >"$tmp/boot.log" 2>&1
has "$tmp/boot.log" "^boot: label 'kbyte'" && ! has "$tmp/boot.log" "^signature:"
ok $? "extload boot without --key: signatures are not checked" "$tmp/boot.log"

# --- a tree before it is a card: message and sign on DIR ------------------
# The directory's message must be the image's, byte for byte, for every
# label: the plan's rules (relative paths, INITRD parts, FDTDIR + the
# board's fdtfile, a RISC-V Linux Image's FIRMWARE or the default
# /boot/fw_dynamic.bin) over host files.
same=0
for l in kbyte append swap otherkey reuse nofile trunc main; do
    "$X" message "$r" $l >"$tmp/dir.msg" 2>"$tmp/e" &&
        "$X" message "$tmp/c.img" $l >"$tmp/img.msg" 2>>"$tmp/e" &&
        cmp -s "$tmp/dir.msg" "$tmp/img.msg" || { same=1; cat "$tmp/e"; }
done
ok $same "message DIR gives the image's bytes (8 labels)"
v=$tmp/rv
mkdir -p "$v/boot/extlinux" "$v/boot/dtbs/sifive"
head -c 4096 /dev/urandom >"$v/boot/Image"
# RISC-V Image header: text_offset 0x200000 (0x08), image_size 0 (0x10:
# the file's size), magic2 (0x38)
printf '\000\000\040\000\000\000\000\000\000\000\000\000\000\000\000\000' |
    dd of="$v/boot/Image" bs=1 seek=8 conv=notrunc status=none
printf 'RSC\005' | dd of="$v/boot/Image" bs=1 seek=56 conv=notrunc status=none
for f in fw_dynamic.bin:900 myfw.bin:800 a.img:100 b.img:200 \
         dtbs/sifive/hifive-unleashed-a00.dtb:300 extlinux/board.dtb:400; do
    head -c "${f#*:}" /dev/urandom >"$v/boot/${f%%:*}"
done
cat >"$v/boot/extlinux/extlinux.conf" <<'CONF'
LABEL named
  KERNEL /boot/Image
  INITRD /boot/a.img,,../b.img
  FDTDIR ../dtbs
  FIRMWARE ../myfw.bin
  APPEND console=ttySIF0
LABEL fallback
  KERNEL ../Image
  FDT board.dtb
  FIRMWARE /boot/none.bin
CONF
mkimg "$tmp/rv.img" "$v"
same=0
for l in named fallback; do
    "$X" message "$v" $l --board sifive-u >"$tmp/$l.dir" 2>"$tmp/e" &&
        "$X" message "$tmp/rv.img" $l --board sifive-u >"$tmp/$l.img" 2>>"$tmp/e" &&
        cmp -s "$tmp/$l.dir" "$tmp/$l.img" || { same=1; cat "$tmp/e"; }
done
has "$tmp/named.img" "^file fdt /boot/dtbs/sifive/hifive-unleashed-a00.dtb 300 " &&
    has "$tmp/named.img" "^file firmware /boot/myfw.bin 800 " &&
    has "$tmp/named.img" "^file initrd /boot/b.img 200 " &&
    has "$tmp/fallback.img" "^file fdt /boot/extlinux/board.dtb 400 " &&
    has "$tmp/fallback.img" "^file firmware /boot/fw_dynamic.bin 900 $(hex "$v/boot/fw_dynamic.bin")\$" &&
    [ "$(grep -c . "$tmp/named.img")" = 8 ] || same=1
ok $same "message DIR = IMAGE for RISC-V Linux labels (FDTDIR + fdtfile, FIRMWARE, its fallback)" "$tmp/named.img"
# No FIRMWARE (#39.1): /boot/fw_dynamic.bin, else /fw_dynamic.bin (a /boot
# partition), else Debian's opensbi package's path; the message names the
# file found, in the tree as on the card.
deb=usr/lib/riscv64-linux-gnu/opensbi/generic/fw_dynamic.bin
same=0
for layout in part:fw_dynamic.bin root:$deb; do
    w=$tmp/fw-${layout%%:*}
    mkdir -p "$w/extlinux" "$w/$(dirname "${layout#*:}")"
    cp "$v/boot/Image" "$w/Image"
    head -c 700 /dev/urandom >"$w/${layout#*:}"
    printf 'LABEL l\n  KERNEL /Image\n' >"$w/extlinux/extlinux.conf"
    mkimg "$tmp/fw.img" "$w"
    "$X" message "$w" l --board sifive-u >"$tmp/fw.dir" 2>"$tmp/e" &&
        "$X" message "$tmp/fw.img" l --board sifive-u >"$tmp/fw.msg" 2>>"$tmp/e" &&
        cmp -s "$tmp/fw.dir" "$tmp/fw.msg" &&
        has "$tmp/fw.msg" "^file firmware /${layout#*:} 700 $(hex "$w/${layout#*:}")\$" ||
        { same=1; cat "$tmp/e" "$tmp/fw.msg"; }
done
ok $same "message DIR = IMAGE without FIRMWARE: /fw_dynamic.bin, then Debian's opensbi path"
"$X" sign "$tmp/k1.pem" "$v" named --board sifive-u -o "$tmp/dir.sig" &&
    "$X" sign "$tmp/k1.pem" "$tmp/rv.img" named --board sifive-u -o "$tmp/img.sig" &&
    cmp -s "$tmp/dir.sig" "$tmp/img.sig"
ok $? "sign DIR writes the image's signature"

# --- escapes and usage ------------------------------------------------------
cat >"$r/boot/extlinux/extlinux.conf" <<'CONF'
LABEL my label\x
  KERNEL /boot/kernel.bin
  APPEND a\b	c
CONF
mkimg "$tmp/d.img" "$r"
"$X" message "$tmp/d.img" 'my label\x' >"$tmp/esc.msg" 2>&1
has "$tmp/esc.msg" '^label my\\x20label\\x5cx$' &&
    has "$tmp/esc.msg" '^append a\\x5cb\\x09c$'
ok $? "message escapes a space in the name, '\\' and a tab" "$tmp/esc.msg"
"$X" message "$tmp/d.img" nosuch >"$tmp/o" 2>"$tmp/e"
[ $? = 1 ] && has "$tmp/e" "^extload: .*: no label 'nosuch'$"
ok $? "message: an unknown label is an error" "$tmp/e"
"$X" verify --key "$tmp/k1.pub.pem" "$tmp/d.img" 'my label\x' >"$tmp/v.log" 2>&1
[ $? = 1 ] && has "$tmp/v.log" "^label 'my label\\\\x': refused: signature: 'my label\\\\x': missing signature: no SIGNATURE line, and this loader boots only signed labels$"
ok $? "no SIGNATURE line: refused" "$tmp/v.log"
"$X" sign "$tmp/k1.pub.pem" "$tmp/d.img" 'my label\x' -o "$tmp/x.sig" 2>"$tmp/e"
[ $? = 1 ] && has "$tmp/e" "no PRIVATE KEY"
ok $? "sign with a public key file: refused" "$tmp/e"
"$X" verify --key "$tmp/k1.pem" "$tmp/d.img" 'my label\x' 2>"$tmp/e" >/dev/null
[ $? = 1 ] && has "$tmp/e" "no PUBLIC KEY"
ok $? "verify with a private key file: refused" "$tmp/e"
"$X" sign "$tmp/k1.pem" "$tmp/d.img" 2>/dev/null; r1=$?
"$X" verify "$tmp/d.img" main 2>/dev/null; r2=$?
[ $r1 = 2 ] && [ $r2 = 2 ]
ok $? "usage errors exit 2 (sign without -o, verify without --key)"

echo "1..$n"
[ "$fails" = 0 ]
