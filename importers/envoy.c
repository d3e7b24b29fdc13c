/*
 * envoy.c: the "envoy" importer.  Reads Envoy and Istio access logs, one
 * request per line (docs/formats/access-logs.md#envoy):
 *
 *   envoy	Envoy's default text format (also Contour's)
 *   istio	Istio 1.9 and later: RESPONSE_CODE_DETAILS,
 *		CONNECTION_TERMINATION_DETAILS, UPSTREAM_TRANSPORT_FAILURE_
 *		REASON, then the cluster and addresses
 *   istio-1.8	no details fields, the transport failure quoted
 *   istio-1.3	Istio 1.3 to 1.7: the mixer status before it
 *   istio-1.1	Istio 1.2 and before: neither
 *   JSON	a line starting with "{" (Istio's accessLogEncoding JSON,
 *		Envoy json_format) goes to envoy_json_put()
 *
 * "kubectl logs" of a gateway or sidecar holds the proxy's own lines
 * (startup, xDS) between its requests: envoy-own.c knows them, and they
 * are kept as that container's log lines (--pod and --container say
 * whose), counted in one summary line, never rejected as bad requests.
 *
 * START_TIME must be Envoy's default RFC 3339 form (custom strftime
 * formats are not read).  The layouts differ only in their fields, so
 * each is a table for the access-log tokenizer (altok.h) and a line is
 * read in the first table that fits it whole (their field counts and
 * shapes tell them apart).
 * This file turns the fields into a request and its one upstream attempt
 * (Envoy logs only the final host; URX says retries ran out).  It knows
 * nothing of SQLite or curses.
 */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accesslog.h"
#include "altok.h"
#include "importer.h"
#include "jsonfast.h"
#include "jsonsplit.h"
#include "timefmt.h"
#include "util.h"

#define ENV_IP_LEN	64		/* an address as text */
#define ENV_FLAGS_MAX	32		/* response flags in one line */

#define W	ALT_WORD
#define Q	ALT_QUOTED
#define B	ALT_BRACKET

/* [%START_TIME%] "%REQ(:METHOD)% %REQ(X-ENVOY-ORIGINAL-PATH?:PATH)% ..." */
#define ENV_HEAD							\
	ALTOK_F(AR_START_TIME_ISO, B), ALTOK_F(AR_REQUEST_LINE, Q),	\
	ALTOK_F(AR_STATUS, W), ALTOK_F(AR_RESPONSE_FLAGS, W)
/* %BYTES_RECEIVED% ... "%UPSTREAM_HOST%" */
#define ENV_BODY							\
	ALTOK_F(AR_BYTES_RECEIVED, W), ALTOK_F(AR_BYTES_SENT, W),	\
	ALTOK_F(AR_DURATION_MS, W), ALTOK_F(AR_UPSTREAM_SERVICE_TIME, W), \
	ALTOK_F(AR_X_FORWARDED_FOR, Q), ALTOK_F(AR_USER_AGENT, Q),	\
	ALTOK_F(AR_REQUEST_ID, Q), ALTOK_F(AR_AUTHORITY, Q),		\
	ALTOK_F(AR_UPSTREAM_HOST, Q)
/* Istio's: %UPSTREAM_CLUSTER% ... %REQUESTED_SERVER_NAME% */
#define ISTIO_TAIL							\
	ALTOK_F(AR_UPSTREAM_CLUSTER, W),				\
	ALTOK_F(AR_UPSTREAM_LOCAL_ADDR, W),				\
	ALTOK_F(AR_DOWNSTREAM_LOCAL_ADDR, W),				\
	ALTOK_F(AR_DOWNSTREAM_REMOTE_ADDR, W),				\
	ALTOK_F(AR_REQUESTED_SERVER_NAME, W)

static const struct altok_field envoy_fields[] = {
	ENV_HEAD, ENV_BODY
};
static const struct altok_field istio_fields[] = {
	ENV_HEAD,
	ALTOK_F(AR_RESPONSE_CODE_DETAILS, W),
	ALTOK_F(AR_CONN_TERMINATION_DETAILS, W),
	ALTOK_F(AR_UPSTREAM_TRANSPORT_FAILURE_REASON, Q),
	ENV_BODY, ISTIO_TAIL, ALTOK_F(AR_ROUTE_NAME, W)
};
static const struct altok_field istio18_fields[] = {
	ENV_HEAD,
	ALTOK_F(AR_UPSTREAM_TRANSPORT_FAILURE_REASON, Q),
	ENV_BODY, ISTIO_TAIL, ALTOK_F(AR_ROUTE_NAME, W)
};
static const struct altok_field istio13_fields[] = {
	ENV_HEAD,
	ALTOK_F(AR_MIXER_STATUS, Q),
	ALTOK_F(AR_UPSTREAM_TRANSPORT_FAILURE_REASON, Q),
	ENV_BODY, ISTIO_TAIL, ALTOK_F(AR_ROUTE_NAME, W)
};
static const struct altok_field istio11_fields[] = {
	ENV_HEAD, ENV_BODY, ISTIO_TAIL
};

