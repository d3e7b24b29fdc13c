#!/bin/sh
# corpus-access.sh: every file of the shared access-log corpus is read by
# the right importer and dialect, with the expected number of requests,
# and the deliberately malformed lines are rejected at their line numbers.
# The table (file, importer, dialects, requests, rejected lines) is
# compared with tests/e2e/corpus-access.expected; UPDATE=1 rewrites it.
# Each file is read under its whole path, as "coroner import" sees it (a
# path like access/beats-haproxy/haproxy.log looks like NS/POD/C.log).
# Formats coroner does not read (HAProxy's syslog lines) are refused by
# "coroner import" with exit 1 and a message that says so.
# Skipped (and said so) when the corpus is not beside the repository.
. "$(dirname "$0")/lib.inc"
A=$CORPUS/access
G=$top/tests/e2e/corpus-access.expected
DUMP=${DUMP:-$top/build/dump}
if [ ! -d "$A" ]; then
	echo "corpus-access: skipped: no corpus at $CORPUS"
	finish corpus-access
	exit 0
fi
find "$A" -type f ! -name SOURCES.md | sort >"$T/files"
while read -r f; do
	rel=${f#"$A"/}
	"$DUMP" "$f" >"$T/d" 2>&1
	imp=$(sed -n 's/^# //p' "$T/d" | head -n 1)
	[ -n "$imp" ] || imp="(not recognised)"
	grep '^{' "$T/d" >"$T/j"
	dia=$(jq -r 'select(.record == "request") | .dialect' "$T/j" \
	    2>/dev/null | sort -u | paste -sd, -)
	n=$(jq -r 'select(.record == "request") | 1' "$T/j" 2>/dev/null |
	    wc -l | tr -d ' ')
	rej=$(jq -r 'select(.reject != null) | .reject' "$T/j" 2>/dev/null |
	    paste -sd, -)
	printf '%s\t%s\t%s\t%s\t%s\n' "$rel" "$imp" "${dia:--}" "$n" \
	    "${rej:--}"
done <"$T/files" >"$T/table"
[ "${UPDATE:-}" = 1 ] && cp "$T/table" "$G"
if diff -u "$G" "$T/table"; then
	pass=$((pass + 1))
else
	echo "FAIL the access corpus table differs from $G"
	fail=$((fail + 1))
fi
# The ingress-nginx fixture's hand-made lines 27 and 29 are rejected.
is fixture-lines "27,29" "$(awk -F '\t' '$1 ~ /ingress_controller/ {
    print $5 }' "$T/table")"
for f in beats-haproxy/haproxy-default.log beats-haproxy/haproxy-httplog.log \
    lnav/logfile_haproxy.0 lnav/formats-haproxy_log.json.samples.log; do
	run "$CORONER" import --db "$T/h.db" "$A/$f"
	is "haproxy-refused $f" 1 "$status"
	ok "haproxy-says $f" grep -q \
	    "$f: an HAProxy log (syslog lines), not a format coroner" "$T/.err"
done
# nothing stored: the database the first refusal would have made is gone
ok haproxy-nothing-stored sh -c "! test -e '$T/h.db'"
finish corpus-access
