/*
 * k8s.c: the reading loop shared by the Kubernetes importers (k8s.h).
 * Reads JSON through jsonsplit and YAML through yamlsplit, unwraps watch
 * events, finds each object's kind (its own "kind", else the list's,
 * else its shape: involvedObject means an Event, containers a Pod, a pod
 * template a workload, nodeInfo a Node, addressType an EndpointSlice, a
 * chart with a revision or an update a helm history entry), and hands it
 * to the handler of that kind and API group.  Knows nothing of SQLite or
 * curses, and nothing of the fields of any kind.
 * The envelopes and kinds it reads:
 * docs/formats/kubernetes.md#how-objects-are-read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonsplit.h"
#include "k8s.h"
#include "k8sjson.h"
#include "timefmt.h"

/* The kinds read, each by its handler. */
static const struct {
	const char	*kind;		/* "kind", or a shape's "(name)" */
	const char	*group;		/* the API group its apiVersion must
					   name ("" the core group: "v1");
					   NULL any.  An object without
					   apiVersion (a list's items) is
					   taken */
	k8s_handler	 handler;
} k8s_kinds[] = {
	{ .kind = "Event", .handler = k8s_event_put },
	{ .kind = "Pod", .handler = k8s_pod_put },
	{ .kind = "ReplicaSet", .handler = k8s_workload_put },
	{ .kind = "Deployment", .handler = k8s_workload_put },
	{ .kind = "StatefulSet", .handler = k8s_workload_put },
	{ .kind = "DaemonSet", .handler = k8s_workload_put },
	{ .kind = "Job", .handler = k8s_workload_put },
	{ .kind = "CronJob", .handler = k8s_workload_put },
	/* an item without kind whose shape is a workload's */
	{ .kind = "(workload)", .handler = k8s_workload_put },
	{ .kind = "EndpointSlice", .group = "discovery.k8s.io",
	    .handler = k8s_slice_put },
	{ .kind = "Node", .group = "", .handler = k8s_node_put },
	{ .kind = "Application", .group = "argoproj.io",
	    .handler = k8s_argo_put },
	{ .kind = "HelmRelease", .group = "helm.toolkit.fluxcd.io",
	    .handler = k8s_flux_put },
	/* an entry of "helm history -o json|yaml" */
	{ .kind = "(helm history)", .handler = k8s_helm_put },
};

/* Whether obj's apiVersion names group (or names none). */
static int
k8s_group_is(json_t *obj, const char *group)
{
	const char	*av = kj_str(obj, "apiVersion"), *slash;

	if (group == NULL || av == NULL)
		return (1);
	if ((slash = strchr(av, '/')) == NULL)
		return (*group == '\0');
	return (strlen(group) == (size_t)(slash - av) &&
	    strncmp(av, group, (size_t)(slash - av)) == 0);
}

k8s_handler
k8s_handler_of(json_t *obj, const char *kind, int *other)
{
	size_t	i;

	if (other != NULL)
		*other = 0;
	for (i = 0; i < sizeof k8s_kinds / sizeof k8s_kinds[0]; i++) {
		if (strcmp(k8s_kinds[i].kind, kind) != 0)
			continue;
		if (k8s_group_is(obj, k8s_kinds[i].group))
			return (k8s_kinds[i].handler);
		if (other != NULL)
			*other = 1;
	}
	return (NULL);
}

/* The length of a typed list's item kind ("PodList": 3), else 0. */
static size_t
k8s_list_item_len(const char *list_kind)
{
	size_t	n = strlen(list_kind);

	return (n > 4 && strcmp(list_kind + n - 4, "List") == 0 ? n - 4 : 0);
}

/*
 * Whether list_kind is a typed list ("IngressList") of a kind no handler
 * reads, whatever its group: an empty one is refused as such, where an
 * empty PodList is only empty.
 */
