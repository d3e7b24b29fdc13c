/*
 * k8s-audit.c: the "k8s-audit" importer.  Reads the Kubernetes API
 * server's audit log (audit.k8s.io/v1 and v1beta1 Events) as each backend
 * and each cloud keeps it:
 *   - the log backend's file, one Event per line (rotated files, .gz),
 *     the webhook backend's EventList batches, and either as YAML;
 *   - GKE's Cloud Logging: LogEntries whose protoPayload is the AuditLog
 *     of service k8s.io (gcloud logging read --format=json arrays, a
 *     sink's NDJSON, YAML): the verb is the last part of methodName, the
 *     object comes from resourceName, the actor is principalEmail,
 *     operation.id is the auditID and the bodies are request and
 *     response;
 *   - EKS's CloudWatch: aws logs filter-log-events output (the Event as
 *     the string events[].message), Logs Insights exports and aws logs
 *     get-query-results output (@message); an event there whose
 *     message is a container's line (Fluent Bit's record) is
 *     cloudwatch-logs.c's;
 *   - AKS: AKSAudit rows exported from Log Analytics (PascalCase columns,
 *     the dynamic ones as objects or JSON strings), AzureDiagnostics rows
 *     (the Event as the string log_s) and the diagnostic settings'
 *     storage archive (records[].properties.log).
 * Each request logged at stage ResponseComplete or Panic becomes one
 * struct rec_audit (the other stages are counted and skipped); then the
 * objects its bodies hold go to the Kubernetes handlers as seen at the
 * event's time: a Pod, an Event or a workload in the response, else the
 * kubelet's pods/status patch and the scheduler's binding made into a
 * partial Pod, an Event created.  A body that cannot be read is rejected
 * as file:line: reason; its event stays.  The reading loop and the
 * routing of each entry are logentry.c's.  Knows nothing of SQLite or
 * curses.
 * The fields read, and why: docs/formats/audit.md.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "importer.h"
#include "jsonfast.h"
#include "jsonsplit.h"
#include "jsonlite.h"
#include "k8s.h"
#include "k8sjson.h"
#include "logentry.h"
#include "timefmt.h"
#include "util.h"

/* What the API server writes where a body was too big to log. */
#define AUDIT_TOO_BIG	"skipped-too-big-size-object"

/* One audit event being read: its record and the bodies it logged. */
struct audit_ev {
	struct rec_audit r;		/* its strings borrowed from the
					   event, or from the copies below */
	struct jl	 req;		/* requestObject when an object, else
					   none; borrowed */
	struct jl	 resp;		/* responseObject likewise */
	char		*method;	/* GKE: a copy of methodName cut into
					   its parts; owned */
	char		*path;		/* GKE: a copy of resourceName cut into
					   its parts; owned */
};

enum audit_read {
	AUDIT_OK,			/* a request that ended: put it */
	AUDIT_INCOMPLETE,		/* an earlier stage: r.stage says */
	AUDIT_BAD			/* not readable: why says why */
};

/*
 * google.rpc.Code, as GKE writes protoPayload.status.code, to the HTTP
 * status the API server answered with (google/rpc/code.proto gives the
 * mapping).
 */
static const int64_t audit_rpc_http[] = {
	200,	/* 0 OK */
	499,	/* 1 CANCELLED */
	500,	/* 2 UNKNOWN */
	400,	/* 3 INVALID_ARGUMENT */
	504,	/* 4 DEADLINE_EXCEEDED */
	404,	/* 5 NOT_FOUND */
	409,	/* 6 ALREADY_EXISTS */
	403,	/* 7 PERMISSION_DENIED */
	429,	/* 8 RESOURCE_EXHAUSTED */
	400,	/* 9 FAILED_PRECONDITION */
	409,	/* 10 ABORTED */
	400,	/* 11 OUT_OF_RANGE */
	501,	/* 12 UNIMPLEMENTED */
	500,	/* 13 INTERNAL */
	503,	/* 14 UNAVAILABLE */
	500,	/* 15 DATA_LOSS */
	401,	/* 16 UNAUTHENTICATED */
};

/* AKSAudit's columns and the audit Event's keys they hold. */
static const struct {
	const char	*column;	/* as Log Analytics names it */
	const char	*key;		/* the Event's */
	int		 dynamic;	/* an object, or a JSON string of one */
} audit_aks_columns[] = {
	{ .column = "AuditId", .key = "auditID" },
	{ .column = "Stage", .key = "stage" },
	{ .column = "Level", .key = "level" },
	{ .column = "Verb", .key = "verb" },
	{ .column = "RequestUri", .key = "requestURI" },
	{ .column = "UserAgent", .key = "userAgent" },
	{ .column = "RequestReceivedTime", .key = "requestReceivedTimestamp" },
	{ .column = "StageReceivedTime", .key = "stageTimestamp" },
	{ .column = "User", .key = "user", .dynamic = 1 },
	{ .column = "ImpersonatedUser", .key = "impersonatedUser",
	  .dynamic = 1 },
	{ .column = "SourceIps", .key = "sourceIPs", .dynamic = 1 },
	{ .column = "ObjectRef", .key = "objectRef", .dynamic = 1 },
	{ .column = "ResponseStatus", .key = "responseStatus", .dynamic = 1 },
	{ .column = "RequestObject", .key = "requestObject", .dynamic = 1 },
	{ .column = "ResponseObject", .key = "responseObject", .dynamic = 1 },
	{ .column = "Annotations", .key = "annotations", .dynamic = 1 },
};

