/*
 * podset.c: the model's pods with their containers, read out of the store
 * into memory (podset.h) for the commands and the analysis.  No SQL (the
 * rows come through store.h), no drawing.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonval.h"
#include "out.h"
#include "podset.h"
#include "timefmt.h"

static const char *
A(struct podset *l, const char *s)
{
	return (arena_strdup(&l->a, s));
}

/* The rows whose fields remember their last text (podset.last). */
enum { LAST_POD, LAST_CONTAINER, LAST_TERMINATION };

/*
 * s as one of the set's texts, kept once: the field's last text when it
 * is the same (a workload's pods are often written one after another),
 * else the pool's.  off is the field's offset in its row of kind row.
 */
static const char *
T(struct podset *l, int row, size_t off, const char *s)
{
	const char	**last;

	if (s == NULL)
		return (NULL);
	last = off / 8 < 64 ? &l->last[row][off / 8] : NULL;
	if (last != NULL && *last != NULL && strcmp(*last, s) == 0)
		return (*last);
	s = strpool_put(&l->texts, s);
	if (last != NULL)
		*last = s;
	return (s);
}

/* A container's, a termination's field kept once (T). */
#define TC(l, r, f)	T(l, LAST_CONTAINER,				\
	offsetof(struct row_container, f), (r)->f)
#define TT(l, r, f)	T(l, LAST_TERMINATION,				\
	offsetof(struct row_termination, f), (r)->f)

/*
 * Whether want names s as it is: the same, or cut as "coroner pods" cuts
 * names ("local-pat…ioner-7b7dc8d6f5-45btl", "…" or "..."): s starts
 * with what comes before the cut and ends with what comes after it.
 */
static int
names_as_is(const char *want, const char *s)
{
	const char	*cut;
	size_t		 head, tail, n, len;

	if (strcmp(want, s) == 0)
		return (1);
	if ((cut = strstr(want, "\xe2\x80\xa6")) != NULL)
		n = 3;
	else if ((cut = strstr(want, "...")) != NULL)
		n = 3;
	else
		return (0);
	head = (size_t)(cut - want);
	tail = strlen(cut + n);
	len = strlen(s);
	return (head + tail < len && strncmp(s, want, head) == 0 &&
	    strcmp(s + len - tail, cut + n) == 0);
}

/*
 * Whether want names s, as it is or as coroner prints it: a name that
 * holds control characters (only hostile input has them) is printed
 * escaped ("\x1b[31m"), and that is what a user gives back.
 */
static int
names(const char *want, const char *s)
{
	char	*safe;
	int	 r;

	if (s == NULL)
		return (0);
	if (names_as_is(want, s))
		return (1);
	if (strchr(want, '\\') == NULL || out_is_safe(s, strlen(s)))
		return (0);
	safe = out_safe(s, strlen(s), SIZE_MAX);
	r = names_as_is(want, safe);
	free(safe);
	return (r);
}

/*
 * Appends a copy of pod r (no containers yet) to the set: every string
 * of the row, as its field table lists them, into the set (its uid,
 * name and IP into the arena, the rest among the texts).
 */
static struct podset_pod *
copy_pod(struct podset *l, const struct row_pod *r)
{
	const struct rec_field	*f;
	struct podset_pod	*p;
	const char		*s;

	if (l->n == l->cap) {
		l->cap = l->cap == 0 ? 256 : l->cap * 2;
		l->v = xreallocarray(l->v, l->cap, sizeof *l->v);
	}
	p = &l->v[l->n++];
	memset(p, 0, sizeof *p);
	p->r = *r;
	for (f = row_descs[ROW_POD].fields; f->name != NULL; f++) {
		if (f->type != RF_STR)
			continue;
		memcpy(&s, (const char *)r + f->off, sizeof s);
		/* a pod's own: its uid, name and IP */
		if (f->off == offsetof(struct row_pod, uid) ||
		    f->off == offsetof(struct row_pod, name) ||
		    f->off == offsetof(struct row_pod, ip))
			s = A(l, s);
		else
			s = T(l, LAST_POD, f->off, s);
		memcpy((char *)&p->r + f->off, &s, sizeof s);
	}
	return (p);
}

