#!/usr/bin/env bash
# vs-tdoku.sh -- sudokud's 9x9 solver against tdoku, the fastest published
# one, on the same files, one pinned core, proving uniqueness; prints a table
# of puzzles/s and ratios. Not part of `make test` or `make bench`: tdoku is
# not ours to ship, so it is built from a copy of its public source that you
# give, or run as you built it.
#
#   bench/vs-tdoku.sh TDOKU [path/to/sudoku]
#
# TDOKU is a checkout of github.com/t-dillon/tdoku (built here into
# build/tdoku with its own CMake defaults: -O3 -march=native, as its README
# benchmarks it) or a built run_benchmark. Each round runs both solvers on
# each set, one after the other, the order alternating from round to round,
# so that whatever else the machine is doing falls on both alike:
#   ours:  sudoku bench --unique --wall --seconds $RUN_SECONDS --runs 1 FILE
#          (the file copied to $RUN_SECONDS, every copy relabelled, timed by
#          the wall clock as tdoku times itself: CPU time would spare ours the
#          time other processes take and charge it to tdoku)
#   tdoku: run_benchmark -stdoku -t$RUN_SECONDS -w1 -n$TDOKU_N FILE
#          (the file copied and relabelled to $TDOKU_N puzzles, timed by the
#          wall clock after a one-second warm-up; it stops at 2 solutions too)
# A row gives each solver's median puzzles/s and the median of the per-round
# ratios, with the lowest and highest. Environment:
#   SUDOKU_DATA   data directory (default ../shared/data, from the repo root)
#   ROUNDS        rounds (default 5)
#   RUN_SECONDS   seconds a run (default 2; tdoku takes whole seconds)
#   TDOKU_N       tdoku's set size (default 100000)
#   BENCH_CPU     CPU to pin both to (default 1)
set -euo pipefail

cd "$(dirname "$0")/.."
if [ $# -lt 1 ]; then
    echo "usage: bench/vs-tdoku.sh TDOKU-SOURCE-DIR|run_benchmark [path/to/sudoku]" >&2
    exit 2
fi
tdoku=$1
sudoku=${2:-build/sudoku}
data=${SUDOKU_DATA:-../shared/data}
rounds=${ROUNDS:-5}
seconds=${RUN_SECONDS:-2}
tdoku_n=${TDOKU_N:-100000}
cpu=${BENCH_CPU:-1}

# shellcheck source=bench/common.sh
. bench/common.sh
bench_need vs-tdoku.sh "$sudoku" 'make build/sudoku'
bench_pin "$cpu"

if [ -d "$tdoku" ]; then
    if ! command -v cmake >/dev/null 2>&1 || ! command -v c++ >/dev/null 2>&1; then
        echo "vs-tdoku.sh: building tdoku needs cmake and a C++ compiler (apt-get install cmake g++)" >&2
        exit 2
    fi
    echo "vs-tdoku.sh: building tdoku's run_benchmark from $tdoku in build/tdoku" >&2
    cmake -S "$tdoku" -B build/tdoku -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build/tdoku --target run_benchmark >/dev/null
    tdoku=build/tdoku/run_benchmark
fi
bench_need vs-tdoku.sh "$tdoku" 'a tdoku run_benchmark'

# ours FILE / theirs FILE: one run's puzzles/s.
ours() {
    "${pin[@]}" "$sudoku" bench --unique --wall --seconds "$seconds" --runs 1 "$1" |
        awk -F'|' 'NR == 3 { gsub(/ /, "", $4); print $4 }'
}
theirs() {
    "${pin[@]}" "$tdoku" -stdoku -t"$seconds" -w1 -n"$tdoku_n" "$1" |
        awk -F'|' '$2 ~ /^tdoku/ { gsub(/[ ,]/, "", $3); print $3 }'
}
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

rows=()
for name in puzzles2_17_clue puzzles3_magictour_top1465 top95.txt puzzles7_serg_benchmark; do
    file=$data/$name
    if [ ! -f "$file" ]; then
        rows+=("| $name | skipped: not in $data | | | |")
        continue
    fi
    a=() b=() r=()
    for round in $(seq "$rounds"); do
        echo "vs-tdoku.sh: $name, round $round of $rounds" >&2
        if [ $((round % 2)) -eq 1 ]; then
            x=$(ours "$file") y=$(theirs "$file")
        else
            y=$(theirs "$file") x=$(ours "$file")
        fi
        if [ -z "$x" ] || [ -z "$y" ]; then
            echo "vs-tdoku.sh: $name: a run printed no rate (sudokud '$x', tdoku '$y')" >&2
            exit 1
        fi
        a+=("$x") b+=("$y") r+=("$(awk -v x="$x" -v y="$y" 'BEGIN { printf "%.3f", x / y }')")
    done
    ratios=$(printf '%s\n' "${r[@]}" | sort -g)
    rows+=("$(printf '| %s | %.0f | %.0f | **%.2f** | %.2f-%.2f |' "$name" \
        "$(printf '%s\n' "${a[@]}" | median)" "$(printf '%s\n' "${b[@]}" | median)" \
        "$(median <<<"$ratios")" "$(head -n 1 <<<"$ratios")" "$(tail -n 1 <<<"$ratios")")")
done

cpu_name=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "sudokud vs tdoku: ${cpu_name:-unknown CPU}, $where, commit $commit, $rounds alternating rounds"
echo
echo "| set | sudokud puzzles/s | tdoku puzzles/s | ratio (median) | ratio (range) |"
echo "|-----|------------------:|----------------:|---------------:|--------------:|"
for row in "${rows[@]}"; do echo "$row"; done
echo
echo "Both stop at 2 solutions (proving uniqueness), on relabelled copies of each file;"
echo "sudokud: \`sudoku bench --unique --wall --seconds $seconds --runs 1\` (wall clock);"
echo "tdoku: \`run_benchmark -stdoku -t$seconds -w1 -n$tdoku_n\` (wall clock). Medians of $rounds rounds."