static int
imp_k8s_audit_probe(const char *name, const unsigned char *head,
    size_t len)
{
	static const char *const wrappers[] = {
		"events", "@message", "results", "records", "log_s"
	};
	struct kj_head	h;
	size_t		i;

	if (!kj_head_open_any(&h, head, len))
		return (0);
	if (kj_head_key(&h, "apiVersion", "audit.k8s.io/v1") ||
	    kj_head_key(&h, "apiVersion", "audit.k8s.io/v1beta1"))
		return (98);
	/* falco's captures: no apiVersion */
	if (kj_head_key(&h, "auditID", NULL) &&
	    (kj_head_key(&h, "stage", NULL) || kj_head_key(&h, "verb",
	    NULL)) && (kj_head_key(&h, "objectRef", NULL) ||
	    kj_head_key(&h, "requestURI", NULL)))
		return (97);
	if (kj_head_key(&h, "@type",
	    "type.googleapis.com/google.cloud.audit.AuditLog") &&
	    (kj_head_key(&h, "serviceName", "k8s.io") ||
	    kj_head_key(&h, "producer", "k8s.io")))
		return (97);
	if (kj_head_key(&h, "AuditId", NULL) &&
	    (kj_head_key(&h, "Verb", NULL) || kj_head_key(&h, "Stage", NULL)))
		return (96);
	if (kj_head_key(&h, "Category", "kube-audit") ||
	    kj_head_key(&h, "Category", "kube-audit-admin") ||
	    kj_head_key(&h, "category", "kube-audit") ||
	    kj_head_key(&h, "category", "kube-audit-admin"))
		return (96);
	/* the Event as a string inside an export's wrapper */
	if (memmem(head, len, "audit.k8s.io/v1", 15) != NULL) {
		for (i = 0; i < sizeof wrappers / sizeof wrappers[0]; i++) {
			if (kj_head_key(&h, wrappers[i], NULL))
				return (96);
		}
	}
	return (0);
}

/* A non-empty string at path, or NULL. */
static const char *
audit_str(const struct jl *obj, const char *path)
{
	const char	*s = jl_str(obj, path, NULL);

	return (s != NULL && *s != '\0' ? s : NULL);
}

/* Whether v is the string the API server logs for a body too big. */
static int
audit_too_big(const struct jl *v)
{
	const char	*s = jl_str(v, NULL, NULL);

	return (s != NULL && strcmp(s, AUDIT_TOO_BIG) == 0);
}

/*
 * The time at path into *us (left alone when absent, null or "").
 * Returns 0, or -1 with why written.
 */
static int
audit_time(const struct jl *obj, const char *path, int64_t *us, char *why,
    size_t whylen)
{
	struct jl	 v = jl_get(obj, path);
	const char	*s;
	int64_t		 t;
	size_t		 n;
	char		 shown[80];

	if (!jl_present(&v) || jl_is_null(&v))
		return (0);
	if ((s = jl_str(&v, NULL, &n)) == NULL ||
	    kj_time_text(s, n, &t) != 0) {
		kj_show(jl_json(&v), shown, sizeof shown);
		snprintf(why, whylen, "bad time in %s: %s", path, shown);
		return (-1);
	}
	if (t != TIME_NONE)
		*us = t;
	return (0);
}

/*
 * A duration at path into *s (left alone when absent or not an
 * integer).  Returns 0, or -1 with why written.
 */
static int
audit_seconds(const struct jl *obj, const char *path, int64_t *s,
    char *why, size_t whylen)
{
	struct jl	v = jl_get(obj, path);

	if (!jl_is_integer(&v))
		return (0);
	return (kj_duration(jl_int(&v, NULL, INT_NONE), path, s, why, whylen));
}

/* Takes the bodies req and resp (any JSON, or none) into a. */
static void
audit_bodies(struct audit_ev *a, const struct jl *req, const struct jl *resp)
{
	struct jl	none = { .doc = req->doc };

	a->req = jl_is_object(req) ? *req : none;
	a->resp = jl_is_object(resp) ? *resp : none;
	if (audit_too_big(req) || audit_too_big(resp))
		a->r.body = "skipped-too-big";
	else if (jl_present(&a->req) && jl_present(&a->resp))
		a->r.body = "request,response";
	else if (jl_present(&a->req))
		a->r.body = "request";
	else if (jl_present(&a->resp))
		a->r.body = "response";
}

/* Whether the request succeeded, or its status was not logged. */
static int
audit_succeeded(const struct audit_ev *a)
{
	return (a->r.code == INT_NONE || (a->r.code >= 200 &&
	    a->r.code <= 299));
}

static int
audit_is(const char *s, const char *want)
{
	return (s != NULL && strcmp(s, want) == 0);
}

