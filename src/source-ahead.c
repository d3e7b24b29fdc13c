/*
 * source-ahead.c: an input read ahead on a thread of its own
 * (source-int.h), so that reading the file, decompressing it, checking
 * the limits and hashing it (input_read_stage) run beside the parsing
 * instead of before each line.  A ring of buffers: the thread fills the
 * next free one while the reader takes bytes from the oldest; its last
 * buffer says the end, or the error the input ended with, which the
 * reader meets where a reader without the thread would have.  Stopped,
 * the thread leaves what it read for the reader, who then reads on
 * itself: the bytes and their hash come in the same order either way.
 * A reader may also take the bytes where they lie (input_view): the
 * buffer is then its until it asks for more.  Like the rest of the
 * source layer, it knows nothing of what the bytes say.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "source-int.h"
#include "util.h"

/*
 * Buffers in the ring: AHEAD_PLAIN for a file read as it is, AHEAD_MAX
 * for one decoded (zstd, gzip).  A .zst input costs its thread about
 * 2 ms a MiB (the decoding and the hash), about what the parser spends
 * on it, and with three busy threads on two cores either one in turn
 * runs behind: over 8 M lines, with 4 buffers the parser waited 1.5 to
 * 2.9 s for bytes and the cores idled 2.85 core-seconds (mean of nine
 * runs), with 8, 1.0 s and 2.53.  A plain file's thread is always ahead,
 * and 8 buffers there only put the bytes farther from the parser's
 * cache (1 M lines: 1.02x to 1.03x the wall in two of four sets of 16
 * to 24 pairs).
 */
#define AHEAD_PLAIN	4
#define AHEAD_MAX	8
#define AHEAD_SIZE	(1024 * 1024)	/* bytes in each */

/* One buffer of the ring. */
struct ahead_buf {
	char		*data;		/* owned, AHEAD_SIZE bytes */
	size_t		 len;		/* bytes read into it */
	size_t		 at;		/* bytes taken from it */
	int		 last;		/* the thread's last: end or error */
	char		*why;		/* the error it ends with, or NULL */
	int		 limited;	/* why is a limit */
	int		 populated;	/* its memory given at once */
};

struct ahead {
	pthread_t	 thread;
	pthread_mutex_t	 lock;
	pthread_cond_t	 cond;		/* any change below */
	struct ahead_buf b[AHEAD_MAX];
	int		 n;		/* buffers in use, from b[0] */
	int		 head;		/* the reader's buffer */
	int		 full;		/* buffers filled, from head on */
	int		 quit;		/* the thread must stop */
	int		 done;		/* it has stopped reading */
	int		 running;	/* it was started and not joined */
	int		 viewing;	/* the head buffer is the reader's
					   (input_ahead_view) until its next
					   call */
};

static void *
ahead_main(void *arg)
{
	struct input		*in = arg;
	struct ahead		*a = in->ahead;
	struct ahead_buf	*b;
	ssize_t			 r = 0;

	pthread_setname_np(pthread_self(), "coroner-read");
	pthread_mutex_lock(&a->lock);
	for (;;) {
		while (a->full == a->n && !a->quit)
			pthread_cond_wait(&a->cond, &a->lock);
		if (a->quit)
			break;
		b = &a->b[(a->head + a->full) % a->n];
		pthread_mutex_unlock(&a->lock);
		b->len = b->at = 0;
		b->why = NULL;
		/* an input that filled the last buffer fills this one too:
		   its pages at once, not a fault each as the read writes */
		if (r == AHEAD_SIZE && !b->populated) {
			mem_populate(b->data, AHEAD_SIZE);
			b->populated = 1;
		}
		r = input_read_stage(in, b->data, AHEAD_SIZE, &b->why,
		    &b->limited);
		b->last = r <= 0;
		if (r > 0)
			b->len = (size_t)r;
		b->data[b->len] = '\0';	/* input_view's promise */
		pthread_mutex_lock(&a->lock);
		a->full++;
		pthread_cond_broadcast(&a->cond);
		if (b->last)
			break;
	}
	a->done = 1;
	pthread_cond_broadcast(&a->cond);
	pthread_mutex_unlock(&a->lock);
	return (NULL);
}

