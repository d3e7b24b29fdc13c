/*
 * rolist.h: the model's rollouts, held for the analysis to look up
 * (rules-traffic.c, rules-sidecar.c, deletion.c): each Deployment's in
 * order, the one that replaced or brought a ReplicaSet, the nearest to a
 * time, and a rollout as the findings' evidence writes it.  One loader
 * and one evidence object for every rule.  No SQL (through store.h), no
 * drawing.
 */
#ifndef ROLIST_H
#define ROLIST_H

#include <jansson.h>
#include <stdint.h>

#include "hindex.h"
#include "store.h"
#include "util.h"

/* One rollout (struct row_rollout), strings in the list's arena. */
struct rolist_item {
	const char	*kind;		/* the workload's: "Deployment" (also
					   for NULL in the table),
					   "StatefulSet", "DaemonSet" */
	const char	*namespace;	/* the Deployment's */
	const char	*deployment;	/* the Deployment's name (the
					   StatefulSet's, DaemonSet's) */
	const char	*new_rs;	/* the ReplicaSet taking over (the
					   controller revision's hash) */
	const char	*old_rs;	/* NULL for a first revision */
	int64_t		 revision;	/* the Deployment's, or INT_NONE */
	int64_t		 start_us;	/* new_rs's scale-up (its
					   ScalingReplicaSet event, else its
					   creation) */
	int64_t		 end_us;	/* TIME_NONE: not over */
	const char	*tool;		/* what deployed it, as row_rollout:
					   "helm"..., or NULL */
	const char	*deploy_revision; /* the tool's revision, or NULL */
	const char	*deployed_by;	/* who deployed it, or NULL */
	size_t		 next;		/* the Deployment's next rollout (an
					   index in v), HINDEX_NONE: none */
};

struct rolist {
	struct arena		 strings;	/* owned: the items' strings */
	struct rolist_item	*v;		/* owned, in the model's order
						   (by Deployment and start) */
	size_t			 n;		/* items in v */
	size_t			 cap;		/* allocated in v */
	struct hindex		 ix;		/* owned: each Deployment's
						   first rollout */
};

/* Loads every rollout.  0, or -1 with a new *cause; rolist_free after. */
int	rolist_load(struct store *st, struct rolist *ro, char **cause);
void	rolist_free(struct rolist *ro);
/* A Deployment's first rollout (then rolist_next), or NULL. */
const struct rolist_item *rolist_first(const struct rolist *ro,
	    const char *ns, const char *deployment);
const struct rolist_item *rolist_next(const struct rolist *ro,
	    const struct rolist_item *r);
/*
 * What a pod's rollouts call its set: its ReplicaSet (owner_kind
 * ReplicaSet), or its controller-revision-hash (template_hash) for a
 * StatefulSet's or DaemonSet's pod; NULL for any other pod.
 */
const char *rolist_pod_set(const char *owner_kind, const char *owner_name,
	    const char *template_hash);
/*
 * The rollout of the Deployment that replaced ReplicaSet rs (old) or
 * brought it (new) whose window, widened by slack_us, holds at_us
 * (TIME_NONE: any), or NULL.
 */
const struct rolist_item *rolist_of_rs(const struct rolist *ro,
	    const char *ns, const char *deployment, const char *rs, int old,
	    int64_t at_us, int64_t slack_us);
/*
 * The Deployment's rollout nearest to [from_us, to_us] (0 inside its
 * window) within near_us, or NULL.
 */
const struct rolist_item *rolist_nearest(const struct rolist *ro,
	    const char *ns, const char *deployment, int64_t from_us,
	    int64_t to_us, int64_t near_us);
/*
 * A rollout as evidence (null for NULL): kind (only for a StatefulSet's
 * or a DaemonSet's), deployment, new_rs, old_rs,
 * revision (the tool's when a deploy history names one, else the
 * Deployment's), tool, deployed_by, start, end, and offset_s (from_us
 * minus its start) when from_us is not TIME_NONE.  A new reference.
 */
json_t	*rolist_json(const struct rolist_item *r, int64_t from_us);
/*
 * What deployed a rollout, in the words of rolist_words' parenthesis:
 * "helm revision 14" and, with by, ", deployed by ci@example.com", as
 * far as the deploy history or the audit log knows it ("" when nothing
 * does: the Deployment's own revision is not a deploy's).
 */
void	rolist_deploy_words(const struct rolist_item *r, int by, char *out,
	    size_t len);
/*
 * A rollout in words, for summaries: "the rollout to quote-8c9b7a6d5
 * (helm revision 14, deployed by ci@example.com)", the parenthesis as
 * far as it is known; a StatefulSet's or DaemonSet's: "the rollout of
 * StatefulSet web to revision web-7f8e9d0c1".
 */
void	rolist_words(const struct rolist_item *r, char *out, size_t len);

#endif
