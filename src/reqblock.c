/*
 * reqblock.c: a block of upstream attempts, encoded and decoded
 * (reqblock.h).  No SQLite: the store writes and reads the bytes.
 *
 * Before compression a block is a version byte, its row count and its
 * columns (each column's byte length, then its bytes), every value a
 * varint tag:
 *   number   0 NULL; 1 the 8 bytes of the value follow (little-endian);
 *            n >= 2 the value is its base plus the zigzag-decoded n - 2:
 *            the column's last number, or from version 3, where the
 *            row has them, what the row's other columns say it is
 *            (rel_base: start_us is end_us - duration_us, attempt_us
 *            is start_us, upstream_duration_us is duration_us)
 *   text     0 NULL; 1 the column's last text again; then, in version
 *            2, n even: the (n - 2) / 2 bytes of the text follow, and
 *            it is the column's next text written whole; n odd: the
 *            text written whole at place (n - 3) / 2 of the ring of
 *            the column's last RB_RING such (the k-th is at k modulo
 *            RB_RING); in version 1 (written before the ring) every
 *            n >= 2 is n - 2 bytes of text; from version 4, 2 is the
 *            next RB_HEX / 2 bytes after the frame (below) in hex, and
 *            n >= 3 is what n - 1 was in version 2
 * The whole is one zstd frame, which says its decompressed size, and
 * from version 4 the packed texts after it: a text of RB_HEX lowercase
 * hex digits in a column that packs them (a request id) as its bytes,
 * each a row's in order.  Those are random, and zstd spent a third of
 * its time on their digits for half a byte each (2026-12-06: 1 M
 * ingress-nginx lines imported in 0.97x to 0.99x the time).  A
 * ring saves zstd the bytes of a user agent or an upstream's name met a
 * few rows before: over 1 M ingress-nginx lines, 257 MB before zstd in
 * version 1.  A number told by its row (version 3) is most often
 * nothing: those three columns were 7 MB of the 48 MB of 1 M lines.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zstd.h>

#include "reqblock.h"

#define RB_VERSION	4
#define RB_RING_MIN	8	/* bytes: shorter texts are not looked up */
#define RB_PROBES	512	/* lookups before a column's rate counts */
#define NO_HASH		UINT32_MAX
#define RB_MAX_ROWS	(1u << 20)		/* a reader's sanity bound */
#define RB_MAX_RAW	((size_t)256 << 20)
#define RB_LEVEL	1			/* zstd: speed over size */

const struct reqcol_desc reqcols[RC__COUNT] = {
	[RC_REQ] = { "req", 0 },
	[RC_SEQ] = { "seq", 0 },
	[RC_START] = { "start_us", 0 },
	[RC_END] = { "end_us", 0 },
	[RC_DURATION] = { "duration_us", 0 },
	[RC_METHOD] = { "method", 1 },
	[RC_HOST] = { "host", 1 },
	[RC_PATH] = { "path", 1 },
	[RC_PROTOCOL] = { "protocol", 1 },
	[RC_STATUS] = { "status", 0 },
	[RC_BYTES] = { "bytes", 0 },
	[RC_CLIENT] = { "client", 1 },
	[RC_USER_AGENT] = { "user_agent", 1 },
	[RC_NAMESPACE] = { "namespace", 1 },
	[RC_SERVICE] = { "service", 1 },
	[RC_UPSTREAM_NAME] = { "upstream_name", 1 },
	[RC_FLAGS] = { "flags", 1 },
	[RC_DETAIL] = { "detail", 1 },
	[RC_FAILURE] = { "failure", 1 },
	[RC_REQUEST_ID] = { "request_id", 1, 1 },
	[RC_DIALECT] = { "dialect", 1 },
	[RC_LINE] = { "line", 0 },
	[RC_UPSTREAM] = { "upstream", 1 },
	[RC_IP] = { "ip", 1 },
	[RC_PORT] = { "port", 0 },
	[RC_UPSTREAM_STATUS] = { "upstream_status", 0 },
	[RC_UPSTREAM_DURATION] = { "upstream_duration_us", 0 },
	[RC_ATTEMPT] = { "attempt_us", 0 },
};

