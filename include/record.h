/*
 * record.h: the normalized records importers produce and the sink they
 * write them to.
 *
 * A record is a plain struct of borrowed strings and int64_t times: the
 * strings belong to the importer and are valid only during the put() call
 * (the receiver copies what it keeps).  NULL means "absent"; TIME_NONE
 * means an unknown time; -1 an unknown count.  Importers fill records and
 * call sink_put(); they never see SQLite.  Production wires the sink to the
 * store, tests to a dumper printing one canonical JSON line per record,
 * fuzzers to nothing.
 */
#ifndef RECORD_H
#define RECORD_H

#include <stdint.h>

enum rec_type {
	REC_EVENT,		/* struct rec_event */
	REC_POD,		/* struct rec_pod */
	REC_CONTAINER,		/* struct rec_container */
	REC_WORKLOAD,		/* struct rec_workload */
	REC_LOG,		/* struct rec_log */
	REC_REQUEST,		/* struct rec_request */
	REC_ATTEMPT,		/* struct rec_attempt, after its request */
	REC_RECORD,		/* struct rec_record */
	REC_IP_SECOND,		/* struct rec_ip_second: the import's tally
				   puts it, never an importer */
	REC_AUDIT,		/* struct rec_audit */
	REC_SLICE,		/* struct rec_slice */
	REC_ENDPOINT,		/* struct rec_endpoint, after its slice */
	REC_NODE,		/* struct rec_node */
	REC_NODE_COND,		/* struct rec_node_cond, after its node */
	REC_TAINT,		/* struct rec_taint, after its node */
	REC_DEPLOY,		/* struct rec_deploy */
	REC_NODE_LOG,		/* struct rec_node_log */
	REC__COUNT
};

#define INT_NONE	INT64_MIN	/* an unknown int64_t count or code */

/* One Kubernetes Event (core/v1 or events.k8s.io/v1, normalized). */
struct rec_event {
	const char	*uid;		/* metadata.uid */
	const char	*name;		/* metadata.name */
	const char	*namespace;	/* metadata.namespace, or object's */
	const char	*obj_kind;	/* involvedObject/regarding .kind */
	const char	*obj_namespace;	/* involvedObject .namespace */
	const char	*obj_name;	/* involvedObject .name */
	const char	*obj_uid;	/* involvedObject .uid */
	const char	*field_path;	/* involvedObject .fieldPath as given */
	const char	*container;	/* from spec.{,init}Containers{NAME} */
	int		 init_container; /* 1 when from spec.initContainers */
	const char	*reason;	/* "Killing", "ScalingReplicaSet"... */
	const char	*message;	/* message / note, may be multi-line */
	const char	*type;		/* "Normal", "Warning", ... */
	const char	*component;	/* source.component, else reporting */
	const char	*host;		/* source.host, else the reporting
					   instance */
	const char	*action;	/* new-style action, e.g. "Binding" */
	int64_t		 time_us;	/* kubectl's order: last, eventTime,
					   series.last, first, creation */
	int64_t		 first_us;	/* eventTime, else firstTimestamp, else
					   creation */
	int64_t		 last_us;	/* series.lastObservedTime, else
					   lastTimestamp, else eventTime, else
					   first */
	int64_t		 count;		/* series.count, else count, else 1 */
	int64_t		 line;		/* input line where the object starts */
};

/*
 * One observed version of a Pod: a list item, or one object of a watch
 * stream (a pod seen many times gives many records; the model folds them).
 */
