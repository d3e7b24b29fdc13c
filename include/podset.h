/*
 * podset.h: the model's pods and their containers in memory, in the
 * store's order (namespace, workload, death), for the commands and the
 * analysis.  Strings live in the set until podset_free, which leaves it
 * empty and usable again.
 */
#ifndef PODSET_H
#define PODSET_H

#include <stddef.h>

#include "hindex.h"
#include "model.h"
#include "store.h"
#include "strpool.h"
#include "util.h"

/* A pod, its containers and their terminations, copied out of the store. */
struct podset_pod {
	struct row_pod		 r;	/* strings in the set: uid, name
					   and IP in its arena, the rest in
					   its texts (shared with other
					   pods where equal) */
	struct row_container	*c;	/* owned; strings in the set's texts
					   (pod_uid is r.uid) */
	size_t			 nc;	/* containers in c */
	struct row_termination	*t;	/* owned: by container, then time;
					   strings in the set's texts */
	size_t			 nt;	/* terminations in t */
};

/* The pods loaded (podset_load) or added (podset_add). */
struct podset {
	struct arena		  a;		/* owned: the pods' uids, names
						   and IPs (the rest: texts) */
	struct podset_pod	 *v;		/* owned, in the store's order
						   (podset_load) or as added */
	size_t			  n;		/* pods in v */
	size_t			  cap;		/* allocated in v */
	const char		 *want;		/* only pods matching this;
						   borrowed, NULL: all */
	struct hindex		  by_uid;	/* v's indexes by uid
						   (podset_load) */
	/*
	 * The texts that repeat from pod to pod (namespaces, workloads,
	 * nodes, images, reasons, how each moment is known) are kept
	 * once: equal strings of v may share their bytes.
	 */
	struct strpool		  texts;	/* owned: those kept */
	const char		 *last[3][64];	/* the text each field got
						   last (pods', containers',
						   terminations'; by offset /
						   8 in its row) */
};

/*
 * Loads the pods (all when want is NULL, else those whose name,
 * NAMESPACE/NAME or uid is want, or whose name or NAMESPACE/NAME want
 * names cut in the middle as "coroner pods" prints it) with their
 * containers and terminations.
 * Returns 0, or -1 with a new *cause.  Free with podset_free, also after
 * a failure.
 */
int	podset_load(struct store *st, struct podset *ps, const char *want,
	    char **cause);
void	podset_free(struct podset *ps);
/*
 * Loads the n pods whose uids are given (those the store knows), in the
 * store's order, with their containers and terminations; for a view that
 * reads a page of pods.  Returns 0, or -1 with a new *cause.  Free with
 * podset_free, also after a failure.
 */
int	podset_load_uids(struct store *st, struct podset *ps,
	    const char *const *uids, size_t n, char **cause);
/*
 * Adds a copy of a pod with its containers and terminations to a set
 * begun zeroed, for a caller that reads the pods a few at a time
 * (store_pods_each, podwin.h); podset_find does not know them until
 * podset_settle.
 */
void	podset_add(struct podset *ps, const struct row_pod *r,
	    const struct row_container *c, size_t nc,
	    const struct row_termination *t, size_t nt);
/*
 * Puts the pods added in the store's order, each one's rows in theirs,
 * and indexes them by uid, as podset_load leaves them.
 */
void	podset_settle(struct podset *ps);
/*
 * Indexes the set's pods by uid for podset_find (podset_load does; a
 * caller that fills v itself calls it once they are all there).
 */
void	podset_index(struct podset *ps);
/* The pod with this uid, or NULL. */
struct podset_pod *podset_find(struct podset *ps, const char *uid);
/*
 * Where the pods of pod i's workload (its namespace and workload, NULL
 * the same as NULL) end in a set in the store's order, where they are
 * together: the index after the last of them.
 */
size_t	podset_workload_end(const struct podset *ps, size_t i);
/*
 * Whether a set in the store's order holds pods of workload workload
 * (NULL: none) of namespace ns.
 */
int	podset_holds_workload(const struct podset *ps, const char *ns,
	    const char *workload);

/* A sidecar run as a plain container (not native): it has no order. */
int	podset_is_plain_sidecar(const struct row_container *c);
/*
 * The latest exit of the pod's main containers, as the model derived it
 * (row_pod.main_exit_us: TIME_NONE when one has not finished or there is
 * none); *which names the container (borrowed from p).
 */
