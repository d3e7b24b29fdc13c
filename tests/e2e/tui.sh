#!/bin/sh
# tui.sh: the TUI end to end, the real binary in a private tmux server
# of a fixed size, driven with send-keys; every step polls capture-pane
# until the expected text shows (never a fixed sleep).  On the bundled
# sample incident: the pods, a filter to a killed pod, its death view
# stepped to the SIGKILL moment, the rollout view, a finding, the SQL
# prompt, the export, a resize to 80x24 and Q.  Then NO_COLOR, LANG=C,
# TERM=vt100, a crash loop, who deleted the pods and what deployed their
# rollout (samples/week-later, the bundled sample as a control), pods
# deleted by names that are attacks, and a pod whose name holds escape
# sequences.  The rollouts view on the week-later sample and on thirteen
# rollouts of which one failed (tests/gen/diagnoses.py baseline).  A
# week of 40 rollouts on the overview (tests/gen/week.py): zoom, pan, g,
# the legend of its lanes, the deaths under the finding's fix, 80x24.
. "$(dirname "$0")/lib.inc"
if ! command -v tmux >/dev/null 2>&1; then
	echo "tui: skipped: tmux is not installed"
	finish tui
	exit 0
fi
S=$top/samples/grace-budget
db=$T/demo.db
# Sanitizers multiply memory: the RSS bound holds for the plain build.
san=0
case $CORONER in *-san) san=1 ;; esac
# what make demo imports
"$CORONER" import -q --db "$db" "$S" >/dev/null 2>&1
"$CORONER" import -q --db "$db" --records courier --key parcel_id \
    --time scanned_at "$S"/courier.csv.zst >/dev/null 2>&1
"$CORONER" import -q --db "$db" --records ours --key return.id \
    --time accepted_at "$S"/ours.ndjson.zst >/dev/null 2>&1
"$CORONER" analyze --db "$db" --reconcile courier:ours >/dev/null 2>&1

run_n=0
TM=true
# Every wait polls every 0.05 s for up to TUI_WAIT seconds (30 unless
# set): a screen that shows in 0.1 s on an idle machine can take seconds
# when other suites run beside this one (make test) or under ASan.
polls=$((${TUI_WAIT:-30} * 20))
trap '$TM kill-server 2>/dev/null; rm -rf "$T"' EXIT

# start W H ENV: the TUI on $db in a new private server (one per run),
# its exit status printed after it
start() {
	$TM kill-server 2>/dev/null
	run_n=$((run_n + 1))
	TM="tmux -L coroner-test-$$-$run_n -f /dev/null"
	# the shell outlives a Ctrl-C to say how the TUI ended
	$TM new-session -d -x "$1" -y "$2" \
	    "trap : INT; cd '$T' && env $3 '$CORONER' tui --db '$db'; \
	    echo EXIT=\$?; sleep 600"
}
. "$(dirname "$0")/tmux.inc"
keys() {
	$TM send-keys "$@"
}
# step_until PATTERN: n until the screen matches PATTERN (a grep regex),
# each n once the one before has drawn its moment (keys sent ahead of a
# slow screen would step past it); at most 40, and none once an n changes
# nothing (no moment left: the wait_for after it says so)
step_until() {
	n=0
	while [ $n -lt 40 ] && ! screen | grep -q -- "$1"; do
		before=$(screen)
		keys n
		n=$((n + 1))
		i=0
		while [ $i -lt $polls ] && [ "$(screen)" = "$before" ]; do
			sleep 0.05
			i=$((i + 1))
		done
		[ "$(screen)" != "$before" ] || break
	done
}
# the TUI's process id
tui_pid() {
	pgrep -P "$($TM display -p '#{pane_pid}')" -f 'coroner' | head -n 1
}

start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for overview "Incident window"
wait_for overview-findings "sigkill-at-grace-deadline"
# g on the overview: the finding whose window holds the time
keys g
wait_for overview-goto "go to"
keys C-u 12:40:00 Enter
wait_for overview-goto-finding "finding 4 (records-missing) covers it"
# Esc on the first screen stays (q or Q quits)
keys Escape
wait_for overview-esc-stays "This is the first screen: q or Q quits."
keys 2
wait_for pods "grouped by workload, ordered by death"
wait_for pods-columns "FINDINGS"
keys /
wait_for filter-prompt "filter pods:"
keys x2kq9 Enter
wait_for filtered '1 of 12 pods matches "x2kq9"'
# / again starts a new filter, not the old text with the new appended
keys /
wait_for filter-prompt-again "filter pods:"
ok filter-prompt-empty sh -c "$TM capture-pane -p | grep -q 'filter pods: *\$'"
keys Escape
keys Enter
wait_for death "Death returns/returns-api-7d9f8b6c5-x2kq9"
wait_for death-caption "deletion requested: grace 30 s starts"
# n until the SIGKILL moment
step_until 'exit 137 at the grace'
wait_for sigkill-moment "exit 137 at the grace"
ok sigkill-offset sh -c "$TM capture-pane -p | grep -q '+30.0 s .*invoice-writer exit 137 at the grace'"
wait_for sigkill-lane "137 SIGKILL"
# the traffic lanes name what they count: the answered, then the failed,
# never a total of one beside a part of it
ok death-count-ok sh -c "$TM capture-pane -p | grep -q '^[0-9][0-9]* ok  '"
ok death-count-failed sh -c "$TM capture-pane -p |
    grep -q '^[0-9][0-9]* failed\( \|\$\)'"
ok death-count-not-routed sh -c "! $TM capture-pane -p | grep -q '^routed '"
keys a
wait_for rollout "Rollout of returns/returns-api"
wait_for rollout-shared "6 of 6 SIGKILLed at the deadline, at +30.0 s"
# the lag as every text says it (the greatest of the pods'), the records
# by the name the lanes and the pods view give them
wait_for rollout-routed \
    "still routed to 6 of them for up to 29 s after their deletion"
ok rollout-missing-words sh -c "$TM capture-pane -p |
    grep -q 'none failed; 60 records missing\$'"
# the records missing in each pod's window, on a row of its own under its lane
wait_for rollout-lost-row " 10 records missing "
keys 3
wait_for findings "findings, most severe first"
keys Enter
wait_for finding "Evidence"
wait_for finding-explained "the whole budget from the deletion request"
wait_for finding-pods "Pods (6)"
# records missing at large name no pod: Enter and a say so
keys q End Enter
wait_for finding-no-pods "(none: it names no pod, so there is no death to open)"
keys a
wait_for finding-no-pods-a "This finding names no pod: there is no death to open."
keys q Home Enter
wait_for finding-again "Pods (6)"
wait_for finding-pod-keys "Up/Down pod  Enter death view"
keys '\;'
wait_for sql-prompt "SQL (read-only):"
keys C-u "SELECT count(*) AS n_pods FROM pods" Enter
wait_for sql-result "n_pods"
wait_for sql-count "12"
# ; again: a new query (typing no longer appends to the last one), Up
# brings the last one back
keys '\;'
wait_for sql-prompt-again "SQL (read-only; Up: the last query):"
ok sql-prompt-empty sh -c "$TM capture-pane -p | grep -q 'the last query): *\$'"
keys Up
wait_for sql-prompt-recall "the last query): SELECT count(*) AS n_pods FROM pods"
keys Escape
keys '\;' C-u "DELETE FROM pods" Enter
wait_for sql-read-only "error:"
is sql-nothing-deleted 12 "$(sqlite3 "$db" 'SELECT count(*) FROM pods')"
keys '\;' C-u "SELEC nonsense" Enter
wait_for sql-error "syntax error"
# a query that never ends: Esc stops it, and so does Ctrl-C (the query,
# not the TUI)
FOREVER="WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)"
FOREVER="$FOREVER SELECT count(*) FROM c"
# (each prompt shown before the query is typed: the line that says how
# to stop a query is that prompt's row, and a screen read while the last
# stop was still being drawn showed it, so that the Ctrl-C meant for the
# query reached the TUI before the next one ran, and quit it)
keys '\;'
wait_for sql-prompt-forever "the last query):"
keys C-u "$FOREVER" Enter
wait_for sql-running "Esc or Ctrl-C stops it"
keys Escape
wait_for sql-stopped-esc "error: stopped by Esc"
keys '\;'
wait_for sql-prompt-forever-again "the last query):"
keys C-u "$FOREVER" Enter
wait_for sql-running-again "Esc or Ctrl-C stops it"
keys C-c
wait_for sql-stopped-ctrl-c "error: stopped by Ctrl-C"
keys e
wait_for export-format "export as md, html or json:"
keys Enter
wait_for export-path "write the report to:"
keys C-u "$T/tui-report.html" Enter
wait_for export-done "wrote the html report to"
ok export-file grep -q '<svg' "$T/tui-report.html"
keys 2
wait_for back-to-pods "POD"
keys Enter
wait_for death-again "Death returns/returns-api"
$TM resize-window -x 80 -y 24
# redrawn for 80 columns: the title drops its tabs, the lanes stay
wait_for resized "coroner · Death returns/returns-api-7d9f8b6c5-x2kq9"
ok resized-no-tabs sh -c "! $TM capture-pane -p | grep -q '1 Overview'"
ok resized-lanes sh -c "$TM capture-pane -p | grep -q '^signals'"
wait_for resized-keys "n/p moment"
keys '?'
wait_for help "Keys of the Death view"
keys NPage
wait_for help-legend "the grace deadline: SIGKILL"
keys q
wait_for help-closed "n/p moment"
keys Q
wait_for quit "EXIT=0"

