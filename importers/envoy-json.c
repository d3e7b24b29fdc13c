/*
 * envoy-json.c: one Envoy/Istio JSON access-log object to a request and
 * its upstream attempt (accesslog.h, envoy_json_put).  Reads Istio's
 * accessLogEncoding: JSON (EnvoyJSONLogFormatIstio keys: start_time,
 * response_code, upstream_host, upstream_cluster...) and Envoy json_format
 * lines that use the same names; also the header-style spellings some
 * Envoy configurations use (":authority", "x-request-id", "user-agent").
 * Values may be typed (numbers, null) or strings ("-" for unset).  The
 * envoy importer owns the reading loop; this file knows one object at a
 * time, and nothing of SQLite or curses.
 * The keys read, and why: docs/formats/access-logs.md#envoy.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "accesslog.h"
#include "k8sjson.h"
#include "timefmt.h"

/* The fields read, each under the names configurations spell it with. */
enum ej_field {
	EJ_START,
	EJ_METHOD,
	EJ_PATH,
	EJ_PROTOCOL,
	EJ_CODE,
	EJ_FLAGS,
	EJ_DETAILS,
	EJ_FAILURE,
	EJ_BYTES_SENT,
	EJ_DURATION,
	EJ_UPSTREAM_TIME,
	EJ_XFF,
	EJ_USER_AGENT,
	EJ_REQUEST_ID,
	EJ_AUTHORITY,
	EJ_UPSTREAM_HOST,
	EJ_UPSTREAM_CLUSTER,
	EJ_DOWNSTREAM_REMOTE,
	EJ__COUNT
};

#define EJ_NAMES	3
#define EJ_INT_MAX	1000000000000000LL	/* beyond: not a count */

/*
 * names[0] is Istio's key; later names are other spellings, and a hit on
 * one of those makes the line the "envoy-json" dialect.
 */
static const struct ej_key {
	const char	*names[EJ_NAMES];	/* NULL-padded */
} ej_keys[EJ__COUNT] = {
	[EJ_START] = { .names = { "start_time" } },
	[EJ_METHOD] = { .names = { "method", ":method" } },
	[EJ_PATH] = { .names = { "path", "x-envoy-origin-path", ":path" } },
	[EJ_PROTOCOL] = { .names = { "protocol" } },
	[EJ_CODE] = { .names = { "response_code" } },
	[EJ_FLAGS] = { .names = { "response_flags" } },
	[EJ_DETAILS] = { .names = { "response_code_details" } },
	[EJ_FAILURE] = { .names = { "upstream_transport_failure_reason" } },
	[EJ_BYTES_SENT] = { .names = { "bytes_sent" } },
	[EJ_DURATION] = { .names = { "duration" } },
	[EJ_UPSTREAM_TIME] = { .names = { "upstream_service_time",
	    "x-envoy-upstream-service-time" } },
	[EJ_XFF] = { .names = { "x_forwarded_for", "x-forwarded-for" } },
	[EJ_USER_AGENT] = { .names = { "user_agent", "user-agent" } },
	[EJ_REQUEST_ID] = { .names = { "request_id", "x-request-id" } },
	[EJ_AUTHORITY] = { .names = { "authority", ":authority" } },
	[EJ_UPSTREAM_HOST] = { .names = { "upstream_host" } },
	[EJ_UPSTREAM_CLUSTER] = { .names = { "upstream_cluster" } },
	[EJ_DOWNSTREAM_REMOTE] = { .names = { "downstream_remote_address" } },
};

/* The value of field f in obj, or NULL; *alias set when not Istio's. */
static json_t *
ej_get(json_t *obj, enum ej_field f, int *alias)
{
	json_t	*v;
	size_t	 i;

	for (i = 0; i < EJ_NAMES && ej_keys[f].names[i] != NULL; i++) {
		if ((v = json_object_get(obj, ej_keys[f].names[i])) != NULL) {
			if (i > 0)
				*alias = 1;
			return (v);
		}
	}
	return (NULL);
}

/* A string value; NULL for absent, null, "", "-" or another type. */
static const char *
ej_str(json_t *v)
{
	const char	*s = json_string_value(v);

	if (s == NULL || *s == '\0' || strcmp(s, "-") == 0)
		return (NULL);
	return (s);
}

/*
 * An integer value: a JSON integer, a whole real, or a string of digits.
 * Sets *out (INT_NONE for absent, null, "" and "-") and returns 0, or -1
 * when the value is something else.
 */
