#!/usr/bin/env python3
"""incident.py: writes a synthetic incident in the formats kubectl writes,
deterministically (no randomness, fixed times), for the end-to-end tests.

    python3 tests/gen/incident.py STORY OUTDIR
    python3 tests/gen/incident.py sample samples/grace-budget

STORY is grace-budget, records-lost, records-control, healthy, or sample
(the bundled sample incident: records-lost with the ingress-nginx log of
the same rollout, compressed with zstd as samples/grace-budget keeps it).

grace-budget (the story of samples/grace-budget): Deployment
returns/returns-api rolls from ReplicaSet returns-api-7d9f8b6c5 (revision 1)
to returns-api-5c8d7b9f4 (revision 2) at 2026-05-12T09:00:00Z.  Each old
pod's invoice-writer has a preStop "sleep 25" in a 30 s grace period and
needs 15 s to flush after SIGTERM, so it is SIGKILLed (137, Error) at the
deadline.  The third new pod gets the IP of the first old pod after that
pod is gone.

It writes OUTDIR/ingress.log (ingress-nginx's default log format: the
502s after each old pod's SIGTERM land on it; the 200s on 10.244.1.10
after 09:01:24 on the new pod that reuses its IP), OUTDIR/pods-watch.json
(kubectl get pods -w -o json --output-watch-events), OUTDIR/events.json
(kubectl get events -o json), OUTDIR/replicasets.json (a ReplicaSetList
from a support bundle, items without kind) and OUTDIR/deployments.json
(kubectl get deploy -o json).
"""
import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone

T0 = datetime(2026, 5, 12, 9, 0, 0, tzinfo=timezone.utc)
NS = "returns"
DEP = "returns-api"
OLD = ("7d9f8b6c5", 1)
NEW = ("5c8d7b9f4", 2)
OLD_SUFFIX = ["x2kq9", "b7m4p", "q9z2w", "r4t8y", "m2n6v", "k7p3s"]
NEW_SUFFIX = ["h6v2r", "t5n8c", "w3k7j", "d8f2g", "p5q9x", "z3c6b"]
GRACE = 30
HEALTHY = False     # the healthy control: a grace that fits
PRESTOP = 25