#undef W
#undef Q
#undef B

/* In the order they are tried. */
static const struct altok_dialect env_dialects[] = {
	ALTOK_DIALECT("envoy", envoy_fields, 0),
	ALTOK_DIALECT("istio", istio_fields, 0),
	ALTOK_DIALECT("istio-1.8", istio18_fields, 0),
	ALTOK_DIALECT("istio-1.3", istio13_fields, 0),
	ALTOK_DIALECT("istio-1.1", istio11_fields, 0),
};
#define NDIALECTS	(sizeof env_dialects / sizeof env_dialects[0])

/* The state of one import. */
struct env_state {
	struct sink		*sink;
	const struct import_opts *opts;
	struct altok_rec	 rec;	/* the fields of the current line */
	struct altok_clock	 clock;	/* the date last parsed */
	struct altok_out	 out;	/* the strings of the current line */
	size_t			 last;	/* the layout of the last good line */
	int64_t			 own;	/* the proxy's own lines kept */
	struct buf		 text;	/* the current own line, copied */
};

/*
 * Reads the line in the first layout that fits, the last good one first.
 * Returns the layout's index, or -1 with why naming the layout that got
 * furthest.
 */
static int
env_match(struct env_state *st, const char *s, size_t n, char *why,
    size_t whylen)
{
	size_t	i, best = 0, best_n = 0;
	char	msg[256];

	if (altok_read(&env_dialects[st->last], s, n, &st->rec) == 0)
		return ((int)st->last);
	best = st->last;
	best_n = st->rec.nread;
	for (i = 0; i < NDIALECTS; i++) {
		if (i == st->last)
			continue;
		if (altok_read(&env_dialects[i], s, n, &st->rec) == 0) {
			st->last = i;
			return ((int)i);
		}
		if (st->rec.nread > best_n) {
			best_n = st->rec.nread;
			best = i;
		}
	}
	(void)altok_read(&env_dialects[best], s, n, &st->rec);
	snprintf(why, whylen, "%s (as %s)", altok_strerror(&st->rec, msg,
	    sizeof msg), env_dialects[best].name);
	return (-1);
}

static int
cmp_flag(const void *a, const void *b)
{
	const struct altok_span	*x = a, *y = b;
	size_t			 n = x->len < y->len ? x->len : y->len;
	int			 c = memcmp(x->p, y->p, n);

	return (c != 0 ? c : (int)x->len - (int)y->len);
}

/*
 * RESPONSE_FLAGS ("UF,URX", "-") as a set: checked (each a word of
 * letters and digits: extensions register flags of their own) and
 * written sorted, so that "URX,UF" and "UF,URX" read the same.  Returns
 * 0 with *out NULL for "-", or -1 with why.
 */
static int
env_flags(const struct altok_span *sp, char *buf, size_t len,
    const char **out, char *why, size_t whylen)
{
	struct altok_span	 fl[ENV_FLAGS_MAX];
	const char		*p, *end, *e;
	size_t			 n = 0, i, o = 0;

	*out = NULL;
	if (altok_blank(sp))
		return (0);
	if (sp->len >= len)
		return (altok_bad_field(sp, AR_RESPONSE_FLAGS, "too long", why,
		    whylen));
	p = sp->p;
	end = p + sp->len;
	while (p <= end) {
		e = memchr(p, ',', (size_t)(end - p));
		if (e == NULL)
			e = end;
		if (e == p || n == ENV_FLAGS_MAX)
			return (altok_bad_field(sp, AR_RESPONSE_FLAGS,
			    "not a list of flags", why, whylen));
		for (i = 0; p + i < e; i++) {
			if (!((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= 'a' &&
			    p[i] <= 'z') || (p[i] >= '0' && p[i] <= '9') ||
			    p[i] == '_'))
				return (altok_bad_field(sp, AR_RESPONSE_FLAGS,
				    "not a list of flags", why, whylen));
		}
		fl[n].p = p;
		fl[n++].len = (uint32_t)(e - p);
		p = e + 1;
	}
	if (n > 1)
		qsort(fl, n, sizeof fl[0], cmp_flag);
	for (i = 0; i < n; i++) {
		if (i > 0 && cmp_flag(&fl[i], &fl[i - 1]) == 0)
			continue;
		if (o > 0)
			buf[o++] = ',';
		memcpy(buf + o, fl[i].p, fl[i].len);
		o += fl[i].len;
	}
	buf[o] = '\0';
	*out = buf;
	return (0);
}

