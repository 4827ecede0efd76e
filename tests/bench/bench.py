#!/usr/bin/env python3
"""`make bench`: extload against its peers, every figure from this run.

    bench.py --build BUILD --images DIR [--runs N] [--out RESULTS.md]
             [--no-qemu]

1. Host: `extload cat` vs `grub-fstest IMG cp (loop0)/big.bin` vs
   `debugfs -R "dump /big.bin"`, all writing to /dev/null with the image in
   the page cache: median wall time of N runs (the tools take turns, after
   one warm-up each), and, from one run under strace, the bytes and read
   calls on the image. I/O amplification = bytes read / file bytes. Each
   tool's output is checked once against the source file.
2. The SD stack on the card model (build/bench/sdbench): bytes clocked per
   payload byte and commands per MiB.
3. QEMU, -icount shift=0 (build/bench/fw-bench.elf): guest instructions
   per KiB through the loader, and the loader's throughput as a share of
   the driver's raw CMD18 loop over the same sectors, in the same boot.
4. Guest instructions per byte (issue 12): the raw CMD18 loop, the load
   through the reader and SHA-256 alone (fw-bench.elf), and the verified
   load: extload-stream.elf hashing a 4 MiB /stream.bin on ext4 4 KiB and
   ext2 1 KiB (its "stream: PATH, N bytes, T ms, ..." line; 1 guest ms =
   10^6 instructions). Against the targets, and what it means for a
   50 MHz Cortex-M3 on a 25 MHz SPI bus (16 CPU cycles a byte).

5. Compressed kernels (issue 52, tests/bench/gzbench.py, its output given
   with --gz-report): firmware/inflate against zlib on the host, guest
   instructions per inflated byte on sifive-u, and the Linux label's
   modelled time to the jump with Image against Image.gz.

Nothing here passes or fails on time: the targets are reported as met or
missed. Exit status 0 unless a tool gave wrong bytes or a step broke.
"""
import argparse
import datetime
import hashlib
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

IMAGES = [
    ("ext2-1k", "ext2, 1 KiB blocks (indirect maps)"),
    ("ext4-4k", "ext4, 4 KiB blocks (contiguous)"),
    ("ext4-frag", "ext4, 4 KiB blocks, fragmented"),
]
FILE = "/big.bin"
TARGET_AMP = 1.005
TARGET_PAYLOAD = 0.98
TARGET_QEMU = 0.95
TARGET_GRUB = 0.5
TARGET_DEBUGFS = 1.0
TARGET_LOAD_IPB = 12.0
TARGET_SHA_IPB = 43.0
TARGET_STREAM_IPB = 55.0
CPU_HZ = 50000000
SPI_HZ = 25000000
CYCLES_PER_BUS_BYTE = 8 * CPU_HZ // SPI_HZ      # 16
STREAM_IMAGES = [("stream-ext4-4k", "ext4, 4 KiB blocks"),
                 ("stream-ext2-1k", "ext2, 1 KiB blocks")]
# Only against hangs; nothing is judged on time.
HANG_GUARD_S = 3600


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def version(cmd):
    try:
        r = subprocess.run(cmd, capture_output=True, text=True)
        out = (r.stdout + r.stderr).strip().splitlines()
        return out[0] if out else "?"
    except OSError:
        return "missing"


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for b in iter(lambda: f.read(1 << 20), b""):
            h.update(b)
    return h.hexdigest()


def tools(extload, img):
    """name -> (argv writing to OUT, stdout redirected to OUT or not)."""
    return {
        "extload cat": (lambda out: [extload, "cat", img, FILE], True),
        "grub-fstest cp": (lambda out: ["grub-fstest", img, "cp",
                                        "(loop0)" + FILE, out], False),
        "debugfs dump": (lambda out: ["debugfs", "-R",
                                      "dump %s %s" % (FILE, out), img], False),
    }


def run_tool(spec, out):
    argv, to_stdout = spec
    if to_stdout:
        with open(out, "wb") as f:
            subprocess.run(argv(out), stdout=f, stderr=subprocess.DEVNULL,
                           check=True)
    else:
        subprocess.run(argv(out), stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, check=True)