static int
ej_int(json_t *v, int64_t *out)
{
	const char	*s;
	int64_t		 n = 0;
	double		 d;

	*out = INT_NONE;
	if (v == NULL || json_is_null(v))
		return (0);
	if (json_is_integer(v)) {
		n = (int64_t)json_integer_value(v);
		if (n < 0 || n > EJ_INT_MAX)
			return (-1);
		*out = n;
		return (0);
	}
	if (json_is_real(v)) {
		d = json_real_value(v);
		if (d < 0 || d > (double)EJ_INT_MAX ||
		    d != (double)(int64_t)d)
			return (-1);
		*out = (int64_t)d;
		return (0);
	}
	if ((s = json_string_value(v)) == NULL)
		return (-1);
	if (*s == '\0' || strcmp(s, "-") == 0)
		return (0);
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '9')
			return (-1);
		n = n * 10 + (*s - '0');
		if (n > EJ_INT_MAX)
			return (-1);
	}
	*out = n;
	return (0);
}

/*
 * Istio's cluster "outbound|8080|v1|svc.ns.svc.cluster.local" gives the
 * service "svc" in namespace "ns"; a host that is not a Kubernetes
 * service name ("outbound|443||www.google.com") is the service as a
 * whole.  "inbound|8080||", PassthroughCluster and other names give
 * nothing.  Writes into svc and ns (empty when unknown).
 */
static void
ej_service(const char *cluster, char *svc, size_t svclen, char *ns,
    size_t nslen)
{
	const char	*host, *d1, *d2;
	size_t		 i, n;

	svc[0] = ns[0] = '\0';
	if (cluster == NULL)
		return;
	host = cluster;
	for (i = 0; i < 3; i++) {
		if ((host = strchr(host, '|')) == NULL)
			return;
		host++;
	}
	if (*host == '\0' || strchr(host, '|') != NULL)
		return;
	d1 = strchr(host, '.');
	d2 = d1 != NULL ? strchr(d1 + 1, '.') : NULL;
	if (d1 != NULL && d2 != NULL && d1 > host && d2 > d1 + 1 &&
	    strncmp(d2, ".svc.", 5) == 0 && d2[5] != '\0') {
		n = (size_t)(d1 - host);
		if (n < svclen && (size_t)(d2 - d1 - 1) < nslen) {
			memcpy(svc, host, n);
			svc[n] = '\0';
			memcpy(ns, d1 + 1, (size_t)(d2 - d1 - 1));
			ns[d2 - d1 - 1] = '\0';
		}
		return;
	}
	if (strlen(host) < svclen)
		memcpy(svc, host, strlen(host) + 1);
}

/*
 * The client: downstream_remote_address without its port, else the first
 * address of X-Forwarded-For.  Writes into out; returns it or NULL.
 */
static const char *
ej_client(const char *remote, const char *xff, char *out, size_t len)
{
	int64_t	 port;
	size_t	 n;

	if (remote != NULL) {
		if (al_hostport(remote, strlen(remote), out, len, &port))
			return (out);
		if (strlen(remote) < len) {
			memcpy(out, remote, strlen(remote) + 1);
			return (out);
		}
	}
	if (xff == NULL)
		return (NULL);
	n = strcspn(xff, ",");
	while (n > 0 && xff[n - 1] == ' ')
		n--;
	while (n > 0 && *xff == ' ') {
		xff++;
		n--;
	}
	if (n == 0 || n >= len)
		return (NULL);
	memcpy(out, xff, n);
	out[n] = '\0';
	return (out);
}

/*
 * The upstream's address: "10.44.1.27:80", "[fd00::1]:80", also with a
 * scheme ("tcp://10.0.2.1:80").  Returns 1 with ip and *port, or 0.
 */
static int
ej_upstream_ip(const char *up, char *ip, size_t iplen, int64_t *port)
{
	const char	*p;

	*port = INT_NONE;
	if (up == NULL)
		return (0);
	if ((p = strstr(up, "://")) != NULL)
		up = p + 3;
	return (al_hostport(up, strlen(up), ip, iplen, port));
}