# The terminal is restored on SIGTERM and on Ctrl-C (SIGINT).
start 80 24 "LANG=C.UTF-8 TERM=screen-256color"
wait_for term-started "Incident window"
ok term-alternate-on sh -c "[ \"\$($TM display -p '#{alternate_on}')\" = 1 ]"
kill -TERM "$(tui_pid)"
wait_for sigterm-exit "EXIT=143"
is sigterm-restored 0 "$($TM display -p '#{alternate_on}')"
start 80 24 "LANG=C.UTF-8 TERM=screen-256color"
wait_for int-started "Incident window"
# the first screen at 80x24 says what the first finding found and its
# fix, before the deaths of its pods (which the keys then do not offer)
wait_for small-overview-says "does not hold its preStop sleep of 25 s"
ok small-overview-fix sh -c "$TM capture-pane -p | grep -q '^ Fix: a load'"
ok small-overview-no-tab sh -c "! $TM capture-pane -p | grep -q 'Tab deaths'"
# and Tab does not take the cursor to deaths that are not drawn: it says
# so, and Down still moves through the findings: the third finding's fix
# is shorter, its deaths are drawn, one of six, and the row under them
# counts the five not shown
keys Tab
wait_for small-tab-says "no room here for its 6 deaths: Enter opens the finding"
keys Down Down
wait_for small-third-deaths "Deaths of its pods (6), from its start"
wait_for small-third-more "(5 more: Tab, then Down)"
keys Tab Down Down
wait_for small-third-moved "(5 more: Tab, then Up or Down)"
keys Tab Up Up
# g centres the axis on the time, at the narrowest zoom too (its span
# was widened to a second a column from the time's left, which put the
# time a quarter of the way in)
keys g
wait_for small-goto "go to"
keys C-u 09:01:00 Enter
wait_for small-goto-centred "zoomed 59 s          │09:00:30─│09:00:40─│09:00:50─│09:01:00─│09:01:10─│09:01:20"
keys 0
wait_for small-goto-whole "window 240 s"
# at 80x24 a finding opens at its top, not scrolled down to its pods
keys 3 Enter
wait_for small-finding "Evidence"
ok small-finding-top sh -c "$TM capture-pane -p | sed -n 2p |
    grep -q '^CRITICAL grace-budget-too-small'"
# its pods are further down: none is selected, and the keys say what
# Enter opens; Down among them selects one, and paging past them leaves
# none selected again
wait_for small-finding-first "Up/Down scroll  Enter first pod's death"
keys NPage NPage Down
wait_for small-finding-pod-keys "Up/Down pod  Enter death view"
keys NPage NPage NPage
wait_for small-finding-paged-keys "Up/Down scroll  Enter first pod's death"
# at 80 columns a query's error and the hint under it wrap, whole
keys '\;'
wait_for small-sql-prompt "SQL (read-only"
keys C-u "SELECT * FROM no_such_table_of_coroner_at_all_in_any_of_its_many_schemas_here" Enter
wait_re small-sql-error-wrapped "^        no_such_table_of_coroner_at_all_in_any_of_its_many_schemas_here\$"
wait_re small-sql-hint-wrapped "^ name FROM sqlite_master WHERE type = 'table'\$"
keys C-c
wait_for sigint-exit "EXIT=130"
is sigint-restored 0 "$($TM display -p '#{alternate_on}')"

# No colors: no color escapes reach the screen.
start 120 40 "LANG=C.UTF-8 TERM=screen-256color NO_COLOR=1"
wait_for no-color "Incident window"
ok no-color-plain sh -c "! $TM capture-pane -p -e | grep -q '\[3[1-7]m'"
keys Q
wait_for no-color-quit "EXIT=0"
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for color "Incident window"
ok color-shown sh -c "$TM capture-pane -p -e | grep -q '\[3[1-7]m'"
keys Q
wait_for color-quit "EXIT=0"

# Not UTF-8: ASCII glyphs only.
start 80 24 "LANG=C LC_ALL=C TERM=vt100"
wait_for ascii "Incident window"
keys 2 Enter
wait_for ascii-death "Death returns"
ok ascii-only sh -c "! $TM capture-pane -p | LC_ALL=C grep -q '[^ -~]'"
keys Q
wait_for ascii-quit "EXIT=0"

# --- A hostile user -------------------------------------------------
# Bug: TERM=dumb drew every screen on one line.  A terminal that cannot
# move the cursor is refused, as an unknown one is.
start 80 24 "LANG=C.UTF-8 TERM=dumb"
wait_for dumb-refused "cannot move the cursor"
wait_for dumb-exit "EXIT=1"

# Bug: SIGQUIT (Ctrl-\) and SIGHUP left the alternate screen on, the
# cursor hidden and mouse reporting on.  Each restores the terminal and
# ends coroner as the signal does.
for sig in QUIT:131 HUP:129; do
	start 80 24 "LANG=C.UTF-8 TERM=screen-256color"
	wait_for "sig${sig%:*}-started" "Incident window"
	kill -"${sig%:*}" "$(tui_pid)"
	wait_for "sig${sig%:*}-exit" "EXIT=${sig#*:}"
	is "sig${sig%:*}-alternate-off" 0 "$($TM display -p '#{alternate_on}')"
	is "sig${sig%:*}-cursor-shown" 1 "$($TM display -p '#{cursor_flag}')"
	is "sig${sig%:*}-mouse-off" 0 "$($TM display -p '#{mouse_any_flag}')"
done

# Bug: Ctrl-C at a prompt quit the TUI.  It cancels the prompt; at the
# top it still quits (above).
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for ctrl-c-started "Incident window"
for p in '\;:SQL (read-only' 'g:go to (HH:MM:SS' 'e:export as md'; do
	keys "${p%%:*}"
	wait_for "ctrl-c-prompt ${p%%:*}" "${p#*:}"
	keys abc C-c
	wait_for "ctrl-c-cancels ${p%%:*}" "Up/Down finding  Enter open"
done
keys 2
wait_for ctrl-c-pods "FINDINGS"
keys /
wait_for "ctrl-c-prompt /" "filter pods:"
keys abc C-c
wait_for "ctrl-c-cancels /" "Up/Down pod"
keys Q
wait_for ctrl-c-quit "EXIT=0"

# Bug: under nohup (SIGHUP ignored) a closed terminal left coroner
# spinning at 60-77 % CPU: every read failed at once and the loop went
# on.  It notices the terminal gone and exits 1.
$TM kill-server 2>/dev/null
run_n=$((run_n + 1))
TM="tmux -L coroner-test-$$-$run_n -f /dev/null"
$TM new-session -d -x 80 -y 24 "trap '' HUP; cd '$T' && env LANG=C.UTF-8 \
    TERM=screen-256color '$CORONER' tui --db '$db'; echo \$? >'$T/lost'"
wait_for lost-started "Incident window"
pid=$(tui_pid)
$TM kill-server
n=0
while [ $n -lt $polls ] && kill -0 "$pid" 2>/dev/null; do
	sleep 0.05
	n=$((n + 1))
done
ok lost-terminal-exits sh -c "! kill -0 $pid"
kill -9 "$pid" 2>/dev/null
wait_file() {
	n=0
	while [ $n -lt $polls ] && [ ! -s "$1" ]; do
		sleep 0.05
		n=$((n + 1))
	done
}
wait_file "$T/lost"
is lost-terminal-status 1 "$(cat "$T/lost" 2>/dev/null)"

