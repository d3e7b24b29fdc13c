/*
 * records.c: the "records" importer.  Reads a record set, an outside
 * party's (a courier's manifest, a processor's settlement report) or our
 * own (a service's table), given by --records NAME --key COL --time COL:
 *
 *  - CSV and TSV with a header row: RFC 4180 quoting (separators, doubled
 *    quotes and line breaks inside quoted fields; a quoted field may span
 *    lines), a UTF-8 byte order mark, CRLF.  The separator, ',' ';' or
 *    tab, is the one that splits the header line into the most fields
 *    outside quotes (',' then ';' on a tie), unless a first line "sep=X"
 *    (Excel's) names it.  --key and --time name
 *    columns, matched exactly after trimming blanks; an unknown one fails
 *    the whole input, naming the columns there are.
 *  - NDJSON (objects one after another, normally one per line) and a JSON
 *    array of objects.  --key and --time are member names or dotted paths
 *    (parcel.id); the first object plays the header's part: a path it
 *    lacks fails the whole input, naming the fields it has.
 *
 * The first non-blank byte tells them apart: '{' or '[' is JSON.
 *
 * Each row becomes a struct rec_record: key (trimmed; a JSON number as its
 * decimal text), time (any format of timefmt.h, --tz for zone-less ones; a
 * JSON number is epoch seconds, or milliseconds from 10^11), extra = the
 * other columns as a compact JSON object (CSV: every other cell as a
 * string under its header name, "column N" for a nameless or surplus one,
 * "NAME (column N)" for a repeated name; JSON: the object without the key
 * and time members, and without parents that this leaves empty), NULL
 * when there are no other columns; line = where the row starts.  Bytes
 * that are not UTF-8 become the Latin-1 characters of the same value, in
 * keys and in extra (NUL as U+FFFD there), so that both are UTF-8 and
 * extra is always valid JSON.
 *
 * Rejected, the row lost: no key (empty, missing, null), a key that is not
 * a string or a number, an unparseable time, malformed input.  Notices,
 * which the sink can only carry as rejects (so that for records the
 * "rejected" count includes them although no row is lost):
 *  - a duplicate key: every copy is put (the store keeps them and the
 *    reconciliation counts keys); the first DUP_SHOW are named, one line
 *    then counts the rest;
 *  - a row without a time: put with an unknown time, since dropping it
 *    would make its key look missing.
 *
 * Memory: one row at a time (at most 1 MiB, across lines), plus the
 * distinct keys of the input for the duplicate check (an open-addressing
 * table of its own, bounded: past KS_MAX_SLOTS or KS_MAX_POOL the check
 * stops with a notice).  Knows nothing of SQLite or curses.
 * The formats and fields, and why: docs/formats/records.md.
 */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importer.h"
#include "jsonfast.h"
#include "jsonsplit.h"
#include "k8sjson.h"
#include "out.h"
#include "timefmt.h"
#include "util.h"

#define DUP_SHOW	10		/* duplicates named one by one */
#define VALUE_SHOW	80		/* bytes of a bad value in messages */
#define COLS_SHOW	400		/* bytes of the column list in errors */

/* The largest epoch times: 9999-12-31T23:59:59Z in seconds and in ms. */
#define EPOCH_MAX_S	253402300799LL
#define EPOCH_MAX_MS	253402300799999LL
#define EPOCH_MS_FROM	100000000000LL	/* 10^11: numbers from here are ms */

/* U+FFFD REPLACEMENT CHARACTER, what a NUL byte becomes in extra. */
#define NUL_REPL	"\\ufffd"

/*
 * The duplicate check: the distinct keys of one input, in at most 48 MiB
 * (with what the import holds besides, under 100 MB).  A slot holds 7
 * bits of its key's hash (most keys that differ differ there, unread)
 * and the key's place in the pool (25 bits: the pool is at most
 * KS_MAX_POOL); the pool holds, per key, its first line and its length
 * as varints and its bytes.  A key's home slot is given by the top bits
 * of its hash; the table doubles at 80% load (linear probing), hashing
 * the pool's keys again.
 */
#define KS_OFF_BITS	25
#define KS_OFF_MASK	((UINT32_C(1) << KS_OFF_BITS) - 1)
#define KS_MAX_SLOTS	((size_t)1 << 22)	/* 16 MiB of slots */
#define KS_MAX_POOL	((size_t)32 << 20)	/* 32 MiB of keys */

struct keyset {
	uint32_t	*slots;		/* owned; 0 = empty, else 7 bits of
					   the hash << 25 |
					   (pool offset + 1) */
	size_t		 nslots;	/* a power of two, or 0 */
	unsigned	 shift;		/* 64 - log2(nslots): hash >> shift
					   is a key's home slot */
	size_t		 used;		/* distinct keys held */
	unsigned char	*pool;		/* owned: the keys, one after another */
	size_t		 pool_len;	/* bytes used in pool */
	size_t		 pool_cap;	/* bytes allocated */
	int		 full;		/* a bound was reached, not checking:
					   1, then 2 once said */
};

/* What one import knows, whatever the format. */
struct rd {
	const struct import_opts *opts;	/* borrowed */
	struct sink	*sink;		/* borrowed */
	const char	*unit;		/* "column" (CSV) or "field" (JSON) */
	struct keyset	 keys;		/* distinct keys seen */
	int64_t		 rows;		/* records put */
	int64_t		 dups;		/* rows whose key came before */
	int64_t		 dup_line;	/* line of the first dup not named */
	int64_t		 objects;	/* JSON objects read */
	struct buf	 key;		/* the row's key, trimmed, reused */
	struct buf	 extra;		/* the row's extra JSON, reused */
	char		*jbuf;		/* owned: a JSON row's extra */
	size_t		 jcap;		/* bytes allocated in jbuf */
	struct input	*in;		/* borrowed: the input read */
	size_t		 max_len;	/* bytes of one row or object
					   (--max-line) */
};

/* A row's time as read. */
enum tm_state {
	TM_OK,				/* us is set */
	TM_NONE,			/* empty, null or missing */
	TM_BAD				/* text says what was there */
};
struct rowtime {
	enum tm_state	 state;
	int64_t		 us;		/* TM_OK: the time */
	const char	*text;		/* TM_BAD: the value (borrowed) */
	size_t		 len;		/* its length */
};

