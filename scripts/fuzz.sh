#!/usr/bin/env bash
# scripts/fuzz.sh SECONDS FUZZER... -- run libFuzzer harnesses for a bounded time, one summary line each.
#
# Each FUZZER (e.g. build/fuzz/fuzz_grid) runs for SECONDS on a copy of its
# committed seed corpus fuzz/corpus/<name>/ plus the regression inputs in
# tests/data/fuzz-regress/<name>/, in a temporary work directory, so a run
# never dirties the tree. Options: -max_len per harness (big enough for a
# 64x64 grid as JSON), -timeout=5 (a budgeted solve takes milliseconds, so
# 5 s is a hang), -rss_limit_mb=2048, -dict=fuzz/sudoku.dict; leaks are
# detected by LeakSanitizer (libFuzzer's default with ASan).
#
# Prints per harness: executions, exec/s, coverage, and OK or the failure
# with the saved reproducer, and exits 1 when any harness crashed, leaked,
# timed out or ran out of memory (2 on usage errors). Crash inputs are kept in
# $FUZZ_ARTIFACTS (default build/fuzz/artifacts/<name>/); replay one with
# `build/fuzz/<name> FILE`, then add it to tests/data/fuzz-regress/<name>/.
#
# Environment:
#   FUZZ_RUNS=N      stop after N executions too (SECONDS 0 = no time limit,
#                    for the long runs: FUZZ_RUNS=10000000 scripts/fuzz.sh 0 ...)
#   FUZZ_WORKDIR=D   keep the grown corpora in D/<name>/ (default: a temp dir,
#                    removed at exit)
#   FUZZ_LOGDIR=D    keep each harness's full libFuzzer log in D/<name>.log
#   FUZZ_JOBS=N      harnesses run at once (default 1); every process stays in the
#                    script's process group, so `kill -- -PGID` stops a whole run
#   FUZZ_FORK=1      long runs: libFuzzer's fork mode with -ignore_crashes and
#                    -ignore_timeouts, so one finding does not end the run;
#                    every distinct crash/timeout is still saved and makes the
#                    exit status 1 (executions come from fork mode's totals)
#   FUZZ_FLAGS="..." extra libFuzzer flags, appended (later flags win)
set -euo pipefail

usage() {
    echo "usage: $0 SECONDS FUZZER..." >&2
    exit 2
}
[ $# -ge 2 ] || usage
SECONDS_EACH=$1
shift
case "$SECONDS_EACH" in '' | *[!0-9]*) usage ;; esac
RUNS=${FUZZ_RUNS:-}
if [ "$SECONDS_EACH" -eq 0 ] && [ -z "$RUNS" ]; then
    echo "fuzz.sh: SECONDS 0 needs FUZZ_RUNS" >&2
    exit 2
fi

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DICT=$ROOT/fuzz/sudoku.dict
ARTIFACTS=${FUZZ_ARTIFACTS:-$ROOT/build/fuzz/artifacts}
JOBS=${FUZZ_JOBS:-1}

TMP=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-fuzz.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
WORK=${FUZZ_WORKDIR:-$TMP/work}
LOGS=${FUZZ_LOGDIR:-$TMP/logs}
mkdir -p "$WORK" "$LOGS"

# The longest input worth trying: a 35x35 text grid with separators, a
# 64x64 grid as a JSON array (8 KiB of digits and commas, more with spaces),
# a batch of a few such items.
max_len_of() {
    case "$1" in
    fuzz_grid) echo 4096 ;;
    fuzz_batch_json) echo 65536 ;;
    fuzz_batch_text) echo 16384 ;; # every line is solved: long bodies are slow
    fuzz_scan | fuzz_scan_decode) echo 8192 ;; # images: the seeds are a few KB, larger ones only decode slower
    fuzz_scan_locate) echo 20001 ;; # a width byte and up to ~140x140 grey pixels
    fuzz_fpuzzles) echo 4096 ;; # a 9x9 killer object is 1.8 KB
    *) echo 20000 ;;
    esac
}

