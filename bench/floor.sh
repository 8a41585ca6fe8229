#!/usr/bin/env bash
# bench/floor.sh -- how near bench/http.sh's solve ceiling any HTTP server can get on this machine.
#
# bench/http.sh compares POST /v1/solve with 1 / (1/healthz + 1/solver). This
# script builds, in a scratch copy of the tree, a sudokud whose GET /healthz
# also does a solve's work, in one of two ways:
#
#   spin    burns the solver's mean time (from `sudoku bench`) on the clock
#   solve   solves the next top95 puzzle on the network thread: no body, no
#           JSON, nothing allocated; only the solver between two answers
#
# and runs both, the real /healthz and the real POST /v1/solve, interleaved
# over BENCH_ROUNDS rounds (server on SERVER_CPU, wrk on CLIENT_CPU, 64
# connections, as bench/http.sh). Each prints its share of that round's
# ceiling: spin shows what the machine takes from any answer at that rate,
# solve what running the solver between answers adds, and the gap from solve
# to POST /v1/solve is all the HTTP and JSON work of a solve.
#
# Environment: SUDOKU_DATA (default ../shared/data), BENCH_SECONDS per run
# (default 6), BENCH_ROUNDS (default 3), SERVER_CPU (default 1), CLIENT_CPU
# (default 0).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DATA=$(cd "${SUDOKU_DATA:-$ROOT/../shared/data}" && pwd)
SECS=${BENCH_SECONDS:-6}
ROUNDS=${BENCH_ROUNDS:-3}
SCPU=${SERVER_CPU:-1}
CCPU=${CLIENT_CPU:-0}
TOP95=$DATA/top95.txt
LUA=$ROOT/bench/http.lua
# shellcheck source=bench/common.sh
. "$ROOT/bench/common.sh"

[ -r "$TOP95" ] || { echo "floor.sh: cannot read $TOP95 (set SUDOKU_DATA)" >&2; exit 2; }
for cmd in wrk taskset git make; do
    command -v "$cmd" >/dev/null || { echo "floor.sh: $cmd missing: scripts/deps.sh bench" >&2; exit 2; }
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-floor.XXXXXX")
pid=""
cleanup() {
    [ -z "$pid" ] || { kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null || true; }
    rm -rf "$TMP"
}
trap cleanup EXIT

# The scratch tree: the committed sources, with /healthz doing a solve's work.
git -C "$ROOT" archive HEAD | tar -x -C "$TMP"
git -C "$TMP" apply - <<'PATCH'
--- a/server/ep_health.c
+++ b/server/ep_health.c
@@ -1,16 +1,60 @@
 /* ep_health.c -- GET /healthz, /readyz and /v1/info: answered from memory, never queued.
  *
  * /healthz says the version too (version.h), so a probe or an operator can
  * tell which release answers without a second request. */
+#include <stdio.h>
+#include <stdlib.h>
+#include <string.h>
+
 #include "server/config.h"
 #include "server/endpoint.h"
 #include "server/input.h"
