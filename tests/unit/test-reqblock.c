/*
 * test-reqblock.c: a block of requests reads back exactly what was added
 * (NULLs, repeated and empty texts, the extremes of a number, a text
 * that is NULL between two equal ones), its sums count requests and
 * failures, and a damaged block is refused, never read past its end:
 * every byte of a block's content changed, and every cut of it.  Texts
 * met again a few hundred rows later are written once (the ring) and
 * read back; a block written before the ring (version 1) still reads;
 * a reference to a text the ring does not hold yet is refused, and a
 * block of a version to come is refused as such, not as damaged.  The
 * numbers a row tells (a start, an attempt, an upstream's duration) are
 * a byte where it tells them right, and read back where it cannot.  A
 * request id of 32 lowercase hex digits is packed after the frame (16
 * bytes) and reads back the same; any other id is written whole; packed
 * bytes missing, left over, or in a block or a column that has none are
 * refused.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <zstd.h>

#include "reqblock.h"
#include "unit.h"

#define ROWS	300

static void
row_of(size_t i, struct reqrow *r, char *text, size_t len)
{
	static const int64_t	odd[] = {
		INT64_MAX, INT64_MIN + 1, 0, -1, 1, INT64_MAX - 1
	};
	int			c;

	snprintf(text, len, "/path/%zu", i / 3);
	for (c = 0; c < RC__COUNT; c++) {
		r->v[c] = (int64_t)(i * 1000003) - 7 * c;
		r->s[c] = NULL;
		if (!reqcols[c].text)
			continue;
		/* a NULL between equal texts, and an empty text */
		r->s[c] = i % 5 == 2 ? NULL : i % 7 == 3 ? "" : c == RC_PATH ?
		    text : "same";
	}
	r->v[RC_REQ] = (int64_t)i / 2;
	r->v[RC_SEQ] = i % 2 == 0 ? INT64_MIN : 1;
	r->v[RC_STATUS] = i % 4 == 0 ? 502 : 200;
	r->v[RC_BYTES] = odd[i % (sizeof odd / sizeof odd[0])];
	r->v[RC_PORT] = i % 3 == 0 ? INT64_MIN : 8080;
}

/* How many of row i's columns in b differ from r. */
static size_t
row_differs(const struct reqblock *b, size_t i, const struct reqrow *r)
{
	size_t	bad = 0;
	int	c;

	for (c = 0; c < RC__COUNT; c++) {
		if (!reqcols[c].text)
			bad += b->v[c][i] != r->v[c];
		else if (r->s[c] == NULL)
			bad += b->s[c][i] != NULL;
		else
			bad += b->s[c][i] == NULL ||
			    b->len[c][i] != strlen(r->s[c]) ||
			    memcmp(b->s[c][i], r->s[c], b->len[c][i]) != 0;
	}
	return (bad);
}

static void
test_round_trip(void)
{
	struct reqblock_writer	 w = { 0 };
	struct reqblock		 b = { 0 };
	struct reqrow		 r;
	const void		*data;
	char			 text[32], *why = NULL;
	size_t			 len, i, bad = 0;

	for (i = 0; i < ROWS; i++) {
		row_of(i, &r, text, sizeof text);
		reqblock_add(&w, &r);
	}
	CHECK(w.sum.rows == ROWS);
	CHECK(w.sum.requests == ROWS / 2);	/* seq NULL */
	CHECK(w.sum.failed == ROWS / 4);	/* of those, the 502s */
	CHECK(w.sum.first_req == 0 && w.sum.last_req == (ROWS - 1) / 2);
	CHECK(reqblock_finish(&w, &data, &len, &why) == 0);
	CHECK(w.sum.rows == 0);
	CHECK(reqblock_decode(&b, data, len, &why) == 0);
	CHECK(b.rows == ROWS);
	for (i = 0; i < ROWS && b.rows == ROWS; i++) {
		row_of(i, &r, text, sizeof text);
		bad += row_differs(&b, i, &r);
	}
	CHECK(bad == 0);
	reqblock_free(&b);
	reqblock_writer_free(&w);
}

