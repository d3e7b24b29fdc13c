/*
 * cloudwatch-logs.c: the "cloudwatch-logs" importer.  Reads what EKS
 * containers wrote as CloudWatch Logs keeps it: the log group a Fluent
 * Bit (or fluentd) daemonset sends containers' lines to, Container
 * Insights' /aws/containerinsights/CLUSTER/application, exported with
 *   - aws logs filter-log-events --output json ({"events": [...]}, each
 *     event's message the record as a JSON string, timestamp in ms);
 *   - a Logs Insights export or aws logs get-query-results ("@message",
 *     "@timestamp", "@logStream", as objects or field/value rows);
 *   - the records themselves, one JSON object a line (jq's
 *     '.events[].message | fromjson', or a Firehose or S3 copy).
 * Each record (log, stream, time, and the Kubernetes filter's
 * kubernetes.namespace_name, pod_name, container_name) becomes one
 * struct rec_log, the same record container-log.c and cloud-logging.c
 * give; the pod and container come from the log stream's name where the
 * record lacks them.  The reading loop is logentry.c's, and the EKS
 * wrappers are k8s-audit.c's: an event whose message is an audit Event
 * is an audit record, one whose message is a container's record is
 * read here, whichever of the two importers was chosen.  Knows nothing
 * of SQLite or curses, nor of what the lines mean.
 * The fields read, and why: docs/formats/cloudwatch-logs.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importer.h"
#include "jsonlite.h"
#include "k8s.h"
#include "k8sjson.h"
#include "logentry.h"
#include "timefmt.h"
#include "util.h"

/* Room for the longest Kubernetes name (a DNS-1123 subdomain) + NUL. */
#define CW_NAME_MAX	254
/* Where a log stream's name says whose lines it holds. */
#define CW_CONTAINERS	"containers."
/* The bytes of a message the probe decodes. */
#define CW_PEEK		4096
/* The messages the probe looks at for one that tells. */
#define CW_MESSAGES	64

/* Whose lines a log stream holds, from its name. */
struct cw_who {
	char	namespace[CW_NAME_MAX];	/* "" when the name does not say */
	char	pod[CW_NAME_MAX];
	char	container[CW_NAME_MAX];
};

/* The keys of a record's top level the probe looks for. */
struct cw_keys {
	int	kubernetes;		/* "kubernetes" */
	int	log;			/* "log" or "log_processed" */
	int	stream;			/* "stream" */
	int	audit;			/* "auditID" or "apiVersion" */
};

/*
 * Decodes the JSON string starting at s[0] (past its opening quote) into
 * out, up to its closing quote or the end of the head; escapes of
 * control characters become a space.  Returns the bytes written.
 */
static size_t
cw_unquote(const unsigned char *s, size_t n, char *out, size_t outlen)
{
	size_t	i = 0, o = 0;

	while (i < n && o + 1 < outlen && s[i] != '"') {
		if (s[i] != '\\') {
			out[o++] = (char)s[i++];
			continue;
		}
		if (++i == n)
			break;
		switch (s[i]) {
		case '"': case '\\': case '/':
			out[o++] = (char)s[i++];
			break;
		case 'u':
			out[o++] = '?';
			i += i + 5 <= n ? 5 : n - i;
			break;
		default:
			out[o++] = ' ';
			i++;
			break;
		}
	}
	out[o] = '\0';
	return (o);
}

