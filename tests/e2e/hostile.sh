#!/bin/sh
# hostile.sh: imports and reads as a hostile input or a careless hand would
# make them: decompression bombs and the limits that refuse them, archives
# of many tiny members, symbolic-link chains, content identity, absurd
# numbers, NUL characters, damaged inputs, a JSON object made to eat
# memory, a model left stale by a killed import, readers and writers at
# once, mistyped and foreign databases, options after paths.  Each case
# checks the exit status, the message, peak RSS where a bound applies,
# PRAGMA integrity_check and that the data already in the database is
# intact.  The inputs of a size that once took too much memory (100,000
# pods, 3 M keys) are scale.sh's.
. "$(dirname "$0")/lib.inc"
F=$top/tests/importers
K=$F/k8s-events/list-core/input
P=$F/k8s-pods/single-pod/input
LINE='10.20.0.7 - - [12/May/2026:09:00:03 +0000] "GET / HTTP/1.1" 200 5 "-" "curl/8.4.0" 80 0.001 [web-80] [] 10.244.1.1:80 5 0.001 200 r1'

. "$(dirname "$0")/trun.inc"
# A database holding 3 events and 1 pod before each hostile input.
seed() {
	rm -f "$1" "$1-wal" "$1-shm"
	"$CORONER" import -q --db "$1" "$K" "$P" >/dev/null 2>&1
}
# intact NAME DB: the database is sound and the seeded data still there.
intact() {
	is "$1: integrity" ok "$(sqlite3 "$2" 'PRAGMA integrity_check')"
	is "$1: seeded events intact" 3 \
	    "$(sqlite3 "$2" 'SELECT count(*) FROM events')"
	is "$1: seeded pod intact" 1 \
	    "$(sqlite3 "$2" "SELECT count(*) FROM pods WHERE name = 'kafka-2'")"
}
db=$T/h.db

# --- Bombs ------------------------------------------------------------
# Bug: a 1.9 MB .zst expanding to 20 GiB of one valid line filled the
# disk.  The default ratio (1:200, past 16 MiB) refuses it after a few
# MiB, and nothing of it is kept.
seed "$db"
yes "$LINE" | head -c 100000000 | zstd -q -3 >"$T/bomb.log.zst"
trun "$CORONER" import --db "$db" "$T/bomb.log.zst"
is "zst bomb: exit" 1 "$status"
says "zst bomb: names the limit and the option" \
    "bomb.log.zst: expands more than 200 times"
says "zst bomb: the option" "(--max-ratio raises the limit)"
says "zst bomb: nothing kept" "nothing of it was imported"
is "zst bomb: no requests" 0 "$(sqlite3 "$db" 'SELECT coalesce(sum(rows), 0) FROM request_blocks')"
is "zst bomb: no source" 2 "$(sqlite3 "$db" 'SELECT count(*) FROM sources')"
under "zst bomb" 100000
ok "zst bomb: wrote little" test "$written" -lt 200000000
intact "zst bomb" "$db"
# The total of one import: --max-bytes, even with the ratio off.
trun "$CORONER" import --db "$db" --max-ratio 0 --max-bytes 1MiB \
    "$T/bomb.log.zst"
is "max-bytes: exit" 1 "$status"
says "max-bytes: names the limit" "more than 1 MiB read in this import"
says "max-bytes: the option" "(--max-bytes raises the limit)"
intact "max-bytes" "$db"
run "$CORONER" import --db "$db" --max-bytes 12XB "$T/bomb.log.zst"
is "max-bytes: a bad size is a usage error" 2 "$status"

# Bug: a tar.gz with a 7 GiB member imported 22.8 M rows.  The same shape
# small: a member that expands past the ratio, and one that says it is
# bigger than what is left of --max-bytes (refused before it is read).
mkdir -p "$T/big/logs"
yes "$LINE" | head -c 60000000 >"$T/big/logs/ingress.log"
(cd "$T" && tar czf big.tar.gz big) && rm -rf "$T/big"
trun "$CORONER" import --db "$db" "$T/big.tar.gz"
is "tar.gz bomb: exit" 1 "$status"
says "tar.gz bomb: names the member" \
    "big.tar.gz!big/logs/ingress.log: expands more than 200 times"
is "tar.gz bomb: no requests" 0 \
    "$(sqlite3 "$db" 'SELECT coalesce(sum(rows), 0) FROM request_blocks')"
under "tar.gz bomb" 100000
intact "tar.gz bomb" "$db"
trun "$CORONER" import --db "$db" --max-bytes 10MiB "$T/big.tar.gz"
is "tar.gz member over max-bytes: exit" 1 "$status"
says "tar.gz member over max-bytes: refused unread" \
    "its 60000000 bytes would pass the 10 MiB read in this import"
intact "tar.gz member over max-bytes" "$db"

# The other limits, each named with its option.
mkdir -p "$T/many"
for i in 1 2 3 4 5; do
	printf '%s%s\n' "$LINE" "$i" >"$T/many/$i.log"
