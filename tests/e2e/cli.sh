#!/bin/sh
# cli.sh: the command line end to end: help, usage errors and their exit
# codes, and "coroner import" on the importer fixtures (plain, .zst,
# archives, stdin, unrecognised and YAML inputs, re-import, two pods'
# logs of one name).
. "$(dirname "$0")/lib.inc"
F=$top/tests/importers/k8s-events
db=$T/x.db

run "$CORONER" --help
is help-exit 0 "$status"
ok help-lists-import grep -q 'coroner import' "$T/.out"
run "$CORONER" --version
ok version sh -c "echo '$out' | grep -Eq '^coroner [0-9]+\.[0-9]+'"
run "$CORONER" formats
is formats-exit 0 "$status"
ok formats-lists-events grep -q '^k8s-events ' "$T/.out"
run "$CORONER" import --help
is import-help-exit 0 "$status"
ok import-help-as grep -q -- '--as FORMAT' "$T/.out"
# "coroner help COMMAND" is "coroner COMMAND --help", for every command.
for c in import analyze report pods timeline tui sql formats; do
	"$CORONER" "$c" --help >"$T/h1" 2>&1
	run "$CORONER" help "$c"
	is "help-$c-exit" 0 "$status"
	is "help-$c-same" "$(cat "$T/h1")" "$out"
	# users have the manual and the README, not the design notes
	is "help-$c-no-design" 0 "$(grep -c DESIGN "$T/h1")"
done
run "$CORONER" help analyze
ok help-analyze-usage grep -q '^usage: coroner analyze' "$T/.out"
run "$CORONER" help frobnicate
is help-unknown-exit 2 "$status"
ok help-unknown-says grep -q "unknown command 'frobnicate'" "$T/.err"
run "$CORONER" help
is help-alone-exit 0 "$status"
ok help-alone-lists grep -q 'coroner import' "$T/.out"
run "$CORONER" frobnicate
is unknown-command-exit 2 "$status"
is unknown-command-one-line 1 "$(wc -l <"$T/.err" | tr -d ' ')"
run "$CORONER" --frob
is unknown-option-exit 2 "$status"
run "$CORONER" import --frob x
is import-unknown-option-exit 2 "$status"
ok import-unknown-option-says grep -q "bad option '--frob'" "$T/.err"
run "$CORONER" import --as nope x
is import-unknown-format-exit 2 "$status"
run "$CORONER" import --db "$db"
is import-no-path-exit 2 "$status"
# Without a terminal the TUI says so and exits 2 (scripts never hang).
run "$CORONER" tui --db "$db" </dev/null
is tui-no-terminal-exit 2 "$status"
ok tui-no-terminal-says grep -q 'needs a terminal' "$T/.err"
run "$CORONER" --db "$db" </dev/null
is bare-no-path-exit 2 "$status"
# PATHs without a terminal: nothing imported, and it says so
run "$CORONER" --db "$T/bare.db" "$top/samples/grace-budget" </dev/null
is bare-path-no-terminal-exit 2 "$status"
ok bare-path-says grep -qF 'coroner import (nothing was imported)' "$T/.err"
ok bare-path-no-db test ! -e "$T/bare.db"

