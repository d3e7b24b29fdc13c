/*
 * k8s.h: the reader shared by the Kubernetes importers (k8s-events,
 * k8s-pods, k8s-workloads).  One loop reads every object of an input
 * (lists, single objects, watch streams with or without wrappers) and
 * routes each by its kind or shape to the handler that reads it, so a
 * mixed "kubectl get all -o json" List lands whole whichever importer was
 * chosen.  Knows nothing of SQLite or curses.
 */
#ifndef K8S_H
#define K8S_H

#include <jansson.h>
#include <stdint.h>

#include "importer.h"

/* What a handler returns. */
enum k8s_put {
	K8S_PUT_OK = 0,		/* records written */
	K8S_PUT_REJECT = -1,	/* bad object: *why says why (borrowed or
				   in the handler's static storage) */
	K8S_PUT_SINK = -2	/* the sink failed: stop */
};

/*
 * A handler reads one object.  watch is the watch event type ("ADDED",
 * "MODIFIED", "DELETED") or NULL; line is where the object starts.
 */
typedef enum k8s_put (*k8s_handler)(json_t *obj, const char *watch,
    int64_t line, struct sink *sink, char *why, size_t whylen);

enum k8s_put	k8s_event_put(json_t *, const char *, int64_t,
		    struct sink *, char *, size_t);
enum k8s_put	k8s_pod_put(json_t *, const char *, int64_t,
		    struct sink *, char *, size_t);
enum k8s_put	k8s_workload_put(json_t *, const char *, int64_t,
		    struct sink *, char *, size_t);

/*
 * Reads every object of the input and hands each to its handler (JSON
 * objects over opts->max_object are rejected; an input cut inside an
 * object is damaged, sink_damaged).  Objects
 * of kinds no handler reads (Node, Service...) are skipped quietly.
 * Returns 0; IMPORT_NOTHING with a new *cause when every object was of a
 * kind no handler reads; or -1 with a new *cause when the sink failed or
 * nothing in the input was Kubernetes JSON.
 */
int		k8s_read(struct input *in, const struct import_opts *opts,
		    struct sink *sink, char **cause);

#endif
