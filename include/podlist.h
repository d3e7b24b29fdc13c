/*
 * podlist.h: the pods list in its order, each workload's pods summed, the
 * deaths the overview marks on its lanes and each workload's attempts
 * over the window (model.h: row_pod_list, row_workload_pods,
 * row_lane_death, row_lane_traffic), each ReplicaSet's attempts
 * (rs_traffic) and the findings' short columns (finding_list), derived
 * once by the analysis from its pods and findings and stored with the
 * findings: the views page through them and load only the pods they
 * show.
 */
#ifndef PODLIST_H
#define PODLIST_H

#include "analyze.h"

/*
 * Writes the rows inside the findings' transaction, after the findings
 * and the missing records (the pods' counts read them).  Returns 0, or
 * -1 with a new *cause.
 */
int	podlist_write(struct analysis *a, char **cause);

#endif