+#include "server/worker.h"
+
+/* bench/floor.sh's build: FLOOR_SPIN_NS and FLOOR_PUZZLES; one network thread. */
+static uint64_t floor_spin_ns;
+static uint8_t floor_cells[200][81];
+static int floor_n, floor_next;
+
+static void floor_work(api_context *ctx)
+{
+    static bool loaded;
+    if (!loaded) {
+        loaded = true;
+        const char *spin = getenv("FLOOR_SPIN_NS"), *file = getenv("FLOOR_PUZZLES");
+        if (spin != NULL) floor_spin_ns = strtoull(spin, NULL, 10);
+        FILE *f = file != NULL ? fopen(file, "r") : NULL;
+        char line[128];
+        uint8_t cells[SUDOKU_MAX_TEXT_SIZE * SUDOKU_MAX_TEXT_SIZE];
+        while (f != NULL && floor_n < 200 && fgets(line, sizeof(line), f) != NULL) {
+            if (sudoku_parse_cells(line, strcspn(line, "\r\n"), 9, cells, NULL) != 9) continue;
+            memcpy(floor_cells[floor_n++], cells, 81);
+        }
+        if (f != NULL) fclose(f);
+    }
+    if (floor_spin_ns != 0) {
+        uint64_t until = sudoku_now_ns() + floor_spin_ns;
+        while (sudoku_now_ns() < until) continue;
+    }
+    if (floor_n == 0) return;
+    worker *w = job_runner_local(ctx->runner);
+    if (w == NULL) return;
+    sudoku_puzzle *p = &w->puzzle;
+    p->size = 9;
+    p->box_rows = p->box_cols = 3;
+    p->diagonal = p->has_regions = false;
+    memcpy(p->cells, floor_cells[floor_next], 81);
+    floor_next = (floor_next + 1) % floor_n;
+    sudoku_limits limits = api_limits(ctx, 2, sudoku_now_ns() + 1000000000u);
+    sudoku_result r = {.solutions = w->solutions, .solutions_capacity = 1};
+    sudoku_solve(w->solver, p, &limits, &r);
+}
 
 job *ep_healthz(api_context *ctx, const api_request *req, api_response *resp)
 {
     static const char ok[] = "{\"status\":\"ok\",\"version\":\"" SUDOKUD_VERSION "\"}";
-    (void)ctx;
     (void)req;
+    floor_work(ctx);
     reply_static(resp, API_HTTP_OK, CT_JSON, ok, sizeof(ok) - 1);
     return NULL;
 }
PATCH
echo "floor.sh: building the real and the floor sudokud..." >&2
make -C "$ROOT" -s build/sudokud build/sudoku >/dev/null
make -C "$TMP" -s build/sudokud >/dev/null

# rps ENV... -- MODE BINARY: one wrk run against a fresh server; prints requests/s.
rps() {
    local envs=()
    while [ "$1" != -- ]; do envs+=("$1"); shift; done
    local mode=$2 bin=$3 out="$TMP/server.out" port
    env "${envs[@]}" taskset -c "$SCPU" "$bin" --bind 127.0.0.1 --port 0 --generate-reserve 0 \
        >"$out" 2>/dev/null &
    pid=$!
    port=$(bench_port "$out")
    [ -n "$port" ] || { echo "floor.sh: $bin did not print 'listening on'" >&2; exit 1; }
    taskset -c "$CCPU" wrk -t 1 -c 64 -d "${SECS}s" -s "$LUA" "http://127.0.0.1:$port" -- \
        "$mode" "$TOP95" | sed -n 's/^RESULT .*rps=\([0-9]*\).*/\1/p'
    kill "$pid"
    wait "$pid" 2>/dev/null || true
    pid=""
}

echo "| round | solver (puzzles/s) | GET /healthz | ceiling | + spin | + inline solve | POST /v1/solve |"
echo "|--:|--:|--:|--:|--:|--:|--:|"
for r in $(seq "$ROUNDS"); do
    echo "floor.sh: round $r of $ROUNDS..." >&2
    s=$(taskset -c "$SCPU" "$ROOT/build/sudoku" bench --unique --as-written --runs 5 "$TOP95" |
        awk -F'|' '/^\| top95/ { gsub(/ /, "", $4); print $4 }')
    h=$(rps X=0 -- healthz "$ROOT/build/sudokud")
    spin=$(rps "FLOOR_SPIN_NS=$(awk "BEGIN { printf \"%d\", 1e9 / $s }")" -- healthz "$TMP/build/sudokud")
    inline=$(rps "FLOOR_PUZZLES=$TOP95" -- healthz "$TMP/build/sudokud")
    solve=$(rps X=0 -- solve "$ROOT/build/sudokud")
    awk -v r="$r" -v s="$s" -v h="$h" -v a="$spin" -v b="$inline" -v c="$solve" 'BEGIN {
        ceil = 1 / (1 / h + 1 / s)
        printf "| %d | %d | %d | %.0f | %d = %.3f | %d = %.3f | %d = %.3f |\n",
            r, s, h, ceil, a, a / ceil, b, b / ceil, c, c / ceil }'
done
echo
echo "Shares of each round's ceiling 1/(1/healthz + 1/solver); server on CPU $SCPU, wrk on CPU $CCPU," \
    "64 connections, ${SECS}s a run; $(nproc) cores."
