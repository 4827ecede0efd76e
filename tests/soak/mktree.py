#!/usr/bin/env python3
"""mktree.py SEED DIR BLOCK BLOCKS_PER_GROUP BUDGET: a random tree for
`make soak` (issue 29), the same for the same arguments.

File sizes sit on the boundaries a reader gets wrong: around a block, the
12 direct blocks and the indirect ranges of a block map, an extent leaf's
worth of runs (holes between them, so every run is an extent), a block
group (BLOCKS_PER_GROUP is the image's -g), inline data's 60 bytes; plus
deep and wide directories, names of 1 to 255 bytes, fast and slow
symlinks, hard links and FIFOs. BUDGET bounds the bytes written (sparse
files count their data only). Prints "files N bytes N dirs N".
"""
import os
import random
import sys


def main():
    seed, top = int(sys.argv[1]), sys.argv[2]
    bs, bpg, budget = int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
    r = random.Random(seed)
    os.makedirs(top, exist_ok=True)
    dirs = [top]
    st = {"files": 0, "bytes": 0, "dirs": 0}
    used = 0
    names_in = {}

    def name(d):
        alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-+,=@ "
        while True:
            n = r.choice([r.randint(1, 12), r.randint(1, 40), r.randint(200, 255)])
            s = "".join(r.choice(alphabet) for _ in range(n)).strip()
            if s in ("", ".", "..", "lost+found") or s.startswith("-"):
                continue
            seen = names_in.setdefault(d, set())
            if s not in seen:
                seen.add(s)
                return s

    def newdir(parent):
        d = os.path.join(parent, name(parent))
        if len(d) - len(top) > 3500:
            return parent
        os.mkdir(d)
        dirs.append(d)
        st["dirs"] += 1
        return d

    # Sizes on the boundaries, for this block size and group.
    per_ind = bs // 4
    leaf = (bs - 12) // 12           # extents in one leaf block
    picks = [0, 1, 59, 60, 61, 100, bs - 1, bs, bs + 1, 2 * bs + 7,
             12 * bs - 1, 12 * bs, 12 * bs + 1,
             (12 + per_ind) * bs - 1, (12 + per_ind) * bs + 1,
             bpg * bs - 3 * bs, bpg * bs + bs + 5, 2 * bpg * bs + 1]

    def size():
        k = r.random()
        if k < 0.55:
            return r.randint(0, 3 * bs)
        if k < 0.9:
            return r.choice(picks)
        return r.randint(0, 3 * bpg * bs)

    def data(n):
        return r.randbytes(n)

    def regular(d):
        nonlocal used
        p = os.path.join(d, name(d))
        n = size()
        if used + n > budget:
            n = r.randint(0, 2 * bs)
        with open(p, "wb") as f:
            f.write(data(n))
        used += n
        st["files"] += 1
        st["bytes"] += n

    def sparse(d):
        # runs of data with holes between: about one extent leaf's worth
        # of extents (or more), or a hole at the start or the end.
        nonlocal used
        p = os.path.join(d, name(d))
        runs = r.choice([1, 3, 4, 5, leaf - 1, leaf, leaf + 1, 2 * leaf + 3,
                         r.randint(1, 3 * leaf)])
        off = r.choice([0, bs, r.randint(0, 20) * bs + r.randint(0, bs)])
        written = 0
        with open(p, "wb") as f:
            for _ in range(runs):
                n = r.choice([1, r.randint(1, 4), r.randint(1, 16)]) * bs
                if used + written + n > budget:
                    break
                f.seek(off)
                f.write(data(n))
                written += n
                off += n + r.randint(1, 8) * bs + r.choice([0, r.randint(0, bs)])
            if r.random() < 0.3:
                f.truncate(off + r.randint(0, 4 * bs))
            end = f.tell()
        used += written
        st["files"] += 1
        st["bytes"] += max(end, os.path.getsize(p))

    def symlink(d):
        p = os.path.join(d, name(d))
        k = r.choice([r.randint(1, 59), 60, 61, r.randint(62, 300),
                      r.randint(300, 1000)])
        t = "".join(r.choice("abc/._-xyz0123") for _ in range(k))
        os.symlink(t, p)

    # The shape: a deep chain, a wide directory, and a random bushy rest.
    d = top
    for _ in range(r.choice([3, 10, 30, 60])):
        d = newdir(d)
        if r.random() < 0.3:
            regular(d)
    wide = newdir(top)
    for _ in range(r.choice([50, 300, 1000, 3000])):
        if r.random() < 0.9:
            with open(os.path.join(wide, name(wide)), "wb") as f:
                n = r.randint(0, 200)
                f.write(data(n))
            st["files"] += 1
            st["bytes"] += n
        else:
            symlink(wide)
    for _ in range(r.randint(20, 400)):
        d = r.choice(dirs)
        k = r.random()
        if k < 0.15:
            newdir(d)
        elif k < 0.7:
            regular(d)
        elif k < 0.85:
            sparse(d)
        elif k < 0.95:
            symlink(d)
        elif k < 0.98:
            files = [f for f in os.listdir(d)
                     if os.path.isfile(os.path.join(d, f)) and
                     not os.path.islink(os.path.join(d, f))]
            if files:
                os.link(os.path.join(d, r.choice(files)),
                        os.path.join(d, name(d)))
        else:
            os.mkfifo(os.path.join(d, name(d)))
        if used >= budget:
            break
    print("files %d bytes %d dirs %d" % (st["files"], st["bytes"], st["dirs"]))


main()
