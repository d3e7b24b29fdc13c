#!/usr/bin/env python3
"""slow_lb.py: writes the slow load balancer story (samples/ingress-lag) in
the formats kubectl and Cloud Logging write, deterministically (no randomness,
fixed times), for the end-to-end tests.

    python3 tests/gen/slow_lb.py slow-lb|slow-lb-control|slow-lb-burst OUTDIR
    python3 tests/gen/slow_lb.py sample samples/ingress-lag

slow-lb: Deployment checkout/web sits behind a GCLB (GKE Ingress with
container-native load balancing: the backends are the pods' IPs).  A
rollout from ReplicaSet web-6f7c9d8b5 (revision 3) to web-8d4b6f9c7
(revision 4) starts at 2026-05-14T14:00:00Z and replaces the 4 old pods,
one every 30 s.  The pods have no preStop hook and a grace period of 30 s:
SIGTERM comes with the deletion request, the app closes its listener and
exits 0 a second later.  The load balancer keeps sending new requests to
each old pod's IP for LAG_S (8 s) after its deletion request: each of them
fails with a 502 (statusDetails failed_to_connect_to_backend, or
backend_connection_closed_before_data_sent_to_client for the first, a
kept-alive connection).  Every other request is a 200.

slow-lb-control: the same rollout, but the pods have a preStop "sleep 15"
and a grace period of 45 s: the load balancer's 8 s lag ends inside the
sleep, so nothing fails, except 12 500s spread evenly over the hour of
traffic (one every 5 minutes), which must not make a burst.

slow-lb-burst: the control plus a burst of 30 500s in 6 s from one new
pod, 20 minutes after the rollout: one 5xx-burst, near the rollout.

sample: the bundled sample incident samples/ingress-lag: slow-lb with a
lag of 10 to 20 s and a reused pod IP, the LB's log as gcloud prints it.

Each writes OUTDIR/pods-watch.json (kubectl get pods -w -o json
--output-watch-events), OUTDIR/events.json (kubectl get events -o json),
OUTDIR/replicasets.json (a ReplicaSetList) and OUTDIR/lb.json (the GCLB's
request logs exported from Cloud Logging as JSON lines, one LogEntry a
line, timestamp = when the first GFE received the request, serverIp = the
pod IP).
"""
import gzip
import json
import os
import sys
from datetime import datetime, timedelta, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from incident import replicaset_list, ts, uid  # noqa: E402

T0 = datetime(2026, 5, 14, 14, 0, 0, tzinfo=timezone.utc)
NS = "checkout"
DEP = "web"
OLD = ("6f7c9d8b5", 3)
NEW = ("8d4b6f9c7", 4)
OLD_SUFFIX = ["c4x8k", "h2p7m", "q5w9d", "z8n3t"]
NEW_SUFFIX = ["b6r2v", "f9k4s", "m3t7x", "w7d5q"]
OLD_IPS = ["10.52.1.%d" % (14 + i) for i in range(4)]
NEW_IPS = ["10.52.2.%d" % (31 + i) for i in range(4)]
STEP_S = 30          # one old pod replaced every STEP_S
DELETE_AFTER_S = 10  # its deletion request, after the new pod's scale-up
NEG_AFTER_S = 9      # the LB routes to a new pod this long after scale-up
LAG_S = 8            # the LB routes to an old pod this long after deletion
EXIT_AFTER_S = 1     # the app exits this long after SIGTERM
IMAGE = "europe-docker.pkg.dev/shop/web:%s"
BACKEND = "k8s1-7c1e2f0a-checkout-web-8080-4b9d61e3"
PROJECT = "shop-prod-4711"


class Story:
    """The rollout's parameters: the old pods' preStop sleep (None: no
    hook) and grace period, how long the LB traffic runs, how long the LB
    routes to each old pod after its deletion request (lags) and the new
    pods' IPs."""

    def __init__(self, prestop, grace, before_s, after_s, lags=None,
                 new_ips=None):
        self.prestop = prestop
        self.grace = grace
        self.before_s = before_s
        self.after_s = after_s
        self.lags = lags or [LAG_S] * 4
        self.new_ips = new_ips or NEW_IPS

    def scale_up(self, i):
        return T0 + timedelta(seconds=STEP_S * i)

    def deletion(self, i):
        return self.scale_up(i) + timedelta(seconds=DELETE_AFTER_S)

    def sigterm(self, i):
        return self.deletion(i) + timedelta(seconds=self.prestop or 0)

    def exited(self, i):
        return self.sigterm(i) + timedelta(seconds=EXIT_AFTER_S)


