/*
 * source.c: turns what the user named (a file, standard input, a directory
 * tree, a .zst or .gz file, a tar or zip archive) into a sequence of inputs,
 * each one plain byte stream (source.h), and the stage chain those bytes
 * flow through.
 *
 * This is the bottom layer of the import path.  It recognises packaging by
 * magic bytes only and must know nothing of what the bytes mean: no JSON,
 * no log formats, no SQLite, no curses.  Memory stays bounded whatever the
 * size of the input: every buffer here has a fixed upper size.
 *
 * Bytes flow through a short pipeline of stages: a file descriptor at the
 * bottom, then optionally a zstd or gzip decoder (source-decode.c), or the
 * current member of an archive read by libarchive (source-archive.c).
 * Every stage can look ahead without consuming, which is how magic bytes
 * are examined on standard input.  Directories are walked in
 * source-walk.c, and inputs split into lines in source-lines.c.
 */

#include <sys/types.h>
#include <sys/stat.h>

#include <archive.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "source-int.h"
#include "util.h"

/* Bytes lent to libarchive on each call of its read callback. */
#define FEED_SIZE	(128 * 1024)

const struct source_limits source_default_limits = {
	.max_bytes = 20ULL * 1024 * 1024 * 1024,
	.max_ratio = 200,
	.max_inputs = 100000,
	.max_line = LINE_MAX_LEN,
	.total = NULL
};

static ssize_t		 stage_make(struct stage *, void *, size_t);
static ssize_t		 stage_make_fd(struct stage *, void *, size_t);
static ssize_t		 stage_make_archive(struct stage *, void *, size_t);
static la_ssize_t	 feed_read(struct archive *, void *, const void **);
static la_int64_t	 feed_seek(struct archive *, void *, la_int64_t, int);
static void		 input_free(struct input *);

struct stage *
source_stage_new(enum stage_kind kind, struct stage *below)
{
	struct stage	*st;

	st = xcalloc(1, sizeof *st);
	st->kind = kind;
	st->below = below;
	st->fd = -1;
	return (st);
}

struct stage *
source_stage_fd(int fd, int own, int seekable)
{
	struct stage	*st;

	st = source_stage_new(STAGE_FD, NULL);
	st->fd = fd;
	st->ownfd = own;
	st->seekable = seekable;
	return (st);
}

void
source_stage_free(struct stage *st)
{
	if (st == NULL)
		return;
	switch (st->kind) {
	case STAGE_FD:
		if (st->ownfd && st->fd != -1)
			close(st->fd);
		break;
	case STAGE_ZSTD:
	case STAGE_GZIP:
		source_decode_free(st);
		break;
	case STAGE_MEMBER:
		break;			/* the archive is the file's */
	}
	source_stage_free(st->below);
	free(st->ahead);
	free(st->feed);
	free(st->error);
	free(st);
}

const struct stage *
source_stage_bottom(const struct stage *st)
{
	while (st->below != NULL)
		st = st->below;
	return (st);
}

ssize_t
source_stage_fail(struct stage *st, const char *fmt, ...)
{
	va_list	ap;

	if (st->error == NULL) {
		va_start(ap, fmt);
		st->error = xvasprintf(fmt, ap);
		va_end(ap);
	}
	return (-1);
}

/* Makes up to n new bytes: returns the count, 0 at the end or -1. */
static ssize_t
stage_make(struct stage *st, void *buf, size_t n)
{
	ssize_t	r;

	switch (st->kind) {
	case STAGE_FD:
		r = stage_make_fd(st, buf, n);
		break;
	case STAGE_ZSTD:
		r = source_zstd_make(st, buf, n);
		break;
	case STAGE_GZIP:
		r = source_gzip_make(st, buf, n);
		break;
	case STAGE_MEMBER:
		r = stage_make_archive(st, buf, n);
		break;
	default:
		fatal("stage_make: bad kind %d", (int)st->kind);
	}
	if (r > 0)
		st->made += (uint64_t)r;
	else if (r == 0)
		st->eof = 1;
	return (r);
}

static ssize_t
stage_make_fd(struct stage *st, void *buf, size_t n)
{
	ssize_t	r;

	do
		r = read(st->fd, buf, n);
	while (r == -1 && errno == EINTR);
	if (r == -1)
		return (source_stage_fail(st, "read error: %s",
		    strerror(errno)));
	return (r);
}

