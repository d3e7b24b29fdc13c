/*
 * ingress-nginx.c: the "ingress-nginx" importer.  Reads access logs in the
 * CLF family, one request per line
 * (docs/formats/access-logs.md#ingress-nginx):
 *
 *   ingress-nginx	the controller's default log-format-upstream
 *			(upstreaminfo), extra fields appended are ignored
 *   ingress-nginx-legacy, ingress-nginx-legacy-canary
 *			older defaults, "$the_real_ip - [$the_real_ip] -
 *			$remote_user ...", without and with the canary
 *			[$proxy_alternative_upstream_name]
 *   nginx-main		combined + "$http_x_forwarded_for" (nginx.conf)
 *   nginx-combined	nginx's built-in combined
 *   traefik		Traefik's CLF ("common" access-log format)
 *   clf		the common log format (combined without referer
 *			and user agent)
 *   nginx-combined-prefixed
 *			combined after one more leading field (a forwarded
 *			chain or a virtual host), which is ignored
 *   nginx-combined-ext	combined with fields appended, which are ignored
 *
 * Each layout is a table for the access-log tokenizer (altok.h); this file
 * turns the fields into a request and its upstream attempts.  It knows
 * nothing of SQLite or curses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accesslog.h"
#include "altok.h"
#include "importer.h"
#include "timefmt.h"
#include "util.h"

#define NGX_IP_LEN	64		/* an address as text */

#define W	ALT_WORD
#define Q	ALT_QUOTED
#define B	ALT_BRACKET
#define L	ALT_LIST

/* The start every CLF layout shares. */
#define CLF_HEAD							\
	ALTOK_F(AR_CLIENT, L), ALTOK_F(AR_IDENT, W), ALTOK_F(AR_USER, W), \
	ALTOK_F(AR_TIME_LOCAL, B), ALTOK_F(AR_REQUEST_LINE, Q),	\
	ALTOK_F(AR_STATUS, W), ALTOK_F(AR_BYTES, W)
/* ... and combined's. */
#define COMBINED_HEAD							\
	CLF_HEAD, ALTOK_F(AR_REFERER, Q), ALTOK_F(AR_USER_AGENT, Q)
/* The upstream part of upstreaminfo, after [$proxy_upstream_name]. */
#define UPSTREAM_TAIL							\
	ALTOK_F(AR_UPSTREAM_ADDR_LIST, L),				\
	ALTOK_F(AR_UPSTREAM_LENGTH_LIST, L),				\
	ALTOK_F(AR_UPSTREAM_TIME_LIST, L),				\
	ALTOK_F(AR_UPSTREAM_STATUS_LIST, L), ALTOK_F(AR_REQ_ID, W)

static const struct altok_field upstreaminfo_fields[] = {
	COMBINED_HEAD,
	ALTOK_F(AR_REQUEST_LENGTH, W), ALTOK_F(AR_REQUEST_TIME, W),
	ALTOK_F(AR_UPSTREAM_NAME, B), ALTOK_F(AR_ALT_UPSTREAM_NAME, B),
	UPSTREAM_TAIL
};
/* "$the_real_ip - [$the_real_ip] - $remote_user [$time_local] ..." */
#define LEGACY_HEAD							\
	ALTOK_F(AR_CLIENT, L), ALTOK_F(AR_SKIP, W), ALTOK_F(AR_SKIP, B), \
	ALTOK_F(AR_IDENT, W), ALTOK_F(AR_USER, W),			\
	ALTOK_F(AR_TIME_LOCAL, B), ALTOK_F(AR_REQUEST_LINE, Q),	\
	ALTOK_F(AR_STATUS, W), ALTOK_F(AR_BYTES, W),			\
	ALTOK_F(AR_REFERER, Q), ALTOK_F(AR_USER_AGENT, Q),		\
	ALTOK_F(AR_REQUEST_LENGTH, W), ALTOK_F(AR_REQUEST_TIME, W),	\
	ALTOK_F(AR_UPSTREAM_NAME, B)