done
(cd "$T" && tar czf many.tgz many)
trun "$CORONER" import --db "$db" --max-inputs 3 "$T/many.tgz"
is "max-inputs: exit" 1 "$status"
says "max-inputs: names it" "more than 3 inputs; the rest are skipped"
says "max-inputs: the option" "(--max-inputs raises the limit)"
is "max-inputs: the first 3 kept" 3 \
    "$(sqlite3 "$db" "SELECT count(*) FROM sources WHERE path LIKE '%many.tgz'")"
printf '%s\n%s%0300d\n' "$LINE" "$LINE" 0 >"$T/longline.log"
trun "$CORONER" import --db "$db" --max-line 200 "$T/longline.log"
says "max-line: names it" "line longer than 200 bytes skipped"
says "max-line: the option" "(--max-line raises the limit)"
# raised later, the limit does not read the input again: the import says
# so, with what was rejected then
trun "$CORONER" import --db "$db" --max-line 0 "$T/longline.log"
is "max-line raised: exit" 0 "$status"
ok "max-line raised: nothing again" sh -c "tr -s '\n ' '  ' <'$T/.out' |
    grep -qF 'already imported (the same content; 1 rejected then), nothing changed: an input is imported once, whatever its limits'"
printf '%s\n' "$LINE" | sed 's/10.244.1.1:80 /10.244.1.1:80, 10.244.1.2:80, 10.244.1.3:80 /; s/ 5 0.001 200 r1/ 5, 5, 5 0.001, 0.001, 0.001 502, 502, 200 r1/' \
    >"$T/ups.log"
trun "$CORONER" import --db "$db" --max-upstreams 2 "$T/ups.log"
is "max-upstreams: exit" 1 "$status"
says "max-upstreams: names it" "more than 2 upstreams"
says "max-upstreams: the option" "(--max-upstreams raises the limit)"
intact "limits" "$db"
# Bug: "0 lifts a limit" (import --help) was refused as a usage error.
trun "$CORONER" import --db "$T/lifted.db" --max-inputs 0 --max-line 0 \
    --max-object 0 --max-upstreams 0 "$T/many.tgz" "$T/longline.log" "$T/ups.log"
is "0 lifts the limits: exit" 0 "$status"
is "0 lifts the limits: every attempt kept (5 + 2 + 3)" 10 \
    "$(sqlite3 "$T/lifted.db" 'SELECT coalesce(sum(rows), 0) FROM request_blocks')"

# --- JSON memory ------------------------------------------------------
# Bug: 22 MB of one Pod with 7 M empty objects peaked at 1.7 GB RSS.
python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))
s = json.dumps(p)
sys.stdout.write(s[:-1] + ", \"junk\": [" + ",".join(["{}"] * 7000000) +
    "]}\n")' "$P" >"$T/pod-junk.json"
trun "$CORONER" import --db "$db" "$T/pod-junk.json"
is "pod of 7 M empty objects: exit" 1 "$status"
says "pod of 7 M empty objects: names the limit" \
    "JSON object needs more than 32 MiB of memory to read"
says "pod of 7 M empty objects: the option" "(--max-object raises the limit)"
under "pod of 7 M empty objects" 100000
intact "pod of 7 M empty objects" "$db"
# In a list, the object past the limit is skipped and the next ones read.
python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))
big = dict(p, junk=[{}] * 100000)
big["metadata"] = dict(p["metadata"], uid="u-big", name="big")
ok = dict(p)
ok["metadata"] = dict(p["metadata"], uid="u-after", name="after")
json.dump({"kind": "PodList", "items": [big, ok]}, sys.stdout, indent=1)
' "$P" >"$T/list-junk.json"
trun "$CORONER" import --db "$db" --max-object 1MiB "$T/list-junk.json"
says "max-object in a list: file:line" \
    "list-junk.json:4: JSON object needs more than 1 MiB of memory"
is "max-object in a list: the next item read" 1 \
    "$(sqlite3 "$db" "SELECT count(*) FROM pod_obs WHERE uid = 'u-after'")"
intact "max-object" "$db"
# An audit log read a line at a time: a line made to eat memory (a body
# of 300,000 empty objects, under --max-line) and one nested 5,000 deep
# each cost only themselves; the events around them are kept.
A=$F/k8s-audit/metadata-level/input.log
python3 -c '
import json, sys
lines = open(sys.argv[1]).read().splitlines()
ev = json.loads(lines[0])
fat = dict(ev, auditID="fat", responseObject={"junk": [{}] * 300000})
deep = dict(ev, auditID="deep")
out = [lines[0], json.dumps(fat, separators=(",", ":")),
    json.dumps(deep, separators=(",", ":"))[:-1] + ",\"requestObject\":" +
    "[" * 5000 + "]" * 5000 + "}", lines[1]]
