#!/usr/bin/env python3
"""deaths.py: writes synthetic incidents of every way a container or pod
ends other than by its deletion, in the formats kubectl and support
bundles write, deterministically (no randomness, fixed times), for the
end-to-end tests (tests/e2e/deaths.sh).  Each scenario has a healthy
control ("NAME-control") in which nothing of its kind happened.

    python3 tests/gen/deaths.py SCENARIO OUTDIR

Scenarios, each a troubleshoot.sh bundle layout (cluster-resources/pods/
NS.json, cluster-resources/events/NS.json, cluster-resources/jobs/NS.json,
cluster-resources/pods/logs/NS/POD/C-previous.log) unless it says:

crash-loop: Deployment shop/checkout's two pods keep exiting 1 (the
  previous instance's log ends with a FATAL line); one waits in
  CrashLoopBackOff (30 BackOff events); shop/importer was OOMKilled and
  restarted (only its lastState says so).  Control: a container
  restarted twice with exit 1 (below a loop), one restarted once.
liveness: a watch stream (kubectl get pods -w -o json) of shop/search's
  pod, never deleted, whose container the kubelet kills twice for a
  failed liveness probe (period 10 s, timeout 1 s, threshold 3): 143 the
  first time (it obeyed SIGTERM), 137 the second (after 30 s of grace);
  Unhealthy and Killing events as the kubelet writes them.  Control: the
  probe passes.
evicted: pods evicted for memory pressure (shop/cache, with the kubelet's
  Killing and Evicted events, exit 137 30 s after the kill), preempted
  (shop/batch-report) and ended by a graceful node shutdown (shop/web).
  Control: the same pods running.
node-restart: the containers of three pods on node-c end together with
  reason Unknown (exit 255) and restart 4 to 8 s later, the node's events
  saying it rebooted; shop/worker on the
  same node keeps exiting 1 (11 restarts, 4 of them its node's).
  Control: one container lost alone, and two others ten minutes apart.
job-failed: CronJob shop/nightly-export's Job fails with
  BackoffLimitExceeded after 3 pods exit 3; Job shop/migrate-schema, not
  in the bundle, has 2 pods that both exited 2; Job
  shop/weekly-report-29650380, a run of a CronJob deleted with
  --cascade=orphan (no owner left), fails its one pod (exit 1), and so
  do Jobs shop/trainer-workers-0 and -1 of JobSet shop/trainer (the
  second's pod not in the bundle).
  Control: a Job that completes after one failed pod.
start-failed: shop/reports waits in CreateContainerConfigError (a missing
  Secret), shop/thumbnailer cannot run its command (ContainerCannotRun,
  exit 127), shop/legacy cannot pull its image.  Control: all running.
in-flight: a watch stream of payments/ledger's pod whose plain
  istio-proxy exits 1 s after the deletion request while the app drains
  for 10 s, and the ingress gateway's Envoy log: long requests that began
  before the proxy's exit and were cut by it (503 UC at the exit); none
  began after.  Control: istio-proxy as a native sidecar, which outlives
  the app, and every request answered.
"""
import json
import os
import sys
from datetime import datetime, timedelta, timezone

T0 = datetime(2026, 6, 3, 14, 0, 0, tzinfo=timezone.utc)
NS = "shop"


