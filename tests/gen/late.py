#!/usr/bin/env python3
"""late.py: writes incidents as they can be collected days after they
happened, from what log backends and deploy tools kept (no pod objects, no
events from the API), deterministically (no randomness, fixed times), for
the end-to-end tests and the sample samples/week-later.

    python3 tests/gen/late.py STORY OUTDIR
    python3 tests/gen/late.py sample samples/week-later

week-later: Deployment labels/label-printer on GKE rolls from ReplicaSet
label-printer-6b7c8d9f5 (revision 41) to label-printer-8f9a7b6c4
(revision 42) at 2026-09-14T10:00:00Z, deployed by Helm (release
labels/label-printer, revision 42) with the service account
ci-deployer@shop-prod.iam.gserviceaccount.com.  Each of the 4 old pods has
a preStop "sleep 20" in a grace period of 30 s and takes 15 s to flush its
label batch after SIGTERM: it is SIGKILLed (137) at the deadline, and the
labels it accepted in its last seconds never reach our records.  The GCLB
still routes to each old pod for 12 s after its deletion request.  A week
later all there is: the Cloud Logging export of the cluster (gcloud
logging read --format=json: the audit log's pod creates, bindings, the
kubelet's status patches and deletes, the Deployment patch, the events,
the containers' logs) as gke-export.json, the load balancer's request log
(lb.json), the Helm history (helm-history.json), the courier's manifest
(courier.csv) and our records (ours.ndjson).
week-later-control: the same with a preStop "sleep 15" and a grace of 45 s
and a flush of 8 s: every pod exits on its own, nothing is lost.
no-status: week-later as an audit policy that left out the kubelet's
pods/status patches keeps it: the pods' creates, bindings and deletes
only, so that how the containers ended is unknown.

drain: node gke-pool-1-n2 is drained by alice@example.com (kubectl drain)
at 2026-09-15T07:00:00Z.  The API server's log backend writes audit.log
and its rotated predecessor audit-2026-09-15T07-01-30.log.gz.  The
evictions of shop/cart-7d8e9f0a1-q4r8t are refused (429, the budget
cart-pdb allows no disruption) every 5 s for 3 minutes, until a new cart
pod is ready; then it goes through.  The other pods are evicted at once.
The Node's stamped watch (nodes-watch.json) shows the cordon.
drain-control: the same, the refusals lasting 20 s.

endpoints-lb: Deployment checkout/web rolls (4 old pods, no preStop, grace
30 s): the EndpointSlice controller marks each old endpoint terminating
0.4 s after the deletion request (endpointslices-watch.json, a stamped
watch), but ingress-nginx (ingress.log) routes to it for 12 s, and every
request after SIGTERM fails with a 502.  The pods are in pods-watch.json.
endpoints-controller: the same, but the controller itself lags: the
endpoints are terminating only 11 s after the deletion request.

grace-override: Deployment billing/ledger (spec grace 60 s, preStop sleep
5 s, a shutdown of 10 s).  bob@example.com deletes ledger-...-a1 with
kubectl delete --grace-period=1: it gets SIGKILLed at +3 s (1 s of grace,
then the kubelet's 2 s floor).  The rest of the rollout deletes with the
spec's 60 s and exits 0 at +15 s.  pods-watch.json and audit.log.
grace-override-control: no override: every pod exits 0 at +15 s.

helm-rollback: Deployment shop/quote, released by Helm (release
shop/quote): revision 13 (ReplicaSet quote-6d5f8b7c9) runs; revision 14
(quote-8c9b7a6d5) at 2026-09-16T12:00:00Z answers 500 on /api/quote to
every request for 40 s, then to one in twelve; revision 15 (12:06:00)
rolls back to revision 13.  helm-history.json, pods-watch.json, replicasets.json,
events.json and three hours of sampled traffic in ingress.log (one request
a second, two background 500s an hour).
"""
import gzip
import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from incident import nginx_line, time_local, ts, uid  # noqa: E402,F401

PROJECT = "shop-prod"
CLUSTER = "prod-eu"
LOCATION = "europe-west1"


def tsu(t):
    """RFC 3339 with microseconds, as the API server writes audit times."""
    return t.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def sec(s):
    return timedelta(seconds=s)


# ---------------------------------------------------------------------
# Kubernetes objects

def pod_obj(ns, name, puid, rs, rs_uid, node, ip, created, grace, prestop,
            image, container="app", phase="Running"):
    lifecycle = {}
    if prestop:
        lifecycle = {"lifecycle": {"preStop": {"exec": {
            "command": ["sh", "-c", "sleep %d" % prestop]}}}}
    c = {"name": container, "image": image,
         "ports": [{"containerPort": 8080, "protocol": "TCP"}]}
    c.update(lifecycle)
    return {
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {
            "name": name, "namespace": ns, "uid": puid,
            "resourceVersion": "1", "creationTimestamp": ts(created),
            "labels": {"app": rs.rsplit("-", 1)[0],
                       "pod-template-hash": rs.rsplit("-", 1)[1]},
            "ownerReferences": [{"apiVersion": "apps/v1",
                                 "kind": "ReplicaSet", "name": rs,
                                 "uid": rs_uid, "controller": True,
                                 "blockOwnerDeletion": True}]},
        "spec": {"nodeName": node, "restartPolicy": "Always",
                 "terminationGracePeriodSeconds": grace,
                 "containers": [c]},
        "status": {"phase": phase, "podIP": ip,
                   "startTime": ts(created + sec(2)),
                   "conditions": [
                       {"type": "PodScheduled", "status": "True",
                        "lastTransitionTime": ts(created)},
                       {"type": "Ready", "status": "True",
                        "lastTransitionTime": ts(created + sec(6))}],
                   "containerStatuses": [{
                       "name": container, "image": image, "ready": True,
                       "restartCount": 0, "started": True,
                       "state": {"running": {
                           "startedAt": ts(created + sec(3))}}}]},
    }


