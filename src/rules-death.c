/*
 * rules-death.c: the findings about how containers and pods ended other
 * than by their deletion (coroner(1), THE MODEL and FINDINGS): oom-killed,
 * node-restart, crash-loop, liveness-restart, evicted and start-failed
 * (analyze.h).  They read
 * the model's pods, containers and terminations (a->pods: who ended each
 * termination is the model's, lifecycle.c) and the last lines of a previous
 * instance's log (through store.h).  Pods are grouped per workload and cause:
 * one finding lists every pod of it.  No SQL, no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze.h"
#include "jsonval.h"
#include "lifecycle.h"
#include "out.h"
#include "timefmt.h"

/*
 * Containers OOMKilled: memory, never the grace period.  Every OOM kill
 * counts, the one in lastState of a container restarted since (model.h's
 * terminations) as well as the current one.
 */
int
rule_oom(struct analysis *a, char **cause)
{
	struct podset_pod		*p;
	const struct row_container	*c;
	const struct row_termination	*t;
	struct finding			*f;
	json_t				*d, *detail;
	size_t				 i, j, k, first = a->n;

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		for (k = 0; k < p->nt; k++) {
			t = &p->t[k];
			if (t->cause != EC_OOM)
				continue;
			for (c = NULL, j = 0; j < p->nc; j++) {
				if (str_eq(p->c[j].name, t->container))
					c = &p->c[j];
			}
			if (c == NULL)
				continue;
			f = analysis_group(a, FK_OOM_KILLED, p,
			    t->finished_us);
			finding_add_pod(f, p);
			finding_widen(f, t->finished_us, t->finished_us);
			if ((detail = json_object_get(f->evidence,
			    "pods_detail")) == NULL) {
				detail = json_array();
				json_object_set_new(f->evidence, "pods_detail",
				    detail);
			}
			d = json_object();
			json_object_set_new(d, "pod", json_string(p->r.name));
			json_object_set_new(d, "container",
			    json_string(c->name));
			json_object_set_new(d, "finished",
			    jv_time(t->finished_us));
			json_object_set_new(d, "exit_code",
			    jv_int(t->exit_code));
			json_object_set_new(d, "restarts", c->restarts ==
			    INT_NONE ? json_null() : json_integer(c->restarts));
			json_object_set_new(d, "restarted",
			    jv_time(t->restarted_us));
			json_array_append_new(detail, d);
			json_object_set_new(f->evidence, "count", json_integer(
			    (json_int_t)json_array_size(detail)));
		}
	}
	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		if (f->kind != FK_OOM_KILLED)
			continue;
		f->summary = xasprintf("%lld container%s of %s ran out of "
		    "memory (OOMKilled, exit 137)", (long long)
		    json_integer_value(json_object_get(f->evidence, "count")),
		    json_integer_value(json_object_get(f->evidence,
		    "count")) == 1 ? "" : "s", f->workload);
		f->recommendation = xstrdup("Raise the memory limit or find "
		    "what grew (the container's last log lines); this exit "
		    "137 is the kernel's OOM killer, not the grace period.");
	}
	return (0);
}

/* ------------------------------------------------------------------ */
/* Shared                                                              */

#define SEC_US		1000000LL
/* Containers of one node that end this close together ended together. */
#define TOGETHER_US	(60 * SEC_US)
/* A node restart needs at least this many containers ending together. */
#define NODE_MIN	2
/* Restarts of its own (beyond what its node explains) that make a loop. */
#define LOOP_MIN	3
/* Lines of the previous instance's log kept as evidence. */
/* Evidence strings (messages, log lines) are cut to this many bytes. */
#define TEXT_MAX	300

/* A string as evidence: made safe and cut, or null. */
static json_t *
jtext(const char *s)
{
	json_t	*v;
	char	*safe;

	if (s == NULL)
		return (json_null());
	safe = out_safe(s, strlen(s), TEXT_MAX);
	v = json_string(safe);
	free(safe);
	return (v);
}

/* The latest termination of container c of pod p, or NULL. */
static const struct row_termination *
last_term(const struct podset_pod *p, const struct row_container *c)
{
	const struct row_termination	*t = NULL;
	size_t				 i;

	for (i = 0; i < p->nt; i++) {
		if (!str_eq(p->t[i].container, c->name))
			continue;
		if (t == NULL || (p->t[i].finished_us != TIME_NONE &&
		    (t->finished_us == TIME_NONE ||
		    p->t[i].finished_us >= t->finished_us)))
			t = &p->t[i];
	}
	return (t);
}

/* How many terminations of c were caused by cause. */
static int64_t
count_terms(const struct podset_pod *p, const struct row_container *c,
    enum end_cause cause)
{
	int64_t	n = 0;
	size_t	i;

	for (i = 0; i < p->nt; i++) {
		if (str_eq(p->t[i].container, c->name) &&
		    p->t[i].cause == cause)
			n++;
	}
	return (n);
}

/* Appends to a finding's pods_detail (made when missing); returns it. */
static json_t *
detail_add(struct finding *f)
{
	json_t	*detail = json_object_get(f->evidence, "pods_detail"), *d;

	if (detail == NULL) {
		detail = json_array();
		json_object_set_new(f->evidence, "pods_detail", detail);
	}
	d = json_object();
	json_array_append_new(detail, d);
	return (d);
}

/* Adds n to the integer evidence field key. */
static void
ev_add(json_t *e, const char *key, int64_t n)
{
	json_object_set_new(e, key, json_integer((json_int_t)n +
	    json_integer_value(json_object_get(e, key))));
}

/* Adds code to the evidence array key once. */
static void
ev_add_code(json_t *e, const char *key, int64_t code)
{
	json_t	*a = json_object_get(e, key);
	size_t	 i;

	if (code == INT_NONE)
		return;
	if (a == NULL) {
		a = json_array();
		json_object_set_new(e, key, a);
	}
	for (i = 0; i < json_array_size(a); i++) {
		if (json_integer_value(json_array_get(a, i)) == code)
			return;
	}
	json_array_append_new(a, json_integer(code));
}

/* "pod NAME" or "N pods" of a finding, for summaries. */
static void
pods_phrase(const struct finding *f, char *out, size_t len)
{
	size_t	n = json_array_size(f->pods);

	if (n == 1)
		snprintf(out, len, "pod %s", json_string_value(
		    json_array_get(f->pods, 0)));
	else
		snprintf(out, len, "%zu pods", n);
}

/* ------------------------------------------------------------------ */
/* node-restart                                                        */

/*
 * The containers of every node lost with reason Unknown
 * (store_node_lost), their strings in the arena.
 */
struct lost_list {
	struct store_node_lost	*v;	/* owned */
	size_t			 n;
	struct arena		 strings; /* owned: v's strings */
};

static int
keep_lost(void *ctx, const struct store_node_lost *l)
{
	struct lost_list	*ll = ctx;
	struct store_node_lost	*x;

	if (ll->n % 64 == 0)
		ll->v = xreallocarray(ll->v, ll->n + 64, sizeof *ll->v);
	x = &ll->v[ll->n++];
	*x = *l;
	x->pod_uid = arena_strdup(&ll->strings, l->pod_uid);
	x->pod = l->pod != NULL ? arena_strdup(&ll->strings, l->pod) : NULL;
	x->namespace = l->namespace != NULL ?
	    arena_strdup(&ll->strings, l->namespace) : NULL;
	x->workload = l->workload != NULL ?
	    arena_strdup(&ll->strings, l->workload) : NULL;
	x->node = arena_strdup(&ll->strings, l->node);
	x->container = arena_strdup(&ll->strings, l->container);
	x->reason = arena_strdup(&ll->strings, l->reason);
	return (0);
}

