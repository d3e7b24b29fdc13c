/*
 * pipeline.c: two-core imports (pipeline.h).  Each record is copied into
 * the filling batch as [type][length][struct], its string pointers kept:
 * a string the importer wrote in the batch's room stays there, any other
 * is copied into the batch's arena; both live until the batch is written,
 * so the writer hands the struct where it lies to store_put (and to the
 * tap, told with a NULL record when the batch and its strings end).  A
 * ring of batches: the caller fills one while the writer writes the
 * oldest full one, so that neither waits for the other's uneven moments
 * (the writer compresses a block of requests at once).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pipeline.h"
#include "util.h"

#define BATCH_BYTES	(2 << 20)	/* hand a batch over past this */
#define REC_MAX		512		/* bytes: the largest record struct */
#define ROOM_BYTES	(1 << 20)	/* a batch's room for strings */
/* batches in the ring: with 4 the parser waited 0.15 s of 1.4 for the
   writer over 1 M access-log lines */
#define NBATCH		8

/*
 * A batch has a cache line of its own: the caller writes the one it
 * fills at every record while the writer reads the one it writes.
 */
struct batch {
	_Alignas(64) struct buf data;	/* entries, see above */
	size_t		 n;		/* entries in data */
	struct arena	 copies;	/* the strings not in room */
	size_t		 copied;	/* bytes in copies */
	char		*room;		/* owned, ROOM_BYTES or NULL: the
					   strings importers wrote there */
	size_t		 room_used;	/* bytes of room given out before
					   the last pipeline_room */
	int		 populated;	/* its memory given at once */
	const char	*room_last;	/* the last string put from the
					   room since then, or NULL */
};

/* Where a type's strings are in its struct: found once, read per record. */
struct strings {
	size_t		 off[REC_MAX / 8]; /* of its RF_STR fields */
	size_t		 n;		/* fields in off */
};

struct pipeline {
	struct store	*st;		/* borrowed */
	pipeline_tap	 tap;		/* called with each record, or NULL */
	void		*tap_ctx;
	pthread_t	 writer;
	pthread_mutex_t	 lock;
	pthread_cond_t	 cond;		/* any change below */
	struct batch	 b[NBATCH];	/* b[fill] is the caller's */
	int		 fill;		/* the batch being filled */
	int		 next;		/* the oldest full batch */
	int		 full;		/* full batches from next on, the
					   one being written among them */
	int		 failed;	/* the writer's store_put failed */
	int		 handed;	/* a batch was handed over */
	int		 quit;		/* the writer must stop: set once, by
					   pipeline_stop, which has run */
	struct strings	 str[REC__COUNT]; /* each type's string fields */
};

/* Entry header; the struct follows, 8-byte aligned. */
struct entry {
	uint32_t	 type;		/* enum rec_type */
	uint32_t	 len;		/* bytes of the whole entry */
};

#define ALIGN8(n)	(((n) + 7) & ~(size_t)7)

static void
batch_write(struct pipeline *pl, struct batch *bt)
{
	struct entry	 e;
	const char	*p = bt->data.data, *rec;
	size_t		 i, n = bt->n, at = 0;

	for (i = 0; i < n && !pl->failed; i++) {
		memcpy(&e, p + at, sizeof e);
		rec = p + at + ALIGN8(sizeof e);
		if ((pl->tap != NULL && pl->tap(pl->tap_ctx,
		    (enum rec_type)e.type, rec) != 0) ||
		    store_put(pl->st, (enum rec_type)e.type, rec) != 0)
			pl->failed = 1;
		at += e.len;
	}
	/* the batch's strings die now: the last request goes in */
	if (pl->tap != NULL && pl->tap(pl->tap_ctx, REC__COUNT, NULL) != 0)
		pl->failed = 1;
	if (store_put_flush(pl->st) != 0)
		pl->failed = 1;
	buf_clear(&bt->data);
	arena_free(&bt->copies);
	bt->copied = 0;
	bt->n = 0;
	bt->room_used = 0;
	bt->room_last = NULL;
}