def status_patch(puid, container, image, state, ready, phase=None):
    """The kubelet's strategic-merge patch of a pod's status."""
    st = {"$setElementOrder/conditions": [{"type": "Initialized"},
                                          {"type": "Ready"},
                                          {"type": "ContainersReady"},
                                          {"type": "PodScheduled"}],
          "conditions": [{"type": "Ready",
                          "status": "True" if ready else "False",
                          "lastTransitionTime": state[1]}],
          "containerStatuses": [{
              "name": container, "image": image, "ready": ready,
              "restartCount": 0, "started": ready,
              "state": state[0]}]}
    if phase:
        st["phase"] = phase
    return {"metadata": {"uid": puid}, "status": st}


def terminated(started, finished, code):
    return ({"terminated": {
        "exitCode": code, "reason": "Error" if code else "Completed",
        "startedAt": ts(started), "finishedAt": tsu(finished)[:23] + "Z"}},
        tsu(finished)[:23] + "Z")


# ---------------------------------------------------------------------
# The audit log: the API server's log backend, and GKE's export of it

class Audit:
    """Audit events in the order they are written, numbered."""

    def __init__(self):
        self.events = []
        self.n = 0

    def add(self, t, verb, resource, ns, name, user, code, sub=None,
            ua="kubectl/v1.30.4 (linux/amd64) kubernetes/1a2b3c4",
            req=None, resp=None, group="", version="v1",
            level="RequestResponse", reason=None, message=None):
        self.n += 1
        path = "/api/v1" if not group else "/apis/%s/%s" % (group, version)
        uri = "%s/namespaces/%s/%s" % (path, ns, resource)
        if name:
            uri += "/" + name
        if sub:
            uri += "/" + sub
        ref = {"resource": resource, "namespace": ns, "apiVersion": version}
        if name:
            ref["name"] = name
        if group:
            ref["apiGroup"] = group
        if sub:
            ref["subresource"] = sub
        status = {"metadata": {}, "code": code}
        if code >= 300:
            status["status"] = "Failure"
            if reason:
                status["reason"] = reason
            if message:
                status["message"] = message
        ev = {
            "kind": "Event", "apiVersion": "audit.k8s.io/v1",
            "level": level,
            "auditID": "%08x-7a11-4e57-9a0d-%012x" % (0xa0d17000 + self.n,
                                                      self.n),
            "stage": "ResponseComplete", "requestURI": uri, "verb": verb,
            "user": {"username": user,
                     "groups": ["system:authenticated"]},
            "sourceIPs": ["10.128.0.%d" % (self.n % 200 + 2)],
            "userAgent": ua, "objectRef": ref, "responseStatus": status,
            "requestReceivedTimestamp": tsu(t),
            "stageTimestamp": tsu(t + timedelta(milliseconds=4)),
            "annotations": {"authorization.k8s.io/decision": "allow"},
        }
        if req is not None and level != "Metadata":
            ev["requestObject"] = req
        if resp is not None and level == "RequestResponse":
            ev["responseObject"] = resp
        self.events.append((t, ev))
        return ev

    def lines(self):
        return [json.dumps(ev, sort_keys=False) + "\n"
                for _, ev in sorted(self.events, key=lambda x: x[0])]


GROUPS = {"deployments": ("apps", "apps.v1")}


def gke_entry(ev):
    """One audit event as GKE's Cloud Logging exports it (k8s.io)."""
    ref = ev["objectRef"]
    res, sub = ref["resource"], ref.get("subresource")
    group = ref.get("apiGroup", "")
    api = "%s.%s" % (group.split(".")[0], ref["apiVersion"]) if group else \
        "core.%s" % ref["apiVersion"]
    method = "io.k8s.%s.%s.%s%s" % (api, res, (sub + ".") if sub else "",
                                    ev["verb"])
    name = "%s/%s/namespaces/%s/%s" % (
        group or "core", ref["apiVersion"], ref["namespace"], res)
    if "name" in ref:
        name += "/" + ref["name"]
    if sub:
        name += "/" + sub
    code = ev["responseStatus"]["code"]
    pp = {
        "@type": "type.googleapis.com/google.cloud.audit.AuditLog",
        "authenticationInfo": {"principalEmail": ev["user"]["username"]},
        "authorizationInfo": [{"granted": True, "permission": method,
                               "resource": name}],
        "methodName": method, "resourceName": name, "serviceName": "k8s.io",
        "requestMetadata": {"callerIp": ev["sourceIPs"][0],
                            "callerSuppliedUserAgent": ev["userAgent"]},
        "status": {"code": 0 if code < 300 else
                   8 if code == 429 else 7 if code == 403 else 5},
    }
    if "requestObject" in ev:
        pp["request"] = dict(ev["requestObject"])
        pp["request"]["@type"] = "k8s.io/" + ev["requestObject"].get(
            "kind", "Patch")
    if "responseObject" in ev:
        pp["response"] = dict(ev["responseObject"])
        pp["response"]["@type"] = "core.k8s.io/v1." + \
            ev["responseObject"].get("kind", "Status")
    if code >= 300:
        pp["status"]["message"] = ev["responseStatus"].get("message", "")
    return {
        "insertId": ev["auditID"][:8] + ev["auditID"][-6:],
        "labels": {"authorization.k8s.io/decision": "allow",
                   "authorization.k8s.io/reason": ""},
        "logName": "projects/%s/logs/cloudaudit.googleapis.com%%2F"
                   "activity" % PROJECT,
        "operation": {"first": True, "id": ev["auditID"], "last": True,
                      "producer": "k8s.io"},
        "protoPayload": pp,
        "receiveTimestamp": ev["stageTimestamp"],
        "resource": {"labels": {"cluster_name": CLUSTER,
                                "location": LOCATION,
                                "project_id": PROJECT},
                     "type": "k8s_cluster"},
        "timestamp": ev["requestReceivedTimestamp"],
    }


