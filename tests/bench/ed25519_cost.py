#!/usr/bin/env python3
"""Ed25519 verification's cost on Cortex-M3 (issue 27), for `make size`.

    ed25519_cost.py --map fw-ed25519.map --obj-prefix P --ci-dir DIR
                    [--log QEMU-LOG]

Flash: the input sections of firmware/crypto/ed25519.o and firmware/crypto/sha512.o (and
firmware/crypto/sigmsg.o apart) linked into the bench image fw-ed25519.elf
(tests/bench/fw_ed25519.c; --gc-sections keeps what a verify reaches).
Stack: the deepest path from ed25519_verify (the one-shot form, which
holds the streaming context too) through the -fcallgraph-info=su graph of
those files (mem* frames of lib/libc/mem.c not included: a few bytes).
Instructions: the bench image's own line under qemu-system-arm -icount
shift=0 (one guest instruction a nanosecond), when --log has it.
Nothing here is linked into the board images: the loader links it only
when built with BOOT_PUBKEY.
"""
import argparse
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import size  # noqa: E402  (parse_map, parse_ci)

TARGET_INSNS = 15_000_000
TARGET_FLASH = 8 * 1024

# Published figures, with where each comes from. None of them is the same
# measurement as ours (guest instructions of QEMU's Cortex-M3); they place
# it, they do not rank it.
PUBLISHED = [
    ("MCUboot (CONFIG_BOOT_SIGNATURE_TYPE_ED25519)",
     "no verify time published; the whole MCUboot image with "
     "CONFIG_BOOT_SIGNATURE_TYPE_ED25519 on nRF52840 (Cortex-M4) is "
     "40422 bytes of code, 39918 with CONFIG_BOOT_KEY_IMPORT_BYPASS_ASN",
     "github.com/mcu-tools/mcuboot/pull/2089"),
    ("Monocypher (crypto_check / Ed25519 check)",
     "no Cortex-M figure published; 6000 checks/s on a 64-bit Skylake "
     "core i5 (-O3 -march=native)",
     "monocypher.org/speed"),
    ("SEGGER emCrypt (for scale)",
     "Ed25519 verify 175.49 ms at 168 MHz on MK66FN2M0 (Cortex-M4), "
     "about 29.5 M cycles",
     "kb.segger.com/EdDSA_Sign_Verify_MK66FN2M0"),
    ("ed25519_heapless 0.5.2 (Rust, for scale)",
     "Ed25519 verify on Cortex-M3: 11.8 KiB .text, 2828 bytes of stack",
     "docs.rs/crate/ed25519_heapless"),
]


def flash(map_path, prefix, elf, nm):
    """Under LTO the map names one ltrans unit: its sections go back to
    their sources by the ELF's symbols (size.lto_attribute)."""
    per = collections.Counter()
    sections = size.parse_map(map_path, prefix)
    if elf:
        sections = size.lto_attribute(
            sections, nm, elf,
            ["firmware/crypto/ed25519.c", "firmware/crypto/sha512.c",
             "firmware/crypto/sigmsg.c"],
            r"ltrans[0-9]*\.ltrans\.o$")
    for sec, sz, obj in sections:
        m = re.match(r"^firmware/crypto/(ed25519|sha512|sigmsg)\.o$", obj)
        if m:
            per[m.group(1)] += sz
    return per


def deepest(ci_dir, root):
    nodes, edges = size.parse_ci([ci_dir])
    memo = {}

    def walk(n, depth):
        if n in memo:
            return memo[n]
        if depth > 64:                  # no recursion in the code; a guard
            return (0, [n + " (cycle?)"])
        best = (0, [])
        for tgt, _ in edges.get(n, []):
            d = walk(tgt, depth + 1)
            if d[0] > best[0]:
                best = d
        fr = nodes.get(n, (0, ""))[0]
        memo[n] = (fr + best[0], [n.split(":")[-1] + "(%d)" % fr] + best[1])
        return memo[n]

    return walk(root, 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--map", required=True)
    ap.add_argument("--obj-prefix", required=True)
    ap.add_argument("--ci-dir", required=True)
    ap.add_argument("--log", default="")
    ap.add_argument("--elf", default="",
                    help="the bench ELF, when it was linked with LTO")
    ap.add_argument("--nm", default="arm-none-eabi-nm")
    a = ap.parse_args()
    prefix = a.obj_prefix.rstrip("/") + "/"

    print("Ed25519 verification (firmware/crypto/ed25519.c + sha512.c, Cortex-M3 -Os; "
          "linked only with BOOT_PUBKEY):")
    per = flash(a.map, prefix, a.elf, a.nm)
    verifier = per["ed25519"] + per["sha512"]
    print("  flash      %5d bytes (ed25519 %d + sha512 %d) of %d target: %s"
          % (verifier, per["ed25519"], per["sha512"], TARGET_FLASH,
             "ok" if verifier <= TARGET_FLASH else "OVER"))
    print("             firmware/crypto/sigmsg.c (the signed message) %d bytes more"
          % per["sigmsg"] if per["sigmsg"] else
          "             firmware/crypto/sigmsg.c not linked in the bench image")
    st, path = deepest(a.ci_dir, "ed25519_verify")
    print("  stack      %5d bytes worst case from ed25519_verify: %s"
          % (st, " > ".join(path)))
    parts = [(r, deepest(a.ci_dir, r)[0]) for r in
             ("ed25519_verify_init", "ed25519_verify_update",
              "ed25519_verify_final")]
    print("             streaming, the caller holding struct ed25519_verify: "
          + ", ".join("%s %d" % (r, d) for r, d in parts))
    line = ""
    if a.log and os.path.exists(a.log):
        for ln in open(a.log, errors="replace"):
            if ln.startswith("ed25519-bench:"):
                line = ln.strip()
    kv = dict(re.findall(r"(\w+)=(\d+)", line))
    if kv:
        v = int(kv["verify1023_insns"])
        print("  verify     %5.2f M guest instructions (TEST 1024, 1023-byte "
              "message), %.2f M (empty message) of %d M target: %s"
              % (v / 1e6, int(kv["verify0_insns"]) / 1e6,
                 TARGET_INSNS // 1000000,
                 "ok" if v <= TARGET_INSNS else "OVER"))
        print("             key check alone %.2f M; a refused signature %.2f M;"
              " a label's message (4 files) streamed and verified %.2f M;"
              " painted stack high-water %s bytes (bench image, startup "
              "included); answers %s"
              % (int(kv["key_check_insns"]) / 1e6,
                 int(kv["refused_insns"]) / 1e6,
                 int(kv.get("label_insns", 0)) / 1e6, kv["stack"],
                 "right" if kv.get("ok") == "1" else "WRONG"))
    else:
        print("  verify     not measured (no ed25519-bench line in %s)"
              % (a.log or "--log"))
    print("  published figures beside it:")
    for who, what, where in PUBLISHED:
        print("    %s: %s [%s]" % (who, what, where))
    return 0 if kv.get("ok", "1") == "1" else 1


if __name__ == "__main__":
    sys.exit(main())
