#!/usr/bin/env python3
"""diagnoses.py: writes synthetic incidents, each of a class of mistake a
diagnosis once made on an incident it was not tuned for, in the formats
kubectl writes, deterministically (no randomness, fixed times), for the
end-to-end tests (tests/e2e/diagnoses.sh).  Each scenario has a healthy
control ("NAME-control") that must stay silent.

    python3 tests/gen/diagnoses.py SCENARIO OUTDIR

measured-shutdown: Deployment shop/ledger (preStop "sleep 5") was rolled
  an hour before with a grace of 60 s: its three pods exited on their
  own 11, 13 and 12 s after SIGTERM, so its shutdown was measured.  The
  latest rollout cut the grace to 10 s: three of its four pods were
  killed at the deadline (5 s after SIGTERM), one exited on its own 4 s
  after it.  grace-budget-too-small must size the grace from the longest
  measured shutdown (13 s, not the 5 s lower bound) and say 3 of 4 were
  killed.  Control: the latest rollout keeps 30 s and every pod exits on
  its own.
restart-attribution: a watch stream of shop/worker's pod on node-c: its
  container exits 2 (Error) four times on its own and once with reason
  Unknown (255) when node-c reboots, with two other pods of the node lost
  at the same second.  crash-loop must count 4 restarts of its own, 1 of
  the node's.  Control: the node's reboot only (worker restarted once, by
  it).
proxy-drain: Deployment shop/billing's pods run istio-proxy as a plain
  container (Istio's default drain of 5 s) beside an app with a preStop
  "sleep 10" that then needs 8 s to shut down: at each deletion the proxy
  exits 5 s after the request, the app 18 s after it, logging "connection
  refused" in between; the ingress still routes to each pod up to 9 s
  after its deletion request.  analyze and lint must recommend the same
  drain, 23 s (preStop 10 + shutdown 8 + margin 5, from the request), and
  lint must not say the 10 s sleep "ends before" the 9 s lag.  Files:
  pods-watch.json, deployments.json (kubectl get deploy -o json: lint reads
  it too), ingress.log (ingress-nginx) and the app's logs in a support
  bundle's layout.  Control: istio-proxy as a native sidecar and a preStop
  of 15 s.
watch-time: a watch stream of shop/api's pod: its version that first
  carries deletionTimestamp 14:15:30 (grace 30: requested at 14:15:00)
  holds no newer time of its own (the kubelet has not written yet), and
  the DELETED version none either.  No version may be observed before the
  latest time it holds, the deletion request included, nor the pod gone
  before its last version.  Control: the versions carry their own times
  (the Ready condition's transition at the request).
scale-down: nobody deployed: the HorizontalPodAutoscaler of shop/search
  rescaled it from 10 to 4 ("All metrics below target"), the Deployment
  scaled its ReplicaSet down, and six of its ten pods were deleted within
  seconds and SIGKILLed at their deadline (a watch stream, and the events
  kubectl get events writes).  Each deletion's cause, and the kill's
  finding, is the scale-down with the autoscaler's reason.
  Control: the same six deletions with no controller action around them.
outage: node-c reboots at 14:16:40 and takes StatefulSet shop/redis's
  only pod with it (Unknown, 255, back 4 s later, then loading its data);
  the three pods of Deployment shop/api, whose readiness probe asks
  redis, fail it from 14:16:45 ("HTTP probe failed with statuscode: 503",
  the body "LOADING Redis is loading the dataset in memory") and are
  Ready again from 14:19:10: no api pod ready for 2 min 23 s, in a watch
  stream with the kubelet's Unhealthy events and the Deployment (3
  replicas).  workload-unavailable must find api's outage, its window,
  its ready minimum (0), its probe failures and the node's restart around
  it.  Control: one api pod fails its probe as long, the other two stay
  Ready.
baseline: fourteen hours of Deployment shop/search's traffic, one request
  a second through ingress-nginx, with a routine rollout every hour (each
  new pod's first answer a 503) and a background 502 every few hours;
  the release at 14:00 (revision 13) answers 500 on /api/search/suggest
  about every 12 s for six minutes (30 errors) until the next rollout.
  5xx-burst must find those 30 against the workload's own error rate and
  name the release; the routine rollouts stay silent.  Control: the same
  release without the 500s.
rollback: Deployment shop/quote rolls from ReplicaSet quote-5c6d7e8f9
  (revision 5) to quote-8c9b7a6d5 (revision 6) at 14:00, which is rolled
  back at 14:06: the old set is scaled up again (revision 7) and the bad
  one down, as the deployment controller's ScalingReplicaSet events say.
  The rollback is a rollout of its own, from the bad set to the old one,
  with the pods it deleted, after the release's own.  Control: the release
  alone.
two-days: shop/api's two pods, deleted a day and an hour apart: lists
  carry the date with the time (coroner pods, the pods view).  Control:
  the same two deletions within the hour.
"""
import json
import os
import sys
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from deaths import (NS, Bundle, at, not_ready, pod,  # noqa: E402
                    reboot_events, run_scenario, status, term, ts, uid)
