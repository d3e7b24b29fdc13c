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
	ROW__COUNT
};

/* One pod's life and death. */
struct row_pod {
	const char	*uid;
	const char	*namespace;
	const char	*name;
	const char	*node;
	const char	*ip;		/* the last IP it had */
	const char	*phase;		/* the last phase seen */
	const char	*owner_kind;	/* controller: ReplicaSet, Job... */
	const char	*owner_name;
	const char	*workload_kind;	/* Deployment, CronJob, StatefulSet,
					   or the owner's kind, or "Pod" */
	const char	*workload;	/* its name */
	const char	*template_hash;	/* pod-template-hash */
	int64_t		 created_us;
	int64_t		 scheduled_us;
	int64_t		 start_us;	/* status.startTime */
	int64_t		 ready_us;	/* Ready condition became True */
	int64_t		 deletion_us;	/* the deletion request */
	const char	*deletion_basis;
	int64_t		 grace_s;	/* grace period of the deletion */
	int64_t		 prestop_ms;	/* the main container's preStop sleep,
					   INT_NONE when none or unknown */
	int64_t		 sigterm_us;	/* SIGTERM to the main container */
	const char	*sigterm_basis;
	int64_t		 deadline_us;	/* SIGKILL deadline (2 s floor) */
	int64_t		 gone_us;	/* the pod object was deleted */
	const char	*gone_basis;
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
	const char	*ended_by;	/* who ended the pod when it was not
					   its deletion: "eviction",
					   "preemption", "node-shutdown"; NULL
					   when nobody did or it was deleted */
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
};

/*
 * One container of one pod, its last instance, with what is known of the
 * instances before it (kubectl's Last State) and of the kubelet's events
 * about it.
 */
struct row_container {
	const char	*pod_uid;
	const char	*name;
	int		 init;		/* an init container */
	int		 native_sidecar; /* init with restartPolicy Always */
	int		 sidecar;	/* native, or named like a proxy */
	const char	*image;
	const char	*prestop_kind;	/* sleep, exec, httpGet, tcpSocket */
	int64_t		 prestop_ms;
	const char	*prestop_cmd;
	int64_t		 started_us;
	int64_t		 ready_us;	/* first seen ready (watch streams) */
	int64_t		 finished_us;
	int64_t		 exit_code;
	const char	*reason;
	int64_t		 signal;
	int64_t		 restarts;	/* restartCount, the last written */
	int64_t		 sigterm_us;
	const char	*sigterm_basis;
	int64_t		 deadline_us;	/* its SIGKILL deadline */
	int		 killed_at_deadline;
	const char	*message;	/* of the last instance's end */
	const char	*waiting_reason; /* when last seen waiting: why
					   ("CrashLoopBackOff"...), else
					   NULL */
	const char	*waiting_message;
	int64_t		 last_started_us; /* lastState.terminated, the latest
					   one seen: the instance before the
					   current one (TIME_NONE, INT_NONE,
					   NULL when none was written) */
	int64_t		 last_finished_us;
	int64_t		 last_exit_code;
	const char	*last_reason;
	int64_t		 last_signal;
	int64_t		 terminations;	/* rows in terminations */
	const char	*restarts_basis; /* how the restarts are known: "189
					   restarts counted by the kubelet;
					   1 termination observed" */
	int		 liveness;	/* it has a livenessProbe */
	int64_t		 liveness_period_s; /* as written, INT_NONE */
	int64_t		 liveness_timeout_s;
	int64_t		 liveness_threshold; /* failureThreshold */
	int64_t		 liveness_delay_s; /* initialDelaySeconds */
	int64_t		 probe_kills;	/* the kubelet's kills for a failed
					   liveness or startup probe (Killing
					   events, their counts summed) */
	int64_t		 probe_kill_first_us;
	int64_t		 probe_kill_last_us;
	int64_t		 unhealthy;	/* failed liveness or startup probes
					   (Unhealthy events, counts summed) */
	int64_t		 unhealthy_first_us;
	int64_t		 unhealthy_last_us;
	const char	*unhealthy_message; /* the latest one's */
	int64_t		 back_offs;	/* BackOff "restarting failed
					   container" events, counts summed */
	int64_t		 back_off_last_us;
	const char	*start_error;	/* the latest Failed event's message
					   (could not pull, create or start) */
};

