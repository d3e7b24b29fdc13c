#!/bin/sh
# late.sh: incidents collected a week later (tests/gen/late.py), end to end:
# only what log backends and deploy tools kept.  Each story is imported
# and analyzed, and its findings, their evidence (the observed times and
# actors) and the pods' deletion fields (pods --json) are checked; each
# has a control that must stay silent.
#   week-later: a GKE export (audit, events, container logs), the GCLB's
#     log, a Helm history and two record sets, no pod object: the grace
#     budget story, its deletions observed in the audit log
#   no-status: week-later without the kubelet's status patches: how the
#     containers ended is unknown, and the findings say so (its control:
#     week-later)
#   drain: a drain in a rotated audit log, a budget refusing one pod's
#     evictions for 3 minutes (the control: 20 s)
#   endpoints-lb / endpoints-controller: a stamped EndpointSlice watch,
#     the controller fast and the load balancer slow, then the controller
#     slow itself
#   grace-override: kubectl delete --grace-period=1 on a pod whose spec
#     gives 60 s (the control: no override)
#   helm-rollback: revision 14 answers 500s and is rolled back by 15
#   eks-logs: an EKS audit export and Container Insights' container logs
#     (filter-log-events of the application log group), apart and joined
#     into one file: each detected as its own, the lines in the pod's
#     timeline, its escapes never reaching the terminal
. "$(dirname "$0")/lib.inc"

story() {
	python3 "$top/tests/gen/late.py" "$1" "$T/$1" || exit 1
}

# findings DB: the analysis as JSON into $T/DB.json; exit status checked.
analyze() {
	"$CORONER" analyze --db "$T/$1.db" --json $2 >"$T/$1.json" \
	    2>"$T/$1.err"
	is "$1-analyze-exit" 0 $?
}

# kinds JSON: the kinds found, sorted, one line.
kinds() {
	jq -r '[.findings[].kind] | sort | join(" ")' "$T/$1.json"
}

# ev JSON KIND FILTER: a jq filter over the evidence of the first finding
# of that kind.
ev() {
	jq -r "[.findings[] | select(.kind == \"$2\")][0].evidence | $3" \
	    "$T/$1.json"
}

# pod DB NAME FILTER: a jq filter over one pod of pods --json.
pod() {
	"$CORONER" pods --db "$T/$1.db" --json |
	    jq -r "select(.name == \"$2\") | $3"
}

# --- week-later: nothing but what the log backends kept -------------
for s in week-later week-later-control; do
	story "$s"
	d=$T/$s
	"$CORONER" import -q --db "$d.db" "$d/gke-export.json" "$d/lb.json"
	is "$s-import" 0 $?
	"$CORONER" import -q --db "$d.db" --release labels/label-printer \
	    "$d/helm-history.json"
	is "$s-import-helm" 0 $?
	"$CORONER" import -q --db "$d.db" --records courier --key label_id \
	    --time scanned_at "$d/courier.csv"
	"$CORONER" import -q --db "$d.db" --records ours --key label.id \
	    --time stored_at "$d/ours.ndjson"
	analyze "$s" "--reconcile courier:ours"
done
W=week-later
P=label-printer-6b7c8d9f5-k2m4p
is wl-kinds "grace-budget-too-small records-lost-at-termination \
sigkill-at-grace-deadline" "$(kinds $W)"
is wl-killed 4 "$(ev $W sigkill-at-grace-deadline .killed)"
is wl-deleted-by "system:serviceaccount:kube-system:replicaset-controller=4" \
    "$(ev $W sigkill-at-grace-deadline \
    '.deleted_by | to_entries[] | "\(.key)=\(.value)"')"
is wl-summary-names-deleter 1 "$(jq '[.findings[] | select(.kind ==
    "sigkill-at-grace-deadline") | .summary |
    test("deleted by system:serviceaccount:kube-system:replicaset-controller")
    ] | map(select(.)) | length' "$T/$W.json")"
