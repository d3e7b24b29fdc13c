#!/bin/sh
# views.sh: the SQL views for sqlite3 users (coroner.1, DATABASE): each
# view answers on generated incidents (tests/gen/: the grace budget with
# its ingress log and records, the mesh sidecar with container logs and
# Jobs), has one row per row of its table, shows times as RFC 3339 UTC
# with milliseconds exactly as coroner prints them (pods --json), names
# the pod that owned a request's IP at the time (a reused IP goes to the
# right pod), and comes back when a database of the schema before them is
# opened.
. "$(dirname "$0")/lib.inc"
gen=$top/tests/gen
python3 "$gen/incident.py" records-lost "$T/rl" || exit 1
python3 "$gen/incident.py" grace-budget "$T/gb" || exit 1
python3 "$gen/sidecar.py" sidecar "$T/sc" || exit 1
db=$T/v.db
"$CORONER" import -q --db "$db" "$T/rl/pods-watch.json" "$T/rl/events.json" \
    "$T/rl/replicasets.json" "$T/rl/deployments.json" "$T/gb/ingress.log" \
    "$T/sc" || echo "FAIL import"
"$CORONER" import -q --db "$db" --records courier --key parcel_id \
    --time scanned_at "$T/rl/courier.csv"
"$CORONER" import -q --db "$db" --records ours --key return.id \
    --time accepted_at "$T/rl/ours.ndjson"
"$CORONER" analyze --db "$db" --reconcile courier:ours --json \
    >"$T/a.json" 2>/dev/null

q() {
	sqlite3 "$db" "$1" 2>&1
}
# The same through coroner sql, which has the virtual table requests
# that plain sqlite3 lacks; its cells as sqlite3 separates them.
qc() {
	"$CORONER" sql --db "$db" "$1" 2>&1 | tail -n +2 | tr '\t' '|'
}

# Each view, the table it shows, and whether it has a row per table row.
while read -r view table; do
	how=q
	[ "$view" = requests_v ] && how=qc
	n=$($how "SELECT count(*) FROM $view")
	is "$view-rows" "$($how "SELECT count(*) FROM $table")" "$n"
	ok "$view-not-empty" test "$n" -gt 0
done <<'EOF'
sources_v sources
events_v events
pods_v pods
containers_v containers
requests_v requests
buckets_v buckets
pod_ips_v pod_ips
workloads_v workloads
rollouts_v rollouts
jobs_v jobs
logs_v container_logs
records_v records
findings_v findings
missing_v missing_records
EOF
is deaths_v-rows "$(q 'SELECT count(*) FROM containers WHERE finished_us
    IS NOT NULL')" "$(q 'SELECT count(*) FROM deaths_v')"

