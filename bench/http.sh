#!/usr/bin/env bash
# bench/http.sh SUDOKUD SUDOKU -- HTTP load benchmark of sudokud, one markdown table.
#
# Starts SUDOKUD on a free loopback port with its default workers and limits,
# then measures with wrk (bench/http.lua):
#   - GET /healthz                      the HTTP floor: no JSON, no pool
#   - POST /v1/solve, top95.txt         hard puzzles, cycled
#   - POST /v1/solve, easy50.txt        easy puzzles: mostly HTTP + JSON cost
#   - POST /v1/solve, top95.txt at 256 connections: socket errors, non-2xx
# and the batch path: puzzles2_17_clue posted as text/plain to
# /v1/solve/batch with curl, timed over several runs (median), against the
# solver alone: `SUDOKU bench --threads 2 FILE` on the same file.
#
# Environment: SUDOKU_DATA (default ../shared/data), BENCH_SECONDS per wrk
# run (default 10), BENCH_THREADS wrk threads (default 2), BENCH_CONNECTIONS
# (default 64), BENCH_ROUNDS rounds of the 64-connection runs (default 3),
# BATCH_RUNS (default 3). wrk, the server and curl share the
# machine's cores: the numbers are for comparing runs on one machine.
set -euo pipefail

if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
    echo "usage: $0 path/to/sudokud path/to/sudoku" >&2
    exit 2
fi
SUDOKUD=$1
SUDOKU=$2
DATA=${SUDOKU_DATA:-../shared/data}
SECS=${BENCH_SECONDS:-10}
THREADS=${BENCH_THREADS:-2}
CONNS=${BENCH_CONNECTIONS:-64}
BATCH_RUNS=${BATCH_RUNS:-3}
ROUNDS=${BENCH_ROUNDS:-3}
LUA=$(dirname "$0")/http.lua
BATCH_FILE=$DATA/puzzles2_17_clue

for f in "$DATA/top95.txt" "$DATA/easy50.txt" "$BATCH_FILE" "$LUA"; do
    [ -r "$f" ] || { echo "http.sh: cannot read $f (set SUDOKU_DATA)" >&2; exit 2; }
done
for cmd in wrk curl; do
    command -v "$cmd" >/dev/null || { echo "http.sh: $cmd missing: scripts/deps.sh bench" >&2; exit 2; }
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-bench.XXXXXX")
server=""
cleanup() {
    if [ -n "$server" ]; then
        kill -TERM "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
    fi
    rm -rf "$TMP"
}
trap cleanup EXIT