static int
load_pod(void *ctx, const void *row)
{
	struct podset		*l = ctx;
	const struct row_pod	*r = row;
	char			 nsname[512];

	if (l->want != NULL) {
		snprintf(nsname, sizeof nsname, "%s/%s",
		    r->namespace != NULL ? r->namespace : "",
		    r->name != NULL ? r->name : "");
		if (strcmp(l->want, r->uid) != 0 && !names(l->want, nsname) &&
		    !names(l->want, r->name))
			return (0);
	}
	copy_pod(l, r);
	return (0);
}

/* A uid looked up in a set's index (podset_index). */
struct uid_key {
	const struct podset	*l;
	const char		*uid;
};

/* Whether the set's pod at item has the key's uid. */
static int
pod_is(const void *ctx, size_t item)
{
	const struct uid_key	*k = ctx;

	return (strcmp(k->l->v[item].r.uid, k->uid) == 0);
}

static struct podset_pod *
find_uid(const struct podset *l, const char *uid)
{
	struct uid_key	k = { l, uid };
	size_t		i;

	if (uid == NULL || l->n == 0)
		return (NULL);
	i = hindex_get(&l->by_uid, hindex_str(HINDEX_SEED, uid), pod_is, &k);
	return (i != HINDEX_NONE ? &l->v[i] : NULL);
}

/* Appends a copy of container r to pod p of the set. */
static void
copy_container(struct podset *l, struct podset_pod *p,
    const struct row_container *r)
{
	struct row_container	*c;

	p->c = xreallocarray(p->c, p->nc + 1, sizeof *p->c);
	c = &p->c[p->nc++];
	*c = *r;
	c->pod_uid = p->r.uid;
	c->name = TC(l, r, name);
	c->image = TC(l, r, image);
	c->prestop_kind = TC(l, r, prestop_kind);
	c->prestop_cmd = TC(l, r, prestop_cmd);
	c->reason = TC(l, r, reason);
	c->sigterm_basis = TC(l, r, sigterm_basis);
	c->message = TC(l, r, message);
	c->waiting_reason = TC(l, r, waiting_reason);
	c->waiting_message = TC(l, r, waiting_message);
	c->last_reason = TC(l, r, last_reason);
	c->restarts_basis = TC(l, r, restarts_basis);
	c->unhealthy_message = TC(l, r, unhealthy_message);
	c->start_error = TC(l, r, start_error);
}

static int
load_container(void *ctx, const void *row)
{
	struct podset			*l = ctx;
	const struct row_container	*r = row;
	struct podset_pod		*p;

	if ((p = find_uid(l, r->pod_uid)) != NULL)
		copy_container(l, p, r);
	return (0);
}

/* Appends a copy of termination r to pod p of the set. */
static void
copy_termination(struct podset *l, struct podset_pod *p,
    const struct row_termination *r)
{
	struct row_termination	*t;

	p->t = xreallocarray(p->t, p->nt + 1, sizeof *p->t);
	t = &p->t[p->nt++];
	*t = *r;
	t->pod_uid = p->r.uid;
	t->container = TT(l, r, container);
	t->reason = TT(l, r, reason);
	t->message = TT(l, r, message);
	t->cause_basis = TT(l, r, cause_basis);
	t->basis = TT(l, r, basis);
	t->last_log = TT(l, r, last_log);
}

static int
load_termination(void *ctx, const void *row)
{
	struct podset			*l = ctx;
	const struct row_termination	*r = row;
	struct podset_pod		*p;

	if ((p = find_uid(l, r->pod_uid)) != NULL)
		copy_termination(l, p, r);
	return (0);
}

/*
 * Orders of the store's rows (row_descs' .order) as SQLite orders them
 * (str_cmp: NULL first, then text byte by byte); rows read in the order
 * they were written (store_model_scan_stored) are sorted here, without
 * SQLite's sorter carrying every column of every row.  Pods that tie are
 * put in the order of their uids; a pod's rows that tie stay in the order
 * written.
 */
