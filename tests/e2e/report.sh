#!/bin/sh
# report.sh: "coroner report" end to end on generated incidents
# (tests/gen/incident.py grace-budget, and records-lost when the records
# importer works): the JSON against the contract of coroner(1), REPORT
# JSON (every field with its type), the Markdown (headings, one per
# finding, tables intact), the HTML (one self-contained file: no scripts, no external
# references, an SVG timeline per finding), that the analysis runs first
# when there are no findings and that stored findings are shown as they
# are, -o writing atomically, usage errors, and that hostile text in the
# data (a record key "<script>alert(1)</script>", Markdown syntax, an
# escape byte) is escaped in both documents.
. "$(dirname "$0")/lib.inc"

# The contract of coroner(1), REPORT JSON, one named jq check per line.
cat >"$T/contract.jq" <<'EOF'
def sn: type == "string" or type == "null";
def time: type == "null" or (type == "string" and
    test("^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z$"));
def kinds: ["sigkill-at-grace-deadline", "grace-budget-too-small",
    "traffic-after-shutdown", "sidecar-exited-before-app",
    "app-started-before-proxy", "job-held-by-sidecar", "job-overran",
    "records-lost-at-termination", "records-missing", "oom-killed",
    "5xx-burst"];
{
  "top-level": (type == "object" and (keys | sort) == (["findings",
      "format", "generated_at", "sources", "summary", "window"])),
  "format": (.format == "coroner-report/1"),
  "generated_at": (.generated_at | type == "string" and time),
  "window": (.window | type == "object" and (.start | time) and
      (.end | time) and (.basis | type == "string" and length > 0)),
  "sources": (.sources | type == "array" and length > 0 and all(.[];
      type == "object" and (.path | type == "string") and
      (.member | type == "string" or type == "null") and
      (.format | type == "string") and (.rows | type == "number") and
      (.rejected | type == "number"))),
  "summary": (.summary | type == "object" and all(.pods, .rollouts,
      .requests, .failed_requests; type == "number")),
  "findings": (.findings | type == "array" and length > 0),
  "finding-fields": (all(.findings[]; (.id | type == "number") and
      (.kind | type == "string") and (.severity | type == "string") and
      (.namespace | sn) and (.workload | sn) and
      (.pods | type == "array" and all(.[]; type == "string")) and
      (.start | time) and (.end | time) and
      (.summary | type == "string" and length > 0) and
      (.evidence | type == "object") and
      (.recommendation | type == "string" and length > 0))),
  "finding-kinds": (all(.findings[]; .kind as $k | kinds | index($k))),
  "finding-severities": (all(.findings[]; .severity == "critical" or
      .severity == "warning")),
  "finding-ids": ([.findings[].id] == [range(1; (.findings | length) + 1)])
} | to_entries[] | "\(.key) \(.value)"
EOF

# contract NAME FILE: every check of contract.jq passes on FILE.
contract() {
	jq -r -f "$T/contract.jq" "$2" >"$T/contract.out" 2>&1 ||
	    echo "jq-failed false" >"$T/contract.out"
	while read -r check value; do
		is "$1-json-$check" true "$value"
	done <"$T/contract.out"
}

# markdown NAME JSON MD: the Markdown carries the JSON's findings.
markdown() {
	n=$(jq '.findings | length' "$2")
	ok "$1-md-title" grep -q '^# coroner report' "$3"
	for h in '## Summary' '## Sources' '## Findings'; do
		ok "$1-md-$h" grep -qx "$h" "$3"
	done
	is "$1-md-one-heading-per-finding" "$n" "$(grep -cE \
	    '^### [0-9]+\. \[(critical|warning)\] [a-z0-9-]+' "$3")"
	is "$1-md-recommendations" "$n" \
	    "$(grep -c '^\*\*Recommendation:\*\* ' "$3")"
	jq -r '.findings[] | "\(.id) \(.severity) \(.kind)"' "$2" |
	while read -r id sev kind; do
		grep -q "^### $id\. \[$sev\] $kind" "$3" ||
		    echo "FAIL $1-md-heading: no heading for $id $kind"
	done >"$T/headings"
	is "$1-md-headings-match-json" "" "$(cat "$T/headings")"
	is "$1-md-pods-row" "| Pods | $(jq .summary.pods "$2") |" \
	    "$(grep '^| Pods |' "$3")"
	# every table row has as many cells as its table's header
	is "$1-md-tables-intact" "" "$(sed 's/\\|//g' "$3" | awk -F'|' '
	    /^\|/ { if (!intable) { cols = NF; intable = 1 }
		else if (NF != cols) print NR ": " $0; next }
	    { intable = 0 }')"
}

