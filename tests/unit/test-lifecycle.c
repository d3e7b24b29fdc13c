/*
 * test-lifecycle.c: the model's rules of how a pod dies (coroner(1), THE
 * MODEL), on observations written straight into a temporary store: the preStop
 * sleep and the grace budget, the 2 s floor, SIGKILL at the deadline versus
 * OOMKilled, native sidecars, a deletion known only from a Killing event,
 * workloads from owners and from names, and rollouts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lifecycle.h"
#include "podset.h"
#include "timeline.h"
#include "timefmt.h"
#include "unit.h"

#define T0	((int64_t)1778576400 * 1000000)	/* 2026-05-12T09:00:00Z */
#define S(x)	((int64_t)((x) * 1000000))

static struct store	*st;
static char		 dbpath[64];

static void
open_store(void)
{
	char	*cause = NULL;

	unit_db_path(dbpath);
	if (store_open(dbpath, STORE_CREATE, &st, &cause) != 0)
		fatal("%s", cause);
	if (store_input_begin(st, "test", NULL, "test", &cause) != 0)
		fatal("%s", cause);
}

static void
close_store(void)
{
	store_close(st);
	unit_db_remove(dbpath);
}

static struct rec_pod
pod(const char *uid, const char *name)
{
	struct rec_pod	p = {
		.uid = uid, .namespace = "shop", .name = name, .node = "n1",
		.phase = "Running", .created_us = T0 - S(600),
		.scheduled_us = T0 - S(600), .start_us = T0 - S(599),
		.ready_us = T0 - S(590), .ready = 1,
		.deletion_ts_us = TIME_NONE, .deletion_grace_s = INT_NONE,
		.grace_s = 30, .observed_us = T0 - S(590), .line = 1,
	};

	return (p);
}

static struct rec_container
ctr(const char *pod_uid, const char *name)
{
	struct rec_container	c = {
		.pod_uid = pod_uid, .name = name, .state = "running",
		.started_us = T0 - S(598), .finished_us = TIME_NONE,
		.prestop_ms = INT_NONE, .exit_code = INT_NONE,
		.signal = INT_NONE, .ready = 1, .restarts = 0,
		.last_started_us = TIME_NONE, .last_finished_us = TIME_NONE,
		.last_exit_code = INT_NONE, .last_signal = INT_NONE,
		.observed_us = T0 - S(590),
	};

	return (c);
}

/* The pod's deletion: deletionTimestamp = request + grace. */
static void
terminating(struct rec_pod *p, int64_t request_us, int64_t grace_s)
{
	p->deletion_ts_us = request_us + S(grace_s);
	p->deletion_grace_s = grace_s;
	p->observed_us = request_us;
	p->resource_version = "2";
}

static void
exited(struct rec_container *c, int64_t at_us, int code, const char *why)
{
	c->state = "terminated";
	c->finished_us = at_us;
	c->exit_code = code;
	c->reason = why;
	c->ready = 0;
	c->observed_us = at_us;
	c->resource_version = "3";
}

static void
put(enum rec_type t, const void *r)
{
	if (store_put(st, t, r) != 0)
		fatal("%s", store_error(st));
}

static void
rebuild(void)
{
	struct model_stats	ms;
	char			*cause = NULL;
	int			dup;
	int64_t			then;

	if (store_input_end(st, "0123456789abcdef0123456789abcdef"
	    "0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789"
	    "abcdef0123456789abcdef0123456789abcdef", 0, 0, 0, NULL, &dup,
	    &then, &cause) != 0 || model_rebuild(st, &ms, &cause) != 0)
		fatal("%s", cause);
}

struct got {
	struct row_pod		p;
	struct row_container	c[4];
	int			nc;
	char			names[4][32];
	char			basis[4][128];
	char			pbasis[128], wl[64], wlk[32];
	char			from[16], by[96], via[16], why[32];
	char			gbasis[128];
};

/* Copies a string of a row that dies with its set (NULL: ""). */
static void
keep(char *dst, size_t len, const char *s)
{
	snprintf(dst, len, "%s", s != NULL ? s : "");
}

