/*
 * source-decode.c: the decoders of the stage chain (source-int.h): zstd
 * frames, concatenated or not, with a bounded window, and gzip members
 * (libarchive's gzip filter), chosen by their magic bytes, never by a
 * file's name.  A decoder is a stage over the stage below it; what the
 * bytes mean, and whether they hold an archive, is not its business.
 */

#include <sys/types.h>

#include <archive.h>
#include <archive_entry.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>
#include <zstd_errors.h>

#include "source-int.h"
#include "util.h"

/*
 * Largest zstd window accepted: 2^27 = 128 MiB, zstd's own default limit,
 * so that every file the zstd tool makes without --long=28+ decodes.  The
 * decoder's memory is that window (or the frame's size, when smaller).
 */
#define ZSTD_WLOG_MAX	27

static struct stage	*stage_zstd(struct stage *);
static struct stage	*stage_gzip(struct stage *);
static int		 magic_zstd(const unsigned char *, size_t);
static int		 magic_gzip(const unsigned char *, size_t);

/* Returns a zstd decoder over below (taken). */
static struct stage *
stage_zstd(struct stage *below)
{
	struct stage	*st;
	size_t		 ret;

	st = source_stage_new(STAGE_ZSTD, below);
	st->zhint = 1;		/* no frame has ended yet */
	st->zctx = ZSTD_createDCtx();
	if (st->zctx == NULL)
		fatal("ZSTD_createDCtx failed");
	ret = ZSTD_DCtx_setParameter(st->zctx, ZSTD_d_windowLogMax,
	    ZSTD_WLOG_MAX);
	if (ZSTD_isError(ret)) {
		source_stage_fail(st, "zstd: %s", ZSTD_getErrorName(ret));
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

	st = source_stage_new(STAGE_GZIP, below);
	st->ar = archive_read_new();
	if (st->ar == NULL)
		fatal("archive_read_new failed");
	if (archive_read_support_filter_gzip(st->ar) != ARCHIVE_OK ||
	    archive_read_support_format_raw(st->ar) != ARCHIVE_OK ||
	    archive_read_support_format_empty(st->ar) != ARCHIVE_OK) {
		err = archive_error_string(st->ar);
		source_stage_fail(st, "gzip: %s",
		    err != NULL ? err : "unsupported");
		return (st);
	}
	source_stage_feed(st->ar, below);
	if (archive_read_open1(st->ar) != ARCHIVE_OK) {
		err = archive_error_string(st->ar);
		source_stage_fail(st, "unreadable gzip stream: %s",
		    err != NULL ? err : "unknown error");
		return (st);
	}
	if (archive_filter_code(st->ar, 0) != ARCHIVE_FILTER_GZIP) {
		/* Too short for libarchive to recognise it as gzip. */
		source_stage_fail(st, "truncated gzip stream after 0 bytes");
		return (st);
	}
	r = archive_read_next_header(st->ar, &entry);
	err = archive_error_string(st->ar);
	if (r == ARCHIVE_EOF && err == NULL)
		st->eof = 1;		/* a gzip file of nothing */
	else if (r != ARCHIVE_OK) {
		source_stage_fail(st, "%s after 0 bytes",
		    err != NULL ? err : "corrupt gzip stream");
	}
	return (st);
}

struct stage *
source_decode(struct stage *st)
{
	const unsigned char	*p;
	size_t			 n;

	n = source_stage_fill(st, 4, &p);
	if (magic_zstd(p, n))
		return (stage_zstd(st));
	if (magic_gzip(p, n))
		return (stage_gzip(st));
	return (st);
}

void
source_decode_free(struct stage *st)
{
	if (st->kind == STAGE_ZSTD) {
		ZSTD_freeDCtx(st->zctx);
		free(st->zbuf);
	} else if (st->ar != NULL)
		archive_read_free(st->ar);
}

ssize_t
source_zstd_make(struct stage *st, void *buf, size_t n)
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
			r = source_stage_read(st->below, st->zbuf, st->zcap);
			if (r == -1)
				return (source_stage_fail(st, "%s",
				    st->below->error));
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
			return (source_stage_fail(st, "zstd stream needs a "
			    "window over %u MiB (made with --long?); not "
			    "supported", 1U << (ZSTD_WLOG_MAX - 20)));
		}
		if (ZSTD_isError(ret)) {
			return (source_stage_fail(st,
			    "corrupt zstd stream after %ju bytes: %s",
			    (uintmax_t)st->made, ZSTD_getErrorName(ret)));
		}
		st->zhint = ret;
		if (zout.pos != 0)
			return ((ssize_t)zout.pos);
		if (st->zpos == st->zlen && st->zdrained) {
			if (ret == 0)
				return (0);
			return (source_stage_fail(st,
			    "truncated zstd stream after %ju bytes",
			    (uintmax_t)st->made));
		}
	}
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