/*
 * The service and namespace an Istio cluster names:
 * "outbound|8080||svc.ns.svc.cluster.local", "outbound|9080|v1|fqdn",
 * "inbound|9080|http|svc.ns.svc.cluster.local" (old inbound); the host of
 * an external one ("outbound|443||www.google.com") is the service with
 * no namespace.  "inbound|8000||", PassthroughCluster, BlackHoleCluster
 * and names without '|' give neither.
 */
static void
env_cluster(struct env_state *st, const struct altok_span *c,
    const char **service, const char **namespace)
{
	struct altok_span	 fq, part;
	const char		*p, *end, *bar, *svc, *dot;
	int			 bars = 0;

	*service = *namespace = NULL;
	if (altok_blank(c))
		return;
	p = c->p;
	end = p + c->len;
	while (bars < 3 && (bar = memchr(p, '|', (size_t)(end - p))) !=
	    NULL) {
		p = bar + 1;
		bars++;
	}
	if (bars != 3 || p == end)
		return;
	fq.p = p;
	fq.len = (uint32_t)(end - p);
	fq.shape = ALT_WORD;
	fq.flags = 0;
	/* "svc.ns.svc.cluster.local": up to ".svc." (or a final ".svc") */
	for (svc = p; (svc = memchr(svc, '.', (size_t)(end - svc))) != NULL;
	    svc++) {
		if (end - svc >= 4 && memcmp(svc, ".svc", 4) == 0 &&
		    (svc + 4 == end || svc[4] == '.'))
			break;
	}
	if (svc == NULL || (dot = memchr(p, '.', (size_t)(svc - p))) ==
	    NULL || dot == p || dot + 1 == svc ||
	    memchr(dot + 1, '.', (size_t)(svc - dot - 1)) != NULL) {
		*service = altok_out_str(&st->out, &fq);
		return;
	}
	part = fq;
	part.len = (uint32_t)(dot - p);
	*service = altok_out_str(&st->out, &part);
	part.p = dot + 1;
	part.len = (uint32_t)(svc - dot - 1);
	*namespace = altok_out_str(&st->out, &part);
}

/*
 * Whether an address is written like an IP address (digits, hex, dots,
 * colons, brackets): one that al_hostport() refuses is then malformed.
 */
/*
 * Splits an address field ("10.44.1.27:80", "tcp://10.0.2.1:80", "-",
 * "[::1]:80") into ip and port.  Returns 1 with an address, 0 without
 * (blank, a pipe, a name), -1 when it is written like an address but is
 * not one.
 */
static int
env_addr(const struct altok_span *sp, char *ip, size_t iplen, int64_t *port)
{
	const char	*p = sp->p, *end = sp->p + sp->len, *s;

	*port = INT_NONE;
	if (altok_blank(sp))
		return (0);
	if ((s = memchr(p, '/', sp->len)) != NULL && s > p && s[-1] == ':' &&
	    s + 1 < end && s[1] == '/')
		p = s + 2;
	if (al_hostport(p, (size_t)(end - p), ip, iplen, port))
		return (1);
	return (al_looks_like_ip(p, (size_t)(end - p)) ? -1 : 0);
}

/* The client: DOWNSTREAM_REMOTE_ADDRESS, else X-Forwarded-For's first. */
static const char *
env_client(struct env_state *st, char *ip, size_t iplen)
{
	const struct altok_span	*f = st->rec.f;
	struct altok_iter	 it;
	struct altok_span	 first;
	int64_t			 port;
	int			 group;

	if (!altok_blank(&f[AR_DOWNSTREAM_REMOTE_ADDR]) &&
	    env_addr(&f[AR_DOWNSTREAM_REMOTE_ADDR], ip, iplen, &port) == 1)
		return (ip);
	if (altok_blank(&f[AR_X_FORWARDED_FOR]))
		return (NULL);
	altok_list_init(&it, &f[AR_X_FORWARDED_FOR]);
	if (!altok_list_next(&it, &first, &group))
		return (NULL);
	first.flags = f[AR_X_FORWARDED_FOR].flags;
	if (env_addr(&first, ip, iplen, &port) == 1)
		return (ip);
	return (altok_out_str(&st->out, &first));
}