/*
 * What the bodies tell about the object besides the event's own fields:
 * its uid, the grace and the uid precondition a deletion asked for.
 * Returns 0, or -1 with why written when a grace is not a duration (the
 * event is kept without it).
 */
static int
audit_asked(struct audit_ev *a, char *why, size_t whylen)
{
	struct rec_audit	*r = &a->r;

	if (r->obj_uid == NULL)
		r->obj_uid = audit_str(&a->resp, "metadata.uid");
	if (r->obj_uid == NULL)
		r->obj_uid = audit_str(&a->req, "metadata.uid");
	r->grace_s = INT_NONE;
	/* only a deletion, or an eviction, asks for a grace */
	if (audit_is(r->verb, "delete") ||
	    audit_is(r->verb, "deletecollection")) {
		r->precondition_uid = audit_str(&a->req, "preconditions.uid");
		if (audit_seconds(&a->req, "gracePeriodSeconds", &r->grace_s,
		    why, whylen) != 0 || (r->grace_s == INT_NONE &&
		    audit_seconds(&a->resp,
		    "metadata.deletionGracePeriodSeconds", &r->grace_s, why,
		    whylen) != 0))
			return (-1);
	} else if (audit_is(r->subresource, "eviction")) {
		r->precondition_uid = audit_str(&a->req,
		    "deleteOptions.preconditions.uid");
		if (audit_seconds(&a->req, "deleteOptions.gracePeriodSeconds",
		    &r->grace_s, why, whylen) != 0)
			return (-1);
	}
	return (0);
}

/*
 * Reads an audit.k8s.io Event.  fallback_us is when the export says it
 * was logged (TIME_NONE: it does not), for an event without times.
 */
static enum audit_read
audit_event(const struct jl *ev, const char *dialect, int64_t fallback_us,
    struct audit_ev *a, char *why, size_t whylen)
{
	struct rec_audit	*r = &a->r;
	struct jl		 ips, req, resp;

	memset(a, 0, sizeof *a);
	r->stage = audit_str(ev, "stage");
	if (r->stage != NULL && strcmp(r->stage, "ResponseComplete") != 0 &&
	    strcmp(r->stage, "Panic") != 0)
		return (AUDIT_INCOMPLETE);
	if ((r->audit_id = audit_str(ev, "auditID")) == NULL) {
		snprintf(why, whylen, "audit event without auditID");
		return (AUDIT_BAD);
	}
	r->time_us = r->stage_us = TIME_NONE;
	/* v1beta1 wrote "timestamp" before requestReceivedTimestamp */
	if (audit_time(ev, "timestamp", &r->time_us, why, whylen) != 0 ||
	    audit_time(ev, "requestReceivedTimestamp", &r->time_us, why,
	    whylen) != 0 ||
	    audit_time(ev, "stageTimestamp", &r->stage_us, why, whylen) != 0)
		return (AUDIT_BAD);
	if (r->time_us == TIME_NONE)
		r->time_us = r->stage_us != TIME_NONE ? r->stage_us :
		    fallback_us;
	r->level = audit_str(ev, "level");
	r->verb = audit_str(ev, "verb");
	r->resource = audit_str(ev, "objectRef.resource");
	r->subresource = audit_str(ev, "objectRef.subresource");
	r->api_group = audit_str(ev, "objectRef.apiGroup");
	r->namespace = audit_str(ev, "objectRef.namespace");
	r->name = audit_str(ev, "objectRef.name");
	r->obj_uid = audit_str(ev, "objectRef.uid");
	r->user = audit_str(ev, "user.username");
	r->impersonated = audit_str(ev, "impersonatedUser.username");
	r->actor = r->impersonated != NULL ? r->impersonated : r->user;
	r->user_agent = audit_str(ev, "userAgent");
	ips = jl_get(ev, "sourceIPs");
	ips = jl_at(&ips, 0);
	r->source_ip = jl_str(&ips, NULL, NULL);
	r->code = jl_int(ev, "responseStatus.code", INT_NONE);
	r->reason = audit_str(ev, "responseStatus.reason");
	r->message = audit_str(ev, "responseStatus.message");
	r->dialect = dialect;
	req = jl_get(ev, "requestObject");
	resp = jl_get(ev, "responseObject");
	audit_bodies(a, &req, &resp);
	return (AUDIT_OK);
}

/* The kind of a body: its own, else its GKE "@type"'s last part. */
static const char *
audit_body_kind(const struct jl *body)
{
	const char	*kind = audit_str(body, "kind"), *type, *dot;

	if (kind != NULL || (type = audit_str(body, "@type")) == NULL)
		return (kind);
	dot = strrchr(type, '.');
	return (dot != NULL ? dot + 1 : type);
}

/* t as RFC 3339 with microseconds, into out (TIME_FMT_LEN bytes). */
static void
audit_time_text(int64_t t, char *out)
{
	char	ms[TIME_FMT_LEN];

	time_format(t, ms);
	/* "2026-05-12T09:00:03.250Z" -> "2026-05-12T09:00:03.250123Z" */
	snprintf(out, TIME_FMT_LEN, "%.23s%03lldZ", ms,
	    (long long)(((t % 1000) + 1000) % 1000));
}