int
envoy_json_put(json_t *obj, int64_t line, struct sink *sink, char *why,
    size_t whylen)
{
	static const enum ej_field	 ints[] = {
		EJ_CODE, EJ_BYTES_SENT, EJ_DURATION, EJ_UPSTREAM_TIME
	};
	struct rec_request	 r;
	struct rec_attempt	 a;
	json_t			*v[EJ__COUNT];
	int64_t			 n[EJ__COUNT], port;
	const char		*s, *details;
	char			 svc[256], ns[128], client[64], ip[64],
				 shown[80];
	int			 alias = 0;
	size_t			 i;

	if (!json_is_object(obj)) {
		snprintf(why, whylen, "not a JSON object");
		return (-1);
	}
	for (i = 0; i < EJ__COUNT; i++)
		v[i] = ej_get(obj, (enum ej_field)i, &alias);
	if (v[EJ_START] == NULL || (v[EJ_CODE] == NULL &&
	    v[EJ_METHOD] == NULL && v[EJ_UPSTREAM_HOST] == NULL)) {
		snprintf(why, whylen, "not an Envoy access-log object: no %s",
		    v[EJ_START] == NULL ? "start_time" :
		    "response_code, method or upstream_host");
		return (-1);
	}
	memset(&r, 0, sizeof r);
	s = json_string_value(v[EJ_START]);
	if (s == NULL || time_parse_any(s, json_string_length(v[EJ_START]),
	    0, &r.start_us) != 0) {
		kj_show(v[EJ_START], shown, sizeof shown);
		snprintf(why, whylen, "bad start_time %s", shown);
		return (-1);
	}
	for (i = 0; i < sizeof ints / sizeof ints[0]; i++) {
		if (ej_int(v[ints[i]], &n[ints[i]]) != 0) {
			kj_show(v[ints[i]], shown, sizeof shown);
			snprintf(why, whylen, "bad %s %s",
			    ej_keys[ints[i]].names[0], shown);
			return (-1);
		}
	}

	r.duration_us = n[EJ_DURATION] != INT_NONE ?
	    n[EJ_DURATION] * 1000 : INT_NONE;
	r.end_us = r.duration_us != INT_NONE ? r.start_us + r.duration_us :
	    TIME_NONE;
	r.method = ej_str(v[EJ_METHOD]);
	r.host = ej_str(v[EJ_AUTHORITY]);
	r.path = ej_str(v[EJ_PATH]);
	r.protocol = ej_str(v[EJ_PROTOCOL]);
	r.status = n[EJ_CODE];
	r.bytes = n[EJ_BYTES_SENT];
	r.client = ej_client(ej_str(v[EJ_DOWNSTREAM_REMOTE]),
	    ej_str(v[EJ_XFF]), client, sizeof client);
	r.user_agent = ej_str(v[EJ_USER_AGENT]);
	r.upstream_name = ej_str(v[EJ_UPSTREAM_CLUSTER]);
	ej_service(r.upstream_name, svc, sizeof svc, ns, sizeof ns);
	r.service = svc[0] != '\0' ? svc : NULL;
	r.namespace = ns[0] != '\0' ? ns : NULL;
	r.flags = ej_str(v[EJ_FLAGS]);
	r.detail = details = ej_str(v[EJ_DETAILS]);
	r.failure = ej_str(v[EJ_FAILURE]);
	r.request_id = ej_str(v[EJ_REQUEST_ID]);
	r.dialect = alias ? "envoy-json" : "istio-json";
	r.line = line;
	if (sink_put(sink, REC_REQUEST, &r) != 0)
		return (-2);

	/*
	 * Envoy logs the last upstream only.  Its status is the response's
	 * when the upstream sent it: RESPONSE_CODE_DETAILS says so
	 * (via_upstream), else an upstream service time says the upstream
	 * answered.
	 */
	memset(&a, 0, sizeof a);
	a.seq = 0;
	a.upstream = json_string_value(v[EJ_UPSTREAM_HOST]);
	if (a.upstream != NULL && *a.upstream == '\0')
		a.upstream = NULL;
	a.ip = ej_upstream_ip(a.upstream, ip, sizeof ip, &port) ? ip : NULL;
	a.port = port;
	a.status = INT_NONE;
	if (details != NULL ? strcmp(details, "via_upstream") == 0 :
	    n[EJ_UPSTREAM_TIME] != INT_NONE)
		a.status = r.status;
	a.duration_us = n[EJ_UPSTREAM_TIME] != INT_NONE ?
	    n[EJ_UPSTREAM_TIME] * 1000 : INT_NONE;
	a.time_us = r.start_us;
	if (sink_put(sink, REC_ATTEMPT, &a) != 0)
		return (-2);
	return (0);
}