static int
got_pod(void *ctx, const void *row)
{
	struct got	*g = ctx;

	g->p = *(const struct row_pod *)row;
	snprintf(g->pbasis, sizeof g->pbasis, "%s", g->p.deletion_basis ?
	    g->p.deletion_basis : "");
	snprintf(g->wl, sizeof g->wl, "%s", g->p.workload);
	snprintf(g->wlk, sizeof g->wlk, "%s", g->p.workload_kind);
	keep(g->from, sizeof g->from, g->p.deletion_from);
	keep(g->by, sizeof g->by, g->p.deletion_by);
	keep(g->via, sizeof g->via, g->p.deletion_via);
	keep(g->why, sizeof g->why, g->p.deletion_cause);
	keep(g->gbasis, sizeof g->gbasis, g->p.gone_basis);
	return (0);
}

static int
got_ctr(void *ctx, const void *row)
{
	struct got	*g = ctx;

	if (g->nc == 4)
		return (0);
	g->c[g->nc] = *(const struct row_container *)row;
	snprintf(g->names[g->nc], 32, "%s", g->c[g->nc].name);
	snprintf(g->basis[g->nc], 128, "%s", g->c[g->nc].sigterm_basis ?
	    g->c[g->nc].sigterm_basis : "");
	g->nc++;
	return (0);
}

static void
fetch(const char *uid, struct got *g)
{
	struct podset	 ps;
	char		*cause = NULL;
	size_t		 i;

	memset(g, 0, sizeof *g);
	if (podset_load(st, &ps, uid, &cause) != 0)
		fatal("%s", cause);
	if (ps.n == 1) {
		got_pod(g, &ps.v[0].r);
		for (i = 0; i < ps.v[0].nc; i++)
			got_ctr(g, &ps.v[0].c[i]);
	}
	podset_free(&ps);
}

static const struct row_container *
find(struct got *g, const char *name)
{
	int	i;

	for (i = 0; i < g->nc; i++) {
		if (strcmp(g->names[i], name) == 0)
			return (&g->c[i]);
	}
	return (NULL);
}

/*
 * Bug: INT64_MAX in terminationGracePeriodSeconds overflowed (UBSan
 * aborted).  Importers refuse such numbers, but a database may hold them:
 * the model clamps every duration to LC_MAX_DURATION_US.
 */
static void
test_lifecycle_absurd_durations(void)
{
	struct rec_pod		p = pod("u-max", "absurd");
	struct rec_container	c = ctr("u-max", "app");
	struct got		g;

	open_store();
	p.grace_s = INT64_MAX;
	put(REC_POD, &p);
	c.prestop_kind = "sleep";
	c.prestop_ms = INT64_MAX;
	put(REC_CONTAINER, &c);
	p.deletion_ts_us = T0;
	p.deletion_grace_s = INT64_MAX;
	p.observed_us = T0 - S(10);
	p.resource_version = "2";
	put(REC_POD, &p);
	rebuild();
	fetch("u-max", &g);
	CHECK(g.p.deletion_us == T0 - LC_MAX_DURATION_US);
	CHECK(g.p.sigterm_us == T0);
	CHECK(g.p.deadline_us == T0 + S(2));
	close_store();
}

/* Story 1: preStop sleep 25 s in a 30 s grace, app SIGKILLed at T+30. */
static void
test_lifecycle_prestop_eats_grace(void)
{
	struct rec_pod		p = pod("u1", "returns-api-7d9f8b6c5-x2kq9");
	struct rec_container	c = ctr("u1", "invoice-writer");
	struct got		g;
	const struct row_container *r;

	open_store();
	p.owner_kind = "ReplicaSet";
	p.owner_name = "returns-api-7d9f8b6c5";
	p.template_hash = "7d9f8b6c5";
	put(REC_POD, &p);
	c.prestop_kind = "sleep";
	c.prestop_ms = 25000;
	put(REC_CONTAINER, &c);
	terminating(&p, T0, 30);
	put(REC_POD, &p);
	exited(&c, T0 + S(30.1), 137, "Error");
	put(REC_CONTAINER, &c);
	rebuild();
	fetch("u1", &g);
	CHECK(g.p.deletion_us == T0);
	CHECK(strncmp(g.pbasis, "observed", 8) == 0);
	CHECK(g.p.grace_s == 30);
	CHECK(g.p.prestop_ms == 25000);
	CHECK(g.p.sigterm_us == T0 + S(25));
	CHECK(g.p.deadline_us == T0 + S(30));
	CHECK(g.p.killed == 1);
	CHECK_STR(g.wlk, "Deployment");
	CHECK_STR(g.wl, "returns-api");
	r = find(&g, "invoice-writer");
	CHECK(r != NULL && r->killed_at_deadline == 1);
	CHECK(r != NULL && r->exit_code == 137);
	close_store();
}

