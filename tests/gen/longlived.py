#!/usr/bin/env python3
"""longlived.py: writes a synthetic incident in which one pod has been
alive for five days before it, deterministically (fixed times, no
randomness), as a troubleshoot.sh support bundle (cluster-resources/
pods/shop.json, cluster-resources/events/shop.json, cluster-resources/
pods/logs/shop/POD/C.log), for the TUI's and `coroner timeline`'s tests
of the death view on long lives (tests/e2e/tui.sh).

    python3 tests/gen/longlived.py SCENARIO OUTDIR

Scenarios:

longlived: at T0 (2026-07-28 00:53:20) the rollout of shop/web deletes
  its two pods, 20 s apart.  shop/cache-5d8f7c6b9-q7x2m, created five
  days before T0 and never deleted nor restarted, was started then
  (Scheduled, Pulled, Started), warned once two hours before T0 (a
  BackOff pulling a sidecar image it did not need), failed its
  readiness probe three times from T0 + 12 s to T0 + 32 s and logged a
  line at T0 + 15 s: its first moment inside the incident is the
  Unhealthy event at T0 + 12 s, five days after its creation.
longlived-control: the same pods, the cache's probe passing (no
  Unhealthy event, no log line in the incident): nothing of it lies in
  the incident, its last moment the BackOff two hours before it.
"""
import json
import os
import sys
from datetime import datetime, timedelta, timezone

T0 = datetime(2026, 7, 28, 0, 53, 20, tzinfo=timezone.utc)
NS = "shop"
DAY = 86400


def ts(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def tsf(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (
        t.microsecond // 1000)


def at(s):
    return T0 + timedelta(seconds=s)


def uid(kind, n):
    return "%08x-0000-4000-8000-%012x" % (kind, n)


def pod(name, n, workload, rs_hash, ip, created, deleted=None):
    """A Pod as the API server writes it: Running and Ready, or
    Terminating since deleted (its deletion request)."""
    img = "registry.example/%s:2.4.1" % workload
    meta = {"name": name, "namespace": NS, "uid": uid(0xb0, n),
            "resourceVersion": str(1000 + n),
            "creationTimestamp": ts(created),
            "generateName": "%s-%s-" % (workload, rs_hash),
            "labels": {"app": workload, "pod-template-hash": rs_hash},
            "ownerReferences": [{
                "apiVersion": "apps/v1", "kind": "ReplicaSet",
                "name": "%s-%s" % (workload, rs_hash),
                "uid": uid(0xa0, n), "controller": True,
                "blockOwnerDeletion": True}]}
    if deleted is not None:
        meta["deletionTimestamp"] = ts(deleted + timedelta(seconds=30))
        meta["deletionGracePeriodSeconds"] = 30
    return {
        "apiVersion": "v1", "kind": "Pod", "metadata": meta,
        "spec": {"nodeName": "node-a", "restartPolicy": "Always",
                 "terminationGracePeriodSeconds": 30,
                 "containers": [{"name": "app", "image": img}]},
        "status": {
            "phase": "Running", "podIP": ip, "hostIP": "192.168.7.11",
            "startTime": ts(created + timedelta(seconds=1)),
            "conditions": [
                {"type": "PodScheduled", "status": "True",
                 "lastTransitionTime": ts(created)},
                {"type": "Ready", "status": "True",
                 "lastTransitionTime": ts(created + timedelta(seconds=4))}],
            "containerStatuses": [{
                "name": "app", "image": img,
                "imageID": img + "@sha256:" + "%064x" % n,
                "restartCount": 0, "started": True, "ready": True,
                "state": {"running": {"startedAt": ts(
                    created + timedelta(seconds=2))}}}]}}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("longlived",
                                                 "longlived-control"):
        sys.exit("usage: longlived.py longlived|longlived-control OUTDIR")
    control = sys.argv[1].endswith("-control")
    out = sys.argv[2]
    born = at(-5 * DAY)
    cache = pod("cache-5d8f7c6b9-q7x2m", 1, "cache", "5d8f7c6b9",
                "10.42.0.31", born)
    pods = [cache,
            pod("web-6b7c8d9e0-a1b2c", 2, "web", "6b7c8d9e0",
                "10.42.0.41", at(-3 * 3600), deleted=at(0)),
            pod("web-6b7c8d9e0-d3e4f", 3, "web", "6b7c8d9e0",
                "10.42.0.42", at(-3 * 3600), deleted=at(20))]
    events = []

    def event(obj, reason, msg, first, last=None, count=1, etype="Normal"):
        n = len(events) + 1
        events.append({
            "metadata": {"name": "%s.%016x" % (obj["metadata"]["name"],
                                               0x1800000 + n),
                         "namespace": NS, "uid": uid(0xe0, n),
                         "resourceVersion": str(7000 + n),
                         "creationTimestamp": ts(first)},
            "involvedObject": {"kind": "Pod", "namespace": NS,
                               "name": obj["metadata"]["name"],
                               "uid": obj["metadata"]["uid"],
                               "apiVersion": "v1",
                               "fieldPath": "spec.containers{app}"},
            "reason": reason, "message": msg,
            "source": {"component": "kubelet", "host": "node-a"},
            "firstTimestamp": ts(first),
            "lastTimestamp": ts(last if last is not None else first),
            "count": count, "type": etype})

    event(cache, "Scheduled", "Successfully assigned shop/%s to node-a" %
          cache["metadata"]["name"], born)
    event(cache, "Pulled", 'Container image "registry.example/cache:2.4.1" '
          "already present on machine", born + timedelta(seconds=1))
    event(cache, "Started", "Started container app",
          born + timedelta(seconds=2))
    event(cache, "BackOff", 'Back-off pulling image "registry.example/'
          'cache-warmer:0.3"', at(-2 * 3600), etype="Warning")
    log = ["%s INFO cache warmed, 48213 keys" % tsf(born +
                                                    timedelta(seconds=3))]
    if not control:
        event(cache, "Unhealthy", "Readiness probe failed: HTTP probe "
              "failed with statuscode: 503", at(12), at(32), count=3,
              etype="Warning")
        log.append("%s WARN upstream web-6b7c8d9e0-a1b2c gone, "
                   "evicting its sessions" % tsf(at(15)))
    for w in pods[1:]:
        event(w, "Killing", "Stopping container app",
              datetime.strptime(w["metadata"]["deletionTimestamp"],
                                "%Y-%m-%dT%H:%M:%SZ").replace(
                  tzinfo=timezone.utc) - timedelta(seconds=30))
    top = os.path.join(out, "cluster-resources")
    for sub, kind, items in (("pods", "PodList", pods),
                             ("events", "EventList", events)):
        os.makedirs(os.path.join(top, sub), exist_ok=True)
        with open(os.path.join(top, sub, NS + ".json"), "w") as f:
            json.dump({"kind": kind, "apiVersion": "v1",
                       "metadata": {"resourceVersion": "9000"},
                       "items": items}, f, indent=2)
            f.write("\n")
    d = os.path.join(top, "pods", "logs", NS, cache["metadata"]["name"])
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "app.log"), "w") as f:
        for line in log:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
