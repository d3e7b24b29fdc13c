/*
 * model.h: the rows the model derives from the imported observations (how
 * each pod lived and died, which IP it owned when, workloads, rollouts,
 * Jobs), described by field tables like the records of record.h so that
 * the store writes and reads them with one piece of code.
 *
 * Every derived time carries a *_basis string saying how it is known:
 * "observed" (written by Kubernetes) or "inferred: <from what>".  Strings
 * in rows read back from the store are borrowed for the callback only.
 */
#ifndef MODEL_H
#define MODEL_H

#include <stdint.h>

#include "record.h"

/*
 * Who ended a container instance (row_termination.cause) or a pod that
 * was not deleted (row_pod.ended_by, one of eviction, preemption and
 * node-shutdown).  The store, the JSON and the exports write the names
 * of end_cause_name() ("node-restart").
 */
enum end_cause {
	EC_NONE,		/* nobody, or unknown: NULL */
	EC_APP,			/* "app": it exited on its own */
	EC_LIVENESS,		/* "liveness": the kubelet, for a failed
				   liveness or startup probe */
	EC_EVICTION,		/* "eviction" */
	EC_PREEMPTION,		/* "preemption" */
	EC_NODE_SHUTDOWN,	/* "node-shutdown" */
	EC_NODE_RESTART,	/* "node-restart": the node or its runtime
				   restarted (reason Unknown, exit 255) */
	EC_OOM,			/* "oom": the kernel's OOM killer */
	EC_DELETION,		/* "deletion": the pod's deletion (SIGTERM,
				   or SIGKILL at the grace deadline) */
	EC_START_FAILURE,	/* "start-failure": it could not start */
	EC_SIGNAL,		/* "signal": killed by a signal nothing
				   explains */
	EC__COUNT
};
/* The names of enum end_cause, by value (EC_NONE: NULL). */
extern const char *const end_cause_names[EC__COUNT];
/* "node-restart"...; NULL for EC_NONE (static strings). */
const char	*end_cause_name(enum end_cause c);
/* The cause with this name; EC_NONE for NULL or a name it does not know. */
enum end_cause	 end_cause_lookup(const char *name);

enum row_type {
	ROW_POD,		/* struct row_pod: table pods */
	ROW_CONTAINER,		/* struct row_container: table containers */
	ROW_POD_IP,		/* struct row_pod_ip: table pod_ips */
	ROW_WORKLOAD,		/* struct row_workload: table workloads */
	ROW_ROLLOUT,		/* struct row_rollout: table rollouts */
	ROW_JOB,		/* struct row_job: table jobs */
	ROW_BUCKET,		/* struct row_bucket: table buckets */
	ROW_FINDING,		/* struct row_finding: table findings */
	ROW_MISSING,		/* struct row_missing: missing_records */
	ROW_FINDING_POD,	/* struct row_finding_pod: finding_pods */
	ROW_TERMINATION,	/* struct row_termination: terminations */
	ROW_POD_ENDPOINT,	/* struct row_pod_endpoint: pod_endpoints */
	ROW_NODE_STATE,		/* struct row_node_state: node_states */
	ROW_DEPLOY,		/* struct row_deploy: deploys */
	ROW_POD_LIST,		/* struct row_pod_list: pod_list */
	ROW_WORKLOAD_PODS,	/* struct row_workload_pods: workload_pods */
	ROW_LANE_DEATH,		/* struct row_lane_death: lane_deaths */
	ROW_LANE_TRAFFIC,	/* struct row_lane_traffic: lane_traffic */
	ROW_WORKLOAD_SECOND,	/* struct row_workload_second:
				   workload_seconds */
	ROW_WORKLOAD_MINUTE,	/* struct row_workload_minute:
				   workload_minutes */
	ROW_POD_TRAFFIC,	/* struct row_pod_traffic: pod_traffic */
	ROW__COUNT
};