static int
cmp_int(int64_t a, int64_t b)
{
	return (a < b ? -1 : a > b);
}

/* ROW_POD's: namespace, workload, coalesce(deletion_us, created_us), name */
static int
cmp_stored_pod(const void *a, const void *b)
{
	const struct podset_pod	*p = a, *q = b;
	int			 c;

	if ((c = str_cmp(p->r.namespace, q->r.namespace)) != 0 ||
	    (c = str_cmp(p->r.workload, q->r.workload)) != 0 ||
	    (c = cmp_int(p->r.deletion_us != TIME_NONE ? p->r.deletion_us :
	    p->r.created_us, q->r.deletion_us != TIME_NONE ?
	    q->r.deletion_us : q->r.created_us)) != 0 ||
	    (c = str_cmp(p->r.name, q->r.name)) != 0)
		return (c);
	return (strcmp(p->r.uid, q->r.uid));
}

/* ROW_CONTAINER's within a pod: init DESC, name (unique in the pod) */
static int
cmp_stored_container(const void *a, const void *b)
{
	const struct row_container	*p = a, *q = b;

	if (p->init != q->init)
		return (p->init > q->init ? -1 : 1);
	return (str_cmp(p->name, q->name));
}

/* ROW_TERMINATION's within a pod: container, finished_us */
static int
cmp_stored_termination(const void *a, const void *b)
{
	const struct row_termination	*p = a, *q = b;
	int				 c;

	if ((c = str_cmp(p->container, q->container)) != 0)
		return (c);
	return (cmp_int(p->finished_us, q->finished_us));
}

/* Sorts a pod's few rows, keeping the order of those that tie. */
static void
sort_few(void *base, size_t n, size_t size,
    int (*cmp)(const void *, const void *))
{
	char	*v = base, tmp[sizeof(struct row_container) >
		    sizeof(struct row_termination) ?
		    sizeof(struct row_container) :
		    sizeof(struct row_termination)];
	size_t	 i, j;

	if (size > sizeof tmp)
		fatal("sort_few: rows of %zu bytes", size);
	for (i = 1; i < n; i++) {
		for (j = i; j > 0 && cmp(v + (j - 1) * size, v + i * size) > 0;
		    j--)
			;
		if (j == i)
			continue;
		memcpy(tmp, v + i * size, size);
		memmove(v + (j + 1) * size, v + j * size, (i - j) * size);
		memcpy(v + j * size, tmp, size);
	}
}

/* Puts the set's pods in the store's order and indexes them. */
static void
order_pods(struct podset *l)
{
	xqsort(l->v, l->n, sizeof *l->v, cmp_stored_pod);
	podset_index(l);
}

/* Puts each pod's containers and terminations in the store's order. */
static void
order_rows(struct podset *l)
{
	struct podset_pod	*p;
	size_t			 i;

	for (i = 0; i < l->n; i++) {
		p = &l->v[i];
		sort_few(p->c, p->nc, sizeof *p->c, cmp_stored_container);
		sort_few(p->t, p->nt, sizeof *p->t, cmp_stored_termination);
	}
}

/*
 * Loads the pods (all, or those matching want), in the store's order
 * (namespace, workload, deletion), with their containers.
 */
int
podset_load(struct store *st, struct podset *l, const char *want,
    char **cause)
{
	memset(l, 0, sizeof *l);
	l->want = want;
	if (store_model_scan_stored(st, ROW_POD, load_pod, l, cause) != 0)
		return (-1);
	order_pods(l);
	if (store_model_scan_stored(st, ROW_CONTAINER, load_container, l,
	    cause) != 0 || store_model_scan_stored(st, ROW_TERMINATION,
	    load_termination, l, cause) != 0)
		return (-1);
	order_rows(l);
	return (0);
}