static int
k8s_list_unread(const char *list_kind)
{
	size_t	i, n = k8s_list_item_len(list_kind);

	if (n == 0)
		return (0);
	for (i = 0; i < sizeof k8s_kinds / sizeof k8s_kinds[0]; i++)
		if (strlen(k8s_kinds[i].kind) == n &&
		    strncmp(k8s_kinds[i].kind, list_kind, n) == 0)
			return (0);
	return (1);
}

/*
 * The kind of obj: its own, else its list's ("PodList" -> "Pod"), else
 * guessed from its shape.  Writes into buf; returns NULL when unknown.
 */
static const char *
k8s_kind_of(json_t *obj, const char *list_kind, char *buf, size_t len)
{
	const char	*kind = kj_str(obj, "kind");
	size_t		 n;

	if (kind != NULL)
		return (kind);
	if ((n = k8s_list_item_len(list_kind)) > 0 && n < len) {
		memcpy(buf, list_kind, n);
		buf[n] = '\0';
		return (buf);
	}
	if (json_is_object(json_object_get(obj, "involvedObject")) ||
	    json_is_object(json_object_get(obj, "regarding")))
		return ("Event");
	if (json_is_array(kj_get(obj, "spec.containers")) ||
	    json_is_array(kj_get(obj, "status.containerStatuses")))
		return ("Pod");
	if (json_is_object(kj_get(obj, "spec.template")) ||
	    json_is_object(kj_get(obj, "spec.jobTemplate")))
		return ("(workload)");
	if (json_is_object(kj_get(obj, "status.nodeInfo")) ||
	    json_is_object(kj_get(obj, "status.daemonEndpoints")))
		return ("Node");
	if (json_is_string(json_object_get(obj, "addressType")) &&
	    json_object_get(obj, "endpoints") != NULL)
		return ("EndpointSlice");
	if (json_object_get(obj, "metadata") == NULL &&
	    json_object_get(obj, "chart") != NULL &&
	    (json_object_get(obj, "revision") != NULL ||
	    json_object_get(obj, "updated") != NULL))
		return ("(helm history)");
	return (NULL);
}

/* The kinds of the objects skipped, each with how many. */
#define K8S_SKIPPED_KINDS	16	/* kinds told apart; more are "other" */
struct k8s_skipped {
	struct {
		char	 kind[96];	/* the kind (with its apiVersion when
					   another group's) */
		int64_t	 n;		/* objects of it skipped */
	}		 v[K8S_SKIPPED_KINDS];
	size_t		 nkinds;	/* used in v */
	int64_t		 other;		/* objects of kinds past the table */
	int64_t		 total;		/* objects skipped */
};

/* Counts one skipped object of kind. */
static void
note_skipped(struct k8s_skipped *sk, const char *kind)
{
	size_t	i;

	if (*kind == '\0')
		kind = "(empty kind)";
	sk->total++;
	for (i = 0; i < sk->nkinds; i++) {
		if (strcmp(sk->v[i].kind, kind) == 0) {
			sk->v[i].n++;
			return;
		}
	}
	if (sk->nkinds == K8S_SKIPPED_KINDS) {
		sk->other++;
		return;
	}
	snprintf(sk->v[sk->nkinds].kind, sizeof sk->v[0].kind, "%s", kind);
	sk->v[sk->nkinds++].n = 1;
}

/*
 * The kinds skipped into b: "ConfigMap, Service" (counts 0), or with
 * counts "2 ConfigMap, 1 Service" (counts 1), at most about 200 bytes.
 */
static void
skipped_kinds(const struct k8s_skipped *sk, struct buf *b, int counts)
{
	size_t	i;

	for (i = 0; i < sk->nkinds; i++) {
		if (b->len > 200) {
			buf_puts(b, ", ...");
			return;
		}
		if (counts)
			buf_printf(b, "%s%lld %s", i > 0 ? ", " : "",
			    (long long)sk->v[i].n, sk->v[i].kind);
		else
			buf_printf(b, "%s%s", i > 0 ? ", " : "",
			    sk->v[i].kind);
	}
	if (sk->other > 0)
		buf_printf(b, counts ? ", %lld of other kinds" : ", ...",
		    (long long)sk->other);
}

