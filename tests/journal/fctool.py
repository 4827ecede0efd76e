#!/usr/bin/env python3
"""Fast-commit areas for tests/journal/t_fastcommit.sh, written from the
on-disk format (the kernel's Documentation/filesystems/ext4/journal.rst,
"Fast commits"): what ext4 would have written at an fsync after the
log's last full commit.

  fctool.py make IMG BASE AFTER JMAP FILES DIRS [--kind K] [--commits N]

IMG is BASE with a committed (unreplayed) log of one transaction; AFTER
is BASE changed by debugfs. The area gets, per commit, for each path of
FILES (comma-separated, in AFTER): its extents (DEL_RANGE of the blocks
it had, ADD_RANGE of each extent it has) and its inode (128 bytes plus
i_extra_isize); for each directory of DIRS: UNLINK of each name gone or
renumbered, CREAT (a new inode) or LINK of each name added. The data
blocks of every ADD_RANGE are copied from AFTER into IMG (written before
the commit, as data=ordered writes them); no metadata block is. The
journal superblock gets the fast_commit feature (and its checksum).
--commits 2 splits FILES in two commits (the second gets the rest).

Kinds of hostile areas (--kind): crc (the last TAIL's crc32c off by
one), tid (the TAIL's tid one past), old (HEAD and TAIL of the
transaction before: a stale area), past (an entry's length runs past
its block), addlen (the first ADD_RANGE's length 12), unknown (the
first ADD_RANGE's tag 0x30), range (the first ADD_RANGE's physical
block past the filesystem), feature (HEAD with a feature bit).
"""
import re
import struct
import subprocess
import sys

from jtool import crc32c, be32

ADD, DEL, CREAT, LINK, UNLINK, INODE, PAD, TAIL, HEAD = range(1, 10)


def dbg(img, cmd):
    return subprocess.run(["debugfs", "-R", cmd, img], capture_output=True,
                          text=True).stdout


def ino_of(img, path):
    m = re.search(r"Inode: (\d+)", dbg(img, "stat " + path))
    return int(m.group(1)) if m else 0


def links(img, ino):
    m = re.search(r"Links: (\d+)", dbg(img, "stat <%d>" % ino))
    return int(m.group(1)) if m else 0


def raw_inode(img, ino):
    """The inode's bytes as the kernel logs them: 128 plus i_extra_isize."""
    m = re.search(r"located at block (\d+), offset 0x([0-9a-f]+)",
                  dbg(img, "imap <%d>" % ino))
    with open(img, "rb") as f:
        f.seek(int(m.group(1)) * BS + int(m.group(2), 16))
        b = f.read(ISIZE)
    n = 128 + (struct.unpack_from("<H", b, 128)[0] if ISIZE > 128 else 0)
    return b[:n]


def extents(img, ino):
    """Leaf extents: (lblk, len, pblk, unwritten)."""
    out = dbg(img, "ex <%d>" % ino)
    rows = []
    for line in out.splitlines()[1:]:
        m = re.match(r"\s*(\d+)/\s*(\d+)\s+\d+/\s*\d+\s+(\d+)\s*-\s*(\d+)\s+"
                     r"(\d+)(?:\s*-\s*\d+)?\s+(\d+)\s*(\S*)", line)
        if m and m.group(1) == m.group(2):
            rows.append((int(m.group(3)), int(m.group(6)), int(m.group(5)),
                         m.group(7) == "Uninit"))
    return rows


def listing(img, d):
    ents = {}
    for line in dbg(img, "ls -p " + d).splitlines():
        f = line.split("/")
        if len(f) > 5 and f[1] not in ("", "0") and f[5] not in (".", ".."):
            ents[f[5]] = int(f[1])
    return ents


def tl(tag, val):
    return struct.pack("<HH", tag, len(val)) + val


def commit_tags(img, base, after, files, dirs):
    tags = []
    inodes = []
    for p in files:
        ino = ino_of(after, p)
        old = extents(base, ino) if links(base, ino) else []
        if old:
            end = max(l + n for l, n, _, _ in old)
            tags.append(tl(DEL, struct.pack("<III", ino, 0, end)))
        for l, n, pb, unw in extents(after, ino):
            ee = struct.pack("<IHHI", l, n + (32768 if unw else 0),
                             pb >> 32, pb & 0xFFFFFFFF)
            tags.append(tl(ADD, struct.pack("<I", ino) + ee))
            copy_blocks(img, after, pb, n)
        inodes.append(ino)
    for d in dirs:
        parent = ino_of(after, d)
        was, now = listing(base, d), listing(after, d)
        for name, ino in sorted(was.items()):
            if now.get(name) != ino:
                tags.append(tl(UNLINK, struct.pack("<II", parent, ino) +
                               name.encode()))
        for name, ino in sorted(now.items()):
            if was.get(name) != ino:
                if not links(base, ino):
                    tags.append(inode_tag(after, ino))
                    tags.append(tl(CREAT, struct.pack("<II", parent, ino) +
                                   name.encode()))
                    if ino in inodes:
                        inodes.remove(ino)
                else:
                    tags.append(tl(LINK, struct.pack("<II", parent, ino) +
                                   name.encode()))
    for ino in inodes:
        tags.append(inode_tag(after, ino))
    return tags