def gke_event(n, ns, obj_kind, obj_name, obj_uid, reason, msg, t,
              component="kubelet", etype="Normal"):
    """A Kubernetes event as GKE's event exporter writes it."""
    return {
        "insertId": "%012x" % (0xe7e000000 + n),
        "jsonPayload": {
            "apiVersion": "v1", "kind": "Event",
            "metadata": {"name": "%s.%016x" % (obj_name, 0x17e0000 + n),
                         "namespace": ns, "uid": uid(0xe5, n),
                         "creationTimestamp": ts(t)},
            "involvedObject": {"kind": obj_kind, "namespace": ns,
                               "name": obj_name, "uid": obj_uid},
            "reason": reason, "message": msg,
            "source": {"component": component},
            "firstTimestamp": ts(t), "lastTimestamp": ts(t), "count": 1,
            "type": etype, "eventTime": None,
            "reportingComponent": component, "reportingInstance": ""},
        "logName": "projects/%s/logs/events" % PROJECT,
        "receiveTimestamp": ts(t + sec(1)),
        "resource": {"labels": {"cluster_name": CLUSTER,
                                "location": LOCATION,
                                "namespace_name": ns,
                                "pod_name": obj_name,
                                "project_id": PROJECT},
                     "type": "k8s_pod" if obj_kind == "Pod" else
                     "k8s_cluster"},
        "severity": "WARNING" if etype == "Warning" else "INFO",
        "timestamp": ts(t),
    }


def gke_log(n, ns, pod, container, t, text):
    """A line a container wrote, as GKE's logging agent ships it."""
    return {
        "insertId": "%012x" % (0x10c000000 + n),
        "logName": "projects/%s/logs/stdout" % PROJECT,
        "receiveTimestamp": tsu(t + sec(2)),
        "resource": {"labels": {"cluster_name": CLUSTER,
                                "container_name": container,
                                "location": LOCATION,
                                "namespace_name": ns, "pod_name": pod,
                                "project_id": PROJECT},
                     "type": "k8s_container"},
        "severity": "INFO",
        "textPayload": text,
        "timestamp": tsu(t),
    }


def gclb_entry(n, start, server_ip, status, detail, backend):
    """One request of a GCLB as Cloud Logging exports it."""
    failed = status >= 500 and detail != "response_sent_by_backend"
    return {
        "httpRequest": {
            "latency": "%.6fs" % (0.0012 if failed else 0.021),
            "remoteIp": "198.51.100.%d" % (n % 250 + 1),
            "requestMethod": "POST",
            "requestSize": "412",
            "requestUrl": "https://labels.example.com/api/labels",
            "responseSize": "%d" % (221 if failed else 1320),
            "serverIp": server_ip, "status": status,
            "userAgent": "courier-client/3.2"},
        "insertId": "%012x" % (0x1b2c3d000000 + n),
        "jsonPayload": {
            "@type": "type.googleapis.com/google.cloud.loadbalancing.type."
                     "LoadBalancerLogEntry",
            "statusDetails": detail},
        "logName": "projects/%s/logs/requests" % PROJECT,
        "receiveTimestamp": tsu(start + timedelta(milliseconds=850)),
        "resource": {"labels": {"backend_service_name": backend,
                                "project_id": PROJECT, "zone": "global"},
                     "type": "http_load_balancer"},
        "severity": "WARNING" if status >= 500 else "INFO",
        "timestamp": tsu(start),
    }


# ---------------------------------------------------------------------
# week-later

class WeekLater:
    """The label-printer rollout and its timing."""

    NS, DEP = "labels", "label-printer"
    OLD, NEW = ("6b7c8d9f5", 41), ("8f9a7b6c4", 42)
    T0 = datetime(2026, 9, 14, 10, 0, 0, tzinfo=timezone.utc)
    SUFFIX = {OLD: ["k2m4p", "r7t9w", "c3v5x", "h8j6n"],
              NEW: ["a1b2c", "d3e4f", "g5h6i", "j7k8l"]}
    STEP_S = 40
    IMAGE = {OLD: "europe-docker.pkg.dev/shop-prod/apps/label-printer:5.8.1",
             NEW: "europe-docker.pkg.dev/shop-prod/apps/label-printer:5.9.0"}

    def __init__(self, control):
        self.control = control
        self.prestop = 15 if control else 20
        self.grace = 45 if control else 30
        self.flush = 8 if control else 15
        self.lag = 12

    def name(self, rs, i):
        return "%s-%s-%s" % (self.DEP, rs[0], self.SUFFIX[rs][i])

    def puid(self, rs, i):
        return uid(0xc0 + rs[1] % 16, i + 1)

    def rs_name(self, rs):
        return "%s-%s" % (self.DEP, rs[0])

    def ip(self, rs, i):
        return "10.60.%d.%d" % (1 if rs == self.OLD else 2, 20 + i)

    def node(self, i):
        return "gke-%s-pool-1-%s" % (CLUSTER, ["x8k2", "m3p7"][i % 2])

    def created(self, rs, i):
        if rs == self.OLD:
            return self.T0 - timedelta(days=2, hours=3) + sec(20 * i)
        return self.T0 + sec(self.STEP_S * i)

    def deletion(self, i):
        return self.T0 + sec(self.STEP_S * i + 12)

    def sigterm(self, i):
        return self.deletion(i) + sec(self.prestop)

    def exit(self, i):
        if self.control:
            return self.sigterm(i) + sec(self.flush)
        return self.deletion(i) + sec(self.grace) + \
            timedelta(milliseconds=150)