static const struct altok_field legacy_fields[] = {
	LEGACY_HEAD, UPSTREAM_TAIL
};
static const struct altok_field legacy_canary_fields[] = {
	LEGACY_HEAD, ALTOK_F(AR_ALT_UPSTREAM_NAME, B), UPSTREAM_TAIL
};
static const struct altok_field main_fields[] = {
	COMBINED_HEAD, ALTOK_F(AR_X_FORWARDED_FOR, Q)
};
static const struct altok_field combined_fields[] = {
	COMBINED_HEAD
};
static const struct altok_field traefik_fields[] = {
	COMBINED_HEAD,
	ALTOK_F(AR_REQUEST_COUNT, W), ALTOK_F(AR_ROUTER_NAME, Q),
	ALTOK_F(AR_SERVER_URL, Q), ALTOK_F(AR_DURATION_MS_SUFFIX, W)
};
static const struct altok_field clf_fields[] = {
	CLF_HEAD
};
static const struct altok_field prefixed_fields[] = {
	ALTOK_F(AR_SKIP, L), COMBINED_HEAD
};
static const struct altok_field prefixed_quoted_fields[] = {
	ALTOK_F(AR_SKIP, Q), COMBINED_HEAD
};

#undef W
#undef Q
#undef B
#undef L

static const struct altok_dialect d_upstreaminfo =
    ALTOK_DIALECT("ingress-nginx", upstreaminfo_fields, 1);
/* $req_id came later: it may be missing. */
static const struct altok_dialect d_legacy =
    ALTOK_DIALECT_MIN("ingress-nginx-legacy", legacy_fields,
    sizeof legacy_fields / sizeof legacy_fields[0] - 1, 1);
static const struct altok_dialect d_legacy_canary =
    ALTOK_DIALECT_MIN("ingress-nginx-legacy-canary", legacy_canary_fields,
    sizeof legacy_canary_fields / sizeof legacy_canary_fields[0] - 1, 1);
static const struct altok_dialect d_main =
    ALTOK_DIALECT("nginx-main", main_fields, 0);
static const struct altok_dialect d_combined =
    ALTOK_DIALECT("nginx-combined", combined_fields, 0);
static const struct altok_dialect d_traefik =
    ALTOK_DIALECT("traefik", traefik_fields, 0);
static const struct altok_dialect d_clf =
    ALTOK_DIALECT("clf", clf_fields, 0);
static const struct altok_dialect d_prefixed =
    ALTOK_DIALECT("nginx-combined-prefixed", prefixed_fields, 0);
static const struct altok_dialect d_prefixed_quoted =
    ALTOK_DIALECT("nginx-combined-prefixed", prefixed_quoted_fields, 0);
static const struct altok_dialect d_combined_ext =
    ALTOK_DIALECT("nginx-combined-ext", combined_fields, 1);

/* A layout and how to read it. */
struct ngx_layout {
	const struct altok_dialect *d;
	int		 score;		/* probe score of a line in it: above
					   container-log's 70 for a plain
					   file when the layout is certain */
	int		 time_is_start;	/* the time stamps the start
					   (Traefik's StartUTC); else the
					   end (nginx's $time_local) */
	int		 sticky;	/* tried first on the next line after
					   it matched (not for loose layouts
					   that would swallow stricter ones) */
};

/* In the order they are tried: stricter first. */
static const struct ngx_layout layouts[] = {
	{ .d = &d_upstreaminfo, .score = 90, .sticky = 1 },
	/* the canary's extra [...] would pass for an address in legacy */
	{ .d = &d_legacy_canary, .score = 90, .sticky = 1 },
	{ .d = &d_legacy, .score = 90, .sticky = 1 },
	{ .d = &d_main, .score = 75, .sticky = 1 },
	{ .d = &d_combined, .score = 75, .sticky = 1 },
	{ .d = &d_traefik, .score = 75, .time_is_start = 1, .sticky = 1 },
	{ .d = &d_clf, .score = 60, .sticky = 1 },
	{ .d = &d_prefixed, .score = 40, .sticky = 0 },
	{ .d = &d_prefixed_quoted, .score = 40, .sticky = 0 },
	{ .d = &d_combined_ext, .score = 40, .sticky = 0 },
};
#define NLAYOUTS	(sizeof layouts / sizeof layouts[0])

