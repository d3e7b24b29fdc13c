/*
 * endpoints.h: each pod's endpoint over time, from the observed versions
 * of the EndpointSlices (the model, coroner(1) THE MODEL).  For each pod
 * in each slice: when it was first listed and ready, when it stopped
 * being ready or serving, when it was terminating, and when a version no
 * longer listed it (or the slice was deleted).  Kubernetes' part of a
 * load balancer's lag is the pod's deletion request to its endpoint
 * terminating; the load balancer's own part is from there to the last
 * request it routed.  No SQL (store.h) and no drawing.
 */
#ifndef ENDPOINTS_H
#define ENDPOINTS_H

#include "store.h"

struct model_stats;

/*
 * Folds every slice's versions, one slice at a time, into the model's
 * pod_endpoints rows (struct row_pod_endpoint), inside the model's
 * transaction, after store_pod_refs() (a pod named without its uid is
 * looked up by name at the time).  Returns 0, or -1 with a new *cause.
 */
int	endpoints_build(struct store *st, struct model_stats *stats,
	    char **cause);

#endif
