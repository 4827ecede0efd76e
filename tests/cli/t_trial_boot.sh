#!/usr/bin/env bash
# Trial boots through the boot flow (#37; firmware/README.md, "Trial
# boots"): `extload boot IMAGE --trial STATE` runs the loader's rules on a
# record kept in the file STATE, one boot per run, as a board's store keeps
# it across warm resets. The records are written and read here by Python
# (struct, zlib.crc32: an oracle of their own, not firmware/trial's code):
# every transition (armed, trial, failed, committed), a trial label that
# does not load, every record the loader must ignore, FALLBACK's place in
# the order, and on sifive-u the record's page in the Linux device tree.
# Prints TAP. Needs EXTLOAD (the tool). The tiny profile has no trial
# boots (BOOT_TRIAL=0): its tool refuses --trial.
# profiles: default tiny
set -u
. "$(dirname "$0")/lib.sh"

if tiny; then
    "$X" boot /dev/null --trial "$tmp/st" >"$tmp/t.log" 2>&1
    [ $? = 2 ] && has "$tmp/t.log" "^usage:" && ! has "$tmp/t.log" "--trial"
    ok $? "tiny: no trial boots: --trial is not an option" "$tmp/t.log"
    echo "1..$n"
    exit 0
fi

# rec FILE LABEL TRIES OUTCOME SEQ [VERSION [CRC-XOR]]: a record's 64 bytes.
rec() {
    python3 - "$@" <<'PY'
import struct, sys, zlib
path, label, tries, outcome, seq = sys.argv[1:6]
version = int(sys.argv[6]) if len(sys.argv) > 6 else 1
flip = int(sys.argv[7]) if len(sys.argv) > 7 else 0
name = label.encode().replace(b"\\0", b"\0")
body = struct.pack("<IBBBBI48s", 0x4C545845, version, int(tries),
                   int(outcome), 0, int(seq), name)
open(path, "wb").write(body + struct.pack("<I", zlib.crc32(body) ^ flip))
PY
}
# show FILE: "LABEL TRIES OUTCOME SEQ" of a record with a valid CRC, else
# "bad".
show() {
    python3 - "$1" <<'PY'
import struct, sys, zlib
b = open(sys.argv[1], "rb").read()
m, v, t, o, r, s, l, c = struct.unpack("<IBBBBI48sI", b)
ok = len(b) == 64 and m == 0x4C545845 and c == zlib.crc32(b[:60]) and v == 1
name = l.split(bytes(1))[0].decode()
print(f"{name} {t} {o} {s}" if ok else "bad")
PY
}

r=$tmp/root
mkdir -p "$r/boot/extlinux"
head -c 3000 /dev/urandom >"$r/boot/a.bin"
head -c 4000 /dev/urandom >"$r/boot/b.bin"
head -c 5000 /dev/urandom >"$r/boot/c.bin"
cat >"$r/boot/extlinux/extlinux.conf" <<'CONF'
DEFAULT A
FALLBACK C
LABEL B
  KERNEL /boot/b.bin
  APPEND root=b
LABEL broken
  KERNEL /boot/nope.bin
LABEL A
  KERNEL /boot/a.bin
  APPEND root=a
LABEL C
  KERNEL /boot/c.bin
LABEL two words
  KERNEL /boot/c.bin
CONF
img=$tmp/card.img
mke2fs -q -F -t ext4 -b 1024 -d "$r" "$img" 8M >/dev/null
st=$tmp/state

# boot NAME: one boot with the store $st; $tmp/NAME.log, -o $tmp/NAME.
boot() {
    "$X" boot "$img" --trial "$st" -o "$tmp/$1" </dev/null >"$tmp/$1.log" 2>&1
}
# cmdline LOG: the hand-off's command line.
cmdline() { sed -n 's/^boot: label .* cmdline "\(.*\)"$/\1/p' "$1"; }

