/*
 * logentry.c: the reader of log backends' exports shared by k8s-audit,
 * cloud-logging and cloudwatch-logs (logentry.h).  JSON lines (the log
 * backend's file, a sink's NDJSON) are read a line at a time, each
 * line's fields from its text where jsonlite.h vouches for it, else
 * through jansson, so that a bad line costs only itself; anything else
 * (arrays, pretty-printed JSON, the lists of log exports, YAML) through
 * the Kubernetes reader.  Each Cloud Logging LogEntry is routed by its
 * service, resource and log through one table to its handler, a
 * container's record (Fluent Bit's) to cloudwatch-logs.c, everything
 * else to the audit importer; what is skipped is counted and said once
 * at the end.
 * Knows nothing of SQLite or curses, nor of the fields of any payload.
 * What each entry gives: docs/formats/audit.md,
 * docs/formats/cloud-logging.md, docs/formats/cloudwatch-logs.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonfast.h"
#include "jsonsplit.h"
#include "jsonlite.h"
#include "logentry.h"
#include "timefmt.h"
#include "util.h"

/* Where a LogEntry goes: the first route that matches it. */
static const struct logentry_route {
	const char	*service;	/* protoPayload.serviceName, or NULL:
					   any entry */
	const char	*resource;	/* resource.type, or NULL: any */
	const char	*log;		/* the log's name, or NULL: any */
	int		 prefix;	/* log is how the name starts */
	logentry_handler handler;	/* who reads such an entry */
} logentry_routes[] = {
	/* the API server's audit log, Admin Activity and Data Access */
	{ .service = "k8s.io", .handler = k8s_audit_gke_put },
	/* the event exporter's, whatever the object's resource */
	{ .log = "events", .handler = cloud_logging_event_put },
	{ .resource = "k8s_container", .handler = cloud_logging_container_put },
	{ .resource = "k8s_node", .log = "kubelet",
	  .handler = cloud_logging_node_put },
	{ .resource = "k8s_node", .log = "container-runtime",
	  .handler = cloud_logging_node_put },
	{ .resource = "k8s_node", .log = "docker",
	  .handler = cloud_logging_node_put },
	{ .resource = "k8s_node", .log = "kube-node-", .prefix = 1,
	  .handler = cloud_logging_node_put },
};

void
logentry_count(struct logentry_tally *t, const char *what)
{
	size_t	i;

	t->total++;
	for (i = 0; i < t->kinds; i++) {
		if (strncmp(t->what[i], what, sizeof t->what[i] - 1) == 0) {
			t->n[i]++;
			return;
		}
	}
	if (t->kinds == LOGENTRY_KINDS) {
		t->other++;
		return;
	}
	snprintf(t->what[t->kinds], sizeof t->what[t->kinds], "%s", what);
	t->n[t->kinds++] = 1;
}

/* "3 ResponseStarted, 1 RequestReceived[, N of other kinds]" into b. */
static void
tally_text(const struct logentry_tally *t, struct buf *b)
{
	size_t	i;

	for (i = 0; i < t->kinds; i++)
		buf_printf(b, "%s%lld %s", i > 0 ? ", " : "",
		    (long long)t->n[i], t->what[i]);
	if (t->other > 0)
		buf_printf(b, ", %lld of other kinds", (long long)t->other);
}

void
logentry_log_name(const struct jl *entry, char *out, size_t len)
{
	const char	*s = jl_str(entry, "logName", NULL), *p;
	size_t		 n = 0;
	int		 hi, lo;

	out[0] = '\0';
	if (s == NULL || len == 0)
		return;
	p = strstr(s, "/logs/");
	s = p != NULL ? p + 6 : s;
	for (; *s != '\0' && n + 1 < len; s++) {
		if (s[0] == '%' && (hi = hex_value((unsigned char)s[1])) >= 0 &&
		    (lo = hex_value((unsigned char)s[2])) >= 0 &&
		    hi * 16 + lo != 0) {
			out[n++] = (char)(hi * 16 + lo);
			s += 2;
		} else
			out[n++] = *s;
	}
	out[n] = '\0';
}

