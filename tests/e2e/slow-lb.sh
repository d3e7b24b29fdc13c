#!/bin/sh
# slow-lb.sh: the slow load balancer story (samples/ingress-lag) end to end,
# on a generated incident (tests/gen/slow_lb.py): a GCLB keeps routing to the
# old pods of checkout/web for 8 s after their deletion request, but they have
# no preStop sleep and close their listener at once.  The analysis must give
# exactly one traffic-after-shutdown finding listing the 4 old pods, with the
# lag (7 to 9 s) and every 502 of the log counted, and no 5xx-burst for those
# same failures.  The control (preStop sleep 15 s, grace 45 s, 12 500s spread
# over the hour) must give no termination finding and no burst; the same
# control with 30 500s in 6 s must give one 5xx-burst near the rollout.  Needs
# the gclb importer.  Then slow-lb beside the grace-budget incident in one
# database: that one's budget still finds its own load balancer's lag.
. "$(dirname "$0")/lib.inc"

story() {
	name=$1
	python3 "$top/tests/gen/slow_lb.py" "$name" "$T/$name" || exit 1
	db=$T/$name.db
	"$CORONER" import -q --db "$db" "$T/$name/pods-watch.json" \
	    "$T/$name/events.json" "$T/$name/replicasets.json" \
	    "$T/$name/lb.json"
	is "$name-import-exit" 0 $?
	"$CORONER" analyze --db "$db" --json >"$T/$name.json" 2>"$T/$name.err"
	is "$name-analyze-exit" 0 $?
}

# How many findings of a kind ($2) a report ($1) has.
count() {
	jq "[.findings[] | select(.kind == \"$2\")] | length" "$1"
}

"$CORONER" formats >"$T/formats"
ok gclb-importer grep -q '^gclb ' "$T/formats"

story slow-lb
R=$T/slow-lb.json
is lb-requests "$(wc -l <"$T/slow-lb/lb.json" | tr -d ' ')" \
    "$(jq .summary.requests "$R")"
is kinds "traffic-after-shutdown" \
    "$(jq -r '[.findings[].kind] | unique | join(" ")' "$R")"
is no-sigkill 0 "$(count "$R" sigkill-at-grace-deadline)"
is no-burst 0 "$(count "$R" 5xx-burst)"
F='.findings[] | select(.kind == "traffic-after-shutdown")'
is one-finding 1 "$(count "$R" traffic-after-shutdown)"
is workload "checkout/web critical" \
    "$(jq -r "$F | \"\(.namespace)/\(.workload) \(.severity)\"" "$R")"
# the pods told to go: those with a deletionTimestamp in the watch
old=$(jq -rs '[.[].object | select(.metadata.deletionTimestamp) |
    .metadata.name] | unique | join(" ")' "$T/slow-lb/pods-watch.json")
is old-pods-generated 4 "$(echo "$old" | wc -w | tr -d ' ')"
is pods "$old" "$(jq -r "$F | .pods | sort | join(\" \")" "$R")"
n502=$(grep -c '"status":502,' "$T/slow-lb/lb.json")
is failed-requests "$n502" "$(jq "$F | .evidence.failed_requests" "$R")"
ok some-502s test "$n502" -gt 0
ok lag jq -e "$F | .evidence.lag_s >= 7 and .evidence.lag_s <= 9" "$R"
ok first-last jq -e "$F | .evidence | (.first_failure | test(
    \"^2026-05-14T14:00:1[0-9][.]000Z\$\")) and (.last_failure |
    test(\"^2026-05-14T14:01:4[0-9][.]000Z\$\"))" "$R"
is detail-pods "$old" "$(jq -r "$F | [.evidence.pods_detail[].pod] | sort |
    join(\" \")" "$R")"
is detail-failed "$n502" \
    "$(jq "$F | [.evidence.pods_detail[].failed] | add" "$R")"
ok detail-fields jq -e "$F | .evidence.pods_detail | all(has(\"deletion\")
    and has(\"sigterm\") and has(\"stopped_accepting\") and
    has(\"last_routed\"))" "$R"
ok recommendation jq -e "$F | .recommendation |
    test(\"sleep 15 s\") and test(\"= 25 s\")" "$R"
ok rollout jq -e "$F | .evidence.rollout.new_rs == \"web-8d4b6f9c7\"" "$R"

story slow-lb-control
R=$T/slow-lb-control.json
is control-500s "$(grep -c '"status":500,' "$T/slow-lb-control/lb.json")" \
    "$(jq .summary.failed_requests "$R")"
for k in sigkill-at-grace-deadline grace-budget-too-small \
    traffic-after-shutdown sidecar-exited-before-app 5xx-burst; do
	is "control-no-$k" 0 "$(count "$R" "$k")"
done

story slow-lb-burst
R=$T/slow-lb-burst.json
F='.findings[] | select(.kind == "5xx-burst")'
is burst-kinds "5xx-burst" \
    "$(jq -r '[.findings[].kind] | unique | join(" ")' "$R")"
is burst-one 1 "$(count "$R" 5xx-burst)"
is burst-evidence "30 5 web-8d4b6f9c7" "$(jq -r "$F | .evidence |
    \"\(.count) \(.peak_per_s) \(.nearest_rollout.new_rs)\"" "$R")"
ok burst-baseline jq -e "$F | .evidence.baseline_per_s < 0.5" "$R"
is burst-window "2026-05-14T14:20:00.000Z 2026-05-14T14:20:05.000Z" \
    "$(jq -r "$F | \"\(.start) \(.end)\"" "$R")"
is burst-pods "web-8d4b6f9c7-f9k4s" "$(jq -r "$F | .pods | join(\" \")" \
    "$R")"
# Beside another workload's pods routed to after their deletion
# (checkout/web, first in the store's order), the grace budget of
# returns/returns-api (tests/gen/incident.py) still finds its own load
# balancer's lag, as it does alone.
python3 "$top/tests/gen/incident.py" grace-budget "$T/gb" || exit 1
"$CORONER" import -q --db "$T/both.db" "$T/slow-lb/pods-watch.json" \
    "$T/slow-lb/events.json" "$T/slow-lb/replicasets.json" \
    "$T/slow-lb/lb.json" "$T/gb/pods-watch.json" "$T/gb/events.json" \
    "$T/gb/deployments.json" "$T/gb/replicasets.json" "$T/gb/ingress.log"
"$CORONER" analyze --db "$T/both.db" --json >"$T/both.json"
is both-routed "checkout/web returns/returns-api" "$(sqlite3 "$T/both.db" \
    "SELECT group_concat(w, ' ') FROM (SELECT DISTINCT p.namespace || '/' ||
    p.workload AS w FROM pods p JOIN buckets b ON b.pod_uid = p.uid WHERE
    p.deletion_us IS NOT NULL AND b.second * 1000000 >= p.deletion_us
    ORDER BY 1)")"
is both-lag 29 "$(jq '.findings[] | select(.kind ==
    "grace-budget-too-small" and .workload == "returns-api") |
    .evidence.lb_lag_s' "$T/both.json")"
finish slow-lb
