# bench/common.sh -- what the bench scripts share; source it.

# bench_need SCRIPT BINARY [COMMAND]: stops with exit 2 unless BINARY is built,
# telling to run COMMAND (default: make) first.
bench_need() {
    if [ ! -x "$2" ]; then
        echo "$1: $2 is not built; run '${3:-make}' first" >&2
        exit 2
    fi
}

# bench_pin CPU: pin=(taskset -c CPU) and where="pinned to CPU CPU" when the
# CPU can be had, else an empty pin and where says why.
bench_pin() {
    pin=()
    where="not pinned (taskset or CPU $1 unavailable)"
    if command -v taskset >/dev/null 2>&1 && taskset -c "$1" true 2>/dev/null; then
        pin=(taskset -c "$1")
        where="pinned to CPU $1"
    fi
}

# bench_port FILE [TRIES]: waits for sudokud's "listening on ADDR:PORT" line in
# FILE (its standard output), TRIES times 50 ms (default 100), and prints PORT;
# prints nothing when the line never came.
bench_port() {
    local line
    for _ in $(seq "${2:-100}"); do
        line=$(grep -m1 '^listening on ' "$1" 2>/dev/null || true)
        [ -n "$line" ] && { echo "${line##*:}"; return 0; }
        sleep 0.05
    done
}
