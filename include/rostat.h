/*
 * rostat.h: what each rollout did, for the rollouts view and whoever
 * asks "was it a deploy?": the pods it replaced, the unclean exits and failed
 * requests of its Deployment while it ran, and the 5xx rate of its new
 * ReplicaSet against the old one's; and the deploys (Helm, Argo CD,
 * Flux histories) that started no rollout, at their time.  Counted once
 * here, from the model's rollouts (rolist.h), deploys, pods (podset.h)
 * and traffic (store.h); no SQL, no drawing.
 */
#ifndef ROSTAT_H
#define ROSTAT_H

#include <stdint.h>

#include "podset.h"
#include "rolist.h"
#include "store.h"

/* The requests routed to one ReplicaSet's pods over the whole import. */
struct rostat_rs {
	int64_t		 requests;	/* attempts routed to its pods */
	int64_t		 errors;	/* of them answered 5xx */
};

/* One rollout and what it did, or a deploy that started none. */
struct rostat {
	const struct rolist_item *r;	/* borrowed from the rolist given,
					   or (deploy_only) from the
					   rostats' deploys */
	int		 deploy_only;	/* a deploy that started no rollout:
					   r has no sets, its deployment is
					   the release's name; nothing below
					   is counted */
	int64_t		 to_us;		/* the end of what is counted: its
					   end, else its Deployment's next
					   rollout's start, else TIME_NONE
					   (to the end of the data) */
	const char	*image;		/* borrowed from the podset: the new
					   set's first main container's image,
					   or NULL when no pod of it is known */
	struct podset_pod **replaced;	/* owned array of pods borrowed from
					   the podset: those its deletions'
					   cause says it replaced
					   (deletion_rollout) */
	size_t		 nreplaced;	/* pods in replaced */
	size_t		 killed;	/* of them SIGKILLed at the deadline */
	size_t		 unclean;	/* its Deployment's containers' exits
					   that were not clean
					   (podset_is_death) from its start
					   to to_us */
	int64_t		 requests;	/* attempts routed to its Deployment
					   from its start to to_us */
	int64_t		 failed;	/* of them failed (5xx or no answer:
					   store_workload_traffic) */
	struct rostat_rs new_rs;	/* its new ReplicaSet's traffic */
	struct rostat_rs old_rs;	/* its old one's (zero: none) */
};

/* Every rollout's, in the order of the start, then the Deployment. */
struct rostats {
	struct rostat	*v;		/* owned */
	size_t		 n;		/* rollouts in v */
	size_t		 deployments;	/* the Deployments they are of */
	int64_t		 first_us;	/* the earliest start, or TIME_NONE */
	int64_t		 last_us;	/* the latest start, or TIME_NONE */
	struct rolist_item *deploys;	/* owned: the deploys with a time
					   that started no rollout, as items
					   without sets (strings in strings) */
	size_t		 ndeploys;	/* items in deploys */
	struct arena	 strings;	/* owned: their strings */
};

/*
 * Counts what each rollout of ro did among the n pods (those of its
 * Deployment at least), and adds the deploys that started none.  Borrows
 * ro and the pods (keep them until rostat_free).  0, or -1 with a new
 * *cause; rostat_free after, also after a failure.
 */
int	rostat_load(struct store *st, const struct rolist *ro,
	    struct podset_pod *const *pods, size_t n, struct rostats *out,
	    char **cause);
void	rostat_free(struct rostats *s);
/*
 * A 5xx rate in words for a column: "0.08%", "6.6%", "-" with no
 * request.
 */
void	rostat_rate(const struct rostat_rs *t, char *out, size_t len);

#endif
