/*
 * gen-k8s.c: the Kubernetes inputs of "make bench" (the README, Speed),
 * deterministic (no randomness, fixed times), in the shapes kubectl
 * writes them: objects indented by four spaces with their keys in
 * order, as "kubectl get -o json" prints them, or one object a line
 * (-c) when only the model's size matters; -s (slim) leaves out what the
 * model does not read (probes, resources, volumes, tolerations, most
 * conditions), for the analysis rows' million pods.
 *
 *	gen-k8s [-c] [-s] pods P [W]
 *				a PodList (kubectl get pods -A -o json)
 *				of P pods of W Deployments (default P / 2)
 *	gen-k8s [-c] [-s] watch P [W]
 *				the same pods as a watch stream (kubectl
 *				get pods -A -w -o json --output-watch-events):
 *				each pod ADDED, then MODIFIED as it changes,
 *				DELETED when it is gone
 *	gen-k8s [-c] events N [W]
 *				an EventList (kubectl get events -A -o json)
 *				of N events about those pods (about five a
 *				pod: Scheduled, Pulled, Created, Started and
 *				how it ended)
 *	gen-k8s audit P [W]	the API server's audit log of the same
 *				pods (the log backend's file, one Event a
 *				line): their creates, bindings, status
 *				patches, events, deletions and evictions at
 *				RequestResponse, Request and Metadata levels,
 *				and their nodes' lease renewals
 *	gen-k8s cloudlog P [W]	a GKE project's Cloud Logging of the same
 *				pods (a sink's NDJSON): audit entries,
 *				events, container and kubelet lines
 *	gen-k8s [-c] jobs J [C]	J Jobs of C CronJobs (default J / 100),
 *				with their pods, as "kubectl get jobs,pods
 *				-A -o json" prints them: each CronJob runs
 *				a Job a minute; one run in five fails (two
 *				pods exit 1, BackoffLimitExceeded), one in
 *				25 runs 25 times its usual 12 s
 *	gen-k8s log P N [W]	N ingress-nginx lines (the default
 *				upstreaminfo format) spread over the P pods'
 *				IPs while they live, 0.5 % of them 502s
 *
 * Each pod lives from its creation (spread over six hours) for three
 * hours, and ends one of ten ways, by its number modulo ten: deleted and
 * SIGKILLed at the grace deadline, deleted and exited in time,
 * OOMKilled and restarted, crash-looping, restarted for a failed liveness
 * probe, evicted, unable to start (a missing Secret), lost with its node
 * (reason Unknown, exit 255, together with its node's other pods), still
 * running, or deleted with an istio-proxy that exits before the app.  So
 * every rule of the analysis has work at every size.
 *
 * Standalone: it links nothing of coroner and knows only the formats.
 */
#include <stdint.h>
#include <stdio.h>

/* one writer thread: the stdio calls need not lock */
#define putchar(c)	putchar_unlocked(c)
#define fputs(s, f)	fputs_unlocked((s), (f))
#include <stdlib.h>
#include <string.h>

#include "gen-time.h"

#define T0	1778572800LL		/* 2026-05-12T08:00:00Z */
#define SPAN	21600LL			/* pods are created over 6 hours */
#define LIFE	(SPAN / 2)		/* and deleted 3 hours later */
#define GRACE	30			/* terminationGracePeriodSeconds */
#define PRESTOP	25			/* preStop sleep */
#define NNODES	40
#define NNS	20			/* namespaces */
#define DEPTH	32			/* JSON nesting the writer holds */

enum fate {
	F_KILLED,	/* deleted; SIGKILLed at the deadline (137) */
	F_CLEAN,	/* deleted; exited 0 in time */
	F_OOM,		/* OOMKilled once, running again */
	F_LOOP,		/* exits 1 over and over: CrashLoopBackOff */
	F_LIVENESS,	/* killed for a failed liveness probe, restarted */
	F_EVICTED,	/* evicted for memory pressure */
	F_START,	/* cannot start: a missing Secret */
	F_NODE,		/* lost with its node (Unknown, 255), restarted */
	F_RUNNING,	/* nothing happened */
	F_SIDECAR,	/* deleted; its istio-proxy exits before the app */
	F__COUNT
};

static const char *const months[] = {
	"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct",
	"Nov", "Dec"
};

/* The JSON writer: kubectl's indentation, or one object a line. */
static struct {
	int	compact;		/* -c */
	int	slim;			/* -s */
	int	depth;
	int	first[DEPTH];		/* nothing yet at this depth */
} js;

static void
js_sep(const char *key)
{
	int	i;

	if (js.depth > 0) {
		if (!js.first[js.depth])
			putchar(',');
		js.first[js.depth] = 0;
		if (!js.compact) {
			putchar('\n');
			for (i = 0; i < js.depth; i++)
				fputs("    ", stdout);
		}
	}
	if (key != NULL) {
		putchar('"');
		fputs(key, stdout);
		fputs(js.compact ? "\":" : "\": ", stdout);
	}
}

static void
js_open(const char *key, char c)
{
	js_sep(key);
	putchar(c);
	if (js.depth + 1 >= DEPTH) {
		fprintf(stderr, "gen-k8s: nested too deep\n");
		exit(2);
	}
	js.first[++js.depth] = 1;
}

static void
js_close(char c)
{
	int	i, empty = js.first[js.depth];

	js.depth--;
	if (!js.compact && !empty) {
		putchar('\n');
		for (i = 0; i < js.depth; i++)
			fputs("    ", stdout);
	}
	putchar(c);
	if (js.depth == 0)
		putchar('\n');
}

static void
js_str(const char *key, const char *v)
{
	js_sep(key);
	putchar('"');
	fputs(v, stdout);
	putchar('"');
}

static void
js_int(const char *key, long long v)
{
	js_sep(key);
	printf("%lld", v);
}

/* A resourceVersion: a number written as a string. */
static void
js_version(const char *key, long long v)
{
	js_sep(key);
	printf("\"%lld\"", v);
}

static void
js_raw(const char *key, const char *v)
{
	js_sep(key);
	fputs(v, stdout);
}

static void
js_time(const char *key, long long t)
{
	char	b[32];

	rfc3339(t, b, sizeof b);
	js_str(key, b);
}

/* One pod's plan: who it is and how it ends. */
struct pod {
	long		 i;
	enum fate	 fate;
	char		 ns[16];
	char		 app[24];	/* the Deployment */
	char		 rs[40];	/* its ReplicaSet */
	char		 rs_uid[64];
	char		 gen[48];	/* generateName */
	char		 name[56];
	char		 uid[64];
	char		 node[16];
	char		 ip[32];
	long long	 created;
	long long	 deleted;	/* the deletion request, or 0 */
	long long	 ended;		/* when it died or restarted, or 0 */
};

static long	npods, nworkloads;

