/*
 * test-tally.c: per-second counts of attempts (tally.h): an attempt
 * counts in the second it began and its failure in the second it ended,
 * so that a request cut when a proxy exits fails at that exit; as a sink
 * (tally_put), a request that reached no upstream counts once the next
 * one shows it had no attempt, and the importer's strings may die when
 * the put returns.
 */
#include <stdlib.h>
#include <string.h>

#include "tally.h"
#include "timefmt.h"
#include "unit.h"
#include "util.h"

#define S(x)	((int64_t)(x) * 1000000)

struct sums {
	int64_t	second;		/* the cell wanted */
	int64_t	requests;
	int64_t	errors;
	int64_t	conn_failures;
};

static int
sum_cell(void *ctx, const struct tally_cell *c)
{
	struct sums	*s = ctx;

	if (c->second == s->second) {
		s->requests += c->requests;
		s->errors += c->errors;
		s->conn_failures += c->conn_failures;
	}
	return (0);
}

static struct sums
cell(struct tally *t, int64_t second)
{
	struct sums	s = { .second = second };

	tally_each(t, sum_cell, &s);
	return (s);
}

static void
test_tally_in_flight(void)
{
	struct tally		*t = tally_new();
	struct rec_request	 r;
	struct rec_attempt	 a;
	struct sums		 s;

	/* Envoy: started at 100.2, cut at 103.7 by the proxy's exit (UC) */
	memset(&r, 0, sizeof r);
	memset(&a, 0, sizeof a);
	r.start_us = S(100) + 200000;
	r.duration_us = S(3) + 500000;
	r.end_us = r.start_us + r.duration_us;
	r.status = 503;
	r.flags = "UC";
	a.ip = "10.0.0.5";
	a.status = INT_NONE;
	a.duration_us = INT_NONE;
	a.time_us = r.start_us;
	tally_attempt(t, &r, &a);
	s = cell(t, 100);
	CHECK(s.requests == 1 && s.errors == 0 && s.conn_failures == 0);
	s = cell(t, 103);
	CHECK(s.requests == 0 && s.errors == 1 && s.conn_failures == 1);
	/* a success counts once, where it began */
	r.status = 200;
	r.flags = NULL;
	a.status = 200;
	a.duration_us = S(2);
	tally_attempt(t, &r, &a);
	s = cell(t, 100);
	CHECK(s.requests == 2 && s.errors == 0);
	CHECK(cell(t, 102).requests == 0 && cell(t, 102).errors == 0);
	/* ingress-nginx: the attempt's own duration says when it ended */
	r.status = 502;
	a.status = 502;
	a.duration_us = S(1) + 100000;
	tally_attempt(t, &r, &a);
	s = cell(t, 101);
	CHECK(s.requests == 0 && s.errors == 1 && s.conn_failures == 1);
	/* no upstream: the request's own end */
	r.status = 504;
	tally_request_done(t, &r, 0);
	CHECK(cell(t, 103).errors == 2);
	tally_free(t);
}

/* Whether a cell of this second holds the hint, for the sink test. */
struct hinted {
	int64_t		 second;
	const char	*hint;
	int		 found;
};

static int
find_hint(void *ctx, const struct tally_cell *c)
{
	struct hinted	*h = ctx;

	if (c->second == h->second && c->hint != NULL &&
	    strcmp(c->hint, h->hint) == 0)
		h->found++;
	return (0);
}