int64_t	podset_main_exit(const struct podset_pod *p, const char **which);
/*
 * When the pod died, to order and align pods by: its deletion request,
 * else its main containers' exit (row_pod.main_exit_us), else
 * TIME_NONE.
 */
int64_t	podset_died_at(const struct podset_pod *p);
/*
 * The order the pods are listed in (for xqsort over an array of
 * pointers): by namespace and workload, in one the dead by when they
 * died (podset_zero_at: a pod never deleted by its containers' latest
 * death, the time its lists show), then the living by creation, then by
 * name.  The pods view, coroner pods and every finding's pods
 * (analyze) follow it.
 */
int	podset_cmp_death(const void *a, const void *b);
/*
 * podset_cmp_death's first keys: the namespace, then the workload (NULL
 * the same as ""); <0, 0 or >0.  The analysis's windows follow it.
 */
int	podset_cmp_workload(const char *ns1, const char *wl1,
	    const char *ns2, const char *wl2);
/* What podset_cmp_death orders a pod by, to order it apart from it. */
struct podset_death_key {
	const char	*namespace;	/* the pod's, or NULL */
	const char	*workload;	/* or NULL */
	const char	*name;		/* or NULL */
	int64_t		 zero_at;	/* podset_zero_at */
	int64_t		 created_us;	/* its creation */
};
void	podset_death_key(const struct podset_pod *p,
	    struct podset_death_key *k);
int	podset_cmp_death_key(const struct podset_death_key *a,
	    const struct podset_death_key *b);
/* A pod to put in that order: its key, NULL when not known, and place. */
struct podset_placed {
	const struct podset_death_key	*key;	/* borrowed, or NULL */
	size_t				 at;	/* its place as it came */
};
/*
 * Sorts v: the known pods by podset_cmp_death_key, then the others, each
 * group in the order it came.
 */
void	podset_sort_placed(struct podset_placed *v, size_t n);
/*
 * Puts n uids (an array of char * or const char *, the caller's; the
 * strings borrowed) in the order of
 * their pods by podset_cmp_death, a uid not in ps last as it came: a
 * finding's pods as every list shows them (the database keeps them by
 * uid).
 */
void	podset_sort_uids(struct podset *ps, void *uids, size_t n);
/*
 * When a pod died, to choose and order the pods lined up in the rollout
 * view before their moments are loaded: podset_died_at, else (a pod
 * never deleted whose containers restarted) the latest death of a
 * container (podset_is_death), else TIME_NONE.  The lanes are then
 * aligned at their moments' zero (moments.h), as the death view counts.
 */
int64_t	podset_zero_at(const struct podset_pod *p);
/*
 * Whether a termination is a death of the pod's containers, the rule of
 * the incident window (store_window): not an init container's, and not
 * a clean exit (code 0).
 */
int	podset_is_death(const struct row_termination *t);
/* The restarts of the pod's containers (restartCount), summed. */
int64_t	podset_restarts(const struct podset_pod *p);
/*
 * Whether the pod's deletion asked for less grace than its spec gives
 * (kubectl delete --grace-period, --force, an eviction's deleteOptions):
 * what happened in its grace period is the request's doing, not the
 * workload's budget (grace-overridden).  0 when the spec's grace is
 * unknown.
 */
int	podset_grace_overridden(const struct podset_pod *p);
/*
 * Whether container c of pod p ended unseen: the pod is gone, but no
 * status of c saying it finished was observed (it was seen running, or
 * its pod was scheduled and nothing of it was seen), so that its exit
 * code is unknown: an audit log whose policy left out the kubelet's
 * pods/status patches.  Views say "unknown" rather than "running" or
 * "not started"; no rule guesses.
 */
int	podset_exit_unknown(const struct podset_pod *p,
	    const struct row_container *c);

/*
 * How the pod's containers ended, in at most cols columns (0: no limit):
 * the main containers' codes first ("137 SIGKILL", "0", "run", "?": its
 * end never logged), then each sidecar's with its name ("istio-proxy 0").
 * Too wide, the sidecars' names are cut alike, never below a few
 * characters, and every code stays; still too wide, the last containers
 * are counted ("0, istio… 0 +2").  A new string.
 */
char	*podset_exits(const struct podset_pod *p, int cols, int ascii);

#endif
