#!/bin/sh
# run.sh: "make bench" (the README, Speed).  Generates ingress-nginx logs with
# tests/bench/gen-nginx (1 M and 8 M lines, plain and .zst), times
# "coroner import" on them and the peers on the same data (sqlite3's
# .import of the same rows as TSV, lnav, goaccess), the same requests as
# Envoy and ALB logs, then the Kubernetes
# JSON rows (tests/bench/k8s.sh: coroner and jq) and the analysis rows
# (tests/bench/analysis.sh: analyze and export at 10 k, 100 k and 1 M
# pods, the TUI, reconciling records), and prints one table of every row
# and the targets, each PASS or MISS with its ratio.  It measures and never
# fails: a missing peer or a failed import is a row that says so; exit
# status 0.
#
#	sh tests/bench/run.sh [COR [GEN [DIR]]]
#
# COR is the coroner binary (./coroner), GEN the generator (build/gen-nginx;
# gen-k8s and gen-big are beside it), DIR a scratch directory for the big
# files (without it, one is made under /tmp and removed at the end).
# Seconds are wall-clock, peak RSS comes from /usr/bin/time.  The access-log
# rows keep to a budget of BENCH_BUDGET seconds (420): a step that would pass
# it is cut off and its row says so.  BENCH_SMALL and BENCH_LARGE change the
# line counts (for trying the script out), BENCH_LARGE_PAIRS the .zst
# pairs at the larger count (3), BENCH_K8S=0 and BENCH_ANALYSIS=0
# leave out those rows; k8s.sh and analysis.sh say what else changes their
# sizes.  BENCH_BASE (a baseline's coroner, which "make bench BASE=REV"
# builds with base.sh) and BENCH_BASE_REV add the regression rows: the
# baseline and today's build in turn on the same 1 M lines, import and
# analyze (BENCH_BASE_ROUNDS rounds, 9), with the median of the rounds'
# ratios among the targets.  The rows the targets weigh against each
# other (coroner's import of the 1 M lines plain and .zst, sqlite3 and
# lnav on them) are each the median of BENCH_RUNS runs (9): one run on a
# shared machine strays by 5 % either way, a median of three still by
# 8 % (the 1 M lines' .zst import, 1.07 s in a run, 0.99 s in eight runs
# alone), and the median of five pairs by 5 % from one run to the next
# (lnav's ratio 2.09x and 1.99x in two runs of 2026-12-06 an hour apart).
# lnav's runs go in turn with coroner's, and its target weighs the
# median of the pairs' ratios: the machine's speed drifted by a third
# within an hour (coroner's import 0.86 to 1.24 s, lnav's 1.73 to 2.7).
set -u
. "$(dirname "$0")/common.sh"

cor=${1:-./coroner}
gen=${2:-build/gen-nginx}
dir=${3:-}
genk8s=$(dirname "$gen")/gen-k8s
genbig=$(dirname "$gen")/gen-big
budget=${BENCH_BUDGET:-420}
L1=${BENCH_SMALL:-1000000}
L5=${BENCH_LARGE:-8000000}
RUNS=${BENCH_RUNS:-9}
LPAIRS=${BENCH_LARGE_PAIRS:-3}
# the start, which the progress lines of k8s.sh and analysis.sh count from
BENCH_T0=$(date +%s)
export BENCH_T0
deadline=$((BENCH_T0 + budget))

own=0
if [ -z "$dir" ]; then
	dir=$(mktemp -d /tmp/coroner-bench.XXXXXX) || exit 0
	own=1
fi
trap 'if [ "$own" -eq 1 ]; then rm -rf "$dir"; fi' EXIT
trap 'exit 0' INT TERM
rows=$dir/rows
: >"$rows"

# ratio_ns A B: A / B as an integer of billionths (a pair's ratio, for
# median_ns).
ratio_ns()
{
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%d", a / b * 1e9 }'
}

# median_ns "NS...": the median of nanoseconds, in seconds to the
# millisecond.
median_ns()
{
	printf '%s\n' $1 | sort -n | awk '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "%.3f", m / 1e9 }'
}

# measure_runs N CAP CMD...: measure, N times (standard output and error
# of the last run kept); secs is the median, rss_kb the largest.  Stops
# at the first failure (why says it).  PREP, when set, is run before
# each run (the state a run starts from), then everything is put on disk:
# the last run's database, deleted, and the copy PREP made would
# otherwise be written back during the next run (a database's own
# fdatasync waits for them: 0.9 s became 1.0 to 1.1 s).
measure_runs()
{
	mr_n=$1 mr_all="" mr_rss=0 mr_i=0
	shift
	while [ "$mr_i" -lt "$mr_n" ]; do
		if [ -n "${PREP:-}" ]; then
			eval "$PREP"
			sync
		fi
		measure "$@"
		[ -n "$why" ] && return
		mr_all="$mr_all $nsecs"
		[ "${rss_kb:-0}" -gt "$mr_rss" ] 2>/dev/null && mr_rss=$rss_kb
		mr_i=$((mr_i + 1))
	done
	secs=$(median_ns "$mr_all")
	rss_kb=$mr_rss
}

have()
{
	command -v "$1" >/dev/null 2>&1
}

