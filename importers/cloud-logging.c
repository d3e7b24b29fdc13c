/*
 * cloud-logging.c: the "cloud-logging" importer.  Reads GKE's Cloud
 * Logging exports (gcloud logging read --format=json arrays, a sink's
 * NDJSON, the API's entries:list, YAML documents as KHI keeps them) of
 * what a cluster logs besides its audit log:
 *   - Kubernetes events as the event exporter logs them (logName ending
 *     /logs/events, the Event in jsonPayload), each to the events' handler
 *     (k8s-events.c); the exporter's textPayload "Event exporter started
 *     watching. Some events may have been lost" is said, not rejected;
 *   - containers' lines (resource.type k8s_container: resource.labels
 *     namespace_name, pod_name, container_name; textPayload, or
 *     jsonPayload's message or log, else the whole payload as compact
 *     JSON; the stream from logName's stdout or stderr): struct rec_log;
 *   - the kubelet's and the container runtime's journal (resource.type
 *     k8s_node; logs kubelet, container-runtime, docker, kube-node-*;
 *     jsonPayload.MESSAGE and _BOOT_ID, the node from resource.labels
 *     .node_name): struct rec_node_log.
 * One file may mix them with audit entries and entries of other
 * resources: logentry.c reads every input and sends each entry where it
 * belongs, whichever of the two importers was chosen.  Knows nothing of
 * SQLite or curses.
 * The fields read, and why: docs/formats/cloud-logging.md.
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

/* The event exporter's notice that it (re)started and missed events. */
#define CLOUD_LOGGING_GAP	"Some events may have been lost"

static int
imp_cloud_logging_probe(const char *name, const unsigned char *head,
    size_t len)
{
	struct kj_head	h;

	if (!kj_head_open_any(&h, head, len) ||
	    !kj_head_key(&h, "logName", NULL))
		return (0);
	if (!kj_head_key(&h, "jsonPayload", NULL) &&
	    !kj_head_key(&h, "textPayload", NULL) &&
	    !kj_head_key(&h, "protoPayload", NULL) &&
	    !kj_head_key(&h, "insertId", NULL))
		return (0);
	/* a load balancer's request log is gclb's */
	if (kj_head_key(&h, "httpRequest", NULL))
		return (20);
	return (96);
}

/*
 * The entry's time into *us.  Returns 0, or -1 with why written when it
 * is not a time.
 */
static int
entry_time(const struct jl *entry, int64_t *us, char *why, size_t whylen)
{
	struct jl	 v = jl_get(entry, "timestamp");
	const char	*s;
	size_t		 n;
	char		 shown[80];

	*us = TIME_NONE;
	if (!jl_present(&v) || jl_is_null(&v))
		return (0);
	if ((s = jl_str(&v, NULL, &n)) != NULL && kj_time_text(s, n, us) == 0)
		return (0);
	kj_show(jl_json(&v), shown, sizeof shown);
	snprintf(why, whylen, "bad time in timestamp: %s", shown);
	return (-1);
}

enum k8s_put
cloud_logging_event_put(struct logentry_run *run, const struct jl *entry,
    char *why, size_t whylen)
{
	struct k8s_seen	 seen = {
		.observed_us = TIME_NONE, .line = run->line
	};
	struct jl	 ev = jl_get(entry, "jsonPayload");
	const char	*text = jl_str(entry, "textPayload", NULL);
	int64_t		 us;

	if (jl_is_object(&ev))
		return (k8s_event_put(jl_json(&ev), &seen, run->sink, why,
		    whylen));
	if (text != NULL && strstr(text, CLOUD_LOGGING_GAP) != NULL) {
		if (run->gaps++ == 0 && entry_time(entry, &us, why,
		    whylen) == 0)
			run->gap_us = us;
		return (K8S_PUT_OK);
	}
	snprintf(why, whylen, "an events log entry without an Event in "
	    "jsonPayload");
	return (K8S_PUT_REJECT);
}