# A pod named with control characters (hostile input): printed escaped,
# whole by pods --wide (measured in bytes, it was cut), and timeline takes
# it back as printed, whole or cut
cat >"$T/esc.json" <<'EOF'
{"apiVersion":"v1","kind":"Pod","metadata":{"name":"check\u001b[31mRED\u001b[0m-c4x8k","namespace":"shop\u0007","uid":"u-esc-1","creationTimestamp":"2026-05-12T09:00:00Z","deletionTimestamp":"2026-05-12T09:01:00Z"},"spec":{"containers":[{"name":"app"}]},"status":{"phase":"Running","containerStatuses":[{"name":"app","state":{"terminated":{"exitCode":137,"reason":"Error","finishedAt":"2026-05-12T09:01:30Z","startedAt":"2026-05-12T09:00:05Z"}}}]}}
EOF
"$CORONER" import -q --db "$T/esc.db" "$T/esc.json"
run "$CORONER" pods --db "$T/esc.db" --wide
ok esc-wide-whole grep -qF 'shop\x07/check\x1b[31mRED\x1b[0m-c4x8k check' "$T/.out"
for name in 'shop\x07/check\x1b[31mRED\x1b[0m-c4x8k' \
    'check\x1b[31mRED\x1b[0m-c4x8k' 'check\x1b[31mRED…c4x8k'; do
	run "$CORONER" timeline --db "$T/esc.db" "$name"
	is "esc-timeline-$name" 0 "$status"
done
ok esc-timeline-escaped grep -qF 'Pod check\x1b[31mRED\x1b[0m-c4x8k, node -' "$T/.out"

# coroner sql: one statement that reads, its rows tab-separated (NULL as
# \N, controls escaped) or as JSON lines; the requests through the
# virtual table; a statement that writes refused, the database unchanged.
"$CORONER" import -q --db "$T/sql.db" "$top/samples/grace-budget/ingress-nginx.log.zst"
# The import leaves everything in the database file itself (the log's
# pages copied while the model is rebuilt, the rest at the close): no
# -wal is left, and the file alone holds the requests and the rebuilt
# per-second buckets.
ok import-no-wal test ! -e "$T/sql.db-wal"
is import-in-the-file "3552|3072" "$(sqlite3 "file:$T/sql.db?immutable=1" \
    'SELECT (SELECT sum(requests) FROM request_blocks),
    (SELECT count(*) FROM buckets)')"
run "$CORONER" sql --db "$T/sql.db" "SELECT 'a' || char(9) || 'b' ||
    char(27) || '[31m' AS x, NULL AS y, 3 AS z"
is sql-exit 0 "$status"
is sql-rows "x	y	z
a\x09b\x1b[31m	\N	3" "$out"
# a NUL byte in a text or a blob is escaped, not the cell's end
run "$CORONER" sql --db "$T/sql.db" "SELECT 'x' || char(0) || 'y' AS t,
    x'41004243' AS b"
is sql-nul "t	b
x\x00y	A\x00BC" "$out"
run "$CORONER" sql --db "$T/sql.db" --json "SELECT char(27) AS x, NULL AS y"
is sql-json '{"x":"\u001B","y":null}' "$out"
run "$CORONER" sql --db "$T/sql.db" "SELECT count(*), count(DISTINCT req)
    FROM requests"
is sql-requests "$(zstd -dc "$top/samples/grace-budget/ingress-nginx.log.zst" |
    wc -l | tr -d ' ')" "$(echo "$out" | tail -n 1 | cut -f 2)"
run "$CORONER" sql --db "$T/sql.db" "DELETE FROM sources"
is sql-write-exit 1 "$status"
ok sql-write-says grep -q "refused: coroner's SQL only reads" "$T/.err"
is sql-write-kept 1 "$(sqlite3 "$T/sql.db" 'SELECT count(*) FROM sources
    WHERE hash IS NOT NULL')"
run "$CORONER" sql --db "$T/sql.db" "SELECT 1; SELECT 2"
is sql-two-exit 1 "$status"
ok sql-two-says grep -q "one statement at a time" "$T/.err"
run "$CORONER" sql --db "$T/sql.db"
is sql-no-query-exit 2 "$status"
run "$CORONER" sql --db "$T/sql.db" SELECT 1
is sql-two-args-exit 2 "$status"
ok sql-two-args-says grep -q "quote the QUERY" "$T/.err"
run "$CORONER" sql --db "$T/sql.db" "SELECT nope FROM nowhere"
is sql-error-exit 1 "$status"
ok sql-error-says grep -q "no such table: nowhere" "$T/.err"

