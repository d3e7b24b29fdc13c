#!/bin/sh
# corpus-events.sh: every Kubernetes event list in the shared corpus
# imports with as many events as jq counts items, and importing the same
# file again adds nothing.  Skipped (and said so) when the corpus is not
# beside the repository.
. "$(dirname "$0")/lib.inc"
if [ ! -d "$CORPUS/k8s" ]; then
	echo "corpus-events: skipped: no corpus at $CORPUS"
	finish corpus-events
	exit 0
fi
n=0
# jq asked only of the files that name an EventList or an event's
# object (one jq a file costs more than the imports), and once for both
# whether it is an event list and how many items it holds
find "$CORPUS/k8s" -name '*.json' -type f | sort |
    xargs grep -lF -e EventList -e involvedObject -e regarding >"$T/files"
while read -r f; do
	want=$(jq 'if (.kind == "EventList") or
	    ((.items | type) == "array" and (.items | length) > 0 and
	     (.items[0] | has("involvedObject") or has("regarding")))
	    then .items | length else "no" end' "$f" 2>/dev/null)
	case $want in ''|*[!0-9]*) continue ;; esac
	n=$((n + 1))
	rel=${f#"$CORPUS"/}
	db=$T/c$n.db
	empty_db "$db"
	"$CORONER" import -q --db "$db" "$f" >"$T/out" 2>&1
	is "$rel exit" 0 $?
	is "$rel events" "$want" \
	    "$(sqlite3 "$db" 'SELECT count(*) FROM events')"
	is "$rel source rows" "$want" \
	    "$(sqlite3 "$db" 'SELECT rows FROM sources')"
	"$CORONER" import --db "$db" "$f" >"$T/out" 2>&1
	is "$rel reimport" "$want 1" \
	    "$(sqlite3 "$db" 'SELECT count(*) FROM events') $(sqlite3 \
	    "$db" 'SELECT count(*) FROM sources')"
done <"$T/files"
echo "corpus-events: $n event lists checked"
[ "$n" -ge 10 ] || is "enough event lists" ">= 10" "$n"
finish corpus-events