struct rec_pod {
	const char	*uid;		/* metadata.uid */
	const char	*namespace;	/* metadata.namespace */
	const char	*name;		/* metadata.name */
	const char	*node;		/* spec.nodeName */
	const char	*ip;		/* status.podIP */
	const char	*phase;		/* status.phase, as written */
	const char	*reason;	/* status.reason ("Evicted"...) */
	const char	*message;	/* status.message ("The node was low
					   on resource: memory...") */
	const char	*owner_kind;	/* the controller ownerReference */
	const char	*owner_name;	/* its name */
	const char	*owner_uid;	/* its uid */
	const char	*template_hash;	/* label pod-template-hash, else
					   controller-revision-hash (a
					   StatefulSet's or DaemonSet's pod) */
	const char	*restart_policy; /* spec.restartPolicy */
	const char	*watch_type;	/* ADDED/MODIFIED/DELETED, or NULL */
	const char	*resource_version; /* metadata.resourceVersion */
	const char	*disruption;	/* DisruptionTarget condition reason */
	int64_t		 created_us;	/* metadata.creationTimestamp */
	int64_t		 scheduled_us;	/* PodScheduled condition, True */
	int64_t		 start_us;	/* status.startTime */
	int64_t		 ready_us;	/* Ready condition transition time */
	int64_t		 ready;		/* Ready condition: 1, 0, INT_NONE */
	int64_t		 deletion_ts_us; /* metadata.deletionTimestamp */
	int64_t		 deletion_grace_s; /* deletionGracePeriodSeconds */
	int64_t		 grace_s;	/* spec.terminationGracePeriodSeconds,
					   INT_NONE when absent (means 30) */
	int64_t		 observed_us;	/* latest time written in the object:
					   when this version was at the
					   earliest observed */
	int64_t		 line;		/* input line where the object starts */
};

/* One container (spec and status) of one observed Pod version. */
struct rec_container {
	const char	*pod_uid;	/* the pod's metadata.uid */
	const char	*name;		/* the spec's name, else the
					   status's */
	int		 init;		/* from spec.initContainers */
	int		 native_sidecar; /* init with restartPolicy Always */
	const char	*image;		/* the spec's image, else the
					   status's */
	const char	*prestop_kind;	/* "sleep" (sleep action or exec of
					   sleep N), "exec", "httpGet",
					   "tcpSocket", or NULL */
	int64_t		 prestop_ms;	/* the sleep, INT_NONE if unknown */
	const char	*prestop_cmd;	/* exec command, words joined by " " */
	const char	*state;		/* "waiting", "running", "terminated",
					   NULL when there is no status */
	const char	*reason;	/* of a waiting or terminated state */
	const char	*message;	/* of a waiting or terminated state */
	int64_t		 started_us;	/* running/terminated .startedAt */
	int64_t		 finished_us;	/* terminated.finishedAt */
	int64_t		 exit_code;	/* terminated.exitCode, or INT_NONE */
	int64_t		 signal;	/* terminated.signal, or INT_NONE */
	int64_t		 ready;		/* status ready: 1, 0, INT_NONE */
	int64_t		 restarts;	/* restartCount, or INT_NONE */
	const char	*last_reason;	/* lastState.terminated .reason */
	const char	*last_message;	/* lastState.terminated .message */
	int64_t		 last_started_us; /* its .startedAt, or TIME_NONE */
	int64_t		 last_finished_us; /* its .finishedAt, or TIME_NONE */
	int64_t		 last_exit_code; /* its .exitCode, or INT_NONE */
	int64_t		 last_signal;	/* its .signal, or INT_NONE */
	int		 liveness;	/* the spec has a livenessProbe */
	int64_t		 liveness_period_s; /* its periodSeconds, INT_NONE
					   when not written (10) */
	int64_t		 liveness_timeout_s; /* timeoutSeconds (1) */
	int64_t		 liveness_threshold; /* failureThreshold (3) */
	int64_t		 liveness_delay_s; /* initialDelaySeconds (0) */
	const char	*resource_version; /* of the pod version */
	int64_t		 observed_us;	/* as in the pod's record */
	int64_t		 line;		/* line of the pod object */
};

