#!/bin/sh
# base-image.sh -- make sure podman has debian:bookworm-slim, the Dockerfile's base.
#
#   scripts/base-image.sh          (needs root, podman, and debuerreotype when it must build)
#   ARCH=arm64 scripts/base-image.sh   another architecture (its programs run
#                                      under qemu-user-static through binfmt_misc)
#
# From a registry when one answers; else built from the Debian archive
# (deb.debian.org, reachable where registries are not) with debuerreotype,
# the tool the official image is made with, the same steps in the same
# order: init, minimizing config, sources, upgrade, slimify, tar. The
# tarball is cached as build/container/debian-bookworm-slim.tar, so a second
# run (or a `podman system reset`) costs an import, not a bootstrap. Delete
# it to take newer packages from the archive.
#
# The image is tagged docker.io/library/debian:bookworm-slim, the name
# `FROM debian:bookworm-slim` resolves to, so the Dockerfile is built as is.
set -eu

IMAGE=docker.io/library/debian:bookworm-slim
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
HOST_ARCH=$(dpkg --print-architecture)
ARCH=${ARCH:-$HOST_ARCH}
cd "$(dirname "$0")/.."
CACHE=$PWD/build/container
TAR=$CACHE/debian-bookworm-slim.tar
[ "$ARCH" = "$HOST_ARCH" ] || TAR=$CACHE/debian-bookworm-slim-$ARCH.tar

if podman image exists "$IMAGE" &&
    [ "$(podman image inspect -f '{{.Architecture}}' "$IMAGE")" = "$ARCH" ]; then
    exit 0
fi
mkdir -p "$CACHE"

if [ ! -s "$TAR" ]; then
    # A registry that answers wins; one that does not must not stall CI.
    if timeout 20 podman pull -q --arch "$ARCH" "$IMAGE" >/dev/null 2>&1; then
        exit 0
    fi
    echo "base-image.sh: no registry gives $IMAGE: building it from $MIRROR with debuerreotype"
    rootfs=$CACHE/rootfs-$ARCH
    rm -rf "$rootfs" "$TAR.tmp"
    debuerreotype-init --non-debian --arch "$ARCH" "$rootfs" bookworm "$MIRROR" >"$CACHE/base-image-$ARCH.log" 2>&1
    debuerreotype-minimizing-config "$rootfs"
    # The official image's sources, written here: debuerreotype-debian-sources-list
    # asks snapshot.debian.org, which is not reachable where registries are not.
    rm -f "$rootfs/etc/apt/sources.list"
    cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    debuerreotype-apt-get "$rootfs" update -qq >>"$CACHE/base-image-$ARCH.log" 2>&1
    debuerreotype-apt-get "$rootfs" dist-upgrade -yqq >>"$CACHE/base-image-$ARCH.log" 2>&1
    debuerreotype-slimify "$rootfs"
    debuerreotype-apt-get "$rootfs" clean
    rm -rf "$rootfs"/var/lib/apt/lists/*
    debuerreotype-tar "$rootfs" "$TAR.tmp"
    rm -rf "$rootfs"
    mv "$TAR.tmp" "$TAR"
fi
podman import -q --arch "$ARCH" --change 'CMD ["bash"]' "$TAR" "$IMAGE" >/dev/null
echo "base-image.sh: $IMAGE imported from $TAR"