/*
 * Whether obj is a list whose items are null: an empty list as the API
 * server writes one (the splitters yield a list's items, not the list).
 */
static int
k8s_empty_list(json_t *obj, const char *kind)
{
	size_t	n = strlen(kind);

	return (n >= 4 && strcmp(kind + n - 4, "List") == 0 &&
	    json_is_null(json_object_get(obj, "items")));
}

void
k8s_reader_init(struct k8s_reader *kr, struct input *in, size_t max_object,
    int flags)
{
	const unsigned char	*head;
	size_t			 len;

	memset(kr, 0, sizeof *kr);
	len = input_peek(in, &head);
	kr->yaml = !kj_head_is_json(head, len) && kj_head_is_yaml(head, len);
	if (kr->yaml)
		ys_init(&kr->ys, in, flags);
	else
		js_init(&kr->js, in, max_object, JS_NUL_REPLACE | flags);
}

void
k8s_reader_free(struct k8s_reader *kr)
{
	json_decref(kr->doc);
	kr->doc = NULL;
	if (kr->yaml)
		ys_free(&kr->ys);
	else
		js_free(&kr->js);
}

int64_t
k8s_reader_objects(const struct k8s_reader *kr)
{
	return (kr->yaml ? kr->ys.objects : kr->js.objects);
}

int
k8s_reader_truncated(const struct k8s_reader *kr)
{
	return (!kr->yaml && kr->js.truncated);
}

int64_t
k8s_reader_dropped(const struct k8s_reader *kr)
{
	return (kr->yaml ? 0 : kr->js.dropped);
}

/*
 * The collector's stamp of a watch line, "observed": RFC 3339 or epoch
 * seconds (with a fraction).  Returns 0 (TIME_NONE when there is none),
 * or -1 with a new *cause.
 */
static int
k8s_stamp(json_t *doc, int64_t *us, char **cause)
{
	json_t	*v = json_object_get(doc, "observed");
	char	 show[64];
	double	 d;

	*us = TIME_NONE;
	if (v == NULL || json_is_null(v))
		return (0);
	if (json_is_number(v)) {
		d = json_number_value(v);
		if (d > 0 && d < 1e11) {
			*us = (int64_t)(d * 1e6 + 0.5);
			return (0);
		}
	} else if (kj_time(doc, "observed", us) == 0 && *us != TIME_NONE)
		return (0);
	kj_show(v, show, sizeof show);
	*cause = xasprintf("the watch line's \"observed\" is not a time "
	    "(RFC 3339 or epoch seconds): %s", show);
	return (-1);
}

enum js_status
k8s_reader_next(struct k8s_reader *kr, json_t **obj, struct k8s_seen *seen,
    const char **kind, char **cause)
{
	json_t		*inner;
	enum js_status	 st;

	for (;;) {
		json_decref(kr->doc);
		kr->doc = NULL;
		memset(seen, 0, sizeof *seen);
		seen->observed_us = TIME_NONE;
		st = kr->yaml ? ys_next(&kr->ys, &kr->doc, &seen->line,
		    cause) : js_next(&kr->js, &kr->doc, &seen->line, cause);
		if (st != JS_OBJECT)
			return (st);
		inner = json_object_get(kr->doc, "object");
		if (kj_str(kr->doc, "type") != NULL && json_is_object(inner)) {
			seen->watch = kj_str(kr->doc, "type");
			if (strcmp(seen->watch, "BOOKMARK") == 0 ||
			    strcmp(seen->watch, "ERROR") == 0)
				continue;
			if (k8s_stamp(kr->doc, &seen->observed_us, cause) != 0)
				return (JS_ERROR);
			if (seen->observed_us != TIME_NONE)
				seen->observed_basis = "stamped";
		} else
			inner = kr->doc;
		*obj = inner;
		*kind = k8s_kind_of(inner, kr->yaml ? kr->ys.list_kind :
		    kr->js.list_kind, kr->kbuf, sizeof kr->kbuf);
		return (JS_OBJECT);
	}
}