/* One pod's life and death. */
struct row_pod {
	const char	*uid;		/* metadata.uid: the pod's identity
					   (names are reused) */
	const char	*namespace;	/* the latest version's */
	const char	*name;		/* the latest version's */
	const char	*node;		/* spec.nodeName, the latest written,
					   or NULL (never scheduled) */
	const char	*ip;		/* the last IP it had */
	const char	*phase;		/* the last phase seen */
	const char	*owner_kind;	/* controller: ReplicaSet, Job... */
	const char	*owner_name;	/* that controller's name, or NULL */
	const char	*owner_uid;	/* that controller's uid, or NULL
					   (not every source tells it) */
	const char	*workload_kind;	/* Deployment, CronJob, StatefulSet,
					   or the owner's kind, or "Pod" */
	const char	*workload;	/* its name */
	const char	*template_hash;	/* pod-template-hash, else
					   controller-revision-hash */
	int64_t		 created_us;	/* metadata.creationTimestamp, the
					   earliest seen, or TIME_NONE */
	int64_t		 scheduled_us;	/* PodScheduled became True, the
					   earliest seen, or TIME_NONE */
	int64_t		 start_us;	/* status.startTime */
	int64_t		 ready_us;	/* Ready condition became True */
	int64_t		 deletion_us;	/* the deletion request */
	const char	*deletion_basis; /* how deletion_us is known
					   ("observed in the audit log: ...",
					   "observed: deletionTimestamp -
					   deletionGracePeriodSeconds"...),
					   NULL when not deleted */
	int64_t		 grace_s;	/* grace period of the deletion */
	int64_t		 prestop_ms;	/* the main container's preStop sleep,
					   INT_NONE when none or unknown */
	int64_t		 sigterm_us;	/* SIGTERM to the main container */
	const char	*sigterm_basis;	/* how it is known: the earliest main
					   container's (row_container),
					   NULL when not deleted */
	int64_t		 deadline_us;	/* SIGKILL deadline (2 s floor) */
	int64_t		 gone_us;	/* the pod object was deleted */
	const char	*gone_basis;	/* how gone_us is known (the audit
					   log's final delete, a watch
					   DELETED, the last container
					   exit), NULL when not seen gone */
	int		 killed;	/* a container SIGKILLed at deadline */
	int64_t		 observations;	/* pod versions folded */
	int64_t		 main_exit_us;	/* the last exit of its main (not
					   init, not sidecar) containers,
					   TIME_NONE while one runs */
	const char	*restart_policy; /* spec.restartPolicy */
	const char	*reason;	/* status.reason, the last one written
					   ("Evicted", "Terminated"...) */
	const char	*message;	/* status.message, the last one */
	const char	*disruption;	/* DisruptionTarget's reason, or NULL */
	enum end_cause	 ended_by;	/* who ended the pod when it was not
					   its deletion: EC_EVICTION,
					   EC_PREEMPTION, EC_NODE_SHUTDOWN;
					   EC_NONE when nobody did or it was
					   deleted */
	int64_t		 ended_us;	/* when they did (the kill), or
					   TIME_NONE */
	const char	*ended_basis;	/* how ended_by and ended_us are
					   known */
	int64_t		 spec_grace_s;	/* the spec's
					   terminationGracePeriodSeconds,
					   INT_NONE when never seen (30) */
	const char	*deletion_from;	/* where deletion_us comes from:
					   "audit" (the request, observed in
					   the audit log), "object"
					   (deletionTimestamp - grace), "event"
					   (the first Killing event), or NULL
					   (not deleted) */
	const char	*deletion_by;	/* who asked (the audit log's actor),
					   or NULL when unknown */
	const char	*deletion_via;	/* "delete" or "eviction" (the audit
					   log's verb), or NULL */
	const char	*deletion_cause; /* the controller action behind the
					   deletion: a name of enum
					   deletion_cause, or NULL */
	const char	*deletion_cause_basis; /* how that is known */
	int64_t		 endpoint_terminating_us; /* the pod's endpoint was
					   first terminating (or not ready
					   after being ready) in its slices
					   (pod_endpoints), or TIME_NONE */
	int64_t		 endpoint_not_serving_us; /* first not serving */
	int64_t		 endpoint_gone_us; /* it left its last slice */
	int64_t		 unready_us;	/* the first time it said not Ready
					   after it had been Ready (a probe
					   failing, its node down), or
					   TIME_NONE; the incident window
					   counts it when before its
					   deletion request */
	int64_t		 ready_again_us; /* the last time it was Ready again
					   after that, or TIME_NONE */
};