def inode_tag(after, ino):
    return tl(INODE, struct.pack("<I", ino) + raw_inode(after, ino))


BS = 0
ISIZE = 128


def copy_blocks(img, after, pb, n):
    with open(after, "rb") as a, open(img, "r+b") as f:
        a.seek(pb * BS)
        data = a.read(n * BS)
        f.seek(pb * BS)
        f.write(data)


class Area:
    def __init__(self, bs):
        self.bs = bs
        self.blocks = [bytearray()]
        self.crc = 0

    def room(self):
        return self.bs - len(self.blocks[-1])

    def put(self, t, count=True):
        if len(t) + 4 > self.room():        # leave room for a PAD header
            self.pad()
        self.blocks[-1] += t
        if count:
            self.crc = crc32c(self.crc, t)

    def pad(self):
        r = self.room()
        if r >= 4:
            self.blocks[-1] += tl(PAD, bytes(r - 4))
            self.crc = crc32c(self.crc, self.blocks[-1][-r:])
        self.blocks.append(bytearray())

    def tail(self, tid, crc_adj=0):
        if self.room() < 12:
            self.pad()
        r = self.room()
        h = struct.pack("<HHI", TAIL, r - 4, tid)
        crc = crc32c(self.crc, h)
        self.blocks[-1] += h + struct.pack("<I", (crc + crc_adj) & 0xFFFFFFFF)
        self.blocks[-1] += bytes(self.bs - len(self.blocks[-1]))
        self.blocks.append(bytearray())
        self.crc = 0


def main():
    global BS, ISIZE
    a = sys.argv[2:]
    opts = {"--kind": "", "--commits": "1"}
    while len(a) > 6:
        opts[a[-2]] = a[-1]
        a = a[:-2]
    img, base, after, jmap, files, dirs = a
    kind = opts["--kind"]
    hdr = subprocess.run(["dumpe2fs", "-h", base], capture_output=True,
                         text=True).stdout
    bs = int(re.search(r"Block size:\s+(\d+)", hdr).group(1))
    ISIZE = int(re.search(r"Inode size:\s+(\d+)", hdr).group(1))
    BS = bs
    jm = [int(x) for x in open(jmap).read().split()]
    with open(img, "rb") as f:
        f.seek(jm[0] * bs)
        sb = bytearray(f.read(1024))
    maxlen, seq = be32(sb, 0x10), be32(sb, 0x18)
    nfc = be32(sb, 0x54) or 256
    tid = seq + 1                   # the log holds transaction seq
    if kind == "old":
        tid -= 1
    files = [p for p in files.split(",") if p]
    dirs = [p for p in dirs.split(",") if p]
    ncommit = int(opts["--commits"])
    groups = [files] if ncommit == 1 else [files[:1], files[1:]]
    ar = Area(bs)
    for i, g in enumerate(groups):
        tags = commit_tags(img, base, after, g, dirs if i == len(groups) - 1
                           else [])
        if kind in ("addlen", "unknown", "range"):
            for k, t in enumerate(tags):
                if struct.unpack_from("<H", t)[0] == ADD:
                    t = bytearray(t)
                    if kind == "addlen":
                        struct.pack_into("<H", t, 2, 12)
                    elif kind == "range":
                        struct.pack_into("<I", t, 4 + 4 + 8, 0xFFFFFF00)
                    else:
                        struct.pack_into("<H", t, 0, 0x30)
                    tags[k] = bytes(t)
                    break
        if i == 0:
            ar.put(tl(HEAD, struct.pack("<II", 1 if kind == "feature" else 0,
                                        tid)))
        if kind == "past" and i == 0:
            t = bytearray(tags[0])
            struct.pack_into("<H", t, 2, bs)
            tags[0] = bytes(t)
            ar.blocks[-1] += tags[0][:4]
            tags = tags[1:]
        for t in tags:
            ar.put(t)
        last = i == len(groups) - 1
        ar.tail(tid + (1 if kind == "tid" and last else 0),
                1 if kind == "crc" and last else 0)
    blocks = [b + bytes(bs - len(b)) for b in ar.blocks if b]
    first = maxlen - nfc + 1
    assert len(blocks) <= maxlen - first, "area too small"
    with open(img, "r+b") as f:
        for k, b in enumerate(blocks):
            f.seek(jm[first + k] * bs)
            f.write(b)
        struct.pack_into(">I", sb, 0x28, be32(sb, 0x28) | 0x20)
        if be32(sb, 0x28) & 0x18:
            sb[0xFC:0x100] = bytes(4)
            struct.pack_into(">I", sb, 0xFC, crc32c(0xFFFFFFFF, bytes(sb)))
        f.seek(jm[0] * bs)
        f.write(sb)
    print(len(blocks), tid)


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] != "make":
        sys.exit(__doc__)
    main()