static int
cmp_lost(const void *a, const void *b)
{
	const struct store_node_lost	*x = a, *y = b;
	int				 r;

	if ((r = strcmp(x->node, y->node)) != 0)
		return (r);
	if (x->finished_us != y->finished_us)
		return (x->finished_us < y->finished_us ? -1 : 1);
	return (strcmp(x->pod != NULL ? x->pod : "",
	    y->pod != NULL ? y->pod : ""));
}

/* One node restart: lost[from..to) ended together on one node. */
static void
node_finding(struct analysis *a, const struct store_node_lost *v,
    size_t from, size_t to)
{
	struct finding	*f;
	json_t		*e, *d;
	const char	*ns = v[from].namespace, *node = v[from].node;
	int64_t		 back = TIME_NONE, most = INT_NONE;
	size_t		 i;
	char		 t0[TIME_FMT_LEN], t1[TIME_FMT_LEN], who[64];
	char		 again[64], counts[96];

	for (i = from; i < to; i++) {
		if (!str_eq(ns, v[i].namespace))
			ns = NULL;
	}
	f = analysis_add(a, FK_NODE_RESTART, ns, NULL);
	f->pods = json_array();
	f->evidence = e = json_object();
	json_object_set_new(e, "node", json_string(node));
	json_object_set_new(e, "node_events", json_array());
	for (i = from; i < to; i++) {
		finding_add_uid(f, v[i].pod_uid, v[i].pod);
		finding_widen(f, v[i].finished_us, v[i].finished_us);
		if (v[i].restarted_us != TIME_NONE && (back == TIME_NONE ||
		    v[i].restarted_us > back))
			back = v[i].restarted_us;
		if (v[i].restarts != INT_NONE && (most == INT_NONE ||
		    v[i].restarts > most))
			most = v[i].restarts;
		d = detail_add(f);
		json_object_set_new(d, "pod", json_string(v[i].pod));
		json_object_set_new(d, "namespace", jv_str(v[i].namespace));
		json_object_set_new(d, "workload", jv_str(v[i].workload));
		json_object_set_new(d, "container",
		    json_string(v[i].container));
		json_object_set_new(d, "finished", jv_time(v[i].finished_us));
		json_object_set_new(d, "exit_code", jv_int(v[i].exit_code));
		json_object_set_new(d, "reason", jv_str(v[i].reason));
		json_object_set_new(d, "restarted",
		    jv_time(v[i].restarted_us));
		json_object_set_new(d, "restarts", jv_int(v[i].restarts));
	}
	finding_widen(f, back, back);
	json_object_set_new(e, "containers", json_integer((json_int_t)(to -
	    from)));
	json_object_set_new(e, "first_finished",
	    jv_time(v[from].finished_us));
	json_object_set_new(e, "last_finished",
	    jv_time(v[to - 1].finished_us));
	json_object_set_new(e, "restarted_by", jv_time(back));
	json_object_set_new(e, "restarts_max", jv_int(most));
	json_object_set_new(e, "restarts_basis", json_string("restartCount "
	    "of the containers lost: each counts every restart of its own, "
	    "the node's among them"));
	pods_phrase(f, who, sizeof who);
	if (back != TIME_NONE)
		snprintf(again, sizeof again, "; all were running again by %s",
		    time_clock(back, t1, "?"));
	else
		again[0] = '\0';
	if (most != INT_NONE && most > 1)
		snprintf(counts, sizeof counts, " (their restart counts, up to "
		    "%lld, hold the node's restarts too)", (long long)most);
	else
		counts[0] = '\0';
	f->summary = xasprintf("%zu containers of %s on node %s ended "
	    "together at %s with reason Unknown (exit 255): the node or its "
	    "container runtime restarted%s%s", to - from, who, node,
	    time_clock(v[from].finished_us, t0, "?"), again, counts);
	f->recommendation = xasprintf("These restarts are not the apps' "
	    "fault: find why node %s or its container runtime restarted "
	    "around %s (its kubelet and runtime logs, its events and boot "
	    "time: a node stopped and started, a kernel panic, the runtime "
	    "killed or upgraded).  Run more than one replica of what matters, "
	    "spread over nodes (topologySpreadConstraints), with a "
	    "PodDisruptionBudget; and read the restart counts of containers "
	    "on this node knowing that %s of them may be the node's.", node,
	    time_clock(v[from].finished_us, t0, "?"), most != INT_NONE ?
	    "up to restarts_max" : "some");
}

/* The node's own events near a node restart, as its evidence. */
#define NODE_EVENTS_US	(600 * SEC_US)	/* this far from the restart */
#define NODE_EVENTS_MAX	10		/* kept per finding */

struct node_events {
	struct analysis	*a;
	size_t		 first;		/* the rule's first finding */
	struct hindex	 by_node;	/* the latest of a node's findings */
	size_t		*earlier;	/* [i - first]: the one before it of
					   the same node, HINDEX_NONE: none */
};

/* A node's name looked up among the rule's findings. */
struct node_find {
	const struct node_events	*ne;
	const char			*node;
};

static const char *
finding_node(const struct finding *f)
{
	return (json_string_value(json_object_get(f->evidence, "node")));
}

static int
node_find_eq(const void *ctx, size_t item)
{
	const struct node_find	*k = ctx;

	return (str_eq(finding_node(&k->ne->a->v[item]), k->node));
}

/* Chains the rule's findings by node, for node_event's lookups. */
static void
node_events_index(struct node_events *ne)
{
	struct node_find	k = { .ne = ne };
	size_t			i;

	ne->earlier = xreallocarray(NULL, ne->a->n - ne->first,
	    sizeof *ne->earlier);
	for (i = ne->first; i < ne->a->n; i++) {
		k.node = finding_node(&ne->a->v[i]);
		ne->earlier[i - ne->first] = hindex_put(&ne->by_node,
		    hindex_str(HINDEX_SEED, k.node), i, node_find_eq, &k);
	}
}

static int
node_event(void *ctx, const void *rec)
{
	struct node_events	*ne = ctx;
	const struct rec_event	*e = rec;
	struct node_find	 k = { .ne = ne, .node = e->obj_name };
	struct finding		*f;
	json_t			*list, *o;
	size_t			 i;

	if (!str_eq(e->obj_kind, "Node") || e->obj_name == NULL ||
	    e->time_us == TIME_NONE)
		return (0);
	/* the node's findings, latest first; each keeps its own list */
	for (i = hindex_get(&ne->by_node, hindex_str(HINDEX_SEED, k.node),
	    node_find_eq, &k); i != HINDEX_NONE;
	    i = ne->earlier[i - ne->first]) {
		f = &ne->a->v[i];
		if (f->kind != FK_NODE_RESTART ||
		    e->time_us < f->start_us - NODE_EVENTS_US ||
		    e->time_us > f->end_us + NODE_EVENTS_US)
			continue;
		list = json_object_get(f->evidence, "node_events");
		if (json_array_size(list) >= NODE_EVENTS_MAX)
			continue;
		o = json_object();
		json_object_set_new(o, "time", jv_time(e->time_us));
		json_object_set_new(o, "reason", jv_str(e->reason));
		json_object_set_new(o, "message", jtext(e->message));
		json_array_append_new(list, o);
	}
	return (0);
}