/* One upstream attempt of the line being read. */
struct ngx_try {
	struct altok_span addr;		/* as logged (borrowed) */
	struct altok_span host;		/* the part holding the address */
	char		 ip[NGX_IP_LEN]; /* the address, when has_ip */
	int		 has_ip;	/* 1 when host is an IP address */
	int64_t		 port;		/* or INT_NONE */
	int64_t		 status;	/* or INT_NONE */
	int64_t		 dur_us;	/* or INT_NONE */
};

/* The state of one import. */
struct ngx_state {
	struct sink		*sink;
	struct altok_rec	 rec;	/* the fields of the current line */
	struct altok_clock	 clock;	/* the date last parsed */
	struct altok_out	 out;	/* the strings of the current line */
	size_t			 last;	/* the layout of the last good line */
	struct ngx_try		*tries;		/* max_tries slots; owned */
	int			 max_tries;	/* upstream attempts in one line
						   (--max-upstreams) */
};

/* Whether s[0..n) starts like an RFC 3339 time (a container log). */
static int
starts_with_date(const char *s, size_t n)
{
	return (n >= 10 && (unsigned)(s[0] - '0') <= 9 &&
	    (unsigned)(s[3] - '0') <= 9 && s[4] == '-' && s[7] == '-');
}

/*
 * Reads the line in the first layout that fits: the last good one first.
 * Returns the layout's index, or -1 with why naming the layout that got
 * furthest.
 */
static int
ngx_match(struct ngx_state *st, const char *s, size_t n, char *why,
    size_t whylen)
{
	size_t	i, best = 0, best_n = 0, stray = SIZE_MAX;
	char	msg[256];

	if (layouts[st->last].sticky) {
		if (altok_read(layouts[st->last].d, s, n, &st->rec) == 0)
			return ((int)st->last);
		if (st->rec.err_stray)
			stray = st->last;
		best = st->last;
		best_n = st->rec.nread;
	}
	for (i = 0; i < NLAYOUTS; i++) {
		if (i == st->last && layouts[i].sticky)
			continue;
		/* Loose layouts never hide an unbalanced quote. */
		if (!layouts[i].sticky && stray != SIZE_MAX)
			break;
		if (altok_read(layouts[i].d, s, n, &st->rec) == 0) {
			st->last = i;
			return ((int)i);
		}
		if (st->rec.err_stray && stray == SIZE_MAX)
			stray = i;
		if (st->rec.nread > best_n) {
			best_n = st->rec.nread;
			best = i;
		}
	}
	if (s[0] == '{') {
		snprintf(why, whylen, "a JSON line, not an nginx or Traefik "
		    "access-log line");
		return (-1);
	}
	if (stray != SIZE_MAX)
		best = stray;
	(void)altok_read(layouts[best].d, s, n, &st->rec);
	snprintf(why, whylen, "%s (as %s)", altok_strerror(&st->rec, msg,
	    sizeof msg), layouts[best].d->name);
	return (-1);
}

/* Seconds that may be "-": INT_NONE then. */
static int
opt_secs(const struct altok_span *sp, enum altok_role role, int64_t *us,
    char *why, size_t whylen)
{
	*us = INT_NONE;
	if (sp->p == NULL || altok_blank(sp))
		return (0);
	if (altok_secs_us(sp->p, sp->len, us) != 0 || *us < 0)
		return (altok_bad_field(sp, role, "not a time in seconds", why,
		    whylen));
	return (0);
}

/*
 * The client address without port: the first entry of a list, an IP
 * address as al_hostport() splits it, else the text as logged.
 */
static const char *
client_of(struct ngx_state *st, const struct altok_span *sp, char *ip,
    size_t iplen)
{
	struct altok_iter	it;
	struct altok_span	first;
	int64_t			port;
	int			group;

	if (altok_blank(sp))
		return (NULL);
	first = *sp;
	if (sp->shape == ALT_LIST) {
		altok_list_init(&it, sp);
		if (!altok_list_next(&it, &first, &group))
			return (NULL);
	}
	if (memchr(first.p, ':', first.len) != NULL &&
	    al_hostport(first.p, first.len, ip, iplen, &port))
		return (ip);
	return (altok_out_str(&st->out, &first));
}

