/*
 * alb.c: the "alb" importer.  Reads AWS Elastic Load Balancing access
 * logs: Application Load Balancer lines (the 30 fields of today, and the
 * shorter lines of older ALBs, which end after trace_id, domain_name,
 * chosen_cert_arn...) and classic ELB lines (dialect "elb").  Each line
 * becomes one struct rec_request and one struct rec_attempt per target
 * (target:port, or the entries of target:port_list).  The layouts are
 * dialect tables for the shared tokenizer (altok.h); this file says what
 * their fields mean: ALB's time is the END of the request (the response
 * was generated) and request_creation_time its start; classic ELB's
 * timestamp is when the request was received.  Knows nothing of SQLite
 * or curses.
 * The fields read, and why: docs/formats/access-logs.md#alb.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accesslog.h"
#include "altok.h"
#include "importer.h"
#include "timefmt.h"
#include "util.h"

#define ALB_MAX_TARGETS	16		/* attempts kept per request */
#define ALB_UNKNOWN	INT64_MIN	/* a -1 processing time */

/*
 * AWS's field order; lines of older ALBs stop after chosen_cert_arn (20
 * fields) or later, and newer ones may append fields (ignored).
 * domain_name and chosen_cert_arn were bare words in early logs.
 */
static const struct altok_field alb_fields[] = {
	ALTOK_F(AR_LB_TYPE, ALT_WORD),
	ALTOK_F(AR_TIME_ISO, ALT_WORD),
	ALTOK_F(AR_LB_NAME, ALT_WORD),
	ALTOK_F(AR_CLIENT_PORT, ALT_WORD),
	ALTOK_F(AR_TARGET_PORT, ALT_WORD),
	ALTOK_F(AR_REQUEST_PROCESSING_TIME, ALT_WORD),
	ALTOK_F(AR_TARGET_PROCESSING_TIME, ALT_WORD),
	ALTOK_F(AR_RESPONSE_PROCESSING_TIME, ALT_WORD),
	ALTOK_F(AR_LB_STATUS, ALT_WORD),
	ALTOK_F(AR_TARGET_STATUS, ALT_WORD),
	ALTOK_F(AR_BYTES_RECEIVED, ALT_WORD),
	ALTOK_F(AR_BYTES_SENT, ALT_WORD),
	ALTOK_F(AR_REQUEST_LINE, ALT_QUOTED),
	ALTOK_F(AR_USER_AGENT, ALT_QUOTED),
	ALTOK_F(AR_SSL_CIPHER, ALT_WORD),
	ALTOK_F(AR_SSL_PROTOCOL, ALT_WORD),
	ALTOK_F(AR_TARGET_GROUP_ARN, ALT_WORD),
	ALTOK_F(AR_TRACE_ID, ALT_QUOTED),
	ALTOK_F(AR_DOMAIN_NAME, ALT_ANY),
	ALTOK_F(AR_CHOSEN_CERT_ARN, ALT_ANY),
	ALTOK_F(AR_MATCHED_RULE_PRIORITY, ALT_WORD),
	ALTOK_F(AR_REQUEST_CREATION_TIME, ALT_WORD),
	ALTOK_F(AR_ACTIONS_EXECUTED, ALT_QUOTED),
	ALTOK_F(AR_REDIRECT_URL, ALT_QUOTED),
	ALTOK_F(AR_ERROR_REASON, ALT_QUOTED),
	ALTOK_F(AR_TARGET_PORT_LIST, ALT_QUOTED),
	ALTOK_F(AR_TARGET_STATUS_LIST, ALT_QUOTED),
	ALTOK_F(AR_CLASSIFICATION, ALT_QUOTED),
	ALTOK_F(AR_CLASSIFICATION_REASON, ALT_QUOTED),
	ALTOK_F(AR_CONN_TRACE_ID, ALT_WORD),
};

