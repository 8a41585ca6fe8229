#!/usr/bin/env bash
# tests/docs/readme.sh -- the README's command-line examples work as pasted.
#
#   tests/docs/readme.sh          (`make test-docs`; needs build/sudoku)
#
# Two kinds of ```sh block in README.md use build/sudoku without a server:
#   1. transcripts, whose commands start with "$ ": each block runs in one
#      bash (so `$ G=...` carries over), from the repository's root, and
#      every command's output must be the lines printed under it;
#   2. plain lists of `build/sudoku ...` lines: each line must exit 0 and
#      print something.
# Blocks that use curl need a running server and are left out. Then the order of
# the sections: everything about using it before Benchmarks, Architecture, Deployment.
set -u

cd "$(dirname "$0")/../.."
# shellcheck source=tests/support/tap.sh
. tests/support/tap.sh

if [ ! -x build/sudoku ]; then
    bad "build/sudoku is built (make build/sudoku)"
    finish
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-readme.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# Cuts README.md into $TMP/block.N files, the ```sh blocks that name
# build/sudoku and not curl, each with its first line number in $TMP/line.N.
awk -v dir="$TMP" '
    /^```sh$/ { inside = 1; n++; start = NR + 1; text = ""; next }
    /^```$/ && inside {
        inside = 0
        if (text ~ /build\/sudoku/ && text !~ /curl/) {
            printf "%s", text > (dir "/block." n)
            print start > (dir "/line." n)
        }
        next
    }
    inside { text = text $0 "\n" }
' README.md

blocks=0
for block in "$TMP"/block.*; do
    [ -e "$block" ] || continue
    blocks=$((blocks + 1))
    n=${block##*.}
    first=$(cat "$TMP/line.$n")
    if grep -q '^\$ ' "$block"; then
        # the commands in one script, each output after a marker line
        awk '/^\$ / { print "echo @@cmd@@"; print substr($0, 3); next }' "$block" >"$TMP/script.$n"
        awk '/^\$ / { print "@@cmd@@"; next } { print }' "$block" >"$TMP/want.$n"
        (bash "$TMP/script.$n" 2>&1) >"$TMP/got.$n"
        if cmp -s "$TMP/want.$n" "$TMP/got.$n"; then
            ok "README.md:$first: the transcript prints what it shows ($(grep -c '^\$ ' "$block") commands)"
        else
            bad "README.md:$first: the transcript prints what it shows (- README, + now)"
            diff "$TMP/want.$n" "$TMP/got.$n" | grep '^[<>]' | sed 's/^</-/; s/^>/+/; s/^/    /'
        fi
    else
        lineno=$first
        while IFS= read -r cmd; do
            if [[ "$cmd" == build/sudoku* ]]; then
                if out=$(bash -c "$cmd" 2>"$TMP/err") && [ -n "$out" ]; then
                    ok "README.md:$lineno: ${cmd%%  *}"
                else
                    bad "README.md:$lineno: ${cmd%%  *} exits 0 and prints something"
                    sed 's/^/    /' "$TMP/err"
                fi
            fi
            lineno=$((lineno + 1))
        done <"$block"
    fi
done
[ "$blocks" -gt 0 ] || bad "README.md has command-line examples"

# A newcomer reads how to use the service before how it is measured, built and deployed.
sections=$(sed -n 's/^## //p' README.md)
line_of() { grep -n -m1 -x -F "$1" <<<"$sections" | cut -d: -f1; }
later=$(line_of Benchmarks)
for s in Architecture Deployment; do
    n=$(line_of "$s")
    if [ -z "$later" ] || { [ -n "$n" ] && [ "$n" -lt "$later" ]; }; then later=$n; fi
done
for s in 'Using it' 'Ratings, explanations and hints' 'Generating puzzles' \
    'Scanning a photo' 'The page' 'The command-line tool'; do
    n=$(line_of "$s")
    if [ -n "$n" ] && [ -n "$later" ] && [ "$n" -lt "$later" ]; then
        ok "README.md: \"$s\" comes before Benchmarks, Architecture and Deployment"
    else
        bad "README.md: \"$s\" is a section, before Benchmarks, Architecture and Deployment"
    fi
done
finish
