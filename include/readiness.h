/*
 * readiness.h: when each pod was Ready, from the Ready condition of its
 * observed versions (each says its state and since when), and how many of
 * a workload's pods were ready at each moment: the outage its users saw.
 * Model layer: the store's rows in, spans out; no SQL, no output.
 */
#ifndef READINESS_H
#define READINESS_H

#include <stddef.h>
#include <stdint.h>

#include "podset.h"
#include "store.h"

/* A stretch of one pod's life in one readiness state. */
struct ready_span {
	int64_t	 from_us;	/* the transition into it */
	int64_t	 to_us;		/* the next transition, the pod's deletion
				   request or its end; TIME_NONE: it held
				   to the end of the evidence */
	int	 ready;		/* 1: Ready, 0: not Ready */
};

/* One pod's readiness, as its versions say it. */
struct ready_pod {
	const struct podset_pod	*p;	/* borrowed */
	struct ready_span	*v;	/* owned, by time */
	size_t			 n;	/* spans in v */
};

/* The readiness of every pod with a version that says it. */
struct readiness {
	struct ready_pod	*v;	/* owned, in the versions' uid order */
	size_t			 n;	/* pods in v */
	int64_t			 last_us; /* the latest version seen: where
					   the evidence ends */
};

/*
 * Reads the spans of the pods of ps (readiness_load), or of pod p alone
 * (readiness_of), from their versions in the store.  A pod counts as
 * ready only until its deletion request (its endpoints go then), and no
 * span goes past its end.  Returns 0, or -1 with a new *cause.  Free with
 * readiness_free.
 */
int	readiness_load(struct store *st, struct podset *ps,
	    struct readiness *r, char **cause);
/*
 * The same as readiness_load, reading the versions of each pod of ps by
 * its uid rather than every version: for a few pods of many.  r->last_us
 * is that of their versions only (store_ready_last says every pod's).
 */
int	readiness_load_some(struct store *st, struct podset *ps,
	    struct readiness *r, char **cause);
int	readiness_of(struct store *st, const struct podset_pod *p,
	    struct readiness *r, char **cause);
void	readiness_free(struct readiness *r);

/* A workload's pods ready and not ready from one moment to the next. */
struct ready_step {
	int64_t	 at_us;		/* from here */
	int64_t	 ready;		/* pods ready */
	int64_t	 not_ready;	/* pods alive and said not Ready */
};

/*
 * The steps of the count of ready pods among pods[0..n) (the readiness of
 * one workload's pods), by time.  Returns a new array of *nsteps.
 */
struct ready_step *readiness_steps(const struct ready_pod *const *pods,
	    size_t n, size_t *nsteps);

#endif
