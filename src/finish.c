/*
 * finish.c: what each finding's pods say once the rules have run
 * (analyze.h): who deleted them (deletion_name) and the order every list
 * shows them in (podset_cmp_death).  Both read the pods, which are there
 * only in the window that holds them: a finding made in a window is
 * finished at its end (a workload's pods are in one window), and the
 * facts of the pods of a finding made before the windows (the rules
 * that read the store) are copied from each window as it passes and read
 * once they are all through; or, when the windows wait in a file, as
 * each pod is read into it (finish_before_pod), and finished then.  No
 * SQL, no drawing.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze.h"

/* s kept in the analysis's texts, to outlive the window it came from. */
static const char *
keep(struct analysis *a, const char *s)
{
	return (s != NULL ? strpool_put(&a->texts, s) : NULL);
}

/* The facts' strings kept, for a finding whose pods other windows hold. */
static void
keep_fact(struct analysis *a, struct pod_facts *x)
{
	x->key.namespace = keep(a, x->key.namespace);
	x->key.workload = keep(a, x->key.workload);
	/* a pod's own: not looked for among the others */
	x->key.name = x->key.name != NULL ? arena_strdup(&a->strings,
	    x->key.name) : NULL;
	x->deletion_cause = keep(a, x->deletion_cause);
	x->deletion_cause_basis = keep(a, x->deletion_cause_basis);
	x->deletion_by = keep(a, x->deletion_by);
}

/*
 * Copies pod p's facts to f's pod j, seen in window win (their strings
 * kept when keep_them, else borrowed from p).
 */
static void
fill_one(struct analysis *a, struct finding *f, size_t j,
    const struct podset_pod *p, size_t win, int keep_them)
{
	struct pod_facts	*x = &f->facts[j];

	x->known = 1;
	podset_death_key(p, &x->key);
	x->deletion_us = p->r.deletion_us;
	x->deletion_cause = p->r.deletion_cause;
	x->deletion_cause_basis = p->r.deletion_cause_basis;
	x->deletion_by = p->r.deletion_by;
	if (keep_them)
		keep_fact(a, x);
	if (win < f->win_lo)
		f->win_lo = win;
	if (win > f->win_hi)
		f->win_hi = win;
}

/*
 * Copies the facts of f's pods that the set ps holds and no window gave
 * yet (their strings kept when keep_them, else borrowed from ps).
 * Returns whether every pod of f is known now.
 */
static int
fill(struct analysis *a, struct finding *f, struct podset *ps,
    int keep_them)
{
	const struct podset_pod	*p;
	size_t			 n = json_array_size(f->uids), j, known = 0;

	if (f->facts == NULL && n > 0)
		f->facts = xcalloc(n, sizeof *f->facts);
	for (j = 0; j < n; j++) {
		if (!f->facts[j].known && (p = podset_find(ps,
		    json_string_value(json_array_get(f->uids, j)))) != NULL)
			fill_one(a, f, j, p, a->window, keep_them);
		known += f->facts[j].known;
	}
	return (known == n);
}

/*
 * Names who deleted f's pods and puts them in the lists' order, then at
 * rest (finding_sleep).
 */
static void
finish(struct analysis *a, struct finding *f)
{
	struct podset_placed	*v;
	json_t			*pods, *uids;
	size_t			 n = json_array_size(f->uids), j;

	deletion_name(f, f->facts, n);
	if (n >= 2) {
		v = xreallocarray(NULL, n, sizeof *v);
		for (j = 0; j < n; j++) {
			v[j].key = f->facts[j].known ? &f->facts[j].key : NULL;
			v[j].at = j;
		}
		podset_sort_placed(v, n);
		pods = json_array();
		uids = json_array();
		for (j = 0; j < n; j++) {
			json_array_append(uids, json_array_get(f->uids,
			    v[j].at));
			/* names are reused: the name at the uid's place */
			if (json_array_size(f->pods) == n)
				json_array_append(pods, json_array_get(f->pods,
				    v[j].at));
		}
		free(v);
		if (json_array_size(pods) == n) {
			json_decref(f->pods);
			f->pods = pods;
		} else
			json_decref(pods);
		json_decref(f->uids);
		f->uids = uids;
		/* the positions the indexes held are gone */
		hindex_free(&f->uid_ix);
		hindex_free(&f->name_ix);
		f->uid_nix = f->name_nix = 0;
	}
	free(f->facts);
	f->facts = NULL;
	f->finished = 1;
	finding_sleep(a, f);
}

