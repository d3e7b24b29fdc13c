/*
 * nodes.c: each node's troubles over time (nodes.h).  A node's versions
 * come oldest first, each followed by its conditions and taints.  A
 * period opens at the time Kubernetes wrote for it (the condition's
 * lastTransitionTime, the taint's timeAdded) when the object holds one,
 * else when it was first seen, and closes when a later version no longer
 * shows it (at the time written for what replaced it, else that
 * version's).  A period still open at the node's last version has no
 * end (TIME_NONE): nothing says it ended.  No SQL, no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lifecycle.h"
#include "nodes.h"
#include "timefmt.h"

/* One open period of the node being read. */
struct nd_open {
	struct row_node_state	 r;	/* strings in the node's arena */
	int			 seen;	/* shown by the current version */
};

struct nd_node {
	struct store	*st;
	struct model_stats *stats;
	struct arena	 a;
	char		*name;		/* in a; NULL before the first */
	const char	*boot_id;	/* the last version's */
	int64_t		 last_us;	/* the last version's time */
	int64_t		 at_us;		/* the current version's */
	const char	*basis;		/* the current version's basis */
	int		 open_version;	/* a version is being read */
	int		 deleted;	/* a DELETED version was seen */
	int64_t		 ready_since_us; /* Ready=True's transition in the
					   current version, or TIME_NONE */
	struct nd_open	*v;		/* owned */
	size_t		 n;
	int		 failed;
};

static const char *
basis_text(const char *observed_basis)
{
	return (str_eq(observed_basis, "stamped") ?
	    "observed: Node versions stamped by the collector" :
	    str_eq(observed_basis, "audit") ?
	    "observed: Node versions in the audit log" :
	    "observed: the times the Node object holds");
}

static void
put(struct nd_node *s, const struct row_node_state *r)
{
	if (s->failed)
		return;
	if (store_model_put(s->st, ROW_NODE_STATE, r) != 0)
		s->failed = 1;
	else
		s->stats->node_states++;
}

/*
 * The open period of this state (and detail: a taint, a pressure; the
 * Ready condition has one period at a time, whatever its message).
 */
static struct nd_open *
find_open(struct nd_node *s, const char *state, const char *detail)
{
	size_t	i;
	int	one = str_eq(state, "not-ready") || str_eq(state, "unknown");

	for (i = 0; i < s->n; i++) {
		if (str_eq(s->v[i].r.state, state) &&
		    (one || str_eq(s->v[i].r.detail, detail)))
			return (&s->v[i]);
	}
	return (NULL);
}

/*
 * Shows a period in the current version: opens it (from from_us, else
 * the version's time) unless it is open.
 */
static void
show(struct nd_node *s, const char *state, const char *detail,
    int64_t from_us)
{
	struct nd_open	*o;

	if ((o = find_open(s, state, detail)) == NULL) {
		s->v = xreallocarray(s->v, s->n + 1, sizeof *s->v);
		o = &s->v[s->n++];
		memset(o, 0, sizeof *o);
		o->r.node = s->name;
		o->r.state = state;
		o->r.detail = detail != NULL ? arena_strdup(&s->a, detail) :
		    NULL;
		o->r.from_us = from_us != TIME_NONE ? from_us : s->at_us;
		o->r.to_us = TIME_NONE;
		o->r.basis = s->basis;
	}
	o->seen = 1;
}

/* The version ends: the periods it did not show are over. */
static void
version_end(struct nd_node *s)
{
	size_t	i, k = 0;
	int64_t	end;

	if (!s->open_version)
		return;
	for (i = 0; i < s->n; i++) {
		if (s->v[i].seen && !s->deleted) {
			s->v[i].seen = 0;
			s->v[k++] = s->v[i];
			continue;
		}
		end = s->at_us;
		/* Ready again: the condition's own transition time */
		if ((str_eq(s->v[i].r.state, "not-ready") ||
		    str_eq(s->v[i].r.state, "unknown")) &&
		    s->ready_since_us != TIME_NONE &&
		    s->ready_since_us >= s->v[i].r.from_us &&
		    s->ready_since_us <= s->at_us)
			end = s->ready_since_us;
		s->v[i].r.to_us = end;
		put(s, &s->v[i].r);
	}
	s->n = k;
	s->open_version = 0;
}