size_t
logentry_line_len(const char *s, size_t n)
{
	if (n > 0 && s[n - 1] == '\n')
		n--;
	if (n > 0 && s[n - 1] == '\r')
		n--;
	return (n);
}

enum k8s_put
logentry_put_log(struct logentry_run *run, struct rec_log *r,
    const char *text, size_t len, char *own)
{
	size_t	n;
	int	rc;

	if ((n = logentry_line_len(text, len)) != len) {
		if (own == NULL)
			text = own = xstrndup(text, n);
		else
			own[n] = '\0';
	}
	r->text = text;
	r->line = run->line;
	rc = sink_put(run->sink, REC_LOG, r);
	free(own);
	return (rc == 0 ? K8S_PUT_OK : K8S_PUT_SINK);
}

void
logentry_kind(const struct jl *entry, char *out, size_t len)
{
	const char	*type = jl_str(entry, "resource.type", NULL);
	const char	*service = jl_str(entry, "protoPayload.serviceName",
			    NULL);
	char		 log[128];

	logentry_log_name(entry, log, sizeof log);
	if (service != NULL)
		snprintf(out, len, "%s audit of %s", type != NULL ? type :
		    "(no resource)", service);
	else
		snprintf(out, len, "%s log %s", type != NULL ? type :
		    "(no resource)", *log != '\0' ? log : "(none)");
}

/* Whether obj is a Cloud Logging LogEntry. */
static int
is_logentry(const struct jl *obj)
{
	struct jl	v;

	if (!jl_is_object(obj) || !jl_is_string((v = jl_get(obj,
	    "logName"), &v)))
		return (0);
	return (jl_is_object((v = jl_get(obj, "protoPayload"), &v)) ||
	    jl_present((v = jl_get(obj, "jsonPayload"), &v)) ||
	    jl_present((v = jl_get(obj, "textPayload"), &v)) ||
	    jl_is_object((v = jl_get(obj, "resource"), &v)));
}

/* The handler of a LogEntry, or NULL: not what coroner reads. */
static logentry_handler
route_of(const struct jl *entry)
{
	const struct logentry_route	*r;
	const char			*service, *type;
	char				 log[128];
	size_t				 i, n;

	service = jl_str(entry, "protoPayload.serviceName", NULL);
	type = jl_str(entry, "resource.type", NULL);
	logentry_log_name(entry, log, sizeof log);
	for (i = 0; i < sizeof logentry_routes / sizeof logentry_routes[0];
	    i++) {
		r = &logentry_routes[i];
		if (r->service != NULL && !str_eq(r->service, service))
			continue;
		if (r->resource != NULL && !str_eq(r->resource, type))
			continue;
		if (r->log != NULL) {
			n = strlen(r->log);
			if (r->prefix ? strncmp(log, r->log, n) != 0 :
			    strcmp(log, r->log) != 0)
				continue;
		}
		return (r->handler);
	}
	return (NULL);
}

/* Hands one entry to where it belongs. */
static enum k8s_put
logentry_one(struct logentry_run *run, const struct jl *obj, char *why,
    size_t whylen)
{
	logentry_handler	 h;
	char			 kind[128];

	if (!is_logentry(obj) && cloudwatch_logs_is_line(obj, NULL))
		return (cloudwatch_logs_put(run, obj, NULL, TIME_NONE, why,
		    whylen));
	if (!is_logentry(obj))
		return (k8s_audit_put(run, obj, why, whylen));
	if ((h = route_of(obj)) == NULL) {
		logentry_kind(obj, kind, sizeof kind);
		logentry_count(&run->foreign, kind);
		return (K8S_PUT_OK);
	}
	return (h(run, obj, why, whylen));
}