static void
pod_plan(long i, struct pod *p)
{
	long	w = i % nworkloads;

	memset(p, 0, sizeof *p);
	p->i = i;
	p->fate = (enum fate)(i % F__COUNT);
	snprintf(p->ns, sizeof p->ns, "ns%ld", w % NNS);
	snprintf(p->app, sizeof p->app, "app%ld", w);
	snprintf(p->rs, sizeof p->rs, "app%ld-6d5f8c7b9", w);
	snprintf(p->rs_uid, sizeof p->rs_uid, "%08lx-0000-4000-a000-%012lx",
	    (unsigned long)w, (unsigned long)w * 31);
	snprintf(p->gen, sizeof p->gen, "%s-", p->rs);
	snprintf(p->name, sizeof p->name, "%s-%05lx", p->rs,
	    (unsigned long)(i * 2654435761UL) & 0xfffff);
	snprintf(p->uid, sizeof p->uid, "%08lx-0000-4000-8000-%012lx",
	    (unsigned long)i, (unsigned long)i * 7919);
	snprintf(p->node, sizeof p->node, "node-%ld", i / 30 % NNODES);
	snprintf(p->ip, sizeof p->ip, "10.%ld.%ld.%ld", 100 + i / 62500,
	    i / 250 % 250, i % 250 + 2);
	p->created = T0 + (long long)i * SPAN / npods;
	switch (p->fate) {
	case F_KILLED:
	case F_CLEAN:
	case F_SIDECAR:
	case F_EVICTED:
		p->deleted = p->created + LIFE;
		p->ended = p->deleted + (p->fate == F_KILLED ? GRACE :
		    p->fate == F_CLEAN ? PRESTOP + 2 : 10);
		break;
	case F_NODE:
		/* the node's pods created in one ten minutes end together */
		p->ended = (p->created - T0) / 600 * 600 + T0 + 1200;
		break;
	case F_START:
	case F_RUNNING:
		break;
	default:
		p->ended = p->created + 1800;
		break;
	}
}

/* phase 0: as created; 1: deletion requested (or what ended it); 2: over */
static void
put_meta(const struct pod *p, int phase)
{
	js_open("metadata", '{');
	js_time("creationTimestamp", p->created);
	if (p->deleted != 0 && phase >= 1) {
		js_int("deletionGracePeriodSeconds", GRACE);
		js_time("deletionTimestamp", p->deleted + GRACE);
	}
	js_str("generateName", p->gen);
	js_open("labels", '{');
	js_str("app", p->app);
	js_str("pod-template-hash", "6d5f8c7b9");
	js_close('}');
	js_str("name", p->name);
	js_str("namespace", p->ns);
	js_open("ownerReferences", '[');
	js_open(NULL, '{');
	js_str("apiVersion", "apps/v1");
	js_raw("blockOwnerDeletion", "true");
	js_raw("controller", "true");
	js_str("kind", "ReplicaSet");
	js_str("name", p->rs);
	js_str("uid", p->rs_uid);
	js_close('}');
	js_close(']');
	js_version("resourceVersion", p->i * 4 + phase + 1000);
	js_str("uid", p->uid);
	js_close('}');
}

static void
put_prestop(void)
{
	js_open("lifecycle", '{');
	js_open("preStop", '{');
	js_open("exec", '{');
	js_open("command", '[');
	js_str(NULL, "sleep");
	js_str(NULL, "25");
	js_close(']');
	js_close('}');
	js_close('}');
	js_close('}');
}

static void
put_liveness(void)
{
	js_open("livenessProbe", '{');
	js_int("failureThreshold", 3);
	js_open("httpGet", '{');
	js_str("path", "/healthz");
	js_int("port", 8080);
	js_str("scheme", "HTTP");
	js_close('}');
	js_int("periodSeconds", 10);
	js_int("successThreshold", 1);
	js_int("timeoutSeconds", 1);
	js_close('}');
}

static void
put_container_spec(const struct pod *p, const char *name, int app)
{
	char	image[64];

	snprintf(image, sizeof image, "registry.example/%s:%s", app ?
	    p->app : "istio/proxyv2", app ? "1.4.2" : "1.22.1");
	js_open(NULL, '{');
	js_str("image", image);
	if (js.slim) {
		if (app) {
			put_prestop();
			put_liveness();
		}
		js_str("name", name);
		js_close('}');
		return;
	}
	js_str("imagePullPolicy", "IfNotPresent");
	if (app) {
		put_prestop();
		put_liveness();
	}
	js_str("name", name);
	js_open("ports", '[');
	js_open(NULL, '{');
	js_int("containerPort", app ? 8080 : 15090);
	js_str("name", app ? "http" : "http-envoy-prom");
	js_str("protocol", "TCP");
	js_close('}');
	js_close(']');
	js_open("resources", '{');
	js_open("limits", '{');
	js_str("memory", app ? "512Mi" : "128Mi");
	js_close('}');
	js_open("requests", '{');
	js_str("cpu", app ? "250m" : "50m");
	js_str("memory", app ? "256Mi" : "64Mi");
	js_close('}');
	js_close('}');
	js_str("terminationMessagePath", "/dev/termination-log");
	js_str("terminationMessagePolicy", "File");
	js_open("volumeMounts", '[');
	js_open(NULL, '{');
	js_str("mountPath", "/var/run/secrets/kubernetes.io/serviceaccount");
	js_str("name", "kube-api-access");
	js_raw("readOnly", "true");
	js_close('}');
	js_close(']');
	js_close('}');
}

static void
put_spec(const struct pod *p)
{
	js_open("spec", '{');
	js_open("containers", '[');
	put_container_spec(p, "app", 1);
	if (p->fate == F_SIDECAR)
		put_container_spec(p, "istio-proxy", 0);
	js_close(']');
	if (js.slim) {
		js_str("nodeName", p->node);
		js_str("restartPolicy", "Always");
		js_int("terminationGracePeriodSeconds", GRACE);
		js_close('}');
		return;
	}
	js_str("dnsPolicy", "ClusterFirst");
	js_raw("enableServiceLinks", "true");
	js_str("nodeName", p->node);
	js_str("preemptionPolicy", "PreemptLowerPriority");
	js_int("priority", 0);
	js_str("restartPolicy", "Always");
	js_str("schedulerName", "default-scheduler");
	js_open("securityContext", '{');
	js_close('}');
	js_str("serviceAccount", "default");
	js_str("serviceAccountName", "default");
	js_int("terminationGracePeriodSeconds", GRACE);
	js_open("tolerations", '[');
	js_open(NULL, '{');
	js_str("effect", "NoExecute");
	js_str("key", "node.kubernetes.io/not-ready");
	js_str("operator", "Exists");
	js_int("tolerationSeconds", 300);
	js_close('}');
	js_close(']');
	js_close('}');
}

