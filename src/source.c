/*
 * source.c: turns what the user named (a file, standard input, a directory
 * tree, a .zst or .gz file, a tar or zip archive) into a sequence of inputs,
 * each one plain byte stream, and splits inputs into lines.
 *
 * This is the bottom layer of the import path.  It recognises packaging by
 * magic bytes only and must know nothing of what the bytes mean: no JSON,
 * no log formats, no SQLite, no curses.  Memory stays bounded whatever the
 * size of the input: every buffer here has a fixed upper size.
 *
 * Bytes flow through a short pipeline of stages: a file descriptor at the
 * bottom, then optionally a zstd or gzip decoder, or the current member of
 * an archive read by libarchive.  Every stage can look ahead without
 * consuming, which is how magic bytes are examined on standard input.
 */

#include <sys/types.h>
#include <sys/stat.h>

#include <archive.h>
#include <archive_entry.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zstd.h>
#include <zstd_errors.h>

#include "source.h"
#include "util.h"

/* Bytes lent to libarchive on each call of its read callback. */
#define FEED_SIZE	(128 * 1024)
/* Bytes examined to recognise packaging: a tar header is 512 bytes. */
#define MAGIC_LEN	512
/* Bytes the line reader asks for at a time. */
#define LR_CHUNK	(256 * 1024)
/* Largest line buffer: a longest line, a "\r\n", a read and a NUL. */
#define LR_CAP_MAX(max)	((max) + 2 + LR_CHUNK + 1)
/*
 * ARCHIVE_RETRY answers in a row before an archive is given up.  The tar
 * reader skips one 512-byte block per answer while it looks for a good
 * header, so this scans up to 512 MiB of damage.
 */
#define RETRY_MAX	(1024 * 1024)
/*
 * Largest zstd window accepted: 2^27 = 128 MiB, zstd's own default limit,
 * so that every file the zstd tool makes without --long=28+ decodes.  The
 * decoder's memory is that window (or the frame's size, when smaller).
 */
#define ZSTD_WLOG_MAX	27

const struct source_limits source_default_limits = {
	.max_bytes = 20ULL * 1024 * 1024 * 1024,
	.max_ratio = 200,
	.max_inputs = 100000,
	.max_line = LINE_MAX_LEN,
	.total = NULL
};

/* How a stage makes its bytes. */
enum stage_kind {
	STAGE_FD,		/* read(2) on a file descriptor */
	STAGE_ZSTD,		/* zstd frames decoded from the stage below */
	STAGE_GZIP,		/* gzip members decoded (by libarchive) */
	STAGE_MEMBER		/* the current entry of an archive */
};

/*
 * One stage of a byte pipeline.  Bytes made early by stage_fill() wait in
 * "ahead" and are given out first by stage_read().  Errors are sticky: once
 * error is set, reads return -1 after the bytes already ahead.
 */
struct stage {
	enum stage_kind	 kind;		/* how bytes are made */
	struct stage	*below;		/* encoded bytes come from here; owned;
					   NULL for STAGE_FD and STAGE_MEMBER */
	unsigned char	*ahead;		/* made, not yet given out; owned */
	size_t		 aheadcap;	/* bytes allocated in ahead */
	size_t		 aheadoff;	/* first byte of ahead not given out */
	size_t		 aheadlen;	/* bytes valid in ahead */
	unsigned char	*feed;		/* FEED_SIZE bytes lent to libarchive
					   when it reads this stage; owned */
	uint64_t	 made;		/* bytes made so far, ahead included */
	int		 eof;		/* nothing more will be made */
	char		*error;		/* why making failed, or NULL; owned */

	int		 fd;		/* STAGE_FD: the descriptor */
	int		 ownfd;		/* STAGE_FD: close fd when freed */
	int		 seekable;	/* STAGE_FD: a regular file */

	ZSTD_DCtx	*zctx;		/* STAGE_ZSTD: the decoder; owned */
	unsigned char	*zbuf;		/* STAGE_ZSTD: encoded bytes; owned */
	size_t		 zcap;		/* STAGE_ZSTD: bytes allocated */
	size_t		 zlen;		/* STAGE_ZSTD: bytes valid in zbuf */
	size_t		 zpos;		/* STAGE_ZSTD: first byte not decoded */
	int		 zdrained;	/* STAGE_ZSTD: below has ended */
	size_t		 zhint;		/* STAGE_ZSTD: the decoder's last
					   answer, 0 just after a frame */

	struct archive	*ar;		/* STAGE_GZIP: the decoder, owned;
					   STAGE_MEMBER: the file's, borrowed */
	int		 arfatal;	/* STAGE_MEMBER: reading the member
					   broke the archive (ARCHIVE_FATAL) */
};

/* How far a file has been turned into inputs. */
enum file_state {
	FILE_NEW,		/* its first bytes not examined yet */
	FILE_SINGLE,		/* one input, not yet given out */
	FILE_ARCHIVE,		/* members come from ar */
	FILE_DONE		/* nothing more to give */
};