/*
 * One container of one pod, its last instance, with what is known of the
 * instances before it (kubectl's Last State) and of the kubelet's events
 * about it.
 */
struct row_container {
	const char	*pod_uid;	/* row_pod.uid */
	const char	*name;		/* unique within the pod */
	int		 init;		/* an init container */
	int		 native_sidecar; /* init with restartPolicy Always */
	int		 sidecar;	/* native, or named like a proxy */
	const char	*image;		/* the latest written */
	const char	*prestop_kind;	/* sleep, exec, httpGet, tcpSocket */
	int64_t		 prestop_ms;	/* the preStop sleep (a sleep action
					   or an exec of sleep N), INT_NONE
					   when none or of unknown length */
	const char	*prestop_cmd;	/* an exec preStop's command, words
					   joined by " ", or NULL */
	int64_t		 started_us;	/* the last instance's startedAt, or
					   TIME_NONE */
	int64_t		 ready_us;	/* first seen ready (watch streams) */
	int64_t		 finished_us;	/* the last instance's finishedAt,
					   TIME_NONE while it runs */
	int64_t		 exit_code;	/* its exitCode, INT_NONE while it
					   runs or when not written */
	const char	*reason;	/* its terminated reason ("Error",
					   "OOMKilled", "Completed"), NULL
					   while it runs */
	int64_t		 signal;	/* its terminated.signal, INT_NONE */
	int64_t		 restarts;	/* restartCount, the last written */
	int64_t		 sigterm_us;	/* SIGTERM on the pod's deletion:
					   the request plus the preStop sleep
					   (capped at the grace); a native
					   sidecar's: the main containers'
					   exit; TIME_NONE when unknown */
	const char	*sigterm_basis;	/* how sigterm_us is known
					   ("inferred: ...", "unknown: ...",
					   "exited before the deletion
					   request"), NULL when the pod was
					   not deleted or it is a plain init
					   container */
	int64_t		 deadline_us;	/* its SIGKILL deadline */
	int		 killed_at_deadline; /* it ended with exit 137 or
					   signal 9, not OOMKilled, within
					   2 s of deadline_us
					   (DEADLINE_SLACK_US) */
	const char	*message;	/* of the last instance's end */
	const char	*waiting_reason; /* when last seen waiting: why
					   ("CrashLoopBackOff"...), else
					   NULL */
	const char	*waiting_message; /* the waiting state's message,
					   else NULL */
	int64_t		 last_started_us; /* lastState.terminated, the latest
					   one seen: the instance before the
					   current one (TIME_NONE, INT_NONE,
					   NULL when none was written) */
	int64_t		 last_finished_us; /* its finishedAt */
	int64_t		 last_exit_code; /* its exitCode */
	const char	*last_reason;	/* its reason */
	int64_t		 last_signal;	/* its signal */
	int64_t		 terminations;	/* rows in terminations */
	const char	*restarts_basis; /* how the restarts are known: "189
					   restarts counted by the kubelet;
					   1 termination observed" */
	int		 liveness;	/* it has a livenessProbe */
	int64_t		 liveness_period_s; /* as written, INT_NONE */
	int64_t		 liveness_timeout_s; /* timeoutSeconds, INT_NONE */
	int64_t		 liveness_threshold; /* failureThreshold */
	int64_t		 liveness_delay_s; /* initialDelaySeconds */
	int64_t		 probe_kills;	/* the kubelet's kills for a failed
					   liveness or startup probe (Killing
					   events, their counts summed) */
	int64_t		 probe_kill_first_us; /* the first of those kills
					   (firstTimestamp), or TIME_NONE */
	int64_t		 probe_kill_last_us; /* the last (lastTimestamp) */
	int64_t		 unhealthy;	/* failed liveness or startup probes
					   (Unhealthy events, counts summed) */
	int64_t		 unhealthy_first_us; /* the first of them, or
					   TIME_NONE */
	int64_t		 unhealthy_last_us; /* the last of them */
	const char	*unhealthy_message; /* the latest one's */
	int64_t		 back_offs;	/* BackOff "restarting failed
					   container" events, counts summed */
	int64_t		 back_off_last_us; /* the latest, or TIME_NONE */
	const char	*start_error;	/* the latest Failed event's message
					   (could not pull, create or start) */
};

