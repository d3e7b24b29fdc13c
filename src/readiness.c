/*
 * readiness.c: each pod's Ready spans from its versions, and a workload's
 * ready count over time (readiness.h).  A version says Ready=True or False
 * and since when (the condition's lastTransitionTime); versions without
 * that time count from when they were seen.  The versions come from the
 * store one pod at a time (never all at once); no SQL and no output.
 */
#include <stdlib.h>
#include <string.h>

#include "readiness.h"
#include "store.h"
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

/* When a version says its state began: since, else when it was seen. */
static int64_t
ready_at(const struct store_ready *v)
{
	return (v->since_us != TIME_NONE ? v->since_us : v->observed_us);
}

/* By the time each says, then by when it was seen. */
static int
cmp_version(const void *a, const void *b)
{
	const struct store_ready	*x = a, *y = b;
	int64_t				 s = ready_at(x), t = ready_at(y);

	if (s != t)
		return (s < t ? -1 : 1);
	return (x->observed_us < y->observed_us ? -1 :
	    x->observed_us > y->observed_us);
}

/* Builds rp's spans from a pod's versions v[0..n), sorting them. */
static void
pod_spans(struct ready_pod *rp, const struct podset_pod *p,
    struct store_ready *v, size_t n)
{
	int64_t	t;
	size_t	k;

	memset(rp, 0, sizeof *rp);
	rp->p = p;
	xqsort(v, n, sizeof *v, cmp_version);
	for (k = 0; k < n; k++)
		if ((t = ready_at(&v[k])) != TIME_NONE)
			span_add(rp, t, v[k].ready);
	span_close(rp, pod_stop(p));
}

/* The versions of one pod while they are read, then its spans. */
struct ready_load {
	struct readiness	*r;
	struct podset		*ps;	/* NULL: one pod, one */
	const struct podset_pod	*one;	/* its spans into r->v[0] */
	struct store_ready	*v;	/* owned: the pod's versions so far */
	size_t			 n, cap;
	char			*uid;	/* owned: their pod's */
};

/* The versions read so far are one pod's: its spans. */
static void
load_flush(struct ready_load *l)
{
	const struct podset_pod	*p;

	if (l->n == 0)
		return;
	p = l->one != NULL ? l->one : podset_find(l->ps, l->uid);
	if (p != NULL) {
		l->r->v = xreallocarray(l->r->v, l->r->n + 1,
		    sizeof *l->r->v);
		pod_spans(&l->r->v[l->r->n], p, l->v, l->n);
		if (l->r->v[l->r->n].n > 0)
			l->r->n++;
		else
			free(l->r->v[l->r->n].v);
	}
	l->n = 0;
}

static int
load_version(void *ctx, const struct store_ready *v)
{
	struct ready_load	*l = ctx;

	if (v->observed_us != TIME_NONE && (l->r->last_us == TIME_NONE ||
	    v->observed_us > l->r->last_us))
		l->r->last_us = v->observed_us;
	if (l->uid == NULL || !str_eq(l->uid, v->uid)) {
		load_flush(l);
		free(l->uid);
		l->uid = xstrdup(v->uid);
	}
	if (l->n == l->cap) {
		l->cap = l->cap == 0 ? 16 : l->cap * 2;
		l->v = xreallocarray(l->v, l->cap, sizeof *l->v);
	}
	l->v[l->n] = *v;
	l->v[l->n++].uid = NULL;	/* borrowed only for the call */
	return (0);
}

/*
 * Reads the versions of the pods uids[0..n) (in their order, each once
 * when the same follow each other), or of every pod when uids is NULL.
 */
static int
load(struct store *st, struct ready_load *l, const char *const *uids,
    size_t n, char **cause)
{
	size_t	i;
	int	rc = 0;

	memset(l->r, 0, sizeof *l->r);
	l->r->last_us = TIME_NONE;
	if (uids == NULL)
		rc = store_ready_each(st, NULL, load_version, l, cause);
	for (i = 0; i < n && rc == 0; i++) {
		if (i == 0 || strcmp(uids[i], uids[i - 1]) != 0)
			rc = store_ready_each(st, uids[i], load_version, l,
			    cause);
	}
	if (rc == 0)
		load_flush(l);
	free(l->v);
	free(l->uid);
	if (rc != 0)
		readiness_free(l->r);
	return (rc);
}

int
readiness_load(struct store *st, struct podset *ps, struct readiness *r,
    char **cause)
{
	struct ready_load	l = { .r = r, .ps = ps };

	return (load(st, &l, NULL, 0, cause));
}

static int
cmp_uid_ptr(const void *a, const void *b)
{
	return (strcmp(*(const char *const *)a, *(const char *const *)b));
}

int
readiness_load_some(struct store *st, struct podset *ps,
    struct readiness *r, char **cause)
{
	struct ready_load	 l = { .r = r, .ps = ps };
	const char		**uid;
	size_t			 i;
	int			 rc;

	/* a pod at a time through the index, in the order of a whole read */
	uid = xreallocarray(NULL, ps->n > 0 ? ps->n : 1, sizeof *uid);
	for (i = 0; i < ps->n; i++)
		uid[i] = ps->v[i].r.uid;
	xqsort(uid, ps->n, sizeof *uid, cmp_uid_ptr);
	rc = load(st, &l, uid, ps->n, cause);
	free(uid);
	return (rc);
}

int
readiness_of(struct store *st, const struct podset_pod *p,
    struct readiness *r, char **cause)
{
	struct ready_load	 l = { .r = r, .one = p };
	const char		*uid[1] = { p->r.uid };

	return (load(st, &l, uid, 1, cause));
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