/* Whether a span is exactly the text s. */
static int
span_is(const struct altok_span *sp, const char *s)
{
	size_t	n = strlen(s);

	return (sp->p != NULL && sp->len == n && memcmp(sp->p, s, n) == 0);
}

/* Whether a span starts with the text s. */
static int
span_starts(const struct altok_span *sp, const char *s)
{
	size_t	n = strlen(s);

	return (sp->p != NULL && sp->len >= n && memcmp(sp->p, s, n) == 0);
}

/*
 * Keeps one of the proxy's own lines, s[0..n) at us, as its container's
 * log line.  Returns 0, or -2 when the sink failed.
 */
static int
env_own_put(struct env_state *st, const char *s, size_t n, int64_t us,
    int64_t lineno)
{
	struct rec_log	r;

	memset(&r, 0, sizeof r);
	r.namespace = st->opts->pod_name != NULL ?
	    st->opts->pod_namespace : NULL;
	r.pod = st->opts->pod_name;
	r.container = st->opts->container;
	r.time_us = us;
	r.line = lineno;
	buf_clear(&st->text);
	buf_append(&st->text, s, n);
	buf_append(&st->text, "", 1);
	r.text = st->text.data;
	if (sink_put(st->sink, REC_LOG, &r) != 0)
		return (-2);
	st->own++;
	return (0);
}

static int
env_text_line(struct env_state *st, const char *s, size_t n, int64_t lineno,
    char *why, size_t whylen)
{
	const struct altok_span	*f = st->rec.f;
	struct altok_span	 m, pth, proto;
	struct rec_request	 q;
	struct rec_attempt	 a;
	char			 ip[ENV_IP_LEN], cip[ENV_IP_LEN], flags[256];
	int64_t			 t, v, ust;
	int			 k, has_ip;

	if (envoy_own_text(s, n, st->opts->tz, &t) == 0)
		return (env_own_put(st, s, n, t, lineno));
	if ((k = env_match(st, s, n, why, whylen)) < 0)
		return (-1);
	memset(&q, 0, sizeof q);
	memset(&a, 0, sizeof a);
	q.dialect = env_dialects[k].name;
	q.line = lineno;

	if (altok_time_iso(&st->clock, f[AR_START_TIME_ISO].p,
	    f[AR_START_TIME_ISO].len, st->opts->tz, &t) != 0)
		return (altok_bad_field(&f[AR_START_TIME_ISO],
		    AR_START_TIME_ISO, "not a time", why, whylen));
	if (altok_int(f[AR_STATUS].p, f[AR_STATUS].len, &q.status) != 0 ||
	    q.status < 0)
		return (altok_bad_field(&f[AR_STATUS], AR_STATUS,
		    "not a status", why, whylen));
	if (altok_opt_count(&f[AR_BYTES_RECEIVED], AR_BYTES_RECEIVED, &v, why,
	    whylen) != 0 ||
	    altok_opt_count(&f[AR_BYTES_SENT], AR_BYTES_SENT, &q.bytes, why,
	    whylen) != 0 ||
	    altok_opt_count(&f[AR_DURATION_MS], AR_DURATION_MS,
	    &q.duration_us, why, whylen) != 0 ||
	    altok_opt_count(&f[AR_UPSTREAM_SERVICE_TIME],
	    AR_UPSTREAM_SERVICE_TIME, &ust, why, whylen) != 0)
		return (-1);
	if (env_flags(&f[AR_RESPONSE_FLAGS], flags, sizeof flags, &q.flags,
	    why, whylen) != 0)
		return (-1);
	if ((has_ip = env_addr(&f[AR_UPSTREAM_HOST], ip, sizeof ip,
	    &a.port)) < 0)
		return (altok_bad_field(&f[AR_UPSTREAM_HOST], AR_UPSTREAM_HOST,
		    "not an address", why, whylen));

	/* START_TIME is when the first downstream byte came. */
	q.start_us = t;
	if (q.duration_us != INT_NONE) {
		q.duration_us *= 1000;
		q.end_us = t + q.duration_us;
	} else
		q.end_us = TIME_NONE;

	altok_out_begin(&st->out, n, st->sink);
	altok_request(&f[AR_REQUEST_LINE], &m, &pth, &proto);
	q.method = altok_out_str(&st->out, &m);
	q.path = altok_out_str(&st->out, &pth);
	q.protocol = altok_out_str(&st->out, &proto);
	q.host = altok_out_str(&st->out, &f[AR_AUTHORITY]);
	q.client = env_client(st, cip, sizeof cip);
	q.user_agent = altok_out_str(&st->out, &f[AR_USER_AGENT]);
	q.request_id = altok_out_str(&st->out, &f[AR_REQUEST_ID]);
	q.detail = altok_out_str(&st->out, &f[AR_RESPONSE_CODE_DETAILS]);
	q.failure = altok_out_str(&st->out,
	    &f[AR_UPSTREAM_TRANSPORT_FAILURE_REASON]);
	q.upstream_name = altok_out_str(&st->out, &f[AR_UPSTREAM_CLUSTER]);
	env_cluster(st, &f[AR_UPSTREAM_CLUSTER], &q.service, &q.namespace);
	if (sink_put(st->sink, REC_REQUEST, &q) != 0)
		return (-2);

	/*
	 * The one attempt Envoy logs: the final UPSTREAM_HOST ("-" when
	 * none was picked: UH, NR...).  Its status is the response's when
	 * the upstream sent it: RESPONSE_CODE_DETAILS "via_upstream" or
	 * "upstream_reset_after_response_started{...}", or,
	 * in layouts without details, an X-Envoy-Upstream-Service-Time
	 * header (only the router sets it, from an upstream response).
	 */
	a.seq = 0;
	a.upstream = altok_out_text(&st->out, &f[AR_UPSTREAM_HOST]);
	a.ip = has_ip == 1 ? ip : NULL;
	if (has_ip != 1)
		a.port = INT_NONE;
	if (f[AR_RESPONSE_CODE_DETAILS].p != NULL)
		a.status = span_is(&f[AR_RESPONSE_CODE_DETAILS],
		    "via_upstream") || span_starts(&f[AR_RESPONSE_CODE_DETAILS],
		    "upstream_reset_after_response_started") ? q.status :
		    INT_NONE;
	else
		a.status = ust != INT_NONE ? q.status : INT_NONE;
	a.duration_us = ust != INT_NONE ? ust * 1000 : INT_NONE;
	a.time_us = t;
	return (sink_put(st->sink, REC_ATTEMPT, &a) == 0 ? 0 : -2);
}

