/* probe.h -- `sudokud --probe URL`: a health check without curl.
 *
 * The slim container image has no HTTP client, so its HEALTHCHECK runs the
 * server binary itself in probe mode: one HTTP/1.0 GET over a plain TCP
 * socket, success when the status is 2xx.
 */
#ifndef SUDOKUD_PROBE_H
#define SUDOKUD_PROBE_H

#include <stddef.h>

/* GETs an http://HOST[:PORT]/PATH URL (HOST a name, an IPv4 address or a
 * bracketed IPv6 address; PORT 80 by default) with a few seconds' timeout.
 * Returns 0 when the status is 2xx; else -1 with the reason in err (errlen
 * bytes). */
int probe_run(const char *url, char *err, size_t errlen);

#endif /* SUDOKUD_PROBE_H */
