#!/usr/bin/env bash
# agreement.sh -- how well `sudoku rate` agrees with published Sudoku Explainer ratings.
#
#   bench/agreement.sh [path/to/sudoku] [FILE]   (defaults build/sudoku, tests/data/se_bank.txt)
#
# FILE holds `puzzle:rating` lines, or `puzzle:lo-hi` where only a bucket is
# published. Every puzzle is rated (two processes, one per half; this measures
# agreement, not time) and the script prints the issue's two figures:
#   - agreement on the four classes <= 1.2, 1.5-2.3, 2.5-4.9, >= 5.0 (every line),
#   - Spearman's rank correlation between the published rating and ours
#     (exactly rated lines; a puzzle logic could not finish ranks above every
#     finished one, by its search effort, as in tests/unit_logic.c),
# then, per published rating, how often our score is the same to the tenth.
set -euo pipefail

cd "$(dirname "$0")/.."
sudoku=${1:-build/sudoku}
file=${2:-tests/data/se_bank.txt}

# shellcheck source=bench/common.sh
. bench/common.sh
bench_need agreement.sh "$sudoku"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

grep -v '^#' "$file" | grep . >"$tmp/all"
cut -d: -f1 "$tmp/all" >"$tmp/puzzles"
split -n l/2 -d "$tmp/puzzles" "$tmp/part"
"$sudoku" rate "$tmp/part00" >"$tmp/out00" &
"$sudoku" rate "$tmp/part01" >"$tmp/out01"
wait
cat "$tmp/out00" "$tmp/out01" >"$tmp/ours"
[ "$(wc -l <"$tmp/ours")" -eq "$(wc -l <"$tmp/all")" ] ||
    { echo "agreement.sh: $sudoku rated a different number of puzzles" >&2; exit 1; }

# published lo, hi (equal when exact), our score, our ranking key
paste -d' ' <(cut -d: -f2 "$tmp/all" | tr '-' ' ' | awk '{ print $1, ($2 == "" ? $1 : $2) }') \
    "$tmp/ours" |
    awk '{ nodes = 0
           for (i = 4; i <= NF; i++) if ($i ~ /^search_nodes=/) { split($i, kv, "="); nodes = kv[2] }
           if (nodes > 999999) nodes = 999999
           printf "%s %s %s %.0f\n", $1, $2, $3, $3 * 1e6 + nodes }' >"$tmp/rows"

# average ranks of column COL of the exactly rated rows, ties sharing theirs
rank() {
    awk '$1 == $2' "$tmp/rows" | cat -n | sort -k"$(($1 + 1))","$(($1 + 1))"g |
        awk -v col="$(($1 + 1))" '
            { id[NR] = $1; v[NR] = $col }
            END {
                for (i = 1; i <= NR; i = j + 1) {
                    for (j = i; j < NR && v[j + 1] == v[i]; j++) {}
                    for (k = i; k <= j; k++) print id[k], (i + j) / 2
                }
            }' | sort -n | cut -d' ' -f2
}
rho=$(paste <(rank 1) <(rank 4) | awk '
    { a[NR] = $1; b[NR] = $2; ma += $1; mb += $2 }
    END {
        ma /= NR; mb /= NR
        for (i = 1; i <= NR; i++) { c += (a[i] - ma) * (b[i] - mb); va += (a[i] - ma) ^ 2; vb += (b[i] - mb) ^ 2 }
        printf "%.3f", c / sqrt(va * vb)
    }')

echo "| class (published) | puzzles | same class |"
echo "|---|--:|--:|"
awk 'function cls(s) { return s <= 1.2 ? 0 : s <= 2.4 ? 1 : s < 5 ? 2 : 3 }
     BEGIN { split("<= 1.2|1.5-2.3|2.5-4.9|>= 5.0", name, "|") }
     { c = cls($1); n[c]++; same[c] += cls($3) == c; all++; agree += cls($3) == c }
     END {
         for (c = 0; c < 4; c++) printf "| %s | %d | %.1f%% |\n", name[c + 1], n[c], 100 * same[c] / n[c]
         printf "| all | %d | **%.1f%%** |\n", all, 100 * agree / all
     }' "$tmp/rows"
echo
echo "Spearman rank correlation, $(awk '$1 == $2' "$tmp/rows" | wc -l) exactly rated puzzles: **$rho**"
echo
echo "| published | puzzles | same score | ours lower | ours higher |"
echo "|--:|--:|--:|--:|--:|"
awk '$1 == $2 { k = $1 + 0; n[k]++; same[k] += ($3 == $1); lo[k] += ($3 < $1); hi[k] += ($3 > $1) }
     END { for (k in n) printf "| %.1f | %d | %.0f%% | %.0f%% | %.0f%% |\n", k, n[k],
           100 * same[k] / n[k], 100 * lo[k] / n[k], 100 * hi[k] / n[k] }' "$tmp/rows" | sort -t'|' -k2,2g
