#!/usr/bin/env bash
# tests/cross/arm64.sh NEON_DIR PLAIN_DIR -- the arm64 builds, run under qemu-user.
#
#   tests/cross/arm64.sh build/arm64 build/arm64-plain     (`make test-arm64`)
#
# Both directories hold static aarch64 binaries built by the Makefile with
# gcc-aarch64-linux-gnu: NEON_DIR with the NEON path of solver/fast9.c,
# PLAIN_DIR with the plain-C path (-DSDK_PORTABLE). Checks:
#   1. the solver's unit tests (the Makefile's ARM64_UNIT_SRC, through
#      tests/cross/criterion/criterion.h) pass in both;
#   2. the arm64 CLI answers the fixtures (tests/data: hard9, shapes,
#      diagonal with --diagonal) with the fixtures' solution counts and
#      solutions, and agrees line for line with the host's build/sudoku on
#      them and on 200 generated puzzles;
#   3. top95 from ../shared/data (when present) solves to its solutions.
# Then prints the arm64 solve speed under emulation: a sanity figure only,
# qemu's speed says nothing about real arm64 hardware.
# Runs qemu-aarch64-static directly, so no binfmt_misc registration is needed.
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 NEON_DIR PLAIN_DIR" >&2
    exit 2
fi
cd "$(dirname "$0")/../.."
NEON=$1
PLAIN=$2
HOST=build/sudoku
QEMU=${QEMU:-qemu-aarch64-static}
DATA=${SUDOKU_DATA:-../shared/data}

# shellcheck source=tests/support/tap.sh
. tests/support/tap.sh

if ! command -v "$QEMU" >/dev/null 2>&1; then
    bad "$QEMU is installed (scripts/deps.sh test: qemu-user-static)"
    finish
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-arm64.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

arch=$(file -b "$NEON/sudoku" 2>/dev/null)
if [[ "$arch" == *aarch64* ]]; then ok "$NEON/sudoku is an aarch64 executable"; else bad "$NEON/sudoku is an aarch64 executable ($arch)"; fi

# ---- 1. unit tests -----------------------------------------------------------
for dir in "$NEON" "$PLAIN"; do
    if "$QEMU" "$dir/tests/solver" >"$TMP/unit.out" 2>&1; then
        ok "solver unit tests on arm64 ($dir): $(grep -o 'Tested:.*' "$TMP/unit.out")"
    else
        bad "solver unit tests on arm64 ($dir)"
        grep -v '^\[SKIP\]' "$TMP/unit.out" | tail -20 | sed 's/^/    /'
    fi
done

# ---- 2. CLI on the fixtures --------------------------------------------------
# fixture FILE FLAGS...: puzzles and expected counts (0, 1, 2+) and solutions.
fixture() {
    local file=$1 name
    shift
    name=$(basename "$file" .txt)
    grep -v '^#' "$file" | grep . | cut -d: -f1 >"$TMP/$name.in"
    grep -v '^#' "$file" | grep . | awk -F: '{ print ($2 >= 2 ? "2+" : $2) }' >"$TMP/$name.count.want"
    grep -v '^#' "$file" | grep . | awk -F: '$2 == 1 { print NR, $3 }' >"$TMP/$name.sol.want"

    "$QEMU" "$NEON/sudoku" count --limit 2 "$@" "$TMP/$name.in" >"$TMP/$name.count" 2>&1
    "$QEMU" "$NEON/sudoku" solve "$@" "$TMP/$name.in" >"$TMP/$name.solve" 2>&1
    if diff -q "$TMP/$name.count.want" "$TMP/$name.count" >/dev/null; then
        ok "arm64 CLI counts $name.txt's solutions as the fixture does ($(wc -l <"$TMP/$name.in") puzzles)"
    else
        bad "arm64 CLI counts $name.txt's solutions as the fixture does"
        diff "$TMP/$name.count.want" "$TMP/$name.count" | head -5 | sed 's/^/    /'
    fi
    awk 'NR == FNR { want[$1] = $2; next } (FNR in want) && $0 != want[FNR] { bad++ }
         END { exit bad > 0 }' "$TMP/$name.sol.want" "$TMP/$name.solve"
    if [ $? -eq 0 ]; then
        ok "arm64 CLI solves $name.txt's unique puzzles to the fixture's solutions"
    else
        bad "arm64 CLI solves $name.txt's unique puzzles to the fixture's solutions"
    fi
    "$HOST" solve "$@" "$TMP/$name.in" >"$TMP/$name.host" 2>&1
    if cmp -s "$TMP/$name.host" "$TMP/$name.solve"; then
        ok "arm64 and $HOST answer $name.txt alike"
    else
        bad "arm64 and $HOST answer $name.txt alike"
    fi
}
fixture tests/data/hard9.txt
fixture tests/data/shapes.txt
fixture tests/data/diagonal.txt --diagonal

"$HOST" random --size 9 --count 200 --seed 13 >"$TMP/gen.txt" 2>/dev/null
"$HOST" solve --unique "$TMP/gen.txt" >"$TMP/gen.host" 2>&1
"$QEMU" "$NEON/sudoku" solve --unique "$TMP/gen.txt" >"$TMP/gen.arm64" 2>&1
if [ -s "$TMP/gen.txt" ] && cmp -s "$TMP/gen.host" "$TMP/gen.arm64"; then
    ok "arm64 and $HOST agree on $(wc -l <"$TMP/gen.txt") generated puzzles (--unique)"
else
    bad "arm64 and $HOST agree on 200 generated puzzles (--unique)"
fi

# ---- 3. top95 and the sanity figure ------------------------------------------
if [ -f "$DATA/top95.txt" ] && [ -f "$DATA/top95.solutions" ]; then
    "$QEMU" "$NEON/sudoku" solve "$DATA/top95.txt" >"$TMP/top95" 2>&1
    if cmp -s "$TMP/top95" "$DATA/top95.solutions"; then
        ok "arm64 CLI solves top95.txt to top95.solutions"
    else
        bad "arm64 CLI solves top95.txt to top95.solutions"
    fi
    echo "    arm64 speed under qemu-user emulation (sanity figure only):"
    "$QEMU" "$NEON/sudoku" bench --runs 3 "$DATA/top95.txt" 2>&1 | grep '^| top95' | sed 's/^/    /'
else
    echo "    $DATA/top95.txt absent: top95 check and speed figure skipped"
fi
finish
