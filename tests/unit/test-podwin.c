/*
 * test-podwin.c: the analysis's windows of pods (podwin.h) on a store
 * written straight: each window holds whole workloads in the pods
 * list's order (NULL the same as ""), a pod read back from the windows'
 * file is the pod podset_load reads, field by field (numbers at their
 * ends, NULL and empty texts, UTF-8), rows of no pod are passed over,
 * and rows put by workload come back in their workload's window.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "podwin.h"
#include "timefmt.h"
#include "unit.h"

static struct store	*st;
static char		 dbpath[64];

/* Whether two rows of desc d hold the same values. */
static int
same_row(const struct rec_desc *d, const void *a, const void *b)
{
	const struct rec_field	*f;
	const char		*x, *y;

	for (f = d->fields; f->name != NULL; f++) {
		if (f->type == RF_STR) {
			memcpy(&x, (const char *)a + f->off, sizeof x);
			memcpy(&y, (const char *)b + f->off, sizeof y);
			if (!str_eq(x, y))
				return (0);
		} else if (memcmp((const char *)a + f->off,
		    (const char *)b + f->off, f->type == RF_TIME ||
		    f->type == RF_INT ? sizeof(int64_t) : sizeof(int)) != 0)
			return (0);
	}
	return (1);
}

static void
put_pod(const char *uid, const char *ns, const char *workload,
    int64_t created, const char *node)
{
	struct row_pod	r;

	memset(&r, 0, sizeof r);
	r.uid = uid;
	r.namespace = ns;
	r.name = uid;
	r.workload = workload;
	r.node = node;
	r.created_us = created;
	r.deletion_us = TIME_NONE;
	r.grace_s = -1;
	r.message = "";
	r.reason = "Fehler: \xc3\xa9t\xc3\xa9";
	CHECK(store_model_put(st, ROW_POD, &r) == 0);
}

static void
put_container(const char *uid, const char *name, int init)
{
	struct row_container	c;

	memset(&c, 0, sizeof c);
	c.pod_uid = uid;
	c.name = name;
	c.init = init;
	c.image = "registry/app:1";
	c.exit_code = INT64_MIN;
	c.restarts = INT64_MAX;
	CHECK(store_model_put(st, ROW_CONTAINER, &c) == 0);
}

static void
put_termination(const char *uid, const char *container, int64_t at)
{
	struct row_termination	t;

	memset(&t, 0, sizeof t);
	t.pod_uid = uid;
	t.container = container;
	t.finished_us = at;
	t.exit_code = -9;
	t.last_log = NULL;
	CHECK(store_model_put(st, ROW_TERMINATION, &t) == 0);
}

/* The pods the tests read: four, in three workloads' windows. */
static void
make_store(void)
{
	char	*cause = NULL;

	unit_db_path(dbpath);
	if (store_open(dbpath, STORE_CREATE, &st, &cause) != 0 ||
	    store_model_begin(st, &cause) != 0)
		fatal("%s", cause);
	put_pod("u3", "shop", "api", INT64_MAX, NULL);
	put_pod("u1", "shop", NULL, INT64_MIN + 1, "node-1");
	put_pod("u2", "shop", "", -1, "");
	put_pod("u0", "zeta", "db", 0, "node-2");
	put_container("u3", "app", 0);
	put_container("u3", "init", 1);
	put_container("u0", "db", 0);
	put_container("u9", "orphan", 0);
	put_termination("u3", "app", 200);
	put_termination("u3", "app", 100);
	put_termination("u2", "app", TIME_NONE);
	put_termination("u8", "app", 1);
	if (store_model_end(st, 1, &cause) != 0)
		fatal("%s", cause);
}

static void
drop_store(void)
{
	store_close(st);
	unit_db_remove(dbpath);
}

/* Whether pod p is the one the whole set holds, field by field. */
static int
same_pod(struct podset *all, const struct podset_pod *p)
{
	const struct podset_pod	*q = podset_find(all, p->r.uid);
	size_t			 i;

	if (q == NULL || p->nc != q->nc || p->nt != q->nt ||
	    !same_row(&row_descs[ROW_POD], &p->r, &q->r))
		return (0);
	for (i = 0; i < p->nc; i++)
		if (!same_row(&row_descs[ROW_CONTAINER], &p->c[i], &q->c[i]))
			return (0);
	for (i = 0; i < p->nt; i++)
		if (!same_row(&row_descs[ROW_TERMINATION], &p->t[i],
		    &q->t[i]))
			return (0);
	return (1);
}