/* Reads the current archive member. */
static ssize_t
stage_make_archive(struct stage *st, void *buf, size_t n)
{
	const char	*err;
	la_ssize_t	 r;

	r = archive_read_data(st->ar, buf, n);
	if (r >= 0)
		return ((ssize_t)r);
	if (r == ARCHIVE_FATAL)
		st->arfatal = 1;
	err = archive_error_string(st->ar);
	if (err == NULL)
		err = "unknown error";
	return (source_stage_fail(st, "%s", err));
}

ssize_t
source_stage_read(struct stage *st, void *buf, size_t n)
{
	size_t	left;

	if (n == 0)
		return (0);
	left = st->aheadlen - st->aheadoff;
	if (left != 0) {
		if (n > left)
			n = left;
		memcpy(buf, st->ahead + st->aheadoff, n);
		st->aheadoff += n;
		return ((ssize_t)n);
	}
	if (st->error != NULL)
		return (-1);
	if (st->eof)
		return (0);
	if (n > SSIZE_MAX)
		n = SSIZE_MAX;
	return (stage_make(st, buf, n));
}

size_t
source_stage_fill(struct stage *st, size_t want, const unsigned char **p)
{
	static const unsigned char	 nothing[1];
	size_t				 left;
	ssize_t				 r;

	left = st->aheadlen - st->aheadoff;
	if (left < want && st->error == NULL && !st->eof) {
		if (st->aheadoff != 0) {
			memmove(st->ahead, st->ahead + st->aheadoff, left);
			st->aheadoff = 0;
			st->aheadlen = left;
		}
		if (st->aheadcap < want) {
			st->ahead = xrealloc(st->ahead, want);
			st->aheadcap = want;
		}
		while (st->aheadlen < want) {
			r = stage_make(st, st->ahead + st->aheadlen,
			    want - st->aheadlen);
			if (r <= 0)
				break;
			st->aheadlen += (size_t)r;
		}
		left = st->aheadlen;
	}
	*p = left != 0 ? st->ahead + st->aheadoff : nothing;
	return (left);
}

void
source_stage_feed(struct archive *ar, struct stage *st)
{
	if (st->feed == NULL)
		st->feed = xmalloc(FEED_SIZE);
	archive_read_set_read_callback(ar, feed_read);
	if (st->kind == STAGE_FD && st->seekable)
		archive_read_set_seek_callback(ar, feed_seek);
	archive_read_set_callback_data(ar, st);
}

/* libarchive's read callback: the next bytes of a stage. */
static la_ssize_t
feed_read(struct archive *ar, void *arg, const void **p)
{
	struct stage	*st = arg;
	ssize_t		 r;

	r = source_stage_read(st, st->feed, FEED_SIZE);
	if (r == -1) {
		archive_set_error(ar, EIO, "%s", st->error);
		return (-1);
	}
	*p = st->feed;
	return (r);
}

/*
 * libarchive's seek callback, on a regular file only.  Bytes ahead are
 * dropped; the position libarchive knows is that of the file less them.
 */
static la_int64_t
feed_seek(struct archive *ar, void *arg, la_int64_t off, int whence)
{
	struct stage	*st = arg;
	off_t		 pos;

	if (whence == SEEK_CUR) {
		pos = lseek(st->fd, 0, SEEK_CUR);
		if (pos == -1)
			goto fail;
		off += pos - (off_t)(st->aheadlen - st->aheadoff);
		whence = SEEK_SET;
	}
	pos = lseek(st->fd, off, whence);
	if (pos == -1)
		goto fail;
	st->aheadoff = st->aheadlen = 0;
	st->eof = 0;
	return (pos);

fail:
	archive_set_error(ar, errno, "seek: %s", strerror(errno));
	return (ARCHIVE_FATAL);
}

uint64_t *
source_total(struct source *src)
{
	return (src->lim.total != NULL ? src->lim.total : &src->own_total);
}

int
source_open(const char *path, const struct source_limits *lim,
    struct source **srcp, char **cause)
{
	struct source	*src;
	struct stat	 sb;
	int		 fd;

	src = xcalloc(1, sizeof *src);
	src->path = xstrdup(path);
	src->lim = lim != NULL ? *lim : source_default_limits;