# --tz takes zone names from the system's zoneinfo, summer time included,
# and a name it cannot find is a usage error that names it.
printf 'id,at\nw,2026-01-15 12:00:00\ns,2026-07-01 12:00:00\n' >"$T/tz.csv"
run "$CORONER" import --db "$T/tz.db" --tz Europe/Berlin --records r \
    --key id --time at "$T/tz.csv"
is tz-name-exit 0 "$status"
is tz-name-times "s|1782900000000000
w|1768474800000000" "$(sqlite3 "$T/tz.db" 'SELECT key, time_us FROM records
    ORDER BY key')"
run "$CORONER" import --db "$T/tz2.db" --tz Mars/Olympus_Mons "$T/tz.csv"
is tz-unknown-exit 2 "$status"
ok tz-unknown-names grep -q "unknown zone 'Mars/Olympus_Mons'" "$T/.err"
ok tz-unknown-no-db test ! -e "$T/tz2.db"
run "$CORONER" import --db "$T/tz2.db" --tz ../../etc/passwd "$T/tz.csv"
is tz-path-exit 2 "$status"
ok tz-path-says grep -q "bad zone '../../etc/passwd'" "$T/.err"

# Import, then import again: nothing changes.
run "$CORONER" import --db "$db" "$F/list-core/input"
is import-exit 0 "$status"
ok import-says-rows grep -q 'list-core/input: k8s-events, 3 rows$' "$T/.out"
is events-stored 3 "$(sqlite3 "$db" 'SELECT count(*) FROM events')"
run "$CORONER" import --db "$db" "$F/list-core/input"
is reimport-exit 0 "$status"
ok reimport-says grep -q 'already imported' "$T/.out"
is reimport-no-new-events 3 "$(sqlite3 "$db" 'SELECT count(*) FROM events')"
is reimport-no-new-source 1 "$(sqlite3 "$db" 'SELECT count(*) FROM sources')"
# The same content compressed is the same input.
run "$CORONER" import --db "$db" "$F/compressed/input.zst"
ok zst-same-content grep -q 'already imported' "$T/.out"

# An empty list (kubectl's answer when there is nothing) is empty on its
# first import, and so are identical empty lists of one bundle: never
# "already imported", which would puzzle a first import.
printf '{"apiVersion": "v1", "items": [], "kind": "List",\n "metadata": %s\n' \
    '{"resourceVersion": ""}}' >"$T/none.json"
run "$CORONER" import --db "$T/e.db" "$T/none.json"
is empty-list-exit 0 "$status"
ok empty-list-says grep -q 'none.json: empty (k8s-workloads), nothing to' \
    "$T/.out"
mkdir -p "$T/eb/cluster-resources/events" "$T/eb/cluster-resources/jobs"
for ns in default kube-public kube-system; do
	printf '{"kind": "EventList", "apiVersion": "v1", "items": []}\n' \
	    >"$T/eb/cluster-resources/events/$ns.json"
done
run "$CORONER" import --db "$T/e.db" "$T/eb"
is empty-bundle-exit 0 "$status"
# the empty lists of a bundle are counted, not listed
ok empty-bundle-says-empty grep -q \
    '^  3 empty lists (k8s-events), nothing to import$' "$T/.out"
ok empty-bundle-not-already sh -c "! grep -q 'already' '$T/.out'"
# A directory whose CSV and NDJSON files were skipped says how to import
# them.
mkdir -p "$T/withrec"
cp "$F/list-core/input" "$T/withrec/events.json"
printf 'parcel_id,scanned_at\nP1,2026-05-12T09:00:00Z\n' >"$T/withrec/c.csv"
run "$CORONER" import --db "$T/wr.db" "$T/withrec"
is records-hint-exit 0 "$status"
ok records-hint grep -q -- '--records NAME --key COL --time COL' "$T/.out"

# CORONER_DB, stdin, and an archive with members.
CORONER_DB=$T/env.db "$CORONER" import - <"$F/single-event/input" \
    >/dev/null 2>&1
is env-db-and-stdin 1 "$(sqlite3 "$T/env.db" 'SELECT count(*) FROM events')"
mkdir -p "$T/b/cluster-resources/events"
cp "$F/list-core/input" "$T/b/cluster-resources/events/returns.json"
cp "$F/watch-plain/input" "$T/b/cluster-resources/events/ns.json"
(cd "$T" && tar czf b.tar.gz b)
run "$CORONER" import --db "$T/a.db" "$T/b.tar.gz"
is archive-exit 0 "$status"
is archive-members "b/cluster-resources/events/ns.json
b/cluster-resources/events/returns.json" \
    "$(sqlite3 "$T/a.db" 'SELECT member FROM sources ORDER BY member')"
is archive-events 6 "$(sqlite3 "$T/a.db" 'SELECT count(*) FROM events')"
# the archive named once, its members under it
ok archive-names-archive grep -q 'b.tar.gz:$' "$T/.out"
ok archive-names-member grep -q \
    '^  b/cluster-resources/events/ns.json: k8s-events, 3 rows$' "$T/.out"
# A directory imports every file in it.
run "$CORONER" import --db "$T/d.db" "$T/b"
is directory-events 6 "$(sqlite3 "$T/d.db" 'SELECT count(*) FROM events')"
ok directory-no-records-hint sh -c "! grep -q -- '--records' '$T/.out'"

# An input no importer claims is named; the rest still import; exit 1.
printf 'hello\nworld\n' >"$T/notes.txt"
run "$CORONER" import --db "$T/u.db" "$T/notes.txt" "$F/single-event/input"
is unknown-input-exit 1 "$status"
ok unknown-input-named grep -q 'notes.txt: not a format coroner reads' \
    "$T/.err"
is unknown-input-rest-imported 1 \
    "$(sqlite3 "$T/u.db" 'SELECT count(*) FROM events')"
# YAML is read like JSON; YAML that holds no Kubernetes objects is named.
printf 'apiVersion: v1\nkind: EventList\nitems: []\n' >"$T/ev.yaml"
run "$CORONER" import --db "$T/u.db" "$T/ev.yaml"
is yaml-empty-list-exit 0 "$status"
ok yaml-empty-list-says grep -q 'ev.yaml: empty (k8s-events)' "$T/.out"
printf '# values\nreplicaCount: 3\nimage:\n  tag: "1.2"\n' >"$T/values.yaml"
run "$CORONER" import --db "$T/u.db" "$T/values.yaml"
is yaml-not-k8s-exit 1 "$status"
ok yaml-not-k8s-says grep -q \
    'values.yaml: YAML, but not Kubernetes objects (no apiVersion and kind)' \
    "$T/.err"
run "$CORONER" import --db "$T/u.db" "$T/does-not-exist.json"
is missing-file-exit 1 "$status"
ok missing-file-named grep -q 'does-not-exist.json' "$T/.err"
# A failed import into a database it made leaves no database behind; one
# that existed, or an import that stored nothing but did not fail, stays.
run "$CORONER" import --db "$T/none.db" "$T/notes.txt"
is failed-new-db-exit 1 "$status"
ok failed-new-db-removed sh -c "! ls '$T'/none.db* 2>/dev/null"
ok failed-new-db-says grep -q 'none.db: not kept: nothing was imported' \
    "$T/.err"
run "$CORONER" import --db "$T/u.db" "$T/notes.txt"
ok failed-old-db-kept test -s "$T/u.db"
run "$CORONER" import --db "$T/e.db" "$T/ev.yaml"
ok empty-import-db-kept test -s "$T/e.db"

# Bad pieces are rejected with file:line and the rest lands.
run "$CORONER" import --db "$T/r.db" "$F/bad-items/input"
is rejects-exit 0 "$status"
ok rejects-file-line grep -q 'bad-items/input:3: bad time in lastTimestamp' \
    "$T/.err"
is rejects-rows 2 "$(sqlite3 "$T/r.db" 'SELECT rows FROM sources')"
is rejects-counted 5 "$(sqlite3 "$T/r.db" 'SELECT rejected FROM sources')"
ok rejects-no-escape sh -c "! grep -q \"$(printf '\033')\" '$T/.err'"
# A truncated input keeps the rows before the damage but fails (exit 1).
run "$CORONER" import --db "$T/r.db" "$F/truncated/input"
is truncated-exit 1 "$status"
ok truncated-says grep -q 'truncated JSON' "$T/.err"
ok truncated-says-kept grep -q 'the input ended damaged (line [0-9]*: truncated JSON.*kept its [0-9]* rows from before the damage' "$T/.err"
is integrity ok "$(sqlite3 "$T/r.db" 'PRAGMA integrity_check')"

# An input of which every piece was rejected is not what its importer
# reads: refused, nothing kept, and the message says what it looks like.
for i in 1 2 3; do
	printf '{"kind":"Event","apiVersion":"audit.k8s.io/v1","auditID":"a-%s","stage":"ResponseComplete","verb":"delete","objectRef":{"resource":"pods"}}\n' "$i"
done >"$T/audit.json"
run "$CORONER" import --db "$T/all.db" --as k8s-events "$T/audit.json"
is all-rejected-exit 1 "$status"
ok all-rejected-says grep -qF 'audit.json: every one of its 3 objects was rejected (read as k8s-events): it looks like Kubernetes audit events (auditID, stage)' "$T/.err"
ok all-rejected-nothing-kept grep -qF 'nothing of it was imported' "$T/.err"
ok all-rejected-file-line grep -qF 'audit.json:2: not an Event' "$T/.err"
# the database it made holds nothing, so it is not kept
ok all-rejected-no-db sh -c "! test -e '$T/all.db'"
head -n 1 "$T/audit.json" >"$T/audit1.json"
run "$CORONER" import --db "$T/all.db" --as k8s-events "$T/audit1.json"
ok all-rejected-one grep -qF 'audit1.json: its only object was rejected' \
    "$T/.err"
printf '{"revision":1,"updated":"2026-01-01T00:00:00Z","chart":"web-1.0.0"}\n' \
    >"$T/helm.json"
run "$CORONER" import --db "$T/all.db" --as k8s-pods "$T/helm.json"
ok all-rejected-try grep -qF 'it looks like helm history (revision, chart, updated); try --as deploys' "$T/.err"
printf 'id,t\n1,soon\n2,later\n' >"$T/times.csv"
run "$CORONER" import --db "$T/all.db" --records r --key id --time t \
    "$T/times.csv"
is all-rejected-lines-exit 1 "$status"
ok all-rejected-lines grep -qF 'times.csv: every one of its 2 lines was rejected (read as records): none of it could be read' "$T/.err"
# In a directory such a member fails the import as an error does; the
# others are kept.
mkdir "$T/alldir"
cp "$T/audit.json" "$F/bad-items/input" "$T/alldir/"
run "$CORONER" import --db "$T/alldir.db" --as k8s-events "$T/alldir"
is all-rejected-member-exit 1 "$status"
ok all-rejected-member-says grep -qF 'alldir/audit.json: every one of its 3 objects was rejected' "$T/.err"
is all-rejected-member-others 1 "$(sqlite3 "$T/alldir.db" \
    'SELECT count(*) FROM sources WHERE hash IS NOT NULL')"
# Kubernetes objects of kinds coroner does not read are not rejects: a
# file of them says its kinds, as before.
printf '{"kind":"ConfigMap","apiVersion":"v1","metadata":{"name":"c"}}\n' \
    >"$T/cm.json"
run "$CORONER" import --db "$T/all.db" --as k8s-pods "$T/cm.json"
is unread-kinds-exit 1 "$status"
ok unread-kinds-says grep -qF 'no Kubernetes objects coroner reads (found ConfigMap)' "$T/.err"

# helm history needs --release, which is part of the input's identity.
H=$top/tests/importers/deploys/helm-json/input
run "$CORONER" import --db "$T/helm.db" "$H"
is helm-no-release-exit 1 "$status"
ok helm-no-release-says grep -qF 'import it with --release NAMESPACE/NAME' \
    "$T/.err"
run "$CORONER" import --db "$T/helm.db" --release returns "$H"
is helm-bad-release-exit 2 "$status"
run "$CORONER" import --db "$T/helm.db" --release returns/returns-api "$H"
is helm-release-exit 0 "$status"
ok helm-release-rows grep -qF 'deploys, 3 rows' "$T/.out"
run "$CORONER" import --db "$T/helm.db" --release returns/returns-api "$H"
ok helm-release-again grep -qF 'already imported' "$T/.out"
run "$CORONER" import --db "$T/helm.db" --release returns/other "$H"
ok helm-other-release grep -qF 'deploys, 3 rows' "$T/.out"
is helm-two-releases "other returns-api" "$(sqlite3 "$T/helm.db" \
    'SELECT DISTINCT name FROM deploy_obs ORDER BY name' | tr '\n' ' ' |
    sed 's/ $//')"