int
podset_load_uids(struct store *st, struct podset *l, const char *const *uids,
    size_t n, char **cause)
{
	char	*js;
	int	 rc;

	memset(l, 0, sizeof *l);
	js = jv_strs_dump(uids, n);
	rc = store_model_of_pods(st, ROW_POD, js, load_pod, l, cause);
	if (rc == 0) {
		order_pods(l);
		rc = store_model_of_pods(st, ROW_CONTAINER, js,
		    load_container, l, cause);
	}
	if (rc == 0)
		rc = store_model_of_pods(st, ROW_TERMINATION, js,
		    load_termination, l, cause);
	free(js);
	if (rc == 0)
		order_rows(l);
	return (rc);
}

void
podset_add(struct podset *l, const struct row_pod *r,
    const struct row_container *c, size_t nc,
    const struct row_termination *t, size_t nt)
{
	struct podset_pod	*p = copy_pod(l, r);
	size_t			 i;

	for (i = 0; i < nc; i++)
		copy_container(l, p, &c[i]);
	for (i = 0; i < nt; i++)
		copy_termination(l, p, &t[i]);
}

void
podset_settle(struct podset *l)
{
	order_pods(l);
	order_rows(l);
}

void
podset_free(struct podset *l)
{
	size_t	i;

	for (i = 0; i < l->n; i++) {
		free(l->v[i].c);
		free(l->v[i].t);
	}
	free(l->v);
	hindex_free(&l->by_uid);
	strpool_free(&l->texts);
	arena_free(&l->a);
	/* empty, and usable again: last[] pointed into the texts freed */
	memset(l, 0, sizeof *l);
}

void
podset_index(struct podset *l)
{
	struct uid_key	k = { l, NULL };
	size_t		i;

	hindex_free(&l->by_uid);
	for (i = 0; i < l->n; i++) {
		k.uid = l->v[i].r.uid;
		hindex_put(&l->by_uid, hindex_str(HINDEX_SEED, k.uid), i,
		    pod_is, &k);
	}
}

struct podset_pod *
podset_find(struct podset *ps, const char *uid)
{
	return (find_uid(ps, uid));
}

size_t
podset_workload_end(const struct podset *l, size_t i)
{
	const struct podset_pod	*p = &l->v[i];

	for (i++; i < l->n && str_eq(l->v[i].r.namespace, p->r.namespace) &&
	    str_eq(l->v[i].r.workload, p->r.workload); i++)
		;
	return (i);
}

int
podset_holds_workload(const struct podset *l, const char *ns,
    const char *workload)
{
	const struct row_pod	*r;
	size_t			 lo = 0, hi = l->n, mid;
	int			 c;

	/* the order cmp_stored_pod sorts by */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		r = &l->v[mid].r;
		if ((c = str_cmp(r->namespace, ns)) == 0)
			c = str_cmp(r->workload, workload);
		if (c == 0)
			return (1);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (0);
}

int
podset_is_plain_sidecar(const struct row_container *c)
{
	return (c->sidecar && !c->native_sidecar && !c->init);
}

int64_t
podset_main_exit(const struct podset_pod *p, const char **which)
{
	size_t	i;

	*which = NULL;
	if (p->r.main_exit_us == TIME_NONE)
		return (TIME_NONE);
	/* the model's (lifecycle.c); which one it was: the first to */
	for (i = 0; i < p->nc && *which == NULL; i++) {
		if (model_is_main(&p->c[i]) &&
		    p->c[i].finished_us == p->r.main_exit_us)
			*which = p->c[i].name;
	}
	return (p->r.main_exit_us);
}

int64_t
podset_died_at(const struct podset_pod *p)
{
	return (p->r.deletion_us != TIME_NONE ? p->r.deletion_us :
	    p->r.main_exit_us);
}

void
podset_death_key(const struct podset_pod *p, struct podset_death_key *k)
{
	k->namespace = p->r.namespace;
	k->workload = p->r.workload;
	k->name = p->r.name;
	k->zero_at = podset_zero_at(p);
	k->created_us = p->r.created_us;
}

int
podset_cmp_workload(const char *ns1, const char *wl1, const char *ns2,
    const char *wl2)
{
	int	c;

	if ((c = strcmp(ns1 != NULL ? ns1 : "", ns2 != NULL ? ns2 : "")) != 0)
		return (c);
	return (strcmp(wl1 != NULL ? wl1 : "", wl2 != NULL ? wl2 : ""));
}

