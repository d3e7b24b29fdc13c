/*
 * nodes.h: each node's troubles over time, from its observed versions
 * (the model, coroner(1) THE MODEL): the periods its Ready condition was
 * False or Unknown, its reboots (a new bootID), its taints (cordon,
 * unreachable, autoscaler and Karpenter markers) and pressure
 * conditions, as node_states rows (struct row_node_state).  No SQL
 * (store.h) and no drawing.
 */
#ifndef NODES_H
#define NODES_H

#include "store.h"

struct model_stats;

/*
 * Folds every node's versions, one node at a time, into node_states,
 * inside the model's transaction.  Returns 0, or -1 with a new *cause.
 */
int	nodes_build(struct store *st, struct model_stats *stats,
	    char **cause);

#endif
