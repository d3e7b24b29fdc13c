#!/bin/sh
# scale.sh: inputs of the sizes that once took too much memory, each
# import and read bounded in peak RSS: a watch of 100,000 pods with their
# ReplicaSets, events and attempts (the model reads them a batch at a
# time), and 3 M distinct keys of a record set (the duplicate check
# stops at its bound).  Under the sanitizers, which multiply memory,
# smaller sizes and no bound.  The slowest suite: make test-fast leaves
# it out; hostile.sh holds the other hostile inputs.
. "$(dirname "$0")/lib.inc"
. "$(dirname "$0")/trun.inc"

# Bug: the model held every pod in memory while it rebuilt (a watch of
# 1 M distinct pods peaked at 1.5 GB).  Now it reads them a batch at a
# time: a watch of 100,000 pods (with their 25,000 ReplicaSets, and an
# Evicted event for every fourth and an attempt for each) imports, and
# its pods are listed, under 100 MB (the old model took 155 MB).  Under
# the sanitizers, which multiply memory, only 12,000 pods (two batches).
# watch N: N distinct pods of Deployments, each ADDED, then deleted.
watch() {
	python3 "$top/tests/gen/watch.py" "$1"
}
# events N: an Evicted event for every fourth pod, naming it without its
# uid
events() {
	python3 -c '
import json, sys
n = int(sys.argv[1])
items = [{"apiVersion": "v1", "kind": "Event", "count": 1,
    "metadata": {"name": "k%d" % i, "namespace": "shop",
        "uid": "e-%d" % i},
    "involvedObject": {"kind": "Pod", "namespace": "shop",
        "name": "web%d-5d8f7b9c4d-p%d" % (i // 4, i),
        "fieldPath": "spec.containers{app}"},
    "reason": "Evicted",
    "message": "The node was low on resource: memory.",
    "type": "Normal", "firstTimestamp": "2026-05-12T10:00:00Z",
    "lastTimestamp": "2026-05-12T10:00:00Z",
    "source": {"component": "kubelet"}} for i in range(0, n, 4)]
print(json.dumps({"apiVersion": "v1", "kind": "EventList",
    "items": items}))
' "$1"
}
# replicasets N: the pods' ReplicaSets, of Deployments named "shop-web..."
# (only the ReplicaSet says so: its name less the hash is "web...")
replicasets() {
	python3 -c '
import json, sys
for i in range(int(sys.argv[1]) // 4):
    print(json.dumps({"type": "ADDED", "object": {"apiVersion": "apps/v1",
        "kind": "ReplicaSet", "metadata": {
            "name": "web%d-5d8f7b9c4d" % i, "namespace": "shop",
            "uid": "rs-%d" % i, "resourceVersion": "1",
            "creationTimestamp": "2026-05-12T08:59:00Z",
            "labels": {"pod-template-hash": "5d8f7b9c4d"},
            "ownerReferences": [{"kind": "Deployment",
                "name": "shop-web%d" % i, "controller": True,
                "uid": "d-%d" % i}]},
        "spec": {"replicas": 4}, "status": {"replicas": 4}}}))
' "$1"
}
# attempts N: one ingress-nginx line to each pod
attempts() {
	awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++) printf "10.20.0.7 - - [12/May/2026:09:30:00 +0000] \"GET / HTTP/1.1\" 200 5 \"-\" \"curl/8.4.0\" 80 0.001 [shop-web-80] [] 10.%d.%d.%d:80 5 0.001 200 r%d\n", int(i / 65536), int(i / 256) % 256, i % 256, i }'
}
sizes="4000 100000"
[ "$san" = 1 ] && sizes=12000
for n in $sizes; do
	watch $n >"$T/watch-$n.json"
	events $n >"$T/events-$n.json"
	attempts $n >"$T/attempts-$n.log"
	replicasets $n >"$T/rs-$n.json"
	rm -f "$T/m$n.db" "$T/m$n.db-wal" "$T/m$n.db-shm"
	trun "$CORONER" import -q --db "$T/m$n.db" "$T/watch-$n.json" \
	    "$T/events-$n.json" "$T/attempts-$n.log" "$T/rs-$n.json"
	is "watch of $n pods: exit" 0 "$status"
	is "watch of $n pods: the pods" $n \
	    "$(sqlite3 "$T/m$n.db" 'SELECT count(*) FROM pods')"
	# each fourth pod's Evicted event read, though it names no uid
	is "watch of $n pods: the Evicted events matched" $((n / 4)) \
	    "$(sqlite3 "$T/m$n.db" "SELECT count(*) FROM pods WHERE
	    ended_by = 'eviction'")"
	# each pod's Deployment found through its ReplicaSet
	is "watch of $n pods: the Deployments of their ReplicaSets" $n \
	    "$(sqlite3 "$T/m$n.db" "SELECT count(*) FROM pods WHERE
	    workload_kind = 'Deployment' AND workload LIKE 'shop-web%'")"
	is "watch of $n pods: attempts attributed" $n \
	    "$(sqlite3 "$T/m$n.db" 'SELECT count(*) FROM buckets WHERE
	    pod_uid IS NOT NULL')"
	# past 65,536 pods SQLite sums their traffic (src/buckets.c, PT_MAX)
	is "watch of $n pods: each pod's traffic" "$n|$n|$n" \
	    "$(sqlite3 "$T/m$n.db" 'SELECT count(*), sum(requests),
	    count(DISTINCT pod_uid) FROM pod_traffic')"
	is "watch of $n pods: integrity" ok \
	    "$(sqlite3 "$T/m$n.db" 'PRAGMA integrity_check')"
	under "watch of $n pods" 100000
	trun "$CORONER" pods --json --db "$T/m$n.db"
	is "pods --json of $n pods: exit" 0 "$status"
	under "pods --json of $n pods" 100000
	# the table reads the pods twice, one workload at a time
	trun "$CORONER" pods --db "$T/m$n.db"
	is "pods of $n pods: exit" 0 "$status"
	is "pods of $n pods: a line each" $((n + 1)) \
	    "$(wc -l <"$T/.out" | tr -d ' ')"
	under "pods of $n pods" 100000
done
rm -f "$T"/watch-*.json "$T"/events-*.json "$T"/attempts-*.log \
    "$T"/rs-*.json "$T"/m*.db*

# Bug: the duplicate check of a record set took up to 96 MiB (2 M keys
# imported at 101 MB RSS).  Now 48 MiB at most: 3 M distinct keys import
# under 100 MB, the check saying where it stopped, every row kept.
n=3000000
[ "$san" = 1 ] && n=100000
awk -v n=$n 'BEGIN { print "id,t"; for (i = 0; i < n; i++)
    printf "K%08d,2026-05-12T09:00:00Z\n", i }' >"$T/keys.csv"
rm -f "$T/keys.db" "$T/keys.db-wal" "$T/keys.db-shm"
trun "$CORONER" import --db "$T/keys.db" --records big --key id --time t \
    "$T/keys.csv"
is "$n distinct keys: exit" 0 "$status"
is "$n distinct keys: every row kept" $n \
    "$(sqlite3 "$T/keys.db" 'SELECT count(*) FROM records')"
if [ "$san" = 0 ]; then
	says "$n distinct keys: the check says where it stopped" \
	    "duplicate check full at"
fi
under "$n distinct keys" 100000
rm -f "$T/keys.csv" "$T"/keys.db*
finish scale