# run_one FUZZER -- runs one harness; writes its summary line to $TMP/<name>.sum.
run_one() {
    local bin=$1 name corpus artifacts log limit status=OK rc=0
    name=$(basename "$bin")
    corpus=$WORK/$name
    artifacts=$ARTIFACTS/$name
    log=$LOGS/$name.log
    mkdir -p "$corpus" "$artifacts"
    for seed in "$ROOT/fuzz/corpus/$name" "$ROOT/tests/data/fuzz-regress/$name"; do
        if [ -d "$seed" ] && [ -n "$(ls -A "$seed")" ]; then cp -n "$seed"/* "$corpus"/ || true; fi
    done

    local args=(-max_len="$(max_len_of "$name")" -timeout=5 -rss_limit_mb=2048
        -dict="$DICT" -print_final_stats=1 -artifact_prefix="$artifacts/")
    if [ "$SECONDS_EACH" -gt 0 ]; then
        args+=(-max_total_time="$SECONDS_EACH")
        # libFuzzer stops itself; the outer limit only catches a wedged process.
        limit=$((SECONDS_EACH + 120))
    else
        limit=0
    fi
    [ -n "$RUNS" ] && args+=(-runs="$RUNS")
    [ "${FUZZ_FORK:-0}" = 1 ] && args+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1)
    # shellcheck disable=SC2206 # word splitting of the extra flags is intended
    [ -n "${FUZZ_FLAGS:-}" ] && args+=(${FUZZ_FLAGS})

    if [ "$limit" -gt 0 ]; then
        timeout --foreground --signal=INT --kill-after=30 "$limit" "$bin" "${args[@]}" "$corpus" >"$log" 2>&1 ||
            rc=$?
    else
        "$bin" "${args[@]}" "$corpus" >"$log" 2>&1 || rc=$?
    fi

    local execs eps cov crash found
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    eps=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -n 1 || true)
    crash=$(grep -o "Test unit written to .*" "$log" | tail -n 1 | sed 's/Test unit written to //' || true)
    if [ "${FUZZ_FORK:-0}" = 1 ]; then
        # fork mode: "#N: cov: C ft: F corp: K exec/s E oom/timeout/crash: o/t/c time: Ss"
        local last
        last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -n 1 || true)
        execs=$(echo "$last" | sed -n 's/^#\([0-9]*\):.*/\1/p')
        eps=$(echo "$last" | sed -n 's/.*exec\/s \([0-9]*\).*/\1/p')
        found=$(echo "$last" | sed -n 's/.*oom\/timeout\/crash: \([0-9\/]*\).*/\1/p')
        cov="${cov:-cov: ?} o/t/c=${found:-?}"
        # findings do not stop a fork-mode run, but they fail it
        if [ "$rc" -eq 0 ] && [ -n "$found" ] && [ "$found" != "0/0/0" ]; then rc=1; fi
        crash=$(ls "$artifacts" 2>/dev/null | tr '\n' ' ')
    fi
    if [ "$rc" -ne 0 ]; then
        status="FAIL(rc=$rc)"
        if grep -q 'ERROR: libFuzzer: timeout' "$log"; then status="TIMEOUT"; fi
        if grep -q 'ERROR: LeakSanitizer' "$log"; then status="LEAK"; fi
        if grep -q 'out-of-memory' "$log"; then status="OOM"; fi
        if grep -qE 'ERROR: (AddressSanitizer|libFuzzer: deadly signal)|runtime error:' "$log"; then
            status="CRASH"
        fi
        [ -n "$crash" ] && status="$status input=$crash"
        # without FUZZ_LOGDIR the logs are copied beside the artifacts at the end
        local kept=$log
        [ -n "${FUZZ_LOGDIR:-}" ] || kept=$ARTIFACTS/$name.log
        status="$status log=$kept"
    fi
    printf '%-22s execs=%-10s exec/s=%-7s %-20s %s\n' "$name" "${execs:-?}" "${eps:-?}" \
        "${cov:-cov: ?}" "$status" >"$TMP/$name.sum"
    [ "$rc" -eq 0 ]
}

failed=0
running=0
names=()
for bin in "$@"; do
    if [ ! -x "$bin" ]; then
        echo "fuzz.sh: $bin is not an executable harness (make build/fuzz/...)" >&2
        exit 2
    fi
    names+=("$(basename "$bin")")
done
for bin in "$@"; do
    # at most FUZZ_JOBS at once: when all slots are busy, wait for any one to end
    if [ "$running" -ge "$JOBS" ]; then
        wait -n || failed=1
        running=$((running - 1))
    fi
    run_one "$bin" &
    running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
    wait -n || failed=1
    running=$((running - 1))
done

echo "fuzz.sh: ${SECONDS_EACH}s${RUNS:+ / $RUNS runs} per harness"
for name in "${names[@]}"; do
    cat "$TMP/$name.sum" 2>/dev/null || echo "$name: no result"
done
if [ "$failed" -ne 0 ]; then
    echo "fuzz.sh: FAILED (reproducers in $ARTIFACTS; last log lines follow)" >&2
    for name in "${names[@]}"; do
        if ! grep -q ' OK$' "$TMP/$name.sum" 2>/dev/null; then
            echo "---- $name" >&2
            grep -E 'ERROR|SUMMARY|runtime error|#[0-9]+ 0x' "$LOGS/$name.log" | head -n 25 >&2 || true
        fi
    done
    if [ -z "${FUZZ_LOGDIR:-}" ]; then
        # the temp dir goes away at exit: keep the logs beside the artifacts
        cp "$LOGS"/*.log "$ARTIFACTS"/ 2>/dev/null || true
    fi
    exit 1
fi
echo "fuzz.sh: all harnesses OK"
