#!/usr/bin/env bash
# bench/http.sh SUDOKUD SUDOKU -- what the HTTP layer costs, as three ratios and one table.
#
# One core serves, the other loads (taskset; SERVER_CPU, CLIENT_CPU):
#   1. GET /healthz against nginx `return 200` on the same core: the HTTP floor
#      (goal >= 0.8).
#   2. POST /v1/solve, top95 cycled, against the ceiling of one core that must
#      both answer HTTP and solve: 1 / (1/healthz + 1/solver), where solver is
#      `SUDOKU bench --unique --as-written` on top95 on that core: the same
#      puzzles with the server's stop rule (max_solutions 2 by default, which
#      proves uniqueness) (goal >= 0.85).
#   3. The batch path, both cores: top1465 as one text/plain POST to
#      /v1/solve/batch (max_solutions 2 too), against
#      `SUDOKU bench --unique --as-written --threads 2` on the same file
#      (goal >= 0.9).
# The wrk runs of 1 and 2 and the solver run are interleaved over BENCH_ROUNDS
# rounds, so a slow spell of the noisy machine hits all of them; ratios are
# computed per round and their medians printed.
#
# Environment: SUDOKU_DATA (default ../shared/data), BENCH_SECONDS per wrk run
# (default 10), BENCH_CONNECTIONS (default 64), BENCH_ROUNDS (default 3),
# BATCH_RUNS rounds of the batch (default 9), SERVER_CPU (default 1), CLIENT_CPU (default 0).
# shellcheck disable=SC2154 # url_pinned and url_both: set by start_sudokud (printf -v)
set -euo pipefail

if [ $# -ne 2 ] || [ ! -x "$1" ] || [ ! -x "$2" ]; then
    echo "usage: $0 path/to/sudokud path/to/sudoku" >&2
    exit 2
fi
SUDOKUD=$1
SUDOKU=$2
DATA=${SUDOKU_DATA:-../shared/data}
SECS=${BENCH_SECONDS:-10}
CONNS=${BENCH_CONNECTIONS:-64}
ROUNDS=${BENCH_ROUNDS:-3}
BATCH_RUNS=${BATCH_RUNS:-9}
SCPU=${SERVER_CPU:-1}
CCPU=${CLIENT_CPU:-0}
LUA=$(dirname "$0")/http.lua
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"
TOP95=$DATA/top95.txt
BATCH_FILE=$DATA/puzzles3_magictour_top1465

for f in "$TOP95" "$BATCH_FILE" "$LUA"; do
    [ -r "$f" ] || { echo "http.sh: cannot read $f (set SUDOKU_DATA)" >&2; exit 2; }
done
for cmd in wrk curl nginx taskset; do
    command -v "$cmd" >/dev/null || { echo "http.sh: $cmd missing: scripts/deps.sh bench" >&2; exit 2; }
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-bench.XXXXXX")
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    rm -rf "$TMP"
}
trap cleanup EXIT

# start_sudokud NAME [taskset args...]: starts sudokud on a free port; sets url_NAME.
start_sudokud() {
    local name=$1 out="$TMP/$1.out" port
    shift
    # the access log (stderr) is written as in production, to /dev/null here
    "$@" "$SUDOKUD" --bind 127.0.0.1 --port 0 --generate-reserve 0 >"$out" 2>/dev/null &
    pids+=($!)
    port=$(bench_port "$out")
    [ -n "$port" ] || { echo "http.sh: $SUDOKUD did not print 'listening on'" >&2; exit 1; }
    printf -v "url_$name" '%s' "http://127.0.0.1:$port"
}

# nginx answering `return 200` on one worker, pinned like sudokud.
nginx_port=$((20000 + RANDOM % 20000))
mkdir -p "$TMP/nginx/logs"
cat >"$TMP/nginx/nginx.conf" <<CONF
worker_processes 1;
worker_cpu_affinity auto;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/logs/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    server {
        listen 127.0.0.1:$nginx_port;
        location / { return 200 '{"status":"ok"}'; }
    }
}
CONF
taskset -c "$SCPU" nginx -p "$TMP/nginx" -c "$TMP/nginx/nginx.conf" -g 'daemon off;' &
pids+=($!)
url_nginx=http://127.0.0.1:$nginx_port
for _ in $(seq 100); do curl -s -o /dev/null "$url_nginx/" && break; sleep 0.05; done

start_sudokud pinned taskset -c "$SCPU"
echo "sudokud on $url_pinned (CPU $SCPU), nginx on $url_nginx (CPU $SCPU), wrk on CPU $CCPU;" \
    "${SECS}s per run, $CONNS connections, $ROUNDS rounds" >&2