# Bug: a 100 kB paste at the SQL prompt cost a redraw per character (26
# to 30 s of CPU), then only its first 511 bytes ran, cut inside a
# character.  A bracketed paste comes whole, the query runs whole, and a
# paste among keys is no keys (a pasted Q does not quit).
start 120 40 "LANG=C.UTF-8 TERM=tmux-256color"
wait_for paste-started "Incident window"
python3 -c 'import sys; sys.stdout.write("SELECT length(\x27" +
    "\u00e9" * 50000 + "\x27) AS pasted_n, 42 AS marker")' >"$T/paste.sql"
keys '\;'
wait_for paste-prompt "SQL (read-only"
$TM load-buffer "$T/paste.sql"
$TM paste-buffer -p
keys Enter
wait_for paste-whole-query "pasted_n"
wait_for paste-whole-value "50000"
ok paste-no-error sh -c "! $TM capture-pane -p | grep -q 'error:'"
# longer than a prompt takes (the filter's 511 bytes): never taken cut
keys 2
wait_for paste-long-pods "FINDINGS"
keys /
wait_for paste-long-prompt "filter pods:"
python3 -c 'import sys; sys.stdout.write("x" * 600)' >"$T/paste.txt"
$TM load-buffer "$T/paste.txt"
$TM paste-buffer -p
wait_for paste-long-said "longer than 511 bytes"
keys Enter
wait_for paste-long-not-taken "not taken: longer than 511 bytes"
ok paste-long-no-filter sh -c "! $TM capture-pane -p | grep -q 'pods match'"
start 120 40 "LANG=C.UTF-8 TERM=tmux-256color"
wait_for paste-keys-started "Incident window"
$TM set-buffer Q
$TM paste-buffer -p
keys 2
wait_for paste-is-no-keys "FINDINGS"

# Bug: the read-only SQL prompt wrote files: VACUUM INTO made an empty
# file, and after PRAGMA query_only = 0 (which it took) a whole copy of
# the database.  Both are refused, as are ATTACH, a transaction and a
# PRAGMA that sets something; the PRAGMAs that read still answer.
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for sql-ro-started "Incident window"
# sql NAME QUERY: runs QUERY at the SQL prompt
sql() {
	keys '\;'
	wait_for "$1 prompt" "SQL (read-only"
	keys C-u "$2" Enter
}
sql sql-ro-vacuum "VACUUM INTO '$T/copy.db'"
wait_for sql-ro-vacuum-refused "refused: coroner's SQL only reads, and this statement writes"
sql sql-ro-query-only "PRAGMA query_only = 0"
wait_for sql-ro-query-only-refused "never a PRAGMA that sets something"
sql sql-ro-vacuum-again "VACUUM INTO '$T/copy.db'"
wait_for sql-ro-vacuum-again-refused "this statement writes"
ok sql-ro-no-copy test ! -e "$T/copy.db"
sql sql-ro-attach "ATTACH '$db' AS other"
wait_for sql-ro-attach-refused "never ATTACH and DETACH"
sql sql-ro-begin "BEGIN"
wait_for sql-ro-begin-refused "never a transaction"
sql sql-ro-table-info "PRAGMA table_info(pods)"
wait_for sql-ro-table-info-read "dflt_value"

# Issue: SQL results were cut at about 40 columns even at 120 with one
# column, and Left/Right only moved between columns: an event's message
# could only be read with sqlite3.  Columns take the width they need up
# to the screen; Enter on a row opens its record (every column's name
# and whole value, wrapped); w or Right past the last column scrolls the
# long cells.
sql sql-events "SELECT reason, message FROM events_v WHERE reason = \
'ScalingReplicaSet' ORDER BY time DESC"
wait_for sql-events-whole "Scaled down replica set returns-api-7d9f8b6c5 from 1 to 0"
# every column of the events: the message is past the screen's edge
sql sql-record-all "SELECT * FROM events_v WHERE reason = 'Killing'"
wait_for sql-record-table "6 rows, 22 columns; columns 1-8 shown"
ok sql-record-message-cut sh -c "! $TM capture-pane -p | grep -q 'Stopping container invoice-writer'"
keys Down Enter
wait_for sql-record "row 2 of 6, 22 columns"
wait_for sql-record-message " message         Stopping container invoice-writer"
wait_for sql-record-object " object          returns-api-7d9f8b6c5-b7m4p"
keys n
wait_for sql-record-next "row 3 of 6"
keys q
wait_for sql-record-back "6 rows, 22 columns"
# a cell longer than the screen: Right past the last column, then w
sql sql-wide "SELECT 'start ' || printf('%.*c', 300, '.') || ' tail-marker' \
AS long"
wait_for sql-wide-start "start ....."
ok sql-wide-cut sh -c "! $TM capture-pane -p | grep -q '^start.*tail-marker'"
keys Right
wait_for sql-wide-right "cells scrolled 60 columns (Left)"
keys w w
wait_for sql-wide-w "cells scrolled 180 columns"
keys w
wait_for sql-wide-end "....... tail-marker"
keys w
wait_for sql-wide-again "The long cells from their start again."
keys Enter
wait_for sql-wide-record " long  start"
wait_for sql-wide-record-whole ". tail-marker"
keys q

# Bug: 2,000 rows of 10 MB cells ended the TUI with "out of memory": a
# result was kept whole.  It keeps at most 32 MiB, each cell cut to 4 KiB
# with its whole length: 2,000 rows of 1 MB cells (2 GB) take a few MB.
n=2000
[ "$san" = 1 ] && n=200
sql sql-big "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 \
FROM c WHERE x < $n) SELECT x, printf('%.*c', 1000000, 'x') AS big FROM c"
wait_for sql-big-cut "$n cells cut to 4 KiB (the longest 1000000 bytes)"
if [ "$san" = 0 ]; then
	rss=$(awk '/^VmHWM/ { print $2 }' "/proc/$(tui_pid)/status")
	ok "sql-big: peak RSS $rss KB under 300000" test "$rss" -lt 300000
fi
keys Q
wait_for sql-ro-quit "EXIT=0"

# Bug: with the TUI open, an import into the same database cleared the
# stored findings; the TUI still listed them, and e wrote "0 findings ...
# No findings.".  The TUI notices the change (PRAGMA data_version), says
# so, runs the analysis again, and e writes what it shows.
cp "$T/demo.db" "$T/changed.db"
kept_db=$db
db=$T/changed.db
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for changed-started "sigkill-at-grace-deadline"
"$CORONER" import -q --db "$db" \
    "$top/tests/importers/k8s-events/list-core/input" >/dev/null 2>&1
wait_for changed-said "the database changed (another coroner wrote to it): read again"
wait_for changed-findings-again "sigkill-at-grace-deadline"
# export; on a loaded machine the TUI may have read a first commit of the
# import and see its last one only when e asks: then it says so, reads
# again and writes nothing, and e is asked once more
shown() {	# waits for any of the texts, uncounted
	i=0
	while [ $i -lt $polls ]; do
		screen | grep -qF "$@" && return 0
		i=$((i + 1))
		sleep 0.05
	done
	return 1
}
export_changed() {
	keys e
	shown -e "export as md"
	keys C-u json Enter
	shown -e "write the report to:"
	keys C-u "$T/changed.json" Enter
	shown -e "wrote the json report to" -e "not written: the database changed"
}
export_changed
if screen | grep -qF "not written: the database changed"; then
	export_changed
fi
wait_for changed-export-done "wrote the json report to"
ok changed-export-findings test "$(jq '.findings | length' \
    "$T/changed.json")" -gt 0
keys Q
wait_for changed-quit "EXIT=0"
db=$kept_db

# Bug: a 0-byte --db became a database when the TUI opened it.  Only
# import makes one.
: >"$T/empty.db"
kept_db=$db
db=$T/empty.db
start 200 24 "LANG=C.UTF-8 TERM=screen-256color"
wait_for empty-refused "empty.db: not a coroner database: it is empty (coroner import makes one)"
wait_for empty-exit "EXIT=1"
is empty-still-empty 0 "$(wc -c <"$T/empty.db" | tr -d ' ')"
db=$kept_db

# Bug: with 200 rows of 1 MB cells a key took 18 to 30 s (every redraw
# measured up to 200 cells per cell drawn).  A result is measured once.
# PgDn moves the rows and the cursor a page; End goes to the last row.
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for big-cells-started "Incident window"
keys '\;'
wait_for big-cells-prompt "SQL (read-only"
keys C-u "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c \
WHERE x < 200) SELECT 'r' || x || ':' AS tag, printf('%.*c', 1000000, 'x') \
AS big FROM c" Enter
wait_for big-cells-result "200 rows"
keys NPage
wait_for big-cells-page "r69:"
keys End
wait_for big-cells-end "r200:"
keys Up Enter
wait_for big-cells-record "row 199 of 200, 2 columns"
wait_for big-cells-record-lines "lines 1-37 of 39"
keys End
wait_for big-cells-record-cut "(cut: its first 4096 of 1000000 bytes kept)"
keys Q
wait_for big-cells-quit "EXIT=0"