sys.stdout.write("\n".join(out) + "\n")' "$A" >"$T/audit-junk.log"
trun "$CORONER" import --db "$db" "$T/audit-junk.log"
is "audit lines made to eat memory: exit" 0 "$status"
says "audit line of 300,000 objects: file:line" \
    "audit-junk.log:2: JSON object needs more than 32 MiB of memory"
says "audit line nested 5,000 deep: file:line" "audit-junk.log:3: bad JSON"
is "audit lines made to eat memory: the others kept" 2 \
    "$(sqlite3 "$db" "SELECT count(*) FROM audit_events")"
under "audit lines made to eat memory" 100000
intact "audit lines made to eat memory" "$db"

# Bug: the splitter leaves blanks out of what it hands to the parser,
# and read "3 0" as 30 and "tr ue" as true.  Blanks after a number or
# a word stay one: both pods are refused (the message names the first).
seed "$db"
printf '%s\n' '{"kind": "Pod", "metadata": {"uid": "s1", "name": "s1",' \
    '"namespace": "n"}, "spec": {"terminationGracePeriodSeconds": 3 0}}' \
    '{"kind": "Pod", "metadata": {"uid": "s2", "name": "s2",' \
    '"namespace": "n"}, "status": {"ready": tr ue}}' >"$T/split.json"
trun "$CORONER" import --db "$db" "$T/split.json"
is "blanks inside a value: exit" 1 "$status"
says "blanks inside a number: refused" \
    "split.json: not Kubernetes JSON: line 2: bad JSON: '}' expected near '0'"
is "blanks inside a number or a word: no pod" 0 \
    "$(sqlite3 "$db" "SELECT count(*) FROM pods WHERE namespace = 'n'")"
intact "blanks inside a value" "$db"

# --- Many tiny members ------------------------------------------------
# Bug: a tgz of 100,001 tiny members took 107 s and wrote about 105 GB,
# each member its own fsynced transaction of 64 KiB pages.  Each member
# still lands whole or not at all (the bad one here), but small members
# share transactions: 2,000 of them write a few MB, not gigabytes.
mkdir -p "$T/tiny/logs"
i=0
while [ "$i" -lt 2000 ]; do
	printf '%s%d\n' "$LINE" "$i" >"$T/tiny/logs/$i.log"
	i=$((i + 1))
done
printf '{"kind": "PodList", "items": [{"metadata": ' >"$T/tiny/bad.json"
(cd "$T" && tar czf tiny.tgz tiny) && rm -rf "$T/tiny"
seed "$db"
trun "$CORONER" import -q --db "$db" "$T/tiny.tgz"
is "tiny members: exit (one bad member)" 1 "$status"
is "tiny members: every good one kept" 2000 \
    "$(sqlite3 "$db" "SELECT count(*) FROM sources WHERE path LIKE '%tiny.tgz'")"
is "tiny members: their rows" 2000 \
    "$(sqlite3 "$db" 'SELECT coalesce(sum(rows), 0) FROM request_blocks')"
is "tiny members: the bad one not" 0 \
    "$(sqlite3 "$db" "SELECT count(*) FROM sources WHERE member LIKE '%bad.json'")"
if [ "$have_time" = 1 ]; then
	ok "tiny members: wrote $written bytes, under 100 MB" \
	    test "$written" -lt 100000000
fi
intact "tiny members" "$db"

# --- Symbolic-link chains ---------------------------------------------
# Bug: 25 levels of directories each linked twice from the one above were
# walked 2^25 times.  Each real directory is walked once.  (The timeout
# only guards against the old hang; no speed is asserted.)
mkdir -p "$T/chain/store"
i=1
while [ "$i" -le 25 ]; do
	mkdir -p "$T/chain/store/l$i"
	printf '%s%d\n' "$LINE" "$i" >"$T/chain/store/l$i/access.log"
	if [ "$i" -gt 1 ]; then
		ln -s "../l$i" "$T/chain/store/l$((i - 1))/a"
		ln -s "../l$i" "$T/chain/store/l$((i - 1))/b"
	fi
	i=$((i + 1))
done
seed "$db"
trun timeout 300 "$CORONER" import -q --db "$db" "$T/chain"
is "symlink chains: exit" 0 "$status"
is "symlink chains: each file once" 25 \
    "$(sqlite3 "$db" "SELECT count(*) FROM sources WHERE path LIKE '%chain'")"
intact "symlink chains" "$db"

# --- Content identity -------------------------------------------------
# Bug: importing a CSV again as another record set created nothing.  The
# identity is SHA-256 of the content (sha256sum's) and of the options
# that change the rows.
C=$F/records/columns/input
seed "$db"
trun "$CORONER" import --db "$db" --records courier --key id --time t "$C"
is "records: first import" 0 "$status"
trun "$CORONER" import --db "$db" --records ours --key id --time t "$C"
is "records as another set: exit" 0 "$status"
ok "records as another set: imported" sh -c "! grep -q 'already imported' '$T/.out'"
is "records as another set: its rows" 1 "$(sqlite3 "$db" \
    "SELECT count(DISTINCT set_name) = 2 FROM records")"
