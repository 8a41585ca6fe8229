#!/usr/bin/env bash
# solver.sh -- the solver benchmark that the README quotes, as one markdown table.
#
#   bench/solver.sh [path/to/sudoku]      (default build/sudoku; `make bench` runs it)
#
# The public 9x9 sets are solved with --unique (stop at 2 solutions, so every
# answer proves uniqueness or finds the second solution) and checked against
# their .solutions/.counts files; sizes no public set covers come from
# `sudoku random` with a fixed seed and are checked by the rules. Every run
# is pinned to one CPU so the numbers do not depend on what else the machine
# schedules, and each row is the median of $RUNS runs. Environment:
#   SUDOKU_DATA   data directory (default ../shared/data, from the repo root)
#   RUNS          runs per set (default 5)
#   BENCH_CPU     CPU to pin to with taskset (default 1)
set -euo pipefail

cd "$(dirname "$0")/.."
sudoku=${1:-build/sudoku}
data=${SUDOKU_DATA:-../shared/data}
runs=${RUNS:-5}
cpu=${BENCH_CPU:-1}

# shellcheck source=bench/common.sh
. bench/common.sh
bench_need solver.sh "$sudoku"
bench_pin "$cpu"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

rows=()
notes=()
status=0

# bench LABEL FILE [OPTIONS...]: appends the table row of one set, or a note.
bench() {
    local label=$1 file=$2 out
    shift 2
    echo "solver.sh: $label" >&2
    if ! out=$("${pin[@]}" "$sudoku" bench --runs "$runs" "$@" "$file"); then
        notes+=("$label: FAILED (see stderr)")
        status=1
        return
    fi
    # Keep the table body only: bench's header, separator and notes are printed once below.
    rows+=("$(printf '%s\n' "$out" | sed -n '3,$p' | grep '^|' | sed "s/^| [^|]* |/| $label |/")")
}

for name in puzzles2_17_clue puzzles3_magictour_top1465 top95.txt puzzles7_serg_benchmark; do
    if [ -f "$data/$name" ]; then
        bench "$name" "$data/$name" --unique
    else
        notes+=("$name: skipped, not found in $data")
    fi
done

# Generated sets: size, density of givens, puzzle count. 16x16 at half the
# cells given needs a few guesses a puzzle; 25x25 at 0.6 is mostly
# propagation and 0.55 brings back real search. Below that random 25x25
# puzzles turn heavy-tailed (at 0.5 a few puzzles take seconds each), which
# measures luck more than the solver and would not fit in a few minutes.
for spec in "16 0.5 5000" "25 0.6 1000" "25 0.55 1000"; do
    read -r size density count <<<"$spec"
    label="generated ${size}x${size} d=$density"
    file="$tmp/gen-$size-$density"
    "$sudoku" random --size "$size" --density "$density" --count "$count" --seed 1 >"$file"
    bench "$label" "$file"
done

cpu_name=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "Solver benchmark: ${cpu_name:-unknown CPU}, $where, commit $commit"
echo
echo "| set | puzzles | puzzles/s | us/puzzle | %no_guess | guesses/puzzle |"
echo "|-----|--------:|----------:|----------:|----------:|---------------:|"
for row in "${rows[@]}"; do echo "$row"; done
echo
echo "Each row: \`sudoku bench --runs $runs\`, the median run by wall time; only the"
echo "sudoku_solve calls are timed, on puzzles parsed into memory and each randomly"
echo "relabelled (seed 1); one thread. 9x9 sets: --unique (stop at 2 solutions),"
echo "answers checked against FILE.solutions or FILE.counts. Generated sets"
echo "(\`sudoku random --seed 1\`, density = fraction of cells given, not"
echo "necessarily unique): stop at 1 solution, answers checked by the rules."
for note in "${notes[@]}"; do echo "- $note"; done
exit "$status"
