/*
 * readiness.c: each pod's Ready spans from its versions, and a workload's
 * ready count over time (readiness.h).  A version says Ready=True or False
 * and since when (the condition's lastTransitionTime); versions without
 * that time count from when they were seen.  No SQL and no output.
 */
#include <stdlib.h>
#include <string.h>

#include "readiness.h"
#include "timefmt.h"
#include "util.h"

/*
 * Where a pod's readiness stops counting: its deletion request or its end;
 * TIME_NONE while neither is known (a version holds until the next one).
 */
static int64_t
pod_stop(const struct podset_pod *p)
{
	if (p->r.deletion_us != TIME_NONE && (p->r.gone_us == TIME_NONE ||
	    p->r.deletion_us < p->r.gone_us))
		return (p->r.deletion_us);
	return (p->r.gone_us);
}

static void
span_add(struct ready_pod *rp, int64_t from, int ready)
{
	if (rp->n > 0 && rp->v[rp->n - 1].ready == ready)
		return;		/* no change */
	if (rp->n > 0)
		rp->v[rp->n - 1].to_us = from;
	rp->v = xreallocarray(rp->v, rp->n + 1, sizeof *rp->v);
	rp->v[rp->n++] = (struct ready_span){ .from_us = from,
	    .to_us = TIME_NONE, .ready = ready };
}

/* Ends the last span of rp at stop, dropping spans that start after it. */
static void
span_close(struct ready_pod *rp, int64_t stop)
{
	while (rp->n > 0 && stop != TIME_NONE &&
	    rp->v[rp->n - 1].from_us >= stop)
		rp->n--;
	if (rp->n > 0)
		rp->v[rp->n - 1].to_us = stop;
}

void
readiness_pod(struct ready_pod *rp, const struct podset_pod *p,
    const struct store_ready *v, size_t n)
{
	int64_t	t;
	size_t	k;

	memset(rp, 0, sizeof *rp);
	rp->p = p;
	for (k = 0; k < n; k++) {
		t = v[k].since_us != TIME_NONE ? v[k].since_us :
		    v[k].observed_us;
		if (t != TIME_NONE)
			span_add(rp, t, v[k].ready);
	}
	span_close(rp, pod_stop(p));
}

void
readiness_build(struct readiness *r, struct podset *ps,
    const struct store_ready *v, size_t n)
{
	const struct podset_pod	*p;
	int64_t			 last;
	size_t			 i, j;

	memset(r, 0, sizeof *r);
	r->last_us = TIME_NONE;
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && str_eq(v[j].uid, v[i].uid); j++) {
			last = v[j].observed_us;
			if (last != TIME_NONE && (r->last_us == TIME_NONE ||
			    last > r->last_us))
				r->last_us = last;
		}
		if ((p = podset_find(ps, v[i].uid)) == NULL)
			continue;
		r->v = xreallocarray(r->v, r->n + 1, sizeof *r->v);
		readiness_pod(&r->v[r->n], p, &v[i], j - i);
		if (r->v[r->n].n > 0)
			r->n++;
		else
			free(r->v[r->n].v);
	}
}

void
readiness_free(struct readiness *r)
{
	size_t	i;

	for (i = 0; i < r->n; i++)
		free(r->v[i].v);
	free(r->v);
	memset(r, 0, sizeof *r);
}

/* A change of the counts at a moment. */
struct change {
	int64_t	 at_us;
	int	 ready;		/* +1 / -1 */
	int	 not_ready;	/* +1 / -1 */
};

static int
cmp_change(const void *a, const void *b)
{
	const struct change	*x = a, *y = b;

	return (x->at_us < y->at_us ? -1 : x->at_us > y->at_us);
}

struct ready_step *
readiness_steps(const struct ready_pod *const *pods, size_t n,
    size_t *nsteps)
{
	struct change		*c = NULL;
	struct ready_step	*s = NULL, cur = { 0 };
	const struct ready_span	*sp;
	size_t			 nc = 0, ns = 0, i, j;

	for (i = 0; i < n; i++) {
		for (j = 0; j < pods[i]->n; j++) {
			sp = &pods[i]->v[j];
			if (sp->to_us != TIME_NONE && sp->to_us <= sp->from_us)
				continue;
			c = xreallocarray(c, nc + 2, sizeof *c);
			c[nc++] = (struct change){ sp->from_us, sp->ready,
			    !sp->ready };
			if (sp->to_us != TIME_NONE)
				c[nc++] = (struct change){ sp->to_us,
				    -sp->ready, -!sp->ready };
		}
	}
	xqsort(c, nc, sizeof *c, cmp_change);
	for (i = 0; i < nc; i = j) {
		for (j = i; j < nc && c[j].at_us == c[i].at_us; j++) {
			cur.ready += c[j].ready;
			cur.not_ready += c[j].not_ready;
		}
		cur.at_us = c[i].at_us;
		s = xreallocarray(s, ns + 1, sizeof *s);
		s[ns++] = cur;
	}
	free(c);
	*nsteps = ns;
	return (s);
}