/* Says so in the summary when the node's events say it rebooted. */
static void
node_rebooted(struct finding *f)
{
	json_t		*list = json_object_get(f->evidence, "node_events");
	const char	*t;
	char		*s;
	size_t		 i;

	for (i = 0; i < json_array_size(list); i++) {
		if (!str_eq(json_string_value(json_object_get(json_array_get(
		    list, i), "reason")), "Rebooted"))
			continue;
		t = json_string_value(json_object_get(json_array_get(list, i),
		    "time"));
		s = xasprintf("%s; the node's events say it rebooted (%.8s)",
		    f->summary, t != NULL ? t + 11 : "?");
		free(f->summary);
		f->summary = s;
		return;
	}
}

/*
 * Containers of one node that ended together with reason Unknown (exit
 * 255): the node or its runtime restarted.  One finding per node and
 * restart, with every pod that lost a container in it, and the node's own
 * events around it (Rebooted, NodeNotReady, Starting...).
 */
int
rule_node_restart(struct analysis *a, char **cause)
{
	struct node_events		 ne = { .a = a, .first = a->n };
	struct lost_list		 ll = { 0 };
	struct store_node_lost		*v;
	size_t				 i, n, from;
	int				 rc;

	/* in the pods' order, as a walk of them meets the ends */
	if (store_node_lost(a->st, keep_lost, &ll, cause) != 0) {
		free(ll.v);
		arena_free(&ll.strings);
		return (-1);
	}
	v = ll.v;
	n = ll.n;
	xqsort(v, n, sizeof *v, cmp_lost);
	for (from = 0, i = 1; i <= n; i++) {
		if (i < n && str_eq(v[i].node, v[from].node) &&
		    v[i].finished_us - v[i - 1].finished_us <= TOGETHER_US)
			continue;
		/* each at rest at once: all of them is every pod's row */
		if (i - from >= NODE_MIN) {
			node_finding(a, v, from, i);
			finding_rest(a, a->n - 1);
		}
		from = i;
	}
	free(v);
	arena_free(&ll.strings);
	if (a->n == ne.first)
		return (0);
	node_events_index(&ne);
	rc = store_scan(a->st, REC_EVENT, node_event, &ne, cause);
	hindex_free(&ne.by_node);
	free(ne.earlier);
	if (rc != 0)
		return (-1);
	for (i = ne.first; i < a->n; i++)
		node_rebooted(&a->v[i]);
	return (0);
}

/* ------------------------------------------------------------------ */
/* crash-loop                                                          */

/*
 * The most restarts a restart of each node explains: the largest restart
 * count of the containers a node-restart finding (run before crash-loop)
 * lost on that node.
 */
struct node_max {
	const char	*node;		/* borrowed from the finding */
	int64_t		 most;		/* INT_NONE: no count known */
};

struct node_maxes {
	struct node_max	*v;		/* owned */
	size_t		 n;
	struct hindex	 ix;		/* owned: v by node */
};

struct node_key {
	const struct node_maxes	*nm;
	const char		*node;
};

static int
node_max_eq(const void *ctx, size_t item)
{
	const struct node_key	*k = ctx;

	return (str_eq(k->nm->v[item].node, k->node));
}

static void
node_maxes_load(const struct analysis *a, struct node_maxes *nm)
{
	const struct finding	*f;
	struct node_key		 k = { .nm = nm };
	json_t			*n;
	size_t			 i, j;

	memset(nm, 0, sizeof *nm);
	for (i = 0; i < a->n; i++) {
		f = &a->v[i];
		if (f->kind != FK_NODE_RESTART)
			continue;
		k.node = json_string_value(json_object_get(f->evidence,
		    "node"));
		j = hindex_get(&nm->ix, hindex_str(HINDEX_SEED, k.node),
		    node_max_eq, &k);
		if (j == HINDEX_NONE) {
			nm->v = xreallocarray(nm->v, nm->n + 1,
			    sizeof *nm->v);
			j = nm->n++;
			nm->v[j].node = k.node;
			nm->v[j].most = INT_NONE;
			hindex_put(&nm->ix, hindex_str(HINDEX_SEED, k.node), j,
			    node_max_eq, &k);
		}
		n = json_object_get(f->evidence, "restarts_max");
		if (json_is_integer(n) && (nm->v[j].most == INT_NONE ||
		    json_integer_value(n) > nm->v[j].most))
			nm->v[j].most = json_integer_value(n);
	}
}

/* The most restarts a restart of pod p's node explains, or INT_NONE. */
static int64_t
node_restarts(const struct node_maxes *nm, const struct podset_pod *p)
{
	struct node_key	k = { .nm = nm, .node = p->r.node };
	size_t		i;

	i = hindex_get(&nm->ix, hindex_str(HINDEX_SEED, p->r.node),
	    node_max_eq, &k);
	return (i != HINDEX_NONE ? nm->v[i].most : INT_NONE);
}

/* Keeps a log line, its tabs as spaces and trailing blanks dropped. */
static int
tail_line(void *ctx, int64_t time_us, const char *text)
{
	json_t	*lines = ctx;
	char	*s, *e;

	if (text == NULL)
		return (0);
	s = xstrdup(text);
	for (e = s; *e != '\0'; e++) {
		if (*e == '\t')
			*e = ' ';
	}
	while (e > s && (e[-1] == ' ' || e[-1] == '\r'))
		*--e = '\0';
	json_array_append_new(lines, jtext(s));
	free(s);
	return (0);
}

/* The line of the previous log that says most (lifecycle_telling_line). */
static const char *
telling_line(json_t *lines)
{
	const char	*v[LIFECYCLE_PREV_LINES];
	size_t		 i, n = json_array_size(lines);

	if (n > LIFECYCLE_PREV_LINES)
		n = LIFECYCLE_PREV_LINES;
	for (i = 0; i < n; i++)
		v[i] = json_string_value(json_array_get(lines, i));
	return (n > 0 ? v[lifecycle_telling_line(v, n)] : NULL);
}

/* What an exit code usually means, for a recommendation. */
static void
exit_hint(int64_t code, char *out, size_t len)
{
	if (code == INT_NONE)
		snprintf(out, len, "Its exit code is not known.");
	else if (code == 0)
		snprintf(out, len, "Exit 0: it ends on its own although its "
		    "pod restarts it (a program that runs to completion "
		    "belongs in a Job).");
	else if (code == 1)
		snprintf(out, len, "Exit 1: the program's own error exit.");
	else if (code == 2)
		snprintf(out, len, "Exit 2: a Go panic, or a usage error (bad "
		    "flags or arguments).");
	else if (model_exit_signal(code) > 0)
		snprintf(out, len, "Exit %lld: signal %d ended it.",
		    (long long)code, model_exit_signal(code));
	else if (code == 255)
		snprintf(out, len, "Exit 255: the program's own fatal exit "
		    "(exit(-1), as Kubernetes' klog.Fatal does).");
	else
		snprintf(out, len, "Exit %lld: the program's own exit code.",
		    (long long)code);
}

