/*
 * podcache.c: the pods the TUI has read (tui.h, struct podcache).  The
 * views never hold every pod: they ask for the pods they show, by uid or
 * by their places in the pods list the analysis wrote (podlist.h), and
 * each is read from the store once and kept, at an address that does not
 * change, until the state is freed.  The workloads' sums are read whole
 * when the state is: a few rows per workload.  No SQL (store.h), no
 * drawing.
 */
#include <stdlib.h>
#include <string.h>

#include "tui.h"

/* A uid or a workload looked up in the cache's indexes. */
struct pc_key {
	const struct podcache	*pc;
	const char		*a;	/* the uid, or the namespace */
	const char		*b;	/* the workload */
};

static int
pod_is(const void *ctx, size_t item)
{
	const struct pc_key	*k = ctx;

	return (strcmp(k->pc->all[item]->r.uid, k->a) == 0);
}

static int
workload_is(const void *ctx, size_t item)
{
	const struct pc_key		*k = ctx;
	const struct row_workload_pods	*w = &k->pc->wl[item];

	return (str_eq(w->namespace, k->a) && str_eq(w->workload, k->b));
}

static uint64_t
workload_hash(const char *ns, const char *wl)
{
	return (hindex_str(hindex_str(HINDEX_SEED, ns), wl));
}

static int
add_workload(void *ctx, const void *row)
{
	struct podcache			*pc = ctx;
	const struct row_workload_pods	*r = row;
	struct row_workload_pods	*w;
	struct pc_key			 k = { pc, r->namespace, r->workload };

	pc->wl = xgrow(pc->wl, pc->nwl, sizeof *pc->wl);
	w = &pc->wl[pc->nwl];
	*w = *r;
	w->namespace = arena_strdup(&pc->a, r->namespace);
	w->workload = arena_strdup(&pc->a, r->workload);
	w->kind = arena_strdup(&pc->a, r->kind);
	hindex_put(&pc->wl_by_name, workload_hash(r->namespace, r->workload),
	    pc->nwl, workload_is, &k);
	pc->nwl++;
	pc->npods += r->pods;
	return (0);
}

int
podcache_open(struct podcache *pc, struct store *st, char **cause)
{
	memset(pc, 0, sizeof *pc);
	return (store_model_scan(st, ROW_WORKLOAD_PODS, add_workload, pc,
	    cause));
}

void
podcache_free(struct podcache *pc)
{
	size_t	i;

	for (i = 0; i < pc->nsets; i++)
		podset_free(&pc->sets[i]);
	free(pc->sets);
	free(pc->all);
	hindex_free(&pc->by_uid);
	free(pc->wl);
	hindex_free(&pc->wl_by_name);
	arena_free(&pc->a);
	memset(pc, 0, sizeof *pc);
}

struct podset_pod *
podcache_get(const struct podcache *pc, const char *uid)
{
	struct pc_key	k = { pc, uid, NULL };
	size_t		i;

	if (uid == NULL || pc->nall == 0)
		return (NULL);
	i = hindex_get(&pc->by_uid, hindex_str(HINDEX_SEED, uid), pod_is, &k);
	return (i != HINDEX_NONE ? pc->all[i] : NULL);
}

int
podcache_want(struct podcache *pc, struct store *st,
    const char *const *uids, size_t n, char **cause)
{
	const char	**miss;
	struct podset	*ps;
	struct pc_key	 k = { pc, NULL, NULL };
	size_t		 nmiss = 0, i;

	miss = xcalloc(n > 0 ? n : 1, sizeof *miss);
	for (i = 0; i < n; i++) {
		if (podcache_get(pc, uids[i]) == NULL)
			miss[nmiss++] = uids[i];
	}
	if (nmiss == 0) {
		free(miss);
		return (0);
	}
	pc->sets = xreallocarray(pc->sets, pc->nsets + 1, sizeof *pc->sets);
	ps = &pc->sets[pc->nsets++];
	if (podset_load_uids(st, ps, miss, nmiss, cause) != 0) {
		free(miss);
		return (-1);
	}
	free(miss);
	pc->all = xreallocarray(pc->all, pc->nall + ps->n, sizeof *pc->all);
	for (i = 0; i < ps->n; i++) {
		/* a uid asked twice in one call is loaded once */
		if (podcache_get(pc, ps->v[i].r.uid) != NULL)
			continue;
		k.a = ps->v[i].r.uid;
		hindex_put(&pc->by_uid, hindex_str(HINDEX_SEED, k.a), pc->nall,
		    pod_is, &k);
		pc->all[pc->nall++] = &ps->v[i];
	}
	return (0);
}

const struct row_workload_pods *
podcache_workload(const struct podcache *pc, const char *ns, const char *wl)
{
	struct pc_key	k = { pc, ns, wl };
	size_t		i;

	if (pc->nwl == 0)
		return (NULL);
	i = hindex_get(&pc->wl_by_name, workload_hash(ns, wl), workload_is,
	    &k);
	return (i != HINDEX_NONE ? &pc->wl[i] : NULL);
}

/* The rows of a range of the list, copied. */
struct pc_rows {
	struct row_pod_list	*v;	/* owned; strings in a */
	size_t			 n;
	struct arena		 a;
};

static int
add_row(void *ctx, const void *row)
{
	struct pc_rows			*rows = ctx;
	const struct row_pod_list	*r = row;
	struct row_pod_list		*c;

	rows->v = xgrow(rows->v, rows->n, sizeof *rows->v);
	c = &rows->v[rows->n++];
	*c = *r;
	c->uid = arena_strdup(&rows->a, r->uid);
	c->namespace = arena_strdup(&rows->a, r->namespace);
	c->workload = arena_strdup(&rows->a, r->workload);
	c->badges = arena_strdup(&rows->a, r->badges);
	c->search = NULL;	/* the filter's, not the views' */
	return (0);
}

int
podcache_range(struct podcache *pc, struct store *st, int64_t from_seq,
    int64_t to_seq, int (*cb)(void *, const struct row_pod_list *,
    struct podset_pod *), void *ctx, char **cause)
{
	struct pc_rows	 rows = { 0 };
	const char	**uids;
	size_t		 i;
	int		 rc;

	if (to_seq < from_seq)
		return (0);
	if (store_pod_list(st, from_seq, to_seq, add_row, &rows, cause) != 0) {
		free(rows.v);
		arena_free(&rows.a);
		return (-1);
	}
	uids = xcalloc(rows.n > 0 ? rows.n : 1, sizeof *uids);
	for (i = 0; i < rows.n; i++)
		uids[i] = rows.v[i].uid;
	rc = podcache_want(pc, st, uids, rows.n, cause);
	for (i = 0; rc == 0 && i < rows.n; i++)
		rc = cb(ctx, &rows.v[i], podcache_get(pc, rows.v[i].uid));
	free(uids);
	free(rows.v);
	arena_free(&rows.a);
	return (rc < 0 ? -1 : 0);
}