/*
 * The kubelet's pods/status patch (a strategic merge patch: metadata.uid
 * and the status that changed, with $setElementOrder keys) as a Pod
 * holding only that: a new object, or NULL with why written.
 */
static json_t *
audit_status_pod(const struct audit_ev *a, char *why, size_t whylen)
{
	struct jl	 status = jl_get(&a->req, "status");
	const char	*uid = audit_str(&a->req, "metadata.uid");

	if (uid == NULL)
		uid = a->r.obj_uid;
	if (!jl_is_object(&status) || uid == NULL) {
		snprintf(why, whylen, "a pods/status patch without %s",
		    uid == NULL ? "the pod's uid" : "a status");
		return (NULL);
	}
	return (json_pack("{s:{s:s,s:s?,s:s?},s:O}", "metadata", "uid", uid,
	    "namespace", a->r.namespace, "name", a->r.name, "status",
	    jl_json(&status)));
}

/*
 * The scheduler's Binding (pods/binding, or the older bindings) as a Pod
 * bound to its node at the event's time: a new object, or NULL with why
 * written.
 */
static json_t *
audit_binding_pod(const struct audit_ev *a, char *why, size_t whylen)
{
	const char	*node = audit_str(&a->req, "target.name");
	const char	*uid = audit_str(&a->req, "metadata.uid");
	const char	*name = a->r.name, *ns = a->r.namespace;
	char		 at[TIME_FMT_LEN];
	json_t		*pod, *conds;

	if (audit_is(a->r.resource, "bindings") || name == NULL)
		name = audit_str(&a->req, "metadata.name");
	if (ns == NULL)
		ns = audit_str(&a->req, "metadata.namespace");
	if (uid == NULL)
		uid = a->r.obj_uid;
	if (node == NULL || uid == NULL) {
		snprintf(why, whylen, "a binding without %s", node == NULL ?
		    "target.name" : "the pod's uid");
		return (NULL);
	}
	pod = json_pack("{s:{s:s,s:s?,s:s?},s:{s:s}}", "metadata", "uid", uid,
	    "namespace", ns, "name", name, "spec", "nodeName", node);
	if (pod != NULL && a->r.time_us != TIME_NONE) {
		audit_time_text(a->r.time_us, at);
		conds = json_pack("{s:[{s:s,s:s,s:s}]}", "conditions", "type",
		    "PodScheduled", "status", "True", "lastTransitionTime", at);
		json_object_set_new(pod, "status", conds);
	}
	return (pod);
}

/*
 * The object of the event's bodies the Kubernetes handlers read (as
 * jansson parses it), with where it came from and its kind: the
 * response's Pod, Event or workload; else, for a request that succeeded,
 * the kubelet's status (a Pod it updated, or its patch), the scheduler's
 * binding, or an Event created.  *made is a new object the caller frees,
 * when one was made.  NULL when there is none, with why written when one
 * could not be made.
 */
static json_t *
audit_object(const struct audit_ev *a, const char **from, const char **kind,
    json_t **made, char *why, size_t whylen)
{
	const struct rec_audit	*r = &a->r;

	*made = NULL;
	*from = "responseObject";
	if ((*kind = audit_body_kind(&a->resp)) != NULL &&
	    k8s_handler_of(NULL, *kind, NULL) != NULL)
		return (jl_json(&a->resp));
	if (!jl_present(&a->req) || !audit_succeeded(a))
		return (NULL);
	*from = "requestObject";
	*kind = audit_body_kind(&a->req);
	if (audit_is(r->resource, "pods") && audit_is(r->subresource,
	    "status")) {
		if (audit_is(*kind, "Pod"))
			return (jl_json(&a->req));
		if (!audit_is(r->verb, "patch"))
			return (NULL);
		*kind = "Pod";
		return (*made = audit_status_pod(a, why, whylen));
	}
	if ((audit_is(r->resource, "pods") && audit_is(r->subresource,
	    "binding")) || audit_is(r->resource, "bindings")) {
		*kind = "Pod";
		return (*made = audit_binding_pod(a, why, whylen));
	}
	if (audit_is(r->resource, "events") && audit_is(r->verb, "create") &&
	    audit_is(*kind, "Event"))
		return (jl_json(&a->req));
	return (NULL);
}

/* Puts the event's record, then the object its bodies hold. */
static enum k8s_put
audit_put(struct logentry_run *run, struct audit_ev *a)
{
	struct k8s_seen	 seen = {
		.observed_us = a->r.time_us, .observed_basis = "audit",
		.line = run->line
	};
	json_t		*obj, *made;
	const char	*from, *kind;
	k8s_handler	 h;
	char		 why[256];
	enum k8s_put	 put = K8S_PUT_OK;
	int		 bad_grace;

	why[0] = '\0';
	bad_grace = audit_asked(a, why, sizeof why) != 0;
	a->r.line = run->line;
	if (sink_put(run->sink, REC_AUDIT, &a->r) != 0)
		return (K8S_PUT_SINK);
	if (bad_grace)
		sink_reject(run->sink, run->line, "audit event %s: %s",
		    a->r.audit_id, why);
	why[0] = '\0';
	obj = audit_object(a, &from, &kind, &made, why, sizeof why);
	if (obj == NULL && why[0] != '\0')
		sink_reject(run->sink, run->line, "audit event %s: %s",
		    a->r.audit_id, why);
	if (obj != NULL && (h = k8s_handler_of(obj, kind, NULL)) != NULL) {
		put = h(obj, &seen, run->sink, why, sizeof why);
		if (put == K8S_PUT_REJECT) {
			sink_reject(run->sink, run->line, "audit event %s: the "
			    "%s in its %s: %s", a->r.audit_id, kind, from,
			    why);
			put = K8S_PUT_OK;
		}
	}
	json_decref(made);
	free(a->method);
	free(a->path);
	return (put);
}

