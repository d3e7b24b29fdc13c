#!/bin/sh
# fleet.sh: "coroner export" (the README, Fleet; coroner(1), FLEET
# EXPORT).  Its usage and exit codes; the files of the three samples,
# every line valid JSON with as many lines as the tables have rows and
# the columns of schema.sql; the incident id (the same for the same
# inputs, in any order); golden files of samples/ingress-lag; the output
# directory's rules; hostile names; every column documented in coroner.1.
# Then a private clickhouse-server on a loopback port: the schema made
# from "coroner export --schema clickhouse", two incidents of two
# clusters loaded twice each, and the README's three fleet queries giving
# what sqlite3 gives on the two databases.  Without clickhouse-server the
# ClickHouse part is skipped with a line saying so when run by hand, and
# fails when CI is set.  UPDATE=1 rewrites the golden files in
# tests/e2e/fleet/ (read every one before committing).
. "$(dirname "$0")/lib.inc"
G=$top/tests/e2e/fleet
TAB=$(printf '\t')
FILES="incidents pods deaths findings finding_pods rollouts traffic"

# q DB SQL: sqlite3's answer, tab-separated
q() {
	sqlite3 -separator "$TAB" "$1" "$2"
}

# The samples, imported from the top of the tree: the sources' paths are
# the same wherever the tree is.
cd "$top" || exit 1
"$CORONER" import -q --db "$T/grace.db" samples/grace-budget >/dev/null &&
    "$CORONER" import -q --db "$T/grace.db" --records courier --key \
    parcel_id --time scanned_at samples/grace-budget/courier.csv.zst &&
    "$CORONER" import -q --db "$T/grace.db" --records ours --key \
    return.id --time accepted_at samples/grace-budget/ours.ndjson.zst &&
    "$CORONER" analyze --db "$T/grace.db" --reconcile courier:ours \
    >/dev/null 2>&1
ok "grace-budget imported and analysed" test -s "$T/grace.db"
"$CORONER" import -q --db "$T/lag.db" samples/ingress-lag >/dev/null
"$CORONER" analyze --db "$T/lag.db" >/dev/null 2>&1
"$CORONER" import -q --db "$T/mesh.db" samples/mesh-sidecar >/dev/null
"$CORONER" analyze --db "$T/mesh.db" >/dev/null 2>&1

# --- Usage and exit codes -----------------------------------------------
run "$CORONER" export --db "$T/lag.db" -o "$T/u"
is "no --cluster: usage error" 2 "$status"
ok "no --cluster: says so" grep -q -- '--cluster NAME needed' "$T/.err"
ok "no --cluster: nothing written" test ! -e "$T/u"
run "$CORONER" export --db "$T/lag.db" --cluster ''
is "empty --cluster: usage error" 2 "$status"
run "$CORONER" export --db "$T/lag.db" --cluster c extra
is "an argument: usage error" 2 "$status"
run "$CORONER" export --schema mysql
is "unknown schema: usage error" 2 "$status"
run "$CORONER" export --schema clickhouse --cluster c
is "--schema with --cluster: usage error" 2 "$status"
run "$CORONER" export --db "$T/none.db" --cluster c -o "$T/u"
is "missing database: failure" 1 "$status"
ok "missing database: named" grep -q 'none.db' "$T/.err"
ok "missing database: no directory made" test ! -e "$T/u"
run "$CORONER" help export
is "help export" 0 "$status"
ok "help: the columns' place" grep -q 'FLEET EXPORT' "$T/.out"
ok "help: the replacing rule" grep -q 'not an export' "$T/.out"
: >"$T/plain"
run "$CORONER" export --db "$T/lag.db" --cluster c -o "$T/plain"
is "-o a file: failure" 1 "$status"
ok "-o a file: says so" grep -q 'not a directory' "$T/.err"

# --- The three samples: valid JSON lines, one per row ------------------
# deaths DB: the deaths the export should write (the terminations, and
# the containers of deleted pods that ended without one)
EXTRA="FROM containers c JOIN pods p ON p.uid = c.pod_uid WHERE
    p.deletion_us IS NOT NULL AND (c.finished_us IS NOT NULL OR
    p.gone_us IS NOT NULL) AND (c.native_sidecar OR NOT c.init) AND NOT
    EXISTS (SELECT 1 FROM terminations t WHERE t.pod_uid = c.pod_uid AND
    t.container = c.name AND t.finished_us IS c.finished_us)"