/* One workload's crash-looping containers while the rule runs. */
struct loop {
	size_t				 fi;	/* its finding, a->v[fi] */
	const struct podset_pod		*p;	/* the latest death's pod, */
	const struct row_container	*c;	/* container */
	const struct row_termination	*t;	/* and termination */
	int64_t				 node_max; /* restarts its node's
						   restarts explain, or
						   INT_NONE */
	int64_t				 by_node; /* its node's, at most */
	int64_t				 mine;	/* restarts of its own, at
						   least */
	int				 exact;	/* every restart attributed by
						   its own termination */
};

/*
 * A container's restarts told apart: those whose terminations were
 * observed are attributed by their own cause (exit 2 Error: its own;
 * Unknown 255 at its node's restart: the node's); the rest, unobserved,
 * are the node's as far as its node's restarts (node_max, INT_NONE:
 * none) can explain them, and its own beyond that.
 */
struct attribution {
	int64_t	by_node;	/* restarts its node explains, at most */
	int64_t	mine;		/* restarts of its own, at least */
	int	exact;		/* every restart was observed */
};

static struct attribution
attribute_restarts(int64_t restarts, int64_t own, int64_t node_seen,
    int64_t node_max)
{
	struct attribution	r = { .by_node = node_seen, .mine = own };
	int64_t			unseen, room;

	unseen = restarts - own - node_seen;
	r.exact = unseen <= 0;
	if (unseen <= 0)
		return (r);
	room = node_max != INT_NONE && node_max > node_seen ? node_max -
	    node_seen : 0;
	if (room > unseen)
		room = unseen;
	r.by_node += room;
	r.mine += unseen - room;
	return (r);
}

/*
 * The first line of a runtime's termination message that is not blank,
 * cut to fit out (with "..."): 1, or 0 when there is none.
 */
static int
first_line(const char *text, char *out, size_t len)
{
	const char	*p = text, *nl;
	size_t		 n;

	while (p != NULL && *p != '\0') {
		nl = strchr(p, '\n');
		n = nl != NULL ? (size_t)(nl - p) : strlen(p);
		while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\r' ||
		    p[n - 1] == '\t'))
			n--;
		if (n > 0) {
			if (n >= len)
				snprintf(out, len, "%.*s...", (int)(len - 4),
				    p);
			else
				snprintf(out, len, "%.*s", (int)n, p);
			return (1);
		}
		p = nl != NULL ? nl + 1 : NULL;
	}
	return (0);
}

/* The crash-loop finding's top evidence, summary and recommendation. */
static int
loop_finish(struct analysis *a, struct loop *l, char **cause)
{
	struct finding			*f = &a->v[l->fi];
	const struct row_termination	*t = l->t;
	const struct row_container	*c = l->c;
	json_t				*e = f->evidence, *lines;
	int64_t				 restarts;
	double				 ran = -1;
	const char			*last;
	char				 tm[TIME_FMT_LEN], r[32], who[320];
	char				 tail[512], fast[256], nodes[256];
	char				 wait[48], hint[160], seen[48];
	char				 msg[200], why[320];
	size_t				 npods = json_array_size(f->pods);

	restarts = json_integer_value(json_object_get(e, "restarts"));
	if (t->started_us != TIME_NONE && t->finished_us != TIME_NONE)
		ran = (double)(t->finished_us - t->started_us) / 1e6;
	json_object_set_new(e, "container", json_string(c->name));
	if (npods == 1)
		json_object_set_new(e, "restarts_basis",
		    jv_str(c->restarts_basis));
	else
		json_object_set_new(e, "restarts_basis", json_string("the sum "
		    "of the containers' restart counts (pods_detail)"));
	json_object_set_new(e, "last_exit_code", jv_int(t->exit_code));
	json_object_set_new(e, "last_reason", jv_str(t->reason));
	json_object_set_new(e, "last_message", jv_str(t->message));
	json_object_set_new(e, "last_started", jv_time(t->started_us));
	json_object_set_new(e, "last_finished", jv_time(t->finished_us));
	json_object_set_new(e, "last_ran_s", ran >= 0 ? json_real(ran) :
	    json_null());
	json_object_set_new(e, "node", jv_str(l->p->r.node));
	json_object_set_new(e, "node_restarts_max", jv_int(l->node_max));
	json_object_set_new(e, "own_restarts_at_least", json_integer(l->mine));
	json_object_set_new(e, "node_restarts_at_most",
	    json_integer(l->by_node));
	lines = json_array();
	if (store_log_tail(a->st, l->p->r.namespace != NULL ?
	    l->p->r.namespace : "", l->p->r.name != NULL ? l->p->r.name : "",
	    c->name, 1, LIFECYCLE_PREV_LINES, tail_line, lines, cause) != 0) {
		json_decref(lines);
		return (-1);
	}
	json_object_set_new(e, "previous_log", lines);
	last = telling_line(lines);

	if (npods == 1)
		snprintf(who, sizeof who, "%s's container %s (pod %s)",
		    f->workload != NULL ? f->workload : "-", c->name,
		    json_string_value(json_array_get(f->pods, 0)));
	else
		snprintf(who, sizeof who, "Containers of %zu pods of %s",
		    npods, f->workload != NULL ? f->workload : "-");
	if (ran >= 0)
		analyze_fmt_dur(ran, r, sizeof r);
	snprintf(tail, sizeof tail, "; the last exit %lld%s%s%s at %s%s%s",
	    (long long)t->exit_code, t->reason != NULL ? " (" : "",
	    t->reason != NULL ? t->reason : "", t->reason != NULL ? ")" : "",
	    time_clock(t->finished_us, tm, "?"), ran >= 0 ? " after running " :
	    "", ran >= 0 ? r : "");
	if (json_integer_value(json_object_get(e, "crash_loop_back_off")) > 0)
		snprintf(wait, sizeof wait, "; waiting in CrashLoopBackOff");
	else
		wait[0] = '\0';
	if (l->node_max != INT_NONE && l->exact && l->by_node == 0)
		snprintf(nodes, sizeof nodes, "; its node %s restarted too "
		    "(node-restart), but every one of these restarts was "
		    "observed as its own", l->p->r.node);
	else if (l->node_max != INT_NONE && l->exact)
		snprintf(nodes, sizeof nodes, "; its node %s restarted too "
		    "(node-restart), which explains %lld of these restarts "
		    "(reason Unknown): the other %lld are its own",
		    l->p->r.node, (long long)l->by_node, (long long)l->mine);
	else if (l->node_max != INT_NONE)
		snprintf(nodes, sizeof nodes, "; its node %s restarted too "
		    "(node-restart), which explains up to %lld of these "
		    "restarts: at least %lld are its own", l->p->r.node,
		    (long long)l->by_node, (long long)l->mine);
	else
		nodes[0] = '\0';
	if (npods == 1)
		snprintf(seen, sizeof seen, " (%lld termination%s observed)",
		    (long long)c->terminations, c->terminations == 1 ? "" :
		    "s");
	else
		seen[0] = '\0';
	f->summary = xasprintf("%s %s exiting on %s own and being "
	    "restarted: %lld restart%s counted by the kubelet%s%s%s%s", who,
	    npods == 1 ? "keeps" : "keep", npods == 1 ? "its" : "their",
	    (long long)restarts,
	    restarts == 1 ? "" : "s", seen, tail, wait, nodes);

	exit_hint(t->exit_code, hint, sizeof hint);
	if (ran >= 0 && ran < 1)
		snprintf(fast, sizeof fast, "  It dies as soon as it starts: "
		    "a start-up error (configuration, arguments, or a "
		    "dependency it cannot reach yet); retry the dependency "
		    "instead of exiting, or wait for it (an init container, "
		    "a startupProbe).");
	else if (ran >= 0 && ran < 10)
		snprintf(fast, sizeof fast, "  It dies within %s of starting: "
		    "a start-up error (configuration, arguments, or a "
		    "dependency it cannot reach yet); retry the dependency "
		    "instead of exiting, or wait for it (an init container, "
		    "a startupProbe).", r);
	else if (ran >= 0)
		snprintf(fast, sizeof fast, "  It ran %s before it exited: "
		    "look for what it was doing then.", r);
	else
		fast[0] = '\0';
	if (last != NULL)
		snprintf(why, sizeof why, "its previous instance's log says "
		    "\"%s\"", last);
	else if (first_line(t->message, msg, sizeof msg))
		snprintf(why, sizeof why, "its last termination message says "
		    "\"%s\" (import its previous log, kubectl logs "
		    "--previous, for more)", msg);
	else
		snprintf(why, sizeof why, "import its previous log (kubectl "
		    "logs --previous) to see why");
	/* when each restart was observed, the node's are known to be few */
	f->recommendation = xasprintf("Find why %s exits: %s.  %s%s%s",
	    c->name, why, hint, fast, l->node_max != INT_NONE && (!l->exact ||
	    2 * l->by_node >= l->by_node + l->mine) ? "  Many of "
	    "its restarts came with its node's: after each node restart it "
	    "exits until what it needs is back, so make it wait and retry "
	    "instead." : "");
	return (0);
}