/* Classic ELB; the oldest lines end after the request. */
static const struct altok_field elb_fields[] = {
	ALTOK_F(AR_TIME_ISO, ALT_WORD),
	ALTOK_F(AR_LB_NAME, ALT_WORD),
	ALTOK_F(AR_CLIENT_PORT, ALT_WORD),
	ALTOK_F(AR_TARGET_PORT, ALT_WORD),
	ALTOK_F(AR_REQUEST_PROCESSING_TIME, ALT_WORD),
	ALTOK_F(AR_TARGET_PROCESSING_TIME, ALT_WORD),
	ALTOK_F(AR_RESPONSE_PROCESSING_TIME, ALT_WORD),
	ALTOK_F(AR_LB_STATUS, ALT_WORD),
	ALTOK_F(AR_TARGET_STATUS, ALT_WORD),
	ALTOK_F(AR_BYTES_RECEIVED, ALT_WORD),
	ALTOK_F(AR_BYTES_SENT, ALT_WORD),
	ALTOK_F(AR_REQUEST_LINE, ALT_QUOTED),
	ALTOK_F(AR_USER_AGENT, ALT_QUOTED),
	ALTOK_F(AR_SSL_CIPHER, ALT_WORD),
	ALTOK_F(AR_SSL_PROTOCOL, ALT_WORD),
};

/* What the time field of a layout stamps. */
enum alb_clock {
	ALB_TIME_IS_END,	/* ALB: the response was generated */
	ALB_TIME_IS_START	/* classic ELB: the request was received */
};

/* A role and what AWS calls it in one layout, for messages. */
struct alb_name {
	enum altok_role	 role;
	const char	*name;
};

static const struct alb_name alb_names[] = {
	{ .role = AR_TIME_ISO, .name = "time" },
	{ .role = AR_BYTES_SENT, .name = "sent_bytes" },
	{ .role = AR_USER_AGENT, .name = "user_agent" },
	{ .role = AR_SKIP, .name = NULL },
};

static const struct alb_name elb_names[] = {
	{ .role = AR_TIME_ISO, .name = "timestamp" },
	{ .role = AR_TARGET_PROCESSING_TIME,
	  .name = "backend_processing_time" },
	{ .role = AR_TARGET_STATUS, .name = "backend_status_code" },
	{ .role = AR_BYTES_SENT, .name = "sent_bytes" },
	{ .role = AR_USER_AGENT, .name = "user_agent" },
	{ .role = AR_SKIP, .name = NULL },
};

/* A layout: its tokenizer table and what its fields mean. */
struct alb_layout {
	struct altok_dialect	 tok;	/* fields, for altok_read() */
	const struct alb_name	*names;	/* AWS's names where they differ
					   from altok_role_name()'s */
	enum alb_clock		 clock;	/* what AR_TIME_ISO stamps */
	int			 typed;	/* the first field is the type */
	int			 probe;	/* probe score when a line fits */
};

static const struct alb_layout alb_layouts[] = {
	{
		.tok = {
			.name = "alb",
			.fields = alb_fields,
			.nfields = sizeof alb_fields / sizeof alb_fields[0],
			.nrequired = 20,
			.trailing_ok = 1,
		},
		.names = alb_names,
		.clock = ALB_TIME_IS_END,
		.typed = 1,
		.probe = 90,
	},
	{
		.tok = {
			.name = "elb",
			.fields = elb_fields,
			.nfields = sizeof elb_fields / sizeof elb_fields[0],
			.nrequired = 12,
			.trailing_ok = 0,
		},
		.names = elb_names,
		.clock = ALB_TIME_IS_START,
		.typed = 0,
		/*
		 * Above a plain RFC 3339-stamped log (container-log: 85),
		 * which every ELB line also is: the probe checks more.
		 */
		.probe = 88,
	},
};
#define ALB_NLAYOUTS	(sizeof alb_layouts / sizeof alb_layouts[0])

/* The values of ALB's type field. */
static const char *const alb_types[] = {
	"http", "https", "h2", "grpcs", "ws", "wss",
};

/* Where a line's strings are decoded: one per parse, reused per line. */
struct alb_state {
	struct sink		*sink;
	const struct alb_layout	*lay;		/* the line's layout */
	const struct zone	*tz;		/* for zone-less times (--tz);
						   borrowed */
	struct altok_rec	 rec;		/* the line's fields */
	struct altok_clock	 clock;		/* the date last seen */
	int64_t			 good;		/* requests put */
	int64_t			 bad;		/* lines rejected */
	char			 first[300];	/* the first reject, for the
						   cause when nothing is good */
	char			 method[32];
	char			 host[512];
	char			 path[16384];
	char			 protocol[32];
	char			 client[64];
	char			 agent[2048];
	char			 service[256];
	char			 arn[512];
	char			 trace[256];
	char			 reason[256];
	char			 upstream[ALB_MAX_TARGETS][80];
	char			 ip[ALB_MAX_TARGETS][64];
	char			 why[256];
};