static int
is_blank(int c)
{
	return (c == ' ' || c == '\t' || c == '\r' || c == '\n');
}

/* Trims blanks around s[0..*n): returns the start, sets *n. */
static const char *
trim(const char *s, size_t *n)
{
	size_t	len = *n;

	while (len > 0 && is_blank((unsigned char)*s)) {
		s++;
		len--;
	}
	while (len > 0 && is_blank((unsigned char)s[len - 1]))
		len--;
	*n = len;
	return (s);
}

/*
 * The hash of a key: 8-byte words through a multiply-xorshift mix, the
 * length folded in.  Endianness does not matter: it never leaves memory.
 */
static uint64_t
ks_hash(const unsigned char *p, size_t n)
{
	uint64_t	h = UINT64_C(0x243f6a8885a308d3) ^ n, w;

	while (n >= 8) {
		memcpy(&w, p, 8);
		h = (h ^ w) * UINT64_C(0x9fb21c651e98df25);
		h ^= h >> 31;
		p += 8;
		n -= 8;
	}
	w = 0;
	memcpy(&w, p, n);
	h = (h ^ w) * UINT64_C(0xd6e8feb86659fd93);
	h ^= h >> 32;
	h *= UINT64_C(0x9fb21c651e98df25);
	h ^= h >> 29;
	return (h);
}

static size_t
ks_varint_put(unsigned char *p, uint64_t v)
{
	size_t	n = 0;

	while (v >= 0x80) {
		p[n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	p[n++] = (unsigned char)v;
	return (n);
}

static size_t
ks_varint_get(const unsigned char *p, uint64_t *v)
{
	size_t		n = 0;
	unsigned	shift = 0;

	*v = 0;
	do {
		*v |= (uint64_t)(p[n] & 0x7f) << shift;
		shift += 7;
	} while (p[n++] & 0x80);
	return (n);
}

/* The key of a slot: its bytes (borrowed), length and first line. */
static const unsigned char *
ks_entry(const struct keyset *ks, uint32_t slot, size_t *len, int64_t *line)
{
	const unsigned char	*p = ks->pool + (slot & KS_OFF_MASK) - 1;
	uint64_t		 v;

	p += ks_varint_get(p, &v);
	*line = (int64_t)v;
	p += ks_varint_get(p, &v);
	*len = (size_t)v;
	return (p);
}

/* The 7 bits of a hash a slot keeps (not those that choose its home). */
static uint32_t
ks_tag(uint64_t h)
{
	return ((uint32_t)(h & 0x7f) << KS_OFF_BITS);
}

/* Doubles the table (from nothing to 1024 slots). */
static void
ks_grow(struct keyset *ks)
{
	uint32_t		*old = ks->slots;
	const unsigned char	*k;
	size_t			 oldn = ks->nslots, i, j, len;
	int64_t			 line;

	ks->nslots = oldn == 0 ? 1024 : oldn * 2;
	ks->shift = oldn == 0 ? 64 - 10 : ks->shift - 1;
	ks->slots = xcalloc(ks->nslots, sizeof *ks->slots);
	for (i = 0; i < oldn; i++) {
		if (old[i] == 0)
			continue;
		k = ks_entry(ks, old[i], &len, &line);
		j = (size_t)(ks_hash(k, len) >> ks->shift);
		while (ks->slots[j] != 0)
			j = (j + 1) & (ks->nslots - 1);
		ks->slots[j] = old[i];
	}
	free(old);
}

/* Asks the CPU to fetch the home slot of hash h while other work runs. */
static void
ks_prefetch(const struct keyset *ks, uint64_t h)
{
	if (ks->nslots != 0)
		__builtin_prefetch(&ks->slots[h >> ks->shift]);
}

/*
 * Adds key (n bytes, hash h) seen at line.  Returns 0 when it is new, 1
 * when it came before (*first: the line of its first row), -1 when it is
 * new but a bound was reached: it is not kept (nor will later ones be),
 * so later copies of it go unnoticed.
 */
static int
ks_add(struct keyset *ks, const char *key, size_t n, uint64_t h,
    int64_t line, int64_t *first)
{
	const unsigned char	*k;
	uint32_t		 tag = ks_tag(h), slot;
	size_t			 i, len, need;
	int64_t			 fl;

	if (!ks->full && (ks->used + 1) * 5 > ks->nslots * 4) {
		if (ks->nslots >= KS_MAX_SLOTS)
			ks->full = 1;	/* at most 80% full: lookups end */
		else
			ks_grow(ks);
	}
	i = (size_t)(h >> ks->shift);
	while ((slot = ks->slots[i]) != 0) {
		if ((slot & ~KS_OFF_MASK) == tag) {
			k = ks_entry(ks, slot, &len, &fl);
			if (len == n && memcmp(k, key, n) == 0) {
				*first = fl;
				return (1);
			}
		}
		i = (i + 1) & (ks->nslots - 1);
	}
	if (ks->full)
		return (-1);
	need = ks->pool_len + 20 + n;
	if (need >= KS_MAX_POOL) {
		ks->full = 1;
		return (-1);
	}
	if (need > ks->pool_cap) {
		ks->pool_cap = ks->pool_cap == 0 ? 65536 : ks->pool_cap * 2;
		if (ks->pool_cap < need)
			ks->pool_cap = need;
		ks->pool = xrealloc(ks->pool, ks->pool_cap);
	}
	ks->slots[i] = tag | (uint32_t)(ks->pool_len + 1);
	ks->pool_len += ks_varint_put(ks->pool + ks->pool_len,
	    (uint64_t)line);
	ks->pool_len += ks_varint_put(ks->pool + ks->pool_len, n);
	memcpy(ks->pool + ks->pool_len, key, n);
	ks->pool_len += n;
	ks->used++;
	return (0);
}

static void
ks_free(struct keyset *ks)
{
	free(ks->slots);
	free(ks->pool);
	memset(ks, 0, sizeof *ks);
}

/* The length of the valid UTF-8 sequence at p (n bytes left), or 0. */
static size_t
utf8_seq(const unsigned char *p, size_t n)
{
	if (p[0] < 0x80)
		return (1);
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		return (n >= 2 && (p[1] & 0xc0) == 0x80 ? 2 : 0);
	if (p[0] >= 0xe0 && p[0] <= 0xef) {
		if (n < 3 || (p[1] & 0xc0) != 0x80 || (p[2] & 0xc0) != 0x80)
			return (0);
		if ((p[0] == 0xe0 && p[1] < 0xa0) ||
		    (p[0] == 0xed && p[1] >= 0xa0))
			return (0);	/* overlong, surrogate */
		return (3);
	}
	if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		if (n < 4 || (p[1] & 0xc0) != 0x80 ||
		    (p[2] & 0xc0) != 0x80 || (p[3] & 0xc0) != 0x80)
			return (0);
		if ((p[0] == 0xf0 && p[1] < 0x90) ||
		    (p[0] == 0xf4 && p[1] >= 0x90))
			return (0);	/* overlong, past U+10FFFF */
		return (4);
	}
	return (0);
}

/*
 * Appends s[0..n) to b as the inside of a JSON string: quotes, backslashes
 * and control bytes escaped, NUL as U+FFFD, a byte that is not part of
 * valid UTF-8 as the Latin-1 character of its value.
 */
static void
json_esc(struct buf *b, const char *s, size_t n)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 i = 0, run = 0, k;
	char			 e[8];

	while (i < n) {
		if (p[i] >= 0x20 && p[i] < 0x80 && p[i] != '"' &&
		    p[i] != '\\') {
			i++;
			continue;
		}
		if (p[i] >= 0x80 && (k = utf8_seq(p + i, n - i)) != 0) {
			i += k;
			continue;
		}
		buf_append(b, p + run, i - run);
		if (p[i] == '"' || p[i] == '\\') {
			e[0] = '\\';
			e[1] = (char)p[i];
			buf_append(b, e, 2);
		} else if (p[i] == '\n')
			buf_append(b, "\\n", 2);
		else if (p[i] == '\t')
			buf_append(b, "\\t", 2);
		else if (p[i] == '\r')
			buf_append(b, "\\r", 2);
		else if (p[i] == '\0')
			buf_append(b, NUL_REPL, sizeof NUL_REPL - 1);
		else {
			snprintf(e, sizeof e, "\\u%04x", p[i]);
			buf_append(b, e, 6);
		}
		run = ++i;
	}
	buf_append(b, p + run, n - run);
}

