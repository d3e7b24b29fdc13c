/*
 * analyze.h: the analysis.  Runs every rule of the table in rules.c over
 * the model (pods, containers, buckets, rollouts, Jobs) and the record
 * sets, and returns the findings (DESIGN §6), sorted by severity and
 * time.  Each rule is one function that adds findings with their evidence;
 * no rule adds a finding without evidence rows.  No SQL (through store.h),
 * no drawing.
 */
#ifndef ANALYZE_H
#define ANALYZE_H

#include <jansson.h>
#include <stdint.h>

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

/* The defaults of --lead and --skew. */
#define ANALYZE_LEAD_US	(2 * 1000000LL)
#define ANALYZE_SKEW_US	(5 * 1000000LL)

/* One finding while the analysis runs; becomes a struct row_finding. */
struct finding {
	const char	*kind;		/* static string */
	const char	*severity;	/* "critical" or "warning" */
	char		*namespace;	/* owned */
	char		*workload;	/* owned */
	json_t		*pods;		/* owned array of pod names */
	json_t		*uids;		/* owned array of their uids, in the
					   same order (names are reused) */
	int64_t		 start_us;
	int64_t		 end_us;
	char		*summary;	/* owned */
	json_t		*evidence;	/* owned object */
	char		*recommendation; /* owned */
};

/* The analysis in progress: what rules read and what they add. */
struct analysis {
	struct store		*st;		/* borrowed */
	const struct analyze_opts *opts;	/* borrowed */
	struct podset		 pods;		/* the model's pods */
	struct finding		*v;		/* owned findings */
	size_t			 n;
	struct buf		 notes;		/* what the analysis says about
						   itself ("the larger set is
						   the reference") */
	/* missing records (reconcile.c), kept for the store */
	struct row_missing	*missing;	/* owned; strings in strings */
	size_t			 nmissing;
	struct arena		 strings;
};

/* Widens a finding's start..end to hold from..to (TIME_NONE: ignored). */
void		 finding_widen(struct finding *f, int64_t from, int64_t to);
/* Adds a pod to a finding's pods, once (by uid). */
void		 finding_add_pod(struct finding *f,
		    const struct podset_pod *p);
/* Whether a finding lists this pod. */
int		 finding_has_pod(const struct finding *f, const char *name);

/* Adds a finding (the analysis owns it from now on). */
struct finding	*analysis_add(struct analysis *a, const char *kind,
		    const char *severity, const char *ns, const char *workload);

/*
 * Runs the analysis and stores its findings (replacing the previous
 * run's).  Returns 0, or -1 with a new *cause.  The caller frees a with
 * analysis_free.
 */
int	analyze_run(struct store *st, const struct analyze_opts *opts,
	    struct analysis *a, char **cause);
void	analysis_free(struct analysis *a);
/*
 * Runs the analysis with its defaults when the database has no findings
 * yet (report and the TUI show stored findings).  Its notes go to
 * standard error.  Returns 0, or -1 with a new *cause.
 */
int	analyze_if_none(struct store *st, char **cause);

/* The rules (rules.c): a NULL-terminated table. */
struct rule {
	const char	*name;		/* what it finds, for messages */
	int		(*run)(struct analysis *a, char **cause);
};
extern const struct rule rules[];

/* reconcile.c: records-lost-at-termination and records-missing. */
int	reconcile_run(struct analysis *a, char **cause);
/* rules-traffic.c: traffic-after-shutdown and 5xx-burst. */
int	rule_traffic_after_shutdown(struct analysis *a, char **cause);
int	rule_5xx_burst(struct analysis *a, char **cause);
/*
 * rules-sidecar.c: sidecar-exited-before-app, app-started-before-proxy,
 * job-held-by-sidecar, job-overran.
 */
int	rule_sidecar_exited(struct analysis *a, char **cause);
int	rule_app_before_proxy(struct analysis *a, char **cause);
int	rule_job_held(struct analysis *a, char **cause);
int	rule_job_overran(struct analysis *a, char **cause);

/* Formats seconds for summaries: "4.0 s", "25 s", "3.2 min". */
void	analyze_fmt_s(double s, char *out, size_t len);

#endif