/*
 * One termination of one container instance: a death with its own
 * moment.  From state.terminated and every distinct lastState.terminated
 * of the pod's versions.  Who ended it: cause (enum end_cause).
 */
struct row_termination {
	const char	*pod_uid;	/* row_pod.uid */
	const char	*container;	/* row_container.name */
	int		 init;		/* an init container */
	int64_t		 instance;	/* restarts before it (its restartCount
					   while it ran), or INT_NONE */
	int64_t		 started_us;	/* the instance's startedAt, or
					   TIME_NONE */
	int64_t		 finished_us;	/* its finishedAt, or TIME_NONE */
	int64_t		 exit_code;	/* or INT_NONE */
	int64_t		 signal;	/* or INT_NONE */
	const char	*reason;	/* "Error", "OOMKilled"... */
	const char	*message;	/* the runtime's, or NULL */
	enum end_cause	 cause;		/* who ended it */
	const char	*cause_basis;	/* how that is known */
	int64_t		 restarted_us;	/* the next instance started, or
					   TIME_NONE (not yet, or not seen) */
	const char	*basis;		/* how the termination is known:
					   "observed: lastState.terminated" */
	int64_t		 last_log_us;	/* the instance's last log line
					   (-previous.log), when imported */
	const char	*last_log;	/* its text, cut, or NULL */
};

/* An IP owned by a pod from from_us until to_us (TIME_NONE: open). */
struct row_pod_ip {
	const char	*ip;		/* status.podIP as written */
	const char	*pod_uid;	/* row_pod.uid */
	const char	*namespace;	/* the pod's */
	int64_t		 from_us;	/* the pod's start for its first IP,
					   else the first version showing
					   this one */
	int64_t		 to_us;		/* the first version showing its next
					   IP, else the pod gone, else its
					   SIGKILL deadline */
};

/*
 * A workload object, its latest version: its strings are the latest
 * written (an absent one keeps the one before), its numbers and times the
 * latest version's as written (INT_NONE, TIME_NONE when absent).
 */
struct row_workload {
	const char	*uid;		/* metadata.uid */
	const char	*kind;		/* "ReplicaSet", "Deployment",
					   "StatefulSet", "DaemonSet", "Job",
					   "CronJob" */
	const char	*namespace;	/* metadata.namespace */
	const char	*name;		/* metadata.name */
	const char	*owner_kind;	/* its controller's kind, or NULL */
	const char	*owner_name;	/* its controller's name, or NULL */
	int64_t		 created_us;	/* metadata.creationTimestamp */
	const char	*template_hash;	/* a ReplicaSet's pod-template-hash
					   label, else NULL */
	int64_t		 revision;	/* deployment.kubernetes.io/revision */
	int64_t		 replicas;	/* spec.replicas */
	int64_t		 grace_s;	/* its pod template's
					   terminationGracePeriodSeconds */
	const char	*condition;	/* Job: "Complete", "Failed" or
					   "Suspended" (the first True),
					   else NULL */
	int64_t		 start_us;	/* Job status.startTime */
	int64_t		 completion_us;	/* Job status.completionTime */
	const char	*schedule;	/* CronJob spec.schedule, else NULL */
	const char	*condition_reason; /* Job: why it is Failed... */
	int64_t		 backoff_limit;	/* Job spec.backoffLimit, INT_NONE */
	int64_t		 failed;	/* Job status.failed, INT_NONE */
};