/* One file being turned into inputs: the path given or a directory entry. */
struct file {
	char		*name;		/* the path given or "dir/rel"; owned */
	char		*member;	/* path below the directory given, or
					   NULL for the path itself; owned */
	struct stage	*base;		/* its bytes, decoded; owned; NULL once
					   FILE_SINGLE gave it to its input */
	struct archive	*ar;		/* reader of an archive file; owned */
	enum file_state	 state;		/* how far it has been read */
	unsigned int	 retries;	/* ARCHIVE_RETRY answers in a row */
};

/* One directory of a tree being walked. */
struct dirlevel {
	char		*rel;		/* path below the directory given, ""
					   for that directory itself; owned */
	char		**names;	/* its entries in strcmp order; owned */
	size_t		 nnames;	/* entries in names */
	size_t		 next;		/* index of the next entry to visit */
	dev_t		 dev;		/* device and inode: identity, to */
	ino_t		 ino;		/* refuse cycles through symlinks */
};

/* A file's identity on disk. */
struct file_id {
	dev_t		 dev;
	ino_t		 ino;
};

/* A set of file identities: open addressing, grown at half full. */
struct idset {
	struct file_id	*v;		/* slots; ino 0 marks a free one
					   (no file has it); owned */
	size_t		 cap;		/* slots allocated, a power of 2 */
	size_t		 n;		/* slots used */
};

/* What the user named, and where the walk through it stands. */
struct source {
	char		*path;		/* as given; owned */
	struct source_limits lim;	/* limits in force */
	char		*root;		/* realpath of the directory given, or
					   NULL when path is not one; owned */
	struct dirlevel	*dirs;		/* directories open in the walk,
					   outermost first; owned */
	size_t		 ndirs;		/* levels used in dirs */
	size_t		 dirscap;	/* levels allocated in dirs */
	struct file	*file;		/* the file giving inputs, or NULL;
					   owned */
	struct input	*in;		/* the input last given out, or NULL;
					   owned */
	uint64_t	 ninputs;	/* inputs given out so far */
	struct idset	 seen;		/* files the walk gave out: a file
					   reached twice (through a link)
					   is given once */
	struct idset	 walked;	/* directories the walk entered: one
					   reached again through a link is
					   not walked twice */
	uint64_t	 file_out;	/* bytes delivered by the inputs of
					   the current file (for max_ratio) */
	uint64_t	 own_total;	/* bytes read, when lim.total is
					   NULL */
	int		 stopped;	/* max_inputs passed: nothing more */
};

/* One input: one byte stream with a name. */
struct input {
	char		*name;		/* "path", "dir/rel" or "...!member";
					   owned */
	const char	*path;		/* the path given; borrowed from the
					   source */
	char		*member;	/* below the path given, or NULL;
					   owned */
	struct stage	*top;		/* where its bytes come from; owned */
	struct source	*src;		/* the source it belongs to; borrowed */
	const struct stage *disk;	/* the stage reading the file it comes
					   from, for max_ratio; borrowed (owned
					   by top's chain or by the file) */
	uint64_t	 offset;	/* bytes delivered by input_read */
	struct sha256	 hash;		/* of the bytes delivered */
	char		*error;		/* why reading failed (sticky), naming
					   the input, or NULL; owned */
	int		 limited;	/* error is a limit of source_limits */
};

static struct stage	*stage_new(enum stage_kind, struct stage *);
static struct stage	*stage_fd(int, int, int);
static struct stage	*stage_zstd(struct stage *);
static struct stage	*stage_gzip(struct stage *);
static struct stage	*stage_decode(struct stage *);
static void		 stage_free(struct stage *);
static ssize_t		 stage_fail(struct stage *, const char *, ...)
			    __attribute__((format(printf, 2, 3)));
static ssize_t		 stage_make(struct stage *, void *, size_t);
static ssize_t		 stage_make_fd(struct stage *, void *, size_t);
static ssize_t		 stage_make_zstd(struct stage *, void *, size_t);
static ssize_t		 stage_make_archive(struct stage *, void *, size_t);
static ssize_t		 stage_read(struct stage *, void *, size_t);
static size_t		 stage_fill(struct stage *, size_t,
			    const unsigned char **);
static void		 stage_feed(struct archive *, struct stage *);
static la_ssize_t	 feed_read(struct archive *, void *, const void **);
static la_int64_t	 feed_seek(struct archive *, void *, la_int64_t, int);

static int		 magic_zstd(const unsigned char *, size_t);
static int		 magic_gzip(const unsigned char *, size_t);
static int		 magic_tar(const unsigned char *, size_t);
static int		 magic_zip(const unsigned char *, size_t);

static struct file	*file_new(char *, char *, struct stage *);
static void		 file_free(struct file *);
static int		 file_examine(struct file *, char **);
static int		 file_archive(struct file *, int, char **);
static int		 file_member(struct source *, struct file *,
			    struct input **, char **);
static int		 file_next(struct source *, struct file *,
			    struct input **, char **);