def strace_io(spec, img, tmp):
    """(bytes, calls) read from img by one run of the tool."""
    log = os.path.join(tmp, "strace.log")
    argv, to_stdout = spec
    cmd = ["strace", "-f", "-y", "-s", "0", "-o", log, "-e",
           "trace=read,pread64,readv,preadv,preadv2"] + argv("/dev/null")
    with open(os.devnull, "wb") as null:
        subprocess.run(cmd, stdout=null, stderr=subprocess.DEVNULL,
                       check=True)
    real = os.path.realpath(img)
    nbytes = calls = 0
    pat = re.compile(r"^\d+\s+\w+\(\d+<([^>]*)>.*\)\s+=\s+(-?\d+)")
    with open(log) as f:
        for ln in f:
            m = pat.match(ln)
            if m and m.group(1) == real and int(m.group(2)) >= 0:
                calls += 1
                nbytes += int(m.group(2))
    return nbytes, calls


def host_bench(args, img_dir, ref, ref_sha, tmp):
    extload = os.path.join(args.build, "host", "extload")
    res = {}
    for name, _ in IMAGES:
        img = os.path.join(img_dir, name + ".img")
        ts = tools(extload, img)
        row = {}
        for tname, spec in ts.items():
            out = os.path.join(tmp, "out.bin")
            run_tool(spec, out)                     # warm-up and check
            ok = sha256_file(out) == ref_sha
            os.unlink(out)
            row[tname] = {"ok": ok, "times": []}
        names = list(ts)
        for r in range(args.runs):
            for k in range(len(names)):
                tname = names[(r + k) % len(names)]
                t0 = time.perf_counter()
                run_tool(ts[tname], "/dev/null")
                row[tname]["times"].append(time.perf_counter() - t0)
        for tname, spec in ts.items():
            row[tname]["median"] = statistics.median(row[tname]["times"])
            try:
                row[tname]["bytes"], row[tname]["calls"] = \
                    strace_io(spec, img, tmp)
            except (OSError, subprocess.CalledProcessError) as e:
                print("bench: strace failed (%s); no read counts" % e,
                      file=sys.stderr)
                row[tname]["bytes"], row[tname]["calls"] = None, None
        st = subprocess.run([extload, "--stats", "cat", img, FILE],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, check=True).stderr
        m = re.search(r"stats: reads=(\d+) sectors=(\d+)", st)
        row["extload cat"]["stats"] = (int(m.group(1)), int(m.group(2)))
        res[name] = row
    return res


def sd_bench(args, img_dir, ref):
    exe = os.path.join(args.build, "bench", "sdbench")
    res = {}
    for name, _ in IMAGES:
        img = os.path.join(img_dir, name + ".img")
        r = subprocess.run([exe, img, FILE, ref], capture_output=True,
                           text=True)
        kv = dict(re.findall(r"(\w+)=(\d+)", r.stdout))
        res[name] = {k: int(v) for k, v in kv.items()}
        res[name]["ok"] = r.returncode == 0 and "bytes" in kv
        res[name]["err"] = r.stderr.strip()
    return res


def qemu_run(elf, img):
    """The loader ELF on card image IMG under -icount: its console, CR
    dropped ("" if it hung)."""
    cmd = ["qemu-system-arm", "-M", "lm3s6965evb", "-nographic",
           "-icount", "shift=0", "-semihosting-config",
           "enable=on,target=native", "-drive",
           "if=sd,format=raw,file=%s,snapshot=on" % img, "-kernel", elf]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           stdin=subprocess.DEVNULL, timeout=HANG_GUARD_S)
        return r.stdout.replace("\r", "")
    except subprocess.TimeoutExpired:
        return ""


