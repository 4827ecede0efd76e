#!/usr/bin/env python3
"""Test-side helpers for dirty-journal images (tests/journal).

  jtool.py diff A B BS OUT         blocks where B differs from A: printed as
                                   "b1,b2,..." (nothing if none); B's bytes
                                   of those blocks are written to OUT
  jtool.py log IMG BS JMAP         the log from s_start: "L type seq [tgt]"
                                   per block (type desc|commit|revoke|data)
  jtool.py flip IMG BS JMAP L OFF  xor byte OFF of log block L with 0xFF
  jtool.py rotate IMG BS JMAP K    move every log block K places on (mod the
                                   log length), s_start with them; the
                                   superblock checksum (v2/v3) recomputed
  jtool.py write IMG BS JMAP B1,B2,.. DATA
                                   log one committed transaction from
                                   s_first writing DATA's blocks to B1,
                                   B2, ... (any block number: debugfs jw
                                   refuses those past s_blocks_count);
                                   journals without checksums or 64bit;
                                   s_start set, needs_recovery set
JMAP is a file of the journal inode's blocks in logical order (debugfs
"blocks <8>").
"""
import struct
import sys

MAGIC = 0xC03B3998


def crc32c(crc, data):
    for b in data:
        crc ^= b
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc


def be32(b, o):
    return struct.unpack_from(">I", b, o)[0]


class Journal:
    def __init__(self, path, bs, jmap):
        self.f = open(path, "r+b")
        self.bs = bs
        self.map = [int(x) for x in open(jmap).read().split()]
        sb = self.block(0)
        self.sb = sb
        self.maxlen, self.first = be32(sb, 0x10), be32(sb, 0x14)
        self.seq, self.start = be32(sb, 0x18), be32(sb, 0x1C)
        self.v2 = be32(sb, 4) == 4
        self.compat = be32(sb, 0x24) if self.v2 else 0
        self.incompat = be32(sb, 0x28) if self.v2 else 0

    def block(self, l):
        self.f.seek(self.map[l] * self.bs)
        return bytearray(self.f.read(self.bs))

    def put(self, l, data):
        self.f.seek(self.map[l] * self.bs)
        self.f.write(data)

    def tag_bytes(self):
        if self.incompat & 0x10:
            return 16
        sz = 12 if self.incompat & 0x2 else 8
        return sz + (2 if self.incompat & 0x8 else 0)

    def wrap(self, l):
        return l - (self.maxlen - self.first) if l >= self.maxlen else l

    def log(self):
        out, l, seq = [], self.start, self.seq
        tail = 4 if self.incompat & 0x18 else 0
        for _ in range(self.maxlen):
            b = self.block(l)
            if be32(b, 0) != MAGIC or be32(b, 8) != seq:
                break
            t = be32(b, 4)
            cur, l = l, self.wrap(l + 1)
            if t == 1:
                out.append((cur, "desc", seq, None))
                off, tb = 12, self.tag_bytes()
                while off + tb <= self.bs - tail:
                    tgt = be32(b, off)
                    if self.incompat & 0x2:
                        tgt |= be32(b, off + 8) << 32
                    flags = struct.unpack_from(">H", b, off + 6)[0]
                    out.append((l, "data", seq, tgt))
                    l = self.wrap(l + 1)
                    off += tb + (0 if flags & 2 else 16)
                    if flags & 8:
                        break
            elif t == 2:
                out.append((cur, "commit", seq, None))
                seq += 1
            elif t == 5:
                out.append((cur, "revoke", seq, None))
            else:
                break
        return out


def main():
    cmd = sys.argv[1]
    if cmd == "diff":
        a, b, bs, out = sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
        da, db = open(a, "rb").read(), open(b, "rb").read()
        blks = [i for i in range(len(da) // bs)
                if da[i * bs:(i + 1) * bs] != db[i * bs:(i + 1) * bs]]
        with open(out, "wb") as f:
            for i in blks:
                f.write(db[i * bs:(i + 1) * bs])
        print(",".join(map(str, blks)))
        return
    j = Journal(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    if cmd == "log":
        for l, t, s, tgt in j.log():
            print(l, t, s, "" if tgt is None else tgt)
    elif cmd == "flip":
        l, off = int(sys.argv[5]), int(sys.argv[6])
        b = j.block(l)
        b[off] ^= 0xFF
        j.put(l, b)
    elif cmd == "rotate":
        k = int(sys.argv[5])
        n = j.maxlen - j.first
        blocks = [j.block(j.first + i) for i in range(n)]
        for i in range(n):
            j.put(j.first + (i + k) % n, blocks[i])
        sb = j.block(0)
        struct.pack_into(">I", sb, 0x1C, j.first + (j.start - j.first + k) % n)
        if j.incompat & 0x18:
            struct.pack_into(">I", sb, 0xFC, 0)
            struct.pack_into(">I", sb, 0xFC, crc32c(0xFFFFFFFF, sb[:1024]))
        j.put(0, sb)
    elif cmd == "write":
        blocks = [int(x) for x in sys.argv[5].split(",")]
        data = open(sys.argv[6], "rb").read()
        if j.incompat & ~0x1:
            sys.exit("jtool: write: only journals without checksums/64bit")
        bs, per, seq = j.bs, (j.bs - 12) // 8, j.seq
        l, i = j.first, 0
        while i < len(blocks):
            chunk = blocks[i:i + per]
            d = bytearray(bs)
            struct.pack_into(">III", d, 0, MAGIC, 1, seq)
            for k, b in enumerate(chunk):
                flags = 2 | (8 if k == len(chunk) - 1 else 0)  # SAME_UUID
                blk = bytearray(data[(i + k) * bs:(i + k + 1) * bs])
                if be32(blk, 0) == MAGIC:                      # escaped
                    flags |= 1
                    blk[0:4] = bytes(4)
                struct.pack_into(">IHH", d, 12 + 8 * k, b, 0, flags)
                j.put(l + 1 + k, blk)
            j.put(l, d)
            l, i = l + 1 + len(chunk), i + len(chunk)
        c = bytearray(bs)
        struct.pack_into(">III", c, 0, MAGIC, 2, seq)
        j.put(l, c)
        sb = j.block(0)
        struct.pack_into(">I", sb, 0x1C, j.first)
        j.put(0, sb)
        j.f.seek(1024 + 0x60)
        inc = struct.unpack("<I", j.f.read(4))[0] | 0x4   # needs_recovery
        j.f.seek(1024 + 0x60)
        j.f.write(struct.pack("<I", inc))
    else:
        sys.exit("jtool: unknown command " + cmd)


if __name__ == "__main__":
    main()
