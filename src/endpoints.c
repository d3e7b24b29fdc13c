/*
 * endpoints.c: each pod's endpoint over time (endpoints.h).  The slices'
 * versions come one slice at a time, oldest first, each followed by the
 * endpoints it lists; this file keeps the endpoints of the one slice
 * being read, compares each version with the one before, and writes one
 * row per endpoint when the slice ends.  Memory holds one slice's
 * endpoints (a slice lists at most a few hundred).  No SQL, no drawing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "endpoints.h"
#include "lifecycle.h"
#include "timefmt.h"

/* One endpoint of the slice being read. */
struct ep {
	struct row_pod_endpoint	 r;	/* strings in the slice's arena */
	int			 listed;	/* in the current version */
	int			 was_ready;	/* seen ready before */
	int			 was_serving;	/* seen serving before */
};

/* The slice being read. */
struct ep_slice {
	struct store	*st;
	struct model_stats *stats;
	struct arena	 a;		/* its strings */
	char		*uid;		/* in a; NULL before the first */
	const char	*name;
	const char	*service;
	const char	*ns;
	const char	*basis;		/* the versions' observed_basis, the
					   least certain seen */
	int64_t		 at_us;		/* the current version's time */
	int		 open;		/* a version is being read */
	int		 deleted;	/* it is a DELETED version */
	struct ep	*v;		/* owned */
	size_t		 n;
	int		 failed;	/* a write failed: store_error() */
};

static const char *
basis_text(const char *observed_basis)
{
	if (str_eq(observed_basis, "stamped"))
		return ("observed: EndpointSlice versions stamped by the "
		    "collector");
	if (str_eq(observed_basis, "audit"))
		return ("observed: EndpointSlice versions in the audit log");
	if (str_eq(observed_basis, "trigger-time"))
		return ("inferred: each EndpointSlice version's "
		    "last-change-trigger-time");
	return ("inferred: the latest time each EndpointSlice version "
	    "holds");
}

/* How certain a basis is, so that the least certain is kept. */
static int
basis_rank(const char *observed_basis)
{
	if (str_eq(observed_basis, "stamped") || str_eq(observed_basis,
	    "audit"))
		return (2);
	if (str_eq(observed_basis, "trigger-time"))
		return (1);
	return (0);
}

/* The version read ends: what it no longer lists has left the slice. */
static void
version_end(struct ep_slice *s)
{
	size_t	i;

	if (!s->open)
		return;
	for (i = 0; i < s->n; i++) {
		if ((s->deleted || !s->v[i].listed) &&
		    s->v[i].r.gone_us == TIME_NONE &&
		    s->v[i].r.last_seen_us != TIME_NONE)
			s->v[i].r.gone_us = s->at_us;
		s->v[i].listed = 0;
	}
	s->open = 0;
}

/* Writes the slice's endpoints and forgets them. */
static void
slice_end(struct ep_slice *s)
{
	struct ep	*e;
	char		*uid;
	size_t		 i;
	int		 rc;

	version_end(s);
	for (i = 0; i < s->n && !s->failed; i++) {
		e = &s->v[i];
		uid = NULL;
		if (e->r.pod_uid == NULL && e->r.pod != NULL) {
			rc = store_pod_uid_at(s->st, e->r.namespace, e->r.pod,
			    e->r.first_seen_us, &uid);
			if (rc < 0) {
				s->failed = 1;
				break;
			}
			e->r.pod_uid = uid;
		}
		e->r.basis = basis_text(s->basis);
		if (store_model_put(s->st, ROW_POD_ENDPOINT, &e->r) != 0)
			s->failed = 1;
		else
			s->stats->endpoints++;
		free(uid);
	}
	free(s->v);
	s->v = NULL;
	s->n = 0;
	arena_free(&s->a);
	s->uid = NULL;
	s->basis = NULL;
}

