/*
 * xds.h: when the proxies (Envoy, Istio's gateways and sidecars) were cut
 * off from their control plane, read from their own log lines (kept by
 * the envoy and container-log importers).  A proxy without its control
 * plane keeps the endpoints it last heard of: it routes to pods that are
 * gone for as long as it stays cut off.  The analysis (rules-traffic.c)
 * asks whether such a gap covers a rollout's failures.  Reads the store
 * through store.h (no SQL), draws nothing, knows no log format but the
 * words of the lines it reads:
 *
 *   "... gRPC config stream to xds-grpc closed since 1812s ago: 14, ..."
 *	(Envoy, a stream that has stayed closed): cut off over the 1812 s
 *	before the line
 *   "... gRPC config stream closed: 14, ..." (a close, the stream retried):
 *	cut off from the line until pilot-agent's next "connected to
 *	upstream XDS server" (closes less than XDS_RETRY_S apart with no
 *	reconnection between are one gap)
 */
#ifndef XDS_H
#define XDS_H

#include <stdint.h>

#include "store.h"

#define XDS_RETRY_S	60	/* closes this close are one gap */

/* One span of time a proxy's container was without its control plane. */
struct xds_gap {
	char		*namespace;	/* owned: the container's pod's, ""
					   when its log names no pod */
	char		*pod;		/* owned: "" when unknown */
	char		*container;	/* owned: "" when unknown */
	int64_t		 from_us;	/* cut off from (at the latest) */
	int64_t		 to_us;		/* still cut off at (at least), or
					   reconnected at */
	int		 reconnected;	/* to_us is a reconnection line */
	int64_t		 line_us;	/* the time of the line below */
	char		*line;		/* owned: the line that says it was
					   cut off longest, as written (cut
					   to 400 bytes) */
	char		*said;		/* owned: what that line says, from
					   the stream's name ("StreamAggre-
					   gatedResources gRPC config stream
					   to xds-grpc closed since ...") to
					   the end of the message */
};

struct xds_gaps {
	struct xds_gap	*v;		/* owned */
	size_t		 n;		/* gaps in v */
};

/*
 * Reads every stored log line once and fills g with the gaps of every
 * container, in order of container and time.  Returns 0, or -1 with a
 * new *cause.
 */
int	xds_gaps_load(struct store *st, struct xds_gaps *g, char **cause);
void	xds_gaps_free(struct xds_gaps *g);

/*
 * The longest gap of at least min_us that overlaps [from_us, to_us] and
 * is not of a pod skip() names (ctx is skip's; skip may be NULL), or
 * NULL.  Borrowed from g.
 */
const struct xds_gap *xds_gap_over(const struct xds_gaps *g, int64_t from_us,
	    int64_t to_us, int64_t min_us, int (*skip)(void *ctx,
	    const char *namespace, const char *pod), void *ctx);

#endif