/* A row's time from text: trimmed; empty is TM_NONE. */
static void
time_text(const struct rd *rd, const char *s, size_t n, struct rowtime *t)
{
	s = trim(s, &n);
	t->text = s;
	t->len = n;
	if (n == 0)
		t->state = TM_NONE;
	else if (time_parse_any(s, n, rd->opts->tz, &t->us) == 0)
		t->state = TM_OK;
	else
		t->state = TM_BAD;
}

/*
 * Sets the row's key to s[0..n), trimmed, a byte that is not part of
 * valid UTF-8 taken as the Latin-1 character of its value (so that a
 * Latin-1 file's keys match a UTF-8 file's).
 */
static void
set_key(struct rd *rd, const char *s, size_t n)
{
	const unsigned char	*p;
	size_t			 i = 0, run = 0, k;
	char			 two[2];

	buf_clear(&rd->key);
	s = trim(s, &n);
	p = (const unsigned char *)s;
	while (i < n) {
		if ((k = utf8_seq(p + i, n - i)) != 0) {
			i += k;
			continue;
		}
		buf_append(&rd->key, s + run, i - run);
		two[0] = (char)(0xc0 | p[i] >> 6);
		two[1] = (char)(0x80 | (p[i] & 0x3f));
		buf_append(&rd->key, two, 2);
		run = ++i;
	}
	buf_append(&rd->key, s + run, n - run);
}

/*
 * Whether the row can be put: rejects it (returns -1) when it has no key
 * or its time is bad.
 */
static int
row_check(struct rd *rd, const struct rowtime *t, int64_t line)
{
	const char	*kname = rd->opts->key_col, *tname = rd->opts->time_col;
	char		*v;

	if (rd->key.len == 0) {
		sink_reject(rd->sink, line, "row without a key in %s %s",
		    rd->unit, kname);
		return (-1);
	}
	if (memchr(rd->key.data, '\0', rd->key.len) != NULL) {
		sink_reject(rd->sink, line, "key in %s %s holds a NUL byte",
		    rd->unit, kname);
		return (-1);
	}
	if (t->state == TM_BAD) {
		v = out_safe(t->text, t->len, VALUE_SHOW);
		sink_reject(rd->sink, line, "bad time in %s %s: \"%s\"",
		    rd->unit, tname, v);
		free(v);
		return (-1);
	}
	return (0);
}

/*
 * Puts a checked row with rd->key and extra (NULL for none), then notes
 * a missing time and a duplicate key.  Returns 0, or -1 when the sink
 * failed.
 */
static int
row_put(struct rd *rd, const struct rowtime *t, const char *extra,
    int64_t line)
{
	struct rec_record	 r = {
		.set_name = rd->opts->records,
		.key = rd->key.data,
		.time_us = t->state == TM_OK ? t->us : TIME_NONE,
		.extra = extra,
		.line = line
	};
	uint64_t		 h;
	int64_t			 first;
	char			*k;

	/* the slot comes into the cache while the sink stores the row */
	h = ks_hash((const unsigned char *)rd->key.data, rd->key.len);
	ks_prefetch(&rd->keys, h);
	if (sink_put(rd->sink, REC_RECORD, &r) != 0)
		return (-1);
	rd->rows++;
	if (t->state == TM_NONE)
		sink_reject(rd->sink, line, "row without a time in %s %s; "
		    "kept with no time", rd->unit, rd->opts->time_col);
	switch (ks_add(&rd->keys, rd->key.data, rd->key.len, h, line,
	    &first)) {
	case 1:
		if (rd->dups++ < DUP_SHOW) {
			k = out_safe(rd->key.data, rd->key.len,
			    VALUE_SHOW);
			sink_reject(rd->sink, line, "duplicate key %s (first "
			    "at line %lld); kept both", k, (long long)first);
			free(k);
		} else if (rd->dups == DUP_SHOW + 1)
			rd->dup_line = line;
		break;
	case -1:
		if (rd->keys.used > 0 && rd->keys.full == 1) {
			rd->keys.full = 2;	/* say it once */
			sink_reject(rd->sink, line, "duplicate check full at "
			    "%zu distinct keys (memory bound): keys new from "
			    "here on are not checked", rd->keys.used);
		}
		break;
	default:
		break;
	}
	return (0);
}

