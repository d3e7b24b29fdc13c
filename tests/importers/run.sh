#!/bin/sh
# run.sh: the importer golden tests.  Each tests/importers/FORMAT/CASE/
# holds "input" (any name starting with "input": input.zst, input.tar.gz)
# and either "expected" (the dump, byte for byte, exit 0) or "error" (the
# dump of an input that cannot be read at all, exit 1).  A file "args"
# adds options to the dump (e.g. "-a k8s-events").  On a mismatch the
# diff is printed.  UPDATE=1 rewrites the expected files instead.
set -u
here=$(cd "$(dirname "$0")" && pwd)
DUMP=${DUMP:-build/dump}
pass=0 fail=0
for dir in "$here"/*/*/; do
	dir=${dir%/}
	name=${dir#"$here"/}
	input=$(ls "$dir"/input* 2>/dev/null | head -n 1)
	if [ -z "$input" ]; then
		echo "FAIL $name: no input file"
		fail=$((fail + 1))
		continue
	fi
	args=""
	[ -f "$dir/args" ] && args=$(cat "$dir/args")
	want=expected
	[ -f "$dir/error" ] && want=error
	got=$(mktemp)
	# shellcheck disable=SC2086
	# a hang is a failure too (exit 124), not a suite that never ends
	(cd "$dir" && timeout 300 "$DUMP" $args "$(basename "$input")") \
	    >"$got" 2>&1
	status=$?
	if [ "${UPDATE:-}" = 1 ]; then
		cp "$got" "$dir/$want"
	fi
	if [ "$want" = error ] && [ "$status" -ne 1 ]; then
		echo "FAIL $name: exit $status, expected 1"
		fail=$((fail + 1))
	elif [ "$want" = expected ] && [ "$status" -ne 0 ]; then
		echo "FAIL $name: exit $status, expected 0"
		cat "$got"
		fail=$((fail + 1))
	elif ! diff -u "$dir/$want" "$got" >"$got.diff"; then
		echo "FAIL $name: output differs from $want"
		cat "$got.diff"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
	rm -f "$got" "$got.diff"
done
echo "importers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