# Bug: e replaced an existing file without asking.  It asks; n keeps
# the file, y replaces it, with its permissions.
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for replace-started "Incident window"
echo kept >"$T/exists.md"
chmod 600 "$T/exists.md"
keys e
wait_for replace-format "export as md"
keys C-u md Enter
wait_for replace-path "write the report to:"
keys C-u "$T/exists.md" Enter
wait_for replace-asks "exists: replace it? (y/N)"
keys n Enter
wait_for replace-no "not written"
is replace-no-kept kept "$(cat "$T/exists.md")"
keys e
wait_for replace-format-again "export as md"
# what is typed replaces the answer offered ("html", then the file name)
keys md Enter
wait_for replace-path-again "write the report to: coroner-report.md"
keys "$T/exists.md" Enter
wait_for replace-asks-again "exists: replace it? (y/N)"
keys y Enter
wait_for replace-yes "wrote the md report to"
ok replace-yes-written grep -q '^# coroner report' "$T/exists.md"
is replace-mode-kept 600 "$(stat -c %a "$T/exists.md")"
keys Q
wait_for hostile-quit "EXIT=0"

# A crash loop (tests/gen/deaths.py): the container's latest death on its
# lane with its code, the BackOff event repeated 30 times drawn from its
# first time (off the left edge) to its last, 3 s after the death.
python3 "$top/tests/gen/deaths.py" crash-loop "$T/loop" >/dev/null || exit 1
"$CORONER" import -q --db "$T/loop.db" "$T/loop" >/dev/null 2>&1
db=$T/loop.db
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for loop-overview "Incident window"
# pods never deleted: their containers' deaths are the workload's marks
wait_for loop-overview-deaths " 2 deaths, 0 rollouts "
ok loop-overview-no-requests sh -c "$TM capture-pane -p | grep -q '^ no requests\$'"
keys 2
wait_for loop-pods "grouped by workload"
# its pods restarted: RST has room (a count that is zero for every pod
# gets it last)
ok loop-pods-rst sh -c "$TM capture-pane -p | grep -q '^ POD .* RST '"
# never deleted: in the order of their containers' latest deaths (v7m3n's
# at 14:08:02, k2x4q's at 14:10:02), as the finding lists them
ok loop-pods-order sh -c "$TM capture-pane -p | grep -o '^ checkout-[^ ]*' |
    tr '\n' ' ' | grep -q '^ checkout-5d8f7c6b9-v7m3n  checkout-5d8f7c6b9-k2x4q \$'"
keys Down Enter
wait_for loop-death "Death shop/checkout-5d8f7c6b9-k2x4q"
wait_for loop-exit "app exit 1 (Error) after running 2.0 s"
# it opens on that death, in sight, not on a later moment off the axis
ok loop-cursor-at-zero sh -c "$TM capture-pane -p | grep -q '^\[[0-9]*/[0-9]*\] +0.0 s '"
ok loop-code sh -c "$TM capture-pane -p | grep -q '^app .*1\$'"
ok loop-event-span sh -c "$TM capture-pane -p |
    grep -q '^events  *─────*◆ *\$'"
# a: a pod never deleted is lined up at its latest death, not left out
keys a
wait_for loop-rollout "2 pods, never deleted, each at its latest container death (0)"
ok loop-rollout-axis sh -c "$TM capture-pane -p | grep -q '^offset from death '"
ok loop-rollout-lane sh -c "$TM capture-pane -p | grep -q '^checkout-.*✝'"
keys q
keys Q
wait_for loop-quit "EXIT=0"

# shows NAME RE, lacks NAME RE: a line of the screen as it is matches RE,
# none does (after a wait_for: no polling)
screen_has() {
	n=$(screen | grep -c -- "$3")
	if { [ "$1" = yes ] && [ "$n" -gt 0 ]; } ||
	    { [ "$1" = no ] && [ "$n" -eq 0 ]; }; then
		pass=$((pass + 1))
		return 0
	fi
	echo "FAIL $2: $n lines match '$3'; the screen was:"
	screen | sed 's/^/    | /'
	fail=$((fail + 1))
	return 1
}
shows() {
	screen_has yes "$@"
}
lacks() {
	screen_has no "$@"
}

# Who deleted each pod and what deployed the rollout, a week later (the
# audit log, the Helm history: samples/week-later, imported as its
# README says), at 120x40 then 80x24.
W=$top/samples/week-later
db=$T/week.db
"$CORONER" import -q --db "$db" "$W" >/dev/null 2>&1
"$CORONER" import -q --db "$db" --release labels/label-printer \
    "$W"/helm-history-label-printer.json.zst >/dev/null 2>&1
"$CORONER" analyze --db "$db" >/dev/null 2>&1
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for week-overview "Incident window"
# the revision on the rollout's bar, where the deaths leave it room
shows week-overview-revision '^ 4 deaths, 1 rollout  *━ helm revision 42 ━*✖'
# zoomed, every tick has its label, even where rounding brings two close
keys +
wait_for week-zoomed "zoomed 89 s"
shows week-zoomed-ticks '│10:01:30│10:01:40─'
keys 0
wait_for week-unzoomed "window 163 s"
keys 2
wait_for week-pods "DELETED BY"
# the replicaset-controller, as sa:NAME, for each of the 4 old pods; the
# new ones were not deleted: nobody is named
is week-pods-by 4 "$(screen | grep -c \
    '^ label-printer-6b7c8d9f5-[a-z0-9]*  137 SIGKILL .* sa:replicaset-controller ')"
is week-pods-by-none 4 "$(screen | grep -c \
    '^ label-printer-8f9a7b6c4-[a-z0-9]*  run  *-  *-  ')"
# / finds the pods by who deleted them
keys /
wait_for week-filter-prompt "filter pods:"
keys replicaset-controller Enter
wait_for week-filter-by '4 of 8 pods match "replicaset-controller"'
# and by a finding's kind as analyze names it
keys / sigkill-at-grace Enter
wait_for week-filter-kind '4 of 8 pods match "sigkill-at-grace"'
keys / Enter
wait_for week-filter-cleared "8 pods, grouped by workload"
keys Enter
wait_for week-death "Death labels/label-printer-6b7c8d9f5-k2m4p"
keys a
wait_for week-rollout "Rollout of labels/label-printer"
wait_for week-rollout-deploy "helm revision 42, deployed by ci-deployer@shop-prod.iam.gserviceaccount.com"
is week-rollout-deploy-line \
    " helm revision 42, deployed by ci-deployer@shop-prod.iam.gserviceaccount.com" \
    "$(screen | sed -n 2p)"
wait_for week-rollout-lanes "4 of 4 SIGKILLed at the deadline"
$TM resize-window -x 80 -y 24
# 80 columns: the deploy's line still whole, the lanes under it
wait_re week-80-rollout 'coroner · Rollout of labels/label-printer\( \|$\)'
is week-80-rollout-deploy-line \
    " helm revision 42, deployed by ci-deployer@shop-prod.iam.gserviceaccount.com" \
    "$(screen | sed -n 2p)"
wait_re week-80-rollout-lane '^label-prin…d9f5-k2m4p  █'
# the pods: the name and the exits win, DELETED BY gives way first
keys 2
wait_for week-80-pods "grouped by workload"
lacks week-80-pods-no-by 'DELETED BY'
shows week-80-pods-name-exits \
    '^ label-printer-6b7c8d9f5-k2m4p  137 SIGKILL  *10:00:12 GRACE KILL'
# the overview: no room on the bar for the words, so none, never cut
keys 1
wait_for week-80-overview "Incident window"
lacks week-80-overview-no-words 'helm'
shows week-80-overview-bar '^ 4 deaths, 1 rollout ━*✖'
# a lane's name as wide as its column is whole; the lane of requests to
# no known pod says so, not that nothing of it died
shows week-80-overview-lane '^labels/label-printer █'
shows week-80-overview-no-pod '^ no pod known *$'
keys Q
wait_for week-quit "EXIT=0"