/* Reads an audit Event and puts it, or counts it when not complete. */
static enum k8s_put
audit_event_put(struct logentry_run *run, const struct jl *ev,
    const char *dialect, int64_t fallback_us, char *why, size_t whylen)
{
	struct audit_ev	a;

	switch (audit_event(ev, dialect, fallback_us, &a, why, whylen)) {
	case AUDIT_BAD:
		return (K8S_PUT_REJECT);
	case AUDIT_INCOMPLETE:
		logentry_count(&run->incomplete, a.r.stage);
		return (K8S_PUT_OK);
	case AUDIT_OK:
		break;
	}
	return (audit_put(run, &a));
}

/* Whether the member key of obj is there (even null). */
static int
audit_has(const struct jl *obj, const char *key)
{
	struct jl	v = jl_get(obj, key);

	return (jl_present(&v));
}

/* Whether obj is an audit.k8s.io Event (falco's lack apiVersion). */
static int
audit_is_event(const struct jl *obj)
{
	const char	*api = audit_str(obj, "apiVersion");
	const char	*kind = audit_str(obj, "kind");

	if (kind != NULL && strcmp(kind, "Event") != 0)
		return (0);
	if (api != NULL)
		return (strncmp(api, "audit.k8s.io/", 13) == 0);
	return (audit_str(obj, "auditID") != NULL &&
	    (audit_has(obj, "stage") || audit_has(obj, "verb")) &&
	    (audit_has(obj, "objectRef") || audit_has(obj, "requestURI")));
}

/* -------------------------------------------------------------------- */
/* GKE */

/* Cuts methodName "io.k8s.core.v1.pods.status.patch" into its verb. */
static void
gke_method(struct audit_ev *a, const char *method)
{
	char	*dot;

	if (method == NULL)
		return;
	a->method = xstrdup(method);
	dot = strrchr(a->method, '.');
	a->r.verb = dot != NULL ? dot + 1 : a->method;
}

/*
 * Cuts resourceName "core/v1/namespaces/NS/pods/NAME/status" into the
 * group (none for core), namespace, resource, name and subresource.  A
 * namespace's own subresource ("core/v1/namespaces/NS/status") is told
 * from a namespaced collection by methodName.
 */
static void
gke_resource(struct audit_ev *a, const char *path, const char *method)
{
	struct rec_audit	*r = &a->r;
	char			*part[8], *p;
	size_t			 n = 0, i;
	int			 ns_sub;

	if (path == NULL)
		return;
	a->path = xstrdup(path);
	for (p = a->path; n < 8; p++) {
		part[n++] = p;
		if ((p = strchr(p, '/')) == NULL)
			break;
		*p = '\0';
	}
	if (n < 3)
		return;
	r->api_group = strcmp(part[0], "core") != 0 && *part[0] != '\0' ?
	    part[0] : NULL;
	/* part[1] is the version */
	i = 2;
	ns_sub = n == 5 && method != NULL &&
	    strstr(method, ".namespaces.") != NULL;
	if (strcmp(part[2], "namespaces") == 0 && n >= 5 && !ns_sub) {
		r->namespace = part[3];
		i = 4;
	}
	r->resource = part[i];
	r->name = i + 1 < n ? part[i + 1] : NULL;
	r->subresource = i + 2 < n ? part[i + 2] : NULL;
}

/* The HTTP status of a GKE entry: its response Status's, else mapped. */
static int64_t
gke_code(const struct jl *pp, const struct jl *resp)
{
	struct jl	c;
	int64_t		v;

	if (audit_is(audit_body_kind(resp), "Status") &&
	    jl_is_integer((c = jl_get(resp, "code"), &c)))
		return (jl_int(&c, NULL, INT_NONE));
	c = jl_get(pp, "status.code");
	if (!jl_present(&c)) {
		/* proto3 leaves a zero code out */
		c = jl_get(pp, "status");
		return (jl_is_object(&c) ? 200 : INT_NONE);
	}
	v = jl_int(&c, NULL, -1);
	if (v >= 0 && (size_t)v < sizeof audit_rpc_http /
	    sizeof audit_rpc_http[0])
		return (audit_rpc_http[v]);
	return (INT_NONE);
}