static const char	*member_clean(const char *);

static char		*path_join(const char *, const char *);
static int		 path_inside(const char *, const char *);
static int		 name_cmp(const void *, const void *);
static int		 dir_list(const char *, char ***, size_t *, char **);
static int		 dir_push(struct source *, char *, const struct stat *,
			    char **);
static void		 dir_pop(struct source *);
static int		 walk_next(struct source *, char **);

static struct input	*input_new(struct source *, char *, char *,
			    struct stage *, const struct stage *);
static uint64_t		*source_total(struct source *);
static void		 input_free(struct input *);
static void		 size_format(uint64_t, char *, size_t);

static int		 lr_fill(struct linereader *);
static enum lr_status	 lr_skip(struct linereader *);

/* Returns a new stage of the given kind on top of below (taken). */
static struct stage *
stage_new(enum stage_kind kind, struct stage *below)
{
	struct stage	*st;

	st = xcalloc(1, sizeof *st);
	st->kind = kind;
	st->below = below;
	st->fd = -1;
	return (st);
}

/* Returns a stage reading fd; closes it when freed if own is set. */
static struct stage *
stage_fd(int fd, int own, int seekable)
{
	struct stage	*st;

	st = stage_new(STAGE_FD, NULL);
	st->fd = fd;
	st->ownfd = own;
	st->seekable = seekable;
	return (st);
}

/* Returns a zstd decoder over below (taken). */
static struct stage *
stage_zstd(struct stage *below)
{
	struct stage	*st;
	size_t		 ret;

	st = stage_new(STAGE_ZSTD, below);
	st->zhint = 1;		/* no frame has ended yet */
	st->zctx = ZSTD_createDCtx();
	if (st->zctx == NULL)
		fatal("ZSTD_createDCtx failed");
	ret = ZSTD_DCtx_setParameter(st->zctx, ZSTD_d_windowLogMax,
	    ZSTD_WLOG_MAX);
	if (ZSTD_isError(ret)) {
		stage_fail(st, "zstd: %s", ZSTD_getErrorName(ret));
		return (st);
	}
	st->zcap = ZSTD_DStreamInSize();
	st->zbuf = xmalloc(st->zcap);
	return (st);
}

/*
 * Returns a gzip decoder over below (taken).  libarchive decodes: its gzip
 * filter with the "raw" format gives the decoded bytes as one entry, and
 * the "empty" format accepts a gzip file of nothing.  Failures are kept in
 * the stage and surface at the first read.
 */
static struct stage *
stage_gzip(struct stage *below)
{
	struct stage		*st;
	struct archive_entry	*entry;
	const char		*err;
	int			 r;

	st = stage_new(STAGE_GZIP, below);
	st->ar = archive_read_new();
	if (st->ar == NULL)
		fatal("archive_read_new failed");
	if (archive_read_support_filter_gzip(st->ar) != ARCHIVE_OK ||
	    archive_read_support_format_raw(st->ar) != ARCHIVE_OK ||
	    archive_read_support_format_empty(st->ar) != ARCHIVE_OK) {
		err = archive_error_string(st->ar);
		stage_fail(st, "gzip: %s", err != NULL ? err : "unsupported");
		return (st);
	}
	stage_feed(st->ar, below);
	if (archive_read_open1(st->ar) != ARCHIVE_OK) {
		err = archive_error_string(st->ar);
		stage_fail(st, "unreadable gzip stream: %s",
		    err != NULL ? err : "unknown error");
		return (st);
	}
	if (archive_filter_code(st->ar, 0) != ARCHIVE_FILTER_GZIP) {
		/* Too short for libarchive to recognise it as gzip. */
		stage_fail(st, "truncated gzip stream after 0 bytes");
		return (st);
	}
	r = archive_read_next_header(st->ar, &entry);
	err = archive_error_string(st->ar);
	if (r == ARCHIVE_EOF && err == NULL)
		st->eof = 1;		/* a gzip file of nothing */
	else if (r != ARCHIVE_OK) {
		stage_fail(st, "%s after 0 bytes",
		    err != NULL ? err : "corrupt gzip stream");
	}
	return (st);
}

/*
 * Looks at the first bytes of st and returns a decoder over it (taking st)
 * when they are zstd or gzip, or st itself.
 */
static struct stage *
stage_decode(struct stage *st)
{
	const unsigned char	*p;
	size_t			 n;

	n = stage_fill(st, 4, &p);
	if (magic_zstd(p, n))
		return (stage_zstd(st));
	if (magic_gzip(p, n))
		return (stage_gzip(st));
	return (st);
}

/* Frees st and every stage below it. */
static void
stage_free(struct stage *st)
{
	if (st == NULL)
		return;
	switch (st->kind) {
	case STAGE_FD:
		if (st->ownfd && st->fd != -1)
			close(st->fd);
		break;
	case STAGE_ZSTD:
		ZSTD_freeDCtx(st->zctx);
		free(st->zbuf);
		break;
	case STAGE_GZIP:
		if (st->ar != NULL)
			archive_read_free(st->ar);
		break;
	case STAGE_MEMBER:
		break;			/* the archive is the file's */
	}
	stage_free(st->below);
	free(st->ahead);
	free(st->feed);
	free(st->error);
	free(st);
}

