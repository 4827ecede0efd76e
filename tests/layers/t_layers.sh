#!/usr/bin/env bash
# firmware/ draws no circle: no file calls a function of a file that
# (through others) calls back into it, and no header includes itself
# round a loop; and in fs/ no circle runs through ext_io.c. Read from the
# host objects make test built (nm) and from
# the #include lines; the edges are printed as comments in the log.
set -u
BUILD=${BUILD:-build}
obj=$BUILD/host-asan/obj
if [ ! -d "$obj/firmware" ]; then
    echo "not ok 1 - no objects in $obj/firmware (run make test)"
    exit 1
fi
python3 tests/layers/fwgraph.py "$obj" .