/* A workload's loop looked for by its finding. */
struct loop_key {
	const struct loop	*v;	/* the rule's loops */
	size_t			 fi;	/* the finding, a->v[fi] */
};

static int
loop_eq(const void *ctx, size_t item)
{
	const struct loop_key	*k = ctx;

	return (k->v[item].fi == k->fi);
}

/*
 * A container that keeps exiting on its own (a non-zero exit, not a kill:
 * model.h's EC_APP) and is restarted: it waits in CrashLoopBackOff,
 * or the kubelet's BackOff events say so, or it has restarted LOOP_MIN
 * times or more beyond what a restart of its node explains.  Critical
 * while it waits in CrashLoopBackOff.  One finding per workload.
 */
int
rule_crash_loop(struct analysis *a, char **cause)
{
	struct loop			*v = NULL, *l;
	const struct podset_pod		*p;
	const struct row_container	*c;
	const struct row_termination	*t;
	struct finding			*f;
	struct node_maxes		 nm;
	struct hindex			 ix = { 0 };	/* v by finding */
	struct loop_key			 lk = { 0 };
	json_t				*d;
	struct attribution		 at;
	int64_t				 own, by_node, restarts, node_max;
	uint64_t			 h;
	size_t				 i, j, k, n = 0, cap = 0;
	int				 backoff, rc = 0;

	node_maxes_load(a, &nm);

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			t = last_term(p, c);
			own = by_node = 0;
			for (k = 0; k < p->nt; k++) {
				if (!str_eq(p->t[k].container, c->name))
					continue;
				if (p->t[k].cause == EC_APP &&
				    p->t[k].exit_code != 0 &&
				    p->t[k].exit_code != INT_NONE)
					own++;
				else if (p->t[k].cause == EC_NODE_RESTART)
					by_node++;
			}
			backoff = str_eq(c->waiting_reason,
			    "CrashLoopBackOff");
			if (t == NULL || (own == 0 && !(backoff &&
			    t->cause == EC_APP)))
				continue;
			restarts = c->restarts != INT_NONE ? c->restarts :
			    own;
			node_max = p->r.node != NULL ? node_restarts(&nm, p) :
			    INT_NONE;
			at = attribute_restarts(restarts, own, by_node,
			    node_max);
			if (!backoff && c->back_offs == 0 &&
			    at.mine < LOOP_MIN)
				continue;
			f = analysis_group(a, FK_CRASH_LOOP, p,
			    t->finished_us);
			lk.fi = (size_t)(f - a->v);
			lk.v = v;
			h = hindex_int(HINDEX_SEED, (int64_t)lk.fi);
			if ((k = hindex_get(&ix, h, loop_eq, &lk)) ==
			    HINDEX_NONE) {
				if (n == cap) {
					cap = cap == 0 ? 16 : cap * 2;
					v = xreallocarray(v, cap, sizeof *v);
				}
				memset(&v[n], 0, sizeof v[n]);
				v[n].fi = lk.fi;
				lk.v = v;
				k = n++;
				hindex_put(&ix, h, k, loop_eq, &lk);
			}
			l = &v[k];
			if (backoff)
				f->severity = SEV_CRITICAL;
			finding_add_pod(f, p);
			finding_widen(f, t->finished_us, t->restarted_us !=
			    TIME_NONE ? t->restarted_us : t->finished_us);
			ev_add(f->evidence, "restarts", restarts);
			ev_add(f->evidence, "back_off_events", c->back_offs);
			ev_add(f->evidence, "crash_loop_back_off", backoff);
			if (l->t == NULL || (t->finished_us != TIME_NONE &&
			    (l->t->finished_us == TIME_NONE ||
			    t->finished_us > l->t->finished_us))) {
				l->p = p;
				l->c = c;
				l->t = t;
				l->node_max = node_max;
				l->by_node = at.by_node;
				l->mine = at.mine;
				l->exact = at.exact;
			}
			d = detail_add(f);
			json_object_set_new(d, "pod", json_string(p->r.name));
			json_object_set_new(d, "container",
			    json_string(c->name));
			json_object_set_new(d, "node", jv_str(p->r.node));
			json_object_set_new(d, "restarts", jv_int(c->restarts));
			json_object_set_new(d, "restarts_basis",
			    jv_str(c->restarts_basis));
			json_object_set_new(d, "own_exits_observed",
			    json_integer(own));
			json_object_set_new(d, "last_exit_code",
			    jv_int(t->exit_code));
			json_object_set_new(d, "last_reason",
			    jv_str(t->reason));
			json_object_set_new(d, "last_finished",
			    jv_time(t->finished_us));
			json_object_set_new(d, "restarted",
			    jv_time(t->restarted_us));
			json_object_set_new(d, "waiting",
			    jv_str(c->waiting_reason));
			json_object_set_new(d, "back_off_events",
			    json_integer(c->back_offs));
		}
	}
	for (i = 0; i < n && rc == 0; i++)
		rc = loop_finish(a, &v[i], cause);
	free(v);
	hindex_free(&ix);
	free(nm.v);
	hindex_free(&nm.ix);
	return (rc);
}

/* ------------------------------------------------------------------ */
/* liveness-restart                                                    */