# A directory imported again with --release, as its skipped Helm history
# asks: the history is imported, and the inputs that read no --release
# are the same inputs, already imported, not stored a second time.
W=$top/samples/week-later
run "$CORONER" import --db "$T/week.db" "$W"
is week-first-exit 0 "$status"
ok week-first-skips-helm grep -qF 'import it with --release' "$T/.out"
# a Cloud Logging export's rows, by what they are
ok week-first-kinds grep -qF \
    'gke-export.json.zst: k8s-audit, 81 rows (37 audit events, 32 pods, 8 log' \
    "$T/.out"
n=$("$CORONER" sql --db "$T/week.db" 'SELECT count(*) FROM requests' |
    tail -n 1)
is week-first-requests 4288 "$n"
run "$CORONER" import --db "$T/week.db" --release labels/label-printer "$W"
is week-release-exit 0 "$status"
ok week-release-helm grep -qF 'deploys, 3 rows' "$T/.out"
ok week-release-lb-again grep -qF 'lb.json.zst: already imported' "$T/.out"
is week-release-requests "$n" "$("$CORONER" sql --db "$T/week.db" \
    'SELECT count(*) FROM requests' | tail -n 1)"
is week-release-sources 0 "$(sqlite3 "$T/week.db" 'SELECT count(*) FROM
    (SELECT path, member FROM sources GROUP BY 1, 2 HAVING count(*) > 1)')"
