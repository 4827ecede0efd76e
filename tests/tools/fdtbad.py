#!/usr/bin/env python3
"""Malformed device trees for the boot tests, each made from a good one.

    fdtbad.py IN.dtb OUT.dtb CASE [ARG]

IN is a tree dtc wrote (version 17, blocks in dtc's order: header,
reservation map, structure, strings). Each CASE breaks one rule the
loader's tree check (firmware/fdt/fdt.c) enforces and nothing else:

  version    version 15 (a reader of 17 needs 16 on)       FDT_EVERSION
  oob        size_dt_strings runs past totalsize           FDT_EBLOCK
  overlap    the strings block starts where the structure
             block does                                    FDT_EOVERLAP
  nodename   the first node under the root: its name's NUL and every
             byte after it in the structure block made 'x' FDT_ENAME
  propname   the strings block's last NUL made 'x': the last name has
             no end inside the block                       FDT_ENAMEOFF
  room SIZE  a good tree whose totalsize is SIZE bytes, the file padded
             with a hole to match: more than the RAM it would go into

(Nesting past the fixed depth is made by dtc itself from the tree's
source, see tests/linux/t_linux_boot.sh.)
"""
import struct
import sys

# The header (devicetree specification v0.4, 5.2): big-endian u32 fields.
FDT_MAGIC = 0xD00DFEED
HDR_MAGIC = 0x00
HDR_TOTALSIZE = 0x04
HDR_OFF_DT_STRUCT = 0x08
HDR_OFF_DT_STRINGS = 0x0C
HDR_VERSION = 0x14
HDR_SIZE_DT_STRINGS = 0x20
HDR_SIZE_DT_STRUCT = 0x24
# The structure block's token that opens a node; its name follows.
FDT_BEGIN_NODE = 1
TOKEN_LEN = 4


def get(b, off):
    return struct.unpack_from(">I", b, off)[0]


def put(b, off, v):
    struct.pack_into(">I", b, off, v)


def first_child_name(b):
    """Offset of the name of the first node below the root."""
    s = get(b, HDR_OFF_DT_STRUCT)
    end = s + get(b, HDR_SIZE_DT_STRUCT)
    seen = 0
    off = s
    while off < end:
        if get(b, off) == FDT_BEGIN_NODE:
            seen += 1
            if seen == 2:
                return off + TOKEN_LEN
            off += TOKEN_LEN
            off += b.index(b"\0", off) - off + 1
            off = (off + 3) & ~3
        else:
            off += TOKEN_LEN
    sys.exit("fdtbad: no node under the root")


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    src, out, case = sys.argv[1:4]
    b = bytearray(open(src, "rb").read())
    if get(b, HDR_MAGIC) != FDT_MAGIC or get(b, HDR_VERSION) != 17:
        sys.exit("fdtbad: %s: not a version 17 tree" % src)
    size = get(b, HDR_TOTALSIZE)
    struct_off = get(b, HDR_OFF_DT_STRUCT)
    strings_off = get(b, HDR_OFF_DT_STRINGS)
    strings_size = get(b, HDR_SIZE_DT_STRINGS)
    pad_to = None
    if case == "version":
        put(b, HDR_VERSION, 15)
    elif case == "oob":
        put(b, HDR_SIZE_DT_STRINGS, size - strings_off + 1)
    elif case == "overlap":
        put(b, HDR_OFF_DT_STRINGS, struct_off)
    elif case == "nodename":
        name = first_child_name(b)
        end = struct_off + get(b, HDR_SIZE_DT_STRUCT)
        b[name:end] = b"x" * (end - name)
    elif case == "propname":
        last = strings_off + strings_size - 1
        if b[last] != 0:
            sys.exit("fdtbad: the strings block does not end with a NUL")
        b[last] = ord("x")
    elif case == "room":
        pad_to = int(sys.argv[4])
        if pad_to < size:
            sys.exit("fdtbad: room %d is below totalsize %d" % (pad_to, size))
        put(b, HDR_TOTALSIZE, pad_to)
    else:
        sys.exit("fdtbad: unknown case %s" % case)
    with open(out, "wb") as f:
        f.write(b)
        if pad_to is not None:
            f.truncate(pad_to)


main()
