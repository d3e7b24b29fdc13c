/*
 * analyze.h: the analysis.  Runs the rule of every finding kind of the table in
 * rules.c (finding_kinds[], in the order their "after" sets say) over the model
 * (pods, containers, buckets, rollouts, Jobs) and the record sets, and returns
 * the findings (coroner(1), FINDINGS), sorted by severity and time.  Each rule
 * is one function that adds findings with their evidence; no rule adds a
 * finding without evidence rows.  No SQL (through store.h), no drawing.
 */
#ifndef ANALYZE_H
#define ANALYZE_H

#include <jansson.h>
#include <stdint.h>

#include "budget.h"
#include "hindex.h"
#include "podset.h"
#include "store.h"

/* What the command line says to the analysis. */
struct analyze_opts {
	const char	*reference;	/* --reconcile REFERENCE:ACTUAL, or */
	const char	*actual;	/* NULL: the larger set is the
					   reference when there are two */
	int64_t		 lead_us;	/* records buffered before the deletion
					   request still count (default 2 s) */
	int64_t		 skew_us;	/* clock skew allowed between the two
					   parties (default 5 s) */
};

/*
 * The finding kinds (coroner(1), FINDINGS; the README's table of kinds): the
 * names are a contract.  finding_kinds[] below says, for each, its severity,
 * what it means and which rule finds it.
 */
enum finding_kind {
	FK_SIGKILL_AT_DEADLINE,		/* sigkill-at-grace-deadline */
	FK_GRACE_BUDGET,		/* grace-budget-too-small */
	FK_OOM_KILLED,			/* oom-killed */
	FK_SIDECAR_EXITED,		/* sidecar-exited-before-app */
	FK_TRAFFIC_AFTER_SHUTDOWN,	/* traffic-after-shutdown */
	FK_APP_BEFORE_PROXY,		/* app-started-before-proxy */
	FK_JOB_HELD,			/* job-held-by-sidecar */
	FK_JOB_OVERRAN,			/* job-overran */
	FK_RECORDS_LOST,		/* records-lost-at-termination */
	FK_RECORDS_MISSING,		/* records-missing */
	FK_NODE_RESTART,		/* node-restart */
	FK_CRASH_LOOP,			/* crash-loop */
	FK_LIVENESS_RESTART,		/* liveness-restart */
	FK_EVICTED,			/* evicted */
	FK_START_FAILED,		/* start-failed */
	FK_JOB_FAILED,			/* job-failed */
	FK_GRACE_OVERRIDDEN,		/* grace-overridden */
	FK_EVICTION_BLOCKED,		/* eviction-blocked */
	FK_EXITS_UNKNOWN,		/* exits-unknown */
	FK_5XX_BURST,			/* 5xx-burst */
	FK_WORKLOAD_UNAVAILABLE,	/* workload-unavailable */
	FK__COUNT
};
#define FK_BIT(k)	(1u << (k))	/* a kind in a set of kinds */

enum severity {
	SEV_CRITICAL,			/* "critical": reported first */
	SEV_WARNING			/* "warning" */
};

struct analysis;

/*
 * The HTML report's picture of a finding of a kind (report-svg.c): its
 * pods' lanes, with what the kind is about bracketed over them, or the
 * grace budget drawn as a budget.
 */
enum fk_picture {
	FP_LANES,		/* the lanes alone */
	FP_HELD,		/* the hold after the main exit */
	FP_LOST,		/* the records lost, from first to last */
	FP_KILL,		/* SIGTERM to SIGKILL */
	FP_ROUTED,		/* still routed after the deletion request */
	FP_NO_PROXY,		/* the app running without its proxy */
	FP_BUDGET,		/* the grace budget, then the pods' times */
	FP__COUNT
};

/* What the analysis knows of one finding kind. */
struct finding_kind_def {
	const char	*name;		/* as reports write it: "oom-killed" */
	enum severity	 severity;	/* its findings' severity */
	const char	*severity_note;	/* when a finding departs from that
					   severity, or NULL */
	const char	*means;		/* one sentence for help and reports */
	const char	*badge;		/* a few capitals for narrow columns */
	int		 records;	/* about record sets: its findings may
					   name no pod */
	/* The rule that finds it; kinds that share one run it once. */
	int		(*rule)(struct analysis *a, char **cause);
	uint32_t	 after;		/* FK_BIT()s of the kinds whose findings
					   the rule reads: it runs after their
					   rules and leaves out what they
					   explain */
	int		 by_workload;	/* the rule reads only the pods it is
					   given and the findings of their
					   workloads: it may run over a few
					   whole workloads at a time (the
					   README's Speed section) */
	int		 no_pods;	/* the rule reads the store, not the
					   pods, and the findings of no
					   other kind: it runs once, before
					   the windows */
	/*
	 * Frees what the rule keeps from one window to the next
	 * (analysis.state), when a failure ends the windows before the
	 * last, in which the rule frees it itself; NULL: it keeps nothing.
	 */
	void		(*forget)(void *state);
	int		 names_deleter;	/* its summary already says who asked
					   (grace-overridden, eviction-
					   blocked): deleted_by is not added
					   to it again */
	enum fk_picture	 picture;	/* how the HTML report draws it */
};
/* rules.c: every kind, indexed by enum finding_kind. */
extern const struct finding_kind_def finding_kinds[FK__COUNT];