static void *
writer_main(void *arg)
{
	struct pipeline	*pl = arg;
	struct batch	*bt;

	pthread_setname_np(pthread_self(), "coroner-writer");
	pthread_mutex_lock(&pl->lock);
	for (;;) {
		while (pl->full == 0 && !pl->quit)
			pthread_cond_wait(&pl->cond, &pl->lock);
		if (pl->full == 0 && pl->quit)
			break;
		bt = &pl->b[pl->next];
		pthread_mutex_unlock(&pl->lock);
		batch_write(pl, bt);
		pthread_mutex_lock(&pl->lock);
		pl->next = (pl->next + 1) % NBATCH;
		pl->full--;
		pthread_cond_broadcast(&pl->cond);
	}
	pthread_mutex_unlock(&pl->lock);
	return (NULL);
}

struct pipeline *
pipeline_new(struct store *st, pipeline_tap tap, void *ctx)
{
	struct pipeline		*pl;
	const struct rec_field	*f;
	size_t			 t;

	/* its batches' lines are lines only where it starts on one */
	if ((pl = aligned_alloc(_Alignof(struct pipeline), sizeof *pl)) ==
	    NULL)
		fatal("out of memory");
	memset(pl, 0, sizeof *pl);

	for (t = 0; t < REC__COUNT; t++) {
		if (rec_descs[t].size > REC_MAX)
			fatal("pipeline: record %s too large",
			    rec_descs[t].name);
		for (f = rec_descs[t].fields; f->name != NULL; f++) {
			if (f->type == RF_STR)
				pl->str[t].off[pl->str[t].n++] = f->off;
		}
	}
	pl->st = st;
	pl->tap = tap;
	pl->tap_ctx = ctx;
	store_set_borrowing(st, 1);
	pthread_mutex_init(&pl->lock, NULL);
	pthread_cond_init(&pl->cond, NULL);
	if (pthread_create(&pl->writer, NULL, writer_main, pl) != 0) {
		store_set_borrowing(st, 0);
		pthread_mutex_destroy(&pl->lock);
		pthread_cond_destroy(&pl->cond);
		free(pl);
		return (NULL);
	}
	return (pl);
}

/* Whether the batch holds enough to be handed over: its records and the
   strings copied with them. */
static int
batch_full(const struct batch *bt)
{
	return (bt->data.len + bt->copied >= BATCH_BYTES);
}

/*
 * Gives a batch its memory at once the first time it is filled, once
 * one was full before it: the input is a large one, and a fault for
 * each page of the ring as it is first written cost the parser 36 ms of
 * 1 M lines on a virtual machine.
 */
static void
populate(struct pipeline *pl, struct batch *bt)
{
	if (bt->populated || !pl->handed)
		return;
	bt->populated = 1;
	buf_reserve(&bt->data, BATCH_BYTES + 2 * REC_MAX);
	mem_populate(bt->data.data, BATCH_BYTES + 2 * REC_MAX);
	/* the room, once the importer asks for it (pipeline_room) */
	if (bt->room != NULL)
		mem_populate(bt->room, ROOM_BYTES);
}

/* Hands the filled batch over, once the ring has an empty one to fill. */
static void
hand_over(struct pipeline *pl)
{
	pthread_mutex_lock(&pl->lock);
	while (pl->full >= NBATCH - 1)
		pthread_cond_wait(&pl->cond, &pl->lock);
	pl->fill = (pl->fill + 1) % NBATCH;
	pl->full++;
	pl->handed = 1;
	pthread_cond_broadcast(&pl->cond);
	pthread_mutex_unlock(&pl->lock);
	populate(pl, &pl->b[pl->fill]);
}