declare -A result # result[NAME,ROUND]="rps p50 p99 errors non2xx"
run_wrk() {
    local name=$1 round=$2 url=$3 out r
    shift 3
    echo "wrk: $name, round $round..." >&2
    out=$(taskset -c "$CCPU" wrk -t 1 -c "$CONNS" -d "${SECS}s" --timeout 10s -s "$LUA" "$url" -- "$@")
    r=$(grep '^RESULT ' <<<"$out") || { echo "$out" >&2; exit 1; }
    local -A v
    for kv in ${r#RESULT }; do v[${kv%%=*}]=${kv#*=}; done
    result[$name,$round]="${v[rps]} ${v[p50_ms]} ${v[p99_ms]} ${v[errors]} ${v[non2xx]}"
}
rps() { echo "${result[$1,$2]%% *}"; }
calc() { awk "BEGIN { printf \"$1\", $2 }"; }
median() { sort -g | sed -n "$((($1 + 1) / 2))p"; }

# The solver alone on the server's core, the other half of the ceiling: measured
# in every round too, so a slow spell moves both sides of that round's ratio.
declare -A solver_pps
for round in $(seq "$ROUNDS"); do
    run_wrk "nginx return 200" "$round" "$url_nginx" healthz
    run_wrk "GET /healthz" "$round" "$url_pinned" healthz
    run_wrk "POST /v1/solve top95" "$round" "$url_pinned" solve "$TOP95"
    echo "cli: sudoku bench --unique --as-written top95 on CPU $SCPU, round $round..." >&2
    solver_pps[$round]=$(taskset -c "$SCPU" "$SUDOKU" bench --unique --as-written --runs 5 "$TOP95" |
        awk -F'|' '/^\| top95/ { gsub(/ /, "", $4); print $4 }')
done

rows=()
for name in "nginx return 200" "GET /healthz" "POST /v1/solve top95"; do
    m=$(for r in $(seq "$ROUNDS"); do echo "$(rps "$name" "$r") $r"; done | median "$ROUNDS" | cut -d' ' -f2)
    read -r v p50 p99 errors non2xx <<<"${result[$name,$m]}"
    all=$(for r in $(seq "$ROUNDS"); do rps "$name" "$r"; done | sort -g | paste -sd/)
    rows+=("| $name | $v ($all) | $p50 ms | $p99 ms | $errors | $non2xx |")
done
floor=$(for r in $(seq "$ROUNDS"); do
    calc %.2f "$(rps "GET /healthz" "$r") / $(rps "nginx return 200" "$r")"; echo
done | median "$ROUNDS")
solve=$(for r in $(seq "$ROUNDS"); do
    h=$(rps "GET /healthz" "$r")
    calc %.2f "$(rps "POST /v1/solve top95" "$r") * (1 / $h + 1 / ${solver_pps[$r]})"; echo
done | median "$ROUNDS")
ceiling=$(for r in $(seq "$ROUNDS"); do
    calc %.0f "1 / (1 / $(rps "GET /healthz" "$r") + 1 / ${solver_pps[$r]})"; echo
done | median "$ROUNDS")
solver_all=$(for r in $(seq "$ROUNDS"); do echo "${solver_pps[$r]}"; done | sort -g)
solver_median=$(median "$ROUNDS" <<<"$solver_all")

# The batch: both cores for the server, the client only waits. Each round
# posts the file once and runs the CLI on it once (median of 3 runs), so a
# slow spell moves both sides of that round's ratio, as above.
start_sudokud both
npuzzles=$(grep -c . "$BATCH_FILE")
declare -A batch_pps cli_pps
for r in $(seq "$BATCH_RUNS"); do
    echo "batch: $(basename "$BATCH_FILE") ($npuzzles puzzles), round $r of $BATCH_RUNS..." >&2
    t=$(curl -s -o "$TMP/batch.out" -w '%{http_code} %{time_total}' --max-time 300 \
        -H 'Content-Type: text/plain' --data-binary "@$BATCH_FILE" "$url_both/v1/solve/batch")
    got=$(grep -c '"status":"solved","unique":true' "$TMP/batch.out" || true)
    if [ "${t%% *}" != 200 ] || [ "$got" -ne "$npuzzles" ]; then
        echo "http.sh: batch round $r: HTTP ${t%% *}, $got of $npuzzles solved and unique" >&2
        exit 1
    fi
    batch_pps[$r]=$(calc %.0f "$npuzzles / ${t#* }")
    cli_pps[$r]=$("$SUDOKU" bench --unique --as-written --threads 2 --runs 3 "$BATCH_FILE" |
        awk -F'|' '/^\| puzzles3/ { gsub(/ /, "", $4); print $4 }')
done
batch_all=$(for r in $(seq "$BATCH_RUNS"); do echo "${batch_pps[$r]}"; done | sort -g)
cli_all=$(for r in $(seq "$BATCH_RUNS"); do echo "${cli_pps[$r]}"; done | sort -g)
batch_ratio=$(for r in $(seq "$BATCH_RUNS"); do
    calc %.2f "${batch_pps[$r]} / ${cli_pps[$r]}"; echo
done | median "$BATCH_RUNS")

echo
echo "| scenario (server on CPU $SCPU, wrk on CPU $CCPU, $CONNS connections) | requests/s, median (rounds) | p50 | p99 | errors | non-2xx |"
echo "|---|--:|--:|--:|--:|--:|"
printf '%s\n' "${rows[@]}"
echo "| sudoku bench --unique --as-written top95, CPU $SCPU (puzzles/s, solver only) | $solver_median ($(paste -sd/ <<<"$solver_all")) | - | - | - | - |"
echo "| POST /v1/solve/batch, $npuzzles puzzles as text, both cores (puzzles/s) | $(median "$BATCH_RUNS" <<<"$batch_all") ($(paste -sd/ <<<"$batch_all")) | - | - | - | - |"
echo "| sudoku bench --unique --as-written --threads 2, same file (puzzles/s) | $(median "$BATCH_RUNS" <<<"$cli_all") ($(paste -sd/ <<<"$cli_all")) | - | - | - | - |"
echo
echo "- /healthz vs nginx return 200: **$floor** (goal >= 0.8)"
echo "- /v1/solve top95 vs one core's ceiling 1/(1/healthz + 1/solver) = $ceiling req/s: **$solve** (goal >= 0.85)"
echo "- batch vs sudoku bench --unique --as-written --threads 2: **$batch_ratio** (goal >= 0.9)"
echo
echo "Ratios are medians of per-round ratios; $(nproc) cores; 1-minute load average" \
    "$(cut -d' ' -f1 /proc/loadavg) at the end."
