#!/usr/bin/env bash
# generate.sh -- how fast `sudoku generate` makes puzzles, as one markdown table.
#
#   bench/generate.sh [path/to/sudoku]      (default build/sudoku)
#
# Rows: 9x9 with rotational symmetry, not minimal and minimal, as puzzles/s
# over a batch on one pinned CPU; the same batch on --threads 2 over two
# CPUs; 9x9 at each --difficulty level (rotational; minimal from hard up,
# which makes hard puzzles likelier), one CPU, and hard on two; 16x16 (not
# minimal and minimal) and 25x25 (not minimal), rotational, as the median
# wall time of single puzzles, one process each (a process start is ~1 ms,
# noise next to these). Every batch is checked: `sudoku solve --unique` must
# solve each puzzle, and `sudoku rate` must give each its level. Environment:
#   BENCH_CPU    CPU to pin one-thread runs to (default 1)
#   COUNT9       puzzles per 9x9 batch without a level (default 20000)
#   RUNS16, RUNS25   single puzzles timed (default 31 and 11)
set -euo pipefail

cd "$(dirname "$0")/.."
sudoku=${1:-build/sudoku}
cpu=${BENCH_CPU:-1}
count9=${COUNT9:-20000}
runs16=${RUNS16:-31}
runs25=${RUNS25:-11}

# shellcheck source=bench/common.sh
. bench/common.sh
bench_need generate.sh "$sudoku"
bench_pin "$cpu"
pin2=()
if [ ${#pin[@]} -gt 0 ]; then
    if taskset -c 0,1 true 2>/dev/null; then pin2=(taskset -c "0,1"); fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
status=0

now_ns() { date +%s%N; }

# batch LABEL COUNT PIN-ARRAY-NAME OPTIONS...: a row of puzzles/s for COUNT
# 9x9 puzzles; with --difficulty L among the options, each must rate L.
batch() {
    local label=$1 count=$2 pinvar="$3[@]" start end level="" prev=""
    shift 3
    echo "generate.sh: $label" >&2
    for arg in "$@"; do
        if [ "$prev" = --difficulty ]; then level=$arg; fi
        prev=$arg
    done
    start=$(now_ns)
    "${!pinvar}" "$sudoku" generate --count "$count" --seed 1 "$@" >"$tmp/out"
    end=$(now_ns)
    if ! "$sudoku" solve --unique "$tmp/out" >/dev/null; then
        echo "generate.sh: $label: a puzzle is not unique" >&2
        status=1
    fi
    if [ -n "$level" ] && ! "$sudoku" rate "$tmp/out" | awk -v l="$level" '$2 != l { exit 1 }'; then
        echo "generate.sh: $label: a puzzle is not $level by 'sudoku rate'" >&2
        status=1
    fi
    awk -v l="$label" -v n="$count" -v ns=$((end - start)) -v g="$(givens "$tmp/out")" \
        'BEGIN { printf "| %s | %d | %.0f | %.3f | %s |\n", l, n, n / (ns / 1e9), ns / 1e6 / n, g }'
}

# The mean number of givens of the puzzle lines of a file.
givens() {
    awk '{ n += gsub(/[^.]/, "") } END { printf "%.1f", n / NR }' "$1"
}

# single LABEL RUNS OPTIONS...: a row of the median time of RUNS single puzzles.
single() {
    local label=$1 runs=$2 times=() start end
    shift 2
    echo "generate.sh: $label" >&2
    : >"$tmp/out"
    for ((seed = 1; seed <= runs; seed++)); do
        start=$(now_ns)
        "${pin[@]}" "$sudoku" generate --seed "$seed" "$@" >>"$tmp/out"
        end=$(now_ns)
        times+=($((end - start)))
    done
    if ! "$sudoku" solve --unique "$tmp/out" >/dev/null; then
        echo "generate.sh: $label: a puzzle is not unique" >&2
        status=1
    fi
    printf '%s\n' "${times[@]}" | sort -n | awk -v l="$label" -v n="$runs" -v g="$(givens "$tmp/out")" \
        '{ t[NR] = $1 } END { m = t[int((NR + 1) / 2)]; max = t[NR];
           printf "| %s | %d | %.1f | %.1f (max %.1f) | %s |\n", l, n, 1e9 / m, m / 1e6, max / 1e6, g }'
}

rows=()
two="CPUs 0,1"
[ ${#pin2[@]} -gt 0 ] || two="not pinned"
rot=(--symmetry rotational)
rows+=("$(batch "9x9 rotational" "$count9" pin "${rot[@]}")")
rows+=("$(batch "9x9 rotational, minimal" "$count9" pin "${rot[@]}" --minimal)")
rows+=("$(batch "9x9 rotational, --threads 2 ($two)" "$count9" pin2 "${rot[@]}" --threads 2)")
rows+=("$(batch "9x9 easy" 5000 pin "${rot[@]}" --difficulty easy)")
rows+=("$(batch "9x9 medium" 2000 pin "${rot[@]}" --difficulty medium)")
rows+=("$(batch "9x9 hard, minimal" 1000 pin "${rot[@]}" --minimal --difficulty hard)")
rows+=("$(batch "9x9 hard, minimal, --threads 2 ($two)" 1000 pin2 "${rot[@]}" --minimal \
    --difficulty hard --threads 2)")
rows+=("$(batch "9x9 expert, minimal" 200 pin "${rot[@]}" --minimal --difficulty expert)")
rows+=("$(batch "9x9 extreme, minimal" 500 pin "${rot[@]}" --minimal --difficulty extreme)")
rows+=("$(single "16x16 rotational" "$runs16" --size 16 --symmetry rotational)")
rows+=("$(single "16x16 rotational, minimal" "$runs16" --size 16 --symmetry rotational --minimal)")
rows+=("$(single "25x25 rotational" "$runs25" --size 25 --symmetry rotational)")

cpu_name=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
echo "Generator benchmark: ${cpu_name:-unknown CPU}, $where, commit $commit"
echo
echo "| puzzles | made | puzzles/s | ms/puzzle | givens (mean) |"
echo "|---------|-----:|----------:|----------:|--------------:|"
for row in "${rows[@]}"; do echo "$row"; done
echo
echo "9x9 rows: one \`sudoku generate --count N --seed 1\` process each, wall time"
echo "including start-up and output. 16x16 and 25x25 rows: the median (and the"
echo "slowest) of single-puzzle processes, seeds 1..N; puzzles/s is 1 / median."
echo "Every puzzle checked unique by \`sudoku solve --unique\`, and of its level by"
echo "\`sudoku rate\` where one was asked; without one, every puzzle is the first"
echo "candidate of its seed."
exit "$status"