# Installs the peers that are missing, one package at a time, when root.
install_peers()
{
	missing=""
	for p in lnav goaccess sqlite3 zstd; do
		have "$p" || missing="$missing $p"
	done
	[ -x /usr/bin/time ] || missing="$missing time"
	[ -n "$missing" ] || return 0
	if [ "$(id -u)" -ne 0 ] || ! have apt-get; then
		say "not installed:$missing (install them as root)"
		return 0
	fi
	say "installing$missing"
	updated=0
	for p in $missing; do
		DEBIAN_FRONTEND=noninteractive timeout 120 apt-get install \
		    -y -q "$p" >/dev/null 2>&1 && continue
		if [ "$updated" -eq 0 ]; then
			updated=1
			timeout 120 apt-get update -q >/dev/null 2>&1
			DEBIAN_FRONTEND=noninteractive timeout 120 \
			    apt-get install -y -q "$p" >/dev/null 2>&1 &&
			    continue
		fi
		say "could not install $p"
	done
}

# Seconds left for a step: the budget's rest, at most $1.
limit()
{
	left=$((deadline - $(date +%s) - 5))
	if [ "$left" -gt "$1" ]; then
		echo "$1"
	else
		echo "$left"
	fi
}

# The size of a file in MB, rounded.
mb()
{
	awk -v b="$(size "$1")" 'BEGIN { printf "%.0f", b / 1e6 }'
}

# measure CAP CMD...: runs CMD (standard output to $dir/out, standard
# error to $dir/err) for at most CAP seconds of the budget.  Sets rc,
# secs, rss_kb, and why (the reason when it failed).
measure()
{
	rc=1
	secs=""
	rss_kb=""
	why=""
	lim=$(limit "$1")
	shift
	if [ "$lim" -lt 10 ]; then
		why="skipped: out of time budget"
		return
	fi
	t0=$(date +%s%N)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -f '%M' -o "$dir/rss" timeout -k 5 "$lim" \
		    "$@" >"$dir/out" 2>"$dir/err"
		rc=$?
		rss_kb=$(tail -n 1 "$dir/rss" 2>/dev/null)
	else
		timeout -k 5 "$lim" "$@" >"$dir/out" 2>"$dir/err"
		rc=$?
	fi
	t1=$(date +%s%N)
	nsecs=$((t1 - t0))
	secs=$(awk -v a="$t0" -v b="$t1" \
	    'BEGIN { printf "%.2f", (b - a) / 1e9 }')
	if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		why="failed: cut off after ${lim} s"
	elif [ "$rc" -ne 0 ]; then
		why=$(grep -iE 'error|fatal|fail|cannot|can.t|no such|not ' \
		    "$dir/err" | head -n 1)
		[ -n "$why" ] || why=$(grep -v '^model:' "$dir/err" |
		    grep . | head -n 1)
		why=$(echo "$why" | sed 's/^coroner: //' | tr '\t' ' ' |
		    cut -c 1-90)
		why="failed: ${why:-exit status $rc}"
	fi
}

# gen_to FILE ARGS...: the generator's output into FILE.
gen_to()
{
	out=$1
	shift
	lim=$(limit 60)
	[ "$lim" -ge 10 ] && timeout "$lim" "$gen" "$@" >"$out" 2>/dev/null
}

# db_from DB [PODSDB]: DB and its journal, log and shared memory removed,
# then DB a copy of PODSDB when there is one (the state an import starts
# from).
db_from()
{
	rm -f "$1" "$1-journal" "$1-wal" "$1-shm"
	[ -n "${2:-}" ] && [ -s "$2" ] && cp "$2" "$1"
	return 0
}

# in_turn N PODSDB PLAIN CAP CHECK CMD...: N pairs in turn, coroner's
# import of PLAIN into a copy of PODSDB, then CMD (for at most CAP
# seconds) from the same state, a sync before each.  CHECK, a function or
# "", judges each CMD run from $dir/out and sets why when it failed.
# Sets other_all (CMD's nanoseconds), other_rss (its largest RSS), pairs
# (CMD's time over the import's, times 1e9, for median_ns) and why (the
# first failure, which ends the pairs).
in_turn()
{
	it_n=$1 it_pods=$2 it_plain=$3 it_cap=$4 it_check=$5 it_i=0
	shift 5
	other_all="" other_rss=0 pairs="" why=""
	while [ "$it_i" -lt "$it_n" ]; do
		db_from "$dir/run.db" "$it_pods"
		sync
		measure 300 "$cor" import --db "$dir/run.db" "$it_plain"
		[ -n "$why" ] && { why="failed: coroner's import: ${why#*: }"
		    break; }
		it_ns=$nsecs
		db_from "$dir/run.db" "$it_pods"
		sync
		measure "$it_cap" "$@"
		[ -z "$why" ] && [ -n "$it_check" ] && $it_check
		[ -n "$why" ] && break
		other_all="$other_all $nsecs"
		[ "${rss_kb:-0}" -gt "$other_rss" ] 2>/dev/null &&
		    other_rss=$rss_kb
		pairs="$pairs $(ratio_ns "$nsecs" "$it_ns")"
		it_i=$((it_i + 1))
	done
	db_from "$dir/run.db"
}