/* At the end of an input: counts the duplicates not named. */
static void
rd_finish(struct rd *rd)
{
	if (rd->dups > DUP_SHOW)
		sink_reject(rd->sink, rd->dup_line, "%lld more duplicate keys",
		    (long long)(rd->dups - DUP_SHOW));
}

/* -------------------------------------------------------------------- */
/* CSV and TSV */

/* Where the cell splitter is. */
enum csv_state {
	CV_START,			/* at a cell's start (blanks so far) */
	CV_PLAIN,			/* in an unquoted cell */
	CV_QUOTED,			/* inside quotes */
	CV_QEND				/* after a quote inside quotes */
};

/* A CSV input: its header and the row being read. */
struct csv {
	struct linereader lr;		/* the input's lines */
	char		 sep;		/* ',' ';' tab, or a "sep=X" line's X */
	char		*cb;		/* owned: the row's cells, unquoted,
					   each followed by a NUL */
	size_t		 cb_len;	/* bytes used in cb */
	size_t		 cb_cap;	/* bytes allocated */
	size_t		*off;		/* owned: cell i is at cb + off[i] */
	size_t		*len;		/* owned: and has len[i] bytes */
	size_t		 ncells;	/* cells in the row */
	size_t		 cells_cap;	/* entries allocated in off, len */
	int64_t		 line;		/* line where the row starts */
	size_t		 ncols;		/* columns of the header */
	struct buf	 names;		/* "NAME": of each column, JSON */
	size_t		*name_off;	/* owned: ncols + 1 offsets in names */
	size_t		 key_col;	/* index of --key */
	size_t		 time_col;	/* index of --time */
};

/* Makes room for n more bytes in the row's cells. */
static void
csv_reserve(struct csv *c, size_t n)
{
	if (c->cb_len + n <= c->cb_cap)
		return;
	c->cb_cap = c->cb_cap == 0 ? 4096 : c->cb_cap * 2;
	if (c->cb_cap < c->cb_len + n)
		c->cb_cap = c->cb_len + n;
	c->cb = xrealloc(c->cb, c->cb_cap);
}

/* Ends the cell being written at w: NUL-terminates it, opens the next. */
static char *
csv_end_cell(struct csv *c, char *w)
{
	size_t	i = c->ncells;

	c->len[i] = (size_t)(w - (c->cb + c->off[i]));
	*w++ = '\0';
	if (++c->ncells >= c->cells_cap) {
		c->cells_cap *= 2;
		c->off = xreallocarray(c->off, c->cells_cap, sizeof *c->off);
		c->len = xreallocarray(c->len, c->cells_cap, sizeof *c->len);
	}
	c->off[c->ncells] = (size_t)(w - c->cb);
	return (w);
}

/*
 * Splits one physical line s[0..n) into the row's cells, going on from
 * *state.  Returns 1 when the row is complete, 0 when a quoted field goes
 * on past the line (a line break is kept in the cell).
 */
static int
csv_scan(struct csv *c, const char *s, size_t n, enum csv_state *state)
{
	char	*w, sep = c->sep, ch;
	size_t	 i;

	/* Each byte writes at most one; then a NUL or a line break. */
	csv_reserve(c, n + 2);
	w = c->cb + c->cb_len;
	for (i = 0; i < n; i++) {
		ch = s[i];
		switch (*state) {
		case CV_START:
			if (ch == sep) {
				w = csv_end_cell(c, w);
				break;
			}
			if (ch == '"') {
				/* blanks before an opening quote go */
				w = c->cb + c->off[c->ncells];
				*state = CV_QUOTED;
				break;
			}
			*w++ = ch;
			if (ch != ' ' && ch != '\t')
				*state = CV_PLAIN;
			break;
		case CV_PLAIN:
			if (ch == sep) {
				w = csv_end_cell(c, w);
				*state = CV_START;
			} else
				*w++ = ch;
			break;
		case CV_QUOTED:
			if (ch == '"')
				*state = CV_QEND;
			else
				*w++ = ch;
			break;
		case CV_QEND:
			if (ch == '"') {
				*w++ = '"';
				*state = CV_QUOTED;
			} else if (ch == sep) {
				w = csv_end_cell(c, w);
				*state = CV_START;
			} else if (ch != ' ' && ch != '\t') {
				/* text after the closing quote: kept */
				*w++ = ch;
				*state = CV_PLAIN;
			}
			break;
		}
	}
	if (*state == CV_QUOTED) {
		*w++ = '\n';
		c->cb_len = (size_t)(w - c->cb);
		return (0);
	}
	w = csv_end_cell(c, w);
	c->cb_len = (size_t)(w - c->cb);
	return (1);
}

/* What reading a record gave. */
enum csv_rec {
	CR_ROW,				/* the row's cells are set */
	CR_SKIP,			/* rejected; go on */
	CR_ERROR			/* read error */
};

/*
 * Reads the record that starts with the line s[0..n) (line c->line),
 * reading more lines while a quoted field is open, up to rd->max_len
 * bytes.
 */