char *
pipeline_room(struct pipeline *pl, size_t len)
{
	struct batch	*bt = &pl->b[pl->fill];

	/* what the lines before took: up to their last string's end */
	if (bt->room_last != NULL) {
		bt->room_used = (size_t)(bt->room_last - bt->room) +
		    strlen(bt->room_last) + 1;
		bt->room_last = NULL;
	}
	if (len > ROOM_BYTES)
		return (NULL);
	if (bt->n > 0 && (batch_full(bt) ||
	    bt->room_used + len > ROOM_BYTES)) {
		hand_over(pl);
		bt = &pl->b[pl->fill];
	}
	if (bt->room == NULL) {
		bt->room = xmalloc(ROOM_BYTES);
		if (bt->populated)
			mem_populate(bt->room, ROOM_BYTES);
	}
	return (bt->room + bt->room_used);
}

/* Whether str is in the filling batch's room: put without a copy. */
static int
in_room(const struct batch *bt, const char *str)
{
	uintptr_t	p = (uintptr_t)str, r = (uintptr_t)bt->room;

	return (bt->room != NULL && p >= r && p < r + ROOM_BYTES);
}

int
pipeline_put(struct pipeline *pl, enum rec_type type, const void *rec)
{
	const struct rec_desc	*d = &rec_descs[type];
	const struct strings	*s = &pl->str[type];
	struct batch		*bt = &pl->b[pl->fill];
	struct entry		 e;
	size_t			 len, k, n;
	const char		*str;
	char			*body;

	if (pl->failed)
		return (-1);
	/* hand over a full batch only before a record that starts anew, so
	   a request and its attempts are always in one batch */
	if (batch_full(bt) && !d->child) {
		hand_over(pl);
		bt = &pl->b[pl->fill];
	}
	len = ALIGN8(sizeof e) + ALIGN8(d->size);
	buf_reserve(&bt->data, len);
	body = bt->data.data + bt->data.len + ALIGN8(sizeof e);
	/* an access log's records by their own size: a copy the compiler
	   sees whole, not a call (the parsing thread's CPU 0.935x) */
	if (type == REC_REQUEST)
		memcpy(body, rec, sizeof(struct rec_request));
	else if (type == REC_ATTEMPT)
		memcpy(body, rec, sizeof(struct rec_attempt));
	else
		memcpy(body, rec, d->size);
	/* its strings: where they are in the room, else copied */
	for (k = 0; k < s->n; k++) {
		memcpy(&str, body + s->off[k], sizeof str);
		if (str == NULL)
			continue;
		if (in_room(bt, str)) {
			if (bt->room_last == NULL || str > bt->room_last)
				bt->room_last = str;
			continue;
		}
		n = strlen(str) + 1;
		str = arena_memdup(&bt->copies, str, n);
		bt->copied += n;
		memcpy(body + s->off[k], &str, sizeof str);
	}
	e.type = (uint32_t)type;
	e.len = (uint32_t)len;
	memcpy(bt->data.data + bt->data.len, &e, sizeof e);
	bt->data.len += len;
	bt->data.data[bt->data.len] = '\0';
	bt->n++;
	return (0);
}

int
pipeline_drain(struct pipeline *pl)
{
	int	failed;

	if (pl->b[pl->fill].n > 0)
		hand_over(pl);
	pthread_mutex_lock(&pl->lock);
	while (pl->full)
		pthread_cond_wait(&pl->cond, &pl->lock);
	failed = pl->failed;
	pl->failed = 0;
	pthread_mutex_unlock(&pl->lock);
	return (failed ? -1 : 0);
}

void
pipeline_stop(struct pipeline *pl)
{
	if (pl == NULL || pl->quit)
		return;
	pipeline_drain(pl);
	pthread_mutex_lock(&pl->lock);
	pl->quit = 1;
	pthread_cond_broadcast(&pl->cond);
	pthread_mutex_unlock(&pl->lock);
	pthread_join(pl->writer, NULL);
	store_set_borrowing(pl->st, 0);
}

void
pipeline_free(struct pipeline *pl)
{
	int	i;

	if (pl == NULL)
		return;
	pipeline_stop(pl);
	pthread_mutex_destroy(&pl->lock);
	pthread_cond_destroy(&pl->cond);
	for (i = 0; i < NBATCH; i++) {
		buf_free(&pl->b[i].data);
		arena_free(&pl->b[i].copies);
		free(pl->b[i].room);
	}
	free(pl);
}