# The rollouts view (4) a week later: the one rollout with its Helm
# revision and who deployed it, the 4 pods it replaced and their deaths;
# the history's two revisions before it, of which no rollout was seen,
# at their dates with nothing counted.
db=$T/week.db
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for week-rollouts-overview "Incident window"
keys 4
wait_for week-rollouts "1 rollout (1 Deployment), 2 deploys without one; UNCLEAN, FAILED: while it ran"
shows week-rollouts-row \
    '^ 09-14 10:00:00 labels/label-printer 42  *4  *4  *0  *-  *0% …/label.*:5\.9\.0 *ci-deployer'
shows week-rollouts-deploy-40 \
    '^ 09-05 10:00:00 labels/label-printer 40  *-  *-  *-  *-  *- -  *-$'
shows week-rollouts-deploy-41 '^ 09-12 07:00:00 labels/label-printer 41  *-  *-  *-'
wait_for week-rollouts-deploy-words "helm revision 40 of label-printer in labels, at 09-05 10:00:00: no rollout of it was seen"
keys Enter
wait_for week-rollouts-deploy-enter "No rollout of this deploy was seen: no pod to line up."
keys Down Down
wait_for week-rollouts-words "the rollout to label-printer-8f9a7b6c4 (helm revision 42, deployed by ci-deployer@shop-prod.iam.gserviceaccount.com)"
wait_for week-rollouts-counts "4 pods replaced (4 SIGKILLed), 4 unclean exits, 0 of 672 requests failed"
keys Enter
wait_for week-rollouts-enter "Rollout of labels/label-printer to label-printer-8f9a7b6c4"
wait_for week-rollouts-enter-lanes "4 of 4 SIGKILLed at the deadline"
keys q
wait_for week-rollouts-back "1 rollout (1 Deployment)"
keys Q
wait_for week-rollouts-quit "EXIT=0"

# Thirteen routine rollouts in fourteen hours, the release of revision
# 13 failing a path (tests/gen/diagnoses.py baseline): its new set's 5xx
# rate against the old one's tells it from the twelve before it.
python3 "$top/tests/gen/diagnoses.py" baseline "$T/baseline" >/dev/null
db=$T/baseline.db
"$CORONER" import -q --db "$db" "$T/baseline" >/dev/null 2>&1
"$CORONER" analyze --db "$db" >/dev/null 2>&1
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for baseline-overview "Incident window"
keys 4
wait_for baseline-rollouts "13 rollouts (1 Deployment); UNCLEAN, FAILED: while it ran"
is baseline-rollouts-rows 13 "$(screen | grep -c '^ [0-9:]* shop/search ')"
shows baseline-rollouts-13 '^ 14:00:00 shop/search  *13  *2  *0  *[0-9]*  *6\.6%  *0\.08% '
shows baseline-rollouts-14 '^ 14:08:00 shop/search  *14  *2  *0  *[0-9]*  *0\.04%  *6\.6% '
shows baseline-rollouts-12 '^ 13:00:00 shop/search  *12  *2  *0  *[0-9]*  *0\.08%  *0\.06% '
# g goes to the rollout at or after the time; Enter opens its pods
keys g
wait_for baseline-goto "go to"
# no deletion to count from here: the prompt does not offer +S
wait_for baseline-goto-forms "go to (HH:MM:SS or RFC 3339):"
keys C-u 13:59:00 Enter
wait_for baseline-goto-words "the rollout to search-5a000cccc (revision 13)"
wait_for baseline-goto-5xx "5xx: new set 32 of 482 (6.6%), old set 3 of 3602 (0.08%)"
keys Enter
wait_for baseline-rollout "Rollout of shop/search to search-5a000cccc"
wait_for baseline-rollout-pods "2 pods, each at its own deletion request"
# the lanes can show a moment after the header (under ASan)
wait_re baseline-rollout-lane '^search-5a000bbbb-'
keys q
wait_for baseline-back "13 rollouts (1 Deployment)"
# 80x24: the names whole, the image under the list
$TM resize-window -x 80 -y 24
wait_for baseline-80 "coroner · Rollouts"
shows baseline-80-13 '^ 14:00:00 shop/search  *13  *2  *0  *[0-9]*  *6\.6%  *0\.08%'
shows baseline-80-image '^ image registry.example/app:1'
keys Down Enter
wait_for baseline-80-rollout "Rollout of shop/search to search-5a000dddd"
keys Q
wait_for baseline-quit "EXIT=0"

# The control: the bundled sample has no audit log and no deploy
# history: "-" for who deleted, no revision, no deployer.
db=$T/demo.db
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for control-overview "Incident window"
lacks control-overview-no-words 'helm\|deployed by'
keys 2
wait_for control-pods "DELETED BY"
is control-pods-by-unknown 6 "$(screen | grep -c \
    '^ returns-api-7d9f8b6c5-[a-z0-9]*  137 SIGKILL  *[0-9:]* -  ')"
keys Enter
wait_for control-death "Death returns/returns-api-7d9f8b6c5-x2kq9"
keys a
wait_for control-rollout "Rollout of returns/returns-api"
lacks control-rollout-no-deploy 'revision\|deployed by'
# no line for the deploy: the sentences right under the title
is control-rollout-first-line " 6 pods, each at its own deletion request" \
    "$(screen | sed -n 2p | cut -c1-41)"
keys Q
wait_for control-quit "EXIT=0"

# Pods deleted by names that are attacks (the audit log's actor): an OSC
# 52, a clear screen and a bidi override; a service account of 5,000
# characters.  Shown escaped and cut in the middle to their column, the
# columns after it in place.
python3 - >"$T/evil-audit.log" <<'EOF'
import json


def ev(i, name, user):
    t = "2026-05-12T09:0%d:00.000000Z" % (i + 1)
    pod = {"kind": "Pod", "apiVersion": "v1",
           "metadata": {"name": name, "namespace": "shop",
                        "uid": "u-evil-%d" % i,
                        "creationTimestamp": "2026-05-12T08:00:00Z",
                        "deletionTimestamp":
                            "2026-05-12T09:0%d:30Z" % (i + 1),
                        "deletionGracePeriodSeconds": 30},
           "spec": {"nodeName": "node-1",
                    "terminationGracePeriodSeconds": 30,
                    "containers": [{"name": "cart", "image": "cart:1"}]},
           "status": {"phase": "Running"}}
    return {"kind": "Event", "apiVersion": "audit.k8s.io/v1",
            "level": "RequestResponse", "auditID": "a-%d" % i,
            "stage": "ResponseComplete",
            "requestURI": "/api/v1/namespaces/shop/pods/" + name,
            "verb": "delete", "user": {"username": user},
            "objectRef": {"resource": "pods", "namespace": "shop",
                          "name": name, "apiVersion": "v1"},
            "responseStatus": {"code": 200}, "responseObject": pod,
            "requestReceivedTimestamp": t, "stageTimestamp": t}


print(json.dumps(ev(0, "cart-a",
                    "\x1b]52;c;aGk=\x07mallory\x1b[2J\u202e@evil.example")))
print(json.dumps(ev(1, "cart-b", "system:serviceaccount:kube-system:" +
                    "x" * 5000 + "-controller")))
EOF
db=$T/evil-by.db
"$CORONER" import -q --db "$db" "$T/evil-audit.log" >/dev/null 2>&1
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for evil-by-overview "Incident window"
keys 2
wait_for evil-by-pods "DELETED BY"
shows evil-by-escaped \
    '^ cart-a  .* 09:01:00 \\x1b]52;c;aGk=.*….*@evil\.example  .* 30 s node-1$'
shows evil-by-long-cut \
    '^ cart-b  .* 09:02:00 sa:x*…x*-controller  .* 30 s node-1$'
# the screen was not cleared, nothing reached the clipboard
shows evil-by-intact '^2 pods, grouped by workload'
is evil-by-no-clipboard "" "$($TM list-buffers 2>/dev/null)"
keys /
wait_for evil-by-filter-prompt "filter pods:"
keys mallory Enter
wait_for evil-by-filter '1 of 2 pods matches "mallory"'
keys Q
wait_for evil-by-quit "EXIT=0"

