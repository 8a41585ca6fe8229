#!/usr/bin/env bash
# bench/scan-phones.sh [SUDOKU] -- how well `sudoku scan` reads phone photos it was not made on.
#
# The photos are the train and val splits of AlexKubiesa/sudoku-scanner
# (scripts/scan-phones-data.sh; its test splits are never read): 160 photos
# from two 2023 phones, 3024x4032 and 3456x4608, portrait and landscape, of
# puzzle-book pages with printed givens, pages worked in large pencil and pen
# digits, and pages with pencil marks. Nothing of the scanner was trained or
# tuned on them, so the table is how a new user's photos fare. A row per
# split, then both:
#   grids found        photos with a reading
#   read exactly       photos with all 81 cells right
#   cells right        a digit cell (label 1-9) is right when the digit was read,
#                      as a given or an entry; an empty or pencil-mark cell
#                      (label 0 or 10) when nothing was read (a photo with no
#                      grid: 0 of 81)
#   pencil as digit    pencil-mark cells read as a digit, of all pencil cells
#   p50 / p95 ms       decode + detect + recognise per photo (timing_us), pinned
# The labels do not say which digits are printed, so givens and entries count
# together.
# Needs jq.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/common.sh
. bench/common.sh
SUDOKU=${1:-build/sudoku}
bench_need bench/scan-phones.sh "$SUDOKU"
bench_pin 1
data=build/scan-phones
scripts/scan-phones-data.sh "$data" >/dev/null

# read_split SPLIT: a line per photo: "ok|miss READ LABELS TOTAL_US", READ the
# 81 cells as read (a given or an entry, '.' for neither), LABELS the 81 labels
# (0-9, 'p' for pencil marks).
read_split() {
    local dir=$data/datasets/end_to_end/$1 files=() f
    for f in "$dir"/images/*.jpg; do files+=("$f"); done
    # exit 1 (some photo not read as a unique puzzle) is a result here
    { "${pin[@]}" "$SUDOKU" scan --json "${files[@]}" 2>/dev/null || true; } |
        jq -r '[(if .puzzle then "ok" else "miss" end),
                (if .puzzle then ([.puzzle, .entries] | map(split("")) | transpose |
                    map(if .[0] != "." then .[0] else .[1] end) | join("")) else "-" end),
                (.timing_us.decode + .timing_us.detect + .timing_us.recognise)] | @tsv' |
        paste - <(for f in "${files[@]}"; do
            name=${f##*/}
            tr -s ' \n' '\n' <"$dir/labels/${name%.jpg}.txt" | grep . | sed 's/^10$/p/' | tr -d '\n'
            echo
        done) | awk -F'\t' '{ print $1 "\t" $2 "\t" $4 "\t" $3 }'
}

# score: "found/n exact/n cells% pencil_as_digit/pencil" over read_split lines.
score() {
    awk -F'\t' '
    {
        n++; right = 0
        for (i = 1; i <= 81; i++) {
            w = substr($3, i, 1); g = ($1 == "ok") ? substr($2, i, 1) : "."
            if (w == "p") { pencil++; if (g != ".") as_digit++ }
            if ($1 == "ok") right += (w == "0" || w == "p") ? g == "." : g == w
        }
        if ($1 == "ok") { found++; cells += right; if (right == 81) exact++ }
    }
    END { printf "%d/%d %d/%d %.2f%% %d/%d\n", found, n, exact, n, 100 * cells / (81 * n), as_digit, pencil }'
}

# percentiles: "p50 p95" in ms of the microsecond numbers on standard input.
percentiles() {
    sort -n | awk '{ t[NR] = $1 } END { printf "%.0f %.0f\n", t[int((NR + 1) / 2)] / 1000, t[int(0.95 * NR + 0.999)] / 1000 }'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
read_split train >"$tmp/train"
read_split val >"$tmp/val"
cat "$tmp/train" "$tmp/val" >"$tmp/both"

echo "bench/scan-phones.sh: $SUDOKU on the train and val photos of AlexKubiesa/sudoku-scanner ($where, one thread)"
echo "The scanner was neither trained nor tuned on these photos."
echo
echo "| split | photos | grids found | read exactly | cells right | pencil cells read as a digit | p50 ms | p95 ms |"
echo "|---|---|---|---|---|---|---|---|"
for split in train val both; do
    read -r found exact cells pencil < <(score <"$tmp/$split")
    read -r p50 p95 < <(awk -F'\t' '$1 == "ok" { print $4 }' "$tmp/$split" | percentiles)
    echo "| $split | ${found#*/} | ${found%/*} | ${exact%/*} | $cells | $pencil | $p50 | $p95 |"
done