def week_later(out, control=False, statuses=True):
    w = WeekLater(control)
    os.makedirs(out, exist_ok=True)
    au = Audit()
    rsu = {w.OLD: uid(0xa1, 41), w.NEW: uid(0xa1, 42)}
    controller = "system:serviceaccount:kube-system:replicaset-controller"
    deployer = "ci-deployer@%s.iam.gserviceaccount.com" % PROJECT
    # the Helm upgrade patches the Deployment's template
    au.add(w.T0 - sec(2), "patch", "deployments", w.NS, w.DEP, deployer,
           200, ua="Helm/3.14.2", group="apps", version="v1",
           level="Metadata")
    entries = []
    n = 0
    for rs in (w.OLD, w.NEW):
        for i in range(4):
            name, puid = w.name(rs, i), w.puid(rs, i)
            c = w.created(rs, i)
            p = pod_obj(w.NS, name, puid, w.rs_name(rs), rsu[rs], w.node(i),
                        w.ip(rs, i), c, w.grace, w.prestop, w.IMAGE[rs],
                        container="printer")
            born = dict(p)
            born["spec"] = dict(p["spec"])
            del born["spec"]["nodeName"]
            born["status"] = {"phase": "Pending", "qosClass": "Burstable"}
            au.add(c, "create", "pods", w.NS, None, controller, 201,
                   ua="kube-controller-manager/v1.30.4 (linux/amd64) "
                   "kubernetes/1a2b3c4/system:serviceaccount:kube-system:"
                   "replicaset-controller", req=born, resp=born)
            au.add(c + timedelta(milliseconds=30), "create", "pods", w.NS,
                   name, "system:kube-scheduler", 201, sub="binding",
                   ua="kube-scheduler/v1.30.4",
                   req={"kind": "Binding", "apiVersion": "v1",
                        "metadata": {"name": name, "namespace": w.NS,
                                     "uid": puid},
                        "target": {"kind": "Node", "name": w.node(i)}},
                   resp={"kind": "Status", "apiVersion": "v1",
                         "status": "Success", "code": 201},
                   level="Request")
            kubelet = "system:node:" + w.node(i)
            started = c + sec(3)
            if statuses:
                au.add(c + sec(6), "patch", "pods", w.NS, name, kubelet,
                       200, sub="status",
                       ua="kubelet/v1.30.4 (linux/amd64)",
                       req=status_patch(puid, "printer", w.IMAGE[rs], (
                           {"running": {"startedAt": ts(started)}},
                           ts(c + sec(6))), True, phase="Running"),
                       level="Request")
            if rs == w.NEW:
                continue
            # the deletion (the replicaset-controller), the kill, the end
            d = w.deletion(i)
            deleted = dict(p)
            deleted["metadata"] = dict(p["metadata"])
            deleted["metadata"]["deletionTimestamp"] = ts(d + sec(w.grace))
            deleted["metadata"]["deletionGracePeriodSeconds"] = w.grace
            au.add(d, "delete", "pods", w.NS, name, controller, 200,
                   ua="kube-controller-manager/v1.30.4",
                   req={"kind": "DeleteOptions", "apiVersion": "v1",
                        "propagationPolicy": "Background"},
                   resp=deleted)
            x = w.exit(i)
            code = 0 if control else 137
            if statuses:
                au.add(x + timedelta(milliseconds=300), "patch", "pods",
                       w.NS, name, kubelet, 200, sub="status",
                       ua="kubelet/v1.30.4 (linux/amd64)",
                       req=status_patch(puid, "printer", w.IMAGE[rs],
                                        terminated(started, x, code), False,
                                        phase="Succeeded" if control else
                                        "Failed"),
                       level="Request")
            gone = x + timedelta(milliseconds=900)
            au.add(gone, "delete", "pods", w.NS, name, kubelet, 200,
                   ua="kubelet/v1.30.4 (linux/amd64)",
                   req={"kind": "DeleteOptions", "apiVersion": "v1",
                        "gracePeriodSeconds": 0,
                        "preconditions": {"uid": puid}},
                   level="Request")
            n += 1
            entries.append((d + timedelta(milliseconds=200), gke_event(
                n, w.NS, "Pod", name, puid, "Killing",
                "Stopping container printer", d + timedelta(
                    milliseconds=200))))
            n += 1
            entries.append((w.sigterm(i), gke_log(
                n, w.NS, name, "printer", w.sigterm(i) + timedelta(
                    milliseconds=20), "SIGTERM received: flushing 2187 "
                "labels to the courier queue")))
            n += 1
            entries.append((w.sigterm(i) + sec(5), gke_log(
                n, w.NS, name, "printer", w.sigterm(i) + sec(5),
                "flush: 731 of 2187 labels acknowledged")))
    for t, ev in au.events:
        entries.append((t, gke_entry(ev)))
    entries.sort(key=lambda x: x[0])
    with open(os.path.join(out, "gke-export.json"), "w") as f:
        f.write("[\n")
        f.write(",\n".join(json.dumps(e, indent=None) for _, e in entries))
        f.write("\n]\n")
    write_week_lb(w, out)
    write_week_records(w, out)
    with open(os.path.join(out, "helm-history.json"), "w") as f:
        hist = []
        for rev, t, st in ((40, w.T0 - timedelta(days=9), "superseded"),
                           (41, w.T0 - timedelta(days=2, hours=3),
                            "superseded"),
                           (42, w.T0 - sec(3), "deployed")):
            hist.append({"revision": rev,
                         "updated": t.strftime(
                             "%Y-%m-%dT%H:%M:%S.123456789Z"),
                         "status": st, "chart": "label-printer-5.%d.0" % (
                             rev - 34),
                         "app_version": "5.%d.0" % (rev - 34),
                         "description": "Upgrade complete"})
        f.write(json.dumps(hist) + "\n")


