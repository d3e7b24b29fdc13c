#!/bin/sh
# windows.sh: the rules find the same given a few workloads at a time
# (by_workload in src/rules.c) as given every pod at once, and those
# that read the store rather than the pods (no_pods) the same beside
# them.  Each incident below is analyzed twice from one import, once
# with CORONER_ANALYZE_CHUNK=1 (a window a workload): the findings
# ("analyze --json", the text, the notes), the pods list and the stored
# tables must be the same.  Between them the incidents make a finding of
# every kind, so that none is compared on nothing; an outage names
# findings of workloads in windows after its own; an outage open at its
# pods' last version lasts to every pod's; the workload that lost
# records is weighed between others; a value that is not a number of
# pods is refused, and a TMPDIR where the windows' file cannot be made
# is named.
. "$(dirname "$0")/lib.inc"
G=$top/tests/gen
KINDS='["sigkill-at-grace-deadline","grace-budget-too-small","oom-killed",
    "sidecar-exited-before-app","traffic-after-shutdown",
    "app-started-before-proxy","job-held-by-sidecar","liveness-restart",
    "evicted","start-failed","grace-overridden","exits-unknown",
    "crash-loop","eviction-blocked","5xx-burst","workload-unavailable",
    "job-overran","job-failed","records-lost-at-termination",
    "records-missing","node-restart"]'

# analyze_as NAME TAG [CHUNK]: NAME's import analyzed into $T/NAME.TAG.*
analyze_as() {
	cp "$T/$1.db" "$T/$1.$2.db"
	CORONER_ANALYZE_CHUNK=${3:-} "$CORONER" analyze --db "$T/$1.$2.db" \
	    --json 2>"$T/$1.$2.err" | jq -S 'del(.generated_at)' \
	    >"$T/$1.$2.json"
	CORONER_ANALYZE_CHUNK=${3:-} "$CORONER" analyze --db "$T/$1.$2.db" \
	    >"$T/$1.$2.txt" 2>>"$T/$1.$2.err"
	"$CORONER" pods --db "$T/$1.$2.db" --json >"$T/$1.$2.pods"
	for t in findings finding_pods missing_records pod_list; do
		echo "$t"
		sqlite3 "$T/$1.$2.db" "SELECT * FROM $t" | sort
	done >"$T/$1.$2.sql"
}

# same NAME: NAME's import analyzed whole and a workload a window, alike
same() {
	analyze_as "$1" whole 0
	analyze_as "$1" windows 1
	for k in json txt err pods sql; do
		ok "$1-same-$k" cmp "$T/$1.whole.$k" "$T/$1.windows.$k"
	done
}

all=$T/kinds
: >"$all"
for x in incident.py:grace-budget deaths.py:crash-loop deaths.py:liveness \
    deaths.py:evicted deaths.py:start-failed deaths.py:node-restart \
    sidecar.py:sidecar late.py:grace-override late.py:no-status \
    late.py:drain slow_lb.py:slow-lb slow_lb.py:slow-lb-burst \
    diagnoses.py:baseline deaths.py:job-failed incident.py:records-lost \
    sidecar.py:sidecar-control:overran; do
	gen=${x%%:*} s=${x#*:} s=${s%%:*}
	python3 "$G/$gen" "$s" "$T/$s" >/dev/null || exit 1
	case $x in
	*:overran)
		# the last Job made to take 40 minutes: job-overran
		s=overran
		mkdir -p "$T/$s"
		cp -R "$T/sidecar-control/." "$T/$s/"
		jq '.items[5].status.completionTime = "2026-05-12T06:40:00Z" |
		    .items[5].status.conditions[0].lastTransitionTime =
		    "2026-05-12T06:40:00Z"' "$T/sidecar-control/jobs.json" \
		    >"$T/$s/jobs.json" ;;
	esac
	"$CORONER" import -q --db "$T/$s.db" "$T/$s"
	is "$s-import" 0 $?
	if [ "$s" = records-lost ]; then
		# the courier's records and ours: reconciled
		"$CORONER" import -q --db "$T/$s.db" --records courier \
		    --key parcel_id --time scanned_at "$T/$s/courier.csv" &&
		    "$CORONER" import -q --db "$T/$s.db" --records ours \
		    --key return.id --time accepted_at "$T/$s/ours.ndjson"
		is records-import 0 $?
	fi
	same "$s"
	jq -c '[.findings[].kind]' "$T/$s.whole.json" >>"$all"
