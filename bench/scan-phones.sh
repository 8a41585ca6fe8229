#!/usr/bin/env bash
# bench/scan-phones.sh [SUDOKU] -- how well `sudoku scan` reads the phone photos of its training.
#
# The photos are the train and val splits of AlexKubiesa/sudoku-scanner
# (scripts/scan-phones-data.sh; its test splits are never read): 160 photos
# from two 2023 phones, 3024x4032 and 3456x4608, portrait and landscape, of
# puzzle-book pages with printed givens, pages worked in large pencil and pen
# digits, and pages with pencil marks. Before the classifier was trained on
# them (5376f5c) this table was how a new user's photos fare; now photos it
# never saw are scored by scan/train/train.py's cross-validation. A row per
# split, then both:
#   grids found        photos with a reading
#   read exactly       photos with all 81 cells right
#   cells right        a digit cell (label 1-9) is right when the digit was read,
#                      as a given or an entry; an empty or pencil-mark cell
#                      (label 0 or 10) when nothing was read (a photo with no
#                      grid: 0 of 81)
#   pencil as digit    pencil-mark cells read as a digit, of all pencil cells
#   pencil listed      pencil-mark cells listed in `pencil`, of all pencil cells
#   candidates         of the pencil cells scan/train/candidates.txt labels: those
#                      whose candidates were read exactly, the labelled digits
#                      read, and the digits read that are not there
#   p50 / p95 ms       decode + detect + recognise per photo (timing_us), pinned
# The labels do not say which digits are printed, so givens and entries count
# together.
#
# FOLDS=DIR (written by `scan/train/train.py cv --export-folds DIR`: foldK.bin,
# the network trained without fold K, and foldK.txt, its held-out photos):
# the table is of held-out photos instead. For each fold a copy of SUDOKU is
# linked with that fold's network (from the objects next to SUDOKU) and reads
# the fold's held-out phone photos, so every figure, candidates included, is
# the whole C scanner's on photos its network never saw.
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