/* A ReplicaSet, Deployment, StatefulSet, DaemonSet, Job or CronJob. */
struct rec_workload {
	const char	*kind;		/* "ReplicaSet", "Job"... */
	const char	*uid;		/* metadata.uid (required) */
	const char	*namespace;	/* metadata.namespace */
	const char	*name;		/* metadata.name */
	const char	*owner_kind;	/* the controller ownerReference */
	const char	*owner_name;	/* its name */
	const char	*owner_uid;	/* its uid */
	const char	*template_hash;	/* label pod-template-hash (RS) */
	const char	*resource_version; /* metadata.resourceVersion */
	const char	*condition;	/* Job: "Complete", "Failed",
					   "Suspended"; else NULL */
	const char	*condition_reason; /* that condition's reason:
					   "BackoffLimitExceeded",
					   "DeadlineExceeded"... */
	const char	*schedule;	/* CronJob spec.schedule */
	int64_t		 revision;	/* deployment.kubernetes.io/revision */
	int64_t		 replicas;	/* spec.replicas */
	int64_t		 ready_replicas; /* status.readyReplicas */
	int64_t		 grace_s;	/* pod template's grace period */
	int64_t		 created_us;	/* metadata.creationTimestamp */
	int64_t		 deletion_ts_us; /* metadata.deletionTimestamp, or
					   TIME_NONE */
	int64_t		 start_us;	/* Job status.startTime */
	int64_t		 completion_us;	/* Job status.completionTime */
	int64_t		 condition_us;	/* Job condition transition time */
	int64_t		 last_schedule_us; /* CronJob status.lastScheduleTime */
	int64_t		 active;	/* Job status.active */
	int64_t		 succeeded;	/* Job status.succeeded */
	int64_t		 failed;	/* Job status.failed */
	int64_t		 backoff_limit;	/* Job spec.backoffLimit, INT_NONE
					   when not written (6) */
	int		 suspended;	/* spec.suspend */
	int64_t		 line;		/* input line where the object starts */
};

/*
 * One request an access log recorded (ingress-nginx, Envoy/Istio, ALB,
 * GCLB).  Its upstream attempts follow it as REC_ATTEMPT records, in
 * order, one per attempt (a request that reached no upstream, "-", has
 * one attempt with a NULL ip); the store links them to the request.
 */
struct rec_request {
	int64_t		 start_us;	/* the request began (nginx: time_local
					   - request_time; Envoy START_TIME) */
	int64_t		 end_us;	/* it ended, when known */
	int64_t		 duration_us;	/* request_time / DURATION / latency */
	const char	*method;	/* "GET"..., from the request line or
					   the log's method field, or NULL */
	const char	*host;		/* :authority / Host */
	const char	*path;		/* path and query as logged */
	const char	*protocol;	/* HTTP/1.1, HTTP/2... */
	int64_t		 status;	/* final status to the client (Envoy's
					   0 = no response is valid) */
	int64_t		 bytes;		/* body bytes sent to the client */
	const char	*client;	/* the client address, without port */
	const char	*user_agent;	/* the User-Agent header as logged,
					   or NULL */
	const char	*namespace;	/* of the service, from the log */
	const char	*service;	/* from [ns-svc-port], outbound|p||svc.
					   ns.svc.cluster.local, a backend */
	const char	*upstream_name;	/* the route/cluster/target group as
					   logged */
	const char	*flags;		/* Envoy response flags, "UC,UF" */
	const char	*detail;	/* RESPONSE_CODE_DETAILS, statusDetails,
					   ALB error_reason */
	const char	*failure;	/* upstream transport failure reason */
	const char	*request_id;	/* x-request-id / req_id / trace */
	const char	*dialect;	/* which layout matched, e.g.
					   "ingress-nginx", "istio-1.5" */
	int64_t		 line;		/* line in the input */
};

/*
 * The attempts one IP got in one second of one input (tally.h), as the
 * import hands its tally to the store: at the end of the input, and on
 * the way whenever the tally grows large.
 */
