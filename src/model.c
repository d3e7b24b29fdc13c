/*
 * model.c: the field tables of the model's rows (model.h), the names of
 * known sidecar containers, and the small facts read off one container
 * row that every view and rule asks rather than derives: a main
 * container or not, a plain init container, how its exit reads.  The
 * model itself is lifecycle.c and rollout.c.
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "model.h"
#include "timefmt.h"
#include "util.h"

#define F(t, n, ty)	{ .name = #n, .type = ty, .off = offsetof(t, n) }
#define FE(t, n, v)	{ .name = #n, .type = RF_ENUM, .off = offsetof(t, n), \
	.names = v, .nnames = (int)(sizeof v / sizeof v[0]) }

const char *const end_cause_names[EC__COUNT] = {
	[EC_NONE] = NULL,
	[EC_APP] = "app",
	[EC_LIVENESS] = "liveness",
	[EC_EVICTION] = "eviction",
	[EC_PREEMPTION] = "preemption",
	[EC_NODE_SHUTDOWN] = "node-shutdown",
	[EC_NODE_RESTART] = "node-restart",
	[EC_OOM] = "oom",
	[EC_DELETION] = "deletion",
	[EC_START_FAILURE] = "start-failure",
	[EC_SIGNAL] = "signal",
};

static const struct rec_field pod_fields[] = {
	F(struct row_pod, uid, RF_STR),
	F(struct row_pod, namespace, RF_STR),
	F(struct row_pod, name, RF_STR),
	F(struct row_pod, node, RF_STR),
	F(struct row_pod, ip, RF_STR),
	F(struct row_pod, phase, RF_STR),
	F(struct row_pod, owner_kind, RF_STR),
	F(struct row_pod, owner_name, RF_STR),
	F(struct row_pod, workload_kind, RF_STR),
	F(struct row_pod, workload, RF_STR),
	F(struct row_pod, template_hash, RF_STR),
	F(struct row_pod, created_us, RF_TIME),
	F(struct row_pod, scheduled_us, RF_TIME),
	F(struct row_pod, start_us, RF_TIME),
	F(struct row_pod, ready_us, RF_TIME),
	F(struct row_pod, deletion_us, RF_TIME),
	F(struct row_pod, deletion_basis, RF_STR),
	F(struct row_pod, grace_s, RF_INT),
	F(struct row_pod, prestop_ms, RF_INT),
	F(struct row_pod, sigterm_us, RF_TIME),
	F(struct row_pod, sigterm_basis, RF_STR),
	F(struct row_pod, deadline_us, RF_TIME),
	F(struct row_pod, gone_us, RF_TIME),
	F(struct row_pod, gone_basis, RF_STR),
	F(struct row_pod, killed, RF_BOOL),
	F(struct row_pod, observations, RF_INT),
	F(struct row_pod, main_exit_us, RF_TIME),
	F(struct row_pod, restart_policy, RF_STR),
	F(struct row_pod, reason, RF_STR),
	F(struct row_pod, message, RF_STR),
	F(struct row_pod, disruption, RF_STR),
	FE(struct row_pod, ended_by, end_cause_names),
	F(struct row_pod, ended_us, RF_TIME),
	F(struct row_pod, ended_basis, RF_STR),
	F(struct row_pod, spec_grace_s, RF_INT),
	F(struct row_pod, deletion_from, RF_STR),
	F(struct row_pod, deletion_by, RF_STR),
	F(struct row_pod, deletion_via, RF_STR),
	F(struct row_pod, deletion_cause, RF_STR),
	F(struct row_pod, deletion_cause_basis, RF_STR),
	F(struct row_pod, endpoint_terminating_us, RF_TIME),
	F(struct row_pod, endpoint_not_serving_us, RF_TIME),
	F(struct row_pod, endpoint_gone_us, RF_TIME),
	F(struct row_pod, unready_us, RF_TIME),
	F(struct row_pod, ready_again_us, RF_TIME),
	F(struct row_pod, owner_uid, RF_STR),
	{ .name = NULL }
};

static const struct rec_field container_fields[] = {
	F(struct row_container, pod_uid, RF_STR),
	F(struct row_container, name, RF_STR),
	F(struct row_container, init, RF_BOOL),
	F(struct row_container, native_sidecar, RF_BOOL),
	F(struct row_container, sidecar, RF_BOOL),
	F(struct row_container, image, RF_STR),
	F(struct row_container, prestop_kind, RF_STR),
	F(struct row_container, prestop_ms, RF_INT),
	F(struct row_container, prestop_cmd, RF_STR),
	F(struct row_container, started_us, RF_TIME),
	F(struct row_container, ready_us, RF_TIME),
	F(struct row_container, finished_us, RF_TIME),
	F(struct row_container, exit_code, RF_INT),
	F(struct row_container, reason, RF_STR),
	F(struct row_container, signal, RF_INT),
	F(struct row_container, restarts, RF_INT),
	F(struct row_container, sigterm_us, RF_TIME),
	F(struct row_container, sigterm_basis, RF_STR),
	F(struct row_container, deadline_us, RF_TIME),
	F(struct row_container, killed_at_deadline, RF_BOOL),
	F(struct row_container, message, RF_STR),
	F(struct row_container, waiting_reason, RF_STR),
	F(struct row_container, waiting_message, RF_STR),
	F(struct row_container, last_started_us, RF_TIME),
	F(struct row_container, last_finished_us, RF_TIME),
	F(struct row_container, last_exit_code, RF_INT),
	F(struct row_container, last_reason, RF_STR),
	F(struct row_container, last_signal, RF_INT),
	F(struct row_container, terminations, RF_INT),
	F(struct row_container, restarts_basis, RF_STR),
	F(struct row_container, liveness, RF_BOOL),
	F(struct row_container, liveness_period_s, RF_INT),
	F(struct row_container, liveness_timeout_s, RF_INT),
	F(struct row_container, liveness_threshold, RF_INT),
	F(struct row_container, liveness_delay_s, RF_INT),
	F(struct row_container, probe_kills, RF_INT),
	F(struct row_container, probe_kill_first_us, RF_TIME),
	F(struct row_container, probe_kill_last_us, RF_TIME),
	F(struct row_container, unhealthy, RF_INT),
	F(struct row_container, unhealthy_first_us, RF_TIME),
	F(struct row_container, unhealthy_last_us, RF_TIME),
	F(struct row_container, unhealthy_message, RF_STR),
	F(struct row_container, back_offs, RF_INT),
	F(struct row_container, back_off_last_us, RF_TIME),
	F(struct row_container, start_error, RF_STR),
	{ .name = NULL }
};

static const struct rec_field pod_ip_fields[] = {
	F(struct row_pod_ip, ip, RF_STR),
	F(struct row_pod_ip, pod_uid, RF_STR),
	F(struct row_pod_ip, namespace, RF_STR),
	F(struct row_pod_ip, from_us, RF_TIME),
	F(struct row_pod_ip, to_us, RF_TIME),
	{ .name = NULL }
};

static const struct rec_field workload_fields[] = {
	F(struct row_workload, uid, RF_STR),
	F(struct row_workload, kind, RF_STR),
	F(struct row_workload, namespace, RF_STR),
	F(struct row_workload, name, RF_STR),
	F(struct row_workload, owner_kind, RF_STR),
	F(struct row_workload, owner_name, RF_STR),
	F(struct row_workload, created_us, RF_TIME),
	F(struct row_workload, template_hash, RF_STR),
	F(struct row_workload, revision, RF_INT),
	F(struct row_workload, replicas, RF_INT),
	F(struct row_workload, grace_s, RF_INT),
	F(struct row_workload, condition, RF_STR),
	F(struct row_workload, start_us, RF_TIME),
	F(struct row_workload, completion_us, RF_TIME),
	F(struct row_workload, schedule, RF_STR),
	F(struct row_workload, condition_reason, RF_STR),
	F(struct row_workload, backoff_limit, RF_INT),
	F(struct row_workload, failed, RF_INT),
	{ .name = NULL }
};

static const struct rec_field rollout_fields[] = {
	F(struct row_rollout, namespace, RF_STR),
	F(struct row_rollout, deployment, RF_STR),
	F(struct row_rollout, new_rs, RF_STR),
	F(struct row_rollout, old_rs, RF_STR),
	F(struct row_rollout, revision, RF_INT),
	F(struct row_rollout, start_us, RF_TIME),
	F(struct row_rollout, end_us, RF_TIME),
	F(struct row_rollout, basis, RF_STR),
	F(struct row_rollout, tool, RF_STR),
	F(struct row_rollout, deploy_revision, RF_STR),
	F(struct row_rollout, deployed_by, RF_STR),
	F(struct row_rollout, deploy_basis, RF_STR),
	F(struct row_rollout, kind, RF_STR),
	{ .name = NULL }
};

static const struct rec_field job_fields[] = {
	F(struct row_job, uid, RF_STR),
	F(struct row_job, namespace, RF_STR),
	F(struct row_job, name, RF_STR),
	F(struct row_job, cronjob, RF_STR),
	F(struct row_job, start_us, RF_TIME),
	F(struct row_job, completion_us, RF_TIME),
	F(struct row_job, duration_ms, RF_INT),
	F(struct row_job, status, RF_STR),
	F(struct row_job, reason, RF_STR),
	F(struct row_job, failed, RF_INT),
	F(struct row_job, backoff_limit, RF_INT),
	{ .name = NULL }
};

static const struct rec_field bucket_fields[] = {
	F(struct row_bucket, second, RF_INT),
	F(struct row_bucket, ip, RF_STR),
	F(struct row_bucket, pod_uid, RF_STR),
	F(struct row_bucket, namespace, RF_STR),
	F(struct row_bucket, workload, RF_STR),
	F(struct row_bucket, exact, RF_BOOL),
	F(struct row_bucket, requests, RF_INT),
	F(struct row_bucket, errors, RF_INT),
	F(struct row_bucket, conn_failures, RF_INT),
	{ .name = NULL }
};

static const struct rec_field finding_fields[] = {
	F(struct row_finding, id, RF_INT),
	F(struct row_finding, kind, RF_STR),
	F(struct row_finding, severity, RF_STR),
	F(struct row_finding, namespace, RF_STR),
	F(struct row_finding, workload, RF_STR),
	F(struct row_finding, pods, RF_STR),
	F(struct row_finding, start_us, RF_TIME),
	F(struct row_finding, end_us, RF_TIME),
	F(struct row_finding, summary, RF_STR),
	F(struct row_finding, evidence, RF_STR),
	F(struct row_finding, recommendation, RF_STR),
	{ .name = NULL }
};

static const struct rec_field missing_fields[] = {
	F(struct row_missing, reference, RF_STR),
	F(struct row_missing, actual, RF_STR),
	F(struct row_missing, key, RF_STR),
	F(struct row_missing, time_us, RF_TIME),
	F(struct row_missing, pod_uid, RF_STR),
	F(struct row_missing, namespace, RF_STR),
	F(struct row_missing, workload, RF_STR),
	{ .name = NULL }
};

static const struct rec_field finding_pod_fields[] = {
	F(struct row_finding_pod, finding_id, RF_INT),
	F(struct row_finding_pod, pod_uid, RF_STR),
	{ .name = NULL }
};

static const struct rec_field termination_fields[] = {
	F(struct row_termination, pod_uid, RF_STR),
	F(struct row_termination, container, RF_STR),
	F(struct row_termination, init, RF_BOOL),
	F(struct row_termination, instance, RF_INT),
	F(struct row_termination, started_us, RF_TIME),
	F(struct row_termination, finished_us, RF_TIME),
	F(struct row_termination, exit_code, RF_INT),
	F(struct row_termination, signal, RF_INT),
	F(struct row_termination, reason, RF_STR),
	F(struct row_termination, message, RF_STR),
	FE(struct row_termination, cause, end_cause_names),
	F(struct row_termination, cause_basis, RF_STR),
	F(struct row_termination, restarted_us, RF_TIME),
	F(struct row_termination, basis, RF_STR),
	F(struct row_termination, last_log_us, RF_TIME),
	F(struct row_termination, last_log, RF_STR),
	{ .name = NULL }
};

static const struct rec_field pod_endpoint_fields[] = {
	F(struct row_pod_endpoint, pod_uid, RF_STR),
	F(struct row_pod_endpoint, namespace, RF_STR),
	F(struct row_pod_endpoint, pod, RF_STR),
	F(struct row_pod_endpoint, slice, RF_STR),
	F(struct row_pod_endpoint, service, RF_STR),
	F(struct row_pod_endpoint, address, RF_STR),
	F(struct row_pod_endpoint, node, RF_STR),
	F(struct row_pod_endpoint, first_seen_us, RF_TIME),
	F(struct row_pod_endpoint, ready_us, RF_TIME),
	F(struct row_pod_endpoint, not_ready_us, RF_TIME),
	F(struct row_pod_endpoint, not_serving_us, RF_TIME),
	F(struct row_pod_endpoint, terminating_us, RF_TIME),
	F(struct row_pod_endpoint, gone_us, RF_TIME),
	F(struct row_pod_endpoint, last_seen_us, RF_TIME),
	F(struct row_pod_endpoint, basis, RF_STR),
	{ .name = NULL }
};

static const struct rec_field node_state_fields[] = {
	F(struct row_node_state, node, RF_STR),
	F(struct row_node_state, state, RF_STR),
	F(struct row_node_state, detail, RF_STR),
	F(struct row_node_state, from_us, RF_TIME),
	F(struct row_node_state, to_us, RF_TIME),
	F(struct row_node_state, basis, RF_STR),
	{ .name = NULL }
};

static const struct rec_field deploy_fields[] = {
	F(struct row_deploy, tool, RF_STR),
	F(struct row_deploy, namespace, RF_STR),
	F(struct row_deploy, name, RF_STR),
	F(struct row_deploy, revision, RF_STR),
	F(struct row_deploy, source, RF_STR),
	F(struct row_deploy, status, RF_STR),
	F(struct row_deploy, actor, RF_STR),
	F(struct row_deploy, description, RF_STR),
	F(struct row_deploy, rollback_to, RF_STR),
	F(struct row_deploy, start_us, RF_TIME),
	F(struct row_deploy, end_us, RF_TIME),
	F(struct row_deploy, deployment, RF_STR),
	F(struct row_deploy, new_rs, RF_STR),
	{ .name = NULL }
};

static const struct rec_field pod_list_fields[] = {
	F(struct row_pod_list, seq, RF_INT),
	F(struct row_pod_list, uid, RF_STR),
	F(struct row_pod_list, namespace, RF_STR),
	F(struct row_pod_list, workload, RF_STR),
	F(struct row_pod_list, zero_us, RF_TIME),
	F(struct row_pod_list, deleted_us, RF_TIME),
	F(struct row_pod_list, badges, RF_STR),
	F(struct row_pod_list, failed, RF_INT),
	F(struct row_pod_list, missing, RF_INT),
	F(struct row_pod_list, exits_cols, RF_INT),
	F(struct row_pod_list, by_cols, RF_INT),
	F(struct row_pod_list, search, RF_STR),
	{ .name = NULL }
};

static const struct rec_field workload_pods_fields[] = {
	F(struct row_workload_pods, namespace, RF_STR),
	F(struct row_workload_pods, workload, RF_STR),
	F(struct row_workload_pods, kind, RF_STR),
	F(struct row_workload_pods, first_seq, RF_INT),
	F(struct row_workload_pods, pods, RF_INT),
	F(struct row_workload_pods, deaths, RF_INT),
	F(struct row_workload_pods, first_us, RF_TIME),
	F(struct row_workload_pods, last_us, RF_TIME),
	F(struct row_workload_pods, deleted_lo_us, RF_TIME),
	F(struct row_workload_pods, deleted_hi_us, RF_TIME),
	F(struct row_workload_pods, failed, RF_INT),
	F(struct row_workload_pods, missing, RF_INT),
	F(struct row_workload_pods, restarts, RF_INT),
	F(struct row_workload_pods, exits_cols, RF_INT),
	F(struct row_workload_pods, by_cols, RF_INT),
	F(struct row_workload_pods, badges_cols, RF_INT),
	F(struct row_workload_pods, name_cols, RF_INT),
	{ .name = NULL }
};

static const struct rec_field lane_death_fields[] = {
	F(struct row_lane_death, namespace, RF_STR),
	F(struct row_lane_death, workload, RF_STR),
	F(struct row_lane_death, at_us, RF_TIME),
	F(struct row_lane_death, killed, RF_BOOL),
	F(struct row_lane_death, pod_uid, RF_STR),
	{ .name = NULL }
};

static const struct rec_field lane_traffic_fields[] = {
	F(struct row_lane_traffic, namespace, RF_STR),
	F(struct row_lane_traffic, workload, RF_STR),
	F(struct row_lane_traffic, requests, RF_INT),
	F(struct row_lane_traffic, failed, RF_INT),
	{ .name = NULL }
};

static const struct rec_field workload_second_fields[] = {
	F(struct row_workload_second, namespace, RF_STR),
	F(struct row_workload_second, workload, RF_STR),
	F(struct row_workload_second, second, RF_INT),
	F(struct row_workload_second, requests, RF_INT),
	F(struct row_workload_second, errors, RF_INT),
	F(struct row_workload_second, conn_failures, RF_INT),
	{ .name = NULL }
};

static const struct rec_field workload_minute_fields[] = {
	F(struct row_workload_minute, namespace, RF_STR),
	F(struct row_workload_minute, workload, RF_STR),
	F(struct row_workload_minute, minute, RF_INT),
	F(struct row_workload_minute, requests, RF_INT),
	F(struct row_workload_minute, errors, RF_INT),
	F(struct row_workload_minute, conn_failures, RF_INT),
	{ .name = NULL }
};

static const struct rec_field pod_traffic_fields[] = {
	F(struct row_pod_traffic, pod_uid, RF_STR),
	F(struct row_pod_traffic, requests, RF_INT),
	F(struct row_pod_traffic, failed, RF_INT),
	{ .name = NULL }
};

#define ROW(t, tab, s, o)	{ .name = #t, .table = tab,		\
	.fields = t##_fields, .size = sizeof(struct s), .order = o }

const struct rec_desc row_descs[ROW__COUNT] = {
	[ROW_POD] = ROW(pod, "pods", row_pod,
	    "namespace, workload, coalesce(deletion_us, created_us), name"),
	[ROW_CONTAINER] = ROW(container, "containers", row_container,
	    "pod_uid, init DESC, name"),
	[ROW_POD_IP] = ROW(pod_ip, "pod_ips", row_pod_ip, "ip, from_us"),
	[ROW_WORKLOAD] = ROW(workload, "workloads", row_workload,
	    "namespace, kind, name"),
	[ROW_ROLLOUT] = ROW(rollout, "rollouts", row_rollout,
	    "namespace, deployment, start_us"),
	[ROW_JOB] = ROW(job, "jobs", row_job, "namespace, cronjob, start_us"),
	[ROW_BUCKET] = ROW(bucket, "buckets", row_bucket, "second, ip"),
	[ROW_FINDING] = ROW(finding, "findings", row_finding, "id"),
	[ROW_MISSING] = ROW(missing, "missing_records", row_missing,
	    "time_us, key"),
	[ROW_FINDING_POD] = ROW(finding_pod, "finding_pods", row_finding_pod,
	    "finding_id, pod_uid"),
	[ROW_TERMINATION] = ROW(termination, "terminations",
	    row_termination, "pod_uid, container, finished_us"),
	[ROW_POD_ENDPOINT] = ROW(pod_endpoint, "pod_endpoints",
	    row_pod_endpoint, "namespace, pod, first_seen_us"),
	[ROW_NODE_STATE] = ROW(node_state, "node_states", row_node_state,
	    "node, from_us, state"),
	[ROW_DEPLOY] = ROW(deploy, "deploys", row_deploy,
	    "namespace, name, end_us"),
	[ROW_POD_LIST] = ROW(pod_list, "pod_list", row_pod_list, "seq"),
	[ROW_WORKLOAD_PODS] = ROW(workload_pods, "workload_pods",
	    row_workload_pods, "first_seq"),
	[ROW_LANE_DEATH] = ROW(lane_death, "lane_deaths", row_lane_death,
	    "namespace, workload, at_us"),
	[ROW_LANE_TRAFFIC] = ROW(lane_traffic, "lane_traffic",
	    row_lane_traffic, "rowid"),
	[ROW_WORKLOAD_SECOND] = ROW(workload_second, "workload_seconds",
	    row_workload_second, "namespace, workload, second"),
	[ROW_WORKLOAD_MINUTE] = ROW(workload_minute, "workload_minutes",
	    row_workload_minute, "namespace, workload, minute"),
	[ROW_POD_TRAFFIC] = ROW(pod_traffic, "pod_traffic", row_pod_traffic,
	    "pod_uid"),
};

/* The names of enum deletion_cause, as stored and shown. */
static const char *const deletion_causes[DC__COUNT] = {
	[DC_NONE] = NULL,
	[DC_ROLLOUT] = "rollout",
	[DC_SCALE_DOWN] = "scale-down",
	[DC_JOB] = "job",
	[DC_EVICTION] = "eviction",
	[DC_NODE] = "node",
	[DC_MANUAL] = "manual",
};