trun "$CORONER" import --db "$db" --records ours --key id --time t \
    --tz +02:00 "$C"
ok "another --tz is another input" sh -c "! grep -q 'already imported' '$T/.out'"
trun "$CORONER" import --db "$db" --records ours --key id --time t "$C"
ok "the same again: already imported" grep -q 'already imported' "$T/.out"
is "sources.sha256 is the content's SHA-256" \
    "$(sha256sum <"$C" | cut -c1-64)" \
    "$(sqlite3 "$db" "SELECT DISTINCT sha256 FROM sources WHERE path = '$C'")"
is "identities are 64 hex digits" 3 "$(sqlite3 "$db" \
    "SELECT count(*) FROM sources WHERE path = '$C' AND length(hash) = 64")"
intact "content identity" "$db"

# --- Absurd numbers, NUL characters, long first lines -----------------
# Bug: INT64_MAX in terminationGracePeriodSeconds overflowed in the model
# (UBSan aborted).  The pod is rejected with file:line.
python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))
p["metadata"]["uid"] = "u-max"
p["metadata"]["deletionGracePeriodSeconds"] = 9223372036854775807
p["spec"]["terminationGracePeriodSeconds"] = 9223372036854775807
json.dump(p, sys.stdout)' "$P" >"$T/grace.json"
trun "$CORONER" import --db "$db" "$T/grace.json"
says "INT64_MAX grace: file:line and why" "grace.json:1: metadata.deletionGracePeriodSeconds: 9223372036854775807 is not a duration"
is "INT64_MAX grace: not stored" 0 \
    "$(sqlite3 "$db" "SELECT count(*) FROM pod_obs WHERE uid = 'u-max'")"
intact "INT64_MAX grace" "$db"

# Bug: pods "nul\u0000A" and "nul\u0000B" were both "nul" and merged.
python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))
items = []
for n in "AB":
	q = json.loads(json.dumps(p))
	q["metadata"]["uid"] = "u-nul-" + n
	q["metadata"]["name"] = "nul\u0000" + n
	items.append(q)
json.dump({"kind": "PodList", "items": items}, sys.stdout)' "$P" \
    >"$T/nul.json"
trun "$CORONER" import --db "$db" "$T/nul.json"
is "NUL in names: exit" 0 "$status"
is "NUL in names: two pods, two names" 2 "$(sqlite3 "$db" \
    "SELECT count(DISTINCT name) FROM pods WHERE uid LIKE 'u-nul-%'")"
is "NUL in names: no name cut at the NUL" 0 "$(sqlite3 "$db" \
    "SELECT count(*) FROM pods WHERE name = 'nul'")"
intact "NUL in names" "$db"

# Bug: an access log whose first line is over 64 KB was not detected as
# one: detection looks at whole lines.
python3 -c '
import sys
line = sys.argv[1]
print(line.replace("GET /", "GET /" + "a" * 70000))
print(line)' "$LINE" >"$T/longfirst.log"
trun "$CORONER" import --db "$db" "$T/longfirst.log"
is "long first line: exit" 0 "$status"
ok "long first line: detected" grep -q 'longfirst.log: ingress-nginx, 2 rows' \
    "$T/.out"
intact "long first line" "$db"

# --- Damaged inputs ---------------------------------------------------
# Bug: an input that ended damaged but yielded rows exited 0.  The rows
# before the damage are kept, the import fails and says so.
i=0
: >"$T/lines.log"
while [ "$i" -lt 3000 ]; do
	printf '%s%d\n' "$LINE" "$i"
	i=$((i + 1))
done >"$T/lines.log"
zstd -q -c "$T/lines.log" >"$T/whole.zst"
head -c $(($(wc -c <"$T/whole.zst") / 2)) "$T/whole.zst" >"$T/cut.log.zst"
gzip -c "$T/lines.log" >"$T/whole.gz"
head -c $(($(wc -c <"$T/whole.gz") / 2)) "$T/whole.gz" >"$T/cut.log.gz"
mkdir -p "$T/tb"
cp "$T/lines.log" "$T/tb/a.log"
(cd "$T" && tar cf tb.tar tb) && head -c 200000 "$T/tb.tar" >"$T/cut.tar"
for f in cut.log.zst cut.log.gz cut.tar; do
	seed "$db"
	trun "$CORONER" import --db "$db" "$T/$f"
	is "damaged $f: exit" 1 "$status"
	says "damaged $f: says so" "the input ended damaged"
	ok "damaged $f: says how many rows were kept" \
	    grep -q "kept its [1-9][0-9]* rows from before the damage" "$T/.err"
	ok "damaged $f: those rows are kept" test \
	    "$(sqlite3 "$db" 'SELECT coalesce(sum(rows), 0) FROM request_blocks')" -gt 0
	intact "damaged $f" "$db"
done

