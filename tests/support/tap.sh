# tests/support/tap.sh -- the pass/fail lines of the shell test scripts; source it.
#
#   ok WHAT / bad WHAT        count and print one result ("ok   - WHAT [Ns]" / "FAIL - WHAT")
#   check WHAT COMMAND...     ok when COMMAND succeeds, else bad
#   finish                    print the totals and exit, non-zero when anything failed
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok   - $* [${SECONDS}s]"; }
bad() { failed=$((failed + 1)); echo "FAIL - $*"; }
check() {
    local what=$1
    shift
    if "$@"; then ok "$what"; else bad "$what"; fi
}
finish() {
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
}