/*
 * Whether an upstream entry is written like an IP address (digits, hex,
 * dots, colons, brackets) rather than a unix socket or a group name: one
 * that al_hostport() refuses is then malformed.
 */
/*
 * Reads the nginx upstream lists into st->tries: one attempt per entry
 * of $upstream_addr (groups after " : " follow in order), with the entry
 * of the same rank in $upstream_status and $upstream_response_time.
 * Returns the number of attempts, or -1 with why.
 */
static int
ngx_lists(struct ngx_state *st, char *why, size_t whylen)
{
	static const enum altok_role others[] = {
		AR_UPSTREAM_STATUS_LIST, AR_UPSTREAM_TIME_LIST,
		AR_UPSTREAM_LENGTH_LIST
	};
	const struct altok_span	*f = st->rec.f;
	struct altok_iter	 it;
	struct altok_span	 e;
	struct ngx_try		*t;
	size_t			 k, i, n = 0;
	int64_t			 v;
	int			 group;

	altok_list_init(&it, &f[AR_UPSTREAM_ADDR_LIST]);
	while (altok_list_next(&it, &e, &group)) {
		if (n == (size_t)st->max_tries) {
			snprintf(why, whylen, "upstream_addr: more than %d "
			    "upstreams (--max-upstreams raises the limit)",
			    st->max_tries);
			return (-1);
		}
		t = &st->tries[n++];
		t->addr = t->host = e;
		t->status = t->dur_us = INT_NONE;
	}
	if (n == 0)
		return (altok_bad_field(&f[AR_UPSTREAM_ADDR_LIST],
		    AR_UPSTREAM_ADDR_LIST, "empty", why, whylen));
	for (k = 0; k < sizeof others / sizeof others[0]; k++) {
		altok_list_init(&it, &f[others[k]]);
		for (i = 0; altok_list_next(&it, &e, &group); i++) {
			if (i >= n)
				continue;
			t = &st->tries[i];
			if (altok_blank(&e))
				continue;
			if (others[k] == AR_UPSTREAM_STATUS_LIST) {
				if (altok_int(e.p, e.len, &v) != 0 || v < 0)
					return (altok_bad_field(&e, others[k],
					    "not a status", why, whylen));
				t->status = v;
			} else if (others[k] == AR_UPSTREAM_TIME_LIST) {
				if (altok_secs_us(e.p, e.len, &v) != 0 ||
				    v < 0)
					return (altok_bad_field(&e, others[k],
					    "not a time in seconds", why,
					    whylen));
				t->dur_us = v;
			} else if (altok_int(e.p, e.len, &v) != 0 || v < 0)
				return (altok_bad_field(&e, others[k],
				    "not a length", why, whylen));
		}
		if (i != n) {
			snprintf(why, whylen, "%s has %zu entr%s for %zu "
			    "upstream_addr entr%s", altok_role_name(others[k]),
			    i, i == 1 ? "y" : "ies", n, n == 1 ? "y" : "ies");
			return (-1);
		}
	}
	return ((int)n);
}

/* Puts the attempt t (checked by ngx_check_tries). */
static int
ngx_put_try(struct ngx_state *st, const struct ngx_try *t, int64_t seq,
    int64_t start_us)
{
	struct rec_attempt	a;

	memset(&a, 0, sizeof a);
	a.seq = seq;
	a.upstream = altok_out_text(&st->out, &t->addr);
	a.ip = t->has_ip ? t->ip : NULL;
	a.port = t->port;
	a.status = t->status;
	a.duration_us = t->dur_us;
	a.time_us = start_us;
	return (sink_put(st->sink, REC_ATTEMPT, &a));
}

/*
 * Traefik's "<Traefik_server_URL>" ("http://10.42.0.5:80", "-") as one
 * attempt: the address is the URL's authority.
 */