def write_week_lb(w, out):
    """lb.json: each backend the GCLB routes to gets two requests a second;
    the LB routes to an old pod until w.lag s after its deletion request,
    to a new pod from 8 s after it was created; what reaches an old pod
    after its SIGTERM fails."""
    lines = []
    n = 0
    backend = "k8s1-3f9a2c1d-labels-label-printer-8080-5b1e7c2a"
    for s in range(-120, 400):
        t0 = w.T0 + sec(s)
        for i in range(4):
            for rs in (w.OLD, w.NEW):
                if rs == w.OLD and t0 >= w.deletion(i) + sec(w.lag):
                    continue
                if rs == w.NEW and t0 < w.created(rs, i) + sec(8):
                    continue
                for k in range(2):
                    t = t0 + timedelta(milliseconds=100 + 400 * k + 20 * i)
                    n += 1
                    status, detail = 200, "response_sent_by_backend"
                    if rs == w.OLD and t >= w.sigterm(i):
                        status, detail = 502, "failed_to_connect_to_backend"
                    lines.append((t, gclb_entry(n, t, w.ip(rs, i), status,
                                                detail, backend)))
    lines.sort(key=lambda x: x[0])
    with open(os.path.join(out, "lb.json"), "w") as f:
        for _, e in lines:
            f.write(json.dumps(e) + "\n")


def write_week_records(w, out):
    """courier.csv: the labels the courier scanned (one a second from an
    hour before); ours.ndjson: our records, without those each old pod
    accepted in its last 10 s before the kill."""
    start = w.T0 - timedelta(hours=1)
    lost = set()
    if not w.control:
        for i in range(4):
            x = w.exit(i)
            for s in range(1, 11):
                lost.add(int((x - sec(s) - start).total_seconds()))
    with open(os.path.join(out, "courier.csv"), "w") as c, \
            open(os.path.join(out, "ours.ndjson"), "w") as o:
        c.write("label_id,scanned_at,depot\r\n")
        for k in range(3 * 3600):
            t = start + sec(k)
            key = "LB%07d" % k
            c.write("%s,%s,Depot %d\r\n" % (
                key, t.strftime("%Y-%m-%d %H:%M:%S+00:00"), k % 5))
            if k in lost:
                continue
            o.write(json.dumps({"label": {"id": key},
                                "stored_at": ts(t + sec(1))}) + "\n")


# ---------------------------------------------------------------------
# drain

def drain(out, control=False):
    os.makedirs(out, exist_ok=True)
    t0 = datetime(2026, 9, 15, 7, 0, 0, tzinfo=timezone.utc)
    node = "gke-%s-pool-1-n2" % CLUSTER
    alice = "alice@example.com"
    ua = "kubectl/v1.30.4 (linux/amd64) kubernetes/1a2b3c4"
    au = Audit()
    au.add(t0, "patch", "nodes", "", node, alice, 200, ua=ua,
           level="Metadata")
    pods = [("shop", "cart-7d8e9f0a1-q4r8t", "cart-7d8e9f0a1"),
            ("shop", "web-5c6d7e8f9-b2n4m", "web-5c6d7e8f9"),
            ("shop", "search-4b5c6d7e8-z9x8c", "search-4b5c6d7e8")]
    blocked_s = 20 if control else 180
    evicted = {}
    for k, (ns, name, rs) in enumerate(pods):
        t = t0 + sec(2 + k)
        if k == 0:
            s = 0
            while s < blocked_s:
                au.add(t + sec(s), "create", "pods", ns, name, alice, 429,
                       sub="eviction", ua=ua, level="Metadata",
                       reason="TooManyRequests",
                       message="Cannot evict pod as it would violate the "
                       "pod's disruption budget.")
                s += 5
            t = t + sec(blocked_s)
        au.add(t, "create", "pods", ns, name, alice, 201, sub="eviction",
               ua=ua, level="Metadata")
        evicted[name] = t
    # the pods exist (their creation a day before, level Metadata bodies
    # would not name them: the pods watch stands for what a bundle kept)
    lines = au.lines()
    cut = len(lines) // 2
    with gzip.open(os.path.join(out, "audit-2026-09-15T07-01-30.log.gz"),
                   "wt") as f:
        f.writelines(lines[:cut])
    with open(os.path.join(out, "audit.log"), "w") as f:
        f.writelines(lines[cut:])
    with open(os.path.join(out, "pods.json"), "w") as f:
        items = []
        for k, (ns, name, rs) in enumerate(pods):
            p = pod_obj(ns, name, uid(0xd0, k + 1), rs, uid(0xd1, k + 1),
                        node, "10.60.7.%d" % (10 + k),
                        t0 - timedelta(days=1), 30, 0,
                        "europe-docker.pkg.dev/shop-prod/apps/%s:1.0" %
                        rs.split("-")[0])
            items.append(p)
        f.write(json.dumps({"apiVersion": "v1", "kind": "List",
                            "items": items}, indent=1) + "\n")
    with open(os.path.join(out, "nodes-watch.json"), "w") as f:
        for k, (t, unsched) in enumerate(((t0 - sec(60), False),
                                          (t0 + timedelta(milliseconds=40),
                                           True))):
            obj = {"apiVersion": "v1", "kind": "Node",
                   "metadata": {"name": node, "uid": uid(0xf0, 2),
                                "resourceVersion": str(9000 + k),
                                "creationTimestamp": ts(t0 - timedelta(
                                    days=20))},
                   "spec": {"providerID": "gce://%s/europe-west1-b/%s" % (
                       PROJECT, node)},
                   "status": {"nodeInfo": {"bootID": "5e1f2a3b-0c4d-4e5f-"
                                           "8a9b-0c1d2e3f4a5b",
                                           "kubeletVersion": "v1.30.4"},
                              "conditions": [{
                                  "type": "Ready", "status": "True",
                                  "reason": "KubeletReady",
                                  "lastHeartbeatTime": ts(t),
                                  "lastTransitionTime": ts(t0 - timedelta(
                                      days=20))}]}}
            if unsched:
                obj["spec"]["unschedulable"] = True
                obj["spec"]["taints"] = [{
                    "key": "node.kubernetes.io/unschedulable",
                    "effect": "NoSchedule", "timeAdded": ts(t0)}]
            f.write(json.dumps({"observed": tsu(t),
                                "type": "ADDED" if k == 0 else "MODIFIED",
                                "object": obj}) + "\n")