# --- A model left stale -----------------------------------------------
# Bug: a kill during the model rebuild left the data committed and the
# model stale without a word.  A failing rebuild stands in for the kill
# (the same state: the input committed, the model not); the next reader
# rebuilds the model and says so.
seed "$db"
sqlite3 "$db" "CREATE TRIGGER t_kill BEFORE INSERT ON pods BEGIN
    SELECT RAISE(FAIL, 'killed'); END"
python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))
p["metadata"]["uid"] = "u-late"
p["metadata"]["name"] = "late-pod"
json.dump(p, sys.stdout)' "$P" >"$T/late.json"
trun "$CORONER" import --db "$db" "$T/late.json"
is "stale model: the rebuild failed" 1 "$status"
is "stale model: the input is committed" 1 \
    "$(sqlite3 "$db" "SELECT count(*) FROM pod_obs WHERE uid = 'u-late'")"
sqlite3 "$db" "DROP TRIGGER t_kill"
trun "$CORONER" pods --db "$db"
is "stale model: pods exit" 0 "$status"
says "stale model: pods says the model was stale" \
    "was older than its data (an import stopped before rebuilding it): rebuilt"
ok "stale model: pods lists the late pod" grep -q 'late-pod' "$T/.out"
trun "$CORONER" pods --db "$db"
ok "stale model: said once" sh -c "! grep -q 'older than its data' '$T/.err'"
is "stale model: integrity" ok "$(sqlite3 "$db" 'PRAGMA integrity_check')"

# --- Readers and writers at once --------------------------------------
# Bug: readers failed with "database is locked" after 5 s while an import
# wrote.  A writer holds the write lock with a transaction big enough to
# spill its cache (which, with a rollback journal, locked readers out);
# readers go on, and a second writer waits, saying so, then succeeds.
seed "$db"
rm -f "$T/holding"
{
	echo "PRAGMA cache_size = 1;"
	echo "BEGIN IMMEDIATE;"
	echo "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c"
	echo "  WHERE x < 50000) INSERT INTO records (source_id, set_name,"
	echo "  key) SELECT 1, 'held', x FROM c;"
	echo ".shell touch $T/holding"
	echo ".shell sleep 7"
	echo "ROLLBACK;"
} | sqlite3 "$db" >/dev/null 2>&1 &
holder=$!
n=0
while [ ! -f "$T/holding" ] && [ "$n" -lt 300 ]; do
	sleep 0.1
	n=$((n + 1))
done
ok "a writer holds the lock" test -f "$T/holding"
run "$CORONER" pods --db "$db"
is "reader during a write: exit" 0 "$status"
ok "reader during a write: sees the committed pod" grep -q kafka-2 "$T/.out"
ok "reader during a write: not locked" sh -c "! grep -q locked '$T/.err'"
run "$CORONER" import --db "$db" "$T/lines.log"
is "second writer: waited and imported" 0 "$status"
says "second writer: says it waits" "is busy (another import or analysis is writing to it); waiting"
wait "$holder"
is "second writer: its rows" 3000 "$(sqlite3 "$db" 'SELECT coalesce(sum(rows), 0) FROM request_blocks')"
intact "readers and writers" "$db"

# --- kill -9 in the middle of an import -----------------------------
# An import killed while it writes (its input a pipe that stops half
# way, so the kill always lands mid-input): the database stays sound, the
# rows from before are intact, none of the killed input is kept, and the
# same input imports whole afterwards.
db=$T/killed.db
seed "$db"
mkfifo "$T/slow.log"
# the writer says when its lines are in the pipe (which holds 64 KB: the
# import has read all but that), then holds the pipe open
(awk -v l="$LINE" 'BEGIN { for (i = 0; i < 20000; i++) print l }'
    touch "$T/written"; sleep 30) >"$T/slow.log" &
writer=$!
"$CORONER" import --db "$db" "$T/slow.log" >/dev/null 2>&1 &
importer=$!
n=0
while [ $n -lt 100 ] && [ ! -e "$T/written" ]; do
	sleep 0.1
	n=$((n + 1))
done
sleep 1
ok "kill -9: the lines were written" test -e "$T/written"
ok "kill -9: the import was still running" kill -0 "$importer"
kill -9 "$importer" 2>/dev/null
wait "$importer" 2>/dev/null
kill "$writer" 2>/dev/null
wait "$writer" 2>/dev/null
intact "kill -9 mid-import" "$db"
is "kill -9: nothing of the killed input kept" 0 \
    "$(sqlite3 "$db" 'SELECT coalesce(sum(rows), 0) FROM request_blocks')"
awk -v l="$LINE" 'BEGIN { for (i = 0; i < 20000; i++) print l }' \
    >"$T/whole.log"
run "$CORONER" import --db "$db" "$T/whole.log"
is "kill -9: the next import: exit" 0 "$status"
is "kill -9: the next import: every line" 20000 \
    "$(sqlite3 "$db" 'SELECT coalesce(sum(rows), 0) FROM request_blocks')"
intact "after kill -9 and a new import" "$db"

