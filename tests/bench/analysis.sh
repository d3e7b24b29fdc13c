#!/bin/sh
# analysis.sh: the analysis rows of "make bench" (the README, Speed), for
# run.sh's one table.  For 10,000, 100,000 and 1,000,000 pods (of one
# Deployment per 100 pods, tests/bench/gen-k8s: a slim pod watch stream)
# and 10 million ingress-nginx request attempts over their IPs: the
# import, then "coroner analyze", then "coroner export", then the TUI
# (tests/bench/tui.sh).  On the 10,000 pods' also reconciling 2
# million reference records against 2 million actual ones (20,000
# missing) with the same pods' termination windows (tests/bench/gen-big).
# Then "coroner analyze" of 4,000 and 64,000 Jobs of CronJobs (a run a
# minute each, one in five failed, one in 25 slow; tests/bench/gen-k8s
# jobs): each run is weighed against its CronJob's earlier ones.
# Appends rows to ROWS
# ("KEY<TAB>WHAT<TAB>COUNT<TAB>BYTES<TAB>SECONDS<TAB>RSS_KB<TAB>NOTE");
# always exits 0.
#
#	sh tests/bench/analysis.sh CORONER GEN-K8S GEN-BIG DIR ROWS
#
# BENCH_PODS ("10000 100000 1000000"), BENCH_ATTEMPTS (10000000),
# BENCH_RECORDS (2000000) and BENCH_JOBS ("4000 64000") change the sizes.
set -u
. "$(dirname "$0")/common.sh"

coroner=$1 gen=$2 big=$3 dir=$4 rows=$5
PODS=${BENCH_PODS:-10000 100000 1000000}
LINES=${BENCH_ATTEMPTS:-10000000}
RECORDS=${BENCH_RECORDS:-2000000}
JOBS=${BENCH_JOBS:-4000 64000}

# 1000000 -> "1 M", 10000 -> "10 k"
short()
{
	awk -v n="$1" 'BEGIN {
		if (n >= 1e6 && n % 1e6 == 0) printf "%d M", n / 1e6
		else if (n >= 1e3 && n % 1e3 == 0) printf "%d k", n / 1e3
		else printf "%d", n }'
}

# timed KEY WHAT COUNT CMD...: one row (seconds, peak RSS) for CMD.
timed()
{
	key=$1 what=$2 count=$3
	shift 3
	t0=$(date +%s%N)
	if /usr/bin/time -f '%M' -o "$dir/t" "$@" >"$dir/o" 2>"$dir/e"; then
		t1=$(date +%s%N)
		row "$key" "$what" "$count" 0 "$(awk -v a="$t0" -v b="$t1" \
		    'BEGIN { printf "%.2f", (b - a) / 1e9 }')" \
		    "$(tail -n 1 "$dir/t")" ""
	else
		row "$key" "$what" "$count" 0 "" "" "failed: $(grep -v \
		    '^model' "$dir/e" | head -n 1 | tr '\t' ' ' | cut -c 1-60)"
	fi
}

if [ ! -x "$gen" ] || [ ! -x "$coroner" ]; then
	row an "analyze" 0 0 "" "" "failed: $gen or $coroner not built"
	exit 0
fi
first=""
for p in $PODS; do
	w=$((p / 100))
	[ "$w" -ge 1 ] || w=1
	db=$dir/big.db
	rm -f "$db" "$db-wal" "$db-shm" "$db-journal"
	say "generating $p pods and $LINES lines"
	"$gen" -c -s watch "$p" "$w" >"$dir/pods.json"
	"$gen" log "$p" "$LINES" "$w" >"$dir/big.log"
	sync
	timed "ai$p" "import $(short "$p") pods + $(short "$LINES") lines" \
	    "$p" "$coroner" import -q --db "$db" "$dir/pods.json" \
	    "$dir/big.log"
	rm -f "$dir/big.log"
	timed "an$p" "analyze: $(short "$p") pods, $(short "$LINES") attempts" \
	    "$p" "$coroner" analyze --db "$db"
	timed "ex$p" "export: $(short "$p") pods, $(short "$LINES") attempts" \
	    "$p" "$coroner" export --db "$db" --cluster bench -o "$dir/export"
	rm -rf "$dir/export"
	sh "$(dirname "$0")/tui.sh" "$coroner" "$db" "$dir" \
	    "$(short "$p") pods, $(short "$LINES")" |
	    while IFS='	' read -r what s _; do
		row tui "$what" "$p" 0 "$s" "" ""
	done
	if [ -z "$first" ]; then
		first=$p
		mv "$dir/pods.json" "$dir/pods-first.json"
	fi
	rm -f "$db" "$db-wal" "$db-shm" "$db-journal" "$dir/pods.json"
done

# The records against the first size's pods' termination windows.
if [ -n "$first" ] && [ -x "$big" ]; then
	say "generating 2 x $RECORDS records"
	"$big" records "$RECORDS" 20000 >"$dir/ref.csv" 3>"$dir/act.ndjson"
	"$coroner" import -q --db "$dir/rec.db" "$dir/pods-first.json" \
	    >/dev/null 2>&1
	timed rec "import $(short "$RECORDS") reference records (CSV)" \
	    "$RECORDS" "$coroner" import -q --db "$dir/rec.db" --records ref \
	    --key id --time t "$dir/ref.csv"
	timed rec "import $(short "$RECORDS") actual records (NDJSON)" \
	    "$RECORDS" "$coroner" import -q --db "$dir/rec.db" --records act \
	    --key id --time t "$dir/act.ndjson"
	timed recan "reconcile $(short "$RECORDS") x $(short "$RECORDS")" \
	    "$first" "$coroner" analyze --db "$dir/rec.db" --reconcile ref:act
fi
rm -f "$dir/rec.db" "$dir/ref.csv" "$dir/act.ndjson" "$dir/pods-first.json"

# The Jobs of CronJobs (a CronJob per 100 Jobs).
for j in $JOBS; do
	say "generating $j Jobs"
	"$gen" -c jobs "$j" >"$dir/jobs.json"
	rm -f "$dir/jobs.db" "$dir/jobs.db-wal" "$dir/jobs.db-shm"
	"$coroner" import -q --db "$dir/jobs.db" "$dir/jobs.json" \
	    >/dev/null 2>&1
	timed "aj$j" "analyze: $(short "$j") Jobs of CronJobs" "$j" \
	    "$coroner" analyze --db "$dir/jobs.db"
done
rm -f "$dir/jobs.db" "$dir/jobs.db-wal" "$dir/jobs.db-shm" "$dir/jobs.json"
exit 0