# --tz is read by the access-log and record importers only: a
# Kubernetes input imported again with it is the same input
K=$top/tests/importers/k8s-pods/kubectl-list/input
run "$CORONER" import --db "$T/tz.db" "$K"
run "$CORONER" import --db "$T/tz.db" --tz +02:00 "$K"
ok tz-unread-same-input grep -qF 'already imported' "$T/.out"

# A compressed file cut before anything decodes: named, exit 1.
head -c 100 "$F/compressed/input.zst" >"$T/cut.json.zst"
run "$CORONER" import --db "$T/r.db" "$T/cut.json.zst"
is cut-zst-exit 1 "$status"
ok cut-zst-says grep -q 'cut.json.zst: truncated zstd stream' "$T/.err"

# Not a database.
printf 'garbage' >"$T/bad.db"
run "$CORONER" import --db "$T/bad.db" "$F/single-event/input"
is bad-db-exit 1 "$status"
ok bad-db-says grep -q 'bad.db' "$T/.err"

# A container log of a pod the model does not know is kept, and import
# says so (it was silent, and timeline could not show it).
mkdir -p "$T/logs/shop/ghost-7d9f8b6c5-x2kq9"
printf '2026-05-12T09:00:00.000000000Z starting\n2026-05-12T09:00:01.000000000Z stopping\n' \
    >"$T/logs/shop/ghost-7d9f8b6c5-x2kq9/app.log"
