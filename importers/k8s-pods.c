/*
 * k8s-pods.c: the "k8s-pods" importer.  Reads Kubernetes Pods as kubectl,
 * support bundles and the kubelet write them: kubectl's List, PodList
 * (items with or without "kind", the kubelet's compact /pods), a single
 * Pod, and watch streams (concatenated versions of pods, with or without
 * {"type": ..., "object": ...} wrappers), in JSON or YAML (k8s.c reads
 * both into the same values).  Each version of a pod becomes
 * one struct rec_pod followed by one struct rec_container per container
 * (spec and status merged by name), with the preStop hook read into a
 * duration where the hook is a sleep (podspec.c,
 * docs/formats/kubernetes.md#prestop-hooks; the fields read:
 * docs/formats/kubernetes.md#k8s-pods).
 * Knows nothing of SQLite or curses, nor of how the model folds versions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importer.h"
#include "k8s.h"
#include "k8sjson.h"
#include "podspec.h"
#include "timefmt.h"
#include "util.h"

static int
imp_k8s_pods_probe(const char *name, const unsigned char *head, size_t len)
{
	struct kj_head	h;

	if (!kj_head_open(&h, head, len))
		return (0);
	if (kj_head_key(&h, "kind", "PodList"))
		return (95);
	if (kj_head_key(&h, "containerStatuses", NULL))
		return (90);
	if (kj_head_key(&h, "kind", "Pod") &&
	    kj_head_key(&h, "spec", NULL))
		return (90);
	/*
	 * A Pod without kind and not yet running (no containerStatuses):
	 * containers with no pod template around them.  Workloads write
	 * "template" before their containers, so it would be in the head.
	 */
	if (kj_head_key(&h, "containers", NULL) &&
	    !kj_head_key(&h, "template", NULL))
		return (60);
	return (0);
}

/* Checks every time of a pod and finds the latest.  Returns 0 or -1. */
static int
scan_pod(struct kj_scan *ps, json_t *pod)
{
	static const char *const managed[] = { "time" };
	static const char *const conds[] = {
		"lastTransitionTime", "lastProbeTime"
	};
	static const char *const states[] = {
		"state.running.startedAt",
		"state.terminated.startedAt",
		"state.terminated.finishedAt",
		"lastState.running.startedAt",
		"lastState.terminated.startedAt",
		"lastState.terminated.finishedAt",
	};
	static const char *const lists[] = {
		"status.initContainerStatuses",
		"status.containerStatuses",
		"status.ephemeralContainerStatuses",
	};
	size_t	 i;
	int64_t	 s, del;

	ps->latest_us = TIME_NONE;
	if (kj_seconds(pod, "metadata.deletionGracePeriodSeconds", &s,
	    ps->why, ps->whylen) != 0 ||
	    kj_seconds(pod, "spec.terminationGracePeriodSeconds", &s,
	    ps->why, ps->whylen) != 0)
		return (-1);
	if (kj_scan_time(ps, pod, "", "metadata.creationTimestamp", 1) != 0 ||
	    kj_scan_time(ps, pod, "", "metadata.deletionTimestamp", 0) != 0 ||
	    kj_scan_time(ps, pod, "", "status.startTime", 1) != 0)
		return (-1);
	if (kj_scan_array(ps, pod, "metadata.managedFields", managed,
	    sizeof managed / sizeof managed[0]) != 0 ||
	    kj_scan_array(ps, pod, "status.conditions", conds,
	    sizeof conds / sizeof conds[0]) != 0)
		return (-1);
	for (i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		if (kj_scan_array(ps, pod, lists[i], states,
		    sizeof states / sizeof states[0]) != 0)
			return (-1);
	}
	/*
	 * deletionTimestamp is a deadline, but the request it records (the
	 * deadline - its grace) was made before anyone saw this version: a
	 * watch's version without a newer time is not older than that.
	 */
	if (kj_time_value(kj_get(pod, "metadata.deletionTimestamp"),
	    &del) == 0 && del != TIME_NONE && kj_seconds(pod,
	    "metadata.deletionGracePeriodSeconds", &s, ps->why,
	    ps->whylen) == 0 && s != INT_NONE &&
	    (ps->latest_us == TIME_NONE || del - s * 1000000 > ps->latest_us))
		ps->latest_us = del - s * 1000000;
	return (0);
}