static int
traefik_try(const struct altok_span *url, struct ngx_try *t)
{
	const char	*p, *end, *slash;

	t->status = t->dur_us = INT_NONE;
	t->addr = t->host = *url;
	if (altok_blank(url))
		return (1);
	p = url->p;
	end = p + url->len;
	if ((slash = memchr(p, '/', url->len)) != NULL && slash > p &&
	    slash[-1] == ':' && slash + 1 < end && slash[1] == '/') {
		p = slash + 2;
		if ((slash = memchr(p, '/', (size_t)(end - p))) != NULL)
			end = slash;
		t->host.p = p;
		t->host.len = (uint32_t)(end - p);
	}
	return (1);
}

/*
 * Checks every address before anything is put, so that a line is either
 * put whole or rejected.
 */
static int
ngx_check_tries(struct ngx_state *st, int n, enum altok_role role,
    char *why, size_t whylen)
{
	struct ngx_try	*t;
	int		 i;

	for (i = 0; i < n; i++) {
		t = &st->tries[i];
		t->port = INT_NONE;
		t->has_ip = !altok_blank(&t->host) && al_hostport(t->host.p,
		    t->host.len, t->ip, sizeof t->ip, &t->port);
		if (!t->has_ip && !altok_blank(&t->host) &&
		    al_looks_like_ip(t->host.p, t->host.len))
			return (altok_bad_field(&t->addr, role,
			    "not an address", why, whylen));
	}
	return (0);
}

static int
ngx_line(void *ctx, const char *s, size_t n, int64_t lineno, char *why,
    size_t whylen)
{
	struct ngx_state		*st = ctx;
	const struct ngx_layout		*lay;
	const struct altok_span		*f = st->rec.f;
	struct altok_span		 m, pth, proto;
	struct rec_request		 q;
	char				 cip[NGX_IP_LEN];
	int64_t				 t, v, dur = INT_NONE, i;
	int				 k, ntries = 0;

	if ((k = ngx_match(st, s, n, why, whylen)) < 0)
		return (-1);
	lay = &layouts[k];
	memset(&q, 0, sizeof q);
	q.dialect = lay->d->name;
	q.line = lineno;

	if (altok_time_clf(&st->clock, f[AR_TIME_LOCAL].p,
	    f[AR_TIME_LOCAL].len, &t) != 0)
		return (altok_bad_field(&f[AR_TIME_LOCAL], AR_TIME_LOCAL,
		    "not a time", why, whylen));
	if (altok_int(f[AR_STATUS].p, f[AR_STATUS].len, &q.status) != 0 ||
	    q.status < 0)
		return (altok_bad_field(&f[AR_STATUS], AR_STATUS,
		    "not a status", why, whylen));
	if (altok_opt_count(&f[AR_BYTES], AR_BYTES, &q.bytes, why,
	    whylen) != 0 ||
	    altok_opt_count(&f[AR_REQUEST_LENGTH], AR_REQUEST_LENGTH, &v, why,
	    whylen) != 0 ||
	    altok_opt_count(&f[AR_REQUEST_COUNT], AR_REQUEST_COUNT, &v, why,
	    whylen) != 0 ||
	    opt_secs(&f[AR_REQUEST_TIME], AR_REQUEST_TIME, &dur, why,
	    whylen) != 0)
		return (-1);
	if (f[AR_DURATION_MS_SUFFIX].p != NULL) {
		m = f[AR_DURATION_MS_SUFFIX];
		if (m.len < 3 || memcmp(m.p + m.len - 2, "ms", 2) != 0 ||
		    altok_int(m.p, m.len - 2, &v) != 0 || v < 0)
			return (altok_bad_field(&m, AR_DURATION_MS_SUFFIX,
			    "not a duration in ms", why, whylen));
		dur = v * 1000;
	}

	if (f[AR_UPSTREAM_ADDR_LIST].p != NULL) {
		if ((ntries = ngx_lists(st, why, whylen)) < 0 ||
		    ngx_check_tries(st, ntries, AR_UPSTREAM_ADDR_LIST, why,
		    whylen) != 0)
			return (-1);
	} else if (f[AR_SERVER_URL].p != NULL) {
		ntries = traefik_try(&f[AR_SERVER_URL], &st->tries[0]);
		if (ngx_check_tries(st, ntries, AR_SERVER_URL, why,
		    whylen) != 0)
			return (-1);
	}

	/*
	 * nginx writes $time_local when the request ends, to the second;
	 * the start is that minus $request_time.  Traefik stamps the start.
	 */
	q.duration_us = dur;
	if (lay->time_is_start) {
		q.start_us = t;
		q.end_us = dur != INT_NONE ? t + dur : TIME_NONE;
	} else {
		q.end_us = t;
		q.start_us = dur != INT_NONE ? t - dur : t;
	}

	altok_out_begin(&st->out, n, st->sink);
	altok_request(&f[AR_REQUEST_LINE], &m, &pth, &proto);
	q.method = altok_out_str(&st->out, &m);
	q.path = altok_out_str(&st->out, &pth);
	q.protocol = altok_out_str(&st->out, &proto);
	q.client = client_of(st, &f[AR_CLIENT], cip, sizeof cip);
	q.user_agent = altok_out_str(&st->out, &f[AR_USER_AGENT]);
	q.request_id = altok_out_str(&st->out, &f[AR_REQ_ID]);
	/*
	 * [$proxy_upstream_name] is "<namespace>-<service>-<port>", and
	 * namespaces, services and port names may all hold '-': the split
	 * is ambiguous without the cluster's Services.  So the namespace is
	 * left NULL and the service is the whole name as logged; the store
	 * or the model may resolve it against known Services.  Traefik's
	 * router name is kept the same way.
	 */
	if (f[AR_UPSTREAM_NAME].p != NULL)
		q.upstream_name = altok_out_str(&st->out, &f[AR_UPSTREAM_NAME]);
	else
		q.upstream_name = altok_out_str(&st->out, &f[AR_ROUTER_NAME]);
	q.service = q.upstream_name;

	if (sink_put(st->sink, REC_REQUEST, &q) != 0)
		return (-2);
	for (i = 0; i < ntries; i++) {
		if (ngx_put_try(st, &st->tries[i], i, q.start_us) != 0)
			return (-2);
	}
	return (0);
}