/* The top-level keys of the JSON object text s (maybe cut short). */
static void
cw_top_keys(const char *s, size_t n, struct cw_keys *k)
{
	size_t	i, start, j;
	int	depth = 0;

	memset(k, 0, sizeof *k);
	for (i = 0; i < n; i++) {
		if (s[i] == '{' || s[i] == '[')
			depth++;
		else if (s[i] == '}' || s[i] == ']')
			depth--;
		if (s[i] != '"')
			continue;
		start = ++i;
		while (i < n && s[i] != '"')
			i += s[i] == '\\' ? 2 : 1;
		if (i >= n)
			return;
		for (j = i + 1; j < n && (s[j] == ' ' || s[j] == '\t' ||
		    s[j] == '\r' || s[j] == '\n'); j++)
			;
		if (depth != 1 || j == n || s[j] != ':')
			continue;
#define CW_IS(w)	(i - start == sizeof w - 1 && \
			    memcmp(s + start, w, sizeof w - 1) == 0)
		if (CW_IS("kubernetes"))
			k->kubernetes = 1;
		else if (CW_IS("log") || CW_IS("log_processed"))
			k->log = 1;
		else if (CW_IS("stream"))
			k->stream = 1;
		else if (CW_IS("auditID") || CW_IS("apiVersion"))
			k->audit = 1;
#undef CW_IS
	}
}

/*
 * The next CloudWatch message of the head from *at on ("message": "..."
 * of filter-log-events, "@message": "..." of Logs Insights, or
 * "@message" then "value": "..." of get-query-results), decoded into
 * out; *at moves into it.  Returns its length, 0 when there is none.
 */
static size_t
cw_next_message(const unsigned char *head, size_t len,
    const unsigned char **at, char *out, size_t outlen)
{
	const unsigned char	*p, *v, *end = head + len;
	size_t			 i, tries;

	for (p = *at; p < end; p++) {
		if ((p = memchr(p, '"', (size_t)(end - p))) == NULL)
			return (0);
		if ((size_t)(end - p) > 10 && memcmp(p, "\"@message\"", 10) ==
		    0)
			i = 10;
		else if ((size_t)(end - p) > 9 &&
		    memcmp(p, "\"message\"", 9) == 0)
			i = 9;
		else
			continue;
		/* get-query-results: {"field": "@message", "value": "..."} */
		for (tries = 0; tries < 2; tries++) {
			while (p + i < end && (p[i] == ' ' || p[i] == '\t' ||
			    p[i] == '\r' || p[i] == '\n'))
				i++;
			if (p + i < end && p[i] == ',' && tries == 0 &&
			    (size_t)(end - p - i) > 64) {
				if ((v = memmem(p + i, 64, "\"value\"", 7)) ==
				    NULL)
					break;
				p = v;
				i = 7;
				continue;
			}
			if (p + i >= end || p[i] != ':')
				break;
			for (i++; p + i < end && (p[i] == ' ' ||
			    p[i] == '\t' || p[i] == '\r' || p[i] == '\n'); i++)
				;
			if (p + i >= end || p[i] != '"')
				break;
			*at = p + i + 1;
			return (cw_unquote(p + i + 1, (size_t)(end - p - i - 1),
			    out, outlen));
		}
	}
	return (0);
}

static int
imp_cloudwatch_logs_probe(const char *name, const unsigned char *head,
    size_t len)
{
	struct kj_head		 h;
	struct cw_keys		 k;
	const unsigned char	*at = head;
	char			 msg[CW_PEEK];
	size_t			 n, seen;

	(void)name;
	if (!kj_head_open_any(&h, head, len) || h.yaml)
		return (0);
	/* the records themselves, one a line */
	if (kj_head_key(&h, "kubernetes", NULL) &&
	    kj_head_key(&h, "pod_name", NULL) &&
	    (kj_head_key(&h, "log", NULL) ||
	    kj_head_key(&h, "log_processed", NULL)) &&
	    !kj_head_key(&h, "logName", NULL))
		return (90);
	/* an export: judged by its first message's shape */
	if (!kj_head_key(&h, "logStreamName", NULL) &&
	    !kj_head_key(&h, "eventId", NULL) &&
	    !kj_head_key(&h, "@message", NULL) &&
	    !kj_head_has(head, len, "field", "@message"))
		return (0);
	/* the first message that is an audit Event or a container's says */
	for (seen = 0; seen < CW_MESSAGES && (n = cw_next_message(head, len,
	    &at, msg, sizeof msg)) > 0; seen++) {
		/* a plain line in a container's stream (log_key log) */
		if (msg[0] != '{') {
			if (memmem(head, len, CW_CONTAINERS,
			    sizeof CW_CONTAINERS - 1) != NULL)
				return (90);
			continue;
		}
		cw_top_keys(msg, n, &k);
		if (k.audit)
			return (0);
		/* above k8s-audit's 96: a line may quote an audit Event */
		if (k.log && (k.kubernetes || k.stream))
			return (97);
	}
	return (0);
}

