#!/usr/bin/env python3
"""watch.py: writes a pod watch stream of N distinct pods (kubectl get pods
-w -o json --output-watch-events), deterministically, for the tests of
size (tests/e2e/scale.sh, tests/e2e/tui.sh).

    python3 tests/gen/watch.py N [spread]

Pod i of namespace shop belongs to ReplicaSet web(i/4)-5d8f7b9c4d, runs
on node-(i % 50) with IP 10.x.y.z from i, is ADDED, then DELETED with a
grace of 30 s: all at 10:00:00 UTC, or with "spread" one a second from
10:00:00 on (pod i at 10:00:00 + i s, modulo an hour), so that their
deaths have an order.
"""
import json
import sys


def main():
    n = int(sys.argv[1])
    spread = len(sys.argv) > 2 and sys.argv[2] == "spread"
    for i in range(n):
        rs = "web%d-5d8f7b9c4d" % (i // 4)
        pod = {"apiVersion": "v1", "kind": "Pod", "metadata": {
            "name": "%s-p%d" % (rs, i), "namespace": "shop",
            "uid": "u-%08d" % i, "resourceVersion": str(2 * i + 1),
            "creationTimestamp": "2026-05-12T09:00:00Z",
            "labels": {"pod-template-hash": "5d8f7b9c4d"},
            "ownerReferences": [{"kind": "ReplicaSet", "name": rs,
                                 "controller": True,
                                 "uid": "rs-%d" % (i // 4)}]},
            "spec": {"nodeName": "node-%d" % (i % 50),
                     "terminationGracePeriodSeconds": 30,
                     "containers": [{"name": "app", "image": "web:1"}]},
            "status": {"phase": "Running", "podIP": "10.%d.%d.%d" % (
                i >> 16, (i >> 8) & 255, i & 255),
                "startTime": "2026-05-12T09:00:01Z",
                "containerStatuses": [{"name": "app", "ready": True,
                                       "restartCount": 0, "image": "web:1",
                                       "state": {"running": {
                                           "startedAt":
                                           "2026-05-12T09:00:02Z"}}}]}}
        print(json.dumps({"type": "ADDED", "object": pod}))
        pod["metadata"]["resourceVersion"] = str(2 * i + 2)
        pod["metadata"]["deletionTimestamp"] = (
            "2026-05-12T10:%02d:%02dZ" % (i // 60 % 60, i % 60) if spread
            else "2026-05-12T10:00:00Z")
        pod["metadata"]["deletionGracePeriodSeconds"] = 30
        print(json.dumps({"type": "DELETED", "object": pod}))


if __name__ == "__main__":
    main()
