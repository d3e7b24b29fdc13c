/*
 * reqhold.h: a request held until its attempts have come.  An access log
 * puts a request and then its attempts (record.h: REC_REQUEST, then
 * REC_ATTEMPT records); whoever joins each attempt to its request (the
 * store writes one row per attempt, the tally counts each) holds the
 * request here, its strings copied, and learns when it is complete
 * whether it had any attempt.  Record layer: knows nothing of SQLite,
 * the model or output.
 */
#ifndef REQHOLD_H
#define REQHOLD_H

#include "record.h"
#include "util.h"

struct reqhold {
	struct rec_request r;	/* the request held; its strings in str,
				   or borrowed (reqhold_put's borrow) */
	int		 set;	/* r holds a request */
	int		 attempts; /* attempts joined to it */
	struct buf	 str;	/* owned: r's strings, copied */
};

/*
 * Holds request r, whose attempts follow: its strings are copied, unless
 * borrow says they live until the hold is released.  The request held
 * before must have been released (reqhold_release).
 */
void	reqhold_put(struct reqhold *h, const struct rec_request *r,
	    int borrow);
/*
 * An attempt came: returns the request it belongs to (borrowed, valid
 * until the next put), counted, or NULL when none is held.
 */
const struct rec_request *reqhold_attempt(struct reqhold *h);
/*
 * The request held is complete: returns it (borrowed, valid until the
 * next put) with *had_attempts, and holds nothing; NULL when none was.
 */
const struct rec_request *reqhold_release(struct reqhold *h,
	    int *had_attempts);
/* Holds nothing (an input undone), keeping the buffer. */
void	reqhold_drop(struct reqhold *h);
void	reqhold_free(struct reqhold *h);

#endif