def ts(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def tsf(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (
        t.microsecond // 1000)


def uid(kind, n):
    return "%08x-0000-4000-8000-%012x" % (kind, n)


def at(s):
    return T0 + timedelta(seconds=s)


class Bundle:
    """The objects of one scenario, written as a support bundle."""

    def __init__(self):
        self.pods = {}
        self.events = {}
        self.jobs = {}
        self.logs = {}
        self.nev = 0

    def pod(self, p):
        self.pods.setdefault(p["metadata"]["namespace"], []).append(p)

    def job(self, j):
        self.jobs.setdefault(j["metadata"]["namespace"], []).append(j)

    def log(self, ns, pod, container, lines, previous=True):
        self.logs[(ns, pod, container, previous)] = lines

    def event(self, ns, reason, obj, msg, first, last=None, count=1,
              kind="Pod", container=None, etype="Warning",
              component="kubelet", host="node-a"):
        self.nev += 1
        o = {"kind": kind, "name": obj["metadata"]["name"],
             "uid": obj["metadata"]["uid"], "apiVersion": "v1"}
        if kind != "Node":
            o["namespace"] = ns
        if container is not None:
            o["fieldPath"] = "spec.containers{%s}" % container
        self.events.setdefault(ns, []).append({
            "metadata": {"name": "%s.%016x" % (obj["metadata"]["name"],
                                               0x17d0000 + self.nev),
                         "namespace": ns,
                         "uid": uid(0xe0, self.nev),
                         "resourceVersion": str(7000 + self.nev),
                         "creationTimestamp": ts(first)},
            "involvedObject": o, "reason": reason, "message": msg,
            "source": {"component": component, "host": host},
            "firstTimestamp": ts(first),
            "lastTimestamp": ts(last if last is not None else first),
            "count": count, "type": etype,
            "reportingComponent": component, "reportingInstance": host})

    def write(self, out):
        top = os.path.join(out, "cluster-resources")
        for sub, lists, kind in (("pods", self.pods, "PodList"),
                                 ("events", self.events, "EventList"),
                                 ("jobs", self.jobs, "JobList")):
            d = os.path.join(top, sub)
            os.makedirs(d, exist_ok=True)
            for ns in sorted(lists):
                with open(os.path.join(d, ns + ".json"), "w") as f:
                    json.dump({"kind": kind, "apiVersion": "v1",
                               "metadata": {"resourceVersion": "9000"},
                               "items": lists[ns]}, f, indent=2)
                    f.write("\n")
        for (ns, pod, c, prev) in sorted(self.logs):
            d = os.path.join(top, "pods", "logs", ns, pod)
            os.makedirs(d, exist_ok=True)
            name = c + ("-previous.log" if prev else ".log")
            with open(os.path.join(d, name), "w") as f:
                for line in self.logs[(ns, pod, c, prev)]:
                    f.write(line + "\n")


def owner(kind, name, n):
    return [{"apiVersion": "apps/v1" if kind == "ReplicaSet" else
             "batch/v1", "kind": kind, "name": name,
             "uid": uid(0xa0, n), "controller": True,
             "blockOwnerDeletion": True}]


def pod(name, n, workload=None, rs_hash=None, node="node-a", ip=None,
        created=None, containers=("app",), image="registry.example/app:1",
        owner_kind="ReplicaSet", owner_name=None, restart="Always",
        grace=30, probe=None):
    """A Pod as the API server writes it, Running and Ready."""
    created = created if created is not None else at(-3600)
    meta = {"name": name, "namespace": NS, "uid": uid(0xb0, n),
            "resourceVersion": str(1000 + n),
            "creationTimestamp": ts(created),
            "labels": {"app": workload or name}}
    if rs_hash is not None:
        meta["labels"]["pod-template-hash"] = rs_hash
        meta["generateName"] = "%s-%s-" % (workload, rs_hash)
        meta["ownerReferences"] = owner("ReplicaSet", "%s-%s" % (
            workload, rs_hash), n)
    elif owner_kind is not None and owner_name is not None:
        meta["ownerReferences"] = owner(owner_kind, owner_name, n)
    specs = []
    for c in containers:
        s = {"name": c, "image": image, "imagePullPolicy": "IfNotPresent",
             "resources": {"requests": {"memory": "256Mi", "cpu": "100m"}},
             "terminationMessagePath": "/dev/termination-log",
             "terminationMessagePolicy": "File"}
        if probe is not None:
            s["livenessProbe"] = probe
        specs.append(s)
    return {
        "apiVersion": "v1", "kind": "Pod", "metadata": meta,
        "spec": {"nodeName": node, "restartPolicy": restart,
                 "terminationGracePeriodSeconds": grace,
                 "containers": specs},
        "status": {
            "phase": "Running", "podIP": ip, "hostIP": "192.168.7.%d" % (
                ord(node[-1]) - ord("a") + 11),
            "startTime": ts(created + timedelta(seconds=1)),
            "qosClass": "Burstable",
            "conditions": [
                {"type": "PodScheduled", "status": "True",
                 "lastTransitionTime": ts(created)},
                {"type": "Initialized", "status": "True",
                 "lastTransitionTime": ts(created + timedelta(seconds=1))},
                {"type": "ContainersReady", "status": "True",
                 "lastTransitionTime": ts(created + timedelta(seconds=4))},
                {"type": "Ready", "status": "True",
                 "lastTransitionTime": ts(created + timedelta(seconds=4))}],
            "containerStatuses": [status(c, image, running=created +
                                         timedelta(seconds=2))
                                  for c in containers]}}


def status(name, image, running=None, waiting=None, terminated=None,
           last=None, restarts=0, ready=None):
    st = {"name": name, "image": image, "imageID": image + "@sha256:" +
          "%064x" % len(name), "restartCount": restarts,
          "started": running is not None,
          "ready": ready if ready is not None else running is not None,
          "containerID": "containerd://%064x" % (restarts + 1)}
    if running is not None:
        st["state"] = {"running": {"startedAt": ts(running)}}
    elif waiting is not None:
        st["state"] = {"waiting": waiting}
    else:
        st["state"] = {"terminated": terminated}
    st["lastState"] = {"terminated": last} if last is not None else {}
    return st


def term(code, reason, started, finished, message=None):
    t = {"exitCode": code, "reason": reason, "startedAt": ts(started),
         "finishedAt": ts(finished),
         "containerID": "containerd://%064x" % (code + 7)}
    if message is not None:
        t["message"] = message
    return t


def not_ready(p, at_):
    for c in p["status"]["conditions"]:
        if c["type"] in ("Ready", "ContainersReady"):
            c["status"] = "False"
            c["reason"] = "ContainersNotReady"
            c["lastTransitionTime"] = ts(at_)


# ---- crash-loop -------------------------------------------------------

def crash_loop(out, control):
    b = Bundle()
    img = "registry.example/checkout:4.2.0"
    fatal = ('level=fatal ts=2026-06-03T14:10:02Z msg="cannot connect to '
             'the database" err="pq: password authentication failed for '
             'user \\"checkout\\""')
    p1 = pod("checkout-5d8f7c6b9-k2x4q", 1, "checkout", "5d8f7c6b9",
             ip="10.42.1.11", image=img)
    p2 = pod("checkout-5d8f7c6b9-v7m3n", 2, "checkout", "5d8f7c6b9",
             node="node-b", ip="10.42.2.12", image=img)
    if not control:
        p1["status"]["phase"] = "Running"
        not_ready(p1, at(602))
        p1["status"]["containerStatuses"] = [status(
            "app", img, waiting={"reason": "CrashLoopBackOff", "message":
                                 "back-off 2m40s restarting failed "
                                 "container=app pod=checkout-5d8f7c6b9-"
                                 "k2x4q_shop(%s)" % uid(0xb0, 1)},
            last=term(1, "Error", at(600), at(602)), restarts=7)]
        p2["status"]["containerStatuses"] = [status(
            "app", img, running=at(630), last=term(1, "Error", at(480),
                                                    at(482)),
            restarts=6)]
        b.event(NS, "BackOff", p1, "Back-off restarting failed container "
                "app in pod checkout-5d8f7c6b9-k2x4q_shop(%s)" %
                uid(0xb0, 1), at(-1500), at(605), count=30,
                container="app")
        b.event(NS, "BackOff", p2, "Back-off restarting failed container "
                "app in pod checkout-5d8f7c6b9-v7m3n_shop(%s)" %
                uid(0xb0, 2), at(-1400), at(485), count=12,
                container="app", host="node-b")
        for p in (p1, p2):
            b.log(NS, p["metadata"]["name"], "app", [
                'level=info ts=2026-06-03T14:10:00Z msg="checkout 4.2.0 '
                'starting" listen=:8080',
                'level=info ts=2026-06-03T14:10:00Z msg="connecting to '
                'the database" host=pg.shop.svc',
                fatal, ""])
    else:
        # a restart or two with exit 1 is not a loop
        p1["status"]["containerStatuses"] = [status(
            "app", img, running=at(300), last=term(1, "Error", at(-600),
                                                    at(298)),
            restarts=2)]
        p2["status"]["containerStatuses"] = [status(
            "app", img, running=at(-1200), last=term(1, "Error",
                                                      at(-3590), at(-1202)),
            restarts=1)]
    # an OOM kill a restart hid: only lastState says so
    p3 = pod("importer-4b5c6d7e8-h9j1k", 4, "importer", "4b5c6d7e8",
             ip="10.42.1.14", containers=("importer",))
    if not control:
        p3["status"]["containerStatuses"] = [status(
            "importer", "registry.example/app:1", running=at(420),
            last=term(137, "OOMKilled", at(-3598), at(418)), restarts=1)]
    b.pod(p1)
    b.pod(p2)
    b.pod(p3)
    b.write(out)


# ---- liveness ---------------------------------------------------------

def liveness(out, control):
    img = "registry.example/search:7.1.3"
    probe = {"httpGet": {"path": "/healthz", "port": 8080,
                         "scheme": "HTTP"},
             "initialDelaySeconds": 5, "periodSeconds": 10,
             "timeoutSeconds": 1, "successThreshold": 1,
             "failureThreshold": 3}
    p = pod("search-6c7d8e9f0-k2m4p", 3, "search", "6c7d8e9f0",
            ip="10.42.1.21", image=img, containers=("api",), probe=probe,
            created=at(-600))
    versions = []

    def version(q, rv, typ="MODIFIED"):
        q = json.loads(json.dumps(q))
        q["metadata"]["resourceVersion"] = str(rv)
        versions.append({"type": typ, "object": q})

    version(p, 2001, "ADDED")
    events = []
    nev = [0]

    def event(reason, msg, first, last, count):
        nev[0] += 1
        events.append({
            "kind": "Event", "apiVersion": "v1",
            "metadata": {"name": "search-6c7d8e9f0-k2m4p.%016x" % (
                0x18a0000 + nev[0]), "namespace": NS,
                "uid": uid(0xe1, nev[0]),
                "resourceVersion": str(8000 + nev[0]),
                "creationTimestamp": ts(first)},
            "involvedObject": {"kind": "Pod", "namespace": NS,
                               "name": p["metadata"]["name"],
                               "uid": p["metadata"]["uid"],
                               "apiVersion": "v1",
                               "fieldPath": "spec.containers{api}"},
            "reason": reason, "message": msg,
            "source": {"component": "kubelet", "host": "node-a"},
            "firstTimestamp": ts(first), "lastTimestamp": ts(last),
            "count": count,
            "type": "Warning" if reason != "Killing" else "Normal"})

    if not control:
        unhealthy = ('Liveness probe failed: Get "http://10.42.1.21:8080/'
                     'healthz": context deadline exceeded (Client.Timeout '
                     'exceeded while awaiting headers)')
        # kill 1 at +100 (three failures from +80): SIGTERM obeyed, 143
        q = json.loads(json.dumps(p))
        not_ready(q, at(100))
        q["status"]["containerStatuses"] = [status(
            "api", img, running=at(102), ready=False,
            last=term(143, "Error", at(-598), at(100)), restarts=1)]
        version(q, 2002)
        # kill 2 at +300: SIGTERM ignored, SIGKILL after 30 s, 137
        q = json.loads(json.dumps(q))
        q["status"]["containerStatuses"] = [status(
            "api", img, running=at(332), ready=False,
            last=term(137, "Error", at(102), at(330)), restarts=2)]
        version(q, 2003)
        q = json.loads(json.dumps(q))
        for c in q["status"]["conditions"]:
            if c["type"] in ("Ready", "ContainersReady"):
                c["status"] = "True"
                c.pop("reason", None)
                c["lastTransitionTime"] = ts(at(340))
        q["status"]["containerStatuses"][0]["ready"] = True
        version(q, 2004)
        event("Unhealthy", unhealthy, at(80), at(300), 6)
        event("Killing", "Container api failed liveness probe, will be "
              "restarted", at(100), at(300), 2)
        event("Pulled", 'Container image "%s" already present on machine'
              % img, at(-598), at(332), 3)
    else:
        event("Pulled", 'Container image "%s" already present on machine'
              % img, at(-598), at(-598), 1)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "pods-watch.json"), "w") as f:
        for v in versions:
            f.write(json.dumps(v, indent=4) + "\n")
    with open(os.path.join(out, "events.json"), "w") as f:
        json.dump({"apiVersion": "v1", "kind": "List", "items": events,
                   "metadata": {"resourceVersion": ""}}, f, indent=2)
        f.write("\n")


# ---- evicted ----------------------------------------------------------

def evicted(out, control):
    b = Bundle()
    img = "registry.example/cache:6.2"
    mem = ("The node was low on resource: memory. Threshold quantity: "
           "100Mi, available: 82624Ki. Container redis was using 1512Mi, "
           "which exceeds its request of 256Mi. ")
    cache = [pod("cache-7f9c8d6b5-%s" % s, 10 + i, "cache", "7f9c8d6b5",
                 node="node-b", ip="10.42.2.%d" % (30 + i), image=img,
                 containers=("redis",))
             for i, s in enumerate(("q8w2e", "r5t7y"))]
    report = pod("batch-report-z4x6c", 12, None, None, node="node-b",
                 ip="10.42.2.40", containers=("report",),
                 owner_kind=None)
    web = pod("web-5b6c7d8e9-n3m5b", 13, "web", "5b6c7d8e9", node="node-d",
              ip="10.42.4.41", containers=("nginx",))
    if not control:
        for i, p in enumerate(cache):
            kill = at(200 + 20 * i)
            p["status"]["phase"] = "Failed"
            p["status"]["reason"] = "Evicted"
            p["status"]["message"] = mem
            p["status"]["conditions"].append({
                "type": "DisruptionTarget", "status": "True",
                "reason": "TerminationByKubelet",
                "message": mem, "lastTransitionTime": ts(kill)})
            p["status"].pop("podIP")
            p["status"]["containerStatuses"] = [status(
                "redis", img, terminated=term(137, "Error", at(-3598),
                                              kill + timedelta(seconds=30)),
                ready=False)]
            b.event(NS, "Evicted", p, mem, kill, host="node-b")
            b.event(NS, "Killing", p, "Stopping container redis", kill,
                    container="redis", etype="Normal", host="node-b")
        report["status"]["phase"] = "Failed"
        report["status"]["reason"] = "Preempting"
        report["status"]["message"] = ("Preempted in order to admit "
                                       "critical pod")
        report["status"]["containerStatuses"] = [status(
            "report", "registry.example/app:1", terminated=term(
                137, "Error", at(-3598), at(412)), ready=False)]
        b.event(NS, "Preempting", report, "Preempted in order to admit "
                "critical pod", at(410), host="node-b")
        b.event(NS, "Killing", report, "Stopping container report",
                at(410), container="report", etype="Normal", host="node-b")
        web["status"]["phase"] = "Failed"
        web["status"]["reason"] = "Terminated"
        web["status"]["message"] = ("Pod was terminated in response to "
                                    "imminent node shutdown.")
        web["status"]["conditions"].append({
            "type": "DisruptionTarget", "status": "True",
            "reason": "TerminationByKubelet",
            "message": "Pod was terminated in response to imminent node "
            "shutdown.", "lastTransitionTime": ts(at(900))})
        web["status"]["containerStatuses"] = [status(
            "nginx", "registry.example/app:1", terminated=term(
                0, "Completed", at(-3598), at(903)), ready=False)]
        b.event(NS, "Killing", web, "Stopping container nginx", at(900),
                container="nginx", etype="Normal", host="node-d")
    for p in cache + [report, web]:
        b.pod(p)
    b.write(out)


# ---- node-restart -----------------------------------------------------

def node_restart(out, control):
    b = Bundle()
    lost = at(1000)
    pods = []
    for i, (wl, h, c) in enumerate((("dns", "8c7b6a5d4", "coredns"),
                                    ("proxy", "9d8c7b6a5", "envoy"),
                                    ("web", "5b6c7d8e9", "nginx"))):
        p = pod("%s-%s-%s" % (wl, h, ("a1b2c", "d3e4f", "g5h6i")[i]),
                20 + i, wl, h, node="node-c", ip="10.42.3.%d" % (10 + i),
                containers=(c,))
        if not control or i == 0:
            back = lost + timedelta(seconds=4 + 2 * i)
            p["status"]["containerStatuses"] = [status(
                c, "registry.example/app:1", running=back,
                last=term(255, "Unknown", at(-3000), lost), restarts=4)]
        elif i == 1:
            # control: another container lost ten minutes later, alone
            back = lost + timedelta(seconds=604)
            p["status"]["containerStatuses"] = [status(
                c, "registry.example/app:1", running=back,
                last=term(255, "Unknown", at(-3000),
                          lost + timedelta(seconds=600)), restarts=1)]
        pods.append(p)
    worker = pod("worker-6f5e4d3c2-j7k8l", 23, "worker", "6f5e4d3c2",
                 node="node-c", ip="10.42.3.20", containers=("worker",))
    if not control:
        worker["status"]["containerStatuses"] = [status(
            "worker", "registry.example/app:1", running=at(1062),
            last=term(1, "Error", at(1005), at(1045)), restarts=11)]
        b.log(NS, worker["metadata"]["name"], "worker", [
            "2026/06/03 14:16:45 queue: dial tcp 10.43.0.15:5672: "
            "connect: connection refused",
            "2026/06/03 14:16:45 fatal: no queue after 40s, exiting"])
    pods.append(worker)
    if not control:
        reboot_events(b, {"metadata": {"name": "node-c",
                                       "uid": uid(0xd0, 3)}}, lost)
    for p in pods:
        b.pod(p)
    b.write(out)


# ---- job-failed -------------------------------------------------------

def job(name, n, cron=None, failed=0, succeeded=0, condition=None,
        start=None, end=None, backoff=2, owner="CronJob"):
    meta = {"name": name, "namespace": NS, "uid": uid(0xc0, n),
            "resourceVersion": str(5000 + n),
            "creationTimestamp": ts(start),
            "labels": {"job-name": name}}
    if cron is not None:
        meta["ownerReferences"] = [{"apiVersion": "batch/v1"
                                    if owner == "CronJob" else
                                    "jobset.x-k8s.io/v1alpha2",
                                    "kind": owner, "name": cron,
                                    "uid": uid(0xc8, n), "controller": True,
                                    "blockOwnerDeletion": True}]
    st = {"startTime": ts(start)}
    if failed:
        st["failed"] = failed
    if succeeded:
        st["succeeded"] = succeeded
    if condition is not None:
        st["conditions"] = [{"type": condition[0], "status": "True",
                             "reason": condition[1],
                             "message": condition[2],
                             "lastProbeTime": ts(end),
                             "lastTransitionTime": ts(end)}]
        if condition[0] == "Complete":
            st["completionTime"] = ts(end)
    return {"apiVersion": "batch/v1", "kind": "Job", "metadata": meta,
            "spec": {"backoffLimit": backoff, "completions": 1,
                     "parallelism": 1,
                     "template": {"spec": {"restartPolicy": "Never",
                                           "containers": [{
                                               "name": "main",
                                               "image": "registry."
                                               "example/tools:3"}]}}},
            "status": st}


def job_pod(name, n, jobname, job_n, started, code, node="node-a"):
    p = pod(name, n, None, None, node=node, ip=None,
            containers=("main",), owner_kind="Job", owner_name=jobname,
            restart="Never", created=started - timedelta(seconds=1))
    # owned by its Job, by that Job's uid (job(): uid(0xc0, n))
    p["metadata"]["ownerReferences"][0]["uid"] = uid(0xc0, job_n)
    p["metadata"]["labels"]["job-name"] = jobname
    p["status"]["phase"] = "Failed" if code else "Succeeded"
    not_ready(p, started + timedelta(seconds=12))
    p["status"]["containerStatuses"] = [status(
        "main", "registry.example/tools:3", terminated=term(
            code, "Error" if code else "Completed", started,
            started + timedelta(seconds=12)), ready=False)]
    return p


def job_failed(out, control):
    b = Bundle()
    if not control:
        name = "nightly-export-29650440"
        b.job(job(name, 1, "nightly-export", failed=3,
                  condition=("Failed", "BackoffLimitExceeded",
                             "Job has reached the specified backoff "
                             "limit"), start=at(0), end=at(80)))
        for i, s in enumerate(("b2n4m", "c6v8x", "d1f3h")):
            b.pod(job_pod("%s-%s" % (name, s), 30 + i, name, 1,
                          at(1 + 25 * i), 3))
        for i, s in enumerate(("p9q8r", "s7t6u")):
            b.pod(job_pod("migrate-schema-%s" % s, 40 + i,
                          "migrate-schema", 5, at(500 + 20 * i), 2,
                          node="node-b"))
        orphan = "weekly-report-29650380"
        b.job(job(orphan, 2, None, failed=1,
                  condition=("Failed", "BackoffLimitExceeded",
                             "Job has reached the specified backoff "
                             "limit"), start=at(600), end=at(640),
                  backoff=0))
        b.pod(job_pod(orphan + "-k4j5h", 45, orphan, 2, at(601), 1,
                      node="node-b"))
        b.job(job("trainer-workers-0", 3, "trainer", failed=1,
                  condition=("Failed", "BackoffLimitExceeded",
                             "Job has reached the specified backoff "
                             "limit"), start=at(700), end=at(740),
                  backoff=0, owner="JobSet"))
        b.pod(job_pod("trainer-workers-0-0-m8n9b", 46, "trainer-workers-0",
                      3, at(701), 1, node="node-b"))
        b.job(job("trainer-workers-1", 4, "trainer", failed=1,
                  condition=("Failed", "BackoffLimitExceeded",
                             "Job has reached the specified backoff "
                             "limit"), start=at(700), end=at(745),
                  backoff=0, owner="JobSet"))
    else:
        name = "nightly-export-29650440"
        b.job(job(name, 1, "nightly-export", failed=1, succeeded=1,
                  condition=("Complete", "CompletionsReached",
                             "Reached expected number of succeeded pods"),
                  start=at(0), end=at(40)))
        b.pod(job_pod(name + "-b2n4m", 30, name, 1, at(1), 3))
        b.pod(job_pod(name + "-c6v8x", 31, name, 1, at(26), 0))
    b.write(out)


# ---- start-failed -----------------------------------------------------

def start_failed(out, control):
    b = Bundle()
    reports = pod("reports-74d5c6b7a-m1n2b", 50, "reports", "74d5c6b7a",
                  ip="10.42.1.50", containers=("reports",))
    thumb = pod("thumbnailer-5a6b7c8d9-x3c4v", 51, "thumbnailer",
                "5a6b7c8d9", ip="10.42.1.51", containers=("thumbnailer",))
    legacy = pod("legacy-8e9f0a1b2-z5x6c", 52, "legacy", "8e9f0a1b2",
                 ip="10.42.1.52", containers=("legacy",),
                 image="registry.example/legacy:9.9")
    if not control:
        for p in (reports, thumb, legacy):
            not_ready(p, at(0))
        reports["status"]["containerStatuses"] = [status(
            "reports", "registry.example/app:1", waiting={
                "reason": "CreateContainerConfigError",
                "message": 'secret "reports-db" not found'})]
        b.event(NS, "Failed", reports, 'Error: secret "reports-db" not '
                'found', at(2), at(300), count=26, container="reports")
        msg = ('failed to create containerd task: failed to create shim '
               'task: OCI runtime create failed: runc create failed: '
               'unable to start container process: exec: "thumbnailr": '
               'executable file not found in $PATH: unknown')
        thumb["status"]["containerStatuses"] = [status(
            "thumbnailer", "registry.example/app:1", waiting={
                "reason": "CrashLoopBackOff",
                "message": "back-off 5m0s restarting failed "
                "container=thumbnailer pod=thumbnailer-5a6b7c8d9-x3c4v_"
                "shop(%s)" % uid(0xb0, 51)},
            last=term(128, "StartError", at(240), at(240), msg),
            restarts=5)]
        thumb["status"]["containerStatuses"][0]["lastState"]["terminated"][
            "exitCode"] = 127
        thumb["status"]["containerStatuses"][0]["lastState"]["terminated"][
            "reason"] = "ContainerCannotRun"
        b.event(NS, "Failed", thumb, "Error: " + msg, at(3), at(240),
                count=6, container="thumbnailer")
        b.event(NS, "BackOff", thumb, "Back-off restarting failed "
                "container thumbnailer in pod thumbnailer-5a6b7c8d9-x3c4v_"
                "shop(%s)" % uid(0xb0, 51), at(4), at(290), count=20,
                container="thumbnailer")
        legacy["status"]["containerStatuses"] = [status(
            "legacy", "registry.example/legacy:9.9", waiting={
                "reason": "ImagePullBackOff",
                "message": 'Back-off pulling image "registry.example/'
                'legacy:9.9"'})]
        b.event(NS, "Failed", legacy, 'Failed to pull image "registry.'
                'example/legacy:9.9": rpc error: code = NotFound desc = '
                'failed to pull and unpack image "registry.example/'
                'legacy:9.9": not found', at(5), at(200), count=5,
                container="legacy")
        b.event(NS, "Failed", legacy, "Error: ImagePullBackOff", at(6),
                at(290), count=14, container="legacy")
    for p in (reports, thumb, legacy):
        b.pod(p)
    b.write(out)


# ---- in-flight --------------------------------------------------------

GATEWAY_IP = "10.42.0.5"
LEDGER_IP = "10.42.5.17"


def gateway_line(start, dur_ms, code, flags, detail, n):
    """One line of Istio's default text format, as the gateway writes it."""
    up = "%s:8080" % LEDGER_IP
    local = "-" if code != 200 else "%s:%d" % (GATEWAY_IP, 40000 + n)
    return ('[%s] "POST /v1/entries HTTP/1.1" %d %s %s - "-" 312 %d %d %s '
            '"198.51.100.%d" "ledger-client/3.2.1" '
            '"%08x-5c1d-4e2f-9a3b-%012x" "ledger.payments.example.com" '
            '"%s" outbound|8080||ledger.payments.svc.cluster.local %s '
            '%s:8443 198.51.100.%d:%d ledger.payments.example.com -\n' % (
                tsf(start), code, flags, detail, 87 if code == 200 else 95,
                dur_ms, "%d" % (dur_ms - 2) if code == 200 else "-",
                10 + n % 50, 0x7b000000 + n, n, up, local, GATEWAY_IP,
                10 + n % 50, 30000 + n))


def in_flight(out, control):
    ns = "payments"
    request = at(60)
    proxy_exit = request + timedelta(seconds=11 if control else 1)
    app_exit = request + timedelta(seconds=10)
    spec_proxy = {"name": "istio-proxy", "image": "docker.io/istio/"
                  "proxyv2:1.22.1", "args": ["proxy", "sidecar"]}
    app = {"name": "ledger", "image": "registry.example/ledger:2.3.0",
           "ports": [{"containerPort": 8080}]}
    p = {"apiVersion": "v1", "kind": "Pod", "metadata": {
        "name": "ledger-6b7c9d8f5-k2x9p", "namespace": ns,
        "uid": uid(0xb5, 1), "resourceVersion": "3001",
        "creationTimestamp": ts(at(-3600)),
        "labels": {"app": "ledger", "pod-template-hash": "6b7c9d8f5"},
        "ownerReferences": owner("ReplicaSet", "ledger-6b7c9d8f5", 60)},
        "spec": {"nodeName": "node-a", "restartPolicy": "Always",
                 "terminationGracePeriodSeconds": 30,
                 "containers": [app] if control else [app, spec_proxy]},
        "status": {"phase": "Running", "podIP": LEDGER_IP,
                   "startTime": ts(at(-3599)), "conditions": [
                       {"type": "Ready", "status": "True",
                        "lastTransitionTime": ts(at(-3590))}]}}
    if control:
        native = dict(spec_proxy)
        native["restartPolicy"] = "Always"
        p["spec"]["initContainers"] = [native]
    cs = [status("ledger", app["image"], running=at(-3595)),
          status("istio-proxy", spec_proxy["image"], running=at(-3597))]
    if control:
        p["status"]["initContainerStatuses"] = [cs[1]]
        p["status"]["containerStatuses"] = [cs[0]]
    else:
        p["status"]["containerStatuses"] = cs
    versions = [("ADDED", json.loads(json.dumps(p)))]
    q = json.loads(json.dumps(p))
    q["metadata"]["deletionTimestamp"] = ts(request + timedelta(
        seconds=30))
    q["metadata"]["deletionGracePeriodSeconds"] = 30
    q["metadata"]["resourceVersion"] = "3002"
    q["status"]["conditions"][0]["status"] = "False"
    q["status"]["conditions"][0]["lastTransitionTime"] = ts(request)
    versions.append(("MODIFIED", json.loads(json.dumps(q))))
    q = json.loads(json.dumps(q))
    q["metadata"]["resourceVersion"] = "3003"
    proxy_term = term(0, "Completed", at(-3597), proxy_exit)
    app_term = term(0, "Completed", at(-3595), app_exit)
    if control:
        q["status"]["containerStatuses"][0]["state"] = {
            "terminated": app_term}
        q["status"]["initContainerStatuses"][0]["state"] = {
            "terminated": proxy_term}
    else:
        q["status"]["containerStatuses"][1]["state"] = {
            "terminated": proxy_term}
        versions.append(("MODIFIED", json.loads(json.dumps(q))))
        q = json.loads(json.dumps(q))
        q["metadata"]["resourceVersion"] = "3004"
        q["status"]["containerStatuses"][0]["state"] = {
            "terminated": app_term}
    q["status"]["phase"] = "Succeeded"
    versions.append(("MODIFIED", json.loads(json.dumps(q))))
    versions.append(("DELETED", json.loads(json.dumps(q))))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "pods-watch.json"), "w") as f:
        for typ, o in versions:
            f.write(json.dumps({"type": typ, "object": o}, indent=4) + "\n")
    # the gateway: a short request every second until the deletion
    # request; then the endpoint is gone and only long uploads that began
    # before are still in flight
    lines = []
    n = 0
    for s in range(-30, 0):
        n += 1
        lines.append((at(60 + s) + timedelta(milliseconds=200), 14, 200,
                      "-", "via_upstream", n))
    for k in range(6):
        n += 1
        start = request - timedelta(seconds=3, milliseconds=-300 * k)
        if control:
            end = start + timedelta(seconds=4)
            lines.append((start, int((end - start).total_seconds() * 1000),
                          200, "-", "via_upstream", n))
        else:
            end = proxy_exit + timedelta(milliseconds=20)
            lines.append((start, int((end - start).total_seconds() * 1000),
                          503, "UC", "upstream_reset_before_response_"
                          "started{connection_termination}", n))
    lines.sort()
    with open(os.path.join(out, "gateway.log"), "w") as f:
        for start, dur, code, flags, detail, k in lines:
            f.write(gateway_line(start, dur, code, flags, detail, k))