# --- no record (a power cycle): the committed DEFAULT, no file written ---
boot none
[ $? = 0 ] && [ "$(cmdline "$tmp/none.log")" = "root=a extload.label=A" ] &&
    cmp -s "$tmp/none/kernel.bin" "$r/boot/a.bin" && [ ! -e "$st" ] &&
    ! has "$tmp/none.log" "^trial:|handoff: a trial"
ok $? "no record: DEFAULT boots, extload.label= only, nothing written" "$tmp/none.log"

# --- armed with 2 tries: two trial boots, each written back first --------
rec "$st" B 2 0 41
boot t1
[ $? = 0 ] && cmp -s "$tmp/t1/kernel.bin" "$r/boot/b.bin" &&
    has "$tmp/t1.log" "^trial: label 'B' boots as a trial, 1 try left after this one$" &&
    [ "$(cmdline "$tmp/t1.log")" = "root=b extload.label=B extload.trial=1" ] &&
    has "$tmp/t1.log" "^handoff: a trial boot: a board with a watchdog arms it now$" &&
    [ "$(show "$st")" = "B 1 1 42" ]
ok $? "armed (2 tries): B boots as a trial; record B, 1 left, TRYING, seq 42" "$tmp/t1.log"
# The record is written before the label loads: it says TRYING even in the
# first line after the config, before "label: 'B'".
[ "$(grep -nE "^(trial|label):" "$tmp/t1.log" | head -2 | cut -d: -f2 | tr '\n' ' ')" = "trial label " ]
ok $? "the trial's line comes before its label is tried" "$tmp/t1.log"
boot t2
[ $? = 0 ] && cmp -s "$tmp/t2/kernel.bin" "$r/boot/b.bin" &&
    [ "$(cmdline "$tmp/t2.log")" = "root=b extload.label=B extload.trial=0" ] &&
    [ "$(show "$st")" = "B 0 1 43" ]
ok $? "second trial boot: extload.trial=0; record B, 0 left, seq 43" "$tmp/t2.log"

# --- tries spent and never committed: FAILED, the committed label --------
boot f1
[ $? = 0 ] && cmp -s "$tmp/f1/kernel.bin" "$r/boot/a.bin" &&
    has "$tmp/f1.log" "^trial: label 'B' booted and was not committed: failed; the committed labels boot$" &&
    [ "$(cmdline "$tmp/f1.log")" = "root=a extload.label=A extload.trial_failed=B" ] &&
    ! has "$tmp/f1.log" "handoff: a trial" && [ "$(show "$st")" = "B 0 2 44" ]
ok $? "tries spent, uncommitted: record FAILED (seq 44), DEFAULT boots with extload.trial_failed=B" "$tmp/f1.log"
cp "$st" "$tmp/failed.rec"
boot f2
[ $? = 0 ] && cmp -s "$tmp/f2/kernel.bin" "$r/boot/a.bin" &&
    has "$tmp/f2.log" "^trial: label 'B' failed \(record seq 44\); the committed labels boot$" &&
    [ "$(cmdline "$tmp/f2.log")" = "root=a extload.label=A extload.trial_failed=B" ] &&
    cmp -s "$st" "$tmp/failed.rec"
ok $? "FAILED stays reported on every boot, the record left as it is" "$tmp/f2.log"

# --- committed: the running system made B the DEFAULT, A its FALLBACK, and
# cleared the record (here: a file of zeros, no magic) -------------------
sed -i 's/^DEFAULT A$/DEFAULT B/; s/^FALLBACK C$/FALLBACK A/' "$r/boot/extlinux/extlinux.conf"
mke2fs -q -F -t ext4 -b 1024 -d "$r" "$img" 8M >/dev/null
head -c 64 /dev/zero >"$st"
boot c1
[ $? = 0 ] && cmp -s "$tmp/c1/kernel.bin" "$r/boot/b.bin" &&
    [ "$(cmdline "$tmp/c1.log")" = "root=b extload.label=B" ] &&
    ! has "$tmp/c1.log" "^trial:" && cmp -s "$st" /dev/zero -n 64