/* Whether the span is s. */
static int
alb_is(const struct altok_span *sp, const char *s)
{
	size_t	n = strlen(s);

	return (sp->p != NULL && sp->len == n && memcmp(sp->p, s, n) == 0);
}

static int
alb_known_type(const struct altok_span *sp)
{
	size_t	i;

	for (i = 0; i < sizeof alb_types / sizeof alb_types[0]; i++) {
		if (alb_is(sp, alb_types[i]))
			return (1);
	}
	return (0);
}

/* The layout for a line: ALB when it starts with a letter. */
static const struct alb_layout *
alb_layout_of(const char *line, size_t len)
{
	while (len > 0 && *line == ' ') {
		line++;
		len--;
	}
	if (len > 0 && *line >= '0' && *line <= '9')
		return (&alb_layouts[1]);
	return (&alb_layouts[0]);
}

/* What the line's layout calls a field. */
static const char *
alb_name_of(const struct alb_layout *lay, enum altok_role role)
{
	const struct alb_name	*n;

	for (n = lay->names; n->name != NULL; n++) {
		if (n->role == role)
			return (n->name);
	}
	return (altok_role_name(role));
}

/* Formats "bad FIELD "TEXT"" into st->why; returns -1. */
static int
alb_bad(struct alb_state *st, enum altok_role role)
{
	const struct altok_span	*sp = &st->rec.f[role];

	snprintf(st->why, sizeof st->why, "bad %s \"%.*s\"",
	    alb_name_of(st->lay, role), sp->len > 60 ? 60 : (int)sp->len,
	    sp->p != NULL ? sp->p : "");
	return (-1);
}

/*
 * A processing time in seconds: *us, or ALB_UNKNOWN for -1 (the LB could
 * not dispatch, the target closed the connection or timed out).
 */
static int
alb_secs(struct alb_state *st, enum altok_role role, int64_t *us)
{
	const struct altok_span	*sp = &st->rec.f[role];

	*us = ALB_UNKNOWN;
	if (sp->p == NULL || alb_is(sp, "-1"))
		return (0);
	if (altok_secs_us(sp->p, sp->len, us) != 0 || *us < 0) {
		*us = ALB_UNKNOWN;
		return (alb_bad(st, role));
	}
	return (0);
}

/* A status code, or INT_NONE for "-". */
static int
alb_status(const struct altok_span *sp, int64_t *v)
{
	*v = INT_NONE;
	if (altok_blank(sp))
		return (0);
	if (altok_int(sp->p, sp->len, v) != 0 || *v < 0 || *v > 999) {
		*v = INT_NONE;
		return (-1);
	}
	return (0);
}

/*
 * Splits the URL of ALB's request line, "https://host:443/p?q", into the
 * host without the port ALB always adds, and the path.  A path without a
 * scheme is kept as it is.
 */
static void
alb_url(struct alb_state *st, const struct altok_span *url,
    struct rec_request *r)
{
	const char	*p, *h, *end;
	size_t		 n;

	r->host = NULL;
	r->path = altok_str(url, st->path, sizeof st->path);
	if (r->path == NULL || (p = strstr(st->path, "://")) == NULL)
		return;
	h = p + 3;
	n = strcspn(h, "/?#");
	end = h + n;
	if (n > 0 && *h != '[') {
		p = memchr(h, ':', n);
		if (p != NULL)
			n = (size_t)(p - h);
	} else if (n > 0 && (p = memchr(h, ']', n)) != NULL)
		n = (size_t)(p - h) + 1;
	if (n > 0 && n < sizeof st->host) {
		memcpy(st->host, h, n);
		st->host[n] = '\0';
		r->host = st->host;
	}
	r->path = *end != '\0' ? end : NULL;
}