/* A varint (buf_put_varint) into p, which has room for 10 bytes; returns
   the bytes. */
static size_t
poke_varint(char *p, uint64_t v)
{
	size_t	n = 0;

	while (v >= 0x80) {
		p[n++] = (char)(v | 0x80);
		v >>= 7;
	}
	p[n++] = (char)v;
	return (n);
}

static void
lo_hi(int64_t v, int64_t *lo, int64_t *hi)
{
	if (v == INT64_MIN)
		return;
	if (*lo == INT64_MIN || v < *lo)
		*lo = v;
	if (*hi == INT64_MIN || v > *hi)
		*hi = v;
}

/* Makes room for n more bytes in b, without a call when it has it. */
static inline void
room(struct buf *b, size_t n)
{
	if (b->cap == 0 || b->cap - b->len <= n)
		buf_reserve(b, n);
}

/*
 * What a row's start, end and duration say column c's number is
 * (INT64_MIN: nothing; the column's last number is its base then).  The
 * writer and the reader (version 3 on) ask the same of the same row.
 */
static int64_t
rel_base(int c, int64_t start, int64_t end, int64_t duration)
{
	switch (c) {
	case RC_START:
		return (end != INT64_MIN && duration != INT64_MIN ?
		    (int64_t)((uint64_t)end - (uint64_t)duration) : INT64_MIN);
	case RC_ATTEMPT:
		return (start);
	case RC_UPSTREAM_DURATION:
		return (duration);
	default:
		return (INT64_MIN);
	}
}

/* Column c's next number, coded from base (INT64_MIN: from the column's
   last); its buffer has room for 10 bytes. */
static void
put_number(struct reqblock_writer *w, int c, int64_t v, int64_t base)
{
	struct buf	*b = &w->col[c];
	uint64_t	 d, zz;
	int		 i;

	if (v == INT64_MIN) {
		b->data[b->len++] = 0;
		return;
	}
	d = (uint64_t)v - (uint64_t)(base != INT64_MIN ? base : w->prev[c]);
	zz = (d << 1) ^ (uint64_t)-(int64_t)(d >> 63);
	if (zz < UINT64_MAX - 1)
		b->len += poke_varint(b->data + b->len, zz + 2);
	else {
		b->data[b->len++] = 1;
		for (i = 0; i < 8; i++)
			b->data[b->len++] = (char)((uint64_t)v >> (8 * i));
	}
	w->prev[c] = v;
}

/* The writer's hash of a text of n >= RB_RING_MIN bytes (not stored). */
static inline uint32_t
text_hash(const char *s, size_t n)
{
	uint64_t	a, b, m;

	memcpy(&a, s, 8);
	memcpy(&m, s + (n - 8) / 2, 8);
	memcpy(&b, s + n - 8, 8);
	/* a product carries a byte's change upward only: fold the high
	   bits down before the last one, and keep its top bits */
	a ^= (m * 0x9e3779b97f4a7c15u) ^ (b * 0xc2b2ae3d27d4eb4fu) ^ n;
	a ^= a >> 32;
	a *= 0xff51afd7ed558ccdu;
	return ((uint32_t)(a >> (64 - RB_HASH_BITS)));
}

/* Whether the n bytes at a and b are the same; short ones without a call. */
static inline int
same_bytes(const char *a, const char *b, size_t n)
{
	uint64_t	x, y, u, v;
	uint32_t	i, j, k, l;

	if (n >= 8 && n <= 16) {
		memcpy(&x, a, 8);
		memcpy(&y, b, 8);
		memcpy(&u, a + n - 8, 8);
		memcpy(&v, b + n - 8, 8);
		return (((x ^ y) | (u ^ v)) == 0);
	}
	if (n >= 4 && n < 8) {
		memcpy(&i, a, 4);
		memcpy(&j, b, 4);
		memcpy(&k, a + n - 4, 4);
		memcpy(&l, b + n - 4, 4);
		return (((i ^ j) | (k ^ l)) == 0);
	}
	if (n < 4) {
		for (k = 0; k < n; k++)
			if (a[k] != b[k])
				return (0);
		return (1);
	}
	return (memcmp(a, b, n) == 0);
}