def container(rs, prestop):
    c = {"name": "web", "image": IMAGE % ("1.41.0" if rs is OLD else
                                          "1.42.0"),
         "ports": [{"containerPort": 8080, "protocol": "TCP"}],
         "readinessProbe": {"httpGet": {"path": "/healthz", "port": 8080},
                            "periodSeconds": 5}}
    if prestop is not None:
        c["lifecycle"] = {"preStop": {"exec": {
            "command": ["/bin/sh", "-c", "sleep %d" % prestop]}}}
    return c


def pod(st, rs, i, created, rv):
    suffix = (OLD_SUFFIX if rs is OLD else NEW_SUFFIX)[i]
    ip = (OLD_IPS if rs is OLD else st.new_ips)[i]
    name = "%s-%s-%s" % (DEP, rs[0], suffix)
    return {
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {
            "name": name, "namespace": NS, "uid": uid(0x5b0 + rs[1], i),
            "resourceVersion": str(rv), "creationTimestamp": ts(created),
            "generateName": "%s-%s-" % (DEP, rs[0]),
            "labels": {"app": DEP, "pod-template-hash": rs[0]},
            "ownerReferences": [{
                "apiVersion": "apps/v1", "kind": "ReplicaSet",
                "name": "%s-%s" % (DEP, rs[0]), "uid": uid(0x5a0, rs[1]),
                "controller": True, "blockOwnerDeletion": True}],
        },
        "spec": {
            "nodeName": "gke-shop-pool-1-%d" % (i % 3 + 1),
            "restartPolicy": "Always",
            "terminationGracePeriodSeconds": st.grace,
            "containers": [container(rs, st.prestop)],
        },
        "status": {"phase": "Pending", "podIP": ip, "podIPs": [{"ip": ip}],
                   "conditions": [{"type": "PodScheduled", "status": "True",
                                   "lastTransitionTime": ts(created)}]},
    }


def copy(o, rv):
    o = json.loads(json.dumps(o))
    o["metadata"]["resourceVersion"] = str(rv)
    return o


def running(p, started, rv):
    p = copy(p, rv)
    p["status"]["phase"] = "Running"
    p["status"]["startTime"] = ts(started)
    p["status"]["conditions"].append({
        "type": "Ready", "status": "True",
        "lastTransitionTime": ts(started + timedelta(seconds=3))})
    p["status"]["containerStatuses"] = [{
        "name": "web", "ready": True, "restartCount": 0, "started": True,
        "image": p["spec"]["containers"][0]["image"],
        "state": {"running": {"startedAt": ts(started)}}, "lastState": {}}]
    return p


def terminating(st, p, request, rv):
    p = copy(p, rv)
    p["metadata"]["deletionTimestamp"] = ts(request +
                                            timedelta(seconds=st.grace))
    p["metadata"]["deletionGracePeriodSeconds"] = st.grace
    for c in p["status"]["conditions"]:
        if c["type"] == "Ready":
            c["status"] = "False"
            c["lastTransitionTime"] = ts(request)
    p["status"]["containerStatuses"][0]["ready"] = False
    return p


def exited(p, started, at, rv):
    p = copy(p, rv)
    p["status"]["phase"] = "Succeeded"
    p["status"]["containerStatuses"][0]["started"] = False
    p["status"]["containerStatuses"][0]["state"] = {"terminated": {
        "exitCode": 0, "reason": "Completed", "startedAt": ts(started),
        "finishedAt": ts(at)}}
    return p


def event(n, reason, obj, msg, at, kind="Pod", component="kubelet",
          field_path=None):
    io = {"kind": kind, "namespace": NS, "name": obj["name"],
          "uid": obj["uid"]}
    if field_path:
        io["fieldPath"] = field_path
    return {
        "apiVersion": "v1", "kind": "Event",
        "metadata": {"name": "%s.%016x" % (obj["name"], 0x18a0 + n),
                     "namespace": NS, "uid": uid(0x5e0, n),
                     "creationTimestamp": ts(at)},
        "involvedObject": io, "reason": reason, "message": msg,
        "source": {"component": component}, "firstTimestamp": ts(at),
        "lastTimestamp": ts(at), "count": 1, "type": "Normal",
        "eventTime": None, "reportingComponent": "", "reportingInstance": "",
    }


