#!/bin/sh
# reconcile.sh: the grace-budget story (samples/grace-budget) found the way it
# really was, from the records: a generated rollout (tests/gen/incident.py
# records-lost) where six pods are SIGKILLed at the grace deadline, 60 records
# accepted in their last seconds are lost and 3 more elsewhere.  The finding
# must name the workload with missing = 63 and 57 <= in_windows <= 63; a
# control with 63 gaps spread evenly must give no records-lost-at-termination;
# and a healthy incident (a grace that fits, spread 500s, three clerical gaps)
# no termination finding at all.
. "$(dirname "$0")/lib.inc"

story() {
	name=$1
	python3 "$top/tests/gen/incident.py" "$name" "$T/$name" || exit 1
	db=$T/$name.db
	"$CORONER" import -q --db "$db" "$T/$name/pods-watch.json" \
	    "$T/$name/events.json" "$T/$name/replicasets.json" \
	    "$T/$name/deployments.json" || echo "FAIL $name: import"
	"$CORONER" import -q --db "$db" --records courier --key parcel_id \
	    --time scanned_at "$T/$name/courier.csv" ||
	    echo "FAIL $name: courier.csv"
	"$CORONER" import -q --db "$db" --records ours --key return.id \
	    --time accepted_at "$T/$name/ours.ndjson" ||
	    echo "FAIL $name: ours.ndjson"
}

story records-lost
db=$T/records-lost.db
is sets "courier|20000
ours|19937" "$(sqlite3 "$db" 'SELECT set_name, count(*) FROM records
    GROUP BY 1 ORDER BY 1')"
"$CORONER" analyze --db "$db" --reconcile courier:ours --json \
    >"$T/lost.json" 2>"$T/lost.err"
is analyze-exit 0 $?
F='.findings[] | select(.kind == "records-lost-at-termination")'
is lost-workload "returns/returns-api" \
    "$(jq -r "$F | .namespace + \"/\" + .workload" "$T/lost.json")"
is lost-missing 63 "$(jq "$F | .evidence.missing" "$T/lost.json")"
ok lost-in-windows jq -e "$F | .evidence.in_windows >= 57 and
    .evidence.in_windows <= 63" "$T/lost.json"
ok lost-enrichment jq -e "$F | .evidence.enrichment > 10" "$T/lost.json"
ok lost-p-value jq -e "$F | .evidence.p_value < 0.001" "$T/lost.json"
is lost-pods 6 "$(jq "$F | .pods | length" "$T/lost.json")"
is lost-reference "courier ours 20000" "$(jq -r "$F | .evidence |
    \"\(.reference) \(.actual) \(.reference_total)\"" "$T/lost.json")"
ok lost-sample-keys jq -e "$F | .evidence.sample_keys | length > 0" \
    "$T/lost.json"
is rest-missing 3 "$(jq '.findings[] | select(.kind == "records-missing") |
    .evidence.missing' "$T/lost.json")"
ok notes-say-skew grep -q 'skew +-5.0 s' "$T/lost.err"
# Story 1's exact findings: the kill, the budget and the lost records,
# all on returns-api's six old pods; the 3 clerical gaps apart.
is story1-kinds "grace-budget-too-small returns/returns-api
records-lost-at-termination returns/returns-api
records-missing null/null
sigkill-at-grace-deadline returns/returns-api" "$(jq -r '[.findings[] |
    "\(.kind) \(.namespace)/\(.workload)"] | sort | .[]' "$T/lost.json")"
old=$(jq -r '[.findings[] | select(.kind == "sigkill-at-grace-deadline") |
    .pods[]] | sort | join(" ")' "$T/lost.json")
is story1-old-pods 6 "$(echo "$old" | wc -w | tr -d ' ')"
ok story1-pods-are-old sh -c "echo '$old' | grep -qv 5c8d7b9f4"
is story1-same-pods "$old" "$(jq -r '[.findings[] | select(.kind ==
    "records-lost-at-termination") | .pods[]] | sort | join(" ")' \
    "$T/lost.json")"
# The finding's pods follow their deletions (the pods view's order).
is lost-pods-by-deletion "$("$CORONER" pods --db "$db" --json | jq -sr \
    '[.[] | select(.deletion != null)] | sort_by(.deletion, .name) |
    map(.name) | join(" ")')" "$(jq -r "$F | .pods | join(\" \")" \
    "$T/lost.json")"