# --- Databases that are not coroner's ---------------------------------
# Bug: a read command on a mistyped --db created a 2.3 MB database and
# said "no findings"; on another program's SQLite file, pods added 18
# tables to it.
cd "$T" || exit 1
for c in pods analyze report "timeline kafka-2"; do
	# shellcheck disable=SC2086
	run "$CORONER" $c --db "$T/mistyped.db"
	is "$c on a missing --db: exit" 1 "$status"
	says "$c on a missing --db: names it" "$T/mistyped.db: no such database"
	ok "$c on a missing --db: creates nothing" test ! -e "$T/mistyped.db"
done
# Bug: "import --db --records" took the option for the database and
# left a file named --records where it ran.
for c in "import $K" pods; do
	# shellcheck disable=SC2086
	run "$CORONER" $c --db --records
	is "$c --db --records: exit" 1 "$status"
	says "$c --db --records: says it is an option" "that is an option, not a database"
	ok "$c --db --records: creates nothing" test ! -e "$T/--records"
done
sqlite3 "$T/other.db" "CREATE TABLE notes (x); INSERT INTO notes VALUES (1)"
sum=$(cksum <"$T/other.db")
for c in pods analyze report "import $K"; do
	# shellcheck disable=SC2086
	run "$CORONER" $c --db "$T/other.db"
	is "$c on another program's database: exit" 1 "$status"
	says "$c on another program's database: refused" \
	    "other.db: not a coroner database"
	is "$c on another program's database: unchanged" "$sum" \
	    "$(cksum <"$T/other.db")"
done
sqlite3 "$T/marked.db" "PRAGMA application_id = 1234; CREATE TABLE t (x)"
run "$CORONER" import --db "$T/marked.db" "$K"
is "another application_id: refused" 1 "$status"
says "another application_id: says whose" "application_id 0x000004d2"
# A coroner database from before application_id: read as it is, marked
# at the next write.
seed "$db"
sqlite3 "$db" "PRAGMA application_id = 0"
run "$CORONER" pods --db "$db"
is "unmarked coroner database: read" 0 "$status"
is "unmarked coroner database: reading does not mark it" 0 \
    "$(sqlite3 "$db" 'PRAGMA application_id')"
run "$CORONER" import --db "$db" "$K"
is "unmarked coroner database: marked at the next write" 1129467474 \
    "$(sqlite3 "$db" 'PRAGMA application_id')"
intact "unmarked coroner database" "$db"

# --- YAML nested deep -------------------------------------------------
# Bug: "spec: [[[...]]]" 100,000 levels deep (200 kB) took 62 s in lint
# and import after saying at once that it was nested deeper than 512
# levels: libyaml's scanner went on reading it at a cost that grows with
# the depth.  The rest of the document is skipped unread, and the next
# one is read.  (The timeout only guards against the old minute; no
# speed is asserted.)
python3 -c '
n = 100000
print("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: deep\n"
    "spec: " + "[" * n + "]" * n)
print("---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n"
    "  name: after\n  namespace: ns\n  uid: u-after\nspec:\n  template:\n"
    "    spec:\n      containers:\n      - name: app")' >"$T/deep.yaml"
trun timeout 20 "$CORONER" lint "$T/deep.yaml"
is "YAML 100,000 deep: lint exit" 1 "$status"
says "YAML 100,000 deep: lint says where" \
    "deep.yaml:5: YAML nested deeper than 512 levels: the rest of its document is skipped"
says "YAML 100,000 deep: lint reads the next document" \
    "1 pod template checked"
rm -f "$T"/deep.db*
trun timeout 20 "$CORONER" import --db "$T/deep.db" --as k8s-workloads \
    "$T/deep.yaml"
is "YAML 100,000 deep: import exit" 0 "$status"
says "YAML 100,000 deep: import says where" \
    "deep.yaml:5: YAML nested deeper than 512 levels"
is "YAML 100,000 deep: the next document imported" 1 \
    "$(sqlite3 "$T/deep.db" "SELECT count(*) FROM workloads WHERE name = 'after'")"

# --- Reports written over files -----------------------------------------
# Bug: report -o over a file kept private (0600) left it 0644.  A report
# takes the permissions of the file it replaces; a new one the umask's.
db=$T/sample.db
"$CORONER" import -q --db "$db" "$top/samples/grace-budget" >/dev/null 2>&1
echo private >"$T/private.md"
chmod 600 "$T/private.md"
trun "$CORONER" report --db "$db" -o "$T/private.md"
is "report over a 0600 file: exit" 0 "$status"
ok "report over a 0600 file: written" grep -q '^# coroner report' \
    "$T/private.md"
is "report over a 0600 file: still 0600" 600 "$(stat -c %a "$T/private.md")"
rm -f "$T/new.md"
(umask 027 && "$CORONER" report --db "$db" -o "$T/new.md" >/dev/null 2>&1)
is "a new report: the umask's permissions" 640 "$(stat -c %a "$T/new.md")"