ok $? "committed: B boots as DEFAULT, no trial words, the cleared record untouched" "$tmp/c1.log"

# --- FALLBACK: right after DEFAULT fails, before the rest in file order --
sed -i 's/^DEFAULT B$/DEFAULT broken/; s/^FALLBACK A$/FALLBACK C/' "$r/boot/extlinux/extlinux.conf"
mke2fs -q -F -t ext4 -b 1024 -d "$r" "$img" 8M >/dev/null
rm -f "$st"
boot fb
[ $? = 0 ] && cmp -s "$tmp/fb/kernel.bin" "$r/boot/c.bin" &&
    [ "$(grep -oE "^label: '[^']*'" "$tmp/fb.log" | tr '\n' ' ')" = "label: 'broken' label: 'C' " ] &&
    has "$tmp/fb.log" "trying label 'C'$" &&
    [ "$(cmdline "$tmp/fb.log")" = "extload.label=C" ]
ok $? "DEFAULT fails: FALLBACK's C next (before B, A in file order)" "$tmp/fb.log"

# --- a trial label that does not load: the trial ends at once -----------
rec "$st" broken 3 0 7
boot nl
[ $? = 0 ] && cmp -s "$tmp/nl/kernel.bin" "$r/boot/c.bin" &&
    has "$tmp/nl.log" "^trial: label 'broken' boots as a trial, 2 tries left after this one$" &&
    has "$tmp/nl.log" "^trial: label 'broken' did not load; the record says failed$" &&
    [ "$(cmdline "$tmp/nl.log")" = "extload.label=C extload.trial_failed=broken" ] &&
    [ "$(show "$st")" = "broken 2 2 9" ]
ok $? "trial label fails to load: FAILED at once (seq 9), the committed order boots" "$tmp/nl.log"

# --- a label whose name has a blank: quoted for the kernel's parser -----
rec "$st" "two words" 1 0 0
boot q
[ $? = 0 ] && [ "$(cmdline "$tmp/q.log")" = 'extload.label="two words" extload.trial=0' ]
ok $? "a name with a blank goes in double quotes" "$tmp/q.log"

# --- records the loader ignores, saying why; nothing written ------------
bad() {       # TITLE WANT-LINE, after the record was written to $st
    cp "$st" "$tmp/bad.rec"
    boot bad
    [ $? = 0 ] && cmp -s "$tmp/bad/kernel.bin" "$r/boot/c.bin" &&
        has "$tmp/bad.log" "^trial: record ignored: $2$" &&
        [ "$(cmdline "$tmp/bad.log")" = "extload.label=C" ] &&
        cmp -s "$st" "$tmp/bad.rec"
    ok $? "ignored: $1" "$tmp/bad.log"
}
rec "$st" B 1 0 5 1 1;   bad "a bad CRC" "the record's CRC-32 does not match"
rec "$st" B 1 0 5 2;     bad "version 2" "the record's version is not 1"
rec "$st" B 9 0 5;       bad "tries past 8" "the record's tries are past 8"
rec "$st" B 1 3 5;       bad "an unknown outcome" "the record's outcome is not 0, 1 or 2"
rec "$st" gone 1 0 5;    bad "a label the config does not have" "label 'gone' is not in the config"
rec "$st" "" 1 0 5;      bad "an empty name" "the record's label is empty or has no NUL within 48 bytes"
rec "$st" "$(printf 'x%.0s' $(seq 48))" 1 0 5
bad "a name without its NUL" "the record's label is empty or has no NUL within 48 bytes"
rec "$st" B 1 0 5
truncate -s 40 "$st"
bad "a short store (the CRC is in the lost bytes)" "the record's CRC-32 does not match"