enum k8s_put
k8s_audit_gke_put(struct logentry_run *run, const struct jl *entry,
    char *why, size_t whylen)
{
	struct audit_ev	 a;
	struct rec_audit *r = &a.r;
	struct jl	 pp = jl_get(entry, "protoPayload"), req, resp, v;
	const char	*method = audit_str(&pp, "methodName");
	const char	*path = audit_str(&pp, "resourceName");

	/* a watch's first entry: its last says how it ended */
	if (jl_is_true((v = jl_get(entry, "operation.first"), &v)) &&
	    !jl_is_true((v = jl_get(entry, "operation.last"), &v))) {
		logentry_count(&run->incomplete, "first entries of operations");
		return (K8S_PUT_OK);
	}
	memset(&a, 0, sizeof a);
	if ((r->audit_id = audit_str(entry, "operation.id")) == NULL &&
	    (r->audit_id = audit_str(entry, "insertId")) == NULL) {
		snprintf(why, whylen, "audit entry without operation.id or "
		    "insertId");
		return (K8S_PUT_REJECT);
	}
	r->time_us = r->stage_us = TIME_NONE;
	if (audit_time(entry, "timestamp", &r->time_us, why, whylen) != 0)
		return (K8S_PUT_REJECT);
	if (path == NULL) {
		v = jl_get(&pp, "authorizationInfo");
		v = jl_at(&v, 0);
		path = audit_str(&v, "resource");
	}
	gke_method(&a, method);
	gke_resource(&a, path, method);
	r->user = audit_str(&pp, "authenticationInfo.principalEmail");
	if (r->user == NULL)
		r->user = audit_str(&pp,
		    "authenticationInfo.principalSubject");
	r->actor = r->user;
	r->user_agent = audit_str(&pp,
	    "requestMetadata.callerSuppliedUserAgent");
	r->source_ip = audit_str(&pp, "requestMetadata.callerIp");
	req = jl_get(&pp, "request");
	resp = jl_get(&pp, "response");
	r->code = gke_code(&pp, &resp);
	if (audit_is(audit_body_kind(&resp), "Status"))
		r->reason = audit_str(&resp, "reason");
	r->message = audit_str(&pp, "status.message");
	if (r->message == NULL && audit_is(audit_body_kind(&resp), "Status"))
		r->message = audit_str(&resp, "message");
	r->dialect = "gke";
	audit_bodies(&a, &req, &resp);
	return (audit_put(run, &a));
}

/* -------------------------------------------------------------------- */
/* EKS and AKS: the Event inside an export's wrapper */

/*
 * An audit Event held as a string (or already an object) by a wrapper:
 * read and put; rejected when the string is not JSON; counted as
 * foreign (by what) when it is not an audit Event (the other logs of
 * EKS's log group, of AKS's diagnostics).  cw is the CloudWatch event
 * or row that held it (NULL for AKS): a container's line there is
 * cloudwatch-logs.c's, whichever importer was chosen.
 */
static enum k8s_put
audit_wrapped(struct logentry_run *run, const struct jl *v,
    const struct jl *cw, const char *dialect, int64_t fallback_us,
    const char *what, char *why, size_t whylen)
{
	struct jl	 view;
	json_t		*ev = NULL;
	json_error_t	 err;
	const char	*s;
	char		*too;
	size_t		 n;
	enum k8s_put	 put;

	if (jl_is_object(v))
		ev = json_incref(jl_json(v));
	else if ((s = jl_str(v, NULL, &n)) != NULL) {
		while (n > 0 && (*s == ' ' || *s == '\t')) {
			s++;
			n--;
		}
		if (n > 0 && *s == '{') {
			if (js_too_costly(s, n, run->opts->max_object)) {
				too = js_too_costly_why(run->opts->max_object);
				snprintf(why, whylen, "%s", too);
				free(too);
				return (K8S_PUT_REJECT);
			}
			if ((ev = jf_loadb(s, n, JSON_ALLOW_NUL, &err)) ==
			    NULL) {
				snprintf(why, whylen, "bad JSON in %s: %s",
				    cw != NULL ? "the CloudWatch event's "
				    "message" : "the AKS row's event",
				    err.text);
				return (K8S_PUT_REJECT);
			}
			if (memmem(s, n, "\\u0000", 6) != NULL)
				js_replace_nul(ev);
		}
	}
	view = jl_of(ev, v->doc);
	if (cw != NULL && (ev == NULL || !audit_is_event(&view)) &&
	    cloudwatch_logs_is_line(ev != NULL ? &view : v, cw)) {
		put = cloudwatch_logs_put(run, ev != NULL ? &view : v, cw,
		    fallback_us, why, whylen);
		json_decref(ev);
		return (put);
	}
	if (ev == NULL || !audit_is_event(&view)) {
		json_decref(ev);
		logentry_count(&run->foreign, what);
		return (K8S_PUT_OK);
	}
	put = audit_event_put(run, &view, dialect, fallback_us, why, whylen);
	json_decref(ev);
	return (put);
}