# A pod whose name holds escape sequences: shown inert.
evil=$T/evil.db
cat >"$T/evil.json" <<'EOF'
{"kind":"PodList","apiVersion":"v1","items":[{"kind":"Pod","metadata":{"name":"evil\u001b]52;c;aGk=\u0007-\u001b[2J\u202e-pod","namespace":"ns\u001b[31m","uid":"u-evil","creationTimestamp":"2026-05-12T09:00:00Z","deletionTimestamp":"2026-05-12T09:01:00Z","deletionGracePeriodSeconds":30},"spec":{"nodeName":"n1","containers":[{"name":"app\u0007"}]},"status":{"phase":"Running","startTime":"2026-05-12T09:00:01Z","containerStatuses":[{"name":"app\u0007","restartCount":0,"state":{"terminated":{"exitCode":137,"reason":"Error","startedAt":"2026-05-12T09:00:01Z","finishedAt":"2026-05-12T09:01:00Z"}}}]}}]}
EOF
"$CORONER" import -q --db "$evil" "$T/evil.json" >/dev/null 2>&1
db=$evil
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for evil-overview "Incident window"
keys 2
wait_for evil-pods 'evil\x1b]52;c;aGk=\x07-\x1b[2J\u202e-pod'
shows evil-one-pod '^1 pod, grouped by workload'
keys Enter
wait_for evil-death 'Death ns\x1b[31m/evil\x1b]52'
# an OSC 52 that reached tmux would have made a paste buffer
is evil-no-clipboard "" "$($TM list-buffers 2>/dev/null)"
keys Q
wait_for evil-quit "EXIT=0"

# Late evidence in the death view (tests/gen/late.py): the endpoint's lane
# from an EndpointSlice watch (ready, marked terminating 0.4 s after the
# deletion request, not serving, removed), the node's from a Node watch
# (cordoned by the drain), and "no evidence" hatched where no source of
# a lane's kind covers the time (the drain's pod lane after its audit
# log ends, and the node lane's, outside its two versions).
python3 "$top/tests/gen/late.py" endpoints-lb "$T/eplb" >/dev/null
python3 "$top/tests/gen/late.py" drain "$T/drain" >/dev/null
"$CORONER" import -q --db "$T/eplb.db" "$T/eplb" >/dev/null 2>&1
"$CORONER" import -q --db "$T/drain.db" "$T/drain" >/dev/null 2>&1
db=$T/eplb.db
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for late-overview "Incident window"
keys 2
wait_for late-pods "web-6f7c9d8b5-c4x8k"
keys Enter
wait_for late-endpoint-lane "endpoint "
ok late-endpoint-states sh -c "$TM capture-pane -p |
    grep -q '^endpoint  *█*▼┈*×'"
ok late-endpoint-no-node sh -c "! $TM capture-pane -p | grep -q '^node '"
keys '?'
wait_for late-legend "endpoint lane: terminating, still serving"
keys Q
wait_for late-quit "EXIT=0"
db=$T/drain.db
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for drain-overview "Incident window"
keys 2 Enter
wait_for drain-node-lane "node "
ok drain-node-cordoned sh -c "$TM capture-pane -p | grep -q '^node  *┄┄*\$'"
ok drain-pod-no-evidence sh -c "$TM capture-pane -p |
    grep -q '^pod  *█*▓*╱╱*\$'"
ok drain-no-endpoint-lane sh -c "! $TM capture-pane -p | grep -q '^endpoint '"
keys Q
wait_for drain-quit "EXIT=0"
# without UTF-8 the hatching is ASCII
start 80 24 "LANG=C TERM=screen"
wait_for drain-ascii-overview "Incident window"
keys 2 Enter
wait_for drain-ascii-node "node "
ok drain-ascii-no-evidence sh -c "$TM capture-pane -p | grep -q '^pod .*//*\$'"
keys Q
wait_for drain-ascii-quit "EXIT=0"
# A pod alive for five days before the incident, never deleted
# (tests/gen/longlived.py): its death view opens on its first moment in
# the incident window, five days from its creation, its axis and offsets
# in days, hours, minutes (never six-digit seconds); - zooms out in five
# steps, each drawn, to its whole life and no further.  The control (no
# moment of it in the incident) opens on its last moment before the
# incident (a BackOff two hours before), not its creation.
python3 "$top/tests/gen/longlived.py" longlived "$T/long" >/dev/null
python3 "$top/tests/gen/longlived.py" longlived-control "$T/longc" \
    >/dev/null
for v in long longc; do
	"$CORONER" import -q --db "$T/$v.db" "$T/$v" >/dev/null 2>&1
	"$CORONER" analyze --db "$T/$v.db" >/dev/null 2>&1
done
# no offset or axis label in six-digit (or four-digit) seconds
no_big_seconds() {
	ok "$1" sh -c "! $TM capture-pane -p | grep -qE '[+-][0-9]{4,} s'"
}
"$CORONER" timeline --db "$T/long.db" shop/cache-5d8f7c6b9-q7x2m \
    >"$T/long.timeline" 2>&1
ok long-timeline-days grep -q '00:53:32.000 *+5.0 d event Unhealthy' \
    "$T/long.timeline"
ok long-timeline-no-seconds sh -c "! grep -qE '[+-][0-9]{4,}(\\.[0-9])? s' \
    '$T/long.timeline'"
for size in "120 40" "80 24"; do
	db=$T/long.db
	w=${size% *}
	start $size "LANG=C.UTF-8 TERM=screen-256color"
	wait_for "long-$w-overview" "Incident window"
	keys 2 /
	wait_for "long-$w-filter" "filter pods:"
	keys q7x2m Enter
	wait_for "long-$w-filtered" '1 of 3 pods matches "q7x2m"'
	keys Enter
	wait_for "long-$w-death" "Death shop/cache-5d8f7c6b9-q7x2m"
	wait_for "long-$w-opens-in-window" \
	    "[12/13] +5.0 d  2026-07-28 00:53:32.000  event Unhealthy"
	wait_for "long-$w-axis-opening" "+5d00h00m30s"
	no_big_seconds "long-$w-opening-no-seconds"
	# each - one step wider, drawn, to the whole life in five
	# each step's tick and what the status line says of it
	for step in "+4d23h58m:8.0 min of its life of 5.1 d" \
	    "+4d23h30m:64.0 min of its life" "+4d18h:8.5 h of its life" \
	    "+2.5 d:2.8 d of its life" \
	    "+1 d:its whole life: 5.1 d, to the end of the evidence"; do
		keys -
		wait_for "long-$w-out-${step%%:*}" "${step%%:*}"
		wait_for "long-$w-out-${step%%:*}-said" "${step#*:}"
		no_big_seconds "long-$w-out-${step%%:*}-no-seconds"
	done
	ok "long-$w-whole-from-creation" sh -c "$TM capture-pane -p |
	    sed -n 3p | grep -q '│+0 s─.*+4 d'"
	before=$($TM capture-pane -p | sed -n 3p)
	keys - n
	wait_for "long-$w-next" "[13/13] +5.0 d"
	ok "long-$w-whole-no-further" test "$before" = \
	    "$($TM capture-pane -p | sed -n 3p)"
	# 0: back to where it opened
	keys 0
	wait_for "long-$w-home" "+5d00h00m30s"
	# g two hours before: the cursor on the moment nearest, the axis
	# there, both said
	keys g
	wait_for "long-$w-goto" "go to"
	keys C-u 2026-07-27T22:53:21Z Enter
	wait_for "long-$w-goto-said" "the moment nearest to it: [11/13]"
	wait_for "long-$w-goto-caption" "[11/13] +4.9 d"
	wait_for "long-$w-goto-axis" "+4d22h00m"
	keys Q
	wait_for "long-$w-quit" "EXIT=0"
done
db=$T/longc.db
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for long-control-overview "Incident window"
keys 2 /
wait_for long-control-filter "filter pods:"
keys q7x2m Enter
wait_for long-control-filtered '1 of 3 pods matches "q7x2m"'
keys Enter
wait_for long-control-death "Death shop/cache-5d8f7c6b9-q7x2m"
wait_for long-control-opens-before \
    "[11/11] +4.9 d  2026-07-27 22:53:20.000  event BackOff"
keys Q
wait_for long-control-quit "EXIT=0"
# The caption of the first failure says the span the failed lane draws:
# the seconds from the first with a failure to the end of the last
# (samples/ingress-lag: 12 failed in the 12 s from 14:00:10 to 14:00:22),
# not the last second's start ("the last 11.0 s later").
db=$T/lag.db
"$CORONER" import -q --db "$db" "$top/samples/ingress-lag" >/dev/null 2>&1
"$CORONER" analyze --db "$db" >/dev/null 2>&1
"$CORONER" timeline --db "$db" checkout/web-6f7c9d8b5-c4x8k \
    >"$T/lag.timeline" 2>&1