# --- sifive-u: a Linux label's device tree gets the record's page --------
# DRAM's last page (the host models 128 MiB at 0x80000000: 0x87fff000) as
# /reserved-memory/extload-trial@..., nvmem-rmem, no-map; /chosen's
# bootargs is APPEND and the loader's words.
lr=$tmp/linux; mkdir -p "$lr/boot/extlinux"
head -c 4096 /dev/urandom >"$lr/boot/Image"
printf '\000\040\000\000\000\000\000\000\000\060\000\000\000\000\000\000' |
    dd of="$lr/boot/Image" bs=1 seek=8 conv=notrunc status=none
printf 'RSC\005' | dd of="$lr/boot/Image" bs=1 seek=56 conv=notrunc status=none
head -c 3000 /dev/urandom >"$lr/boot/fw_dynamic.bin"
# QEMU's own sifive_u tree, as dtc compacts it (no free room of its own:
# the plan must leave room for the page's nodes past /chosen's).
qemu-system-riscv64 -M sifive_u,dumpdtb="$tmp/q.dtb" -nographic \
    </dev/null >/dev/null 2>&1
dtc -q -I dtb -O dtb -o "$lr/boot/board.dtb" "$tmp/q.dtb"
printf 'initrd\n' >"$lr/boot/initrd.img"
cat >"$lr/boot/extlinux/extlinux.conf" <<'CONF'
DEFAULT lin
LABEL lin
 KERNEL ../Image
 INITRD ../initrd.img
 FDT ../board.dtb
 APPEND console=ttySIF0 earlycon=sbi root=/dev/mmcblk0p2 rootwait ro
CONF
mke2fs -q -F -t ext4 -d "$lr" "$tmp/linux.img" 8M >/dev/null
rec "$st" lin 1 0 0
"$X" boot "$tmp/linux.img" --board sifive-u --trial "$st" -o "$tmp/lo" \
    </dev/null >"$tmp/lo.log" 2>&1
dtc -q -I dtb -O dts "$tmp/lo/fdt.dtb" >"$tmp/lo.dts" 2>/dev/null
tr -d ' \n\t' <"$tmp/lo.dts" >"$tmp/lo.flat"
has "$tmp/lo.flat" 'reserved-memory\{#address-cells=<0x02>;#size-cells=<0x02>;ranges;extload-trial@87fff000\{compatible="nvmem-rmem";reg=<0x000x87fff0000x000x1000>;no-map;\};\};' &&
    has "$tmp/lo.dts" 'bootargs = "console=ttySIF0 earlycon=sbi root=/dev/mmcblk0p2 rootwait ro extload.label=lin extload.trial=0";' &&
    has "$tmp/lo.dts" 'linux,initrd-start'
ok $? "sifive-u: /reserved-memory/extload-trial@87fff000 (nvmem-rmem, reg, no-map); bootargs with the words" "$tmp/lo.dts"
# Without --trial the host models the board's store holding no record
# (both boards have one; issue 54: the host's hand-off room was the
# loader's words smaller than the board's): the page reserved, the
# label's word added, the same bytes as --trial with no file.
"$X" boot "$tmp/linux.img" --board sifive-u -o "$tmp/lo2" </dev/null >"$tmp/lo2.log" 2>&1
"$X" boot "$tmp/linux.img" --board sifive-u --trial "$tmp/no-record" -o "$tmp/lo3" \
    </dev/null >"$tmp/lo3.log" 2>&1
dtc -q -I dtb -O dts "$tmp/lo2/fdt.dtb" >"$tmp/lo2.dts" 2>/dev/null
grep -q "extload-trial@87fff000" "$tmp/lo2.dts" &&
    grep -q 'bootargs = "console=ttySIF0 earlycon=sbi root=/dev/mmcblk0p2 rootwait ro extload.label=lin";' "$tmp/lo2.dts" &&
    cmp -s "$tmp/lo2/fdt.dtb" "$tmp/lo3/fdt.dtb" && [ ! -e "$tmp/no-record" ]
ok $? "sifive-u without --trial: the board's store with no record (page reserved, extload.label=), as --trial with no file" "$tmp/lo2.dts"

echo "1..$n"