/* "arn:...:targetgroup/NAME/ID" -> NAME, into st->service. */
static const char *
alb_target_group(struct alb_state *st, const char *arn)
{
	const char	*p, *e;

	if (arn == NULL || (p = strstr(arn, ":targetgroup/")) == NULL)
		return (NULL);
	p += strlen(":targetgroup/");
	if ((e = strchr(p, '/')) == NULL)
		e = p + strlen(p);
	if (e == p || (size_t)(e - p) >= sizeof st->service)
		return (NULL);
	memcpy(st->service, p, (size_t)(e - p));
	st->service[e - p] = '\0';
	return (st->service);
}

/* Fills attempt i from the upstream span up; its ip into st->ip[i]. */
static void
alb_attempt(struct alb_state *st, size_t i, const struct altok_span *up,
    struct rec_attempt *a)
{
	memset(a, 0, sizeof *a);
	a->seq = (int64_t)i;
	a->port = INT_NONE;
	a->upstream = NULL;
	if (up->p != NULL && up->len > 0) {
		altok_unescape(up, st->upstream[i], sizeof st->upstream[i]);
		a->upstream = st->upstream[i];
	}
	a->ip = up->p != NULL && al_hostport(up->p, up->len, st->ip[i],
	    sizeof st->ip[i], &a->port) ? st->ip[i] : NULL;
}

/*
 * Puts the attempts: one per entry of target:port_list (statuses from
 * target_status_code_list, by position) when the list has entries, else
 * one from target:port.  Returns 0, or -1 when the sink failed.
 */
static int
alb_put_attempts(struct alb_state *st, int64_t status, int64_t time_us,
    int64_t duration_us)
{
	struct altok_span	 ups[ALB_MAX_TARGETS], sts[ALB_MAX_TARGETS];
	struct altok_iter	 it;
	struct altok_rec	*r = &st->rec;
	struct rec_attempt	 a;
	size_t			 n = 0, ns = 0, i;
	int			 group;

	if (!altok_blank(&r->f[AR_TARGET_PORT_LIST])) {
		altok_list_init(&it, &r->f[AR_TARGET_PORT_LIST]);
		while (n < ALB_MAX_TARGETS && altok_list_next(&it, &ups[n],
		    &group))
			n++;
		altok_list_init(&it, &r->f[AR_TARGET_STATUS_LIST]);
		while (ns < ALB_MAX_TARGETS && altok_list_next(&it, &sts[ns],
		    &group))
			ns++;
	}
	if (n == 0) {
		ups[0] = r->f[AR_TARGET_PORT];
		n = 1;
	}
	for (i = 0; i < n; i++) {
		alb_attempt(st, i, &ups[i], &a);
		a.status = status;
		if (ns > 0 && (i >= ns || alb_status(&sts[i], &a.status) != 0))
			a.status = INT_NONE;
		/* target_processing_time is the last target's */
		a.duration_us = i + 1 == n ? duration_us : INT_NONE;
		a.time_us = time_us;
		if (sink_put(st->sink, REC_ATTEMPT, &a) != 0)
			return (-1);
	}
	return (0);
}

/*
 * One line.  Returns 0 when put, -1 when rejected (st->why says why), -2
 * when the sink failed.
 */