/* The name of a kind, of a severity (static strings). */
const char	*finding_kind_name(enum finding_kind k);
const char	*severity_name(enum severity s);
/* The kind with this name, or -1. */
int		 finding_kind_lookup(const char *name);
/*
 * The order in which the rules run: indexes into finding_kinds of the
 * first kind of each rule, rules after those they read, else in table
 * order.  Returns the number of rules; fatal() when "after" loops.
 */
size_t		 finding_rule_order(size_t order[FK__COUNT]);
/* The defaults of --lead and --skew. */
#define ANALYZE_LEAD_US	(2 * 1000000LL)
#define ANALYZE_SKEW_US	(5 * 1000000LL)

/*
 * What the steps after the rules read of one pod of a finding (finish.c):
 * where it is listed and who deleted it, copied from the pods of the
 * window that held it.
 */
struct pod_facts {
	int			 known;		/* a window held the pod */
	struct podset_death_key	 key;		/* its place in the lists
						   (podset_cmp_death) */
	int64_t			 deletion_us;	/* row_pod's, TIME_NONE */
	const char		*deletion_cause;	/* row_pod's, or NULL */
	const char		*deletion_cause_basis;	/* or NULL */
	const char		*deletion_by;	/* or NULL */
};

/*
 * What a finding holds at rest (analyze.c): bytes zstd-compressed, in
 * memory or, when the pods' windows wait in a file, in it (podwin.h).
 */
struct podwin;

struct rest {
	void		*z;		/* owned: the bytes, or NULL: in the
					   file */
	size_t		 len;		/* their length; 0: nothing at rest */
	int64_t		 at;		/* where in the file, z NULL */
	struct podwin	*pw;		/* borrowed: the file's */
};

/* One finding while the analysis runs; becomes a struct row_finding. */
struct finding {
	enum finding_kind kind;		/* its row in finding_kinds */
	enum severity	 severity;	/* the kind's, unless the rule says */
	char		*namespace;	/* owned */
	char		*workload;	/* owned */
	json_t		*pods;		/* owned array of pod names; NULL
					   at rest (pods_rest) */
	json_t		*uids;		/* owned array of their uids, in the
					   same order (names are reused) */
	int64_t		 start_us;	/* the earliest moment of its
					   evidence (finding_widen, or set
					   by its rule), TIME_NONE: none */
	int64_t		 end_us;	/* the latest, TIME_NONE: none */
	char		*summary;	/* owned */
	json_t		*evidence;	/* owned object; once its rule has
					   run, its pods_detail rests in
					   detail: no later rule reads it */
	char		*recommendation; /* owned */
	size_t		 made;		/* its position when its rule made it;
					   an evidence "related" array holds
					   these until the findings are
					   numbered, then their ids */
	size_t		 earlier;	/* the finding before it of its kind,
					   namespace and workload (an index
					   of the analysis's), HINDEX_NONE:
					   none; valid while the rules run */
	struct hindex	 uid_ix;	/* owned: positions in uids once they
					   are many (finding_add_pod) */
	size_t		 uid_nix;	/* uids indexed so far */
	struct hindex	 name_ix;	/* owned: positions in pods once they
					   are many (finding_has_pod) */
	size_t		 name_nix;	/* names indexed so far */
	struct rest	 detail;	/* the evidence's pods_detail as the
					   store writes it, once its rule
					   has run (analyze.c); none: in
					   evidence */
	struct pod_facts *facts;	/* owned: one for each of uids while
					   windows read its pods (finish.c),
					   else NULL */
	int		 finished;	/* its pods are named and in order */
	size_t		 win_lo;	/* the first window that held one of
					   its pods (finish.c), SIZE_MAX:
					   none; for the pods list's badges */
	size_t		 win_hi;	/* the last */
	struct rest	 pods_rest;	/* once finished, pods and uids as
					   the text "name\0...uid\0", and
					   they NULL (finding_sleep); none:
					   awake */
	size_t		 npods;		/* names in pods, at rest */
	struct buf	 tail;		/* what the summary gets once every
					   rule has written it (who deleted
					   the pods) */
};