/* Every byte of the content changed, and every cut: refused or read,
   never past the end (ASan in make check). */
static void
test_damaged(void)
{
	struct reqblock_writer	 w = { 0 };
	struct reqblock		 b = { 0 };
	struct reqrow		 r;
	const void		*data;
	char			 text[32], *why = NULL, *raw, *bad, *z;
	size_t			 len, rawlen, i, zlen = 0, refused = 0;

	for (i = 0; i < 40; i++) {
		row_of(i, &r, text, sizeof text);
		reqblock_add(&w, &r);
	}
	CHECK(reqblock_finish(&w, &data, &len, &why) == 0);
	rawlen = (size_t)ZSTD_getFrameContentSize(data, len);
	raw = malloc(rawlen);
	CHECK(ZSTD_decompress(raw, rawlen, data, len) == rawlen);
	bad = malloc(rawlen);
	z = malloc(ZSTD_compressBound(rawlen));
	for (i = 0; i < rawlen * 2; i++) {
		memcpy(bad, raw, rawlen);
		if (i < rawlen)
			bad[i] ^= 0x5a;
		zlen = ZSTD_compress(z, ZSTD_compressBound(rawlen), bad,
		    i < rawlen ? rawlen : i - rawlen + 1, 1);
		if (reqblock_decode(&b, z, zlen, &why) != 0) {
			refused++;
			CHECK(b.rows == 0);
			free(why);
		}
	}
	CHECK(refused > rawlen);	/* every cut but the whole */
	CHECK(reqblock_decode(&b, "garbage", 7, &why) == -1);
	free(why);
	CHECK(reqblock_decode(&b, z, zlen / 2, &why) == -1);
	free(why);
	free(raw);
	free(bad);
	free(z);
	reqblock_free(&b);
	reqblock_writer_free(&w);
}

/* The user agent of row i: 40 of them, each met again 40 rows later,
   and a request id never met again. */
static void
ring_row(size_t i, struct reqrow *r, char *ua, char *id, size_t len)
{
	int	c;

	snprintf(ua, len, "Mozilla/5.0 (agent %zu; like Gecko)", i % 40);
	snprintf(id, len, "%032zx", i * 2654435761u);
	for (c = 0; c < RC__COUNT; c++) {
		r->v[c] = (int64_t)i;
		r->s[c] = NULL;
	}
	r->s[RC_USER_AGENT] = ua;
	r->s[RC_REQUEST_ID] = id;
	/* the ring's places wrap: 300 distinct paths, then the first */
	r->s[RC_PATH] = i < 600 ? id : "/same/path/again";
}

static void
test_ring(void)
{
	struct reqblock_writer	*w = calloc(1, sizeof *w);
	struct reqblock		 b = { 0 };
	struct reqrow		 r;
	const void		*data;
	char			 ua[64], id[64], *why = NULL;
	size_t			 len, rawlen, i, bad = 0;

	for (i = 0; i < 4000; i++) {
		ring_row(i, &r, ua, id, sizeof ua);
		reqblock_add(w, &r);
	}
	CHECK(reqblock_finish(w, &data, &len, &why) == 0);
	/* each agent written once: 2 bytes a row for its ring's place,
	   not 36 (34 a row in all, the ids packed after the frame) */
	rawlen = (size_t)ZSTD_getFrameContentSize(data, len);
	CHECK(rawlen < 4000 * 40);
	CHECK(reqblock_decode(&b, data, len, &why) == 0);
	CHECK(b.rows == 4000);
	for (i = 0; i < b.rows; i++) {
		ring_row(i, &r, ua, id, sizeof ua);
		bad += row_differs(&b, i, &r);
	}
	CHECK(bad == 0);
	reqblock_free(&b);
	reqblock_writer_free(w);
	free(w);
}