# coroner_row KEY WHAT LINES PLAIN FILE PODSDB: times the import of FILE
# into a copy of PODSDB (the pods already imported).
coroner_row()
{
	key=$1 what=$2 lines=$3 plain=$4 file=$5 pods=$6
	db=$dir/run.db
	db_from "$db"
	if [ ! -x "$cor" ]; then
		row "$key" "$what" "$lines" "$(size "$plain")" "" "" \
		    "failed: $cor not built"
		return
	fi
	if [ ! -s "$file" ]; then
		row "$key" "$what" "$lines" "$(size "$plain")" "" "" \
		    "$noinput"
		return
	fi
	say "$what"
	n=1
	# the rows a target weighs against each other: not one run alone
	[ "$key" = cor1 ] && n=$RUNS
	PREP='db_from "$db" "$pods"'
	measure_runs "$n" 150 "$cor" import --db "$db" "$file"
	PREP=""
	note=$why
	if [ -z "$note" ] && have sqlite3; then
		# one row a request, or one an upstream attempt
		n=$(sqlite3 "$db" 'SELECT coalesce(sum(rows), 0) FROM
		    request_blocks' 2>/dev/null)
		if [ "${n:-0}" -lt "$lines" ] 2>/dev/null; then
			note="failed: ${n:-no} rows stored"
		fi
	fi
	[ -s "$pods" ] || note="${note:+$note; }no pods imported"
	row "$key" "$what" "$lines" "$(size "$plain")" "$secs" "$rss_kb" \
	    "$note"
	# the database it made (with its log), against the log's size
	if [ -z "$note" ] && { [ "$key" = cor1 ] || [ "$key" = corL ]; }
	then
		dbb=$(($(size "$db") + $(size "$db-wal")))
		row "${key}db" "  its database" "$lines" "$dbb" "" "" \
		    "$(awk -v a="$dbb" -v b="$(size "$plain")" \
		    'BEGIN { printf "%.2f of the log", a / b }')"
	fi
	db_from "$db"
}

# pods_db LINES DB: a database holding the pods behind LINES lines.
pods_db()
{
	rm -f "$2"
	[ -x "$cor" ] || return 0
	gen_to "$dir/pods.json" --pods "$1" &&
	    "$cor" import --db "$2" "$dir/pods.json" >/dev/null 2>&1 ||
	    { say "could not import the pod stream"; rm -f "$2"; }
}

# coroner's requests table when this was written (src/store-schema.c), for
# sqlite3 when no coroner database says how it is today.
schema='CREATE TABLE requests (
  id INTEGER PRIMARY KEY, source_id INTEGER NOT NULL,
  start_us INTEGER, end_us INTEGER, duration_us INTEGER,
  method TEXT, host TEXT, path TEXT, protocol TEXT,
  status INTEGER, bytes INTEGER, client TEXT, user_agent TEXT,
  namespace TEXT, service TEXT, upstream_name TEXT, flags TEXT,
  detail TEXT, failure TEXT, request_id TEXT, dialect TEXT,
  line INTEGER);'
columns=id,source_id,start_us,end_us,duration_us,method,host,path,protocol
columns=$columns,status,bytes,client,user_agent,namespace,service
columns=$columns,upstream_name,flags,detail,failure,request_id,dialect,line

# prepare FILE LINES: LINES lines into FILE, and FILE.zst when coroner can
# be measured on it; then everything on disk, so that no write-back of
# these files slows a measurement down.
prepare()
{
	say "generating $2 lines"
	gen_to "$1" "$2" || rm -f "$1"
	if [ -x "$cor" ] && [ -s "$1" ] && have zstd; then
		zstd -q -T0 -f "$1" -o "$1.zst" 2>/dev/null || rm -f "$1.zst"
	fi
	sync
}

# zst_row KEY LINES PLAIN PODSDB: coroner on PLAIN.zst, or why not.  Its
# runs go in turn with the plain file's (BENCH_RUNS pairs at 1 M lines,
# BENCH_LARGE_PAIRS (3) at the larger size: one pair of the same build
# there gave 1.07 to 1.30 within an hour), and the target weighs the
# median of the pairs' ratios, as lnav's.
zst_row()
{
	if [ ! -x "$cor" ]; then
		row "$1" "coroner import .zst" "$2" "$(size "$3")" "" "" \
		    "failed: $cor not built"
	elif [ -s "$3.zst" ]; then
		zst_pairs "$@"
	elif [ ! -s "$3" ]; then
		row "$1" "coroner import .zst" "$2" 0 "" "" "$noinput"
	else
		row "$1" "coroner import .zst" "$2" "$(size "$3")" "" "" \
		    "failed: zstd $(have zstd && echo failed ||
		    echo not installed)"
	fi
	rm -f "$3.zst"
}

# zst_pairs KEY LINES PLAIN PODSDB: the pairs of zst_row.
zst_pairs()
{
	what="coroner import .zst ($(mb "$3.zst") MB)"
	say "$what, in turn with the plain file"
	n=$LPAIRS
	[ "$1" = cor1z ] && n=$RUNS
	in_turn "$n" "$4" "$3" 300 "" "$cor" import --db "$dir/run.db" \
	    "$3.zst"
	turn_rows "$1" "$what" "$2" "$(size "$3")" ".zst / plain" "$n"
}

