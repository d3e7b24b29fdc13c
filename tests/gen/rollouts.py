#!/usr/bin/env python3
"""rollouts.py: writes synthetic updates of a StatefulSet and of a
DaemonSet, the rollouts that have no ReplicaSet, in the formats kubectl
writes, deterministically (no randomness, fixed times), for the
end-to-end tests (tests/e2e/rollouts.sh).  Each scenario has a healthy
control ("NAME-control") that must stay silent.

    python3 tests/gen/rollouts.py SCENARIO OUTDIR

statefulset: StatefulSet shop/web (3 replicas, RollingUpdate) is updated
  from controller revision web-5d4c3b2a1 to web-7f8e9d0c1: the
  statefulset-controller deletes web-2, waits for it to be gone, creates
  a new web-2 (the same name, a new uid, a new IP), waits for it to be
  Ready, then web-1, then web-0, 40 s apart from 14:01:40.  The pods have
  no preStop hook: each exits a second after its deletion request, while
  ingress-nginx still routes to its IP for 6 s: 502s.  Files:
  pods-watch.json (kubectl get pods -w -o json --output-watch-events),
  statefulsets.json (kubectl get statefulsets -o json), the controller's
  events in a support bundle's layout (SuccessfulDelete "delete Pod web-2
  in StatefulSet web successful", SuccessfulCreate "create Pod web-2 in
  StatefulSet web successful") and ingress.log.  The update is one
  rollout (StatefulSet web, web-5d4c3b2a1 to web-7f8e9d0c1, from web-2's
  deletion request to web-0's end), the old pods' deletions are its, the
  traffic finding names it, and each name is two pods (the new pods'
  uids sort before the old ones'; the new web-0 restarted once, and the
  bundle's previous log of web-0 is its).  Control: the
  same pods deleted and recreated under the same revision (a node
  drain's evictions), with a preStop sleep of 10 s that outlasts the lag:
  no rollout, no finding, still six pods.
statefulset-partition: the same update with partition 2 (a canary):
  only web-2 is replaced, web-1 and web-0 stay at web-5d4c3b2a1: one
  rollout, begun at web-2's deletion request and not over.  Control:
  the whole update (partition 0): over at web-0's end.
statefulset-rollback: the update, then its rollback to web-5d4c3b2a1
  from 14:05:00, web-2 first again: two rollouts, the second's deletions
  its.  Control: the update only, with web-0 (not updated yet) evicted
  and recreated under the old revision between web-2's and web-1's
  updates: one rollout, and web-0's recreation is none.
daemonset: DaemonSet shop/fluentd (one pod on each of node-a, node-b,
  node-c, RollingUpdate, maxUnavailable 1) is updated from revision
  6c9f8b7d5 (pod-template-generation 1) to 7d8e9f0a1 (2): on each node
  in turn the daemonset-controller deletes the old pod ("Deleted pod:
  fluentd-k2x7p") and, once it is gone, creates the new one on the same
  node ("Created pod: fluentd-r8m4n").  One rollout (DaemonSet fluentd),
  its three deletions its.  Control: the pods replaced under the same
  revision: no rollout.
"""
import json
import os
import sys
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from deaths import NS, Bundle, at, pod, status, term, ts, uid  # noqa: E402
from diagnoses import Watch, delete, with_prestop  # noqa: E402
from incident import nginx_line  # noqa: E402

STS_OLD = "web-5d4c3b2a1"
STS_NEW = "web-7f8e9d0c1"
DS_OLD = ("6c9f8b7d5", "1")
DS_NEW = ("7d8e9f0a1", "2")
LAG_S = 6            # ingress-nginx routes to an old pod this long
STEP_S = 40          # one pod replaced every STEP_S
FIRST_S = 100        # the first deletion request, after T0


def controlled(p, kind, name, n):
    """p owned by the StatefulSet or DaemonSet name, as the API writes."""
    p["metadata"]["ownerReferences"] = [{
        "apiVersion": "apps/v1", "kind": kind, "name": name,
        "uid": uid(0xa5, n), "controller": True,
        "blockOwnerDeletion": True}]
    return p


def sts_pod(ordinal, n, revision, ip, created, control):
    p = pod("web-%d" % ordinal, n, "web", node="node-%s" % "abc"[ordinal],
            ip=ip, created=created, image="registry.example/web:%s" % (
                "4.1" if revision == STS_OLD else "4.2"),
            owner_kind=None)
    p["metadata"]["labels"].update({
        "controller-revision-hash": revision,
        "apps.kubernetes.io/pod-index": str(ordinal),
        "statefulset.kubernetes.io/pod-name": "web-%d" % ordinal})
    p["spec"]["hostname"] = "web-%d" % ordinal
    p["spec"]["subdomain"] = "web"
    if control:
        with_prestop(p, 10)
    return controlled(p, "StatefulSet", "web", 1)


def sts_created(b, sts, ordinal, created):
    """The StatefulSet controller's event for the pod it created."""
    b.event(NS, "SuccessfulCreate", sts, "create Pod web-%d in "
            "StatefulSet web successful" % ordinal, created,
            kind="StatefulSet", etype="Normal",
            component="statefulset-controller", host="")


