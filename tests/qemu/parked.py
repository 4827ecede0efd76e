#!/usr/bin/env python3
"""Runs QEMU until the guest's CPU is parked, then prints what it wrote.

    parked.py --nm NM --elf ELF --symbols REGEX -- QEMU-COMMAND...

QEMU-COMMAND gets the serial port on a pipe and the monitor on a socket.
Once the serial output holds a line ending in "stop" (or QEMU ended),
the monitor is asked for the program counter, at most POLLS times, until
it holds still in a function of ELF whose name matches REGEX (nm -S);
then QEMU is stopped. Prints the serial output, then one line
"parked: yes PC FUNCTION" or "parked: no LAST-PC". Every wait is counted
(lines read, polls); nothing is timed (the caller's timeout guards a
hang only).
"""
import argparse
import os
import re
import select
import socket
import subprocess
import sys
import tempfile

POLLS = 2000            # monitor questions before giving up
STILL = 3               # answers in a row with the same pc
PC_RE = re.compile(rb"(?:\bpc\s+|R15=)([0-9a-fA-F]+)")


def functions(nm, elf, pattern):
    """(start, end, name) of every function of elf matching pattern."""
    out = subprocess.run([nm, "-S", elf], check=True, capture_output=True,
                         text=True).stdout
    rx = re.compile(pattern)
    found = []
    for line in out.splitlines():
        f = line.split()
        if len(f) == 4 and f[2].lower() == "t" and rx.search(f[3]):
            start = int(f[0], 16)
            found.append((start, start + int(f[1], 16), f[3]))
    return found


def ask(mon, command):
    """One monitor command's answer (up to the next prompt); b"" once
    QEMU has gone."""
    data = b""
    try:
        mon.sendall(command.encode() + b"\n")
    except OSError:
        return data
    for _ in range(10000):
        try:
            chunk = mon.recv(4096)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
        if data.rstrip().endswith(b"(qemu)"):
            break
    return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--nm", required=True)
    ap.add_argument("--elf", required=True)
    ap.add_argument("--symbols", required=True)
    ap.add_argument("qemu", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    qemu = [x for x in a.qemu if x != "--"]
    funcs = functions(a.nm, a.elf, a.symbols)
    if not funcs:
        print(f"parked: no function matching {a.symbols} in {a.elf}")
        return 2
    sock = os.path.join(tempfile.mkdtemp(prefix="parked-"), "mon")
    proc = subprocess.Popen(
        qemu + ["-display", "none", "-serial", "stdio",
                "-monitor", f"unix:{sock},server=on,wait=on"],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT)
    mon = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    for _ in range(100000):            # QEMU makes the socket, then waits
        try:
            mon.connect(sock)
            break
        except OSError:
            if proc.poll() is not None:
                break
            select.select([], [], [], 0.01)
    out = b""
    try:
        ask(mon, "")                   # the banner and first prompt
        # Each line read brings the stop line nearer; QEMU ending ends it.
        while not re.search(rb"stop\r?\n", out):
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                break
            out += chunk
        last, still, parked = None, 0, None
        for _ in range(POLLS):
            if proc.poll() is not None:
                break
            m = PC_RE.search(ask(mon, "info registers"))
            pc = int(m.group(1), 16) if m else None
            still = still + 1 if pc is not None and pc == last else 0
            last = pc
            hit = [f for f in funcs if pc is not None and f[0] <= pc < f[1]]
            if hit and still >= STILL:
                parked = hit[0]
                break
        # Whatever the guest wrote before it parked is in the pipe.
        while select.select([proc.stdout], [], [], 0)[0]:
            chunk = os.read(proc.stdout.fileno(), 4096)
            if not chunk:
                break
            out += chunk
    finally:
        proc.kill()
        proc.wait()
        mon.close()
    sys.stdout.write(out.decode(errors="replace").replace("\r", ""))
    if parked:
        print(f"\nparked: yes 0x{last:x} {parked[2]}")
        return 0
    print(f"\nparked: no {hex(last) if last is not None else '?'}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