/* preStop 38 s of a 45 s grace: SIGTERM at +38, 7 s left. */
static void
test_lifecycle_sigterm_after_prestop(void)
{
	struct rec_pod		p = pod("u2", "a");
	struct rec_container	c = ctr("u2", "app");
	struct got		g;

	open_store();
	c.prestop_kind = "sleep";
	c.prestop_ms = 38000;
	p.grace_s = 45;
	terminating(&p, T0, 45);
	put(REC_POD, &p);
	exited(&c, T0 + S(41.5), 0, "Completed");
	put(REC_CONTAINER, &c);
	rebuild();
	fetch("u2", &g);
	CHECK(g.p.sigterm_us == T0 + S(38));
	CHECK(g.p.deadline_us == T0 + S(45));
	CHECK(g.p.killed == 0);
	CHECK_STR(g.wlk, "Pod");
	close_store();
}

/* A hook longer than the grace: SIGTERM at the grace, 2 s floor. */
static void
test_lifecycle_grace_floor(void)
{
	struct rec_pod		p = pod("u3", "b");
	struct rec_container	c = ctr("u3", "app");
	struct got		g;

	open_store();
	c.prestop_kind = "sleep";
	c.prestop_ms = 50000;
	terminating(&p, T0, 30);
	put(REC_POD, &p);
	exited(&c, T0 + S(32), 137, "Error");
	put(REC_CONTAINER, &c);
	rebuild();
	fetch("u3", &g);
	CHECK(g.p.sigterm_us == T0 + S(30));
	CHECK(g.p.deadline_us == T0 + S(32));
	CHECK(g.p.killed == 1);
	close_store();
}

/* 137 OOMKilled at the same moment is memory, never a grace kill. */
static void
test_lifecycle_oom_is_not_grace(void)
{
	struct rec_pod		p = pod("u4", "c");
	struct rec_container	a = ctr("u4", "app"), w = ctr("u4", "worker");
	struct got		g;

	open_store();
	terminating(&p, T0, 30);
	put(REC_POD, &p);
	exited(&a, T0 + S(30), 137, "OOMKilled");
	put(REC_CONTAINER, &a);
	exited(&w, T0 + S(30.5), 137, "Error");
	put(REC_CONTAINER, &w);
	rebuild();
	fetch("u4", &g);
	CHECK(find(&g, "app") != NULL &&
	    find(&g, "app")->killed_at_deadline == 0);
	CHECK(find(&g, "worker") != NULL &&
	    find(&g, "worker")->killed_at_deadline == 1);
	CHECK(g.p.killed == 1);
	close_store();
}

/* A native sidecar is stopped after the app; a proxy name is a sidecar. */
static void
test_lifecycle_native_sidecar(void)
{
	struct rec_pod		p = pod("u5", "d");
	struct rec_container	app = ctr("u5", "app");
	struct rec_container	px = ctr("u5", "istio-proxy");
	struct got		g;
	const struct row_container *r;

	open_store();
	px.init = px.native_sidecar = 1;
	terminating(&p, T0, 30);
	put(REC_POD, &p);
	exited(&app, T0 + S(4), 0, "Completed");
	put(REC_CONTAINER, &app);
	exited(&px, T0 + S(5), 0, "Completed");
	put(REC_CONTAINER, &px);
	rebuild();
	fetch("u5", &g);
	r = find(&g, "istio-proxy");
	CHECK(r != NULL && r->sidecar == 1 && r->native_sidecar == 1);
	CHECK(r != NULL && r->sigterm_us == T0 + S(4));
	r = find(&g, "app");
	CHECK(r != NULL && r->sidecar == 0 && r->sigterm_us == T0);
	CHECK(g.p.sigterm_us == T0);
	close_store();
}