/* Says what was skipped on purpose. */
static void
say_skipped(struct logentry_run *run)
{
	struct buf	 b = { 0 };
	char		 t[TIME_FMT_LEN];

	if (run->incomplete.total > 0) {
		tally_text(&run->incomplete, &b);
		sink_note(run->sink, "skipped %lld audit event%s not complete "
		    "(%s): only the stages ResponseComplete and Panic say how "
		    "a request ended", (long long)run->incomplete.total,
		    run->incomplete.total == 1 ? "" : "s", b.data);
		buf_clear(&b);
	}
	if (run->foreign.total > 0) {
		tally_text(&run->foreign, &b);
		sink_note(run->sink, "skipped %lld entr%s coroner does not "
		    "read (%s)", (long long)run->foreign.total,
		    run->foreign.total == 1 ? "y" : "ies", b.data);
	}
	if (run->gaps > 0)
		sink_note(run->sink, "the event exporter says events may have "
		    "been lost before %s%s", time_format(run->gap_us, t),
		    run->gaps > 1 ? " (and again later)" : "");
	buf_free(&b);
}

/* What the reading loops count. */
struct le_counts {
	int64_t		 good;		/* entries read (put, or skipped on
					   purpose) */
	int64_t		 bad;		/* entries rejected */
	int64_t		 first_line;	/* the first rejected's line */
	char		*first_err;	/* and why; owned */
};

/* A rejected entry: why is owned, and taken. */
static void
le_reject(struct logentry_run *run, struct le_counts *c, int damaged,
    char *why)
{
	if (damaged)
		sink_damaged(run->sink, run->line, "%s", why);
	else
		sink_reject(run->sink, run->line, "%s", why);
	if (c->bad++ == 0) {
		c->first_line = run->line;
		c->first_err = why;
	} else
		free(why);
}

/* Hands one entry to where it belongs.  Returns 0, or -1 (sink). */
static int
le_one(struct logentry_run *run, struct le_counts *c, const struct jl *obj)
{
	char		why[512];
	enum k8s_put	put;

	why[0] = '\0';
	put = logentry_one(run, obj, why, sizeof why);
	jl_doc_clear(&run->doc);
	if (put == K8S_PUT_SINK)
		return (-1);
	if (put == K8S_PUT_REJECT)
		le_reject(run, c, 0, xstrdup(why));
	else
		c->good++;
	return (0);
}

/*
 * Hands one entry parsed by jansson (or, for an object holding a list of
 * log exports on one line, each of its elements) to where it belongs.
 * Returns 0, or -1 when the sink failed.
 */
static int
le_entry(struct logentry_run *run, struct le_counts *c, json_t *obj)
{
	const struct js_list	*list;
	struct jl		 view;
	json_t			*arr, *el;
	const char		*key;
	size_t			 i;

	if (json_is_object(obj)) {
		json_object_foreach(obj, key, arr) {
			list = js_list_of(key, strlen(key), JS_LOG_LISTS);
			if (list == NULL || !json_is_array(arr))
				continue;
			json_array_foreach(arr, i, el) {
				if (!json_is_object(el) && !(list->arrays &&
				    json_is_array(el)))
					le_reject(run, c, 0, xstrdup("list "
					    "element is not an object"));
				else if (le_entry(run, c, el) != 0)
					return (-1);
			}
			return (0);
		}
	}
	view = jl_of(obj, &run->doc);
	return (le_one(run, c, &view));
}

/*
 * Whether the input is JSON lines (the log backend's file, a sink's
 * NDJSON): its first line is a whole JSON object, not one of a list.
 */