# Every time column of every view is RFC 3339 UTC with milliseconds.
iso='^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}Z$'
for vc in sources_v:imported events_v:time events_v:first events_v:last \
    pods_v:created pods_v:started pods_v:deletion pods_v:sigterm \
    pods_v:deadline pods_v:gone containers_v:started containers_v:finished \
    deaths_v:deletion deaths_v:finished requests_v:start requests_v:end \
    buckets_v:second pod_ips_v:from_time rollouts_v:start rollouts_v:end \
    jobs_v:start logs_v:time records_v:time findings_v:start \
    missing_v:time; do
	v=${vc%%:*} c=${vc#*:}
	how=q
	[ "$v" = requests_v ] && how=qc
	$how "SELECT $c FROM $v WHERE $c IS NOT NULL" >"$T/times"
	ok "$vc-has-times" test -s "$T/times"
	is "$vc-format" 0 "$(grep -cvE "$iso" "$T/times")"
done

# The same times as coroner's own output, for every pod.
"$CORONER" pods --db "$db" --json | jq -r '[.namespace, .name,
    .created // "", .deletion // "", .sigterm // "", .deadline // "",
    .gone // ""] | join("|")' | sort >"$T/pods.json.txt"
q "SELECT namespace, name, coalesce(created, ''), coalesce(deletion, ''),
    coalesce(sigterm, ''), coalesce(deadline, ''), coalesce(gone, '')
    FROM pods_v" | sort >"$T/pods.view.txt"
ok pods_v-same-as-pods-json cmp "$T/pods.json.txt" "$T/pods.view.txt"

# Microseconds are cut to milliseconds toward the past, as time_format.
q "INSERT INTO records (source_id, set_name, key, time_us) VALUES
    (1, 'probe', 'a', 1778576403250999), (1, 'probe', 'b', -1001)"
is ms-truncated "2026-05-12T09:00:03.250Z
1969-12-31T23:59:59.998Z" "$(q "SELECT time FROM records_v WHERE
    set_name = 'probe' ORDER BY key")"
q "DELETE FROM records WHERE set_name = 'probe'"

# Story 1 in the views: killed at the deadline 30 s after the deletion,
# 5 s after SIGTERM; durations in seconds.
is deaths-killed "6|30.0|5.0|25.0" "$(q "SELECT count(*),
    min(after_deletion_s), max(after_sigterm_s), max(prestop_s) FROM
    deaths_v WHERE workload = 'returns-api' AND killed_at_deadline = 1")"
is rollout-duration "returns-api|240.0" "$(q "SELECT deployment,
    duration_s FROM rollouts_v WHERE deployment = 'returns-api'")"
is jobs-held "settle-29642760|Running" "$(q "SELECT name, status FROM
    jobs_v WHERE status = 'Running'")"
is missing-on-pods 60 "$(q "SELECT count(*) FROM missing_v WHERE pod LIKE
    'returns-api-7d9f8b6c5-%'")"
is findings-as-json "$(jq -r '[.findings[] | .kind] | join(",")' "$T/a.json")" \
    "$(q "SELECT group_concat(kind, ',') FROM (SELECT kind FROM findings_v
    ORDER BY id)")"

# requests_v.pod: 10.244.1.10 is the first old pod's until it is gone at
# 09:00:40, then the third new pod's (a reused IP).
is request-pod-old "returns-api-7d9f8b6c5-x2kq9" "$(qc "SELECT DISTINCT pod
    FROM requests_v WHERE ip = '10.244.1.10' AND status = 502")"
is request-pod-reused "returns-api-5c8d7b9f4-w3k7j" "$(qc "SELECT DISTINCT
    pod FROM requests_v WHERE ip = '10.244.1.10' AND start >=
    '2026-05-12T09:01:30'")"
is request-duration "0.001" "$(qc "SELECT DISTINCT duration_s FROM
    requests_v WHERE status = 502")"
is logs-sidecar "24" "$(q "SELECT count(*) FROM logs_v WHERE container =
    'ledger' AND text LIKE '%connection refused%' AND pod LIKE
    'ledger-6b7c9d8f5-%'")"

# A database made by coroner's schema version 2 (tests/e2e/old/v2.sql:
# before the views, the deaths' columns and the SHA-256 identity) is
# migrated when it is next opened to write: the views, the version of a
# new database, the model rebuilt (the deaths' terminations), its inputs
# kept, and a new input lands.
old=$T/old.db
sqlite3 "$old" <"$top/tests/e2e/old/v2.sql"
is old-version 2 "$(sqlite3 "$old" 'PRAGMA user_version')"
# requests of a row per attempt, as the schema before blocks kept them
sqlite3 "$old" "INSERT INTO requests (id, source_id, req, seq, start_us,
    method, path, status, ip, attempt_us) VALUES
    (1, 1, 1, 0, 1778576400000000, 'GET', '/a', 502, '10.0.0.1',
     1778576400000000),
    (2, 1, 1, 1, 1778576400000000, 'GET', '/a', 502, '10.0.0.2',
     1778576400100000),
    (3, 1, 2, NULL, 1778576401000000, 'POST', '/b', 499, NULL, NULL)"
"$CORONER" import -q --db "$old" "$top/samples/grace-budget/ingress-nginx.log.zst"
is old-import 0 $?
is migrated-version "$(q 'PRAGMA user_version')" \
    "$(sqlite3 "$old" 'PRAGMA user_version')"
is migrated-views "$(q "SELECT count(*) FROM sqlite_master WHERE type =
    'view'")" "$(sqlite3 "$old" "SELECT count(*) FROM sqlite_master WHERE
    type = 'view'")"
is migrated-sources 5 "$(sqlite3 "$old" 'SELECT count(*) FROM sources')"
is migrated-kills 6 "$(sqlite3 "$old" "SELECT count(*) FROM deaths_v
    WHERE killed_at_deadline")"
is migrated-terminations 6 "$(sqlite3 "$old" "SELECT count(*) FROM
    terminations_v WHERE exit_code = 137")"
# the old rows moved into blocks, read as they were; the new after them
is migrated-old-requests "1|1|0|GET|/a|502|10.0.0.1|1778576400000000
2|1|1|GET|/a|502|10.0.0.2|1778576400100000
3|2|\\N|POST|/b|499|\\N|\\N" "$("$CORONER" sql --db "$old" "SELECT id, req,
    seq, method, path, status, ip, attempt_us FROM requests WHERE
    source_id = 1 ORDER BY id" | tail -n +2 | tr '\t' '|')"
is migrated-old-table 0 "$(sqlite3 "$old" "SELECT count(*) FROM
    sqlite_master WHERE name IN ('requests', 'requests_rows')")"
is migrated-requests "$(zstd -dc "$top/samples/grace-budget/ingress-nginx.log.zst" |
    wc -l | tr -d ' ')" "$("$CORONER" sql --db "$old" 'SELECT count(DISTINCT
    req) FROM requests WHERE source_id > 1' | tail -n +2)"
is migrated-ids-go-on "4|3" "$("$CORONER" sql --db "$old" 'SELECT min(id),
    min(req) FROM requests WHERE source_id > 1' | tail -n +2 |
    tr '\t' '|')"
is migrated-integrity ok "$(sqlite3 "$old" 'PRAGMA integrity_check')"
finish views
