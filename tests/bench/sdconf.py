#!/usr/bin/env python3
"""The SD path's speed options (drivers/sdspi_conf.h, firmware/boot_conf.h):
flash of each object they touch, Cortex-M3 with the loader's flags, each
option on and off. Usage: sdconf.py BUILD-DIR ARM-CC CFLAGS..."""
import os
import re
import subprocess
import sys

# option, the source it changes, the -D that turns it off
OPTIONS = [
    ("SDSPI_CRC16_TABLE", "drivers/sdspi_crc.c", "-DSDSPI_CRC16_TABLE=0"),
    ("PL022_UNROLL", "drivers/pl022.c", "-DPL022_UNROLL=0"),
    ("SHA256_UNROLL", "firmware/crypto/sha256.c", "-DSHA256_UNROLL=0"),
    ("SDSPI_MMC_CARDS", "drivers/sdspi.c", "-DSDSPI_MMC_CARDS=0"),
    ("SDSPI_CID", "drivers/sdspi.c", "-DSDSPI_CID=0"),
    ("SDSPI_DIAG", "drivers/sdspi.c", "-DSDSPI_DIAG=0"),
]


def flash(cc, cflags, defs, src, obj):
    """text + data of one object (what it adds to flash)."""
    os.makedirs(os.path.dirname(obj), exist_ok=True)
    subprocess.run([cc] + cflags + defs + ["-c", "-o", obj, src], check=True)
    size = cc[:-3] + "size" if cc.endswith("gcc") else "size"
    out = subprocess.run([size, obj], capture_output=True, text=True,
                         check=True).stdout.splitlines()[-1].split()
    return int(out[0]) + int(out[1])


def main():
    build, cc, cflags = sys.argv[1], sys.argv[2], sys.argv[3:]
    cflags = [f for f in cflags if not f.startswith("-fstack-usage")]
    out = os.path.join(build, "bench", "sdconf")
    print("SD path options (default on; SDSPI_FAST=0 turns the drivers' "
          "speed options off, the tiny profile all), flash of the object "
          "each one changes:")
    print("  %-20s %-22s %6s %6s %6s" % ("option", "object", "on", "off",
                                         "cost"))
    total = 0
    for name, src, off in OPTIONS:
        base = os.path.join(out, re.sub(r"\W", "_", name))
        on = flash(cc, cflags, [], src, base + "-on.o")
        no = flash(cc, cflags, [off], src, base + "-off.o")
        total += on - no
        print("  %-20s %-22s %6d %6d %+6d" % (name, src, on, no, on - no))
    print("  %-20s %-22s %6s %6s %+6d" % ("all %d" % len(OPTIONS), "", "", "",
                                         total))


if __name__ == "__main__":
    main()
