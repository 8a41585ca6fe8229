#!/usr/bin/env bash
# bench/robustness.sh SUDOKUD [--quick] [--soak-seconds N] [--no-valgrind]
#   -- robustness figures of sudokud, one markdown table (figure | value | target | command).
#
#   1. GET /healthz requests/s with wrk at 64 connections, against Debian's
#      nginx answering a fixed 200 (`return 200`, own temp prefix) in the same
#      run: the HTTP floor of sudokud relative to a reference server.
#   2. 1,000 idle keep-alive connections (bench/idle_conns.c: each used once,
#      then held) for IDLE_SECONDS (60) while wrk measures /healthz p99; the
#      server runs with --connection-timeout 120, longer than the hold, so the
#      idle timeout does not close them and the figure is the cost of parked
#      connections, not of reconnecting.
#   3. A soak at half capacity, 10% invalid requests (bench/robustness.lua):
#      capacity is measured first with the same mix at 64 connections, then
#      wrk paces itself to about half (paced connections, calibrated). VmRSS after the warm-up vs at the end (growth < 2 MiB), the
#      fd count (/proc/PID/fd, constant) and unexpected 5xx (zero).
#   4. valgrind memcheck on the HTTP tests: SUDOKUD_BIN points the HTTP test
#      binary (plain build, $HTTP_TESTS) at a wrapper that execs SUDOKUD under
#      valgrind --leak-check=full; reports the "definitely lost" bytes of every
#      server the tests started and the memcheck error count. Timing-sensitive
#      tests may fail under valgrind's slowdown: the figure is the leak count.
#
# Flags: --quick (soak 30 s, idle hold 15 s, wrk runs 5 s), --soak-seconds N,
# --no-valgrind. Environment: SOAK_SECONDS (600), IDLE_SECONDS (60),
# BENCH_SECONDS per wrk run (10), SUDOKU_DATA (../shared/data, for
# easy50.txt), HTTP_TESTS (build/tests/http), VALGRIND_FILTER (Criterion
# --filter for step 4, default all tests). Everything is on 127.0.0.1; every
# server started here is stopped by PID at exit. Needs wrk, nginx, cc,
# valgrind (scripts/deps.sh bench / test).
set -euo pipefail
# shellcheck source=bench/common.sh
. "$(dirname "$0")/common.sh"

usage() {
    echo "usage: $0 path/to/sudokud [--quick] [--soak-seconds N] [--no-valgrind]" >&2
    exit 2
}
if [ $# -lt 1 ] || [ ! -x "$1" ]; then usage; fi
SUDOKUD=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SOAK=${SOAK_SECONDS:-600}
IDLE=${IDLE_SECONDS:-60}
SECS=${BENCH_SECONDS:-10}
VALGRIND=1
while [ $# -gt 0 ]; do
    case "$1" in
    --quick) SOAK=30 IDLE=15 SECS=5 ;;
    --soak-seconds) SOAK=${2:?}; shift ;;
    --no-valgrind) VALGRIND=0 ;;
    *) usage ;;
    esac
    shift
done
DATA=${SUDOKU_DATA:-$ROOT/../shared/data}
HTTP_TESTS=${HTTP_TESTS:-$ROOT/build/tests/http}
LUA=$ROOT/bench/robustness.lua
CONNS=64
IDLE_CONNS=1000
for cmd in wrk nginx cc; do
    command -v "$cmd" >/dev/null || { echo "robustness.sh: $cmd missing: scripts/deps.sh bench" >&2; exit 2; }
done
[ -r "$DATA/easy50.txt" ] || { echo "robustness.sh: no $DATA/easy50.txt (set SUDOKU_DATA)" >&2; exit 2; }

TMP=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-robust.XXXXXX")
server=""
nginx_pid=""
helpers=()
cleanup() {
    for pid in "${helpers[@]}"; do kill "$pid" 2>/dev/null || true; done
    if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    if [ -n "$nginx_pid" ]; then kill -QUIT "$nginx_pid" 2>/dev/null || true; fi
    rm -rf "$TMP"
}
trap cleanup EXIT

rows=()
row() { rows+=("| $1 | $2 | $3 | \`$4\` |"); }
log() { echo "robustness.sh: $*" >&2; }