def ts(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def uid(kind, n):
    return "%08x-0000-4000-8000-%012x" % (kind, n)


def container_spec():
    return {
        "name": "invoice-writer",
        "image": "registry.example/returns-api:2.14.0",
        "lifecycle": {"preStop": {"exec": {"command":
                                           ["sh", "-c", "sleep %d" % PRESTOP]}}},
        "ports": [{"containerPort": 8080, "protocol": "TCP"}],
    }


def pod(rs, i, suffix, ip, created, rv):
    name = "%s-%s-%s" % (DEP, rs[0], suffix)
    return {
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {
            "name": name, "namespace": NS, "uid": uid(0xb0 + rs[1], i),
            "resourceVersion": str(rv), "creationTimestamp": ts(created),
            "generateName": "%s-%s-" % (DEP, rs[0]),
            "labels": {"app": DEP, "pod-template-hash": rs[0]},
            "ownerReferences": [{
                "apiVersion": "apps/v1", "kind": "ReplicaSet",
                "name": "%s-%s" % (DEP, rs[0]),
                "uid": uid(0xa0, rs[1]), "controller": True,
                "blockOwnerDeletion": True}],
        },
        "spec": {
            "nodeName": "node-%d" % (i % 2 + 1),
            "restartPolicy": "Always",
            "terminationGracePeriodSeconds": GRACE,
            "containers": [container_spec()],
        },
        "status": {"phase": "Pending", "podIP": ip,
                   "podIPs": [{"ip": ip}] if ip else [],
                   "conditions": [{"type": "PodScheduled", "status": "True",
                                   "lastTransitionTime": ts(created)}]},
    }


def running(p, started):
    p = json.loads(json.dumps(p))
    p["status"]["phase"] = "Running"
    p["status"]["startTime"] = ts(started)
    p["status"]["conditions"].append({"type": "Ready", "status": "True",
                                      "lastTransitionTime":
                                      ts(started + timedelta(seconds=3))})
    p["status"]["containerStatuses"] = [{
        "name": "invoice-writer", "ready": True, "restartCount": 0,
        "started": True, "image": "registry.example/returns-api:2.14.0",
        "state": {"running": {"startedAt": ts(started)}},
        "lastState": {}}]
    return p


def terminating(p, request):
    p = json.loads(json.dumps(p))
    p["metadata"]["deletionTimestamp"] = ts(request + timedelta(seconds=GRACE))
    p["metadata"]["deletionGracePeriodSeconds"] = GRACE
    for c in p["status"]["conditions"]:
        if c["type"] == "Ready":
            c["status"] = "False"
            c["lastTransitionTime"] = ts(request)
    p["status"]["containerStatuses"][0]["ready"] = False
    return p


def killed(p, started, at, code=137):
    p = json.loads(json.dumps(p))
    p["status"]["phase"] = "Failed" if code else "Succeeded"
    p["status"]["containerStatuses"][0]["state"] = {"terminated": {
        "exitCode": code, "reason": "Error" if code else "Completed",
        "startedAt": ts(started), "finishedAt": ts(at)}}
    return p


def replicaset_list(ns, dep, dep_uid, old, new, replicas, uid_base, t0,
                    old_days, grace, containers, rv):
    """A ReplicaSetList as a support bundle writes it (items without kind):
    the old set (hash, revision), created old_days before t0, scaled to
    0; the new one, created at t0, to replicas.  containers(rs) gives the
    pod template's containers of a set."""
    rss = []
    for rs, n in ((old, 0), (new, replicas)):
        rss.append({
            "metadata": {
                "name": "%s-%s" % (dep, rs[0]), "namespace": ns,
                "uid": uid(uid_base, rs[1]),
                "creationTimestamp": ts(t0 - timedelta(days=old_days)
                                        if rs is old else t0),
                "labels": {"app": dep, "pod-template-hash": rs[0]},
                "annotations": {"deployment.kubernetes.io/revision":
                                str(rs[1])},
                "ownerReferences": [{"apiVersion": "apps/v1",
                                     "kind": "Deployment", "name": dep,
                                     "uid": dep_uid, "controller": True}]},
            "spec": {"replicas": n,
                     "selector": {"matchLabels": {"app": dep}},
                     "template": {"spec": {
                         "terminationGracePeriodSeconds": grace,
                         "containers": containers(rs)}}},
            "status": {"replicas": n, "readyReplicas": n}})
    return {"kind": "ReplicaSetList", "apiVersion": "apps/v1",
            "metadata": {"resourceVersion": rv}, "items": rss}


def event(n, reason, obj, msg, at, kind="Pod", component="kubelet",
          field_path=None, count=1, etype="Normal"):
    io = {"kind": kind, "namespace": NS, "name": obj["name"],
          "uid": obj["uid"]}
    if field_path:
        io["fieldPath"] = field_path
    return {
        "apiVersion": "v1", "kind": "Event",
        "metadata": {"name": "%s.%016x" % (obj["name"], n), "namespace": NS,
                     "uid": uid(0xe0, n), "creationTimestamp": ts(at)},
        "involvedObject": io, "reason": reason, "message": msg,
        "source": {"component": component}, "firstTimestamp": ts(at),
        "lastTimestamp": ts(at), "count": count, "type": etype,
        "eventTime": None, "reportingComponent": "", "reportingInstance": "",
    }


def grace_budget(out, npods=3):
    watch, events = [], []
    rv = 1000
    olds, news = [], []
    dep = {"name": DEP, "uid": uid(0xd0, 1)}
    # old pods run since 08:00
    for i, s in enumerate(OLD_SUFFIX[:npods]):
        created = T0 - timedelta(hours=1)
        p = pod(OLD, i, s, "10.244.1.%d" % (10 + i), created, rv)
        rv += 1
        olds.append(running(p, created + timedelta(seconds=2)))
        watch.append(("ADDED", olds[-1]))
    n = 1
    for i, s in enumerate(NEW_SUFFIX[:npods]):
        at = T0 + timedelta(seconds=40 * i)
        ip = "10.244.1.10" if i == 2 else "10.244.2.%d" % (20 + i)
        events.append(event(n, "ScalingReplicaSet", dep,
                            "Scaled up replica set %s-%s to %d" %
                            (DEP, NEW[0], i + 1) if i == 0 else
                            "Scaled up replica set %s-%s from %d to %d" %
                            (DEP, NEW[0], i, i + 1), at,
                            kind="Deployment",
                            component="deployment-controller"))
        n += 1
        p = pod(NEW, i, s, ip, at + timedelta(seconds=1), rv)
        rv += 1
        watch.append(("ADDED", p))
        r = running(p, at + timedelta(seconds=4))
        r["metadata"]["resourceVersion"] = str(rv)
        rv += 1
        watch.append(("MODIFIED", r))
        news.append(r)
        # the old pod i goes when the new one is ready
        request = at + timedelta(seconds=10)
        events.append(event(n, "ScalingReplicaSet", dep,
                            "Scaled down replica set %s-%s to %d" %
                            (DEP, OLD[0], npods - 1 - i) if i == 0 else
                            "Scaled down replica set %s-%s from %d to %d" %
                            (DEP, OLD[0], npods - i, npods - 1 - i),
                            request,
                            kind="Deployment",
                            component="deployment-controller"))
        n += 1
        o = olds[i]
        events.append(event(n, "Killing", o["metadata"],
                            "Stopping container invoice-writer", request,
                            field_path="spec.containers{invoice-writer}"))
        n += 1
        t = terminating(o, request)
        t["metadata"]["resourceVersion"] = str(rv)
        rv += 1
        watch.append(("MODIFIED", t))
        started = T0 - timedelta(hours=1) + timedelta(seconds=2)
        if HEALTHY:
            # flushed in 5 s after SIGTERM, well inside the grace
            k = killed(t, started, request + timedelta(
                seconds=PRESTOP + 5), code=0)
        else:
            k = killed(t, started, request + timedelta(seconds=GRACE))
        k["metadata"]["resourceVersion"] = str(rv)
        rv += 1
        watch.append(("MODIFIED", k))
        k = json.loads(json.dumps(k))
        k["metadata"]["resourceVersion"] = str(rv)
        rv += 1
        watch.append(("DELETED", k))
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
        json.dump(replicaset_list(NS, DEP, dep["uid"], OLD, NEW, npods, 0xa0,
                                  T0, 3, GRACE,
                                  lambda rs: [container_spec()], "5000"),
                  f, indent=2)
        f.write("\n")
    with open(os.path.join(out, "deployments.json"), "w") as f:
        json.dump({"apiVersion": "v1", "kind": "List", "items": [{
            "apiVersion": "apps/v1", "kind": "Deployment",
            "metadata": {"name": DEP, "namespace": NS, "uid": dep["uid"],
                         "creationTimestamp": ts(T0 - timedelta(days=30)),
                         "annotations": {
                             "deployment.kubernetes.io/revision": "2"}},
            "spec": {"replicas": 3, "strategy": {"type": "RollingUpdate"},
                     "selector": {"matchLabels": {"app": DEP}},
                     "template": {"spec": {
                         "terminationGracePeriodSeconds": GRACE,
                         "containers": [container_spec()]}}},
            "status": {"replicas": 3, "readyReplicas": 3}}]}, f, indent=4)
        f.write("\n")


MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep",
          "Oct", "Nov", "Dec"]