from incident import nginx_line  # noqa: E402


class Watch:
    """A `kubectl get pods -w -o json --output-watch-events` stream."""

    def __init__(self):
        self.versions = []
        self.rv = 3000

    def add(self, p, typ="MODIFIED"):
        q = json.loads(json.dumps(p))
        self.rv += 1
        q["metadata"]["resourceVersion"] = str(self.rv)
        self.versions.append((typ, q))

    def write(self, path):
        with open(path, "w") as f:
            for typ, o in self.versions:
                f.write(json.dumps({"type": typ, "object": o}, indent=4) +
                        "\n")


def with_prestop(p, seconds):
    for c in p["spec"]["containers"]:
        c["lifecycle"] = {"preStop": {"exec": {"command": [
            "sh", "-c", "sleep %d" % seconds]}}}
    return p


def delete(w, p, request, grace, exit_after, code):
    """Versions of pod p deleted at request with grace: terminating, its
    container ended exit_after seconds after the request with code (137:
    killed at the deadline), then gone."""
    q = json.loads(json.dumps(p))
    q["metadata"]["deletionTimestamp"] = ts(request + timedelta(
        seconds=grace))
    q["metadata"]["deletionGracePeriodSeconds"] = grace
    not_ready(q, request)
    for s in q["status"]["containerStatuses"]:
        s["ready"] = False
    w.add(q)
    end = request + timedelta(seconds=exit_after)
    started = s["state"]["running"]["startedAt"]
    q["status"]["phase"] = "Failed" if code else "Succeeded"
    q["status"]["containerStatuses"] = [
        dict(s, started=False, state={"terminated": {
            "exitCode": code, "reason": "Error" if code else "Completed",
            "startedAt": started, "finishedAt": ts(end),
            "containerID": s["containerID"]}})
        for s in q["status"]["containerStatuses"]]
    w.add(q)
    w.add(q, "DELETED")


# ---- measured-shutdown ------------------------------------------------

def measured_shutdown(out, control):
    w = Watch()
    img1 = "registry.example/ledger:3.1.0"
    img2 = "registry.example/ledger:3.2.0"
    old = []
    for i, (sfx, shut) in enumerate((("a1k2m", 11), ("b3n4p", 13),
                                     ("c5q6r", 12))):
        p = with_prestop(pod("ledger-6b7c8d9e0-" + sfx, 40 + i, "ledger",
                             "6b7c8d9e0", node="node-%s" % "ab"[i % 2],
                             ip="10.42.1.%d" % (40 + i), image=img1,
                             created=at(-86400), grace=60), 5)
        w.add(p, "ADDED")
        old.append((p, at(-3600 + 40 * i), shut))
    for p, request, shut in old:
        delete(w, p, request, 60, 5 + shut, 0)
    grace = 30 if control else 10
    for i, sfx in enumerate(("d7s8t", "e9u1v", "f2w3x", "g4y5z")):
        p = with_prestop(pod("ledger-7c8d9e0f1-" + sfx, 50 + i, "ledger",
                             "7c8d9e0f1", node="node-%s" % "ab"[i % 2],
                             ip="10.42.2.%d" % (50 + i), image=img2,
                             created=at(-3500 + 40 * i), grace=grace), 5)
        w.add(p, "ADDED")
        request = at(600 + 30 * i)
        if control:
            delete(w, p, request, grace, 5 + (11, 13, 12, 4)[i], 0)
        elif i == 3:
            delete(w, p, request, grace, 5 + 4, 0)
        else:
            delete(w, p, request, grace, grace, 137)
    w.write(os.path.join(out, "pods-watch.json"))