/*
 * Row i of a log whose rows tell their numbers (version 3): start_us is
 * end_us - duration_us, attempt_us start_us, upstream_duration_us
 * duration_us, but where a row's end, duration or start is NULL, and
 * for a retry, whose attempt comes later.
 */
static void
told_row(size_t i, struct reqrow *r)
{
	int64_t	dur = 1000 + (int64_t)((i * 2654435761u) % 900000);
	int	c;

	for (c = 0; c < RC__COUNT; c++) {
		r->v[c] = INT64_MIN;
		r->s[c] = NULL;
	}
	r->v[RC_END] = 1778572800000000 + (int64_t)(i / 50) * 1000000;
	r->v[RC_DURATION] = i % 97 == 5 ? INT64_MIN : dur;
	r->v[RC_START] = i % 89 == 7 ? INT64_MIN : r->v[RC_DURATION] ==
	    INT64_MIN ? r->v[RC_END] - 5 : r->v[RC_END] - dur;
	r->v[RC_ATTEMPT] = r->v[RC_START] == INT64_MIN ? 42 : i % 10 == 9 ?
	    r->v[RC_START] + 250000 : r->v[RC_START];
	r->v[RC_UPSTREAM_DURATION] = i % 7 == 0 ? INT64_MIN : i % 3 == 0 ?
	    dur - 1000 : dur;
	if (i % 83 == 1)
		r->v[RC_END] = INT64_MIN;
}

/* The bytes of column c in a block before compression. */
static size_t
column_bytes(const void *data, size_t len, int col)
{
	unsigned char	*raw;
	size_t		 rawlen, at = 1, n = 0, shift;
	int		 c;

	rawlen = (size_t)ZSTD_getFrameContentSize(data, len);
	raw = malloc(rawlen);
	if (raw == NULL || ZSTD_decompress(raw, rawlen, data, len) != rawlen) {
		free(raw);
		return (0);
	}
	while (at < rawlen && raw[at] & 0x80)	/* the row count */
		at++;
	at++;
	for (c = 0; c <= col && at < rawlen; c++) {
		for (n = 0, shift = 0; at < rawlen; shift += 7) {
			n |= (size_t)(raw[at] & 0x7f) << shift;
			if (!(raw[at++] & 0x80))
				break;
		}
		if (c < col)
			at += n;
	}
	free(raw);
	return (n);
}

static void
test_told(void)
{
	struct reqblock_writer	*w = calloc(1, sizeof *w);
	struct reqblock		 b = { 0 };
	struct reqrow		 r;
	const void		*data;
	char			*why = NULL;
	size_t			 len, i, bad = 0;

	for (i = 0; i < 4000; i++) {
		told_row(i, &r);
		reqblock_add(w, &r);
	}
	CHECK(reqblock_finish(w, &data, &len, &why) == 0);
	/* a told number is a byte, where the row told it right; its
	   column's last number was the base where the row could not:
	   under 1.5 bytes a row, against 3 for the duration itself */
	CHECK(column_bytes(data, len, RC_DURATION) > 4000 * 2);
	CHECK(column_bytes(data, len, RC_START) < 4000 * 3 / 2);
	CHECK(column_bytes(data, len, RC_ATTEMPT) < 4000 * 3 / 2);
	CHECK(column_bytes(data, len, RC_UPSTREAM_DURATION) < 4000 * 3 / 2);
	CHECK(reqblock_decode(&b, data, len, &why) == 0);
	CHECK(b.rows == 4000);
	for (i = 0; i < b.rows; i++) {
		told_row(i, &r);
		bad += row_differs(&b, i, &r);
	}
	CHECK(bad == 0);
	reqblock_free(&b);
	reqblock_writer_free(w);
	free(w);
}

/*
 * A block of rows rows whose every column is empty but column c's, its
 * bytes given; version v.  Compressed into z (room for 4096 bytes).
 */