/* Copies s[0..n) into out when it fits and is not empty. */
static int
cw_part(const char *s, size_t n, char *out)
{
	if (n == 0 || n >= CW_NAME_MAX)
		return (-1);
	memcpy(out, s, n);
	out[n] = '\0';
	return (0);
}

/*
 * Whose lines a log stream holds, from a name ending as the tail
 * plugin's tag of a container's file: "...containers.POD_NAMESPACE_
 * CONTAINER-ID.log" (docs/formats/cloudwatch-logs.md#log-streams).
 * Returns 0, or -1 when the name does not say.
 */
static int
cw_stream_who(const char *stream, struct cw_who *w)
{
	const char	*p, *q, *s, *dash, *end;

	memset(w, 0, sizeof *w);
	if (stream == NULL || (p = strstr(stream, CW_CONTAINERS)) == NULL)
		return (-1);
	while ((q = strstr(p + 1, CW_CONTAINERS)) != NULL)
		p = q;
	s = p + sizeof CW_CONTAINERS - 1;
	end = s + strlen(s);
	if (end - s > 4 && memcmp(end - 4, ".log", 4) == 0)
		end -= 4;
	if ((p = memchr(s, '_', (size_t)(end - s))) == NULL ||
	    (q = memchr(p + 1, '_', (size_t)(end - p - 1))) == NULL)
		return (-1);
	for (dash = end; dash > q && dash[-1] != '-'; dash--)
		;
	if (dash > q + 1 && end - dash == 64 &&
	    strspn(dash, "0123456789abcdef") == 64)
		end = dash - 1;
	if (cw_part(s, (size_t)(p - s), w->pod) != 0 ||
	    cw_part(p + 1, (size_t)(q - p - 1), w->namespace) != 0 ||
	    cw_part(q + 1, (size_t)(end - q - 1), w->container) != 0) {
		memset(w, 0, sizeof *w);
		return (-1);
	}
	return (0);
}

/* A non-empty string at path, or NULL. */
static const char *
cw_str(const struct jl *obj, const char *path)
{
	const char	*s = jl_str(obj, path, NULL);

	return (s != NULL && *s != '\0' ? s : NULL);
}

/* The log stream a CloudWatch event came from, or NULL. */
static const char *
cw_stream_of(const struct jl *wrapper)
{
	const char	*s;

	if (wrapper == NULL)
		return (NULL);
	if ((s = cw_str(wrapper, "logStreamName")) == NULL)
		s = cw_str(wrapper, "@logStream");
	return (s);
}

int
cloudwatch_logs_is_line(const struct jl *msg, const struct jl *wrapper)
{
	struct jl	 k = jl_get(msg, "kubernetes");
	struct cw_who	 w;
	const char	*s;

	if (jl_is_string(msg))
		return (cw_stream_who(cw_stream_of(wrapper), &w) == 0);
	if (!jl_is_object(msg))
		return (0);
	if (jl_is_object(&k))
		return (1);
	/*
	 * No Kubernetes metadata (the filter could not get it): a line
	 * still, by its log and stream, read when the log stream's name says
	 * whose it is and rejected when not.
	 */
	s = cw_str(msg, "stream");
	return ((jl_is_string((k = jl_get(msg, "log"), &k)) ||
	    jl_present((k = jl_get(msg, "log_processed"), &k))) &&
	    ((s != NULL && (strcmp(s, "stdout") == 0 ||
	    strcmp(s, "stderr") == 0)) ||
	    cw_stream_who(cw_stream_of(wrapper), &w) == 0));
}

