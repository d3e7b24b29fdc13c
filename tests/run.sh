#!/bin/sh
# run.sh: runs every test suite and ends with "N passed, N failed".
#   sh tests/run.sh CORONER UNIT DUMP
# Each suite prints its own "NAME: N passed, N failed" line; this script
# adds them up and exits non-zero on any failure.
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
total_p=0 total_f=0
suite() {
	name=$1
	shift
	"$@" >"$out/$name.log" 2>&1
	status=$?
	cat "$out/$name.log"
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
suite unit "$UNIT"
suite importers sh "$top/tests/importers/run.sh"
for t in "$top"/tests/e2e/*.sh; do
	suite "$(basename "$t" .sh)" sh "$t"
done
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