static void
test_podwin_windows(void)
{
	struct podwin	*pw;
	struct podset	 all, *ps;
	char		*cause = NULL;
	size_t		 i, j, seen = 0;

	make_store();
	CHECK(podset_load(st, &all, NULL, &cause) == 0);
	CHECK(all.n == 4);
	/* a window a workload; NULL and "" are one */
	CHECK(podwin_open(st, 1, &pw, &cause) == 0);
	CHECK(podwin_count(pw) == 3);
	CHECK(podwin_load(pw, 0, &ps, &cause) == 0);
	CHECK(ps->n == 2 && strcmp(ps->v[0].r.uid, "u1") == 0 &&
	    strcmp(ps->v[1].r.uid, "u2") == 0);
	CHECK(podwin_load(pw, 1, &ps, &cause) == 0);
	CHECK(ps->n == 1 && strcmp(ps->v[0].r.uid, "u3") == 0);
	CHECK(ps->n == 1 && ps->v[0].nc == 2 && ps->v[0].nt == 2 &&
	    ps->v[0].t[0].finished_us == 100);
	CHECK(podset_find(ps, "u3") == &ps->v[0]);
	for (i = 0; i < podwin_count(pw); i++) {
		CHECK(podwin_load(pw, i, &ps, &cause) == 0);
		for (j = 0; j < ps->n; j++) {
			CHECK(same_pod(&all, &ps->v[j]));
			seen++;
		}
	}
	CHECK(seen == 4);
	podwin_close(pw);
	/* the pods, or more, in one window: podset_load's */
	CHECK(podwin_open(st, 4, &pw, &cause) == 0);
	CHECK(podwin_count(pw) == 1);
	CHECK(podwin_load(pw, 0, &ps, &cause) == 0);
	CHECK(ps->n == 4);
	for (i = 0; i < ps->n; i++)
		CHECK(strcmp(ps->v[i].r.uid, all.v[i].r.uid) == 0 &&
		    same_pod(&all, &ps->v[i]));
	podwin_close(pw);
	podset_free(&all);
	drop_store();
}

/* Counts the buckets given back (podwin_rows_each), checking their order. */
struct got {
	int64_t	 seconds[8];
	size_t	 n;
};

static int
got_row(void *ctx, const void *row)
{
	struct got		*g = ctx;
	const struct row_bucket	*b = row;

	if (g->n < 8)
		g->seconds[g->n] = b->second;
	g->n++;
	return (0);
}

static void
test_podwin_rows(void)
{
	static const struct {
		const char	*ns, *wl;
		int64_t		 second;
	} put[] = {
		{ "zeta", "db", 1 }, { "shop", "api", 2 }, { "shop", NULL, 3 },
		{ "none", "x", 4 }, { "shop", "api", 5 }, { NULL, NULL, 6 },
	};
	struct podwin		*pw;
	struct podwin_rows	*r;
	struct row_bucket	 b;
	struct got		 g[3];
	char			*cause = NULL;
	size_t			 i;

	make_store();
	CHECK(podwin_open(st, 1, &pw, &cause) == 0);
	r = podwin_rows_new(pw, ROW_BUCKET);
	for (i = 0; i < sizeof put / sizeof put[0]; i++) {
		memset(&b, 0, sizeof b);
		b.namespace = put[i].ns;
		b.workload = put[i].wl;
		b.second = put[i].second;
		b.ip = "10.0.0.1";
		CHECK(podwin_rows_put(pw, r, put[i].ns, put[i].wl, &b,
		    &cause) == 0);
	}
	memset(g, 0, sizeof g);
	for (i = 0; i < 3; i++)
		CHECK(podwin_rows_each(pw, r, i, got_row, &g[i], &cause) == 0);
	/* shop's NULL workload; shop/api, in order; zeta/db and no pod's */
	CHECK(g[0].n == 1 && g[0].seconds[0] == 3);
	CHECK(g[1].n == 2 && g[1].seconds[0] == 2 && g[1].seconds[1] == 5);
	CHECK(g[2].n == 3 && g[2].seconds[0] == 1 && g[2].seconds[1] == 4 &&
	    g[2].seconds[2] == 6);
	podwin_rows_free(pw, r);
	podwin_close(pw);
	drop_store();
}

const struct unit_test podwin_tests[] = {
	{ "podwin_windows", test_podwin_windows },
	{ "podwin_rows", test_podwin_rows },
	{ NULL, NULL }
};