static int
le_is_lines(struct input *in)
{
	const unsigned char	*head, *p, *end, *nl;
	const char		*key;
	json_t			*obj, *v;
	size_t			 len;
	int			 lines;

	len = input_peek_lines(in, &head);
	p = head;
	end = head + len;
	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' ||
	    *p == '\n'))
		p++;
	if (p == end || *p != '{' ||
	    (nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
		return (0);
	if ((obj = jf_loadb((const char *)p, (size_t)(nl - p),
	    JSON_ALLOW_NUL, NULL)) == NULL)
		return (0);
	lines = json_is_object(obj);
	json_object_foreach(obj, key, v) {
		if (js_list_of(key, strlen(key), JS_LOG_LISTS) != NULL)
			lines = 0;
	}
	json_decref(obj);
	return (lines);
}

/* Reads JSON lines, one entry a line.  Returns 0, or -1 (sink). */
static int
le_read_lines(struct logentry_run *run, struct le_counts *c,
    struct input *in)
{
	struct linereader	 lr;
	struct jl		 root;
	json_error_t		 err;
	json_t			*obj;
	const char		*line;
	size_t			 len, i;
	int			 rc = 0;
	enum lr_status		 st;

	lr_init(&lr, in);
	while (rc == 0 && (st = lr_next(&lr, &line, &len)) != LR_EOF) {
		run->line = (int64_t)lr.lineno;
		if (st == LR_ERROR) {
			le_reject(run, c, 1, xasprintf("read error: %s",
			    input_error(in) != NULL ? input_error(in) :
			    "unknown"));
			break;
		}
		if (st == LR_LONG) {
			le_reject(run, c, 0, xasprintf("line longer than %zu "
			    "bytes: skipped (--max-line raises the limit)",
			    lr.max));
			continue;
		}
		if (lr.lineno == 1 && len >= 3 &&
		    memcmp(line, "\xef\xbb\xbf", 3) == 0) {
			line += 3;	/* a UTF-8 byte order mark */
			len -= 3;
		}
		for (i = 0; i < len && (line[i] == ' ' || line[i] == '\t');
		    i++)
			;
		if (i == len)
			continue;
		if (js_too_costly(line, len, run->opts->max_object)) {
			le_reject(run, c, 0, js_too_costly_why(
			    run->opts->max_object));
			continue;
		}
		/* the light path, when the line is JSON it vouches for */
		if (jl_doc_load(&run->doc, line, len, &root) == 0) {
			rc = le_one(run, c, &root);
			continue;
		}
		if ((obj = jf_loadb(line, len, JSON_ALLOW_NUL, &err)) ==
		    NULL) {
			le_reject(run, c, 0, xasprintf("bad JSON: %s",
			    err.text));
			continue;
		}
		if (memmem(line, len, "\\u0000", 6) != NULL)
			js_replace_nul(obj);
		if (!json_is_object(obj))
			le_reject(run, c, 0, xstrdup("not a JSON object"));
		else
			rc = le_entry(run, c, obj);
		json_decref(obj);
	}
	lr_free(&lr);
	return (rc);
}

/*
 * Reads JSON or YAML documents, the elements of lists one by one (the
 * Kubernetes reader with JS_LOG_LISTS).  Returns 0, or -1 (sink).
 */
static int
le_read_docs(struct logentry_run *run, struct le_counts *c,
    struct input *in)
{
	struct k8s_reader	 kr;
	struct k8s_seen		 seen;
	json_t			*obj;
	const char		*kind;
	char			*err;
	enum js_status		 st;
	int			 rc = 0;

	k8s_reader_init(&kr, in, run->opts->max_object, JS_LOG_LISTS);
	while (rc == 0 && (st = k8s_reader_next(&kr, &obj, &seen, &kind,
	    &err)) != JS_END) {
		run->line = seen.line;
		if (st == JS_ERROR)
			le_reject(run, c, k8s_reader_truncated(&kr), err);
		else
			rc = le_entry(run, c, obj);
	}
	k8s_reader_free(&kr);
	return (rc);
}

int
logentry_read(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	struct logentry_run	 run;
	struct le_counts	 c = { 0 };
	struct buf		 b = { 0 };
	int			 rc;

	memset(&run, 0, sizeof run);
	run.sink = sink;
	run.opts = opts;
	run.gap_us = TIME_NONE;
	jl_doc_init(&run.doc);
	rc = le_is_lines(in) ? le_read_lines(&run, &c, in) :
	    le_read_docs(&run, &c, in);
	jl_doc_free(&run.doc);
	c.good -= run.foreign.total;
	if (rc != 0) {
		*cause = xstrdup("the store refused a record");
	} else if (c.good == 0 && c.bad == 0 && run.foreign.total > 0) {
		tally_text(&run.foreign, &b);
		*cause = xasprintf("only entries coroner does not read (%s)",
		    b.data);
		rc = IMPORT_NOTHING;
	} else if (c.good == 0 && c.bad > 0 && run.foreign.total == 0) {
		*cause = xasprintf("no audit event or log entry could be "
		    "read: line %lld: %s", (long long)c.first_line,
		    c.first_err);
		rc = -1;
	} else
		say_skipped(&run);
	free(c.first_err);
	buf_free(&b);
	return (rc);
}
