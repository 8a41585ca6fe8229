/* robust_net.c -- raw-socket HTTP/1.1 helpers for the robustness tests (see robust_net.h). */
#include "tests/support/robust_net.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

long long rn_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void rn_sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR)
        ;
}

int rn_connect(int port)
{
    struct sockaddr_in a;
    int one = 1;
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    memset(&a, 0, sizeof(a));
    a.sin_family = AF_INET;
    a.sin_port = htons((uint16_t)port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    if (connect(fd, (struct sockaddr *)&a, sizeof(a)) != 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

/* Milliseconds left until deadline, at least 0. */
static int rn_left(long long deadline)
{
    long long left = deadline - rn_now_ms();
    return left > 0 ? (int)left : 0;
}

int rn_send_all(int fd, const void *data, size_t len, int timeout_ms)
{
    const char *p = data;
    long long deadline = rn_now_ms() + timeout_ms;
    while (len > 0) {
        ssize_t n = send(fd, p, len, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            p += n;
            len -= (size_t)n;
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            struct pollfd pf = {fd, POLLOUT, 0};
            int left = rn_left(deadline);
            if (left == 0 || poll(&pf, 1, left) == 0) {
                errno = ETIMEDOUT;
                return -1;
            }
            if (pf.revents & (POLLERR | POLLHUP)) {
                errno = ECONNRESET;
                return -1;
            }
            continue;
        }
        return -1;
    }
    return 0;
}

int rn_send_str(int fd, const char *s, int timeout_ms)
{
    return rn_send_all(fd, s, strlen(s), timeout_ms);
}

int rn_wait_closed(int fd, int timeout_ms)
{
    char sink[4096];
    long long deadline = rn_now_ms() + timeout_ms;
    for (;;) {
        struct pollfd pf = {fd, POLLIN, 0};
        int left = rn_left(deadline);
        int rc = poll(&pf, 1, left);
        if (rc < 0 && errno == EINTR) continue;
        if (rc <= 0) return 0;
        ssize_t n = recv(fd, sink, sizeof(sink), MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR)) return 1;
    }
}

bool rn_peer_closed(int fd)
{
    char c;
    ssize_t n = recv(fd, &c, 1, MSG_PEEK | MSG_DONTWAIT);
    if (n == 0) return true;
    if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) return true;
    if (n > 0) {
        /* the server answered: closed only if EOF follows whatever it sent */
        struct pollfd pf = {fd, POLLIN, 0};
        return poll(&pf, 1, 0) == 1 && (pf.revents & (POLLHUP | POLLERR)) != 0;
    }
    return false;
}

/* Appends to a growing NUL-terminated buffer; returns -1 when out of memory. */
static int rn_put(char **buf, size_t *len, size_t *cap, const char *p, size_t n)
{
    if (*len + n + 1 > *cap) {
        size_t c = *cap == 0 ? 4096 : *cap;
        while (c < *len + n + 1) c *= 2;
        char *d = realloc(*buf, c);
        if (d == NULL) return -1;
        *buf = d;
        *cap = c;
    }
    memcpy(*buf + *len, p, n);
    *len += n;
    (*buf)[*len] = '\0';
    return 0;
}

/* Finds "Content-Length" in a header block; -1 when absent. */
static long long rn_content_length(const char *head)
{
    char v[32];
    rn_response tmp = {.head = (char *)(uintptr_t)head};
    if (rn_header(&tmp, "Content-Length", v, sizeof(v)) == NULL) return -1;
    return atoll(v);
}

int rn_read_response(int fd, int timeout_ms, rn_response *out)
{
    char *data = NULL, chunk[8192];
    size_t len = 0, cap = 0, head_len = 0;
    long long start = rn_now_ms(), deadline = start + timeout_ms, want = -1;
    int rc = -1;

    memset(out, 0, sizeof(*out));
    for (;;) {
        if (head_len > 0 && want >= 0 && len - head_len >= (size_t)want) {
            rc = 0;
            break;
        }
        struct pollfd pf = {fd, POLLIN, 0};
        int left = rn_left(deadline);
        int pr = poll(&pf, 1, left);
        if (pr < 0 && errno == EINTR) continue;
        if (pr <= 0) break; /* timeout */
        ssize_t n = recv(fd, chunk, sizeof(chunk), 0);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            out->eof = true;
            /* a response without Content-Length ends at EOF */
            if (head_len > 0 && want < 0) rc = 0;
            break;
        }
        if (rn_put(&data, &len, &cap, chunk, (size_t)n) != 0) break;
        if (head_len == 0) {
            char *end = data != NULL ? strstr(data, "\r\n\r\n") : NULL;
            if (end != NULL) {
                head_len = (size_t)(end - data) + 4;
                char saved = data[head_len];
                data[head_len] = '\0';
                want = rn_content_length(data);
                data[head_len] = saved;
            }
        }
    }
    out->ms = rn_now_ms() - start;
    if (data != NULL && len >= 12 && strncmp(data, "HTTP/1.", 7) == 0) out->status = atoi(data + 9);
    if (head_len == 0) head_len = len;
    out->head = malloc(head_len + 1);
    size_t blen = len - head_len;
    if (want >= 0 && blen > (size_t)want) blen = (size_t)want;
    out->body = malloc(blen + 1);
    if (out->head == NULL || out->body == NULL) {
        free(data);
        rn_response_free(out);
        return -1;
    }
    if (head_len > 0) memcpy(out->head, data, head_len);
    out->head[head_len] = '\0';
    if (blen > 0) memcpy(out->body, data + head_len, blen);
    out->body[blen] = '\0';
    out->body_len = blen;
    free(data);
    if (out->status == 0) rc = -1;
    return rc;
}

void rn_response_free(rn_response *r)
{
    free(r->head);
    free(r->body);
    r->head = NULL;
    r->body = NULL;
}

const char *rn_header(const rn_response *r, const char *name, char *buf, size_t cap)
{
    size_t nlen = strlen(name);
    const char *line = r->head != NULL ? strstr(r->head, "\r\n") : NULL;
    while (line != NULL) {
        line += 2;
        if (strncasecmp(line, name, nlen) == 0 && line[nlen] == ':') {
            const char *v = line + nlen + 1;
            while (*v == ' ' || *v == '\t') v++;
            const char *e = strstr(v, "\r\n");
            size_t n = e != NULL ? (size_t)(e - v) : strlen(v);
            if (n >= cap) n = cap - 1;
            memcpy(buf, v, n);
            buf[n] = '\0';
            return buf;
        }
        line = strstr(line, "\r\n");
    }
    return NULL;
}

int rn_exchange(int port, const char *request, size_t len, int timeout_ms, rn_response *out)
{
    memset(out, 0, sizeof(*out));
    int fd = rn_connect(port);
    if (fd < 0) return -1;
    /* read even when the send failed: the server may have answered (413)
     * and closed before taking the whole request */
    int sent = rn_send_all(fd, request, len, timeout_ms);
    int rc = rn_read_response(fd, timeout_ms, out);
    close(fd);
    return sent == 0 || out->status != 0 ? rc : -1;
}