# start_sudokud ARGS...: starts SUDOKUD on a free port; sets $server and $port.
start_sudokud() {
    "$SUDOKUD" --bind 127.0.0.1 --port 0 --log-level warn --generate-reserve 0 "$@" >"$TMP/server.out" 2>"$TMP/server.err" &
    server=$!
    port=$(bench_port "$TMP/server.out" 200)
    [ -n "$port" ] && return 0
    log "$SUDOKUD did not start: $(cat "$TMP/server.err")"
    exit 1
}
# stop_sudokud: SIGTERM, wait; sets $rc to the exit status (not a $(...):
# the server is a child of this shell only).
stop_sudokud() {
    rc=0
    kill -TERM "$server"
    wait "$server" || rc=$?
    server=""
}
# wrk_result OUTPUT KEY: a value of the RESULT line.
wrk_result() { grep -o "[ ]$2=[^ ]*" <<<"$1" | head -n 1 | cut -d= -f2; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }'; }
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status"; }
fd_count() { ls "/proc/$1/fd" | wc -l; }

cc -O2 -o "$TMP/idle_conns" "$ROOT/bench/idle_conns.c"

# ---- 1. /healthz vs nginx --------------------------------------------------------------
log "1/4 /healthz vs nginx, wrk -c $CONNS, ${SECS}s each"
start_sudokud
cmd_wrk="wrk -t2 -c$CONNS -d${SECS}s -s bench/robustness.lua URL/healthz -- healthz"
wrk -t2 -c"$CONNS" -d2s "http://127.0.0.1:$port/healthz" >/dev/null # warm-up
out=$(wrk -t2 -c"$CONNS" -d"${SECS}s" -s "$LUA" "http://127.0.0.1:$port/healthz" -- healthz)
sd_rps=$(wrk_result "$out" rps)
sd_err=$(wrk_result "$out" errors)
stop_sudokud

nport=$("$TMP/idle_conns" --free-port)
mkdir -p "$TMP/nginx/logs" "$TMP/nginx/tmp"
cat >"$TMP/nginx/nginx.conf" <<EOF
# The reference server: a fixed 200, nothing else. Same core count as sudokud's defaults.
daemon off;
worker_processes auto;
pid $TMP/nginx/nginx.pid;
error_log $TMP/nginx/logs/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    client_body_temp_path $TMP/nginx/tmp/body;
    proxy_temp_path $TMP/nginx/tmp/proxy;
    fastcgi_temp_path $TMP/nginx/tmp/fastcgi;
    uwsgi_temp_path $TMP/nginx/tmp/uwsgi;
    scgi_temp_path $TMP/nginx/tmp/scgi;
    keepalive_requests 1000000;
    server {
        listen 127.0.0.1:$nport;
        location / { default_type application/json; return 200 '{"status":"ok"}'; }
    }
}
EOF
nginx -p "$TMP/nginx" -c "$TMP/nginx/nginx.conf" -e "$TMP/nginx/logs/error.log" &
nginx_pid=$!
for _ in $(seq 100); do
    curl -s -o /dev/null "http://127.0.0.1:$nport/" 2>/dev/null && break
    sleep 0.05
done
wrk -t2 -c"$CONNS" -d2s "http://127.0.0.1:$nport/healthz" >/dev/null
out=$(wrk -t2 -c"$CONNS" -d"${SECS}s" -s "$LUA" "http://127.0.0.1:$nport/healthz" -- healthz)
ng_rps=$(wrk_result "$out" rps)
kill -QUIT "$nginx_pid"
wait "$nginx_pid" 2>/dev/null || true
nginx_pid=""
row "GET /healthz requests/s, sudokud (socket errors $sd_err, exit $rc)" "$sd_rps" "-" "$cmd_wrk"
row "GET /healthz requests/s, nginx 1.22 \`return 200\`" "$ng_rps" "-" \
    "nginx -p TMP -c nginx.conf (return 200); $cmd_wrk"
row "ratio sudokud / nginx" "$(ratio "$sd_rps" "$ng_rps")" ">= 0.5" "same run, same wrk"

