#!/usr/bin/env bash
# vs-sigh.sh -- the variant engine against sigh/Interactive-Sudoku-Solver's JavaScript solver
# on the same puzzles of every family (bench/data/variants/, made by bench/variant_gen.c),
# one pinned core, each solving and proving uniqueness (counting to 2); prints a table of
# milliseconds per puzzle and the ratio. Not part of `make test` or `make bench`: sigh's
# solver is not ours to ship, so it runs from a copy of its public source that you give:
#
#   bench/vs-sigh.sh SIGH_DIR [DATA_DIR]
#
# SIGH_DIR holds sigh's js/ folder, e.g. (its data/ and tests/ left out: we never bench
# on its puzzles)
#   git --git-dir=MIRROR archive HEAD -- . ':!data' ':!tests' | tar -x -C SIGH_DIR
# Both sides are given the constraints already read, and each timed solve starts from
# them: ours is build/variant-bench (sudoku_variant_solve, which compiles the list each
# time) on FAMILY.txt; sigh's is bench/vs-sigh.mjs (its builder, then countSolutions(2))
# under Debian's node on FAMILY.jsonl, the same puzzles as f-puzzles objects. Each side
# solves the whole file RUNS times and reports the median; both check every answer
# against the file's solution first. The last two columns are the search nodes a puzzle
# (ours: sudoku_stats.nodes; sigh's: its nodesSearched counter), which the machine's load
# does not change: many more of ours means weaker propagation, not slower code. Environment:
#   RUNS        runs a file (default 7)
#   BENCH_CPU   CPU to pin both to (default 1)
set -euo pipefail
cd "$(dirname "$0")/.."
. bench/common.sh

sigh=${1:?usage: bench/vs-sigh.sh SIGH_DIR [DATA_DIR]}
data=${2:-bench/data/variants}
runs=${RUNS:-7}
bench_need vs-sigh.sh build/variant-bench 'make build/variant-bench'
[ -f "$sigh/js/solver/sudoku_builder.js" ] || { echo "vs-sigh.sh: no sigh solver in $sigh" >&2; exit 2; }
command -v node >/dev/null || { echo "vs-sigh.sh: node is not installed" >&2; exit 2; }
bench_pin "${BENCH_CPU:-1}"

echo "variant engine vs sigh/Interactive-Sudoku-Solver ($(git -C "$sigh" rev-parse --short HEAD 2>/dev/null || echo "$sigh")), node $(node --version), $where, median of $runs runs"
printf '%-13s %7s %11s %11s %10s %9s %11s %11s\n' family puzzles 'ours ms/pz' 'sigh ms/pz' \
    'ours pz/s' 'sigh/ours' 'ours nodes' 'sigh nodes'
for txt in "$data"/*.txt; do
    family=$(basename "$txt" .txt)
    # $(...) waits for each process to exit; < <(...) would read its output and go on while
    # node still tears down its heap on the pinned CPU, slowing the next family's run by 2x
    # where that run is short (chess: 1.1 ms a puzzle alone, 2.3 ms after node)
    read -r _ n ours _ ours_nodes <<<"$("${pin[@]}" build/variant-bench "$runs" "$txt")"
    read -r _ m theirs _ sigh_nodes <<<"$("${pin[@]}" node bench/vs-sigh.mjs "$sigh" "$runs" "${txt%.txt}.jsonl")"
    [ "$n" = "$m" ] || { echo "vs-sigh.sh: $family: $n puzzles here, $m there" >&2; exit 1; }
    awk -v f="$family" -v n="$n" -v a="$ours" -v b="$theirs" -v x="$ours_nodes" -v y="$sigh_nodes" \
        'BEGIN { printf "%-13s %7d %11.3f %11.3f %10.0f %8.2fx %11.0f %11.0f\n", f, n, a, b, 1000 / a, b / a, x, y }'
done