const char *
end_cause_name(enum end_cause c)
{
	return ((unsigned)c < EC__COUNT ? end_cause_names[c] : NULL);
}

enum end_cause
end_cause_lookup(const char *name)
{
	int	c;

	for (c = EC__COUNT - 1; c > EC_NONE; c--) {
		if (str_eq(end_cause_names[c], name))
			break;
	}
	return ((enum end_cause)c);
}

const char *
deletion_cause_name(enum deletion_cause c)
{
	return (c < DC__COUNT ? deletion_causes[c] : NULL);
}

/*
 * Containers that are proxies or agents beside the app (coroner(1), THE MODEL).
 */
static const char *const proxy_names[] = {
	"istio-proxy", "linkerd-proxy", "envoy", "envoy-sidecar",
	"cloud-sql-proxy", "cloudsql-proxy", "vault-agent",
	"consul-connect-envoy", "consul-dataplane", "kuma-sidecar",
	"oauth2-proxy", "nginx-proxy", "aws-appmesh-envoy", NULL
};

int
model_is_proxy_name(const char *name)
{
	size_t	i;

	if (name == NULL)
		return (0);
	for (i = 0; proxy_names[i] != NULL; i++) {
		if (strcmp(name, proxy_names[i]) == 0)
			return (1);
	}
	return (0);
}

