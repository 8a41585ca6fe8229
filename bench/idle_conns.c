/* idle_conns.c -- hold many idle keep-alive connections open, for bench/robustness.sh.
 *
 *   idle_conns PORT N SECONDS   open N connections to 127.0.0.1:PORT, send one
 *                               keep-alive GET /healthz on each and read its
 *                               answer, hold them all idle for SECONDS, then
 *                               count how many the server still keeps open
 *   idle_conns --free-port      print a TCP port that is free on 127.0.0.1
 *
 * Prints one machine-readable line:
 *   IDLE opened=N answered=N still_open=N
 * The idle-connection figure asks whether parked connections cost the server
 * anything while it serves others, so the connections must really be
 * HTTP/1.1 keep-alive connections that have been used once, not bare TCP
 * handshakes. The soft RLIMIT_NOFILE is raised to the hard limit so N can
 * exceed the usual 1024. Built by robustness.sh with `cc -O2`; plain POSIX.
 */
#define _POSIX_C_SOURCE 200809L

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static int idle_connect(int port)
{
    struct sockaddr_in a;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    memset(&a, 0, sizeof(a));
    a.sin_family = AF_INET;
    a.sin_port = htons((unsigned short)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

/* Reads one response: its headers and a Content-Length body. 0 on success. */
static int idle_read_response(int fd)
{
    char buf[4096];
    size_t got = 0;
    while (got < sizeof(buf) - 1) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 5000) != 1) return -1;
        ssize_t n = recv(fd, buf + got, sizeof(buf) - 1 - got, 0);
        if (n <= 0) return -1;
        got += (size_t)n;
        buf[got] = '\0';
        char *end = strstr(buf, "\r\n\r\n");
        if (end == NULL) continue;
        const char *cl = strstr(buf, "Content-Length:");
        if (cl == NULL) cl = strstr(buf, "content-length:");
        size_t want = cl != NULL ? (size_t)strtoul(cl + 15, NULL, 10) : 0;
        if (got - (size_t)(end + 4 - buf) >= want) return strncmp(buf, "HTTP/1.1 200", 12);
    }
    return -1;
}

static int idle_free_port(void)
{
    struct sockaddr_in a;
    socklen_t len = sizeof(a);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    memset(&a, 0, sizeof(a));
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) != 0 ||
        getsockname(fd, (struct sockaddr *)&a, &len) != 0)
        return -1;
    close(fd);
    printf("%d\n", ntohs(a.sin_port));
    return 0;
}

int main(int argc, char **argv)
{
    static const char req[] = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";

    if (argc == 2 && strcmp(argv[1], "--free-port") == 0) return idle_free_port() == 0 ? 0 : 1;
    if (argc != 4) {
        fprintf(stderr, "usage: %s PORT N SECONDS | --free-port\n", argv[0]);
        return 2;
    }
    int port = atoi(argv[1]), n = atoi(argv[2]), secs = atoi(argv[3]);
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < (rlim_t)n + 64) {
        rl.rlim_cur = rl.rlim_max < (rlim_t)n + 64 ? rl.rlim_max : (rlim_t)n + 64;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
    int *fds = calloc((size_t)n, sizeof(*fds));
    if (fds == NULL) return 1;
    int opened = 0, answered = 0, still = 0;
    for (int i = 0; i < n; i++) {
        fds[i] = idle_connect(port);
        if (fds[i] < 0) {
            fprintf(stderr, "connect %d: %s\n", i, strerror(errno));
            continue;
        }
        opened++;
        if (send(fds[i], req, sizeof(req) - 1, MSG_NOSIGNAL) == (ssize_t)(sizeof(req) - 1) &&
            idle_read_response(fds[i]) == 0)
            answered++;
    }
    fprintf(stderr, "idle_conns: %d open, %d answered; holding %d s\n", opened, answered, secs);
    struct timespec ts = {secs, 0};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
    for (int i = 0; i < n; i++) {
        if (fds[i] < 0) continue;
        char c;
        ssize_t r = recv(fds[i], &c, 1, MSG_DONTWAIT | MSG_PEEK);
        if (r < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) still++;
        close(fds[i]);
    }
    printf("IDLE opened=%d answered=%d still_open=%d\n", opened, answered, still);
    free(fds);
    return 0;
}
