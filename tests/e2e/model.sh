#!/bin/sh
# model.sh: the pod-lifecycle model end to end on a generated incident
# (tests/gen/incident.py grace-budget): "coroner pods", "pods --json" and
# "timeline" against golden files in tests/e2e/model/, the rollout, the IP
# intervals (one IP reused by a later pod), and that the model does not
# depend on the order of the imports.  UPDATE=1 rewrites the goldens.
. "$(dirname "$0")/lib.inc"
G=$top/tests/e2e/model
python3 "$top/tests/gen/incident.py" grace-budget "$T/inc" || exit 1
db=$T/m.db
"$CORONER" import -q --db "$db" "$T/inc/pods-watch.json" \
    "$T/inc/events.json" "$T/inc/deployments.json" "$T/inc/replicasets.json"
is import-exit 0 $?

golden() {
	name=$1
	shift
	"$@" >"$T/$name" 2>&1
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$T/$name" "$G/$name"
	fi
	if diff -u "$G/$name" "$T/$name"; then
		pass=$((pass + 1))
	else
		echo "FAIL $name differs from $G/$name"
		fail=$((fail + 1))
	fi
}
golden pods.out "$CORONER" pods --db "$db"
golden pods-wide.out "$CORONER" pods --db "$db" --wide
golden pods-100.out env COLUMNS=100 "$CORONER" pods --db "$db"
golden pods-json.out "$CORONER" pods --db "$db" --json
golden timeline.out "$CORONER" timeline --db "$db" returns-api-7d9f8b6c5-x2kq9
golden rollouts.out sqlite3 "$db" "SELECT namespace, deployment, new_rs,
    old_rs, revision, start_us, end_us, basis FROM rollouts"
golden pod-ips.out sqlite3 "$db" "SELECT pod_ips.ip, p.name, from_us, to_us
    FROM pod_ips JOIN pods p ON p.uid = pod_uid ORDER BY 1, from_us"

# The ingress log: 10.244.1.10 was x2kq9's until it was gone (09:00:40),
# then w3k7j's (from 09:01:24).  The 502s after x2kq9's SIGTERM land on
# it, the 200s on that IP later on w3k7j; import order does not matter.
"$CORONER" import -q --db "$db" "$T/inc/ingress.log"
is ingress-exit 0 $?
q() {
	sqlite3 "$db" "SELECT coalesce(sum($1), 0) FROM buckets b JOIN pods p
	    ON p.uid = b.pod_uid WHERE b.ip = '10.244.1.10' AND p.name = '$2'"
}
is reuse-502s-on-old 4 "$(q errors returns-api-7d9f8b6c5-x2kq9)"
is reuse-no-502s-on-new 0 "$(q errors returns-api-5c8d7b9f4-w3k7j)"
ok reuse-200s-on-new test "$(q requests returns-api-5c8d7b9f4-w3k7j)" -gt 90
is reuse-old-before-gone 0 "$(sqlite3 "$db" "SELECT count(*) FROM buckets b
    JOIN pods p ON p.uid = b.pod_uid WHERE p.name =
    'returns-api-7d9f8b6c5-x2kq9' AND b.second >= 1778576441")"
is unattributed 0 "$(sqlite3 "$db" 'SELECT count(*) FROM buckets
    WHERE pod_uid IS NULL')"
# The log first, the pods after: the same attribution.
"$CORONER" import -q --db "$T/o.db" "$T/inc/ingress.log"
"$CORONER" import -q --db "$T/o.db" "$T/inc/pods-watch.json"
is reuse-log-first "$(sqlite3 "$db" 'SELECT count(*), sum(errors) FROM
    buckets b JOIN pods p ON p.uid = b.pod_uid GROUP BY p.name ORDER BY 1')" \
    "$(sqlite3 "$T/o.db" 'SELECT count(*), sum(errors) FROM buckets b JOIN
    pods p ON p.uid = b.pod_uid GROUP BY p.name ORDER BY 1')"