ok lag-timeline-failed-span sh -c "tr -s ' \n' '  ' <'$T/lag.timeline' |
    grep -q '12 of its 322 requests failed, over 12.0 s'"
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for lag-overview "Incident window"
keys 2 /
wait_for lag-filter "filter pods:"
keys c4x8k Enter
wait_for lag-filtered "1 of"
keys Enter
wait_for lag-death "Death checkout/web-6f7c9d8b5-c4x8k"
step_until 'first failed request'
wait_for lag-caption "12 of its 322 requests failed, over"
ok lag-caption-span sh -c "$TM capture-pane -p |
    grep -q '^  12.0 s (the access logs count per second)'"
keys Q
wait_for lag-quit "EXIT=0"
# The pods view chooses its columns by what the incident has: records
# reconciled with some missing (the bundled sample), MISS among the
# first and FAILED (zero for every pod) only where room is left; a mesh
# incident (samples/mesh-sidecar) keeps FAILED and shows each proxy's
# exit whole, at 120x40 and 80x24.
db=$T/demo.db
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for cols-overview "Incident window"
keys 2
wait_for cols-pods "grouped by workload"
shows cols-miss '^ POD  *EXITS  *DELETED .* MISS '
lacks cols-no-failed 'FAILED'
$TM resize-window -x 80 -y 24
wait_for cols-80 "1 Overview  2 Pods  3 Findings"
shows cols-miss-80 '^ POD  *EXITS  *DELETED  *FINDINGS  *MISS '
shows cols-miss-80-row '^ returns-api-7d9f8b6c5-x2kq9 .* 10 '
keys Q
wait_for cols-quit "EXIT=0"
"$CORONER" import -q --db "$T/mesh.db" "$top/samples/mesh-sidecar" \
    >/dev/null 2>&1
"$CORONER" analyze --db "$T/mesh.db" >/dev/null 2>&1
db=$T/mesh.db
for size in "120 40" "80 24"; do
	start $size "LANG=C.UTF-8 TERM=screen-256color"
	wait_for "mesh-overview-$size" "Incident window"
	keys 2
	wait_for "mesh-pods-$size" "grouped by workload"
	shows "mesh-failed-$size" '^ POD  *EXITS  *DELETED .* FAILED '
	lacks "mesh-no-miss-$size" 'MISS'
	shows "mesh-proxy-whole-$size" \
	    '^ ledger-6b7c9d8f5-k2x9p  0, istio-proxy 0  .* 06:10:08 .* 13 '
	keys Q
	wait_for "mesh-quit-$size" "EXIT=0"
done

# A scroll remembered from a larger screen: PgDn on the overview's lanes
# at 120x40 (where every lane shows) moves nothing, and at 80x24 the
# lanes still start at the first one, not at "(no pod)" alone.
"$CORONER" import -q --db "$T/lanes.db" "$S" "$top/samples/mesh-sidecar" \
    >/dev/null 2>&1
"$CORONER" import -q --db "$T/lanes.db" --records courier --key parcel_id \
    --time scanned_at "$S"/courier.csv.zst >/dev/null 2>&1
"$CORONER" import -q --db "$T/lanes.db" --records ours --key return.id \
    --time accepted_at "$S"/ours.ndjson.zst >/dev/null 2>&1
"$CORONER" analyze --db "$T/lanes.db" --reconcile courier:ours \
    >/dev/null 2>&1
db=$T/lanes.db
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for lanes-overview "Incident window"
shows lanes-all '^(no pod)'
keys NPage NPage NPage
$TM resize-window -x 80 -y 24
wait_for lanes-80 "Up/Down finding"
wait_re lanes-first-80 '^returns/returns-api '
shows lanes-second-80 '^payments/ledger '
# a PgDn where the lanes fit moves nothing: the help it is followed by
# says it has been read
keys NPage '?'
wait_for lanes-pgdn-80-help "Keys of the Overview"
keys q
wait_for lanes-pgdn-80 "Up/Down finding"
shows lanes-still-first-80 '^returns/returns-api '
keys Q
wait_for lanes-quit "EXIT=0"
# A finding's pods in the order of their deaths wherever they are listed
# (the finding view, analyze's text, the report), not in their uids'
# order: three pods never deleted, OOMKilled at 09:02, 09:01 and 09:03,
# their uids in the order of their names.
cat >"$T/order.json" <<'EOF'
{"kind":"PodList","apiVersion":"v1","items":[{"kind":"Pod","metadata":{"name":"api-7c9-aaaaa","namespace":"shop","uid":"u-1","creationTimestamp":"2026-05-12T08:00:00Z","ownerReferences":[{"kind":"ReplicaSet","name":"api-7c9","uid":"rs-1","controller":true}]},"spec":{"nodeName":"n1","containers":[{"name":"app"}]},"status":{"phase":"Running","startTime":"2026-05-12T08:00:01Z","containerStatuses":[{"name":"app","restartCount":1,"lastState":{"terminated":{"exitCode":137,"reason":"OOMKilled","startedAt":"2026-05-12T08:00:01Z","finishedAt":"2026-05-12T09:02:00Z"}},"state":{"running":{"startedAt":"2026-05-12T09:02:00.5Z"}}}]}},{"kind":"Pod","metadata":{"name":"api-7c9-bbbbb","namespace":"shop","uid":"u-2","creationTimestamp":"2026-05-12T08:00:00Z","ownerReferences":[{"kind":"ReplicaSet","name":"api-7c9","uid":"rs-1","controller":true}]},"spec":{"nodeName":"n1","containers":[{"name":"app"}]},"status":{"phase":"Running","startTime":"2026-05-12T08:00:01Z","containerStatuses":[{"name":"app","restartCount":1,"lastState":{"terminated":{"exitCode":137,"reason":"OOMKilled","startedAt":"2026-05-12T08:00:01Z","finishedAt":"2026-05-12T09:01:00Z"}},"state":{"running":{"startedAt":"2026-05-12T09:01:00.5Z"}}}]}},{"kind":"Pod","metadata":{"name":"api-7c9-ccccc","namespace":"shop","uid":"u-3","creationTimestamp":"2026-05-12T08:00:00Z","ownerReferences":[{"kind":"ReplicaSet","name":"api-7c9","uid":"rs-1","controller":true}]},"spec":{"nodeName":"n1","containers":[{"name":"app"}]},"status":{"phase":"Running","startTime":"2026-05-12T08:00:01Z","containerStatuses":[{"name":"app","restartCount":1,"lastState":{"terminated":{"exitCode":137,"reason":"OOMKilled","startedAt":"2026-05-12T08:00:01Z","finishedAt":"2026-05-12T09:03:00Z"}},"state":{"running":{"startedAt":"2026-05-12T09:03:00.5Z"}}}]}}]}
EOF
"$CORONER" import -q --db "$T/order.db" "$T/order.json" >/dev/null 2>&1
"$CORONER" analyze --db "$T/order.db" >"$T/order.txt" 2>&1
is order-analyze "bbbbb aaaaa ccccc" "$(grep -o 'api-7c9-[a-z]*' \
    "$T/order.txt" | head -n 3 | sed 's/api-7c9-//' | tr '\n' ' ' |
    sed 's/ $//')"
"$CORONER" report --db "$T/order.db" --format md >"$T/order.md" 2>&1
ok order-report grep -q \
    '^- \*\*Pods:\*\* api-7c9-bbbbb, api-7c9-aaaaa, api-7c9-ccccc$' \
    "$T/order.md"
db=$T/order.db
start 80 24 "LANG=C.UTF-8 TERM=screen-256color"
wait_for order-overview "Incident window"
keys 3 Enter
wait_for order-finding "Pods (3)"
ok order-finding-pods sh -c "$TM capture-pane -p |
    grep -o 'api-7c9-[a-z]*  died 09:0[0-9]' | tr '\n' ' ' |
    grep -q '^api-7c9-bbbbb  died 09:01 api-7c9-aaaaa  died 09:02 \
api-7c9-ccccc  died 09:03 \$'"
keys 2
wait_for order-pods "grouped by workload"
ok order-pods-list sh -c "$TM capture-pane -p | grep -o '^ api-7c9-[a-z]*' |
    tr '\n' ' ' | grep -q '^ api-7c9-bbbbb  api-7c9-aaaaa  api-7c9-ccccc \$'"
