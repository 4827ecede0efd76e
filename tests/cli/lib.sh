# What every tests/cli suite that sources it starts with (not a suite:
# tests/run.sh runs t_*.sh only): the tool, the profile, a temporary
# folder removed on exit, the TAP counter and its checks.
X=${EXTLOAD:?}
PROFILE=${EXTLOAD_PROFILE:-default}
tiny() { [ "$PROFILE" = tiny ]; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PATH=$PATH:/sbin:/usr/sbin
n=0

ok() {             # condition-status description [log]
    n=$((n + 1))
    if [ "$1" = 0 ]; then echo "ok $n - $2"; else
        echo "not ok $n - $2"
        [ -n "${3:-}" ] && [ -f "$3" ] && sed 's/^/#   /' "$3" | tail -30
    fi
}
has() { grep -qE -- "$2" "$1"; }         # log pattern
count() { grep -cE -- "$2" "$1"; }       # log pattern
