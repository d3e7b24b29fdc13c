/*
 * k8s-workloads.c: the "k8s-workloads" importer.  Reads the controllers
 * that own pods (ReplicaSets, Deployments, StatefulSets, DaemonSets, Jobs
 * and CronJobs) as kubectl and the API server write them: typed lists
 * ("ReplicaSetList", items with or without "kind"), kubectl Lists (also
 * the mixed ones of "kubectl get all -o json", whose other objects the
 * shared loop hands to their own readers), single objects and watch
 * streams, in JSON or YAML.  Each object becomes one struct rec_workload
 * (docs/formats/kubernetes.md#k8s-workloads).  Knows nothing of SQLite
 * or curses, and nothing of pods or events.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importer.h"
#include "k8s.h"
#include "k8sjson.h"
#include "timefmt.h"

/* The kinds this importer reads, and the typed lists that hold them. */
static const struct {
	const char	*kind;		/* an object's "kind" */
	const char	*list;		/* its typed list's "kind" */
} wl_kinds[] = {
	{ .kind = "ReplicaSet", .list = "ReplicaSetList" },
	{ .kind = "Deployment", .list = "DeploymentList" },
	{ .kind = "StatefulSet", .list = "StatefulSetList" },
	{ .kind = "DaemonSet", .list = "DaemonSetList" },
	{ .kind = "Job", .list = "JobList" },
	{ .kind = "CronJob", .list = "CronJobList" },
};
#define WL_NKINDS	(sizeof wl_kinds / sizeof wl_kinds[0])

/* The Job conditions a record keeps (batch/v1 JobConditionType). */
static const char *const job_conditions[] = {
	"Complete", "Failed", "Suspended"
};
#define JOB_NCONDITIONS	(sizeof job_conditions / sizeof job_conditions[0])

/*
 * 95 for a typed list of workloads; 80 when a workload kind appears as a
 * "kind" next to a pod template ("template", "jobTemplate"): a single
 * object, a kubectl List, a watch stream; 40 for a workload kind alone,
 * which may be no more than a pod's owner reference or an event's object
 * (their importers score higher on their own forms, so they win).  A
 * mixed "kubectl get all" List whose first items are pods goes to
 * k8s-pods; the shared loop reads the workloads in it either way.
 */
static int
imp_k8s_workloads_probe(const char *name, const unsigned char *head,
    size_t len)
{
	struct kj_head	h;
	size_t		i;
	int		named = 0;

	if (!kj_head_open(&h, head, len))
		return (0);
	for (i = 0; i < WL_NKINDS; i++) {
		if (kj_head_key(&h, "kind", wl_kinds[i].list))
			return (95);
		if (kj_head_key(&h, "kind", wl_kinds[i].kind))
			named = 1;
	}
	if (!named) {
		/* items without kind (old dumps): a pod template and a
		   selector are a workload's */
		if (kj_head_key(&h, "template", NULL) &&
		    kj_head_key(&h, "selector", NULL))
			return (50);
		/*
		 * A "List" of no kind coroner knows yet (an empty one, as
		 * "kubectl get events -o json" prints when there are none):
		 * each item goes to the reader of its kind anyway.
		 */
		return (kj_head_key(&h, "kind", "List") ? 10 : 0);
	}
	if (kj_head_key(&h, "template", NULL) ||
	    kj_head_key(&h, "jobTemplate", NULL))
		return (80);
	return (40);
}

/* Whether path holds a value other than null. */
static int
has(json_t *obj, const char *path)
{
	json_t	*v = kj_get(obj, path);

	return (v != NULL && !json_is_null(v));
}

/*
 * The kind of an object that has no "kind" of its own.  The shared loop
 * only hands such an object over when its typed list named a workload
 * kind, but it does not say which; tell the six apart by fields the API
 * server writes (or defaults) for one of them and never for the others.
 * NULL when no such field is there: better a clear reject than a guess.
 */
static const char *
kind_by_shape(json_t *obj)
{
	if (json_is_object(kj_get(obj, "spec.jobTemplate")))
		return ("CronJob");
	if (!json_is_object(kj_get(obj, "spec.template")))
		return (NULL);
	if (has(obj, "spec.backoffLimit") || has(obj, "spec.completions") ||
	    has(obj, "spec.parallelism") || has(obj, "spec.completionMode") ||
	    has(obj, "status.startTime"))
		return ("Job");
	if (has(obj, "spec.strategy") ||
	    has(obj, "spec.progressDeadlineSeconds"))
		return ("Deployment");
	if (has(obj, "spec.podManagementPolicy") ||
	    has(obj, "spec.serviceName") ||
	    has(obj, "spec.volumeClaimTemplates"))
		return ("StatefulSet");
	if (has(obj, "status.desiredNumberScheduled") ||
	    has(obj, "status.numberMisscheduled"))
		return ("DaemonSet");
	if (has(obj, "metadata.labels.pod-template-hash") ||
	    has(obj, "spec.template.metadata.labels.pod-template-hash") ||
	    has(obj, "status.fullyLabeledReplicas"))
		return ("ReplicaSet");
	return (NULL);
}

