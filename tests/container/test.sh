#!/usr/bin/env bash
# tests/container/test.sh -- the container test: the Dockerfile built unmodified
# with podman, the image run and checked as an operator would, then the
# compose stack (docker-compose.yml with podman-compose) checked as a whole.
#
#   tests/container/test.sh            (`make test-container`; root: rootful podman)
#
# DESIGN. Real parts only: Debian 12's podman 4.3 with runc (crun refuses
# hybrid-cgroup hosts), netavark and aardvark-dns (so `sudokud` resolves to
# every replica), podman-compose 1.0.3. Where no image registry answers, the
# base image comes from scripts/base-image.sh (debuerreotype, cached under
# build/container/) and nginx:1.22 from tests/container/nginx.Containerfile
# (Debian's nginx 1.22.1). podman reads build/container/containers.conf,
# written here: runc, netavark (not the CNI plugins that Debian's
# containers-common leaves a config for), cgroupfs, a file event log, and
# ulimits no higher than this process's own (podman's defaults ask for more
# than a sandbox may grant). Podman runs HEALTHCHECKs from systemd timers, which a CI
# machine may not have, so each health check here is run on demand with
# `podman healthcheck run`: the image's own HEALTHCHECK command, and the
# status podman records from it.
#
#   1. image: builds (wall time printed), size under SIZE_LIMIT_MB;
#   2. one container, read-only root, all capabilities dropped, no new
#      privileges: /healthz, a solve equal to the fixture's solution, the
#      server (PID 1) runs with uid and gid not 0 and no capabilities, the
#      root filesystem refuses writes even by root, HEALTHCHECK healthy;
#      `podman stop` takes under 5 s and the exit code is 0;
#   3. SUDOKUD_PORT=9090: the server listens there and the HEALTHCHECK is
#      healthy (the probe of the old hard-coded :8080 fails: it was the bug);
#   4. compose: ports default to 127.0.0.1:8080 (podman-compose --dry-run);
#      run with SUDOKUD_PUBLISH=127.0.0.1:PORT, the port is bound on
#      loopback only; three replicas healthy; solves through nginx reach
#      every replica; a replica SIGKILLed mid-load costs no failed request;
#      a fourth replica started by hand gets no traffic until the
#      documented `nginx -s reload` (through podman-compose exec), then does.
#
# Load goes to nginx from inside its network namespace (nsenter, loopback),
# the way nginx.conf exempts an operator's local requests from the
# per-client rate limit; requests from the host through the published port
# arrive from the bridge gateway and would share one limit.
# Prints `N passed, M failed`; a watchdog ends the run after 20 minutes.
set -u

cd "$(dirname "$0")/../.."
ROOT=$PWD
CACHE=$ROOT/build/container
IMAGE=localhost/sudokud:latest # what docker-compose.yml's `image: sudokud:latest` names
NGINX_IMAGE=docker.io/library/nginx:1.22
PROJECT=sudokudct
SIZE_LIMIT_MB=${SIZE_LIMIT_MB:-100}
STOP_LIMIT_MS=5000
FIXTURE=tests/data/deploy_puzzles.txt
NSOLVES=${NSOLVES:-600}
CLIENTS=6

# shellcheck source=tests/support/tap.sh
. "$ROOT/tests/support/tap.sh"
ms() { echo $(($(date +%s%N) / 1000000)); }

if [ "$(id -u)" -ne 0 ]; then
    bad "runs as root (rootful podman; CI runs as root)"
    finish
fi
for cmd in podman runc podman-compose curl nsenter debuerreotype-init; do
    if ! command -v "$cmd" >/dev/null 2>&1; then
        bad "$cmd is installed (scripts/deps.sh test)"
        finish
    fi
done

mkdir -p "$CACHE"
cat >"$CACHE/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$(ulimit -Hn):$(ulimit -Hn)", "nproc=4096:4096"]

[network]
network_backend = "netavark"

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
export CONTAINERS_CONF=$CACHE/containers.conf