int
podset_cmp_death_key(const struct podset_death_key *p,
    const struct podset_death_key *q)
{
	int64_t	x = p->zero_at, y = q->zero_at;
	int	c;

	if ((c = podset_cmp_workload(p->namespace, p->workload, q->namespace,
	    q->workload)) != 0)
		return (c);
	if ((x == TIME_NONE) != (y == TIME_NONE))
		return (x == TIME_NONE ? 1 : -1);
	if (x == TIME_NONE) {
		x = p->created_us;
		y = q->created_us;
	}
	if (x != y)
		return (x < y ? -1 : 1);
	return (strcmp(p->name != NULL ? p->name : "",
	    q->name != NULL ? q->name : ""));
}

int
podset_cmp_death(const void *a, const void *b)
{
	const struct podset_pod	*p = *(struct podset_pod *const *)a;
	const struct podset_pod	*q = *(struct podset_pod *const *)b;
	struct podset_death_key	 x, y;
	int			 c;

	/* the time of death only when the workload ties: it takes a walk */
	if ((c = podset_cmp_workload(p->r.namespace, p->r.workload,
	    q->r.namespace, q->r.workload)) != 0)
		return (c);
	podset_death_key(p, &x);
	podset_death_key(q, &y);
	return (podset_cmp_death_key(&x, &y));
}

static int
cmp_placed(const void *a, const void *b)
{
	const struct podset_placed	*x = a, *y = b;
	int				 c;

	if ((x->key == NULL) != (y->key == NULL))
		return (x->key == NULL ? 1 : -1);
	if (x->key != NULL && (c = podset_cmp_death_key(x->key,
	    y->key)) != 0)
		return (c);
	return (x->at < y->at ? -1 : x->at > y->at);
}

void
podset_sort_placed(struct podset_placed *v, size_t n)
{
	xqsort(v, n, sizeof *v, cmp_placed);
}

void
podset_sort_uids(struct podset *ps, void *array, size_t n)
{
	const char		**uids = array, **was;
	struct podset_death_key	 *keys;
	struct podset_placed	 *v;
	struct podset_pod	 *p;
	size_t			  i;

	if (n < 2)
		return;
	keys = xcalloc(n, sizeof *keys);
	v = xcalloc(n, sizeof *v);
	was = xcalloc(n, sizeof *was);
	for (i = 0; i < n; i++) {
		if ((p = podset_find(ps, uids[i])) != NULL) {
			podset_death_key(p, &keys[i]);
			v[i].key = &keys[i];
		}
		v[i].at = i;
		was[i] = uids[i];
	}
	podset_sort_placed(v, n);
	for (i = 0; i < n; i++)
		uids[i] = was[v[i].at];
	free(was);
	free(v);
	free(keys);
}

int64_t
podset_zero_at(const struct podset_pod *p)
{
	int64_t	t = podset_died_at(p);
	size_t	i;

	if (t != TIME_NONE)
		return (t);
	for (i = 0; i < p->nt; i++) {
		if (podset_is_death(&p->t[i]) &&
		    p->t[i].finished_us != TIME_NONE &&
		    (t == TIME_NONE || p->t[i].finished_us > t))
			t = p->t[i].finished_us;
	}
	return (t);
}

int64_t
podset_restarts(const struct podset_pod *p)
{
	int64_t	n = 0;
	size_t	i;

	for (i = 0; i < p->nc; i++)
		if (p->c[i].restarts != INT_NONE)
			n += p->c[i].restarts;
	return (n);
}

int
podset_is_death(const struct row_termination *t)
{
	return (!t->init && (t->exit_code == INT_NONE || t->exit_code != 0));
}

int
podset_exit_unknown(const struct podset_pod *p, const struct row_container *c)
{
	if (p->r.gone_us == TIME_NONE || c->finished_us != TIME_NONE ||
	    model_is_plain_init(c))
		return (0);
	/* it ran, or it was on a node and said nothing (never waiting) */
	return (c->started_us != TIME_NONE || (c->waiting_reason == NULL &&
	    p->r.scheduled_us != TIME_NONE));
}