	if (strcmp(path, "-") == 0) {
		src->file = source_file_new(xstrdup(path), NULL,
		    source_stage_fd(STDIN_FILENO, 0, 0));
		*srcp = src;
		return (0);
	}
	if (stat(path, &sb) == -1)
		goto fail_errno;
	if (S_ISDIR(sb.st_mode)) {
		if (source_walk_begin(src, &sb, cause) == -1)
			goto fail;
	} else {
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
			goto fail_errno;
		if (fstat(fd, &sb) == -1) {
			close(fd);
			goto fail_errno;
		}
		src->file = source_file_new(xstrdup(path), NULL,
		    source_stage_fd(fd, 1, S_ISREG(sb.st_mode)));
	}
	*srcp = src;
	return (0);

fail_errno:
	*cause = xasprintf("%s: %s", path, strerror(errno));
fail:
	source_close(src);
	*srcp = NULL;
	return (-1);
}

int
source_next(struct source *src, struct input **inp, char **cause)
{
	struct input	*in;
	int		 r;

	*inp = NULL;
	if (src->in != NULL) {
		if (src->file != NULL)
			source_file_input_done(src->file, src->in);
		input_free(src->in);
		src->in = NULL;
	}
	if (src->stopped)
		return (0);
	for (;;) {
		if (src->file != NULL) {
			r = source_file_next(src, src->file, &in, cause);
			if (r == -1)
				return (-1);
			if (r == 1)
				break;
			source_file_free(src->file);
			src->file = NULL;
		}
		if ((r = source_walk_next(src, cause)) != 1)
			return (r);
	}

	if (src->ninputs >= src->lim.max_inputs) {
		input_free(in);
		source_file_free(src->file);
		src->file = NULL;
		source_walk_stop(src);
		src->stopped = 1;
		*cause = xasprintf("%s: more than %ju inputs; the rest are "
		    "skipped (--max-inputs raises the limit)", src->path,
		    (uintmax_t)src->lim.max_inputs);
		return (-1);
	}
	src->ninputs++;
	src->in = in;
	*inp = in;
	return (1);
}

void
source_close(struct source *src)
{
	if (src == NULL)
		return;
	input_free(src->in);
	source_file_free(src->file);
	source_walk_free(src);
	free(src->path);
	free(src);
}

struct input *
input_new(struct source *src, char *name, char *member, struct stage *top,
    const struct stage *disk)
{
	struct input	*in;

	in = xcalloc(1, sizeof *in);
	in->name = name;
	in->path = src->path;
	in->member = member;
	in->top = top;
	in->src = src;
	in->disk = disk;
	sha256_init(&in->hash);
	return (in);
}

static void
input_free(struct input *in)
{
	if (in == NULL)
		return;
	input_ahead_end(in);
	source_stage_free(in->top);
	sha256_free(&in->hash);
	free(in->vbuf);
	free(in->name);
	free(in->member);
	free(in->error);
	free(in);
}

void
source_size_text(uint64_t n, char *out, size_t len)
{
	if (n != 0 && n % (1ULL << 30) == 0)
		snprintf(out, len, "%ju GiB", (uintmax_t)(n >> 30));
	else if (n != 0 && n % (1ULL << 20) == 0)
		snprintf(out, len, "%ju MiB", (uintmax_t)(n >> 20));
	else if (n != 0 && n % (1ULL << 10) == 0)
		snprintf(out, len, "%ju KiB", (uintmax_t)(n >> 10));
	else
		snprintf(out, len, "%ju bytes", (uintmax_t)n);
}

/* Writes an amount measured, rounded: "25.6 MiB", "128.5 KiB", "80 bytes". */
static void
amount_format(uint64_t n, char *out, size_t len)
{
	if (n >= (1ULL << 30))
		snprintf(out, len, "%.1f GiB", (double)n / (1ULL << 30));
	else if (n >= (1ULL << 20))
		snprintf(out, len, "%.1f MiB", (double)n / (1ULL << 20));
	else if (n >= (1ULL << 10))
		snprintf(out, len, "%.1f KiB", (double)n / (1ULL << 10));
	else
		snprintf(out, len, "%ju bytes", (uintmax_t)n);
}

const char *
input_name(const struct input *in)
{
	return (in->name);
}

const char *
input_path(const struct input *in)
{
	return (in->path);
}

const char *
input_member(const struct input *in)
{
	return (in->member);
}

/*
 * Checks the limits after r more bytes were read: the import's total and
 * the ratio of what the file delivered to what was read from it.  Returns
 * NULL, or why the input is refused (a new message).
 */
