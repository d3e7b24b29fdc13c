/*
 * timeline.h: the lanes of pods on one time axis, derived once for the
 * HTML report's pictures and the TUI's death and rollout views.  A pod's
 * lane is a row of spans (pending, running, ready, preStop, after
 * SIGTERM, sidecars alone, exited), each of its containers gets a lane
 * of its own, the traffic routed to it is binned on the axis; the marks
 * on the lanes are the pod's moments (moments.h).  The late evidence adds
 * a lane for the pod's endpoint and one for its node, and the stretches
 * no source covers (timeline_late).  An axis is either absolute (UTC) or
 * aligned: each pod at its own deletion request, so that the pods of one
 * rollout can be compared at a glance.
 *
 * Model layer: reads through store.h (no SQL), draws nothing.
 */
#ifndef TIMELINE_H
#define TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#include "podset.h"
#include "store.h"

/* What a stretch of a lane shows. */
enum tl_state {
	TL_PENDING,		/* created (or waiting), not started */
	TL_RUNNING,		/* running, not (yet) ready */
	TL_READY,		/* ready: in the endpoints */
	TL_PRESTOP,		/* deletion requested, preStop runs */
	TL_TERMINATING,		/* after SIGTERM until the main exit */
	TL_SIDECARS,		/* main containers exited, sidecars run */
	TL_EXITED,		/* every container exited, pod not gone */
	TL_EP_LISTED,		/* its endpoint listed in a slice, not
				   ready */
	TL_EP_READY,		/* its endpoint ready: load balancers may
				   send to it */
	TL_EP_TERMINATING,	/* marked terminating, still serving */
	TL_EP_DRAINED,		/* terminating and no longer serving */
	TL_NODE_NOT_READY,	/* its node's Ready condition False */
	TL_NODE_UNKNOWN,	/* Unknown: the node stopped reporting */
	TL_NODE_CORDONED,	/* unschedulable: cordoned, drained */
	TL_NO_EVIDENCE,		/* no source covers this time */
	TL__COUNT
};

/* One stretch of a lane; to_us TIME_NONE: still so at the end. */
struct tl_span {
	int64_t		 from_us;	/* when the state began */
	int64_t		 to_us;		/* when it ended, after from_us */
	enum tl_state	 state;		/* what the lane was */
};

/* One lane: the pod's, or one container's. */
struct tl_lane {
	const struct row_container *c;	/* the container, NULL: the pod;
					   borrowed from the pod */
	struct tl_span	*v;		/* owned, oldest first, no overlap
					   (tl_late's node lane: cordons
					   last, overlapping; the first
					   span of a time is drawn) */
	size_t		 n;		/* spans in v */
};

/* A pod's lanes. */
struct tl_pod {
	const struct podset_pod	*pod;	/* borrowed */
	struct tl_lane		 phase;	/* the pod's own lane */
	struct tl_lane		*c;	/* owned: one per container that is
					   not a plain init container */
	size_t			 nc;	/* lanes in c */
	int64_t			 began_us; /* its first known time */
	int64_t			 ended_us; /* its last known time (gone,
					   last exit, deadline), or
					   TIME_NONE while it lives */
};

/*
 * The pod's preStop: from its deletion request to SIGTERM, when both are
 * known and SIGTERM came later.  Returns 1 with *sp filled, or 0.
 */
int	timeline_prestop(const struct row_pod *r, struct tl_span *sp);

/* Builds pod p's lanes (p borrowed).  Free with timeline_pod_free. */
void	timeline_pod(const struct podset_pod *p, struct tl_pod *tp);
void	timeline_pod_free(struct tl_pod *tp);

/*
 * What kind of evidence a lane is drawn from, for where none was
 * collected: the pod's own (objects, events, the audit log, its logs),
 * the traffic (access logs), its endpoints (EndpointSlices) and its node
 * (Nodes).
 */
enum tl_evidence {
	TL_EV_POD, TL_EV_TRAFFIC, TL_EV_ENDPOINTS, TL_EV_NODES, TL_EV__COUNT
};

/*
 * What the late evidence adds to a pod's death (timeline_late): a lane
 * for its endpoint and one for its node, and, for each kind of evidence,
 * the stretches of the axis no source of that kind covers.
 */
struct tl_late {
	struct tl_lane	 endpoint;	/* TL_EP_* spans over its slices */
	struct tl_lane	 node;		/* TL_NODE_* spans of its node
					   (NotReady and Unknown over a
					   cordon) */
	struct tl_lane	 not_ready;	/* TL_RUNNING spans: the pod alive
					   and not Ready after it had been
					   (readiness.h), drawn over its
					   phase */
	int64_t		*reboots;	/* owned: its node's boots seen
					   (a new bootID) in the axis */
	size_t		 nreboots;	/* boots in reboots */
	int		 sources[TL_EV__COUNT];	/* sources of each kind
					   imported (0: the lane is not
					   drawn, rather than drawn empty) */
	struct tl_lane	 gaps[TL_EV__COUNT]; /* TL_NO_EVIDENCE spans: the
					   axis's stretches no source of
					   that kind covers */
};

