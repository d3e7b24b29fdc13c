/*
 * ipmap.h: which pod owned an IP at a given time, when IPs are reused.
 * Built from the model's pod_ips rows; answers in O(log n).  No SQL (the
 * rows come through store.h), no drawing.
 */
#ifndef IPMAP_H
#define IPMAP_H

#include <stddef.h>
#include <stdint.h>

#include "store.h"

struct ipmap;

/* Loads every IP interval.  Returns a new map (ipmap_free), or NULL. */
struct ipmap	*ipmap_load(struct store *st, char **cause);
/* A map from intervals given directly (tests; strings are copied). */
struct ipmap	*ipmap_new(const struct row_pod_ip *rows, size_t n);
void		 ipmap_free(struct ipmap *map);

/*
 * The uid of the pod that owned ip at t_us: the pod whose interval holds
 * t_us (when several do, their ends being estimates, the latest one,
 * unless an older one is in the namespace that hint names: the log's
 * namespace, or an upstream name "NAMESPACE-SERVICE-PORT"), else the last
 * pod that had the IP before t_us (then *exact is 0: its end was
 * estimated too early, or the IP was not reassigned yet).  NULL when no
 * pod had the IP by t_us.  Borrowed from the map.
 */
const char	*ipmap_lookup(const struct ipmap *map, const char *ip,
		    int64_t t_us, const char *hint, int *exact);

#endif
