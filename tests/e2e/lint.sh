#!/bin/sh
# lint.sh: "coroner lint" on the manifests of tests/lint/CASE/, each check
# failing and passing, in JSON and YAML, from a file or from standard input
# (args "-"), and with --db on the generated incidents (an "@STORY" in args
# is --db of that story imported: grace-budget, healthy, slow-lb,
# sidecar).  Each case's standard output must equal "expected" byte for
# byte, its standard error "stderr" (empty when there is none), its exit
# status "status" (else 1 when something is expected, 0 when not).
# UPDATE=1 rewrites them.  Then the sample incident, --db against it, and
# the usage errors.
. "$(dirname "$0")/lib.inc"
L=$top/tests/lint
GEN=$top/tests/gen

# the database of a generated story, imported once
story_db() {
	db=$T/$1.db
	if [ ! -f "$db" ]; then
		case $1 in
		slow-lb*) gen=slow_lb.py ;;
		sidecar*) gen=sidecar.py ;;
		*) gen=incident.py ;;
		esac
		python3 "$GEN/$gen" "$1" "$T/$1" &&
		    "$CORONER" import -q --db "$db" "$T/$1" >/dev/null 2>&1
	fi
	echo "$db"
}

for dir in "$L"/*/; do
	dir=${dir%/}
	name=${dir#"$L"/}
	input=$(cd "$dir" && ls input* | head -n 1)
	args=""
	[ -f "$dir/args" ] && args=$(cat "$dir/args")
	case $args in
	*@*)
		s=$(echo "$args" | sed 's/.*@\([a-z-]*\).*/\1/')
		args=$(echo "$args" | sed "s|@$s|--db $(story_db "$s")|")
		;;
	esac
	# shellcheck disable=SC2086
	case " $args " in
	*" - "*) (cd "$dir" && "$CORONER" lint $args <"$input") \
	    >"$T/out" 2>"$T/err" ;;
	*) (cd "$dir" && "$CORONER" lint $args "$input") >"$T/out" 2>"$T/err" ;;
	esac
	st=$?
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$T/out" "$dir/expected"
		if [ -s "$T/err" ]; then cp "$T/err" "$dir/stderr"
		else rm -f "$dir/stderr"; fi
		echo "$st" >"$dir/status"
	fi
	want_st=0
	[ -s "$dir/expected" ] && want_st=1
	[ -f "$dir/status" ] && want_st=$(cat "$dir/status")
	is "$name: exit" "$want_st" "$st"
	if diff -u "$dir/expected" "$T/out" >"$T/diff"; then
		pass=$((pass + 1))
	else
		echo "FAIL $name: output differs from expected"
		cat "$T/diff"
		fail=$((fail + 1))
	fi
	want_err=/dev/null
	[ -f "$dir/stderr" ] && want_err=$dir/stderr
	if diff -u "$want_err" "$T/err" >"$T/diff"; then
		pass=$((pass + 1))
	else
		echo "FAIL $name: standard error differs"
		cat "$T/diff"
		fail=$((fail + 1))
	fi
done

# The sample incident (samples/), imported as "make demo" does: its
# Deployment against its own database fails grace-budget, with a grace
# that holds the preStop, the measured shutdown and the margin (and
# prestop-covers-lb: its ingress log shows the lag).
S=$top/samples/grace-budget
[ -d "$S" ] || S=$top/samples/returns-rollout
"$CORONER" import -q --db "$T/sample.db" "$S" >/dev/null 2>&1
is sample-import 0 $?
run "$CORONER" lint "$S/deployments.json.zst"
is sample-without-db-passes 0 "$status"
run "$CORONER" lint --db "$T/sample.db" --format json \
    "$S/deployments.json.zst"
is sample-with-db-fails 1 "$status"
echo "$out" | jq -c 'select(.check == "grace-budget")' >"$T/sample.json"
is sample-checks "grace-budget prestop-covers-lb" \
    "$(echo "$out" | jq -r .check | sort | tr '\n' ' ' | sed 's/ $//')"
is sample-shutdown "5 lower-bound" \
    "$(jq -r '"\(.numbers.shutdown_s) \(.numbers.shutdown_basis)"' \
    "$T/sample.json")"