static size_t
hand_block(char *z, int v, size_t rows, int col, const char *bytes,
    size_t n)
{
	char	raw[512];
	size_t	len = 0;
	int	c;

	raw[len++] = (char)v;
	raw[len++] = (char)rows;
	for (c = 0; c < RC__COUNT; c++) {
		if (c != col) {
			/* rows NULLs (a NULL is one 0 byte) */
			raw[len++] = (char)rows;
			memset(raw + len, 0, rows);
			len += rows;
			continue;
		}
		raw[len++] = (char)n;
		memcpy(raw + len, bytes, n);
		len += n;
	}
	return (ZSTD_compress(z, 4096, raw, len, 1));
}

static void
test_versions(void)
{
	struct reqblock	 b = { 0 };
	char		 z[4096], *why = NULL;
	size_t		 zlen;

	/* version 1: "ab" is tag 4 (2 + 2 bytes), then the last again */
	zlen = hand_block(z, 1, 2, RC_HOST, "\x04" "ab" "\x01", 4);
	CHECK(reqblock_decode(&b, z, zlen, &why) == 0);
	CHECK(b.rows == 2 && b.len[RC_HOST][0] == 2 && b.len[RC_HOST][1] == 2 &&
	    memcmp(b.s[RC_HOST][1], "ab", 2) == 0);
	/* version 2: "ab" is tag 6, then place 0 of the ring (tag 3) */
	zlen = hand_block(z, 2, 2, RC_HOST, "\x06" "ab" "\x03", 4);
	CHECK(reqblock_decode(&b, z, zlen, &why) == 0);
	CHECK(b.rows == 2 && b.len[RC_HOST][1] == 2 &&
	    memcmp(b.s[RC_HOST][1], "ab", 2) == 0);
	/* place 1 of a ring that holds one text: refused */
	zlen = hand_block(z, 2, 2, RC_HOST, "\x06" "ab" "\x05", 4);
	CHECK(reqblock_decode(&b, z, zlen, &why) == -1);
	free(why);
	why = NULL;
	/* version 2: a start is its column's last number plus 1 (tag 4),
	   whatever its row's end and duration; in version 3 too, when
	   they are NULL */
	zlen = hand_block(z, 2, 2, RC_START, "\x04\x04", 2);
	CHECK(reqblock_decode(&b, z, zlen, &why) == 0);
	CHECK(b.rows == 2 && b.v[RC_START][0] == 1 && b.v[RC_START][1] == 2);
	zlen = hand_block(z, 3, 2, RC_START, "\x04\x04", 2);
	CHECK(reqblock_decode(&b, z, zlen, &why) == 0);
	CHECK(b.rows == 2 && b.v[RC_START][0] == 1 && b.v[RC_START][1] == 2);
	/* version 4: "ab" is tag 7, then place 0 of the ring (tag 4) */
	zlen = hand_block(z, 4, 2, RC_HOST, "\x07" "ab" "\x04", 4);
	CHECK(reqblock_decode(&b, z, zlen, &why) == 0);
	CHECK(b.rows == 2 && b.len[RC_HOST][1] == 2 &&
	    memcmp(b.s[RC_HOST][1], "ab", 2) == 0);
	/* a packed text (tag 2) in a column that packs none: damaged */
	zlen = hand_block(z, 4, 1, RC_HOST, "\x02", 1);
	memset(z + zlen, 0xab, 16);
	CHECK(reqblock_decode(&b, z, zlen + 16, &why) == -1);
	free(why);
	why = NULL;
	/* packed bytes after a block of version 3: damaged */
	zlen = hand_block(z, 3, 2, RC_START, "\x04\x04", 2);
	memset(z + zlen, 0xab, 16);
	CHECK(reqblock_decode(&b, z, zlen + 16, &why) == -1);
	CHECK(why != NULL && strstr(why, "damaged") != NULL);
	free(why);
	why = NULL;
	/* a version to come: refused, saying so */
	zlen = hand_block(z, 5, 2, RC_HOST, "\x06" "ab" "\x03", 4);
	CHECK(reqblock_decode(&b, z, zlen, &why) == -1);
	CHECK(why != NULL && strstr(why, "newer coroner") != NULL);
	free(why);
	why = NULL;
	/* a byte no version will be: damaged */
	zlen = hand_block(z, 0xa5, 2, RC_HOST, "\x06" "ab" "\x03", 4);
	CHECK(reqblock_decode(&b, z, zlen, &why) == -1);
	CHECK(why != NULL && strstr(why, "damaged") != NULL);
	free(why);
	reqblock_free(&b);
}