/* The controller ownerReference, else the first one, or NULL. */
static json_t *
owner_of(json_t *pod)
{
	json_t	*refs = kj_get(pod, "metadata.ownerReferences"), *ref;
	json_t	*first = NULL;
	size_t	 i;

	if (!json_is_array(refs))
		return (NULL);
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

/* Fills what the pod's conditions say (the list is unordered). */
static void
read_conditions(json_t *pod, struct rec_pod *r)
{
	json_t		*conds = kj_get(pod, "status.conditions"), *c;
	const char	*type, *status;
	size_t		 i;
	int		 seen_sched = 0, seen_ready = 0, seen_disr = 0;

	if (!json_is_array(conds))
		return;
	json_array_foreach(conds, i, c) {
		if ((type = kj_str(c, "type")) == NULL)
			continue;
		status = kj_str(c, "status");
		if (status == NULL)
			status = "";
		if (strcmp(type, "PodScheduled") == 0 && !seen_sched) {
			seen_sched = 1;
			if (strcmp(status, "True") == 0)
				r->scheduled_us = kj_time_or_none(c,
				    "lastTransitionTime");
		} else if (strcmp(type, "Ready") == 0 && !seen_ready) {
			seen_ready = 1;
			if (strcmp(status, "True") == 0)
				r->ready = 1;
			else if (strcmp(status, "False") == 0)
				r->ready = 0;
			r->ready_us = kj_time_or_none(c, "lastTransitionTime");
		} else if (strcmp(type, "DisruptionTarget") == 0 &&
		    !seen_disr) {
			/*
			 * The disruption controller sets a stale condition
			 * back to False when the pod was not deleted after
			 * all: only a True one says the pod was disrupted.
			 */
			seen_disr = 1;
			if (strcmp(status, "True") == 0)
				r->disruption = kj_str(c, "reason");
		}
	}
}

/* Fills the pod record; times were checked by scan_pod(). */
static void
read_pod(json_t *pod, const char *watch, struct rec_pod *r)
{
	json_t	*owner;

	r->uid = kj_str(pod, "metadata.uid");
	r->namespace = kj_str(pod, "metadata.namespace");
	r->name = kj_str(pod, "metadata.name");
	r->node = kj_str(pod, "spec.nodeName");
	r->ip = kj_str(pod, "status.podIP");
	r->phase = kj_str(pod, "status.phase");
	r->reason = kj_str(pod, "status.reason");
	r->message = kj_str(pod, "status.message");
	if ((owner = owner_of(pod)) != NULL) {
		r->owner_kind = kj_str(owner, "kind");
		r->owner_name = kj_str(owner, "name");
		r->owner_uid = kj_str(owner, "uid");
	}
	r->template_hash = kj_str(pod, "metadata.labels.pod-template-hash");
	/* a StatefulSet's or DaemonSet's pod: its controller revision */
	if (r->template_hash == NULL)
		r->template_hash = kj_str(pod,
		    "metadata.labels.controller-revision-hash");
	r->restart_policy = kj_str(pod, "spec.restartPolicy");
	r->watch_type = watch;
	r->resource_version = kj_str(pod, "metadata.resourceVersion");
	r->created_us = kj_time_or_none(pod, "metadata.creationTimestamp");
	r->scheduled_us = TIME_NONE;
	r->start_us = kj_time_or_none(pod, "status.startTime");
	r->ready_us = TIME_NONE;
	r->ready = INT_NONE;
	read_conditions(pod, r);
	r->deletion_ts_us = kj_time_or_none(pod, "metadata.deletionTimestamp");
	r->deletion_grace_s = kj_int(pod,
	    "metadata.deletionGracePeriodSeconds", INT_NONE);
	r->grace_s = kj_int(pod, "spec.terminationGracePeriodSeconds",
	    INT_NONE);
}

/* Reads a container's status (may be NULL) into c. */
static void
read_status(json_t *st, struct rec_container *c)
{
	json_t	*t;

	c->started_us = c->finished_us = TIME_NONE;
	c->exit_code = c->signal = c->ready = c->restarts = INT_NONE;
	c->last_started_us = c->last_finished_us = TIME_NONE;
	c->last_exit_code = c->last_signal = INT_NONE;
	if (st == NULL)
		return;
	c->ready = kj_bool(st, "ready");
	c->restarts = kj_int(st, "restartCount", INT_NONE);
	if (json_is_object(t = kj_get(st, "state.terminated"))) {
		c->state = "terminated";
		c->reason = kj_str(t, "reason");
		c->message = kj_str(t, "message");
		c->started_us = kj_time_or_none(t, "startedAt");
		c->finished_us = kj_time_or_none(t, "finishedAt");
		c->exit_code = kj_int(t, "exitCode", INT_NONE);
		c->signal = kj_int(t, "signal", INT_NONE);
	} else if (json_is_object(t = kj_get(st, "state.running"))) {
		c->state = "running";
		c->started_us = kj_time_or_none(t, "startedAt");
	} else if (json_is_object(t = kj_get(st, "state.waiting"))) {
		c->state = "waiting";
		c->reason = kj_str(t, "reason");
		c->message = kj_str(t, "message");
	}
	if (json_is_object(t = kj_get(st, "lastState.terminated"))) {
		c->last_reason = kj_str(t, "reason");
		c->last_message = kj_str(t, "message");
		c->last_started_us = kj_time_or_none(t, "startedAt");
		c->last_finished_us = kj_time_or_none(t, "finishedAt");
		c->last_exit_code = kj_int(t, "exitCode", INT_NONE);
		c->last_signal = kj_int(t, "signal", INT_NONE);
	}
}

/*
 * Reads the livenessProbe of a container spec (may be NULL) into c: the
 * numbers as written (the API server writes its defaults in).
 */
static void
read_liveness(json_t *spec, struct rec_container *c)
{
	json_t	*p = spec != NULL ? kj_get(spec, "livenessProbe") : NULL;

	c->liveness_period_s = c->liveness_timeout_s = INT_NONE;
	c->liveness_threshold = c->liveness_delay_s = INT_NONE;
	if (!json_is_object(p))
		return;
	c->liveness = 1;
	c->liveness_period_s = kj_int(p, "periodSeconds", INT_NONE);
	c->liveness_timeout_s = kj_int(p, "timeoutSeconds", INT_NONE);
	c->liveness_threshold = kj_int(p, "failureThreshold", INT_NONE);
	c->liveness_delay_s = kj_int(p, "initialDelaySeconds", INT_NONE);
}

/* The element of arr (specs or statuses) whose "name" is name, or NULL. */
static json_t *
find_named(json_t *arr, const char *name)
{
	json_t		*el;
	const char	*n;
	size_t		 i;

	json_array_foreach(arr, i, el) {
		if ((n = kj_str(el, "name")) != NULL && strcmp(n, name) == 0)
			return (el);
	}
	return (NULL);
}

/* The pod-wide values every container record of a version repeats. */
struct pod_ctx {
	const struct rec_pod	*pod;
	struct sink		*sink;
	struct buf		 cmd;	/* the preStop command being put */
};

/* Puts one container from its spec and/or status (either may be NULL). */
static int
put_container(struct pod_ctx *pc, json_t *spec, json_t *st, int init)
{
	struct rec_container	 c;
	struct podspec_hook	 hook;

	memset(&c, 0, sizeof c);
	c.pod_uid = pc->pod->uid;
	c.name = kj_str(spec != NULL ? spec : st, "name");
	c.init = init;
	if (spec != NULL) {
		c.native_sidecar = podspec_native(spec, init);
		c.image = kj_str(spec, "image");
	}
	if (c.image == NULL && st != NULL)
		c.image = kj_str(st, "image");
	podspec_prestop(spec, &hook, &pc->cmd);
	c.prestop_kind = hook.kind;
	/* a sleep for ever lasts what the grace lets it: no length */
	c.prestop_ms = hook.forever ? INT_NONE : hook.ms;
	c.prestop_cmd = hook.cmd;
	read_liveness(spec, &c);
	read_status(st, &c);
	c.resource_version = pc->pod->resource_version;
	c.observed_us = pc->pod->observed_us;
	c.line = pc->pod->line;
	return (sink_put(pc->sink, REC_CONTAINER, &c));
}

/*
 * Puts the containers of one list: every named spec with its status, then
 * the statuses no spec names.  Unnamed containers cannot be joined to
 * anything and are left out.
 */
static int
put_containers(struct pod_ctx *pc, json_t *pod, const char *specs_path,
    const char *statuses_path, int init)
{
	json_t		*specs = kj_get(pod, specs_path), *el;
	json_t		*statuses = kj_get(pod, statuses_path);
	const char	*name;
	size_t		 i;

	if (!json_is_array(specs))
		specs = NULL;
	if (!json_is_array(statuses))
		statuses = NULL;
	json_array_foreach(specs, i, el) {
		if ((name = kj_str(el, "name")) == NULL)
			continue;
		if (put_container(pc, el, find_named(statuses, name),
		    init) != 0)
			return (-1);
	}
	json_array_foreach(statuses, i, el) {
		if ((name = kj_str(el, "name")) == NULL ||
		    find_named(specs, name) != NULL)
			continue;
		if (put_container(pc, NULL, el, init) != 0)
			return (-1);
	}
	return (0);
}

enum k8s_put
k8s_pod_put(json_t *pod, const struct k8s_seen *seen, struct sink *sink,
    char *why, size_t whylen)
{
	struct rec_pod	 r;
	struct kj_scan	 ps = { .why = why, .whylen = whylen };
	struct pod_ctx	 pc = { .pod = &r, .sink = sink };
	const char	*uid = kj_str(pod, "metadata.uid");
	int		 rc;

	if (uid == NULL || *uid == '\0') {
		snprintf(why, whylen, "Pod without metadata.uid");
		return (K8S_PUT_REJECT);
	}
	if (scan_pod(&ps, pod) != 0)
		return (K8S_PUT_REJECT);
	memset(&r, 0, sizeof r);
	read_pod(pod, seen->watch, &r);
	/* a stamp or an audit event's time says when; else the object */
	r.observed_us = seen->observed_us != TIME_NONE ? seen->observed_us :
	    ps.latest_us;
	r.line = seen->line;
	if (sink_put(sink, REC_POD, &r) != 0)
		return (K8S_PUT_SINK);
	rc = put_containers(&pc, pod, "spec.initContainers",
	    "status.initContainerStatuses", 1);
	if (rc == 0)
		rc = put_containers(&pc, pod, "spec.containers",
		    "status.containerStatuses", 0);
	buf_free(&pc.cmd);
	return (rc == 0 ? K8S_PUT_OK : K8S_PUT_SINK);
}

static int
imp_k8s_pods_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	return (k8s_read(in, opts, sink, cause));
}

const struct importer imp_k8s_pods = {
	.name = "k8s-pods",
	.summary = "Pods: kubectl -o json|yaml, PodList, kubelet, watches",
	.probe = imp_k8s_pods_probe,
	.parse = imp_k8s_pods_parse,
};
