#!/bin/sh
# openapi-lint.sh -- lint openapi.yaml with Redocly CLI's recommended rules.
#
#   scripts/openapi-lint.sh [SPEC]      (default: openapi.yaml at the repo root)
#
# Redocly CLI is pinned, with all it pulls in, by scripts/openapi-lint/
# package-lock.json: 1.34.x is the last line that runs on Node 18 (Debian 12's
# nodejs is 18.20; 2.x needs Node >= 20.19), and its jsonpath-plus would take
# jsep 1.6.0, which declares Node >= 20.16, so package.json holds jsep at
# 1.4.0. `npm ci` installs the tree into build/node/openapi once per lock
# change, with npm's cache kept in build/node so a second run needs no
# network; scripts/node-engines.mjs then fails the lint if any package of it
# refuses Node 18.20.4. Rule settings live in redocly.yaml beside the spec.
# Exits non-zero when the linter cannot run or reports any problem: Redocly
# itself fails only on errors, but a warning (say an example that does not
# match its schema) is a defect in the contract too, so warnings fail here.
set -eu

cd "$(dirname "$0")/.."
spec=${1:-openapi.yaml}

if ! command -v npm >/dev/null 2>&1; then
    echo "openapi-lint.sh: npm not found: run 'scripts/deps.sh test' (installs nodejs and npm)" >&2
    exit 1
fi

dir=build/node/openapi
mkdir -p "$dir"
# Redocly asks its own servers for updates and sends usage data; neither is
# wanted in CI, where only the npm registry is reachable.
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
export npm_config_cache="$PWD/build/node/npm-cache"
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

if [ ! -x "$dir/node_modules/.bin/redocly" ] ||
    ! cmp -s scripts/openapi-lint/package-lock.json "$dir/package-lock.json"; then
    cp scripts/openapi-lint/package.json scripts/openapi-lint/package-lock.json "$dir/"
    (cd "$dir" && npm ci --silent --ignore-scripts 2>&1 | grep -v 'Unknown user config' || true)
    if [ ! -x "$dir/node_modules/.bin/redocly" ]; then
        echo "openapi-lint.sh: npm ci in $dir failed" >&2
        exit 1
    fi
fi
node scripts/node-engines.mjs "$dir"

out=build/node/lint.out
status=0
"$dir/node_modules/.bin/redocly" lint --config redocly.yaml "$spec" >"$out" 2>&1 || status=$?
# npm's complaint about a user setting it does not know is noise here.
grep -v 'Unknown user config' "$out" || true
if [ "$status" -ne 0 ]; then
    echo "openapi-lint.sh: redocly lint failed (exit $status)" >&2
    exit "$status"
fi
if grep -q 'You have [0-9]* warning' "$out"; then
    echo "openapi-lint.sh: warnings count as failures" >&2
    exit 1
fi
