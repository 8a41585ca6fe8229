#!/usr/bin/env bash
# tests/docs/man.sh -- the man pages read cleanly and say what --help says.
#
#   tests/docs/man.sh [SUDOKU_BIN [SUDOKUD_BIN]]      (`make test-docs`; build/sudoku, build/sudokud)
#
# For man/sudoku.1 against `sudoku help` and man/sudokud.8 against
# `sudokud --help`:
#   1. `nroff -man -ww` formats the page without a warning;
#   2. every option the help names (--long and -X), and every SUDOKUD_*
#      variable, is in the page, and every one the page names is in the help;
#   3. sudokud only: each `env VAR, default D` of the help reads
#      "Variable VAR; default D" in the formatted page.
# Then `make install DESTDIR=...` must put both pages in share/man.
set -u

cd "$(dirname "$0")/../.."
SUDOKU=${1:-build/sudoku}
SUDOKUD=${2:-build/sudokud}

# shellcheck source=tests/support/tap.sh
. tests/support/tap.sh

if ! command -v nroff >/dev/null 2>&1; then
    bad "nroff is installed (scripts/deps.sh test: groff-base)"
    finish
fi
TMP=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-man.XXXXXX")
trap 'rm -rf "$TMP"' EXIT

# The options and variables a text names, one a line, sorted: --long options,
# short ones standing alone (-V, not the - of A-Z or non-empty), SUDOKUD_*.
names() {
    grep -oE '(^|[^-[:alnum:]_])--?[A-Za-z][A-Za-z0-9-]*|SUDOKUD_[A-Z_]+' |
        sed -E 's/^[^-S]//' | sort -u
}

# The page's source as text: \- is -, font escapes go, and so do comments
# and the .nf blocks of examples (which hold other programs' flags too).
page_text() {
    sed -e '/^\.nf/,/^\.fi/d' -e '/^\.\\"/d' -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' \
        -e 's/\\&//g' -e 's/\\c$//' "$1"
}

# check_page PAGE HELP-TEXT-FILE
check_page() {
    local page=$1 help=$2 name
    name=$(basename "$page")
    nroff -man -ww "$page" >"$TMP/$name.txt" 2>"$TMP/$name.warn"
    if [ $? -eq 0 ] && [ ! -s "$TMP/$name.warn" ]; then
        ok "$name: nroff -man -ww formats it without a warning"
    else
        bad "$name: nroff -man -ww warns"
        sed 's/^/    /' "$TMP/$name.warn"
    fi
    names <"$help" >"$TMP/$name.help-names"
    page_text "$page" | names >"$TMP/$name.page-names"
    if [ ! -s "$TMP/$name.help-names" ]; then
        bad "$name: the help names options"
    elif cmp -s "$TMP/$name.help-names" "$TMP/$name.page-names"; then
        ok "$name: names the $(wc -l <"$TMP/$name.help-names") options and variables the help names, and no other"
    else
        bad "$name: the options the help names (<) and the page names (>) differ"
        diff "$TMP/$name.help-names" "$TMP/$name.page-names" | grep '^[<>]' | sed 's/^/    /'
    fi
}

"$SUDOKU" help >"$TMP/sudoku.help"
check_page man/sudoku.1 "$TMP/sudoku.help"
"$SUDOKUD" --help >"$TMP/sudokud.help"
check_page man/sudokud.8 "$TMP/sudokud.help"

# Defaults: the formatted page, joined into one line, holds the help's words.
tr -s ' \n' '  ' <"$TMP/sudokud.8.txt" | sed 's/.\x08//g; s/‐ //g' >"$TMP/sudokud.8.flat"
missing=0
while read -r var def; do
    if ! grep -qF "Variable $var; default $def" "$TMP/sudokud.8.flat"; then
        bad "sudokud.8 says 'Variable $var; default $def'"
        missing=1
    fi
done < <(sed -nE 's/.*env (SUDOKUD_[A-Z_]+), default (.*)$/\1 \2/p' "$TMP/sudokud.help")
[ $missing -eq 0 ] && ok "sudokud.8 gives every default --help gives"

if make -s --no-print-directory install DESTDIR="$TMP/root" PREFIX=/usr >"$TMP/install.log" 2>&1 &&
    [ -f "$TMP/root/usr/share/man/man1/sudoku.1" ] && [ -f "$TMP/root/usr/share/man/man8/sudokud.8" ]; then
    ok "make install puts sudoku.1 and sudokud.8 under share/man"
else
    bad "make install puts sudoku.1 and sudokud.8 under share/man"
    sed 's/^/    /' "$TMP/install.log"
fi
finish