def time_local(t):
    return "%02d/%s/%04d:%02d:%02d:%02d +0000" % (
        t.day, MONTHS[t.month - 1], t.year, t.hour, t.minute, t.second)


def nginx_line(n, end, status, upstream, up_status, req_time=0.012,
               path="/api/returns", method="POST"):
    """One line in ingress-nginx's default log-format-upstream."""
    return ('10.0.0.%d - - [%s] "%s %s HTTP/1.1" %d %d "-" '
            '"returns-client/1.4" 412 %.3f [%s-%s-8080] [] %s %s %.3f %s '
            '%032x\n' % (
                n % 200 + 1, time_local(end), method, path, status,
                0 if status >= 500 else 118, req_time, NS, DEP, upstream,
                "0" if status >= 500 else "118", req_time, up_status,
                0x5eed0000 + n))


def grace_budget_access(out):
    """ingress.log: steady POSTs to the pods that are Ready, and after
    each old pod's SIGTERM (deletion + 25 s) a few 502s still routed to
    it (the load balancer has not caught up); later the new pod that
    reuses 10.244.1.10 answers 200 on that IP."""
    lines = []
    n = 0
    olds = ["10.244.1.10", "10.244.1.11", "10.244.1.12"]
    news = ["10.244.2.20", "10.244.2.21", "10.244.1.10"]
    start = T0 - timedelta(seconds=60)
    for s in range(0, 240):
        t = start + timedelta(seconds=s)
        live = []
        for i in range(3):
            request = T0 + timedelta(seconds=40 * i + 10)
            if t < request + timedelta(seconds=PRESTOP):
                live.append(olds[i])
            if t >= T0 + timedelta(seconds=40 * i + 7):
                live.append(news[i])
        for k, ip in enumerate(live):
            n += 1
            lines.append((t + timedelta(milliseconds=100 * k),
                          nginx_line(n, t, 200, ip + ":8080", "200")))
        for i in range(3):
            sigterm = T0 + timedelta(seconds=40 * i + 10 + PRESTOP)
            if sigterm < t <= sigterm + timedelta(seconds=4):
                n += 1
                lines.append((t + timedelta(milliseconds=500),
                              nginx_line(n, t, 502, olds[i] + ":8080",
                                         "502", req_time=0.001)))
    lines.sort(key=lambda x: x[0])
    with open(os.path.join(out, "ingress.log"), "w") as f:
        for _, line in lines:
            f.write(line)


