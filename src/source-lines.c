/*
 * source-lines.c: the line reader over an input (source.h): lines end at
 * "\n", a "\r" before it removed, the last one needing none, NUL bytes
 * kept.  Memory stays bounded: a line longer than the input's limit is
 * skipped whole and said, never kept.  It reads through input_read()
 * alone, from a thread reading ahead (source-ahead.c), and knows nothing
 * of where the bytes come from or what a line says.
 */

#include <sys/types.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "source-int.h"
#include "util.h"

/* Bytes the line reader asks for at a time. */
#define LR_CHUNK	(256 * 1024)
/* Largest line buffer: a longest line, a "\r\n", a read and a NUL. */
#define LR_CAP_MAX(max)	((max) + 2 + LR_CHUNK + 1)

static int		 lr_fill(struct linereader *);
static enum lr_status	 lr_skip(struct linereader *);

void
lr_init(struct linereader *lr, struct input *in)
{
	memset(lr, 0, sizeof *lr);
	lr->in = in;
	lr->max = input_max_line(in);
	/* the file is read, decompressed and hashed beside the lines */
	input_ahead_start(in);
}

void
lr_free(struct linereader *lr)
{
	if (lr->in != NULL)
		input_ahead_stop(lr->in);
	free(lr->buf);
	memset(lr, 0, sizeof *lr);
}

/*
 * Moves the partial line left in the buffer to its front and reads more
 * after it, growing the buffer up to LR_CAP_MAX.  Keeps one byte free for
 * the NUL of a last line without "\n".
 */
static int
lr_fill(struct linereader *lr)
{
	size_t	left = lr->end - lr->start, cap;
	ssize_t	r;

	if (lr->start != 0) {
		memmove(lr->buf, lr->buf + lr->start, left);
		lr->start = 0;
		lr->end = left;
	}
	if (lr->cap - lr->end < LR_CHUNK + 1) {
		cap = lr->cap * 2;
		if (cap < lr->end + LR_CHUNK + 1)
			cap = lr->end + LR_CHUNK + 1;
		if (cap > LR_CAP_MAX(lr->max))
			cap = LR_CAP_MAX(lr->max);
		lr->buf = xrealloc(lr->buf, cap);
		lr->cap = cap;
	}
	r = input_read(lr->in, lr->buf + lr->end, lr->cap - lr->end - 1);
	if (r == -1)
		return (-1);
	if (r == 0)
		lr->eof = 1;
	lr->end += (size_t)r;
	return (0);
}

/*
 * Skips the rest of a line too long to keep: the buffer holds its first
 * part and no "\n".  Reads on until the "\n", keeping what follows it.
 */
static enum lr_status
lr_skip(struct linereader *lr)
{
	char	*nl;
	ssize_t	 r;

	lr->lineno++;
	lr->start = lr->end = 0;
	while (!lr->eof) {
		r = input_read(lr->in, lr->buf, lr->cap - 1);
		if (r == -1)
			return (LR_ERROR);
		if (r == 0) {
			lr->eof = 1;
			break;
		}
		if ((nl = memchr(lr->buf, '\n', (size_t)r)) != NULL) {
			lr->start = (size_t)(nl - lr->buf) + 1;
			lr->end = (size_t)r;
			break;
		}
	}
	return (LR_LONG);
}

enum lr_status
lr_next(struct linereader *lr, const char **line, size_t *len)
{
	char	*s, *nl;
	size_t	 n;

	for (;;) {
		n = lr->end - lr->start;
		if (n != 0) {
			s = lr->buf + lr->start;
			if ((nl = memchr(s, '\n', n)) != NULL) {
				n = (size_t)(nl - s);
				lr->start += n + 1;
				lr->lineno++;
				if (n != 0 && s[n - 1] == '\r')
					n--;
				if (n > lr->max)
					return (LR_LONG);
				s[n] = '\0';
				*line = s;
				*len = n;
				return (LR_LINE);
			}
			/* The "+ 1" leaves room for a "\r" before "\n". */
			if (n > lr->max + 1)
				return (lr_skip(lr));
		}
		if (lr->eof) {
			if (n == 0)
				return (LR_EOF);
			s = lr->buf + lr->start;
			lr->start = lr->end;
			lr->lineno++;
			if (n > lr->max)
				return (LR_LONG);
			s[n] = '\0';
			*line = s;
			*len = n;
			return (LR_LINE);
		}
		if (lr_fill(lr) == -1)
			return (LR_ERROR);
	}
}
