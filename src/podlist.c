/*
 * podlist.c: the pods list, each workload's pods summed and the
 * overview's deaths (podlist.h), derived from the analysis's pods and
 * findings.  A pod's place, its badges, its counts and the widths of its
 * cells are computed here once; the pods view, the overview and the
 * finding's pods read them back a page at a time.  No SQL (store.h), no
 * drawing.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "deletion.h"
#include "jsonval.h"
#include "out.h"
#include "podlist.h"
#include "podwin.h"
#include "timefmt.h"

/* A pod of the list with what its row shows. */
struct pl_pod {
	struct podset_pod	*p;		/* borrowed from the analysis */
	char			 badges[48];	/* "KILL GRACE" */
	char			 kinds[192];	/* its findings' kinds, as
						   analyze names them, for
						   the filter */
	int64_t			 failed;	/* its failed attempts */
	int64_t			 missing;	/* its missing records */
};

/* Appends word to the words in out (size bytes) unless it is there. */
static void
add_word(char *out, size_t size, const char *word)
{
	size_t	n = strlen(out);

	if (strstr(out, word) == NULL)
		snprintf(out + n, size - n, "%s%s", n > 0 ? " " : "", word);
}

/*
 * Each finding's badge, and its kind, on the pods of window w (ps) it
 * names, in the findings' order.
 */
static void
add_badges(struct analysis *a, struct podset *ps, size_t w, struct pl_pod *v)
{
	struct finding_pods	 fp;
	struct podset_pod	*p;
	const char		*b, *k;
	size_t			 i, j;

	for (i = 0; i < a->n; i++) {
		/* its pods are in these windows (finish.c) */
		if (a->v[i].win_lo == SIZE_MAX || w < a->v[i].win_lo ||
		    w > a->v[i].win_hi)
			continue;
		b = finding_kinds[a->v[i].kind].badge;
		k = finding_kinds[a->v[i].kind].name;
		finding_pods_read(&a->v[i], &fp);
		for (j = 0; j < fp.n; j++) {
			if ((p = podset_find(ps, fp.uid[j])) == NULL)
				continue;
			add_word(v[p - ps->v].badges, sizeof v->badges, b);
			add_word(v[p - ps->v].kinds, sizeof v->kinds, k);
		}
		finding_pods_free(&fp);
	}
}

/*
 * Each pod's failed attempts and missing records (store_pod_totals): of
 * the window's pods, or of every pod when one window holds them all.
 */
static int
add_totals(struct analysis *a, struct podset *ps, struct pl_pod *v,
    char **cause)
{
	struct store_pod_total	*tot;
	struct podset_pod	*p;
	const char		**uid;
	char			*js = NULL;
	size_t			 ntot, i;
	int			 rc;

	if (podwin_count(a->win) > 1) {
		uid = xreallocarray(NULL, ps->n > 0 ? ps->n : 1, sizeof *uid);
		for (i = 0; i < ps->n; i++)
			uid[i] = ps->v[i].r.uid;
		js = jv_strs_dump(uid, ps->n);
		free(uid);
	}
	rc = store_pod_totals(a->st, js, &tot, &ntot, cause);
	free(js);
	if (rc != 0)
		return (-1);
	for (i = 0; i < ntot; i++) {
		if ((p = podset_find(ps, tot[i].uid)) == NULL)
			continue;
		v[p - ps->v].failed += tot[i].failed;
		v[p - ps->v].missing += tot[i].missing;
	}
	store_pod_totals_free(tot, ntot);
	return (0);
}

/* Appends s, lower case, and a separator to b. */
static void
search_add(struct buf *b, const char *s)
{
	char	c;

	if (s == NULL)
		return;
	for (; *s != '\0'; s++) {
		c = (char)tolower((unsigned char)*s);
		buf_append(b, &c, 1);
	}
	buf_append(b, "\n", 1);
}