void
input_ahead_start(struct input *in)
{
	struct ahead	*a;
	struct stage	*st;
	int		 i;

	if (in->ahead != NULL || in->error != NULL)
		return;
	a = xcalloc(1, sizeof *a);
	a->n = AHEAD_PLAIN;
	for (st = in->top; st != NULL; st = st->below)
		if (st->kind == STAGE_ZSTD || st->kind == STAGE_GZIP)
			a->n = AHEAD_MAX;
	for (i = 0; i < a->n; i++)
		a->b[i].data = xmalloc(AHEAD_SIZE + 1);
	pthread_mutex_init(&a->lock, NULL);
	pthread_cond_init(&a->cond, NULL);
	in->ahead = a;
	if (pthread_create(&a->thread, NULL, ahead_main, in) != 0) {
		/* no thread: the reader reads itself */
		in->ahead = NULL;
		pthread_mutex_destroy(&a->lock);
		pthread_cond_destroy(&a->cond);
		for (i = 0; i < a->n; i++)
			free(a->b[i].data);
		free(a);
		return;
	}
	a->running = 1;
}

/* Frees the ring once the thread is joined and every buffer taken. */
static void
ahead_free(struct input *in)
{
	struct ahead	*a = in->ahead;
	int		 i;

	pthread_mutex_destroy(&a->lock);
	pthread_cond_destroy(&a->cond);
	for (i = 0; i < a->n; i++) {
		free(a->b[i].data);
		free(a->b[i].why);
	}
	free(a);
	in->ahead = NULL;
}

void
input_ahead_stop(struct input *in)
{
	struct ahead	*a = in->ahead;

	if (a == NULL || !a->running)
		return;
	pthread_mutex_lock(&a->lock);
	a->quit = 1;
	pthread_cond_broadcast(&a->cond);
	pthread_mutex_unlock(&a->lock);
	pthread_join(a->thread, NULL);
	a->running = 0;
	if (a->full == 0)
		ahead_free(in);
}

void
input_ahead_end(struct input *in)
{
	if (in->ahead == NULL)
		return;
	input_ahead_stop(in);
	if (in->ahead != NULL)
		ahead_free(in);
}

/* Gives the head buffer back to the thread. */
static void
ahead_next(struct ahead *a)
{
	pthread_mutex_lock(&a->lock);
	a->head = (a->head + 1) % a->n;
	a->full--;
	pthread_cond_broadcast(&a->cond);
	pthread_mutex_unlock(&a->lock);
}

/*
 * The head buffer once the thread filled it, or NULL when it stopped
 * with nothing left (the ring then freed).
 */
static struct ahead_buf *
ahead_head(struct input *in)
{
	struct ahead	*a = in->ahead;

	pthread_mutex_lock(&a->lock);
	while (a->full == 0 && !a->done)
		pthread_cond_wait(&a->cond, &a->lock);
	if (a->full == 0) {
		/* stopped with nothing left: the reader reads on itself */
		pthread_mutex_unlock(&a->lock);
		if (a->running) {
			pthread_join(a->thread, NULL);
			a->running = 0;
		}
		ahead_free(in);
		return (NULL);
	}
	pthread_mutex_unlock(&a->lock);
	return (&a->b[a->head]);
}

/*
 * Whether b is the thread's last buffer, taken: then 0 at the end, or -1
 * with the input's error set.
 */
static int
ahead_ended(struct input *in, struct ahead_buf *b, ssize_t *r)
{
	if (b->at != b->len || !b->last)
		return (0);
	/* the end stays at the head: every later read meets it */
	*r = 0;
	if (b->why != NULL) {
		in->error = b->why;
		in->limited = b->limited;
		b->why = NULL;
		*r = -1;
	}
	return (1);
}

ssize_t
input_ahead_read(struct input *in, void *buf, size_t n)
{
	struct ahead_buf	*b;
	size_t			 k;
	ssize_t			 r;

	if ((b = ahead_head(in)) == NULL)
		return (input_read_stage(in, buf, n, &in->error,
		    &in->limited));
	if (ahead_ended(in, b, &r))
		return (r);
	k = b->len - b->at < n ? b->len - b->at : n;
	memcpy(buf, b->data + b->at, k);
	b->at += k;
	if (b->at == b->len && !b->last)
		ahead_next(in->ahead);
	return ((ssize_t)k);
}

ssize_t
input_ahead_view(struct input *in, char **p)
{
	struct ahead_buf	*b;
	size_t			 k;
	ssize_t			 r;

	/* the last view's buffer is done with now */
	if (in->ahead->viewing) {
		in->ahead->viewing = 0;
		ahead_next(in->ahead);
	}
	if ((b = ahead_head(in)) == NULL)
		return (AHEAD_GONE);
	if (ahead_ended(in, b, &r))
		return (r);
	*p = b->data + b->at;
	k = b->len - b->at;
	b->at = b->len;
	in->ahead->viewing = 1;
	return ((ssize_t)k);
}