# turn_rows KEY WHAT LINES BYTES PAIRWHAT N: the rows of in_turn's pairs:
# KEY's (the other command's median, or why it failed) and, not a row of
# the table, _KEYpair, the median of the pairs' ratios a target weighs.
turn_rows()
{
	if [ -n "$why" ]; then
		row "$1" "$2" "$3" "$4" "" "" "$why"
		return
	fi
	row "$1" "$2" "$3" "$4" "$(median_ns "$other_all")" "$other_rss" ""
	row "_${1}pair" "$5, pair by pair" "$3" 0 "$(median_ns "$pairs")" "" \
	    "median of $6 pairs in turn"
}

# sqlite_row PODSDB: sqlite3 .import of the same requests as TSV into a
# table of a row per attempt with the columns of coroner's requests in
# PODSDB (or, without it, as it was when this was written).
sqlite_row()
{
	what="sqlite3 .import (TSV)"
	if ! have sqlite3; then
		row sql1 "$what" "$L1" 0 "" "" "not installed"
		return
	fi
	create=""
	cols=""
	if [ -s "$1" ] && [ -x "$cor" ]; then
		# the virtual table's columns (coroner sql: sqlite3 has no
		# such table), as a table of a row per attempt
		create=$("$cor" sql --db "$1" "SELECT 'CREATE TABLE requests ('
		    || group_concat(name || ' ' || type || iif(name = 'id',
		    ' PRIMARY KEY', ''), ', ') || ');' FROM
		    pragma_table_info('requests')" 2>/dev/null | tail -n +2)
		cols=$("$cor" sql --db "$1" "SELECT group_concat(name, ',')
		    FROM pragma_table_info('requests')" 2>/dev/null |
		    tail -n +2)
	fi
	if [ -z "$create" ] || [ -z "$cols" ]; then
		create=$schema
		cols=$columns
	fi
	if ! gen_to "$dir/requests.tsv" --tsv "$L1" "$cols"; then
		row sql1 "$what" "$L1" 0 "" "" "$noinput"
		return
	fi
	sync
	say "$what"
	printf '%s\n.mode tabs\n.import %s requests\n' "$create" \
	    "$dir/requests.tsv" >"$dir/import.sql"
	PREP='rm -f "$dir/sqlite.db"'
	measure_runs "$RUNS" 60 sqlite3 "$dir/sqlite.db" \
	    ".read $dir/import.sql"
	PREP=""
	note=$why
	if [ -z "$note" ]; then
		n=$(sqlite3 "$dir/sqlite.db" 'SELECT count(*) FROM requests')
		want=$(wc -l <"$dir/requests.tsv" | tr -d ' ')
		if [ "$n" != "$want" ]; then
			note="failed: $n of $want rows stored"
		elif [ "$n" != "$L1" ]; then
			note="$n rows: one per attempt"
		fi
	fi
	row sql1 "$what" "$L1" "$(size "$dir/requests.tsv")" "$secs" \
	    "$rss_kb" "$note"
	rm -f "$dir/sqlite.db" "$dir/requests.tsv"
}

# lnav answering the status query: every line indexed and its status read.
# Its runs go in turn with coroner's import of the same lines (PODS the
# pods' database), and the target weighs the median of the pairs'
# ratios: a machine that drifts between the two rows' runs moves both
# halves of a pair alike.
lnav_row()
{
	what="lnav -n count(*), sum(5xx)"
	if ! have lnav; then
		row lnav1 "$what" "$L1" "$(size "$1")" "" "" "not installed"
		return
	fi
	if [ ! -s "$1" ]; then
		row lnav1 "$what" "$L1" 0 "" "" "$noinput"
		return
	fi
	say "$what, in turn with coroner import"
	in_turn "$RUNS" "$2" "$1" 60 lnav_counted env HOME="$dir/home" \
	    lnav -n -c ';SELECT count(*), sum(sc_status >= 500) FROM access_log' \
	    "$1"
	turn_rows lnav1 "$what" "$L1" "$(size "$1")" "lnav / coroner" "$RUNS"
}

# lnav_counted: whether lnav's last run counted every line (in_turn).
lnav_counted()
{
	n=$(awk '$1 ~ /^[0-9]+$/ && $2 ~ /^[0-9]+$/ { print $1 }' "$dir/out")
	[ "$n" = "$L1" ] || why="failed: counted ${n:-nothing}"
}

goaccess_row()
{
	what="goaccess --log-format=COMBINED"
	if ! have goaccess; then
		row ga1 "$what" "$L1" "$(size "$1")" "" "" "not installed"
		return
	fi
	if [ ! -s "$1" ]; then
		row ga1 "$what" "$L1" 0 "" "" "$noinput"
		return
	fi
	say "$what"
	measure 90 env HOME="$dir/home" goaccess "$1" \
	    --log-format=COMBINED -o /dev/null
	row ga1 "$what" "$L1" "$(size "$1")" "$secs" "$rss_kb" "$why"
}

# other_row KEY WHAT DIALECT PODSDB: the same L1 requests in another
# access-log format, imported by coroner.
other_row()
{
	f=$dir/$3-1m.log
	if gen_to "$f" "--$3" "$L1"; then
		sync
		coroner_row "$1" "$2" "$L1" "$f" "$f" "$4"
	else
		row "$1" "$2" "$L1" 0 "" "" "$noinput"
	fi
	rm -f "$f"
}

# base_rows LOG PODSDB: the baseline build (make bench BASE=REV builds
# it: BENCH_BASE, BENCH_BASE_REV) and today's on the same lines, in turn
# (today, baseline, today, baseline...: BENCH_BASE_ROUNDS, 9, rounds),
# each into a copy of the pods it imported itself, then "analyze" of what
# it imported: rows bcur1 and base1 (import), bcura and basea (analyze),
# each the median of its runs, to the millisecond, and the medians of the
# rounds' ratios (_base1pair, _baseapair), which the targets weigh.
base_rows()
{
	[ -n "${BENCH_BASE:-}" ] || return 0
	rev=${BENCH_BASE_REV:-baseline}
	rounds=${BENCH_BASE_ROUNDS:-9}
	if [ ! -x "$BENCH_BASE" ] || [ ! -s "$1" ]; then
		row base1 "baseline $rev import" "$L1" "$(size "$1")" "" "" \
		    "failed: the baseline did not build, or no input"
		return
	fi
	rm -f "$dir/pods-base.db"
	"$BENCH_BASE" import --db "$dir/pods-base.db" "$dir/pods.json" \
	    >/dev/null 2>&1 || rm -f "$dir/pods-base.db"
	ti="" ta="" bi="" ba="" pi="" pa="" n=0 why_b=""
	round=1
	while [ "$round" -le "$rounds" ]; do
		for who in today base; do
			b=$cor p=$2
			if [ "$who" = base ]; then
				b=$BENCH_BASE p=$dir/pods-base.db
			fi
			db=$dir/cmp.db
			db_from "$db" "$p"
			sync	# as measure_runs does after PREP
			say "$who's import and analyze ($round of $rounds)"
			measure 150 "$b" import --db "$db" "$1"
			i=$nsecs w=$why
			measure 150 "$b" analyze --db "$db"
			a=$nsecs
			[ -n "$why" ] && w=${w:-$why}
			if [ -n "$w" ]; then
				why_b=$w
				continue
			fi
			if [ "$who" = today ]; then
				ti="$ti $i" ta="$ta $a" li=$i la=$a
			else
				bi="$bi $i" ba="$ba $a"
				# the round's pair: today's / the baseline's
				pi="$pi $(ratio_ns "$li" "$i")"
				pa="$pa $(ratio_ns "$la" "$a")"
				n=$((n + 1))
			fi
		done
		round=$((round + 1))
	done
	rm -f "$dir/cmp.db" "$dir/pods-base.db"
	if [ "$n" -ne "$rounds" ] || [ -n "$why_b" ]; then
		row base1 "baseline $rev import" "$L1" "$(size "$1")" "" "" \
		    "${why_b:-failed: a run did not finish}"
		return
	fi
	row bcur1 "coroner import (beside the baseline)" "$L1" \
	    "$(size "$1")" "$(median_ns "$ti")" "" "median of $rounds"
	row base1 "baseline $rev import" "$L1" "$(size "$1")" \
	    "$(median_ns "$bi")" "" ""
	row bcura "coroner analyze (beside the baseline)" "$L1" 0 \
	    "$(median_ns "$ta")" "" "median of $rounds"
	row basea "baseline $rev analyze" "$L1" 0 "$(median_ns "$ba")" "" ""
	row _base1pair "import, today / the baseline, pair by pair" "$L1" 0 \
	    "$(median_ns "$pi")" "" "median of $rounds pairs in turn"
	row _baseapair "analyze, today / the baseline, pair by pair" "$L1" 0 \
	    "$(median_ns "$pa")" "" "median of $rounds pairs in turn"
}

noinput="failed: no input (is $gen built?)"
install_peers
mkdir -p "$dir/home"

# 1 M lines: coroner, then the peers on the same lines.
log1=$dir/nginx-1m.log
pods_db "$L1" "$dir/pods-1m.db"
prepare "$log1" "$L1"
coroner_row cor1 "coroner import" "$L1" "$log1" "$log1" "$dir/pods-1m.db"
zst_row cor1z "$L1" "$log1" "$dir/pods-1m.db"
sqlite_row "$dir/pods-1m.db"
lnav_row "$log1" "$dir/pods-1m.db"
goaccess_row "$log1"
base_rows "$log1" "$dir/pods-1m.db"
rm -f "$log1"
other_row env1 "coroner import Envoy" envoy "$dir/pods-1m.db"
other_row alb1 "coroner import ALB" alb "$dir/pods-1m.db"
rm -f "$dir/pods-1m.db"

# 8 M lines (a busy day): coroner only.
log5=$dir/nginx-8m.log
if [ "$(limit 300)" -lt 60 ]; then
	row corL "coroner import" "$L5" 0 "" "" "skipped: out of time budget"
	row corLz "coroner import .zst" "$L5" 0 "" "" \
	    "skipped: out of time budget"
else
	pods_db "$L5" "$dir/pods-large.db"
	prepare "$log5" "$L5"
	coroner_row corL "coroner import" "$L5" "$log5" "$log5" \
	    "$dir/pods-large.db"
	zst_row corLz "$L5" "$log5" "$dir/pods-large.db"
	rm -f "$log5" "$dir/pods-large.db"
fi

# Kubernetes JSON: coroner and jq on the same files.
[ "${BENCH_K8S:-1}" = 0 ] ||
    sh "$(dirname "$0")/k8s.sh" "$cor" "$genk8s" "$dir" "$rows"

# The analysis at three sizes, the TUI, reconciling.
[ "${BENCH_ANALYSIS:-1}" = 0 ] ||
    sh "$(dirname "$0")/analysis.sh" "$cor" "$genk8s" "$genbig" "$dir" \
    "$rows"

# The table, then the targets ("8 M": the large log's lines).
big=$(awk -v n="$L5" 'BEGIN { printf "%g M", n / 1e6 }')
awk -F '\t' -v goal_lnav=2 -v goal_sql=4 -v goal_zst=1.2 -v goal_rss=100 \
    -v goal_mbs=100 -v goal_jq=3 -v goal_other=1.3 -v goal_rate=0.9 \
    -v goal_noise=1.02 -v runs="$RUNS" -v lpairs="$LPAIRS" \
    -v goal_db=0.3 -v big="$big" '
function grp(n,    s) {
	s = sprintf("%d", n)
	while (s ~ /[0-9][0-9][0-9][0-9]/)
		sub(/[0-9][0-9][0-9]($|,)/, ",&", s)
	return s
}
{
	key[NR] = $1; what[NR] = $2; lines[NR] = $3; bytes[NR] = $4
	secs[NR] = $5; rss[NR] = $6; note[NR] = $7; at[$1] = NR
	ok[$1] = ($5 != "" && $7 !~ /^(failed|skipped|not installed)/)
}
function tsec(k) { return ok[k] ? secs[at[k]] + 0 : -1 }
# analysis, import-for-analysis, export, records and TUI rows: no
# per-line rates
function counted(k) { return k ~ /^(an|ai|ex|rec|tui|bcura|basea)/ }
function ratio(i,    k, base) {
	k = key[i]
	if (!ok[k])
		return ""
	if (k ~ /^cor.z$/ && tsec("_" k "pair") > 0)
		return sprintf("%.2f of plain, in turn", tsec("_" k "pair"))
	if (k == "lnav1" && tsec("_lnav1pair") > 0)
		return sprintf("%.2fx coroner, in turn", tsec("_lnav1pair"))
	if (k ~ /^(sql1|lnav1|ga1)$/ && tsec("cor1") > 0)
		return sprintf("%.2fx coroner", tsec(k) / tsec("cor1"))
	if (k ~ /^(env1|alb1)$/ && mbs(k) > 0 && mbs("cor1") > 0)
		return sprintf("%.2f of nginx per byte", mbs("cor1") / mbs(k))
	if (k == "base1" && tsec("_base1pair") > 0)
		return sprintf("today %.3fx of it, in turn", tsec("_base1pair"))
	if (k == "basea" && tsec("_baseapair") > 0)
		return sprintf("today %.3fx of it, in turn", tsec("_baseapair"))
	base = substr(k, 1, length(k) - 2)
	if (k ~ /^k8s.*jq$/ && tsec(base) > 0)
		return sprintf("%.2fx coroner", tsec(k) / tsec(base))
	return ""
}
function verdict(pass) { return pass ? "PASS" : "MISS" }
# the words a target names row key k by: its row, shortened
function called(k,    s) {
	s = what[at[k]]
	sub(/^coroner (import )?/, "", s)
	sub(/,.*/, "", s)
	return s
}
# target WHAT MEASURED PASS: one line of the targets ("" measured: MISS)
function target(w, m, pass) {
	printf tf, w, m != "" ? m : "not measured",
	    m != "" ? verdict(pass) : "MISS"
}
# the MB/s of row key k, or -1
function mbs(k) {
	if (tsec(k) <= 0 || bytes[at[k]] <= 0)
		return -1
	return bytes[at[k]] / 1e6 / tsec(k)
}
END {
	fmt = "%-40s %9s %7s %7s %9s %7s %7s  %s\n"
	printf fmt, "what", "lines", "MB", "s", "lines/s", "MB/s", "RSS MB",
	    "ratio"
	for (i = 1; i <= NR; i++) {
		if (key[i] ~ /^_/)
			continue
		mb = bytes[i] > 0 ? sprintf("%.1f", bytes[i] / 1e6) : "-"
		if (secs[i] == "" || note[i] ~ /^(failed|skipped|not inst)/) {
			printf "%-40s %9s %7s  %s\n", what[i], grp(lines[i]),
			    mb, note[i]
			continue
		}
		t = secs[i] > 0 ? secs[i] : 0.01
		r = bytes[i] > 0 ? sprintf("%.1f", bytes[i] / 1e6 / t) : "-"
		rmb = rss[i] != "" ? sprintf("%.1f", rss[i] / 1024) : "-"
		extra = note[i] != "" ? "  (" note[i] ")" : ""
		sf = key[i] == "tui" ? "%.3f" : "%.2f"
		lps = counted(key[i]) ? "-" : grp(lines[i] / t)
		printf fmt, what[i], grp(lines[i]), mb, sprintf(sf, secs[i]),
		    lps, r, rmb, ratio(i) extra
	}
	print ""
	print "ratio: a peer'"'"'s seconds / coroner'"'"'s on the same" \
	    " input; a .zst row'"'"'s seconds / the plain row'"'"'s."
	print "lines: lines, objects (Kubernetes JSON), pods (analysis)" \
	    " or records."
	print "MB: the uncompressed input (the TSV for sqlite3);" \
	    " goaccess parses the combined part of each line."
	print "coroner import (plain and .zst), sqlite3 and lnav on the" \
	    " smaller log: each the median of " runs " runs; .zst and" \
	    " lnav in turn with the plain import, their targets the" \
	    " median of the pairs'"'"' ratios; the larger log'"'"'s" \
	    " .zst import the median of " lpairs " pairs in turn; the" \
	    " baseline in turn with today'"'"'s build, its targets the" \
	    " median of the rounds'"'"' ratios."
	print ""
	tf = "%-48s %-30s %s\n"
	printf tf, "target (README, Speed)", "measured", "result"
	m = ""
	if (tsec("_lnav1pair") > 0) {
		r = tsec("_lnav1pair")
		m = sprintf("%.2fx (%d pairs in turn)", r, runs)
	} else if (tsec("cor1") > 0 && tsec("lnav1") > 0) {
		r = tsec("lnav1") / tsec("cor1"); m = sprintf("%.2fx", r)
	}
	target("coroner >= 2x faster than lnav, status query", m,
	    r >= goal_lnav)
	m = ""
	if (tsec("cor1") > 0 && tsec("sql1") > 0) {
		r = tsec("sql1") / tsec("cor1"); m = sprintf("%.2fx", r)
	}
	target("coroner >= 4x faster than sqlite3 .import (1 M)", m,
	    r >= goal_sql)
	m = ""; worst = 0
	if ((r = tsec("_cor1zpair")) > 0) {
		m = sprintf("%.2f (1 M)", r)
		worst = r
	}
	if ((r = tsec("_corLzpair")) > 0) {
		m = m (m != "" ? ", " : "") sprintf("%.2f (%s)", r,
		    big)
		if (r > worst)
			worst = r
	}
	target(".zst within 1.2x of plain", m, worst <= goal_zst)
	# Envoy and ALB: seconds per byte against those of ingress-nginx
	m = ""; worst = -1
	n = split("env1 alb1", ks, " ")
	for (j = 1; j <= n; j++) {
		if (mbs(ks[j]) < 0 || mbs("cor1") < 0) {
			worst = -2
			continue
		}
		r = mbs("cor1") / mbs(ks[j])
		m = m (m != "" ? ", " : "") sprintf("%.2f (%s)", r,
		    ks[j] == "env1" ? "Envoy" : "ALB")
		if (worst != -2 && r > worst)
			worst = r
	}
	if (worst < 0)
		m = ""
	target("Envoy, ALB within 1.3x of nginx per byte", m,
	    worst >= 0 && worst <= goal_other)
	# Kubernetes JSON: the slowest of the three shapes
	m = ""; worst = -1; wj = -1; mj = ""
	n = split("k8sev k8spl k8sw", ks, " ")
	for (j = 1; j <= n; j++) {
		r = mbs(ks[j])
		if (r < 0) {
			worst = -2
			continue
		}
		if (worst != -2 && (worst < 0 || r < worst)) {
			worst = r
			m = sprintf("%.0f MB/s (%s)", r, called(ks[j]))
		}
		if (tsec(ks[j] "jq") > 0) {
			r = tsec(ks[j] "jq") / tsec(ks[j])
			if (wj < 0 || r < wj) {
				wj = r
				mj = sprintf("%.2fx (%s)", r, called(ks[j]))
			}
		} else
			wj = -2
	}
	target("Kubernetes JSON >= 100 MB/s (slowest shape)",
	    worst >= 0 ? m : "", worst >= goal_mbs)
	target("Kubernetes JSON >= 3x jq -c (slowest shape)",
	    wj >= 0 ? mj : "", wj >= goal_jq)
	# the evidence of a week later: each file against jq -c .
	n = split("k8saud k8sgcl", ks, " ")
	for (j = 1; j <= n; j++) {
		w = ks[j] == "k8saud" ? "audit log" : "Cloud Logging export"
		r = mbs(ks[j])
		target(w " >= 100 MB/s", r >= 0 ? sprintf("%.0f MB/s", r) : "",
		    r >= goal_mbs)
		m = ""
		if (tsec(ks[j] "jq") > 0 && tsec(ks[j]) > 0) {
			r = tsec(ks[j] "jq") / tsec(ks[j])
			m = sprintf("%.2fx", r)
		}
		target(w " >= 3x jq -c .", m, m != "" && r >= goal_jq)
		# the analysis of what it holds, as the postmortem runs it
		m = tsec(ks[j] "an") > 0 ? sprintf("%.2f s",
		    tsec(ks[j] "an")) : ""
		short = ks[j] == "k8saud" ? "audit log" : "Cloud Logging"
		target("analyze the " short " pods < 10 s", m,
		    m != "" && tsec(ks[j] "an") < 10)
	}
	# the analysis
	m = tsec("an10000") > 0 ? sprintf("%.2f s", tsec("an10000")) : ""
	target("analyze 10 k pods, 10 M attempts < 10 s", m,
	    tsec("an10000") < 10)
	m = tsec("an1000000") > 0 ? sprintf("%.2f s", tsec("an1000000")) : ""
	target("analyze 1 M pods, 10 M attempts < 60 s", m,
	    tsec("an1000000") < 60)
	m = ""
	if (ok["an1000000"] && rss[at["an1000000"]] != "")
		m = sprintf("%.1f MB", rss[at["an1000000"]] / 1024)
	target("analyze 1 M pods within 100 MB", m,
	    rss[at["an1000000"]] / 1024 < goal_rss)
	m = ""
	if (tsec("an10000") > 0 && tsec("an1000000") > 0) {
		r = tsec("an1000000") / tsec("an10000")
		m = sprintf("x%.1f for x100 pods", r)
	}
	# n log n from 10 k to 1 M pods: x100 * log(1e6) / log(1e4) = x150
	target("analyze grows as O(n log n) (<= x150)", m, r <= 150)
	m = ""
	if (tsec("aj4000") > 0 && tsec("aj64000") > 0) {
		r = tsec("aj64000") / tsec("aj4000")
		m = sprintf("x%.1f for x16 Jobs", r)
	}
	# x16 * log(64000) / log(4000) = x21
	target("analyze grows as O(n log n) in Jobs (<= x21)", m,
	    m != "" && r <= 21)
	m = ""
	if (ok["ex1000000"] && rss[at["ex1000000"]] != "")
		m = sprintf("%.1f MB, %.2f s", rss[at["ex1000000"]] / 1024,
		    tsec("ex1000000"))
	target("export 1 M pods within 100 MB", m,
	    ok["ex1000000"] && rss[at["ex1000000"]] / 1024 < goal_rss)
	m = tsec("recan") > 0 ? sprintf("%.2f s", tsec("recan")) : ""
	target("reconcile 2 M x 2 M records < 10 s", m, tsec("recan") < 10)
	# the TUI at each size the analysis ran at: 100 k and 1 M pods
	# are the sizes of the targets (a size without its rows: MISS)
	split("100000 1000000", tsz, " ")
	for (z = 1; z <= 2; z++) {
		first = slowest = -1
		for (i = 1; i <= NR; i++) {
			if (key[i] != "tui" || lines[i] != tsz[z])
				continue
			if (what[i] ~ /^tui first/)
				first = secs[i] + 0
			if (what[i] ~ /^tui slowest/)
				slowest = secs[i] + 0
		}
		n = tsz[z] == 1000000 ? "1 M" : "100 k"
		m = first < 0 ? "" : sprintf("%.0f ms", first * 1000)
		target("tui first screen < 300 ms, " n " pods", m,
		    first >= 0 && first < 0.3)
		m = slowest < 0 ? "" : sprintf("%.0f ms", slowest * 1000)
		target("tui every key < 100 ms, " n " pods", m,
		    slowest >= 0 && slowest < 0.1)
	}
	# the baseline build (make bench BASE=REV), when there is one: no
	# slower past the noise of the runs (one build against itself,
	# runs in turn: 0.97 to 1.05 pair by pair, the median 1.014),
	# weighed as the lnav target is: the median of the pairs in turn
	if (at["base1"] > 0) {
		m = ""
		if (tsec("_base1pair") > 0) {
			r = tsec("_base1pair")
			m = sprintf("%.3fx the baseline, in turn", r)
		}
		target("import no slower than the baseline (2 %)", m,
		    m != "" && r <= goal_noise)
		m = ""
		if (tsec("_baseapair") > 0) {
			r = tsec("_baseapair")
			m = sprintf("%.3fx the baseline, in turn", r)
		}
		target("analyze no slower than the baseline (2 %)", m,
		    m != "" && r <= goal_noise)
	}
	m = ""; worst = 0
	for (i = 1; i <= NR; i++)
		if ((key[i] == "corL" || key[i] == "corLz") && ok[key[i]] &&
		    rss[i] != "") {
			r = rss[i] / 1024
			if (r > worst)
				worst = r
			m = sprintf("%.1f MB", worst)
		}
	target("peak RSS < 100 MB at " big " lines", m, worst < goal_rss)
	# the large log at the rate of the 1 M one
	m = ""
	if (tsec("corL") > 0 && tsec("cor1") > 0) {
		r = lines[at["corL"]] / tsec("corL")
		r = r * tsec("cor1") / lines[at["cor1"]]
		m = sprintf("%.2fx", r)
	}
	target(big " lines at >= 0.9x the rate of 1 M", m, m != "" &&
	    r >= goal_rate)
	# the database against the log it came from
	m = ""; worst = -1
	n = split("cor1 corL", ks, " ")
	for (j = 1; j <= n; j++) {
		if (at[ks[j] "db"] == 0 || bytes[at[ks[j]]] <= 0)
			continue
		r = bytes[at[ks[j] "db"]] / bytes[at[ks[j]]]
		m = m (m != "" ? ", " : "") sprintf("%.2f (%s)", r,
		    ks[j] == "cor1" ? "1 M" : big)
		if (r > worst)
			worst = r
	}
	target("database <= 0.3x the log", m, m != "" && worst <= goal_db)
	# every row of coroner
	m = ""; worst = 0
	for (i = 1; i <= NR; i++)
		if (key[i] !~ /(jq|^sql1|^lnav1|^ga1|^tui)$/ && ok[key[i]] &&
		    rss[i] != "" && rss[i] / 1024 >= worst) {
			worst = rss[i] / 1024
			m = sprintf("%.1f MB (%s)", worst, called(key[i]))
		}
	target("peak RSS < 100 MB, every coroner row", m, worst < goal_rss)
}' "$rows"
exit 0
