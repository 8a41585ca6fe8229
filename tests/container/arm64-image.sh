#!/usr/bin/env bash
# tests/container/arm64-image.sh -- the Dockerfile built for arm64 on an x86_64 host, and the image run.
#
#   tests/container/arm64-image.sh     (`make test-image-arm64`; root, like test.sh)
#
# Not part of `make test`: every RUN of the build and the server itself run
# under qemu-user emulation, about 10 minutes from nothing (4 of them for
# the base image). It proves what `make test-arm64` cannot: that the
# Dockerfile, unmodified, builds an arm64 image whose server answers.
#
# Needs qemu-aarch64 registered with binfmt_misc (flag F, as Debian's
# qemu-user-static registers it); mounts binfmt_misc and registers it from
# /usr/lib/binfmt.d when a host without systemd-binfmt has not. The arm64
# images live in their own podman storage (build/container/arm64/), so
# debian:bookworm-slim can name the arm64 base there and the amd64 one in
# the default storage. Prints `N passed, M failed`.
set -u

cd "$(dirname "$0")/../.."
ROOT=$PWD
A=$ROOT/build/container/arm64
IMAGE=localhost/sudokud:arm64
FIXTURE=tests/data/deploy_puzzles.txt

# shellcheck source=tests/support/tap.sh
. "$ROOT/tests/support/tap.sh"

if [ "$(id -u)" -ne 0 ]; then
    bad "runs as root (rootful podman, binfmt_misc)"
    finish
fi
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    [ -e /proc/sys/fs/binfmt_misc/register ] ||
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null
    grep -h '^:qemu-aarch64:' /usr/lib/binfmt.d/qemu-aarch64.conf >/proc/sys/fs/binfmt_misc/register 2>/dev/null
fi
if [ ! -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ]; then
    bad "qemu-aarch64 is registered with binfmt_misc (qemu-user-static)"
    finish
fi
ok "qemu-aarch64 is registered with binfmt_misc"

mkdir -p "$A"
# The same engine settings as test.sh, which writes them.
if [ ! -s "$ROOT/build/container/containers.conf" ]; then
    bad "build/container/containers.conf exists (run make test-container first)"
    finish
fi
export CONTAINERS_CONF=$ROOT/build/container/containers.conf
cat >"$A/storage.conf" <<EOF
[storage]
driver = "overlay"
graphroot = "$A/storage"
runroot = "/run/sudokud-arm64-storage"
EOF
export CONTAINERS_STORAGE_CONF=$A/storage.conf

t0=$SECONDS
if ARCH=arm64 scripts/base-image.sh >"$A/base.log" 2>&1; then
    ok "arm64 debian:bookworm-slim available in $((SECONDS - t0)) s"
else
    bad "arm64 debian:bookworm-slim is built (scripts/base-image.sh)"
    tail -5 "$A/base.log"
    finish
fi
t0=$SECONDS
if podman build --arch arm64 --format docker -t "$IMAGE" . >"$A/build.log" 2>&1; then
    ok "the Dockerfile builds unmodified for arm64 in $((SECONDS - t0)) s"
else
    bad "the Dockerfile builds unmodified for arm64"
    tail -10 "$A/build.log"
    finish
fi
check "it compiled the solver for armv8-a" grep -q 'march=armv8-a' "$A/build.log"
arch=$(podman image inspect -f '{{.Architecture}} {{.Size}}' "$IMAGE")
check "the image is arm64 ($arch bytes)" [ "${arch%% *}" = arm64 ]

podman rm -f -t 0 sudokud-arm64 >/dev/null 2>&1
podman run -d --name sudokud-arm64 --read-only --cap-drop=ALL -p 127.0.0.1::8080 "$IMAGE" >/dev/null
healthy=""
for _ in $(seq 50); do
    podman healthcheck run sudokud-arm64 >/dev/null 2>&1 && healthy=yes && break
    sleep 0.2
done
check "HEALTHCHECK is healthy" [ -n "$healthy" ]
port=$(podman port sudokud-arm64 8080/tcp | head -1 | sed 's/.*://')
puzzle=$(grep -v '^#' "$FIXTURE" | head -1 | cut -d: -f1)
solution=$(grep -v '^#' "$FIXTURE" | head -1 | cut -d: -f3)
check "the arm64 server answers a solve with the known solution" grep -q "\"solution\" *: *\"$solution\"" \
    <(curl -s --max-time 20 -H 'Content-Type: application/json' -d "{\"puzzle\":\"$puzzle\"}" \
        "http://127.0.0.1:$port/v1/solve")
podman stop -t 10 sudokud-arm64 >/dev/null 2>&1
check "it exits 0 on stop" [ "$(podman inspect -f '{{.State.ExitCode}}' sudokud-arm64)" = 0 ]
podman rm -f sudokud-arm64 >/dev/null 2>&1
finish
