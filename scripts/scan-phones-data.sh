#!/bin/sh
# scan-phones-data.sh -- extracts the allowed splits of AlexKubiesa/sudoku-scanner.
#
#   scripts/scan-phones-data.sh [OUT]     (default build/scan-phones)
#
# The set (MIT, Alex Kubiesa) holds 2023 phone photos of puzzle-book pages,
# printed givens, pages worked by hand and pages with pencil marks. Only its
# train and val splits are extracted, by naming them to `git archive`:
#   datasets/end_to_end/{train,val}            photos, labels/NAME.txt (9 rows
#                                              of 0 empty, 1-9 digit, 10 pencil
#                                              marks), metadata.csv (corners)
#   datasets/digit_classification/{train,val}  cell crops by class (1-9, blank,
#                                              candidates)
# Its test splits are kept for judging the scanner: they are never listed,
# read or extracted here, and nothing else may read them.
#
# Environment: SUDOKU_PHONES_DATASET = a bare git directory of the set
# (default: the lead's mirror). Prints the number of photos; exits 1 when the
# set is missing.
set -eu
out=${1:-build/scan-phones}
git_dir=${SUDOKU_PHONES_DATASET:-/work/.mirror/AlexKubiesa+sudoku-scanner/repo}

git --git-dir="$git_dir" cat-file -e HEAD:datasets/end_to_end/train/metadata.csv 2>/dev/null || {
    echo "scan-phones-data.sh: no dataset at $git_dir (set SUDOKU_PHONES_DATASET)" >&2
    exit 1
}
if [ ! -s "$out/.extracted" ]; then
    mkdir -p "$out"
    # each archive walks one task's folder and names its train and val only
    for task in end_to_end digit_classification; do
        git --git-dir="$git_dir" archive --prefix="datasets/$task/" "HEAD:datasets/$task" train val |
            tar -x -C "$out"
    done
    git --git-dir="$git_dir" rev-parse HEAD >"$out/.extracted"
fi
n=$(find "$out/datasets/end_to_end" -name '*.jpg' | wc -l)
echo "scan-phones-data.sh: $n photos in $out/datasets/end_to_end (train and val)"