# ---- 2. 1,000 idle keep-alive connections ------------------------------------------------
log "2/4 $IDLE_CONNS idle keep-alive connections for ${IDLE}s"
start_sudokud --connection-timeout 120 --max-connections 4096
"$TMP/idle_conns" "$port" "$IDLE_CONNS" "$IDLE" >"$TMP/idle.out" 2>"$TMP/idle.err" &
idle_pid=$!
helpers+=("$idle_pid")
sleep 3 # the connections are open and used once
fds_idle=$(fd_count "$server")
wsecs=$((IDLE - 8))
[ "$wsecs" -lt 3 ] && wsecs=3
out=$(wrk -t2 -c16 -d"${wsecs}s" -s "$LUA" "http://127.0.0.1:$port/healthz" -- healthz)
p99=$(wrk_result "$out" p99_ms)
idle_rps=$(wrk_result "$out" rps)
wait "$idle_pid"
idle=$(grep '^IDLE ' "$TMP/idle.out" || echo "IDLE opened=? answered=? still_open=?")
still=$(grep -o 'still_open=[0-9?]*' <<<"$idle" | cut -d= -f2)
answered=$(grep -o 'answered=[0-9?]*' <<<"$idle" | cut -d= -f2)
stop_sudokud
row "/healthz p99 with $IDLE_CONNS idle keep-alive connections open (${idle_rps} req/s)" \
    "$p99 ms" "< 50 ms" "wrk -t2 -c16 -d${wsecs}s --latency URL/healthz"
row "idle connections answered / still open after ${IDLE}s (server fds $fds_idle, exit $rc)" \
    "$answered / $still of $IDLE_CONNS" "$IDLE_CONNS / $IDLE_CONNS" \
    "sudokud --connection-timeout 120 (> the ${IDLE}s hold, so the idle timeout does not close them); bench/idle_conns PORT $IDLE_CONNS $IDLE"

# ---- 3. soak at half capacity ------------------------------------------------------------
log "3/4 soak: capacity first (${SECS}s), then ${SOAK}s at half"
start_sudokud
# Capacity: the soak mix as fast as $CONNS unpaced connections go.
out=$(wrk -t2 -c"$CONNS" -d"${SECS}s" -s "$LUA" "http://127.0.0.1:$port/v1/solve" -- soak "$DATA/easy50.txt" 0)
cap=$(wrk_result "$out" rps)
target=$(awk -v c="$cap" 'BEGIN { printf "%.0f", c / 2 }')
# wrk paces only by a whole-millisecond pause per connection before each
# request, so the rate is set by the number of paced connections: start from
# pause / rate and correct three times with 4 s probes (the rate is near linear in it).
pause=5
SOAK_CONNS=$(awk -v t="$target" -v d="$pause" 'BEGIN { c = int(t * d / 1000 + 0.5); print (c < 1 ? 1 : c) }')
for _ in 1 2 3; do
    out=$(wrk -t2 -c"$SOAK_CONNS" -d4s -s "$LUA" "http://127.0.0.1:$port/v1/solve" -- soak "$DATA/easy50.txt" "$pause")
    SOAK_CONNS=$(awk -v c="$SOAK_CONNS" -v t="$target" -v r="$(wrk_result "$out" rps)" \
        'BEGIN { n = int(c * t / (r > 0 ? r : 1) + 0.5); print (n < 2 ? 2 : (n > 512 ? 512 : n)) }')
done
warm=$((SOAK / 10))
[ "$warm" -lt 10 ] && warm=10
[ "$warm" -gt 60 ] && warm=60
wrk -t2 -c"$SOAK_CONNS" -d"${SOAK}s" --timeout 10s -s "$LUA" "http://127.0.0.1:$port/v1/solve" \
    -- soak "$DATA/easy50.txt" "$pause" >"$TMP/soak.out" 2>&1 &
wrk_pid=$!
helpers+=("$wrk_pid")
sleep "$warm"
rss0=$(rss_kib "$server")
fd0=$(fd_count "$server")
rss_end=$rss0 fd_min=$fd0 fd_max=$fd0 fd_end=$fd0
# sample every 5 s until wrk is about to stop: the last sample is the "end", under load
end_at=$((SECONDS + SOAK - warm - 3))
for (( ; ; )); do
    sleep 5
    if [ "$SECONDS" -ge "$end_at" ] || ! kill -0 "$wrk_pid" 2>/dev/null; then break; fi
    rss_end=$(rss_kib "$server")
    fd_end=$(fd_count "$server")
    [ "$fd_end" -lt "$fd_min" ] && fd_min=$fd_end
    [ "$fd_end" -gt "$fd_max" ] && fd_max=$fd_end
done
wait "$wrk_pid" || true
out=$(cat "$TMP/soak.out")
stop_sudokud
s_rps=$(wrk_result "$out" rps)
s5=$(wrk_result "$out" s5xx)
s4=$(wrk_result "$out" s4xx)
inv=$(wrk_result "$out" invalid_sent)
serr=$(wrk_result "$out" errors)
sreq=$(wrk_result "$out" requests)
growth=$(awk -v a="$rss0" -v b="$rss_end" 'BEGIN { printf "%+.2f MiB (%d -> %d KiB)", (b - a) / 1024, a, b }')
soak_cmd="wrk -t2 -c$SOAK_CONNS -d${SOAK}s -s bench/robustness.lua URL/v1/solve -- soak easy50.txt $pause"
row "soak rate: half of the measured capacity $cap req/s (easy50 + 10% invalid, $SOAK_CONNS paced connections)" \
    "$s_rps req/s, $sreq requests" "~$target req/s" "$soak_cmd"