/* A Deployment's new ReplicaSet taking over from the old one. */
struct row_rollout {
	const char	*namespace;	/* the Deployment's */
	const char	*deployment;	/* the Deployment's name (the
					   StatefulSet's, the DaemonSet's) */
	const char	*new_rs;	/* the ReplicaSet taking over (a
					   StatefulSet's or DaemonSet's
					   controller-revision-hash) */
	const char	*old_rs;	/* NULL for the first revision */
	int64_t		 revision;	/* new_rs's deployment.kubernetes.io/
					   revision, or INT_NONE */
	int64_t		 start_us;	/* first scale-up of new_rs (its
					   ScalingReplicaSet event, else its
					   creation) */
	int64_t		 end_us;	/* old_rs's last pod gone (or its
					   deadline), else old_rs scaled to
					   0, else TIME_NONE */
	const char	*basis;		/* how start and end are known */
	const char	*tool;		/* what deployed it: "helm",
					   "argocd", "flux" (a deploy history
					   joined to it), "kubectl" (only the
					   audit log's patch of the
					   Deployment), or NULL */
	const char	*deploy_revision; /* the tool's revision ("14"), or
					   NULL */
	const char	*deployed_by;	/* who deployed it, or NULL */
	const char	*deploy_basis;	/* how tool and deployed_by are
					   known, or NULL */
	const char	*kind;		/* the workload's kind: "Deployment",
					   "StatefulSet", "DaemonSet" (NULL in
					   a database of before: Deployment) */
};

/* A Job run. */
struct row_job {
	const char	*uid;		/* the Job's metadata.uid */
	const char	*namespace;	/* the Job's */
	const char	*name;		/* the Job's */
	const char	*cronjob;	/* owner, or from the name; NULL */
	int64_t		 start_us;	/* status.startTime, or TIME_NONE */
	int64_t		 completion_us;	/* status.completionTime, or
					   TIME_NONE */
	int64_t		 duration_ms;	/* completion - start, or INT_NONE */
	const char	*status;	/* Complete, Failed, Suspended,
					   Running */
	const char	*reason;	/* the Job's condition reason:
					   "BackoffLimitExceeded"... */
	int64_t		 failed;	/* pods that failed (status.failed) */
	int64_t		 backoff_limit;	/* spec.backoffLimit, INT_NONE */
};

/*
 * Upstream attempts to one IP in one second, attributed to the pod that
 * owned the IP then (pod_uid NULL: no pod known to have had it, the IP
 * stays visible).  An attempt counts in the second it began, its failure
 * in the second it ended: a request belongs to the whole time it was in
 * flight (tally.h).  Views and rules sum these; they never scan requests.
 */
struct row_bucket {
	int64_t		 second;	/* Unix seconds */
	const char	*ip;		/* NULL: requests with no upstream */
	const char	*pod_uid;	/* the pod that had ip then, or NULL */
	const char	*namespace;	/* the pod's */
	const char	*workload;	/* the pod's */
	int		 exact;		/* the IP was the pod's at that time
					   for sure (else: the last pod that
					   had it) */
	int64_t		 requests;	/* attempts that began in it */
	int64_t		 errors;	/* attempts that ended in it, 5xx */
	int64_t		 conn_failures;	/* attempts that ended in it without
					   a response */
};

/*
 * The buckets of one workload in one second, summed (buckets.c, as they
 * are made): what the overview's lanes and the rules read per workload.
 */
struct row_workload_second {
	const char	*namespace;	/* the pods', or NULL: no pod */
	const char	*workload;	/* the pods', or NULL */
	int64_t		 second;	/* Unix seconds */
	int64_t		 requests;	/* attempts that began in it */
	int64_t		 errors;	/* attempts that ended in it, 5xx */
	int64_t		 conn_failures;	/* attempts that ended in it without
					   a response */
};

/* A workload's traffic in one minute: the sums of its seconds. */
struct row_workload_minute {
	const char	*namespace;	/* the pods', or NULL: no pod */
	const char	*workload;	/* the pods', or NULL */
	int64_t		 minute;	/* Unix minutes (seconds / 60, down) */
	int64_t		 requests;	/* its seconds' requests, summed */
	int64_t		 errors;	/* its seconds' errors, summed */
	int64_t		 conn_failures;	/* its seconds' conn_failures,
					   summed */
};

/* The attempts routed to one pod, over every second of its buckets. */
struct row_pod_traffic {
	const char	*pod_uid;	/* the pod's */
	int64_t		 requests;	/* attempts */
	int64_t		 failed;	/* each second's 5xx or failed
					   connections, the more of the
					   two, at most requests */
};

/*
 * A finding (coroner(1), FINDINGS): a problem, its evidence and its fix.
 * Written by the analysis (analyze.c), read by the reports and views.
 */
