/*
 * record.c: the field tables of the normalized records (record.h) and the
 * sink's reject helper.  Pure data; knows nothing of the store or views.
 */
#include <stddef.h>
#include <stdarg.h>
#include <stdlib.h>

#include "record.h"
#include "util.h"

#define F(t, n, ty)	{ .name = #n, .type = ty, .off = offsetof(t, n) }

static const struct rec_field event_fields[] = {
	F(struct rec_event, uid, RF_STR),
	F(struct rec_event, name, RF_STR),
	F(struct rec_event, namespace, RF_STR),
	F(struct rec_event, obj_kind, RF_STR),
	F(struct rec_event, obj_namespace, RF_STR),
	F(struct rec_event, obj_name, RF_STR),
	F(struct rec_event, obj_uid, RF_STR),
	F(struct rec_event, field_path, RF_STR),
	F(struct rec_event, container, RF_STR),
	F(struct rec_event, init_container, RF_BOOL),
	F(struct rec_event, reason, RF_STR),
	F(struct rec_event, message, RF_STR),
	F(struct rec_event, type, RF_STR),
	F(struct rec_event, component, RF_STR),
	F(struct rec_event, host, RF_STR),
	F(struct rec_event, action, RF_STR),
	F(struct rec_event, time_us, RF_TIME),
	F(struct rec_event, first_us, RF_TIME),
	F(struct rec_event, last_us, RF_TIME),
	F(struct rec_event, count, RF_INT),
	F(struct rec_event, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field pod_fields[] = {
	F(struct rec_pod, uid, RF_STR),
	F(struct rec_pod, namespace, RF_STR),
	F(struct rec_pod, name, RF_STR),
	F(struct rec_pod, node, RF_STR),
	F(struct rec_pod, ip, RF_STR),
	F(struct rec_pod, phase, RF_STR),
	F(struct rec_pod, reason, RF_STR),
	F(struct rec_pod, message, RF_STR),
	F(struct rec_pod, owner_kind, RF_STR),
	F(struct rec_pod, owner_name, RF_STR),
	F(struct rec_pod, owner_uid, RF_STR),
	F(struct rec_pod, template_hash, RF_STR),
	F(struct rec_pod, restart_policy, RF_STR),
	F(struct rec_pod, watch_type, RF_STR),
	F(struct rec_pod, resource_version, RF_STR),
	F(struct rec_pod, disruption, RF_STR),
	F(struct rec_pod, created_us, RF_TIME),
	F(struct rec_pod, scheduled_us, RF_TIME),
	F(struct rec_pod, start_us, RF_TIME),
	F(struct rec_pod, ready_us, RF_TIME),
	F(struct rec_pod, ready, RF_INT),
	F(struct rec_pod, deletion_ts_us, RF_TIME),
	F(struct rec_pod, deletion_grace_s, RF_INT),
	F(struct rec_pod, grace_s, RF_INT),
	F(struct rec_pod, observed_us, RF_TIME),
	F(struct rec_pod, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field container_fields[] = {
	F(struct rec_container, pod_uid, RF_STR),
	F(struct rec_container, name, RF_STR),
	F(struct rec_container, init, RF_BOOL),
	F(struct rec_container, native_sidecar, RF_BOOL),
	F(struct rec_container, image, RF_STR),
	F(struct rec_container, prestop_kind, RF_STR),
	F(struct rec_container, prestop_ms, RF_INT),
	F(struct rec_container, prestop_cmd, RF_STR),
	F(struct rec_container, state, RF_STR),
	F(struct rec_container, reason, RF_STR),
	F(struct rec_container, message, RF_STR),
	F(struct rec_container, started_us, RF_TIME),
	F(struct rec_container, finished_us, RF_TIME),
	F(struct rec_container, exit_code, RF_INT),
	F(struct rec_container, signal, RF_INT),
	F(struct rec_container, ready, RF_INT),
	F(struct rec_container, restarts, RF_INT),
	F(struct rec_container, last_reason, RF_STR),
	F(struct rec_container, last_started_us, RF_TIME),
	F(struct rec_container, last_finished_us, RF_TIME),
	F(struct rec_container, last_exit_code, RF_INT),
	F(struct rec_container, last_signal, RF_INT),
	F(struct rec_container, last_message, RF_STR),
	F(struct rec_container, liveness, RF_BOOL),
	F(struct rec_container, liveness_period_s, RF_INT),
	F(struct rec_container, liveness_timeout_s, RF_INT),
	F(struct rec_container, liveness_threshold, RF_INT),
	F(struct rec_container, liveness_delay_s, RF_INT),
	F(struct rec_container, resource_version, RF_STR),
	F(struct rec_container, observed_us, RF_TIME),
	F(struct rec_container, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field workload_fields[] = {
	F(struct rec_workload, kind, RF_STR),
	F(struct rec_workload, uid, RF_STR),
	F(struct rec_workload, namespace, RF_STR),
	F(struct rec_workload, name, RF_STR),
	F(struct rec_workload, owner_kind, RF_STR),
	F(struct rec_workload, owner_name, RF_STR),
	F(struct rec_workload, owner_uid, RF_STR),
	F(struct rec_workload, template_hash, RF_STR),
	F(struct rec_workload, resource_version, RF_STR),
	F(struct rec_workload, condition, RF_STR),
	F(struct rec_workload, condition_reason, RF_STR),
	F(struct rec_workload, schedule, RF_STR),
	F(struct rec_workload, revision, RF_INT),
	F(struct rec_workload, replicas, RF_INT),
	F(struct rec_workload, ready_replicas, RF_INT),
	F(struct rec_workload, grace_s, RF_INT),
	F(struct rec_workload, created_us, RF_TIME),
	F(struct rec_workload, deletion_ts_us, RF_TIME),
	F(struct rec_workload, start_us, RF_TIME),
	F(struct rec_workload, completion_us, RF_TIME),
	F(struct rec_workload, condition_us, RF_TIME),
	F(struct rec_workload, last_schedule_us, RF_TIME),
	F(struct rec_workload, active, RF_INT),
	F(struct rec_workload, succeeded, RF_INT),
	F(struct rec_workload, failed, RF_INT),
	F(struct rec_workload, backoff_limit, RF_INT),
	F(struct rec_workload, suspended, RF_BOOL),
	F(struct rec_workload, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field log_fields[] = {
	F(struct rec_log, namespace, RF_STR),
	F(struct rec_log, pod, RF_STR),
	F(struct rec_log, container, RF_STR),
	F(struct rec_log, previous, RF_BOOL),
	F(struct rec_log, time_us, RF_TIME),
	F(struct rec_log, stream, RF_STR),
	F(struct rec_log, text, RF_STR),
	F(struct rec_log, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field request_fields[] = {
	F(struct rec_request, start_us, RF_TIME),
	F(struct rec_request, end_us, RF_TIME),
	F(struct rec_request, duration_us, RF_INT),
	F(struct rec_request, method, RF_STR),
	F(struct rec_request, host, RF_STR),
	F(struct rec_request, path, RF_STR),
	F(struct rec_request, protocol, RF_STR),
	F(struct rec_request, status, RF_INT),
	F(struct rec_request, bytes, RF_INT),
	F(struct rec_request, client, RF_STR),
	F(struct rec_request, user_agent, RF_STR),
	F(struct rec_request, namespace, RF_STR),
	F(struct rec_request, service, RF_STR),
	F(struct rec_request, upstream_name, RF_STR),
	F(struct rec_request, flags, RF_STR),
	F(struct rec_request, detail, RF_STR),
	F(struct rec_request, failure, RF_STR),
	F(struct rec_request, request_id, RF_STR),
	F(struct rec_request, dialect, RF_STR),
	F(struct rec_request, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field attempt_fields[] = {
	F(struct rec_attempt, seq, RF_INT),
	F(struct rec_attempt, upstream, RF_STR),
	F(struct rec_attempt, ip, RF_STR),
	F(struct rec_attempt, port, RF_INT),
	F(struct rec_attempt, status, RF_INT),
	F(struct rec_attempt, duration_us, RF_INT),
	F(struct rec_attempt, time_us, RF_TIME),
	{ .name = NULL }
};

static const struct rec_field record_fields[] = {
	F(struct rec_record, set_name, RF_STR),
	F(struct rec_record, key, RF_STR),
	F(struct rec_record, time_us, RF_TIME),
	F(struct rec_record, extra, RF_STR),
	F(struct rec_record, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field ip_second_fields[] = {
	F(struct rec_ip_second, ip, RF_STR),
	F(struct rec_ip_second, second, RF_INT),
	F(struct rec_ip_second, hint, RF_STR),
	F(struct rec_ip_second, requests, RF_INT),
	F(struct rec_ip_second, errors, RF_INT),
	F(struct rec_ip_second, conn_failures, RF_INT),
	{ .name = NULL }
};

static const struct rec_field audit_fields[] = {
	F(struct rec_audit, audit_id, RF_STR),
	F(struct rec_audit, stage, RF_STR),
	F(struct rec_audit, level, RF_STR),
	F(struct rec_audit, verb, RF_STR),
	F(struct rec_audit, resource, RF_STR),
	F(struct rec_audit, subresource, RF_STR),
	F(struct rec_audit, api_group, RF_STR),
	F(struct rec_audit, namespace, RF_STR),
	F(struct rec_audit, name, RF_STR),
	F(struct rec_audit, obj_uid, RF_STR),
	F(struct rec_audit, user, RF_STR),
	F(struct rec_audit, impersonated, RF_STR),
	F(struct rec_audit, actor, RF_STR),
	F(struct rec_audit, user_agent, RF_STR),
	F(struct rec_audit, source_ip, RF_STR),
	F(struct rec_audit, code, RF_INT),
	F(struct rec_audit, reason, RF_STR),
	F(struct rec_audit, message, RF_STR),
	F(struct rec_audit, grace_s, RF_INT),
	F(struct rec_audit, precondition_uid, RF_STR),
	F(struct rec_audit, body, RF_STR),
	F(struct rec_audit, dialect, RF_STR),
	F(struct rec_audit, time_us, RF_TIME),
	F(struct rec_audit, stage_us, RF_TIME),
	F(struct rec_audit, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field slice_fields[] = {
	F(struct rec_slice, uid, RF_STR),
	F(struct rec_slice, namespace, RF_STR),
	F(struct rec_slice, name, RF_STR),
	F(struct rec_slice, service, RF_STR),
	F(struct rec_slice, address_type, RF_STR),
	F(struct rec_slice, watch_type, RF_STR),
	F(struct rec_slice, resource_version, RF_STR),
	F(struct rec_slice, endpoints, RF_INT),
	F(struct rec_slice, created_us, RF_TIME),
	F(struct rec_slice, observed_us, RF_TIME),
	F(struct rec_slice, observed_basis, RF_STR),
	F(struct rec_slice, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field endpoint_fields[] = {
	F(struct rec_endpoint, slice_uid, RF_STR),
	F(struct rec_endpoint, resource_version, RF_STR),
	F(struct rec_endpoint, watch_type, RF_STR),
	F(struct rec_endpoint, address, RF_STR),
	F(struct rec_endpoint, pod_uid, RF_STR),
	F(struct rec_endpoint, pod_namespace, RF_STR),
	F(struct rec_endpoint, pod_name, RF_STR),
	F(struct rec_endpoint, node, RF_STR),
	F(struct rec_endpoint, ready, RF_INT),
	F(struct rec_endpoint, serving, RF_INT),
	F(struct rec_endpoint, terminating, RF_INT),
	F(struct rec_endpoint, observed_us, RF_TIME),
	F(struct rec_endpoint, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field node_fields[] = {
	F(struct rec_node, uid, RF_STR),
	F(struct rec_node, name, RF_STR),
	F(struct rec_node, watch_type, RF_STR),
	F(struct rec_node, resource_version, RF_STR),
	F(struct rec_node, boot_id, RF_STR),
	F(struct rec_node, provider_id, RF_STR),
	F(struct rec_node, kubelet_version, RF_STR),
	F(struct rec_node, unschedulable, RF_BOOL),
	F(struct rec_node, created_us, RF_TIME),
	F(struct rec_node, deletion_ts_us, RF_TIME),
	F(struct rec_node, observed_us, RF_TIME),
	F(struct rec_node, observed_basis, RF_STR),
	F(struct rec_node, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field node_cond_fields[] = {
	F(struct rec_node_cond, node, RF_STR),
	F(struct rec_node_cond, resource_version, RF_STR),
	F(struct rec_node_cond, type, RF_STR),
	F(struct rec_node_cond, status, RF_STR),
	F(struct rec_node_cond, reason, RF_STR),
	F(struct rec_node_cond, message, RF_STR),
	F(struct rec_node_cond, since_us, RF_TIME),
	F(struct rec_node_cond, heartbeat_us, RF_TIME),
	F(struct rec_node_cond, observed_us, RF_TIME),
	{ .name = NULL }
};

static const struct rec_field taint_fields[] = {
	F(struct rec_taint, node, RF_STR),
	F(struct rec_taint, resource_version, RF_STR),
	F(struct rec_taint, key, RF_STR),
	F(struct rec_taint, value, RF_STR),
	F(struct rec_taint, effect, RF_STR),
	F(struct rec_taint, added_us, RF_TIME),
	F(struct rec_taint, observed_us, RF_TIME),
	{ .name = NULL }
};

static const struct rec_field deploy_fields[] = {
	F(struct rec_deploy, tool, RF_STR),
	F(struct rec_deploy, namespace, RF_STR),
	F(struct rec_deploy, name, RF_STR),
	F(struct rec_deploy, revision, RF_STR),
	F(struct rec_deploy, source, RF_STR),
	F(struct rec_deploy, app_version, RF_STR),
	F(struct rec_deploy, status, RF_STR),
	F(struct rec_deploy, description, RF_STR),
	F(struct rec_deploy, actor, RF_STR),
	F(struct rec_deploy, rollback_to, RF_STR),
	F(struct rec_deploy, start_us, RF_TIME),
	F(struct rec_deploy, end_us, RF_TIME),
	F(struct rec_deploy, line, RF_INT),
	{ .name = NULL }
};

static const struct rec_field node_log_fields[] = {
	F(struct rec_node_log, node, RF_STR),
	F(struct rec_node_log, component, RF_STR),
	F(struct rec_node_log, boot_id, RF_STR),
	F(struct rec_node_log, time_us, RF_TIME),
	F(struct rec_node_log, text, RF_STR),
	F(struct rec_node_log, line, RF_INT),
	{ .name = NULL }
};

const struct rec_desc rec_descs[REC__COUNT] = {
	[REC_EVENT] = {
		.name = "event",
		.table = "events",
		.fields = event_fields,
		.size = sizeof(struct rec_event),
		.order = "time_us, id",
		.time = "time_us"
	},
	[REC_POD] = {
		.name = "pod",
		.table = "pod_obs",
		.fields = pod_fields,
		.size = sizeof(struct rec_pod),
		.order = "uid, observed_us, id",
		.time = "observed_us"
	},
	[REC_CONTAINER] = {
		.name = "container",
		.table = "container_obs",
		.child = 1,
		.fields = container_fields,
		.size = sizeof(struct rec_container),
		.order = "pod_uid, name, observed_us, id"
	},
	[REC_WORKLOAD] = {
		.name = "workload",
		.table = "workload_obs",
		.fields = workload_fields,
		.size = sizeof(struct rec_workload),
		.order = "kind, uid, id"
	},
	[REC_LOG] = {
		.name = "log",
		.table = "container_logs",
		.fields = log_fields,
		.size = sizeof(struct rec_log),
		.order = "namespace, pod, container, previous, id",
		.time = "time_us"
	},
	[REC_REQUEST] = {
		.name = "request",
		.table = "requests",
		.fields = request_fields,
		.size = sizeof(struct rec_request),
		.order = "start_us, id",
		.time = "start_us"
	},
	[REC_ATTEMPT] = {
		.name = "attempt",
		.table = "attempts",
		.fields = attempt_fields,
		.size = sizeof(struct rec_attempt),
		.child = 1,
		.order = "request_id, seq",
		.parent_col = "request_id"
	},
	[REC_RECORD] = {
		.name = "record",
		.table = "records",
		.fields = record_fields,
		.size = sizeof(struct rec_record),
		.order = "set_name, key, time_us, id",
		.time = "time_us"
	},
	[REC_IP_SECOND] = {
		.name = "ip_second",
		.table = "ip_seconds",
		.fields = ip_second_fields,
		.size = sizeof(struct rec_ip_second),
		.order = "second, ip"
	},
	[REC_AUDIT] = {
		.name = "audit",
		.table = "audit_events",
		.fields = audit_fields,
		.size = sizeof(struct rec_audit),
		.order = "time_us, id",
		.time = "time_us"
	},
	[REC_SLICE] = {
		.name = "slice",
		.table = "slice_obs",
		.fields = slice_fields,
		.size = sizeof(struct rec_slice),
		.order = "uid, observed_us, id",
		.time = "observed_us"
	},
	[REC_ENDPOINT] = {
		.name = "endpoint",
		.table = "endpoint_obs",
		.child = 1,
		.fields = endpoint_fields,
		.size = sizeof(struct rec_endpoint),
		.order = "slice_uid, observed_us, id"
	},
	[REC_NODE] = {
		.name = "node",
		.table = "node_obs",
		.fields = node_fields,
		.size = sizeof(struct rec_node),
		.order = "name, observed_us, id",
		.time = "observed_us"
	},
	[REC_NODE_COND] = {
		.name = "node_cond",
		.table = "node_cond_obs",
		.child = 1,
		.fields = node_cond_fields,
		.size = sizeof(struct rec_node_cond),
		.order = "node, type, observed_us, id"
	},
	[REC_TAINT] = {
		.name = "taint",
		.table = "taint_obs",
		.child = 1,
		.fields = taint_fields,
		.size = sizeof(struct rec_taint),
		.order = "node, observed_us, id"
	},
	[REC_DEPLOY] = {
		.name = "deploy",
		.table = "deploy_obs",
		.fields = deploy_fields,
		.size = sizeof(struct rec_deploy),
		.order = "namespace, name, end_us, id",
		.time = "end_us"
	},
	[REC_NODE_LOG] = {
		.name = "node_log",
		.table = "node_logs",
		.fields = node_log_fields,
		.size = sizeof(struct rec_node_log),
		.order = "node, time_us, id",
		.time = "time_us"
	},
};

void
sink_reject(struct sink *s, int64_t line, const char *fmt, ...)
{
	va_list	 ap;
	char	*reason;

	va_start(ap, fmt);
	reason = xvasprintf(fmt, ap);
	va_end(ap);
	s->reject(s->ctx, line, reason);
	free(reason);
}

void
sink_damaged(struct sink *s, int64_t line, const char *fmt, ...)
{
	va_list	 ap;
	char	*reason;

	va_start(ap, fmt);
	reason = xvasprintf(fmt, ap);
	va_end(ap);
	s->reject(s->ctx, line, reason);
	if (s->damaged != NULL)
		s->damaged(s->ctx, line, reason);
	free(reason);
}

void
sink_note(struct sink *s, const char *fmt, ...)
{
	va_list	 ap;
	char	*text;

	if (s->note == NULL)
		return;
	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);
	s->note(s->ctx, text);
	free(text);
}

void
sink_summary(struct sink *s, const char *fmt, ...)
{
	va_list	 ap;
	char	*text;

	if (s->summary == NULL)
		return;
	va_start(ap, fmt);
	text = xvasprintf(fmt, ap);
	va_end(ap);
	s->summary(s->ctx, text);
	free(text);
}