static int
alb_line(struct alb_state *st, const char *line, size_t len, int64_t lineno)
{
	const struct alb_layout	*lay = alb_layout_of(line, len);
	struct altok_rec	*f = &st->rec;
	struct altok_span	 req, m, u, pr;
	struct rec_request	 r;
	int64_t			 t, created = TIME_NONE, rpt, tpt, rspt,
				 known, tstatus, port;

	st->lay = lay;
	if (altok_read(&lay->tok, line, len, f) != 0) {
		if (lay->typed && f->nread > 0 &&
		    !alb_known_type(&f->f[AR_LB_TYPE])) {
			snprintf(st->why, sizeof st->why, "not an ALB or ELB "
			    "line: it starts with \"%.*s\"",
			    f->f[AR_LB_TYPE].len > 40 ? 40 :
			    (int)f->f[AR_LB_TYPE].len, f->f[AR_LB_TYPE].p);
			return (-1);
		}
		altok_strerror(f, st->why, sizeof st->why);
		return (-1);
	}
	if (altok_time_iso(&st->clock, f->f[AR_TIME_ISO].p,
	    f->f[AR_TIME_ISO].len, st->tz, &t) != 0)
		return (alb_bad(st, AR_TIME_ISO));
	if (!altok_blank(&f->f[AR_REQUEST_CREATION_TIME]) &&
	    altok_time_iso(&st->clock, f->f[AR_REQUEST_CREATION_TIME].p,
	    f->f[AR_REQUEST_CREATION_TIME].len, st->tz, &created) != 0)
		return (alb_bad(st, AR_REQUEST_CREATION_TIME));
	if (alb_secs(st, AR_REQUEST_PROCESSING_TIME, &rpt) != 0 ||
	    alb_secs(st, AR_TARGET_PROCESSING_TIME, &tpt) != 0 ||
	    alb_secs(st, AR_RESPONSE_PROCESSING_TIME, &rspt) != 0)
		return (-1);

	memset(&r, 0, sizeof r);
	if (alb_status(&f->f[AR_LB_STATUS], &r.status) != 0)
		return (alb_bad(st, AR_LB_STATUS));
	if (alb_status(&f->f[AR_TARGET_STATUS], &tstatus) != 0)
		return (alb_bad(st, AR_TARGET_STATUS));
	r.bytes = INT_NONE;
	if (!altok_blank(&f->f[AR_BYTES_SENT]) &&
	    (altok_int(f->f[AR_BYTES_SENT].p, f->f[AR_BYTES_SENT].len,
	    &r.bytes) != 0 || r.bytes < 0))
		return (alb_bad(st, AR_BYTES_SENT));

	/*
	 * The clock.  The processing times add up to the LB's part of the
	 * request (not the client's transfer), so they only estimate the
	 * other end when a line lacks it.
	 */
	known = (rpt != ALB_UNKNOWN ? rpt : 0) +
	    (tpt != ALB_UNKNOWN ? tpt : 0) + (rspt != ALB_UNKNOWN ? rspt : 0);
	r.duration_us = rpt != ALB_UNKNOWN && tpt != ALB_UNKNOWN &&
	    rspt != ALB_UNKNOWN ? known : INT_NONE;
	if (lay->clock == ALB_TIME_IS_END) {
		r.end_us = t;
		r.start_us = created != TIME_NONE ? created : t - known;
		if (created != TIME_NONE)
			r.duration_us = t - created;
	} else {
		r.start_us = t;
		r.end_us = r.duration_us != INT_NONE ? t + r.duration_us :
		    TIME_NONE;
	}

	/* ELB writes "- - - " for TCP listeners: no request line. */
	req = f->f[AR_REQUEST_LINE];
	while (req.len > 0 && req.p[req.len - 1] == ' ')
		req.len--;
	altok_request(&req, &m, &u, &pr);
	r.method = altok_str(&m, st->method, sizeof st->method);
	r.protocol = altok_str(&pr, st->protocol, sizeof st->protocol);
	alb_url(st, &u, &r);
	r.client = al_hostport(f->f[AR_CLIENT_PORT].p, f->f[AR_CLIENT_PORT].len,
	    st->client, sizeof st->client, &port) ? st->client : NULL;
	r.user_agent = altok_str(&f->f[AR_USER_AGENT], st->agent,
	    sizeof st->agent);
	r.upstream_name = altok_str(&f->f[AR_TARGET_GROUP_ARN], st->arn,
	    sizeof st->arn);
	r.service = alb_target_group(st, r.upstream_name);
	r.detail = altok_str(&f->f[AR_ERROR_REASON], st->reason,
	    sizeof st->reason);
	r.request_id = altok_str(&f->f[AR_TRACE_ID], st->trace,
	    sizeof st->trace);
	r.dialect = lay->tok.name;
	r.line = lineno;
	if (sink_put(st->sink, REC_REQUEST, &r) != 0)
		return (-2);
	if (alb_put_attempts(st, tstatus, rpt != ALB_UNKNOWN ?
	    r.start_us + rpt : r.start_us, tpt != ALB_UNKNOWN ? tpt :
	    INT_NONE) != 0)
		return (-2);
	return (0);
}