/*
 * The line a record holds: its log, else log_processed (Merge_Log's
 * parsed JSON), else the record without the keys the pipeline added (a
 * Merge_Log with Keep_Log Off) as compact JSON.  Borrowed, or a new
 * string in *own.  NULL when there is nothing.
 */
static const char *
cw_text(const struct jl *rec, char **own, size_t *len)
{
	static const char *const added[] = {
		"kubernetes", "stream", "time", "logtag", "docker",
		"_p", "@timestamp"
	};
	struct jl	 v;
	json_t		*copy;
	const char	*s;
	size_t		 i;

	*own = NULL;
	if ((s = jl_str(rec, "log", len)) != NULL)
		return (s);
	v = jl_get(rec, "log_processed");
	if (jl_present(&v) && !jl_is_null(&v))
		*own = json_dumps(jl_json(&v), JSON_COMPACT | JSON_ENCODE_ANY);
	else if (jl_is_object(rec) && (copy = json_copy(jl_json(rec))) !=
	    NULL) {
		for (i = 0; i < sizeof added / sizeof added[0]; i++)
			json_object_del(copy, added[i]);
		if (json_object_size(copy) > 0)
			*own = json_dumps(copy, JSON_COMPACT);
		json_decref(copy);
	}
	if (*own == NULL)
		return (NULL);
	*len = strlen(*own);
	return (*own);
}

enum k8s_put
cloudwatch_logs_put(struct logentry_run *run, const struct jl *msg,
    const struct jl *wrapper, int64_t time_us, char *why, size_t whylen)
{
	struct rec_log	 r;
	struct cw_who	 w;
	struct jl	 t;
	const char	*text, *s;
	char		*own = NULL, shown[80];
	size_t		 len, n;
	int		 named;

	memset(&r, 0, sizeof r);
	named = cw_stream_who(cw_stream_of(wrapper), &w) == 0;
	r.time_us = time_us;
	if (jl_is_string(msg)) {
		/* a plain line: the output plugin sent the log key alone */
		text = jl_str(msg, NULL, &len);
	} else {
		r.namespace = cw_str(msg, "kubernetes.namespace_name");
		r.pod = cw_str(msg, "kubernetes.pod_name");
		r.container = cw_str(msg, "kubernetes.container_name");
		s = cw_str(msg, "stream");
		if (s != NULL && (strcmp(s, "stdout") == 0 ||
		    strcmp(s, "stderr") == 0))
			r.stream = s;
		t = jl_get(msg, "time");
		if (jl_present(&t) && !jl_is_null(&t) &&
		    ((s = jl_str(&t, NULL, &n)) == NULL ||
		    kj_time_text(s, n, &r.time_us) != 0)) {
			kj_show(jl_json(&t), shown, sizeof shown);
			snprintf(why, whylen, "bad time in the record's time: "
			    "%s", shown);
			return (K8S_PUT_REJECT);
		}
		if ((text = cw_text(msg, &own, &len)) == NULL) {
			snprintf(why, whylen, "a Fluent Bit record without "
			    "log or log_processed");
			return (K8S_PUT_REJECT);
		}
	}
	if (r.pod == NULL && named) {
		r.namespace = w.namespace;
		r.pod = w.pod;
		r.container = w.container;
	}
	if (r.pod == NULL) {
		snprintf(why, whylen, "a container's line without "
		    "kubernetes.pod_name, and no log stream naming the pod");
		free(own);
		return (K8S_PUT_REJECT);
	}
	if (r.time_us == TIME_NONE) {
		snprintf(why, whylen, "a container's line without a time "
		    "(the record's time, or the event's timestamp)");
		free(own);
		return (K8S_PUT_REJECT);
	}
	return (logentry_put_log(run, &r, text, len, own));
}

const struct importer imp_cloudwatch_logs = {
	.name = "cloudwatch-logs",
	.summary = "EKS container logs from CloudWatch Logs (Fluent Bit, "
	    "fluentd)",
	.probe = imp_cloudwatch_logs_probe,
	.parse = logentry_read,	/* every backend's one loop */
};
