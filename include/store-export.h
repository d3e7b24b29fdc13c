/*
 * store-export.h: what the fleet export (export.c, coroner(1), FLEET
 * EXPORT) reads of one incident's database: its sources' identities, and
 * the model's pods, deaths, findings' pods, rollouts with their deploys
 * and traffic per minute, each a row at a time, so that memory does not
 * grow with the incident.  Part of the store (src/store-export.c holds the
 * SQL); plain structs, strings borrowed for the callback only.
 */
#ifndef STORE_EXPORT_H
#define STORE_EXPORT_H

#include <stdint.h>

#include "model.h"
#include "store.h"

/* One input of the incident. */
struct store_xsource {
	const char	*hash;		/* its identity (sources.hash) */
	const char	*path;		/* as the user named it */
	const char	*member;	/* archive or directory member, or
					   NULL */
	const char	*format;	/* the importer's name */
	int64_t		 rows;		/* records stored */
	int64_t		 rejected;	/* pieces of it rejected */
};

/* A pod, with what was routed to it and what it lost. */
struct store_xpod {
	struct row_pod	 p;		/* the model's row */
	int64_t		 requests;	/* attempts routed to it */
	int64_t		 failed;	/* of them failed (5xx or none) */
	int64_t		 missing;	/* reference records missing in its
					   termination window */
};

/*
 * A death: one termination of a container instance (the model's
 * terminations), or a container of a deleted pod that ended with it
 * though no termination of it was observed (t.cause "deletion").
 */
struct store_xdeath {
	struct row_termination t;	/* the termination; pod_uid and
					   container never NULL */
	int64_t		 seq;		/* its number among its container's
					   deaths, from 0, oldest first (an
					   unknown time first) */
	const char	*namespace;	/* the pod's */
	const char	*pod;		/* the pod's name */
	const char	*workload_kind;	/* the pod's (row_pod) */
	const char	*workload;	/* the pod's */
	const char	*node;		/* the pod's, or NULL */
	int		 sidecar;	/* the container is a sidecar */
	int		 native_sidecar; /* a native one */
	int		 last;		/* its container's last instance, the
					   one the deletion ended */
	int64_t		 deletion_us;	/* the pod's deletion request, or
					   TIME_NONE */
	int64_t		 grace_s;	/* the deletion's grace, INT_NONE */
	int64_t		 prestop_ms;	/* the container's preStop, INT_NONE */
	int64_t		 sigterm_us;	/* SIGTERM to it at the deletion (last
					   instance only), or TIME_NONE */
	int64_t		 deadline_us;	/* its SIGKILL deadline (the same) */
	int		 killed_at_deadline; /* SIGKILLed at that deadline */
	const char	*deletion_cause; /* the pod's (model.h), or NULL */
	const char	*deletion_by;	/* who asked, or NULL */
};

/* One pod of one finding. */
struct store_xfinding_pod {
	int64_t		 finding_id;	/* row_finding.id */
	const char	*kind;		/* the finding's kind */
	const char	*pod_uid;	/* row_finding_pod.pod_uid */
	const char	*namespace;	/* the pod's, NULL when not a pod of
					   the model */
	const char	*pod;		/* its name, NULL likewise */
	const char	*workload;	/* its workload, NULL likewise */
};

/*
 * A rollout with the deploy that started it (d's fields NULL and
 * TIME_NONE when none is known), or a deploy that started no rollout
 * found (r's fields NULL and TIME_NONE but for namespace, deployment,
 * tool, deploy_revision and deployed_by, taken from the deploy).
 */
struct store_xrollout {
	int		 rollout;	/* 1: a rollout, 0: a deploy alone */
	struct row_rollout r;		/* the rollout (above) */
	struct row_deploy d;		/* the deploy that started it */
};

/* A workload's traffic in one minute. */
struct store_xminute {
	const char	*namespace;	/* NULL with workload: no pod known */
	const char	*workload;	/* the pods' (row_bucket.workload) */
	int64_t		 minute_us;	/* when the minute began */
	int64_t		 requests;	/* attempts that began in it */
	int64_t		 failed;	/* attempts that failed in it: errors
					   and conn_failures */
	int64_t		 errors;	/* attempts that ended in it, 5xx */
	int64_t		 conn_failures;	/* ended in it without a response */
};

/* What store_export_each() reads. */
enum store_xtable {
	SX_SOURCES,		/* struct store_xsource, by hash */
	SX_PODS,		/* struct store_xpod, by uid */
	SX_DEATHS,		/* struct store_xdeath, by pod uid and
				   container (those without a termination
				   after the others) */
	SX_FINDING_PODS,	/* struct store_xfinding_pod, by finding and
				   pod uid */
	SX_ROLLOUTS,		/* struct store_xrollout: the rollouts by
				   namespace, deployment and start, then the
				   deploys alone */
	SX_TRAFFIC		/* struct store_xminute, by minute, namespace
				   and workload */
};

/*
 * Calls cb(ctx, row) for each row of what, row being the struct above for
 * it, one row at a time.  cb returns 0 to go on, non-zero to stop
 * (returned as is).  Returns 0, that value, or -1 with a new *cause.
 */
int	store_export_each(struct store *st, enum store_xtable what,
	    int (*cb)(void *ctx, const void *row), void *ctx, char **cause);

#endif
