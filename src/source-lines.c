/*
 * source-lines.c: the line reader over an input (source.h): lines end at
 * "\n", a "\r" before it removed, the last one needing none, NUL bytes
 * kept.  Lines are found where the bytes were read (input_view), and
 * given from there; only a line begun in one view and ended in the next
 * is copied, into a buffer of its own.  Memory stays bounded: a line
 * longer than the input's limit is skipped whole and said, never kept.
 * It reads through input_view() alone, from a thread reading ahead
 * (source-ahead.c), and knows nothing of where the bytes come from or
 * what a line says.
 */

#include <sys/types.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "source-int.h"
#include "util.h"

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

/* Adds n bytes to the line begun in an earlier view. */
static void
lr_keep(struct linereader *lr, const char *p, size_t n)
{
	size_t	cap;

	if (lr->cap - lr->len < n + 1) {
		cap = lr->cap == 0 ? 1024 : lr->cap;
		while (cap - lr->len < n + 1)
			cap *= 2;
		lr->buf = xrealloc(lr->buf, cap);
		lr->cap = cap;
	}
	memcpy(lr->buf + lr->len, p, n);
	lr->len += n;
}

/*
 * The first newline among the n bytes at s, which a NUL byte follows
 * (input_view), or NULL; *nul is set to the first NUL byte before it,
 * when there is one.  strchrnul stops at either, so a line is scanned
 * once, not once for its end and once more for a NUL (a 1 M-line
 * import's CPU 0.974x); past a NUL, memchr finds the end.
 */
static char *
line_end(char *s, size_t n, char **nul)
{
	char	*p;

	if ((p = strchrnul(s, '\n')) == s + n)
		return (NULL);
	if (*p == '\n')
		return (p);
	*nul = p;
	return (memchr(p + 1, '\n', n - (size_t)(p + 1 - s)));
}

/*
 * Ends the line s of n bytes: without its "\r" when ended holds (it was
 * followed by "\n"), NUL-terminated (s has room for it).
 */
static enum lr_status
lr_line(struct linereader *lr, char *s, size_t n, int ended,
    const char **line, size_t *len)
{
	lr->lineno++;
	if (ended && n != 0 && s[n - 1] == '\r')
		n--;
	if (n > lr->max)
		return (LR_LONG);
	s[n] = '\0';
	*line = s;
	*len = n;
	return (LR_LINE);
}

enum lr_status
lr_next(struct linereader *lr, const char **line, size_t *len)
{
	char	*s, *nl, *nul;
	size_t	 n;
	ssize_t	 r;

	if (lr->len == 0)	/* a line begins */
		lr->nul_at = SIZE_MAX;
	for (;;) {
		n = lr->vlen - lr->vat;
		s = n != 0 ? lr->view + lr->vat : NULL;
		nul = NULL;
		nl = n != 0 ? line_end(s, n, &nul) : NULL;
		if (nul != NULL && lr->nul_at == SIZE_MAX && !lr->skipping)
			lr->nul_at = lr->len + (size_t)(nul - s);
		if (nl != NULL) {
			n = (size_t)(nl - s);
			lr->vat += n + 1;
			if (lr->skipping) {
				lr->skipping = 0;
				lr->lineno++;
				return (LR_LONG);
			}
			if (lr->len == 0)	/* where it was read */
				return (lr_line(lr, s, n, 1, line, len));
			/* The "+ 1" leaves room for a "\r" before "\n". */
			if (lr->len + n > lr->max + 1) {
				lr->len = 0;
				lr->lineno++;
				return (LR_LONG);
			}
			lr_keep(lr, s, n);
			n = lr->len;
			lr->len = 0;
			return (lr_line(lr, lr->buf, n, 1, line, len));
		}
		/* the rest of the view begins a line: kept, or skipped */
		lr->vat = lr->vlen;
		if (!lr->skipping && lr->len + n > lr->max + 1) {
			lr->skipping = 1;
			lr->len = 0;
		}
		if (!lr->skipping && n != 0)
			lr_keep(lr, s, n);
		if (lr->eof) {
			if (lr->skipping) {
				lr->skipping = 0;
				lr->lineno++;
				return (LR_LONG);
			}
			if (lr->len == 0)
				return (LR_EOF);
			n = lr->len;
			lr->len = 0;
			return (lr_line(lr, lr->buf, n, 0, line, len));
		}
		if ((r = input_view(lr->in, &lr->view)) == -1)
			return (LR_ERROR);
		lr->vat = 0;
		lr->vlen = r > 0 ? (size_t)r : 0;
		if (r == 0)
			lr->eof = 1;
	}
}
