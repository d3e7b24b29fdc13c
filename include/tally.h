/*
 * tally.h: per-second counts of upstream attempts by IP, kept while an
 * input is imported so that views and the analysis never scan every
 * request: how many attempts each IP got in each second, how many failed
 * (5xx) and how many failed to connect.  A sink of its own: the import
 * puts every record into it as into the store (tally_put) and hands its
 * cells to the store as REC_IP_SECOND records; the model attributes each
 * IP-second to the pod that owned the IP then.  No SQL here, no drawing.
 */
#ifndef TALLY_H
#define TALLY_H

#include <stddef.h>
#include <stdint.h>

#include "record.h"

/* One IP in one second. */
struct tally_cell {
	const char	*ip;		/* the tally's, until it is cleared;
					   NULL: no upstream address */
	const char	*hint;		/* the tally's, likewise; the
					   namespace, or the service as
					   logged, that the log says the
					   request went to, or NULL (narrows
					   the attribution) */
	int64_t		 second;	/* Unix seconds */
	int64_t		 requests;	/* attempts that began in it */
	int64_t		 errors;	/* attempts that ended in it with a
					   5xx */
	int64_t		 conn_failures;	/* attempts that ended in it with
					   no response: refused, reset, timed
					   out */
};

struct tally;

/*
 * Cells past which the import hands the tally to the store.  Small, so
 * that the writer thread hands most of them over while the input is
 * read and few are left for after it, when nothing runs beside: 1 M
 * lines make about 50,000 cells.  A second of an IP that stays in the
 * log past a hand-over gets a second row (about 1 % more rows at 1 M
 * lines); the rebuild sums them.
 */
#define TALLY_MAX_CELLS	8192

struct tally	*tally_new(void);
void		 tally_free(struct tally *);
/* Forgets every cell and the request in progress (a new input). */
void		 tally_clear(struct tally *);

/*
 * Counts what an importer put: each request's attempts, and a request
 * that reached no upstream once the next record shows it had none (other
 * records are ignored).  Keeps what it needs of the request in progress,
 * so the importer's strings may die when the put returns; unless borrow
 * says they live until the next tally_done(), which counts the last
 * request of an input (or of a batch whose strings die).
 */
void		 tally_put(struct tally *, enum rec_type type, const void *rec,
		    int borrow);
void		 tally_done(struct tally *);

/*
 * Counts one attempt of request r (borrowed), by the attempt's IP: in the
 * second it began, and, when it failed, in the second it ended (a request
 * belongs to the whole time it was in flight: one cut when a proxy exits
 * fails at that exit).  A request with no attempt is counted with
 * tally_request_done() under a NULL IP.
 */
void		 tally_attempt(struct tally *, const struct rec_request *r,
		    const struct rec_attempt *a);
void		 tally_request_done(struct tally *,
		    const struct rec_request *r, int had_attempts);

/* Cells in use (the caller flushes and clears past a bound). */
size_t		 tally_cells(const struct tally *);

/* Calls fn for every cell; stops and returns fn's value when not 0. */
int		 tally_each(struct tally *,
		    int (*fn)(void *, const struct tally_cell *), void *ctx);

/*
 * Whether an attempt failed without a response from the upstream: no
 * upstream status, status 0, nginx 502/504 from the upstream, Envoy flags
 * UF/UC/UH/UO/URX/UT/LR... or a GCLB/ALB detail saying the backend failed
 * to connect or closed the connection.
 */
int		 tally_conn_failure(const struct rec_request *r,
		    const struct rec_attempt *a);

#endif