/* A hex digit's value plus 1 (lowercase only: a packed text reads back
   the same), 0 for any other byte: hex_value() would take upper case
   too, and branch at each digit of every request id the writer packs. */
static const unsigned char hex_digit[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
	['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12,
	['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16
};

/* Packs the RB_HEX digits at s into out; 0 when one is not a lowercase
   hex digit. */
static int
hex_pack(const char *s, unsigned char out[RB_HEX / 2])
{
	unsigned	bad = 0, hi, lo;
	int		i;

	for (i = 0; i < RB_HEX / 2; i++) {
		/* not a digit: 0 - 1, past any digit's value */
		hi = hex_digit[(unsigned char)s[2 * i]] - 1u;
		lo = hex_digit[(unsigned char)s[2 * i + 1]] - 1u;
		bad |= hi | lo;
		out[i] = (unsigned char)(hi << 4 | lo);
	}
	return (bad < 16);
}

/*
 * Column c's next text when it is RB_HEX lowercase hex digits: packed
 * after the frame, or the last again; 0 when it is not such a text.
 */
static int
put_hex(struct reqblock_writer *w, int c, const char *s)
{
	struct buf	*b = &w->col[c], *x = &w->hex[c];
	unsigned char	 p[RB_HEX / 2];

	if (!hex_pack(s, p))
		return (0);
	if (w->last_hex[c] &&
	    memcmp(x->data + x->len - sizeof p, p, sizeof p) == 0) {
		b->data[b->len++] = 1;
		return (1);
	}
	room(x, sizeof p);
	memcpy(x->data + x->len, p, sizeof p);
	x->len += sizeof p;
	b->data[b->len++] = 2;
	/* a packed text is never the same as one written whole */
	w->has_last[c] = 0;
	w->last_hex[c] = 1;
	return (1);
}

/*
 * Column c's next text, of n bytes; its buffer has room for them and 10
 * more.  The last text and the ring's are compared where they were
 * written.
 */
static void
put_text(struct reqblock_writer *w, int c, const char *s, size_t n)
{
	struct buf	*b = &w->col[c];
	uint32_t	 h = NO_HASH, k;

	if (s == NULL) {
		b->data[b->len++] = 0;
		return;
	}
	if (n == RB_HEX && reqcols[c].hex && put_hex(w, c, s))
		return;
	if (w->has_last[c] && w->last_len[c] == n &&
	    same_bytes(b->data + w->last_off[c], s, n)) {
		b->data[b->len++] = 1;
		return;
	}
	w->last_hex[c] = 0;
	/* a column whose texts are seldom met again (a request id) is not
	   looked up for the rest of the block */
	if (n >= RB_RING_MIN && (w->probes[c] < RB_PROBES ||
	    w->hits[c] >= w->probes[c] / 8)) {
		h = text_hash(s, n);
		w->probes[c]++;
		if ((k = w->ring_ix[c][h]) != 0 && w->ring_len[c][--k] == n &&
		    same_bytes(b->data + w->ring_off[c][k], s, n)) {
			w->hits[c]++;
			b->len += poke_varint(b->data + b->len,
			    (uint64_t)k * 2 + 4);
			w->last_off[c] = w->ring_off[c][k];
			w->last_len[c] = n;
			w->has_last[c] = 1;
			return;
		}
	}
	b->len += poke_varint(b->data + b->len, (uint64_t)n * 2 + 3);
	w->last_off[c] = b->len;
	w->last_len[c] = n;
	w->has_last[c] = 1;
	/* the ring's place of a text met again; an offset past 4 GB is
	   not remembered (never, in a block of RB_MAX_RAW) */
	k = w->nlit[c]++ % RB_RING;
	w->ring_len[c][k] = (uint32_t)n;
	w->ring_off[c][k] = (uint32_t)b->len;
	if (h != NO_HASH)
		w->ring_ix[c][h] = b->len <= UINT32_MAX ? (uint16_t)(k + 1) : 0;
	memcpy(b->data + b->len, s, n);
	b->len += n;
}

void
reqblock_add(struct reqblock_writer *w, const struct reqrow *r)
{
	struct reqblock_sum	*s = &w->sum;
	size_t			 n;
	int			 c;

	if (s->rows == 0) {
		s->start_lo = s->start_hi = INT64_MIN;
		s->attempt_lo = s->attempt_hi = INT64_MIN;
		s->first_req = r->v[RC_REQ];
	}
	for (c = 0; c < RC__COUNT; c++) {
		if (reqcols[c].text) {
			n = r->s[c] != NULL ? strlen(r->s[c]) : 0;
			room(&w->col[c], n + 10);
			put_text(w, c, r->s[c], n);
		} else {
			room(&w->col[c], 10);
			put_number(w, c, r->v[c], rel_base(c, r->v[RC_START],
			    r->v[RC_END], r->v[RC_DURATION]));
		}
	}
	s->rows++;
	s->last_req = r->v[RC_REQ];
	if (r->v[RC_SEQ] == INT64_MIN || r->v[RC_SEQ] == 0) {
		s->requests++;
		if (r->v[RC_STATUS] != INT64_MIN && (r->v[RC_STATUS] >= 500 ||
		    r->v[RC_STATUS] == 0))
			s->failed++;
	}
	lo_hi(r->v[RC_START], &s->start_lo, &s->start_hi);
	lo_hi(r->v[RC_ATTEMPT], &s->attempt_lo, &s->attempt_hi);
}

void
reqblock_reset(struct reqblock_writer *w)
{
	int	c;

	for (c = 0; c < RC__COUNT; c++) {
		buf_clear(&w->col[c]);
		buf_clear(&w->hex[c]);
		w->prev[c] = 0;
		w->has_last[c] = 0;
		w->last_hex[c] = 0;
		if (w->nlit[c] > 0)
			memset(w->ring_ix[c], 0, sizeof w->ring_ix[c]);
		w->nlit[c] = w->probes[c] = w->hits[c] = 0;
	}
	memset(&w->sum, 0, sizeof w->sum);
}

int
reqblock_finish(struct reqblock_writer *w, const void **out, size_t *len,
    char **cause)
{
	struct buf	*raw = &w->raw;
	size_t		 bound, n, need = 11, packed = 0;
	int		 c;

	/* one allocation, kept for the next block */
	for (c = 0; c < RC__COUNT; c++) {
		need += 10 + w->col[c].len;
		packed += w->hex[c].len;
	}
	buf_clear(raw);
	buf_reserve(raw, need);
	buf_append(raw, (const char []){ RB_VERSION }, 1);
	buf_put_varint(raw, (uint64_t)w->sum.rows);
	for (c = 0; c < RC__COUNT; c++) {
		buf_put_varint(raw, w->col[c].len);
		buf_append(raw, w->col[c].data, w->col[c].len);
	}
	if (w->cctx == NULL && (w->cctx = ZSTD_createCCtx()) == NULL)
		fatal("out of memory");
	bound = ZSTD_compressBound(raw->len);
	buf_clear(&w->out);
	buf_reserve(&w->out, bound + packed);
	n = ZSTD_compressCCtx(w->cctx, w->out.data, bound, raw->data,
	    raw->len, RB_LEVEL);
	if (ZSTD_isError(n)) {
		*cause = xasprintf("compressing a block of requests: %s",
		    ZSTD_getErrorName(n));
		return (-1);
	}
	w->out.len = n;
	/* the packed texts after the frame, a column's after another's */
	for (c = 0; c < RC__COUNT; c++)
		buf_append(&w->out, w->hex[c].data, w->hex[c].len);
	*out = w->out.data;
	*len = w->out.len;
	reqblock_reset(w);
	return (0);
}

void
reqblock_writer_free(struct reqblock_writer *w)
{
	int	c;

	for (c = 0; c < RC__COUNT; c++) {
		buf_free(&w->col[c]);
		buf_free(&w->hex[c]);
	}
	buf_free(&w->raw);
	buf_free(&w->out);
	ZSTD_freeCCtx(w->cctx);
	memset(w, 0, sizeof *w);
}

/* Makes room for rows rows in every column's array. */
static void
grow_rows(struct reqblock *b, size_t rows)
{
	int	c;

	if (rows <= b->rowcap)
		return;
	for (c = 0; c < RC__COUNT; c++) {
		if (reqcols[c].text) {
			b->s[c] = xreallocarray(b->s[c], rows, sizeof *b->s[c]);
			b->len[c] = xreallocarray(b->len[c], rows,
			    sizeof *b->len[c]);
		} else
			b->v[c] = xreallocarray(b->v[c], rows,
			    sizeof *b->v[c]);
	}
	b->rowcap = rows;
}

/* Whether a row tells column c's numbers (rel_base gives it a base). */
static int
row_tells(int c)
{
	return (!reqcols[c].text && rel_base(c, 0, 0, 0) != INT64_MIN);
}

/* The packed texts after a block's frame, as they are read. */
struct hex_read {
	const unsigned char	*at, *end;	/* what is left */
	size_t			 made;		/* digits written at b->hex */
};

/* The next packed text of the block (x->at..x->end) in hex digits at
   b->hex; NULL when none is left. */
static const char *
hex_unpack(struct reqblock *b, struct hex_read *x)
{
	char	*out;

	if (x->end - x->at < RB_HEX / 2)
		return (NULL);
	out = b->hex + x->made;
	hex_encode(out, x->at, RB_HEX / 2);
	x->at += RB_HEX / 2;
	x->made += RB_HEX;
	return (out);
}

/*
 * Reads column c's rows from p..end, written by version; 0 or -1 when
 * they are not there.  From version 3 a column its row tells (rel_base)
 * is read after start_us, end_us and duration_us; from version 4 its
 * packed texts are read from x.
 */
static int
decode_column(struct reqblock *b, int version, int c,
    const unsigned char *p, const unsigned char *end, struct hex_read *x)
{
	const char	*last = NULL, *ring[RB_RING];
	uint32_t	 lastlen = 0, ringlen[RB_RING];
	uint64_t	 tag, u, nlit = 0;
	int64_t		 prev = 0, base;
	size_t		 i;
	int		 k, told;

	told = version >= 3 && row_tells(c);

	for (i = 0; i < b->rows; i++) {
		if (varint_get(&p, end, &tag) != 0)
			return (-1);
		if (reqcols[c].text) {
			if (tag == 0) {
				b->s[c][i] = NULL;
				b->len[c][i] = 0;
				continue;
			}
			if (version >= 4 && tag == 2) {
				/* packed after the frame */
				if (!reqcols[c].hex ||
				    (last = hex_unpack(b, x)) == NULL)
					return (-1);
				lastlen = RB_HEX;
				b->s[c][i] = last;
				b->len[c][i] = lastlen;
				continue;
			}
			if (version >= 4 && tag >= 2)
				tag--;
			if (version >= 2 && tag >= 2 && (tag & 1)) {
				/* a text of the ring */
				u = (tag - 3) / 2;
				if (u >= RB_RING || u >= nlit)
					return (-1);
				last = ring[u];
				lastlen = ringlen[u];
			} else if (tag >= 2) {
				u = version >= 2 ? (tag - 2) / 2 : tag - 2;
				if (u > (uint64_t)(end - p))
					return (-1);
				last = (const char *)p;
				lastlen = (uint32_t)u;
				p += lastlen;
				ring[nlit % RB_RING] = last;
				ringlen[nlit % RB_RING] = lastlen;
				nlit++;
			} else if (last == NULL)
				return (-1);
			b->s[c][i] = last;
			b->len[c][i] = lastlen;
			continue;
		}
		if (tag == 0) {
			b->v[c][i] = INT64_MIN;
			continue;
		}
		if (tag == 1) {
			if (end - p < 8)
				return (-1);
			for (u = 0, k = 0; k < 8; k++)
				u |= (uint64_t)p[k] << (8 * k);
			p += 8;
			prev = (int64_t)u;
		} else {
			u = tag - 2;
			u = (u >> 1) ^ (uint64_t)-(int64_t)(u & 1);
			/* start_us is not read yet when it is c */
			base = told ? rel_base(c, c == RC_START ? INT64_MIN :
			    b->v[RC_START][i], b->v[RC_END][i],
			    b->v[RC_DURATION][i]) : INT64_MIN;
			prev = (int64_t)((uint64_t)(base != INT64_MIN ? base :
			    prev) + u);
		}
		b->v[c][i] = prev;
	}
	return (p == end ? 0 : -1);
}

int
reqblock_decode(struct reqblock *b, const void *blob, size_t len,
    char **cause)
{
	const unsigned char	*p, *end;
	unsigned long long	 size;
	const unsigned char	*at[RC__COUNT], *to[RC__COUNT]; /* columns */
	struct hex_read		 x;
	uint64_t		 rows, n;
	size_t			 got, frame;
	int			 c, k, version;

	size = ZSTD_getFrameContentSize(blob, len);
	frame = ZSTD_findFrameCompressedSize(blob, len);
	if (size == ZSTD_CONTENTSIZE_UNKNOWN ||
	    size == ZSTD_CONTENTSIZE_ERROR || size == 0 || size > RB_MAX_RAW ||
	    ZSTD_isError(frame) || frame > len) {
		*cause = xstrdup("a block of requests is not a zstd frame of "
		    "a known size");
		return (-1);
	}
	if (size > b->rawcap) {
		free(b->raw);
		b->raw = xmalloc((size_t)size);
		b->rawcap = (size_t)size;
	}
	/* the packed texts after the frame, each RB_HEX digits read back */
	x.at = (const unsigned char *)blob + frame;
	x.end = (const unsigned char *)blob + len;
	x.made = 0;
	if ((len - frame) * 2 > b->hexcap) {
		free(b->hex);
		b->hex = xmalloc((len - frame) * 2);
		b->hexcap = (len - frame) * 2;
	}
	got = ZSTD_decompress(b->raw, (size_t)size, blob, frame);
	if (ZSTD_isError(got) || got != size) {
		*cause = xasprintf("a block of requests does not decompress: "
		    "%s", ZSTD_isError(got) ? ZSTD_getErrorName(got) :
		    "short");
		return (-1);
	}
	p = (const unsigned char *)b->raw;
	end = p + got;
	version = *p++;
	if (version > RB_VERSION && version < 16) {
		/* a coroner to come wrote it: say so, not "damaged" */
		b->rows = 0;
		*cause = xasprintf("a block of requests of version %d, written "
		    "by a newer coroner (this one reads up to %d)", version,
		    RB_VERSION);
		return (-1);
	}
	if (version < 1 || version > RB_VERSION ||
	    varint_get(&p, end, &rows) != 0 || rows > RB_MAX_ROWS)
		goto bad;
	b->rows = (size_t)rows;
	grow_rows(b, b->rows > 0 ? b->rows : 1);
	for (c = 0; c < RC__COUNT; c++) {
		if (varint_get(&p, end, &n) != 0 || n > (uint64_t)(end - p))
			goto bad;
		at[c] = p;
		p += n;
		to[c] = p;
	}
	if (p != end)
		goto bad;
	/* the columns a row tells after those that tell them, each pass
	   in the columns' order: start_us before attempt_us */
	for (k = 0; k < 2 * RC__COUNT; k++) {
		c = k % RC__COUNT;
		if (row_tells(c) == (k >= RC__COUNT) &&
		    decode_column(b, version, c, at[c], to[c], &x) != 0)
			goto bad;
	}
	/* every packed text was a row's: none before version 4 */
	if (x.at != x.end)
		goto bad;
	return (0);
bad:
	b->rows = 0;
	*cause = xstrdup("a block of requests is damaged");
	return (-1);
}

void
reqblock_free(struct reqblock *b)
{
	int	c;

	for (c = 0; c < RC__COUNT; c++) {
		free(b->v[c]);
		free(b->s[c]);
		free(b->len[c]);
	}
	free(b->raw);
	free(b->hex);
	memset(b, 0, sizeof *b);
}
