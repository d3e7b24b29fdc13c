/*
 * jsonfast.h: json_loadb, faster, for the importers' parses.  Two things
 * made jansson's parse of Kubernetes JSON slow: its reading of the text a
 * byte at a time through a stream (with a buffer for every token), and a
 * malloc and a free for every value, key and hash table of a tree the
 * reader frees whole a moment later.  jf_loadb reads plain JSON itself
 * and builds the values with jansson's own functions (json_object_setn_
 * new_nocheck, as jansson's parser does), and takes their memory from an
 * arena.
 *
 * jansson stays the parser of record: text the fast path does not vouch
 * to read exactly as jansson does (a byte outside ASCII, \u0000 or half a
 * surrogate pair, a number with a fraction or an exponent, an integer of
 * more than 18 digits, nesting deeper than JF_DEPTH) and every error is
 * parsed by json_loadb, whose values and messages are the answer.
 *
 * The arena: while jf_loadb parses, jansson's allocations are the next
 * pieces of the newest chunk; freeing one costs nothing, and the chunks
 * are used again once every piece was freed.  Values made outside
 * jf_loadb (a report's, a value a reader adds to a parsed tree) are
 * malloc's as before.  jansson's allocator is the process's: parses run on
 * one thread at a time (an import parses on its main thread).  Knows
 * nothing of Kubernetes, SQLite or curses.
 */
#ifndef JSONFAST_H
#define JSONFAST_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define JF_DEPTH	256	/* nesting the fast path reads */

/*
 * Eight bytes at a time, for the scanners of JSON text (here and
 * jsonlite.c): whether a word holds a byte of a kind (exact for "any",
 * which is all the loops ask).
 */
#define JF_ONES		0x0101010101010101ULL
#define JF_HIGHS	0x8080808080808080ULL
#define JF_ZERO(v)	(((v) - JF_ONES) & ~(v) & JF_HIGHS)
#define JF_BYTE(v, c)	JF_ZERO((v) ^ (JF_ONES * (c)))

/*
 * Whether the 8 bytes at p hold a quote, a backslash, a control character
 * or a byte outside ASCII.
 */
static inline int
jf_word_special(const char *p)
{
	uint64_t	v;

	memcpy(&v, p, sizeof v);
	return (((JF_BYTE(v, '"') | JF_BYTE(v, '\\') |
	    ((v - JF_ONES * 0x20) & ~v) | v) & JF_HIGHS) != 0);
}

/* The byte at or after p that is not a JSON blank (e at most). */
static inline const char *
jf_ws(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r'))
		p++;
	return (p);
}

/*
 * The checks of JSON text both light paths share (here and jsonlite.c),
 * each accepting only what jansson reads the same way.  A string whose
 * opening quote is at p: ASCII without control characters, escapes
 * jansson decodes (surrogate pairs whole, never \u0000); returns the byte
 * after its closing quote, or NULL, and *esc says whether it has escapes.
 */
const char	*jf_check_string(const char *p, const char *e, int *esc);
/*
 * A number at p: an integer or a decimal of at most 18 digits, without an
 * exponent (jansson may refuse or round those); returns the byte after
 * it, or NULL.
 */
const char	*jf_check_number(const char *p, const char *e);
/*
 * Decodes the string jf_check_string passed, p[0..n) with its quotes, into
 * out (n - 1 bytes at most, with a NUL); returns its length.
 */
size_t		 jf_decode(const char *p, size_t n, char *out);

/* json_loadb(s, n, flags, err), the same values, faster. */
json_t	*jf_loadb(const char *s, size_t n, size_t flags, json_error_t *err);

#endif