is wl-lost 40 "$(ev $W records-lost-at-termination .in_windows)"
# the deletion request is the audit log's, to the millisecond
is wl-deletion "2026-09-14T10:00:12.000Z" "$(pod $W $P .deletion)"
is wl-basis audit "$(pod $W $P .deletion_basis)"
is wl-by "system:serviceaccount:kube-system:replicaset-controller" \
    "$(pod $W $P .deletion_by)"
is wl-via delete "$(pod $W $P .deletion_via)"
is wl-cause rollout "$(pod $W $P .deletion_cause)"
is wl-gone "2026-09-14T10:00:43.050Z" "$(pod $W $P .gone)"
is wl-exit 137 "$(pod $W $P '.containers[0].exit_code')"
is wl-killed-flag true "$(pod $W $P '.containers[0].killed_at_deadline')"
# the rollout is Helm's revision 42, patched by the CI's account
is wl-rollout "helm|42|ci-deployer@shop-prod.iam.gserviceaccount.com" \
    "$(sqlite3 "$T/$W.db" "SELECT tool, deploy_revision, deployed_by FROM
    rollouts WHERE new_rs = 'label-printer-8f9a7b6c4'")"
is wl-deploy-joined "label-printer-8f9a7b6c4" "$(sqlite3 "$T/$W.db" \
    "SELECT new_rs FROM deploys WHERE revision = '42'")"
is wl-control-none "" "$(kinds week-later-control)"
is wl-control-basis audit "$(pod week-later-control $P .deletion_basis)"

# --- no-status: the same, the kubelet's status patches not logged -----
# How the containers ended is unknown: said so (exits-unknown), shown as
# unknown, and no SIGKILL or grace finding is guessed; the records lost
# in the pods' windows are still found (the deletions and ends are
# known).  week-later above, with the patches, is its control.
story no-status
d=$T/no-status
"$CORONER" import -q --db "$d.db" "$d/gke-export.json" "$d/lb.json"
is ns-import 0 $?
"$CORONER" import -q --db "$d.db" --records courier --key label_id \
    --time scanned_at "$d/courier.csv"
"$CORONER" import -q --db "$d.db" --records ours --key label.id \
    --time stored_at "$d/ours.ndjson"
analyze no-status "--reconcile courier:ours"
is ns-kinds "exits-unknown records-lost-at-termination" "$(kinds no-status)"
is ns-containers 4 "$(ev no-status exits-unknown .containers)"
is ns-detail "$P printer 2026-09-14T10:00:43.050Z" "$(ev no-status \
    exits-unknown '.pods_detail[0] | "\(.pod) \(.containers) \(.gone)"')"
is ns-deleted-by 1 "$(jq '[.findings[] | select(.kind == "exits-unknown") |
    .summary | test("is unknown.*deleted by system:serviceaccount")] |
    map(select(.)) | length' "$T/no-status.json")"
is ns-exit null "$(pod no-status $P '.containers[0].exit_code')"
ok ns-pods-unknown sh -c "'$CORONER' pods --db '$d.db' |
    grep -q '^labels/$P .* printer exit unknown\$'"
ok ns-timeline-unknown sh -c "'$CORONER' timeline --db '$d.db' $P |
    grep -q 'printer exit unknown: it ended by the time the pod'"
is wl-no-exits-unknown "" "$(jq -r '.findings[] | select(.kind ==
    "exits-unknown") | .kind' "$T/$W.json")"

# --- drain: evictions a budget refused --------------------------------
for s in drain drain-control; do
	story "$s"
	d=$T/$s
	"$CORONER" import -q --db "$d.db" "$d/audit.log" \
	    "$d/audit-2026-09-15T07-01-30.log.gz" "$d/pods.json" \
	    "$d/nodes-watch.json"
	is "$s-import" 0 $?
	analyze "$s"