static char *
input_check_limits(struct input *in, size_t r)
{
	const struct source_limits	*lim = &in->src->lim;
	uint64_t			*total = source_total(in->src);
	uint64_t			 disk;
	char				 limit[32], out[32], got[32];

	*total += r;
	in->src->file_out += r;
	if (lim->max_bytes != 0 && *total > lim->max_bytes) {
		source_size_text(lim->max_bytes, limit, sizeof limit);
		return (xasprintf("%s: more than %s read in this import: "
		    "refused (--max-bytes raises the limit)", in->name,
		    limit));
	}
	disk = in->disk->made > 0 ? in->disk->made : 1;
	if (lim->max_ratio != 0 && in->src->file_out > SOURCE_RATIO_FLOOR &&
	    in->src->file_out / disk >= lim->max_ratio) {
		amount_format(in->src->file_out, out, sizeof out);
		amount_format(in->disk->made, got, sizeof got);
		return (xasprintf("%s: expands more than %ju times (%s out "
		    "of %s read): refused as a likely decompression bomb "
		    "(--max-ratio raises the limit)", in->name,
		    (uintmax_t)lim->max_ratio, out, got));
	}
	return (NULL);
}

ssize_t
input_read_stage(struct input *in, void *buf, size_t n, char **why,
    int *limited)
{
	ssize_t	r;

	*limited = 0;
	r = source_stage_read(in->top, buf, n);
	if (r == -1) {
		*why = xasprintf("%s: %s", in->name, in->top->error);
		return (-1);
	}
	if ((*why = input_check_limits(in, (size_t)r)) != NULL) {
		*limited = 1;
		return (-1);
	}
	sha256_update(&in->hash, buf, (size_t)r);
	return (r);
}

ssize_t
input_read(struct input *in, void *buf, size_t n)
{
	ssize_t	r;

	if (in->error != NULL)
		return (-1);
	if (in->ahead != NULL)
		r = input_ahead_read(in, buf, n);
	else
		r = input_read_stage(in, buf, n, &in->error, &in->limited);
	if (r > 0)
		in->offset += (uint64_t)r;
	return (r);
}

/* Bytes input_view reads at a time without the thread reading ahead. */
#define VIEW_SIZE	(256 * 1024)

ssize_t
input_view(struct input *in, char **p)
{
	ssize_t	r = AHEAD_GONE;

	if (in->error != NULL)
		return (-1);
	if (in->ahead != NULL)
		r = input_ahead_view(in, p);
	if (r == AHEAD_GONE) {
		if (in->vbuf == NULL)
			in->vbuf = xmalloc(VIEW_SIZE + 1);
		*p = in->vbuf;
		r = input_read_stage(in, in->vbuf, VIEW_SIZE, &in->error,
		    &in->limited);
		in->vbuf[r > 0 ? r : 0] = '\0';
	}
	if (r > 0)
		in->offset += (uint64_t)r;
	return (r);
}

int
input_limited(const struct input *in)
{
	return (in->limited);
}

size_t
input_max_line(const struct input *in)
{
	return (in->src->lim.max_line);
}

char *
input_long_why(const struct input *in, const char *what)
{
	char	limit[32];

	source_size_text(in->src->lim.max_line, limit, sizeof limit);
	return (xasprintf("%s longer than %s skipped (--max-line raises the "
	    "limit)", what, limit));
}

size_t
input_peek(struct input *in, const unsigned char **p)
{
	static const unsigned char	nothing[1];

	size_t				n;

	if (in->error != NULL) {
		*p = nothing;
		return (0);
	}
	n = source_stage_fill(in->top, INPUT_PEEK_MAX, p);
	if (n == 0 && in->top->error != NULL)	/* broken from the start */
		in->error = xasprintf("%s: %s", in->name, in->top->error);
	/* more may be ahead after input_peek_lines() */
	return (n < INPUT_PEEK_MAX ? n : INPUT_PEEK_MAX);
}

size_t
input_peek_lines(struct input *in, const unsigned char **p)
{
	const unsigned char	*nl;
	size_t			 n, more;

	n = input_peek(in, p);
	if (n < INPUT_PEEK_MAX)
		return (n);		/* the whole input */
	if ((nl = memrchr(*p, '\n', n)) != NULL)
		return ((size_t)(nl - *p) + 1);
	more = source_stage_fill(in->top, in->src->lim.max_line + 2, p);
	if (more > n && (nl = memchr(*p, '\n', more)) != NULL)
		return ((size_t)(nl - *p) + 1);
	return (n);
}

const char *
input_error(const struct input *in)
{
	return (in->error);
}

uint64_t
input_offset(const struct input *in)
{
	return (in->offset);
}

void
input_hash(struct input *in, char out[SHA256_HEX_LEN])
{
	/* the reader ahead hashes as it reads: stopped, it has no more */
	input_ahead_stop(in);
	sha256_hex(&in->hash, out);
}