# the grace holds the preStop the load balancer's lag needs (35 s, as
# prestop-covers-lb says) + the shutdown + the margin: analyze's 45
is sample-recommended-holds-the-sum true "$(jq '.numbers |
    .recommended_grace_s >= .recommended_prestop_s + .shutdown_s +
    .margin_s and .recommended_grace_s < .recommended_prestop_s +
    .shutdown_s + .margin_s + 5' "$T/sample.json")"
is sample-recommended 45 "$(jq .numbers.recommended_grace_s "$T/sample.json")"
is sample-recommended-prestop 35 \
    "$(jq .numbers.recommended_prestop_s "$T/sample.json")"
ok sample-message grep -q 'lag needs (prestop-covers-lb): set it to at least 45' "$T/sample.json"
# One of its pods as a manifest: a Pod's controller is its ReplicaSet,
# while the database files the pod under the Deployment; the pod, found
# by its name, says which (it measured nothing before: "0 measured")
zstdcat "$S/pods-watch.json.zst" | jq -s -c '.[0].object' >"$T/pod.json"
run "$CORONER" lint --db "$T/sample.db" --format json "$T/pod.json"
is pod-with-db-fails 1 "$status"
is pod-checks "grace-budget prestop-covers-lb" \
    "$(echo "$out" | jq -r .check | sort | tr '\n' ' ' | sed 's/ $//')"
run "$CORONER" lint --db "$T/sample.db" "$T/pod.json"
ok pod-measured grep -q '1 pod template checked, 2 problems; 1 measured in the database$' "$T/.err"
# another pod of the same ReplicaSet, not in the database: found by its
# controller
jq -c '.metadata.name = "returns-api-7d9f8b6c5-zzzzz"' "$T/pod.json" \
    >"$T/pod2.json"
run "$CORONER" lint --db "$T/sample.db" "$T/pod2.json"
is pod-sibling-fails 1 "$status"
ok pod-sibling-measured grep -q '; 1 measured in the database$' "$T/.err"

# A directory: its manifests only (README.md and courier.csv.zst beside
# them were "not JSON", exit 1)
run "$CORONER" lint "$top/samples/grace-budget"
is dir-exit 0 "$status"
ok dir-no-readme sh -c "! grep -q 'README.md' '$T/.err'"
ok dir-says-checked grep -q 'pod templates checked, 0 problems' "$T/.err"
# a watch stream's versions of one pod are one template (8 pods and 2
# ReplicaSets, not 26)
run "$CORONER" lint "$top/samples/ingress-lag"
ok watch-once grep -q '^coroner lint: 10 pod templates checked' "$T/.err"

# Usage and failures.
run "$CORONER" lint
is no-path-usage 2 "$status"
run "$CORONER" lint --format xml "$L/grace-floor/input.yaml"
is bad-format-usage 2 "$status"
run "$CORONER" lint --shutdown soon "$L/grace-floor/input.yaml"
is bad-shutdown-usage 2 "$status"
run "$CORONER" lint --db "$T/none.db" "$L/grace-floor/input.yaml"
is missing-db-exit 1 "$status"
ok missing-db-says grep -q 'none.db: no such database' "$T/.err"
ok missing-db-not-created test ! -e "$T/none.db"
run "$CORONER" lint "$T/nothing-here.yaml"
is missing-file-exit 1 "$status"
printf 'apiVersion: v1\nkind: Service\nmetadata: {name: s}\n' >"$T/svc.yaml"
run "$CORONER" lint "$T/svc.yaml"
is no-workload-exit 1 "$status"
ok no-workload-says grep -q 'svc.yaml: no workload to check' "$T/.err"
ok no-workload-nothing-checked grep -q 'nothing was checked' "$T/.err"
run sh -c ': | "$1" lint -' sh "$CORONER"
is empty-stdin-exit 1 "$status"
run "$CORONER" lint --format json "$T/svc.yaml"
is no-workload-json-exit 1 "$status"
# a file without workloads beside one with a passing workload: a pass
run "$CORONER" lint "$T/svc.yaml" "$L/grace-floor/input.yaml"
is no-workload-beside-one "$(cd "$T" && "$CORONER" lint \
    "$L/grace-floor/input.yaml" >/dev/null 2>&1; echo $?)" "$status"
ok no-workload-beside-one-checked sh -c "! grep -q 'nothing was checked' \
    '$T/.err'"
run "$CORONER" lint --help
is help-exit 0 "$status"
ok help-lists-checks grep -q 'job-deadline' "$T/.out"
finish lint