/* The analysis in progress: what rules read and what they add. */
struct analysis {
	struct store		*st;		/* borrowed */
	const struct analyze_opts *opts;	/* borrowed */
	struct podset		*pods;		/* the pods of the window the
						   rules are in: borrowed from
						   win */
	struct podwin		*win;		/* owned: the pods, a few
						   whole workloads at a time */
	size_t			 window;	/* the window the rules are
						   in, from 0 */
	struct finding		*v;		/* owned findings */
	size_t			 n;		/* findings in v */
	size_t			 cap;		/* findings allocated */
	struct hindex		 groups;	/* owned: the latest finding of
						   each kind, namespace and
						   workload, while the rules
						   run */
	struct buf		 notes;		/* what the analysis says about
						   itself ("the larger set is
						   the reference") */
	/* missing records (reconcile.c), kept for the store */
	struct row_missing	*missing;	/* owned; strings in strings */
	size_t			 nmissing;	/* rows in missing */
	struct arena		 strings;	/* owned: the strings of
						   missing, and the names of
						   the pod_facts that outlive
						   a window */
	size_t			 chunk;		/* pods a window holds at
						   most, or the workload that
						   has more
						   (CORONER_ANALYZE_CHUNK),
						   0: all */
	int			 last_window;	/* the window is the last
						   (also when one window holds
						   every pod) */
	void			*state[FK__COUNT]; /* what a rule by_workload
						   keeps from one window to the
						   next, by its first kind:
						   NULL before the first */
	void			*rest;		/* owned: the zstd context that
						   compresses the findings'
						   pods_detail and pods at
						   rest */
	struct strpool		 texts;		/* owned: the strings of the
						   findings' pod_facts that
						   outlive a window */
};

/* Widens a finding's start..end to hold from..to (TIME_NONE: ignored). */
void		 finding_widen(struct finding *f, int64_t from, int64_t to);
/* Adds a pod to a finding's pods, once (by uid). */
void		 finding_add_pod(struct finding *f,
		    const struct podset_pod *p);
/* The same of a pod known by its uid and name (NULL: the uid shown). */
void		 finding_add_uid(struct finding *f, const char *uid,
		    const char *name);
/*
 * Puts the pods_detail of findings first..a->n at rest, compressed: no
 * rule reads them again once their rule has run (it does for each rule;
 * a rule that makes many findings at once may as it goes).
 */
void		 finding_rest(struct analysis *a, size_t first);
/*
 * Puts a finished finding's pods and uids at rest, compressed: no rule
 * reads them again.  finding_wake gives them back (a no-op when awake);
 * the functions above wake it themselves.
 */
void		 finding_sleep(struct analysis *a, struct finding *f);
void		 finding_wake(struct finding *f);
/* A finding's pods as text, read awake or at rest (finding_pods_read). */
struct finding_pods {
	size_t		  n;		/* pods */
	const char	**name;		/* owned array: their names */
	const char	**uid;		/* owned array: their uids */
	char		 *text;		/* owned: the text at rest, or NULL */
};
/* Reads them without waking it; free with finding_pods_free. */
void		 finding_pods_read(const struct finding *f,
		    struct finding_pods *fp);
void		 finding_pods_free(struct finding_pods *fp);
/* Whether a finding lists this pod (by name). */
int		 finding_has_pod(struct finding *f, const char *name);

/*
 * Adds a finding of a kind, with the kind's severity (the analysis owns
 * it from now on; pods and evidence are still NULL).
 */
struct finding	*analysis_add(struct analysis *a, enum finding_kind kind,
		    const char *ns, const char *workload);
/*
 * The finding of this kind for pod p's workload, added (with an empty
 * pods array and evidence object) when missing.  Deaths more than an
 * hour after the finding's end are another episode: another finding.
 */
struct finding	*analysis_group(struct analysis *a, enum finding_kind kind,
		    const struct podset_pod *p, int64_t at);
/*
 * The latest finding of this kind for this namespace and workload, and
 * the one before f of the same (NULL: none), while the rules run.  Each
 * step takes constant time: rules find their findings through these
 * rather than by scanning them all.
 */
struct finding	*analysis_latest(struct analysis *a, enum finding_kind kind,
		    const char *ns, const char *workload);
struct finding	*analysis_earlier(struct analysis *a,
		    const struct finding *f);

/*
 * Runs the analysis and stores its findings (replacing the previous
 * run's).  Returns 0, or -1 with a new *cause.  The caller frees a with
 * analysis_free.
 */
