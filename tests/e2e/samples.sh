#!/bin/sh
# samples.sh: the bundled sample incident (samples/, what "make demo"
# shows) still imports from its .zst files and gives story 1's findings.
. "$(dirname "$0")/lib.inc"
S=$top/samples/grace-budget
db=$T/demo.db
"$CORONER" import -q --db "$db" "$S/pods-watch.json.zst" \
    "$S/events.json.zst" "$S/replicasets.json.zst" "$S/deployments.json.zst"
is import-k8s 0 $?
"$CORONER" import -q --db "$db" --records courier --key parcel_id \
    --time scanned_at "$S/courier.csv.zst"
is import-courier 0 $?
"$CORONER" import -q --db "$db" --records ours --key return.id \
    --time accepted_at "$S/ours.ndjson.zst"
is import-ours 0 $?
"$CORONER" analyze --db "$db" --reconcile courier:ours --json \
    >"$T/a.json" 2>/dev/null
is kinds "grace-budget-too-small records-lost-at-termination records-missing sigkill-at-grace-deadline" \
    "$(jq -r '[.findings[].kind] | sort | join(" ")' "$T/a.json")"
"$CORONER" report --db "$db" --format html -o "$T/demo.html"
is report-html 0 $?
ok report-has-svg grep -q '<svg' "$T/demo.html"
finish samples
