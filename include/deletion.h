/*
 * deletion.h: how a pod's deletion is known and why it came (the model,
 * coroner(1) THE MODEL).  The deletion request observed in the audit log
 * (its exact time, who asked, a delete or an eviction, the grace asked
 * for) overrides deletionTimestamp - grace and the Killing event; the
 * kubelet's final delete is when the pod was gone.  After the rollouts
 * are built, each deletion is given its cause: the controller action
 * behind it (a rollout, a scale-down, a Job, an eviction, the node, a
 * person).  No SQL (store.h) and no drawing.
 */
#ifndef DELETION_H
#define DELETION_H

#include <stdint.h>

#include "model.h"
#include "record.h"
#include "store.h"

struct model;
struct lc_pod;
struct model_stats;
struct rolist;
struct rolist_item;

/* What the audit log says of one pod's end (struct lc_pod.audit). */
struct deletion_audit {
	int64_t		 request_us;	/* the first deletion request (a 2xx
					   delete that is not the kubelet's
					   final one, a 201 eviction), or
					   TIME_NONE */
	const char	*by;		/* its actor (batch arena) */
	const char	*via;		/* "delete" or "eviction" */
	int64_t		 grace_s;	/* the grace it asked for, INT_NONE */
	int64_t		 gone_us;	/* the kubelet's final delete (grace
					   0), or a forced one, or TIME_NONE */
	const char	*gone_by;	/* its actor */
};

void	deletion_audit_init(struct deletion_audit *d);
/*
 * Folds one audit event about the pod (store_model_audit gives them
 * oldest first); strings are copied into the model's batch arena.
 */
void	deletion_audit_fold(struct model *m, struct lc_pod *p,
	    const struct rec_audit *a);
/*
 * Sets the pod's deletion request (deletion_us, its basis and source,
 * who asked and how, the grace) and, from the audit log, when it was
 * gone; before its containers' deaths are derived.
 */
void	deletion_request(struct model *m, struct lc_pod *p);

/*
 * Whether an actor is a Kubernetes component (system:node:*, the
 * controllers' service accounts of kube-system, system:kube-*), not a
 * person or a deploy tool.
 */
int	deletion_actor_is_system(const char *actor);
/*
 * An actor as a narrow column shows it: a service account
 * "system:serviceaccount:NS:NAME" as "sa:NS:NAME", and as "sa:NAME" in
 * kube-system (the controllers': "sa:replicaset-controller"); any other
 * actor as it is.  A new string (caller frees), NULL for NULL.
 */
char	*deletion_actor_short(const char *actor);
/*
 * The rollout that replaced a pod's ReplicaSet (owner_rs) around its
 * deletion request, as the deletion's cause "rollout" finds it, or
 * NULL.  Borrowed from ro.
 */
const struct rolist_item *deletion_rollout(const struct rolist *ro,
	    const char *ns, const char *workload, const char *owner_rs,
	    int64_t deletion_us);

/*
 * Gives every deleted pod of the model its deletion_cause (and basis),
 * from who deleted it, its owner and the rollouts, scale-downs
 * (ScalingReplicaSet) and autoscaler decisions (SuccessfulRescale) around
 * the deletion.  After rollout_build(), inside the model's transaction.
 * Returns 0, or -1 with a new *cause.
 */
int	deletion_causes(struct store *st, char **cause);

#endif
