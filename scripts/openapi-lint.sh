#!/bin/sh
# openapi-lint.sh -- lint openapi.yaml with Redocly CLI's recommended rules.
#
#   scripts/openapi-lint.sh [SPEC]      (default: openapi.yaml at the repo root)
#
# Redocly CLI is pinned: 1.34.x is the last line that runs on Node 18
# (Debian 12's nodejs; 2.x needs Node >= 20.19). It comes from the npm registry
# through npx, with npm's cache kept in build/node so a second run needs no
# network. Rule settings live in redocly.yaml beside the spec.
# Exits non-zero when the linter cannot run or reports any problem: Redocly
# itself fails only on errors, but a warning (say an example that does not
# match its schema) is a defect in the contract too, so warnings fail here.
set -eu

REDOCLY_VERSION=1.34.20

cd "$(dirname "$0")/.."
spec=${1:-openapi.yaml}

if ! command -v npx >/dev/null 2>&1; then
    echo "openapi-lint.sh: npx not found: run 'scripts/deps.sh test' (installs nodejs and npm)" >&2
    exit 1
fi

mkdir -p build/node
# Redocly asks its own servers for updates and sends usage data; neither is
# wanted in CI, where only the npm registry is reachable.
export REDOCLY_TELEMETRY=off REDOCLY_SUPPRESS_UPDATE_NOTICE=true
export npm_config_cache="$PWD/build/node/npm-cache"
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false

out=build/node/lint.out
status=0
npx --yes "@redocly/cli@$REDOCLY_VERSION" lint --config redocly.yaml "$spec" >"$out" 2>&1 || status=$?
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