# The log's lines dealt round into 3, then 12 inputs (a second in
# several), imported last first: the buckets give each IP-second once,
# with the sums of every input, in the order of SQLite's grouping; each
# workload's seconds are their sums (made as the buckets are).
grouped() {
	sqlite3 "$1" 'SELECT ip, second, sum(requests), sum(errors),
	    sum(conn_failures) FROM ip_seconds GROUP BY ip, second, hint
	    ORDER BY ip, second, hint'
}
made() {
	sqlite3 "$1" 'SELECT ip, second, requests, errors, conn_failures
	    FROM buckets ORDER BY rowid'
}
whole=$(sqlite3 "$db" 'SELECT sum(requests), sum(errors) FROM buckets')
for n in 3 12; do
	split -d -a 2 -n "r/$n" "$T/inc/ingress.log" "$T/piece$n."
	for f in $(ls -r "$T/piece$n".*); do
		"$CORONER" import -q --db "$T/p$n.db" "$f"
	done
	"$CORONER" import -q --db "$T/p$n.db" "$T/inc/pods-watch.json"
	is "inputs-$n-inputs" "$n" "$(sqlite3 "$T/p$n.db" \
	    'SELECT count(DISTINCT source_id) FROM ip_seconds')"
	ok "inputs-$n-split-seconds" test "$(sqlite3 "$T/p$n.db" 'SELECT
	    count(*) FROM (SELECT 1 FROM ip_seconds GROUP BY ip, second, hint
	    HAVING count(*) > 1)')" -gt 0
	is "inputs-$n-grouped" "$(grouped "$T/p$n.db")" "$(made "$T/p$n.db")"
	is "inputs-$n-sums" "$whole" "$(sqlite3 "$T/p$n.db" 'SELECT
	    sum(requests), sum(errors) FROM buckets')"
	# each workload's seconds, summed as the buckets are made
	is "inputs-$n-workload-seconds" "$(sqlite3 "$T/p$n.db" 'SELECT
	    namespace, workload, second, sum(requests), sum(errors),
	    sum(conn_failures) FROM buckets GROUP BY namespace, workload,
	    second')" "$(sqlite3 "$T/p$n.db" 'SELECT namespace, workload,
	    second, requests, errors, conn_failures FROM workload_seconds
	    ORDER BY rowid')"
done

# Past 65,536 workload seconds the buckets' sums are left to SQLite
# (src/buckets.c, WS_MAX): 65,600 seconds of requests to an IP no pod
# owned (namespace and workload NULL) beside the incident's, the same
# sums as the buckets'.
python3 -c '
import sys, time
t0 = 1778569200
for i in range(65600):
    ts = time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(t0 + i))
    sys.stdout.write("10.0.0.9 - - [%s] \"GET /healthz HTTP/1.1\" %d 2 "
        "\"-\" \"probe/1.0\" 90 0.001 [returns-returns-api-8080] [] "
        "10.244.9.9:8080 2 0.001 %d %032x\n" % (ts, 200 + 303 * (i % 7 == 0),
        200 + 303 * (i % 7 == 0), i))
' >"$T/many-seconds.log"
"$CORONER" import -q --db "$T/ws.db" "$T/inc/pods-watch.json" \
    "$T/inc/ingress.log" "$T/many-seconds.log"
is ws-over-exit 0 $?
ok ws-over-many test "$(sqlite3 "$T/ws.db" 'SELECT count(*) FROM
    workload_seconds')" -gt 65536
is ws-over-unowned "65600|65600|9372|0" "$(sqlite3 "$T/ws.db" 'SELECT
    count(*), sum(requests), sum(errors), sum(conn_failures) FROM
    workload_seconds WHERE workload IS NULL')"
# returns-api's seconds as summed in memory without the extra log
is ws-over-same "$(sqlite3 "$db" 'SELECT namespace, workload, second,
    requests, errors, conn_failures FROM workload_seconds WHERE workload IS
    NOT NULL ORDER BY rowid')" "$(sqlite3 "$T/ws.db" 'SELECT namespace,
    workload, second, requests, errors, conn_failures FROM workload_seconds
    WHERE workload IS NOT NULL ORDER BY rowid')"