/* The stage at the bottom of st's chain: the one reading the file. */
static const struct stage *
stage_bottom(const struct stage *st)
{
	while (st->below != NULL)
		st = st->below;
	return (st);
}

/* Records why st failed (the first reason wins) and returns -1. */
static ssize_t
stage_fail(struct stage *st, const char *fmt, ...)
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
		r = stage_make_zstd(st, buf, n);
		break;
	case STAGE_GZIP:
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
		return (stage_fail(st, "read error: %s", strerror(errno)));
	return (r);
}

/*
 * Decodes into buf.  ZSTD_decompressStream() goes from one frame to the
 * next by itself, so concatenated frames decode whole.  The stream is
 * complete only when the bytes below end just after a frame (the decoder
 * answers 0); anything else is a truncated stream.
 */
static ssize_t
stage_make_zstd(struct stage *st, void *buf, size_t n)
{
	ZSTD_inBuffer	 zin;
	ZSTD_outBuffer	 zout;
	size_t		 ret;
	ssize_t		 r;

	zout.dst = buf;
	zout.size = n;
	zout.pos = 0;
	for (;;) {
		if (st->zpos == st->zlen && !st->zdrained) {
			r = stage_read(st->below, st->zbuf, st->zcap);
			if (r == -1)
				return (stage_fail(st, "%s", st->below->error));
			if (r == 0)
				st->zdrained = 1;
			st->zlen = (size_t)r;
			st->zpos = 0;
		}
		if (st->zpos == st->zlen && st->zdrained && st->zhint == 0)
			return (0);
		zin.src = st->zbuf;
		zin.size = st->zlen;
		zin.pos = st->zpos;
		ret = ZSTD_decompressStream(st->zctx, &zout, &zin);
		st->zpos = zin.pos;
		if (ZSTD_isError(ret) && ZSTD_getErrorCode(ret) ==
		    ZSTD_error_frameParameter_windowTooLarge) {
			return (stage_fail(st, "zstd stream needs a window "
			    "over %u MiB (made with --long?); not supported",
			    1U << (ZSTD_WLOG_MAX - 20)));
		}
		if (ZSTD_isError(ret)) {
			return (stage_fail(st,
			    "corrupt zstd stream after %ju bytes: %s",
			    (uintmax_t)st->made, ZSTD_getErrorName(ret)));
		}
		st->zhint = ret;
		if (zout.pos != 0)
			return ((ssize_t)zout.pos);
		if (st->zpos == st->zlen && st->zdrained) {
			if (ret == 0)
				return (0);
			return (stage_fail(st,
			    "truncated zstd stream after %ju bytes",
			    (uintmax_t)st->made));
		}
	}
}

/* Reads the decoded gzip data or the current archive member. */
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
	if (st->kind == STAGE_GZIP)
		return (stage_fail(st, "%s after %ju bytes", err,
		    (uintmax_t)st->made));
	return (stage_fail(st, "%s", err));
}

/* Gives out bytes made ahead first, then makes new ones. */
static ssize_t
stage_read(struct stage *st, void *buf, size_t n)
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

/*
 * Makes sure up to want bytes are ahead, without consuming them.  Sets *p
 * to them (borrowed, valid until the next read) and returns how many there
 * are: fewer than want only at the end or after an error, which the next
 * read reports once the bytes ahead are given out.
 */
static size_t
stage_fill(struct stage *st, size_t want, const unsigned char **p)
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

/* Makes libarchive read st (seeking in it when it is a regular file). */
static void
stage_feed(struct archive *ar, struct stage *st)
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

	r = stage_read(st, st->feed, FEED_SIZE);
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

/* zstd frame (28 B5 2F FD) or skippable frame (5x 2A 4D 18). */
static int
magic_zstd(const unsigned char *p, size_t n)
{
	if (n < 4)
		return (0);
	if (p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f && p[3] == 0xfd)
		return (1);
	return ((p[0] & 0xf0) == 0x50 && p[1] == 0x2a && p[2] == 0x4d &&
	    p[3] == 0x18);
}

static int
magic_gzip(const unsigned char *p, size_t n)
{
	return (n >= 2 && p[0] == 0x1f && p[1] == 0x8b);
}

/* POSIX and GNU tar both write "ustar" at offset 257 of a header. */
static int
magic_tar(const unsigned char *p, size_t n)
{
	return (n >= 262 && memcmp(p + 257, "ustar", 5) == 0);
}

/* A local file header, or the end record of an empty zip. */
static int
magic_zip(const unsigned char *p, size_t n)
{
	return (n >= 4 && p[0] == 'P' && p[1] == 'K' &&
	    ((p[2] == 3 && p[3] == 4) || (p[2] == 5 && p[3] == 6)));
}