static int
imp_alb_probe(const char *name, const unsigned char *head, size_t len)
{
	static const enum altok_role	 times[] = {
		AR_REQUEST_PROCESSING_TIME, AR_TARGET_PROCESSING_TIME,
		AR_RESPONSE_PROCESSING_TIME
	};
	const struct alb_layout	*lay;
	const struct altok_span	*sp;
	struct altok_rec	 rec;
	struct altok_clock	 clock;
	const char		*s = (const char *)head, *nl;
	char			 ip[64];
	size_t			 n, i;
	int64_t			 t;

	/* The first line that is not blank, if the head holds all of it. */
	while (len > 0 && (*s == '\n' || *s == '\r' || *s == ' ')) {
		s++;
		len--;
	}
	if ((nl = memchr(s, '\n', len)) != NULL)
		n = (size_t)(nl - s);
	else if (len < INPUT_PEEK_MAX)
		n = len;
	else
		return (0);
	if (n > 0 && s[n - 1] == '\r')
		n--;
	memset(&rec, 0, sizeof rec);
	memset(&clock, 0, sizeof clock);
	lay = alb_layout_of(s, n);
	if (altok_read(&lay->tok, s, n, &rec) != 0 ||
	    altok_time_iso(&clock, rec.f[AR_TIME_ISO].p,
	    rec.f[AR_TIME_ISO].len, NULL, &t) != 0)
		return (0);
	if (lay->typed && !alb_known_type(&rec.f[AR_LB_TYPE]))
		return (0);
	/* The client is an address and the times are seconds or -1. */
	if (!al_hostport(rec.f[AR_CLIENT_PORT].p, rec.f[AR_CLIENT_PORT].len,
	    ip, sizeof ip, &t))
		return (0);
	for (i = 0; i < sizeof times / sizeof times[0]; i++) {
		sp = &rec.f[times[i]];
		if (!alb_is(sp, "-1") && altok_secs_us(sp->p, sp->len, &t) != 0)
			return (0);
	}
	return (lay->probe);
}

static int
imp_alb_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	struct alb_state	*st;
	struct linereader	 lr;
	enum lr_status		 lrs;
	const char		*s, *err;
	size_t			 n;
	int			 rc = 0, put;

	st = xcalloc(1, sizeof *st);
	st->sink = sink;
	st->tz = opts->tz;
	*cause = NULL;
	lr_init(&lr, in);
	while ((lrs = lr_next(&lr, &s, &n)) != LR_EOF) {
		if (lrs == LR_LONG) {
			char	*lw = input_long_why(in, "line");

			sink_reject(sink, (int64_t)lr.lineno, "%s", lw);
			if (st->bad++ == 0)
				snprintf(st->first, sizeof st->first,
				    "line %llu: %s",
				    (unsigned long long)lr.lineno, lw);
			free(lw);
			continue;
		}
		if (lrs == LR_ERROR) {
			err = input_error(in) != NULL ? input_error(in) :
			    "unknown";
			if (st->good == 0) {
				*cause = xasprintf("read error: %s", err);
				rc = -1;
			} else
				sink_reject(sink, (int64_t)lr.lineno + 1,
				    "read error: %s", err);
			break;
		}
		if (strspn(s, " \t") == n)
			continue;
		put = alb_line(st, s, n, (int64_t)lr.lineno);
		if (put == -2) {
			*cause = xstrdup("the store refused a record");
			rc = -1;
			break;
		}
		if (put == 0) {
			st->good++;
			continue;
		}
		sink_reject(sink, (int64_t)lr.lineno, "%s", st->why);
		if (st->bad++ == 0)
			snprintf(st->first, sizeof st->first, "line %llu: %s",
			    (unsigned long long)lr.lineno, st->why);
	}
	if (rc == 0 && st->good == 0) {
		*cause = st->bad == 0 ? xstrdup("no load-balancer log lines") :
		    xasprintf("no ALB or ELB access-log lines (%s)",
		    st->first);
		rc = -1;
	}
	lr_free(&lr);
	free(st);
	return (rc);
}

const struct importer imp_alb = {
	.name = "alb",
	.summary = "AWS ALB and classic ELB access logs",
	.reads = IMP_READS_TZ,
	.probe = imp_alb_probe,
	.parse = imp_alb_parse,
};
