/* probe.c -- one blocking HTTP/1.0 GET with timeouts, for container health checks.
 *
 * HTTP/1.0 keeps it minimal: no chunked replies, the server closes after
 * the response, and only the status line matters.
 */
#include "server/probe.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Milliseconds each of connect, send and receive may take. */
#define PROBE_TIMEOUT_MS 3000

/* Connects to one address with a timeout; returns the socket or -1. */
static int probe_connect(const struct addrinfo *ai)
{
    int fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, ai->ai_protocol);
    if (fd < 0) return -1;
    int flags = fcntl(fd, F_GETFL);
    fcntl(fd, F_SETFL, flags | O_NONBLOCK);
    if (connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) {
        struct pollfd p = {fd, POLLOUT, 0};
        int soerr = 0;
        socklen_t len = sizeof(soerr);
        if (errno != EINPROGRESS || poll(&p, 1, PROBE_TIMEOUT_MS) != 1 ||
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &len) != 0 || soerr != 0) {
            close(fd);
            return -1;
        }
    }
    fcntl(fd, F_SETFL, flags);
    struct timeval tv = {PROBE_TIMEOUT_MS / 1000, (PROBE_TIMEOUT_MS % 1000) * 1000};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
    return fd;
}

int probe_run(const char *url, char *err, size_t errlen)
{
    char host[256], port[8] = "80", request[1024], reply[64];
    const char *p, *path;
    size_t hostlen;

    if (strncmp(url, "http://", 7) != 0) {
        snprintf(err, errlen, "'%s' is not an http:// URL", url);
        return -1;
    }
    p = url + 7;
    path = p + strcspn(p, "/");
    const char *hp_end = path;
    if (*p == '[') {
        const char *close_br = memchr(p, ']', (size_t)(hp_end - p));
        if (close_br == NULL) {
            snprintf(err, errlen, "'%s': unterminated [IPv6] host", url);
            return -1;
        }
        hostlen = (size_t)(close_br - p - 1);
        p++;
        if (close_br + 1 < hp_end && close_br[1] != ':') {
            snprintf(err, errlen, "'%s': bad host:port", url);
            return -1;
        }
        const char *colon = close_br + 1 < hp_end ? close_br + 1 : NULL;
        if (colon != NULL && (size_t)(hp_end - colon - 1) < sizeof(port))
            snprintf(port, sizeof(port), "%.*s", (int)(hp_end - colon - 1), colon + 1);
    } else {
        const char *colon = memchr(p, ':', (size_t)(hp_end - p));
        hostlen = (size_t)((colon != NULL ? colon : hp_end) - p);
        if (colon != NULL && (size_t)(hp_end - colon - 1) < sizeof(port))
            snprintf(port, sizeof(port), "%.*s", (int)(hp_end - colon - 1), colon + 1);
    }
    if (hostlen == 0 || hostlen >= sizeof(host) || port[0] == '\0') {
        snprintf(err, errlen, "'%s': bad host or port", url);
        return -1;
    }
    memcpy(host, p, hostlen);
    host[hostlen] = '\0';
    if (*path == '\0') path = "/";

    struct addrinfo hints = {0}, *res = NULL;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    int gai = getaddrinfo(host, port, &hints, &res);
    if (gai != 0) {
        snprintf(err, errlen, "%s:%s: %s", host, port, gai_strerror(gai));
        return -1;
    }
    int fd = -1;
    for (const struct addrinfo *ai = res; ai != NULL && fd < 0; ai = ai->ai_next)
        fd = probe_connect(ai);
    freeaddrinfo(res);
    if (fd < 0) {
        snprintf(err, errlen, "%s:%s: cannot connect", host, port);
        return -1;
    }

    int n =
        snprintf(request, sizeof(request),
                 "GET %s HTTP/1.0\r\nHost: %s\r\nUser-Agent: sudokud-probe\r\n\r\n", path, host);
    if (n < 0 || (size_t)n >= sizeof(request) || send(fd, request, (size_t)n, MSG_NOSIGNAL) != n) {
        close(fd);
        snprintf(err, errlen, "%s: cannot send the request", url);
        return -1;
    }
    size_t got = 0;
    while (got < sizeof(reply) - 1) {
        ssize_t r = recv(fd, reply + got, sizeof(reply) - 1 - got, 0);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        got += (size_t)r;
        if (memchr(reply, '\n', got) != NULL) break;
    }
    close(fd);
    reply[got] = '\0';

    int status = 0;
    if (sscanf(reply, "HTTP/%*d.%*d %3d", &status) != 1) {
        snprintf(err, errlen, "%s: no HTTP status line in the reply", url);
        return -1;
    }
    if (status < 200 || status > 299) {
        snprintf(err, errlen, "%s: status %d", url, status);
        return -1;
    }
    return 0;
}