struct rec_ip_second {
	const char	*ip;		/* NULL: no upstream address */
	int64_t		 second;	/* Unix seconds */
	const char	*hint;		/* where the log says they went, or
					   NULL (tally.h) */
	int64_t		 requests;	/* attempts that began in it */
	int64_t		 errors;	/* attempts that ended in it, 5xx */
	int64_t		 conn_failures;	/* that ended in it unanswered */
};

/* One upstream attempt of the request put just before it. */
struct rec_attempt {
	int64_t		 seq;		/* 0, 1, ... in the order tried */
	const char	*upstream;	/* as logged: "10.0.1.5:8080", "-",
					   "unix:/tmp/s", "[fd00::1]:80" */
	const char	*ip;		/* the address without port, or NULL */
	int64_t		 port;		/* or INT_NONE */
	int64_t		 status;	/* the upstream's status, or INT_NONE */
	int64_t		 duration_us;	/* upstream_response_time, or NONE */
	int64_t		 time_us;	/* when the attempt began (best
					   estimate: the request's start) */
};

/*
 * One row of an outside party's (or our own) records: a courier's
 * manifest, a payment processor's settlement report, the service's own
 * table.  Rows of one record set share set_name; key identifies a record
 * across sets.
 */
struct rec_record {
	const char	*set_name;	/* --records NAME */
	const char	*key;		/* the --key column's value */
	int64_t		 time_us;	/* the --time column's value */
	const char	*extra;		/* the other columns as a JSON object
					   (compact), or NULL */
	int64_t		 line;		/* line where the row starts */
};

/* One line a container wrote. */
struct rec_log {
	const char	*namespace;	/* the pod's, from the input's name,
					   a frame, a prefix or the entry's
					   labels; NULL when unknown */
	const char	*pod;		/* the pod's name, likewise */
	const char	*container;	/* the container's name, likewise */
	int		 previous;	/* from the previous instance */
	int64_t		 time_us;	/* the line's timestamp, or TIME_NONE */
	const char	*stream;	/* "stdout", "stderr", or NULL */
	const char	*text;		/* without the timestamp prefix */
	int64_t		 line;		/* line in the input */
};

/*
 * One request the API server's audit log kept: an audit.k8s.io Event at
 * stage ResponseComplete or Panic (one per auditID), from the log backend,
 * a webhook batch or a cloud export (GKE, EKS, AKS), normalized.  The
 * objects its bodies hold (a Pod in a create's or delete's response, the
 * kubelet's pods/status patch, an Event, a workload) are put after it as
 * records of their own (REC_POD, REC_EVENT...), observed at time_us.
 */
struct rec_audit {
	const char	*audit_id;	/* auditID (GKE: operation.id, else
					   insertId) */
	const char	*stage;		/* "ResponseComplete", "Panic"; NULL
					   where the export has no stage */
	const char	*level;		/* "Metadata", "Request",
					   "RequestResponse", or NULL */
	const char	*verb;		/* "create", "delete", "patch"... (GKE:
					   the last part of methodName) */
	const char	*resource;	/* objectRef.resource: "pods" */
	const char	*subresource;	/* "status", "eviction", "binding",
					   or NULL */
	const char	*api_group;	/* objectRef.apiGroup; NULL for core */
	const char	*namespace;	/* objectRef.namespace */
	const char	*name;		/* objectRef.name */
	const char	*obj_uid;	/* objectRef.uid, else the response's
					   metadata.uid, else the request's */
	const char	*user;		/* user.username (GKE:
					   principalEmail) */
	const char	*impersonated;	/* impersonatedUser.username, or NULL */
	const char	*actor;		/* who asked: impersonated, else user */
	const char	*user_agent;	/* userAgent (GKE: requestMetadata.
					   callerSuppliedUserAgent) */
	const char	*source_ip;	/* sourceIPs[0] (GKE: callerIp) */
	int64_t		 code;		/* the HTTP status of the response
					   (GKE's RPC codes mapped), INT_NONE
					   when not logged */
	const char	*reason;	/* responseStatus.reason, e.g.
					   "TooManyRequests", or NULL */
	const char	*message;	/* responseStatus.message, or NULL */
	int64_t		 grace_s;	/* the grace asked for: the request's
					   gracePeriodSeconds (an eviction's
					   deleteOptions), else the response's
					   metadata.deletionGracePeriodSeconds;
					   INT_NONE when neither says */
	const char	*precondition_uid; /* requestObject.preconditions.uid
					   (the kubelet's final delete) */
	const char	*body;		/* which bodies were logged: "request",
					   "response", "request,response",
					   "skipped-too-big" (the API server's
					   skipped-too-big-size-object), or
					   NULL (level Metadata) */
	const char	*dialect;	/* "log" (log backend or webhook),
					   "gke", "eks", "aks" */
	int64_t		 time_us;	/* requestReceivedTimestamp (GKE: the
					   entry's timestamp) */
	int64_t		 stage_us;	/* stageTimestamp, or TIME_NONE */
	int64_t		 line;		/* input line where the event starts */
};