/* What the pods view's filter matches of the pod (tui/pods.c). */
static void
search_of(const struct pl_pod *x, struct buf *b)
{
	const struct podset_pod	*p = x->p;
	size_t			 i;

	buf_clear(b);
	buf_puts(b, "");
	search_add(b, p->r.namespace);
	search_add(b, p->r.name);
	search_add(b, p->r.workload);
	search_add(b, p->r.node);
	search_add(b, p->r.ip);
	search_add(b, x->badges);
	search_add(b, x->kinds);
	search_add(b, p->r.uid);
	search_add(b, p->r.deletion_by);
	for (i = 0; i < p->nc; i++)
		search_add(b, p->c[i].name);
}

static int
cmp_pl(const void *a, const void *b)
{
	const struct pl_pod	*x = a, *y = b;

	return (podset_cmp_death(&x->p, &y->p));
}

/* The lane's deaths of one pod, counted into w. */
static int
put_deaths(struct store *st, const struct podset_pod *p,
    struct row_workload_pods *w)
{
	struct row_lane_death	 d = {
		.namespace = p->r.namespace, .workload = p->r.workload,
		.pod_uid = p->r.uid
	};
	int64_t			 at;
	size_t			 i;
	int			 rc = 0;

	if ((at = podset_died_at(p)) != TIME_NONE) {
		d.at_us = p->r.killed && p->r.deadline_us != TIME_NONE ?
		    p->r.deadline_us : at;
		d.killed = p->r.killed != 0;
		w->deaths++;
		if (w->first_us == TIME_NONE || d.at_us < w->first_us)
			w->first_us = d.at_us;
		if (w->last_us == TIME_NONE || d.at_us > w->last_us)
			w->last_us = d.at_us;
		return (store_model_put(st, ROW_LANE_DEATH, &d));
	}
	/* never deleted: each death of its containers (restarts) */
	for (i = 0; i < p->nt && rc == 0; i++) {
		if (!podset_is_death(&p->t[i]) ||
		    p->t[i].finished_us == TIME_NONE)
			continue;
		d.at_us = p->t[i].finished_us;
		w->deaths++;
		if (w->first_us == TIME_NONE || d.at_us < w->first_us)
			w->first_us = d.at_us;
		if (w->last_us == TIME_NONE || d.at_us > w->last_us)
			w->last_us = d.at_us;
		rc = store_model_put(st, ROW_LANE_DEATH, &d);
	}
	return (rc);
}

/* Widens the workload's counts and widths with the pod's row. */
static void
sum_pod(struct row_workload_pods *w, const struct row_pod_list *r,
    const struct podset_pod *p)
{
	int64_t	t = p->r.deletion_us;

	w->pods++;
	w->failed += r->failed;
	w->missing += r->missing;
	w->restarts += podset_restarts(p);
	if (r->exits_cols > w->exits_cols)
		w->exits_cols = r->exits_cols;
	if (r->by_cols > w->by_cols)
		w->by_cols = r->by_cols;
	if ((int64_t)strlen(r->badges) > w->badges_cols)
		w->badges_cols = (int64_t)strlen(r->badges);
	if (p->r.name != NULL && (int64_t)strlen(p->r.name) > w->name_cols)
		w->name_cols = (int64_t)strlen(p->r.name);
	if (t != TIME_NONE && (w->deleted_lo_us == TIME_NONE ||
	    t < w->deleted_lo_us))
		w->deleted_lo_us = t;
	if (t != TIME_NONE && (w->deleted_hi_us == TIME_NONE ||
	    t > w->deleted_hi_us))
		w->deleted_hi_us = t;
}

/* A workload's sums begun at its first pod, seq. */
static void
begin_workload(struct row_workload_pods *w, const struct podset_pod *p,
    int64_t seq)
{
	memset(w, 0, sizeof *w);
	w->namespace = p->r.namespace;
	w->workload = p->r.workload;
	w->kind = p->r.workload_kind;
	w->first_seq = seq;
	w->first_us = w->last_us = TIME_NONE;
	w->deleted_lo_us = w->deleted_hi_us = TIME_NONE;
}