# html NAME JSON HTML: one self-contained file with the same findings.
html() {
	n=$(jq '.findings | length' "$2")
	is "$1-html-doctype" '<!DOCTYPE html>' "$(head -n 1 "$3")"
	is "$1-html-ends" '</html>' "$(tail -n 1 "$3")"
	is "$1-html-no-script" 0 "$(grep -ci '<script' "$3")"
	is "$1-html-no-http" 0 "$(grep -ciE 'https?://' "$3")"
	is "$1-html-no-src" 0 "$(grep -ciE ' src=|@import|url\([^#]' "$3")"
	is "$1-html-no-event-handlers" 0 \
	    "$(grep -ciE '<[^>]* on[a-z]+=' "$3")"
	ok "$1-html-inline-css" grep -q '<style>' "$3"
	# the sheet itself reaches the browser unescaped (a bug once)
	ok "$1-html-css-intact" grep -q 'font:15px/1.5 system-ui,-apple-system,"Segoe UI"' "$3"
	is "$1-html-css-no-entities" 0 "$(sed -n '/<style>/,/<\/style>/p' "$3" | grep -c '&quot;\|&#39;\|&amp;')"
	is "$1-html-one-article-per-finding" "$n" \
	    "$(grep -c '<article class="finding' "$3")"
	is "$1-html-svg-per-finding" "$n" "$(grep -c '<svg class="tl"' "$3")"
	is "$1-html-svg-closed" "$n" "$(grep -c '</svg>' "$3")"
	ok "$1-html-legend" grep -q 'grace deadline (SIGKILL)' "$3"
	jq -r '.findings[].kind' "$2" | sort -u | while read -r kind; do
		grep -q "</span> [0-9]*\. $kind" "$3" ||
		    echo "FAIL $1-html-kind: no $kind"
	done >"$T/kinds"
	is "$1-html-kinds-match-json" "" "$(cat "$T/kinds")"
}

# --- grace-budget: SIGKILLs at the deadline, 502s after SIGTERM ---
python3 "$top/tests/gen/incident.py" grace-budget "$T/gb" || exit 1
db=$T/gb.db
"$CORONER" import -q --db "$db" "$T/gb/pods-watch.json" \
    "$T/gb/events.json" "$T/gb/replicasets.json" \
    "$T/gb/deployments.json" "$T/gb/ingress.log" ||
    echo "FAIL gb: import"
is gb-no-findings-yet 0 "$(sqlite3 "$db" 'SELECT count(*) FROM findings')"
"$CORONER" report --db "$db" --format json >"$T/gb.json" 2>"$T/gb.err"
is gb-json-exit 0 $?
ok gb-analysis-ran-first [ "$(sqlite3 "$db" \
    'SELECT count(*) FROM findings')" -gt 0 ]
contract gb "$T/gb.json"
is gb-json-same-as-analyze "$(jq -c 'del(.generated_at)' "$T/gb.json")" \
    "$("$CORONER" analyze --db "$db" --json 2>/dev/null |
    jq -c 'del(.generated_at)')"
ok gb-sigkill jq -e '[.findings[] | select(.kind ==
    "sigkill-at-grace-deadline")] | length == 1' "$T/gb.json"

"$CORONER" report --db "$db" >"$T/gb.md"
is gb-md-exit 0 $?
markdown gb "$T/gb.json" "$T/gb.md"
ok gb-md-pods-detail grep -q '^| pod | container | deletion | sigterm |' \
    "$T/gb.md"
h='^### [0-9]*\. \[critical\] sigkill-at-grace-deadline — returns/returns-api$'
ok gb-md-kind grep -q "$h" "$T/gb.md"
is gb-md-default-is-md "$(grep -v '^Generated ' "$T/gb.md")" \
    "$("$CORONER" report --db "$db" --format md | grep -v '^Generated ')"