/* One Envoy/Istio JSON line, read by envoy-json.c. */
static int
env_json_line(struct env_state *st, const char *s, size_t n, int64_t lineno,
    char *why, size_t whylen)
{
	json_error_t	 err;
	json_t		*obj;
	char		*big;
	int64_t		 t;
	int		 r;

	if (js_too_costly(s, n, st->opts->max_object)) {
		big = js_too_costly_why(st->opts->max_object);
		snprintf(why, whylen, "%s", big);
		free(big);
		return (-1);
	}
	if ((obj = jf_loadb(s, n, 0, &err)) == NULL) {
		snprintf(why, whylen, "not JSON: %s (column %d)", err.text,
		    err.column);
		return (-1);
	}
	if (!json_is_object(obj)) {
		json_decref(obj);
		snprintf(why, whylen, "not a JSON object");
		return (-1);
	}
	if (envoy_own_json(obj, st->opts->tz, &t) == 0)
		r = env_own_put(st, s, n, t, lineno);
	else
		r = envoy_json_put(obj, lineno, st->sink, why, whylen);
	json_decref(obj);
	return (r);
}

static int
env_line(void *ctx, const char *s, size_t n, int64_t lineno, char *why,
    size_t whylen)
{
	size_t	i;

	for (i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	if (i < n && s[i] == '{')
		return (env_json_line(ctx, s, n, lineno, why, whylen));
	return (env_text_line(ctx, s, n, lineno, why, whylen));
}

/*
 * Whether the JSON text s[0..n) has key as a key of its own (not inside
 * an escaped string: no backslash before its quote; a colon after it).
 */
static int
has_key(const char *s, size_t n, const char *key)
{
	const char	*p = s, *end = s + n, *k;
	size_t		 kl = strlen(key);

	while ((k = memmem(p, (size_t)(end - p), key, kl)) != NULL) {
		p = k + kl;
		if (k > s && k[-1] == '\\')
			continue;
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p < end && *p == ':')
			return (1);
	}
	return (0);
}