def write_kubernetes(st, out):
    """pods-watch.json, events.json and replicasets.json of the rollout."""
    watch, events = [], []
    rv = 7000
    dep = {"name": DEP, "uid": uid(0x5d0, 1)}
    olds = []
    old_started = T0 - timedelta(days=2)
    for i in range(4):
        p = pod(st, OLD, i, old_started - timedelta(seconds=5), rv)
        olds.append(running(p, old_started, rv))
        rv += 1
        watch.append(("ADDED", olds[-1]))
    n = 1
    for i in range(4):
        up = st.scale_up(i)
        events.append(event(n, "ScalingReplicaSet", dep,
                            "Scaled up replica set %s-%s to %d" %
                            (DEP, NEW[0], i + 1) if i == 0 else
                            "Scaled up replica set %s-%s from %d to %d" %
                            (DEP, NEW[0], i, i + 1), up, kind="Deployment",
                            component="deployment-controller"))
        n += 1
        p = pod(st, NEW, i, up + timedelta(seconds=1), rv)
        rv += 1
        watch.append(("ADDED", p))
        watch.append(("MODIFIED", running(p, up + timedelta(seconds=3),
                                          rv)))
        rv += 1
        request = st.deletion(i)
        events.append(event(n, "ScalingReplicaSet", dep,
                            "Scaled down replica set %s-%s to %d" %
                            (DEP, OLD[0], 3 - i) if i == 0 else
                            "Scaled down replica set %s-%s from %d to %d" %
                            (DEP, OLD[0], 4 - i, 3 - i), request,
                            kind="Deployment",
                            component="deployment-controller"))
        n += 1
        o = olds[i]
        events.append(event(n, "Killing", o["metadata"],
                            "Stopping container web", request,
                            field_path="spec.containers{web}"))
        n += 1
        t = terminating(st, o, request, rv)
        rv += 1
        watch.append(("MODIFIED", t))
        e = exited(t, old_started, st.exited(i), rv)
        rv += 1
        watch.append(("MODIFIED", e))
        watch.append(("DELETED", copy(e, rv)))
        rv += 1
    watch.sort(key=lambda e: int(e[1]["metadata"]["resourceVersion"]))
    with open(os.path.join(out, "pods-watch.json"), "w") as f:
        for typ, obj in watch:
            f.write(json.dumps({"type": typ, "object": obj}, indent=4))
            f.write("\n")
    with open(os.path.join(out, "events.json"), "w") as f:
        json.dump({"apiVersion": "v1", "items": events, "kind": "List",
                   "metadata": {"resourceVersion": ""}}, f, indent=4)
        f.write("\n")
    with open(os.path.join(out, "replicasets.json"), "w") as f:
        json.dump(replicaset_list(NS, DEP, dep["uid"], OLD, NEW, 4, 0x5a0,
                                  T0, 9, st.grace,
                                  lambda rs: [container(rs, st.prestop)],
                                  "9100"), f, indent=2)
        f.write("\n")


def gclb_entry(n, start, server_ip, status, detail):
    """One request log entry of a global external Application Load
    Balancer as Cloud Logging exports it."""
    failed = status >= 500 and detail != "response_sent_by_backend"
    latency = 0.0012 + (n % 7) * 0.0003 if failed else \
        0.018 + (n % 11) * 0.0021
    return {
        "httpRequest": {
            "latency": "%.6fs" % latency,
            "remoteIp": "203.0.113.%d" % (n % 250 + 1),
            "requestMethod": "POST" if n % 3 == 0 else "GET",
            "requestSize": "%d" % (310 + n % 40),
            "requestUrl": "https://shop.example.com/checkout/%s" % (
                "cart" if n % 3 else "pay"),
            "responseSize": "%d" % (221 if failed else 4120 + n % 90),
            "serverIp": server_ip,
            "status": status,
            "userAgent": "Mozilla/5.0 (X11; Linux x86_64) shop-web/%d" % (
                n % 4),
        },
        "insertId": "%012x" % (0x1a2b3c000000 + n),
        "jsonPayload": {
            "@type": "type.googleapis.com/google.cloud.loadbalancing.type."
                     "LoadBalancerLogEntry",
            "backendTargetProjectNumber": "projects/618034971234",
            "remoteIp": "203.0.113.%d" % (n % 250 + 1),
            "statusDetails": detail,
        },
        "logName": "projects/%s/logs/requests" % PROJECT,
        "receiveTimestamp": (start + timedelta(milliseconds=850)).strftime(
            "%Y-%m-%dT%H:%M:%S.%f000Z"),
        "resource": {
            "labels": {
                "backend_service_name": BACKEND,
                "forwarding_rule_name":
                    "k8s2-fr-3q8w1d0e-checkout-web-ingress-kx5r2c7u",
                "project_id": PROJECT,
                "target_proxy_name":
                    "k8s2-ts-3q8w1d0e-checkout-web-ingress-kx5r2c7u",
                "url_map_name":
                    "k8s2-um-3q8w1d0e-checkout-web-ingress-kx5r2c7u",
                "zone": "global",
            },
            "type": "http_load_balancer",
        },
        "severity": "WARNING" if status >= 500 else "INFO",
        "spanId": "%016x" % (0x7e57000000000000 + n),
        "timestamp": start.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
        "trace": "projects/%s/traces/%032x" % (PROJECT, 0x5eed0000 + n),
    }


