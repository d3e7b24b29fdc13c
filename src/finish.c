/*
 * finish.c: what each finding's pods say once the rules have run
 * (analyze.h): who deleted them (deletion_name) and the order every list
 * shows them in (podset_cmp_death).  Both read the pods, which are there
 * only in the window that holds them: a finding made in a window is
 * finished at its end (a workload's pods are in one window), and the
 * facts of the pods of a finding made before the windows (the rules
 * that read the store) are copied from each window as it passes and read
 * once they are all through.  No SQL, no drawing.
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
	x->key.name = keep(a, x->key.name);
	x->deletion_cause = keep(a, x->deletion_cause);
	x->deletion_cause_basis = keep(a, x->deletion_cause_basis);
	x->deletion_by = keep(a, x->deletion_by);
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
	struct pod_facts	*x;
	size_t			 n = json_array_size(f->uids), j, known = 0;

	if (f->facts == NULL && n > 0)
		f->facts = xcalloc(n, sizeof *f->facts);
	for (j = 0; j < n; j++) {
		x = &f->facts[j];
		if (!x->known && (p = podset_find(ps, json_string_value(
		    json_array_get(f->uids, j)))) != NULL) {
			x->known = 1;
			podset_death_key(p, &x->key);
			x->deletion_us = p->r.deletion_us;
			x->deletion_cause = p->r.deletion_cause;
			x->deletion_cause_basis = p->r.deletion_cause_basis;
			x->deletion_by = p->r.deletion_by;
			if (keep_them)
				keep_fact(a, x);
			if (f->win_lo == SIZE_MAX)
				f->win_lo = a->window;
			f->win_hi = a->window;
		}
		known += x->known;
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