# -o's extension chooses the format in any case; one that names none is
# refused, not written as Markdown
mkdir "$T/ext" "$T/ext/d.x"
"$CORONER" report --db "$db" -o "$T/ext/R.HTML" >/dev/null 2>&1
ok ext-upper-html grep -q '^<!DOCTYPE html>' "$T/ext/R.HTML"
"$CORONER" report --db "$db" -o "$T/ext/d.x/plain" >/dev/null 2>&1
ok ext-none-md grep -q '^# coroner report' "$T/ext/d.x/plain"
"$CORONER" report --db "$db" -o "$T/ext/x.pdf" >/dev/null 2>"$T/ext.err"
is ext-unknown-exit 2 $?
ok ext-unknown-says grep -qF 'x.pdf: its extension names no format' \
    "$T/ext.err"
ok ext-unknown-not-written test ! -e "$T/ext/x.pdf"

mkdir "$T/out"
"$CORONER" report --db "$db" --format html -o "$T/out/report.html"
is gb-html-exit 0 $?
is gb-html-one-file "report.html" "$(ls -A "$T/out")"
html gb "$T/gb.json" "$T/out/report.html"
# a lane per pod, the 137s, failures routed to the pods, the markers
for pod in $(jq -r '.findings[0].pods[]' "$T/gb.json"); do
	grep -q "<title>returns/$pod</title>" "$T/out/report.html" ||
	    echo "FAIL gb-html-lane: no lane for $pod"
done
ok gb-html-exit-codes grep -q '>137 SIGKILL</text>' "$T/out/report.html"
# each exit told once: the kill at the deadline is not also an instance
# "restarted" (the times table listed every SIGKILL twice)
is gb-html-exit-once 0 "$(grep -c ', restarted' "$T/out/report.html")"
ok gb-html-exit-cell grep -q 's exit 137 SIGKILL</td>' \
    "$T/out/report.html"
# no records were compared: the times tables have no Lost column
is gb-html-no-lost-column 0 "$(grep -c '<th class="n">Lost</th>' \
    "$T/out/report.html")"
ok gb-html-failures grep -q '<title>requests failed' "$T/out/report.html"
ok gb-html-sigterm grep -q '<title>SIGTERM 2026-05-12T09:00:35.000Z' \
    "$T/out/report.html"
ok gb-html-deadline grep -qF \
    '<title>grace deadline (SIGKILL) 2026-05-12T09:00:40.000Z' \
    "$T/out/report.html"

# The incident window is the span of the deaths, rollouts and failures
# (the first scale-up at 09:00:00 to the last old pod's SIGKILL at
# 09:02:00), not of every time in the data (the old pods were created at
# 08:00); the 502s after each SIGTERM lie inside it.
is gb-window '["2026-05-12T09:00:00.000Z","2026-05-12T09:02:00.000Z"]' \
    "$(jq -c '[.window.start, .window.end]' "$T/gb.json")"
is gb-window-basis "the span of 3 pods' ends (deletions, exits, kills), \
1 rollout and 12 seconds with failed requests" \
    "$(jq -r .window.basis "$T/gb.json")"
ok gb-md-window-basis grep -q "(UTC): the span of 3 pods' ends" "$T/gb.md"
# With nothing that died, rolled out or failed, the span of everything.
tail='"GET / HTTP/1.1" 200 5 "-" "c" 80 0.010 [web-web-80] [] 10.1.0.5:80 5'
for t in 09:00:00 09:30:00; do
	echo "10.0.0.1 - - [12/May/2026:$t +0000] $tail 0.010 200 a$t"
done >"$T/calm.log"
"$CORONER" import -q --db "$T/calm.db" "$T/calm.log"
"$CORONER" report --db "$T/calm.db" --format json >"$T/calm.json"
is calm-window '["2026-05-12T08:59:59.990Z","2026-05-12T09:29:59.990Z"]' \
    "$(jq -c '[.window.start, .window.end]' "$T/calm.json")"
ok calm-window-basis jq -e '.window.basis | test("^no death, rollout or")' \
    "$T/calm.json"

# -o replaces a file atomically and leaves no temporary file behind
echo old >"$T/out/report.md"
"$CORONER" report --db "$db" -o "$T/out/report.md"
is o-replaces 0 $?
ok o-content grep -q '^# coroner report' "$T/out/report.md"
is o-no-temporary "report.html report.md" "$(ls -A "$T/out" | tr '\n' ' ' |
    sed 's/ $//')"