struct row_finding {
	int64_t		 id;		/* 1, 2, ... in the order reported */
	const char	*kind;		/* "sigkill-at-grace-deadline"... */
	const char	*severity;	/* "critical", "warning" */
	const char	*namespace;	/* of its pods, or NULL */
	const char	*workload;	/* of its pods, or NULL */
	const char	*pods;		/* JSON array of pod names */
	int64_t		 start_us;	/* its evidence's earliest moment,
					   or TIME_NONE */
	int64_t		 end_us;	/* its latest, or TIME_NONE */
	const char	*summary;	/* one sentence */
	const char	*evidence;	/* JSON object: numbers and times */
	const char	*recommendation; /* what to do about it: a few
					   sentences of plain text */
};

/* One pod of a finding, by uid (names are reused). */
struct row_finding_pod {
	int64_t		 finding_id;	/* row_finding.id */
	const char	*pod_uid;	/* row_pod.uid */
};

/*
 * A pod as the pods list shows it, written by the analysis (podlist.h) in
 * the list's order, so that a view pages through it without holding
 * every pod.
 */
struct row_pod_list {
	int64_t		 seq;		/* its place: 0, 1, ... by namespace,
					   workload, death (else creation),
					   name (podset_cmp_death) */
	const char	*uid;		/* row_pod.uid */
	const char	*namespace;	/* its namespace, or NULL */
	const char	*workload;	/* its workload, or NULL */
	int64_t		 zero_us;	/* when it died (podset_zero_at), or
					   TIME_NONE */
	int64_t		 deleted_us;	/* its deletion request, or
					   TIME_NONE */
	const char	*badges;	/* the findings naming it, by badge
					   ("KILL GRACE"), or NULL */
	int64_t		 failed;	/* attempts routed to it that failed
					   (pod_traffic) */
	int64_t		 missing;	/* records missing in its window */
	int64_t		 exits_cols;	/* columns of its whole EXITS cell */
	int64_t		 by_cols;	/* of its DELETED BY cell, 0: none */
	const char	*search;	/* what the filter matches, lower
					   case: names, node, IP, uid, who
					   deleted it, badges, containers */
};

/*
 * A workload's pods summed for the lists and the overview's lanes,
 * written with the pods list: what a view needs without its pods.
 */
struct row_workload_pods {
	const char	*namespace;	/* or NULL */
	const char	*workload;	/* or NULL: pods of no workload */
	const char	*kind;		/* its kind ("Deployment"), or NULL */
	int64_t		 first_seq;	/* its first pod's row_pod_list.seq */
	int64_t		 pods;		/* its pods (seq first_seq on) */
	int64_t		 deaths;	/* its lane's deaths (lane_deaths) */
	int64_t		 first_us;	/* the first of them, or TIME_NONE */
	int64_t		 last_us;	/* the last, or TIME_NONE */
	int64_t		 deleted_lo_us;	/* its pods' first deletion, or
					   TIME_NONE */
	int64_t		 deleted_hi_us;	/* their last, or TIME_NONE */
	int64_t		 failed;	/* its pods' failed attempts */
	int64_t		 missing;	/* its pods' missing records */
	int64_t		 restarts;	/* its pods' restarts (podset_restarts),
					   summed; INT_NONE in a database
					   analyzed before schema 15 */
	int64_t		 exits_cols;	/* the widest of its pods' */
	int64_t		 by_cols;	/* the same */
	int64_t		 badges_cols;	/* the same */
	int64_t		 name_cols;	/* its longest pod name, in bytes */
};

/*
 * A death on its workload's lane of the overview: a pod's end (at its
 * deadline when it was killed there), else each death of a container
 * of a pod never deleted (its restarts).
 */
struct row_lane_death {
	const char	*namespace;	/* the pod's, or NULL */
	const char	*workload;	/* the pod's, or NULL */
	int64_t		 at_us;		/* when */
	int		 killed;	/* SIGKILLed at its deadline */
	const char	*pod_uid;	/* row_pod.uid */
};

/*
 * A workload's attempts over the incident's window (store_window), for
 * the overview's lanes and their order before any is drawn.
 */
