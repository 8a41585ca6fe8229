/* http.h -- the HTTP server: libmicrohttpd, the worker pool and the API wired together.
 *
 * main() starts one server, waits for a signal, drains it and stops it.
 * Everything else about HTTP (bodies, limits, suspend/resume, headers, the
 * access log) is inside http.c, the only file that includes <microhttpd.h>.
 */
#ifndef SUDOKUD_HTTP_H
#define SUDOKUD_HTTP_H

#include <stddef.h>
#include <stdint.h>

#include "server/config.h"

typedef struct http_server http_server;

/* Starts the worker pool and the listening daemon for cfg (borrowed: it
 * must outlive the server). Returns NULL with a reason in err (errlen
 * bytes) when the address is bad, the port is taken, or memory or threads
 * run out; nothing is left running then. Call before any other thread
 * exists (it sets up cJSON's global hooks). */
http_server *http_start(const struct config *cfg, char *err, size_t errlen);

/* The port actually bound (useful with --port 0). */
uint16_t http_port(const http_server *s);

/* A graceful stop: readiness and new solves answer 503 draining (with
 * Connection: close) while accepted solves go on; after four fifths of
 * timeout_ms whatever still runs is cancelled. Waits until every request
 * begun has been answered, or timeout_ms has passed, then stops accepting
 * connections. Call from one thread, once. */
void http_drain(http_server *s, unsigned timeout_ms);

/* Finishes every queued task, closes all connections, stops all threads
 * and frees the server. NULL is accepted. */
void http_stop(http_server *s);

#endif /* SUDOKUD_HTTP_H */