run "$CORONER" report --db "$db" -o "$T/nowhere/report.md"
is o-bad-directory-exit 1 "$status"
# -o never replaces a database (the open one least of all) or a directory
cp "$db" "$T/copy.db"
run "$CORONER" report --db "$T/copy.db" --format md -o "$T/copy.db"
is o-database-refused 1 "$status"
ok o-database-says grep -q 'copy.db is a SQLite database' "$T/.err"
# without --format, .db names no format: refused before anything is read
run "$CORONER" report --db "$T/copy.db" -o "$T/copy.db"
is o-database-ext-refused 2 "$status"
is o-database-intact ok "$(sqlite3 "$T/copy.db" 'PRAGMA integrity_check')"
# Without --format, -o FILE's extension says which (x.html was Markdown)
"$CORONER" report --db "$db" -o "$T/ext.html" 2>/dev/null
is o-ext-html '<!DOCTYPE html>' "$(head -n 1 "$T/ext.html")"
"$CORONER" report --db "$db" -o "$T/ext.json" 2>/dev/null
is o-ext-json coroner-report/1 "$(jq -r .format "$T/ext.json")"
run "$CORONER" report --db "$db" -o "$T/nodir/r.html"
is o-nodir-exit 1 "$status"
ok o-nodir-says grep -q "no directory $T/nodir to write it in" "$T/.err"
run "$CORONER" report --db "$db" -o "$T/out"
is o-directory-refused 1 "$status"
ok o-directory-says grep -q 'not a regular file' "$T/.err"

# Stored findings are shown as they are: the analysis does not run again.
sqlite3 "$db" "DELETE FROM findings WHERE kind = 'grace-budget-too-small'"
"$CORONER" report --db "$db" --format json >"$T/stored.json"
is stored-findings-shown "$(jq '.findings | length' "$T/gb.json")" \
    "$(jq '.findings | length + 1' "$T/stored.json")"

# Usage errors: 2 and one line saying what is wrong.
run "$CORONER" report --db "$db" --format pdf
is usage-format-exit 2 "$status"
ok usage-format-says grep -q "^coroner report: unknown format 'pdf'" \
    "$T/.err"
run "$CORONER" report --db "$db" extra
is usage-argument-exit 2 "$status"
run "$CORONER" report --db "$db" -o
is usage-o-exit 2 "$status"
run "$CORONER" report --db "$db" --frob
is usage-option-exit 2 "$status"
run "$CORONER" report --db "$T/none.db"
is no-database-exit 1 "$status"
ok no-database-not-created [ ! -e "$T/none.db" ]
run "$CORONER" report --help
is help-exit 0 "$status"
ok help-says grep -q -- '--format' "$T/.out"

# --- records-lost, with hostile record keys ---
if ! "$CORONER" formats | grep -E '^records +' | grep -qi 'csv'; then
	echo "report: the records importer is not built; records-lost skipped"
	finish report
	exit
fi
python3 "$top/tests/gen/incident.py" records-lost "$T/rl" || exit 1
# three keys the courier has and we lost, in the first pod's last
# seconds: markup, Markdown syntax, and a terminal escape sequence
esc=$(printf '\033')
at='2026-05-12 09:00:2'
{
	printf '%s,%s5.500+00:00,x\r\n' '<script>alert(1)</script>' "$at"
	printf '%s,%s6.200+00:00,x\r\n' '# `tick`|pipe *b* [l](y) _u_ &amp;' "$at"
	printf '%s,%s6.700+00:00,x\r\n' "esc${esc}[2Jx" "$at"
} >>"$T/rl/courier.csv"
db=$T/rl.db
"$CORONER" import -q --db "$db" "$T/rl/pods-watch.json" \
    "$T/rl/events.json" "$T/rl/replicasets.json" \
    "$T/rl/deployments.json" || echo "FAIL rl: import"
"$CORONER" import -q --db "$db" --records courier --key parcel_id \
    --time scanned_at "$T/rl/courier.csv" || echo "FAIL rl: courier"
"$CORONER" import -q --db "$db" --records ours --key return.id \
    --time accepted_at "$T/rl/ours.ndjson" || echo "FAIL rl: ours"
"$CORONER" report --db "$db" --format json >"$T/rl.json" 2>/dev/null
is rl-json-exit 0 $?
contract rl "$T/rl.json"
ok rl-key-in-json jq -e '.findings[] | select(.kind ==
    "records-lost-at-termination") | .evidence.sample_keys |
    index("<script>alert(1)</script>")' "$T/rl.json"

"$CORONER" report --db "$db" >"$T/rl.md" 2>/dev/null
is rl-md-exit 0 $?
markdown rl "$T/rl.json" "$T/rl.md"
ok rl-md-lost-heading grep -q \
    '^### [0-9]*\. \[critical\] records-lost-at-termination' "$T/rl.md"