# ---- restart-attribution ---------------------------------------------

def restart_attribution(out, control):
    b = Bundle()
    w = Watch()
    lost = at(1000)
    node = {"metadata": {"name": "node-c", "uid": uid(0xd0, 3)}}
    others = []
    for i, (wl, h, c) in enumerate((("dns", "8c7b6a5d4", "coredns"),
                                    ("web", "5b6c7d8e9", "nginx"))):
        p = pod("%s-%s-%s" % (wl, h, ("a1b2c", "g5h6i")[i]), 60 + i, wl, h,
                node="node-c", ip="10.42.3.%d" % (10 + i),
                containers=(c,))
        p["status"]["containerStatuses"] = [status(
            c, "registry.example/app:1", running=lost + timedelta(
                seconds=4 + 2 * i),
            last=term(255, "Unknown", at(-3000), lost), restarts=1)]
        others.append(p)
    worker = pod("worker-6f5e4d3c2-j7k8l", 63, "worker", "6f5e4d3c2",
                 node="node-c", ip="10.42.3.20", containers=("worker",),
                 created=at(-3600))
    w.add(worker, "ADDED")
    # (reason, code, finished, restarted) of each of its terminations
    ends = [("Unknown", 255, lost, lost + timedelta(seconds=6))]
    if not control:
        ends = [("Error", 2, at(200), at(210)),
                ("Error", 2, at(400), at(420)),
                ends[0],
                ("Error", 2, at(1300), at(1340)),
                ("Error", 2, at(1600), at(1680))]
    started = at(-3598)
    for n, (reason, code, finished, restarted) in enumerate(ends):
        q = json.loads(json.dumps(worker))
        not_ready(q, finished)
        q["status"]["containerStatuses"] = [status(
            "worker", "registry.example/app:1", ready=False,
            waiting={"reason": "CrashLoopBackOff" if code == 2 else
                     "ContainerCreating"},
            last=term(code, reason, started, finished), restarts=n + 1)]
        w.add(q)
        q = json.loads(json.dumps(worker))
        q["status"]["containerStatuses"] = [status(
            "worker", "registry.example/app:1", running=restarted,
            last=term(code, reason, started, finished), restarts=n + 1)]
        w.add(q)
        started = restarted
    for p in others:
        b.pod(p)
    reboot_events(b, node, lost)
    b.write(out)
    w.write(os.path.join(out, "pods-watch.json"))


# ---- proxy-drain ------------------------------------------------------

PROXY_IMAGE = "docker.io/istio/proxyv2:1.22.3"


def billing_template(control):
    app = {"name": "billing", "image": "registry.example/billing:2.0.1",
           "ports": [{"containerPort": 8080, "protocol": "TCP"}],
           "lifecycle": {"preStop": {"exec": {"command": [
               "sh", "-c", "sleep %d" % (15 if control else 10)]}}}}
    proxy = {"name": "istio-proxy", "image": PROXY_IMAGE,
             "args": ["proxy", "sidecar"],
             "ports": [{"containerPort": 15090, "name": "http-envoy-prom",
                        "protocol": "TCP"}]}
    if control:
        proxy["restartPolicy"] = "Always"
        return {"initContainers": [proxy], "containers": [app]}
    return {"containers": [app, proxy]}