TMP=$(mktemp -d "${TMPDIR:-/tmp}/sudokud-container.XXXXXX")
chmod 755 "$TMP"
watchdog=""
# shellcheck disable=SC2317 # called by traps
teardown() {
    podman-compose -p "$PROJECT" down >/dev/null 2>&1
    podman rm -f -t 0 "${PROJECT}_sudokud_4" sudokudct-one sudokudct-port >/dev/null 2>&1
    podman network rm -f "${PROJECT}_default" "${PROJECT}-dry_default" >/dev/null 2>&1
}
# shellcheck disable=SC2317
cleanup() {
    teardown
    [ -n "$watchdog" ] && kill "$watchdog" 2>/dev/null
    rm -rf "$TMP"
}
trap cleanup EXIT
trap 'bad "finished in time (interrupted or past 20 minutes)"; finish' INT TERM
deadline=$(($(date +%s) + 1200))
(
    while [ "$(date +%s)" -lt "$deadline" ]; do
        sleep 1
        kill -0 $$ 2>/dev/null || exit 0
    done
    kill -TERM $$
) &
watchdog=$!
teardown # what an interrupted run left

# ---- 1. image --------------------------------------------------------------
t0=$(ms)
if ! scripts/base-image.sh >"$TMP/base.log" 2>&1; then
    bad "debian:bookworm-slim is available (scripts/base-image.sh)"
    sed 's/^/    /' "$TMP/base.log" | tail -20
    finish
fi
ok "debian:bookworm-slim available ($(tail -1 "$TMP/base.log" | cut -c1-100)) in $(($(ms) - t0)) ms"

t0=$(ms)
# --format docker: the OCI format has no HEALTHCHECK, and podman drops it.
if podman build --format docker -t "$IMAGE" -f Dockerfile . >"$TMP/build.log" 2>&1; then
    ok "the Dockerfile builds unmodified in $((($(ms) - t0) / 1000)) s (podman build --format docker)"
else
    bad "the Dockerfile builds unmodified"
    tail -20 "$TMP/build.log" | sed 's/^/    /'
    finish