/* A probe setting as written, else the Kubernetes default. */
static int64_t
or_default(int64_t v, int64_t def, int *defaulted)
{
	if (v != INT_NONE)
		return (v);
	*defaulted = 1;
	return (def);
}

/* Whether the probe's failure message says it timed out. */
static int
timed_out(const char *msg)
{
	return (msg != NULL && (strstr(msg, "timeout") != NULL ||
	    strstr(msg, "deadline exceeded") != NULL ||
	    strstr(msg, "Timeout") != NULL));
}

/* Whether it says nothing listened. */
static int
refused(const char *msg)
{
	return (msg != NULL && strstr(msg, "connection refused") != NULL);
}

static void
liveness_finish(struct finding *f)
{
	json_t		*e = f->evidence, *codes;
	int64_t		 kills, period, timeout, threshold;
	const char	*msg, *c;
	char		 st[32], who[320], why[512], code[256];
	double		 stall;
	size_t		 i;
	int		 k137 = 0, k143 = 0;

	kills = json_integer_value(json_object_get(e, "kills"));
	period = json_integer_value(json_object_get(e, "period_s"));
	timeout = json_integer_value(json_object_get(e, "timeout_s"));
	threshold = json_integer_value(json_object_get(e,
	    "failure_threshold"));
	stall = json_real_value(json_object_get(e, "unresponsive_s"));
	msg = json_string_value(json_object_get(e, "probe_message"));
	c = json_string_value(json_object_get(e, "container"));
	codes = json_object_get(e, "exit_codes");
	for (i = 0; i < json_array_size(codes); i++) {
		k137 |= json_integer_value(json_array_get(codes, i)) == 137;
		k143 |= json_integer_value(json_array_get(codes, i)) == 143;
	}
	analyze_fmt_s(stall, st, sizeof st);
	if (json_array_size(f->pods) == 1)
		snprintf(who, sizeof who, "container %s of pod %s", c,
		    json_string_value(json_array_get(f->pods, 0)));
	else
		snprintf(who, sizeof who, "containers of %zu pods",
		    json_array_size(f->pods));
	f->summary = xasprintf("The kubelet killed %s of %s %lld time%s for "
	    "failing its liveness probe (every %lld s, timeout %lld s, %lld "
	    "failures in a row: unresponsive for at least %s each time)%s%s",
	    who, f->workload != NULL ? f->workload : "-", (long long)kills,
	    kills == 1 ? "" : "s", (long long)period, (long long)timeout,
	    (long long)threshold, st, msg != NULL ? ": " : "",
	    msg != NULL ? msg : "");
	if (timed_out(msg))
		snprintf(why, sizeof why, "The probe timed out after %lld s: "
		    "the app answered too slowly rather than not at all (load, "
		    "a pause, a blocking call in the health handler).  Make "
		    "the liveness endpoint cheap (no calls to dependencies), "
		    "raise timeoutSeconds above its slowest answers, and "
		    "raise failureThreshold if stalls longer than %s are "
		    "expected ((failureThreshold - 1) x periodSeconds + "
		    "timeoutSeconds).", (long long)timeout, st);
	else if (refused(msg))
		snprintf(why, sizeof why, "Nothing listened on the probe's "
		    "port: the app had stopped serving, or was still starting "
		    "(then add a startupProbe, or raise initialDelaySeconds, "
		    "so that liveness counts only once it is up).");
	else
		snprintf(why, sizeof why, "Find why the app stops answering "
		    "its liveness probe for %s (its logs before each kill); a "
		    "liveness probe should fail only when a restart helps: a "
		    "deadlock, not a slow dependency.", st);
	if (k137 && k143)
		snprintf(code, sizeof code, "  Exit 143 when it obeyed "
		    "SIGTERM, 137 when it ignored it and was SIGKILLed after "
		    "terminationGracePeriodSeconds: handle SIGTERM.");
	else if (k137)
		snprintf(code, sizeof code, "  Exit 137: it ignored SIGTERM "
		    "and was SIGKILLed after terminationGracePeriodSeconds; "
		    "handle SIGTERM.");
	else if (k143)
		snprintf(code, sizeof code, "  Exit 143: it obeyed SIGTERM.");
	else
		code[0] = '\0';
	f->recommendation = xasprintf("%s%s", why, code);
}

/*
 * Containers the kubelet killed because their liveness (or startup)
 * probe failed: its Killing events, or terminations they explain.  One
 * finding per workload, with the probe's settings, the kills, their exit
 * codes and how long the app must have been unresponsive.
 */
int
rule_liveness_restart(struct analysis *a, char **cause)
{
	const struct podset_pod		*p;
	const struct row_container	*c;
	const struct row_termination	*t;
	struct finding			*f;
	json_t				*e, *d;
	int64_t				 kills, period, timeout, threshold;
	int64_t				 delay;
	size_t				 i, j, k, first = a->n;
	int				 defaulted;

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			kills = count_terms(p, c, EC_LIVENESS);
			if (c->probe_kills > kills)
				kills = c->probe_kills;
			if (kills == 0)
				continue;
			f = analysis_group(a, FK_LIVENESS_RESTART, p,
			    c->probe_kill_last_us);
			e = f->evidence;
			finding_add_pod(f, p);
			finding_widen(f, c->unhealthy_first_us,
			    c->probe_kill_last_us);
			finding_widen(f, c->probe_kill_first_us,
			    c->unhealthy_last_us);
			defaulted = 0;
			period = or_default(c->liveness_period_s, 10,
			    &defaulted);
			timeout = or_default(c->liveness_timeout_s, 1,
			    &defaulted);
			threshold = or_default(c->liveness_threshold, 3,
			    &defaulted);
			delay = or_default(c->liveness_delay_s, 0, &defaulted);
			if (json_object_get(e, "container") == NULL) {
				json_object_set_new(e, "container",
				    json_string(c->name));
				json_object_set_new(e, "period_s",
				    json_integer(period));
				json_object_set_new(e, "timeout_s",
				    json_integer(timeout));
				json_object_set_new(e, "failure_threshold",
				    json_integer(threshold));
				json_object_set_new(e, "initial_delay_s",
				    json_integer(delay));
				json_object_set_new(e, "probe_basis",
				    json_string(!c->liveness ? "not imported: "
				    "Kubernetes defaults" : defaulted ?
				    "the pod spec, with Kubernetes defaults "
				    "where it says nothing" : "the pod spec"));
				json_object_set_new(e, "unresponsive_s",
				    json_real((double)((threshold - 1) *
				    period + timeout)));
				json_object_set_new(e, "unresponsive_basis",
				    json_string("(failureThreshold - 1) x "
				    "periodSeconds + timeoutSeconds: the least "
				    "time the probe failed before each kill"));
				json_object_set_new(e, "exit_codes",
				    json_array());
			}
			ev_add(e, "kills", kills);
			ev_add(e, "probe_failures", c->unhealthy);
			if (c->unhealthy_message != NULL)
				json_object_set_new(e, "probe_message",
				    jtext(c->unhealthy_message));
			json_object_set_new(e, "first_kill",
			    jv_time(c->probe_kill_first_us));
			json_object_set_new(e, "last_kill",
			    jv_time(c->probe_kill_last_us));
			d = detail_add(f);
			json_object_set_new(d, "pod", json_string(p->r.name));
			json_object_set_new(d, "container",
			    json_string(c->name));
			json_object_set_new(d, "kills", json_integer(kills));
			json_object_set_new(d, "restarts", jv_int(c->restarts));
			json_object_set_new(d, "first_kill",
			    jv_time(c->probe_kill_first_us));
			json_object_set_new(d, "last_kill",
			    jv_time(c->probe_kill_last_us));
			for (k = 0; k < p->nt; k++) {
				t = &p->t[k];
				if (!str_eq(t->container, c->name) ||
				    t->cause != EC_LIVENESS)
					continue;
				ev_add_code(e, "exit_codes", t->exit_code);
				finding_widen(f, t->finished_us,
				    t->restarted_us != TIME_NONE ?
				    t->restarted_us : t->finished_us);
			}
		}
	}
	for (i = first; i < a->n; i++) {
		if (a->v[i].kind == FK_LIVENESS_RESTART)
			liveness_finish(&a->v[i]);
	}
	return (0);
}

