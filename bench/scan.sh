#!/usr/bin/env bash
# bench/scan.sh [SUDOKU [BENCH_CLASSIFY]] -- how well and how fast `sudoku scan` reads the train photos.
#
# Extracts the photos of the dataset's two train lists (scripts/scan-data.sh:
# datasets/v2_train.desc, printed puzzles, and datasets/v2_mixed_train.desc,
# the same grids filled in by hand; nothing else of the dataset) into
# build/scan-data/, reads them all with one `sudoku scan --json` and prints
# a table:
#   grids found          photos with a reading, per list
#   puzzles exact        v2_train photos whose givens and blanks are all right
#   cells right          v2_train cells read right (a photo with no grid: 0 of 81)
#   mixed 81/81          mixed photos with every cell right, givens and entries
#   mixed cells right    their cells, a cell right when both its given and its entry are
#                        (only mixed photos whose printed twin is in v2_train: the
#                        twin's .dat says which digits are printed)
#   p50 / p95 ms         decode + detect + recognise per photo (timing_us), pinned
#   CPU ms/photo         user + system time of the reading process over its photos
# then the same time for a 12-megapixel photo (a train photo scaled to 4000x3000
# with noise, so it compresses like a camera's), read 20 times; then the digit
# network alone at each vector width (bench/classify.c, build/bench-classify) on
# the cells build/scan-dump cuts from the first 20 mixed photos.
#
# These are the photos the classifier was trained on: the figures show the
# pipeline works end to end, not how it does on new photos (the classifier's
# cross-validated figures are in scan/train/). Expected digits come from the
# dataset's .dat files (line 2, the image size, is ignored).
# Needs jq, /usr/bin/time and /usr/bin/python3 with PIL (scripts/deps.sh bench).
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=bench/common.sh
. bench/common.sh
SUDOKU=${1:-build/sudoku}
BENCH_CLASSIFY=${2:-build/bench-classify}
DUMP=$(dirname "$BENCH_CLASSIFY")/scan-dump
bench_need bench/scan.sh "$SUDOKU"
bench_need bench/scan.sh "$BENCH_CLASSIFY" "make $BENCH_CLASSIFY"
bench_need bench/scan.sh "$DUMP" "make $DUMP"
bench_pin 1
data=build/scan-data
scripts/scan-data.sh "$data" >/dev/null

# digits FILE.dat: its 81 digits as one string, 0 = blank.
digits() { sed -n '3,11p' "$1" | tr -dc '0-9'; }

# scan_json NAME FILE...: `sudoku scan --json FILE...` on standard output, and the
# process's CPU milliseconds per file in $tmp/NAME.cpu (/usr/bin/time: user + system).
scan_json() {
    local name=$1
    shift
    # exit 1 (some photo not read as a unique puzzle) is a result here
    "${pin[@]}" /usr/bin/time -f '%U %S' -o "$tmp/$name.time" "$SUDOKU" scan --json "$@" 2>/dev/null || true
    tail -n 1 "$tmp/$name.time" | awk -v n=$# '{ printf "%.0f\n", ($1 + $2) * 1000 / n }' >"$tmp/$name.cpu"
}

# read_list DESC: one line per photo: "ok|miss GOT_PUZZLE GOT_ENTRIES TOTAL_US WANT_V2 WANT_MIXED"
read_list() {
    local desc=$1 files=() f
    while read -r f; do files+=("$data/$f"); done <"$data/$desc"
    scan_json "$desc" "${files[@]}" |
        jq -r '[(if .puzzle then "ok" else "miss" end), (.puzzle // "-"), (.entries // "-"),
                (.timing_us.decode + .timing_us.detect + .timing_us.recognise)] | @tsv' |
        paste - <(while read -r f; do
            id=${f##*/}
            id=${id%.jpg}
            v2=$data/images/$id.dat
            mixed=$data/mixed/$id.dat
            printf '%s\t%s\n' "$( [ -f "$v2" ] && digits "$v2" || echo -)" "$( [ -f "$mixed" ] && digits "$mixed" || echo -)"
        done <"$data/$desc")
}

