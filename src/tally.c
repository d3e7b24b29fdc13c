/*
 * tally.c: per-second counts of attempts by IP (tally.h), in an open
 * addressing hash table keyed by (IP, second).  Memory grows with the
 * number of distinct IP-seconds, not with the number of requests.
 */
#include <stdlib.h>
#include <string.h>

#include "hindex.h"
#include "reqhold.h"
#include "tally.h"
#include "timefmt.h"
#include "util.h"

struct tally {
	struct tally_cell	*cells;		/* owned; ip NULL and second
						   INT64_MIN = empty slot */
	size_t			 cap;		/* slots, a power of two */
	size_t			 used;		/* cells in use */
	/* the last cell hit: logs come in time order, IPs repeat */
	size_t			 last;
	/* the request whose attempts are being put (tally_put) */
	struct reqhold		 pend;		/* owned */
};

#define TALLY_EMPTY	INT64_MIN

struct tally *
tally_new(void)
{
	struct tally	*t = xcalloc(1, sizeof *t);
	size_t		 i;

	t->cap = 1024;
	t->cells = xcalloc(t->cap, sizeof *t->cells);
	for (i = 0; i < t->cap; i++)
		t->cells[i].second = TALLY_EMPTY;
	return (t);
}

void
tally_clear(struct tally *t)
{
	size_t	i;

	for (i = 0; i < t->cap; i++) {
		free(t->cells[i].ip);
		free(t->cells[i].hint);
		memset(&t->cells[i], 0, sizeof t->cells[i]);
		t->cells[i].second = TALLY_EMPTY;
	}
	t->used = 0;
	t->last = 0;
	reqhold_drop(&t->pend);
}

void
tally_free(struct tally *t)
{
	if (t == NULL)
		return;
	tally_clear(t);
	free(t->cells);
	reqhold_free(&t->pend);
	free(t);
}

static uint64_t
tally_hash(const char *ip, int64_t second, const char *hint)
{
	uint64_t	h;

	h = hindex_str(hindex_str(HINDEX_SEED ^ (uint64_t)second, ip), hint);
	h ^= h >> 29;
	return (h * 0xbf58476d1ce4e5b9ULL);
}

static int
same_ip(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return (a == b);
	return (strcmp(a, b) == 0);
}

static void tally_grow(struct tally *);

/* The cell of (ip, second, hint), created when missing. */
static struct tally_cell *
tally_cell(struct tally *t, const char *ip, int64_t second, const char *hint)
{
	struct tally_cell	*c = &t->cells[t->last];
	size_t			 i;

	if (c->second == second && same_ip(c->ip, ip) && str_eq(c->hint, hint))
		return (c);
	if ((t->used + 1) * 4 > t->cap * 3)
		tally_grow(t);
	i = tally_hash(ip, second, hint) & (t->cap - 1);
	for (;; i = (i + 1) & (t->cap - 1)) {
		c = &t->cells[i];
		if (c->second == TALLY_EMPTY) {
			c->ip = ip != NULL ? xstrdup(ip) : NULL;
			c->hint = hint != NULL ? xstrdup(hint) : NULL;
			c->second = second;
			t->used++;
			break;
		}
		if (c->second == second && same_ip(c->ip, ip) &&
		    str_eq(c->hint, hint))
			break;
	}
	t->last = i;
	return (c);
}

static void
tally_grow(struct tally *t)
{
	struct tally_cell	*old = t->cells, *c;
	size_t			 oldcap = t->cap, i, j;

	t->cap *= 2;
	t->cells = xcalloc(t->cap, sizeof *t->cells);
	for (i = 0; i < t->cap; i++)
		t->cells[i].second = TALLY_EMPTY;
	for (i = 0; i < oldcap; i++) {
		if (old[i].second == TALLY_EMPTY)
			continue;
		j = tally_hash(old[i].ip, old[i].second, old[i].hint) &
		    (t->cap - 1);
		while (t->cells[j].second != TALLY_EMPTY)
			j = (j + 1) & (t->cap - 1);
		c = &t->cells[j];
		*c = old[i];
	}
	free(old);
	t->last = 0;
}

/* Whether flags (comma-separated Envoy flags) hold one of set. */
static int
has_flag(const char *flags, const char *const *set)
{
	const char	*p, *e;
	size_t		 i, n;

	if (flags == NULL)
		return (0);
	for (p = flags; *p != '\0'; p = *e == ',' ? e + 1 : e) {
		e = strchr(p, ',');
		if (e == NULL)
			e = p + strlen(p);
		n = (size_t)(e - p);
		for (i = 0; set[i] != NULL; i++) {
			if (strlen(set[i]) == n && memcmp(p, set[i], n) == 0)
				return (1);
		}
	}
	return (0);
}

