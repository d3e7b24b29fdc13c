/*
 * lint.h: the checks of "coroner lint", coroner(1), THE MODEL turned into a
 * test that runs before the next deploy.  A workload manifest (Deployment,
 * StatefulSet, DaemonSet, ReplicaSet, Job, CronJob, Pod) is read into a struct
 * lint_template; each check of the const table lint_checks[] (a stable id, a
 * severity, a function) reads the template and the numbers past incidents
 * measured for its workload (struct lint_measured, filled by the caller from
 * the store), and reports each problem with its numbers and its fix.  The grace
 * arithmetic is budget.h's, shared with analyze.  No SQL, no output: the caller
 * prints the problems.
 */
#ifndef LINT_H
#define LINT_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "podspec.h"

/* One container of a pod template. */
struct lint_container {
	const char		*name;		/* borrowed from the manifest */
	int			 init;		/* an init container */
	int			 native;	/* init with restartPolicy
						   Always: a native sidecar */
	int			 proxy;		/* named like a known proxy */
	int			 ports;		/* declares container ports */
	struct podspec_hook	 prestop;	/* its preStop hook */
	struct podspec_hook	 poststart;	/* its postStart hook */
	struct buf		 hookcmd;	/* owned: the hooks' commands */
	struct buf		 command;	/* owned: command and args */
	int64_t			 drain_env_ms;	/* its env's Istio drain
						   (TERMINATION_DRAIN_DURATION_
						   SECONDS), or INT_NONE */
	int			 exit_on_zero;	/* its env sets EXIT_ON_ZERO_
						   ACTIVE_CONNECTIONS=true */
	int			 hold_env;	/* its env's PROXY_CONFIG holds
						   the app until it starts */
};

/* A workload's pod template, as lint reads it. */
struct lint_template {
	const char		*file;		/* the input's name; borrowed */
	int64_t			 line;		/* where the object starts */
	const char		*kind;		/* "Deployment"...; static or
						   borrowed */
	const char		*namespace;	/* NULL when the manifest has
						   none */
	const char		*name;		/* metadata.name; borrowed */
	const char		*workload;	/* what the database knows its
						   pods by: the controller in
						   ownerReferences (a
						   ReplicaSet's Deployment),
						   else name; borrowed */
	int			 job;		/* a Job or CronJob */
	int			 cronjob;	/* a CronJob */
	int64_t			 grace_s;	/* terminationGracePeriod-
						   Seconds, INT_NONE when
						   unset */
	int64_t			 deadline_s;	/* the Jobs' activeDeadline-
						   Seconds, INT_NONE when
						   unset */
	struct lint_container	*c;		/* owned, in spec order */
	size_t			 nc;		/* containers in c */
	/* the mesh's configuration, from the template's annotations */
	const char		*injected;	/* "istio-proxy" or
						   "linkerd-proxy" when an
						   annotation or label asks for
						   one to be injected; static */
	int			 injected_native; /* asked to inject it as a
						   native sidecar */
	int64_t			 drain_ms;	/* Istio terminationDrain-
						   Duration, Linkerd proxy-wait-
						   before-exit-seconds, or
						   INT_NONE */
	int			 exit_on_zero;	/* Istio's EXIT_ON_ZERO_
						   ACTIVE_CONNECTIONS in
						   proxyMetadata */
	int			 hold;		/* holdApplicationUntilProxy-
						   Starts, or Linkerd's
						   proxy-await */
};

/*
 * Reads obj (borrowed, as the template's strings are: keep it until
 * lint_template_free) of kind into t.  Returns 0; 1 when obj is not a
 * workload lint reads (a Service, a ConfigMap); -1 with a new *cause when
 * it is one but has no pod template.
 */
int	lint_template_read(json_t *obj, const char *kind, const char *file,
	    int64_t line, struct lint_template *t, char **cause);
void	lint_template_free(struct lint_template *t);

/* What the incident database measured for one workload. */
struct lint_measured {
	int64_t		 shutdown_us;	/* the longest SIGTERM-to-exit of its
					   main containers, or TIME_NONE */
	int		 shutdown_lower; /* that one was killed at the
					   deadline: a lower bound */
	int64_t		 lag_us;	/* the load balancer's longest lag
					   after a deletion request, or
					   TIME_NONE */
	int64_t		 lag_pods;	/* pods it measured */
	int64_t		 after_sigterm;	/* of those, pods still sent
					   requests after SIGTERM */
	int64_t		 median_ms;	/* a CronJob's median completed run,
					   or INT_NONE (fewer than
					   BUDGET_RUNS_MIN runs) */
	size_t		 runs;		/* the runs it is the median of */
};

/* What the command line says to the checks. */
struct lint_opts {
	double		 shutdown_s;	/* --shutdown S, or < 0 */
	double		 margin_s;	/* --margin S (BUDGET_MARGIN_S) */
	int		 db;		/* --db given: measured numbers */
};

/* One problem a check found. */
struct lint_problem {
	const struct lint_check	*check;		/* which */
	const char		*container;	/* the container it names */
	const char		*message;	/* the numbers and the fix */
	json_t			*numbers;	/* object of the numbers */
};
/* Receives each problem; everything in it is borrowed for the call. */
typedef void (*lint_report)(void *ctx, const struct lint_template *t,
    const struct lint_problem *p);

/* A check: a stable id, a severity and the function that runs it. */
struct lint_check {
	const char	*id;		/* "grace-budget" */
	const char	*severity;	/* "critical" or "warning" */
	const char	*what;		/* one line: what it checks */
	int		 needs_db;	/* runs only with measured numbers */
	/* Reports each problem of t; returns how many. */
	int		(*run)(const struct lint_template *t,
			    const struct lint_measured *m,
			    const struct lint_opts *o, lint_report cb,
			    void *ctx);
};
/* The checks, in the order they run; ends with a NULL id. */
extern const struct lint_check lint_checks[];

/*
 * Runs every check on t.  m may be NULL (nothing measured for this
 * workload).  Returns the number of problems reported.
 */
int	lint_run(const struct lint_template *t, const struct lint_measured *m,
	    const struct lint_opts *o, lint_report cb, void *ctx);

/*
 * A Go duration ("5s", "1m30s", "500ms", "1h") in milliseconds, or -1
 * when s is not one.  Istio writes terminationDrainDuration so.
 */
int64_t	lint_duration_ms(const char *s);

#endif