static enum csv_rec
csv_record(struct csv *c, struct rd *rd, const char *s, size_t n)
{
	enum csv_state	 state = CV_START;
	enum lr_status	 st;
	int64_t		 last;

	c->cb_len = 0;
	c->ncells = 0;
	c->off[0] = 0;
	while (csv_scan(c, s, n, &state) == 0) {
		st = lr_next(&c->lr, &s, &n);
		last = (int64_t)c->lr.lineno;
		if (st == LR_ERROR)
			return (CR_ERROR);
		if (st == LR_EOF) {
			sink_reject(rd->sink, c->line, "quoted field not "
			    "closed at the end of the input");
			return (CR_SKIP);
		}
		if (st == LR_LONG || c->cb_len + n > rd->max_len) {
			char	limit[32];

			source_size_text(rd->max_len, limit, sizeof limit);
			sink_reject(rd->sink, c->line, "record longer than "
			    "%s (a quote not closed?); lines %lld-%lld "
			    "skipped (--max-line raises the limit)",
			    limit, (long long)c->line, (long long)last);
			return (CR_SKIP);
		}
	}
	return (CR_ROW);
}

/* Appends the names of the header's columns to b, cut near max bytes. */
static void
csv_list_columns(const struct csv *c, struct buf *b, size_t max)
{
	size_t		 i, n;
	const char	*s;
	char		*v;

	for (i = 0; i < c->ncells; i++) {
		if (b->len >= max) {
			buf_puts(b, ", ...");
			return;
		}
		n = c->len[i];
		s = trim(c->cb + c->off[i], &n);
		v = out_safe(s, n, VALUE_SHOW);
		buf_printf(b, "%s%s", i > 0 ? ", " : "", v);
		free(v);
	}
}

/* A header name, for finding repeated ones. */
struct csv_name {
	const char	*s;		/* borrowed from the row's cells */
	size_t		 len;
	size_t		 col;		/* its column */
};

static int
csv_name_cmp(const void *a, const void *b)
{
	const struct csv_name	*x = a, *y = b;
	size_t			 n = x->len < y->len ? x->len : y->len;
	int			 r = memcmp(x->s, y->s, n);

	if (r != 0)
		return (r);
	if (x->len != y->len)
		return (x->len < y->len ? -1 : 1);
	return (x->col < y->col ? -1 : x->col > y->col);
}

/*
 * Takes the header from the row's cells: finds --key and --time and
 * makes each column's "NAME": for extra.  Returns 0, or -1 with a new
 * *cause naming the columns when --key or --time is not one of them.
 */
static int
csv_header(struct csv *c, struct rd *rd, char **cause)
{
	const char	*want[2] = { rd->opts->key_col, rd->opts->time_col };
	const char	*opt[2] = { "--key", "--time" };
	size_t		*found[2] = { &c->key_col, &c->time_col };
	struct csv_name	*nm;
	struct buf	 b = { 0 };
	unsigned char	*repeated;
	size_t		 i, j, n;
	char		 num[32];

	c->ncols = c->ncells;
	nm = xcalloc(c->ncols, sizeof *nm);
	for (i = 0; i < c->ncols; i++) {
		n = c->len[i];
		nm[i].s = trim(c->cb + c->off[i], &n);
		nm[i].len = n;
		nm[i].col = i;
	}
	for (j = 0; j < 2; j++) {
		for (i = 0; i < c->ncols; i++)
			if (nm[i].len == strlen(want[j]) &&
			    memcmp(nm[i].s, want[j], nm[i].len) == 0)
				break;
		if (i == c->ncols) {
			buf_printf(&b, "%s %s: no such column; the columns "
			    "are: ", opt[j], want[j]);
			csv_list_columns(c, &b, COLS_SHOW);
			*cause = b.data;
			free(nm);
			return (-1);
		}
		*found[j] = i;
	}

	/* A repeated name is "NAME (column N)" in extra from its second. */
	repeated = xcalloc(c->ncols, 1);
	xqsort(nm, c->ncols, sizeof *nm, csv_name_cmp);
	for (i = 1; i < c->ncols; i++)
		if (nm[i].len == nm[i - 1].len &&
		    memcmp(nm[i].s, nm[i - 1].s, nm[i].len) == 0)
			repeated[nm[i].col] = 1;
	for (i = 0; i < c->ncols; i++) {
		n = c->len[i];
		nm[i].s = trim(c->cb + c->off[i], &n);
		nm[i].len = n;
	}
	c->name_off = xreallocarray(NULL, c->ncols + 1, sizeof *c->name_off);
	for (i = 0; i < c->ncols; i++) {
		c->name_off[i] = c->names.len;
		buf_append(&c->names, "\"", 1);
		if (nm[i].len == 0) {
			snprintf(num, sizeof num, "column %zu", i + 1);
			buf_puts(&c->names, num);
		} else {
			json_esc(&c->names, nm[i].s, nm[i].len);
			if (repeated[i]) {
				snprintf(num, sizeof num, " (column %zu)",
				    i + 1);
				buf_puts(&c->names, num);
			}
		}
		buf_append(&c->names, "\":", 2);
	}
	c->name_off[c->ncols] = c->names.len;
	free(repeated);
	free(nm);
	return (0);
}

/* Puts the row in the cells. */
static int
csv_row(struct csv *c, struct rd *rd)
{
	struct rowtime	 t = { .state = TM_NONE };
	struct buf	*x = &rd->extra;
	size_t		 i;
	char		 num[40];

	if (c->key_col < c->ncells)
		set_key(rd, c->cb + c->off[c->key_col], c->len[c->key_col]);
	else
		set_key(rd, "", 0);
	if (c->time_col < c->ncells)
		time_text(rd, c->cb + c->off[c->time_col],
		    c->len[c->time_col], &t);
	if (row_check(rd, &t, c->line) != 0)
		return (0);
	buf_clear(x);
	for (i = 0; i < c->ncells; i++) {
		if (i == c->key_col || i == c->time_col)
			continue;
		buf_append(x, x->len == 0 ? "{" : ",", 1);
		if (i < c->ncols)
			buf_append(x, c->names.data + c->name_off[i],
			    c->name_off[i + 1] - c->name_off[i]);
		else {
			snprintf(num, sizeof num, "\"column %zu\":", i + 1);
			buf_puts(x, num);
		}
		buf_append(x, "\"", 1);
		json_esc(x, c->cb + c->off[i], c->len[i]);
		buf_append(x, "\"", 1);
	}
	if (x->len > 0)
		buf_append(x, "}", 1);
	return (row_put(rd, &t, x->len > 0 ? x->data : NULL, c->line));
}