# ---------------------------------------------------------------------
# endpoints

def endpoints(out, controller_lag=0.4):
    os.makedirs(out, exist_ok=True)
    t0 = datetime(2026, 9, 16, 9, 0, 0, tzinfo=timezone.utc)
    ns, dep = "checkout", "web"
    old, new = "web-6f7c9d8b5", "web-8d4b6f9c7"
    lag = 12
    olds = [("%s-%s" % (old, s), uid(0xb3, i + 1), "10.52.1.%d" % (14 + i))
            for i, s in enumerate(["c4x8k", "h2p7m", "q5w9d", "z8n3t"])]
    news = [("%s-%s" % (new, s), uid(0xb4, i + 1), "10.52.2.%d" % (31 + i))
            for i, s in enumerate(["b6r2v", "f9k4s", "m3t7x", "w7d5q"])]
    image = "registry.example/checkout/web:3.%d"

    def deletion(i):
        return t0 + sec(30 * i + 10)

    watch = []
    for k, (name, puid, ip) in enumerate(olds + news):
        i = k % 4
        is_old = k < 4
        created = t0 - timedelta(hours=5) + sec(i) if is_old else \
            t0 + sec(30 * i)
        p = pod_obj(ns, name, puid, old if is_old else new,
                    uid(0xb5, 1 if is_old else 2), "node-%d" % (i % 2 + 1),
                    ip, created, 30, 0, image % (1 if is_old else 2))
        p["metadata"]["resourceVersion"] = str(100 + k)
        watch.append((created, {"type": "ADDED", "object": p}))
        if not is_old:
            continue
        d = deletion(i)
        q = json.loads(json.dumps(p))
        q["metadata"]["resourceVersion"] = str(200 + k)
        q["metadata"]["deletionTimestamp"] = ts(d + sec(30))
        q["metadata"]["deletionGracePeriodSeconds"] = 30
        watch.append((d, {"type": "MODIFIED", "object": q}))
        x = json.loads(json.dumps(q))
        x["metadata"]["resourceVersion"] = str(300 + k)
        x["status"]["phase"] = "Succeeded"
        x["status"]["conditions"][1]["status"] = "False"
        x["status"]["containerStatuses"][0].update({
            "ready": False, "started": False,
            "state": {"terminated": {
                "exitCode": 0, "reason": "Completed",
                "startedAt": ts(created + sec(3)),
                "finishedAt": ts(d + sec(1))}}})
        watch.append((d + sec(1), {"type": "MODIFIED", "object": x}))
        watch.append((d + sec(2), {"type": "DELETED", "object": x}))
    watch.sort(key=lambda x: x[0])
    with open(os.path.join(out, "pods-watch.json"), "w") as f:
        for _, o in watch:
            f.write(json.dumps(o) + "\n")
    # the slice: a version at each change, stamped by the collector
    changes = [(t0 - timedelta(hours=1), None)]
    for i in range(4):
        changes.append((t0 + sec(30 * i + 6), ("ready", news[i])))
        changes.append((deletion(i) + sec(controller_lag),
                        ("terminating", olds[i])))
        changes.append((deletion(i) + sec(2), ("gone", olds[i])))
    changes.sort(key=lambda x: x[0])
    state = {p[0]: (p, "ready") for p in olds}
    with open(os.path.join(out, "endpointslices-watch.json"), "w") as f:
        for k, (t, ch) in enumerate(changes):
            if ch is not None:
                what, p = ch
                if what == "gone":
                    state.pop(p[0], None)
                else:
                    state[p[0]] = (p, what)
            eps = []
            for name in sorted(state):
                p, what = state[name]
                ready = what == "ready"
                eps.append({"addresses": [p[2]],
                            "conditions": {"ready": ready,
                                           "serving": ready,
                                           "terminating": not ready},
                            "nodeName": "node-%d" % (int(p[2][-1]) % 2 + 1),
                            "targetRef": {"kind": "Pod", "namespace": ns,
                                          "name": p[0], "uid": p[1]}})
            obj = {"apiVersion": "discovery.k8s.io/v1",
                   "kind": "EndpointSlice",
                   "metadata": {"name": "web-x7k2p", "namespace": ns,
                                "uid": uid(0x5e, 1),
                                "resourceVersion": str(5000 + k),
                                "labels": {"kubernetes.io/service-name":
                                           "web"},
                                "creationTimestamp": ts(t0 - timedelta(
                                    days=3))},
                   "addressType": "IPv4",
                   "ports": [{"name": "http", "port": 8080,
                              "protocol": "TCP"}],
                   "endpoints": eps}
            f.write(json.dumps({"observed": tsu(t),
                                "type": "ADDED" if k == 0 else "MODIFIED",
                                "object": obj}) + "\n")
    # ingress-nginx: each backend a request a second, the old ones until
    # lag s after their deletion; after SIGTERM (with the request: no
    # preStop) what reaches them fails
    lines = []
    n = 0
    for s in range(-60, 200):
        t = t0 + sec(s)
        for i in range(4):
            name, puid, ip = olds[i]
            if t < deletion(i) + sec(lag):
                n += 1
                failed = t >= deletion(i)
                lines.append((t, nginx_line(
                    n, t, 502 if failed else 200, ip + ":8080",
                    "502" if failed else "200", path="/checkout/cart")))
            name, puid, ip = news[i]
            if t >= t0 + sec(30 * i + 8):
                n += 1
                lines.append((t, nginx_line(n, t, 200, ip + ":8080", "200",
                                            path="/checkout/cart")))
    with open(os.path.join(out, "ingress.log"), "w") as f:
        for _, line in sorted(lines, key=lambda x: x[0]):
            f.write(line.replace("[returns-returns-api-8080]",
                                 "[checkout-web-8080]"))


# ---------------------------------------------------------------------
# grace-override

