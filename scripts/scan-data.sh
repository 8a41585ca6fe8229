#!/bin/sh
# scan-data.sh -- extracts the scanner's training photos from a clone of wichtounet/sudoku_dataset.
#
#   scripts/scan-data.sh [OUT]     (default build/scan-data)
#
# Only the files the two train lists name are extracted: datasets/v2_train.desc
# (printed puzzles, images/imageN.jpg) and datasets/v2_mixed_train.desc (the
# same grids filled in by hand, mixed/imageN.jpg), each with its .dat, plus
# outlines.csv, the rows of outlines_sorted.csv for the listed images/ photos.
# Every other photo of the dataset is kept for judging the scanner: it is
# never read. The dataset is CC-BY-4.0 (Wicht and Hennebert).
#
# Environment: SUDOKU_DATASET = a bare git directory of the dataset
# (default: the lead's mirror). Prints the number of photos; exits 1 when
# the dataset is missing.
set -eu
out=${1:-build/scan-data}
git_dir=${SUDOKU_DATASET:-/work/.mirror/wichtounet+sudoku_dataset/repo}
show() { git --git-dir="$git_dir" show "HEAD:$1"; }

show datasets/v2_train.desc >/dev/null || {
    echo "scan-data.sh: no dataset at $git_dir (set SUDOKU_DATASET)" >&2
    exit 1
}
mkdir -p "$out/images" "$out/mixed"
show datasets/v2_train.desc >"$out/v2_train.desc"
show datasets/v2_mixed_train.desc >"$out/v2_mixed_train.desc"
n=0
while read -r jpg; do
    dat=${jpg%.jpg}.dat
    [ -s "$out/$jpg" ] || show "$jpg" >"$out/$jpg"
    [ -s "$out/$dat" ] || show "$dat" >"$out/$dat"
    n=$((n + 1))
done <<EOF
$(cat "$out/v2_train.desc" "$out/v2_mixed_train.desc")
EOF
# outlines_sorted.csv names ./images/imageN.jpg; keep the listed ones only.
show outlines_sorted.csv | sed 's#^\./##' | grep -F -f "$out/v2_train.desc" >"$out/outlines.csv" || true
echo "scan-data.sh: $n photos in $out, $(wc -l <"$out/outlines.csv") outlines"
