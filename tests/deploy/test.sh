#!/usr/bin/env bash
# tests/deploy/test.sh BINARY -- the deployment test: three sudokud replicas
# behind nginx configured with deploy/nginx.conf, as docker-compose.yml runs
# them, but as local processes (no Docker engine needed).
#
# DESIGN. The proxy runs the shipped deploy/nginx.conf with exactly one line
# changed (`listen 80;` -> a free loopback port), the pid path moved into
# the temp dir, and its own upstreams.conf:
# the shipped server line once per replica, `sudokud:8080` replaced by the
# replica's address. Every path in nginx.conf is relative to nginx's prefix
# (-p), here a temp dir, so nothing needs root and no system nginx is used.
#
#   1. proxy: requests reach a replica, X-Request-Id passes through;
#   2. failover: NSOLVES solves of tests/data/deploy_puzzles.txt from
#      parallel clients; a quarter of the way in one replica hangs (SIGSTOP,
#      so requests pile up on it) and then dies (SIGKILL); every answer must
#      still be 200 with the known solution, and every replica must have
#      served some;
#   3. rate limit: nginx.conf exempts loopback 127.0.0.1 from its per-client
#      limits (that is how phase 2 runs unthrottled), so this phase sends a
#      burst from 127.0.0.2 and expects 429 problem+json beyond the limit;
#   4. reload: the documented `nginx -s reload` (no -p, so it finds the
#      master through nginx.conf's absolute pid path) makes the master start
#      new workers, and the proxy goes on answering;
#   5. shutdown: SIGTERM makes each surviving replica exit 0; SIGQUIT stops
#      nginx gracefully: its master exits 0 and no process of its group
#      (its workers) is left behind.
#
# nginx runs in its own process group (setsid), so whatever happens, the
# exit trap can end the master and its workers together.
#
# Bounded: a watchdog ends the run after 60 s. Prints `N passed, M failed`.
set -u

