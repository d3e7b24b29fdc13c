/*
 * jsonsplit.h: reads a stream of JSON documents one object at a time, with
 * memory bounded by the largest object rather than by the input.
 *
 * Each call yields one parsed object:
 *   - a top-level object, as a whole (a single Event, a watch stream of
 *     concatenated objects, {"type":"ADDED","object":{...}} wrappers);
 *   - each element of a top-level object's "items" array (List, PodList,
 *     EventList...), instead of the list itself; with JS_LOG_LISTS, of
 *     the arrays log exports hold their entries in too ("events",
 *     "entries", "records", and "results", whose elements may be arrays:
 *     those are yielded as arrays);
 *   - each element of a top-level array.
 * list_kind holds the top-level object's "kind" when it came before
 * "items" (typed lists such as PodList write it first), so that items
 * without a "kind" of their own can be told apart.
 * Bad JSON is reported with its line number and skipped: the splitter
 * resynchronizes at the next line that starts with "{" or "[".
 *
 * Memory is bounded by max, what one object may take to read: its text
 * and an estimate of the values jansson would build from it (an empty
 * object takes about 240 bytes for its 3 of text).  An object past it is
 * rejected and skipped whole, the next one read as usual.
 *
 * Used by importers; knows nothing of Kubernetes, SQLite or curses.
 */
#ifndef JSONSPLIT_H
#define JSONSPLIT_H

#include <jansson.h>
#include <stdint.h>

#include "source.h"
#include "util.h"

/* The default of max (--max-object): with the text, under 100 MB. */
#define JSONSPLIT_MAX_OBJECT	(32 * 1024 * 1024)	/* bytes */

/* Flags of js_init(). */
#define JS_NUL_REPLACE	0x1	/* strings holding \u0000 get U+FFFD for it,
				   so that no name is cut at a NUL */
#define JS_LOG_LISTS	0x2	/* the lists of log exports are read one
				   element at a time, as "items" is */

/* A top-level key whose array is read one element at a time. */
struct js_list {
	const char	*key;		/* "items", "events"... */
	int		 flags;		/* the JS_* flags that ask for it; 0:
					   always */
	int		 arrays;	/* its elements may be arrays */
};

struct jsonsplit {
	struct input	*in;		/* borrowed */
	unsigned char	*rbuf;		/* owned read buffer */
	size_t		 rlen;		/* bytes valid in rbuf */
	size_t		 rpos;		/* next byte to scan in rbuf */
	int		 eof;		/* input_read returned 0 or -1 */
	int		 read_error;	/* input_read returned -1 */
	struct buf	 cur;		/* text of the object being read */
	int64_t		 line;		/* current line, from 1 */
	int64_t		 objects;	/* objects yielded so far */
	int64_t		 cap_line;	/* line where the object began */
	int		 depth;		/* nesting of {} and [] */
	int		 cap_depth;	/* depth outside the captured object,
					   or -1 when not capturing */
	int		 elem_depth;	/* depth of the elements yielded one by
					   one: 1 in a top-level array, 2 in
					   a list (struct js_list), 0
					   otherwise */
	int		 elem_arrays;	/* those elements may be arrays */
	int		 cap_array;	/* the element being captured is an
					   array, and may be */
	int		 in_str;	/* inside a string */
	int		 esc;		/* after a backslash in a string */
	int		 expect_key;	/* the next depth-1 string is a key */
	int		 key_len;	/* bytes of the depth-1 key so far, or
					   -1 when not reading one */
	char		 key[8];	/* the depth-1 key, if short */
	int		 list_next;	/* 1: a list's key seen, 2: and ':' */
	const struct js_list *list;	/* that list, when list_next */
	int		 kind_next;	/* 1: key "kind" seen, 2: and ':',
					   3: reading its string value */
	char		 list_kind[64];	/* "kind" of the top-level object
					   (a list's, when it came before
					   "items"), or "" */
	int		 scalar;	/* skipping a non-object list element */
	int		 resync;	/* skipping to a line starting { or [ */
	int		 bol;		/* at the beginning of a line */
	int		 scalar_end;	/* the last byte outside strings was a
					   number's or a word's: blanks after it
					   stay one ("3 0" is not 30) */
	size_t		 max;		/* bytes one object may take: text and
					   estimated values */
	size_t		 cost;		/* estimated bytes of the values of the
					   object being captured, beyond its
					   text */
	int		 flags;		/* JS_* */
	int		 truncated;	/* the input ended inside an object or
					   a list */
	int64_t		 dropped;	/* objects skipped for taking more
					   than max */
};

/*
 * The list key[0..len) names among those flags (JS_*) ask for, or NULL:
 * what yamlsplit yields element by element too.
 */
const struct js_list *js_list_of(const char *key, size_t len, int flags);

/* max 0 is JSONSPLIT_MAX_OBJECT; flags are JS_*. */
void	js_init(struct jsonsplit *js, struct input *in, size_t max,
	    int flags);
void	js_free(struct jsonsplit *js);

enum js_status {
	JS_ERROR = -1,		/* bad JSON: *cause and *line set; go on */
	JS_END = 0,		/* no more input */
	JS_OBJECT = 1		/* *obj set */
};
/*
 * Yields the next object: JS_OBJECT with *obj (a new reference: the
 * caller json_decref()s it; an array only where a list's elements may
 * be arrays) and *line (where it starts); JS_ERROR with a
 * new *cause and *line; JS_END at the end.  A read error of the input
 * ends the stream with one JS_ERROR naming input_error().
 */
enum js_status	js_next(struct jsonsplit *js, json_t **obj, int64_t *line,
		    char **cause);

/*
 * Whether the JSON text[0..n) would take more than max bytes (0:
 * JSONSPLIT_MAX_OBJECT) to parse, by the same estimate: for parsers of
 * one document per line.
 */
int	js_too_costly(const char *text, size_t n, size_t max);
/* The reason given for an object past max, naming --max-object. */
char	*js_too_costly_why(size_t max);
/* Replaces every NUL in the strings of v (keys too) by U+FFFD. */
void	js_replace_nul(json_t *v);

#endif