/*
 * One observed version of an EndpointSlice (discovery.k8s.io v1 or
 * v1beta1).  Its endpoints follow it as REC_ENDPOINT records, one each; a
 * version listing none has none (a pod's endpoint left the slice when a
 * later version no longer lists it, or the slice was DELETED).
 */
struct rec_slice {
	const char	*uid;		/* metadata.uid */
	const char	*namespace;	/* metadata.namespace */
	const char	*name;		/* metadata.name */
	const char	*service;	/* label kubernetes.io/service-name */
	const char	*address_type;	/* "IPv4", "IPv6", "FQDN" */
	const char	*watch_type;	/* ADDED/MODIFIED/DELETED, or NULL */
	const char	*resource_version; /* metadata.resourceVersion */
	int64_t		 endpoints;	/* endpoints listed */
	int64_t		 created_us;	/* metadata.creationTimestamp */
	int64_t		 observed_us;	/* when this version was seen: the
					   collector's stamp ("observed"),
					   else the annotation endpoints.
					   kubernetes.io/last-change-trigger-
					   time, else the latest time the
					   object holds */
	const char	*observed_basis; /* "stamped", "trigger-time",
					   "object" */
	int64_t		 line;		/* input line where it starts */
};

/* One endpoint of the slice version put just before it. */
struct rec_endpoint {
	const char	*slice_uid;	/* the slice's metadata.uid */
	const char	*resource_version; /* the slice version's */
	const char	*watch_type;	/* the slice version's */
	const char	*address;	/* addresses[0] */
	const char	*pod_uid;	/* targetRef.uid when it is a Pod */
	const char	*pod_namespace;	/* targetRef.namespace, else the
					   slice's */
	const char	*pod_name;	/* targetRef.name when it is a Pod */
	const char	*node;		/* nodeName (v1beta1: topology
					   kubernetes.io/hostname) */
	int64_t		 ready;		/* conditions.ready: 1, 0, INT_NONE
					   when not written (the API reads
					   absent as ready) */
	int64_t		 serving;	/* conditions.serving, as ready */
	int64_t		 terminating;	/* conditions.terminating, as ready
					   (absent: not terminating) */
	int64_t		 observed_us;	/* the slice version's */
	int64_t		 line;		/* the slice's line */
};

/*
 * One observed version of a Node.  Its conditions follow it as
 * REC_NODE_COND records and its taints as REC_TAINT records.
 */