# and so are the minutes, summed from those seconds by SQLite (1,095:
# the first attempt began a millisecond before its line's minute)
is ws-over-minutes-same "$(sqlite3 "$db" 'SELECT namespace, workload,
    minute, requests, errors, conn_failures FROM workload_minutes WHERE
    workload IS NOT NULL ORDER BY rowid')" "$(sqlite3 "$T/ws.db" 'SELECT
    namespace, workload, minute, requests, errors, conn_failures FROM
    workload_minutes WHERE workload IS NOT NULL ORDER BY rowid')"
is ws-over-minutes-unowned "1095|65600|9372|0" "$(sqlite3 "$T/ws.db" \
    'SELECT count(*), sum(requests), sum(errors), sum(conn_failures) FROM
    workload_minutes WHERE workload IS NULL')"

# Past 524,288 rows of IP-seconds, SQLite sorts them, not the rebuild
# (src/store-rebuild.c, IPS_SORT_MAX): 530,000 seconds of two IPs, each
# bucket one of them in the order of (ip, second), the same sums.
python3 -c '
import sys, time
t0 = 1778569200
for i in range(530000):
    ts = time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(t0 + i // 2))
    sys.stdout.write("10.0.0.9 - - [%s] \"GET / HTTP/1.1\" 200 2 \"-\" "
        "\"p/1\" 90 0.001 [a-b-80] [] 10.244.%d.9:8080 2 0.001 200 r%d\n"
        % (ts, 9 + i % 2, i))
' >"$T/many-ips.log"
"$CORONER" import -q --db "$T/ips.db" "$T/many-ips.log"
is ips-over-exit 0 $?
is ips-over-rows 530000 "$(sqlite3 "$T/ips.db" 'SELECT count(*) FROM
    ip_seconds')"
is ips-over-sums "$(sqlite3 "$T/ips.db" 'SELECT count(*), sum(requests)
    FROM ip_seconds')" "$(sqlite3 "$T/ips.db" 'SELECT count(*),
    sum(requests) FROM buckets')"
is ips-over-order 0 "$(sqlite3 "$T/ips.db" 'SELECT count(*) FROM buckets a
    JOIN buckets b ON b.rowid = a.rowid + 1 WHERE b.ip < a.ip OR (b.ip =
    a.ip AND b.second <= a.second)')"

# Seconds further apart than the rebuild's one number a row holds
# (src/store-rebuild.c, IPS_SPAN_BITS: 48 days) are ordered by comparing
# the rows: 120 days of three IPs, in two inputs that share seconds, the
# same order and sums as SQLite's grouping.
python3 -c '
import sys, time
t0 = 1778569200
for i in range(80):
    ts = time.strftime("%d/%b/%Y:%H:%M:%S +0000",
        time.gmtime(t0 + (i % 40) * 3 * 86400))
    sys.stdout.write("10.0.0.9 - - [%s] \"GET / HTTP/1.1\" %d 2 \"-\" "
        "\"p/1\" 90 0.001 [a-b-80] [] 10.244.%d.9:8080 2 0.001 %d s%d\n"
        % (ts, 200 + 303 * (i % 5 == 0), 1 + i % 3,
        200 + 303 * (i % 5 == 0), i))
' >"$T/span.log"
split -d -a 1 -n r/2 "$T/span.log" "$T/span."
"$CORONER" import -q --db "$T/span.db" "$T/span.1" "$T/span.0"
is span-exit 0 $?
ok span-wide test "$(sqlite3 "$T/span.db" 'SELECT max(second) - min(second)
    FROM ip_seconds')" -ge 4194304
is span-grouped "$(grouped "$T/span.db")" "$(made "$T/span.db")"

# 80 columns into a pipe; --wide a pod a line, whole.
is pods-80-columns 0 "$(awk 'length > 80' "$T/pods.out" | wc -l | tr -d ' ')"
is pods-wide-one-line 6 "$(grep -c '^returns/.* invoice-writer' \
    "$T/pods-wide.out")"
is timeline-80-columns 0 \
    "$(awk 'length > 80' "$T/timeline.out" | wc -l | tr -d ' ')"

# A name too long for 80 columns is cut in the middle, says so on
# standard error, and timeline takes it as printed.
LONGPOD=returns-api-with-a-name-far-too-long-for-its-column-7d9f8b6c5-x2kq9
sed "s/returns-api-7d9f8b6c5-x2kq9/$LONGPOD/g" "$T/inc/pods-watch.json" \
    >"$T/long-watch.json"
"$CORONER" import -q --db "$T/long.db" "$T/long-watch.json"
"$CORONER" pods --db "$T/long.db" >"$T/long.pods" 2>"$T/long.err"
ok long-cut grep -q '….*x2kq9' "$T/long.pods"
ok long-says-cut grep -q 'names cut: timeline takes them as printed' "$T/long.err"
cut=$(grep -o '^returns/[^ ]*x2kq9' "$T/long.pods")
run "$CORONER" timeline --db "$T/long.db" "$cut"
is long-timeline-exit 0 "$status"
ok long-timeline-whole grep -q "^returns/$LONGPOD\$" "$T/.out"

# The same model whatever the order of the imports.
for f in pods-watch.json events.json deployments.json replicasets.json; do
	"$CORONER" import -q --db "$T/r.db" "$T/inc/$f"
done
"$CORONER" pods --db "$T/r.db" --json >"$T/r.json"
ok order-independent cmp "$T/r.json" "$G/pods-json.out"

# The same incident as a "kubectl cluster-info dump --output-directory"
# tree: typed lists without item kinds, and logs.txt framed per container.
D=$T/dump/returns
mkdir -p "$D/returns-api-7d9f8b6c5-x2kq9"
jq -s '{kind: "PodList", apiVersion: "v1", metadata: {},
    items: ([.[] | select(.type != "DELETED") | .object] |
    group_by(.metadata.uid) | map(.[-1] | del(.kind, .apiVersion)))}' \
    "$T/inc/pods-watch.json" >"$D/pods.json"