int
podset_grace_overridden(const struct podset_pod *p)
{
	return (p->r.deletion_us != TIME_NONE && p->r.spec_grace_s !=
	    INT_NONE && p->r.grace_s != INT_NONE &&
	    p->r.grace_s < p->r.spec_grace_s);
}

/* One container's end, as EXITS shows it. */
struct exit_cell {
	const char	*name;		/* borrowed: a sidecar's name, NULL for
					   a main container (its code alone) */
	char		 code[48];	/* "137 SIGKILL", "0", "run", "-",
					   "?" */
};

/* The pod's containers, main ones first: a new array (caller frees). */
static struct exit_cell *
exit_cells(const struct podset_pod *p, size_t *n)
{
	const struct row_container	*c;
	struct exit_cell		*v;
	size_t				 i;
	int				 side;

	v = xcalloc(p->nc > 0 ? p->nc : 1, sizeof *v);
	*n = 0;
	/* an init container in trouble first, by name: it is the cause */
	for (side = -1; side < 2; side++) {
		for (i = 0; i < p->nc; i++) {
			c = &p->c[i];
			if (side < 0 ? !model_init_failing(c) :
			    model_is_plain_init(c) || c->sidecar != side)
				continue;
			v[*n].name = side != 0 ? c->name : NULL;
			if (podset_exit_unknown(p, c))
				snprintf(v[*n].code, sizeof v->code, "?");
			else if (c->finished_us == TIME_NONE)
				snprintf(v[*n].code, sizeof v->code, "%s",
				    c->started_us != TIME_NONE ? "run" : "-");
			else if (c->exit_code == INT_NONE)
				snprintf(v[*n].code, sizeof v->code, "?");
			else
				model_exit_label(c, EW_OOM, v[*n].code,
				    sizeof v->code);
			(*n)++;
		}
	}
	return (v);
}

/*
 * The cells joined ("137 SIGKILL, istio-proxy 0"), each sidecar's name cut
 * to at most name_cols columns (0: whole) and the cells from the keep-th
 * on counted as "+N" (keep = n: all shown).  A new string.
 */
static char *
exits_join(const struct exit_cell *v, size_t n, size_t name_cols,
    size_t keep, int ascii)
{
	struct buf	 b = { 0 };
	char		*name;
	size_t		 i;

	for (i = 0; i < n && i < keep; i++) {
		if (b.len > 0)
			buf_puts(&b, ", ");
		if (v[i].name != NULL) {
			name = out_fit(v[i].name, name_cols > 0 ? name_cols :
			    strlen(v[i].name) + 1, OUT_CUT_END, ascii);
			buf_printf(&b, "%s ", name);
			free(name);
		}
		buf_puts(&b, v[i].code);
	}
	if (keep < n)
		buf_printf(&b, "%s+%zu", b.len > 0 ? " " : "", n - keep);
	if (b.data == NULL)
		buf_puts(&b, "-");
	return (b.data);
}

char *
podset_exits(const struct podset_pod *p, int cols, int ascii)
{
	struct exit_cell	*v;
	char			*s;
	size_t			 n, i, keep, longest = 0, nc, least;

	v = exit_cells(p, &n);
	s = exits_join(v, n, 0, n, ascii);
	if (cols <= 0 || out_printed_cols(s) <= (size_t)cols) {
		free(v);
		return (s);
	}
	for (i = 0; i < n; i++) {
		if (v[i].name != NULL && strlen(v[i].name) > longest)
			longest = strlen(v[i].name);
	}
	least = ascii ? 6 : 4;		/* three characters and the cut */
	for (keep = n; keep > 0; keep--) {
		for (nc = longest; nc >= least; nc--) {
			free(s);
			s = exits_join(v, n, nc, keep, ascii);
			if (out_printed_cols(s) <= (size_t)cols) {
				free(v);
				return (s);
			}
		}
	}
	free(s);
	s = exits_join(v, n, least, 1, ascii);
	free(v);
	return (s);
}