def write_events(b, out):
    """The events, about apps/v1 objects, when there are any."""
    for evs in b.events.values():
        for e in evs:
            e["involvedObject"]["apiVersion"] = "apps/v1"
    if b.events:
        b.write(out)


def statefulset(out, control, partition=0):
    b = Bundle()
    w = Watch()
    sts = {"metadata": {"name": "web", "uid": uid(0xa5, 1)}}
    new_rev = STS_OLD if control else STS_NEW
    olds = {}
    for o in range(3):
        p = sts_pod(o, 10 + o, STS_OLD, "10.42.7.%d" % (10 + o),
                    at(-86400), control)
        w.add(p, "ADDED")
        olds[o] = p
    routes = []         # (ip, from, to, fails from)
    for k, o in enumerate((2, 1, 0)):
        if o < partition:
            break           # below the partition: kept at the old one
        request = at(FIRST_S + STEP_S * k)
        exit_after = 11 if control else 1
        if control:
            # a node drain: the eviction API, the kubelet's reason
            q = olds[o]
            q["status"]["conditions"].append({
                "type": "DisruptionTarget", "status": "True",
                "reason": "EvictionByEvictionAPI",
                "message": "Eviction API: evicting",
                "lastTransitionTime": ts(request)})
        delete(w, olds[o], request, 30, exit_after, 0)
        routes.append(("10.42.7.%d" % (10 + o), at(0), request +
                       timedelta(seconds=LAG_S), request + timedelta(
                           seconds=exit_after)))
        if not control:
            b.event(NS, "SuccessfulDelete", sts, "delete Pod web-%d in "
                    "StatefulSet web successful" % o, request,
                    kind="StatefulSet", etype="Normal",
                    component="statefulset-controller", host="")
        created = request + timedelta(seconds=exit_after + 2)
        # the new pods' uids sort before the old ones': a name's pod is
        # not its greatest uid
        p = sts_pod(o, 1 + o, new_rev, "10.42.8.%d" % (10 + o), created,
                    control)
        w.add(p, "ADDED")
        if o == 0 and not control:
            # the new web-0's app exits 1 once, 20 s in, and restarts:
            # the bundle's previous log under the name is this pod's
            img = p["spec"]["containers"][0]["image"]
            crash = created + timedelta(seconds=20)
            q = json.loads(json.dumps(p))
            q["status"]["containerStatuses"] = [status(
                "app", img, running=crash + timedelta(seconds=1),
                restarts=1, last=term(1, "Error", created + timedelta(
                    seconds=2), crash))]
            w.add(q)
            b.log(NS, "web-0", "app", [
                "%s web 4.2 listening on :8080" % ts(created),
                "%s panic: schema version 7 not supported" % ts(crash)])
        routes.append(("10.42.8.%d" % (10 + o), created + timedelta(
            seconds=LAG_S), at(400), at(400)))
        if not control:
            sts_created(b, sts, o, created)
    write_events(b, out)
    w.write(os.path.join(out, "pods-watch.json"))
    tmpl = json.loads(json.dumps(p["spec"]))
    for key in ("nodeName", "hostname", "subdomain"):
        tmpl.pop(key, None)
    obj = {"apiVersion": "apps/v1", "kind": "StatefulSet",
           "metadata": {"name": "web", "namespace": NS,
                        "uid": uid(0xa5, 1), "generation": 1 if control
                        else 2, "resourceVersion": "8812",
                        "creationTimestamp": ts(at(-86400))},
           "spec": {"replicas": 3, "serviceName": "web",
                    "podManagementPolicy": "OrderedReady",
                    "selector": {"matchLabels": {"app": "web"}},
                    "updateStrategy": {"type": "RollingUpdate",
                                       "rollingUpdate": {
                                           "partition": partition}},
                    "template": {"metadata": {"labels": {"app": "web"}},
                                 "spec": tmpl}},
           "status": {"observedGeneration": 1 if control else 2,
                      "replicas": 3, "readyReplicas": 3,
                      "currentReplicas": 3 if not partition else
                      partition, "updatedReplicas": 3 - partition,
                      "availableReplicas": 3,
                      "currentRevision": new_rev if not partition else
                      STS_OLD,
                      "updateRevision": new_rev,
                      "collisionCount": 0}}
    with open(os.path.join(out, "statefulsets.json"), "w") as f:
        json.dump({"apiVersion": "v1", "kind": "List", "items": [obj],
                   "metadata": {"resourceVersion": ""}}, f, indent=4)
        f.write("\n")
    lines = []
    n = 0
    for sec in range(0, 260):
        t = at(sec)
        for ip, start, stop, fails in routes:
            if t < start or t >= stop:
                continue
            n += 1
            good = t < fails
            lines.append(nginx_line(n, t, 200 if good else 502,
                                    ip + ":8080", "200" if good else "502",
                                    path="/api/web", method="GET"))
    with open(os.path.join(out, "ingress.log"), "w") as f:
        f.writelines(lines)