/* Returns a new file named name over base; takes name, member and base. */
static struct file *
file_new(char *name, char *member, struct stage *base)
{
	struct file	*f;

	f = xcalloc(1, sizeof *f);
	f->name = name;
	f->member = member;
	f->base = base;
	f->state = FILE_NEW;
	return (f);
}

static void
file_free(struct file *f)
{
	if (f == NULL)
		return;
	if (f->ar != NULL)
		archive_read_free(f->ar);
	stage_free(f->base);
	free(f->name);
	free(f->member);
	free(f);
}

/*
 * Looks at the first bytes of a file: a tar or zip archive, a compressed
 * tar, or a single input (plain or compressed).  Returns -1 and a cause
 * only when an archive cannot be opened.
 */
static int
file_examine(struct file *f, char **cause)
{
	const unsigned char	*p;
	struct stage		*st;
	size_t			 n;

	n = stage_fill(f->base, MAGIC_LEN, &p);
	if (magic_zip(p, n))
		return (file_archive(f, 1, cause));
	if (magic_tar(p, n))
		return (file_archive(f, 0, cause));
	st = stage_decode(f->base);
	if (st != f->base) {
		f->base = st;
		n = stage_fill(f->base, MAGIC_LEN, &p);
		if (magic_tar(p, n))
			return (file_archive(f, 0, cause));
	}
	f->state = FILE_SINGLE;
	return (0);
}

/* Opens the file's bytes as a zip (zip set) or tar archive. */
static int
file_archive(struct file *f, int zip, char **cause)
{
	const char	*err;
	int		 r;

	f->ar = archive_read_new();
	if (f->ar == NULL)
		fatal("archive_read_new failed");
	if (zip)
		r = archive_read_support_format_zip(f->ar);
	else
		r = archive_read_support_format_tar(f->ar);
	if (r == ARCHIVE_OK) {
		stage_feed(f->ar, f->base);
		r = archive_read_open1(f->ar);
	}
	if (r != ARCHIVE_OK) {
		err = archive_error_string(f->ar);
		*cause = xasprintf("%s: %s", f->name,
		    err != NULL ? err : "cannot open archive");
		f->state = FILE_DONE;
		return (-1);
	}
	f->state = FILE_ARCHIVE;
	return (0);
}

/* Strips "/" and "./" from the front of a member's path. */
static const char *
member_clean(const char *s)
{
	for (;;) {
		if (s[0] == '/')
			s++;
		else if (s[0] == '.' && s[1] == '/')
			s += 2;
		else
			return (s);
	}
}

/*
 * Moves to the next regular member of an archive.  Members that are
 * directories, links or devices are passed over.  Returns 1 and a new
 * input, 0 at the end, or -1 and a cause when the archive is damaged.
 */
static int
file_member(struct source *src, struct file *f, struct input **inp,
    char **cause)
{
	struct archive_entry	*entry;
	struct stage		*st, *top;
	struct input		*in;
	const char		*path, *err;
	char			*name, *member, limit[32];
	int			 r;

	for (;;) {
		r = archive_read_next_header(f->ar, &entry);
		if (r == ARCHIVE_EOF) {
			f->state = FILE_DONE;
			return (0);
		}
		/*
		 * After damage libarchive answers ARCHIVE_RETRY while it
		 * looks for the next good header: say so once per run, and
		 * give up after RETRY_MAX.  Anything else is fatal.
		 */
		if (r == ARCHIVE_RETRY) {
			if (++f->retries > 1 && f->retries <= RETRY_MAX)
				continue;
		} else if (r == ARCHIVE_OK || r == ARCHIVE_WARN)
			f->retries = 0;
		if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
			if (r != ARCHIVE_RETRY || f->retries > RETRY_MAX)
				f->state = FILE_DONE;
			err = archive_error_string(f->ar);
			*cause = xasprintf("%s: %s", f->name,
			    err != NULL ? err : "damaged archive");
			return (-1);
		}
		if (archive_entry_filetype(entry) != AE_IFREG ||
		    archive_entry_hardlink(entry) != NULL ||
		    archive_entry_symlink(entry) != NULL)
			continue;
		path = archive_entry_pathname(entry);
		if (path == NULL)
			path = archive_entry_pathname_utf8(entry);
		if (path == NULL) {
			*cause = xasprintf("%s: a member without a usable "
			    "name; skipped", f->name);
			return (-1);
		}
		if (*(path = member_clean(path)) == '\0')
			continue;
		break;
	}

	name = xasprintf("%s!%s", f->name, path);
	if (f->member != NULL)
		member = xasprintf("%s!%s", f->member, path);
	else
		member = xstrdup(path);
	st = stage_new(STAGE_MEMBER, NULL);
	st->ar = f->ar;
	top = stage_decode(st);
	in = input_new(src, name, member, top, stage_bottom(f->base));
	/* a member that says it is too big is refused before it is read */
	if (top == st && archive_entry_size_is_set(entry) &&
	    src->lim.max_bytes != 0 && (uint64_t)archive_entry_size(entry) >
	    src->lim.max_bytes - *source_total(src)) {
		size_format(src->lim.max_bytes, limit, sizeof limit);
		in->error = xasprintf("%s: its %ju bytes would pass the %s "
		    "read in this import: refused (--max-bytes raises the "
		    "limit)", in->name, (uintmax_t)archive_entry_size(entry),
		    limit);
		in->limited = 1;
	}
	*inp = in;
	return (1);
}

