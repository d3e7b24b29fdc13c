/*
 * pipeline.h: an import on two cores.  The importer parses on the calling
 * thread and puts its records here; a writer thread puts them into the
 * store.  Records are copied, strings included, into batches handed over
 * one at a time, so the importer's borrowed strings may die as soon as the
 * put returns, as with a plain sink; or the importer writes its strings
 * in the batch's room first (pipeline_room) and they are not copied.
 * The store is used by one thread at a time: the writer between a
 * pipeline_put and the next pipeline_drain, the caller otherwise.  No
 * SQL here, no parsing.
 */
#ifndef PIPELINE_H
#define PIPELINE_H

#include "record.h"
#include "store.h"

struct pipeline;

/*
 * What the writer thread calls with each record before it puts it (NULL:
 * nothing): it may put records of its own into the store; 0, or -1 to
 * fail as a failed put does.  The record's strings live until the end of
 * its batch, which the tap is told of by a call with rec NULL (a batch
 * ends before a record that starts anew: a request and its attempts are
 * in one).
 */
typedef int	(*pipeline_tap)(void *ctx, enum rec_type type,
		    const void *rec);

/* Starts the writer thread.  Returns a new pipeline, or NULL (no thread:
   the caller puts records itself). */
struct pipeline	*pipeline_new(struct store *st, pipeline_tap tap, void *ctx);
/* Drains and stops the writer thread: the store is the caller's again. */
void		 pipeline_stop(struct pipeline *pl);
/*
 * Stops the writer thread (pipeline_stop) when it runs still, and frees
 * the pipeline.  Once it is stopped, the freeing touches nothing but the
 * pipeline's memory, on whichever thread calls it.
 */
void		 pipeline_free(struct pipeline *pl);

/*
 * Copies rec into the current batch and hands the batch to the writer
 * when it is full.  Returns 0, or -1 once the writer has failed
 * (store_error() says why).
 */
int		 pipeline_put(struct pipeline *pl, enum rec_type type,
		    const void *rec);

/*
 * Room for len bytes of the strings of the records put next, in the
 * filling batch (handed over first when it has no room left): a string
 * put from there is not measured nor copied.  Ask for it before a record
 * that starts anew, never between a request and its attempts.  Valid
 * until the next call; NULL when len is too large (put copies then).
 */
char		*pipeline_room(struct pipeline *pl, size_t len);

/*
 * Hands over what is left and waits until the writer has put it all.
 * Returns 0, or -1 when the writer failed; either way the pipeline is
 * ready for the next input.
 */
int		 pipeline_drain(struct pipeline *pl);

#endif