DEATHS="SELECT pod_uid, cause, exit_code FROM terminations UNION ALL
    SELECT c.pod_uid, 'deletion', c.exit_code $EXTRA"
rows() {
	case $2 in
	incidents) echo 1 ;;
	deaths) q "$1" "SELECT count(*) FROM ($DEATHS)" ;;
	rollouts) q "$1" "SELECT (SELECT count(*) FROM rollouts) +
	    (SELECT count(*) FROM deploys d WHERE NOT EXISTS (SELECT 1 FROM
	    rollouts r WHERE r.tool = d.tool AND r.deploy_revision IS
	    d.revision AND r.namespace IS d.namespace AND r.deployment IS
	    d.deployment AND r.new_rs IS d.new_rs))" ;;
	traffic) q "$1" "SELECT count(*) FROM workload_minutes" ;;
	*) q "$1" "SELECT count(*) FROM $2" ;;
	esac
}
"$CORONER" export --schema clickhouse >"$T/schema.sql"
# columns TABLE: the columns schema.sql gives the table, one per line
columns() {
	awk -v t="coroner.$1" '$0 ~ "TABLE IF NOT EXISTS " t " " { on = 1;
	    next } on && /^\)/ { exit } on { print $1 }' "$T/schema.sql"
}
# valid NAME DIR DB: every file of the export in DIR is JSON lines, as
# many as DB has rows, each with the table's columns in their order
valid() {
	for f in $FILES; do
		file=$2/$f.ndjson
		lines=$(wc -l <"$file")
		is "$1 $f: rows" "$(rows "$3" "$f")" "$lines"
		is "$1 $f: every line JSON" "$lines" \
		    "$(jq -c . <"$file" | wc -l)"
		if [ "$lines" -gt 0 ]; then
			is "$1 $f: the schema's columns" "$(columns "$f")" \
			    "$(head -n 1 "$file" | jq -r 'keys_unsorted[]')"
		fi
	done
}
for s in grace lag mesh; do
	run "$CORONER" export --db "$T/$s.db" --cluster "c-$s" -o "$T/x-$s"
	is "$s: export" 0 "$status"
	valid "$s" "$T/x-$s" "$T/$s.db"
	is "$s: one cluster and incident" 1 "$(cat "$T/x-$s"/*.ndjson |
	    jq -r '[.schema, .cluster, .incident] | @tsv' | sort -u | wc -l)"
	is "$s: schema.sql as --schema" "$(cat "$T/schema.sql")" \
	    "$(cat "$T/x-$s/schema.sql")"
	ok "$s: no temporary file left" test -z "$(ls -A "$T/x-$s" |
	    grep -v '\.ndjson$' | grep -v '^schema\.sql$')"
done
ok "grace: the killed are killed" test 6 = "$(jq -c \
    'select(.killed_at_deadline and .after_deletion_s == 30.0)' \
    "$T/x-grace/deaths.ndjson" | wc -l)"
ok "grace: evidence is JSON text" jq -se 'map(select(.kind ==
    "sigkill-at-grace-deadline"))[0].evidence | fromjson | .grace_s == 30' \
    "$T/x-grace/findings.ndjson"