/* Returns 1 and a new input, 0 when the file is done, or -1 and a cause. */
static int
file_next(struct source *src, struct file *f, struct input **inp,
    char **cause)
{
	if (f->state == FILE_NEW && file_examine(f, cause) == -1)
		return (-1);
	switch (f->state) {
	case FILE_SINGLE:
		*inp = input_new(src, xstrdup(f->name),
		    f->member != NULL ? xstrdup(f->member) : NULL, f->base,
		    stage_bottom(f->base));
		f->base = NULL;
		f->state = FILE_DONE;
		return (1);
	case FILE_ARCHIVE:
		return (file_member(src, f, inp, cause));
	case FILE_NEW:
	case FILE_DONE:
		break;
	}
	return (0);
}

/* Returns a new "dir/rel", without doubling a "/" that dir ends with. */
static char *
path_join(const char *dir, const char *rel)
{
	size_t	len = strlen(dir);

	if (len != 0 && dir[len - 1] == '/')
		return (xasprintf("%s%s", dir, rel));
	return (xasprintf("%s/%s", dir, rel));
}

/* Whether resolved path p is root or lies below it (both real paths). */
static int
path_inside(const char *root, const char *p)
{
	size_t	len = strlen(root);

	if (strcmp(root, "/") == 0)
		return (1);
	return (strncmp(p, root, len) == 0 &&
	    (p[len] == '/' || p[len] == '\0'));
}

static int
name_cmp(const void *a, const void *b)
{
	return (strcmp(*(char *const *)a, *(char *const *)b));
}

/* Reads the entries of a directory, sorted; -1 and a cause on error. */
static int
dir_list(const char *path, char ***namesp, size_t *np, char **why)
{
	DIR		*d;
	struct dirent	*de;
	char		**names = NULL;
	size_t		 n = 0, cap = 0, i;

	if ((d = opendir(path)) == NULL) {
		*why = xstrdup(strerror(errno));
		return (-1);
	}
	for (;;) {
		errno = 0;
		if ((de = readdir(d)) == NULL)
			break;
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		if (n == cap) {
			cap = cap == 0 ? 16 : cap * 2;
			names = xreallocarray(names, cap, sizeof *names);
		}
		names[n++] = xstrdup(de->d_name);
	}
	if (errno != 0) {
		*why = xstrdup(strerror(errno));
		closedir(d);
		for (i = 0; i < n; i++)
			free(names[i]);
		free(names);
		return (-1);
	}
	closedir(d);
	if (n != 0)
		xqsort(names, n, sizeof *names, name_cmp);
	*namesp = names;
	*np = n;
	return (0);
}

/*
 * Starts walking the directory rel (taken) below the path given, whose
 * stat is sb.  Returns -1 and a cause (without the name) on error.
 */
static int
dir_push(struct source *src, char *rel, const struct stat *sb, char **why)
{
	struct dirlevel	*d;
	char		*full, **names;
	size_t		 n;
	int		 r;

	full = *rel == '\0' ? xstrdup(src->path) : path_join(src->path, rel);
	r = dir_list(full, &names, &n, why);
	free(full);
	if (r == -1) {
		free(rel);
		return (-1);
	}
	if (src->ndirs == src->dirscap) {
		src->dirscap = src->dirscap == 0 ? 8 : src->dirscap * 2;
		src->dirs = xreallocarray(src->dirs, src->dirscap,
		    sizeof *src->dirs);
	}
	d = &src->dirs[src->ndirs++];
	d->rel = rel;
	d->names = names;
	d->nnames = n;
	d->next = 0;
	d->dev = sb->st_dev;
	d->ino = sb->st_ino;
	return (0);
}

static void
dir_pop(struct source *src)
{
	struct dirlevel	*d = &src->dirs[--src->ndirs];
	size_t		 i;

	for (i = 0; i < d->nnames; i++)
		free(d->names[i]);
	free(d->names);
	free(d->rel);
}

/* Mixes a file identity into a slot number. */
static size_t
idset_slot(const struct idset *set, dev_t dev, ino_t ino)
{
	uint64_t	h;

	h = ((uint64_t)ino * 0x9e3779b97f4a7c15ULL) ^ (uint64_t)dev;
	h ^= h >> 29;
	return ((size_t)h & (set->cap - 1));
}

/*
 * Whether sb's file is in the set; if not, it is added now.  Inode 0 is
 * not a file on the systems coroner runs on; it is never remembered.
 */