SCENARIOS = {
    "crash-loop": crash_loop,
    "liveness": liveness,
    "evicted": evicted,
    "node-restart": node_restart,
    "job-failed": job_failed,
    "start-failed": start_failed,
    "in-flight": in_flight,
}


def run_scenario(prog, scenarios):
    """Runs the scenario the command line names (NAME or NAME-control)
    into its OUTDIR, for this generator and the ones that share it."""
    if len(sys.argv) != 3:
        sys.exit("usage: %s SCENARIO[-control] OUTDIR" % prog)
    name, out = sys.argv[1], sys.argv[2]
    control = name.endswith("-control")
    if control:
        name = name[:-len("-control")]
    if name not in scenarios:
        sys.exit("%s: no scenario %s (%s)" % (
            prog, name, ", ".join(sorted(scenarios))))
    os.makedirs(out, exist_ok=True)
    scenarios[name](out, control)


def reboot_events(b, node, lost, ready=True):
    """The events of node's reboot, lost at lost: Rebooted, NodeReady."""
    b.event("default", "Rebooted", node, "Node %s has been rebooted, boot "
            "id: 6f1d2c3b-8a9e-4f70-b1c2-d3e4f5a6b7c8" %
            node["metadata"]["name"], lost + timedelta(seconds=3),
            kind="Node", host=node["metadata"]["name"])
    if ready:
        b.event("default", "NodeReady", node, "Node %s status is now: "
                "NodeReady" % node["metadata"]["name"],
                lost + timedelta(seconds=4), kind="Node", etype="Normal",
                host=node["metadata"]["name"])


def main():
    run_scenario("deaths.py", SCENARIOS)


if __name__ == "__main__":
    main()
