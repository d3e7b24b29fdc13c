/*
 * jsonlite.h: JSON values as the readers of log exports see them: parsed
 * by jansson, or still the text they were read from.  The light path for
 * the fields a reader uses, with jansson kept as the parser of record: a
 * line of JSON is first checked whole (jl_doc_load: it is JSON that
 * jansson reads, and reads the same way), its fields are then read from
 * the text without building its values, and a value a Kubernetes handler
 * needs whole is parsed by jansson from its own bytes (jl_json).  A line
 * the check does not vouch for (a number jansson might refuse, a \u0000,
 * bytes outside ASCII...) is left to jansson whole, so both paths read
 * every line alike.
 *
 * Used by importers; knows nothing of Kubernetes, SQLite or curses.
 */
#ifndef JSONLITE_H
#define JSONLITE_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#define JL_MEMBERS	64	/* top-level members a line may have */
#define JL_DEPTH	128	/* nesting a line may have */
#define JL_INDEXED	8	/* objects of a line whose members are
				   indexed as they are read */

struct jl_doc;

/* A JSON value (or none), either form; everything in it borrowed. */
struct jl {
	json_t		*json;		/* the value parsed, or NULL */
	const char	*text;		/* else its text (checked), or NULL:
					   no value */
	size_t		 len;		/* bytes of text */
	int		 root;		/* the line's object: its members
					   are in doc's index */
	struct jl_doc	*doc;		/* where text values' decoded strings
					   and parsed forms live */
};

/* One top-level member of a line. */
struct jl_member {
	const char	*key;		/* its key's bytes, without quotes (no
					   escapes: a line with one is left to
					   jansson); borrowed from the line */
	size_t		 klen;		/* bytes of key */
	const char	*val;		/* its value's JSON text, as written
					   (a string keeps its quotes) */
	size_t		 vlen;		/* bytes of val */
};

/* The members of one object of the line, found once. */
struct jl_index {
	const char	*obj;		/* the object's text, or NULL */
	struct jl_member m[JL_MEMBERS];	/* its members, in order; here a
					   key starts at its opening quote
					   and may hold escapes */
	size_t		 nm;		/* members in m */
};

/* A chunk of decoded strings no longer the current one. */
struct jl_chunk;

/* One line of JSON checked and indexed, and what reading it made. */
struct jl_doc {
	struct jl_member m[JL_MEMBERS];	/* the line's members, in order */
	size_t		 nm;		/* members in m */
	struct jl_index	 idx[JL_INDEXED]; /* objects in it read lately */
	size_t		 next_idx;	/* the entry of idx to use next */
	char		*scratch;	/* decoded strings; owned */
	size_t		 scratch_cap;	/* bytes allocated at scratch */
	size_t		 scratch_used;	/* bytes of it handed out */
	struct jl_chunk	*old;		/* full scratch chunks; owned */
	json_t		*parsed;	/* an array holding what jl_json
					   parsed; owned */
};

void	jl_doc_init(struct jl_doc *d);
void	jl_doc_free(struct jl_doc *d);
/*
 * Checks the line s[0..n) and indexes its top-level members.  Returns 0
 * and fills *root with the line's object, or -1: the line is not an
 * object the light path reads (bad JSON, or JSON whose reading only
 * jansson vouches for); parse it with jansson.  Forgets what the last
 * line made.  The line is borrowed, and must stay as it is, with a NUL
 * at s[n], while its values are read.
 */
int	jl_doc_load(struct jl_doc *d, const char *s, size_t n,
	    struct jl *root);
/* Forgets the decoded strings and parsed values of the last line. */
void	jl_doc_clear(struct jl_doc *d);

/* A view of a value jansson parsed (borrowed), d for what reading makes. */
struct jl	jl_of(json_t *v, struct jl_doc *d);

/* The value at a dotted path ("objectRef.resource"); none when absent. */
struct jl	jl_get(const struct jl *obj, const char *path);
/* Element i of an array; none past its end or when not an array. */
struct jl	jl_at(const struct jl *arr, size_t i);

int	jl_present(const struct jl *v);		/* a value, even null */
int	jl_is_object(const struct jl *v);
int	jl_is_array(const struct jl *v);
int	jl_is_string(const struct jl *v);
int	jl_is_null(const struct jl *v);
int	jl_is_true(const struct jl *v);
int	jl_is_integer(const struct jl *v);

/*
 * The string at path (NULL: obj), decoded, or NULL when absent or not a
 * string;
 * valid until the document is cleared.  *len (may be NULL) gets its
 * length.
 */
const char	*jl_str(const struct jl *obj, const char *path, size_t *len);
/* The integer at path (NULL: obj), or def when absent or another type. */
int64_t		 jl_int(const struct jl *obj, const char *path, int64_t def);
/* The elements of an array (0 when not one). */
size_t		 jl_size(const struct jl *arr);

/*
 * The value as jansson parses it: borrowed, valid until the document is
 * cleared (a text value is parsed now, from its own bytes).  NULL for no
 * value.
 */
json_t		*jl_json(const struct jl *v);

#endif
