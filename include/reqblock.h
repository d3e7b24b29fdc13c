/*
 * reqblock.h: the requests' storage, a block of a few thousand upstream
 * attempts at a time.  An access log's attempts are stored as blocks,
 * not as a row each: a block holds each column's values one after the
 * other (a number as its difference from the row before, a text as
 * "the same as the row before", one of the column's last RB_RING texts,
 * or its bytes), compressed with zstd; a request id's 32 hex digits
 * are kept as their 16 bytes after the compressed columns.
 * The store keeps a block per row of request_blocks and reads them back
 * through the virtual table requests (store-requests.c); this file knows
 * nothing of SQLite.
 */
#ifndef REQBLOCK_H
#define REQBLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

/* A row's columns after id and source_id, in the requests table's order. */
enum reqcol {
	RC_REQ, RC_SEQ, RC_START, RC_END, RC_DURATION, RC_METHOD, RC_HOST,
	RC_PATH, RC_PROTOCOL, RC_STATUS, RC_BYTES, RC_CLIENT, RC_USER_AGENT,
	RC_NAMESPACE, RC_SERVICE, RC_UPSTREAM_NAME, RC_FLAGS, RC_DETAIL,
	RC_FAILURE, RC_REQUEST_ID, RC_DIALECT, RC_LINE, RC_UPSTREAM, RC_IP,
	RC_PORT, RC_UPSTREAM_STATUS, RC_UPSTREAM_DURATION, RC_ATTEMPT,
	RC__COUNT
};

/* A column's name (as in the requests table) and whether it is text. */
struct reqcol_desc {
	const char	*name;		/* the column's name */
	int		 text;		/* 1 text, 0 a number */
	int		 hex;		/* 1: a text of RB_HEX lowercase hex
					   digits is kept packed, outside
					   zstd (from version 4) */
};
extern const struct reqcol_desc reqcols[RC__COUNT];

/*
 * One row to add: v[c] for a number column (INT64_MIN: NULL), s[c] for a
 * text column (NULL: NULL).
 */
struct reqrow {
	int64_t		 v[RC__COUNT];	/* the numbers */
	const char	*s[RC__COUNT];	/* the texts, borrowed */
};

/* What a block sums up, kept beside it so that counts need no decoding. */
struct reqblock_sum {
	int64_t		 rows;		/* attempts (rows) */
	int64_t		 requests;	/* rows with seq NULL or 0 */
	int64_t		 failed;	/* of those, status >= 500 or 0 */
	int64_t		 first_req, last_req;	/* request numbers */
	int64_t		 start_lo, start_hi;	/* start_us, INT64_MIN: none */
	int64_t		 attempt_lo, attempt_hi; /* attempt_us */
};

#define RB_RING		256	/* texts a column's block remembers */
#define RB_HEX		32	/* hex digits of a packed text (a request
				   id), RB_HEX / 2 bytes packed */
#define RB_HASH_BITS	10
#define RB_HASH		(1 << RB_HASH_BITS) /* the writer's index into them */

/* A block being filled. */
struct reqblock_writer {
	struct buf		 col[RC__COUNT];	/* columns' bytes */
	int64_t			 prev[RC__COUNT];	/* last number */
	size_t			 last_off[RC__COUNT];	/* last text */
	size_t			 last_len[RC__COUNT];	/* its length */
	int			 has_last[RC__COUNT];	/* last set */
	/* the ring: the last RB_RING texts of each column written whole */
	uint32_t		 ring_off[RC__COUNT][RB_RING]; /* in col */
	uint32_t		 ring_len[RC__COUNT][RB_RING]; /* bytes */
	uint32_t		 nlit[RC__COUNT];	/* texts in full */
	uint32_t		 probes[RC__COUNT];	/* texts looked up */
	uint32_t		 hits[RC__COUNT];	/* of those, found */
	uint16_t		 ring_ix[RC__COUNT][RB_HASH]; /* by a hash:
						   place + 1, 0 none */
	int			 last_hex[RC__COUNT];	/* the last text was
						   packed: the last
						   RB_HEX / 2 bytes of
						   hex[c] */
	struct buf		 hex[RC__COUNT]; /* packed texts, in order */
	struct reqblock_sum	 sum;	/* of the rows added */
	struct buf		 raw;	/* the columns together, for zstd */
	struct buf		 out;	/* the encoded block */
	void			*cctx;	/* owned zstd context */
};

void	reqblock_add(struct reqblock_writer *, const struct reqrow *);
/* The block compressed into w->out (out, len); the writer starts over. */
int	reqblock_finish(struct reqblock_writer *, const void **out,
	    size_t *len, char **cause);
void	reqblock_reset(struct reqblock_writer *);
void	reqblock_writer_free(struct reqblock_writer *);

/* A block read back: rows rows, each column an array. */
struct reqblock {
	size_t		 rows;			/* rows in it */
	int64_t		*v[RC__COUNT];		/* number columns, owned */
	const char	**s[RC__COUNT];		/* text columns: into raw */
	uint32_t	*len[RC__COUNT];	/* their lengths */
	char		*raw;			/* owned: the decompressed */
	size_t		 rawcap;		/* bytes allocated at raw */
	char		*hex;			/* owned: packed texts, in
						   hex digits again */
	size_t		 hexcap;		/* bytes allocated at hex */
	size_t		 rowcap;		/* rows the arrays hold */
};

/* 0, or -1 and a new *cause when blob is not a block (it never crashes). */
int	reqblock_decode(struct reqblock *, const void *blob, size_t len,
	    char **cause);
void	reqblock_free(struct reqblock *);

#endif