int
tally_conn_failure(const struct rec_request *r, const struct rec_attempt *a)
{
	static const char *const envoy[] = {
		"UF", "UC", "UH", "UO", "URX", "UT", "LR", "UPE", "UMSDR",
		NULL
	};
	static const char *const details[] = {
		"failed_to_connect_to_backend",
		"backend_connection_closed_before_data_sent_to_client",
		"backend_timeout", "backend_early_response_with_non_error_"
		    "status", "Target.ConnectionError", "Target.Timeout",
		"Target.ResponseCodeMismatch", NULL
	};
	size_t	i;

	if (has_flag(r->flags, envoy))
		return (1);
	if (r->detail != NULL) {
		for (i = 0; details[i] != NULL; i++) {
			if (strncmp(r->detail, details[i],
			    strlen(details[i])) == 0)
				return (1);
		}
		if (strstr(r->detail, "upstream_reset") != NULL ||
		    strstr(r->detail, "connection_failure") != NULL)
			return (1);
	}
	if (a == NULL || a->ip == NULL)
		return (0);
	/* an upstream that answered nothing, or nginx's own 502/504 */
	return (a->status == INT_NONE || a->status == 0 ||
	    ((a->status == 502 || a->status == 504) && r->flags == NULL &&
	    r->detail == NULL));
}

/* What the log says about where the request went. */
static const char *
tally_hint(const struct rec_request *r)
{
	return (r->namespace != NULL ? r->namespace : r->service != NULL ?
	    r->service : r->upstream_name);
}

/*
 * When an attempt that began at at ended: at + its duration, else the
 * request's end (the log's time for ingress-nginx and ALB, the start
 * plus the duration for Envoy and GCLB), else at.
 */
static int64_t
tally_end(const struct rec_request *r, const struct rec_attempt *a,
    int64_t at)
{
	if (a != NULL && a->duration_us != INT_NONE && a->duration_us >= 0)
		return (at + a->duration_us);
	if (r->end_us != TIME_NONE && r->end_us >= at)
		return (r->end_us);
	return (at);
}

/*
 * Counts one attempt in the second it began, and its failure (a 5xx, no
 * response) in the second it ended: a request cut when a proxy or the
 * app exits fails at that exit, though it began before (coroner(1), THE MODEL).
 */
static void
tally_count(struct tally *t, const char *ip, const char *hint, int64_t at,
    int64_t end, int error, int conn_failure)
{
	struct tally_cell	*c;
	int64_t			 s = time_floor_div(at, 1000000);
	int64_t			 e = time_floor_div(end, 1000000);

	c = tally_cell(t, ip, s, hint);
	c->requests++;
	if (!error && !conn_failure)
		return;
	if (e != s)
		c = tally_cell(t, ip, e, hint);
	if (error)
		c->errors++;
	if (conn_failure)
		c->conn_failures++;
}

void
tally_attempt(struct tally *t, const struct rec_request *r,
    const struct rec_attempt *a)
{
	int64_t			 at = a->time_us != TIME_NONE ? a->time_us :
				     r->start_us;
	int64_t			 status;

	if (at == TIME_NONE)
		return;
	status = a->status != INT_NONE ? a->status : r->status;
	tally_count(t, a->ip, tally_hint(r), at, tally_end(r, a, at),
	    status >= 500 || (status == 0 && a->status == 0),
	    tally_conn_failure(r, a));
}

void
tally_request_done(struct tally *t, const struct rec_request *r,
    int had_attempts)
{
	if (had_attempts || r->start_us == TIME_NONE)
		return;
	tally_count(t, NULL, tally_hint(r), r->start_us, tally_end(r, NULL,
	    r->start_us), r->status >= 500, tally_conn_failure(r, NULL));
}

size_t
tally_cells(const struct tally *t)
{
	return (t->used);
}

int
tally_each(struct tally *t, int (*fn)(void *, const struct tally_cell *),
    void *ctx)
{
	size_t	i;
	int	rc;

	for (i = 0; i < t->cap; i++) {
		if (t->cells[i].second == TALLY_EMPTY)
			continue;
		if ((rc = fn(ctx, &t->cells[i])) != 0)
			return (rc);
	}
	return (0);
}

void
tally_done(struct tally *t)
{
	const struct rec_request	*r;
	int				 had;

	if ((r = reqhold_release(&t->pend, &had)) != NULL)
		tally_request_done(t, r, had);
}

void
tally_put(struct tally *t, enum rec_type type, const void *rec, int borrow)
{
	const struct rec_request	*r;

	if (type == REC_REQUEST) {
		tally_done(t);
		reqhold_put(&t->pend, rec, borrow);
	} else if (type == REC_ATTEMPT &&
	    (r = reqhold_attempt(&t->pend)) != NULL)
		tally_attempt(t, r, rec);
}
