#!/usr/bin/env python3
"""Seeded DEFLATE and gzip streams from Python's zlib for test_inflate.

  zvectors.py SEED COUNT   writes records to stdout:
    b"V" kind(u8: 0 raw deflate, 1 gzip) expect(u8 name length) name
    raw_len(u32 LE) raw comp_len(u32 LE) comp
  expect is "" for a stream that must inflate to raw, else the name of
  the error (enum inflate_err) it must fail with.

The valid streams: every level 0-9, every strategy (default, filtered,
Huffman only, RLE, fixed), memLevel 1-9, sync and full flushes between
pieces (stored blocks of 0 bytes), data of every kind (random, text, runs,
long matches at distance 32768), 0- and 1-byte outputs; gzip members with
FEXTRA, FNAME, FCOMMENT and FHCRC as the flags pick. The hostile ones,
each for its own error: blocks written bit by bit (back-references before
the start, reserved symbols and block type, over-subscribed, incomplete
and bad dynamic codes, a stored block's NLEN), every prefix of a stream
(truncated), and gzip members with a bad magic, method, flags, header
CRC, CRC-32, ISIZE, or a byte after the trailer.
"""
import random
import struct
import sys
import zlib

STRATEGIES = [zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED, zlib.Z_HUFFMAN_ONLY,
              zlib.Z_RLE, zlib.Z_FIXED]


def record(out, kind, raw, comp, expect=""):
    e = expect.encode()
    out.write(b"V" + bytes([kind, len(e)]) + e)
    out.write(struct.pack("<I", len(raw)) + raw)
    out.write(struct.pack("<I", len(comp)) + comp)