/* Row i's request id: packed ones, again, NULL between, and ones that
   are not 32 lowercase hex digits. */
static const char *
packed_id(size_t i)
{
	static const char	*ids[] = {
		"0123456789abcdef0123456789abcdef",
		"0123456789abcdef0123456789abcdef",	/* the last again */
		NULL,
		"0123456789abcdef0123456789abcdef",	/* again, past NULL */
		"0123456789ABCDEF0123456789ABCDEF",	/* upper case */
		"0123456789abcdef0123456789abcdef",	/* after a whole one */
		"0123456789abcdef0123456789abcde",	/* 31 digits */
		"0123456789abcdef0123456789abcdef0",	/* 33 */
		"0123456789abcdef0123456789abcdeg",	/* not a digit */
		"g123456789abcdef0123456789abcdef",
		"ffffffffffffffffffffffffffffffff",
		"00000000000000000000000000000000",
		"",
		"0123456789abcdef0123456789ABCDEF",	/* whole, again */
		"0123456789abcdef0123456789ABCDEF",
	};

	return (ids[i % (sizeof ids / sizeof ids[0])]);
}

static void
test_packed(void)
{
	struct reqblock_writer	*w = calloc(1, sizeof *w);
	struct reqblock		 b = { 0 };
	struct reqrow		 r;
	const void		*data;
	char			 text[32], *why = NULL, *cut;
	size_t			 len, frame, i, bad = 0;

	for (i = 0; i < 30; i++) {
		row_of(i, &r, text, sizeof text);
		r.s[RC_REQUEST_ID] = packed_id(i);
		reqblock_add(w, &r);
	}
	CHECK(reqblock_finish(w, &data, &len, &why) == 0);
	/* in 15 rows: the first, the one after a whole one, the f's and the
	   0's; twice */
	frame = ZSTD_findFrameCompressedSize(data, len);
	CHECK(!ZSTD_isError(frame) && len - frame == 2 * 4 * 16);
	CHECK(reqblock_decode(&b, data, len, &why) == 0);
	CHECK(b.rows == 30);
	for (i = 0; i < b.rows; i++) {
		row_of(i, &r, text, sizeof text);
		r.s[RC_REQUEST_ID] = packed_id(i);
		bad += row_differs(&b, i, &r);
	}
	CHECK(bad == 0);
	/* a packed byte short, or one left over: damaged */
	CHECK(reqblock_decode(&b, data, len - 1, &why) == -1);
	CHECK(b.rows == 0 && why != NULL && strstr(why, "damaged") != NULL);
	free(why);
	why = NULL;
	cut = malloc(len + 1);
	memcpy(cut, data, len);
	cut[len] = 0;
	CHECK(reqblock_decode(&b, cut, len + 1, &why) == -1);
	free(why);
	free(cut);
	reqblock_free(&b);
	reqblock_writer_free(w);
	free(w);
}

const struct unit_test reqblock_tests[] = {
	{ "reqblock_packed", test_packed },
	{ "reqblock_ring", test_ring },
	{ "reqblock_versions", test_versions },
	{ "reqblock_round_trip", test_round_trip },
	{ "reqblock_told", test_told },
	{ "reqblock_damaged", test_damaged },
	{ NULL, NULL }
};
