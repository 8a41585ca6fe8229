#!/bin/sh
# validate.sh -- the Kubernetes manifests under deploy/k8s/ checked without a cluster.
#
#   tests/k8s/validate.sh          (`make test-k8s`)
#
# Installs the tools pinned by tests/k8s/package-lock.json (kubernetes-models
# 4.5.1 with the Kubernetes 1.33 schemas, yaml 2.9.1, semver; all declare
# support for Node 18, and scripts/node-engines.mjs checks that they do)
# into build/node/k8s with `npm ci`, once per lock file change, with npm's
# cache in build/node so a second run needs no network. Then:
#   1. tests/k8s/bad/*.yaml, manifests with one known defect each, must be
#      refused with the error their `# expect:` line names: the checks can
#      tell;
#   2. deploy/k8s/*.yaml must pass: schemas, no unknown field, and the
#      documents fit together (tests/k8s/validate.mjs says how).
set -eu

cd "$(dirname "$0")/../.."
dir=build/node/k8s

if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "validate.sh: node and npm not found: run 'scripts/deps.sh test'" >&2
    exit 1
fi
mkdir -p "$dir"
export npm_config_cache="$PWD/build/node/npm-cache"
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
if [ ! -d "$dir/node_modules/kubernetes-models" ] || ! cmp -s tests/k8s/package-lock.json "$dir/package-lock.json"; then
    cp tests/k8s/package.json tests/k8s/package-lock.json "$dir/"
    (cd "$dir" && npm ci --silent 2>&1 | grep -v 'Unknown user config' || true)
    if [ ! -d "$dir/node_modules/kubernetes-models" ]; then
        echo "validate.sh: npm ci in $dir failed" >&2
        exit 1
    fi
fi

echo "node $(node --version), kubernetes-models $(node -p "require('./$dir/node_modules/kubernetes-models/package.json').version")"
node scripts/node-engines.mjs "$dir"
node tests/k8s/validate.mjs "$dir" --bad tests/k8s/bad/*.yaml
node tests/k8s/validate.mjs "$dir" deploy/k8s/*.yaml