def data(rng, n, long_match=False):
    pick = 3 if long_match else rng.randrange(6)
    if pick == 3 and not long_match:
        pick = 5
    if pick == 0:
        return rng.randbytes(n)
    if pick == 1:
        words = [rng.randbytes(rng.randrange(1, 9)) for _ in range(40)]
        b = bytearray()
        while len(b) < n:
            b += rng.choice(words) + b" "
        return bytes(b[:n])
    if pick == 2:
        b = bytearray()
        while len(b) < n:
            b += bytes([rng.randrange(256)]) * rng.randrange(1, 300)
        return bytes(b[:n])
    if pick == 3:
        # long matches at distance 32768: a random window, repeated
        w = rng.randbytes(32768)
        return (w * (n // 32768 + 2))[:max(n, 65536 + rng.randrange(4096))]
    if pick == 4:
        return bytes(rng.randrange(4) for _ in range(n))
    b = bytearray(rng.randbytes(min(n, 64)))
    while len(b) < n:
        d = rng.randrange(1, len(b) + 1)
        k = rng.randrange(3, 259)
        for _ in range(k):
            b.append(b[-d])
    return bytes(b[:n])


def deflate(rng, raw, level, wbits):
    c = zlib.compressobj(level, zlib.DEFLATED, wbits, rng.randrange(1, 10),
                         rng.choice(STRATEGIES))
    out = b""
    at = 0
    while at < len(raw):
        k = rng.randrange(1, max(2, len(raw) // 3 + 2))
        out += c.compress(raw[at:at + k])
        at += k
        f = rng.randrange(8)
        if f == 0:
            out += c.flush(zlib.Z_SYNC_FLUSH)
        elif f == 1:
            out += c.flush(zlib.Z_FULL_FLUSH)
    return out + c.flush(zlib.Z_FINISH)


def gzip_member(rng, raw, level, flg=None):
    body = deflate(rng, raw, level, -15)
    if flg is None:
        flg = rng.randrange(32)
    h = bytearray(b"\x1f\x8b\x08" + bytes([flg]))
    h += struct.pack("<I", rng.randrange(1 << 32)) + bytes([0, 3])
    if flg & 0x04:
        x = rng.randbytes(rng.randrange(0, 300))
        h += struct.pack("<H", len(x)) + x
    if flg & 0x08:
        h += bytes(rng.randrange(1, 256) for _ in range(rng.randrange(40))) + b"\0"
    if flg & 0x10:
        h += bytes(rng.randrange(1, 256) for _ in range(rng.randrange(80))) + b"\0"
    if flg & 0x02:
        h += struct.pack("<H", zlib.crc32(bytes(h)) & 0xFFFF)
    trailer = struct.pack("<II", zlib.crc32(raw), len(raw) & 0xFFFFFFFF)
    return bytes(h) + body + trailer


class Bits:
    """A DEFLATE bit writer: fields LSB first, Huffman codes MSB first."""

    def __init__(self):
        self.v = 0
        self.n = 0

    def put(self, value, n):
        self.v |= value << self.n
        self.n += n

    def code(self, code, n):
        self.put(int(format(code, "0%db" % n)[::-1], 2), n)

    def fixed_lit(self, s):
        if s < 144:
            self.code(0x30 + s, 8)
        elif s < 256:
            self.code(0x190 + s - 144, 9)
        elif s < 280:
            self.code(s - 256, 7)
        else:
            self.code(0xC0 + s - 280, 8)

    def bytes(self):
        return self.v.to_bytes((self.n + 7) // 8, "little")


def hostile(out):
    def fixed(*syms):
        b = Bits()
        b.put(1, 1)
        b.put(1, 2)
        for kind, v in syms:
            if kind == "l":
                b.fixed_lit(v)
            else:
                b.code(v, 5)
        return b.bytes()

    # a match before the output's start: 'a', then length 3 at distance 2
    record(out, 0, b"", fixed(("l", 97), ("l", 257), ("d", 1), ("l", 256)),
           "INFLATE_EDIST")
    record(out, 0, b"", fixed(("l", 257), ("d", 0), ("l", 256)),
           "INFLATE_EDIST")
    # distance 32768 after 32767 bytes: one short
    raw = bytes(range(256)) * 128
    c = zlib.compressobj(0, zlib.DEFLATED, -15)
    stored = c.compress(raw[:32767]) + c.flush(zlib.Z_FULL_FLUSH)
    b = Bits()
    b.put(1, 1)
    b.put(1, 2)
    b.fixed_lit(257)
    b.code(29, 5)
    b.put(32768 - 24577, 13)
    b.fixed_lit(256)
    record(out, 0, b"", stored + b.bytes(), "INFLATE_EDIST")
    record(out, 0, b"", fixed(("l", 286)), "INFLATE_ESYMBOL")
    record(out, 0, b"", fixed(("l", 287)), "INFLATE_ESYMBOL")
    record(out, 0, b"", fixed(("l", 65), ("l", 257), ("d", 30)),
           "INFLATE_ESYMBOL")
    record(out, 0, b"", fixed(("l", 65), ("l", 257), ("d", 31)),
           "INFLATE_ESYMBOL")
    b = Bits()
    b.put(1, 1)
    b.put(3, 2)
    record(out, 0, b"", b.bytes() + b"\0", "INFLATE_EBTYPE")
    # stored: LEN 5, NLEN not its complement
    record(out, 0, b"", b"\x01\x05\x00\xfb\xfe" + b"hello", "INFLATE_ESTORED")

    def dyn(hlit, hdist, clens, rest=None):
        b = Bits()
        b.put(1, 1)
        b.put(2, 2)
        b.put(hlit - 257, 5)
        b.put(hdist - 1, 5)
        b.put(len(clens) - 4, 4)
        for v in clens:
            b.put(v, 3)
        if rest:
            rest(b)
        return b.bytes() + b"\0" * 8

    # order: 16 17 18 0 8 7 9 6 10 5 11 4 12 3 13 2 14 1 15
    record(out, 0, b"", dyn(257, 1, [1, 1, 1, 1]), "INFLATE_EOVERSUB")
    record(out, 0, b"", dyn(257, 1, [2, 2, 0, 0]), "INFLATE_EINCOMPLETE")
    record(out, 0, b"", dyn(287, 1, [2, 2, 2, 2]), "INFLATE_ELENS")
    record(out, 0, b"", dyn(257, 31, [2, 2, 2, 2]), "INFLATE_ELENS")
    # code lengths 16, 17, 18, 0 each 2 bits: codes 00 01 10 11
    # canonical: 0 -> 00, 16 -> 01, 17 -> 10, 18 -> 11
    record(out, 0, b"", dyn(257, 1, [2, 2, 2, 2], lambda b: b.code(1, 2)),
           "INFLATE_ELENS")            # repeat with no previous length

    def too_many(b):
        for _ in range(3):
            b.code(3, 2)               # 18: 11 + 127 zeros
            b.put(127, 7)
    record(out, 0, b"", dyn(257, 1, [2, 2, 2, 2], too_many), "INFLATE_ELENS")

    def no_end(b):
        b.code(3, 2)
        b.put(127, 7)                  # 138 zeros
        b.code(3, 2)
        b.put(119 - 11, 7)             # 119 more: 257, lens[256] 0
        b.code(0, 2)                   # and the distance code's one
    record(out, 0, b"", dyn(257, 1, [2, 2, 2, 2], no_end), "INFLATE_ELENS")

    # a literal/length code over-subscribed: code lengths 0 (1 bit), 1 (1
    # bit) in the code length code: every symbol length 1
    def all_ones(b):
        for _ in range(258):
            b.code(1, 1)
    record(out, 0, b"", dyn(257, 1, [0, 0, 0, 1] + [0] * 13 + [1], all_ones),
           "INFLATE_EOVERSUB")

    # A distance decoded where its code has none: 'a', then length 3 with
    # the distance code's unused half (one code, 0, of one bit: '1'
    # follows), or with no distance code at all. Literal/length lengths:
    # 97 1, 256 2, 257 2; the code length code gives 0, 1, 2, 18 two
    # bits each (00 01 10 11).
    def gap(dist_len):
        def rest(b):
            b.code(3, 2)
            b.put(97 - 11, 7)          # 0-96 zero
            b.code(1, 2)               # 97: 1
            b.code(3, 2)
            b.put(127, 7)              # 98-235 zero
            b.code(3, 2)
            b.put(20 - 11, 7)          # 236-255 zero
            b.code(2, 2)               # 256: 2
            b.code(2, 2)               # 257: 2
            b.code(dist_len, 2)        # distance 0: 1 or 0
            b.code(0, 1)               # 'a'
            b.code(3, 2)               # 257: length 3
            b.code(1, 1)               # a distance code '1'
        return rest
    clens = [0, 0, 2, 2] + [0] * 11 + [2, 0, 2]
    record(out, 0, b"", dyn(258, 1, clens, gap(1)), "INFLATE_EINCOMPLETE")
    record(out, 0, b"", dyn(258, 1, clens, gap(0)), "INFLATE_EINCOMPLETE")

    # every prefix of a raw stream and of a gzip member is truncated
    rng = random.Random(7)
    raw = data(rng, 3000)
    comp = deflate(rng, raw, 6, -15)
    for n in range(len(comp)):
        record(out, 0, b"", comp[:n], "INFLATE_ETRUNC")
    g = gzip_member(rng, b"hello, world\n" * 20, 9, 0x1E)
    for n in range(len(g)):
        record(out, 1, b"", g[:n], "INFLATE_ETRUNC")
    record(out, 1, b"", b"\x1f\x8c" + g[2:], "INFLATE_EMAGIC")
    record(out, 1, b"", g[:2] + b"\x07" + g[3:], "INFLATE_EMETHOD")
    for bit in (0x20, 0x40, 0x80):
        record(out, 1, b"", g[:3] + bytes([g[3] | bit]) + g[4:],
               "INFLATE_EFLAGS")
    h = gzip_member(rng, b"abc" * 100, 6, 0x02)
    record(out, 1, b"", h[:10] + bytes([h[10] ^ 1]) + h[11:], "INFLATE_EHCRC")
    record(out, 1, b"", g[:-8] + bytes([g[-8] ^ 0x80]) + g[-7:],
           "INFLATE_ECRC")
    isize = struct.unpack("<I", g[-4:])[0]
    record(out, 1, b"", g[:-4] + struct.pack("<I", isize + 1),
           "INFLATE_EISIZE")
    record(out, 1, b"", g[:-4] + struct.pack("<I", isize - 1),
           "INFLATE_EISIZE")
    record(out, 1, b"", g + b"\0", "INFLATE_ETRAILING")
    record(out, 1, b"", g + g, "INFLATE_ETRAILING")


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    out = sys.stdout.buffer
    for i in range(count):
        level = i % 10
        n = [0, 1, 2, 3][i] if i < 4 else (
            rng.randrange(1, 400) if i % 3 else rng.randrange(400, 8000))
        raw = data(rng, n, i % 100 == 7) if n else b""
        if i < 40:
            raw = raw[:i % 2]           # 0- and 1-byte outputs, every level
        if i % 2:
            record(out, 1, raw, gzip_member(rng, raw, level))
        else:
            record(out, 0, raw, deflate(rng, raw, level, -15))
    hostile(out)


main()