def proxy_drain(out, control):
    w = Watch()
    tmpl = billing_template(control)
    h = "5f6a7b8c9"
    ips = []
    logs = {}
    for i, sfx in enumerate(("p1q2r", "s3t4u", "v5w6x")):
        ip = "10.42.4.%d" % (30 + i)
        p = pod("billing-%s-%s" % (h, sfx), 70 + i, "billing", h,
                node="node-%s" % "ab"[i % 2], ip=ip,
                containers=("billing",), created=at(-3600))
        p["spec"].update(json.loads(json.dumps(tmpl)))
        running = p["status"]["containerStatuses"][0]["state"]["running"]
        st = [status(c["name"], c["image"], running=at(-3598))
              for c in tmpl.get("initContainers", []) + tmpl["containers"]]
        if control:
            p["status"]["initContainerStatuses"] = st[:1]
            p["status"]["containerStatuses"] = st[1:]
        else:
            p["status"]["containerStatuses"] = st
        assert running
        w.add(p, "ADDED")
        request = at(100 + 60 * i)
        ips.append((ip, request))
        q = json.loads(json.dumps(p))
        q["metadata"]["deletionTimestamp"] = ts(request + timedelta(
            seconds=30))
        q["metadata"]["deletionGracePeriodSeconds"] = 30
        not_ready(q, request)
        w.add(q)
        ends = {"billing": 18, "istio-proxy": 20 if control else 5}
        for name in sorted(ends, key=lambda c: ends[c]):
            for s in (q["status"].get("initContainerStatuses", []) +
                      q["status"]["containerStatuses"]):
                if s["name"] == name:
                    s["ready"] = False
                    s["started"] = False
                    s["state"] = {"terminated": {
                        "exitCode": 0, "reason": "Completed",
                        "startedAt": ts(at(-3598)),
                        "finishedAt": ts(request + timedelta(
                            seconds=ends[name])),
                        "containerID": s["containerID"]}}
            w.add(q)
        w.add(q, "DELETED")
        lines = ["%s level=info msg=\"billing 2.0.1 listening on :8080\"" %
                 tsn(at(-3597))]
        if not control:
            for k in range(6, 18, 2):
                lines.append('%s level=error msg="charge failed" err="dial '
                             'tcp 10.96.0.12:5432: connect: connection '
                             'refused"' % tsn(request + timedelta(
                                 seconds=k)))
        lines.append('%s level=info msg="shut down cleanly"' % tsn(
            request + timedelta(seconds=18)))
        logs[p["metadata"]["name"]] = lines
    dep = {"apiVersion": "apps/v1", "kind": "Deployment",
           "metadata": {"name": "billing", "namespace": "shop",
                        "uid": uid(0xde, 1), "generation": 3,
                        "resourceVersion": "4100",
                        "creationTimestamp": ts(at(-86400)),
                        "annotations": {
                            "deployment.kubernetes.io/revision": "3"}},
           "spec": {"replicas": 3,
                    "selector": {"matchLabels": {"app": "billing"}},
                    "template": {"metadata": {"labels": {"app": "billing"}},
                                 "spec": dict(tmpl,
                                              terminationGracePeriodSeconds=30
                                              )}},
           "status": {"replicas": 3, "readyReplicas": 3}}
    with open(os.path.join(out, "deployments.json"), "w") as f:
        json.dump({"apiVersion": "v1", "kind": "List", "items": [dep],
                   "metadata": {"resourceVersion": ""}}, f, indent=4)
        f.write("\n")
    lines = []
    n = 0
    for sec in range(0, 300):
        t = at(sec)
        for ip, request in ips:
            gone = request + timedelta(seconds=5 if not control else 20)
            if t >= request + timedelta(seconds=10):
                continue        # the load balancer's lag: 9 s
            n += 1
            ok = t < gone
            lines.append(nginx_line(n, t, 200 if ok else 502, ip + ":8080",
                                    "200" if ok else "502"))
    with open(os.path.join(out, "ingress.log"), "w") as f:
        f.writelines(lines)
    for name, ls in logs.items():
        d = os.path.join(out, "cluster-resources", "pods", "logs", "shop",
                         name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "billing.log"), "w") as f:
            f.write("\n".join(ls) + "\n")
    w.write(os.path.join(out, "pods-watch.json"))


def tsn(t):
    """RFC 3339 with nanoseconds, as kubectl logs --timestamps."""
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%09dZ" % (t.microsecond * 1000)


# ---- watch-time -------------------------------------------------------

def watch_time(out, control):
    w = Watch()
    p = pod("api-6b7c8d9e0-a1k2m", 80, "api", "6b7c8d9e0", ip="10.42.1.9",
            created=at(-3600))
    w.add(p, "ADDED")
    request = at(900)
    q = json.loads(json.dumps(p))
    q["metadata"]["deletionTimestamp"] = ts(request + timedelta(seconds=30))
    q["metadata"]["deletionGracePeriodSeconds"] = 30
    if control:
        not_ready(q, request)
    w.add(q)
    q = json.loads(json.dumps(q))
    not_ready(q, request + timedelta(seconds=2))
    s = q["status"]["containerStatuses"][0]
    s["ready"] = False
    s["state"] = {"terminated": {
        "exitCode": 0, "reason": "Completed",
        "startedAt": s["state"]["running"]["startedAt"],
        "finishedAt": ts(request + timedelta(seconds=2)),
        "containerID": s["containerID"]}}
    q["status"]["phase"] = "Succeeded"
    w.add(q)
    w.add(q, "DELETED")
    w.write(os.path.join(out, "pods-watch.json"))