struct row_lane_traffic {
	const char	*namespace;	/* or NULL */
	const char	*workload;	/* or NULL: requests to no pod */
	int64_t		 requests;	/* attempts in the window */
	int64_t		 failed;	/* of them failed: each second's
					   5xx or failed connections, the
					   more of the two */
};

/* A reference record absent from the actual set, and where it fell. */
struct row_missing {
	const char	*reference;	/* the reference set's name */
	const char	*actual;	/* the actual set's name */
	const char	*key;		/* the record's key (its --key
					   column) */
	int64_t		 time_us;	/* its time in the reference set */
	const char	*pod_uid;	/* the pod whose termination window
					   holds it, or NULL */
	const char	*namespace;	/* that pod's */
	const char	*workload;	/* that pod's */
};

/*
 * One pod's endpoint in one EndpointSlice, over the slice's observed
 * versions (endpoints.c): when it was listed, ready, no longer ready or
 * serving, terminating, and when it left the slice.  Kubernetes' part of
 * a load balancer's lag ends when the endpoint is terminating.
 */
struct row_pod_endpoint {
	const char	*pod_uid;	/* targetRef.uid, else the pod of that
					   name; NULL when no pod is known */
	const char	*namespace;	/* the pod's */
	const char	*pod;		/* the pod's name (targetRef.name) */
	const char	*slice;		/* the EndpointSlice's name */
	const char	*service;	/* its kubernetes.io/service-name */
	const char	*address;	/* the endpoint's first address */
	const char	*node;		/* nodeName */
	int64_t		 first_seen_us;	/* the first version listing it */
	int64_t		 ready_us;	/* first seen ready, or TIME_NONE */
	int64_t		 not_ready_us;	/* first not ready after ready */
	int64_t		 not_serving_us; /* first not serving after serving */
	int64_t		 terminating_us; /* first terminating */
	int64_t		 gone_us;	/* the first version no longer listing
					   it (or the slice deleted), or
					   TIME_NONE */
	int64_t		 last_seen_us;	/* the last version listing it */
	const char	*basis;		/* how its times are known: the
					   versions' observed_basis */
};

/*
 * A period of a node's life (nodes.c): "not-ready" or "unknown" (its
 * Ready condition), "reboot" (a new bootID: from_us = to_us, the boot),
 * "taint" (detail: key=value:effect), "cordon" (unschedulable),
 * "pressure" (detail: the condition), "deleted".
 */
struct row_node_state {
	const char	*node;		/* the node's name */
	const char	*state;		/* above */
	const char	*detail;	/* the reason and message, the taint,
					   "bootID A -> B", or NULL */
	int64_t		 from_us;	/* when it began */
	int64_t		 to_us;		/* when it ended, TIME_NONE: not
					   seen to end */
	const char	*basis;		/* how it is known */
};

/*
 * A deploy (deploys.c): one entry of a Helm, Argo CD or Flux history,
 * with the rollout it started when one was found.
 */
struct row_deploy {
	const char	*tool;		/* "helm", "argocd", "flux" */
	const char	*namespace;	/* where it deployed (rec_deploy) */
	const char	*name;		/* the release or application */
	const char	*revision;	/* the tool's revision */
	const char	*source;	/* the chart or git revision */
	const char	*status;	/* as the tool wrote it */
	const char	*actor;		/* who deployed, or NULL */
	const char	*description;	/* helm's description, or NULL */
	const char	*rollback_to;	/* the revision it went back to */
	int64_t		 start_us;	/* or TIME_NONE */
	int64_t		 end_us;	/* or TIME_NONE */
	const char	*deployment;	/* the Deployment of the rollout it
					   started, or NULL */
	const char	*new_rs;	/* that rollout's new ReplicaSet */
};

/*
 * The controller action behind a pod's deletion (row_pod.deletion_cause,
 * pods --json deletion_cause): its name is what is stored and shown.
 */
enum deletion_cause {
	DC_NONE,		/* not deleted, or nothing says why */
	DC_ROLLOUT,		/* a rollout replaced its ReplicaSet */
	DC_SCALE_DOWN,		/* its ReplicaSet was scaled down (an
				   autoscaler, a person) */
	DC_JOB,			/* the Job or CronJob controller */
	DC_EVICTION,		/* the eviction API (a drain, a budget) */
	DC_NODE,		/* its node: the taint manager, the pod
				   garbage collector, a node shutdown */
	DC_MANUAL,		/* someone deleted it by hand */
	DC__COUNT
};
/* "rollout", "scale-down"...; NULL for DC_NONE. */
const char	*deletion_cause_name(enum deletion_cause c);