/* No deletionTimestamp seen: the first Killing event is the request. */
static void
test_lifecycle_killing_event(void)
{
	struct rec_pod		p = pod("u6", "e");
	struct rec_container	c = ctr("u6", "app");
	struct rec_event	e = {
		.obj_kind = "Pod", .obj_namespace = "shop", .obj_name = "e",
		.reason = "Killing", .message = "Stopping container app",
		.time_us = T0 + S(1), .first_us = T0 + S(1),
		.last_us = T0 + S(1), .count = 1,
	};
	struct got		g;

	open_store();
	put(REC_POD, &p);
	exited(&c, T0 + S(3), 143, "Error");
	put(REC_CONTAINER, &c);
	put(REC_EVENT, &e);
	rebuild();
	fetch("u6", &g);
	CHECK(g.p.deletion_us == T0 + S(1));
	CHECK(strncmp(g.pbasis, "inferred", 8) == 0);
	CHECK(g.p.killed == 0);
	close_store();
}

/*
 * A Job's pod: the Job's CronJob is its workload, its owner's or the one
 * its name says.
 */
static void
test_lifecycle_job_workload(void)
{
	struct rec_pod		 p = pod("u7", "backup-29000000-abcde");
	struct rec_workload	 j = {
		.kind = "Job", .uid = "j1", .namespace = "shop",
		.name = "backup-29000000", .owner_kind = "CronJob",
		.owner_name = "backup", .revision = INT_NONE,
		.replicas = INT_NONE, .ready_replicas = INT_NONE,
		.grace_s = INT_NONE, .created_us = T0, .deletion_ts_us =
		TIME_NONE, .start_us = T0, .completion_us = TIME_NONE,
		.condition_us = TIME_NONE, .last_schedule_us = TIME_NONE,
		.active = 1, .succeeded = INT_NONE, .failed = INT_NONE,
	};
	struct got		 g;

	open_store();
	p.owner_kind = "Job";
	p.owner_name = "backup-29000000";
	put(REC_POD, &p);
	put(REC_WORKLOAD, &j);
	rebuild();
	fetch("u7", &g);
	CHECK_STR(g.wlk, "CronJob");
	CHECK_STR(g.wl, "backup");
	close_store();
	/* an owner without its name: the Job's name says its CronJob */
	open_store();
	j.owner_kind = "CronJob";
	j.owner_name = NULL;
	j.name = p.owner_name = "nightly-29000001";
	put(REC_POD, &p);
	put(REC_WORKLOAD, &j);
	rebuild();
	fetch("u7", &g);
	CHECK_STR(g.wlk, "CronJob");
	CHECK_STR(g.wl, "nightly");
	close_store();
	/* <cronjob>-<scheduled minute>: a dash and 8 digits or more */
	CHECK(lifecycle_cronjob_len("backup-29000000") == 6);
	CHECK(lifecycle_cronjob_len("a-b-123456789") == 3);
	CHECK(lifecycle_cronjob_len("1-12345678") == 1);
	CHECK(lifecycle_cronjob_len("backup-2900000") == 0);
	CHECK(lifecycle_cronjob_len("-12345678") == 0);
	CHECK(lifecycle_cronjob_len("12345678") == 0);
	CHECK(lifecycle_cronjob_len("backup_29000000") == 0);
	CHECK(lifecycle_cronjob_len("") == 0);
	CHECK(lifecycle_cronjob_len(NULL) == 0);
}

/* An audited request about a pod (struct rec_audit). */
static struct rec_audit
audit(const char *id, const char *verb, const char *sub, const char *name,
    const char *actor, int64_t code, int64_t grace_s, int64_t at_us)
{
	struct rec_audit	a = {
		.audit_id = id, .stage = "ResponseComplete",
		.level = "Metadata", .verb = verb, .resource = "pods",
		.subresource = sub,
		.namespace = "shop", .name = name, .user = actor,
		.actor = actor, .code = code, .grace_s = grace_s,
		.dialect = "log", .time_us = at_us, .stage_us = at_us,
		.line = 1,
	};

	return (a);
}

/*
 * The audit log's deletion request beats deletionTimestamp - grace (to
 * the second) and names who asked; the kubelet's final delete is when
 * the pod was gone.
 */