keys Q
wait_for order-quit "EXIT=0"
# A week of 40 rollouts with one bad release (tests/gen/week.py): the
# overview's lanes keep one meaning a row, so the release's 30 failures
# are the one full column of the failure row and the rollouts show as
# bars; + - 0 zoom, Left/Right pan and g move the axis and the counts
# follow; the legend lists the lanes' glyphs; the deaths of the
# finding's pods under its fix, Tab and Enter open one; at 80x24 the
# findings come first.
python3 "$top/tests/gen/week.py" week "$T/week40" >/dev/null
db=$T/week40.db
"$CORONER" import -q --db "$db" "$T/week40" >/dev/null 2>&1
"$CORONER" analyze --db "$db" >/dev/null 2>&1
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for week-overview "Incident window 2026-05-27 14:00:04 to 2026-06-03 13:50:30 UTC"
wait_for week-span "window 7.0 days"
shows week-lane-counts '^ 30317 req, 131 failed  '
# the failure row: one full column (the bad release), the rest low
is week-burst-column 1 "$(screen | grep '^ 30317 req, 131 failed' |
    grep -o '█' | wc -l)"
shows week-rollout-bars '^ 78 deaths, 39 rollouts  *━ ━ ━'
lacks week-no-mark-on-failures '^ 30317 req.*[●✖━]'
# the bad release's finding: its pod's death under its fix
keys Down Down
wait_for week-burst-brief "near the rollout to search-6b001fffe (revision 31)"
wait_for week-deaths "+4.2 h  the rollout of search to search-6b002110f"
shows week-deaths-head '^ Deaths of its pods (1), from its start: Tab to choose one'
shows week-death-row '^ shop/search-6b001fffe-ax7k2m  *+4\.2 h  the rollout of search to search-6b002110f'
# zoom in twice, out once (the same span again), pan, the whole window
keys +
wait_for week-zoom-in "zoomed 3.5 days"
shows week-zoom-counts '^ 15285 req, 83 failed '
keys +
wait_for week-zoom-in-2 "zoomed 43.0 h"
# a zoom keeps the window's lanes in their order and leaves out those
# with nothing in its span: the ledger's one death is the window's last
# moment, kept in the whole window (its end is in it), not 43 h of it
lacks week-zoom-lane-left-out '^shop/ledger'
keys -
wait_for week-zoom-out "zoomed 3.5 days"
shows week-zoom-out-counts '^ 15285 req, 83 failed '
axis_was=$(screen | sed -n 3p)
keys Right
wait_changed week-pan-moved 3 "$axis_was"
wait_for week-pan-right '───────│12:00───────│00:00───────│12:00'
keys Left Left
wait_for week-pan-left ' 15261 req, 52 failed '
keys 0
wait_for week-whole "window 7.0 days"
keys Left
wait_for week-pan-whole "the whole window is shown: + zooms in"
# g moves the axis to the time, the burst in the middle of it
keys g
wait_for week-goto "go to"
keys C-u 2026-06-01T20:03:00Z Enter
wait_for week-goto-moved "the axis is centred on 2026-06-01 20:03:00; finding 3 (5xx-burst) covers it"
wait_for week-goto-zoomed "zoomed 22.2 h"
shows week-goto-axis '^zoomed 22.2 h .*│18:00──*│21:00'
shows week-goto-burst '^ 4039 req, 42 failed  .*█'
# Tab to the deaths, Enter opens the death view
keys Tab
wait_for week-deaths-pane "Enter opens, Tab back to the findings"
keys Enter
wait_for week-death-view "Death shop/search-6b001fffe-ax7k2m"
keys q
wait_for week-back "Deaths of its pods (1)"
# the legend: every glyph of the overview's rows
keys ?
wait_for week-help "Keys of the Overview"
n=0
while [ $n -lt 20 ] && ! screen | grep -q 'overview, 3rd row: a record'; do
	keys NPage
	n=$((n + 1))
	sleep 0.05
done
wait_for week-legend-requests "overview, a workload's 1st row: requests routed to its pods"
wait_for week-legend-failed "overview, 2nd row: failed requests"
wait_for week-legend-rollout "━  overview, 3rd row: a rollout, the pods it replaced die under it"
wait_for week-legend-death "●  overview, 3rd row: a pod's death outside a rollout"
wait_for week-legend-bars "█  overview bars: the full height"
keys q
wait_for week-help-back "Deaths of its pods (1)"
# 80x24: the findings first, then the fix and the deaths
$TM resize-window -x 80 -y 24
wait_for week-80 "Findings (3)"
shows week-80-finding '^ 3 warn 5xx-burst '
shows week-80-names '^shop/search  '
wait_for week-80-deaths "Deaths of its pods (1)"
shows week-80-death-row '^ shop/search-…01fffe-ax7k2m  *+4\.2 h  the rollout of search'
keys Q
wait_for week-quit "EXIT=0"
# times over days carry their date below the death view's lanes too: the
# ledger pod never deleted, seen first a day after the week began
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for week-dated-overview "window 7.0 days"
keys 2
wait_for week-dated-pods "82 pods, grouped by workload"
keys Down Enter
wait_for week-dated-death "Death shop/ledger-7d8e9f0a1-l3e4r"
wait_for week-dated-detail "05-28 14:00:04.000 ADDED, phase Running"
# its 6.1 days in five presses of -: the fifth reaches the whole of it,
# not 5.7 days of it
keys - - - -
wait_for week-dated-four "2.8 d of its life of 6.1 d"
keys -
wait_for week-dated-whole "its whole life: 6.1 d, to the end of the evidence"
# and in a finding's list of pods
keys 3
wait_for week-dated-findings "grace-budget-too-small"
keys Enter
wait_for week-dated-finding-pod "shop/ledger-7d8e9f0a1-l1q2w  deleted 06-03 13:50:00.000  SIGKILLed"
keys Q
wait_for week-dated-quit "EXIT=0"
# Bug: the TUI read every pod, its containers and terminations before its
# first screen (2.3 s at 100,000 pods).  Now the analysis writes the pods
# list in its order with each workload's sums, and the views read what
# they show: 4,000 pods of 1,000 workloads, the pods view paged, its
# filter finding the last pod of the list, the overview's lanes read as
# they come into view.
db=$T/wide.db
python3 "$top/tests/gen/watch.py" 4000 spread >"$T/wide.json"
"$CORONER" import -q --db "$db" "$T/wide.json" >/dev/null 2>&1
"$CORONER" analyze --db "$db" >/dev/null 2>&1
is wide-list-pods 4000 "$(sqlite3 "$db" 'SELECT count(*) FROM pod_list')"
is wide-list-workloads "1000 4000" "$(sqlite3 "$db" "SELECT count(*) || ' '
    || sum(pods) FROM workload_pods")"
is wide-lane-deaths 4000 "$(sqlite3 "$db" 'SELECT count(*) FROM lane_deaths')"
# the list in its order: namespace, workload, then death
is wide-list-order 0 "$(sqlite3 "$db" "SELECT count(*) FROM pod_list a
    JOIN pod_list b ON b.seq = a.seq + 1 WHERE a.workload > b.workload OR
    (a.workload = b.workload AND a.zero_us > b.zero_us)")"
is wide-list-workload-runs 0 "$(sqlite3 "$db" "SELECT count(*) FROM
    workload_pods w JOIN pod_list l ON l.seq BETWEEN w.first_seq AND
    w.first_seq + w.pods - 1 WHERE l.workload IS NOT w.workload")"
start 120 40 "LANG=C.UTF-8 TERM=screen-256color"
wait_for wide-overview "4000 pods, 1000 findings"
wait_re wide-overview-more "more workloads: PgDn"
keys 2
wait_for wide-pods "4000 pods, grouped by workload, ordered by death"
shows wide-pods-first '^shop/web0 (Deployment)'
was=$(screen | sed -n 5p)
keys NPage NPage NPage
wait_changed wide-pods-paged 5 "$was"
lacks wide-pods-paged-not-first '^shop/web0 (Deployment)'
keys /
wait_for wide-filter-prompt "filter pods:"
keys p3999 Enter
wait_for wide-filter "1 of 4000 pods match"
shows wide-filter-heading '^shop/web999 (Deployment)'
shows wide-filter-pod 'web999-5d8f7b9c4d-p3999'
keys Enter
wait_for wide-death "Death shop/web999-5d8f7b9c4d-p3999"
keys q
wait_for wide-back "1 of 4000 pods match"
keys / Enter
wait_for wide-unfiltered "4000 pods, grouped by workload"
# g: the first pod deleted at or after a time, far down the list
keys g
wait_for wide-goto-prompt "go to"
keys 10:30:00 Enter
wait_for wide-goto "the first pod deleted at or after it: web457-5d8f7b9c4d-p1830"
shows wide-goto-row 'web457-5d8f7b9c4d-p1830 .*10:30:00'
keys Q
wait_for wide-quit "EXIT=0"
finish tui