struct rec_node {
	const char	*uid;		/* metadata.uid */
	const char	*name;		/* metadata.name (required) */
	const char	*watch_type;	/* ADDED/MODIFIED/DELETED, or NULL */
	const char	*resource_version; /* metadata.resourceVersion */
	const char	*boot_id;	/* status.nodeInfo.bootID: a new one
					   is a reboot */
	const char	*provider_id;	/* spec.providerID */
	const char	*kubelet_version; /* status.nodeInfo.kubeletVersion */
	int		 unschedulable;	/* spec.unschedulable: cordoned */
	int64_t		 created_us;	/* metadata.creationTimestamp */
	int64_t		 deletion_ts_us; /* metadata.deletionTimestamp */
	int64_t		 observed_us;	/* the collector's stamp, else the
					   latest time the object holds (a
					   condition's heartbeat) */
	const char	*observed_basis; /* "stamped", "object" */
	int64_t		 line;		/* input line where it starts */
};

/* One condition (Ready, MemoryPressure...) of the node version before it. */
struct rec_node_cond {
	const char	*node;		/* the node's name */
	const char	*resource_version; /* the node version's */
	const char	*type;		/* "Ready", "DiskPressure"... */
	const char	*status;	/* "True", "False", "Unknown" */
	const char	*reason;	/* its reason ("KubeletNotReady",
					   "NodeStatusUnknown"...), or NULL */
	const char	*message;	/* its message, or NULL */
	int64_t		 since_us;	/* lastTransitionTime */
	int64_t		 heartbeat_us;	/* lastHeartbeatTime */
	int64_t		 observed_us;	/* the node version's */
};

/* One taint of the node version before it. */
struct rec_taint {
	const char	*node;		/* the node's name */
	const char	*resource_version; /* the node version's */
	const char	*key;		/* "node.kubernetes.io/unreachable",
					   "node.kubernetes.io/unschedulable",
					   "ToBeDeletedByClusterAutoscaler",
					   "karpenter.sh/disrupted"... */
	const char	*value;		/* its value, or NULL */
	const char	*effect;	/* NoSchedule, PreferNoSchedule,
					   NoExecute */
	int64_t		 added_us;	/* timeAdded, or TIME_NONE */
	int64_t		 observed_us;	/* the node version's */
};

/*
 * One deploy of a release or application history: a `helm history -o
 * json` revision, an Argo CD Application's status.history entry, a Flux
 * HelmRelease's status.history entry.
 */
struct rec_deploy {
	const char	*tool;		/* "helm", "argocd", "flux" */
	const char	*namespace;	/* where it deployed: --release's
					   namespace, the Application's
					   spec.destination.namespace, the
					   HelmRelease's targetNamespace or
					   namespace */
	const char	*name;		/* the release or application */
	const char	*revision;	/* helm's revision, Argo's history id,
					   Flux's release version */
	const char	*source;	/* what was deployed: the chart
					   ("web-1.4.2"), the git revision,
					   chartName-chartVersion */
	const char	*app_version;	/* helm/Flux app_version, or NULL */
	const char	*status;	/* as written: "deployed",
					   "superseded", "failed"... */
	const char	*description;	/* helm's, e.g. "Rollback to 13" */
	const char	*actor;		/* who deployed: Argo's initiatedBy
					   .username, "automated" for
					   initiatedBy.automated; NULL when
					   the history does not say */
	const char	*rollback_to;	/* the revision a rollback went back
					   to, or NULL */
	int64_t		 start_us;	/* deployStartedAt, firstDeployed of
					   this version; TIME_NONE */
	int64_t		 end_us;	/* helm's updated, deployedAt,
					   lastDeployed; TIME_NONE */
	int64_t		 line;		/* input line where it starts */
};

/* One line of a node's own log: the kubelet, the container runtime. */
struct rec_node_log {
	const char	*node;		/* the node's name */
	const char	*component;	/* "kubelet", "containerd", ... (the
					   journal unit or the log's name) */
	const char	*boot_id;	/* the journal's _BOOT_ID, or NULL */
	int64_t		 time_us;	/* the line's timestamp, or TIME_NONE */
	const char	*text;		/* the message */
	int64_t		 line;		/* line in the input */
};