# The access log (stderr) is written as in production, to /dev/null here.
"$SUDOKUD" --bind 127.0.0.1 --port 0 >"$TMP/server.out" 2>/dev/null &
server=$!
port=""
for _ in $(seq 100); do
    line=$(grep -m1 '^listening on ' "$TMP/server.out" || true)
    if [ -n "$line" ]; then
        port=${line##*:}
        break
    fi
    sleep 0.05
done
[ -n "$port" ] || { echo "http.sh: $SUDOKUD did not print 'listening on'" >&2; exit 1; }
URL=http://127.0.0.1:$port
load_start=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
workers=$(curl -s "$URL/v1/info" | grep -o '"workers" *: *[0-9]*' | grep -o '[0-9]*$' || echo '?')
echo "sudokud on $URL, $workers workers; wrk: $THREADS threads, ${SECS}s per run; $(nproc) cores" >&2

rows=()
declare -A result # result[NAME,ROUND]="rps p50 p90 p99 errors non2xx"
# run_wrk NAME ROUND CONNECTIONS WRK-ARGS...: one wrk run into result[].
run_wrk() {
    local name=$1 round=$2 conns=$3 out r
    shift 3
    echo "wrk: $name, $conns connections, round $round..." >&2
    out=$(wrk -t "$THREADS" -c "$conns" -d "${SECS}s" --timeout 10s -s "$LUA" "$URL" -- "$@")
    r=$(grep '^RESULT ' <<<"$out") || { echo "$out" >&2; exit 1; }
    # RESULT requests=.. duration_us=.. rps=.. p50_ms=.. p90_ms=.. p99_ms=.. errors=.. non2xx=..
    local -A v
    for kv in ${r#RESULT }; do v[${kv%%=*}]=${kv#*=}; done
    result[$name,$round]="${v[rps]} ${v[p50_ms]} ${v[p90_ms]} ${v[p99_ms]} ${v[errors]} ${v[non2xx]}"
}

# median_round NAME ROUNDS: the round whose requests/s is the median.
median_round() {
    local name=$1 rounds=$2 r
    for r in $(seq "$rounds"); do echo "${result[$name,$r]%% *} $r"; done |
        sort -g | sed -n "$(((rounds + 1) / 2))p" | cut -d' ' -f2
}

# add_row NAME CONNECTIONS ROUNDS: the median round as a table row, with the spread.
add_row() {
    local name=$1 conns=$2 rounds=$3 m lo hi
    m=$(median_round "$name" "$rounds")
    read -r rps p50 p90 p99 errors non2xx <<<"${result[$name,$m]}"
    lo=$(for r in $(seq "$rounds"); do echo "${result[$name,$r]%% *}"; done | sort -g | head -1)
    hi=$(for r in $(seq "$rounds"); do echo "${result[$name,$r]%% *}"; done | sort -g | tail -1)
    rows+=("| $name | $conns | $rps ($lo-$hi) | $p50 ms | $p90 ms | $p99 ms | $errors | $non2xx |")
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }

# median_ratio NAME: the median over rounds of NAME's requests/s over /healthz's in the same round.
median_ratio() {
    local r
    for r in $(seq "$ROUNDS"); do
        ratio "${result[$1,$r]%% *}" "${result[GET /healthz,$r]%% *}"
        echo
    done | sort -g | sed -n "$(((ROUNDS + 1) / 2))p"
}

# The machine is noisy: the three 64-connection scenarios run ROUNDS times,
# interleaved, so a slow spell hits all of them; the table shows the median.
for round in $(seq "$ROUNDS"); do
    run_wrk "GET /healthz" "$round" "$CONNS" healthz
    run_wrk "POST /v1/solve top95" "$round" "$CONNS" solve "$DATA/top95.txt"
    run_wrk "POST /v1/solve easy50" "$round" "$CONNS" solve "$DATA/easy50.txt"
done
run_wrk "POST /v1/solve top95 (256 conns)" 1 256 solve "$DATA/top95.txt"
for name in "GET /healthz" "POST /v1/solve top95" "POST /v1/solve easy50"; do
    add_row "$name" "$CONNS" "$ROUNDS"
done
add_row "POST /v1/solve top95 (256 conns)" 256 1

# Batch: the whole file in one text/plain request, max_solutions=1 as the
# CLI bench stops at the first solution. Median wall time of BATCH_RUNS.
npuzzles=$(grep -c . "$BATCH_FILE")
times=()
for r in $(seq "$BATCH_RUNS"); do
    echo "batch: $(basename "$BATCH_FILE") ($npuzzles puzzles), run $r of $BATCH_RUNS..." >&2
    t=$(curl -s -o "$TMP/batch.out" -w '%{http_code} %{time_total}' --max-time 300 \
        -H 'Content-Type: text/plain' --data-binary "@$BATCH_FILE" \
        "$URL/v1/solve/batch?max_solutions=1")
    code=${t%% *}
    got=$(grep -c '"status" *: *"solved"' "$TMP/batch.out" || true)
    if [ "$code" != 200 ] || [ "$got" -ne "$npuzzles" ]; then
        echo "http.sh: batch run $r: HTTP $code, $got of $npuzzles solved:" >&2
        head -c 300 "$TMP/batch.out" >&2
        echo >&2
        exit 1
    fi
    times+=("${t#* }")
done
median=$(printf '%s\n' "${times[@]}" | sort -g | sed -n "$(((BATCH_RUNS + 1) / 2))p")
batch_pps=$(awk -v n="$npuzzles" -v t="$median" 'BEGIN { printf "%.0f", n / t }')
batch_ms=$(awk -v t="$median" 'BEGIN { printf "%.0f", t * 1000 }')
rows+=("| POST /v1/solve/batch text/plain, $npuzzles puzzles (puzzles/s; median of $BATCH_RUNS, ${batch_ms} ms) | 1 | $batch_pps | - | - | - | 0 | 0 |")

echo "cli: $(basename "$SUDOKU") bench --threads 2 $(basename "$BATCH_FILE")..." >&2
cli_row=$("$SUDOKU" bench --threads 2 "$BATCH_FILE" | grep "^| $(basename "$BATCH_FILE") |")
cli_pps=$(awk -F'|' '{ gsub(/ /, "", $4); print $4 }' <<<"$cli_row")
rows+=("| sudoku bench --threads 2 (puzzles/s, solver only, no HTTP) | - | $cli_pps | - | - | - | - | - |")

echo
echo "| scenario | connections | requests/s (min-max) | p50 | p90 | p99 | errors | non-2xx |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|"
printf '%s\n' "${rows[@]}"
echo
echo "- /v1/solve top95 vs /healthz: $(median_ratio "POST /v1/solve top95") (requests/s, median of $ROUNDS rounds)"
echo "- /v1/solve easy50 vs /healthz: $(median_ratio "POST /v1/solve easy50") (requests/s, median of $ROUNDS rounds)"
echo "- batch vs CLI: $(ratio "$batch_pps" "$cli_pps") (puzzles/s)"
echo
echo "sudokud: $workers workers, default limits; wrk $THREADS threads, ${SECS}s per run, errors = socket" \
    "errors (connect/read/write/timeout); client and server share $(nproc) cores;" \
    "1-minute load average $load_start before the runs, $(cut -d' ' -f1 /proc/loadavg 2>/dev/null) after."
