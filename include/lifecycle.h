/*
 * lifecycle.h: the model.  Rebuilds, from every observation in the store, how
 * each pod lived and died (coroner(1), THE MODEL), the IPs it owned and when,
 * the workload it belongs to, the rollouts of each Deployment and the runs of
 * each Job, and writes them to the model's tables (model.h).  Import order does
 * not matter: the model is rebuilt whole after each import.
 *
 * The model reads and writes through store.h; it has no SQL and draws
 * nothing.
 */
#ifndef LIFECYCLE_H
#define LIFECYCLE_H

#include <stdint.h>

#include "deletion.h"
#include "model.h"
#include "store.h"
#include "util.h"

/* How many of each row the rebuild wrote. */
struct model_stats {
	int64_t	pods;		/* rows of pods */
	int64_t	containers;	/* rows of containers */
	int64_t	ips;		/* IP intervals (pod_ips) */
	int64_t	workloads;	/* workloads, one per uid */
	int64_t	rollouts;	/* Deployments' rollouts */
	int64_t	jobs;		/* Job runs */
	int64_t	buckets;	/* IP-seconds of upstream attempts */
	int64_t	terminations;	/* container terminations */
	int64_t	killed;		/* pods with a container SIGKILLed at the
				   grace deadline */
	int64_t	endpoints;	/* pods' endpoints in EndpointSlices */
	int64_t	node_states;	/* periods of nodes' troubles */
	int64_t	deploys;	/* entries of deploy histories */
};

/*
 * The lines of a previous instance's log the model and the rules read,
 * and whether a line says what went wrong ("panic", "fatal", "error",
 * "exception", "failed", in any case): the line quoted for a death is
 * the last such line of the last LIFECYCLE_PREV_LINES, else the last.
 */
#define LIFECYCLE_PREV_LINES	5
int	lifecycle_telling(const char *line);
/* The index of the line of n (oldest first) to quote: the last telling. */
size_t	lifecycle_telling_line(const char *const *lines, size_t n);

/* Rebuilds the model.  Returns 0, or -1 with a new *cause. */
int	model_rebuild(struct store *st, struct model_stats *stats,
	    char **cause);

/*
 * The length of the name of the CronJob a Job's name says ran it
 * ("<cronjob>-<scheduled minute>": a dash and 8 digits or more), 0 when
 * it says none: for a Job with no owner known (the Job unknown, its
 * ownerReference without a kind or a name, or orphaned when its CronJob
 * was deleted), its pods' workload and its run's row alike.
 */
size_t	lifecycle_cronjob_len(const char *job);

/* The kubelet's floor after a preStop hook used all of the grace. */
#define GRACE_FLOOR_US	(2 * 1000000LL)
/* How close to the deadline an exit must be to count as killed there. */
#define DEADLINE_SLACK_US	(2 * 1000000LL)
/* The longest duration the model computes with: a year and a day. */
#define LC_MAX_DURATION_US	(366 * 86400 * 1000000LL)
/* The grace period when the pod spec does not say. */
#define DEFAULT_GRACE_S	30
/*
 * A duration in microseconds, from n units of unit_us, clamped to
 * 0..LC_MAX_DURATION_US: importers refuse absurd durations, and what
 * comes from an older database must not overflow the arithmetic either.
 */
int64_t	lifecycle_duration_us(int64_t n, int64_t unit_us);

/* One workload as the model resolves owners (shared with rollout.c). */
struct lc_workload {
	struct row_workload	 r;	/* strings in the model's arena */
	const char		*owner_uid; /* its controller's uid, as the
					   latest version wrote it; in the
					   model's arena; not read yet */
};

/* One container termination while the model folds them. */
struct lc_term {
	struct row_termination	 r;	/* strings in the batch arena */
};