row "soak VmRSS growth, after ${warm}s warm-up to the end of ${SOAK}s" "$growth" "< 2 MiB" \
    "awk '/VmRSS/' /proc/PID/status"
row "soak fd count (after warm-up / min / max / end)" "$fd0 / $fd_min / $fd_max / $fd_end" \
    "constant" "ls /proc/PID/fd | wc -l, every 5 s"
row "soak 5xx / socket errors (exit status $rc)" "$s5 / $serr" "0 / 0" "$soak_cmd"
row "soak 4xx vs invalid requests sent" "$s4 / $inv" "equal" "$soak_cmd"

# ---- 4. valgrind on the HTTP tests -------------------------------------------------------
if [ "$VALGRIND" = 1 ]; then
    if ! command -v valgrind >/dev/null || [ ! -x "$HTTP_TESTS" ]; then
        row "valgrind definitely lost" "skipped" "0 bytes" "needs valgrind and $HTTP_TESTS (make build/tests/http)"
    else
        log "4/4 valgrind memcheck: $HTTP_TESTS with SUDOKUD_BIN = valgrind wrapper"
        mkdir -p "$TMP/vg"
        cat >"$TMP/vg/sudokud" <<EOF
#!/bin/sh
# SUDOKUD_BIN for the HTTP tests: the server under memcheck, one log per process.
exec valgrind --leak-check=full --show-leak-kinds=definite --errors-for-leak-kinds=definite \\
    --error-exitcode=99 --log-file=$TMP/vg/memcheck.%p.log "$SUDOKUD" "\$@"
EOF
        chmod +x "$TMP/vg/sudokud"
        filter=()
        [ -n "${VALGRIND_FILTER:-}" ] && filter=(--filter "$VALGRIND_FILTER")
        (cd "$ROOT" && SUDOKUD_BIN="$TMP/vg/sudokud" timeout 3600 "$HTTP_TESTS" -j1 "${filter[@]}") \
            >"$TMP/vg/tests.out" 2>&1 || true
        synth=$(grep 'Synthesis' "$TMP/vg/tests.out" | tail -n 1 | sed 's/.*Synthesis: //; s/ *| */, /g; s/ *$//' || true)
        failed=$(sed -n 's/^\[FAIL\] \([^:]*\):.*/\1/p' "$TMP/vg/tests.out" | tr '\n' ' ')
        [ -n "$failed" ] && synth="$synth (failed: ${failed% })"
        nlogs=$(ls "$TMP"/vg/memcheck.*.log 2>/dev/null | wc -l)
        lost=$(cat "$TMP"/vg/memcheck.*.log 2>/dev/null |
            awk '/definitely lost:/ { gsub(",", "", $4); s += $4 } END { print s + 0 }')
        errs=$(cat "$TMP"/vg/memcheck.*.log 2>/dev/null |
            awk '/ERROR SUMMARY:/ { s += $4 } END { print s + 0 }')
        row "valgrind: definitely lost, summed over $nlogs server runs" "$lost bytes" "0 bytes" \
            "SUDOKUD_BIN=wrapper(valgrind --leak-check=full $(basename "$SUDOKUD")) build/tests/http -j1"
        row "valgrind: memcheck errors (all kinds)" "$errs" "0" "same"
        row "HTTP tests under valgrind (timing tests may fail from the slowdown)" "${synth:-?}" "-" "same"
        if [ "$lost" != 0 ] || [ "$errs" != 0 ]; then
            mkdir -p "$ROOT/build/valgrind"
            cp "$TMP"/vg/memcheck.*.log "$TMP/vg/tests.out" "$ROOT/build/valgrind/" 2>/dev/null || true
            log "valgrind logs kept in build/valgrind/"
        fi
    fi
fi

echo
echo "| figure | value | target | command |"
echo "|---|--:|--:|---|"
printf '%s\n' "${rows[@]}"
echo
echo "sudokud $(basename "$SUDOKUD"), $(nproc) cores shared by wrk, the servers and anything else" \
    "running; 1-minute load average $(cut -d' ' -f1 /proc/loadavg) at the end."