def ds_pod(name, n, node, rev, created):
    p = pod(name, n, "fluentd", node=node, ip="10.42.9.%d" % n,
            created=created, containers=("fluentd",),
            image="registry.example/fluentd:%s" % (
                "1.16" if rev == DS_OLD else "1.17"), owner_kind=None)
    p["metadata"]["labels"].update({
        "controller-revision-hash": rev[0],
        "pod-template-generation": rev[1]})
    p["metadata"]["generateName"] = "fluentd-"
    return controlled(p, "DaemonSet", "fluentd", 2)


def daemonset(out, control):
    b = Bundle()
    w = Watch()
    ds = {"metadata": {"name": "fluentd", "uid": uid(0xa5, 2)}}
    new_rev = DS_OLD if control else DS_NEW
    old_names = ("fluentd-k2x7p", "fluentd-m5v9q", "fluentd-t3w8z")
    new_names = ("fluentd-r8m4n", "fluentd-s6b2c", "fluentd-x4d7f")
    olds = []
    for i, name in enumerate(old_names):
        p = ds_pod(name, 30 + i, "node-%s" % "abc"[i], DS_OLD, at(-86400))
        w.add(p, "ADDED")
        olds.append(p)
    for i, p in enumerate(olds):
        request = at(FIRST_S + STEP_S * i)
        delete(w, p, request, 30, 2, 0)
        created = request + timedelta(seconds=4)
        q = ds_pod(new_names[i], 40 + i, "node-%s" % "abc"[i], new_rev,
                   created)
        w.add(q, "ADDED")
        if not control:
            b.event(NS, "SuccessfulDelete", ds, "Deleted pod: %s" %
                    old_names[i], request, kind="DaemonSet",
                    etype="Normal", component="daemonset-controller",
                    host="")
            b.event(NS, "SuccessfulCreate", ds, "Created pod: %s" %
                    new_names[i], created, kind="DaemonSet",
                    etype="Normal", component="daemonset-controller",
                    host="")
    write_events(b, out)
    w.write(os.path.join(out, "pods-watch.json"))


def statefulset_rollback(out, control):
    """web updated to web-7f8e9d0c1 (web-2, web-1, web-0 from 14:01:40),
    then rolled back to web-5d4c3b2a1 (from 14:05:00); in the control,
    web-0 (not updated yet) is deleted and recreated under the old
    revision in the middle of the update, which is no rollback."""
    b = Bundle()
    w = Watch()
    sts = {"metadata": {"name": "web", "uid": uid(0xa5, 1)}}
    pods = {}
    for o in range(3):
        pods[o] = sts_pod(o, 10 + o, STS_OLD, "10.42.7.%d" % (10 + o),
                          at(-86400), False)
        w.add(pods[o], "ADDED")
    n = 20
    steps = [(STS_NEW, FIRST_S + STEP_S * k, o)
             for k, o in enumerate((2, 1, 0))]
    if control:
        # web-0 evicted between web-2's and web-1's updates: recreated
        # under the revision it had (below the update's progress)
        steps.insert(1, (STS_OLD, FIRST_S + 20, 0))
    else:
        steps += [(STS_OLD, 300 + STEP_S * k, o)
                  for k, o in enumerate((2, 1, 0))]
    for rev, t, o in steps:
        request = at(t)
        evicted = control and rev == STS_OLD
        if evicted:
            pods[o]["status"]["conditions"].append({
                "type": "DisruptionTarget", "status": "True",
                "reason": "EvictionByEvictionAPI",
                "message": "Eviction API: evicting",
                "lastTransitionTime": ts(request)})
        delete(w, pods[o], request, 30, 1, 0)
        if not evicted:
            b.event(NS, "SuccessfulDelete", sts, "delete Pod web-%d in "
                    "StatefulSet web successful" % o, request,
                    kind="StatefulSet", etype="Normal",
                    component="statefulset-controller", host="")
        created = request + timedelta(seconds=3)
        pods[o] = sts_pod(o, n, rev, "10.42.8.%d" % n, created, False)
        n += 1
        w.add(pods[o], "ADDED")
        sts_created(b, sts, o, created)
    write_events(b, out)
    w.write(os.path.join(out, "pods-watch.json"))


def statefulset_partition(out, control):
    statefulset(out, False, partition=0 if control else 2)


SCENARIOS = {
    "statefulset": statefulset,
    "statefulset-partition": statefulset_partition,
    "statefulset-rollback": statefulset_rollback,
    "daemonset": daemonset,
}


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: rollouts.py SCENARIO[-control] OUTDIR")
    name, out = sys.argv[1], sys.argv[2]
    control = name.endswith("-control")
    if control:
        name = name[:-len("-control")]
    if name not in SCENARIOS:
        sys.exit("rollouts.py: no scenario %s (%s)" % (
            name, ", ".join(sorted(SCENARIOS))))
    os.makedirs(out, exist_ok=True)
    SCENARIOS[name](out, control)


if __name__ == "__main__":
    main()