static int
idset_add(struct idset *set, const struct stat *sb)
{
	struct file_id	*old;
	size_t		 oldcap, i, k;

	if (sb->st_ino == 0)
		return (0);
	if (set->n * 2 >= set->cap) {
		old = set->v;
		oldcap = set->cap;
		set->cap = oldcap == 0 ? 64 : oldcap * 2;
		set->v = xcalloc(set->cap, sizeof *set->v);
		for (i = 0; i < oldcap; i++) {
			if (old[i].ino == 0)
				continue;
			k = idset_slot(set, old[i].dev, old[i].ino);
			while (set->v[k].ino != 0)
				k = (k + 1) & (set->cap - 1);
			set->v[k] = old[i];
		}
		free(old);
	}
	k = idset_slot(set, sb->st_dev, sb->st_ino);
	while (set->v[k].ino != 0) {
		if (set->v[k].dev == sb->st_dev && set->v[k].ino == sb->st_ino)
			return (1);
		k = (k + 1) & (set->cap - 1);
	}
	set->v[k].dev = sb->st_dev;
	set->v[k].ino = sb->st_ino;
	set->n++;
	return (0);
}

/* Where the bytes read in this import are counted. */
static uint64_t *
source_total(struct source *src)
{
	return (src->lim.total != NULL ? src->lim.total : &src->own_total);
}

/*
 * Visits directory entries until one is a regular file, which becomes
 * src->file.  Returns 1 then, 0 when the walk is over, or -1 and a cause
 * for an entry that had to be skipped (the walk goes on at the next call).
 */
static int
walk_next(struct source *src, char **cause)
{
	struct dirlevel	*d;
	struct stat	 sb;
	const char	*name;
	char		*rel, *full, *real, *why;
	size_t		 i;
	int		 fd;

	while (src->ndirs != 0) {
		d = &src->dirs[src->ndirs - 1];
		if (d->next == d->nnames) {
			dir_pop(src);
			continue;
		}
		name = d->names[d->next++];
		if (*d->rel == '\0')
			rel = xstrdup(name);
		else
			rel = xasprintf("%s/%s", d->rel, name);
		full = path_join(src->path, rel);

		if (lstat(full, &sb) == -1)
			goto fail_errno;
		if (S_ISLNK(sb.st_mode)) {
			if ((real = realpath(full, NULL)) == NULL) {
				*cause = xasprintf("%s: broken symbolic link "
				    "(%s); skipped", full, strerror(errno));
				goto fail;
			}
			if (!path_inside(src->root, real)) {
				free(real);
				*cause = xasprintf("%s: symbolic link points "
				    "outside the directory; skipped", full);
				goto fail;
			}
			free(real);
			if (stat(full, &sb) == -1)
				goto fail_errno;
		}

		if (S_ISDIR(sb.st_mode)) {
			for (i = 0; i < src->ndirs; i++) {
				if (src->dirs[i].dev == sb.st_dev &&
				    src->dirs[i].ino == sb.st_ino)
					break;
			}
			if (i != src->ndirs) {
				*cause = xasprintf("%s: symbolic link makes "
				    "a directory cycle; skipped", full);
				goto fail;
			}
			if (idset_add(&src->walked, &sb)) {
				/* walked already, reached again by a link */
				free(full);
				free(rel);
				continue;
			}
			if (dir_push(src, rel, &sb, &why) == -1) {
				*cause = xasprintf("%s: %s", full, why);
				free(why);
				free(full);
				return (-1);
			}
			free(full);
			continue;
		}
		if (!S_ISREG(sb.st_mode)) {
			*cause = xasprintf("%s: not a regular file; skipped",
			    full);
			goto fail;
		}
		if (idset_add(&src->seen, &sb)) {
			/* a link to a file the walk gives out anyway */
			free(full);
			free(rel);
			continue;
		}
		/*
		 * Name a file reached through links by where it really is
		 * (support bundles link all-logs/POD/C.log to
		 * cluster-resources/pods/logs/NS/POD/C.log: the real path is
		 * the one that says whose log it is).
		 */
		if ((real = realpath(full, NULL)) != NULL) {
			if (path_inside(src->root, real) &&
			    strlen(real) > strlen(src->root) + 1) {
				free(rel);
				rel = xstrdup(real + strlen(src->root) + 1);
			}
			free(real);
		}
		if ((fd = open(full, O_RDONLY | O_CLOEXEC)) == -1)
			goto fail_errno;
		free(full);
		src->file = file_new(path_join(src->path, rel), rel,
		    stage_fd(fd, 1, 1));
		src->file_out = 0;
		return (1);

	fail_errno:
		*cause = xasprintf("%s: %s", full, strerror(errno));
	fail:
		free(full);
		free(rel);
		return (-1);
	}
	return (0);
}

int
source_open(const char *path, const struct source_limits *lim,
    struct source **srcp, char **cause)
{
	struct source	*src;
	struct stat	 sb;
	char		*why;
	int		 fd;

	src = xcalloc(1, sizeof *src);
	src->path = xstrdup(path);
	src->lim = lim != NULL ? *lim : source_default_limits;