/* The kind of obj as this importer spells it, or NULL. */
static const char *
workload_kind(json_t *obj)
{
	const char	*kind = kj_str(obj, "kind");
	size_t		 i;

	if (kind == NULL)
		return (kind_by_shape(obj));
	for (i = 0; i < WL_NKINDS; i++) {
		if (strcmp(kind, wl_kinds[i].kind) == 0)
			return (wl_kinds[i].kind);
	}
	return (NULL);
}

/* The controller ownerReference, else the first one, else NULL. */
static json_t *
owner_of(json_t *obj)
{
	json_t	*refs = kj_get(obj, "metadata.ownerReferences"), *ref;
	json_t	*first = NULL;
	size_t	 i;

	json_array_foreach(refs, i, ref) {
		if (!json_is_object(ref))
			continue;
		if (json_is_true(json_object_get(ref, "controller")))
			return (ref);
		if (first == NULL)
			first = ref;
	}
	return (first);
}

/*
 * The annotation deployment.kubernetes.io/revision ("3") as a number, or
 * INT_NONE when absent or not a plain decimal number.
 */
static int64_t
revision_of(json_t *obj)
{
	json_t		*v;
	const char	*s;
	size_t		 len, i;
	int64_t		 n = 0;

	v = json_object_get(kj_get(obj, "metadata.annotations"),
	    "deployment.kubernetes.io/revision");
	if (!json_is_string(v) || (len = json_string_length(v)) == 0)
		return (INT_NONE);
	s = json_string_value(v);
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9' ||
		    n > (INT64_MAX - (s[i] - '0')) / 10)
			return (INT_NONE);
		n = n * 10 + (s[i] - '0');
	}
	return (n);
}

/* Fills why with "bad time in PATH: VALUE". */
static void
bad_time(json_t *v, const char *path, char *why, size_t whylen)
{
	char	*s;

	s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
	snprintf(why, whylen, "bad time in %s: %.80s", path,
	    s != NULL ? s : "?");
	free(s);
}

/* Reads the time at path into *us.  Returns 0, or -1 with why filled. */
static int
read_time(json_t *obj, const char *path, int64_t *us, char *why,
    size_t whylen)
{
	if (kj_time(obj, path, us) == 0)
		return (0);
	bad_time(kj_get(obj, path), path, why, whylen);
	return (-1);
}

/*
 * The Job's terminal or suspended state: the first condition with status
 * "True" among Complete, Failed and Suspended (FailureTarget and
 * SuccessCriteriaMet only announce them).  Returns 0, or -1 with why
 * filled when its lastTransitionTime is not a time.
 */
static int
read_job_condition(json_t *obj, struct rec_workload *r, char *why,
    size_t whylen)
{
	json_t		*conds = kj_get(obj, "status.conditions"), *c;
	const char	*type, *status;
	char		 path[64];
	size_t		 i, j;

	json_array_foreach(conds, i, c) {
		type = kj_str(c, "type");
		status = kj_str(c, "status");
		if (type == NULL || status == NULL ||
		    strcmp(status, "True") != 0)
			continue;
		for (j = 0; j < JOB_NCONDITIONS; j++) {
			if (strcmp(type, job_conditions[j]) == 0)
				break;
		}
		if (j == JOB_NCONDITIONS)
			continue;
		if (kj_time(c, "lastTransitionTime", &r->condition_us) != 0) {
			snprintf(path, sizeof path,
			    "status.conditions[%zu].lastTransitionTime", i);
			bad_time(json_object_get(c, "lastTransitionTime"),
			    path, why, whylen);
			return (-1);
		}
		r->condition = job_conditions[j];
		r->condition_reason = kj_str(c, "reason");
		return (0);
	}
	return (0);
}

/* Fills r from a workload object.  Returns 0, or -1 with why filled. */
/*
 * A count the controller writes into status: the API leaves out zeros
 * (omitempty), so once there is a status an absent count is 0.
 */
static int64_t
status_count(json_t *obj, const char *path)
{
	json_t	*v = kj_get(obj, path);

	if (v != NULL)		/* present: an integer, or unknown */
		return (kj_int(obj, path, INT_NONE));
	return (json_is_object(kj_get(obj, "status")) ? 0 : INT_NONE);
}