fi
bytes=$(podman image inspect -f '{{.Size}}' "$IMAGE")
mb=$(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
check "the image is $mb MB, under $SIZE_LIMIT_MB MB" [ "$bytes" -lt $((SIZE_LIMIT_MB * 1000000)) ]

# ---- 2. one container, locked down -----------------------------------------
puzzle=$(grep -v '^#' "$FIXTURE" | head -1 | cut -d: -f1)
solution=$(grep -v '^#' "$FIXTURE" | head -1 | cut -d: -f3)
# healthy NAME: runs the image's HEALTHCHECK until it passes (start-up takes
# a moment); true when it passed and podman records the container healthy.
healthy() {
    local i
    for i in $(seq 25); do
        if podman healthcheck run "$1" >/dev/null 2>&1; then
            [ "$(podman inspect -f '{{.State.Health.Status}}' "$1")" = healthy ]
            return
        fi
        sleep 0.2
    done
    return 1
}
# host_port NAME PORT: the loopback port podman published for PORT.
host_port() { podman port "$1" "$2/tcp" | head -1 | sed 's/.*://'; }
solve_ok() { # solve_ok URL: one solve, answered with the fixture's solution
    curl -s --max-time 10 -H 'Content-Type: application/json' \
        -d "{\"puzzle\":\"$puzzle\"}" "$1/v1/solve" | grep -q "\"solution\" *: *\"$solution\""
}
LOCKDOWN=(--read-only --cap-drop=ALL --security-opt=no-new-privileges)

if ! podman run -d --name sudokudct-one "${LOCKDOWN[@]}" -p 127.0.0.1::8080 "$IMAGE" >"$TMP/run.err" 2>&1; then
    bad "the image runs with --read-only --cap-drop=ALL --security-opt=no-new-privileges"
    sed 's/^/    /' "$TMP/run.err"
    finish
fi
check "HEALTHCHECK is healthy with the default port" healthy sudokudct-one
url=http://127.0.0.1:$(host_port sudokudct-one 8080)
check "GET /healthz answers 200" curl -sf -o /dev/null --max-time 5 "$url/healthz"
check "POST /v1/solve answers the fixture's solution" solve_ok "$url"
status=$(podman exec sudokudct-one cat /proc/1/status)
uid=$(awk '/^Uid:/ { print $2 "/" $3 "/" $4 "/" $5 }' <<<"$status")
gid=$(awk '/^Gid:/ { print $2 "/" $3 "/" $4 "/" $5 }' <<<"$status")
check "the server runs with uid $uid, none 0" grep -qvE '(^|/)0(/|$)' <<<"$uid"
check "the server runs with gid $gid, none 0" grep -qvE '(^|/)0(/|$)' <<<"$gid"
groups=$(awk '/^Groups:/ { $1 = ""; print }' <<<"$status")
check "the server has no supplementary group 0 (groups:$groups)" grep -qvw 0 <<<"x$groups"
caps=$(grep -E '^Cap(Inh|Prm|Eff|Bnd|Amb):' <<<"$status" | awk '{ print $2 }' | sort -u | tr '\n' ' ')
check "the server holds no capabilities (CapInh/Prm/Eff/Bnd/Amb: $caps)" [ "$caps" = "0000000000000000 " ]
check "no_new_privs is set" grep -q '^NoNewPrivs:[[:space:]]*1' <<<"$status"
check "podman records a read-only root filesystem" \
    [ "$(podman inspect -f '{{.HostConfig.ReadonlyRootfs}}' sudokudct-one)" = true ]
err=$(podman exec --user 0 sudokudct-one touch /usr/local/bin/x 2>&1)
check "the root filesystem refuses a write, even root's ($err)" grep -q 'Read-only file system' <<<"$err"

t0=$(ms)
podman stop -t 10 sudokudct-one >/dev/null 2>&1
stop_ms=$(($(ms) - t0))
code=$(podman inspect -f '{{.State.ExitCode}}' sudokudct-one)
check "podman stop takes $stop_ms ms, under $STOP_LIMIT_MS ms" [ "$stop_ms" -lt "$STOP_LIMIT_MS" ]
check "the server exits 0 on stop (exit code $code)" [ "$code" = 0 ]
check "the server drained and logged 'stopped'" grep -q 'stopped' <(podman logs sudokudct-one 2>&1)
podman rm -f sudokudct-one >/dev/null 2>&1

# ---- 3. another port -------------------------------------------------------
podman run -d --name sudokudct-port "${LOCKDOWN[@]}" -e SUDOKUD_PORT=9090 -p 127.0.0.1::9090 \
    "$IMAGE" >/dev/null
check "HEALTHCHECK is healthy with SUDOKUD_PORT=9090" healthy sudokudct-port
check "the server listens on 9090" grep -q '^listening on 0.0.0.0:9090$' <(podman logs sudokudct-port 2>/dev/null)
check "GET /healthz on the published 9090 answers 200" \
    curl -sf -o /dev/null --max-time 5 "http://127.0.0.1:$(host_port sudokudct-port 9090)/healthz"
if podman exec sudokudct-port sudokud --probe http://127.0.0.1:8080/healthz >/dev/null 2>&1; then
    bad "the old hard-coded probe of :8080 fails there (the check can tell)"
else
    ok "the old hard-coded probe of :8080 fails there (the check can tell)"
fi
podman rm -f -t 0 sudokudct-port >/dev/null 2>&1

# ---- 4. compose ------------------------------------------------------------
if ! podman image exists "$NGINX_IMAGE" && ! timeout 20 podman pull -q "$NGINX_IMAGE" >/dev/null 2>&1; then
    if podman build --format docker -t "$NGINX_IMAGE" -f tests/container/nginx.Containerfile \
        tests/container >"$TMP/nginx-build.log" 2>&1; then
        ok "no registry: $NGINX_IMAGE stands in, built from Debian's nginx (tests/container/nginx.Containerfile)"
    else
        bad "$NGINX_IMAGE is built from Debian's nginx"
        tail -10 "$TMP/nginx-build.log" | sed 's/^/    /'
        finish
    fi
fi

env -u SUDOKUD_PUBLISH podman-compose --dry-run -p "$PROJECT-dry" up -d >"$TMP/dry.out" 2>&1
check "compose publishes nginx on 127.0.0.1:8080 by default" \
    grep -q -- "--name=$PROJECT-dry_nginx_1 .* -p 127.0.0.1:8080:80 " "$TMP/dry.out"
podman network rm -f "$PROJECT-dry_default" >/dev/null 2>&1

# A free loopback port for the stack (8080 may be someone's).
port=""
for _ in 1 2 3 4 5; do
    try=$((20000 + RANDOM % 30000))
    if ! (echo >"/dev/tcp/127.0.0.1/$try") 2>/dev/null; then
        port=$try
        break
    fi
done
t0=$(ms)
SUDOKUD_PUBLISH=127.0.0.1:$port podman-compose -p "$PROJECT" up -d >"$TMP/up.log" 2>&1
ok "podman-compose up -d returned in $(($(ms) - t0)) ms"
R=("${PROJECT}_sudokud_1" "${PROJECT}_sudokud_2" "${PROJECT}_sudokud_3")
NG=${PROJECT}_nginx_1
for r in "${R[@]}"; do
    check "replica $r is healthy" healthy "$r"
done
check "nginx publishes on 127.0.0.1:$port only ($(podman port "$NG" 80/tcp | tr '\n' ' '))" \
    [ "$(podman port "$NG" 80/tcp)" = "127.0.0.1:$port" ]
URL=http://127.0.0.1:$port
up=""
for _ in $(seq 50); do
    curl -sf -o /dev/null --max-time 2 "$URL/healthz" && up=yes && break
    sleep 0.2
done
check "the stack answers on the published loopback port" [ -n "$up" ]
hostip=$(ip -4 -o addr show scope global 2>/dev/null | awk '{ sub(/\/.*/, "", $4); print $4; exit }')
if [ -n "$hostip" ]; then
    if curl -s -o /dev/null --max-time 3 "http://$hostip:$port/healthz"; then
        bad "the stack does not answer on the host's address $hostip"
    else
        ok "the stack does not answer on the host's address $hostip"
    fi
fi
npid=$(podman inspect -f '{{.State.Pid}}' "$NG")
in_nginx() { nsenter --net="/proc/$npid/ns/net" "$@"; }

# load NAME COUNT CLIENTS [KILL]: COUNT solves of the fixture from CLIENTS
# curl processes inside nginx's network namespace; with KILL, SIGKILLs that
# container a quarter of the way in. Prints the number answered 200 with
# the known solution.
mapfile -t lines < <(grep -v '^#' "$FIXTURE")
nfix=${#lines[@]}
load() {
    local name=$1 count=$2 clients=$3 victim=${4:-} c i k
    mkdir -p "$TMP/$name"
    for c in $(seq 0 $((clients - 1))); do
        for i in $(seq "$c" "$clients" $((count - 1))); do
            k=$((i % nfix))
            printf 'url = "http://127.0.0.1/v1/solve"\nsilent\nmax-time = 20\n'
            printf 'header = "Content-Type: application/json"\n'
            printf 'data-binary = "{\\"puzzle\\":\\"%s\\"}"\n' "${lines[k]%%:*}"
            printf 'output = "%s/%s/%d"\nwrite-out = "%d %%{http_code}\\n"\nnext\n' "$TMP" "$name" "$i" "$i"
        done >"$TMP/$name.cfg$c"
    done
    local cpids=()
    for c in $(seq 0 $((clients - 1))); do
        in_nginx curl -K "$TMP/$name.cfg$c" >"$TMP/$name.codes$c" 2>/dev/null &
        cpids+=($!)
    done
    if [ -n "$victim" ]; then
        local n
        for _ in $(seq 3000); do
            n=$(find "$TMP/$name" -type f | wc -l)
            if [ "$n" -ge $((count / 4)) ]; then
                podman kill -s KILL "$victim" >/dev/null 2>&1
                echo "$n" >"$TMP/$name.killed_at"
                break
            fi
            sleep 0.01
        done
    fi
    wait "${cpids[@]}"
    cat "$TMP/$name".codes* >"$TMP/$name.codes"
    for i in $(seq 0 $((count - 1))); do echo "$i ${lines[i % nfix]##*:}"; done >"$TMP/$name.want"
    awk -v out="$TMP/$name" '
        FILENAME == ARGV[1] { code[$1] = $2; next }
        {
            body = ""; file = out "/" $1
            while ((getline line < file) > 0) body = body line
            close(file)
            if (code[$1] == "200" && index(body, "\"solution\":\"" $2 "\"")) good++
        }
        END { print good + 0 }' "$TMP/$name.codes" "$TMP/$name.want"
}
# served NAME: solves the container has logged.
served() { podman logs "$1" 2>&1 | grep -c 'path=/v1/solve '; }

good=$(load spread 90 3)
check "90/90 solves through nginx answered with the known solution ($good)" [ "$good" -eq 90 ]
for r in "${R[@]}"; do
    n=$(served "$r")
    check "requests reach replica $r ($n solves)" [ "$n" -gt 0 ]
done

victim=${R[1]}
t0=$(ms)
good=$(load kill "$NSOLVES" "$CLIENTS" "$victim")
echo "    $NSOLVES solves from $CLIENTS clients in $(($(ms) - t0)) ms"
killed_at=$(cat "$TMP/kill.killed_at" 2>/dev/null)
check "replica $victim was SIGKILLed mid-load (after ${killed_at:-?} of $NSOLVES answers)" \
    [ "${killed_at:-$NSOLVES}" -lt "$NSOLVES" ]
check "$good/$NSOLVES solves answered 200 with the known solution across the SIGKILL" [ "$good" -eq "$NSOLVES" ]

# Scale up by hand, as `docker compose up --scale` would: same network, same alias.
R4=${PROJECT}_sudokud_4
podman run -d --name "$R4" "${LOCKDOWN[@]}" --net "${PROJECT}_default" --network-alias sudokud \
    -e SUDOKUD_LOG_LEVEL=info "$IMAGE" >/dev/null
check "a fourth replica is healthy" healthy "$R4"
load before 60 2 >/dev/null
n=$(served "$R4")
check "before the reload nginx sends the fourth replica nothing ($n solves)" [ "$n" -eq 0 ]
# nginx -s reload parses the config first, resolving `sudokud` through
# aardvark-dns; aardvark 1.4 has been seen to answer "not found" for a
# moment after a container joins or leaves the network. nginx then refuses
# the reload and the master keeps its old config, so an operator retries:
# so does this test, up to 3 times, and says when it had to.
for attempt in 1 2 3; do
    podman-compose -p "$PROJECT" exec nginx nginx -s reload </dev/null >"$TMP/reload.out" 2>&1
    grep -q 'signal process started' "$TMP/reload.out" && break
    echo "    reload attempt $attempt refused: $(grep -o 'emerg.*' "$TMP/reload.out" | head -1)"
    echo "    the nginx container resolves sudokud to: $(podman exec "$NG" getent ahostsv4 sudokud |
        awk '{ print $1 }' | sort -u | tr '\n' ' ')"
    sleep 1
done
check "the documented reload, podman-compose exec nginx nginx -s reload, signals the master (attempt $attempt)" \
    grep -q 'signal process started' "$TMP/reload.out"
n=0
for _ in $(seq 20); do
    sleep 0.25
    load after 60 2 >/dev/null
    n=$(served "$R4")
    [ "$n" -gt 0 ] && break
done
check "after the reload requests reach the fourth replica ($n solves)" [ "$n" -gt 0 ]

t0=$(ms)
podman-compose -p "$PROJECT" down >"$TMP/down.log" 2>&1
ok "podman-compose down in $(($(ms) - t0)) ms"
echo "    container test wall time: ${SECONDS} s"
finish
