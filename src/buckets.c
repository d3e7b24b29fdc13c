/*
 * buckets.c: each IP-second of upstream attempts given to the pod that
 * owned the IP then (buckets.h), one of the model's steps (lifecycle.c
 * runs it after the pods).  The store hands the per-second counts IP by
 * IP, each IP's owners (pod_ips spans) first; this file keeps the owners
 * of the one IP being read in an ipmap and writes one row_bucket per
 * count.  Memory holds one IP's owners.  No SQL (store.h), no drawing.
 */
#include <stdlib.h>
#include <string.h>

#include "buckets.h"
#include "ipmap.h"
#include "lifecycle.h"

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
};

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
	if (rc != 0 && *cause == NULL)
		*cause = xstrdup(store_error(st));
	ipmap_free(b.map);
	free(b.owners);
	free(b.owner_wl);
	free(b.spans);
	free(b.workloads);
	arena_free(&b.owner_strings);
	arena_free(&b.strings);
	return (rc != 0 ? -1 : 0);
}
