/* robust_net.h -- raw-socket HTTP/1.1 helpers for the robustness tests.
 *
 * libcurl is a well-behaved client: it will not trickle a header a byte at a
 * time, stop half-way through a body, or tell "the server answered before I
 * finished sending" from "the server answered at the end". These helpers do
 * exactly those things on plain blocking sockets to 127.0.0.1, with every
 * wait bounded by a timeout so a misbehaving server fails a test instead of
 * hanging it. Sends use MSG_NOSIGNAL: a closed peer is an error return, not a
 * SIGPIPE. Thread-safe (no shared state).
 */
#ifndef TEST_SUPPORT_ROBUST_NET_H
#define TEST_SUPPORT_ROBUST_NET_H

#include <stdbool.h>
#include <stddef.h>

/* CLOCK_MONOTONIC in milliseconds. */
long long rn_now_ms(void);
void rn_sleep_ms(long ms);

/* Connects to 127.0.0.1:port (TCP_NODELAY set, so trickled bytes leave one
 * by one). Returns the fd, or -1 with errno set (ECONNREFUSED when nothing
 * listens). */
int rn_connect(int port);

/* Sends all len bytes, waiting at most timeout_ms for socket buffer space.
 * Returns 0, or -1 when the peer closed/reset the connection or the time ran
 * out (errno EPIPE, ECONNRESET or ETIMEDOUT). */
int rn_send_all(int fd, const void *data, size_t len, int timeout_ms);

/* Like rn_send_all for a C string. */
int rn_send_str(int fd, const char *s, int timeout_ms);

/* Waits up to timeout_ms for the peer to close the connection, discarding
 * anything it sends. Returns 1 when closed (EOF or reset), 0 on timeout. */
int rn_wait_closed(int fd, int timeout_ms);

/* True when the peer has already closed (EOF or reset is pending), without
 * waiting. Data the server sent is left unread. */
bool rn_peer_closed(int fd);

/* One HTTP response as read from the socket. */
typedef struct rn_response {
    int status; /* 0 when no complete status line arrived */
    char *head; /* status line and headers, NUL-terminated */
    char *body; /* NUL-terminated, body_len bytes */
    size_t body_len;
    bool eof;     /* the server closed the connection after (or instead of) it */
    long long ms; /* time from the call to the last byte */
} rn_response;

/* Reads one response (headers, then a Content-Length body, or up to EOF
 * without one) within timeout_ms. Returns 0 when a complete response was
 * read, -1 otherwise (timeout, or EOF/reset before it was complete: out->eof
 * set, out->status 0 when nothing at all arrived). Free with
 * rn_response_free (also after -1). */
int rn_read_response(int fd, int timeout_ms, rn_response *out);
void rn_response_free(rn_response *r);

/* Copies the value of header `name` (case-insensitive) into buf; returns
 * buf, or NULL when absent. */
const char *rn_header(const rn_response *r, const char *name, char *buf, size_t cap);

/* One-shot: connect, send `request` (raw bytes), read the response, close.
 * Returns 0 or -1 as rn_read_response (and -1 when connect or send failed). */
int rn_exchange(int port, const char *request, size_t len, int timeout_ms, rn_response *out);

#endif /* TEST_SUPPORT_ROBUST_NET_H */