int
model_is_istio(const char *name)
{
	return (name != NULL && strcmp(name, "istio-proxy") == 0);
}

/* The reasons of a container that could not start. */
static const char *const start_failures[] = {
	"ContainerCannotRun", "StartError", "CreateContainerError",
	"CreateContainerConfigError", "RunContainerError", "ErrImagePull",
	"ImagePullBackOff", "InvalidImageName", "ErrImageNeverPull",
	"PreCreateHookError", "PreStartHookError", NULL
};

int
model_is_start_failure(const char *reason, int64_t exit_code)
{
	size_t	i;

	for (i = 0; reason != NULL && start_failures[i] != NULL; i++) {
		if (strcmp(reason, start_failures[i]) == 0)
			return (1);
	}
	/* the shell's "cannot execute" and "not found" */
	return ((exit_code == 126 || exit_code == 127) &&
	    (reason == NULL || strcmp(reason, "Completed") != 0));
}

int
model_exit_signal(int64_t exit_code)
{
	if (exit_code == INT_NONE || exit_code <= 128 || exit_code > 128 + 64)
		return (0);
	return ((int)(exit_code - 128));
}

int
model_is_main(const struct row_container *c)
{
	return (!c->init && !c->sidecar);
}

void
model_shutdown_add(struct model_shutdowns *w, const struct row_container *c,
    const char *pod)
{
	int64_t	s;

	if (!model_is_main(c) || c->sigterm_us == TIME_NONE ||
	    c->finished_us == TIME_NONE || c->finished_us < c->sigterm_us ||
	    str_eq(c->reason, "OOMKilled"))
		return;
	s = c->finished_us - c->sigterm_us;
	if (c->killed_at_deadline) {
		w->killed++;
		if (w->lower_us == TIME_NONE || s > w->lower_us)
			w->lower_us = s;
		return;
	}
	if (c->deadline_us != TIME_NONE && c->finished_us > c->deadline_us)
		return;		/* past its deadline: not a shutdown in it */
	w->exited++;
	if (w->longest_us == TIME_NONE || s > w->longest_us) {
		w->longest_us = s;
		w->longest_pod = pod;
	}
}

