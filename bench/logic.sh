#!/usr/bin/env bash
# logic.sh -- how long a rating takes: `sudoku rate --timing` on the public 9x9 sets.
#
#   bench/logic.sh [path/to/sudoku]      (default build/sudoku)
#
# Each puzzle is rated once (the uniqueness check the command does first is
# not timed: --timing measures the sudoku_rate call alone) on one pinned CPU,
# and the table gives the median and 90th percentile per set, for all its
# puzzles and for those that need no chains (no search, and a hardest step
# that is no chain of any kind: turbot fish and strong-link chains count as
# chains), the issue's speed bar; the HTTP part uses the same puzzles. The 17-clue set is sampled (every Kth line) to stay
# near a minute in all. Environment:
#   SUDOKU_DATA   data directory (default ../shared/data, from the repo root)
#   BENCH_CPU     CPU to pin to with taskset (default 1)
#   SAMPLE17      17-clue puzzles to rate (default 2000)
#   SE_RATED      a file of `puzzle:rating` lines with published Sudoku Explainer
#                 ratings (tests/data/README.md): adds the time per band of
#                 rating, the issue's bar being p95 < 100 ms in each
set -euo pipefail

cd "$(dirname "$0")/.."
sudoku=${1:-build/sudoku}
data=${SUDOKU_DATA:-../shared/data}
cpu=${BENCH_CPU:-1}
sample17=${SAMPLE17:-2000}

# shellcheck source=bench/common.sh
. bench/common.sh
bench_need logic.sh "$sudoku"
bench_pin "$cpu"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# set name, input file
sets=()
[ -f "$data/easy50.txt" ] && sets+=("easy50|$data/easy50.txt")
[ -f "$data/top95.txt" ] && sets+=("top95|$data/top95.txt")
[ -f "$data/puzzles3_magictour_top1465" ] && sets+=("top1465|$data/puzzles3_magictour_top1465")
if [ -f "$data/puzzles2_17_clue" ]; then
    total=$(wc -l < "$data/puzzles2_17_clue")
    step=$(( total / sample17 > 0 ? total / sample17 : 1 ))
    awk -v s="$step" -v k="$sample17" 'NR % s == 1 && ++n <= k' "$data/puzzles2_17_clue" > "$tmp/17.txt"
    sets+=("17-clue (every ${step}th)|$tmp/17.txt")
