/*
 * k8s.h: the reader shared by the Kubernetes importers (k8s-events,
 * k8s-pods, k8s-workloads, k8s-endpointslices, k8s-nodes, deploys) and by
 * lint.  One loop reads every object of an input, JSON or YAML (lists,
 * single objects, multi-document streams, watch streams with or without
 * wrappers) and routes each by its kind or shape to the handler that
 * reads it, so a mixed "kubectl get all -o json" List lands whole
 * whichever importer was chosen.  Knows nothing of SQLite or curses.
 */
#ifndef K8S_H
#define K8S_H

#include <jansson.h>
#include <stdint.h>

#include "importer.h"
#include "jsonsplit.h"
#include "yamlsplit.h"

/* How an object was seen, besides what it holds. */
struct k8s_seen {
	const char	*watch;		/* the watch event's type ("ADDED",
					   "MODIFIED", "DELETED") or NULL */
	int64_t		 observed_us;	/* when it was seen for certain: a
					   collector's stamp ({"observed": T,
					   "type": ..., "object": ...}), an
					   audit event's time; TIME_NONE: the
					   handler estimates it from the
					   object */
	const char	*observed_basis; /* "stamped", "audit", or NULL */
	int64_t		 line;		/* where the object starts */
	const struct import_opts *opts;	/* what the command line says
					   (--release for a helm history);
					   borrowed; NULL outside k8s_read */
};

/*
 * The objects of one input, JSON or YAML (decided from its first bytes:
 * YAML when they look like it and not like JSON).
 */
struct k8s_reader {
	int		 yaml;		/* reading YAML, else JSON */
	struct jsonsplit js;		/* the JSON reader, when JSON */
	struct yamlsplit ys;		/* the YAML reader, when YAML */
	json_t		*doc;		/* the document last yielded; owned */
	char		 kbuf[64];	/* a kind made from a list's kind */
};

/*
 * max_object bounds what one JSON object may take to read (jsonsplit.h;
 * 0: the default); flags are JS_LOG_LISTS (the lists of log exports are
 * read element by element) or 0.  A \u0000 in a JSON string becomes
 * U+FFFD, so that no name is cut at it.
 */
void	k8s_reader_init(struct k8s_reader *kr, struct input *in,
	    size_t max_object, int flags);
void	k8s_reader_free(struct k8s_reader *kr);
/*
 * The next object: JS_OBJECT with *obj (borrowed until the next call),
 * *seen (its watch event's type or NULL, the collector's stamp when a
 * watch line carries "observed": RFC 3339 or epoch seconds, and its line)
 * and *kind (its own kind, else its list's, else one guessed from its
 * shape: "(workload)" for a workload of unknown kind, "(helm history)"
 * for an entry of helm history; NULL when none);
 * JS_ERROR with a new *cause and seen->line; JS_END.  BOOKMARK and ERROR
 * watch events are skipped.  A stamp that is not a time is an error.
 */
enum js_status	k8s_reader_next(struct k8s_reader *kr, json_t **obj,
		    struct k8s_seen *seen, const char **kind, char **cause);
/* Documents (objects or list items) read so far, good or not. */
int64_t		k8s_reader_objects(const struct k8s_reader *kr);
/* Whether the input ended inside a JSON object or list (damaged). */
int		k8s_reader_truncated(const struct k8s_reader *kr);
/* JSON objects skipped for taking more than max_object. */
int64_t		k8s_reader_dropped(const struct k8s_reader *kr);

/* What a handler returns. */
enum k8s_put {
	K8S_PUT_OK = 0,		/* records written */
	K8S_PUT_REJECT = -1,	/* bad object: *why says why (borrowed or
				   in the handler's static storage) */
	K8S_PUT_SINK = -2	/* the sink failed: stop */
};

/* A handler reads one object. */
typedef enum k8s_put (*k8s_handler)(json_t *obj,
    const struct k8s_seen *seen, struct sink *sink, char *why,
    size_t whylen);

enum k8s_put	k8s_event_put(json_t *, const struct k8s_seen *,
		    struct sink *, char *, size_t);
enum k8s_put	k8s_pod_put(json_t *, const struct k8s_seen *,
		    struct sink *, char *, size_t);
enum k8s_put	k8s_workload_put(json_t *, const struct k8s_seen *,
		    struct sink *, char *, size_t);
enum k8s_put	k8s_slice_put(json_t *, const struct k8s_seen *,
		    struct sink *, char *, size_t);
enum k8s_put	k8s_node_put(json_t *, const struct k8s_seen *,
		    struct sink *, char *, size_t);
enum k8s_put	k8s_helm_put(json_t *, const struct k8s_seen *,
		    struct sink *, char *, size_t);
enum k8s_put	k8s_argo_put(json_t *, const struct k8s_seen *,
		    struct sink *, char *, size_t);
enum k8s_put	k8s_flux_put(json_t *, const struct k8s_seen *,
		    struct sink *, char *, size_t);

/*
 * The handler of obj, of kind kind ("Pod", "ReplicaSet", "(workload)"...),
 * or NULL when coroner does not read that kind; obj NULL: of any API
 * group.  *other (when other is not NULL) is set when a handler reads the
 * kind but obj's API group is another.
 */
k8s_handler	k8s_handler_of(json_t *obj, const char *kind, int *other);

/*
 * Reads every object of the input and hands each to its handler (JSON
 * objects over opts->max_object are rejected; an input cut inside an
 * object is damaged, sink_damaged).  Objects of kinds no handler reads
 * (Service, Lease...), or of a kind one reads but another API group (a
 * longhorn.io Node), are skipped and counted: one sink_summary() line
 * says how many of which kind.
 * Returns 0; IMPORT_NOTHING with a new *cause when every object was of a
 * kind no handler reads; or -1 with a new *cause when the sink failed or
 * nothing in the input was Kubernetes JSON (or YAML).
 */
int		k8s_read(struct input *in, const struct import_opts *opts,
		    struct sink *sink, char **cause);

#endif