extern const struct rec_desc row_descs[ROW__COUNT];

/* Whether a container name is a known proxy or agent sidecar. */
int	model_is_proxy_name(const char *name);
/* Whether it is Istio's proxy (which has knobs of its own). */
int	model_is_istio(const char *name);
/*
 * Whether a container's reason (waiting or terminated; may be NULL) or
 * exit code (INT_NONE: unknown) says it could not start:
 * ContainerCannotRun, StartError, CreateContainerConfigError, an image
 * that could not be pulled, exit 126 or 127.
 */
int	model_is_start_failure(const char *reason, int64_t exit_code);
/*
 * The signal an exit code says ended the process (128 + n, n from 1 to
 * 64), or 0: codes above 192, such as 255 (exit(-1), klog.Fatal), are
 * the program's own.
 */
int	model_exit_signal(int64_t exit_code);

/* A main container: neither an init container nor a sidecar. */
int	model_is_main(const struct row_container *c);
/*
 * A plain init container: one that ran to completion before the others
 * (not a native sidecar), and so has no part in the pod's death.
 */
int	model_is_plain_init(const struct row_container *c);
/*
 * A plain init container in trouble: it exited non-zero, restarted, or
 * waits for a reason other than its turn (CrashLoopBackOff, not
 * PodInitializing or ContainerCreating): the pod never got past it, so
 * every view shows it as it shows the pod's own containers.  One that
 * completed is left out of them.
 */
int	model_init_failing(const struct row_container *c);
/* Shown among a pod's containers: any but a plain init that completed. */
int	model_container_shown(const struct row_container *c);

/*
 * A workload's shutdowns as its containers measured them (grace-budget-
 * too-small in analyze, the budget checks of lint --db): each main
 * container that got SIGTERM and then ended, unless the kernel ended it
 * (OOMKilled), is either killed at the deadline (its deadline - SIGTERM
 * a lower bound of its shutdown) or exited on its own before the
 * deadline (its shutdown measured).  Begin zeroed with both longest
 * TIME_NONE; model_shutdown_add folds one container in.
 */
struct model_shutdowns {
	int64_t		 killed;	/* containers killed at the deadline */
	int64_t		 exited;	/* containers that exited on their own
					   after SIGTERM, before the deadline */
	int64_t		 longest_us;	/* the longest such exit after
					   SIGTERM, or TIME_NONE */
	const char	*longest_pod;	/* its pod (borrowed), or NULL */
	int64_t		 lower_us;	/* the longest SIGTERM to the kill of
					   those killed, or TIME_NONE */
};
#define MODEL_SHUTDOWNS_INIT	{ .longest_us = TIME_NONE,		\
	.lower_us = TIME_NONE }
void	model_shutdown_add(struct model_shutdowns *w,
	    const struct row_container *c, const char *pod);

/* How much of a container's end its exit label says (model_exit_word). */
enum exit_words {
	EW_SIGKILL,	/* SIGKILL at the grace deadline only */
	EW_OOM,		/* and the OOM killer, as "OOM" */
	EW_OOMKILLED,	/* and the OOM killer, as "OOMKilled" */
	EW_REASON,	/* and any reason but Error and Completed */
};
/*
 * What ended container c, in one word, as much as w says: "SIGKILL"
 * when it was killed at the grace deadline, "OOM" or "OOMKilled", its
 * reason; NULL when there is nothing to say.  Borrowed (static, or c's).
 */
const char	*model_exit_word(const struct row_container *c,
		    enum exit_words w);
/*
 * Container c's exit label into out (len bytes), returned: its code and
 * model_exit_word's word ("137 SIGKILL", "137 OOMKilled", "0"); "?"
 * for an unknown code ("? SIGKILL").
 */
const char	*model_exit_label(const struct row_container *c,
		    enum exit_words w, char *out, size_t len);

#endif
