#!/bin/sh
# k8s.sh: the Kubernetes JSON rows of "make bench" (the README, Speed).
# Generates with tests/bench/gen-k8s, in the shapes kubectl writes, an
# EventList (kubectl get events -A -o json), a PodList (kubectl get pods
# -A -o json) and a watch stream of pods (kubectl get pods -A -w -o json
# --output-watch-events), and the evidence a postmortem has a week later:
# an API server audit log (the log backend's file, about 1 GB) and a GKE
# Cloud Logging export (a sink's NDJSON of audit entries, events,
# container and kubelet lines, about 1 GB); times "coroner import" on
# each and jq on the same file (jq -c '.items[]' for a list, jq -c . for
# the others), then "coroner analyze" of the audit log's and the export's
# pods, and appends one row per run to run.sh's table (its ROWS
# file, one line
# "KEY<TAB>WHAT<TAB>OBJECTS<TAB>BYTES<TAB>SECONDS<TAB>RSS_KB<TAB>NOTE").
# Always exits 0.
#
#	sh tests/bench/k8s.sh CORONER GEN-K8S DIR ROWS
#
# BENCH_EVENTS (200,000), BENCH_LIST_PODS (40,000), BENCH_WATCH_PODS
# (15,000), BENCH_AUDIT_PODS (36,000: the pods of the audit log) and
# BENCH_CLOUD_PODS (38,000: of the Cloud Logging export) change the
# sizes; 0 leaves the audit or Cloud Logging rows out.
set -u
. "$(dirname "$0")/common.sh"

cor=$1 gen=$2 dir=$3 rows=$4
EVENTS=${BENCH_EVENTS:-200000}
LPODS=${BENCH_LIST_PODS:-40000}
WPODS=${BENCH_WATCH_PODS:-15000}
APODS=${BENCH_AUDIT_PODS:-36000}
CPODS=${BENCH_CLOUD_PODS:-38000}

# timed CMD...: sets secs, rss_kb and why (empty when it worked).
timed()
{
	why=""
	secs=""
	rss_kb=""
	t0=$(date +%s%N)
	/usr/bin/time -f '%M' -o "$dir/k8s.rss" timeout -k 5 300 "$@" \
	    >"$dir/k8s.out" 2>"$dir/k8s.err"
	rc=$?
	t1=$(date +%s%N)
	secs=$(awk -v a="$t0" -v b="$t1" \
	    'BEGIN { printf "%.2f", (b - a) / 1e9 }')
	rss_kb=$(tail -n 1 "$dir/k8s.rss" 2>/dev/null)
	if [ "$rc" -ne 0 ]; then
		why=$(grep -v '^model:' "$dir/k8s.err" | grep . | head -n 1 |
		    sed 's/^coroner: //' | tr '\t' ' ' | cut -c 1-80)
		why="failed: ${why:-exit status $rc}"
	fi
}

# one KEY WHAT OBJECTS FILE JQ-FILTER [PODS]: coroner, then jq, on FILE;
# with PODS (the evidence of a week later), "coroner analyze" of what it
# imported too, as row KEYan.
one()
{
	key=$1 what=$2 n=$3 file=$4 filter=$5
	if [ ! -s "$file" ]; then
		row "$key" "coroner import $what" "$n" 0 "" "" \
		    "failed: no input (is $gen built?)"
		return
	fi
	say "coroner import $what"
	rm -f "$dir/k8s.db" "$dir/k8s.db-wal" "$dir/k8s.db-shm" \
	    "$dir/k8s.db-journal"
	timed "$cor" import -q --db "$dir/k8s.db" "$file"
	row "$key" "coroner import $what" "$n" "$(size "$file")" "$secs" \
	    "$rss_kb" "$why"
	if [ -n "${6:-}" ] && [ -z "$why" ]; then
		say "coroner analyze $what"
		timed "$cor" analyze --db "$dir/k8s.db"
		row "${key}an" "coroner analyze: $what" "$6" 0 "$secs" \
		    "$rss_kb" "$why"
	fi
	rm -f "$dir/k8s.db" "$dir/k8s.db-wal" "$dir/k8s.db-shm" \
	    "$dir/k8s.db-journal"
	if ! command -v jq >/dev/null 2>&1; then
		row "${key}jq" "jq -c '$filter' $what" "$n" "$(size "$file")" \
		    "" "" "not installed"
		return
	fi
	say "jq -c '$filter' $what"
	timed jq -c "$filter" "$file"
	[ -z "$why" ] && [ "$(wc -l <"$dir/k8s.out")" -ne "$n" ] &&
	    why="failed: jq printed $(wc -l <"$dir/k8s.out") objects"
	row "${key}jq" "jq -c '$filter' $what" "$n" "$(size "$file")" \
	    "$secs" "$rss_kb" "$why"
	rm -f "$dir/k8s.out"
}

if [ ! -x "$gen" ] || [ ! -x "$cor" ]; then
	row k8sev "coroner import EventList" "$EVENTS" 0 "" "" \
	    "failed: $gen or $cor not built"
	exit 0
fi
say "generating Kubernetes JSON"
"$gen" events "$EVENTS" >"$dir/events.json"
sync
one k8sev "EventList" "$EVENTS" "$dir/events.json" '.items[]'
rm -f "$dir/events.json"
"$gen" pods "$LPODS" >"$dir/pods.json"
sync
one k8spl "PodList" "$LPODS" "$dir/pods.json" '.items[]'
rm -f "$dir/pods.json"
"$gen" watch "$WPODS" >"$dir/watch.json"
sync
n=$(grep -c '^{' "$dir/watch.json")
one k8sw "pod watch stream" "$n" "$dir/watch.json" '.'
rm -f "$dir/watch.json"
# lines KEY WHAT MODE PODS FILE: gen-k8s MODE of PODS pods into FILE (one
# entry a line), then coroner and jq -c . on it; PODS 0 leaves it out.
lines()
{
	[ "$4" -gt 0 ] || return 0
	"$gen" "$3" "$4" >"$5"
	sync
	one "$1" "$2 ($(awk -v b="$(size "$5")" \
	    'BEGIN { printf "%.0f", b / 1e6 }') MB)" \
	    "$(wc -l <"$5" | tr -d ' ')" "$5" '.' "$4"
	rm -f "$5"
}
lines k8saud "audit log" audit "$APODS" "$dir/audit.log"
lines k8sgcl "Cloud Logging" cloudlog "$CPODS" "$dir/cloud.ndjson"
exit 0
