/*
 * ipmap.c: the IP -> pod lookup by time (ipmap.h).  The intervals are kept
 * sorted by IP and start; a lookup finds the IP's intervals by binary
 * search and, among them, the last one that started by the time asked.
 */
#include <stdlib.h>
#include <string.h>

#include "ipmap.h"
#include "timefmt.h"
#include "util.h"

struct ip_span {
	const char	*ip;		/* in the map's arena */
	const char	*uid;		/* in the map's arena */
	const char	*ns;		/* the pod's namespace, arena */
	int64_t		 from_us;	/* TIME_NONE sorts first */
	int64_t		 to_us;		/* TIME_NONE: still open */
};

struct ipmap {
	struct arena	 strings;
	struct ip_span	*v;		/* owned, sorted by ip, from_us */
	size_t		 n;
	size_t		 cap;
};

static int
cmp_span(const void *a, const void *b)
{
	const struct ip_span	*p = a, *q = b;
	int			 c = strcmp(p->ip, q->ip);

	if (c != 0)
		return (c);
	if (p->from_us != q->from_us)
		return (p->from_us < q->from_us ? -1 : 1);
	return (0);
}

static void
ipmap_add(struct ipmap *map, const struct row_pod_ip *r)
{
	struct ip_span	*s;

	if (r->ip == NULL || r->pod_uid == NULL)
		return;
	if (map->n == map->cap) {
		map->cap = map->cap == 0 ? 256 : map->cap * 2;
		map->v = xreallocarray(map->v, map->cap, sizeof *map->v);
	}
	s = &map->v[map->n++];
	s->ip = arena_strdup(&map->strings, r->ip);
	s->uid = arena_strdup(&map->strings, r->pod_uid);
	s->ns = arena_strdup(&map->strings, r->namespace);
	s->from_us = r->from_us;
	s->to_us = r->to_us;
}

static int
load_span(void *ctx, const void *row)
{
	ipmap_add(ctx, row);
	return (0);
}

struct ipmap *
ipmap_new(const struct row_pod_ip *rows, size_t n)
{
	struct ipmap	*map = xcalloc(1, sizeof *map);
	size_t		 i;

	for (i = 0; i < n; i++)
		ipmap_add(map, &rows[i]);
	xqsort(map->v, map->n, sizeof *map->v, cmp_span);
	return (map);
}

struct ipmap *
ipmap_load(struct store *st, char **cause)
{
	struct ipmap	*map = ipmap_new(NULL, 0);

	if (store_model_scan(st, ROW_POD_IP, load_span, map,
	    cause) != 0) {
		ipmap_free(map);
		return (NULL);
	}
	xqsort(map->v, map->n, sizeof *map->v, cmp_span);
	return (map);
}

void
ipmap_free(struct ipmap *map)
{
	if (map == NULL)
		return;
	free(map->v);
	arena_free(&map->strings);
	free(map);
}

/*
 * Whether the log's hint names the span's namespace: the namespace itself
 * (Envoy's cluster), or "NAMESPACE-..." (ingress-nginx's upstream name).
 */
static int
hint_matches(const char *hint, const char *ns)
{
	size_t	n;

	if (hint == NULL || ns == NULL)
		return (0);
	n = strlen(ns);
	return (strncmp(hint, ns, n) == 0 && (hint[n] == '\0' ||
	    hint[n] == '-'));
}

const char *
ipmap_lookup(const struct ipmap *map, const char *ip, int64_t t_us,
    const char *hint, int *exact)
{
	size_t			 lo = 0, hi = map->n, mid;
	const struct ip_span	*s, *best = NULL, *holds = NULL;

	*exact = 0;
	/* the first span of this IP starting after t_us */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		s = &map->v[mid];
		if (strcmp(s->ip, ip) < 0 || (strcmp(s->ip, ip) == 0 &&
		    (s->from_us == TIME_NONE || s->from_us <= t_us)))
			lo = mid + 1;
		else
			hi = mid;
	}
	/* walk back over spans of this IP that started by t_us */
	while (lo > 0) {
		s = &map->v[--lo];
		if (strcmp(s->ip, ip) != 0)
			break;
		if (s->to_us == TIME_NONE || t_us <= s->to_us) {
			/* the latest holder, unless an overlapping older one
			   is in the namespace the log names */
			if (holds == NULL)
				holds = s;
			if (hint == NULL || hint_matches(hint, s->ns)) {
				*exact = 1;
				return (s->uid);
			}
			continue;
		}
		if (holds != NULL)
			break;
		if (best == NULL)
			best = s;
		/* an earlier span that ended before a later one began
		   cannot hold t_us either when spans do not overlap; keep
		   looking only while they might */
		if (lo > 0 && map->v[lo - 1].to_us != TIME_NONE &&
		    map->v[lo - 1].to_us < s->from_us)
			break;
	}
	if (holds != NULL) {
		*exact = 1;
		return (holds->uid);
	}
	return (best != NULL ? best->uid : NULL);
}