def qemu_bench(args, img_dir):
    elf = os.path.join(args.build, "bench", "fw-bench.elf")
    res = {}
    for name, _ in IMAGES:
        img = os.path.join(img_dir, name + ".img")
        t0 = time.perf_counter()
        out = qemu_run(elf, img)
        host_s = time.perf_counter() - t0
        m = re.search(r"^bench: (.*)$", out, re.M)
        kv = {k: int(v) for k, v in re.findall(r"(\w+)=(\d+)",
                                               m.group(1))} if m else {}
        kv["ok"] = bool(m)
        kv["log"] = out.strip()[-400:]
        kv["host_s"] = host_s
        res[name] = kv
        print("  qemu %-10s %s (%.0f s)" % (name, m.group(1) if m else
                                            "FAILED", host_s),
              file=sys.stderr)
    return res


def stream_bench(args, img_dir):
    """extload-stream.elf on the stream images: instructions per byte."""
    elf = os.path.join(args.build, "lm3s6965evb", "extload-stream.elf")
    want = sha256_file(os.path.join(img_dir, "stream.bin"))
    res = {}
    for name, _ in STREAM_IMAGES:
        img = os.path.join(img_dir, name + ".img")
        out = qemu_run(elf, img)
        m = re.search(r"^stream: (\S+), (\d+) bytes, (\d+) ms, (\d+) device "
                      r"reads, (\d+) sectors, sha256 ([0-9a-f]{64})", out, re.M)
        if m:
            res[name] = {"ok": m.group(6) == want, "bytes": int(m.group(2)),
                         "ms": int(m.group(3)), "reads": int(m.group(4)),
                         "sectors": int(m.group(5)), "line": m.group(0)}
        else:
            res[name] = {"ok": False, "log": out.strip()[-300:]}
        print("  stream %-15s %s" % (name, m.group(0) if m else "FAILED"),
              file=sys.stderr)
    return res


def verdict(ok):
    return "met" if ok else "**missed**"


def machine():
    cpu = "?"
    try:
        for ln in open("/proc/cpuinfo"):
            if ln.startswith("model name"):
                cpu = ln.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return "%s, %d CPUs, Linux %s" % (cpu, os.cpu_count() or 0,
                                      platform.release())


def gz_section(path):
    """gzbench.py's output: (its Markdown, its targets, whether it ran
    through: rules.mk appends a line BROKE when it did not)."""
    text, targets, ok = [], [], True
    for ln in open(path).read().splitlines():
        if ln == "BROKE":
            ok = False
        elif ln.startswith("TARGET\t"):
            _, t, v, ok = ln.split("\t")
            targets.append((t, v, ok == "1"))
        else:
            text.append(ln)
    return "\n".join(text).rstrip(), targets, ok