/*
 * One termination of one container instance: a death with its own
 * moment.  From state.terminated and every distinct lastState.terminated
 * of the pod's versions.  Who ended it (cause) is one of: "app" (it
 * exited on its own), "liveness" (the kubelet, for a failed liveness or
 * startup probe), "eviction", "preemption", "node-shutdown",
 * "node-restart" (the node or its runtime restarted: reason Unknown,
 * exit 255), "oom" (the kernel's OOM killer), "deletion" (the pod's
 * deletion: SIGTERM, or SIGKILL at the grace deadline), "start-failure"
 * (it could not start), "signal" (killed by a signal nothing explains).
 */
struct row_termination {
	const char	*pod_uid;
	const char	*container;
	int		 init;		/* an init container */
	int64_t		 instance;	/* restarts before it (its restartCount
					   while it ran), or INT_NONE */
	int64_t		 started_us;
	int64_t		 finished_us;
	int64_t		 exit_code;	/* or INT_NONE */
	int64_t		 signal;	/* or INT_NONE */
	const char	*reason;	/* "Error", "OOMKilled"... */
	const char	*message;	/* the runtime's, or NULL */
	const char	*cause;		/* who ended it (above) */
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
	const char	*ip;
	const char	*pod_uid;
	const char	*namespace;	/* the pod's */
	int64_t		 from_us;
	int64_t		 to_us;
};

/* A workload object, its latest version. */
struct row_workload {
	const char	*uid;
	const char	*kind;
	const char	*namespace;
	const char	*name;
	const char	*owner_kind;
	const char	*owner_name;
	int64_t		 created_us;
	const char	*template_hash;
	int64_t		 revision;
	int64_t		 replicas;
	int64_t		 grace_s;
	const char	*condition;
	int64_t		 start_us;
	int64_t		 completion_us;
	const char	*schedule;
	const char	*condition_reason; /* Job: why it is Failed... */
	int64_t		 backoff_limit;	/* Job spec.backoffLimit, INT_NONE */
	int64_t		 failed;	/* Job status.failed, INT_NONE */
};

/* A Deployment's new ReplicaSet taking over from the old one. */
struct row_rollout {
	const char	*namespace;
	const char	*deployment;
	const char	*new_rs;
	const char	*old_rs;	/* NULL for the first revision */
	int64_t		 revision;
	int64_t		 start_us;	/* first scale-up of new_rs */
	int64_t		 end_us;	/* old_rs's last pod gone */
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
};

/* A Job run. */
struct row_job {
	const char	*uid;
	const char	*namespace;
	const char	*name;
	const char	*cronjob;	/* owner, or from the name; NULL */
	int64_t		 start_us;
	int64_t		 completion_us;
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
	const char	*pod_uid;
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
 * A finding (coroner(1), FINDINGS): a problem, its evidence and its fix.
 * Written by the analysis (analyze.c), read by the reports and views.
 */
struct row_finding {
	int64_t		 id;		/* 1, 2, ... in the order reported */
	const char	*kind;		/* "sigkill-at-grace-deadline"... */
	const char	*severity;	/* "critical", "warning" */
	const char	*namespace;
	const char	*workload;
	const char	*pods;		/* JSON array of pod names */
	int64_t		 start_us;
	int64_t		 end_us;
	const char	*summary;	/* one sentence */
	const char	*evidence;	/* JSON object: numbers and times */
	const char	*recommendation;
};

/* One pod of a finding, by uid (names are reused). */
struct row_finding_pod {
	int64_t		 finding_id;	/* row_finding.id */
	const char	*pod_uid;	/* row_pod.uid */
};

/* A reference record absent from the actual set, and where it fell. */
struct row_missing {
	const char	*reference;	/* the reference set's name */
	const char	*actual;	/* the actual set's name */
	const char	*key;
	int64_t		 time_us;	/* its time in the reference set */
	const char	*pod_uid;	/* the pod whose termination window
					   holds it, or NULL */
	const char	*namespace;	/* that pod's */
	const char	*workload;
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
	const char	*namespace;
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

#endif
