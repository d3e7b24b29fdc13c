/*
 * evidence.c: the words for each evidence field of the findings
 * (evidence.h), as an SRE would say them in a postmortem.  Pure data;
 * the rules that fill the fields are src/rules*.c and src/reconcile.c.
 */
#include <string.h>

#include "evidence.h"

static const struct {
	const char	*key;
	const char	*words;
} fields[] = {
	/* the grace budget */
	{ "grace_s", "the grace period (terminationGracePeriodSeconds): "
	    "the whole budget from the deletion request to SIGKILL, in "
	    "seconds" },
	{ "prestop_s", "the preStop sleep: it runs first and uses up the "
	    "grace before SIGTERM is sent" },
	{ "killed", "containers that exited 137 within 2 s of the grace "
	    "deadline: SIGKILLed while still shutting down" },
	{ "shutdown_s", "the longest shutdown measured, from SIGTERM to "
	    "the exit: of a container of the workload that exited on its "
	    "own (under any grace), or, when none took longer, the killed "
	    "containers' deadline minus SIGTERM (a lower bound)" },
	{ "shutdown_basis", "how the shutdown is known: observed (a "
	    "container exited on its own), lower-bound (all were killed: "
	    "it takes longer than this) or logs" },
	{ "shutdown_pod", "the pod whose container's exit measured that "
	    "shutdown" },
	{ "containers_killed", "the workload's main containers killed at "
	    "the grace deadline, over every pod imported" },
	{ "containers_exited", "the workload's main containers that exited "
	    "on their own after SIGTERM, before the deadline" },
	{ "margin_s", "the margin added to the budget for what varies" },
	{ "recommended_grace_s", "preStop + shutdown + margin, rounded up "
	    "to 5 s: a grace period that holds the whole shutdown" },
	{ "lb_lag_s", "how long after the deletion request a load balancer "
	    "still routed requests to the workload's pods" },
	{ "recommended_prestop_s", "a preStop sleep longer than the load "
	    "balancer's lag, so that the pod keeps serving until it stops "
	    "routing" },
	{ "recommended_drain_s", "how long the proxy should stay after the "
	    "deletion request so that the app finishes before it: app_done_s "
	    "+ the margin, rounded up to a second (lint's proxy-drains-first "
	    "says the same)" },
	{ "app_done_s", "the deletion request to the app's exit, the worst "
	    "pod: its preStop, then its shutdown" },
	{ "deletion", "the deletion request: deletionTimestamp minus the "
	    "grace; the grace, endpoint removal and the preStop start here" },
	{ "sigterm", "when SIGTERM reached the container: after its preStop" },
	{ "deadline", "the grace deadline: deletion request + grace; what "
	    "still runs gets SIGKILL" },
	{ "finished", "when the container exited" },
	{ "gone", "when the pod was gone from the API: the kubelet's final "
	    "delete, or a watch's DELETED" },
	{ "gone_basis", "how that is known: observed (the audit log, a "
	    "watch) or inferred" },
	{ "exit_code", "its exit code: 137 is SIGKILL (or the OOM killer), "
	    "143 SIGTERM obeyed, 0 a clean exit" },
	{ "pod", "the pod" },
	{ "container", "the container" },
	{ "pods_detail", "one row per pod: the times and codes behind the "
	    "numbers above" },
	/* traffic */
	{ "failed_requests", "requests routed to these pods that failed "
	    "(5xx or no response) after they had stopped accepting" },
	{ "conn_failures", "attempts that got no response at all: refused, "
	    "reset or timed out" },
	{ "lag_s", "the load balancer's lag: the last request it still "
	    "routed to a pod minus that pod's deletion request (the worst "
	    "pod), in seconds" },
	{ "endpoint_lag_s", "Kubernetes' part of the lag: the deletion "
	    "request to the pod's endpoint marked terminating (or no longer "
	    "ready) in its EndpointSlice, the worst pod; null without "
	    "EndpointSlice evidence" },
	{ "endpoint_terminating", "when the pod's endpoint was first marked "
	    "terminating (or no longer ready) in its EndpointSlice" },
	{ "lag_resolution_s", "the lag comes from per-second counts: it is "
	    "known to within this many seconds" },
	{ "first_failure", "the first failed request" },
	{ "last_failure", "the last failed request" },
	{ "stopped_accepting", "when the pod stopped accepting requests" },
	{ "stopped_basis", "how that time is known" },
	{ "last_routed", "when the load balancer had routed its last "
	    "request to the pod (the end of that request's second)" },
	{ "failed", "requests that failed" },
	{ "requests", "requests routed in that time" },
	{ "rollout", "the rollout these pods died in" },
	{ "deployment", "the Deployment" },
	{ "old_rs", "the ReplicaSet being replaced" },
	{ "new_rs", "the ReplicaSet taking over" },
	{ "revision", "the revision deployed: the deploy tool's (Helm, "
	    "Argo CD, Flux) when its history names it, else the "
	    "Deployment's" },
	{ "tool", "what deployed it: helm, argocd, flux, kubectl, or null" },
	{ "deployed_by", "who deployed it, from the deploy history or the "
	    "audit log's change of the Deployment" },
	{ "deleted_by", "who deleted these pods, from the audit log: each "
	    "actor with its number of pods" },
	{ "requested_grace_s", "the grace the deletion asked for "
	    "(--grace-period, --force, an eviction's deleteOptions), the "
	    "shortest of the pods'" },
	{ "spec_grace_s", "the grace the pods' spec gives "
	    "(terminationGracePeriodSeconds)" },
	{ "requested_by", "who asked for the evictions: each actor with its "
	    "number of pods" },
	{ "first", "the first of them" },
	{ "last", "the last of them" },
	{ "then_evicted", "when an eviction or delete of the pods finally "
	    "went through, or null: not while the log runs" },
	{ "offset_s", "seconds from the rollout's start" },
	{ "start", "when it began" },
	{ "end", "when it ended" },
	/* sidecars */
	{ "proxy", "the proxy container beside the app" },
	{ "app", "the app container" },
	{ "proxy_exit", "when the proxy exited" },
	{ "app_exit", "when the app exited" },
	{ "gap_s", "seconds the app ran on without its proxy: its requests "
	    "and outbound calls failed" },
	{ "log_errors", "the app's log lines about failed calls in that "
	    "time" },
	{ "sample", "one such line, as the app wrote it" },
	{ "proxy_ready", "when the proxy was ready to carry traffic" },
	{ "proxy_ready_basis", "how that is known: the ready flag, its log "
	    "line or its readiness probe" },
	{ "pod_start", "when the pod started" },
	{ "wait_s", "seconds the app ran before its proxy was ready: its "
	    "calls out failed" },
	/* Jobs */
	{ "job", "the Job" },
	{ "cronjob", "the CronJob that made it" },
	{ "job_status", "the Job's status when it was seen" },
	{ "job_start", "when the Job started" },
	{ "status", "its status" },
	{ "main_container", "the Job's main container" },
	{ "main_finished", "when the main container finished" },
	{ "main_exit_code", "its exit code" },
	{ "sidecar", "the sidecar that kept running" },
	{ "sidecar_finished", "when the sidecar ended, if it did" },
	{ "held_until", "until when the sidecar held the Job" },
	{ "held_for_s", "seconds the Job stayed Running after its work was "
	    "done" },
	{ "held_basis", "how the end of the hold is known" },
	{ "median_s", "the median duration of the CronJob's earlier runs" },
	{ "runs", "earlier runs measured" },
	{ "duration_s", "how long it ran, in seconds" },
	{ "ratio", "its duration over the median of the earlier runs" },
	{ "alert_after_s", "alert when a run passes this: twice the median" },
	/* records */
	{ "reference", "the record set taken as the truth (the other "
	    "party's)" },
	{ "actual", "the record set compared with it (ours)" },
	{ "reference_total", "records in the reference set" },
	{ "missing", "reference records absent from the actual set" },
	{ "in_windows", "of them, those whose time falls in this workload's "
	    "termination windows (its pods' last seconds)" },
	{ "window_coverage", "the share of the reference's time span those "
	    "windows cover: the share of missing records chance would put "
	    "there" },
	{ "enrichment", "how many times more missing records fall in the "
	    "windows than chance would put there: (in_windows / missing) / "
	    "window_coverage" },
	{ "p_value", "the probability of at least this many by chance (a "
	    "one-sided binomial test): the smaller, the surer" },
	{ "sample_keys", "some of the missing records' keys" },
	{ "unexpected", "actual records absent from the reference" },
	{ "lead_s", "records this long before the deletion request still "
	    "count as in the window (buffered, not yet flushed)" },
	{ "skew_s", "the clock skew allowed between the two parties" },
	/* bursts and kills */
	{ "count", "how many" },
	{ "peak_per_s", "the most in one second" },
	{ "baseline_per_s", "the workload's usual rate, per second (the "
	    "median)" },
	{ "nearest_rollout", "the rollout nearest in time, if any" },
	{ "restarts", "restarts the kubelet counted" },
	{ "window", "the span it covers" },
	/* the other deaths: crash loops, probes, evictions, nodes, Jobs */
	{ "restarts_basis", "how the restarts are known: the kubelet's "
	    "count, and how many of the terminations were seen" },
	{ "last_exit_code", "the exit code of the last death" },
	{ "last_reason", "the reason the runtime gave for the last death" },
	{ "last_message", "the message the runtime kept of the last death "
	    "(lastState.terminated.message: often the error, or a stack)" },
	{ "last_started", "when the instance that died last had started" },
	{ "last_finished", "when it died" },
	{ "last_ran_s", "how long it had run before it died, in seconds" },
	{ "back_off_events", "the kubelet's BackOff events: times it waited "
	    "before restarting a container that keeps failing" },
	{ "crash_loop_back_off", "containers waiting in CrashLoopBackOff "
	    "when last seen" },
	{ "node", "the node it ran on" },
	{ "node_restarts_max", "restarts its node's restarts may explain: "
	    "the most a node-restart finding saw on that node" },
	{ "own_restarts_at_least", "restarts that are its own: observed "
	    "exits of its own, and those of the kubelet's count that its "
	    "node's restarts cannot explain" },
	{ "node_restarts_at_most", "restarts its node's restarts explain: "
	    "observed terminations with reason Unknown at the node's "
	    "restart, and at most as many unobserved ones as the node "
	    "restarted" },
	{ "previous_log", "the last lines its previous instance wrote "
	    "(-previous.log): usually why it died" },
	{ "own_exits_observed", "deaths seen that the app caused itself "
	    "(a non-zero exit, not a kill)" },
	{ "restarted", "when the kubelet started it again" },
	{ "waiting", "why the container waited when last seen" },
	{ "period_s", "the liveness probe's period (periodSeconds)" },
	{ "timeout_s", "how long the probe waits for an answer "
	    "(timeoutSeconds)" },
	{ "failure_threshold", "failed probes in a row before the kubelet "
	    "kills the container (failureThreshold)" },
	{ "initial_delay_s", "the probe's initialDelaySeconds" },
	{ "probe_basis", "where the probe's settings come from: the pod "
	    "spec, or Kubernetes' defaults" },
	{ "unresponsive_s", "the least time the probe failed before each "
	    "kill: (failureThreshold - 1) x period + timeout" },
	{ "unresponsive_basis", "how unresponsive_s is worked out" },
	{ "exit_codes", "the exit codes seen: 143 when it obeyed SIGTERM, "
	    "137 when it was SIGKILLed after the grace" },
	{ "kills", "kills the kubelet made for a failed probe" },
	/* a slow burst */
	{ "usual_error_ratio", "the workload's own errors per request "
	    "outside the burst's window" },
	/* an outage */
	{ "ready_min", "the fewest pods ready at once during the outage" },
	{ "none_ready_s", "of the outage, the seconds with no pod ready at "
	    "all" },
	{ "desired", "the replicas the outage is judged against" },
	{ "desired_basis", "where that number comes from: the workload's "
	    "spec.replicas, or the most pods ready at once in the evidence" },
	{ "last_probe_message", "the last readiness probe failure's "
	    "message, as the kubelet's Unhealthy event says it" },
	{ "related", "the ids of the findings around the outage (from a "
	    "minute before it to its end) that may explain it" },
	{ "probe_failures", "failed probes (the kubelet's Unhealthy "
	    "events)" },
	{ "probe_message", "what the last failed probe said" },
	{ "first_kill", "the first kill" },
	{ "last_kill", "the last kill" },
	{ "cause", "who ended the pods: eviction (node pressure), "
	    "preemption or node-shutdown" },
	{ "reason", "the reason Kubernetes wrote" },
	{ "disruption", "the DisruptionTarget condition's reason" },
	{ "message", "the message Kubernetes (or the runtime) wrote" },
	{ "resource", "what the node ran out of" },
	{ "containers", "containers involved" },
	{ "first_finished", "the first of them to end" },
	{ "restarted_by", "when the last of them was running again" },
	{ "restarts_max", "the most restarts one of them has: the node's "
	    "restarts are among them" },
	{ "node_events", "the node's own events around it (Rebooted, "
	    "NodeNotReady...)" },
	{ "jobs", "the Jobs" },
	{ "attempts", "the tries counted: the pods a Job ran that failed; "
	    "the evictions a disruption budget refused" },
	{ "backoff_limit", "failed pods the Job allows before it fails "
	    "(spec.backoffLimit)" },
	{ "durations_s", "how long each failed pod ran, in seconds" },
	{ "oom_killed", "failed pods the OOM killer ended" },
	{ "init", "an init container" },
	{ "ended", "when the kubelet ended the pod" },
	{ "ended_basis", "how that is known" },
	{ "failed_events_message", "the kubelet's Failed event" },
	{ "ran_s", "how long it ran, in seconds" },
	{ "started", "when it started" },
	{ "workload", "its workload" },
	{ "namespace", "its namespace" },
};

const char *
evidence_explain(const char *key)
{
	size_t	i;

	if (key == NULL)
		return (NULL);
	for (i = 0; i < sizeof fields / sizeof fields[0]; i++) {
		if (strcmp(fields[i].key, key) == 0)
			return (fields[i].words);
	}
	return (NULL);
}