int	analyze_run(struct store *st, const struct analyze_opts *opts,
	    struct analysis *a, char **cause);
void	analysis_free(struct analysis *a);
/*
 * Runs the analysis with its defaults when none ran since the last import
 * (report and the TUI show stored findings; an analysis that found
 * nothing is not run again).  Its notes go to standard error.  Returns
 * 0, or -1 with a new *cause (also when one is due and the store cannot
 * write its findings).
 */
int	analyze_if_none(struct store *st, char **cause);

/* reconcile.c: records-lost-at-termination and records-missing. */
int	reconcile_run(struct analysis *a, char **cause);
/* rules-traffic.c: traffic-after-shutdown and 5xx-burst. */
int	rule_traffic_after_shutdown(struct analysis *a, char **cause);
int	rule_5xx_burst(struct analysis *a, char **cause);
void	bu_forget(void *state);
/* rules-sidecar.c: sidecar-exited-before-app, app-started-before-proxy. */
int	rule_sidecar_exited(struct analysis *a, char **cause);
int	rule_app_before_proxy(struct analysis *a, char **cause);
/* rules-job.c: job-held-by-sidecar, job-overran, job-failed. */
int	rule_job_held(struct analysis *a, char **cause);
int	rule_job_failed(struct analysis *a, char **cause);
int	rule_job_overran(struct analysis *a, char **cause);
void	job_forget(void *state);

/*
 * rules-death.c: oom-killed, node-restart, crash-loop, liveness-restart,
 * evicted, start-failed.
 */
int	rule_oom(struct analysis *a, char **cause);
int	rule_node_restart(struct analysis *a, char **cause);
int	rule_crash_loop(struct analysis *a, char **cause);
int	rule_liveness_restart(struct analysis *a, char **cause);
int	rule_evicted(struct analysis *a, char **cause);
int	rule_start_failed(struct analysis *a, char **cause);

/*
 * rules-deletion.c: grace-overridden, eviction-blocked and exits-unknown;
 * and, once
 * every rule has run, each finding about deleted pods names who deleted
 * them (evidence deleted_by, and its summary).
 */
int	rule_grace_overridden(struct analysis *a, char **cause);
int	rule_eviction_blocked(struct analysis *a, char **cause);
void	blocked_forget(void *state);
int	rule_exits_unknown(struct analysis *a, char **cause);
/* rules-outage.c: workload-unavailable */
int	rule_workload_unavailable(struct analysis *a, char **cause);
void	wu_forget(void *state);
/*
 * Names who deleted finding f's pods, facts[0..n) in the order of its
 * uids: the evidence's deletion_cause and deleted_by, and their words in
 * f->tail.
 */
void	deletion_name(struct finding *f, const struct pod_facts *facts,
	    size_t n);

/*
 * finish.c: after the rules, what each finding's pods say (who deleted
 * them) and their order, in the window that holds them
 * (finish_window: the findings made in it, and the facts of those made
 * before it), then of what is left, with every window through
 * (finish_all), and the summaries' tails.
 */
void	finish_window(struct analysis *a, size_t first);
void	finish_all(struct analysis *a);
/*
 * The findings made before the windows (no_pods), finished as the pods
 * are read into the windows' file (podwin_read), before any window:
 * their pods' facts are not kept through the windows.
 * finish_before_pod is the podwin_pod_fn, ctx a struct finish_before
 * begun with a; finish_before_end finishes them when it was given
 * any pod (with one window, finish_window does) and frees the rest.
 */
struct finish_before {
	struct analysis		*a;	/* borrowed */
	int			 indexed; /* the pods below are */
	struct before_pod	*v;	/* owned: the findings' pods */
	size_t			 n;	/* pods in v */
	struct hindex		 ix;	/* v by uid */
	struct podset		 pod;	/* the pod being read */
};
void	finish_before_pod(void *ctx, size_t win, const struct row_pod *r,
	    const struct row_container *c, size_t nc,
	    const struct row_termination *t, size_t nt);
void	finish_before_end(struct finish_before *fb);

/*
 * Who asked, from an object of actor -> count: "A" alone, else "A (3)
 * and B (1)", the most frequent first, three at most ("and 2 more").
 */
void	analyze_fmt_actors(json_t *counts, char *out, size_t len);
/* Formats seconds for summaries: "4.0 s", "25 s", "3.2 min". */
void	analyze_fmt_s(double s, char *out, size_t len);
/* Durations for sentences: "9.0 s", "4.0 min", "2.0 days". */
void	analyze_fmt_dur(double s, char *out, size_t len);

#endif
