/*
 * buckets.h: the per-second counts of upstream attempts (the tally's,
 * stored by IP) attributed to the pod that owned each IP at that second,
 * with its namespace and workload: the model's buckets rows (struct
 * row_bucket), which every view of the traffic reads, and their sums by
 * workload and second (struct row_workload_second), workload and minute
 * (struct row_workload_minute) and pod (struct row_pod_traffic).  Model
 * layer: no SQL (store.h) and no drawing.
 */
#ifndef BUCKETS_H
#define BUCKETS_H

#include "store.h"

struct model_stats;

/*
 * Writes every IP-second of attempts with the pod it went to (none when
 * no pod had the IP then), each workload's seconds and minutes and each
 * pod's sums, inside the model's transaction, after the pods' IPs are
 * written.  Returns 0, or -1 with a new *cause.
 */
int	buckets_build(struct store *st, struct model_stats *stats,
	    char **cause);

#endif
