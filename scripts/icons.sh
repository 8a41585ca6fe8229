#!/bin/sh
# icons.sh -- the page's PNG icons (web/icon-192.png, web/icon-512.png) from web/favicon.svg.
#
#   scripts/icons.sh        (from anywhere; after a change to web/favicon.svg, then commit them)
#
# An installed web app needs raster icons of 192 and 512 pixels (web/manifest.webmanifest names
# them); they are made once and committed, so a build needs no SVG renderer. rsvg-convert is in
# Debian's librsvg2-bin; its output is the same from one run to the next.
set -eu
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null 2>&1 || { echo "icons.sh: rsvg-convert missing: apt-get install librsvg2-bin" >&2; exit 2; }
for size in 192 512; do
    rsvg-convert -w "$size" -h "$size" -o "web/icon-$size.png" web/favicon.svg
done