/* ------------------------------------------------------------------ */
/* evicted                                                             */

/*
 * The resource a node-pressure message names: "The node was low on
 * resource: memory. ..." -> "memory", into out; "" when none.
 */
static void
pressure_resource(const char *msg, char *out, size_t len)
{
	const char	*p, *e;
	size_t		 n;

	out[0] = '\0';
	if (msg == NULL || (p = strstr(msg, "low on resource: ")) == NULL)
		return;
	p += strlen("low on resource: ");
	for (e = p; *e != '\0' && *e != '.' && *e != ',' && *e != ' '; e++)
		;
	n = (size_t)(e - p) < len - 1 ? (size_t)(e - p) : len - 1;
	memcpy(out, p, n);
	out[n] = '\0';
}

/* The finding of kind evicted for p's workload and this cause. */
static struct finding *
evicted_group(struct analysis *a, size_t first, const struct podset_pod *p)
{
	struct finding	*f;
	size_t		 i;

	for (i = first; i < a->n; i++) {
		f = &a->v[i];
		if (f->kind == FK_EVICTED &&
		    str_eq(f->namespace, p->r.namespace) &&
		    str_eq(f->workload, p->r.workload) &&
		    end_cause_lookup(json_string_value(json_object_get(
		    f->evidence, "cause"))) == p->r.ended_by)
			return (f);
	}
	f = analysis_add(a, FK_EVICTED, p->r.namespace, p->r.workload);
	f->pods = json_array();
	f->evidence = json_object();
	json_object_set_new(f->evidence, "cause", json_string(
	    end_cause_name(p->r.ended_by)));
	return (f);
}

static void
evicted_finish(struct finding *f)
{
	json_t		*e = f->evidence;
	enum end_cause	 cause = end_cause_lookup(json_string_value(
			    json_object_get(e, "cause")));
	const char	*res = json_string_value(json_object_get(e,
			    "resource"));
	const char	*msg = json_string_value(json_object_get(e, "message"));
	const char	*node = json_string_value(json_object_get(e, "node"));
	char		 who[640], pods[320];

	pods_phrase(f, pods, sizeof pods);
	if (json_array_size(f->pods) != 1 || !str_eq(json_string_value(
	    json_array_get(f->pods, 0)), f->workload))
		snprintf(who, sizeof who, "%s of %s", pods, f->workload !=
		    NULL ? f->workload : "-");
	else
		snprintf(who, sizeof who, "%s", pods);
	if (cause == EC_EVICTION)
		f->summary = xasprintf("The kubelet evicted %s for node "
		    "pressure%s%s%s on node %s%s%s", who, res != NULL ? " (" :
		    "", res != NULL ? res : "", res != NULL ? ")" : "",
		    node != NULL ? node : "?", msg != NULL ? ": " : "",
		    msg != NULL ? msg : "");
	else if (cause == EC_PREEMPTION)
		f->summary = xasprintf("%s %s preempted on node %s to make "
		    "room for pods of a higher priority%s%s", who,
		    json_array_size(f->pods) == 1 ? "was" : "were",
		    node != NULL ? node : "?", msg != NULL ? ": " : "",
		    msg != NULL ? msg : "");
	else
		f->summary = xasprintf("%s ended with the shutdown of node "
		    "%s%s%s", who, node != NULL ? node : "?", msg != NULL ?
		    ": " : "", msg != NULL ? msg : "");
	if (cause == EC_EVICTION && str_eq(res, "memory"))
		f->recommendation = xstrdup("Set the pods' memory requests to "
		    "what they really use (the message names the container "
		    "that used more than it requested), so that the scheduler "
		    "does not overcommit the node: under pressure the kubelet "
		    "evicts first the pods that use more than their requests "
		    "(BestEffort, then Burstable).  Give what must not be "
		    "evicted requests equal to its limits (Guaranteed).");
	else if (cause == EC_EVICTION && res != NULL &&
	    strstr(res, "storage") != NULL)
		f->recommendation = xstrdup("Bound the pods' disk use: "
		    "ephemeral-storage requests and limits, emptyDir "
		    "sizeLimit, log rotation; and give the node's disk room "
		    "(images, logs).");
	else if (cause == EC_EVICTION)
		f->recommendation = xstrdup("Find what exhausted the node "
		    "(the message says which resource and which container "
		    "used more than it requested) and set requests that "
		    "match real use, so that the scheduler does not "
		    "overcommit the node.");
	else if (cause == EC_PREEMPTION)
		f->recommendation = xstrdup("Pods of a higher priority took "
		    "the node: give this workload a PriorityClass that "
		    "matches its importance, or add capacity; run more than "
		    "one replica with a PodDisruptionBudget (preemption "
		    "respects it only as far as it can).");
	else
		f->recommendation = xstrdup("Let the pods finish before a node "
		    "shuts down: the kubelet's shutdownGracePeriod (and "
		    "shutdownGracePeriodCriticalPods) must cover their "
		    "terminationGracePeriodSeconds; run more than one replica "
		    "on different nodes.");
}

/*
 * Pods the kubelet evicted for node pressure, that were preempted, or
 * that ended with their node's shutdown (model.h: the pod's ended_by).
 * One finding per workload and cause, with the node, the reason and
 * message, and the resource the node lacked.
 */
int
rule_evicted(struct analysis *a, char **cause)
{
	const struct podset_pod	*p;
	struct finding		*f;
	json_t			*e, *d;
	size_t			 i, first = a->n;
	char			 res[64];

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		if (p->r.ended_by == EC_NONE)
			continue;
		f = evicted_group(a, first, p);
		e = f->evidence;
		finding_add_pod(f, p);
		finding_widen(f, p->r.ended_us, p->r.ended_us);
		pressure_resource(p->r.message, res, sizeof res);
		json_object_set_new(e, "node", jv_str(p->r.node));
		json_object_set_new(e, "reason", jv_str(p->r.reason));
		json_object_set_new(e, "disruption", jv_str(p->r.disruption));
		json_object_set_new(e, "message", jtext(p->r.message));
		if (res[0] != '\0')
			json_object_set_new(e, "resource", json_string(res));
		else if (json_object_get(e, "resource") == NULL)
			json_object_set_new(e, "resource", json_null());
		ev_add(e, "count", 1);
		d = detail_add(f);
		json_object_set_new(d, "pod", json_string(p->r.name));
		json_object_set_new(d, "node", jv_str(p->r.node));
		json_object_set_new(d, "ended", jv_time(p->r.ended_us));
		json_object_set_new(d, "ended_basis", jv_str(p->r.ended_basis));
		json_object_set_new(d, "reason", jv_str(p->r.reason));
		json_object_set_new(d, "message", jtext(p->r.message));
	}
	for (i = first; i < a->n; i++) {
		if (a->v[i].kind == FK_EVICTED)
			evicted_finish(&a->v[i]);
	}
	return (0);
}