/* What the kubelet's events say about a container (enum lc_evkind). */
enum lc_evkind {
	LC_EV_PROBE_KILL,	/* Killing: failed liveness/startup probe */
	LC_EV_UNHEALTHY,	/* Unhealthy: liveness/startup probe failed */
	LC_EV_BACK_OFF		/* BackOff: restarting failed container */
};
/* One event object of one kind (its versions folded: the largest count). */
struct lc_evcount {
	const char		*uid;		/* the event's, or NULL */
	enum lc_evkind		 kind;		/* what it says */
	int64_t			 count;		/* occurrences */
	int64_t			 first_us;	/* the earliest first
						   occurrence of its versions
						   (rec_event.first_us, else
						   its time), or TIME_NONE */
	int64_t			 last_us;	/* the latest last occurrence
						   (rec_event.last_us, else
						   its time), or TIME_NONE */
};

/* A pod with its containers, as the model holds them in memory. */
struct lc_container {
	struct row_container	 r;	/* strings in the batch arena */
	struct lc_term		*t;	/* owned: its terminations */
	size_t			 nt;	/* terminations in t */
	int64_t			*starts;	/* owned: instance starts,
						   each once */
	size_t			 nstarts;	/* times in starts */
	struct lc_evcount	*ev;	/* owned: events about it */
	size_t			 nev;	/* event objects in ev */
	const char		*prev_log;	/* the line of its previous
						   instance's log quoted for
						   its death (the last telling
						   one, lifecycle_telling), or
						   NULL */
	int64_t			 prev_log_us;	/* that line's time */
};
/* An IP a pod had, in the order its versions showed them. */
struct lc_ip {
	const char		*ip;		/* in the batch arena */
	int64_t			 first_us;	/* first observation with it */
};
/* A pod of the batch being folded, with what its row does not keep. */
struct lc_pod {
	struct row_pod		 r;	/* strings in the batch arena */
	int64_t			 deletion_ts_us; /* deletionTimestamp, the
						   latest version's, or
						   TIME_NONE */
	int64_t			 deletion_grace_s; /* deletionGracePeriod-
						   Seconds beside it (the
						   latest: a grace is only
						   shortened), or INT_NONE */
	struct deletion_audit	 audit;		/* what the audit log says
						   of its end */
	int64_t			 killing_us;	/* first Killing event that
						   stops the pod (not one
						   restarting a container) */
	int64_t			 evicted_us;	/* Evicted event */
	const char		*evicted_msg;	/* that event's message, or
						   NULL (batch arena) */
	int64_t			 preempted_us;	/* Preempting/Preempted */
	const char		*preempted_msg;	/* that event's message, or
						   NULL (batch arena) */
	int64_t			 last_obs_us;	/* latest observation */
	int			 deleted_seen;	/* a watch DELETED version */
	int			 endpoint_listed; /* an EndpointSlice still
						   listed it when last seen */
	struct lc_container	*c;		/* owned array */
	size_t			 nc;		/* containers in c */
	struct lc_ip		*ips;		/* owned array, in order */
	size_t			 nips;		/* IPs in ips */
};

/* What the model holds while rebuilding. */
struct model {
	struct lc_workload	 wl;		/* the workload being folded */
	struct arena		 strings;	/* its strings */
	struct arena		 batch;		/* the batch's pods' strings */
	struct lc_pod		*pods;		/* owned: the pods of one
						   batch, sorted by uid */
	size_t			 npods;		/* pods in pods */
};

/*
 * rollout.c: rollouts and Job runs, written through the store.
 * rollout_begin() first; rollout_add_workload() for each workload once
 * folded (a Job's run is written then), rollout_add_pod() for each pod
 * once its life is derived (both -1: store_error()); rollout_build()
 * after them writes the rollouts.
 */
int	rollout_begin(struct store *st, char **cause);
int	rollout_add_workload(struct store *st, const struct row_workload *w,
	    struct model_stats *stats);
int	rollout_add_pod(struct store *st, const struct lc_pod *p);
struct deploys;
int	rollout_build(struct store *st, struct deploys *deploys,
	    struct model_stats *stats, char **cause);

#endif
