/*
 * tally.c: per-second counts of attempts by IP (tally.h).  Each (IP,
 * hint) met is a key, its strings kept once and found by their hash; a
 * cell is a key's second, found by the two numbers, and a key remembers
 * its last cell, which the next attempt to it usually wants (logs come
 * in time order).  So an attempt hashes its two strings once and compares
 * them with a key's, never with a cell's.  Memory grows with the number
 * of distinct IP-seconds, not with the number of requests.
 */
#include <stdlib.h>
#include <string.h>

#include "hindex.h"
#include "reqhold.h"
#include "tally.h"
#include "timefmt.h"
#include "util.h"

#define NO_CELL		SIZE_MAX

/* An (IP, hint) pair met. */
struct tally_key {
	char		*ip;		/* owned, or NULL */
	char		*hint;		/* owned, or NULL */
	size_t		 last;		/* its latest cell, or NO_CELL */
};

struct tally {
	struct tally_key	*keys;		/* owned: nkeys in use */
	size_t			 nkeys;		/* keys met since the clear */
	size_t			 capkeys;	/* allocated in keys */
	struct hindex		 key_ix;	/* keys by their strings */
	struct tally_cell	*cells;		/* owned: ncells in use, in
						   the order they were met */
	size_t			*cell_key;	/* owned: each cell's key */
	size_t			 ncells;	/* cells since the clear */
	size_t			 capcells;	/* allocated in both */
	struct hindex		 cell_ix;	/* cells by key and second */
	/* the request whose attempts are being put (tally_put) */
	struct reqhold		 pend;		/* owned */
};

/* A key or a cell looked up. */
struct tally_find {
	const struct tally	*t;
	const char		*ip, *hint;
	size_t			 key;
	int64_t			 second;
};

struct tally *
tally_new(void)
{
	return (xcalloc(1, sizeof (struct tally)));
}

void
tally_clear(struct tally *t)
{
	size_t	i;

	for (i = 0; i < t->nkeys; i++) {
		free(t->keys[i].ip);
		free(t->keys[i].hint);
	}
	t->nkeys = t->ncells = 0;
	hindex_free(&t->key_ix);
	hindex_free(&t->cell_ix);
	reqhold_drop(&t->pend);
}

void
tally_free(struct tally *t)
{
	if (t == NULL)
		return;
	tally_clear(t);
	free(t->keys);
	free(t->cells);
	free(t->cell_key);
	reqhold_free(&t->pend);
	free(t);
}

static int
key_is(const void *ctx, size_t item)
{
	const struct tally_find	*f = ctx;
	const struct tally_key	*k = &f->t->keys[item];

	return (str_eq(k->ip, f->ip) && str_eq(k->hint, f->hint));
}

static int
cell_is(const void *ctx, size_t item)
{
	const struct tally_find	*f = ctx;

	return (f->t->cell_key[item] == f->key &&
	    f->t->cells[item].second == f->second);
}

/* The hash of a cell: its key's place and its second, mixed. */
static uint64_t
cell_hash(size_t key, int64_t second)
{
	uint64_t	h = ((uint64_t)key << 40) ^ (uint64_t)second;

	h ^= h >> 33;
	h *= UINT64_C(0xff51afd7ed558ccd);
	h ^= h >> 33;
	return (h);
}

/* The key of (ip, hint), made when missing. */
static size_t
tally_key(struct tally *t, const char *ip, const char *hint)
{
	struct tally_find	 f = { .t = t, .ip = ip, .hint = hint };
	struct tally_key	*k;
	uint64_t		 h;
	size_t			 i;

	h = hindex_str(hindex_str(HINDEX_SEED, ip), hint);
	if ((i = hindex_get(&t->key_ix, h, key_is, &f)) != HINDEX_NONE)
		return (i);
	if (t->nkeys == t->capkeys) {
		t->capkeys = t->capkeys == 0 ? 64 : t->capkeys * 2;
		t->keys = xreallocarray(t->keys, t->capkeys, sizeof *t->keys);
	}
	i = t->nkeys++;
	k = &t->keys[i];
	k->ip = ip != NULL ? xstrdup(ip) : NULL;
	k->hint = hint != NULL ? xstrdup(hint) : NULL;
	k->last = NO_CELL;
	hindex_put(&t->key_ix, h, i, key_is, &f);
	return (i);
}

/* The cell of (ip, second, hint), created when missing. */
static struct tally_cell *
tally_cell(struct tally *t, const char *ip, int64_t second, const char *hint)
{
	struct tally_find	 f = { .t = t, .second = second };
	struct tally_key	*k;
	struct tally_cell	*c;
	uint64_t		 h;
	size_t			 i;

	f.key = tally_key(t, ip, hint);
	k = &t->keys[f.key];
	if (k->last != NO_CELL && t->cells[k->last].second == second)
		return (&t->cells[k->last]);
	h = cell_hash(f.key, second);
	if ((i = hindex_get(&t->cell_ix, h, cell_is, &f)) == HINDEX_NONE) {
		if (t->ncells == t->capcells) {
			t->capcells = t->capcells == 0 ? 1024 :
			    t->capcells * 2;
			t->cells = xreallocarray(t->cells, t->capcells,
			    sizeof *t->cells);
			t->cell_key = xreallocarray(t->cell_key, t->capcells,
			    sizeof *t->cell_key);
		}
		i = t->ncells++;
		c = &t->cells[i];
		memset(c, 0, sizeof *c);
		c->ip = k->ip;
		c->hint = k->hint;
		c->second = second;
		t->cell_key[i] = f.key;
		hindex_put(&t->cell_ix, h, i, cell_is, &f);
	}
	k->last = i;
	return (&t->cells[i]);
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
	return (t->ncells);
}

int
tally_each(struct tally *t, int (*fn)(void *, const struct tally_cell *),
    void *ctx)
{
	size_t	i;
	int	rc;

	for (i = 0; i < t->ncells; i++) {
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