/* ------------------------------------------------------------------ */
/* start-failed                                                        */

/* The program a runtime message says it could not find, into out. */
static int
missing_program(const char *msg, char *out, size_t len)
{
	const char	*p, *e;
	size_t		 n;

	if (msg == NULL || (p = strstr(msg, "exec: \"")) == NULL)
		return (0);
	p += strlen("exec: \"");
	if ((e = strchr(p, '"')) == NULL || e == p)
		return (0);
	n = (size_t)(e - p) < len - 1 ? (size_t)(e - p) : len - 1;
	memcpy(out, p, n);
	out[n] = '\0';
	return (1);
}

static void
start_finish(struct finding *f)
{
	json_t		*e = f->evidence;
	const char	*reason = json_string_value(json_object_get(e,
			    "reason"));
	const char	*msg = json_string_value(json_object_get(e, "message"));
	const char	*c = json_string_value(json_object_get(e, "container"));
	int64_t		 code = json_is_integer(json_object_get(e,
			    "exit_code")) ? json_integer_value(
			    json_object_get(e, "exit_code")) : INT_NONE;
	const char	*wait = json_string_value(json_object_get(e,
			    "waiting"));
	int64_t		 restarts = json_is_integer(json_object_get(e,
			    "restarts")) ? json_integer_value(
			    json_object_get(e, "restarts")) : 0;
	char		 who[320], prog[128], codes[32], tries[96];

	if (json_array_size(f->pods) == 1)
		snprintf(who, sizeof who, "Container %s of pod %s", c,
		    json_string_value(json_array_get(f->pods, 0)));
	else
		snprintf(who, sizeof who, "Containers of %zu pods of %s",
		    json_array_size(f->pods), f->workload != NULL ?
		    f->workload : "-");
	if (code != INT_NONE)
		snprintf(codes, sizeof codes, ", exit %lld", (long long)code);
	else
		codes[0] = '\0';
	if (restarts > 0 || (wait != NULL && !str_eq(wait, reason)))
		snprintf(tries, sizeof tries, " (%lld restart%s%s%s)",
		    (long long)restarts, restarts == 1 ? "" : "s",
		    wait != NULL && !str_eq(wait, reason) ? ", waiting in " :
		    "", wait != NULL && !str_eq(wait, reason) ? wait : "");
	else
		tries[0] = '\0';
	f->summary = xasprintf("%s could not start%s: %s%s%s%s", who, tries,
	    reason != NULL ? reason : "?", codes, msg != NULL ? ": " : "",
	    msg != NULL ? msg : "");
	if (missing_program(msg, prog, sizeof prog))
		f->recommendation = xasprintf("The container's command names "
		    "a program its image does not have (\"%s\"): fix command "
		    "or args (a typo?), or the image.", prog);
	else if (code == 126)
		f->recommendation = xstrdup("The command is not executable: "
		    "its file permissions, or a script whose interpreter the "
		    "image lacks.");
	else if (str_eq(reason, "CreateContainerConfigError"))
		f->recommendation = xstrdup("A ConfigMap, Secret or key the "
		    "container refers to is missing: create it, or fix the "
		    "reference (env valueFrom, envFrom, volumes).");
	else if (reason != NULL && (strstr(reason, "Image") != NULL ||
	    strstr(reason, "image") != NULL))
		f->recommendation = xstrdup("The image could not be pulled: "
		    "check its name and tag, that the registry is reachable "
		    "from the nodes (DNS, certificates, proxy) and the "
		    "imagePullSecrets.");
	else
		f->recommendation = xstrdup("Read the runtime's message: the "
		    "container's command, image or mounts are wrong for the "
		    "node's runtime.");
}

/*
 * Containers that could not start (model_is_start_failure()): a
 * termination saying so (ContainerCannotRun, StartError, exit 126 or
 * 127), or a wait for that reason (CreateContainerConfigError, an image
 * that cannot be pulled).  One finding per workload, with the reason and
 * the runtime's message.
 */
int
rule_start_failed(struct analysis *a, char **cause)
{
	const struct podset_pod		*p;
	const struct row_container	*c;
	const struct row_termination	*t;
	struct finding			*f;
	json_t				*e, *d;
	const char			*reason, *msg;
	int64_t				 code, at;
	size_t				 i, j, first = a->n;

	for (i = 0; i < a->pods->n; i++) {
		p = &a->pods->v[i];
		for (j = 0; j < p->nc; j++) {
			c = &p->c[j];
			t = last_term(p, c);
			if (t != NULL && t->cause == EC_START_FAILURE) {
				reason = t->reason;
				msg = t->message;
				code = t->exit_code;
				at = t->finished_us;
			} else if (c->waiting_reason != NULL &&
			    model_is_start_failure(c->waiting_reason,
			    INT_NONE) && !str_eq(c->waiting_reason,
			    "CrashLoopBackOff")) {
				reason = c->waiting_reason;
				msg = c->waiting_message;
				code = INT_NONE;
				at = TIME_NONE;
			} else
				continue;
			if (msg == NULL)
				msg = c->start_error;
			f = analysis_group(a, FK_START_FAILED, p, at);
			e = f->evidence;
			finding_add_pod(f, p);
			finding_widen(f, at, at);
			if (at == TIME_NONE)
				finding_widen(f, p->r.created_us,
				    p->r.created_us);
			if (json_object_get(e, "reason") == NULL) {
				json_object_set_new(e, "container",
				    json_string(c->name));
				json_object_set_new(e, "init",
				    json_boolean(c->init));
				json_object_set_new(e, "reason",
				    jv_str(reason));
				json_object_set_new(e, "message", jtext(msg));
				json_object_set_new(e, "exit_code",
				    jv_int(code));
				json_object_set_new(e, "restarts",
				    jv_int(c->restarts));
				json_object_set_new(e, "waiting",
				    jv_str(c->waiting_reason));
			}
			ev_add(e, "containers", 1);
			d = detail_add(f);
			json_object_set_new(d, "pod", json_string(p->r.name));
			json_object_set_new(d, "container",
			    json_string(c->name));
			json_object_set_new(d, "init", json_boolean(c->init));
			json_object_set_new(d, "reason", jv_str(reason));
			json_object_set_new(d, "exit_code", jv_int(code));
			json_object_set_new(d, "message", jtext(msg));
			json_object_set_new(d, "restarts", jv_int(c->restarts));
			json_object_set_new(d, "waiting",
			    jv_str(c->waiting_reason));
			json_object_set_new(d, "failed_events_message",
			    jtext(c->start_error));
		}
	}
	for (i = first; i < a->n; i++) {
		if (a->v[i].kind == FK_START_FAILED)
			start_finish(&a->v[i]);
	}
	return (0);
}