static void
test_lifecycle_audit_deletion(void)
{
	struct rec_pod		p = pod("ua", "f");
	struct rec_container	c = ctr("ua", "app");
	struct rec_audit	del = audit("a1", "delete", NULL, "f",
				    "alice@example.com", 200, INT_NONE,
				    T0 + S(0.4)), fin = audit("a2", "delete",
				    NULL, "f", "system:node:n1", 200, 0,
				    T0 + S(12.3));
	struct got		g;

	open_store();
	put(REC_POD, &p);
	terminating(&p, T0, 30);	/* deletionTimestamp: T0 + 30 s */
	put(REC_POD, &p);
	exited(&c, T0 + S(12), 0, "Completed");
	put(REC_CONTAINER, &c);
	put(REC_AUDIT, &del);
	put(REC_AUDIT, &fin);
	rebuild();
	fetch("ua", &g);
	CHECK(g.p.deletion_us == T0 + S(0.4));
	CHECK_STR(g.from, "audit");
	CHECK_STR(g.by, "alice@example.com");
	CHECK_STR(g.via, "delete");
	CHECK_STR(g.why, "manual");
	CHECK(strstr(g.pbasis, "audit log") != NULL);
	CHECK(g.p.gone_us == T0 + S(12.3));
	CHECK(strstr(g.gbasis, "kubelet's final delete") != NULL);
	CHECK(g.p.spec_grace_s == 30 && g.p.grace_s == 30);
	close_store();
}

/*
 * kubectl delete --grace-period=1 on a pod whose spec gives 60 s: the
 * deletion's grace is 1 s (the kill at +1 s is the request's doing), the
 * spec's is kept; a 429 eviction deleted nothing.
 */
static void
test_lifecycle_audit_grace_override(void)
{
	struct rec_pod		p = pod("ub", "g");
	struct rec_container	c = ctr("ub", "app");
	struct rec_audit	no = audit("b0", "create", "eviction", "g",
				    "system:serviceaccount:kube-system:"
				    "cluster-autoscaler", 429, INT_NONE, T0 -
				    S(5)), del = audit("b1", "delete", NULL,
				    "g", "bob", 200, 1, T0);
	struct podset		ps;
	char			*cause = NULL;
	struct got		g;

	open_store();
	p.grace_s = 60;
	put(REC_POD, &p);
	exited(&c, T0 + S(1), 137, "Error");
	put(REC_CONTAINER, &c);
	put(REC_AUDIT, &no);
	put(REC_AUDIT, &del);
	rebuild();
	fetch("ub", &g);
	CHECK(g.p.deletion_us == T0);
	CHECK_STR(g.via, "delete");
	CHECK(g.p.grace_s == 1 && g.p.spec_grace_s == 60);
	CHECK(g.p.killed == 1);
	if (podset_load(st, &ps, "ub", &cause) != 0)
		fatal("%s", cause);
	CHECK(ps.n == 1 && podset_grace_overridden(&ps.v[0]));
	podset_free(&ps);
	close_store();
}

/* An eviction through the API is a deletion by eviction. */
static void
test_lifecycle_audit_eviction(void)
{
	struct rec_pod		p = pod("uc", "h");
	struct rec_audit	ev = audit("c1", "create", "eviction", "h",
				    "system:serviceaccount:kube-system:"
				    "cluster-autoscaler", 201, INT_NONE, T0);
	struct got		g;

	open_store();
	p.owner_kind = "ReplicaSet";
	p.owner_name = "web-5d8f";
	put(REC_POD, &p);
	put(REC_AUDIT, &ev);
	rebuild();
	fetch("uc", &g);
	CHECK(g.p.deletion_us == T0);
	CHECK_STR(g.via, "eviction");
	CHECK_STR(g.why, "eviction");
	close_store();
}

/*
 * The death view's endpoint lane of pod ud (timeline_late): ready, then
 * terminating from the version that said so until it left the slice; its
 * source is of no kind the views know, so no lane is hatched.
 */
