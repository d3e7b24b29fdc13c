/*
 * buckets.c: each IP-second of upstream attempts given to the pod that
 * owned the IP then (buckets.h), one of the model's steps (lifecycle.c
 * runs it after the pods).  The store hands the per-second counts IP by
 * IP, each IP's owners (pod_ips spans) first; this file keeps the owners
 * of the one IP being read in an ipmap and writes one row_bucket per
 * count, summing them by workload and second, and by pod, as they go
 * (rather than SQLite sorting every bucket for it after); the minutes
 * are summed from the seconds.  Memory holds one IP's owners and the
 * sums, up to WS_MAX and PT_MAX of them.  No SQL (store.h), no drawing.
 */
#include <stdlib.h>
#include <string.h>

#include "buckets.h"
#include "hindex.h"
#include "ipmap.h"
#include "lifecycle.h"
#include "strpool.h"
#include "timefmt.h"

/*
 * Sums of workloads' seconds kept at most; past it, SQLite sums the
 * buckets once they are written (store_workload_seconds_sum, then
 * store_workload_minutes_sum).
 */
#define WS_MAX		65536
/* The same for pods' sums (store_pod_traffic_sum). */
#define PT_MAX		65536

/* Attributing attempts: the owners of one IP at a time. */
struct bk_state {
	struct store		*st;		/* borrowed: read and written */
	struct model_stats	*stats;		/* borrowed: rows counted */
	struct row_pod_ip	*spans;		/* owned: the next IP's */
	const char		**workloads;	/* owned: their pods' */
	size_t			 nspans;	/* spans in spans */
	struct arena		 strings;	/* of the next IP's spans */
	struct ipmap		*map;		/* owned: the current IP's */
	struct row_pod_ip	*owners;	/* owned: what map holds */
	const char		**owner_wl;	/* owned: their workloads */
	size_t			 nowners;	/* spans in owners */
	struct arena		 owner_strings;	/* of the owners' spans */
	/* the buckets summed by workload and second */
	struct row_workload_second *ws;		/* owned: the sums */
	size_t			 nws;		/* sums in ws */
	struct hindex		 ws_ix;		/* ws by key */
	struct strpool		 names;		/* owned: ws's namespaces and
						   workloads, pt's uids, once
						   each */
	const char		*last_raw[2];	/* the last bucket's namespace
						   and workload as given (one
						   IP's come in a row), NULL
						   after take_spans */
	const char		*last_name[2];	/* them in names */
	int			 ws_over;	/* past WS_MAX: SQLite sums */
	/* the buckets summed by pod */
	struct row_pod_traffic	*pt;		/* owned: the sums */
	size_t			 npt;		/* sums in pt */
	struct hindex		 pt_ix;		/* pt by uid (in names) */
	const char		*last_uid[2];	/* the last bucket's pod as
						   given, and in names */
	int			 pt_over;	/* past PT_MAX: SQLite sums */
};

/* A workload's second looked up in ws (names by pointer). */
struct ws_key {
	const struct bk_state	*b;
	const char		*ns, *wl;
	int64_t			 second;
};

static int
ws_is(const void *ctx, size_t item)
{
	const struct ws_key		*k = ctx;
	const struct row_workload_second *w = &k->b->ws[item];

	return (w->second == k->second && w->namespace == k->ns &&
	    w->workload == k->wl);
}

/* Adds bucket r to its workload's second. */
static void
ws_add(struct bk_state *b, const struct row_bucket *r)
{
	struct row_workload_second	*w;
	struct ws_key			 k;
	uint64_t			 h;
	size_t				 i;

	if (b->ws_over)
		return;
	k.b = b;
	if (r->namespace != b->last_raw[0] || r->workload != b->last_raw[1]) {
		b->last_raw[0] = r->namespace;
		b->last_raw[1] = r->workload;
		/* kept once: the sums' keys compare by pointer */
		b->last_name[0] = strpool_put(&b->names, r->namespace);
		b->last_name[1] = strpool_put(&b->names, r->workload);
	}
	k.ns = b->last_name[0];
	k.wl = b->last_name[1];
	k.second = r->second;
	h = hindex_int(hindex_int(hindex_int(HINDEX_SEED,
	    (int64_t)(uintptr_t)k.ns), (int64_t)(uintptr_t)k.wl), k.second);
	if ((i = hindex_get(&b->ws_ix, h, ws_is, &k)) == HINDEX_NONE) {
		if (b->nws == WS_MAX) {
			/* SQLite sums them all after: these are not needed */
			b->ws_over = 1;
			free(b->ws);
			b->ws = NULL;
			b->nws = 0;
			hindex_free(&b->ws_ix);
			return;
		}
		b->ws = xgrow(b->ws, b->nws, sizeof *b->ws);
		i = b->nws++;
		memset(&b->ws[i], 0, sizeof b->ws[i]);
		b->ws[i].namespace = k.ns;
		b->ws[i].workload = k.wl;
		b->ws[i].second = k.second;
		hindex_put(&b->ws_ix, h, i, ws_is, &k);
	}
	w = &b->ws[i];
	w->requests += r->requests;
	w->errors += r->errors;
	w->conn_failures += r->conn_failures;
}