/* The pod's row of the list at seq (strings borrowed; *by freed after). */
static void
row_of(const struct pl_pod *x, int64_t seq, struct buf *search,
    struct row_pod_list *r, char **by)
{
	char	*exits = podset_exits(x->p, 0, 0);

	memset(r, 0, sizeof *r);
	r->seq = seq;
	r->uid = x->p->r.uid;
	r->namespace = x->p->r.namespace;
	r->workload = x->p->r.workload;
	r->zero_us = podset_zero_at(x->p);
	r->deleted_us = x->p->r.deletion_us;
	r->badges = x->badges;
	r->failed = x->failed;
	r->missing = x->missing;
	r->exits_cols = (int64_t)out_printed_cols(exits);
	free(exits);
	*by = deletion_actor_short(x->p->r.deletion_by);
	r->by_cols = *by != NULL ? (int64_t)out_printed_cols(*by) : 0;
	search_of(x, search);
	r->search = search->data;
}

/* Each workload's attempts over the incident's window. */
static int
lane_traffic(struct analysis *a, char **cause)
{
	struct store_summary	sum;

	if (store_window(a->st, &sum, cause) != 0)
		return (-1);
	if (sum.first_us == TIME_NONE)
		return (0);
	return (store_lane_traffic_derive(a->st, time_floor_div(sum.first_us,
	    1000000), time_floor_div(sum.last_us, 1000000), cause));
}

/*
 * The list's rows of window w's pods (ps), numbered from *seq, and their
 * workloads' (whole in a window), *seq moved past them.
 */
static int
write_window(struct analysis *a, struct podset *ps, size_t win,
    int64_t *seq, char **cause)
{
	struct row_workload_pods w;
	struct row_pod_list	 r;
	struct pl_pod		*v;
	struct podset_pod	*p;
	struct buf		 search = { 0 };
	char			*by;
	size_t			 n = ps->n, i;
	int			 rc = 0;

	v = xcalloc(n > 0 ? n : 1, sizeof *v);
	for (i = 0; i < n; i++)
		v[i].p = &ps->v[i];
	add_badges(a, ps, win, v);
	if (add_totals(a, ps, v, cause) != 0) {
		free(v);
		return (-1);
	}
	xqsort(v, n, sizeof *v, cmp_pl);
	for (i = 0; i < n && rc == 0; i++) {
		p = v[i].p;
		if (i == 0 || !str_eq(p->r.namespace,
		    v[i - 1].p->r.namespace) || !str_eq(p->r.workload,
		    v[i - 1].p->r.workload)) {
			if (i > 0 && (rc = store_model_put(a->st,
			    ROW_WORKLOAD_PODS, &w)) != 0)
				break;
			begin_workload(&w, p, *seq + (int64_t)i);
		}
		row_of(&v[i], *seq + (int64_t)i, &search, &r, &by);
		rc = store_model_put(a->st, ROW_POD_LIST, &r);
		free(by);
		sum_pod(&w, &r, p);
		if (rc == 0)
			rc = put_deaths(a->st, p, &w);
	}
	if (rc == 0 && n > 0)
		rc = store_model_put(a->st, ROW_WORKLOAD_PODS, &w);
	buf_free(&search);
	free(v);
	if (rc != 0) {
		*cause = xstrdup(store_error(a->st));
		return (-1);
	}
	*seq += (int64_t)n;
	return (0);
}

int
podlist_write(struct analysis *a, char **cause)
{
	struct podset	*ps;
	size_t		 w;
	int64_t		 seq = 0;

	/* the windows again, in their order: the list's */
	for (w = 0; w < podwin_count(a->win); w++) {
		if (podwin_load(a->win, w, &ps, cause) != 0 ||
		    write_window(a, ps, w, &seq, cause) != 0)
			return (-1);
	}
	if (lane_traffic(a, cause) != 0 ||
	    store_rs_traffic_derive(a->st, cause) != 0)
		return (-1);
	return (store_finding_list_derive(a->st, cause));
}