static void
put_terminated(const char *key, long long started, long long finished,
    int code, const char *reason)
{
	js_open(key, '{');
	js_open("terminated", '{');
	js_str("containerID", "containerd://0123456789abcdef");
	js_int("exitCode", code);
	js_time("finishedAt", finished);
	js_str("reason", reason);
	js_time("startedAt", started);
	js_close('}');
	js_close('}');
}

/* The state and lastState of container app (or istio-proxy). */
static void
put_status_one(const struct pod *p, const char *name, int phase)
{
	long long	 s = p->created + 2, e = p->ended;
	int		 app = strcmp(name, "app") == 0, restarts = 0;
	int		 ready = phase == 0 || p->fate == F_OOM ||
	    p->fate == F_LIVENESS || p->fate == F_NODE;
	char		 image[64];

	if (phase >= 1 && (p->fate == F_OOM || p->fate == F_LIVENESS ||
	    p->fate == F_NODE))
		restarts = 1;
	if (phase >= 1 && p->fate == F_LOOP)
		restarts = 6;
	if (p->fate == F_START)
		ready = 0;
	snprintf(image, sizeof image, "registry.example/%s:%s", app ?
	    p->app : "istio/proxyv2", app ? "1.4.2" : "1.22.1");
	js_open(NULL, '{');
	if (!js.slim) {
		js_str("containerID", "containerd://0123456789abcdef");
		js_str("image", image);
		js_str("imageID",
		    "registry.example/app@sha256:0123456789abcdef");
	}
	if (restarts > 0) {
		put_terminated("lastState", restarts > 1 ? e - 60 : s, e,
		    p->fate == F_OOM ? 137 : p->fate == F_LIVENESS ? 143 :
		    p->fate == F_NODE ? 255 : 1, p->fate == F_OOM ?
		    "OOMKilled" : p->fate == F_NODE ? "Unknown" : "Error");
	} else {
		js_open("lastState", '{');
		js_close('}');
	}
	js_str("name", name);
	js_raw("ready", ready && phase < 2 ? "true" : "false");
	js_int("restartCount", restarts);
	js_raw("started", p->fate == F_START ? "false" : "true");
	if (phase == 2 && p->deleted != 0) {
		if (!app)
			put_terminated("state", s, p->deleted + 1, 0,
			    "Completed");
		else
			put_terminated("state", s, e, p->fate == F_KILLED ||
			    p->fate == F_EVICTED ? 137 : 0, p->fate ==
			    F_KILLED || p->fate == F_EVICTED ? "Error" :
			    "Completed");
	} else if (p->fate == F_START || (phase >= 1 && p->fate == F_LOOP)) {
		js_open("state", '{');
		js_open("waiting", '{');
		js_str("message", p->fate == F_START ?
		    "secret \\\"app-credentials\\\" not found" :
		    "back-off 5m0s restarting failed container=app");
		js_str("reason", p->fate == F_START ?
		    "CreateContainerConfigError" : "CrashLoopBackOff");
		js_close('}');
		js_close('}');
	} else {
		js_open("state", '{');
		js_open("running", '{');
		js_time("startedAt", restarts > 0 ? e + 5 : s);
		js_close('}');
		js_close('}');
	}
	js_close('}');
}

static void
put_condition(const char *type, const char *status, long long t)
{
	js_open(NULL, '{');
	js_raw("lastProbeTime", "null");
	js_time("lastTransitionTime", t);
	js_str("status", status);
	js_str("type", type);
	js_close('}');
}

static void
put_status(const struct pod *p, int phase)
{
	int	ready = phase == 0 && p->fate != F_START;

	js_open("status", '{');
	js_open("conditions", '[');
	if (!js.slim)
		put_condition("Initialized", "True", p->created);
	put_condition("Ready", ready ? "True" : "False", p->created + 4);
	if (!js.slim) {
		put_condition("ContainersReady", ready ? "True" : "False",
		    p->created + 4);
		put_condition("PodScheduled", "True", p->created);
	}
	js_close(']');
	js_open("containerStatuses", '[');
	put_status_one(p, "app", phase);
	if (p->fate == F_SIDECAR)
		put_status_one(p, "istio-proxy", phase);
	js_close(']');
	if (!js.slim)
		js_str("hostIP", "10.0.0.17");
	if (phase >= 1 && p->fate == F_EVICTED) {
		js_str("message", "The node was low on resource: memory. "
		    "Threshold quantity: 100Mi, available: 91Mi.");
		js_str("phase", "Failed");
		js_str("reason", "Evicted");
	} else
		js_str("phase", phase == 2 && p->fate == F_KILLED ? "Failed" :
		    phase == 2 && p->deleted != 0 ? "Succeeded" :
		    p->fate == F_START ? "Pending" : "Running");
	js_str("podIP", p->ip);
	if (!js.slim) {
		js_open("podIPs", '[');
		js_open(NULL, '{');
		js_str("ip", p->ip);
		js_close('}');
		js_close(']');
		js_str("qosClass", "Burstable");
	}
	js_time("startTime", p->created);
	js_close('}');
}

static void
put_pod(const char *key, const struct pod *p, int phase)
{
	js_open(key, '{');
	js_str("apiVersion", "v1");
	js_str("kind", "Pod");
	put_meta(p, phase);
	put_spec(p);
	put_status(p, phase);
	js_close('}');
}

static void
put_watch(const char *type, const struct pod *p, int phase)
{
	js_open(NULL, '{');
	js_str("type", type);
	put_pod("object", p, phase);
	js_close('}');
}

/* The list's end, as kubectl writes it. */
static void
put_list_end(void)
{
	js_close(']');
	js_str("kind", "List");
	js_open("metadata", '{');
	js_str("resourceVersion", "");
	js_close('}');
	js_close('}');
}

static void
gen_pods(void)
{
	struct pod	p;
	long		i;

	js_open(NULL, '{');
	js_str("apiVersion", "v1");
	js_open("items", '[');
	for (i = 0; i < npods; i++) {
		pod_plan(i, &p);
		put_pod(NULL, &p, p.deleted != 0 || p.ended != 0 ? 1 : 0);
	}
	put_list_end();
}

static void
gen_watch(void)
{
	struct pod	p;
	long		i;

	for (i = 0; i < npods; i++) {
		pod_plan(i, &p);
		put_watch("ADDED", &p, 0);
		if (p.ended == 0 && p.deleted == 0)
			continue;
		put_watch("MODIFIED", &p, 1);
		if (p.deleted == 0)
			continue;
		put_watch("MODIFIED", &p, 2);
		put_watch("DELETED", &p, 2);
	}
}