/*
 * The separator of a header line: of ',' ';' and tab, the one found most
 * often outside quotes (',' then ';' on a tie; ',' when there is none).
 */
static char
csv_sep(const char *s, size_t n)
{
	static const char	 seps[] = { ',', ';', '\t' };
	size_t			 count[3] = { 0, 0, 0 }, i, j, best = 0;
	int			 quoted = 0;

	for (i = 0; i < n; i++) {
		if (s[i] == '"')
			quoted = !quoted;
		else if (!quoted)
			for (j = 0; j < 3; j++)
				if (s[i] == seps[j])
					count[j]++;
	}
	for (j = 1; j < 3; j++)
		if (count[j] > count[best])
			best = j;
	return (seps[best]);
}

/* Reads a CSV or TSV input.  Returns 0 or -1 with a new *cause. */
static int
csv_read(struct rd *rd, struct input *in, char **cause)
{
	struct csv	 c = { .cells_cap = 64 };
	enum lr_status	 st;
	enum csv_rec	 cr;
	const char	*s;
	size_t		 n, tn;
	int		 header = 1, rc = 0;

	c.off = xreallocarray(NULL, c.cells_cap, sizeof *c.off);
	c.len = xreallocarray(NULL, c.cells_cap, sizeof *c.len);
	lr_init(&c.lr, in);
	while ((st = lr_next(&c.lr, &s, &n)) != LR_EOF) {
		if (st == LR_ERROR)
			break;
		if (st == LR_LONG) {
			char	*lw = input_long_why(in, "line");

			sink_reject(rd->sink, (int64_t)c.lr.lineno, "%s", lw);
			free(lw);
			continue;
		}
		if (c.lr.lineno == 1 && n >= 3 &&
		    memcmp(s, "\xef\xbb\xbf", 3) == 0) {
			s += 3;
			n -= 3;
		}
		tn = n;
		if (header)
			trim(s, &tn);
		if (n == 0 || tn == 0)
			continue;
		c.line = (int64_t)c.lr.lineno;
		if (header && c.sep == '\0' && n == 5 &&
		    memcmp(s, "sep=", 4) == 0) {
			c.sep = s[4];	/* Excel's separator line */
			continue;
		}
		if (header && c.sep == '\0')
			c.sep = csv_sep(s, n);
		if ((cr = csv_record(&c, rd, s, n)) == CR_ERROR) {
			st = LR_ERROR;
			break;
		}
		if (cr == CR_SKIP)
			continue;
		if (header) {
			if ((rc = csv_header(&c, rd, cause)) != 0)
				break;
			header = 0;
			continue;
		}
		if ((rc = csv_row(&c, rd)) != 0) {
			*cause = xstrdup("the store refused a record");
			break;
		}
	}
	if (rc == 0 && st == LR_ERROR)
		sink_reject(rd->sink, (int64_t)c.lr.lineno + 1,
		    "read error: %s", input_error(in) != NULL ?
		    input_error(in) : "unknown");
	lr_free(&c.lr);
	free(c.cb);
	free(c.off);
	free(c.len);
	free(c.name_off);
	buf_free(&c.names);
	return (rc);
}

/* -------------------------------------------------------------------- */
/* JSON */

/* The value at path: a member of that very name, else a dotted path. */
static json_t *
path_get(json_t *obj, const char *path)
{
	json_t	*v = json_object_get(obj, path);

	if (v != NULL || strchr(path, '.') == NULL)
		return (v);
	return (kj_get(obj, path));
}

/* Removes the value at path, and the parents this leaves empty. */
static void
path_del(json_t *obj, const char *path)
{
	const char	*dot;
	json_t		*child;
	char		*seg;

	if (json_object_get(obj, path) != NULL) {
		json_object_del(obj, path);
		return;
	}
	if ((dot = strchr(path, '.')) == NULL)
		return;
	seg = xstrndup(path, (size_t)(dot - path));
	child = json_object_get(obj, seg);
	if (json_is_object(child)) {
		path_del(child, dot + 1);
		if (json_object_size(child) == 0)
			json_object_del(obj, seg);
	}
	free(seg);
}

/* Appends the dotted paths of obj's leaves to b, cut near max bytes. */
static void
list_fields(json_t *obj, const char *prefix, struct buf *b, size_t max)
{
	const char	*k;
	json_t		*v;
	char		*p, *s;

	json_object_foreach(obj, k, v) {
		if (b->len >= max) {
			if (b->len < max + 5)
				buf_puts(b, ", ...");
			return;
		}
		p = *prefix != '\0' ? xasprintf("%s.%s", prefix, k) :
		    xstrdup(k);
		if (json_is_object(v) && json_object_size(v) > 0)
			list_fields(v, p, b, max);
		else {
			s = out_safe(p, strlen(p), VALUE_SHOW);
			buf_printf(b, "%s%s", b->len > 0 &&
			    b->data[b->len - 1] != ' ' ? ", " : "", s);
			free(s);
		}
		free(p);
	}
}

/* A real number as the shortest text that reads back the same. */
static void
real_text(double d, char *out, size_t n)
{
	int	prec;

	for (prec = 1; prec <= 17; prec++) {
		snprintf(out, n, "%.*g", prec, d);
		if (strtod(out, NULL) == d)
			return;
	}
}

/* A JSON number as a time: epoch seconds, or ms from 10^11. */
static void
time_number(json_t *v, struct rowtime *t, char *text, size_t textlen)
{
	double		d;
	json_int_t	i;

	t->state = TM_BAD;
	t->text = text;
	if (json_is_integer(v)) {
		i = json_integer_value(v);
		snprintf(text, textlen, "%lld", (long long)i);
		t->len = strlen(text);
		if (i >= 0 && i < EPOCH_MS_FROM && i <= EPOCH_MAX_S) {
			t->us = (int64_t)i * 1000000;
			t->state = TM_OK;
		} else if (i >= EPOCH_MS_FROM && i <= EPOCH_MAX_MS) {
			t->us = (int64_t)i * 1000;
			t->state = TM_OK;
		}
		return;
	}
	d = json_real_value(v);
	real_text(d, text, textlen);
	t->len = strlen(text);
	if (d >= 0 && d < (double)EPOCH_MS_FROM && d <= (double)EPOCH_MAX_S) {
		t->us = (int64_t)(d * 1e6 + 0.5);
		t->state = TM_OK;
	} else if (d >= (double)EPOCH_MS_FROM && d <= (double)EPOCH_MAX_MS) {
		t->us = (int64_t)(d * 1e3 + 0.5);
		t->state = TM_OK;
	}
}