def write_records(out, missing):
    """courier.csv: the courier's manifest of 20,000 parcels scanned from
    08:00 to 13:33 (one every second); ours.ndjson: the service's own
    records, without the keys in missing."""
    start = T0 - timedelta(hours=1)
    with open(os.path.join(out, "courier.csv"), "w") as c, \
            open(os.path.join(out, "ours.ndjson"), "w") as o:
        c.write("parcel_id,scanned_at,depot\r\n")
        for i in range(20000):
            t = start + timedelta(seconds=i)
            key = "RT%07d" % i
            c.write("%s,%s,\"Depot %d, Bay %d\"\r\n" % (
                key, t.strftime("%Y-%m-%d %H:%M:%S.000+00:00"), i % 7,
                i % 3))
            if i in missing:
                continue
            o.write(json.dumps({"return": {"id": key},
                                "accepted_at": ts(t + timedelta(
                                    milliseconds=300)),
                                "status": "stored"}) + "\n")


def records_lost(out):
    """the grace-budget story (samples/grace-budget) in the records: six
    old pods SIGKILLed at the grace deadline; the 10 records each accepted
    in its last 10 seconds (after SIGTERM, before SIGKILL) are lost, and 3
    more elsewhere."""
    grace_budget(out, npods=6)
    start = T0 - timedelta(hours=1)
    missing = set()
    for i in range(6):
        request = T0 + timedelta(seconds=40 * i + 10)
        for k in range(10):
            t = request + timedelta(seconds=20 + k)
            missing.add(int((t - start).total_seconds()))
    for t in (1000, 9000, 17000):
        missing.add(t)
    write_records(out, missing)