int
k8s_read(struct input *in, const struct import_opts *opts, struct sink *sink,
    char **cause)
{
	struct k8s_reader	 kr;
	struct k8s_skipped	 skipped;
	struct buf		 kinds = { 0 };
	json_t			*inner;
	struct k8s_seen		 seen;
	k8s_handler		 h;
	const char		*kind, *av;
	char			*err, *first_err = NULL, why[256], other[96];
	int64_t			 line, good = 0, bad = 0, first_line = 0;
	enum js_status		 st;
	enum k8s_put		 put;
	int			 rc = 0, other_group;

	memset(&skipped, 0, sizeof skipped);
	k8s_reader_init(&kr, in, opts->max_object, 0);
	while ((st = k8s_reader_next(&kr, &inner, &seen, &kind, &err)) !=
	    JS_END) {
		line = seen.line;
		if (st == JS_ERROR) {
			if (k8s_reader_truncated(&kr))
				sink_damaged(sink, line, "%s", err);
			else
				sink_reject(sink, line, "%s", err);
			if (bad++ == 0) {
				first_line = line;
				first_err = err;
			} else
				free(err);
			continue;
		}
		if (kind == NULL) {
			note_skipped(&skipped, "(no kind)");
			continue;
		}
		if (k8s_empty_list(inner, kind))
			continue;
		if ((h = k8s_handler_of(inner, kind, &other_group)) == NULL) {
			/* a longhorn.io Node is not a Node */
			av = kj_str(inner, "apiVersion");
			if (other_group)
				snprintf(other, sizeof other, "%.40s (%.40s)",
				    kind, av);
			note_skipped(&skipped, other_group ? other : kind);
			continue;
		}
		seen.opts = opts;
		why[0] = '\0';
		put = h(inner, &seen, sink, why, sizeof why);
		if (put == K8S_PUT_SINK) {
			*cause = xstrdup("the store refused a record");
			rc = -1;
			break;
		}
		if (put == K8S_PUT_REJECT) {
			sink_reject(sink, line, "%s", why);
			bad++;
		} else
			good++;
	}
	if (rc == 0 && skipped.total > 0) {
		/* one line: how many of which kind (the import shows it) */
		skipped_kinds(&skipped, &kinds, 1);
		sink_summary(sink, "skipped %lld object%s of kinds coroner "
		    "does not read (%s)", (long long)skipped.total,
		    skipped.total == 1 ? "" : "s", kinds.data);
		buf_clear(&kinds);
	}
	if (rc == 0 && good == 0 && bad == 0 && skipped.total > 0) {
		skipped_kinds(&skipped, &kinds, 0);
		*cause = xasprintf("no Kubernetes objects coroner reads "
		    "(found %s)", kinds.data);
		rc = IMPORT_NOTHING;
	} else if (rc == 0 && good == 0 && bad == 0 &&
	    k8s_list_unread(kr.yaml ? kr.ys.list_kind : kr.js.list_kind)) {
		*cause = xasprintf("no Kubernetes objects coroner reads (an "
		    "empty %s)", kr.yaml ? kr.ys.list_kind : kr.js.list_kind);
		rc = IMPORT_NOTHING;
	} else if (rc == 0 && good == 0 && k8s_reader_objects(&kr) == 0 &&
	    bad > 0) {
		if (k8s_reader_dropped(&kr) > 0)
			*cause = xasprintf("no object could be read: line "
			    "%lld: %s", (long long)first_line, first_err);
		else
			*cause = xasprintf("not Kubernetes %s: line %lld: %s",
			    kr.yaml ? "YAML" : "JSON", (long long)first_line,
			    first_err);
		rc = -1;
	}
	free(first_err);
	buf_free(&kinds);
	k8s_reader_free(&kr);
	return (rc);
}
