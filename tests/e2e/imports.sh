#!/bin/sh
# imports.sh: what an import keeps, skips and refuses, on incidents
# collected the way people collect them (tests/gen/imports.py).
#
# Kinds coroner does not read: the grace-budget rollout's four readable
# files beside "kubectl get X -o yaml|json" of ControllerRevisions,
# Services, HorizontalPodAutoscalers, PodDisruptionBudgets, ConfigMaps and
# Leases import with exit 0, each of those files skipped on one line that
# says how many objects of which kind, and the database holds what the
# four files alone give (the control: exit 0, no "skipped" line).  A file
# of such objects alone is still refused, naming its kinds, and so is an
# input that is not Kubernetes objects beside readable files.
#
# A mixed List ("kubectl get all -A -o json" with events, an EndpointSlice
# and a Node joined to it), in JSON and in YAML, imports every kind coroner
# reads (pods, containers, workloads as rollouts and jobs, events, slices,
# nodes) exactly as the same objects one kind a file do, and says in one
# line how many objects of which other kinds it skipped.
#
# A proxy's own log lines: "kubectl logs" of an Istio ingress gateway in
# front of the slow-lb rollout (18 s of 503 UF to each old pod) holds the
# proxy's startup and xDS lines between its requests, in Istio's text
# form, Istio's JSON form, and a plain Envoy's.  Each import keeps them as
# the gateway's container's log lines (no line rejected, one summary line
# counting them, on the pod's timeline) and every request.  The gateway's
# one xDS line says its stream to istiod had been closed for 1812 s: the
# traffic-after-shutdown finding says the proxy had lost its control
# plane, with it as evidence, and recommends restoring that connection
# rather than a longer preStop.  The control (its stream reconnects within
# a second, every 30 minutes, once inside the rollout) gives the finding
# word for word as without any proxy log.
. "$(dirname "$0")/lib.inc"
GEN=$top/tests/gen/imports.py
# What the last run printed ($1: .out or .err) with its wrapped lines
# joined (messages wrap at 80 columns, continued with four spaces).
joined() {
	sed -e ':a' -e 'N' -e '$!ba' -e 's/\n    / /g' "$T/$1" >"$T/joined"
	echo "$T/joined"
}

# The rows of the raw and model tables of a database, "table=N ...".
TABLES="pod_obs container_obs workload_obs events slice_obs endpoint_obs
node_obs node_cond_obs pods workloads rollouts jobs"
rows() {
	for t in $TABLES; do
		printf '%s=%s ' "$t" "$(sqlite3 "$1" "SELECT count(*) FROM $t")"
	done
}

# ---- kinds coroner does not read ------------------------------------
python3 "$GEN" unread "$T/u" || exit 1
U=$T/u
READ="$U/deployments.json $U/events.json $U/pods-watch.json
$U/replicasets.json"
UNREAD="controllerrevisions.yaml services.json hpa.yaml pdb.json
configmaps.yaml leases.json"

# the control: the readable files alone
# shellcheck disable=SC2086
run "$CORONER" import --db "$T/read.db" $READ
is control-exit 0 "$status"
is control-no-skip "" "$(echo "$out" | grep -i skipped)"
is control-no-err "" "$err"