def records_lost_access(out):
    """ingress-nginx.log: the controller's log of the six-pod rollout of
    records_lost.  It routes to each old pod until the pod is killed at
    its grace deadline, and the pod answers 200 to the end: the courier's
    POSTs of the pod's last ten seconds (deletion + 20 s to + 30 s) go to
    it, are answered, and their records are the ones lost.  A status
    lookup a second goes to every routed pod; the new pods take traffic
    once ready (the third reuses 10.244.1.10, the first old pod's IP)."""
    olds = ["10.244.1.%d" % (10 + i) for i in range(6)]
    news = ["10.244.1.10" if i == 2 else "10.244.2.%d" % (20 + i)
            for i in range(6)]
    records_start = T0 - timedelta(hours=1)
    lines = []
    n = 0
    for s in range(-120, 360):
        t = T0 + timedelta(seconds=s)
        routed, last = [], None
        for i in range(6):
            deletion = T0 + timedelta(seconds=40 * i + 10)
            if t < deletion + timedelta(seconds=GRACE):
                routed.append(olds[i])
                if t >= deletion + timedelta(seconds=20):
                    last = olds[i]
            if t >= T0 + timedelta(seconds=40 * i + 8):
                routed.append(news[i])
        key = int((t - records_start).total_seconds())
        ip = last or routed[key % len(routed)]
        n += 1
        lines.append((t, 0, nginx_line(
            n, t, 200, ip + ":8080", "200", req_time=0.018 + n % 7 * 0.002,
            path="/api/returns?parcel_id=RT%07d" % key)))
        for k, ip in enumerate(routed):
            n += 1
            lines.append((t, 1 + k, nginx_line(
                n, t, 200, ip + ":8080", "200", req_time=0.004 + k * 0.001,
                path="/api/returns/RT%07d" % (key - 60 - k), method="GET")))
    lines.sort(key=lambda x: (x[0], x[1]))
    with open(os.path.join(out, "ingress-nginx.log"), "w") as f:
        for _, _, line in lines:
            f.write(line)


def zstd_all(out):
    """Compresses every file of out with zstd -19 (deterministic: no name
    or time is stored), as the sample keeps them."""
    for name in sorted(os.listdir(out)):
        path = os.path.join(out, name)
        if os.path.isfile(path) and not name.endswith(".zst"):
            subprocess.run(["zstd", "-q", "-19", "-f", "--rm", path],
                           check=True)


def sample(out):
    """samples/grace-budget: records_lost, the controller's log of the
    same rollout, every file compressed with zstd."""
    records_lost(out)
    records_lost_access(out)
    zstd_all(out)


def records_control(out):
    """The same rollout, but 63 records missing evenly over the day."""
    grace_budget(out, npods=6)
    write_records(out, set(137 + i * 317 for i in range(63)))


def healthy(out):
    """The healthy control of story 1: the same rollout with a grace of
    45 s, so every old pod flushes and exits 0 five seconds after SIGTERM;
    a few 500s spread evenly over the day in the ingress log; and three
    clerical gaps in the records, far from any termination."""
    global GRACE, HEALTHY
    GRACE, HEALTHY = 45, True
    grace_budget(out, npods=6)
    write_records(out, {1000, 9000, 17000})
    with open(os.path.join(out, "ingress.log"), "w") as f:
        for n in range(360):
            end = T0 - timedelta(hours=1) + timedelta(seconds=60 * n)
            ip = "10.244.2.%d" % (20 + n % 3)
            status = 500 if n % 60 == 30 else 200
            f.write(nginx_line(n, end, status, ip + ":8080", str(status)))


STORIES = {"healthy": healthy,
           "grace-budget": lambda out: (grace_budget(out),
                                        grace_budget_access(out)),
           "records-lost": records_lost,
           "sample": sample,
           "records-control": records_control}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in STORIES:
        sys.exit("usage: incident.py %s OUTDIR" % "|".join(STORIES))
    os.makedirs(sys.argv[2], exist_ok=True)
    STORIES[sys.argv[1]](sys.argv[2])