# Each missing record knows the pod whose window holds it.
is missing-on-pods 60 "$(sqlite3 "$db" 'SELECT count(*) FROM
    missing_records WHERE pod_uid IS NOT NULL')"
# Without --reconcile the larger set is the reference, and it says so.
"$CORONER" analyze --db "$db" >"$T/table" 2>"$T/err"
ok larger-is-reference grep -q 'the larger set, 20000 keys, is the reference' \
    "$T/err"
ok table-names-kind grep -q 'records-lost-at-termination' "$T/table"
# The text output: namespace/workload in full, each finding's fix, and
# no line wider than 80 columns.
ok table-full-workload grep -q '^1 critical .* returns/returns-api$' \
    "$T/table"
is table-fixes 4 "$(grep -c '^  Fix: ' "$T/table")"
ok table-fix-numbers grep -q 'Fix: Set terminationGracePeriodSeconds to at' \
    "$T/table"
is table-width 0 "$(awk 'length($0) > 80' "$T/table" | wc -l | tr -d ' ')"
# A workload name longer than a line wraps; it is never cut.
LONG=returns-api-a-deployment-name-far-too-long-for-one-line-of-eighty-columns
mkdir -p "$T/long"
for f in pods-watch.json events.json replicasets.json deployments.json; do
	sed "s/returns-api/$LONG/g" "$T/records-lost/$f" >"$T/long/$f"
done
"$CORONER" import -q --db "$T/long.db" "$T/long" &&
    "$CORONER" analyze --db "$T/long.db" >"$T/long.table" 2>/dev/null
is long-width 0 "$(awk 'length($0) > 80' "$T/long.table" | wc -l |
    tr -d ' ')"
tr -d '\n ' <"$T/long.table" >"$T/long.flat"
ok long-whole grep -q "critical.*/$LONG" "$T/long.flat"

story records-control
db=$T/records-control.db
"$CORONER" analyze --db "$db" --reconcile courier:ours --json \
    >"$T/control.json" 2>/dev/null
is control-exit 0 $?
is control-no-lost 0 "$(jq '[.findings[] | select(.kind ==
    "records-lost-at-termination")] | length' "$T/control.json")"
is control-missing 63 "$(jq '.findings[] | select(.kind ==
    "records-missing") | .evidence.missing' "$T/control.json")"

# The healthy control of story 1: a grace that fits (exit 0 five seconds
# after SIGTERM), evenly spread 500s, three clerical gaps: no termination
# finding at all, only the three gaps as records-missing.
story healthy
"$CORONER" import -q --db "$T/healthy.db" "$T/healthy/ingress.log"
"$CORONER" analyze --db "$T/healthy.db" --json >"$T/healthy.json" \
    2>/dev/null
is healthy-exit 0 $?
is healthy-kinds "records-missing" "$(jq -r '[.findings[].kind] | unique |
    join(" ")' "$T/healthy.json")"
is healthy-gaps 3 "$(jq '.findings[] | select(.kind == "records-missing") |
    .evidence.missing' "$T/healthy.json")"

# A week of daily manifests: several files into one set.
head -n 10001 "$T/records-lost/courier.csv" >"$T/day1.csv"
{ head -n 1 "$T/records-lost/courier.csv"
  tail -n +10002 "$T/records-lost/courier.csv"; } >"$T/day2.csv"
"$CORONER" import -q --db "$T/week.db" --records courier --key parcel_id \
    --time scanned_at "$T/day1.csv" "$T/day2.csv"
is several-files-one-set "courier|20000|20000|2" "$(sqlite3 "$T/week.db" \
    'SELECT set_name, count(*), count(DISTINCT key), count(DISTINCT
    source_id) FROM records GROUP BY 1')"

# Usage errors.
run "$CORONER" analyze --db "$db" --reconcile courier
is reconcile-usage 2 "$status"
run "$CORONER" analyze --db "$db" --reconcile courier:nope
is reconcile-unknown-set 1 "$status"
ok reconcile-unknown-says grep -q 'no record set "nope"' "$T/.err"
# and names the sets there are, to pick from
ok reconcile-unknown-names-sets grep -qF '(imported: ' "$T/.err"
ok reconcile-unknown-courier grep -q '(imported: .*courier' "$T/.err"
run "$CORONER" analyze --db "$db" --lead 99999
is lead-range-usage 2 "$status"
ok lead-range-says grep -qF "bad --lead '99999' (seconds, 0 to 3600)" "$T/.err"
finish reconcile
