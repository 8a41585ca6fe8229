#!/bin/sh
# deps.sh -- install the Debian 12 packages sudokud needs, and only the missing ones.
#
#   scripts/deps.sh build   compiler and libraries for the server and CLI
#   scripts/deps.sh test    build + Criterion, libcurl, clang/libFuzzer, nginx, node (OpenAPI lint
#                           and the Kubernetes manifests), what `browser` installs, and for the
#                           deployment tests: podman with runc, netavark and podman-compose,
#                           debuerreotype (the base image where no registry answers), the aarch64
#                           cross compiler and qemu-user-static (arm64 tests)
#   scripts/deps.sh browser build + Debian's chromium, node and npm, nginx, and tests/browser's npm
#                           packages (playwright-core, axe-core, lighthouse; pinned in its
#                           package-lock.json)
#   scripts/deps.sh bench   build + wrk, nginx
#
# Idempotent and silent when everything is there. Needs root or sudo to install Debian
# packages; the npm packages go into tests/browser/node_modules as the calling user.
set -eu

build="gcc make libc6-dev pkg-config libmicrohttpd-dev libcjson-dev libleptonica-dev"
browser="chromium nodejs npm nginx"
npm_dirs=""
case "${1:-build}" in
build) want="$build" ;;
test)
    want="$build libcriterion-dev libcurl4-openssl-dev clang libclang-rt-14-dev valgrind $browser"
    npm_dirs="tests/browser"
    # tests/container: podman names no network stack or firewall tool; netavark,
    # aardvark-dns (replica names) and iptables are what its networks use here.
    want="$want podman runc netavark aardvark-dns iptables podman-compose curl iproute2 procps"
    want="$want debuerreotype debootstrap debian-archive-keyring wget"
    # tests/cross: arm64 cross build, run under qemu-user; `file` checks the ELF.
    want="$want gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static file"
    # tests/man.sh: the man pages read by nroff -man -ww.
    want="$want groff-base"
    ;;
browser) want="$build $browser"; npm_dirs="tests/browser" ;;
bench) want="$build wrk nginx util-linux jq time python3-pil" ;;
*) echo "usage: $0 build|test|browser|bench" >&2; exit 2 ;;
esac

# npm packages of a folder, from its package-lock.json, when node_modules is older than the
# lock (npm ci writes node_modules/.package-lock.json last). Never downloads a browser:
# playwright-core drives the chromium Debian installed.
npm_install() {
    cd "$(dirname "$0")/.."
    for dir in $npm_dirs; do
        stamp="$dir/node_modules/.package-lock.json"
        if [ ! -f "$stamp" ] || [ "$dir/package-lock.json" -nt "$stamp" ]; then
            echo "deps.sh: npm ci in $dir"
            (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
        fi
    done
}

missing=""
for pkg in $want; do
    # node and npm may come from outside Debian (nodesource); the commands are what count.
    case "$pkg" in
    nodejs | npm) command -v "${pkg%js}" >/dev/null 2>&1 && continue ;;
    esac
    status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)
    case "$status" in ii*) ;; *) missing="$missing $pkg" ;; esac
done
if [ -z "$missing" ]; then
    npm_install
    exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
    sudo=""
elif command -v sudo >/dev/null 2>&1; then
    sudo="sudo"
else
    echo "deps.sh: missing Debian packages:$missing" >&2
    echo "deps.sh: not root and no sudo: install them with 'apt-get install$missing' as root" >&2
    exit 1
fi

echo "deps.sh: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086 # word splitting of the package list is intended
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
npm_install