/* The score of one line: the layout it reads in, 0 if none. */
static int
ngx_probe_line(const char *s, size_t n)
{
	static struct altok_rec	r;	/* probing is single-threaded */
	struct altok_clock	c;
	int64_t			t;
	size_t			i;

	if (n == 0 || s[0] == '{' || s[0] == '[' || starts_with_date(s, n))
		return (0);
	memset(&c, 0, sizeof c);
	for (i = 0; i < NLAYOUTS; i++) {
		if (altok_read(layouts[i].d, s, n, &r) != 0) {
			if (r.err_stray)
				return (0);
			continue;
		}
		if (altok_time_clf(&c, r.f[AR_TIME_LOCAL].p,
		    r.f[AR_TIME_LOCAL].len, &t) != 0)
			return (0);
		return (layouts[i].score);
	}
	return (0);
}

static int
imp_ingress_nginx_probe(const char *name, const unsigned char *head,
    size_t len)
{
	return (altok_probe(head, len, ngx_probe_line));
}

static int
imp_ingress_nginx_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	struct ngx_state	*st;
	int			 rc;

	st = xcalloc(1, sizeof *st);
	st->sink = sink;
	st->max_tries = opts->max_upstreams > 0 ? opts->max_upstreams :
	    IMPORT_MAX_UPSTREAMS;
	st->tries = xcalloc((size_t)st->max_tries, sizeof *st->tries);
	rc = altok_import(in, sink, "ingress-nginx, nginx or Traefik "
	    "access-log", ngx_line, st, cause);
	altok_out_free(&st->out);
	free(st->tries);
	free(st);
	return (rc);
}

const struct importer imp_ingress_nginx = {
	.name = "ingress-nginx",
	.summary = "ingress-nginx, nginx combined/main and Traefik access logs",
	.probe = imp_ingress_nginx_probe,
	.parse = imp_ingress_nginx_parse,
};