# ---- scale-down -------------------------------------------------------

def scale_down(out, control):
    b = Bundle()
    w = Watch()
    h = "xm5dlj24f"
    rs_name = "search-" + h
    down = at(1200)
    sfx = ["a%d%sq" % (i, "bcdefghjkm"[i]) for i in range(10)]
    for i in range(10):
        p = pod("search-%s-%s" % (h, sfx[i]), 90 + i, "search", h,
                node="node-%s" % "abc"[i % 3], ip="10.42.5.%d" % (10 + i),
                created=at(-7200))
        w.add(p, "ADDED")
        if i < 4:
            continue
        request = down + timedelta(seconds=1 + (i - 4) // 2)
        # its shutdown outlasts the grace: killed at the deadline
        delete(w, p, request, 30, 30, 137)
    if not control:
        hpa = {"metadata": {"name": "search", "uid": uid(0xf0, 1)}}
        b.event(NS, "SuccessfulRescale", hpa, "New size: 4; reason: All "
                "metrics below target", down - timedelta(seconds=1),
                kind="HorizontalPodAutoscaler", etype="Normal",
                component="horizontal-pod-autoscaler", host="")
        dep = {"metadata": {"name": "search", "uid": uid(0xde, 2)}}
        b.event(NS, "ScalingReplicaSet", dep, "Scaled down replica set "
                "%s to 4 from 10" % rs_name, down, kind="Deployment",
                etype="Normal", component="deployment-controller", host="")
        b.write(out)
    w.write(os.path.join(out, "pods-watch.json"))


# ---- outage -----------------------------------------------------------

def outage(out, control):
    b = Bundle()
    w = Watch()
    lost = at(1000)
    node = {"metadata": {"name": "node-c", "uid": uid(0xd0, 3)}}
    for i, (name, n) in enumerate((("redis-0", 100),
                                   ("metrics-7a8b9c0d1-k3l4m", 101))):
        wl = "redis" if i == 0 else "metrics"
        p = pod(name, n, wl, None if i == 0 else "7a8b9c0d1",
                node="node-c", ip="10.42.3.%d" % (40 + i),
                containers=("redis" if i == 0 else "agent",),
                owner_kind="StatefulSet" if i == 0 else "ReplicaSet",
                owner_name="redis" if i == 0 else None, created=at(-7200))
        p["status"]["containerStatuses"] = [status(
            p["spec"]["containers"][0]["name"], "registry.example/app:1",
            running=lost + timedelta(seconds=4),
            last=term(255, "Unknown", at(-7198), lost), restarts=1)]
        b.pod(p)
    reboot_events(b, node, lost, ready=False)
    probe = {"httpGet": {"path": "/ready", "port": 8080, "scheme": "HTTP"},
             "periodSeconds": 10, "timeoutSeconds": 1,
             "successThreshold": 1, "failureThreshold": 1}
    h = "6c7d8e9f0"
    for i, sfx in enumerate(("q1w2e", "r3t4y", "u5i6o")):
        p = pod("api-%s-%s" % (h, sfx), 110 + i, "api", h,
                node="node-%s" % "ab"[i % 2], ip="10.42.6.%d" % (10 + i),
                created=at(-3600))
        p["spec"]["containers"][0]["readinessProbe"] = probe
        w.add(p, "ADDED")
        if control and i > 0:
            continue
        down = lost + timedelta(seconds=5 + i)
        up = at(1150 + 2 * i)
        q = json.loads(json.dumps(p))
        not_ready(q, down)
        q["status"]["containerStatuses"][0]["ready"] = False
        w.add(q)
        q = json.loads(json.dumps(p))
        for c in q["status"]["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                c["lastTransitionTime"] = ts(up)
        w.add(q)
        b.event(NS, "Unhealthy", p, "Readiness probe failed: HTTP probe "
                "failed with statuscode: 503", down, up - timedelta(
                    seconds=5), count=15, container="app",
                host=p["spec"]["nodeName"])
        b.log(NS, p["metadata"]["name"], "app", [
            '%s level=error msg="ready check failed" err="LOADING Redis is '
            'loading the dataset in memory"' % tsn(down)], previous=False)
    dep = {"apiVersion": "apps/v1", "kind": "Deployment",
           "metadata": {"name": "api", "namespace": NS,
                        "uid": uid(0xde, 3), "generation": 1,
                        "resourceVersion": "4300",
                        "creationTimestamp": ts(at(-86400)),
                        "annotations": {
                            "deployment.kubernetes.io/revision": "1"}},
           "spec": {"replicas": 3,
                    "selector": {"matchLabels": {"app": "api"}},
                    "template": {"metadata": {"labels": {"app": "api"}},
                                 "spec": {"containers": [{
                                     "name": "app",
                                     "image": "registry.example/app:1",
                                     "readinessProbe": probe}]}}},
           "status": {"replicas": 3, "readyReplicas": 3}}
    with open(os.path.join(out, "deployments.json"), "w") as f:
        json.dump({"apiVersion": "v1", "kind": "List", "items": [dep],
                   "metadata": {"resourceVersion": ""}}, f, indent=4)
        f.write("\n")
    b.write(out)
    w.write(os.path.join(out, "pods-watch.json"))


# ---- ReplicaSets and a Deployment's rollouts --------------------------

def replicaset(dep, h, rev, created, replicas, rs_uid, dep_uid):
    """Deployment dep's ReplicaSet dep-h, revision rev, as kubectl get rs
    -o json writes it."""
    return {
        "kind": "ReplicaSet", "apiVersion": "apps/v1",
        "metadata": {
            "name": "%s-%s" % (dep, h), "namespace": NS, "uid": rs_uid,
            "creationTimestamp": ts(created),
            "labels": {"app": dep, "pod-template-hash": h},
            "annotations": {"deployment.kubernetes.io/revision":
                            str(rev)},
            "ownerReferences": [{
                "apiVersion": "apps/v1", "kind": "Deployment",
                "name": dep, "uid": dep_uid, "controller": True,
                "blockOwnerDeletion": True}]},
        "spec": {"replicas": replicas},
        "status": {"replicas": replicas}}


def write_replicasets(out, rss, rv):
    """replicasets.json: a ReplicaSetList of rss."""
    with open(os.path.join(out, "replicasets.json"), "w") as f:
        json.dump({"kind": "ReplicaSetList", "apiVersion": "apps/v1",
                   "metadata": {"resourceVersion": rv}, "items": rss},
                  f, indent=2)
        f.write("\n")


def search_rollouts(w, starts, base, image=None):
    """Deployment shop/search rolled out at each of starts: a ReplicaSet
    a rollout (hashes from base, revision k + 1) and two pods, the old
    ones deleted 5 and 15 s after the next rollout began (versions into
    w); image, a format of k + 1, their image.  Returns the ReplicaSets
    and the pods as (ip, ready, deleted or None, k)."""
    rss, pods = [], []
    for k, start in enumerate(starts):
        h = "%09x" % (base + k * 0x1111)
        last = k == len(starts) - 1
        rss.append(replicaset("search", h, k + 1, start, 2 if last else 0,
                              uid(0xa8, k + 1), uid(0xde, 9)))
        end = None if last else starts[k + 1]
        for i in range(2):
            ip = "10.42.%d.%d" % (8 + k // 100, 2 * k + i + 10)
            kw = {} if image is None else {"image": image % (k + 1)}
            p = pod("search-%s-%s" % (h, "ab"[i] + "x7k2m"), 200 + 2 * k + i,
                    "search", h, node="node-%s" % "ab"[i], ip=ip,
                    created=start, **kw)
            w.add(p, "ADDED")
            gone = None
            if end is not None:
                request = end + timedelta(seconds=5 + 10 * i)
                delete(w, p, request, 30, 2, 0)
                gone = request
            pods.append((ip, start + timedelta(seconds=4), gone, k))
    return rss, pods


# ---- baseline ---------------------------------------------------------

def baseline(out, control):
    w = Watch()
    lines = []
    n = 0
    starts = [at(-43200 + 3600 * k) for k in range(12)] + [at(0), at(480)]
    rss, pods = search_rollouts(w, starts, 0x5a0000000)
    first, last = starts[0], at(7200)
    sec = 0
    bad = set(range(60, 420, 12)) if not control else set()
    background = {-40000, -28000, -15000, -3000, 5000}
    t = first
    while t < last:
        rel = int((t - at(0)).total_seconds())
        live = [x for x in pods if x[1] <= t and (x[2] is None or
                                                     t < x[2])]
        if live:
            ip, _, _, k = live[sec % len(live)]
            n += 1
            status_, path = 200, "/api/search"
            if rel in bad and k == 12:
                status_, path = 500, "/api/search/suggest"
            elif rel in background:
                status_ = 502
            lines.append(nginx_line(n, t, status_, ip + ":8080",
                                    str(status_), path=path,
                                    method="GET"))
        # a routine rollout: a new pod's first answer is a 503
        for x in pods:
            if x[1] == t:
                n += 1
                lines.append(nginx_line(n, t, 503, x[0] + ":8080", "503",
                                        req_time=0.001, method="GET"))
        sec += 1
        t += timedelta(seconds=1)
    with open(os.path.join(out, "ingress.log"), "w") as f:
        f.writelines(lines)
    write_replicasets(out, rss, "9100")
    w.write(os.path.join(out, "pods-watch.json"))


# ---- two-days ---------------------------------------------------------

def two_days(out, control):
    w = Watch()
    when = (-3000, 600) if control else (-90000, 600)
    for i, t in enumerate(when):
        p = pod("api-6b7c8d9e0-%s" % ("a1b2c", "d3e4f")[i], 300 + i, "api",
                "6b7c8d9e0", ip="10.42.9.%d" % (10 + i), created=at(-200000))
        w.add(p, "ADDED")
        delete(w, p, at(t), 30, 3, 0)
    w.write(os.path.join(out, "pods-watch.json"))


# ---- rollback ---------------------------------------------------------

def rollback(out, control):
    b = Bundle()
    w = Watch()
    good, bad = ("5c6d7e8f9", 5), ("8c9b7a6d5", 6)
    dep = {"metadata": {"name": "quote", "uid": uid(0xde, 5)}}
    rss = [replicaset("quote", h, rev, created, 2 if (h == good[0]) !=
                      control else 0, uid(0xa9, rev), uid(0xde, 5))
           for h, rev, created in ((good[0], 5 if control else 7,
                                    at(-86400)), (bad[0], 6, at(0)))]

    def replace(old_h, old_pods, new_h, n0, t0):
        """The old set's pods deleted as the new one's come, from t0."""
        b.event(NS, "ScalingReplicaSet", dep, "Scaled up replica set "
                "quote-%s to 2 from 0" % new_h, t0, kind="Deployment",
                etype="Normal", component="deployment-controller", host="")
        b.event(NS, "ScalingReplicaSet", dep, "Scaled down replica set "
                "quote-%s to 0 from 2" % old_h, t0 + timedelta(seconds=20),
                kind="Deployment", etype="Normal",
                component="deployment-controller", host="")
        new = []
        for i in range(2):
            p = pod("quote-%s-%s" % (new_h, ("n%dx7k" % (n0 + i))),
                    400 + n0 + i, "quote", new_h,
                    ip="10.42.11.%d" % (n0 + i), created=t0 +
                    timedelta(seconds=2 + 10 * i))
            w.add(p, "ADDED")
            new.append(p)
            delete(w, old_pods[i], t0 + timedelta(seconds=10 + 10 * i), 30,
                   3, 0)
        return new

    old = []
    for i in range(2):
        p = pod("quote-%s-%s" % (good[0], "o%dx7k" % i), 390 + i, "quote",
                good[0], ip="10.42.10.%d" % i, created=at(-80000))
        w.add(p, "ADDED")
        old.append(p)
    mid = replace(good[0], old, bad[0], 0, at(0))
    if not control:
        replace(bad[0], mid, good[0], 2, at(360))
    b.write(out)
    write_replicasets(out, rss, "9200")
    w.write(os.path.join(out, "pods-watch.json"))


SCENARIOS = {
    "measured-shutdown": measured_shutdown,
    "restart-attribution": restart_attribution,
    "proxy-drain": proxy_drain,
    "watch-time": watch_time,
    "scale-down": scale_down,
    "outage": outage,
    "baseline": baseline,
    "two-days": two_days,
    "rollback": rollback,
}


def main():
    run_scenario("diagnoses.py", SCENARIOS)


if __name__ == "__main__":
    main()
