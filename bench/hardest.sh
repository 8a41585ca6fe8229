#!/usr/bin/env bash
# hardest.sh -- the forum's hardest puzzles: how many logic rates within a time budget.
#
#   bench/hardest.sh [path/to/sudoku] [FILE]
#
# FILE holds one puzzle a line ('#' lines skipped); by default tdoku's
# puzzles6_forum_hardest_1106 (375 puzzles of the enjoysudoku forum's
# "hardest" list of 2011-06, SE 10-11.9) from $SUDOKU_DATA. It is not stored
# here; get it with
#   git clone --depth 1 https://github.com/t-dillon/tdoku && unzip tdoku/data.zip \
#       data/puzzles6_forum_hardest_1106 && cp data/puzzles6_forum_hardest_1106 ../shared/data/
# Every puzzle is rated once by `sudoku rate --timeout-ms`, one at a time on
# one pinned CPU (up to TIMEOUT_MS x puzzles: about an hour for the list at
# 10 s). The first table says how many got a rating by logic (not `limit`,
# not `needs_search`) and the median and 90th percentile of the rating time;
# the second, how many got each score (for `limit`, the score is the lower
# bound the rating had reached). Environment:
#   SUDOKU_DATA  data directory (default ../shared/data, from the repo root)
#   TIMEOUT_MS   each puzzle's budget (default 10000)
#   BENCH_CPU    CPU to pin to with taskset (default 1)
set -euo pipefail

cd "$(dirname "$0")/.."
sudoku=${1:-build/sudoku}
data=${SUDOKU_DATA:-../shared/data}
file=${2:-$data/puzzles6_forum_hardest_1106}
timeout_ms=${TIMEOUT_MS:-10000}
cpu=${BENCH_CPU:-1}

# shellcheck source=bench/common.sh
. bench/common.sh
bench_need hardest.sh "$sudoku"
bench_pin "$cpu"
if [ ! -f "$file" ]; then
    echo "hardest.sh: no puzzle file $file (see the comment at the top for where to get it)" >&2
    exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"${pin[@]}" "$sudoku" rate --timing --timeout-ms "$timeout_ms" "$file" > "$tmp/out" || true

# kind (logic, limit, search, error), score, microseconds
awk '/^!/ { print "error", "-", 0; next }
     { kind = "logic"; us = 0
       for (i = 2; i <= NF; i++) {
           if ($i ~ /^search_nodes=/) kind = "search"
           if ($i ~ /^us=/) { split($i, kv, "="); us = kv[2] }
       }
       if ($NF == "limit") kind = "limit"
       print kind, $1, us }' "$tmp/out" > "$tmp/rows"

# q FILE P: the P-th percentile of the numbers in FILE (nearest rank)
q() { sort -g "$1" | awk -v p="$2" '{ v[NR] = $1 } END { if (NR) { i = int(NR * p / 100 + 0.999); print v[i < 1 ? 1 : i] } else print "-" }'; }

awk '{ print $3 / 1000 }' "$tmp/rows" > "$tmp/ms"
awk '$1 == "logic" { print $3 / 1000 }' "$tmp/rows" > "$tmp/ms_logic"
count() { awk -v k="$1" '$1 == k' "$tmp/rows" | wc -l; }

echo "$(wc -l < "$tmp/rows") puzzles of $file, ${timeout_ms} ms each, $where"
echo
echo "| puzzles | rated by logic | limit | needs search | not rated (! lines) | median ms | p90 ms | median ms, rated by logic |"
echo "|--:|--:|--:|--:|--:|--:|--:|--:|"
printf '| %d | %d | %d | %d | %d | %s | %s | %s |\n' "$(wc -l < "$tmp/rows")" "$(count logic)" \
    "$(count limit)" "$(count search)" "$(count error)" "$(q "$tmp/ms" 50)" "$(q "$tmp/ms" 90)" \
    "$(q "$tmp/ms_logic" 50)"
echo
echo "| score | rated by logic | limit (lower bound) | needs search |"
echo "|--:|--:|--:|--:|"
awk '$1 != "error" { n[$2 " " $1]++; s[$2] = 1 }
     END { for (x in s) printf "| %s | %d | %d | %d |\n", x, n[x " logic"], n[x " limit"], n[x " search"] }' \
    "$tmp/rows" | sort -t'|' -k2 -g
