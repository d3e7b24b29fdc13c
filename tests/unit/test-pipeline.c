/*
 * test-pipeline.c: the writer thread's contract (pipeline.h), on a
 * temporary store.  Requests with long paths and two attempts each, the
 * importer's buffer written over after every put, fill several batches:
 * the tap sees every record in order with its own copy of the strings,
 * those strings still whole when it is told the batch ended (a NULL
 * record), and no batch ends between a request and its attempts.  The
 * same with most paths written in the batch's room (pipeline_room), as
 * the access-log importers do, which fills batches by its room: the
 * strings there are not copied, and live as long.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "util.h"
#include "unit.h"

#define NREQ	3000		/* of PATH_LEN bytes: past three batches */
#define PATH_LEN 2000

/* What the tap saw, read once the pipeline is drained. */
struct seen {
	const char	*held[NREQ];	/* paths borrowed since the last end */
	int		 nheld;
	int		 requests;	/* REC_REQUEST records, in order */
	int		 attempts;	/* REC_ATTEMPT records */
	int		 ends;		/* NULL records: batches ended */
	int		 pending;	/* attempts still due to the request */
	int		 bad;		/* contract broken */
};

/* The path of request i: its number, then a filler of its own byte. */
static void
make_path(char *p, int i)
{
	int	n = snprintf(p, PATH_LEN + 1, "/r/%d/", i);

	memset(p + n, 'a' + i % 26, (size_t)(PATH_LEN - n));
	p[PATH_LEN] = '\0';
}

static int
tap(void *ctx, enum rec_type type, const void *rec)
{
	struct seen			*s = ctx;
	const struct rec_request	*r = rec;
	char				 want[PATH_LEN + 1];
	int				 i;

	if (rec == NULL) {
		/* every string of the batch is whole till now */
		for (i = 0; i < s->nheld; i++) {
			make_path(want, s->requests - s->nheld + i);
			if (strcmp(s->held[i], want) != 0)
				s->bad++;
		}
		if (s->pending != 0)
			s->bad++;	/* the batch split a request */
		s->nheld = 0;
		s->ends++;
		return (0);
	}
	if (type == REC_REQUEST) {
		make_path(want, s->requests);
		if (s->pending != 0 || r->path == NULL ||
		    strcmp(r->path, want) != 0 || s->nheld == NREQ)
			s->bad++;
		else
			s->held[s->nheld++] = r->path;
		s->requests++;
		s->pending = 2;
	} else if (type == REC_ATTEMPT) {
		if (s->pending-- <= 0)
			s->bad++;
		s->attempts++;
	}
	return (0);
}

/* The requests, each path in the importer's buffer or, with room, most
   in the pipeline's room. */
static void
run_pipeline(int room)
{
	struct store		*st;
	struct pipeline		*pl;
	struct rec_request	 r;
	struct rec_attempt	 a;
	static struct seen	 s;
	char			 db[64], own[PATH_LEN + 1];
	char			*cause = NULL, *path;
	int			 i, k;

	unit_db_path(db);
	if (store_open(db, STORE_CREATE, &st, &cause) != 0 ||
	    store_input_begin(st, "test", NULL, "test", &cause) != 0)
		fatal("%s", cause);
	memset(&s, 0, sizeof s);
	if ((pl = pipeline_new(st, tap, &s)) == NULL)
		fatal("no thread");
	for (i = 0; i < NREQ; i++) {
		memset(&r, 0, sizeof r);
		/* every seventh in the importer's buffer all the same */
		if (!room || i % 7 == 0 ||
		    (path = pipeline_room(pl, PATH_LEN + 1)) == NULL)
			path = own;
		make_path(path, i);
		r.method = "GET";
		r.path = path;
		r.start_us = r.end_us = (int64_t)(1778576400 + i) * 1000000;
		r.status = 200;
		r.duration_us = r.bytes = r.line = INT_NONE;
		CHECK(pipeline_put(pl, REC_REQUEST, &r) == 0);
		memset(own, 'x', PATH_LEN);	/* the importer's, reused */
		for (k = 0; k < 2; k++) {
			memset(&a, 0, sizeof a);
			a.seq = k;
			a.ip = "10.0.0.1";
			a.status = 200;
			a.time_us = r.start_us;
			a.duration_us = a.port = INT_NONE;
			CHECK(pipeline_put(pl, REC_ATTEMPT, &a) == 0);
		}
	}
	CHECK(pipeline_drain(pl) == 0);
	pipeline_free(pl);
	CHECK(s.bad == 0);
	CHECK(s.requests == NREQ && s.attempts == 2 * NREQ);
	/* 6 MB of paths: past three batches, past five rooms */
	CHECK(s.ends >= (room ? 5 : 3) && s.nheld == 0);
	store_close(st);
	unit_db_remove(db);
}

static void
test_pipeline_batches(void)
{
	run_pipeline(0);
}

static void
test_pipeline_room(void)
{
	run_pipeline(1);
}

const struct unit_test pipeline_tests[] = {
	{ "pipeline-batches", test_pipeline_batches },
	{ "pipeline-room", test_pipeline_room },
	{ NULL, NULL }
};