# shellcheck disable=SC2086
run "$CORONER" import --db "$T/all.db" "$U"/*
is unread-exit 0 "$status"
is unread-no-err "" "$err"
for f in $UNREAD; do
	n=$(grep -c "^$U/$f: skipped " "$(joined .out)")
	is "unread-$f-one-line" 1 "$n"
done
ok unread-cr-count grep -q "controllerrevisions.yaml: skipped 2 objects of \
kinds coroner does not read (2 ControllerRevision)" "$(joined .out)"
ok unread-cm-count grep -q "configmaps.yaml: skipped 2 objects of kinds \
coroner does not read (2 ConfigMap)" "$(joined .out)"
ok unread-hpa-count grep -q "hpa.yaml: skipped 1 object of kinds coroner \
does not read (1 HorizontalPodAutoscaler)" "$(joined .out)"
ok unread-svc-count grep -q "services.json: skipped 1 object of kinds \
coroner does not read (1 Service)" "$(joined .out)"
ok unread-pdb-count grep -q "pdb.json: skipped 1 object of kinds coroner \
does not read (1 PodDisruptionBudget)" "$(joined .out)"
is unread-same-rows "$(rows "$T/read.db")" "$(rows "$T/all.db")"
is unread-sources 4 "$(sqlite3 "$T/all.db" \
    'SELECT count(*) FROM sources WHERE hash IS NOT NULL')"
# the same, the unread files first on the command line
# shellcheck disable=SC2086
run "$CORONER" import --db "$T/first.db" "$U/controllerrevisions.yaml" \
    "$U/services.json" $READ
is unread-first-exit 0 "$status"
ok unread-first-said grep -q "controllerrevisions.yaml: skipped 2 objects" \
    "$T/.out"
is unread-first-rows "$(rows "$T/read.db")" "$(rows "$T/first.db")"
# -q says nothing of them, and still exits 0
# shellcheck disable=SC2086
run "$CORONER" import -q --db "$T/q.db" "$U/hpa.yaml" $READ
is unread-quiet-exit 0 "$status"
is unread-quiet-out "" "$out"

# alone, nothing is imported: refused, naming the kinds, as before
run "$CORONER" import --db "$T/alone.db" "$U/controllerrevisions.yaml"
is alone-exit 1 "$status"
ok alone-says grep -qF 'controllerrevisions.yaml: no Kubernetes objects \
coroner reads (found ControllerRevision)' "$T/.err"
run "$CORONER" import --db "$T/alone2.db" "$U/hpa.yaml" "$U/pdb.json"
is alone-two-exit 1 "$status"
is alone-two-lines 2 "$(grep -c 'no Kubernetes objects coroner reads' \
    "$T/.err")"
# a single Lease (no List): no importer claims it; skipped beside the
# others, refused alone as before
jq '.items[0]' "$U/leases.json" >"$T/lease.json"
# shellcheck disable=SC2086
run "$CORONER" import --db "$T/lease.db" "$T/lease.json" $READ
is lease-exit 0 "$status"
ok lease-skipped grep -q "lease.json: skipped 1 object of kinds coroner \
does not read (1 Lease)" "$(joined .out)"
run "$CORONER" import --db "$T/lease1.db" "$T/lease.json"
is lease-alone-exit 1 "$status"
ok lease-alone-says grep -qF "no Kubernetes objects coroner reads (found Lease)" \
    "$T/.err"
# what is not Kubernetes objects still fails the import, beside others
printf '{"ts": 1, "msg": "hello"}\n' >"$T/app.json"
printf 'apiVersion: v1\nkind: Pod\nmetadata: [1, 2\n' >"$T/broken.yaml"
# shellcheck disable=SC2086
run "$CORONER" import --db "$T/bad.db" "$T/app.json" $READ
is not-k8s-exit 1 "$status"
ok not-k8s-says grep -q "app.json: JSON, but no importer recognises" \
    "$T/.err"
# shellcheck disable=SC2086
run "$CORONER" import --db "$T/bad2.db" "$T/broken.yaml" $READ
is broken-exit 1 "$status"

# ---- a mixed List ----------------------------------------------------
python3 "$GEN" get-all "$T/g" || exit 1
run "$CORONER" import --db "$T/parts.db" "$T/g/parts"
is parts-exit 0 "$status"
want=$(rows "$T/parts.db")
# every kind is there (the comparison would pass on two empty imports)
for t in pod_obs container_obs workload_obs events slice_obs endpoint_obs \
    node_obs pods workloads rollouts jobs; do
	ok "parts-$t" test "$(sqlite3 "$T/parts.db" \
	    "SELECT count(*) FROM $t")" -gt 0
done
for f in all.json all.yaml; do
	run "$CORONER" import --db "$T/$f.db" "$T/g/$f"
	is "$f-exit" 0 "$status"
	is "$f-rows" "$want" "$(rows "$T/$f.db")"
	is "$f-skipped" 1 "$(grep -c "skipped 4 objects of kinds coroner does \
not read (1 Service, 1 HorizontalPodAutoscaler, 2 ControllerRevision)" \
	    "$(joined .out)")"
	is "$f-rollout" "returns/returns-api returns-api-5c8d7b9f4" \
	    "$(sqlite3 "$T/$f.db" "SELECT namespace || '/' || deployment || \
' ' || new_rs FROM rollouts")"
done

# "kubectl get all" as it is (no events, slices or nodes): read as pods,
# its workloads, rollout and job kept all the same
run "$CORONER" import --db "$T/getall.db" "$T/g/get-all.json"
is get-all-exit 0 "$status"
ok get-all-as-pods grep -q "get-all.json: k8s-pods, " "$T/.out"
for t in pod_obs container_obs workload_obs pods workloads rollouts jobs; do
	is "get-all-$t" "$(sqlite3 "$T/parts.db" "SELECT count(*) FROM $t")" \
	    "$(sqlite3 "$T/getall.db" "SELECT count(*) FROM $t")"
done

# ---- a proxy's own log lines -----------------------------------------
GW=istio-system/istio-ingressgateway-7c9d6b5f4-x2k8p
F='.findings[] | select(.kind == "traffic-after-shutdown")'
xds() {
	st=$1
	shift
	python3 "$GEN" "$st" "$T/$st" || exit 1
	db=$T/$st.db
	"$CORONER" import -q --db "$db" "$T/$st"/*.json
	is "$st-k8s-exit" 0 $?
	run "$CORONER" import --db "$db" "$@" "$T/$st/gateway.log"
	is "$st-import-exit" 0 "$status"
	is "$st-no-err" "" "$err"
	is "$st-none-rejected" "" "$(grep -i reject "$T/.out")"
	"$CORONER" analyze --db "$db" --json >"$T/$st.json"
	is "$st-analyze-exit" 0 $?
}
# The lines of a gateway.log that are requests.
requests() {
	grep -c -e '^\[20[0-9-]*T' -e '"start_time"' "$1"
}

for st in xds-lost xds-lost-json xds-lost-envoy; do
	xds "$st" --pod "$GW" --container istio-proxy
	G=$T/$st/gateway.log
	R=$T/$st.json
	nreq=$(requests "$G")
	nown=$(($(wc -l <"$G") - nreq))
	ok "$st-some-own" test "$nown" -ge 5
	ok "$st-summary-line" grep -qF "kept $nown of the proxy's own log \
lines (startup, xDS) as istio-ingressgateway-7c9d6b5f4-x2k8p/istio-proxy's \
log" "$(joined .out)"
	is "$st-requests" "$nreq" "$(jq .summary.requests "$R")"
	is "$st-own-kept" "$nown" "$(sqlite3 "$T/$st.db" "SELECT count(*) \
FROM container_logs WHERE namespace = 'istio-system' AND pod = \
'istio-ingressgateway-7c9d6b5f4-x2k8p' AND container = 'istio-proxy'")"
	"$CORONER" timeline --db "$T/$st.db" "$GW" >"$T/tl" 2>&1
	ok "$st-timeline" grep -q "closed since 1812s ago" "$T/tl"
	is "$st-one-finding" 1 "$(jq "[$F] | length" "$R")"
	is "$st-failed" "$(cat "$T/$st/failed")" \
	    "$(jq "$F | .evidence.failed_requests" "$R")"
	is "$st-cp-who" "istio-system istio-ingressgateway-7c9d6b5f4-x2k8p \
istio-proxy" "$(jq -r "$F | .evidence.control_plane | \
\"\(.namespace) \(.pod) \(.container)\"" "$R")"
	is "$st-cp-span" "2026-05-14T13:32:18.000Z 2026-05-14T14:02:30.000Z \
1812 false" "$(jq -r "$F | .evidence.control_plane | \"\(.disconnected_from) \
\(.disconnected_until) \(.disconnected_s) \(.reconnected)\"" "$R")"
	ok "$st-cp-said" jq -e "$F | .evidence.control_plane.said |
	    startswith(\"StreamAggregatedResources gRPC config stream to \")
	    and test(\"closed since 1812s ago: 14, \") and
	    test(\"(i/o|connection) timeout\\\"?$\")" "$R"
	ok "$st-summary" jq -e "$F | .summary | test(\"A proxy had lost its \
control plane\") and test(\"was cut off from xDS for 30.2 min\") and \
test(\"not a lag that a preStop sleep can outlast\")" "$R"
	ok "$st-recommendation" jq -e "$F | .recommendation |
	    startswith(\"Restore the proxy's connection to its control \
plane\") and test(\"alert when a proxy stays cut off\") and
	    (test(\"Keep serving after SIGTERM\") | not)" "$R"
	# the lag measured is still there, as evidence
	ok "$st-lag" jq -e "$F | .evidence.lag_s >= 17 and
	    .evidence.lag_s <= 19" "$R"
done

# Without --pod the lines are kept, said to have no pod, and still read.
xds xds-lost
ok nopod-summary grep -qF "(startup, xDS) as its container's log (no pod \
known: --pod NS/POD --container C puts them on its timeline)" \
    "$(joined .out)"
ok nopod-finding jq -e "$F | .evidence.control_plane.pod == null and
    (.summary | test(\"lost its control plane\"))" "$T/xds-lost.json"

# The control: the same rollout and failures, the stream reconnecting
# within a second each time it is closed.  Word for word the finding of
# the rollout without any proxy log.
xds xds-control --pod "$GW" --container istio-proxy
R=$T/xds-control.json
ok control-own-kept grep -qF "of the proxy's own log lines (startup, xDS)" \
    "$(joined .out)"
ok control-closes test "$(grep -c 'closed: 13' "$T/xds-control/gateway.log")" \
    -ge 2
is control-one-finding 1 "$(jq "[$F] | length" "$R")"
is control-no-cp false "$(jq -c "$F | .evidence | has(\"control_plane\")" \
    "$R")"
mkdir "$T/nolog"
cp "$T/xds-control"/*.json "$T/nolog/"
grep -v -e '^20' -e '^{"level"' "$T/xds-control/gateway.log" \
    >"$T/nolog/access.log"
"$CORONER" import -q --db "$T/nolog.db" "$T/nolog"/*.json \
    "$T/nolog/access.log"
is nolog-import-exit 0 $?
"$CORONER" analyze --db "$T/nolog.db" --json >"$T/nolog.json"
is control-as-without "$(jq -c "$F | [.summary, .recommendation]" \
    "$T/nolog.json")" "$(jq -c "$F | [.summary, .recommendation]" "$R")"
ok control-prestop jq -e "$F | .recommendation | test(\"sleep 25 s\") and
    startswith(\"Keep serving after SIGTERM\")" "$R"

finish imports