static int
on_version(void *ctx, const struct rec_slice *v)
{
	struct ep_slice	*s = ctx;

	if (s->uid == NULL || v->uid == NULL || strcmp(s->uid, v->uid) != 0)
		slice_end(s);
	else
		version_end(s);
	if (s->failed)
		return (-1);
	if (s->uid == NULL) {
		s->uid = arena_strdup(&s->a, v->uid != NULL ? v->uid : "");
		s->name = v->name != NULL ? arena_strdup(&s->a, v->name) :
		    NULL;
		s->service = v->service != NULL ? arena_strdup(&s->a,
		    v->service) : NULL;
		s->ns = v->namespace != NULL ? arena_strdup(&s->a,
		    v->namespace) : NULL;
	}
	if (s->basis == NULL || basis_rank(v->observed_basis) <
	    basis_rank(s->basis))
		s->basis = v->observed_basis != NULL ?
		    arena_strdup(&s->a, v->observed_basis) : "object";
	s->at_us = v->observed_us;
	s->deleted = str_eq(v->watch_type, "DELETED");
	s->open = v->observed_us != TIME_NONE;
	return (0);
}

static struct ep *
find_ep(struct ep_slice *s, const struct rec_endpoint *e)
{
	size_t	i;

	for (i = 0; i < s->n; i++) {
		if (str_eq(s->v[i].r.address, e->address) &&
		    str_eq(s->v[i].r.pod_uid, e->pod_uid) &&
		    str_eq(s->v[i].r.pod, e->pod_name))
			return (&s->v[i]);
	}
	return (NULL);
}

static const char *
dup_or_null(struct arena *a, const char *v)
{
	return (v != NULL ? arena_strdup(a, v) : NULL);
}

static struct ep *
add_ep(struct ep_slice *s, const struct rec_endpoint *e)
{
	struct ep	*x;

	s->v = xreallocarray(s->v, s->n + 1, sizeof *s->v);
	x = &s->v[s->n++];
	memset(x, 0, sizeof *x);
	x->r.pod_uid = dup_or_null(&s->a, e->pod_uid);
	x->r.namespace = dup_or_null(&s->a, e->pod_namespace != NULL ?
	    e->pod_namespace : s->ns);
	x->r.pod = dup_or_null(&s->a, e->pod_name);
	x->r.slice = s->name;
	x->r.service = s->service;
	x->r.address = dup_or_null(&s->a, e->address);
	x->r.node = dup_or_null(&s->a, e->node);
	x->r.first_seen_us = x->r.ready_us = x->r.not_ready_us =
	    x->r.not_serving_us = x->r.terminating_us = x->r.gone_us =
	    x->r.last_seen_us = TIME_NONE;
	return (x);
}

static void
first_time(int64_t *dst, int64_t t)
{
	if (*dst == TIME_NONE)
		*dst = t;
}

static int
on_endpoint(void *ctx, const struct rec_endpoint *e)
{
	struct ep_slice	*s = ctx;
	struct ep	*x;
	int64_t		 t = s->at_us;
	/* absent conditions: ready and serving, not terminating (API) */
	int		 ready = e->ready != 0, serving = e->serving ==
			    INT_NONE ? ready : e->serving != 0;

	if (!s->open || s->deleted)
		return (0);
	if ((x = find_ep(s, e)) == NULL)
		x = add_ep(s, e);
	x->listed = 1;
	if (x->r.gone_us != TIME_NONE)
		x->r.gone_us = TIME_NONE;	/* listed again */
	first_time(&x->r.first_seen_us, t);
	x->r.last_seen_us = t;
	if (ready) {
		first_time(&x->r.ready_us, t);
		x->was_ready = 1;
	} else if (x->was_ready)
		first_time(&x->r.not_ready_us, t);
	if (serving)
		x->was_serving = 1;
	else if (x->was_serving)
		first_time(&x->r.not_serving_us, t);
	if (e->terminating == 1)
		first_time(&x->r.terminating_us, t);
	return (0);
}

int
endpoints_build(struct store *st, struct model_stats *stats, char **cause)
{
	struct ep_slice	s;
	int		rc;

	memset(&s, 0, sizeof s);
	s.st = st;
	s.stats = stats;
	rc = store_slices_each(st, on_version, on_endpoint, &s, cause);
	if (rc == 0)
		slice_end(&s);
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