static int
pt_is(const void *ctx, size_t item)
{
	const struct bk_state	*b = ctx;

	return (b->pt[item].pod_uid == b->last_uid[1]);
}

/* Adds bucket r to its pod's sums. */
static void
pt_add(struct bk_state *b, const struct row_bucket *r)
{
	struct row_pod_traffic	*p;
	uint64_t		 h;
	size_t			 i;

	if (b->pt_over || r->pod_uid == NULL)
		return;
	if (r->pod_uid != b->last_uid[0]) {
		b->last_uid[0] = r->pod_uid;
		b->last_uid[1] = strpool_put(&b->names, r->pod_uid);
	}
	h = hindex_int(HINDEX_SEED, (int64_t)(uintptr_t)b->last_uid[1]);
	if ((i = hindex_get(&b->pt_ix, h, pt_is, b)) == HINDEX_NONE) {
		if (b->npt == PT_MAX) {
			b->pt_over = 1;
			free(b->pt);
			b->pt = NULL;
			b->npt = 0;
			hindex_free(&b->pt_ix);
			return;
		}
		b->pt = xgrow(b->pt, b->npt, sizeof *b->pt);
		i = b->npt++;
		memset(&b->pt[i], 0, sizeof b->pt[i]);
		b->pt[i].pod_uid = b->last_uid[1];
		hindex_put(&b->pt_ix, h, i, pt_is, b);
	}
	p = &b->pt[i];
	p->requests += r->requests;
	p->failed += r->errors > r->conn_failures ? r->errors :
	    r->conn_failures;
}

static int
cmp_pt(const void *a, const void *b)
{
	return (str_cmp(((const struct row_pod_traffic *)a)->pod_uid,
	    ((const struct row_pod_traffic *)b)->pod_uid));
}

/* Writes the pods' sums, in the order of their uid. */
static int
pt_write(struct bk_state *b, char **cause)
{
	size_t	i;

	if (b->pt_over)
		return (store_pod_traffic_sum(b->st, cause));
	xqsort(b->pt, b->npt, sizeof *b->pt, cmp_pt);
	for (i = 0; i < b->npt; i++) {
		if (b->pt[i].failed > b->pt[i].requests)
			b->pt[i].failed = b->pt[i].requests;
		if (store_model_put(b->st, ROW_POD_TRAFFIC, &b->pt[i]) != 0)
			return (-1);
	}
	return (0);
}

/* The order of workload_seconds rows: namespace, workload, second. */
static int
cmp_ws(const void *a, const void *b)
{
	const struct row_workload_second	*p = a, *q = b;
	int					 c;

	if ((c = str_cmp(p->namespace, q->namespace)) != 0 ||
	    (c = str_cmp(p->workload, q->workload)) != 0)
		return (c);
	return (p->second < q->second ? -1 : p->second > q->second);
}

/* Adds workload second w to minute m (begun when it is not w's). */
static void
wm_add(struct row_workload_minute *m, const struct row_workload_second *w,
    int *have)
{
	int64_t	minute = time_floor_div(w->second, 60);

	if (!*have || m->minute != minute || m->namespace != w->namespace ||
	    m->workload != w->workload) {
		memset(m, 0, sizeof *m);
		m->namespace = w->namespace;
		m->workload = w->workload;
		m->minute = minute;
	}
	*have = 1;
	m->requests += w->requests;
	m->errors += w->errors;
	m->conn_failures += w->conn_failures;
}

/*
 * Writes the workloads' seconds, in the order of their key, and their
 * minutes: the seconds of one minute come together in that order.
 */
static int
ws_write(struct bk_state *b, char **cause)
{
	struct row_workload_minute	m;
	size_t				i;
	int				have = 0;

	if (b->ws_over)
		return (store_workload_seconds_sum(b->st, cause) != 0 ||
		    store_workload_minutes_sum(b->st, cause) != 0 ? -1 : 0);
	xqsort(b->ws, b->nws, sizeof *b->ws, cmp_ws);
	for (i = 0; i < b->nws; i++) {
		if (store_model_put(b->st, ROW_WORKLOAD_SECOND, &b->ws[i]) != 0)
			return (-1);
		if (have && (b->ws[i].namespace != m.namespace ||
		    b->ws[i].workload != m.workload || time_floor_div(
		    b->ws[i].second, 60) != m.minute)) {
			if (store_model_put(b->st, ROW_WORKLOAD_MINUTE,
			    &m) != 0)
				return (-1);
		}
		wm_add(&m, &b->ws[i], &have);
	}
	if (have && store_model_put(b->st, ROW_WORKLOAD_MINUTE, &m) != 0)
		return (-1);
	return (0);
}