if [ $# -ne 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 path/to/sudokud" >&2
    exit 2
fi
BIN=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
FIXTURE=$ROOT/tests/data/deploy_puzzles.txt
NGINX=${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
NSOLVES=${NSOLVES:-800}
CLIENTS=8
REPLICAS=3
# Rate limit phase: requests in one burst, well above burst=100 of nginx.conf
# even when a slow machine takes seconds to send them (50 r/s refill).
BURST=500

# shellcheck source=tests/support/tap.sh
. "$ROOT/tests/support/tap.sh"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-deploy.XXXXXX")
# nginx workers drop root (to nobody) when the test runs as root: they must
# be able to reach their temp dirs below this one.
chmod 755 "$TMP"
pids=()
npid=""
watchdog=""
# shellcheck disable=SC2317 # called by the EXIT trap
cleanup() {
    local p
    # nginx's whole group: a SIGKILLed master leaves its workers running.
    [ -n "$npid" ] && kill -KILL -- "-$npid" 2>/dev/null
    for p in "${pids[@]}" $watchdog; do kill -KILL "$p" 2>/dev/null; done
    wait 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'bad "finished in time (interrupted or past 60 s)"; finish' INT TERM
deadline=$(($(date +%s) + 60))
(
    while [ "$(date +%s)" -lt "$deadline" ]; do
        sleep 0.5
        kill -0 $$ 2>/dev/null || exit 0
    done
    kill -TERM $$
) &
watchdog=$!

for cmd in "$NGINX" curl; do
    if ! command -v "$cmd" >/dev/null 2>&1; then
        bad "$cmd is installed (scripts/deps.sh test)"
        finish
    fi
done

# ---- replicas --------------------------------------------------------------
# wait_listen FILE: prints the port from sudokud's `listening on ADDR:PORT`.
wait_listen() {
    local i line
    for i in $(seq 100); do
        line=$(grep -m1 '^listening on ' "$1" 2>/dev/null)
        if [ -n "$line" ]; then
            echo "${line##*:}"
            return 0
        fi
        sleep 0.05
    done
    return 1
}

ports=()
bpids=()
for r in $(seq 0 $((REPLICAS - 1))); do
    "$BIN" --bind 127.0.0.1 --port 0 --workers 2 --log-level info \
        >"$TMP/replica$r.out" 2>"$TMP/replica$r.err" &
    bpids[r]=$!
    pids+=($!)
done
for r in $(seq 0 $((REPLICAS - 1))); do
    if port=$(wait_listen "$TMP/replica$r.out"); then
        ports[r]=$port
    else
        bad "replica $r prints 'listening on ADDR:PORT'"
        sed 's/^/    /' "$TMP/replica$r.err" | head -20
        finish
    fi
done
ok "$REPLICAS replicas listening on ports ${ports[*]}"

# ---- proxy -----------------------------------------------------------------
sed -n '/^server /p' "$ROOT/deploy/upstreams.conf" >"$TMP/upstream.line"
if [ "$(grep -c 'sudokud:8080' "$TMP/upstream.line")" -ne 1 ]; then
    bad "deploy/upstreams.conf has one 'server sudokud:8080 ...;' line"
    finish
fi
: >"$TMP/upstreams.conf"
for port in "${ports[@]}"; do
    sed "s/sudokud:8080/127.0.0.1:$port/" "$TMP/upstream.line" >>"$TMP/upstreams.conf"
done

# start_nginx PORT: starts the proxy on PORT; fails when it did not come up.
start_nginx() {
    sed -e "s/^\( *\)listen 80;/\1listen 127.0.0.1:$1;/" \
        -e "s|^pid /[^;]*;|pid $TMP/nginx.pid;|" "$ROOT/deploy/nginx.conf" >"$TMP/nginx.conf"
    if [ "$(grep -c "listen 127.0.0.1:$1;" "$TMP/nginx.conf")" -ne 1 ]; then
        echo "deploy/nginx.conf: no single 'listen 80;' line to rewrite" >"$TMP/nginx.err"
        return 1
    fi
    if [ "$(grep -c "^pid $TMP/nginx.pid;" "$TMP/nginx.conf")" -ne 1 ]; then
        echo "deploy/nginx.conf: no single 'pid /ABSOLUTE/PATH;' line to rewrite" >"$TMP/nginx.err"
        return 1
    fi
    # Its own process group (setsid execs nginx in place: $! is the master).
    setsid "$NGINX" -p "$TMP/" -c "$TMP/nginx.conf" -e stderr -g 'daemon off;' \
        >"$TMP/access.log" 2>"$TMP/nginx.err" &
    npid=$!
    local i
    for i in $(seq 50); do
        if ! kill -0 "$npid" 2>/dev/null; then
            wait "$npid" 2>/dev/null
            npid=""
            return 1
        fi
        if curl -s -o /dev/null --max-time 1 "http://127.0.0.1:$1/healthz"; then
            return 0
        fi
        sleep 0.1
    done
    kill -KILL -- "-$npid" 2>/dev/null
    wait "$npid" 2>/dev/null
    npid=""
    return 1
}

nport=""
for attempt in 1 2 3 4 5; do
    try=$((20000 + (RANDOM * 7 + attempt) % 40000))
    if start_nginx "$try"; then
        nport=$try
        break
    fi
    grep -q 'in use' "$TMP/nginx.err" || break
done
if [ -z "$nport" ]; then
    bad "nginx starts with deploy/nginx.conf"
    sed 's/^/    /' "$TMP/nginx.err" | head -20
    finish
fi
ok "nginx proxies on 127.0.0.1:$nport"
URL=http://127.0.0.1:$nport

hdr=$(curl -s -D - -o /dev/null --max-time 5 -H 'X-Request-Id: deploy-probe-1' "$URL/v1/info" | tr -d '\r')
check "GET /v1/info through the proxy is 200" grep -q '^HTTP/1.1 200' <<<"$hdr"
check "X-Request-Id passes through both ways" grep -qi '^x-request-id: deploy-probe-1$' <<<"$hdr"
first=$(head -c1 "$TMP/access.log")
check "access log lines are JSON objects" [ "$first" = "{" ]

# ---- failover under load ---------------------------------------------------
# CLIENTS concurrent clients, each one curl process sending its share of the
# NSOLVES requests one after another over a kept-alive connection (request i
# sends fixture line i mod nfix). Each transfer writes its body to out/i and
# "i code" to the client's codes file, so progress can be counted.
mkdir -p "$TMP/out"
mapfile -t lines < <(grep -v '^#' "$FIXTURE")
nfix=${#lines[@]}
for c in $(seq 0 $((CLIENTS - 1))); do
    for i in $(seq "$c" "$CLIENTS" $((NSOLVES - 1))); do
        k=$((i % nfix))
        printf 'url = "%s/v1/solve"\nsilent\nmax-time = 20\n' "$URL"
        printf 'header = "Content-Type: application/json"\nheader = "X-Request-Id: deploy-%d"\n' "$i"
        printf 'data-binary = "{\\"puzzle\\":\\"%s\\"}"\n' "${lines[k]%%:*}"
        printf 'output = "%s/out/%d"\nwrite-out = "%d %%{http_code}\\n"\nnext\n' "$TMP" "$i" "$i"
    done >"$TMP/client$c.cfg"
done

t0=$SECONDS
cpids=()
for c in $(seq 0 $((CLIENTS - 1))); do
    curl -K "$TMP/client$c.cfg" >"$TMP/client$c.codes" 2>"$TMP/client$c.err" &
    cpids+=($!)
    pids+=($!)
done
victim=1
killed_at=""
for _ in $(seq 1000); do
    # (curl buffers its write-out to a file: count the bodies instead)
    done_now=$(find "$TMP/out" -type f | wc -l)
    if [ "$done_now" -ge $((NSOLVES / 4)) ]; then
        # Stopped first, so that requests are in flight on it when it dies:
        # nginx has sent them, and only retries them because nginx.conf
        # allows retrying POSTs (non_idempotent).
        kill -STOP "${bpids[victim]}"
        sleep 0.3
        kill -KILL "${bpids[victim]}"
        { wait "${bpids[victim]}"; } 2>/dev/null # reaped here, quietly
        killed_at=$done_now
        break
    fi
    sleep 0.01
done
{ wait "${cpids[@]}"; } 2>/dev/null
echo "    $NSOLVES solves from $CLIENTS clients in $((SECONDS - t0)) s"
midrun=no
[ -n "$killed_at" ] && [ "$killed_at" -lt "$NSOLVES" ] && midrun=yes
check "replica $victim hung (SIGSTOP) and was SIGKILLed mid-run (after ${killed_at:-?} of $NSOLVES answers)" [ $midrun = yes ]

# The known solution of each request, then every answer checked in one pass.
for i in $(seq 0 $((NSOLVES - 1))); do
    echo "$i ${lines[i % nfix]##*:}"
done >"$TMP/want"
cat "$TMP"/client*.codes >"$TMP/codes"
awk -v out="$TMP/out" '
    FILENAME == ARGV[1] { code[$1] = $2; next }
    {
        i = $1; got = ""; body = ""
        file = out "/" i
        while ((getline line < file) > 0) body = body line
        close(file)
        if (match(body, /"solution" *: *"[^"]*"/)) {
            got = substr(body, RSTART, RLENGTH)
            sub(/^"solution" *: *"/, "", got)
            sub(/"$/, "", got)
        }
        if (code[i] == "200" && got == $2) good++
        else if (bad++ < 5) printf "    #%d: HTTP %s %s\n", i, (i in code ? code[i] : "none"), substr(body, 1, 200)
    }
    END { printf "%d\n", good > (out "/../good") }
' "$TMP/codes" "$TMP/want"
good=$(cat "$TMP/good")
check "$good/$NSOLVES solves through the proxy answered 200 with the known solution" [ "$good" -eq "$NSOLVES" ]

for r in $(seq 0 $((REPLICAS - 1))); do
    n=$(grep -c 'path=/v1/solve ' "$TMP/replica$r.err")
    check "replica $r served solves ($n)" [ "$n" -gt 0 ]
done
retried=$(grep -c '"upstream":"[^"]*, ' "$TMP/access.log")
check "nginx retried the requests caught on the dead replica ($retried)" [ "$retried" -gt 0 ]

# ---- rate limit ------------------------------------------------------------
if curl -s -o /dev/null --max-time 5 --interface 127.0.0.2 "$URL/healthz"; then
    mkdir -p "$TMP/burst"
    # One curl, many transfers: fast enough to outrun the limit anywhere.
    for i in $(seq 0 $((BURST - 1))); do
        printf 'url = "%s"\noutput = "%s"\ndump-header = "%s"\n' \
            "$URL/healthz?burst=$i" "$TMP/burst/$i.body" "$TMP/burst/$i.head"
        printf 'silent\ninterface = "127.0.0.2"\nmax-time = 20\nwrite-out = "%%{http_code}\\n"\n'
        [ "$i" -lt $((BURST - 1)) ] && echo next
    done >"$TMP/burst.cfg"
    curl --parallel --parallel-max 24 -K "$TMP/burst.cfg" >"$TMP/burst.codes" 2>"$TMP/burst.err"
    n200=$(grep -c '^200$' "$TMP/burst.codes")
    n429=$(grep -c '^429$' "$TMP/burst.codes")
    total=$(wc -l <"$TMP/burst.codes")
    others=$(grep -v '^200$\|^429$' "$TMP/burst.codes" | sort | uniq -c | head -5 | tr -s ' \n' ' ')
    echo "    burst of $BURST from 127.0.0.2: $n200 x 200, $n429 x 429, $((total - n200 - n429)) other ${others}"
    check "the burst's first requests pass the limiter" [ "$n200" -ge 100 ]
    check "requests beyond the per-client limit get 429" [ "$n429" -gt 0 ]
    check "the burst of $BURST gets nothing but 200 and 429" [ $((n200 + n429)) -eq "$BURST" ]
    h=$(grep -l '^HTTP/1.1 429' "$TMP"/burst/*.head 2>/dev/null | head -1)
    if [ -n "$h" ]; then
        b=${h%.head}.body
        check "429 is application/problem+json" grep -qi '^content-type: application/problem+json' "$h"
        check "429 carries Retry-After" grep -qi '^retry-after: 1' "$h"
        check "429 body is a problem object with status 429" grep -q '"status":429' "$b"
    fi
else
    bad "loopback address 127.0.0.2 is usable as a client address (needed for the rate limit phase)"
fi

# ---- reload ----------------------------------------------------------------
# The documented command names no prefix (compose: `nginx -s reload` with the
# image's default config path; here the config is in the temp dir, so -c).
workers() { pgrep -P "$npid" | sort -n | tr '\n' ' '; }
before=$(workers)
if "$NGINX" -c "$TMP/nginx.conf" -s reload 2>"$TMP/reload.err"; then
    ok "nginx -s reload (no -p) finds the master through the absolute pid path"
    # renewed: every worker now is a new one (the old ones have left).
    renewed() {
        local p
        [ -n "$after" ] || return 1
        for p in $after; do [[ " $before " == *" $p "* ]] && return 1; done
        return 0
    }
    after=$before
    for _ in $(seq 50); do
        after=$(workers)
        renewed && break
        sleep 0.1
    done
    check "the reload replaced the workers (before: $before; after: $after)" renewed
    code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$URL/healthz")
    check "the proxy answers after the reload ($code)" [ "$code" = 200 ]
else
    bad "nginx -s reload (no -p) finds the master through the absolute pid path"
    sed 's/^/    /' "$TMP/reload.err" | head -5
fi

# ---- shutdown --------------------------------------------------------------
for r in $(seq 0 $((REPLICAS - 1))); do
    [ "$r" -eq "$victim" ] && continue
    kill -TERM "${bpids[r]}"
done
for r in $(seq 0 $((REPLICAS - 1))); do
    [ "$r" -eq "$victim" ] && continue
    wait "${bpids[r]}"
    rc=$?
    check "replica $r exits 0 after SIGTERM" [ "$rc" -eq 0 ]
done
# SIGQUIT: graceful shutdown, the workers finish and exit, then the master.
kill -QUIT "$npid"
wait "$npid"
rc=$?
check "nginx exits 0 after SIGQUIT" [ "$rc" -eq 0 ]
left=""
for _ in $(seq 50); do
    left=$(pgrep -g "$npid" | tr '\n' ' ')
    [ -z "$left" ] && break
    sleep 0.1
done
check "no nginx process outlives the test (left: ${left:-none})" [ -z "$left" ]
npid=""
finish