int
model_is_plain_init(const struct row_container *c)
{
	return (c->init && !c->native_sidecar);
}

int
model_init_failing(const struct row_container *c)
{
	/* waiting its turn or being created is no trouble */
	return (model_is_plain_init(c) && ((c->exit_code != INT_NONE &&
	    c->exit_code != 0) || (c->restarts != INT_NONE &&
	    c->restarts > 0) || (c->waiting_reason != NULL &&
	    strcmp(c->waiting_reason, "PodInitializing") != 0 &&
	    strcmp(c->waiting_reason, "ContainerCreating") != 0)));
}

int
model_container_shown(const struct row_container *c)
{
	return (!model_is_plain_init(c) || model_init_failing(c));
}

const char *
model_exit_word(const struct row_container *c, enum exit_words w)
{
	if (c->killed_at_deadline)
		return ("SIGKILL");
	if (w == EW_SIGKILL || c->reason == NULL)
		return (NULL);
	if (strcmp(c->reason, "OOMKilled") == 0)
		return (w == EW_OOM ? "OOM" : "OOMKilled");
	if (w == EW_REASON && strcmp(c->reason, "Error") != 0 &&
	    strcmp(c->reason, "Completed") != 0)
		return (c->reason);
	return (NULL);
}

const char *
model_exit_label(const struct row_container *c, enum exit_words w,
    char *out, size_t len)
{
	const char	*word = model_exit_word(c, w);

	if (c->exit_code == INT_NONE)
		snprintf(out, len, "?%s%s", word != NULL ? " " : "",
		    word != NULL ? word : "");
	else
		snprintf(out, len, "%lld%s%s", (long long)c->exit_code,
		    word != NULL ? " " : "", word != NULL ? word : "");
	return (out);
}