static void
late_lanes(void)
{
	struct podset	 ps;
	struct tl_late	 tl;
	char		*cause = NULL;
	int		 ev;

	if (podset_load(st, &ps, "ud", &cause) != 0 || ps.n != 1 ||
	    timeline_late(st, &ps.v[0], T0 - S(100), T0 + S(100), &tl,
	    &cause) != 0)
		fatal("%s", cause != NULL ? cause : "no pod");
	CHECK(tl.endpoint.n == 2);
	if (tl.endpoint.n == 2) {
		CHECK(tl.endpoint.v[0].state == TL_EP_READY);
		CHECK(tl.endpoint.v[0].from_us == T0 - S(60));
		CHECK(tl.endpoint.v[1].state == TL_EP_TERMINATING);
		CHECK(tl.endpoint.v[1].from_us == T0 + S(0.8));
		CHECK(tl.endpoint.v[1].to_us == T0 + S(31));
	}
	CHECK(tl.node.n == 0);
	for (ev = 0; ev < TL_EV__COUNT; ev++)
		CHECK(tl.sources[ev] == 0 && tl.gaps[ev].n == 0);
	timeline_late_free(&tl);
	podset_free(&ps);
}

/* An endpoint's versions: ready, then terminating, then gone. */
static void
test_lifecycle_endpoint_times(void)
{
	struct rec_pod		p = pod("ud", "i");
	struct rec_slice	s = {
		.uid = "s1", .namespace = "shop", .name = "web-abc",
		.service = "web", .watch_type = "ADDED",
		.resource_version = "10", .endpoints = 1,
		.created_us = T0 - S(600), .observed_us = T0 - S(60),
		.observed_basis = "stamped", .line = 1,
	};
	struct rec_endpoint	e = {
		.slice_uid = "s1", .resource_version = "10",
		.watch_type = "ADDED", .address = "10.0.0.9",
		.pod_uid = NULL, .pod_namespace = "shop", .pod_name = "i",
		.ready = 1, .serving = 1, .terminating = 0,
		.observed_us = T0 - S(60),
	};
	struct got		g;

	open_store();
	put(REC_POD, &p);
	put(REC_SLICE, &s);
	put(REC_ENDPOINT, &e);
	s.watch_type = e.watch_type = "MODIFIED";
	s.resource_version = e.resource_version = "11";
	s.observed_us = e.observed_us = T0 + S(0.8);
	e.ready = 0;
	e.terminating = 1;
	put(REC_SLICE, &s);
	put(REC_ENDPOINT, &e);
	s.resource_version = "12";
	s.endpoints = 0;
	s.observed_us = T0 + S(31);
	put(REC_SLICE, &s);
	rebuild();
	fetch("ud", &g);
	CHECK(g.p.endpoint_terminating_us == T0 + S(0.8));
	CHECK(g.p.endpoint_not_serving_us == TIME_NONE);
	CHECK(g.p.endpoint_gone_us == T0 + S(31));
	late_lanes();
	close_store();
}


struct states {
	int	n;
	char	what[8][96];
	int64_t	from[8], to[8];
};

static int
got_state(void *ctx, const void *row)
{
	struct states			*s = ctx;
	const struct row_node_state	*r = row;

	if (s->n < 8) {
		snprintf(s->what[s->n], sizeof s->what[0], "%s %s", r->state,
		    r->detail != NULL ? r->detail : "");
		s->from[s->n] = r->from_us;
		s->to[s->n++] = r->to_us;
	}
	return (0);
}

/* A node NotReady from its transition to Ready again, then a reboot. */
static void
test_lifecycle_node_states(void)
{
	struct rec_node		n = {
		.uid = "n", .name = "n1", .watch_type = "MODIFIED",
		.resource_version = "1", .boot_id = "boot-a",
		.created_us = T0 - S(9999.0), .deletion_ts_us = TIME_NONE,
		.observed_us = T0 + S(50), .observed_basis = "stamped",
	};
	struct rec_node_cond	c = {
		.node = "n1", .resource_version = "1", .type = "Ready",
		.status = "Unknown", .reason = "NodeStatusUnknown",
		.since_us = T0 + S(40), .heartbeat_us = T0,
		.observed_us = T0 + S(50),
	};
	struct rec_taint	t = {
		.node = "n1", .resource_version = "1",
		.key = "node.kubernetes.io/unreachable",
		.effect = "NoExecute", .added_us = T0 + S(41),
		.observed_us = T0 + S(50),
	};
	struct states		 s;
	char			*cause = NULL;

	open_store();
	put(REC_NODE, &n);
	put(REC_NODE_COND, &c);
	put(REC_TAINT, &t);
	n.resource_version = c.resource_version = "2";
	n.boot_id = "boot-b";
	n.observed_us = c.observed_us = T0 + S(200);
	c.status = "True";
	c.reason = "KubeletReady";
	c.since_us = T0 + S(180);
	put(REC_NODE, &n);
	put(REC_NODE_COND, &c);
	rebuild();
	memset(&s, 0, sizeof s);
	if (store_model_scan(st, ROW_NODE_STATE, got_state, &s, &cause) != 0)
		fatal("%s", cause);
	CHECK(s.n == 3);
	CHECK_STR(s.what[0], "unknown NodeStatusUnknown");
	CHECK(s.from[0] == T0 + S(40) && s.to[0] == T0 + S(180));
	CHECK(strncmp(s.what[1], "taint node.kubernetes.io/unreachable", 36)
	    == 0);
	CHECK(s.from[1] == T0 + S(41) && s.to[1] == T0 + S(200));
	CHECK_STR(s.what[2], "reboot bootID boot-a -> boot-b");
	close_store();
}

