#!/bin/sh
# run.sh: "make bench" (the README, Speed).  Generates ingress-nginx logs with
# tests/bench/gen-nginx (1 M and 5 M lines, plain and .zst), times
# "coroner import" on them and the peers on the same data (sqlite3's
# .import of the same rows as TSV, lnav, goaccess), and prints one table
# with the targets, each PASS or MISS.  It measures and never fails: a
# missing peer or a failed import is a row that says so; exit status 0.
#
#	sh tests/bench/run.sh [COR [GEN [DIR]]]
#
# COR is the coroner binary (./coroner), GEN the generator (build/gen-nginx),
# DIR a scratch directory for the big files (without it, one is made under
# /tmp and removed at the end).  Seconds are wall-clock, peak RSS comes from
# /usr/bin/time.  The run keeps to a budget of BENCH_BUDGET seconds (240):
# a step that would pass it is cut off and its row says so.  BENCH_SMALL
# and BENCH_LARGE change the line counts (for trying the script out).
set -u

cor=${1:-./coroner}
gen=${2:-build/gen-nginx}
dir=${3:-}
budget=${BENCH_BUDGET:-240}
L1=${BENCH_SMALL:-1000000}
L5=${BENCH_LARGE:-5000000}
deadline=$(($(date +%s) + budget))

own=0
if [ -z "$dir" ]; then
	dir=$(mktemp -d /tmp/coroner-bench.XXXXXX) || exit 0
	own=1
fi
trap 'if [ "$own" -eq 1 ]; then rm -rf "$dir"; fi' EXIT
trap 'exit 0' INT TERM
rows=$dir/rows
: >"$rows"

