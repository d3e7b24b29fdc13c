/*
 * gclb.c: the "gclb" importer.  Reads Google Cloud Application Load
 * Balancer request logs as Cloud Logging exports them (LogEntry JSON:
 * JSON lines, a JSON array, pretty-printed objects): global external and
 * classic (resource.type http_load_balancer), regional external and
 * internal LBs.  Each entry becomes one struct rec_request (start =
 * timestamp, when the first GFE received the request; jsonPayload.
 * statusDetails kept as the detail) and one struct rec_attempt for the
 * backend in httpRequest.serverIp (a pod IP with container-native load
 * balancing).  Knows nothing of SQLite or curses.
 * The fields read, and why: docs/formats/access-logs.md#gclb.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accesslog.h"
#include "importer.h"
#include "jsonsplit.h"
#include "k8sjson.h"
#include "timefmt.h"
#include "util.h"

/* resource.type → the dialect named in the request. */
static const struct {
	const char	*type;		/* resource.type */
	const char	*dialect;
} gclb_dialects[] = {
	{ .type = "http_load_balancer", .dialect = "gclb-global" },
	{ .type = "http_external_regional_lb_rule",
	  .dialect = "gclb-regional" },
	{ .type = "internal_http_lb_rule", .dialect = "gclb-internal" },
};

/*
 * statusDetails that mean the backend itself sent the status the client
 * got (so it is the attempt's status too).  Other values are the LB's own
 * answers (failed_to_connect_to_backend, backend_timeout...) or the
 * cache's.
 */
static const char *const gclb_from_backend[] = {
	"response_sent_by_backend",
	"backend_connection_closed_after_partial_response_sent",
	"client_disconnected_after_partial_response",
	"websocket_closed",
	"aborted_request_due_to_backend_early_response",
	"byte_range_caching_forwarded_backend_response",
};

static int
imp_gclb_probe(const char *name, const unsigned char *head, size_t len)
{
	if (!kj_head_is_json(head, len) ||
	    !kj_head_has(head, len, "httpRequest", NULL))
		return (0);
	if (kj_head_has(head, len, "statusDetails", NULL) ||
	    kj_head_has(head, len, "backend_service_name", NULL) ||
	    kj_head_has(head, len, "backend_target_name", NULL) ||
	    kj_head_has(head, len, "serverIp", NULL))
		return (90);
	return (0);
}

/* A non-empty string at path, or NULL. */
static const char *
gclb_str(json_t *obj, const char *path)
{
	const char	*s = kj_str(obj, path);

	return (s != NULL && *s != '\0' ? s : NULL);
}

/*
 * A count: a JSON integer or (proto3 int64) a string of digits.  Sets *out
 * (INT_NONE when absent or null) and returns 0, or -1 on anything else.
 */
static int
gclb_int(json_t *v, int64_t *out)
{
	const char	*s;
	int64_t		 n = 0;

	*out = INT_NONE;
	if (v == NULL || json_is_null(v))
		return (0);
	if (json_is_integer(v)) {
		if (json_integer_value(v) < 0)
			return (-1);
		*out = (int64_t)json_integer_value(v);
		return (0);
	}
	if ((s = json_string_value(v)) == NULL || *s == '\0')
		return (-1);
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9' || n > INT64_MAX / 10 - 9)
			return (-1);
		n = n * 10 + (*s - '0');
	}
	*out = n;
	return (0);
}

/*
 * A proto3 Duration as JSON writes it: "0.005192s" (seconds with up to
 * nine decimals).  Sets *us (INT_NONE when absent) and returns 0, or -1.
 */
static int
gclb_latency(json_t *v, int64_t *us)
{
	const char	*s;
	int64_t		 sec = 0, frac = 0;
	int		 digits = 0, sdigits = 0;

	*us = INT_NONE;
	if (v == NULL || json_is_null(v))
		return (0);
	if ((s = json_string_value(v)) == NULL)
		return (-1);
	for (; *s >= '0' && *s <= '9'; s++) {
		if (++sdigits > 12)
			return (-1);
		sec = sec * 10 + (*s - '0');
	}
	if (*s == '.') {
		for (s++; *s >= '0' && *s <= '9'; s++) {
			if (++digits > 9)
				return (-1);
			if (digits <= 6)
				frac = frac * 10 + (*s - '0');
		}
		if (digits == 0)
			return (-1);
		for (; digits < 6; digits++)
			frac *= 10;
	}
	if (sdigits == 0 || s[0] != 's' || s[1] != '\0')
		return (-1);
	*us = sec * 1000000 + frac;
	return (0);
}