	if (strcmp(path, "-") == 0) {
		src->file = file_new(xstrdup(path), NULL,
		    stage_fd(STDIN_FILENO, 0, 0));
		*srcp = src;
		return (0);
	}
	if (stat(path, &sb) == -1)
		goto fail_errno;
	if (S_ISDIR(sb.st_mode)) {
		if ((src->root = realpath(path, NULL)) == NULL)
			goto fail_errno;
		idset_add(&src->walked, &sb);
		if (dir_push(src, xstrdup(""), &sb, &why) == -1) {
			*cause = xasprintf("%s: %s", path, why);
			free(why);
			goto fail;
		}
	} else {
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
			goto fail_errno;
		if (fstat(fd, &sb) == -1) {
			close(fd);
			goto fail_errno;
		}
		src->file = file_new(xstrdup(path), NULL,
		    stage_fd(fd, 1, S_ISREG(sb.st_mode)));
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
	struct stage	*st;
	int		 r;

	*inp = NULL;
	if (src->in != NULL) {
		/*
		 * A member whose read broke its archive has said why; the
		 * archive has nothing more to give and no more to say.
		 */
		for (st = src->in->top; st->below != NULL; st = st->below)
			/* nothing */;
		if (st->arfatal && src->file != NULL)
			src->file->state = FILE_DONE;
		input_free(src->in);
		src->in = NULL;
	}
	if (src->stopped)
		return (0);
	for (;;) {
		if (src->file != NULL) {
			r = file_next(src, src->file, &in, cause);
			if (r == -1)
				return (-1);
			if (r == 1)
				break;
			file_free(src->file);
			src->file = NULL;
		}
		if ((r = walk_next(src, cause)) != 1)
			return (r);
	}

	if (src->ninputs >= src->lim.max_inputs) {
		input_free(in);
		file_free(src->file);
		src->file = NULL;
		while (src->ndirs != 0)
			dir_pop(src);
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
	file_free(src->file);
	while (src->ndirs != 0)
		dir_pop(src);
	free(src->dirs);
	free(src->seen.v);
	free(src->walked.v);
	free(src->root);
	free(src->path);
	free(src);
}

/*
 * Returns a new input; takes name, member and top.  disk is the stage
 * reading the file it comes from (borrowed).
 */
static struct input *
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
	stage_free(in->top);
	sha256_free(&in->hash);
	free(in->name);
	free(in->member);
	free(in->error);
	free(in);
}

/* Writes a byte count the way a limit reads best: "64 GiB", "1000 bytes". */
static void
size_format(uint64_t n, char *out, size_t len)
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

void
source_size_text(uint64_t n, char *out, size_t len)
{
	size_format(n, out, len);
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
 * the ratio of what the file delivered to what was read from it.
 */
static int
input_check_limits(struct input *in, size_t r)
{
	const struct source_limits	*lim = &in->src->lim;
	uint64_t			*total = source_total(in->src);
	uint64_t			 disk;
	char				 limit[32], out[32], got[32];

	*total += r;
	in->src->file_out += r;
	if (lim->max_bytes != 0 && *total > lim->max_bytes) {
		size_format(lim->max_bytes, limit, sizeof limit);
		in->error = xasprintf("%s: more than %s read in this import: "
		    "refused (--max-bytes raises the limit)", in->name, limit);
		in->limited = 1;
		return (-1);
	}
	disk = in->disk->made > 0 ? in->disk->made : 1;
	if (lim->max_ratio != 0 && in->src->file_out > SOURCE_RATIO_FLOOR &&
	    in->src->file_out / disk >= lim->max_ratio) {
		amount_format(in->src->file_out, out, sizeof out);
		amount_format(in->disk->made, got, sizeof got);
		in->error = xasprintf("%s: expands more than %ju times (%s out "
		    "of %s read): refused as a likely decompression bomb "
		    "(--max-ratio raises the limit)", in->name,
		    (uintmax_t)lim->max_ratio, out, got);
		in->limited = 1;
		return (-1);
	}
	return (0);
}

ssize_t
input_read(struct input *in, void *buf, size_t n)
{
	ssize_t	r;

	if (in->error != NULL)
		return (-1);
	r = stage_read(in->top, buf, n);
	if (r == -1) {
		in->error = xasprintf("%s: %s", in->name, in->top->error);
		return (-1);
	}
	if (input_check_limits(in, (size_t)r) != 0)
		return (-1);
	sha256_update(&in->hash, buf, (size_t)r);
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

	size_format(in->src->lim.max_line, limit, sizeof limit);
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
	n = stage_fill(in->top, INPUT_PEEK_MAX, p);
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
	more = stage_fill(in->top, in->src->lim.max_line + 2, p);
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
input_hash(const struct input *in, char out[SHA256_HEX_LEN])
{
	sha256_hex(&in->hash, out);
}

void
lr_init(struct linereader *lr, struct input *in)
{
	memset(lr, 0, sizeof *lr);
	lr->in = in;
	lr->max = input_max_line(in);
}

void
lr_free(struct linereader *lr)
{
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