def report(args, file_bytes, host, sd, qemu, stream=None, gz=None):
    L = []
    now = datetime.datetime.now(datetime.timezone.utc)
    L.append("## Benchmarks (`make bench`)")
    L.append("")
    L.append("Measured %s on %s. Tools: %s; %s; %s; %s." % (
        now.strftime("%Y-%m-%d %H:%M UTC"), machine(),
        version(["grub-fstest", "--version"]),
        version(["debugfs", "-V"]).replace("\t", " "),
        version(["qemu-system-arm", "--version"]),
        version([os.environ.get("CC", "cc"), "--version"])))
    L.append("")
    L.append("The file: `%s`, %d bytes (%d MiB) of seeded pseudo-random data, "
             "on whole-card images built by tests/bench/mkimages.sh:" %
             (FILE, file_bytes, file_bytes >> 20))
    for name, desc in IMAGES:
        L.append("`%s` %s" % (name, desc) + (";" if name != IMAGES[-1][0]
                                              else "."))
    L.append("")
    fsec = file_bytes / 512.0
    targets = []

    if host:
        L.append("### 1. Host: median wall time of %d runs, page cache warm, "
                 "output to /dev/null" % args.runs)
        L.append("")
        L.append("| image | tool | median ms | x extload | bytes read from "
                 "image | read calls | I/O amplification | output |")
        L.append("|---|---|---:|---:|---:|---:|---:|---|")
        for name, _ in IMAGES:
            row = host[name]
            base = row["extload cat"]["median"]
            for tname in ("extload cat", "grub-fstest cp", "debugfs dump"):
                c = row[tname]
                io = ("%d | %d | %.4f" % (c["bytes"], c["calls"],
                                          c["bytes"] / file_bytes)
                      if c["bytes"] is not None else "n/a | n/a | n/a")
                L.append("| %s | %s | %.1f | %.2f | %s | %s |" % (
                    name, tname, c["median"] * 1e3, c["median"] / base, io,
                    "matches" if c["ok"] else "**WRONG**"))
        L.append("")
        L.append("Commands: `extload cat IMG %s >/dev/null`, `grub-fstest IMG "
                 "cp '(loop0)%s' /dev/null`, `debugfs -R 'dump %s /dev/null' "
                 "IMG`. Bytes and calls: read/pread64/readv/preadv on the "
                 "image's descriptor, from `strace -f -y`. I/O amplification "
                 "= bytes read from the image / file bytes (mount and lookup "
                 "included)." % (FILE, FILE, FILE))
        L.append("")
        L.append("extload's own count (`--stats`): " + "; ".join(
            "%s %d reads, %d sectors = %.4f x the file's %d" % (
                n, host[n]["extload cat"]["stats"][0],
                host[n]["extload cat"]["stats"][1],
                host[n]["extload cat"]["stats"][1] / fsec, int(fsec))
            for n, _ in IMAGES) + ".")
        L.append("")
        for name, _ in IMAGES:
            row = host[name]
            amp = row["extload cat"]["stats"][1] / fsec
            g = row["extload cat"]["median"] / row["grub-fstest cp"]["median"]
            d = row["extload cat"]["median"] / row["debugfs dump"]["median"]
            targets.append(("I/O amplification <= %.3f, %s" %
                            (TARGET_AMP, name), "%.4f" % amp,
                            amp <= TARGET_AMP))
            targets.append(("host cat <= %.1f x grub-fstest wall, %s" %
                            (TARGET_GRUB, name), "%.2f x" % g,
                            g <= TARGET_GRUB))
            targets.append(("host cat <= debugfs wall, %s" % name,
                            "%.2f x" % d, d <= TARGET_DEBUGFS))

    if sd:
        L.append("### 2. SD stack on the card model (sdspi + fs, "
                 "tests/sdcard/sdmodel, 32 KiB per ext_read)")
        L.append("")
        L.append("The model as sdm_init() sets it: Ncr 1 byte, Nac 1 byte, "
                 "20 us busy after CMD12. Counted after card init (init: %s "
                 "bytes, %s commands): partition table, mount, lookup and "
                 "the whole file, compared byte for byte." % (
                     sd[IMAGES[0][0]].get("init_bytes", "?"),
                     sd[IMAGES[0][0]].get("init_cmds", "?")))
        L.append("")
        L.append("| image | bytes clocked | payload / clocked | clocked per "
                 "payload byte | commands | commands per MiB | CMD17 | CMD18 "
                 "| sectors / file sectors | bus time at 25 MHz | bytes |")
        L.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
        for name, _ in IMAGES:
            s = sd[name]
            if not s.get("bytes"):
                L.append("| %s | failed: %s |||||||||" % (name, s["err"]))
                continue
            pc = file_bytes / s["bytes"]
            L.append("| %s | %d | %.4f | %.4f | %d | %.1f | %d | %d | %.4f | "
                     "%.2f s | %s |" % (
                         name, s["bytes"], pc, s["bytes"] / file_bytes,
                         s["cmds"], s["cmds"] / (file_bytes / 1048576.0),
                         s["cmd17"], s["cmd18"], s["sectors"] / fsec,
                         s["sim_ns"] / 1e9,
                         "match" if s["ok"] else "**WRONG**"))
            if name == "ext4-4k":
                targets.append(("payload/clocked >= %.2f, contiguous %d MiB "
                                "(card model)" % (TARGET_PAYLOAD,
                                                  file_bytes >> 20),
                                "%.4f" % pc, pc >= TARGET_PAYLOAD))
        L.append("")

    if qemu:
        L.append("### 3. QEMU lm3s6965evb, -icount shift=0 (1 ns = 1 guest "
                 "instruction), 32 KiB per ext_read")
        L.append("")
        L.append("Loader pass: `ext_read` of the whole file, 32 KiB per call, "
                 "into the load window (tests/bench/fw_bench.c). Raw pass: "
                 "`sdspi_read` alone on the same data sectors, one CMD18 per "
                 "32 KiB of each run. Throughput ratio = raw time / loader "
                 "time (guest instructions, SysTick read to the tick).")
        L.append("")
        L.append("| image | loader: instructions per KiB | raw CMD18 loop: "
                 "instructions per KiB | loader throughput / raw | mount + "
                 "open, instructions | metadata sectors | device reads "
                 "(loader / raw) | host s |")
        L.append("|---|---:|---:|---:|---:|---:|---:|---:|")
        for name, _ in IMAGES:
            q = qemu[name]
            if not q["ok"] or not q.get("size"):
                L.append("| %s | failed: `%s` ||||||" %
                         (name, q["log"].replace("\n", " ")[-200:]))
                continue
            kib = q["size"] / 1024.0
            ratio = q["raw_ns"] / q["loader_ns"]
            L.append("| %s | %.0f | %.0f | %.2f%% | %d | %d | %d / %d | %.0f |"
                     % (name, q["loader_ns"] / kib, q["raw_ns"] / kib,
                        100 * ratio, q["mount_ns"], q["meta_sectors"],
                        q["reads"], q["raw_reads"], q["host_s"]))
            targets.append(("QEMU loader >= %d%% of the raw loop, %s" %
                            (100 * TARGET_QEMU, name), "%.2f%%" %
                            (100 * ratio), ratio >= TARGET_QEMU))
        L.append("")

    if qemu and stream:
        L.append("### 4. Guest instructions per byte (-icount shift=0)")
        L.append("")
        L.append("Raw CMD18 loop, load and SHA-256 from fw-bench.elf above "
                 "(raw_ns, loader_ns over the file's bytes; sha_ns over "
                 "sha_bytes hashed from RAM, 32 KiB per update). Verified "
                 "load: `make firmware-variants`' extload-stream.elf on a "
                 "card holding a 4 MiB /stream.bin, T ms of its `stream:` "
                 "line x 10^6 / N bytes; the digest is checked against the "
                 "host's.")
        L.append("")
        L.append("| image | raw CMD18 loop | load through the reader | "
                 "SHA-256 alone |")
        L.append("|---|---:|---:|---:|")
        worst_load = worst_sha = 0.0
        for name, _ in IMAGES:
            q = qemu[name]
            if not q["ok"] or not q.get("size") or not q.get("sha_bytes"):
                L.append("| %s | failed ||| " % name)
                continue
            raw = q["raw_ns"] / q["size"]
            load = q["loader_ns"] / q["size"]
            sha = q["sha_ns"] / q["sha_bytes"]
            worst_load = max(worst_load, load)
            worst_sha = max(worst_sha, sha)
            L.append("| %s | %.2f | %.2f | %.2f |" % (name, raw, load, sha))
            targets.append(("load <= %.0f instructions/byte, %s" %
                            (TARGET_LOAD_IPB, name), "%.2f" % load,
                            load <= TARGET_LOAD_IPB))
        targets.append(("SHA-256 <= %.0f instructions/byte" % TARGET_SHA_IPB,
                        "%.2f" % worst_sha, worst_sha <= TARGET_SHA_IPB))
        L.append("")
        L.append("| verified stream | bytes | guest ms | instructions/byte "
                 "| device reads | sectors | sha256 |")
        L.append("|---|---:|---:|---:|---:|---:|---|")
        worst_stream = 0.0
        for name, desc in STREAM_IMAGES:
            st = stream[name]
            if "ms" not in st:
                L.append("| %s | failed: `%s` ||||||" %
                         (name, st.get("log", "").replace("\n", " ")[-200:]))
                continue
            ipb = st["ms"] * 1e6 / st["bytes"]
            worst_stream = max(worst_stream, ipb)
            L.append("| %s (%s) | %d | %d | %.2f | %d | %d | %s |" % (
                name, desc, st["bytes"], st["ms"], ipb, st["reads"],
                st["sectors"], "matches" if st["ok"] else "**WRONG**"))
            targets.append(("verified 4 MiB stream <= %.0f instructions/byte,"
                            " %s" % (TARGET_STREAM_IPB, name), "%.2f" % ipb,
                            ipb <= TARGET_STREAM_IPB and st["ok"]))
        L.append("")
        if worst_stream:
            bus = CYCLES_PER_BUS_BYTE
            L.append(
                "On silicon: a %d MHz Cortex-M3 on a %d MHz SPI bus moves a "
                "byte in %d CPU cycles. Counting one cycle per instruction "
                "(a lower bound: the M3 takes two for a load), the verified "
                "load needs %.1f cycles a byte, so the boot is **%s**: %.1f x "
                "the bus time (the load alone %.1f cycles a byte, %.2f x; "
                "SHA-256 %.1f). The PL022 loop waits for each 8-byte batch "
                "before draining it, so bus and CPU do not overlap there: "
                "about %.0f cycles a byte in all, %.1f x the bare bus." % (
                    CPU_HZ // 1000000, SPI_HZ // 1000000, bus, worst_stream,
                    "CPU-bound" if worst_stream > bus else "bus-bound",
                    worst_stream / bus, worst_load, worst_load / bus,
                    worst_sha, worst_stream + bus,
                    (worst_stream + bus) / bus))
            L.append("")

    if gz:
        L.append(gz[0])
        L.append("")
        targets += gz[1]

    L.append("### Targets")
    L.append("")
    L.append("| target | measured | verdict |")
    L.append("|---|---:|---|")
    for t, v, ok in targets:
        L.append("| %s | %s | %s |" % (t, v, verdict(ok)))
    L.append("")
    return "\n".join(L)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--images", required=True)
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--out", default=None)
    ap.add_argument("--no-qemu", action="store_true")
    ap.add_argument("--gz-report", default=None,
                    help="tests/bench/gzbench.py's output of this run")
    ap.add_argument("--size-report", default=None,
                    help="`make size` output of this run, appended")
    args = ap.parse_args()
    ref = os.path.join(args.images, "big.bin")
    ref_sha = sha256_file(ref)
    file_bytes = os.path.getsize(ref)
    tmp = tempfile.mkdtemp(prefix="extload-bench.")
    try:
        print("bench: host tools (%d runs each)" % args.runs, file=sys.stderr)
        host = host_bench(args, args.images, ref, ref_sha, tmp)
        print("bench: SD card model", file=sys.stderr)
        sd = sd_bench(args, args.images, ref)
        qemu = stream = None
        if not args.no_qemu:
            print("bench: QEMU (two passes of %d MiB per image; minutes)" %
                  (file_bytes >> 20), file=sys.stderr)
            qemu = qemu_bench(args, args.images)
            print("bench: QEMU verified stream (4 MiB)", file=sys.stderr)
            stream = stream_bench(args, args.images)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    gz = None
    if args.gz_report:
        if os.path.exists(args.gz_report):
            gz = gz_section(args.gz_report)
        else:
            gz = ("### 5. Compressed kernels: gzbench.py failed (no %s)" %
                  args.gz_report, [], False)
    text = report(args, file_bytes, host, sd, qemu, stream, gz)
    if args.size_report and os.path.exists(args.size_report):
        text += ("\n### Sizes (`make size`, same run)\n\n```\n" +
                 open(args.size_report).read().rstrip() + "\n```\n")
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text)
    bad = [n for n in host for t in host[n] if not host[n][t]["ok"]]
    bad += [n for n in sd if not sd[n]["ok"]]
    bad += [n for n in (qemu or {}) if not qemu[n]["ok"]]
    bad += [n for n in (stream or {}) if not stream[n]["ok"]]
    if gz and not gz[2]:
        bad.append("gzbench")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