/*
 * Splits requestUrl "https://host:port/path?q" into the host (copied into
 * host, "" when there is none or it does not fit) and the path (a suffix
 * of url, NULL when empty).
 */
static const char *
gclb_url(const char *url, char *host, size_t hostlen)
{
	const char	*p, *h;
	size_t		 n;

	host[0] = '\0';
	if (url == NULL)
		return (NULL);
	if ((p = strstr(url, "://")) == NULL)
		return (*url != '\0' ? url : NULL);
	h = p + 3;
	n = strcspn(h, "/?#");
	if (n > 0 && n < hostlen) {
		memcpy(host, h, n);
		host[n] = '\0';
	}
	return (h[n] != '\0' ? h + n : NULL);
}

/* An address without its port, copied into out; NULL when s is NULL. */
static const char *
gclb_addr(const char *s, char *out, size_t len)
{
	int64_t	port;

	if (s == NULL)
		return (NULL);
	if (al_hostport(s, strlen(s), out, len, &port))
		return (out);
	return (s);
}

static const char *
gclb_dialect(json_t *e)
{
	const char	*type = kj_str(e, "resource.type");
	size_t		 i;

	for (i = 0; type != NULL && i < sizeof gclb_dialects /
	    sizeof gclb_dialects[0]; i++) {
		if (strcmp(type, gclb_dialects[i].type) == 0)
			return (gclb_dialects[i].dialect);
	}
	return ("gclb");
}

static int
gclb_backend_answered(const char *details)
{
	size_t	i;

	for (i = 0; i < sizeof gclb_from_backend /
	    sizeof gclb_from_backend[0]; i++) {
		if (strcmp(details, gclb_from_backend[i]) == 0)
			return (1);
	}
	return (0);
}

/*
 * One LogEntry to a request and its attempt.  Returns 0 when put, -1 to
 * reject it (why says why), -2 when the sink failed.
 */