/* The time of a wrapper at path (RFC 3339, or epoch ms), or TIME_NONE. */
static int64_t
wrapper_time(const struct jl *obj, const char *path)
{
	struct jl	 v = jl_get(obj, path);
	const char	*s;
	int64_t		 ms, us;
	size_t		 n;

	if (jl_is_integer(&v)) {
		ms = jl_int(&v, NULL, 0);
		return (ms > 0 && ms < INT64_MAX / 1000 ? ms * 1000 :
		    TIME_NONE);
	}
	if ((s = jl_str(&v, NULL, &n)) != NULL &&
	    time_parse_iso(s, n, NULL, &us) == 0)
		return (us);
	return (TIME_NONE);
}

/*
 * A CloudWatch stream ("kube-apiserver-audit-0123abcd...") without its
 * instance's hex suffix, for the count of other logs: into out.
 */
static void
eks_stream(const char *stream, char *out, size_t len)
{
	const char	*dash;
	size_t		 n;

	if (stream == NULL)
		stream = "(no stream)";
	n = strlen(stream);
	if ((dash = strrchr(stream, '-')) != NULL &&
	    strspn(dash + 1, "0123456789abcdef") == strlen(dash + 1) &&
	    strlen(dash + 1) >= 16)
		n = (size_t)(dash - stream);
	snprintf(out, len, "CloudWatch %.*s", (int)(n > 60 ? 60 : n), stream);
}

/*
 * An EKS export's row: the Event in msg, when CloudWatch got it at time,
 * the stream it came from at stream.
 */
static enum k8s_put
eks_put(struct logentry_run *run, const struct jl *obj, const char *msg,
    const char *time, const char *stream, char *why, size_t whylen)
{
	struct jl	event = jl_get(obj, msg);
	char		what[96];

	eks_stream(audit_str(obj, stream), what, sizeof what);
	return (audit_wrapped(run, &event, obj, "eks", wrapper_time(obj,
	    time), what, why, whylen));
}

/* aws logs filter-log-events: an element of "events". */
static enum k8s_put
eks_event_put(struct logentry_run *run, const struct jl *obj, char *why,
    size_t whylen)
{
	return (eks_put(run, obj, "message", "timestamp", "logStreamName", why,
	    whylen));
}

/* A Logs Insights export's row: "@message", "@timestamp". */
static enum k8s_put
eks_insights_put(struct logentry_run *run, const struct jl *obj, char *why,
    size_t whylen)
{
	return (eks_put(run, obj, "@message", "@timestamp", "@logStream", why,
	    whylen));
}

/* aws logs get-query-results: a row of {"field", "value"} pairs. */
static enum k8s_put
eks_query_put(struct logentry_run *run, const struct jl *row, char *why,
    size_t whylen)
{
	struct jl	 el, view;
	json_t		*obj = json_object(), *value;
	const char	*field;
	size_t		 i, n = jl_size(row);
	enum k8s_put	 put;

	for (i = 0; i < n; i++) {
		el = jl_at(row, i);
		if ((field = audit_str(&el, "field")) == NULL) {
			json_decref(obj);
			snprintf(why, whylen, "a query result row that is not "
			    "field and value pairs");
			return (K8S_PUT_REJECT);
		}
		view = jl_get(&el, "value");
		value = jl_json(&view);
		json_object_set(obj, field, value != NULL ? value :
		    json_null());
	}
	view = jl_of(obj, row->doc);
	put = eks_insights_put(run, &view, why, whylen);
	json_decref(obj);
	return (put);
}

/*
 * A dynamic column's value as the Event holds it: an object or array
 * written as a JSON string is read; "" is absent.  A new reference, or
 * NULL.
 */
static json_t *
aks_dynamic(const struct jl *v)
{
	const char	*s;
	json_t		*parsed;
	size_t		 n;

	if ((s = jl_str(v, NULL, &n)) == NULL)
		return (jl_present(v) && !jl_is_null(v) ?
		    json_incref(jl_json(v)) : NULL);
	if (n == 0)
		return (NULL);
	if ((*s == '{' || *s == '[') && (parsed = jf_loadb(s, n, 0,
	    NULL)) != NULL)
		return (parsed);
	return (json_incref(jl_json(v)));
}

/* An AKSAudit row of Log Analytics: its columns made into an Event. */
static enum k8s_put
aks_row_put(struct logentry_run *run, const struct jl *row, char *why,
    size_t whylen)
{
	struct jl	 v, view;
	json_t		*ev = json_object(), *value;
	size_t		 i;
	enum k8s_put	 put;

	for (i = 0; i < sizeof audit_aks_columns /
	    sizeof audit_aks_columns[0]; i++) {
		v = jl_get(row, audit_aks_columns[i].column);
		if (audit_aks_columns[i].dynamic)
			value = aks_dynamic(&v);
		else
			value = !jl_present(&v) || jl_is_null(&v) ? NULL :
			    json_incref(jl_json(&v));
		if (value != NULL && json_is_string(value) &&
		    json_string_length(value) == 0) {
			json_decref(value);
			value = NULL;
		}
		if (value != NULL)
			json_object_set_new(ev, audit_aks_columns[i].key,
			    value);
	}
	view = jl_of(ev, row->doc);
	put = audit_event_put(run, &view, "aks", wrapper_time(row,
	    "TimeGenerated"), why, whylen);
	json_decref(ev);
	return (put);
}