/* An Event about pod p under key (NULL: a list's element). */
static void
put_event_at(const char *key, const struct pod *p, long n,
    const char *reason, const char *type, const char *msg, long long t,
    int count, const char *field)
{
	char	name[96], uid[40];

	snprintf(name, sizeof name, "%s.%016lx", p->name,
	    (unsigned long)n * 2654435761UL);
	snprintf(uid, sizeof uid, "%08lx-0000-4000-9000-%012lx",
	    (unsigned long)p->i, (unsigned long)n);
	js_open(key, '{');
	js_str("apiVersion", "v1");
	js_int("count", count);
	js_raw("eventTime", "null");
	js_time("firstTimestamp", count > 1 ? t - 600 : t);
	js_open("involvedObject", '{');
	js_str("apiVersion", "v1");
	if (field != NULL)
		js_str("fieldPath", field);
	js_str("kind", "Pod");
	js_str("name", p->name);
	js_str("namespace", p->ns);
	js_version("resourceVersion", p->i * 4 + 1000);
	js_str("uid", p->uid);
	js_close('}');
	js_str("kind", "Event");
	js_time("lastTimestamp", t);
	js_str("message", msg);
	js_open("metadata", '{');
	js_time("creationTimestamp", t);
	js_str("name", name);
	js_str("namespace", p->ns);
	js_version("resourceVersion", n + 5000);
	js_str("uid", uid);
	js_close('}');
	js_str("reason", reason);
	js_str("reportingComponent", "kubelet");
	js_str("reportingInstance", p->node);
	js_open("source", '{');
	js_str("component", "kubelet");
	js_str("host", p->node);
	js_close('}');
	js_str("type", type);
	js_close('}');
}

static void
put_event(const struct pod *p, long n, const char *reason, const char *type,
    const char *msg, long long t, int count, const char *field)
{
	put_event_at(NULL, p, n, reason, type, msg, t, count, field);
}

/* Up to five events of pod p; returns how many it wrote. */
static long
pod_events(const struct pod *p, long n, long left)
{
	const char	*c = "spec.containers{app}";
	char		 msg[160];
	long		 k = 0;

	if (k < left) {
		snprintf(msg, sizeof msg, "Successfully assigned %s/%s to %s",
		    p->ns, p->name, p->node);
		put_event(p, n + k++, "Scheduled", "Normal", msg, p->created,
		    1, NULL);
	}
	if (k < left)
		put_event(p, n + k++, "Pulled", "Normal", "Container image "
		    "\\\"registry.example/app:1.4.2\\\" already present on "
		    "machine", p->created + 1, 1, c);
	if (k < left)
		put_event(p, n + k++, "Created", "Normal", "Created container "
		    "app", p->created + 1, 1, c);
	if (k < left && p->fate != F_START)
		put_event(p, n + k++, "Started", "Normal", "Started container "
		    "app", p->created + 2, 1, c);
	if (k >= left)
		return (k);
	switch (p->fate) {
	case F_KILLED:
	case F_CLEAN:
	case F_SIDECAR:
		put_event(p, n + k++, "Killing", "Normal", "Stopping container "
		    "app", p->deleted, 1, c);
		break;
	case F_LIVENESS:
		put_event(p, n + k++, "Killing", "Normal", "Container app "
		    "failed liveness probe, will be restarted", p->ended, 1, c);
		if (k < left)
			put_event(p, n + k++, "Unhealthy", "Warning",
			    "Liveness probe failed: Get "
			    "\\\"http://10.0.0.1:8080/healthz\\\": context "
			    "deadline exceeded", p->ended - 1, 3, c);
		break;
	case F_LOOP:
		put_event(p, n + k++, "BackOff", "Warning", "Back-off "
		    "restarting failed container app in pod", p->ended, 12, c);
		break;
	case F_EVICTED:
		put_event(p, n + k++, "Evicted", "Warning", "The node was low "
		    "on resource: memory.", p->deleted, 1, NULL);
		break;
	case F_START:
		put_event(p, n + k++, "Failed", "Warning", "Error: secret "
		    "\\\"app-credentials\\\" not found", p->created + 2, 8, c);
		break;
	default:
		break;
	}
	return (k);
}

static void
gen_events(long nevents)
{
	struct pod	p;
	long		i, n = 0;

	js_open(NULL, '{');
	js_str("apiVersion", "v1");
	js_open("items", '[');
	for (i = 0; n < nevents; i++) {
		pod_plan(i, &p);
		n += pod_events(&p, n, nevents - n);
	}
	put_list_end();
}

static void
clf(long long t, char *out, size_t len)
{
	int	y, m, d;

	civil(t / 86400, &y, &m, &d);
	snprintf(out, len, "%02d/%s/%04d:%02lld:%02lld:%02lld +0000", d,
	    months[m - 1], y, t % 86400 / 3600, t % 3600 / 60, t % 60);
}

/*
 * Lines in time order over the 6 hours; each goes to a pod alive then
 * (round robin over the pods created last), until its deletion request.
 */
static void
gen_log(long n)
{
	struct pod	 p;
	char		 t[40];
	long long	 at, off;
	long		 i, k, j;
	int		 fail;

	for (i = 0; i < n; i++) {
		at = T0 + 60 + (long long)i * (SPAN - 120) / n;
		k = (long)((at - T0) * npods / SPAN);
		if (k >= npods)
			k = npods - 1;
		j = k - (i % 40);
		if (j < 0)
			j = i % (k + 1);
		pod_plan(j, &p);
		/* 0.5 % of the lines fail, spread over the pods */
		fail = (i / 40 * 7919 + i) % 200 == 7;
		/*
		 * 2 % go to a pod deleted 5-29 s before: answered during its
		 * preStop sleep, refused after it (or once its proxy left)
		 */
		off = 5 + i / 50 % 25;
		k = (long)((at - LIFE - off - T0) * npods / SPAN) - i / 50 % 4;
		if (i % 50 == 3 && k >= 0) {
			pod_plan(k, &p);
			if (p.deleted != 0 && p.fate != F_EVICTED)
				fail = off >= PRESTOP || p.fate == F_SIDECAR;
			else
				pod_plan(j, &p);
		}
		clf(at, t, sizeof t);
		printf("10.0.%ld.%ld - - [%s] \"GET /api/v1/items/%ld "
		    "HTTP/1.1\" %d %d \"-\" \"bench/1.0\" 233 0.004 "
		    "[%s-%s-8080] [] %s:8080 %d 0.004 %d %016lx%016lx\n",
		    i % 200, i % 250, t, i % 100000, fail ? 502 : 200,
		    fail ? 0 : 512, p.ns, p.app, p.ip, fail ? 0 : 512,
		    fail ? 502 : 200, (unsigned long)i * 2654435761UL,
		    (unsigned long)i);
	}
}

/* t seconds and us microseconds as "2026-05-12T08:00:00.123456Z". */
static void
js_time_us(const char *key, long long t, long us)
{
	char	b[48], day[32];

	rfc3339(t + us / 1000000, day, sizeof day);
	snprintf(b, sizeof b, "%.19s.%06ldZ", day, us % 1000000);
	js_str(key, b);
}