def backends(st, t):
    """The backends the LB routes to at t, with the old pod's index when
    the pod has been told to go (None otherwise)."""
    live = []
    for i in range(4):
        if t < st.deletion(i) + timedelta(seconds=st.lags[i]):
            live.append((i, OLD_IPS[i]))
        if t >= st.scale_up(i) + timedelta(seconds=NEG_AFTER_S):
            live.append((4 + i, st.new_ips[i]))
    return live


def lb_lines(st, errors=(), burst=()):
    """lb.json: every backend the LB routes to gets one request a second
    (at an offset of its own within the second).  A request to an old pod
    after it stopped accepting fails with a 502; a second listed in errors
    turns the first request of that second into a backend's 500; burst
    lists (second, new pod index, count) of extra 500s.  Returns the
    number of 502s."""
    lines = []
    n = 0
    n502 = 0
    for s in range(-st.before_s, st.after_s):
        sec = T0 + timedelta(seconds=s)
        for k, (b, ip) in enumerate(backends(st, sec)):
            t = sec + timedelta(microseconds=50000 + 200000 * (b % 5) +
                                1000 * b)
            n += 1
            status, detail = 200, "response_sent_by_backend"
            if b < 4 and t >= st.sigterm(b):
                status = 502
                detail = "backend_connection_closed_before_data_sent_" \
                         "to_client" if t < st.sigterm(b) + \
                    timedelta(seconds=1) else "failed_to_connect_to_backend"
                n502 += 1
            elif k == 0 and s in errors:
                status = 500
            lines.append((t, gclb_entry(n, t, ip, status, detail)))
        for bs, b, count in burst:
            if s != bs:
                continue
            for j in range(count):
                t = sec + timedelta(microseconds=110000 + 170000 * j)
                n += 1
                lines.append((t, gclb_entry(n, t, st.new_ips[b], 500,
                                            "response_sent_by_backend")))
    lines.sort(key=lambda x: x[0])
    return lines, n502


def write_lb(st, out, errors=(), burst=()):
    """lb.json: lb_lines() as JSON lines, oldest first.  Returns the
    number of 502s."""
    lines, n502 = lb_lines(st, errors, burst)
    with open(os.path.join(out, "lb.json"), "w") as f:
        for _, e in lines:
            f.write(json.dumps(e, separators=(",", ":")) + "\n")
    return n502


def slow_lb(out):
    st = Story(None, 30, 600, 600)
    write_kubernetes(st, out)
    write_lb(st, out)


def control(out, burst=()):
    st = Story(15, 45, 1800, 1800)
    write_kubernetes(st, out)
    write_lb(st, out, errors=set(-1650 + 300 * k for k in range(12)),
             burst=burst)


def sample(out):
    """samples/ingress-lag: the slow-lb rollout as a user brings it.  The
    GCLB routes to each old pod for 12, 17, 10 and 19 s after its
    deletion request (no preStop: SIGTERM comes with it), and the fourth
    new pod gets the IP of the first old pod.  lb-requests.json.gz is what
    "gcloud logging read --format=json" prints (one JSON array, newest
    entry first, keys sorted, two-space indent), gzipped; the Kubernetes
    dumps stay plain JSON."""
    ips = NEW_IPS[:3] + [OLD_IPS[0]]
    st = Story(None, 30, 300, 300, lags=[12, 17, 10, 19], new_ips=ips)
    write_kubernetes(st, out)
    lines, _ = lb_lines(st)
    entries = [e for _, e in reversed(lines)]
    text = json.dumps(entries, indent=2, sort_keys=True) + "\n"
    with open(os.path.join(out, "lb-requests.json.gz"), "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                           compresslevel=9) as f:
            f.write(text.encode())


STORIES = {
    "sample": sample,
    "slow-lb": slow_lb,
    "slow-lb-control": control,
    # 30 500s in 6 s (5 a second) from the second new pod at 14:20:00
    "slow-lb-burst": lambda out: control(
        out, burst=[(1200 + k, 1, 5) for k in range(6)]),
}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in STORIES:
        sys.exit("usage: slow_lb.py %s OUTDIR" % "|".join(STORIES))
    os.makedirs(sys.argv[2], exist_ok=True)
    STORIES[sys.argv[1]](sys.argv[2])