/* Whether an AKS diagnostics category is the audit log's. */
static int
aks_audit_category(const char *category)
{
	return (category != NULL && (strcmp(category, "kube-audit") == 0 ||
	    strcmp(category, "kube-audit-admin") == 0));
}

/*
 * An AKS diagnostics row of the kind named what: the Event as the string
 * at log when its category (at category) is the audit log's, logged at
 * time; else a row of another log, counted.
 */
static enum k8s_put
aks_put(struct logentry_run *run, const struct jl *row, const char *kind,
    const char *category, const char *log, const char *time, char *why,
    size_t whylen)
{
	const char	*cat = audit_str(row, category);
	struct jl	 event = jl_get(row, log);
	char		 what[96];

	snprintf(what, sizeof what, "%s %.60s", kind, cat != NULL ? cat :
	    "(no category)");
	if (!aks_audit_category(cat)) {
		logentry_count(&run->foreign, what);
		return (K8S_PUT_OK);
	}
	return (audit_wrapped(run, &event, NULL, "aks", wrapper_time(row,
	    time), what, why, whylen));
}

/* An AzureDiagnostics row: the Event as the string log_s. */
static enum k8s_put
aks_diagnostics_put(struct logentry_run *run, const struct jl *row,
    char *why, size_t whylen)
{
	return (aks_put(run, row, "AzureDiagnostics", "Category", "log_s",
	    "TimeGenerated", why, whylen));
}

/* A record of the diagnostic settings' archive: properties.log. */
static enum k8s_put
aks_archive_put(struct logentry_run *run, const struct jl *rec, char *why,
    size_t whylen)
{
	return (aks_put(run, rec, "Azure diagnostics", "category",
	    "properties.log", "time", why, whylen));
}

/* A row of another Log Analytics table (AKSControlPlane...). */
static enum k8s_put
aks_other_put(struct logentry_run *run, const struct jl *row, char *why,
    size_t whylen)
{
	char	what[96];

	snprintf(what, sizeof what, "Log Analytics %.60s",
	    audit_str(row, "Type"));
	logentry_count(&run->foreign, what);
	return (K8S_PUT_OK);
}

static enum k8s_put
audit_native_put(struct logentry_run *run, const struct jl *ev, char *why,
    size_t whylen)
{
	return (audit_event_put(run, ev, "log", TIME_NONE, why, whylen));
}

static int
is_eks_event(const struct jl *obj)
{
	struct jl	v = jl_get(obj, "message");

	return (jl_is_string(&v) && (audit_has(obj, "logStreamName") ||
	    audit_has(obj, "eventId") || audit_has(obj, "ingestionTime")));
}

static int
is_eks_insights(const struct jl *obj)
{
	return (audit_has(obj, "@message"));
}

static int
is_aks_row(const struct jl *obj)
{
	return (audit_has(obj, "AuditId"));
}

static int
is_aks_diagnostics(const struct jl *obj)
{
	return (audit_has(obj, "log_s"));
}

static int
is_aks_archive(const struct jl *obj)
{
	struct jl	v = jl_get(obj, "properties");

	return (jl_is_object(&v) && audit_has(obj, "category"));
}

static int
is_aks_other(const struct jl *obj)
{
	return (audit_str(obj, "Type") != NULL &&
	    audit_has(obj, "TimeGenerated"));
}

/* The shapes an audit event comes in, besides GKE's LogEntry. */
static const struct {
	int		(*is)(const struct jl *);	/* whether it is */
	logentry_handler put;
} audit_shapes[] = {
	{ .is = audit_is_event, .put = audit_native_put },
	{ .is = is_eks_event, .put = eks_event_put },
	{ .is = is_eks_insights, .put = eks_insights_put },
	{ .is = is_aks_row, .put = aks_row_put },
	{ .is = is_aks_diagnostics, .put = aks_diagnostics_put },
	{ .is = is_aks_archive, .put = aks_archive_put },
	{ .is = is_aks_other, .put = aks_other_put },
};

enum k8s_put
k8s_audit_put(struct logentry_run *run, const struct jl *obj, char *why,
    size_t whylen)
{
	struct jl	kind;
	size_t		i;
	char		shown[80];

	if (jl_is_array(obj))
		return (eks_query_put(run, obj, why, whylen));
	for (i = 0; i < sizeof audit_shapes / sizeof audit_shapes[0]; i++) {
		if (audit_shapes[i].is(obj))
			return (audit_shapes[i].put(run, obj, why, whylen));
	}
	kind = jl_get(obj, "kind");
	if (jl_present(&kind)) {
		kj_show(jl_json(&kind), shown, sizeof shown);
		snprintf(why, whylen, "not an audit event or a log entry: "
		    "kind %s", shown);
	} else
		snprintf(why, whylen, "not an audit event or a log entry (no "
		    "auditID, logName or export's wrapper)");
	return (K8S_PUT_REJECT);
}

const struct importer imp_k8s_audit = {
	.name = "k8s-audit",
	.summary = "Kubernetes audit logs: log backend, webhook, GKE, EKS, "
	    "AKS",
	.probe = imp_k8s_audit_probe,
	.parse = logentry_read,	/* every backend's one loop */
};