/* One request the API server logs: who asked what, and how it ended. */
struct audit_req {
	const char	*level;		/* Metadata, Request, RequestResponse */
	const char	*stage;		/* ResponseComplete, RequestReceived */
	const char	*verb;
	const char	*user;
	const char	*ip;		/* sourceIPs[0] */
	const char	*ua;		/* userAgent */
	const char	*resource;	/* objectRef */
	const char	*sub;
	const char	*group;
	const char	*ns;
	const char	*name;
	int		 code;		/* responseStatus.code */
	long long	 t;		/* requestReceivedTimestamp, s */
	long		 us;		/* and its microseconds */
};

/* A request's audit ID: the pod's number and the request's. */
static void
audit_id(const struct pod *p, int k, char *out, size_t len)
{
	snprintf(out, len, "%08lx-%04x-4%03x-a000-%012lx",
	    (unsigned long)p->i, k, k & 0xfff,
	    (unsigned long)p->i * 7919 + (unsigned long)k);
}

/* The request's URI, as the API server logs it. */
static void
audit_uri(const struct audit_req *a, char *out, size_t len)
{
	snprintf(out, len, "/%s%s/%s%s%s/%s%s%s%s%s", a->group != NULL ?
	    "apis/" : "api", a->group != NULL ? a->group : "",
	    a->group != NULL ? "v1/" : "v1", a->ns != NULL ? "/namespaces/" :
	    "", a->ns != NULL ? a->ns : "", a->resource, a->name != NULL ?
	    "/" : "", a->name != NULL ? a->name : "", a->sub != NULL ? "/" :
	    "", a->sub != NULL ? a->sub : "");
}

/* The head of the audit Event of request k of pod p, up to its bodies. */
static void
audit_open(const struct pod *p, int k, const struct audit_req *a)
{
	char	id[64], uri[256];

	audit_id(p, k, id, sizeof id);
	audit_uri(a, uri, sizeof uri);
	js_open(NULL, '{');
	js_str("kind", "Event");
	js_str("apiVersion", "audit.k8s.io/v1");
	js_str("level", a->level);
	js_str("auditID", id);
	js_str("stage", a->stage);
	js_str("requestURI", uri);
	js_str("verb", a->verb);
	js_open("user", '{');
	js_str("username", a->user);
	js_open("groups", '[');
	js_str(NULL, "system:authenticated");
	js_close(']');
	js_close('}');
	js_open("sourceIPs", '[');
	js_str(NULL, a->ip);
	js_close(']');
	js_str("userAgent", a->ua);
	js_open("objectRef", '{');
	js_str("resource", a->resource);
	if (a->ns != NULL)
		js_str("namespace", a->ns);
	if (a->name != NULL)
		js_str("name", a->name);
	if (a->group != NULL)
		js_str("apiGroup", a->group);
	js_str("apiVersion", "v1");
	if (a->sub != NULL)
		js_str("subresource", a->sub);
	js_close('}');
	if (strcmp(a->stage, "RequestReceived") != 0) {
		js_open("responseStatus", '{');
		js_open("metadata", '{');
		js_close('}');
		js_int("code", a->code);
		js_close('}');
	}
}

/* The tail of an audit Event: its times and annotations. */
static void
audit_close(const struct audit_req *a)
{
	js_time_us("requestReceivedTimestamp", a->t, a->us);
	js_time_us("stageTimestamp", a->t, a->us + (strcmp(a->stage,
	    "RequestReceived") == 0 ? 0 : 7311));
	js_open("annotations", '{');
	js_str("authorization.k8s.io/decision", "allow");
	js_str("authorization.k8s.io/reason", "");
	js_close('}');
	js_close('}');
}

/* A DeleteOptions (gracePeriodSeconds, the kubelet's uid precondition). */
static void
put_delete_options(const char *key, const struct pod *p, int grace,
    int precondition)
{
	js_open(key, '{');
	js_str("kind", "DeleteOptions");
	js_str("apiVersion", "v1");
	js_int("gracePeriodSeconds", grace);
	if (precondition) {
		js_open("preconditions", '{');
		js_str("uid", p->uid);
		js_close('}');
	}
	js_close('}');
}

/* The scheduler's Binding of pod p to its node (GKE: with its @type). */
static void
put_binding(const char *key, const char *type, const struct pod *p)
{
	js_open(key, '{');
	if (type != NULL)
		js_str("@type", type);
	js_str("kind", "Binding");
	js_str("apiVersion", "v1");
	js_open("metadata", '{');
	js_str("name", p->name);
	js_str("namespace", p->ns);
	js_str("uid", p->uid);
	js_close('}');
	js_open("target", '{');
	js_str("kind", "Node");
	js_str("name", p->node);
	js_close('}');
	js_close('}');
}

/* The kubelet's strategic merge patch of a pod's status. */
static void
put_status_patch(const char *key, const struct pod *p, int phase)
{
	js_open(key, '{');
	js_open("metadata", '{');
	js_str("uid", p->uid);
	js_close('}');
	js_open("status", '{');
	js_open("$setElementOrder/conditions", '[');
	js_open(NULL, '{');
	js_str("type", "Initialized");
	js_close('}');
	js_open(NULL, '{');
	js_str("type", "Ready");
	js_close('}');
	js_open(NULL, '{');
	js_str("type", "PodScheduled");
	js_close('}');
	js_close(']');
	js_open("conditions", '[');
	put_condition("Ready", phase == 0 ? "True" : "False", phase == 0 ?
	    p->created + 4 : p->ended);
	js_close(']');
	js_open("containerStatuses", '[');
	put_status_one(p, "app", phase);
	js_close(']');
	js_str("phase", phase == 2 ? "Failed" : "Running");
	js_str("podIP", p->ip);
	js_time("startTime", p->created);
	js_close('}');
	js_close('}');
}

/*
 * One pod's requests in the API server's audit log (the log backend's
 * file: one Event a line), as a cluster's audit policy logs them: the
 * pod's create (with RequestReceived, for one pod in four), its binding,
 * the kubelet's status patches, events, and at Metadata level what a
 * cluster does around it (the node's lease renewals and the
 * controllers' leader leases, the kubelet's gets of the pod's Secret
 * and ConfigMap, a controller's get), and its end: a delete
 * (RequestResponse for even pods, Metadata for odd) or an eviction
 * (refused with 429 first), then the kubelet's last status and final
 * delete.
 */