def grace_override(out, control=False):
    os.makedirs(out, exist_ok=True)
    t0 = datetime(2026, 9, 17, 15, 0, 0, tzinfo=timezone.utc)
    ns, rs = "billing", "ledger-5f6a7b8c9"
    au = Audit()
    watch = []
    for i in range(3):
        name = "%s-%s" % (rs, ["a1b2c", "d3e4f", "g5h6i"][i])
        puid = uid(0x1e, i + 1)
        created = t0 - timedelta(days=1) + sec(i)
        p = pod_obj(ns, name, puid, rs, uid(0x1f, 1), "node-%d" % (i + 1),
                    "10.61.0.%d" % (10 + i), created, 60, 5,
                    "registry.example/billing/ledger:7.1")
        p["metadata"]["resourceVersion"] = str(10 + i)
        watch.append((created, {"type": "ADDED", "object": p}))
        d = t0 + sec(20 * i)
        override = i == 0 and not control
        grace = 1 if override else 60
        q = json.loads(json.dumps(p))
        q["metadata"]["resourceVersion"] = str(20 + i)
        q["metadata"]["deletionTimestamp"] = ts(d + sec(grace))
        q["metadata"]["deletionGracePeriodSeconds"] = grace
        watch.append((d + timedelta(milliseconds=10),
                      {"type": "MODIFIED", "object": q}))
        if override:
            who, ua = "bob@example.com", \
                "kubectl/v1.30.4 (linux/amd64) kubernetes/1a2b3c4"
            req = {"kind": "DeleteOptions", "apiVersion": "v1",
                   "gracePeriodSeconds": 1}
            x_at, code = d + sec(3), 137
        else:
            who, ua = "system:serviceaccount:kube-system:" \
                "replicaset-controller", "kube-controller-manager/v1.30.4"
            req = {"kind": "DeleteOptions", "apiVersion": "v1",
                   "propagationPolicy": "Background"}
            x_at, code = d + sec(15), 0
        au.add(d, "delete", "pods", ns, name, who, 200, ua=ua, req=req,
               resp=q)
        x = json.loads(json.dumps(q))
        x["metadata"]["resourceVersion"] = str(30 + i)
        x["status"]["phase"] = "Failed" if code else "Succeeded"
        x["status"]["containerStatuses"][0].update({
            "ready": False, "started": False,
            "state": {"terminated": {
                "exitCode": code, "reason": "Error" if code else "Completed",
                "startedAt": ts(created + sec(3)), "finishedAt": ts(x_at)}}})
        watch.append((x_at, {"type": "MODIFIED", "object": x}))
        watch.append((x_at + sec(1), {"type": "DELETED", "object": x}))
    watch.sort(key=lambda x: x[0])
    with open(os.path.join(out, "pods-watch.json"), "w") as f:
        for _, o in watch:
            f.write(json.dumps(o) + "\n")
    with open(os.path.join(out, "audit.log"), "w") as f:
        f.writelines(au.lines())


# ---------------------------------------------------------------------
# helm-rollback