/*
 * Reads what the late evidence says of pod p on lo_us..hi_us.  Returns
 * 0, or -1 with a new *cause.  Free with timeline_late_free.
 */
int	timeline_late(struct store *st, const struct podset_pod *p,
	    int64_t lo_us, int64_t hi_us, struct tl_late *tl, char **cause);
void	timeline_late_free(struct tl_late *tl);

/* A short name of a state for legends and tests ("preStop"). */
const char	*tl_state_name(enum tl_state s);

/* Where a set of pods is drawn. */
struct tl_axis {
	int64_t		 lo_us;		/* the axis runs from lo_us */
	int64_t		 hi_us;		/* to hi_us, in whole seconds */
};
/*
 * The axis for pods around a window (a finding's start and end, or
 * TIME_NONE): the window widened to the pods' moments near it, padded.
 * Returns 0, or -1 when nothing has a time.
 */
int	timeline_axis(const struct podset_pod *const *pods, size_t n,
	    int64_t from_us, int64_t to_us, struct tl_axis *ax);
/*
 * The axis of one pod's death: from a little before its deletion
 * request (or its last exit) to a little after it was gone; with whole
 * set, its whole life.  Returns 0, or -1 when the pod has no time.
 */
int	timeline_death_axis(const struct podset_pod *p, int whole,
	    struct tl_axis *ax);

/* Requests routed to a pod, in bins over an axis. */
struct tl_traffic {
	size_t		 nbins;		/* bins in ok and bad */
	int64_t		*ok;		/* owned: answered per bin */
	int64_t		*bad;		/* owned: failed per bin (5xx or no
					   response) */
	int64_t		 peak;		/* the largest ok or bad bin */
	int64_t		 total_ok;	/* over the axis: answered, not
					   failed ("ok") */
	int64_t		 total_bad;	/* over the axis: failed ("failed") */
};
/* Which of a pod's counts timeline_traffic_words says. */
enum tl_count {
	TL_COUNT_OK,		/* "74 ok" */
	TL_COUNT_FAILED,	/* "12 failed" */
	TL_COUNT_BOTH		/* "74 ok 12 failed" */
};
/*
 * The counts of requests routed to a pod over the axis, in the words every
 * view gives them: "ok" for the answered that did not fail, "failed" for
 * the 5xx or unanswered; never a total beside a part of it.
 */
void	timeline_traffic_words(const struct tl_traffic *t, enum tl_count which,
	    char *out, size_t len);
/*
 * Bins the buckets of pod p over [lo_us, hi_us) into nbins bins (a
 * bucket counts in the bin of its second's middle, or, when bins are
 * narrower than a second, in each bin of its second: a bin holds the
 * requests of its span or per second, whichever is longer).  Returns 0,
 * or -1 with a new *cause.  Free with timeline_traffic_free.
 */
int	timeline_traffic(struct store *st, const struct podset_pod *p,
	    int64_t lo_us, int64_t hi_us, size_t nbins, struct tl_traffic *t,
	    char **cause);
void	timeline_traffic_free(struct tl_traffic *t);
/*
 * The failed requests of one second of a pod's access logs: its 5xx or
 * its connections that got no response, whichever are more (failures
 * count where they ended).  The traffic lane and the moments' captions
 * count with it.
 */
int64_t	timeline_bucket_failed(const struct row_bucket *b);
/*
 * The bins of nbins over [lo_us, hi_us) that draw second: those whose
 * middle lies in it (a second reads a second wide, not one bin more on
 * each side), or the bin of its middle when bins are wider; *first =
 * *last = -1 when it is off the axis.
 */
void	timeline_second_bins(int64_t lo_us, int64_t hi_us, size_t nbins,
	    int64_t second, int64_t *first, int64_t *last);

/*
 * A tick step in seconds for an axis of span_s seconds giving at most
 * max ticks: 1, 2, 5, 10, 15, 30 s, 1, 2, 5, 10, 15, 30 min, 1, 2, 3,
 * 6, 12 h, days.
 */
int64_t	timeline_tick_step(int64_t span_s, int max);
/*
 * The label of the tick at t_us on an axis of step_s ticks: its time of
 * day ("09:00:30", "09:00"), day ("05-13") or, past a month, date
 * ("2023-03-24"); or with zero_us not TIME_NONE its offset from it
 * to the step, as every offset reads (moments_fmt_offset_res: "+30 s",
 * "-5 s", "+2 min", "+1.5 h", "-5 d", "+5d00h40m02s").
 */
void	timeline_tick_label(int64_t t_us, int64_t step_s, int64_t zero_us,
	    char *out, size_t len);

#endif