static void
audit_pod(const struct pod *p)
{
	static const char rs[] = "system:serviceaccount:kube-system:"
	    "replicaset-controller";
	static const char kua[] = "kubelet/v1.30.2 (linux/amd64) "
	    "kubernetes/3968350";
	char		 kubelet[48];
	struct audit_req a;
	int		 k = 0, j;

	snprintf(kubelet, sizeof kubelet, "system:node:%s", p->node);
	a = (struct audit_req){ .level = "RequestResponse", .stage =
	    "RequestReceived", .verb = "create", .user = rs, .ip = "10.0.0.2",
	    .ua = "kube-controller-manager/v1.30.2 (linux/amd64)",
	    .resource = "pods", .ns = p->ns, .code = 201, .t = p->created,
	    .us = p->i % 1000 * 997 };
	if (p->i % 4 == 0) {
		audit_open(p, k, &a);
		put_pod("requestObject", p, 0);
		audit_close(&a);
	}
	a.stage = "ResponseComplete";
	audit_open(p, k++, &a);
	put_pod("requestObject", p, 0);
	put_pod("responseObject", p, 0);
	audit_close(&a);
	a = (struct audit_req){ .level = "Request", .stage =
	    "ResponseComplete", .verb = "create", .user =
	    "system:kube-scheduler", .ip = "10.0.0.3", .ua =
	    "kube-scheduler/v1.30.2 (linux/amd64)", .resource = "pods",
	    .sub = "binding", .ns = p->ns, .name = p->name, .code = 201,
	    .t = p->created, .us = a.us + 20000 };
	audit_open(p, k++, &a);
	put_binding("requestObject", NULL, p);
	audit_close(&a);
	a = (struct audit_req){ .level = "RequestResponse", .stage =
	    "ResponseComplete", .verb = "create", .user = kubelet, .ip =
	    "10.0.1.11", .ua = kua, .resource = "events", .ns = p->ns,
	    .code = 201, .t = p->created + 1, .us = 4000 };
	for (j = 0; j < 3; j++) {
		a.t = p->created + 1 + j;
		audit_open(p, k++, &a);
		put_event_at("responseObject", p, p->i * 8 + j, j == 0 ?
		    "Pulled" : j == 1 ? "Created" : "Started", "Normal",
		    j == 0 ? "Container image already present on machine" :
		    j == 1 ? "Created container app" : "Started container app",
		    a.t, 1, "spec.containers{app}");
		audit_close(&a);
	}
	a = (struct audit_req){ .level = "Request", .stage =
	    "ResponseComplete", .verb = "patch", .user = kubelet, .ip =
	    "10.0.1.11", .ua = kua, .resource = "pods", .sub = "status",
	    .ns = p->ns, .name = p->name, .code = 200, .t = p->created + 4,
	    .us = 210011 };
	audit_open(p, k++, &a);
	put_status_patch("requestObject", p, 0);
	audit_close(&a);
	a = (struct audit_req){ .level = "Metadata", .stage =
	    "ResponseComplete", .verb = "update", .user = kubelet, .ip =
	    "10.0.1.11", .ua = kua, .resource = "leases", .group =
	    "coordination.k8s.io", .ns = "kube-node-lease", .name = p->node,
	    .code = 200, .t = p->created, .us = 104 };
	for (j = 0; j < 14; j++) {
		/* the node's heartbeats, the controllers' leader leases */
		a.t = p->created + 2 * j;
		a.user = j % 2 == 0 ? kubelet : "system:kube-scheduler";
		a.ns = j % 2 == 0 ? "kube-node-lease" : "kube-system";
		a.name = j % 2 == 0 ? p->node : "kube-scheduler";
		audit_open(p, k++, &a);
		audit_close(&a);
	}
	a = (struct audit_req){ .level = "Metadata", .stage =
	    "ResponseComplete", .verb = "get", .user = kubelet, .ip =
	    "10.0.1.11", .ua = kua, .resource = "secrets", .ns = p->ns,
	    .name = "app-credentials", .code = 200, .t = p->created + 1,
	    .us = 5 };
	for (j = 0; j < 3; j++) {
		if (j == 1) {
			a.resource = "configmaps";
			a.name = "kube-root-ca.crt";
		} else if (j == 2) {
			a.user = "system:serviceaccount:kube-system:"
			    "endpointslice-controller";
			a.resource = "pods";
			a.name = p->name;
			a.t = p->created + 30;
		}
		audit_open(p, k++, &a);
		audit_close(&a);
	}
	if (p->deleted == 0)
		return;
	if (p->fate == F_EVICTED) {
		a = (struct audit_req){ .level = "Metadata", .stage =
		    "ResponseComplete", .verb = "create", .user =
		    "system:serviceaccount:kube-system:cluster-autoscaler",
		    .ip = "10.0.0.5", .ua = "cluster-autoscaler/v1.30.0",
		    .resource = "pods", .sub = "eviction", .ns = p->ns,
		    .name = p->name, .code = 429, .t = p->deleted - 90,
		    .us = 100001 };
		audit_open(p, k++, &a);
		audit_close(&a);
		a.level = "RequestResponse";
		a.code = 201;
		a.t = p->deleted;
		audit_open(p, k++, &a);
		js_open("requestObject", '{');
		js_str("kind", "Eviction");
		js_str("apiVersion", "policy/v1");
		put_delete_options("deleteOptions", p, 10, 0);
		js_close('}');
		js_open("responseObject", '{');
		js_str("kind", "Status");
		js_str("status", "Success");
		js_int("code", 201);
		js_close('}');
		audit_close(&a);
		} else {
		a = (struct audit_req){ .level = p->i % 2 == 0 ?
		    "RequestResponse" : "Metadata", .stage =
		    "ResponseComplete", .verb = "delete", .user =
		    "system:serviceaccount:kube-system:replicaset-controller",
		    .ip = "10.0.0.2", .ua = "kube-controller-manager/v1.30.2",
		    .resource = "pods", .ns = p->ns, .name = p->name, .code =
		    200, .t = p->deleted, .us = 250004 };
		audit_open(p, k++, &a);
		if (p->i % 2 == 0) {
			put_delete_options("requestObject", p, GRACE, 0);
			put_pod("responseObject", p, 1);
		}
		audit_close(&a);
	}
	a = (struct audit_req){ .level = "Request", .stage =
	    "ResponseComplete", .verb = "patch", .user = kubelet, .ip =
	    "10.0.1.11", .ua = kua, .resource = "pods", .sub = "status",
	    .ns = p->ns, .name = p->name, .code = 200, .t = p->ended,
	    .us = 4457 };
	audit_open(p, k++, &a);
	put_status_patch("requestObject", p, 2);
	audit_close(&a);
	a.verb = "delete";
	a.sub = NULL;
	a.t = p->ended + 1;
	audit_open(p, k++, &a);
	put_delete_options("requestObject", p, 0, 1);
	audit_close(&a);
}


/* The head of a Cloud Logging LogEntry, up to its payload. */
static void
entry_open(const struct pod *p, const char *kind, long n)
{
	char	id[48];

	snprintf(id, sizeof id, "%s%08lx%06lx", kind, (unsigned long)p->i,
	    (unsigned long)n);
	js_open(NULL, '{');
	js_str("insertId", id);
}

/*
 * The tail of a LogEntry: its log, resource (type with the labels of
 * the pod's container, its node, or the cluster), severity and time.
 */