say()
{
	echo "bench: $*" >&2
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

size()
{
	if [ -f "$1" ]; then
		wc -c <"$1" | tr -d ' '
	else
		echo 0
	fi
}

# The size of a file in MB, rounded.
mb()
{
	awk -v b="$(size "$1")" 'BEGIN { printf "%.0f", b / 1e6 }'
}

# row KEY WHAT LINES BYTES SECONDS RSS_KB NOTE: one line of the table.
row()
{
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" \
	    "$6" "$7" >>"$rows"
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

# coroner_row KEY WHAT LINES PLAIN FILE PODSDB: times the import of FILE
# into a copy of PODSDB (the pods already imported).
coroner_row()
{
	key=$1 what=$2 lines=$3 plain=$4 file=$5 pods=$6
	db=$dir/run.db
	rm -f "$db" "$db-journal" "$db-wal" "$db-shm"
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
	[ -s "$pods" ] && cp "$pods" "$db"
	say "$what"
	measure 150 "$cor" import --db "$db" "$file"
	note=$why
	if [ -z "$note" ] && have sqlite3; then
		# one row a request, or one an upstream attempt
		n=$(sqlite3 "$db" 'SELECT count(*) FROM requests' 2>/dev/null)
		if [ "${n:-0}" -lt "$lines" ] 2>/dev/null; then
			note="failed: ${n:-no} rows stored"
		fi
	fi
	[ -s "$pods" ] || note="${note:+$note; }no pods imported"
	row "$key" "$what" "$lines" "$(size "$plain")" "$secs" "$rss_kb" \
	    "$note"
	rm -f "$db" "$db-journal" "$db-wal" "$db-shm"
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

# coroner's requests table when this was written (src/store.c), for
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

# zst_row KEY LINES PLAIN PODSDB: coroner on PLAIN.zst, or why not.
zst_row()
{
	if [ ! -x "$cor" ]; then
		row "$1" "coroner import .zst" "$2" "$(size "$3")" "" "" \
		    "failed: $cor not built"
	elif [ -s "$3.zst" ]; then
		coroner_row "$1" "coroner import .zst ($(mb "$3.zst") MB)" \
		    "$2" "$3" "$3.zst" "$4"
	elif [ ! -s "$3" ]; then
		row "$1" "coroner import .zst" "$2" 0 "" "" "$noinput"
	else
		row "$1" "coroner import .zst" "$2" "$(size "$3")" "" "" \
		    "failed: zstd $(have zstd && echo failed ||
		    echo not installed)"
	fi
	rm -f "$3.zst"
}

# sqlite_row PODSDB: sqlite3 .import of the same requests as TSV into a
# table made like coroner's requests table in PODSDB (or, without it, as
# it was when this was written), in the same columns.
sqlite_row()
{
	what="sqlite3 .import (TSV)"
	if ! have sqlite3; then
		row sql1 "$what" "$L1" 0 "" "" "not installed"
		return
	fi
	create=""
	cols=""
	if [ -s "$1" ]; then
		create=$(sqlite3 "$1" "SELECT sql || ';' FROM sqlite_master
		    WHERE type = 'table' AND name = 'requests'" 2>/dev/null)
		cols=$(sqlite3 "$1" "SELECT group_concat(name, ',')
		    FROM pragma_table_info('requests')" 2>/dev/null)
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
	rm -f "$dir/sqlite.db"
	measure 60 sqlite3 "$dir/sqlite.db" ".read $dir/import.sql"
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

lnav_row()
{
	what="lnav -n count(*) access_log"
	if ! have lnav; then
		row lnav1 "$what" "$L1" "$(size "$1")" "" "" "not installed"
		return
	fi
	if [ ! -s "$1" ]; then
		row lnav1 "$what" "$L1" 0 "" "" "$noinput"
		return
	fi
	say "$what"
	measure 60 env HOME="$dir/home" lnav -n -c \
	    ';SELECT count(*) FROM access_log' "$1"
	note=$why
	if [ -z "$note" ]; then
		n=$(grep -E '^[[:space:]]*[0-9]+[[:space:]]*$' "$dir/out" |
		    tr -d ' ')
		[ "$n" = "$L1" ] || note="counted ${n:-nothing}"
	fi
	row lnav1 "$what" "$L1" "$(size "$1")" "$secs" "$rss_kb" "$note"
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
lnav_row "$log1"
goaccess_row "$log1"
rm -f "$log1" "$dir/pods-1m.db"

# 5 M lines: coroner only.
log5=$dir/nginx-5m.log
if [ "$(limit 300)" -lt 60 ]; then
	row cor5 "coroner import" "$L5" 0 "" "" "skipped: out of time budget"
	row cor5z "coroner import .zst" "$L5" 0 "" "" \
	    "skipped: out of time budget"
else
	pods_db "$L5" "$dir/pods-5m.db"
	prepare "$log5" "$L5"
	coroner_row cor5 "coroner import" "$L5" "$log5" "$log5" \
	    "$dir/pods-5m.db"
	zst_row cor5z "$L5" "$log5" "$dir/pods-5m.db"
	rm -f "$log5" "$dir/pods-5m.db"
fi

# The table, then the targets.
awk -F '\t' -v goal_lnav=2 -v goal_sql=4 -v goal_zst=1.2 -v goal_rss=100 '
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
function ratio(i,    k, base) {
	k = key[i]
	if (!ok[k])
		return ""
	if (k == "cor1z" && tsec("cor1") > 0)
		return sprintf("%.2f of plain", tsec(k) / tsec("cor1"))
	if (k == "cor5z" && tsec("cor5") > 0)
		return sprintf("%.2f of plain", tsec(k) / tsec("cor5"))
	if (k ~ /^(sql1|lnav1|ga1)$/ && tsec("cor1") > 0)
		return sprintf("%.2fx coroner", tsec(k) / tsec("cor1"))
	return ""
}
function verdict(pass) { return pass ? "PASS" : "MISS" }
END {
	fmt = "%-40s %9s %7s %7s %9s %7s %7s  %s\n"
	printf fmt, "what", "lines", "MB", "s", "lines/s", "MB/s", "RSS MB",
	    "ratio"
	for (i = 1; i <= NR; i++) {
		mb = bytes[i] > 0 ? sprintf("%.1f", bytes[i] / 1e6) : "-"
		if (secs[i] == "" || note[i] ~ /^(failed|skipped|not inst)/) {
			printf "%-40s %9s %7s  %s\n", what[i], grp(lines[i]),
			    mb, note[i]
			continue
		}
		t = secs[i] > 0 ? secs[i] : 0.01
		mbs = bytes[i] > 0 ? sprintf("%.1f", bytes[i] / 1e6 / t) : "-"
		rmb = rss[i] != "" ? sprintf("%.1f", rss[i] / 1024) : "-"
		extra = note[i] != "" ? "  (" note[i] ")" : ""
		printf fmt, what[i], grp(lines[i]), mb, sprintf("%.2f", t),
		    grp(lines[i] / t), mbs, rmb, ratio(i) extra
	}
	print ""
	print "ratio: a peer'"'"'s seconds / coroner'"'"'s on the same" \
	    " 1 M lines; a .zst row'"'"'s seconds / the plain row'"'"'s."
	print "MB: the uncompressed input (the TSV for sqlite3);" \
	    " goaccess parses the combined part of each line."
	print ""
	tf = "%-48s %-22s %s\n"
	printf tf, "target (README, Speed)", "measured", "result"
	if (tsec("cor1") > 0 && tsec("lnav1") > 0) {
		r = tsec("lnav1") / tsec("cor1")
		printf tf, "coroner >= 2x faster than lnav (1 M lines)",
		    sprintf("%.2fx", r), verdict(r >= goal_lnav)
	} else
		printf tf, "coroner >= 2x faster than lnav (1 M lines)",
		    "not measured", "MISS"
	if (tsec("cor1") > 0 && tsec("sql1") > 0) {
		r = tsec("sql1") / tsec("cor1")
		printf tf, "coroner >= 4x faster than sqlite3 .import (1 M)",
		    sprintf("%.2fx", r), verdict(r >= goal_sql)
	} else
		printf tf, "coroner >= 4x faster than sqlite3 .import (1 M)",
		    "not measured", "MISS"
	m = ""; worst = 0
	if (tsec("cor1") > 0 && tsec("cor1z") > 0) {
		r = tsec("cor1z") / tsec("cor1"); m = sprintf("%.2f (1 M)", r)
		worst = r
	}
	if (tsec("cor5") > 0 && tsec("cor5z") > 0) {
		r = tsec("cor5z") / tsec("cor5")
		m = m (m != "" ? ", " : "") sprintf("%.2f (5 M)", r)
		if (r > worst)
			worst = r
	}
	printf tf, ".zst within 1.2x of plain", m != "" ? m : "not measured",
	    m != "" ? verdict(worst <= goal_zst) : "MISS"
	m = ""; worst = 0
	for (i = 1; i <= NR; i++)
		if ((key[i] == "cor5" || key[i] == "cor5z") && ok[key[i]] &&
		    rss[i] != "") {
			r = rss[i] / 1024
			if (r > worst)
				worst = r
			m = sprintf("%.1f MB", worst)
		}
	printf tf, "peak RSS < 100 MB at 5 M lines",
	    m != "" ? m : "not measured",
	    m != "" ? verdict(worst < goal_rss) : "MISS"
}' "$rows"
exit 0