jq '{kind: "EventList", apiVersion: "v1", metadata: {},
    items: [.items[] | del(.kind, .apiVersion)]}' "$T/inc/events.json" \
    >"$D/events.json"
cp "$T/inc/replicasets.json" "$D/replicasets.json"
{
	echo "==== START logs for container invoice-writer of pod" \
	    "returns/returns-api-7d9f8b6c5-x2kq9 ===="
	echo "accepted return R-1001"
	echo "flushing 212 buffered records"
	echo "==== END logs for container invoice-writer of pod" \
	    "returns/returns-api-7d9f8b6c5-x2kq9 ===="
} >"$D/returns-api-7d9f8b6c5-x2kq9/logs.txt"
rm -f "$T/inc/ingress.log"
run "$CORONER" import --db "$T/dump.db" "$T/dump"
is dump-exit 0 "$status"
is dump-pods 6 "$(sqlite3 "$T/dump.db" 'SELECT count(*) FROM pods')"
is dump-killed 3 "$(sqlite3 "$T/dump.db" \
    'SELECT count(*) FROM pods WHERE killed')"
is dump-logs "returns|returns-api-7d9f8b6c5-x2kq9|invoice-writer|2" \
    "$(sqlite3 "$T/dump.db" 'SELECT namespace, pod, container, count(*)
    FROM container_logs GROUP BY 1, 2, 3')"
is dump-rollouts 1 "$(sqlite3 "$T/dump.db" 'SELECT count(*) FROM rollouts')"

# A pod named twice is refused with the choices; an unknown one too.
run "$CORONER" timeline --db "$db" no-such-pod
is timeline-unknown-exit 1 "$status"
run "$CORONER" timeline --db "$db"
is timeline-no-arg-exit 2 "$status"
finish model