static void
entry_close(const struct pod *p, const char *log, const char *type,
    const char *severity, long long t, long us)
{
	char	name[160];

	snprintf(name, sizeof name, "projects/shop-prod/logs/%s", log);
	js_str("logName", name);
	js_time_us("receiveTimestamp", t, us + 312000);
	js_open("resource", '{');
	js_open("labels", '{');
	js_str("cluster_name", "shop-prod");
	if (strcmp(type, "k8s_container") == 0) {
		js_str("container_name", "app");
		js_str("location", "europe-west1");
		js_str("namespace_name", p->ns);
		js_str("pod_name", p->name);
	} else {
		js_str("location", "europe-west1");
		if (strcmp(type, "k8s_node") == 0)
			js_str("node_name", p->node);
	}
	js_str("project_id", "shop-prod");
	js_close('}');
	js_str("type", type);
	js_close('}');
	js_str("severity", severity);
	js_time_us("timestamp", t, us);
	js_close('}');
}

/* A GKE audit entry of pod p: its create, binding or status patch. */
static void
gke_audit(const struct pod *p, int k)
{
	static const char *const methods[] = {
		"io.k8s.core.v1.pods.create",
		"io.k8s.core.v1.pods.binding.create",
		"io.k8s.core.v1.pods.status.patch",
	};
	char	id[64], res[160];

	audit_id(p, k, id, sizeof id);
	snprintf(res, sizeof res, "core/v1/namespaces/%s/pods/%s%s", p->ns,
	    p->name, k == 1 ? "/binding" : k == 2 ? "/status" : "");
	entry_open(p, "a", k);
	js_open("labels", '{');
	js_str("authorization.k8s.io/decision", "allow");
	js_str("authorization.k8s.io/reason", "");
	js_close('}');
	js_open("operation", '{');
	js_raw("first", "true");
	js_str("id", id);
	js_raw("last", "true");
	js_str("producer", "k8s.io");
	js_close('}');
	js_open("protoPayload", '{');
	js_str("@type", "type.googleapis.com/google.cloud.audit.AuditLog");
	js_open("authenticationInfo", '{');
	js_str("principalEmail", k == 0 ? "system:serviceaccount:kube-system:"
	    "replicaset-controller" : k == 1 ? "system:kube-scheduler" :
	    "system:node:gke-shop-prod-default-pool");
	js_close('}');
	js_str("methodName", methods[k]);
	if (k == 0) {
		put_pod("request", p, 0);
		put_pod("response", p, 0);
	} else if (k == 1)
		put_binding("request", "core.k8s.io/v1.Binding", p);
	else
		put_status_patch("request", p, 0);
	js_open("requestMetadata", '{');
	js_str("callerIp", "10.0.0.2");
	js_str("callerSuppliedUserAgent", "kube-controller-manager/v1.30.2");
	js_close('}');
	js_str("resourceName", res);
	js_str("serviceName", "k8s.io");
	js_open("status", '{');
	js_int("code", 0);
	js_close('}');
	js_close('}');
	entry_close(p, "cloudaudit.googleapis.com%2Factivity", "k8s_cluster",
	    "NOTICE", p->created + k, 102345);
}

/*
 * One pod's entries in a GKE project's Cloud Logging (a sink's NDJSON):
 * its create, binding and first status patch in the audit log, three
 * events as the event exporter logs them, 24 lines of its container and
 * two of its node's kubelet.
 */
static void
cloudlog_pod(const struct pod *p)
{
	char	text[200];
	int	k;

	for (k = 0; k < 3; k++)
		gke_audit(p, k);
	for (k = 0; k < 3; k++) {
		entry_open(p, "e", k);
		put_event_at("jsonPayload", p, p->i * 8 + k, k == 0 ?
		    "Pulled" : k == 1 ? "Created" : "Started", "Normal",
		    k == 0 ? "Container image already present on machine" :
		    k == 1 ? "Created container app" : "Started container app",
		    p->created + 1 + k, 1, "spec.containers{app}");
		entry_close(p, "events", "k8s_pod", "INFO", p->created + 1 + k,
		    0);
	}
	for (k = 0; k < 24; k++) {
		entry_open(p, "c", k);
		js_open("labels", '{');
		js_str("compute.googleapis.com/resource_name", p->node);
		js_str("k8s-pod/app", p->app);
		js_close('}');
		snprintf(text, sizeof text, "%s order %ld accepted from "
		    "10.0.%ld.%ld in %d ms\\n", k % 5 == 4 ? "WARN" : "INFO",
		    p->i * 24 + k, p->i % 200, (long)k, 3 + k % 17);
		js_str("textPayload", text);
		entry_close(p, k % 5 == 4 ? "stderr" : "stdout",
		    "k8s_container", k % 5 == 4 ? "ERROR" : "INFO",
		    p->created + 60 + 30 * k, k * 4171);
	}
	for (k = 0; k < 2; k++) {
		entry_open(p, "k", k);
		js_open("jsonPayload", '{');
		js_str("_BOOT_ID", "a1ac0b1141674ec4ac6b2dfc2c1baa33");
		js_str("_HOSTNAME", p->node);
		snprintf(text, sizeof text, "I0512 09:00:00.000000    1675 "
		    "kubelet.go:2434] \\\"SyncLoop (PLEG): event for pod\\\" "
		    "pod=\\\"%s/%s\\\"", p->ns, p->name);
		js_str("MESSAGE", text);
		js_str("SYSLOG_IDENTIFIER", "kubelet");
		js_str("_SYSTEMD_UNIT", "kubelet.service");
		js_close('}');
		entry_close(p, "kubelet", "k8s_node", "INFO", p->created + 2 +
		    k, 914655);
	}
}

/* Each pod's entries, one a line (the audit log, the Cloud Logging sink). */
/* A Job's or a Job pod's controller (batch/v1): its CronJob, its Job. */
static void
put_batch_owner(const char *kind, const char *name, const char *uid)
{
	js_open("ownerReferences", '[');
	js_open(NULL, '{');
	js_str("apiVersion", "batch/v1");
	js_raw("blockOwnerDeletion", "true");
	js_raw("controller", "true");
	js_str("kind", kind);
	js_str("name", name);
	js_str("uid", uid);
	js_close('}');
	js_close(']');
}

/* The one container of a Job's pods, in the pod and its template. */
static void
put_job_containers(void)
{
	js_open("containers", '[');
	js_open(NULL, '{');
	js_str("image", "registry.example/tools:3");
	js_str("name", "main");
	js_close('}');
	js_close(']');
}

