#!/bin/sh
# deps.sh -- install the Debian 12 packages sudokud needs, and only the missing ones.
#
#   scripts/deps.sh build   compiler and libraries for the server and CLI
#   scripts/deps.sh test    build + Criterion, libcurl, clang/libFuzzer, nginx, node (OpenAPI lint
#                           and the Kubernetes manifests), and for the deployment tests:
#                           podman with runc, netavark and podman-compose, debuerreotype (the
#                           base image where no registry answers), the aarch64 cross compiler
#                           and qemu-user-static (arm64 tests)
#   scripts/deps.sh bench   build + wrk, nginx
#
# Idempotent and silent when everything is there. Needs root or sudo to install.
set -eu

build="gcc make libc6-dev pkg-config libmicrohttpd-dev libcjson-dev"
case "${1:-build}" in
build) want="$build" ;;
test)
    want="$build libcriterion-dev libcurl4-openssl-dev clang libclang-rt-14-dev nginx nodejs npm valgrind"
    # tests/container: podman names no network stack or firewall tool; netavark,
    # aardvark-dns (replica names) and iptables are what its networks use here.
    want="$want podman runc netavark aardvark-dns iptables podman-compose curl iproute2 procps"
    want="$want debuerreotype debootstrap debian-archive-keyring wget"
    # tests/cross: arm64 cross build, run under qemu-user; `file` checks the ELF.
    want="$want gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user-static file"
    ;;
bench) want="$build wrk nginx util-linux" ;;
*) echo "usage: $0 build|test|bench" >&2; exit 2 ;;
esac

missing=""
for pkg in $want; do
    # node and npm may come from outside Debian (nodesource); the commands are what count.
    case "$pkg" in
    nodejs | npm) command -v "${pkg%js}" >/dev/null 2>&1 && continue ;;
    esac
    status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$pkg" 2>/dev/null || true)
    case "$status" in ii*) ;; *) missing="$missing $pkg" ;; esac
done
[ -z "$missing" ] && exit 0

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