/*
 * Puts the row of one JSON object (taking it: decref'd here).  Returns 0,
 * or -1 with a new *cause (the first object lacks --key or --time, or the
 * sink failed).
 */
static int
json_row(struct rd *rd, json_t *obj, int64_t line, char **cause)
{
	const char	*kname = rd->opts->key_col, *tname = rd->opts->time_col;
	struct rowtime	 t = { .state = TM_NONE };
	struct buf	 b = { 0 };
	json_t		*kv, *tv;
	const char	*extra = NULL;
	char		 num[64], tnum[64];
	size_t		 n;
	int		 rc = 0;

	kv = path_get(obj, kname);
	tv = path_get(obj, tname);
	if (rd->objects++ == 0 && (kv == NULL || tv == NULL)) {
		buf_printf(&b, "%s %s: not in the first object (line %lld); "
		    "its fields are: ", kv == NULL ? "--key" : "--time",
		    kv == NULL ? kname : tname, (long long)line);
		list_fields(obj, "", &b, COLS_SHOW);
		*cause = b.data;
		json_decref(obj);
		return (-1);
	}
	if (json_is_string(kv))
		set_key(rd, json_string_value(kv), json_string_length(kv));
	else if (json_is_integer(kv)) {
		snprintf(num, sizeof num, "%lld",
		    (long long)json_integer_value(kv));
		set_key(rd, num, strlen(num));
	} else if (json_is_real(kv)) {
		real_text(json_real_value(kv), num, sizeof num);
		set_key(rd, num, strlen(num));
	} else if (kv == NULL || json_is_null(kv))
		set_key(rd, "", 0);
	else {
		sink_reject(rd->sink, line, "key in field %s is not a string "
		    "or a number", kname);
		json_decref(obj);
		return (0);
	}
	if (json_is_string(tv))
		time_text(rd, json_string_value(tv), json_string_length(tv),
		    &t);
	else if (json_is_number(tv))
		time_number(tv, &t, tnum, sizeof tnum);
	else if (tv != NULL && !json_is_null(tv)) {
		t.state = TM_BAD;
		t.text = json_is_boolean(tv) ? (json_is_true(tv) ? "true" :
		    "false") : json_is_object(tv) ? "(an object)" :
		    "(an array)";
		t.len = strlen(t.text);
	}
	if (row_check(rd, &t, line) != 0) {
		json_decref(obj);
		return (0);
	}
	path_del(obj, kname);
	path_del(obj, tname);
	if (json_object_size(obj) > 0) {
		n = json_dumpb(obj, rd->jbuf, rd->jcap, JSON_COMPACT);
		if (n >= rd->jcap) {
			rd->jcap = n + 1 > 4096 ? n + 1 : 4096;
			rd->jbuf = xrealloc(rd->jbuf, rd->jcap);
			n = json_dumpb(obj, rd->jbuf, rd->jcap, JSON_COMPACT);
		}
		if (n > 0 && n < rd->jcap) {
			rd->jbuf[n] = '\0';
			extra = rd->jbuf;
		}
	}
	json_decref(obj);
	if (row_put(rd, &t, extra, line) != 0) {
		*cause = xstrdup("the store refused a record");
		rc = -1;
	}
	return (rc);
}

/* Parses text[0..n) as one object starting at line, and puts it. */
static int
nd_object(struct rd *rd, const char *text, size_t n, int64_t line,
    char **cause)
{
	json_error_t	 err;
	json_t		*obj;
	char		*why;

	if (js_too_costly(text, n, rd->opts->max_object)) {
		why = js_too_costly_why(rd->opts->max_object);
		sink_reject(rd->sink, line, "%s", why);
		free(why);
		return (0);
	}
	obj = jf_loadb(text, n, JSON_ALLOW_NUL, &err);
	if (obj == NULL) {
		sink_reject(rd->sink, line + (err.line > 0 ? err.line - 1 : 0),
		    "bad JSON: %s", err.text);
		return (0);
	}
	if (!json_is_object(obj)) {
		json_decref(obj);
		sink_reject(rd->sink, line, "not a JSON object");
		return (0);
	}
	return (json_row(rd, obj, line, cause));
}

/*
 * Reads objects one after another (NDJSON, or objects over several
 * lines): a small scanner follows strings and nesting to find where each
 * ends, so that an object is parsed whole whatever its members (jsonsplit
 * would yield the elements of a top-level "items" list instead).  Garbage
 * outside objects is rejected once and skipped up to a line that starts
 * with '{'.  An object cut short (a string open at the end of a line, a
 * line starting with '{' at its first byte inside an object, which no
 * pretty printer writes) is rejected and the scan starts afresh, so that
 * a truncated line costs one row.  Returns 0 or -1 with a new *cause.
 */