/* One Job run's pod: its name, Job, start, exit code. */
static void
put_job_pod(const char *ns, const char *job, const char *juid, long k,
    int try, long long start, int code)
{
	char	name[96], uid[64];

	snprintf(name, sizeof name, "%s-%05lx", job,
	    (unsigned long)((k * 2 + try) * 2654435761UL) & 0xfffff);
	snprintf(uid, sizeof uid, "%08lx-0000-4000-9000-%012lx",
	    (unsigned long)k, (unsigned long)try);
	js_open(NULL, '{');
	js_str("apiVersion", "v1");
	js_str("kind", "Pod");
	js_open("metadata", '{');
	js_time("creationTimestamp", start - 1);
	js_open("labels", '{');
	js_str("job-name", job);
	js_close('}');
	js_str("name", name);
	js_str("namespace", ns);
	put_batch_owner("Job", job, juid);
	js_version("resourceVersion", k * 4 + try + 1000);
	js_str("uid", uid);
	js_close('}');
	js_open("spec", '{');
	put_job_containers();
	js_str("nodeName", "node-1");
	js_str("restartPolicy", "Never");
	js_int("terminationGracePeriodSeconds", GRACE);
	js_close('}');
	js_open("status", '{');
	js_open("containerStatuses", '[');
	js_open(NULL, '{');
	js_str("image", "registry.example/tools:3");
	js_str("name", "main");
	js_raw("ready", "false");
	js_int("restartCount", 0);
	put_terminated("state", start, start + 12, code,
	    code != 0 ? "Error" : "Completed");
	js_close('}');
	js_close(']');
	js_str("phase", code != 0 ? "Failed" : "Succeeded");
	js_time("startTime", start);
	js_close('}');
	js_close('}');
}

/* Job k of CronJob k % C and its pods (gen-k8s jobs). */
static void
put_job(long k, long ncron)
{
	char		 ns[16], cron[24], job[48], juid[64], cuid[64];
	long		 c = k % ncron, run = k / ncron;
	long long	 start = T0 + (long long)run * 60;
	/* by the run and the CronJob: every CronJob has each fate */
	int		 failed = (run + c) % 5 == 1;
	int		 slow = (run + c) % 25 == 0;
	long long	 end = start + (slow ? 300 : failed ? 40 : 13);

	snprintf(ns, sizeof ns, "ns%ld", c % NNS);
	snprintf(cron, sizeof cron, "cron%ld", c);
	snprintf(job, sizeof job, "%s-%ld", cron, 29600000 + run);
	snprintf(juid, sizeof juid, "%08lx-0000-4000-b000-%012lx",
	    (unsigned long)k, (unsigned long)k * 13);
	snprintf(cuid, sizeof cuid, "%08lx-0000-4000-c000-%012lx",
	    (unsigned long)c, (unsigned long)c * 17);
	js_open(NULL, '{');
	js_str("apiVersion", "batch/v1");
	js_str("kind", "Job");
	js_open("metadata", '{');
	js_time("creationTimestamp", start);
	js_open("labels", '{');
	js_str("job-name", job);
	js_close('}');
	js_str("name", job);
	js_str("namespace", ns);
	put_batch_owner("CronJob", cron, cuid);
	js_version("resourceVersion", k * 4 + 900);
	js_str("uid", juid);
	js_close('}');
	js_open("spec", '{');
	js_int("backoffLimit", 1);
	js_int("completions", 1);
	js_int("parallelism", 1);
	js_open("template", '{');
	js_open("spec", '{');
	put_job_containers();
	js_str("restartPolicy", "Never");
	js_close('}');
	js_close('}');
	js_close('}');
	js_open("status", '{');
	if (!failed)
		js_time("completionTime", end);
	js_open("conditions", '[');
	js_open(NULL, '{');
	js_time("lastProbeTime", end);
	js_time("lastTransitionTime", end);
	js_str("message", failed ? "Job has reached the specified "
	    "backoff limit" : "Reached expected number of succeeded pods");
	js_str("reason", failed ? "BackoffLimitExceeded" :
	    "CompletionsReached");
	js_str("status", "True");
	js_str("type", failed ? "Failed" : "Complete");
	js_close('}');
	js_close(']');
	js_int(failed ? "failed" : "succeeded", failed ? 2 : 1);
	js_time("startTime", start);
	js_close('}');
	js_close('}');
	if (failed) {
		put_job_pod(ns, job, juid, k, 0, start + 1, 1);
		put_job_pod(ns, job, juid, k, 1, start + 20, 1);
	} else
		put_job_pod(ns, job, juid, k, 0, start + 1, 0);
}

static void
gen_jobs(long njobs, long ncron)
{
	long	k;

	js_open(NULL, '{');
	js_str("apiVersion", "v1");
	js_open("items", '[');
	for (k = 0; k < njobs; k++)
		put_job(k, ncron);
	put_list_end();
}

static void
gen_lines(void (*pod_lines)(const struct pod *))
{
	struct pod	p;
	long		i;

	js.compact = 1;
	for (i = 0; i < npods; i++) {
		pod_plan(i, &p);
		pod_lines(&p);
	}
}

static long
count(const char *s)
{
	char	*end;
	long	 v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < 1) {
		fprintf(stderr, "gen-k8s: %s: not a count\n", s);
		exit(2);
	}
	return (v);
}

static void
usage(void)
{
	fprintf(stderr, "usage: gen-k8s [-cs] pods|watch P [W] | "
	    "[-c] events N [W] | [-c] jobs J [C] | log P N [W] | "
	    "audit|cloudlog P [W]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	static char	 out[1 << 20];
	const char	*mode;

	setvbuf(stdout, out, _IOFBF, sizeof out);
	argv++;
	argc--;
	while (argc > 0 && (strcmp(argv[0], "-c") == 0 ||
	    strcmp(argv[0], "-s") == 0)) {
		if (argv[0][1] == 'c')
			js.compact = 1;
		else
			js.slim = 1;
		argv++;
		argc--;
	}
	if (argc < 2)
		usage();
	mode = argv[0];
	npods = count(argv[1]);
	if (strcmp(mode, "log") == 0) {
		if (argc < 3 || argc > 4)
			usage();
		nworkloads = argc == 4 ? count(argv[3]) : (npods + 1) / 2;
		gen_log(count(argv[2]));
		return (fflush(stdout) == 0 ? 0 : 1);
	}
	if (argc > 3)
		usage();
	nworkloads = argc == 3 ? count(argv[2]) : (npods + 1) / 2;
	if (strcmp(mode, "jobs") == 0)
		gen_jobs(npods, argc == 3 ? nworkloads : (npods + 99) / 100);
	else if (strcmp(mode, "pods") == 0)
		gen_pods();
	else if (strcmp(mode, "watch") == 0)
		gen_watch();
	else if (strcmp(mode, "audit") == 0)
		gen_lines(audit_pod);
	else if (strcmp(mode, "cloudlog") == 0)
		gen_lines(cloudlog_pod);
	else if (strcmp(mode, "events") == 0) {
		/* the events of about N / 5 pods */
		nworkloads = argc == 3 ? nworkloads : (npods / 5 + 1) / 2;
		npods = npods / 5 + 1;
		gen_events(count(argv[1]));
	} else
		usage();
	return (fflush(stdout) == 0 ? 0 : 1);
}