# read_photos SUDOKU PHOTO...: a line per photo: "ok|miss READ LABELS TOTAL_US PAGE CANDIDATES PENCIL",
# READ the 81 cells as read (a given or an entry, '.' for neither), LABELS the
# 81 labels (0-9, 'p' for pencil marks), PAGE the photo's page (its name's first
# five characters), CANDIDATES the 81 cells' candidates as read, comma-separated
# ("18,,..."), PENCIL the cells listed as pencil marks ("2 6 40").
read_photos() {
    local sudoku=$1 files=("${@:2}") f
    # exit 1 (some photo not read as a unique puzzle) is a result here
    { "${pin[@]}" "$sudoku" scan --json "${files[@]}" 2>/dev/null || true; } |
        jq -r '[(if .puzzle then "ok" else "miss" end),
                (if .puzzle then ([.puzzle, .entries] | map(split("")) | transpose |
                    map(if .[0] != "." then .[0] else .[1] end) | join("")) else "-" end),
                (.timing_us.decode + .timing_us.detect + .timing_us.recognise),
                (.candidates // [] | map(map(tostring) | join("")) | join(",")),
                (.pencil // [] | map(tostring) | join(" "))] | @tsv' |
        paste - <(for f in "${files[@]}"; do
            name=${f##*/}
            printf '%s\t' "${name:0:5}"
            tr -s ' \n' '\n' <"${f%/images/*}/labels/${name%.jpg}.txt" | grep . | sed 's/^10$/p/' | tr -d '\n'
            echo
        done) | awk -F'\t' '{ print $1 "\t" $2 "\t" $7 "\t" $3 "\t" $6 "\t" $4 "\t" $5 }'
}

# score: "found/n exact/n cells% pencil_as_digit/pencil listed/pencil
# candidates_exact/labelled digits_right/digits invented" over read_split lines;
# the candidates are scored on the cells scan/train/candidates.txt labels.
score() {
    awk -F'\t' '
    NR == FNR { if ($0 !~ /^#/) { split($0, f, " "); want[f[1] " " f[2]] = f[3] }; next }
    NR != FNR {
        split($6, got, ",")
        for (i = 1; i <= 81; i++) {
            key = $5 " " (i - 1)
            if (!(key in want)) continue
            w = want[key]; g = ($1 == "ok") ? got[i] : ""
            labelled++; exact_cands += (g == w)
            for (d = 1; d <= 9; d++) {
                digits += (index(w, d) > 0); digits_read += (index(w, d) > 0 && index(g, d) > 0)
                invented += (index(w, d) == 0 && index(g, d) > 0)
            }
        }
    }
    NR != FNR {
        n++; right = 0
        for (i = 1; i <= 81; i++) {
            w = substr($3, i, 1); g = ($1 == "ok") ? substr($2, i, 1) : "."
            if (w == "p") { pencil++; if (g != ".") as_digit++; if (index(" " $7 " ", " " (i - 1) " ")) listed++ }
            if ($1 == "ok") right += (w == "0" || w == "p") ? g == "." : g == w
        }
        if ($1 == "ok") { found++; cells += right; if (right == 81) exact++ }
    }
    END {
        printf "%d/%d %d/%d %.2f%% %d/%d %d/%d %d/%d %d/%d %d\n", found, n, exact, n, 100 * cells / (81 * n),
            as_digit, pencil, listed, pencil, exact_cands, labelled, digits_read, digits, invented
    }' scan/train/candidates.txt -
}

# percentiles: "p50 p95" in ms of the microsecond numbers on standard input.
percentiles() {
    sort -n | awk '{ t[NR] = $1 } END { printf "%.0f %.0f\n", t[int((NR + 1) / 2)] / 1000, t[int(0.95 * NR + 0.999)] / 1000 }'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
photos=$data/datasets/end_to_end
if [ -z "${FOLDS:-}" ]; then
    splits="train val both"
    read_photos "$SUDOKU" "$photos"/train/images/*.jpg >"$tmp/train"
    read_photos "$SUDOKU" "$photos"/val/images/*.jpg >"$tmp/val"
    cat "$tmp/train" "$tmp/val" >"$tmp/both"
else
    splits="held-out"
    objs=$(dirname "$SUDOKU")
    : >"$tmp/held-out"
    for model in "$FOLDS"/fold*.bin; do
        fold=$tmp/$(basename "$model" .bin)
        mkdir -p "$fold"
        cp "$model" "$fold/digits.bin" # embed-model.sh names the model after its file
        scripts/embed-model.sh "$fold/model.c" "$fold/digits.bin"
        cc -c "$fold/model.c" -o "$fold/model.o"
        # the fold's model object comes first, so the archive's own is never pulled in
        cc -o "$fold/sudoku" "$objs/obj/cli/main.o" "$fold/model.o" "$objs/libcli.a" \
            "$objs/libformats.a" "$objs/libwriters.a" "$objs/libscan.a" "$objs/libsudoku.a" \
            -lleptonica -lm -lcjson -pthread
        mapfile -t held < <(sed -n 's#^phones/\([a-z]*\)/\(.*\)#'"$photos"'/\1/images/\2.jpg#p' "${model%.bin}.txt")
        [ ${#held[@]} -eq 0 ] || read_photos "$fold/sudoku" "${held[@]}" >>"$tmp/held-out"
    done
fi

echo "bench/scan-phones.sh: $SUDOKU on the train and val photos of AlexKubiesa/sudoku-scanner ($where, one thread)"
if [ -z "${FOLDS:-}" ]; then
    echo "The classifier is trained on these photos: this is how it reads what it learnt from; the"
    echo "held-out figures are scan/train/RESULTS.md's cross-validation. Candidates: scan/train/candidates.txt."
else
    echo "Held out: each photo read by the network of $FOLDS trained without its fold. Candidates:"
    echo "scan/train/candidates.txt."
fi
echo
echo "| split | photos | grids found | read exactly | cells right | pencil cells read as a digit | pencil cells listed | candidates read exactly | candidate digits read | digits invented | p50 ms | p95 ms |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for split in $splits; do
    read -r found exact cells pencil listed cands digits invented < <(score <"$tmp/$split")
    read -r p50 p95 < <(awk -F'\t' '$1 == "ok" { print $4 }' "$tmp/$split" | percentiles)
    echo "| $split | ${found#*/} | ${found%/*} | ${exact%/*} | $cells | $pencil | $listed | $cands | $digits | $invented | $p50 | $p95 |"
done
