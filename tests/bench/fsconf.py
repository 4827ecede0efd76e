#!/usr/bin/env python3
"""fs/ flash per build option: the reader as a loader links it (entry
tests/bench/fsconf_entry.c, --gc-sections), Cortex-M3 -Os, summed from the
link map over fs/ objects only (libgcc and mem* left out).
Usage: fsconf.py BUILD-DIR ARM-CC CFLAGS..."""
import os
import re
import subprocess
import sys

CONFIGS = [
    ("default (all on)", []),
    ("EXT_MESSAGES=0", ["-DEXT_MESSAGES=0"]),
    ("EXT_REV0=0", ["-DEXT_REV0=0"]),
    ("EXT_HTREE=0", ["-DEXT_HTREE=0"]),
    ("EXT_CSUM_VERIFY=0", ["-DEXT_CSUM_VERIFY=0", "-DCRC32_NIBBLES=0"]),
    ("EXT_JOURNAL=0", ["-DEXT_JOURNAL=0"]),
    ("EXT_FAST_COMMIT=0", ["-DEXT_FAST_COMMIT=0"]),
    ("EXT_INLINE=0", ["-DEXT_INLINE=0"]),
    ("EXT_META_BG=0", ["-DEXT_META_BG=0"]),
    ("PART_GPT_BACKUP=0", ["-DPART_GPT_BACKUP=0"]),
    ("BLOCKDEV_LBA32=0 (64-bit)", ["-UBLOCKDEV_LBA32", "-DBLOCKDEV_LBA32=0"]),
    ("PART_LINUX_FS=0", ["-DPART_LINUX_FS=0"]),
    ("tiny (all off)", ["-DEXTLOAD_TINY=1"]),
]


def fs_bytes(mapfile):
    """Bytes of .text*/.rodata* input sections from fs/ objects and the
    number formatter they need (lib/, once fs/num.c)."""
    total = 0
    pending = None
    kept = False              # past the list of discarded sections
    with open(mapfile) as f:
        for line in f:
            if line.startswith("Linker script and memory map"):
                kept = True
            if not kept:
                continue
            m = re.match(r"^ (\.(?:text|rodata)\S*)\s*$", line)
            if m:
                pending = m.group(1)
                continue
            m = re.match(r"^ (\.(?:text|rodata)\S*)?\s+0x[0-9a-f]+\s+"
                         r"0x([0-9a-f]+)\s+(\S+\.o)\s*$", line)
            if m and (m.group(1) or pending):
                if re.search(r"/c[0-9]+/(fs|lib)/(?!libc/)", m.group(3)):
                    total += int(m.group(2), 16)
            pending = None
    return total


def main():
    build, cc, cflags = sys.argv[1], sys.argv[2], sys.argv[3:]
    out = os.path.join(build, "bench", "fsconf")
    os.makedirs(out, exist_ok=True)
    # In file-name order, as when num.c was in fs/: the map gives merged
    # strings to the first object that has them, so the order moves bytes.
    srcs = sorted((d + "/" + f for d in ("lib", "fs")
                   for f in os.listdir(d) if f.endswith(".c")),
                  key=os.path.basename)
    srcs += ["tests/bench/fsconf_entry.c", "lib/libc/mem.c"]
    print("fs/ flash per build option (fs/ext_conf.h, fs/blockdev.h), as a "
          "loader links it:")
    print("  %-26s %8s" % ("option", "bytes"))
    base = None
    for i, (name, defs) in enumerate(CONFIGS):
        elf = os.path.join(out, "c%d.elf" % i)
        mapf = elf + ".map"
        objs = []
        for src in srcs:
            obj = os.path.join(out, "c%d" % i, src[:-2] + ".o")
            os.makedirs(os.path.dirname(obj), exist_ok=True)
            subprocess.run([cc] + cflags + defs + ["-c", "-o", obj, src],
                           check=True)
            objs.append(obj)
        subprocess.run([cc] + cflags + [
            "-Wl,--gc-sections", "-Wl,-e,fsconf_entry",
            "-Wl,-Map=" + mapf, "-o", elf] + objs + ["-lgcc"], check=True)
        n = fs_bytes(mapf)
        base = base or n
        print("  %-26s %8d%s" % (name, n, "" if n == base else
                                 "  (%+d)" % (n - base)))


if __name__ == "__main__":
    main()