static void
test_tally_sink(void)
{
	struct tally		*t = tally_new();
	struct rec_request	 r;
	struct rec_attempt	 a;
	struct hinted		 h = { .second = 100, .hint = "shop" };
	char			 ns[8];

	memset(&r, 0, sizeof r);
	r.start_us = r.end_us = S(100);
	r.status = 503;
	r.duration_us = INT_NONE;
	memcpy(ns, "shop", 5);
	r.namespace = ns;
	/* no upstream: counted only once the next request shows it */
	tally_put(t, REC_REQUEST, &r, 0);
	memcpy(ns, "gone", 5);	/* the importer's buffer is reused */
	CHECK(cell(t, 100).requests == 0);
	r.start_us = r.end_us = S(101);
	r.status = 200;
	tally_put(t, REC_REQUEST, &r, 0);
	CHECK(cell(t, 100).requests == 1 && cell(t, 100).errors == 1);
	tally_each(t, find_hint, &h);
	CHECK(h.found == 1);
	/* this one reaches an upstream: its attempt counts, not itself */
	memset(&a, 0, sizeof a);
	a.ip = "10.0.0.1";
	a.status = 200;
	a.time_us = S(101);
	a.duration_us = INT_NONE;
	tally_put(t, REC_ATTEMPT, &a, 0);
	tally_done(t);
	CHECK(cell(t, 101).requests == 1 && cell(t, 101).errors == 0);
	/* an attempt of no request counts nothing */
	tally_clear(t);
	tally_put(t, REC_ATTEMPT, &a, 0);
	tally_done(t);
	CHECK(tally_cells(t) == 0);
	/* borrowed (the writer's batch): read at tally_done, not before */
	memcpy(ns, "shop", 5);
	r.start_us = r.end_us = S(102);
	r.status = 502;
	tally_put(t, REC_REQUEST, &r, 1);
	CHECK(tally_cells(t) == 0);
	tally_done(t);
	h.second = 102;
	h.found = 0;
	tally_each(t, find_hint, &h);
	CHECK(h.found == 1 && cell(t, 102).errors == 1);
	tally_free(t);
}

/* The cells of the keys test, tallied by tally_each. */
struct key_sums {
	int64_t	requests[3][2][300];	/* by IP, hint and second */
	int	cells, bad;
};

static int
key_cell(void *ctx, const struct tally_cell *c)
{
	static const char *const ips[3] = { NULL, "", "10.0.0.1" };
	struct key_sums		*k = ctx;
	int			 i, h;

	for (i = 0; i < 3; i++) {
		if (c->ip == ips[i] || (c->ip != NULL && ips[i] != NULL &&
		    strcmp(c->ip, ips[i]) == 0))
			break;
	}
	h = c->hint != NULL && strcmp(c->hint, "shop") == 0 ? 1 : 0;
	if (i == 3 || (c->hint != NULL && !h) || c->second < 0 ||
	    c->second >= 300)
		k->bad++;
	else
		k->requests[i][h][c->second] += c->requests;
	k->cells++;
	return (0);
}

static void
test_tally_keys(void)
{
	struct tally		*t = tally_new();
	struct rec_request	 r;
	struct rec_attempt	 a;
	struct key_sums		*k = xcalloc(1, sizeof *k);
	char			 ip[16];
	int			 i, h, sec, n, ok;

	memset(&r, 0, sizeof r);
	memset(&a, 0, sizeof a);
	r.status = 200;
	a.status = 200;
	a.duration_us = INT_NONE;
	/* NULL and "" are two IPs, and two hints; an attempt's strings
	   are the caller's, here rewritten between puts; the seconds go
	   back and forth, so that a key's last cell is not the one
	   wanted; 1,800 cells outgrow the first tables */
	for (n = 0; n < 4; n++) {
		for (sec = 0; sec < 300; sec++) {
			for (i = 0; i < 3; i++) {
				for (h = 0; h < 2; h++) {
					if (i == 2)
						memcpy(ip, "10.0.0.1", 9);
					else
						ip[0] = '\0';
					a.ip = i == 0 ? NULL : ip;
					r.namespace = h ? "shop" : NULL;
					a.time_us = S(n % 2 ? 299 - sec : sec);
					r.start_us = a.time_us;
					tally_attempt(t, &r, &a);
					memcpy(ip, "x", 2);
				}
			}
		}
	}
	CHECK(tally_cells(t) == 1800);
	tally_each(t, key_cell, k);
	ok = 1;
	for (i = 0; i < 3; i++)
		for (h = 0; h < 2; h++)
			for (sec = 0; sec < 300; sec++)
				ok &= k->requests[i][h][sec] == 4;
	CHECK(ok && k->bad == 0 && k->cells == 1800);
	/* cleared, it starts again */
	tally_clear(t);
	CHECK(tally_cells(t) == 0);
	a.ip = "10.0.0.1";
	r.namespace = NULL;
	tally_attempt(t, &r, &a);
	CHECK(tally_cells(t) == 1);
	tally_free(t);
	free(k);
}

const struct unit_test tally_tests[] = {
	{ "tally-keys", test_tally_keys },
	{ "tally_sink", test_tally_sink },
	{ "tally-in-flight", test_tally_in_flight },
	{ NULL, NULL }
};