void
finish_window(struct analysis *a, size_t first)
{
	struct finding	*f;
	size_t		 i, j;

	for (i = 0; i < a->n; i++) {
		f = &a->v[i];
		if (f->finished)
			continue;
		/* made in this window with all its pods here: done */
		if (i < first)
			fill(a, f, a->pods, 1);
		else if (fill(a, f, a->pods, 0))
			finish(a, f);
		else
			for (j = 0; j < json_array_size(f->uids); j++)
				if (f->facts[j].known)
					keep_fact(a, &f->facts[j]);
	}
}

/* A pod of a finding made before the windows (struct finish_before). */
struct before_pod {
	size_t		 f;		/* the finding, a->v[f] */
	size_t		 j;		/* the pod's place in its uids */
	size_t		 next;		/* another of the same uid, or
					   SIZE_MAX */
};

/* The uid a before_pod means, for the index. */
struct before_key {
	const struct finish_before	*fb;
	const char			*uid;
};

static const char *
before_uid(const struct finish_before *fb, size_t i)
{
	const struct before_pod	*b = &fb->v[i];

	return (json_string_value(json_array_get(fb->a->v[b->f].uids, b->j)));
}

static int
before_eq(const void *ctx, size_t item)
{
	const struct before_key	*k = ctx;

	return (str_eq(before_uid(k->fb, item), k->uid));
}

/* Indexes the pods of the findings not finished (made before a window). */
static void
before_index(struct finish_before *fb)
{
	struct analysis		*a = fb->a;
	struct finding		*f;
	struct before_key	 k = { .fb = fb };
	size_t			 i, j, n, total = 0, at;

	fb->indexed = 1;
	for (i = 0; i < a->n; i++) {
		f = &a->v[i];
		if (f->finished)
			continue;
		finding_wake(f);
		/* its rule is done: the indexes that kept its pods once go */
		hindex_free(&f->uid_ix);
		hindex_free(&f->name_ix);
		f->uid_nix = f->name_nix = 0;
		n = json_array_size(f->uids);
		if (f->facts == NULL && n > 0)
			f->facts = xcalloc(n, sizeof *f->facts);
		total += n;
	}
	fb->v = xreallocarray(NULL, total > 0 ? total : 1, sizeof *fb->v);
	for (i = 0; i < a->n; i++) {
		f = &a->v[i];
		if (f->finished)
			continue;
		for (j = 0; j < json_array_size(f->uids); j++) {
			at = fb->n++;
			fb->v[at].f = i;
			fb->v[at].j = j;
			k.uid = before_uid(fb, at);
			fb->v[at].next = hindex_put(&fb->ix, hindex_str(
			    HINDEX_SEED, k.uid), at, before_eq, &k);
		}
	}
}

void
finish_before_pod(void *ctx, size_t win, const struct row_pod *r,
    const struct row_container *c, size_t nc,
    const struct row_termination *t, size_t nt)
{
	struct finish_before	*fb = ctx;
	struct before_key	 k = { .fb = fb, .uid = r->uid };
	size_t			 i;

	if (!fb->indexed)
		before_index(fb);
	if (fb->n == 0 || r->uid == NULL || (i = hindex_get(&fb->ix,
	    hindex_str(HINDEX_SEED, r->uid), before_eq, &k)) == HINDEX_NONE)
		return;
	/* the pod as a window would hold it, for a moment */
	podset_add(&fb->pod, r, c, nc, t, nt);
	podset_settle(&fb->pod);
	for (; i != SIZE_MAX; i = fb->v[i].next)
		fill_one(fb->a, &fb->a->v[fb->v[i].f], fb->v[i].j,
		    &fb->pod.v[0], win, 1);
	podset_free(&fb->pod);
}

void
finish_before_end(struct finish_before *fb)
{
	size_t	i;

	/* every pod was read: those not known are not the model's */
	for (i = 0; fb->indexed && i < fb->a->n; i++)
		if (!fb->a->v[i].finished)
			finish(fb->a, &fb->a->v[i]);
	hindex_free(&fb->ix);
	free(fb->v);
	podset_free(&fb->pod);
	memset(fb, 0, sizeof *fb);
}

void
finish_all(struct analysis *a)
{
	struct finding	*f;
	char		*s;
	size_t		 i;

	for (i = 0; i < a->n; i++) {
		f = &a->v[i];
		/* the pods no window gave are not the model's */
		if (!f->finished)
			finish(a, f);
		if (f->tail.len > 0 && f->summary != NULL) {
			s = xasprintf("%s%s", f->summary, f->tail.data);
			free(f->summary);
			f->summary = s;
		}
		buf_free(&f->tail);
	}
}