# score LIST: the table row's numbers for one list (awk over read_list lines).
score() {
    awk -F'\t' -v list="$1" '
    function cell_ok_v2(i) { w = substr($5, i, 1); g = substr($2, i, 1); return (w == "0" ? g == "." : g == w) }
    function cell_ok_mixed(i) {
        w = substr($5, i, 1); m = substr($6, i, 1); g = substr($2, i, 1); e = substr($3, i, 1)
        return w == "0" ? (g == "." && e == m) : (g == w && e == ".")
    }
    # a mixed photo whose printed twin is not in v2_train has no list of givens
    length($5) != 81 { next }
    { n++ }
    $1 == "ok" {
        found++; right = 0
        for (i = 1; i <= 81; i++) right += (list == "v2" ? cell_ok_v2(i) : cell_ok_mixed(i))
        cells += right; if (right == 81) exact++
    }
    END { printf "%d/%d %d/%d %.2f%%\n", found, n, exact, n, 100 * cells / (81 * n) }'
}

# percentiles: "p50 p95" in ms of the microsecond numbers on standard input.
percentiles() {
    sort -n | awk '{ t[NR] = $1 } END { printf "%.0f %.0f\n", t[int((NR + 1) / 2)] / 1000, t[int(0.95 * NR + 0.999)] / 1000 }'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
read_list v2_train.desc >"$tmp/v2"
read_list v2_mixed_train.desc >"$tmp/mixed"
read -r v2_found v2_exact v2_cells < <(score v2 <"$tmp/v2")
read -r mx_found mx_exact mx_cells < <(score mixed <"$tmp/mixed")
read -r v2_p50 v2_p95 < <(cut -f4 "$tmp/v2" | percentiles)
read -r mx_p50 mx_p95 < <(cut -f4 "$tmp/mixed" | percentiles)

big=$data/big-12mp.jpg
if [ ! -s "$big" ]; then
    /usr/bin/python3 - "$data/images/$(sed -n 1p "$data/v2_train.desc" | sed 's#.*/##')" "$big" <<'PY'
import sys, random
from PIL import Image, ImageFilter
random.seed(12)
im = Image.open(sys.argv[1]).convert("RGB").resize((4000, 3000), Image.BICUBIC)
noise = Image.effect_noise((4000, 3000), 40).convert("RGB")
Image.blend(im, noise, 0.15).save(sys.argv[2], quality=92)
PY
fi
bigs=()
for _ in $(seq 20); do bigs+=("$big"); done
read -r big_p50 big_p95 < <(scan_json big "${bigs[@]}" |
    jq -r '.timing_us.decode + .timing_us.detect + .timing_us.recognise' | percentiles)

echo "bench/scan.sh: $SUDOKU on the TRAIN photos of wichtounet/sudoku_dataset ($where, one thread)"
echo "These photos trained the classifier: see scan/train/ for cross-validated figures."
echo
echo "| list | photos | grids found | read exactly | cells right | p50 ms | p95 ms | CPU ms/photo |"
echo "|---|---|---|---|---|---|---|---|"
echo "| v2_train (givens and blanks) | ${v2_found#*/} | ${v2_found%/*} | ${v2_exact%/*} | $v2_cells | $v2_p50 | $v2_p95 | $(cat "$tmp/v2_train.desc.cpu") |"
echo "| v2_mixed_train (givens and entries, all 81) | ${mx_found#*/} | ${mx_found%/*} | ${mx_exact%/*} | $mx_cells | $mx_p50 | $mx_p95 | $(cat "$tmp/v2_mixed_train.desc.cpu") |"
echo "| 12 MP photo, $(stat -c %s "$big" | awk '{ printf "%.1f MB", $1 / 1e6 }'), 20 reads | 1 | | | | $big_p50 | $big_p95 | $(cat "$tmp/big.cpu") |"
echo
echo "p50/p95: wall time of decode + detect + recognise (timing_us); CPU ms/photo: the"
echo "process's user + system time over its photos (file reading included). When the"
echo "machine is busy, the wall times grow and the CPU time does not."

cells=()
while read -r f; do
    "$DUMP" "$data/$f" "$tmp/${f##*/}.cells" >/dev/null
    cells+=("$tmp/${f##*/}.cells")
done < <(head -n 20 "$data/v2_mixed_train.desc")
echo
echo "The digit network alone (scan_classify_lanes, CPU time of the thread, median of 7 rounds):"
echo
"${pin[@]}" "$BENCH_CLASSIFY" "${cells[@]}"