static void
node_end(struct nd_node *s)
{
	size_t	i;

	version_end(s);
	for (i = 0; i < s->n; i++)
		put(s, &s->v[i].r);	/* still open: no end seen */
	free(s->v);
	s->v = NULL;
	s->n = 0;
	arena_free(&s->a);
	s->name = NULL;
	s->boot_id = NULL;
	s->deleted = 0;
}

static int
on_node(void *ctx, const struct rec_node *v)
{
	struct nd_node		*s = ctx;
	struct row_node_state	 r;
	char			 detail[200];

	if (s->name == NULL || v->name == NULL || strcmp(s->name,
	    v->name) != 0)
		node_end(s);
	else
		version_end(s);
	if (s->failed)
		return (-1);
	if (v->observed_us == TIME_NONE || v->name == NULL)
		return (0);
	if (s->name == NULL)
		s->name = arena_strdup(&s->a, v->name);
	s->at_us = v->observed_us;
	s->basis = basis_text(v->observed_basis);
	s->ready_since_us = TIME_NONE;
	s->open_version = 1;
	s->deleted = str_eq(v->watch_type, "DELETED");
	if (v->boot_id != NULL && s->boot_id != NULL &&
	    strcmp(v->boot_id, s->boot_id) != 0) {
		memset(&r, 0, sizeof r);
		r.node = s->name;
		r.state = "reboot";
		snprintf(detail, sizeof detail, "bootID %.36s -> %.36s",
		    s->boot_id, v->boot_id);
		r.detail = detail;
		/* between the two versions: the later is when it was seen */
		r.from_us = r.to_us = v->observed_us;
		r.basis = "observed: a new bootID between two versions of the "
		    "Node (the reboot was at or before the later)";
		put(s, &r);
	}
	if (v->boot_id != NULL)
		s->boot_id = arena_strdup(&s->a, v->boot_id);
	if (v->unschedulable)
		show(s, "cordon", NULL, TIME_NONE);
	if (s->deleted) {
		memset(&r, 0, sizeof r);
		r.node = s->name;
		r.state = "deleted";
		r.from_us = r.to_us = v->observed_us;
		r.basis = s->basis;
		put(s, &r);
	}
	s->last_us = v->observed_us;
	return (0);
}

static int
on_cond(void *ctx, const struct rec_node_cond *c)
{
	struct nd_node	*s = ctx;
	char		 detail[400];

	if (!s->open_version || c->type == NULL || c->status == NULL)
		return (0);
	if (strcmp(c->type, "Ready") == 0) {
		if (strcmp(c->status, "True") == 0) {
			s->ready_since_us = c->since_us;
			return (0);
		}
		snprintf(detail, sizeof detail, "%.80s%s%.300s",
		    c->reason != NULL ? c->reason : "", c->reason != NULL &&
		    c->message != NULL ? ": " : "", c->message != NULL ?
		    c->message : "");
		show(s, strcmp(c->status, "Unknown") == 0 ? "unknown" :
		    "not-ready", *detail != '\0' ? detail : NULL,
		    c->since_us);
		return (0);
	}
	/* MemoryPressure, DiskPressure, PIDPressure, NetworkUnavailable */
	if (strcmp(c->status, "True") == 0)
		show(s, "pressure", c->type, c->since_us);
	return (0);
}

static int
on_taint(void *ctx, const struct rec_taint *t)
{
	struct nd_node	*s = ctx;
	char		 detail[300];

	if (!s->open_version || t->key == NULL)
		return (0);
	snprintf(detail, sizeof detail, "%.200s%s%.60s:%.20s", t->key,
	    t->value != NULL ? "=" : "", t->value != NULL ? t->value : "",
	    t->effect != NULL ? t->effect : "");
	show(s, "taint", detail, t->added_us);
	return (0);
}

int
nodes_build(struct store *st, struct model_stats *stats, char **cause)
{
	struct nd_node	s;
	int		rc;

	memset(&s, 0, sizeof s);
	s.st = st;
	s.stats = stats;
	rc = store_nodes_each(st, on_node, on_cond, on_taint, &s, cause);
	if (rc == 0)
		node_end(&s);
	else {
		free(s.v);
		arena_free(&s.a);
	}
	if (s.failed) {
		if (rc == 0 || *cause == NULL)
			*cause = xstrdup(store_error(st));
		return (-1);
	}
	return (rc != 0 ? -1 : 0);
}