/* Where records go.  put and reject are required. */
struct sink {
	void	*ctx;			/* the receiver's state */
	/* Returns 0, or -1 when the receiver failed (the import stops). */
	int	(*put)(void *ctx, enum rec_type type, const void *rec);
	/* A rejected piece of input: line number and a reason (borrowed). */
	void	(*reject)(void *ctx, int64_t line, const char *reason);
	/*
	 * The input ended damaged (truncated JSON): what came before it is
	 * kept, but the input is not whole.  Line and reason (borrowed);
	 * may be NULL.
	 */
	void	(*damaged)(void *ctx, int64_t line, const char *reason);
	/*
	 * What the user should hear about the input that is neither a
	 * record nor a rejected piece: what was skipped on purpose, and
	 * why ("3 audit events not complete: skipped").  The text is
	 * borrowed; may be NULL (the notice is dropped).
	 */
	void	(*note)(void *ctx, const char *text);
	/*
	 * One line of counts said at the end of an input, of what it held
	 * besides its records and that is not worth a record of its own
	 * ("skipped 3 objects of kinds coroner does not read (2 Service,
	 * 1 ConfigMap)").  The import shows it under the input's line; the
	 * text is borrowed; may be NULL (the test dumper: counts are not
	 * records).
	 */
	void	(*summary)(void *ctx, const char *text);
	/*
	 * Room for len bytes of the strings of the records put next, asked
	 * for before the first record of a line, never between a request
	 * and its attempts: strings written there reach the receiver
	 * without a copy.  Valid until the next call.  May be NULL, and
	 * may return NULL (the importer keeps its strings itself).
	 */
	char	*(*room)(void *ctx, size_t len);
};

static inline int
sink_put(struct sink *s, enum rec_type type, const void *rec)
{
	return (s->put(s->ctx, type, rec));
}

static inline char *
sink_room(struct sink *s, size_t len)
{
	return (s->room != NULL ? s->room(s->ctx, len) : NULL);
}

/*
 * Each record type is described by a table of its fields, so that the
 * store and the test dumper handle every type with one piece of code.
 * Field names are the store's column names and the dump's keys.
 */
enum rec_ftype {
	RF_STR,			/* const char *, NULL = absent */
	RF_TIME,		/* int64_t microseconds, TIME_NONE = unknown */
	RF_INT,			/* int64_t, -1 = unknown where documented */
	RF_BOOL,		/* int, 0 or 1 */
	RF_ENUM			/* an enum (int) stored and printed as its
				   name (rec_field.names); 0 = absent */
};
struct rec_field {
	const char	*name;		/* column and dump key */
	enum rec_ftype	 type;		/* how it is stored and printed */
	size_t		 off;		/* offsetof in the record struct */
	const char *const *names;	/* RF_ENUM: each value's name, by
					   value; names[0] NULL (absent);
					   static */
	int		 nnames;	/* RF_ENUM: values in names */
};
struct rec_desc {
	const char		*name;	/* "event" */
	const char		*table;	/* the store's table, "events" */
	const struct rec_field	*fields; /* ends with a NULL name */
	size_t			 size;	/* sizeof the struct */
	const char		*order;	/* how the store reads them back:
					   an ORDER BY list of fields */
	int			 child;	/* part of the record before it
					   (a pod's container, a request's
					   attempt): not counted as a row
					   of its input */
	const char		*parent_col; /* column that links a record
					   to the last one of the type
					   before it (attempts: request_id),
					   or NULL */
	const char		*time;	/* the field that says when a record
					   was true (what a source covers:
					   sources.from_us, to_us), or NULL */
};
extern const struct rec_desc rec_descs[REC__COUNT];

void	sink_reject(struct sink *s, int64_t line, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Rejects the piece as sink_reject() does and says the input is damaged. */
void	sink_damaged(struct sink *s, int64_t line, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
/* Says something about the input (struct sink, note), formatted. */
void	sink_note(struct sink *s, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* Says a line of counts about the input (struct sink, summary). */
void	sink_summary(struct sink *s, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

#endif
