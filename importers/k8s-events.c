/*
 * k8s-events.c: the "k8s-events" importer.  Reads Kubernetes Events as
 * kubectl and other tools write them: core/v1 List and EventList (items
 * with or without "kind"), a single Event, events.k8s.io/v1 Events
 * (regarding, note, deprecated*), and watch streams (concatenated objects,
 * with or without {"type": ..., "object": ...} wrappers), in JSON or YAML
 * (one YAML document or list item at a time, k8s.c).  Each becomes a
 * struct rec_event with kubectl's times
 * (docs/formats/kubernetes.md#when-an-event-happened).
 * Knows nothing of SQLite or curses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importer.h"
#include "k8s.h"
#include "k8sjson.h"
#include "timefmt.h"

static int
imp_k8s_events_probe(const char *name, const unsigned char *head,
    size_t len)
{
	struct kj_head	h;

	if (!kj_head_open(&h, head, len))
		return (0);
	if (kj_head_key(&h, "kind", "EventList"))
		return (95);
	if (kj_head_key(&h, "involvedObject", NULL) ||
	    kj_head_key(&h, "regarding", NULL))
		return (90);
	return (0);
}

/* "spec.containers{name}" → name, init flag.  Copies into out. */
static const char *
container_of(const char *fp, int *init, char *out, size_t outlen)
{
	static const struct {
		const char	*prefix;
		int		 init;
	} forms[] = {
		{ .prefix = "spec.containers{", .init = 0 },
		{ .prefix = "spec.initContainers{", .init = 1 },
		{ .prefix = "spec.ephemeralContainers{", .init = 0 },
	};
	const char	*s, *e;
	size_t		 i, n;

	*init = 0;
	if (fp == NULL)
		return (NULL);
	for (i = 0; i < sizeof forms / sizeof forms[0]; i++) {
		n = strlen(forms[i].prefix);
		if (strncmp(fp, forms[i].prefix, n) != 0)
			continue;
		s = fp + n;
		if ((e = strchr(s, '}')) == NULL || e == s ||
		    (size_t)(e - s) >= outlen)
			return (NULL);
		memcpy(out, s, (size_t)(e - s));
		out[e - s] = '\0';
		*init = forms[i].init;
		return (out);
	}
	return (NULL);
}

/* The first of the names present in obj, for old/new field spellings. */
static const char *
str_either(json_t *obj, const char *a, const char *b)
{
	const char	*s = kj_str(obj, a);

	return (s != NULL ? s : kj_str(obj, b));
}

struct ev_times {
	const char	*path;		/* where the time is */
	int64_t		*us;		/* where it goes */
};

/* Fills r from an Event object.  Returns 0, or -1 with a reason. */
static int
read_event(json_t *ev, struct rec_event *r, char *cbuf, size_t cbuflen,
    const char **why, const char **bad_path)
{
	json_t		*ref;
	int64_t		 created, event_t, first, last, series_last, dfirst,
			 dlast;
	const struct ev_times times[] = {
		{ "metadata.creationTimestamp", &created },
		{ "eventTime", &event_t },
		{ "firstTimestamp", &first },
		{ "lastTimestamp", &last },
		{ "series.lastObservedTime", &series_last },
		{ "deprecatedFirstTimestamp", &dfirst },
		{ "deprecatedLastTimestamp", &dlast },
	};
	size_t		 i;
	int64_t		 cnt;

	ref = json_object_get(ev, "involvedObject");
	if (!json_is_object(ref))
		ref = json_object_get(ev, "regarding");
	if (!json_is_object(ref)) {
		*why = "not an Event: no involvedObject or regarding";
		return (-1);
	}
	for (i = 0; i < sizeof times / sizeof times[0]; i++) {
		if (kj_time(ev, times[i].path, times[i].us) != 0) {
			*why = "bad time";
			*bad_path = times[i].path;
			return (-1);
		}
	}
	if (first == TIME_NONE)
		first = dfirst;
	if (last == TIME_NONE)
		last = dlast;

	memset(r, 0, sizeof *r);
	r->uid = kj_str(ev, "metadata.uid");
	r->name = kj_str(ev, "metadata.name");
	r->obj_kind = kj_str(ref, "kind");
	r->obj_namespace = kj_str(ref, "namespace");
	r->obj_name = kj_str(ref, "name");
	r->obj_uid = kj_str(ref, "uid");
	r->namespace = kj_str(ev, "metadata.namespace");
	if (r->namespace == NULL)
		r->namespace = r->obj_namespace;
	r->field_path = kj_str(ref, "fieldPath");
	r->container = container_of(r->field_path, &r->init_container, cbuf,
	    cbuflen);
	r->reason = kj_str(ev, "reason");
	r->message = str_either(ev, "message", "note");
	r->type = kj_str(ev, "type");
	r->component = str_either(ev, "source.component",
	    "deprecatedSource.component");
	if (r->component == NULL || *r->component == '\0')
		r->component = str_either(ev, "reportingComponent",
		    "reportingController");
	r->host = str_either(ev, "source.host", "deprecatedSource.host");
	if (r->host == NULL || *r->host == '\0')
		r->host = kj_str(ev, "reportingInstance");
	if (r->component != NULL && *r->component == '\0')
		r->component = NULL;
	if (r->host != NULL && *r->host == '\0')
		r->host = NULL;
	r->action = kj_str(ev, "action");

	/* kubectl's fallback order for the time of an event. */
	r->time_us = last;
	if (r->time_us == TIME_NONE)
		r->time_us = event_t;
	if (r->time_us == TIME_NONE)
		r->time_us = series_last;
	if (r->time_us == TIME_NONE)
		r->time_us = first;
	if (r->time_us == TIME_NONE)
		r->time_us = created;
	r->first_us = event_t != TIME_NONE ? event_t :
	    first != TIME_NONE ? first : created;
	r->last_us = series_last != TIME_NONE ? series_last :
	    last != TIME_NONE ? last :
	    event_t != TIME_NONE ? event_t : r->first_us;
	cnt = kj_int(ev, "series.count", -1);
	if (cnt < 0)
		cnt = kj_int(ev, "count", -1);
	if (cnt < 0)
		cnt = kj_int(ev, "deprecatedCount", -1);
	r->count = cnt < 0 ? 1 : cnt;
	return (0);
}

enum k8s_put
k8s_event_put(json_t *ev, const struct k8s_seen *seen, struct sink *sink,
    char *why, size_t whylen)
{
	struct rec_event	 r;
	const char		*reason, *bad_path = NULL;
	char			 cbuf[256], *v;

	if (read_event(ev, &r, cbuf, sizeof cbuf, &reason, &bad_path) != 0) {
		if (bad_path != NULL) {
			v = json_dumps(kj_get(ev, bad_path),
			    JSON_ENCODE_ANY | JSON_COMPACT);
			snprintf(why, whylen, "%s in %s: %.80s", reason,
			    bad_path, v != NULL ? v : "?");
			free(v);
		} else
			snprintf(why, whylen, "%s", reason);
		return (K8S_PUT_REJECT);
	}
	r.line = seen->line;
	return (sink_put(sink, REC_EVENT, &r) == 0 ? K8S_PUT_OK :
	    K8S_PUT_SINK);
}

static int
imp_k8s_events_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	return (k8s_read(in, opts, sink, cause));
}

const struct importer imp_k8s_events = {
	.name = "k8s-events",
	.summary = "kubectl get events -o json|yaml, events.k8s.io, watches",
	.probe = imp_k8s_events_probe,
	.parse = imp_k8s_events_parse,
};