/* The score of one line: 90 for a text layout, 80 for Envoy JSON. */
static int
env_probe_line(const char *s, size_t n)
{
	static struct altok_rec	r;	/* probing is single-threaded */
	struct altok_clock	c;
	int64_t			t;
	size_t			i;

	for (i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	if (i < n && s[i] == '{') {
		if (has_key(s, n, "\"apiVersion\"") ||
		    has_key(s, n, "\"httpRequest\"") ||
		    has_key(s, n, "\"involvedObject\""))
			return (0);
		if (has_key(s, n, "\"response_flags\"") ||
		    has_key(s, n, "\"upstream_cluster\"") ||
		    has_key(s, n, "\"upstream_host\""))
			return (80);
		return (0);
	}
	if (n == 0 || s[0] != '[')
		return (0);
	memset(&c, 0, sizeof c);
	for (i = 0; i < NDIALECTS; i++) {
		if (altok_read(&env_dialects[i], s, n, &r) != 0)
			continue;
		if (altok_time_iso(&c, r.f[AR_START_TIME_ISO].p,
		    r.f[AR_START_TIME_ISO].len, NULL, &t) != 0)
			return (0);
		return (90);
	}
	return (0);
}

/* Whether one line of the head is one of the proxy's own lines. */
static int
env_probe_own(const char *s, size_t n)
{
	int64_t	t;
	size_t	i;

	for (i = 0; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
		;
	if (i < n && s[i] == '{')
		return (has_key(s, n, "\"level\"") &&
		    has_key(s, n, "\"time\"") && has_key(s, n, "\"msg\"") &&
		    !has_key(s, n, "\"start_time\""));
	return (envoy_own_text(s, n, NULL, &t) == 0);
}

/*
 * "kubectl logs" of a proxy: its own lines first (a startup of dozens),
 * its access log after.  Scores the whole head when its first line is
 * the proxy's own: an access line's score when at least one line is a
 * request and three in four are requests or own lines (the rest:
 * continuation lines of its messages).
 */
static int
env_probe_log(const unsigned char *head, size_t len)
{
	const char	*at = (const char *)head, *end = at + len, *p;
	size_t		 n;
	int		 sc, best = 0;
	long		 req = 0, own = 0, other = 0;

	while (altok_head_line(&at, end, len, &p, &n)) {
		if (n > 0) {
			if (req + own + other == 0 && !env_probe_own(p, n))
				return (0);	/* not a proxy's log */
			if ((sc = env_probe_line(p, n)) > 0) {
				req++;
				if (sc > best)
					best = sc;
			} else if (env_probe_own(p, n))
				own++;
			else
				other++;
		}
	}
	return (req > 0 && own > 0 && other * 4 <= req + own + other ?
	    best : 0);
}

static int
imp_envoy_probe(const char *name, const unsigned char *head, size_t len)
{
	int	sc = altok_probe(head, len, env_probe_line);

	return (sc > 0 ? sc : env_probe_log(head, len));
}

static int
imp_envoy_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	struct env_state	*st;
	int			 rc;

	st = xcalloc(1, sizeof *st);
	st->sink = sink;
	st->opts = opts;
	rc = altok_import(in, sink, "Envoy or Istio access-log", env_line, st,
	    cause);
	if (rc == 0 && st->own > 0 && opts->pod_name != NULL)
		sink_summary(sink, "kept %lld of the proxy's own log line%s "
		    "(startup, xDS) as %s/%s's log", (long long)st->own,
		    st->own == 1 ? "" : "s", opts->pod_name,
		    opts->container != NULL ? opts->container : "?");
	else if (rc == 0 && st->own > 0)
		sink_summary(sink, "kept %lld of the proxy's own log line%s "
		    "(startup, xDS) as its container's log (no pod known: "
		    "--pod NS/POD --container C puts them on its timeline)",
		    (long long)st->own, st->own == 1 ? "" : "s");
	altok_out_free(&st->out);
	buf_free(&st->text);
	free(st);
	return (rc);
}

const struct importer imp_envoy = {
	.name = "envoy",
	.summary = "Envoy and Istio access logs: text formats and JSON",
	.reads = IMP_READS_TZ | IMP_READS_POD,
	.probe = imp_envoy_probe,
	.parse = imp_envoy_parse,
};