done
is drain-kinds "eviction-blocked" "$(kinds drain)"
is drain-attempts 36 "$(ev drain eviction-blocked .attempts)"
is drain-first "2026-09-15T07:00:02.000Z" "$(ev drain eviction-blocked .first)"
is drain-last "2026-09-15T07:02:57.000Z" "$(ev drain eviction-blocked .last)"
is drain-evicted "2026-09-15T07:03:02.000Z" \
    "$(ev drain eviction-blocked .then_evicted)"
is drain-by "alice@example.com" \
    "$(ev drain eviction-blocked '.requested_by | keys[0]')"
is drain-via eviction "$(pod drain cart-7d8e9f0a1-q4r8t .deletion_via)"
is drain-cause eviction "$(pod drain cart-7d8e9f0a1-q4r8t .deletion_cause)"
is drain-cordon "cordon" "$(sqlite3 "$T/drain.db" "SELECT state FROM
    node_states WHERE node = 'gke-prod-eu-pool-1-n2' AND state = 'cordon'")"
is drain-control-none "" "$(kinds drain-control)"

# --- endpoints: whose lag is it --------------------------------------
for s in endpoints-lb endpoints-controller; do
	story "$s"
	d=$T/$s
	"$CORONER" import -q --db "$d.db" "$d/pods-watch.json" \
	    "$d/endpointslices-watch.json" "$d/ingress.log"
	is "$s-import" 0 $?
	analyze "$s"
	is "$s-kinds" "traffic-after-shutdown" "$(kinds $s)"
	# the last request began 10.988 s after the deletion request
	is "$s-lag" 11 "$(ev $s traffic-after-shutdown .lag_s)"
done
is lb-endpoint-lag 0.4 "$(ev endpoints-lb traffic-after-shutdown \
    .endpoint_lag_s)"
is controller-endpoint-lag 11 "$(ev endpoints-controller \
    traffic-after-shutdown .endpoint_lag_s)"
is lb-endpoint-terminating "2026-09-16T09:00:10.400Z" \
    "$(pod endpoints-lb web-6f7c9d8b5-c4x8k .endpoint_terminating)"
is lb-endpoint-gone "2026-09-16T09:00:12.000Z" \
    "$(pod endpoints-lb web-6f7c9d8b5-c4x8k .endpoint_gone)"

# --- grace-override: the request's grace, not the budget's -----------
for s in grace-override grace-override-control; do
	story "$s"
	d=$T/$s
	"$CORONER" import -q --db "$d.db" "$d/pods-watch.json" \
	    "$d/audit.log"
	is "$s-import" 0 $?
	analyze "$s"
done
G=grace-override
is go-kinds "grace-overridden" "$(kinds $G)"
is go-severity critical "$(jq -r '.findings[0].severity' "$T/$G.json")"
is go-requested 1 "$(ev $G grace-overridden .requested_grace_s)"
is go-spec 60 "$(ev $G grace-overridden .spec_grace_s)"
is go-killed 1 "$(ev $G grace-overridden .killed)"
is go-by "bob@example.com" "$(ev $G grace-overridden '.deleted_by | keys[0]')"
is go-pod-cause manual "$(pod $G ledger-5f6a7b8c9-a1b2c .deletion_cause)"
is go-pod-grace "1|60" "$(pod $G ledger-5f6a7b8c9-a1b2c \
    '"\(.grace_s)|\(.spec_grace_s)"')"
is go-control-none "" "$(kinds grace-override-control)"

# --- helm-rollback: the release that shipped the bug -----------------
story helm-rollback
d=$T/helm-rollback
"$CORONER" import -q --db "$d.db" "$d/pods-watch.json" "$d/replicasets.json" \
    "$d/events.json" "$d/ingress.log"