/*
 * A pod set keeps a text that repeats from pod to pod once (pods of one
 * workload, a namespace met again after another), and a pod's own
 * (uid, name, IP) apart; what each pod reads is unchanged.
 */
static void
test_podset_texts_once(void)
{
	struct podset		 ps;
	struct row_pod		 r;
	struct row_container	 c;
	char			 ns[3][16], uid[3][16], image[3][32];
	const char		*nss[3] = { "shop", "returns", "shop" };
	int			 i;

	memset(&ps, 0, sizeof ps);
	for (i = 0; i < 3; i++) {
		/* each pod's strings in buffers of its own */
		snprintf(ns[i], sizeof ns[i], "%s", nss[i]);
		snprintf(uid[i], sizeof uid[i], "uid-%d", i);
		snprintf(image[i], sizeof image[i], "registry/app:1.%d", i % 2);
		memset(&r, 0, sizeof r);
		r.uid = uid[i];
		r.name = "api-0";
		r.namespace = ns[i];
		r.workload = "api";
		memset(&c, 0, sizeof c);
		c.name = "app";
		c.image = image[i];
		podset_add(&ps, &r, &c, 1, NULL, 0);
	}
	CHECK(ps.n == 3);
	CHECK(strcmp(ps.v[0].r.namespace, "shop") == 0 &&
	    strcmp(ps.v[1].r.namespace, "returns") == 0);
	CHECK(ps.v[0].r.namespace == ps.v[2].r.namespace);
	CHECK(ps.v[0].r.workload == ps.v[1].r.workload);
	CHECK(ps.v[0].c[0].image == ps.v[2].c[0].image);
	CHECK(ps.v[0].c[0].image != ps.v[1].c[0].image &&
	    strcmp(ps.v[1].c[0].image, "registry/app:1.1") == 0);
	/* a pod's own, even when equal */
	CHECK(ps.v[0].r.name != ps.v[1].r.name &&
	    strcmp(ps.v[0].r.name, ps.v[1].r.name) == 0);
	CHECK(strcmp(ps.v[2].r.uid, "uid-2") == 0);
	podset_free(&ps);
}

const struct unit_test lifecycle_tests[] = {
	{ "lifecycle_absurd_durations", test_lifecycle_absurd_durations },
	{ "lifecycle_prestop_eats_grace", test_lifecycle_prestop_eats_grace },
	{ "lifecycle_sigterm_after_prestop",
	    test_lifecycle_sigterm_after_prestop },
	{ "lifecycle_grace_floor", test_lifecycle_grace_floor },
	{ "lifecycle_oom_is_not_grace", test_lifecycle_oom_is_not_grace },
	{ "lifecycle_native_sidecar", test_lifecycle_native_sidecar },
	{ "lifecycle_killing_event", test_lifecycle_killing_event },
	{ "lifecycle_job_workload", test_lifecycle_job_workload },
	{ "lifecycle_audit_deletion", test_lifecycle_audit_deletion },
	{ "lifecycle_audit_grace_override",
	    test_lifecycle_audit_grace_override },
	{ "lifecycle_audit_eviction", test_lifecycle_audit_eviction },
	{ "lifecycle_endpoint_times", test_lifecycle_endpoint_times },
	{ "lifecycle_node_states", test_lifecycle_node_states },
	{ "podset_texts_once", test_podset_texts_once },
	{ NULL, NULL }
};