done
is every-kind-compared '[]' "$(jq -sc --argjson k "$KINDS" \
    '$k - (add | unique)' "$all")"

# An outage names the findings around it, of workloads in windows before
# and after its own: named once every window is through.
"$CORONER" import -q --db "$T/around.db" "$T/liveness" "$T/start-failed" \
    "$T/evicted"
is around-import 0 $?
same around
is around-related '["liveness-restart/search","evicted/cache","start-failed/thumbnailer"]' \
    "$(jq -c '.findings as $all | [.findings[] |
    select(.kind == "workload-unavailable") | .evidence.related[] as $r |
    $all[] | select(.id == $r) | "\(.kind)/\(.workload)"]' \
    "$T/around.windows.json")"

# The workload that lost the records is weighed in a window before
# others (drain's, in namespace shop) and after others (slow-lb's,
# checkout): the best is kept from its window to the last.
"$CORONER" import -q --db "$T/lost-around.db" "$T/records-lost" \
    "$T/drain" "$T/slow-lb" &&
    "$CORONER" import -q --db "$T/lost-around.db" --records courier \
    --key parcel_id --time scanned_at "$T/records-lost/courier.csv" &&
    "$CORONER" import -q --db "$T/lost-around.db" --records ours \
    --key return.id --time accepted_at "$T/records-lost/ours.ndjson"
is lost-around-import 0 $?
same lost-around
is lost-around-kinds '["records-lost-at-termination/returns-api","records-missing/null"]' \
    "$(jq -c '[.findings[] | select(.kind | startswith("records")) |
    "\(.kind)/\(.workload)"]' "$T/lost-around.windows.json")"

# An outage still open when its pods' versions end lasts to the end of
# every pod's (drain's, three months on, in other windows): the api's
# pods of diagnoses.py's outage never ready again.
python3 "$G/diagnoses.py" outage "$T/outage" >/dev/null || exit 1
mkdir -p "$T/open"
cp -R "$T/outage/." "$T/open/"
jq -c -s 'group_by(.object.metadata.uid) | map(if length == 3 then .[0:2]
    else . end) | add | .[]' "$T/outage/pods-watch.json" \
    >"$T/open/pods-watch.json"
"$CORONER" import -q --db "$T/open-end.db" "$T/open" "$T/drain"
is open-end-import 0 $?
same open-end
is open-end-until '[["api","2026-06-03T14:16:46.000Z","2026-09-14T07:00:06.000Z"]]' \
    "$(jq -c '[.findings[] | select(.kind == "workload-unavailable") |
    [.workload, .start, .end]]' "$T/open-end.windows.json")"

# a number of pods, or nothing
cp "$T/crash-loop.db" "$T/bad.db"
run env CORONER_ANALYZE_CHUNK=12x "$CORONER" analyze --db "$T/bad.db"
is refused-status 1 "$status"
is refused-names-it 'coroner analyze: CORONER_ANALYZE_CHUNK: "12x" is not a number of pods (coroner(1), ENVIRONMENT)' \
    "$err"
run env CORONER_ANALYZE_CHUNK=0 "$CORONER" analyze --db "$T/bad.db"
is zero-is-all 0 "$status"

# the windows wait in a file under TMPDIR: where none can be made, said,
# and the analysis before kept
sqlite3 "$T/bad.db" 'SELECT count(*) FROM findings' >"$T/bad.before"
run env TMPDIR="$T/none/$(printf '\033[31m')" CORONER_ANALYZE_CHUNK=1 \
    "$CORONER" analyze --db "$T/bad.db"
is no-tmpdir-status 1 "$status"
is no-tmpdir-names-it "coroner analyze: the analysis's windows of pods need a file in $T/none/\\x1b[31m: No such file or directory (TMPDIR: coroner(1), ENVIRONMENT)" \
    "$err"
is no-tmpdir-kept "$(cat "$T/bad.before")" \
    "$(sqlite3 "$T/bad.db" 'SELECT count(*) FROM findings')"
finish windows
