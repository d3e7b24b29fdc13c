/*
 * yamlsplit.h: reads a stream of YAML documents one object at a time, as
 * the jansson values kubectl would read from them, with memory bounded by
 * the largest object rather than by the input.  The YAML twin of
 * jsonsplit.h, with the same rules for what is yielded:
 *   - a document whose root is a mapping, as a whole (a single object, a
 *     watch event {type, object});
 *   - each element of the root mapping's "items" sequence (a List, as
 *     kubectl get -o yaml writes it), instead of the list itself, and
 *     of the other lists the flags ask for (jsonsplit.h, js_list_of);
 *   - each element of a root sequence.
 * Documents are separated by "---" lines (kubectl, helm template,
 * kustomize build); comments and empty documents are skipped.  list_kind
 * holds the root mapping's "kind" when it came before "items".
 *
 * Bad YAML is reported with its line and costs its document: the reader
 * goes on at the next "---" line.  A value coroner cannot represent (a
 * null key, .inf, too large once its aliases are expanded) costs only
 * its list element when it is inside one; nesting deeper than
 * YS_MAX_DEPTH costs the rest of its document, unread, so that reading
 * stays linear in the input.  How YAML's types
 * become JSON is written at the top of yamlsplit.c.
 *
 * Used by importers and lint; knows nothing of Kubernetes, SQLite or
 * curses.
 */
#ifndef YAMLSPLIT_H
#define YAMLSPLIT_H

#include <jansson.h>
#include <stdint.h>
#include <yaml.h>

#include "jsonsplit.h"
#include "source.h"

/* One object, aliases expanded, counted as JSON text would be: bytes. */
#define YS_MAX_OBJECT	(64 * 1024 * 1024)
#define YS_MAX_DEPTH	512		/* nested mappings and sequences */
#define YS_MAX_ANCHORS	65536		/* anchors in one document */

struct ys_frame;			/* a collection being built */

struct yamlsplit {
	struct input	*in;		/* borrowed; NULL when reading a
					   string (ys_load_string) */
	yaml_parser_t	 parser;	/* libyaml's, valid while parsing */
	int		 parsing;	/* parser is reading a chunk */
	unsigned char	*rbuf;		/* owned read buffer */
	size_t		 rlen;		/* bytes valid in rbuf */
	size_t		 rpos;		/* next byte to hand to the parser */
	int		 eof;		/* input_read returned 0 or -1 */
	int		 read_error;	/* input_read returned -1 */
	int		 bol;		/* rpos is at the start of a line */
	int		 chunk_fed;	/* the chunk's parser got bytes */
	int		 boundary;	/* a "---" line ends the chunk */
	int		 after_end;	/* the last line begun was "..." */
	int64_t		 line;		/* input line of rpos, from 1 */
	int64_t		 chunk_line;	/* input line where the chunk (the
					   text one parser reads) begins */
	struct ys_frame	*frames;	/* owned stack, root first */
	size_t		 nframes;	/* frames on the stack */
	size_t		 capframes;	/* frames allocated */
	long		 yield_at;	/* the frame whose elements are
					   yielded one by one, or -1 */
	int		 flags;		/* JS_LOG_LISTS or 0 (jsonsplit.h) */
	int		 list;		/* the root mapping has a list */
	int		 elem_arrays;	/* whose elements may be arrays */
	size_t		 skip;		/* collections still open in a list
					   element being skipped */
	int		 skip_doc;	/* skipping to the document's end */
	size_t		 depth;		/* collections open in the document,
					   built or skipped */
	int		 abandon;	/* too deep: the rest of the chunk
					   is dropped unparsed */
	json_t		*anchors;	/* owned object: anchor name ->
					   [value, expanded bytes] */
	int64_t		 anchored;	/* bytes the anchors hold */
	int		 whole;		/* ys_load_string: the root value,
					   whatever it is, is the result */
	json_t		*result;	/* that value; owned */
	int64_t		 objects;	/* objects yielded so far */
	char		 list_kind[64];	/* "kind" of the root mapping when it
					   came before "items", or "" */
};

/* flags: JS_LOG_LISTS or 0, which lists are yielded one by one. */
void	ys_init(struct yamlsplit *ys, struct input *in, int flags);
void	ys_free(struct yamlsplit *ys);

/*
 * Yields the next object: JS_OBJECT with *obj (a new reference: the
 * caller json_decref()s it; values shared by aliases may be shared with
 * other objects, so never modify one) and *line (where it starts);
 * JS_ERROR with a new *cause and *line; JS_END at the end.  A read
 * error of the input ends the stream with one JS_ERROR naming
 * input_error().
 */
enum js_status	ys_next(struct yamlsplit *ys, json_t **obj, int64_t *line,
		    char **cause);

/*
 * Reads the first document of s[0..len) (an annotation holding YAML or
 * JSON, such as proxy.istio.io/config) into any JSON value.  Returns 0
 * and a new *out (null for an empty document), or -1 and a new *cause.
 */
int		ys_load_string(const char *s, size_t len, json_t **out,
		    char **cause);

#endif