static int
nd_read(struct rd *rd, struct input *in, char **cause)
{
	struct linereader	 lr;
	struct buf		 acc = { 0 };	/* an object over lines */
	enum lr_status		 st;
	const char		*s;
	size_t			 n, i, seg, tn;
	int64_t			 start = 0, lineno;
	int			 depth = 0, in_str = 0, esc = 0, resync = 0;
	int			 rc = 0;

	lr_init(&lr, in);
	while (rc == 0 && (st = lr_next(&lr, &s, &n)) != LR_EOF) {
		if (st == LR_ERROR)
			break;
		lineno = (int64_t)lr.lineno;
		if (st == LR_LONG) {
			char	*lw = input_long_why(in, depth > 0 ?
			    "JSON object" : "line");

			sink_reject(rd->sink, depth > 0 ? start : lineno,
			    "%s", lw);
			free(lw);
			depth = in_str = esc = 0;
			buf_clear(&acc);
			resync = 1;
			continue;
		}
		if (lineno == 1 && n >= 3 &&
		    memcmp(s, "\xef\xbb\xbf", 3) == 0) {
			s += 3;
			n -= 3;
		}
		if (resync) {
			tn = n;
			if (*trim(s, &tn) != '{')
				continue;
			resync = 0;
		}
		if (depth > 0 && n > 0 && s[0] == '{') {
			/* pretty printers indent: the object was cut short */
			sink_reject(rd->sink, start, "truncated JSON: object "
			    "not closed before line %lld", (long long)lineno);
			depth = in_str = esc = 0;
			buf_clear(&acc);
		}
		seg = 0;
		for (i = 0; i < n && rc == 0; i++) {
			if (in_str) {
				if (esc)
					esc = 0;
				else if (s[i] == '\\')
					esc = 1;
				else if (s[i] == '"')
					in_str = 0;
				continue;
			}
			if (depth == 0) {
				if (is_blank((unsigned char)s[i]) ||
				    s[i] == ',')
					continue;
				if (s[i] != '{') {
					sink_reject(rd->sink, lineno,
					    "not JSON: expected '{'");
					resync = 1;
					break;
				}
				seg = i;
				start = lineno;
			}
			switch (s[i]) {
			case '"':
				in_str = 1;
				break;
			case '{':
			case '[':
				depth++;
				break;
			case '}':
			case ']':
				if (--depth > 0)
					break;
				if (acc.len == 0)
					rc = nd_object(rd, s + seg, i + 1 - seg,
					    start, cause);
				else {
					buf_append(&acc, s, i + 1);
					rc = nd_object(rd, acc.data, acc.len,
					    start, cause);
					buf_clear(&acc);
				}
				break;
			}
		}
		if (depth == 0 || resync || rc != 0)
			continue;
		if (in_str) {
			/* JSON strings hold no line breaks: cut short */
			sink_reject(rd->sink, start, "truncated JSON: string "
			    "not closed at the end of line %lld",
			    (long long)lineno);
			depth = in_str = esc = 0;
			buf_clear(&acc);
			resync = 1;
			continue;
		}
		if (acc.len == 0)
			buf_append(&acc, s + seg, n - seg);
		else
			buf_append(&acc, s, n);
		buf_append(&acc, "\n", 1);
		if (acc.len > rd->max_len) {
			char	*lw = input_long_why(in, "JSON object");

			sink_reject(rd->sink, start, "%s", lw);
			free(lw);
			depth = in_str = esc = 0;
			buf_clear(&acc);
			resync = 1;
		}
	}
	if (rc == 0 && st == LR_ERROR)
		sink_reject(rd->sink, (int64_t)lr.lineno + 1,
		    "read error: %s", input_error(in) != NULL ?
		    input_error(in) : "unknown");
	else if (rc == 0 && depth > 0)
		sink_damaged(rd->sink, start, "truncated JSON: object not "
		    "closed at the end of the input");
	buf_free(&acc);
	lr_free(&lr);
	return (rc);
}

/* Reads a JSON array of objects.  Returns 0 or -1 with a new *cause. */
static int
arr_read(struct rd *rd, struct input *in, char **cause)
{
	struct jsonsplit	 js;
	enum js_status		 st;
	json_t			*obj;
	int64_t			 line;
	char			*err;
	int			 rc = 0;

	js_init(&js, in, rd->opts->max_object, 0);
	while ((st = js_next(&js, &obj, &line, &err)) != JS_END) {
		if (st == JS_ERROR) {
			if (js.truncated)
				sink_damaged(rd->sink, line, "%s", err);
			else
				sink_reject(rd->sink, line, "%s", err);
			free(err);
			continue;
		}
		if ((rc = json_row(rd, obj, line, cause)) != 0)
			break;
	}
	js_free(&js);
	return (rc);
}

/* -------------------------------------------------------------------- */

static int
imp_records_probe(const char *name, const unsigned char *head, size_t len)
{
	return (0);	/* only with --records */
}

static int
imp_records_parse(struct input *in, const struct import_opts *opts,
    struct sink *sink, char **cause)
{
	struct rd		 rd = {
		.opts = opts, .sink = sink, .in = in,
		.max_len = input_max_line(in)
	};
	const unsigned char	*h;
	size_t			 len, i = 0;
	int			 rc;

	*cause = NULL;
	if (opts->records == NULL || opts->key_col == NULL ||
	    opts->time_col == NULL) {
		*cause = xstrdup("records need --records NAME, --key COL and "
		    "--time COL");
		return (-1);
	}
	len = input_peek(in, &h);
	if (len >= 2 && ((h[0] == 0xff && h[1] == 0xfe) ||
	    (h[0] == 0xfe && h[1] == 0xff))) {
		*cause = xstrdup("UTF-16 text is not read; convert it to "
		    "UTF-8 (iconv -f UTF-16 -t UTF-8)");
		return (-1);
	}
	if (len >= 3 && memcmp(h, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len && is_blank(h[i]))
		i++;
	if (i < len && (h[i] == '{' || h[i] == '[')) {
		rd.unit = "field";
		rc = h[i] == '{' ? nd_read(&rd, in, cause) :
		    arr_read(&rd, in, cause);
	} else {
		rd.unit = "column";
		rc = csv_read(&rd, in, cause);
	}
	if (rc == 0) {
		rd_finish(&rd);
		if (rd.rows == 0 && input_error(in) != NULL) {
			*cause = xasprintf("read error: %s", input_error(in));
			rc = -1;
		}
	}
	ks_free(&rd.keys);
	free(rd.jbuf);
	buf_free(&rd.key);
	buf_free(&rd.extra);
	return (rc);
}

const struct importer imp_records = {
	.name = "records",
	.summary = "record sets: CSV, TSV, NDJSON, JSON arrays "
	    "(with --records)",
	.reads = IMP_READS_TZ | IMP_READS_RECORDS,
	.probe = imp_records_probe,
	.parse = imp_records_parse,
};