# Bug: a report -o stopped by a signal while it wrote left its temporary
# file (.coroner.XXXXXX) beside the target.  Each signal that ends
# coroner removes it: here SIGTERM, sent while the file is there (the
# report stopped as soon as it shows, then signalled).
mkdir -p "$T/out"
caught=0
for try in 1 2 3 4 5; do
	rm -f "$T"/out/* "$T"/out/.coroner*
	"$CORONER" report --db "$db" -o "$T/out/r.html" >/dev/null 2>&1 &
	writer=$!
	n=0
	while [ $n -lt 1000000 ]; do
		set -- "$T"/out/.coroner*
		[ -e "$1" ] && break
		kill -0 "$writer" 2>/dev/null || break
		n=$((n + 1))
	done
	kill -STOP "$writer" 2>/dev/null
	kill -TERM "$writer" 2>/dev/null
	kill -CONT "$writer" 2>/dev/null
	wait "$writer" 2>/dev/null
	st=$?
	# the signal came before the rename: the case to test
	if [ "$st" = 143 ] && [ ! -e "$T/out/r.html" ]; then
		caught=1
		break
	fi
done
ok "report -o and SIGTERM: caught while it wrote" test "$caught" = 1
is "report -o and SIGTERM: no temporary file left" "" \
    "$(ls -A "$T/out")"

# --- Empty files and read-only directories ------------------------------
# Bug: a 0-byte --db was refused by pods ("it is empty") but report,
# analyze and the TUI wrote a 40-table schema into it.  Only import makes
# a database; the others refuse an empty file as a missing one.
for c in pods report analyze "timeline kafka-2"; do
	: >"$T/empty.db"	# each command on an empty file of its own
	# shellcheck disable=SC2086
	run "$CORONER" $c --db "$T/empty.db"
	is "$c on an empty --db: exit" 1 "$status"
	says "$c on an empty --db: says so" \
	    "empty.db: not a coroner database: it is empty (coroner import makes one)"
	is "$c on an empty --db: still empty" 0 \
	    "$(wc -c <"$T/empty.db" | tr -d ' ')"
done

# Bug: a database in a directory that cannot be written made even pods
# and report say "not a coroner database: attempt to write a readonly
# database" (SQLite could not make its -shm file there).  Readers read it
# (as it is on disk), analyze says why it cannot write, and a -wal
# holding changes that cannot be read without a -shm is refused, saying
# so.  As root, the readers run as nobody, whom permissions bind.
reader=
if [ "$(id -u)" = 0 ]; then
	reader="setpriv --reuid=65534 --regid=65534 --clear-groups"
	command -v setpriv >/dev/null 2>&1 || reader=skip
fi
if [ "$reader" = skip ]; then
	echo "hostile: setpriv missing: read-only directories unchecked"
else
	mkdir -p "$T/rodir" "$T/walsrc" "$T/rowal"
	"$CORONER" import -q --db "$T/rodir/c.db" \
	    "$top/samples/grace-budget" >/dev/null 2>&1
	"$CORONER" analyze --db "$T/rodir/c.db" >/dev/null 2>&1
	cp "$T/rodir/c.db" "$T/walsrc/c.db"
	# a copy taken while a connection holds a commit in its -wal
	printf '%s\n' "PRAGMA wal_autocheckpoint = 0;" \
	    "INSERT INTO meta VALUES ('hostile', 1);" \
	    ".shell cp '$T/walsrc/c.db' '$T/walsrc/c.db-wal' '$T/rowal/'" |
	    sqlite3 "$T/walsrc/c.db" >/dev/null 2>&1
	chmod 555 "$T/rodir" "$T/rowal"
	chmod 711 "$T"
	for c in "timeline returns-api-7d9f8b6c5-x2kq9" pods report; do
		# shellcheck disable=SC2086
		trun $reader "$CORONER" $c --db "$T/rodir/c.db"
		is "$c in a read-only directory: exit" 0 "$status"
		ok "$c in a read-only directory: no error" test ! -s "$T/.err"
	done
	ok "report in a read-only directory: the stored findings" \
	    grep -q grace-budget-too-small "$T/.out"
	# shellcheck disable=SC2086
	trun $reader "$CORONER" analyze --db "$T/rodir/c.db"
	is "analyze in a read-only directory: exit" 1 "$status"
	says "analyze in a read-only directory: why" \
	    "rodir/c.db: cannot be written: Permission denied"
	# import says the same (it said "cannot be read"), and of a new
	# database there, that it cannot be made
	# shellcheck disable=SC2086
	trun $reader "$CORONER" import --db "$T/rodir/c.db" \
	    "$top/samples/ingress-lag/events.json"
	is "import in a read-only directory: exit" 1 "$status"
	says "import in a read-only directory: why" \
	    "rodir/c.db: cannot be written: Permission denied"
	# shellcheck disable=SC2086
	trun $reader "$CORONER" import --db "$T/rodir/new.db" \
	    "$top/samples/ingress-lag/events.json"
	says "import of a new database in a read-only directory: why" \
	    "rodir/new.db: cannot be made: $T/rodir is not writable"
	# shellcheck disable=SC2086
	trun $reader "$CORONER" pods --db "$T/rowal/c.db"
	is "a -wal with changes in a read-only directory: exit" 1 "$status"
	says "a -wal with changes in a read-only directory: why" \
	    "rowal/c.db: cannot be read: its log"
	ok "read-only directories: nothing made in them" test \
	    "$(ls "$T/rodir" "$T/rowal" | tr '\n' ' ')" = \
	    "$T/rodir: c.db  $T/rowal: c.db c.db-wal "
	chmod 755 "$T/rodir" "$T/rowal"
	chmod 700 "$T"
fi

# --- Options anywhere -------------------------------------------------
# Bug: "coroner import x.log --db y.db" wrote into ./coroner.db.
mkdir -p "$T/cwd" && cd "$T/cwd" || exit 1
run "$CORONER" import "$K" --db "$T/after.db" -q
is "options after paths: exit" 0 "$status"
is "options after paths: into --db" 3 \
    "$(sqlite3 "$T/after.db" 'SELECT count(*) FROM events')"
ok "options after paths: no ./coroner.db" test ! -e coroner.db
run "$CORONER" pods "--db=$T/after.db" --json
is "pods: options in any order" 0 "$status"
run "$CORONER" analyze --json --db "$T/after.db"
is "analyze: options in any order" 0 "$status"
run "$CORONER" report --format md -o "$T/r.md" --db "$T/after.db"
is "report: options in any order" 0 "$status"
cp "$P" ./-pod.json
run "$CORONER" import --db "$T/after.db" -- -pod.json
is "-- ends the options" 0 "$status"
ok "-- ends the options: the file imported" grep -q '^-pod.json: k8s-pods' \
    "$T/.out"
run "$CORONER" timeline kafka-2 --db "$T/after.db"
is "timeline: POD before --db" 0 "$status"
ok "no ./coroner.db at the end" test ! -e coroner.db
cd "$top" || exit 1

# --- Two imports at once ---------------------------------------------
# Bug: two imports started together on a database of an older schema:
# the second migrated it again after the first had ("table requests may
# not be altered"), and its requests took the numbers the first had
# written; and, one start in fifty, leaving its rollback journal for
# WAL failed at once ("database is locked": SQLite does not wait for
# that lock).  Both land, each request once, each attempt its own id.
zstd -dc "$top/samples/grace-budget/ingress-nginx.log.zst" >"$T/both.log"
half=$(($(wc -l <"$T/both.log") / 2))
head -n "$half" "$T/both.log" >"$T/first.log"
tail -n +"$((half + 1))" "$T/both.log" >"$T/second.log"
for k in 1 2 3 4 5 6 7 8 9 10; do
	rm -f "$T/two.db"*
	sqlite3 "$T/two.db" <"$top/tests/e2e/old/v2.sql"
	"$CORONER" import -q --db "$T/two.db" "$T/first.log" \
	    >"$T/two1.out" 2>&1 &
	p1=$!
	"$CORONER" import -q --db "$T/two.db" "$T/second.log" \
	    >"$T/two2.out" 2>&1
	s2=$?
	wait "$p1"
	is "two imports at once ($k): both land" "0 0" "$? $s2"
	is "two imports at once ($k): every attempt once" \
	    "$(wc -l <"$T/both.log" | tr -d ' ') 1" "$("$CORONER" sql --db \
	    "$T/two.db" 'SELECT count(DISTINCT req), count(*) = count(DISTINCT
	    id) FROM requests' | tail -n 1 | tr '\t' ' ')"
done

# --- A damaged block of requests ---------------------------------------
# A block whose bytes were changed by hand (not zstd, a cut frame, a
# frame of other content) is refused with its row named when it is read,
# never read past its end; the blocks beside it and the rest still read.
dmg=$T/damaged.db
"$CORONER" import -q --db "$dmg" "$top/samples/grace-budget/ingress-nginx.log.zst"
good=$("$CORONER" sql --db "$dmg" 'SELECT count(*) FROM requests' | tail -n 1)
ok "damaged block: requests read before" test "$good" -gt 0
for bad in "x'00112233'" "substr(data, 1, length(data) / 2)" \
    "x'28b52ffd2000110000ff01000000000000000000'" "zeroblob(100)"; do
	cp "$dmg" "$T/d2.db"
	sqlite3 "$T/d2.db" "UPDATE request_data SET data = $bad"
	run "$CORONER" sql --db "$T/d2.db" 'SELECT count(*) FROM requests'
	is "damaged block $bad: exit" 1 "$status"
	ok "damaged block $bad: says which" grep -q \
	    'request_data, the block of row 1: a block of requests' "$T/.err"
	run "$CORONER" sql --db "$T/d2.db" 'SELECT count(*) FROM pods'
	is "damaged block $bad: the rest reads" 0 "$status"
done
run "$CORONER" report --db "$T/d2.db" --format md -o "$T/d2.md"
is "damaged block: the report still made" 0 "$status"

finish hostile
