/*
 * k8s-endpointslices.c: the "k8s-endpointslices" importer.  Reads
 * EndpointSlices (discovery.k8s.io/v1 and v1beta1) as kubectl, support
 * bundles and collectors write them: EndpointSliceList and List (items
 * with or without "kind"), bare arrays, single objects and watch streams
 * (with or without {"type": ..., "object": ...} wrappers, and the
 * collector's {"observed": T, "type": ..., "object": ...} lines), in JSON
 * or YAML (k8s.c reads both into the same values).  Each version of a
 * slice becomes one struct rec_slice followed by one struct rec_endpoint
 * per endpoint; a version listing none still gives its slice, which is how
 * a pod's endpoint is seen to leave.  Knows nothing of SQLite or curses,
 * nor of how the model reads endpoints.
 * The fields read, and why:
 * docs/formats/kubernetes.md#k8s-endpointslices.
 */
#include <stdio.h>
#include <string.h>

#include "importer.h"
#include "k8s.h"
#include "k8sjson.h"
#include "timefmt.h"

/* The annotation the endpoint controllers write: what caused the change. */
#define TRIGGER_TIME	"endpoints.kubernetes.io/last-change-trigger-time"

static int
imp_k8s_endpointslices_probe(const char *name, const unsigned char *head,
    size_t len)
{
	struct kj_head	h;

	if (!kj_head_open(&h, head, len))
		return (0);
	if (kj_head_key(&h, "kind", "EndpointSliceList"))
		return (95);
	if (kj_head_key(&h, "kind", "EndpointSlice"))
		return (90);
	/* items without kind: the addressType only a slice has */
	if (kj_head_key(&h, "addressType", NULL) &&
	    kj_head_key(&h, "endpoints", NULL))
		return (70);
	return (0);
}

/*
 * Checks every time of a slice, finds the latest it holds and reads the
 * endpoint controller's trigger time.  Returns 0, or -1 with the message
 * written.
 */
static int
scan_slice(struct kj_scan *sc, json_t *slice, int64_t *trigger_us)
{
	static const char *const managed[] = { "time" };
	json_t	*v;

	sc->latest_us = TIME_NONE;
	if (kj_scan_time(sc, slice, "", "metadata.creationTimestamp", 1) !=
	    0 ||
	    kj_scan_time(sc, slice, "", "metadata.deletionTimestamp", 0) != 0 ||
	    kj_scan_array(sc, slice, "metadata.managedFields", managed,
	    sizeof managed / sizeof managed[0]) != 0)
		return (-1);
	/* the annotation's key holds dots: no dotted path reaches it */
	v = json_object_get(kj_get(slice, "metadata.annotations"),
	    TRIGGER_TIME);
	if (kj_scan_value(sc, v, "metadata.annotations.", TRIGGER_TIME, 0) !=
	    0)
		return (-1);
	return (kj_time_value(v, trigger_us));
}

/*
 * The node of an endpoint: nodeName, else (v1beta1) the topology's
 * kubernetes.io/hostname.
 */
static const char *
node_of(json_t *ep)
{
	const char	*node = kj_str(ep, "nodeName");

	if (node != NULL)
		return (node);
	return (json_string_value(json_object_get(json_object_get(ep,
	    "topology"), "kubernetes.io/hostname")));
}

/* Fills one endpoint of the slice version s from ep. */
static void
read_endpoint(json_t *ep, const struct rec_slice *s, struct rec_endpoint *e)
{
	json_t		*ref = json_object_get(ep, "targetRef");
	const char	*ref_kind = kj_str(ref, "kind");

	memset(e, 0, sizeof *e);
	e->slice_uid = s->uid;
	e->resource_version = s->resource_version;
	e->watch_type = s->watch_type;
	e->address = json_string_value(json_array_get(json_object_get(ep,
	    "addresses"), 0));
	if (ref_kind != NULL && strcmp(ref_kind, "Pod") == 0) {
		e->pod_uid = kj_str(ref, "uid");
		e->pod_name = kj_str(ref, "name");
		e->pod_namespace = kj_str(ref, "namespace");
	}
	/* a selector's endpoints are pods of the slice's namespace */
	if (e->pod_namespace == NULL && (ref_kind == NULL ||
	    strcmp(ref_kind, "Pod") == 0))
		e->pod_namespace = s->namespace;
	e->node = node_of(ep);
	e->ready = kj_bool(ep, "conditions.ready");
	e->serving = kj_bool(ep, "conditions.serving");
	e->terminating = kj_bool(ep, "conditions.terminating");
	e->observed_us = s->observed_us;
	e->line = s->line;
}

enum k8s_put
k8s_slice_put(json_t *slice, const struct k8s_seen *seen, struct sink *sink,
    char *why, size_t whylen)
{
	struct rec_slice	 s;
	struct rec_endpoint	 e;
	struct kj_scan		 sc = { .why = why, .whylen = whylen };
	json_t			*eps = json_object_get(slice, "endpoints"), *ep;
	int64_t			 trigger_us;
	size_t			 i;

	if (kj_str(slice, "metadata.name") == NULL) {
		snprintf(why, whylen, "EndpointSlice without metadata.name");
		return (K8S_PUT_REJECT);
	}
	if (eps != NULL && !json_is_null(eps) && !json_is_array(eps)) {
		snprintf(why, whylen, "EndpointSlice whose endpoints are not "
		    "a list");
		return (K8S_PUT_REJECT);
	}
	if (scan_slice(&sc, slice, &trigger_us) != 0)
		return (K8S_PUT_REJECT);
	memset(&s, 0, sizeof s);
	s.uid = kj_str(slice, "metadata.uid");
	s.namespace = kj_str(slice, "metadata.namespace");
	s.name = kj_str(slice, "metadata.name");
	s.service = json_string_value(json_object_get(kj_get(slice,
	    "metadata.labels"), "kubernetes.io/service-name"));
	s.address_type = kj_str(slice, "addressType");
	s.watch_type = seen->watch;
	s.resource_version = kj_str(slice, "metadata.resourceVersion");
	s.created_us = kj_time_or_none(slice, "metadata.creationTimestamp");
	if (seen->observed_us != TIME_NONE) {
		s.observed_us = seen->observed_us;
		s.observed_basis = seen->observed_basis;
	} else if (trigger_us != TIME_NONE) {
		s.observed_us = trigger_us;
		s.observed_basis = "trigger-time";
	} else if (sc.latest_us != TIME_NONE) {
		s.observed_us = sc.latest_us;
		s.observed_basis = "object";
	} else
		s.observed_us = TIME_NONE;
	s.line = seen->line;
	s.endpoints = 0;
	json_array_foreach(eps, i, ep) {
		if (json_is_object(ep))
			s.endpoints++;
	}
	if (sink_put(sink, REC_SLICE, &s) != 0)
		return (K8S_PUT_SINK);
	json_array_foreach(eps, i, ep) {
		if (!json_is_object(ep))
			continue;
		read_endpoint(ep, &s, &e);
		if (sink_put(sink, REC_ENDPOINT, &e) != 0)
			return (K8S_PUT_SINK);
	}
	return (K8S_PUT_OK);
}

const struct importer imp_k8s_endpointslices = {
	.name = "k8s-endpointslices",
	.summary = "EndpointSlices -o json|yaml (v1, v1beta1); watches, "
	    "stamped",
	.probe = imp_k8s_endpointslices_probe,
	.parse = k8s_read,
};