def helm_rollback(out):
    os.makedirs(out, exist_ok=True)
    t0 = datetime(2026, 9, 16, 12, 0, 0, tzinfo=timezone.utc)
    ns, dep = "shop", "quote"
    good, bad = ("6d5f8b7c9", 7), ("8c9b7a6d5", 8)
    rsu = {good: uid(0x9a, 7), bad: uid(0x9a, 8)}
    dep_uid = uid(0x9b, 1)
    sfx = {good: ["aa1", "bb2", "cc3"], bad: ["dd4", "ee5", "ff6"],
           "back": ["gg7", "hh8", "ii9"]}
    watch = []
    ips = {}
    # (rs, suffix list, created, deleted) of each generation of pods
    gens = [(good, "good", t0 - timedelta(days=6), t0 + sec(20)),
            (bad, "bad", t0, t0 + sec(360 + 20)),
            (good, "back", t0 + sec(360), None)]
    k = 0
    for rs, g, born, died in gens:
        for i in range(3):
            k += 1
            name = "%s-%s-%s" % (dep, rs[0], sfx[rs if g != "back"
                                                 else "back"][i])
            puid = uid(0x9c, k)
            ip = "10.62.%d.%d" % (k, 10 + i)
            ips[(g, i)] = ip
            created = born + sec(10 * i)
            p = pod_obj(ns, name, puid, "%s-%s" % (dep, rs[0]), rsu[rs],
                        "node-%d" % (i + 1), ip, created, 30, 0,
                        "registry.example/shop/quote:%s" % (
                            "2.3.1" if rs == good else "2.4.0"))
            p["metadata"]["resourceVersion"] = str(100 + k)
            watch.append((created, {"type": "ADDED", "object": p}))
            if died is None:
                continue
            d = died + sec(10 * i)
            q = json.loads(json.dumps(p))
            q["metadata"]["resourceVersion"] = str(200 + k)
            q["metadata"]["deletionTimestamp"] = ts(d + sec(30))
            q["metadata"]["deletionGracePeriodSeconds"] = 30
            watch.append((d, {"type": "MODIFIED", "object": q}))
            x = json.loads(json.dumps(q))
            x["metadata"]["resourceVersion"] = str(300 + k)
            x["status"]["phase"] = "Succeeded"
            x["status"]["containerStatuses"][0].update({
                "ready": False, "state": {"terminated": {
                    "exitCode": 0, "reason": "Completed",
                    "startedAt": ts(created + sec(3)),
                    "finishedAt": ts(d + sec(2))}}})
            watch.append((d + sec(2), {"type": "MODIFIED", "object": x}))
            watch.append((d + sec(3), {"type": "DELETED", "object": x}))
    watch.sort(key=lambda x: x[0])
    with open(os.path.join(out, "pods-watch.json"), "w") as f:
        for _, o in watch:
            f.write(json.dumps(o) + "\n")
    with open(os.path.join(out, "replicasets.json"), "w") as f:
        items = []
        for rs, rev, created in ((good, 9, t0 - timedelta(days=6)),
                                 (bad, 8, t0)):
            items.append({
                "metadata": {"name": "%s-%s" % (dep, rs[0]), "namespace": ns,
                             "uid": rsu[rs], "creationTimestamp": ts(created),
                             "labels": {"app": dep,
                                        "pod-template-hash": rs[0]},
                             "annotations": {
                                 "deployment.kubernetes.io/revision":
                                 str(rev),
                                 "meta.helm.sh/release-name": dep,
                                 "meta.helm.sh/release-namespace": ns},
                             "ownerReferences": [{
                                 "apiVersion": "apps/v1",
                                 "kind": "Deployment", "name": dep,
                                 "uid": dep_uid, "controller": True}]},
                "spec": {"replicas": 3 if rs == good else 0,
                         "template": {"spec": {
                             "terminationGracePeriodSeconds": 30,
                             "containers": [{"name": "app",
                                             "image": "x"}]}}},
                "status": {"replicas": 3 if rs == good else 0}})
        f.write(json.dumps({"kind": "ReplicaSetList", "apiVersion": "apps/v1",
                            "metadata": {"resourceVersion": "900"},
                            "items": items}) + "\n")
    evs = []
    for n, (t, rs, up, to) in enumerate((
            (t0, bad, True, 3), (t0 + sec(20), good, False, 0),
            (t0 + sec(360), good, True, 3), (t0 + sec(380), bad, False, 0))):
        evs.append({"apiVersion": "v1", "kind": "Event",
                    "metadata": {"name": "%s.%016x" % (dep, 0x5ca1e + n),
                                 "namespace": ns, "uid": uid(0x9d, n + 1),
                                 "creationTimestamp": ts(t)},
                    "involvedObject": {"kind": "Deployment", "namespace": ns,
                                       "name": dep, "uid": dep_uid},
                    "reason": "ScalingReplicaSet",
                    "message": "Scaled %s replica set %s-%s to %d" % (
                        "up" if up else "down", dep, rs[0], to),
                    "source": {"component": "deployment-controller"},
                    "firstTimestamp": ts(t), "lastTimestamp": ts(t),
                    "count": 1, "type": "Normal"})
    with open(os.path.join(out, "events.json"), "w") as f:
        f.write(json.dumps({"kind": "EventList", "apiVersion": "v1",
                            "items": evs}) + "\n")
    with open(os.path.join(out, "helm-history.json"), "w") as f:
        f.write(json.dumps([
            {"revision": 13, "updated": (t0 - timedelta(days=6)).strftime(
                "%Y-%m-%dT%H:%M:%S.000000000Z"), "status": "superseded",
             "chart": "quote-2.3.1", "app_version": "2.3.1",
             "description": "Upgrade complete"},
            {"revision": 14, "updated": (t0 - sec(2)).strftime(
                "%Y-%m-%dT%H:%M:%S.000000000Z"), "status": "superseded",
             "chart": "quote-2.4.0", "app_version": "2.4.0",
             "description": "Upgrade complete"},
            {"revision": 15, "updated": (t0 + sec(358)).strftime(
                "%Y-%m-%dT%H:%M:%S.000000000Z"), "status": "deployed",
             "chart": "quote-2.3.1", "app_version": "2.3.1",
             "description": "Rollback to 13", "rollback_revision": 13},
        ]) + "\n")
    # three hours of sampled traffic: one request a second to one of the
    # pods alive; 2 background 500s an hour; revision 14's pods answer 500
    # to every request from 30 s to 70 s after it, then to every twelfth
    lines = []
    start = t0 - timedelta(hours=2)
    end = t0 + timedelta(hours=1)
    n = 0
    s = 0
    total = int((end - start).total_seconds())
    while s < total:
        t = start + sec(s)
        if t < t0 + sec(20):
            g = "good"
        elif t < t0 + sec(380):
            g = "bad"
        else:
            g = "back"
        i = s % 3
        n += 1
        status = 200
        if g == "bad" and (n % 12 == 0 or
                           t0 + sec(30) <= t < t0 + sec(70)):
            status = 500
        elif n % 1800 == 900:
            status = 500
        lines.append(nginx_line(n, t, status, ips[(g, i)] + ":8080",
                                str(status), path="/api/quote",
                                method="GET").replace(
            "[returns-returns-api-8080]", "[shop-quote-8080]"))
        s += 1
    with open(os.path.join(out, "ingress.log"), "w") as f:
        f.writelines(lines)


def sample(out):
    """samples/week-later: the week-later story as a user brings it, the
    files compressed with zstd (deterministic: no name or time kept); its
    README.md, written by hand, is left as it is."""
    week_later(out)
    os.rename(os.path.join(out, "helm-history.json"),
              os.path.join(out, "helm-history-label-printer.json"))
    for name in sorted(os.listdir(out)):
        path = os.path.join(out, name)
        if (os.path.isfile(path) and not name.endswith(".zst")
                and name != "README.md"):
            subprocess.run(["zstd", "-q", "-19", "-f", "--rm", path],
                           check=True)


STORIES = {
    "sample": sample,
    "week-later": lambda out: week_later(out),
    "week-later-control": lambda out: week_later(out, control=True),
    "no-status": lambda out: week_later(out, statuses=False),
    "drain": lambda out: drain(out),
    "drain-control": lambda out: drain(out, control=True),
    "endpoints-lb": lambda out: endpoints(out),
    "endpoints-controller": lambda out: endpoints(out, controller_lag=11),
    "grace-override": lambda out: grace_override(out),
    "grace-override-control": lambda out: grace_override(out, control=True),
    "helm-rollback": helm_rollback,
}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in STORIES:
        sys.stderr.write("usage: late.py %s OUTDIR\n" %
                         "|".join(sorted(STORIES)))
        return 2
    STORIES[sys.argv[1]](sys.argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
