/*
 * accesslog.h: what the access-log importers share (ingress-nginx, envoy,
 * alb, gclb): splitting an upstream address, and the hand-offs from the
 * envoy importer to the reader of Envoy/Istio JSON lines and to the
 * reader of a proxy's own lines.  Knows nothing of SQLite or curses.
 */
#ifndef ACCESSLOG_H
#define ACCESSLOG_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "importer.h"

/*
 * Splits an upstream as logged into its address and port:
 * "10.0.1.5:8080", "[fd00::1]:8080", "fd00::1" (bare IPv6, no port),
 * "10.0.1.5" (no port), "unix:/run/app.sock" and "-" (no address).
 * Writes the address (without brackets) into ip (NUL-terminated, at most
 * iplen bytes) and returns 1 with *port (INT_NONE when absent), or 0 when
 * there is no IP address (unix sockets, "-", names, garbage).  An IPv6
 * address with a zone ("[fe80::1%eth0]:8080") keeps its zone.
 */
int	al_hostport(const char *s, size_t n, char *ip, size_t iplen,
	    int64_t *port);

/*
 * Whether s[0..n) is written like an address: hex digits, dots, colons
 * and brackets only, with at least one dot or colon (any zone after a
 * "%"), or anything in brackets.  A cheap test before al_hostport(), to
 * tell an address that is malformed from a name.
 */
int	al_looks_like_ip(const char *s, size_t n);

/*
 * importers/envoy-json.c: one Envoy/Istio JSON access-log object (Istio's
 * accessLogEncoding: JSON, Envoy json_format) to a request and its
 * attempt.  Returns 0 when put, -1 to reject it (why says why), -2 when
 * the sink failed.
 */
int	envoy_json_put(json_t *obj, int64_t line, struct sink *sink,
	    char *why, size_t whylen);

/*
 * importers/envoy-own.c: whether a line is one a proxy writes about
 * itself (startup, xDS, drain) rather than a request: Envoy's default
 * application-log form or Istio's text form (envoy_own_text, s[0..n)),
 * or an object of Istio's --log_as_json (envoy_own_json).  Returns 0 with
 * the line's time in *us (zone-less times in tz, UTC when NULL), or -1.
 */
int	envoy_own_text(const char *s, size_t n, const struct zone *tz,
	    int64_t *us);
int	envoy_own_json(json_t *obj, const struct zone *tz, int64_t *us);

#endif
