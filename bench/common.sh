# bench/common.sh -- what the solver, logic and generate benches share; source it.

# bench_need SCRIPT BINARY: stops with exit 2 unless BINARY is built.
bench_need() {
    if [ ! -x "$2" ]; then
        echo "$1: $2 is not built; run 'make' first" >&2
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