/* Keeps one span of the next IP (store_ip_seconds). */
static int
add_span(void *ctx, const struct row_pod_ip *r, const char *workload)
{
	struct bk_state	*b = ctx;
	struct row_pod_ip	*c;

	b->spans = xreallocarray(b->spans, b->nspans + 1, sizeof *b->spans);
	b->workloads = xreallocarray(b->workloads, b->nspans + 1,
	    sizeof *b->workloads);
	c = &b->spans[b->nspans];
	*c = *r;
	c->ip = arena_strdup(&b->strings, r->ip);
	c->pod_uid = arena_strdup(&b->strings, r->pod_uid);
	c->namespace = r->namespace != NULL ?
	    arena_strdup(&b->strings, r->namespace) : NULL;
	b->workloads[b->nspans++] = workload != NULL ?
	    arena_strdup(&b->strings, workload) : NULL;
	return (0);
}

/* Makes the spans gathered the current IP's owners. */
static void
take_spans(struct bk_state *b)
{
	struct arena	 t;

	ipmap_free(b->map);
	free(b->owners);
	free(b->owner_wl);
	arena_free(&b->owner_strings);
	b->owners = b->spans;
	b->owner_wl = b->workloads;
	b->nowners = b->nspans;
	t = b->owner_strings;
	b->owner_strings = b->strings;
	b->strings = t;
	b->spans = NULL;
	b->workloads = NULL;
	b->nspans = 0;
	b->map = ipmap_new(b->owners, b->nowners);
	/* the last owners' strings are freed: their addresses may return */
	memset(b->last_raw, 0, sizeof b->last_raw);
	memset(b->last_name, 0, sizeof b->last_name);
	memset(b->last_uid, 0, sizeof b->last_uid);
}

/* Attributes one IP-second of attempts to the pod that had the IP. */
static int
put_bucket(void *ctx, const char *ip, int64_t second, const char *hint,
    int64_t requests, int64_t errors, int64_t conn_failures)
{
	struct bk_state	*b = ctx;
	struct row_bucket	 r;
	const char		*uid = NULL;
	size_t			 i;
	int			 exact = 0;

	if (b->nspans > 0 || (b->nowners > 0 && (ip == NULL ||
	    strcmp(b->owners[0].ip, ip) != 0)))
		take_spans(b);
	memset(&r, 0, sizeof r);
	r.second = second;
	r.ip = ip;
	if (ip != NULL && b->nowners > 0)
		uid = ipmap_lookup(b->map, ip, second * 1000000, hint, &exact);
	for (i = 0; uid != NULL && i < b->nowners; i++) {
		if (strcmp(b->owners[i].pod_uid, uid) == 0) {
			r.pod_uid = b->owners[i].pod_uid;
			r.namespace = b->owners[i].namespace;
			r.workload = b->owner_wl[i];
			r.exact = exact;
			break;
		}
	}
	r.requests = requests;
	r.errors = errors;
	r.conn_failures = conn_failures;
	b->stats->buckets++;
	ws_add(b, &r);
	pt_add(b, &r);
	return (store_model_put(b->st, ROW_BUCKET, &r) != 0 ? -1 : 0);
}

/* The buckets, from each IP's seconds (store_model_bulk's fill). */
static int
fill_buckets(void *ctx, char **cause)
{
	struct bk_state	*b = ctx;

	return (store_ip_seconds(b->st, add_span, put_bucket, b, cause));
}

int
buckets_build(struct store *st, struct model_stats *stats, char **cause)
{
	struct bk_state	b;
	int			rc;

	memset(&b, 0, sizeof b);
	b.st = st;
	b.stats = stats;
	rc = store_model_bulk(st, ROW_BUCKET, fill_buckets, &b, cause);
	if (rc == 0)
		rc = ws_write(&b, cause);
	if (rc == 0)
		rc = pt_write(&b, cause);
	if (rc != 0 && *cause == NULL)
		*cause = xstrdup(store_error(st));
	ipmap_free(b.map);
	free(b.owners);
	free(b.owner_wl);
	free(b.spans);
	free(b.workloads);
	arena_free(&b.owner_strings);
	arena_free(&b.strings);
	free(b.ws);
	hindex_free(&b.ws_ix);
	free(b.pt);
	hindex_free(&b.pt_ix);
	strpool_free(&b.names);
	return (rc != 0 ? -1 : 0);
}