static int
read_workload(json_t *obj, const char *kind, struct rec_workload *r,
    char *why, size_t whylen)
{
	json_t	*owner;

	memset(r, 0, sizeof *r);
	r->kind = kind;
	r->uid = kj_str(obj, "metadata.uid");
	if (r->uid == NULL || *r->uid == '\0') {
		snprintf(why, whylen, "%s without metadata.uid", kind);
		return (-1);
	}
	r->namespace = kj_str(obj, "metadata.namespace");
	r->name = kj_str(obj, "metadata.name");
	if ((owner = owner_of(obj)) != NULL) {
		r->owner_kind = kj_str(owner, "kind");
		r->owner_name = kj_str(owner, "name");
		r->owner_uid = kj_str(owner, "uid");
	}
	if (strcmp(kind, "ReplicaSet") == 0)
		r->template_hash = kj_str(obj,
		    "metadata.labels.pod-template-hash");
	r->resource_version = kj_str(obj, "metadata.resourceVersion");
	r->revision = revision_of(obj);
	r->replicas = kj_int(obj, "spec.replicas", INT_NONE);
	if (strcmp(kind, "DaemonSet") == 0)
		r->ready_replicas = status_count(obj, "status.numberReady");
	else if (strcmp(kind, "Job") != 0 && strcmp(kind, "CronJob") != 0)
		r->ready_replicas = status_count(obj, "status.readyReplicas");
	else
		r->ready_replicas = INT_NONE;
	if (kj_seconds(obj, strcmp(kind, "CronJob") == 0 ?
	    "spec.jobTemplate.spec.template.spec."
	    "terminationGracePeriodSeconds" :
	    "spec.template.spec.terminationGracePeriodSeconds", &r->grace_s,
	    why, whylen) != 0)
		return (-1);
	r->start_us = r->completion_us = r->condition_us = TIME_NONE;
	r->last_schedule_us = TIME_NONE;
	r->active = r->succeeded = r->failed = INT_NONE;
	r->backoff_limit = INT_NONE;
	if (read_time(obj, "metadata.creationTimestamp", &r->created_us,
	    why, whylen) != 0 ||
	    read_time(obj, "metadata.deletionTimestamp", &r->deletion_ts_us,
	    why, whylen) != 0)
		return (-1);

	if (strcmp(kind, "Job") == 0) {
		if (read_time(obj, "status.startTime", &r->start_us, why,
		    whylen) != 0 ||
		    read_time(obj, "status.completionTime", &r->completion_us,
		    why, whylen) != 0 ||
		    read_job_condition(obj, r, why, whylen) != 0)
			return (-1);
		r->active = status_count(obj, "status.active");
		r->succeeded = status_count(obj, "status.succeeded");
		r->failed = status_count(obj, "status.failed");
		r->backoff_limit = kj_int(obj, "spec.backoffLimit", INT_NONE);
		r->suspended = json_is_true(kj_get(obj, "spec.suspend"));
	} else if (strcmp(kind, "CronJob") == 0) {
		if (read_time(obj, "status.lastScheduleTime",
		    &r->last_schedule_us, why, whylen) != 0)
			return (-1);
		r->schedule = kj_str(obj, "spec.schedule");
		r->suspended = json_is_true(kj_get(obj, "spec.suspend"));
	}
	return (0);
}

enum k8s_put
k8s_workload_put(json_t *obj, const struct k8s_seen *seen,
    struct sink *sink, char *why, size_t whylen)
{
	struct rec_workload	 r;
	const char		*kind;

	if ((kind = workload_kind(obj)) == NULL) {
		if (kj_str(obj, "kind") != NULL)
			snprintf(why, whylen, "not a workload: kind %.60s",
			    kj_str(obj, "kind"));
		else
			snprintf(why, whylen, "workload without kind, and "
			    "no field tells which kind it is");
		return (K8S_PUT_REJECT);
	}
	if (read_workload(obj, kind, &r, why, whylen) != 0)
		return (K8S_PUT_REJECT);
	r.line = seen->line;
	return (sink_put(sink, REC_WORKLOAD, &r) == 0 ? K8S_PUT_OK :
	    K8S_PUT_SINK);
}

static int
imp_k8s_workloads_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	return (k8s_read(in, opts, sink, cause));
}

const struct importer imp_k8s_workloads = {
	.name = "k8s-workloads",
	.summary = "rs, deploy, sts, ds, jobs, cronjobs -o json|yaml; "
	    "watches",
	.probe = imp_k8s_workloads_probe,
	.parse = imp_k8s_workloads_parse,
};
