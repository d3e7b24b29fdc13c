/*
 * source-decode.c: the decoders of the stage chain (source-int.h): zstd
 * frames, concatenated or not, with a bounded window, and gzip members,
 * concatenated or not (zlib), chosen by their magic bytes, never by a
 * file's name.  A decoder is a stage over the stage below it; what the
 * bytes mean, and whether they hold an archive, is not its business.
 * A stream cut short gives every byte decoded before the cut, then the
 * failure: the lines before it are kept (coroner(1), the README).
 */

#include <sys/types.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
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

/* Returns a gzip decoder over below (taken). */
static struct stage *
stage_gzip(struct stage *below)
{
	struct stage	*st;

	st = source_stage_new(STAGE_GZIP, below);
	st->gz = xcalloc(1, sizeof *st->gz);
	/* 16: a gzip header and trailer around the deflate data */
	if (inflateInit2(st->gz, 16 + MAX_WBITS) != Z_OK)
		fatal("inflateInit2: %s", st->gz->msg != NULL ? st->gz->msg :
		    "out of memory");
	st->zcap = 1 << 16;
	st->zbuf = xmalloc(st->zcap);
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
	if (st->kind == STAGE_ZSTD)
		ZSTD_freeDCtx(st->zctx);
	else if (st->gz != NULL) {
		inflateEnd(st->gz);
		free(st->gz);
		free(st->gzlate);
	}
	free(st->zbuf);
}

/* Refills the decoder's input from below when it is used up: 0, or -1
   when below failed. */
static int
decode_refill(struct stage *st)
{
	ssize_t	r;

	if (st->zpos < st->zlen || st->zdrained)
		return (0);
	r = source_stage_read(st->below, st->zbuf, st->zcap);
	if (r == -1)
		return (source_stage_fail(st, "%s", st->below->error));
	if (r == 0)
		st->zdrained = 1;
	st->zlen = (size_t)r;
	st->zpos = 0;
	return (0);
}

ssize_t
source_zstd_make(struct stage *st, void *buf, size_t n)
{
	ZSTD_inBuffer	 zin;
	ZSTD_outBuffer	 zout;
	size_t		 ret;

	zout.dst = buf;
	zout.size = n;
	zout.pos = 0;
	for (;;) {
		if (decode_refill(st) != 0)
			return (-1);
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

/*
 * The next bytes of a gzip stream: its members one after the other, as
 * gzip -d gives them.  What was decoded before a failure is returned
 * first; the failure is the next read's.
 */
ssize_t
source_gzip_make(struct stage *st, void *buf, size_t n)
{
	z_stream	*z = st->gz;
	const char	*why = NULL;
	size_t		 made;
	int		 ret;

	if (st->gzlate != NULL)
		return (source_stage_fail(st, "%s", st->gzlate));
	if (n > UINT_MAX)
		n = UINT_MAX;
	z->next_out = buf;
	z->avail_out = (uInt)n;
	while (z->avail_out > 0) {
		/* below failed: what was made first, its error next */
		if (decode_refill(st) != 0)
			return (z->avail_out < n ? (ssize_t)(n - z->avail_out) :
			    -1);
		if (st->zpos == st->zlen && st->zdrained) {
			if (st->gzmember)
				why = "truncated gzip stream";
			break;
		}
		if (!st->gzmember) {
			/* a member begins, or zeros pad the stream (as gzip
			   -d, they are skipped); anything else is not gzip */
			if (st->zbuf[st->zpos] == 0) {
				st->zpos++;
				continue;
			}
			if (st->zbuf[st->zpos] != 0x1f) {
				why = "not gzip data";
				break;
			}
			if (inflateReset(z) != Z_OK)
				fatal("inflateReset failed");
			st->gzmember = 1;
		}
		z->next_in = st->zbuf + st->zpos;
		z->avail_in = (uInt)(st->zlen - st->zpos);
		ret = inflate(z, Z_NO_FLUSH);
		st->zpos = st->zlen - z->avail_in;
		if (ret == Z_STREAM_END)
			st->gzmember = 0;
		else if (ret == Z_MEM_ERROR)
			fatal("out of memory");
		else if (ret != Z_OK && ret != Z_BUF_ERROR) {
			why = z->msg != NULL ? z->msg : "corrupt gzip stream";
			break;
		}
	}
	made = n - z->avail_out;
	if (why != NULL) {
		st->gzlate = xasprintf("%s after %ju bytes", why,
		    (uintmax_t)(st->made + made));
		if (made == 0)
			return (source_stage_fail(st, "%s", st->gzlate));
	}
	return ((ssize_t)made);
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
