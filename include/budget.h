/*
 * budget.h: the lifecycle arithmetic of coroner(1), THE MODEL that "analyze"
 * and "lint" share, so that a recommendation reads the same in a postmortem and
 * in the check before the next deploy: a pod's grace budget (preStop + shutdown
 * + margin against terminationGracePeriodSeconds), the lag of a load balancer
 * after a deletion request, and the median of a CronJob's runs.  Model layer:
 * plain numbers in, plain numbers out; no SQL, no JSON, no output.
 */
#ifndef BUDGET_H
#define BUDGET_H

#include <stddef.h>
#include <stdint.h>

#define BUDGET_GRACE_DEFAULT_S	30	/* the grace when the spec is silent */
#define BUDGET_FLOOR_S		2	/* the kubelet's minimum after a hook
					   that used all of the grace */
#define BUDGET_MARGIN_S		5	/* the default margin */
#define BUDGET_ROUND_S		5	/* recommendations round up to this */
#define BUDGET_LAG_MAX_S	600	/* requests this long after a deletion
					   request still show the lag */
#define BUDGET_RUNS_MIN		3	/* runs before a median means
					   something */

/* How the shutdown of a budget is known. */
enum budget_basis {
	BUDGET_UNKNOWN,		/* neither measured nor given */
	BUDGET_GIVEN,		/* given by hand (lint --shutdown) */
	BUDGET_OBSERVED,	/* measured: SIGTERM to the exit */
	BUDGET_LOWER_BOUND	/* measured, but killed at the deadline: the
				   real shutdown is at least this */
};

/*
 * One container's grace budget.  The caller fills the first five fields;
 * budget_compute() the rest.
 */
struct budget {
	double		  grace_s;	/* terminationGracePeriodSeconds */
	double		  prestop_s;	/* the preStop sleep, 0 for none */
	double		  shutdown_s;	/* SIGTERM to exit; 0 when unknown */
	enum budget_basis basis;	/* how shutdown_s is known */
	double		  margin_s;	/* added for safety */
	double		  need_s;	/* prestop + shutdown + margin */
	double		  left_s;	/* seconds the app has after its
					   preStop: grace - preStop, never
					   under the kubelet's floor */
	int64_t		  recommended_s; /* need_s rounded up to
					   BUDGET_ROUND_S: the grace to set */
	int		  fits;		/* the grace holds need_s; with the
					   shutdown unknown, the preStop
					   leaves the app more than the
					   floor */
};

void	budget_compute(struct budget *b);
/* s rounded up to a multiple of BUDGET_ROUND_S. */
int64_t	budget_round_up(double s);
/*
 * The last request routed to a pod after its deletion request: folds one
 * per-second bucket (its second, the requests begun in it) into *last_s,
 * the last second at or after the deletion request's with a request
 * (INT64_MIN until one; deletion_us TIME_NONE: never one).
 */
void	budget_last_routed(int64_t *last_s, int64_t deletion_us,
	    int64_t second, int64_t requests);
/*
 * A load balancer's lag for one pod (coroner(1), THE MODEL): the end of the
 * last second it still routed a request to the pod's IP, minus the deletion
 * request (microseconds; an upper bound at the one-second resolution of the
 * buckets it is read from).
 */
int64_t	budget_lag_us(int64_t deletion_us, int64_t last_routed_s);
/*
 * A lag as words, at the resolution it is known to: the buckets count per
 * second, so the last request came between the start and the end of its
 * second ("28 to 29 s", "27.6 to 28.6 s" when the deletion request fell
 * inside a second); lo_us and hi_us are lags (budget_lag_us: the ends of
 * their seconds), the least and the greatest of several pods, or the one
 * lag twice.  Every view that gives the lag in words says it so.
 */
void	budget_lag_words(int64_t lo_us, int64_t hi_us, char *out,
	    size_t len);
/*
 * How long a load balancer kept routing to pods after their deletion
 * request, the greatest lag hi_us of npods: "until 18 to 19 s after its
 * deletion request" for one pod (budget_lag_words), "for up to 19 s after
 * their deletion requests" for several, whose lags differ (a range would
 * read as every pod's).  Every finding, check and view says it so.
 */
void	budget_lag_phrase(int64_t hi_us, size_t npods, char *out,
	    size_t len);
/* A lag in seconds as the checks say it: to a tenth of a second. */
double	budget_lag_s(int64_t lag_us);
/*
 * The preStop sleep that covers a load balancer's lag: the lag and the
 * margin, rounded up to BUDGET_ROUND_S.
 */
int64_t	budget_prestop_for_lag(double lag_s, double margin_s);
/*
 * A workload's shutdown from its longest exit on its own after SIGTERM
 * (observed_s, < 0: none) and the longest deadline - SIGTERM of its
 * containers killed at the deadline (lower_s, < 0: none): the measured
 * one when it is longer (a shutdown measured under a longer grace tells
 * more than a kill under a short one), else the lower bound.  Sets
 * *shutdown_s (0 when neither is known) and returns its basis.
 */
enum budget_basis budget_shutdown_of(double observed_s, double lower_s,
	    double *shutdown_s);
/*
 * How long a proxy that gets SIGTERM with its pod's deletion request must
 * stay so that its app finishes first (coroner(1), THE MODEL): the app's
 * time from that request to its exit (its preStop, then its shutdown),
 * plus the margin, rounded up to a whole second.  "analyze" gives it the
 * measured exit, "lint" the preStop and the measured shutdown.
 */
int64_t	budget_proxy_stay_s(double app_done_s, double margin_s);
/*
 * The median of v[0..n) (sorted in place), the mean of the middle two
 * for an even n; INT64_MIN when n is 0.
 */
int64_t	budget_median(int64_t *v, size_t n);
/*
 * The median of each beginning of v, as budget_median gives it: out[k]
 * (k = 0..n, so n + 1 values) is the median of v[0..k), INT64_MIN for
 * k = 0.  v is left as it is; n log n in all, for the runs of a CronJob
 * in the order they started (each run against those before it).
 */
void	budget_medians(const int64_t *v, size_t n, int64_t *out);

#endif
