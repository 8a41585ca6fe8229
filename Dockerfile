# Dockerfile -- sudokud in two stages on Debian 12 (bookworm-slim).
#
# The build stage installs the build packages with scripts/deps.sh (the one
# list of them) and runs the Makefile's own target. The runtime stage holds
# the binary and its shared libraries only: no compiler, no shell tools
# beyond the base image, no curl (the HEALTHCHECK uses `sudokud --probe`);
# Leptonica (liblept5, with its JPEG, PNG and WebP decoders) reads the photos
# of POST /v1/scan.
# Nothing in it depends on the architecture: it builds on x86_64 and on
# arm64 alike (the Makefile picks SSE4.2 or NEON for the solver).
#
#   docker build -t sudokud .
#   docker run --rm -p 127.0.0.1:8080:8080 --read-only --cap-drop=ALL sudokud
#   docker buildx build --platform linux/arm64 -t sudokud:arm64 .

FROM debian:bookworm-slim AS build
WORKDIR /src
COPY scripts/deps.sh scripts/deps.sh
RUN sh scripts/deps.sh build
COPY . .
RUN make build/sudokud && strip build/sudokud

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libmicrohttpd12 libcjson1 liblept5 \
 && rm -rf /var/lib/apt/lists/*
# Its own user and group (10001:10001, never group 0), named in /etc/passwd
# and /etc/group for `ps` and logs, and given as numbers to USER so a
# runtime that refuses root (Kubernetes runAsNonRoot) can check it without
# reading /etc/passwd.
RUN groupadd --system --gid 10001 sudokud \
 && useradd --system --uid 10001 --gid 10001 --no-create-home \
        --home-dir /nonexistent --shell /usr/sbin/nologin sudokud
COPY --from=build /src/build/sudokud /usr/local/bin/sudokud
USER 10001:10001
ENV SUDOKUD_BIND=0.0.0.0 SUDOKUD_PORT=8080
EXPOSE 8080
# The probe asks the port the server listens on: SUDOKUD_PORT, as the server
# reads it (set it with `-e SUDOKUD_PORT=9090`, not `--port`, so both see
# it). The base image's /bin/sh expands it; an empty value means 8080, as
# for the server.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD /usr/local/bin/sudokud --probe "http://127.0.0.1:${SUDOKUD_PORT:-8080}/healthz"
# sudokud is PID 1 (exec form, no shell between): SIGTERM reaches it, it
# answers new work with 503 draining, finishes what it has and exits 0,
# well inside `docker stop`'s 10 s.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/sudokud"]
