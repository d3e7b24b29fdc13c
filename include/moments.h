/*
 * moments.h: the moments of one pod's life and death, derived once for
 * every view.  `coroner timeline` prints them, the HTML report and the
 * TUI's death view step through them: the deletion request, the preStop
 * hook, SIGTERM, the grace deadline, each container's start, readiness
 * and exit, each of its deaths (died at, exit code, reason, signal, who
 * ended it) and restarts, who ended the pod when it was not its
 * deletion, the first and last failed request routed to the pod, the
 * last request routed after its deletion, its events, its log lines and
 * the records lost in its last seconds.  Each moment has its time, its
 * offset from the deletion request, one sentence saying what happened,
 * how the time is known (observed, or inferred from what) and the rows
 * of the store behind it.
 *
 * Model layer: reads through store.h (no SQL), draws nothing; captions
 * are data-bearing text the views make safe when they print them.
 */
#ifndef MOMENTS_H
#define MOMENTS_H

#include <stdint.h>

#include "podset.h"
#include "store.h"
#include "util.h"

/* What a moment is. */
enum moment_kind {
	MO_CREATED,		/* the pod object was created */
	MO_SCHEDULED,		/* bound to a node */
	MO_STARTED,		/* the kubelet started it */
	MO_READY,		/* the pod became Ready */
	MO_DELETION,		/* the deletion request: the grace starts */
	MO_PRESTOP,		/* a container's preStop hook starts */
	MO_SIGTERM,		/* SIGTERM to a container */
	MO_DEADLINE,		/* the grace deadline: SIGKILL */
	MO_C_STARTED,		/* a container started */
	MO_C_READY,		/* a container became ready */
	MO_EXIT,		/* a container exited on its own */
	MO_KILLED,		/* a container SIGKILLed at the deadline */
	MO_OOM,			/* a container OOMKilled */
	MO_GONE,		/* the pod object was gone */
	MO_FIRST_FAILURE,	/* the first failed request routed to it */
	MO_LAST_FAILURE,	/* the last one */
	MO_LAST_ROUTED,		/* the last request routed after the
				   deletion request: the load balancer's
				   lag */
	MO_EVENT,		/* a Kubernetes event about the pod */
	MO_LOG,			/* a line one of its containers wrote */
	MO_MISSING,		/* a record lost in its termination window */
	MO_DIED,		/* a container died (model.h's terminations):
				   not of the pod's deletion */
	MO_RESTARTED,		/* the kubelet restarted it */
	MO_ENDED,		/* the pod was ended by an eviction, a
				   preemption or its node's shutdown */
	MO_EP_TERMINATING,	/* its endpoint was marked terminating (or
				   no longer ready) in its EndpointSlice */
	MO_EP_GONE,		/* its endpoint left its last slice */
	MO__COUNT
};

/* Which rows of the store a moment comes from. */
enum moment_src {
	MS_POD,			/* the pod's observations (pod_obs) */
	MS_CONTAINER,		/* one container's observations */
	MS_EVENT,		/* one event: ref */
	MS_LOG,			/* one log line: ref */
	MS_REQUESTS,		/* the attempts to ip from from_us to to_us */
	MS_MISSING		/* one missing record: key */
};

/* One moment of a pod. */
struct moment {
	int64_t		 t_us;		/* when (UTC microseconds) */
	int64_t		 offset_us;	/* t_us - the moments' zero_us, or
					   TIME_NONE when there is no zero */
	enum moment_kind kind;		/* what happened (above) */
	const char	*container;	/* the container it is about, or NULL;
					   borrowed from the pod */
	int		 sidecar;	/* that container is a sidecar */
	const char	*caption;	/* one sentence, without the time;
					   in the moments' arena; data text,
					   not yet made safe */
	const char	*basis;		/* how the time is known: "observed"
					   or "inferred: <from what>"; in
					   the arena */
	int		 inferred;	/* the time is inferred, not written
					   by Kubernetes */
	enum moment_src	 src;		/* the rows behind it: */
	struct store_ref ref;		/* MS_EVENT, MS_LOG: the row */
	const char	*ip;		/* MS_REQUESTS: the pod's IP (arena) */
	int64_t		 from_us;	/* MS_REQUESTS: the span of the */
	int64_t		 to_us;		/* requests behind it; MS_EVENT: of
					   a repeated event, its first and
					   last time (0 and 0 otherwise) */
	const char	*key;		/* MS_MISSING: the record's key; and
					   its set (arena) */
	const char	*set;		/* MS_MISSING: the reference set it
					   is in (row_missing.reference),
					   in the arena */
	int		 seq;		/* order among moments at one time */
};

/* Every moment of one pod, oldest first. */
struct moments {
	const struct podset_pod	*pod;		/* borrowed */
	int64_t			 zero_us;	/* offsets count from here:
						   the deletion request, else
						   the latest death of a
						   container (a pod never
						   deleted), else the
						   creation, else TIME_NONE */
	const char		*zero_what;	/* "deletion request", "last
						   death of a container",
						   "pod's creation" */
	struct moment		*v;		/* owned */
	size_t			 n;		/* moments in v */
	size_t			 nmissing;	/* missing records kept */
	size_t			 missing_left_out; /* and not kept, past
						   MOMENTS_MAX_MISSING */
	struct arena		 strings;	/* captions, bases, keys */
};

/* At most this many log lines and missing records become moments. */
#define MOMENTS_MAX_LOGS	60
#define MOMENTS_MAX_MISSING	40

/*
 * Derives the moments of pod p (borrowed: it must outlive ms).  Returns
 * 0, or -1 with a new *cause when the store failed.  Free with
 * moments_free, also after a failure.
 */
int		 moments_load(struct store *st, const struct podset_pod *p,
		    struct moments *ms, char **cause);
/*
 * The part of moments_load that needs no store: the pod's own moments
 * and its containers' (moments_derive), then the ordering and offsets
 * (moments_finish).  For drawing tests from fixed rows.
 */
void		 moments_derive(const struct podset_pod *p,
		    struct moments *ms);
void		 moments_finish(struct moments *ms);
void		 moments_free(struct moments *ms);

/*
 * Whether a termination is a death told by a moment of its own (MO_DIED):
 * not when the pod's deletion ended it (the container's exit tells those,
 * with the grace), nor a completion (exit 0) that was not restarted.
 * Views listing deaths use this, so that none is told twice.
 */
int		 moments_own_death(const struct row_termination *t);

/* The index of the first moment of this kind, or -1. */
int		 moments_find(const struct moments *ms,
		    enum moment_kind kind);

/* A short stable name of a kind ("sigterm", "killed"), for JSON. */
const char	*moment_kind_name(enum moment_kind kind);

/*
 * The one way an offset reads, in the TUI's captions and axes, `coroner
 * timeline` and the reports: in seconds below 100 s, minutes below 100
 * min, hours below 48 h, else days ("+38.0 s", "-2.5 s", "+12.5 min",
 * "+3.2 h", "+5.0 d"), with one decimal.  moments_fmt_offset_res says it
 * to a resolution of res_us (0: a tenth of its unit): whole units when
 * res_us and the offset are ("+2 min", "-5 d"), else one decimal, else,
 * finer than that, its units down to the resolution ("+5d00h40m02s"),
 * never six-digit seconds.
 */
void		 moments_fmt_offset(int64_t d_us, char *out, size_t len);
void		 moments_fmt_offset_res(int64_t d_us, int64_t res_us,
		    char *out, size_t len);

#endif