enum k8s_put
cloud_logging_container_put(struct logentry_run *run,
    const struct jl *entry, char *why, size_t whylen)
{
	struct rec_log	 r;
	struct jl	 payload = jl_get(entry, "jsonPayload");
	char		 log[32], *own = NULL;
	const char	*text;
	size_t		 full;

	memset(&r, 0, sizeof r);
	r.namespace = jl_str(entry, "resource.labels.namespace_name", NULL);
	r.pod = jl_str(entry, "resource.labels.pod_name", NULL);
	r.container = jl_str(entry, "resource.labels.container_name", NULL);
	if (r.pod == NULL || *r.pod == '\0') {
		snprintf(why, whylen, "k8s_container entry without "
		    "resource.labels.pod_name");
		return (K8S_PUT_REJECT);
	}
	if (entry_time(entry, &r.time_us, why, whylen) != 0)
		return (K8S_PUT_REJECT);
	logentry_log_name(entry, log, sizeof log);
	if (strcmp(log, "stdout") == 0 || strcmp(log, "stderr") == 0)
		r.stream = log;
	if ((text = jl_str(entry, "textPayload", &full)) == NULL &&
	    (text = jl_str(&payload, "message", &full)) == NULL &&
	    (text = jl_str(&payload, "log", &full)) == NULL) {
		if (!jl_present(&payload)) {
			snprintf(why, whylen, "k8s_container entry without "
			    "textPayload or jsonPayload");
			return (K8S_PUT_REJECT);
		}
		own = json_dumps(jl_json(&payload), JSON_COMPACT |
		    JSON_ENCODE_ANY);
		text = own != NULL ? own : "";
		full = strlen(text);
	}
	return (logentry_put_log(run, &r, text, full, own));
}

/*
 * The journal's MESSAGE: a string, or (for bytes that are not UTF-8) an
 * array of the bytes' values.  Into b; returns 0, or -1 when neither.
 */
static int
journal_message(const struct jl *v, struct buf *b)
{
	struct jl	 el;
	const char	*s;
	size_t		 i, n;
	int64_t		 c;
	char		 byte;

	if ((s = jl_str(v, NULL, &n)) != NULL) {
		buf_append(b, s, n);
		return (0);
	}
	if (!jl_is_array(v))
		return (-1);
	for (i = 0, n = jl_size(v); i < n; i++) {
		el = jl_at(v, i);
		if ((c = jl_int(&el, NULL, 0)) < 1 || c > 255)
			return (-1);
		byte = (char)c;
		buf_append(b, &byte, 1);
	}
	return (0);
}

enum k8s_put
cloud_logging_node_put(struct logentry_run *run, const struct jl *entry,
    char *why, size_t whylen)
{
	struct rec_node_log	 r;
	struct buf		 text = { 0 };
	struct jl		 payload = jl_get(entry, "jsonPayload"), v;
	char			 log[64];
	int			 rc;

	memset(&r, 0, sizeof r);
	r.node = jl_str(entry, "resource.labels.node_name", NULL);
	if (r.node == NULL)
		r.node = jl_str(&payload, "_HOSTNAME", NULL);
	if (journal_message((v = jl_get(&payload, "MESSAGE"), &v), &text) !=
	    0 && journal_message((v = jl_get(entry, "textPayload"), &v),
	    &text) != 0) {
		snprintf(why, whylen, "node log entry without "
		    "jsonPayload.MESSAGE or textPayload");
		buf_free(&text);
		return (K8S_PUT_REJECT);
	}
	if (entry_time(entry, &r.time_us, why, whylen) != 0) {
		buf_free(&text);
		return (K8S_PUT_REJECT);
	}
	logentry_log_name(entry, log, sizeof log);
	r.component = jl_str(&payload, "SYSLOG_IDENTIFIER", NULL);
	if (r.component == NULL)
		r.component = jl_str(&payload, "_COMM", NULL);
	if (r.component == NULL)
		r.component = log;
	r.boot_id = jl_str(&payload, "_BOOT_ID", NULL);
	buf_append(&text, "", 0);	/* a text, even when empty */
	text.len = logentry_line_len(text.data, text.len);
	text.data[text.len] = '\0';
	r.text = text.data;
	r.line = run->line;
	rc = sink_put(run->sink, REC_NODE_LOG, &r);
	buf_free(&text);
	return (rc == 0 ? K8S_PUT_OK : K8S_PUT_SINK);
}

const struct importer imp_cloud_logging = {
	.name = "cloud-logging",
	.summary = "GKE Cloud Logging exports: events, container and node "
	    "logs",
	.probe = imp_cloud_logging_probe,
	.parse = logentry_read,	/* every backend's one loop */
};
