#!/bin/sh
# run.sh: runs every test suite and ends with "N passed, N failed".
#   sh tests/run.sh CORONER UNIT DUMP
# Each suite prints its own "NAME: N passed, N failed" line; this script
# adds them up and exits non-zero on any failure.
#
# The suites run TEST_JOBS at a time (default: the number of cores), the
# slowest first (the list below) so that the long ones do not start last;
# TEST_JOBS=1 runs one at a time.  Each suite's output is kept in a file
# and printed whole when it ends, in the order they end, never mixed with
# another's.  Every suite keeps its files in a private temporary
# directory (tests/e2e/lib.inc) and its tmux server or ClickHouse under
# names and ports of its own, so they can run side by side.
#
# TEST_FAST=1 (make test-fast) leaves out the suites listed as slow
# below, and says which; "make test" runs every one.  TEST_SUITES="tui
# cli" runs only the suites named (unit, importers or a tests/e2e name),
# and names those it left out.  TEST_TIMES=1 adds each suite's seconds
# after its output.
set -u
abs() {
	case $1 in /*) echo "$1" ;; *) echo "$(pwd)/$1" ;; esac
}
CORONER=$(abs "$1") UNIT=$(abs "$2") DUMP=$(abs "$3")
export CORONER DUMP
top=$(cd "$(dirname "$0")/.." && pwd)
CORONER_TESTS=$top/tests		# where the unit tests find their results
export CORONER_TESTS
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# The slowest suites, slowest first: the inputs of 100,000 pods and 3 M
# keys (scale), every file of the Kubernetes corpus (corpus-k8s).
# TEST_FAST=1 leaves these out.
slow="scale corpus-k8s"
# Then the others that take more than a few seconds, slowest first.
next="hostile tui fleet samples late corpus-late deaths importers unit"

jobs=${TEST_JOBS:-$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN \
    2>/dev/null || echo 1)}
case $jobs in ''|*[!0-9]*|0) jobs=1 ;; esac

# The suites in the order they start, one name a line.
{
	for name in $slow $next; do
		case $name in
		unit|importers) echo "$name" ;;
		*) [ -f "$top/tests/e2e/$name.sh" ] && echo "$name" ;;
		esac
	done
	for t in "$top"/tests/e2e/*.sh; do
		name=$(basename "$t" .sh)
		case " $slow $next " in *" $name "*) continue ;; esac
		echo "$name"
	done
} >"$out/.list"
total_p=0 total_f=0
skipped=""
if [ -n "${TEST_SUITES:-}" ]; then
	for name in $TEST_SUITES; do
		grep -qx -- "$name" "$out/.list" && continue
		echo "FAIL run.sh: no suite named $name (TEST_SUITES)"
		total_f=$((total_f + 1))
	done
	while read -r name; do
		case " $TEST_SUITES " in
		*" $name "*) echo "$name" >>"$out/.keep" ;;
		*) skipped="$skipped $name" ;;
		esac
	done <"$out/.list"
	mv "$out/.keep" "$out/.list" 2>/dev/null || : >"$out/.list"
fi
if [ "${TEST_FAST:-}" = 1 ]; then
	for name in $slow; do
		grep -qx "$name" "$out/.list" || continue
		grep -vx "$name" "$out/.list" >"$out/.keep"
		mv "$out/.keep" "$out/.list"
		skipped="$skipped $name"
	done
fi

# start NAME: runs the suite in the background; its output goes to
# NAME.log, its process id to NAME.pid, its exit status to NAME.status
# when it ends
start() {
	date +%s >"$out/$1.start"
	case $1 in
	unit) set -- "$1" "$UNIT" ;;
	importers) set -- "$1" sh "$top/tests/importers/run.sh" ;;
	*) set -- "$1" sh "$top/tests/e2e/$1.sh" ;;
	esac
	(
		name=$1
		shift
		"$@" >"$out/$name.log" 2>&1 &
		echo $! >"$out/$name.pid"
		wait $!
		echo $? >"$out/$name.status.new"
		mv "$out/$name.status.new" "$out/$name.status"
	) &
}
# stop: a suite started in the background ignores SIGINT, so an
# interrupted run sends the running ones SIGTERM; each ends when the
# command it runs does (removing its files), and run.sh waits for them
# (a second interrupt does not wait)
stop() {
	trap - INT TERM HUP
	echo "run.sh: interrupted; stopping:$running"
	for name in $running; do
		[ -f "$out/$name.pid" ] && kill "$(cat "$out/$name.pid")" \
		    2>/dev/null
	done
	wait
	exit 1
}
# collect NAME: prints a finished suite's output and adds up its line
collect() {
	name=$1
	status=$(cat "$out/$name.status")
	cat "$out/$name.log"
	if [ "${TEST_TIMES:-}" = 1 ]; then
		echo "($name: $(($(date +%s) - $(cat "$out/$name.start"))) s)"
	fi
	line=$(grep -E '^[a-z0-9-]+: [0-9]+ passed, [0-9]+ failed' \
	    "$out/$name.log" | tail -n 1)
	if [ -z "$line" ]; then
		echo "$name: crashed or printed no summary (exit $status)"
		total_f=$((total_f + 1))
		return
	fi
	p=$(echo "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
	f=$(echo "$line" | sed -E 's/.* ([0-9]+) failed.*/\1/')
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		f=1
	fi
	total_p=$((total_p + p))
	total_f=$((total_f + f))
}

running=""	# names of the suites started and not yet collected
nrun=0
trap stop INT TERM HUP
exec 3<"$out/.list"
more=1
while [ "$more" = 1 ] || [ "$nrun" -gt 0 ]; do
	# fill the free slots
	while [ "$more" = 1 ] && [ "$nrun" -lt "$jobs" ]; do
		if ! read -r name <&3; then
			more=0
			break
		fi
		start "$name"
		running="$running $name"
		nrun=$((nrun + 1))
	done
	# collect those that ended
	still=""
	for name in $running; do
		if [ -f "$out/$name.status" ]; then
			collect "$name"
			nrun=$((nrun - 1))
		else
			still="$still $name"
		fi
	done
	running=$still
	if [ "$nrun" -gt 0 ] &&
	    { [ "$nrun" -ge "$jobs" ] || [ "$more" = 0 ]; }; then
		sleep 0.2
	fi
done
exec 3<&-
wait
if [ -n "$skipped" ]; then
	echo "not run (TEST_FAST or TEST_SUITES; make test runs them):$skipped"
fi
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
