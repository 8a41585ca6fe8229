# Dockerfile -- sudokud in two stages on Debian 12 (bookworm-slim).
#
# The build stage installs the build packages with scripts/deps.sh (the one
# list of them) and runs the Makefile's own target. The runtime stage holds
# the binary and its two shared libraries only: no compiler, no shell tools
# beyond the base image, no curl (the HEALTHCHECK uses `sudokud --probe`).
#
#   docker build -t sudokud .
#   docker run --rm -p 8080:8080 sudokud

FROM debian:bookworm-slim AS build
WORKDIR /src
COPY scripts/deps.sh scripts/deps.sh
RUN sh scripts/deps.sh build
COPY . .
RUN make build/sudokud && strip build/sudokud

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libmicrohttpd12 libcjson1 \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/build/sudokud /usr/local/bin/sudokud
# A numeric user, so a runtime that refuses root can check it without /etc/passwd.
USER 10001
ENV SUDOKUD_BIND=0.0.0.0
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/usr/local/bin/sudokud", "--probe", "http://127.0.0.1:8080/healthz"]
# sudokud is PID 1 (exec form, no shell between): SIGTERM reaches it, it
# answers new work with 503 draining, finishes what it has and exits 0,
# well inside `docker stop`'s 10 s.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/sudokud"]