run "$CORONER" import --db "$T/logs.db" "$T/logs/shop/ghost-7d9f8b6c5-x2kq9/app.log"
is unknown-log-pod-exit 0 "$status"
ok unknown-log-pod-says grep -q \
    'note: no pod is known for the container logs of shop/ghost-7d9f8b6c5-x2kq9' \
    "$T/.out"
is unknown-log-pod-kept 2 "$(sqlite3 "$T/logs.db" 'SELECT count(*) FROM container_logs')"
ok unknown-log-pod-lines grep -q 'their 2 lines' "$T/.out"
# imported again: nothing is kept again, and no note counts its lines
# as kept (it said "their 2 lines are kept" of lines it had not stored)
run "$CORONER" import --db "$T/logs.db" "$T/logs/shop/ghost-7d9f8b6c5-x2kq9/app.log"
ok unknown-log-pod-again grep -q 'already imported' "$T/.out"
lacks_out() { ! grep -q "$1" "$T/.out"; }
ok unknown-log-pod-again-no-note lacks_out 'no pod is known'

# Two pods' logs of one name: each line names its pod (both read
# "…/catalog-api/0.log, container-log, 2 rows" before), the nodes'
# pods/NS_POD_UID/C/0.log with the uid left out, a bundle's
# logs/NS/POD/C.log whole; a directory and an archive.
for p in x2kq9:0a1b2c3d-1111-2222-3333-444455556666 \
    b7m4p:9f8e7d6c-5555-4444-3333-222211110000; do
	d=$T/twologs/var/log/pods/shop_catalog-api-7d9f8b6c5-${p%%:*}_${p#*:}/catalog-api
	mkdir -p "$d"
	printf '2026-05-12T09:00:00.000000000Z stdout F hello\n' >"$d/0.log"
	d=$T/twobundle/logs/shop/catalog-api-7d9f8b6c5-${p%%:*}
	mkdir -p "$d"
	printf '2026-05-12T09:00:00.000000000Z hello\n' >"$d/catalog-api.log"
done
run "$CORONER" import --db "$T/twologs.db" "$T/twologs/var"
is twologs-exit 0 "$status"
for p in x2kq9 b7m4p; do
	is "twologs-$p" 1 "$(grep -c "^  …/shop_catalog-api-7d9f8b6c5-${p}_…/catalog-api/0.log: container-log, 1 row\$" "$T/.out")"
done
(cd "$T/twologs" && tar czf ../twologs.tgz var)
run "$CORONER" import --db "$T/twologs2.db" "$T/twologs.tgz"
is twologs-archive 2 "$(grep -c '^  …/shop_catalog-api-7d9f8b6c5-[a-z0-9]*_…/catalog-api/0.log: container-log, 1 row$' "$T/.out")"
run "$CORONER" import --db "$T/twobundle.db" "$T/twobundle"
for p in x2kq9 b7m4p; do
	is "twobundle-$p" 1 "$(grep -c "^  logs/shop/catalog-api-7d9f8b6c5-$p/catalog-api.log: container-log, 1 row\$" "$T/.out")"
done

# An empty directory: said, exit 1 (it printed nothing and exited 0)
mkdir -p "$T/emptyd"
run "$CORONER" import --db "$T/empty.db" "$T/emptyd"
is empty-dir-exit 1 "$status"
ok empty-dir-says grep -q "emptyd: nothing in it to import" "$T/.err"

# pods --json and --wide exclude each other (both were taken in silence)
run "$CORONER" pods --db "$T/logs.db" --json --wide
is pods-json-wide-exit 2 "$status"
ok pods-json-wide-says grep -q -- '--json and --wide exclude each other' "$T/.err"

finish cli