ok rl-md-script-escaped grep -qF '\<script\>alert(1)\</script\>' "$T/rl.md"
is rl-md-no-raw-script 0 "$(grep -cE '(^|[^\\])<script' "$T/rl.md")"
ok rl-md-syntax-escaped grep -qF \
    '\# \`tick\`\|pipe \*b\* \[l\](y) \_u\_ \&amp;' "$T/rl.md"
is rl-md-no-escape-byte 0 "$(grep -c "$esc" "$T/rl.md")"
ok rl-md-escape-shown grep -qF 'esc\\x1b\[2Jx' "$T/rl.md"

"$CORONER" report --db "$db" --format html -o "$T/rl.html" 2>/dev/null
is rl-html-exit 0 $?
html rl "$T/rl.json" "$T/rl.html"
ok rl-html-lost-column grep -q '<th class="n">Lost</th>' "$T/rl.html"
ok rl-html-script-escaped grep -qF \
    '&lt;script&gt;alert(1)&lt;/script&gt;' "$T/rl.html"
ok rl-html-svg-escaped grep -qF \
    '<title>missing record &lt;script&gt;alert(1)&lt;/script&gt; at' \
    "$T/rl.html"
ok rl-html-amp-escaped grep -qF '_u_ &amp;amp;' "$T/rl.html"
is rl-html-no-escape-byte 0 "$(grep -c "$esc" "$T/rl.html")"
ok rl-html-diamonds grep -q '>10 missing</text>' "$T/rl.html"
ok rl-html-no-pod-lane grep -q 'outside every pod&#39;s termination' \
    "$T/rl.html"

# A picture's notes stay inside it (0 to 960 across, 6.4 a glyph): the
# bracket over the slow load balancer's lag ("still routed until 18 to
# 19 s after the deletion request") ran past the picture's left edge.
for s in ingress-lag grace-budget mesh-sidecar; do
	"$CORONER" import -q --db "$T/$s.db" "$top/samples/$s" >/dev/null 2>&1
	"$CORONER" report --db "$T/$s.db" --format html -o "$T/$s.html" \
	    2>/dev/null
	is "$s-html-notes-inside" "" "$(grep -o '<text class="note"[^>]*>[^<]*' \
	    "$T/$s.html" | awk -F'"' '{
		x = $4; a = $8; t = $0; sub(/^[^>]*>/, "", t)
		w = length(t) * 6.4
		lo = a == "end" ? x - w : a == "middle" ? x - w / 2 : x
		if (lo < 0 || lo + w > 960)
			print a, x, t }')"
done
# the lag as every text gives it: the budget's caption too
ok gb-sample-lag-range grep -q 'still routed to the pods for up to 29 s' \
    "$T/grace-budget.html"

# An incident with nothing wrong: its analysis, which found nothing, is
# not run again by every report (and the TUI) that opens it; an import
# makes it due again.
python3 "$top/tests/gen/incident.py" healthy "$T/ok" || exit 1
"$CORONER" import -q --db "$T/ok.db" "$T/ok" >/dev/null 2>&1
"$CORONER" report --db "$T/ok.db" --format json -o "$T/ok1.json" 2>/dev/null
is healthy-no-findings 0 "$(jq '.findings | length' "$T/ok1.json")"
was=$(ls -l --time-style=+%s.%N "$T"/ok.db* | awk '{ print $6, $7 }')
sleep 0.05
"$CORONER" report --db "$T/ok.db" --format json -o "$T/ok2.json" 2>/dev/null
is healthy-not-analyzed-again "$was" \
    "$(ls -l --time-style=+%s.%N "$T"/ok.db* | awk '{ print $6, $7 }')"
# the analysis writes the pods list, an import empties it
wl() {
	"$CORONER" sql --db "$T/ok.db" \
	    "SELECT count(*) > 0 FROM workload_pods" 2>/dev/null | tail -n 1
}
is healthy-listed 1 "$(wl)"
"$CORONER" import -q --db "$T/ok.db" "$top/samples/grace-budget" \
    >/dev/null 2>&1
is healthy-import-unlisted 0 "$(wl)"
"$CORONER" report --db "$T/ok.db" --format json -o "$T/ok3.json" 2>/dev/null
is healthy-analyzed-after-import 1 "$(wl)"
finish report