is helm-import 0 $?
"$CORONER" import -q --db "$d.db" --release shop/quote "$d/helm-history.json"
is helm-import-history 0 $?
analyze helm-rollback
is helm-kinds "5xx-burst" "$(kinds helm-rollback)"
is helm-revision 14 "$(ev helm-rollback 5xx-burst .nearest_rollout.revision)"
is helm-tool helm "$(ev helm-rollback 5xx-burst .nearest_rollout.tool)"
is helm-new-rs quote-8c9b7a6d5 \
    "$(ev helm-rollback 5xx-burst .nearest_rollout.new_rs)"

# --- eks-logs: the audit export and the containers' lines in CloudWatch
d=$T/eks-logs
mkdir -p "$d"
cp "$top/tests/importers/k8s-audit/eks-filter-log-events/input.json" \
    "$d/audit.json"
python3 - "$d" <<'PY' || exit 1
import json, sys
d = sys.argv[1]
base = 1778578200000	# 2026-05-12T09:30:00Z; the delete is at 00.250
pod, ns = "cart-7d9f8b6c5-x2kq9", "shop"
def ev(i, off, c, st, log):
	cid = ("%x" % (i + 10)) * 64
	rec = {"log": log + "\n", "stream": st,
	    "time": "2026-05-12T09:30:%06.3fZ" % (off / 1000),
	    "kubernetes": {"pod_name": pod, "namespace_name": ns,
	    "container_name": c, "pod_id": "5f1c2a3b", "host": "node-1"}}
	return {"logStreamName": "node-1-application.var.log.containers."
	    "%s_%s_%s-%s.log" % (pod, ns, c, cid[:64]),
	    "timestamp": base + off + 700,
	    "message": json.dumps(rec), "ingestionTime": base + off + 900,
	    "eventId": "%056d" % i}
events = [ev(0, 1000, "cart", "stdout", "GET /cart 200 12ms"),
    ev(1, 5300, "cart", "stderr", "received SIGTERM, draining"),
    ev(2, 6000, "istio-proxy", "stderr", "Envoy proxy is NOT ready"),
    ev(3, 6500, "cart", "stdout", "\x1b]0;owned\x07\x1b[2Jstill draining")]
json.dump({"events": events, "searchedLogStreams": []},
    open(d + "/app.json", "w"), indent=2)
audit = json.load(open(d + "/audit.json"))
json.dump({"events": events[:2] + audit["events"] + events[2:]},
    open(d + "/joined.json", "w"), indent=2)
PY
run "$CORONER" import --db "$d/apart.db" "$d/audit.json" "$d/app.json"
is eks-logs-import 0 "$status"
ok eks-logs-audit-format grep -q 'audit.json: k8s-audit, ' "$T/.err" "$T/.out"
ok eks-logs-app-format grep -q 'app.json: cloudwatch-logs, 4 rows' \
    "$T/.err" "$T/.out"
for db in apart joined; do
	[ "$db" = joined ] && "$CORONER" import -q --db "$d/joined.db" \
	    "$d/joined.json"
	"$CORONER" timeline --db "$d/$db.db" shop/cart-7d9f8b6c5-x2kq9 \
	    >"$d/$db.txt" 2>&1
	is "eks-logs-$db-timeline" 0 $?
	ok "eks-logs-$db-deletion" grep -q 'deletion requested by' "$d/$db.txt"
	ok "eks-logs-$db-sigterm-line" \
	    grep -q 'cart: received SIGTERM, draining' "$d/$db.txt"
	ok "eks-logs-$db-sidecar-line" \
	    grep -q 'istio-proxy: Envoy proxy is NOT ready' "$d/$db.txt"
	ok "eks-logs-$db-hostile-line" grep -q 'still draining' "$d/$db.txt"
	is "eks-logs-$db-no-escapes" 0 \
	    "$(tr -d '\n' <"$d/$db.txt" | tr -cd '\000-\010\013-\037\177' |
	    wc -c | tr -d ' ')"
done
is eks-logs-joined-same "$(cat "$d/apart.txt")" "$(cat "$d/joined.txt")"

finish late