fi
if [ ${#sets[@]} -eq 0 ]; then
    echo "logic.sh: no data sets in $data" >&2
    exit 2
fi

# hardest techniques that make a puzzle one that needs chains
chains='turbot_fish|strong_links|cycle|chain|nishio'

echo "| set | puzzles | median us | p90 us | no-chain puzzles | no-chain median us | no-chain p90 us | needs search |"
echo "|---|--:|--:|--:|--:|--:|--:|--:|"
for s in "${sets[@]}"; do
    name=${s%%|*}
    file=${s#*|}
    "${pin[@]}" "$sudoku" rate --timing "$file" > "$tmp/out" || true
    # the puzzles that need no chains, for the HTTP part below
    grep -v '^#' "$file" | grep . | paste -d' ' - "$tmp/out" |
        awk -v chains="$chains" '$2 !~ /^!/ && $0 !~ /search_nodes=/ && $4 !~ chains { print $1 }' \
            >> "$tmp/nochain.txt"
    awk -v name="$name" -v chains="$chains" '
        function pct(a, n, p,   i, j, t) {
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return n ? a[int((n - 1) * p) + 1] : 0
        }
        /^!/ { next }
        { us = substr($NF, 4) + 0; all[++n] = us; all2[n] = us
          if ($0 ~ /search_nodes=/) ns++
          else if ($3 !~ chains) { nc[++m] = us; nc2[m] = us } }
        END { printf "| %s | %d | %.1f | %.1f | %d | %.1f | %.1f | %d |\n", name, n,
              pct(all, n, 0.5), pct(all2, n, 0.9), m, pct(nc, m, 0.5), pct(nc2, m, 0.9), ns }' "$tmp/out"
done
echo
echo "sudoku rate --timing, one rating per puzzle, $where; $(uname -m), $(nproc) CPUs."

if [ -n "${SE_RATED:-}" ]; then
    grep -v '^#' "$SE_RATED" | grep . | grep -v ':.*-' >"$tmp/se"
    cut -d: -f1 "$tmp/se" >"$tmp/se_puzzles"
    "${pin[@]}" "$sudoku" rate --timing "$tmp/se_puzzles" >"$tmp/se_out" || true
    echo
    echo "| published SE rating | puzzles | median us | p95 us | max us |"
    echo "|---|--:|--:|--:|--:|"
    cut -d: -f2 "$tmp/se" | paste -d' ' - "$tmp/se_out" | awk '
        function pct(a, n, p,   i, j, t) {
            for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
            return n ? a[int((n - 1) * p) + 1] : 0
        }
        BEGIN { split("1.2-2.5|2.5-5.0|5.0-6.5|6.5-7.5|7.5-8.5|8.5-9.3|above 9.3", name, "|") }
        $2 ~ /^!/ { next }
        { r = $1 + 0; b = r < 2.5 ? 1 : r < 5 ? 2 : r < 6.5 ? 3 : r < 7.5 ? 4 : r < 8.5 ? 5 : r <= 9.3 ? 6 : 7
          us = substr($NF, 4) + 0; k = ++n[b]; t[b, k] = us; if (us > mx[b]) mx[b] = us }
        END {
            for (b = 1; b <= 7; b++) {
                if (!n[b]) continue
                delete a; for (k = 1; k <= n[b]; k++) a[k] = t[b, k]
                printf "| %s | %d | %.0f | %.0f | %.0f |\n", name[b], n[b], pct(a, n[b], 0.5), pct(a, n[b], 0.95), mx[b]
            }
        }'
    echo
    echo "sudoku rate --timing over $SE_RATED, $where."
fi

# Over HTTP: POST /v1/hint and /v1/explain of the puzzles above that need no
# chains, one connection at a time (the latency of one request, no queueing),
# sudokud on CPU $cpu and wrk on another.
sudokud=$(dirname "$sudoku")/sudokud
other=$(( cpu == 0 ? 1 : 0 ))
if [ -x "$sudokud" ] && command -v wrk >/dev/null 2>&1 && [ ${#pin[@]} -gt 0 ]; then
    taskset -c "$cpu" "$sudokud" --bind 127.0.0.1 --port 0 --generate-reserve 0 >"$tmp/server.out" 2>/dev/null &
    server=$!
    trap 'kill $server 2>/dev/null; rm -rf "$tmp"' EXIT
    port=$(bench_port "$tmp/server.out")
    echo
    echo "| POST, no-chain puzzles ($(wc -l < "$tmp/nochain.txt")), 1 connection | requests/s | p50 | p99 |"
    echo "|---|--:|--:|--:|"
    for path in /v1/hint /v1/explain /v1/rate; do
        r=$(taskset -c "$other" wrk -t 1 -c 1 -d "${BENCH_SECONDS:-10}s" -s bench/http.lua \
            "http://127.0.0.1:$port" -- post "$path" "$tmp/nochain.txt" | grep '^RESULT ')
        declare -A v=()
        for kv in ${r#RESULT }; do v[${kv%%=*}]=${kv#*=}; done
        [ "${v[non2xx]}" = 0 ] || { echo "logic.sh: $path answered ${v[non2xx]} non-2xx" >&2; exit 1; }
        echo "| $path | ${v[rps]} | ${v[p50_ms]} ms | ${v[p99_ms]} ms |"
    done
    echo
    echo "wrk -t 1 -c 1 on CPU $other, ${BENCH_SECONDS:-10} s per endpoint; sudokud pinned to CPU $cpu."
fi