# --- The incident's id ---------------------------------------------------
want=$(q "$T/lag.db" "SELECT hash FROM sources WHERE hash IS NOT NULL
    ORDER BY hash" | sha256sum | cut -d' ' -f1)
is "incident: the sources' hashes hashed" "$want" \
    "$(jq -r .incident "$T/x-lag/incidents.ndjson")"
for f in $(ls samples/ingress-lag/* | sort -r); do
	"$CORONER" import -q --db "$T/lag2.db" "$f" >/dev/null 2>&1
done
run "$CORONER" export --db "$T/lag2.db" --cluster c-lag -o "$T/x-lag2"
is "incident: the same imported file by file, backwards" "$want" \
    "$(jq -r .incident "$T/x-lag2/incidents.ndjson")"
is "incident: the same deaths" "$(cat "$T/x-lag/deaths.ndjson")" \
    "$(cat "$T/x-lag2/deaths.ndjson")"

# --- Golden: samples/ingress-lag as cluster "golden" --------------------
run "$CORONER" export --db "$T/lag.db" --cluster golden -o "$T/gold"
is "golden: export" 0 "$status"
# one sentence, wrapped to 80 columns (no terminal here)
is "golden: what it says" "incident $want of golden: 8 pods, 4 deaths, 1 finding, 1 rollout, 10 minutes of traffic in $T/gold" \
    "$(echo "$out" | sed 's/^  //' | tr '\n' ' ' | sed 's/ $//')"
is "golden: it fits 80 columns" 0 "$(echo "$out" | awk 'length > 80' | wc -l |
    tr -d ' ')"
for f in $FILES; do
	if [ -n "${UPDATE:-}" ]; then
		mkdir -p "$G"
		cp "$T/gold/$f.ndjson" "$G/$f.ndjson"
	fi
	ok "golden: $f.ndjson" cmp "$G/$f.ndjson" "$T/gold/$f.ndjson"
done

# --- Rollouts with their deploys ------------------------------------------
# The model's rollout of ingress-lag as Helm's revision 14 deployed it,
# and a revision 15 that started no rollout (set in a copy of the model's
# tables: the export reads them as they are).
cp "$T/lag.db" "$T/deploy.db"
sqlite3 "$T/deploy.db" "UPDATE rollouts SET tool = 'helm',
    deploy_revision = '14', deployed_by = 'ci@example.com', deploy_basis =
    'helm history'; INSERT INTO deploys (tool, namespace, name, revision,
    source, status, actor, description, rollback_to, start_us, end_us,
    deployment, new_rs) SELECT 'helm', namespace, 'web', '14', 'web-1.4.0',
    'superseded', 'ci@example.com', 'Upgrade complete', NULL, start_us -
    5000000, start_us - 1000000, deployment, new_rs FROM rollouts;
    INSERT INTO deploys (tool, namespace, name, revision, source, status,
    actor, start_us, end_us) VALUES ('helm', 'checkout', 'web', '15',
    'web-1.4.1', 'deployed', 'bob', 1778768000000000, 1778768001000000)"
run "$CORONER" export --db "$T/deploy.db" --cluster c -o "$T/x-deploy"
is "deploys: export" 0 "$status"
is "deploys: a rollout and a deploy alone" 2 \
    "$(wc -l <"$T/x-deploy/rollouts.ndjson")"
ok "deploys: it says which is which" sh -c "echo '$out' | tr '\n' ' ' |
    grep -qF '1 rollout and 1 deploy without one,'"
is "deploys: the rollout's deploy" \
    "1 true helm 14 ci@example.com web web-1.4.0 superseded 2026-05-14T13:59:55.000Z" \
    "$(jq -r 'select(.id == 1) | [.id, .rollout, .tool, .deploy_revision,
    .deployed_by, .release, .deploy_source, .deploy_status, .deploy_start]
    | join(" ")' "$T/x-deploy/rollouts.ndjson")"
is "deploys: the deploy alone" "2 false checkout helm 15 bob null null" \
    "$(jq -r 'select(.id == 2) | [.id, .rollout, .namespace, .tool,
    .deploy_revision, .deployed_by, .deployment, .start] | map(tostring)
    | join(" ")' "$T/x-deploy/rollouts.ndjson")"

# --- The output directory -------------------------------------------------
d=$T/dir
run "$CORONER" export --db "$T/lag.db" --cluster c -o "$d/a/b"
is "a directory made with its parents" 0 "$status"
echo keep >"$d/a/b/notes.txt"
run "$CORONER" export --db "$T/lag.db" --cluster c -o "$d/a/b"
is "an earlier export replaced" 0 "$status"
is "other files left alone" keep "$(cat "$d/a/b/notes.txt")"
mkdir -p "$d/c"
: >"$d/c/deaths.ndjson"
run "$CORONER" export --db "$T/lag.db" --cluster c -o "$d/c"
is "an empty file of the name replaced" 0 "$status"
mkdir -p "$d/e"
echo 'pod,count' >"$d/e/pods.ndjson"
run "$CORONER" export --db "$T/lag.db" --cluster c -o "$d/e"
is "a foreign pods.ndjson: failure" 1 "$status"
ok "a foreign pods.ndjson: named" grep -q 'e/pods.ndjson is not a coroner export' "$T/.err"
is "a foreign pods.ndjson: left as it was" 'pod,count' "$(cat "$d/e/pods.ndjson")"
ok "a foreign pods.ndjson: nothing written" test ! -e "$d/e/deaths.ndjson"
mkdir -p "$d/s"
cp "$T/grace.db" "$d/s/schema.sql"
run "$CORONER" export --db "$T/lag.db" --cluster c -o "$d/s"
is "a database named schema.sql: refused" 1 "$status"
ok "a database named schema.sql: intact" cmp "$T/grace.db" "$d/s/schema.sql"

# --- Hostile names ---------------------------------------------------------
# Pods whose namespace, names and containers hold newlines, quotes,
# backslashes, ESC, DEL, C1 and bidi controls, NUL (stored as U+FFFD) and
# U+FFFD itself, deleted and SIGKILLed at the deadline; the cluster's
# name too.
python3 - "$T/hostile.json" <<'EOF'
import json, sys
names = ["a\nb", "q\"uote'd", "esc\x1b[31mred", "nul\x00x", "fffd\ufffd",
         "c1\x9b2J", "bidi\u202eevil", "back\\slash\r\n", "tab\tend\x7fdel"]
out = open(sys.argv[1], "w")
for i, n in enumerate(names):
    pod = {
        "apiVersion": "v1", "kind": "Pod",
        "metadata": {
            "name": "pod-" + n, "namespace": "ns-" + n,
            "uid": "00000000-0000-4000-8000-%012d" % i,
            "creationTimestamp": "2026-05-12T09:00:00Z",
            "deletionTimestamp": "2026-05-12T10:00:30Z",
            "deletionGracePeriodSeconds": 30,
            "resourceVersion": str(100 + i),
            "ownerReferences": [{"kind": "ReplicaSet", "controller": True,
                                 "name": "rs-" + n + "-5d4c3b2a1",
                                 "uid": "r%d" % i}],
        },
        "spec": {"nodeName": "node-" + n, "terminationGracePeriodSeconds": 30,
                 "containers": [{"name": "ctr-" + n, "image": "x"}]},
        "status": {
            "phase": "Failed", "podIP": "10.9.0.%d" % (i + 1),
            "startTime": "2026-05-12T09:00:01Z",
            "containerStatuses": [{
                "name": "ctr-" + n, "restartCount": 0, "ready": False,
                "state": {"terminated": {
                    "exitCode": 137, "reason": "Error", "message": n,
                    "startedAt": "2026-05-12T09:00:02Z",
                    "finishedAt": "2026-05-12T10:00:30Z"}}}],
        },
    }
    out.write(json.dumps({"type": "MODIFIED", "object": pod}) + "\n")
EOF
"$CORONER" import -q --db "$T/hostile.db" "$T/hostile.json" >/dev/null 2>&1
cluster=$(printf 'eu\n"west\033[2J\\1')
run "$CORONER" export --db "$T/hostile.db" --cluster "$cluster" \
    -o "$T/x-hostile"
is "hostile: export" 0 "$status"
valid hostile "$T/x-hostile" "$T/hostile.db"
is "hostile: 9 pods" 9 "$(wc -l <"$T/x-hostile/pods.ndjson")"
is "hostile: 9 deaths" 9 "$(wc -l <"$T/x-hostile/deaths.ndjson")"
is "hostile: a newline in a name kept" 1 "$(jq -c \
    'select(.name == "pod-a\nb")' "$T/x-hostile/pods.ndjson" | wc -l)"
ok "hostile: ESC kept, escaped" grep -qF 'esc\u001B[31mred' \
    "$T/x-hostile/deaths.ndjson"
is "hostile: NUL as U+FFFD" 1 "$(jq -c 'select(.name == "pod-nul\ufffdx")' \
    "$T/x-hostile/pods.ndjson" | wc -l)"
is "hostile: the cluster's name" "$cluster" \
    "$(jq -r .cluster "$T/x-hostile/incidents.ndjson")"
ok "hostile: no raw control byte" sh -c '! cat "$@" |
    LC_ALL=C grep -q "[[:cntrl:]]"' sh "$T/x-hostile"/*.ndjson

# --- Every column documented in coroner.1 ---------------------------------
# the words of the .Li lines of its FLEET EXPORT section
awk '/^\.Sh FLEET EXPORT/ { on = 1; next } on && /^\.Sh/ { exit }
    on && /^\.Li / { for (i = 2; i <= NF; i++) print $i }' \
    "$top/coroner.1" | sort -u >"$T/documented"
for f in $FILES; do
	for c in $(columns "$f"); do
		ok "coroner.1 documents $f.$c" grep -qx -- "$c" \
		    "$T/documented"
	done
done

# --- ClickHouse ----------------------------------------------------------
srv="" cli=""
for c in clickhouse-server /usr/sbin/clickhouse-server \
    /usr/bin/clickhouse-server; do
	if command -v "$c" >/dev/null 2>&1; then
		srv=$c
		break
	fi
done
if [ -z "$srv" ] && command -v clickhouse >/dev/null 2>&1; then
	srv="clickhouse server"
fi
if command -v clickhouse-client >/dev/null 2>&1; then
	cli=clickhouse-client
elif command -v clickhouse >/dev/null 2>&1; then
	cli="clickhouse client"
fi
if [ -z "$srv" ] || [ -z "$cli" ]; then
	if [ -n "${CI:-}" ]; then
		echo "FAIL clickhouse: clickhouse-server or clickhouse-client" \
		    "is not installed (apt-get install clickhouse-server" \
		    "clickhouse-client)"
		fail=$((fail + 1))
	else
		echo "fleet: clickhouse-server not installed: the ClickHouse" \
		    "part is skipped (apt-get install clickhouse-server" \
		    "clickhouse-client)"
	fi
	finish fleet
	exit
fi

D=$T/ch
mkdir -p "$D/data" "$D/tmp" "$D/user_files" "$D/format_schemas"
# two free ports on the loopback, from the kernel
ports=$(python3 -c 'import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))')
tcp=${ports% *} http=${ports#* }
cat >"$D/config.xml" <<EOF
<?xml version="1.0"?>
<yandex>
    <logger>
        <level>warning</level>
        <log>$D/server.log</log>
        <errorlog>$D/server.err.log</errorlog>
        <console>0</console>
    </logger>
    <listen_host>127.0.0.1</listen_host>
    <tcp_port>$tcp</tcp_port>
    <http_port>$http</http_port>
    <path>$D/data/</path>
    <tmp_path>$D/tmp/</tmp_path>
    <user_files_path>$D/user_files/</user_files_path>
    <format_schema_path>$D/format_schemas/</format_schema_path>
    <users_config>$D/users.xml</users_config>
    <mark_cache_size>67108864</mark_cache_size>
    <uncompressed_cache_size>16777216</uncompressed_cache_size>
    <max_concurrent_queries>8</max_concurrent_queries>
</yandex>
EOF
cat >"$D/users.xml" <<EOF
<?xml version="1.0"?>
<yandex>
    <profiles>
        <default>
            <max_memory_usage>500000000</max_memory_usage>
            <max_threads>2</max_threads>
        </default>
    </profiles>
    <users>
        <default>
            <password></password>
            <networks><ip>127.0.0.1</ip></networks>
            <profile>default</profile>
            <quota>default</quota>
        </default>
    </users>
    <quotas><default></default></quotas>
</yandex>
EOF
chpid=""
# stop_ch: the server, by its pid, on every way out
stop_ch() {
	[ -n "$chpid" ] || return 0
	kill "$chpid" 2>/dev/null
	i=0
	while kill -0 "$chpid" 2>/dev/null && [ "$i" -lt 60 ]; do
		sleep 0.5
		i=$((i + 1))
	done
	kill -9 "$chpid" 2>/dev/null
	chpid=""
}
trap 'stop_ch; rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
# shellcheck disable=SC2086
$srv --config-file="$D/config.xml" >"$D/stdout" 2>&1 &
chpid=$!
ch() {
	# shellcheck disable=SC2086
	$cli --host 127.0.0.1 --port "$tcp" "$@"
}
up=0 i=0
while [ "$i" -lt 240 ]; do
	if ch --query 'SELECT 1' >/dev/null 2>&1; then
		up=1
		break
	fi
	kill -0 "$chpid" 2>/dev/null || break
	sleep 0.5
	i=$((i + 1))
done
if [ "$up" = 0 ]; then
	echo "FAIL clickhouse: the server did not answer on 127.0.0.1:$tcp:"
	tail -n 5 "$D/server.err.log" "$D/stdout" 2>/dev/null
	fail=$((fail + 1))
	finish fleet
	exit
fi
echo "fleet: $($cli --version 2>/dev/null | head -n 1), server on" \
    "127.0.0.1:$tcp"

"$CORONER" export --schema clickhouse | ch --multiquery
is "clickhouse: the schema made" 7 "$(ch --query "SELECT count() FROM
    system.tables WHERE database = 'coroner'")"
"$CORONER" export --db "$T/grace.db" --cluster prod-eu -o "$T/prod-eu" \
    >/dev/null
"$CORONER" export --db "$T/mesh.db" --cluster prod-us -o "$T/prod-us" \
    >/dev/null
for round in 1 2; do
	for c in prod-eu prod-us; do
		for f in $FILES; do
			ok "clickhouse: load $c $f ($round)" ch --query \
			    "INSERT INTO coroner.$f FORMAT JSONEachRow" \
			    <"$T/$c/$f.ndjson"
		done
	done
done
for f in $FILES; do
	n=$(($(wc -l <"$T/prod-eu/$f.ndjson") + $(wc -l <"$T/prod-us/$f.ndjson")))
	is "clickhouse: $f loaded twice" $((n * 2)) \
	    "$(ch --query "SELECT count() FROM coroner.$f")"
	is "clickhouse: $f once with FINAL" "$n" \
	    "$(ch --query "SELECT count() FROM coroner.$f FINAL")"
done

# The README's queries (its Fleet section's ```sql blocks), "this
# month" being the samples' May 2026.
awk '/^## Fleet/ { on = 1; next } on && /^## / { exit }
    on && /^```sql/ { n++; inb = 1; next } inb && /^```/ { inb = 0; next }
    inb { print > (dir "/q" n ".sql") }' dir="$T" "$top/README.md"
ok "README: three fleet queries" test -s "$T/q3.sql"
# expect NAME CLICKHOUSE-SQL-FILE SQLITE-SQL: the query's rows on the
# fleet are sqlite3's on the two databases, CLUSTER standing for each
# database's cluster (NULL written \N as ClickHouse writes it)
expect() {
	for c in prod-eu:grace prod-us:mesh; do
		q "$T/${c#*:}.db" "$(echo "$3" | sed "s/CLUSTER/'${c%:*}'/g")"
	done | sort >"$T/want"
	sed "s/today()/toDate('2026-05-14')/" "$2" >"$T/q.sql"
	ch --format TSV --query "$(cat "$T/q.sql")" | sort >"$T/got"
	is "clickhouse: $1" "$(cat "$T/want")" "$(cat "$T/got")"
	ok "clickhouse: $1 has rows" test -s "$T/got"
}
expect "SIGKILLs at the deadline this month" "$T/q1.sql" \
    "SELECT CLUSTER, p.namespace, p.workload, count(*),
    count(DISTINCT c.pod_uid), max(p.grace_s) FROM containers c JOIN
    pods p ON p.uid = c.pod_uid WHERE c.killed_at_deadline GROUP BY
    p.namespace, p.workload"
expect "findings per kind" "$T/q2.sql" \
    "SELECT kind, CLUSTER, ifnull(namespace, '\\N'), ifnull(workload,
    '\\N'), count(*), sum(json_array_length(pods)) FROM findings GROUP
    BY kind, namespace, workload"
expect "deaths per cause" "$T/q3.sql" \
    "SELECT CLUSTER, cause, count(*), count(DISTINCT pod_uid),
    coalesce(sum(exit_code = 137), 0) FROM ($DEATHS) GROUP BY cause"
if [ -n "${FLEET_SHOW:-}" ]; then
	for n in 1 2 3; do
		sed "s/today()/toDate('2026-05-14')/" "$T/q$n.sql" >"$T/q.sql"
		ch --format PrettyCompactNoEscapes --query "$(cat "$T/q.sql")"
	done
fi
pid=$chpid
stop_ch
ok "clickhouse: stopped" sh -c '! kill -0 "$1" 2>/dev/null' sh "$pid"
finish fleet
