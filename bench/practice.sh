#!/usr/bin/env bash
# practice.sh -- how fast /v1/generate?technique=T answers, as one markdown table.
#
#   bench/practice.sh [path/to/sudokud]      (default build/sudokud)
#
# One sudokud with one worker (--workers 1, no reserve), pinned to one CPU,
# asked over loopback for technique=T&seed=S, one request at a time. Rows:
# the technique, how many answers were found (status ok, and the answer's
# rating names T as its hardest step: anything else counts as not found),
# the median and p95 of the request's wall time (curl's time_total, found or
# not). The nine techniques of the issue's goal get SEEDS seeds each; with
# ALL=1 every other rung of the ladder gets OTHER_SEEDS, for the README's
# medians. Environment:
#   BENCH_CPU     CPU to pin sudokud to (default 1)
#   SEEDS         seeds per goal technique (default 20)
#   ALL=1         every technique of the ladder (GET /v1/info lists them)
#   OTHER_SEEDS   seeds per other technique (default 5)
#   TIMEOUT_MS    each request's timeout_ms (default 10000)
set -euo pipefail

cd "$(dirname "$0")/.."
SUDOKUD=${1:-build/sudokud}
cpu=${BENCH_CPU:-1}
seeds=${SEEDS:-20}
other_seeds=${OTHER_SEEDS:-5}
timeout_ms=${TIMEOUT_MS:-10000}
goal=(x_wing swordfish xy_wing xyz_wing unique_rectangle naked_quad jellyfish x_chain xy_chain)

# shellcheck source=bench/common.sh
. bench/common.sh
bench_need practice.sh "$SUDOKUD" "make build/sudokud"
bench_pin "$cpu"
command -v curl >/dev/null || { echo "practice.sh: needs curl" >&2; exit 2; }

TMP=$(mktemp -d)
pid=
cleanup() {
    [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && wait "$pid" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT

"${pin[@]}" "$SUDOKUD" --bind 127.0.0.1 --port 0 --workers 1 --generate-reserve 0 \
    --max-timeout-ms "$timeout_ms" >"$TMP/out" 2>/dev/null &
pid=$!
port=$(bench_port "$TMP/out")
[ -n "$port" ] || { echo "practice.sh: $SUDOKUD did not print 'listening on'" >&2; exit 1; }
url="http://127.0.0.1:$port"

# row TECHNIQUE N: times N seeds and prints the table row.
row() {
    local t=$1 n=$2 found=0 s body secs
    : >"$TMP/times"
    for s in $(seq 1 "$n"); do
        secs=$(curl -s -o "$TMP/body" -w '%{time_total}' \
            "$url/v1/generate?technique=$t&seed=$s&timeout_ms=$timeout_ms")
        body=$(cat "$TMP/body")
        echo "$secs" >>"$TMP/times"
        case $body in
        *'"status":"ok"'*'"hardest_technique":"'"$t"'"'*) found=$((found + 1)) ;;
        esac
    done
    sort -n "$TMP/times" | awk -v t="$t" -v f="$found" -v n="$n" '
        { v[NR] = $1 }
        END {
            m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            k = int(0.95 * NR + 0.999999); if (k < 1) k = 1
            printf "| %s | %d/%d | %.3f s | %.3f s |\n", t, f, n, m, v[k]
        }'
}

echo "sudokud --workers 1, $where, timeout_ms $timeout_ms, $(nproc) CPUs online"
echo
echo "| technique | found | median | p95 |"
echo "|---|---|---|---|"
for t in "${goal[@]}"; do row "$t" "$seeds"; done
if [ "${ALL:-0}" = 1 ]; then
    curl -s "$url/v1/info" | grep -o '"key":"[a-z_]*"' | cut -d'"' -f4 >"$TMP/keys"
    while read -r t; do
        case " ${goal[*]} " in *" $t "*) continue ;; esac
        row "$t" "$other_seeds"
    done <"$TMP/keys"
fi