static int
gclb_put(json_t *e, int64_t line, struct sink *sink, char *why,
    size_t whylen)
{
	static const char *const counts[] = {
		"httpRequest.status", "httpRequest.responseSize"
	};
	struct rec_request	 r;
	struct rec_attempt	 a;
	json_t			*hr, *v;
	const char		*trace, *t, *name;
	char			 host[300], client[64], ip[64], shown[80];
	size_t			 i;

	hr = json_object_get(e, "httpRequest");
	if (!json_is_object(hr)) {
		snprintf(why, whylen, "not a load-balancer request log entry: "
		    "%s", hr == NULL ? "no httpRequest" :
		    "httpRequest is not an object");
		return (-1);
	}
	memset(&r, 0, sizeof r);
	if (kj_time(e, "timestamp", &r.start_us) != 0) {
		kj_show(kj_get(e, "timestamp"), shown, sizeof shown);
		snprintf(why, whylen, "bad timestamp %s", shown);
		return (-1);
	}
	if (r.start_us == TIME_NONE) {
		snprintf(why, whylen, "no timestamp");
		return (-1);
	}
	for (i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		v = kj_get(e, counts[i]);
		if (gclb_int(v, i == 0 ? &r.status : &r.bytes) != 0) {
			kj_show(v, shown, sizeof shown);
			snprintf(why, whylen, "bad %s %s", counts[i], shown);
			return (-1);
		}
	}
	v = json_object_get(hr, "latency");
	if (gclb_latency(v, &r.duration_us) != 0) {
		kj_show(v, shown, sizeof shown);
		snprintf(why, whylen, "bad httpRequest.latency %s", shown);
		return (-1);
	}
	r.end_us = r.duration_us != INT_NONE ? r.start_us + r.duration_us :
	    TIME_NONE;
	r.method = gclb_str(hr, "requestMethod");
	r.path = gclb_url(gclb_str(hr, "requestUrl"), host, sizeof host);
	r.host = host[0] != '\0' ? host : NULL;
	r.protocol = gclb_str(hr, "protocol");
	r.client = gclb_addr(gclb_str(hr, "remoteIp"), client, sizeof client);
	r.user_agent = gclb_str(hr, "userAgent");
	r.service = gclb_str(e, "resource.labels.backend_service_name");
	if (r.service == NULL)
		r.service = gclb_str(e, "resource.labels.backend_target_name");
	name = gclb_str(e, "resource.labels.backend_name");
	r.upstream_name = name != NULL ? name : r.service;
	r.detail = gclb_str(e, "jsonPayload.statusDetails");
	r.failure = gclb_str(e, "jsonPayload.proxyStatus");
	trace = gclb_str(e, "trace");
	if (trace != NULL && (t = strstr(trace, "/traces/")) != NULL &&
	    t[8] != '\0')
		trace = t + 8;
	r.request_id = trace;
	r.dialect = gclb_dialect(e);
	r.line = line;
	if (sink_put(sink, REC_REQUEST, &r) != 0)
		return (-2);

	memset(&a, 0, sizeof a);
	a.seq = 0;
	a.upstream = gclb_str(hr, "serverIp");
	a.port = INT_NONE;
	a.ip = a.upstream != NULL && al_hostport(a.upstream,
	    strlen(a.upstream), ip, sizeof ip, &a.port) ? ip : NULL;
	/*
	 * The backend's status is the client's when statusDetails says the
	 * backend answered.  Without statusDetails (regional LBs may leave
	 * it out), a backend address says it was reached, and the status is
	 * its own unless it is one the LB answers with itself (502-504).
	 */
	a.status = INT_NONE;
	if (r.status != INT_NONE && r.status != 0 && (r.detail != NULL ?
	    gclb_backend_answered(r.detail) :
	    a.ip != NULL && (r.status < 502 || r.status > 504)))
		a.status = r.status;
	a.duration_us = INT_NONE;
	a.time_us = r.start_us;
	if (sink_put(sink, REC_ATTEMPT, &a) != 0)
		return (-2);
	return (0);
}

static int
imp_gclb_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	struct jsonsplit	 js;
	json_t			*obj;
	char			*err, why[256], first[300];
	int64_t			 line, good = 0, bad = 0;
	enum js_status		 st;
	int			 rc = 0, put;

	first[0] = '\0';
	js_init(&js, in, opts->max_object, JS_NUL_REPLACE);
	while ((st = js_next(&js, &obj, &line, &err)) != JS_END) {
		if (st == JS_ERROR) {
			if (js.truncated)
				sink_damaged(sink, line, "%s", err);
			else
				sink_reject(sink, line, "%s", err);
			if (bad++ == 0)
				snprintf(first, sizeof first, "line %lld: %s",
				    (long long)line, err);
			free(err);
			continue;
		}
		why[0] = '\0';
		put = gclb_put(obj, line, sink, why, sizeof why);
		json_decref(obj);
		if (put == -2) {
			*cause = xstrdup("the store refused a record");
			rc = -1;
			break;
		}
		if (put == 0) {
			good++;
			continue;
		}
		sink_reject(sink, line, "%s", why);
		if (bad++ == 0)
			snprintf(first, sizeof first, "line %lld: %s",
			    (long long)line, why);
	}
	if (rc == 0 && good == 0) {
		*cause = bad == 0 ? xstrdup("no load-balancer log entries") :
		    xasprintf("no load-balancer request log entries (%s)",
		    first);
		rc = -1;
	}
	js_free(&js);
	return (rc);
}

const struct importer imp_gclb = {
	.name = "gclb",
	.summary = "GCP HTTP(S) load balancer request logs (Cloud Logging "
	    "JSON)",
	.probe = imp_gclb_probe,
	.parse = imp_gclb_parse,
};
