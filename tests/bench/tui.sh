#!/bin/sh
# tui.sh: the TUI's rows of "make bench": on one of the analysis bench's
# databases (SIZE: "100 k pods, 10 M") the time to the first screen and
# each key's time until its screen is drawn, as the TUI itself writes
# them ($CORONER_TUI_TRACE), driven by a scripted run in a private tmux
# server.  Prints rows "WHAT<TAB>SECONDS<TAB>" for analysis.sh's table;
# prints nothing when tmux is missing.
#
#	sh tests/bench/tui.sh CORONER DB DIR SIZE
set -u
coroner=$1 db=$2 dir=$3 size=$4
command -v tmux >/dev/null 2>&1 || exit 0
trace=$dir/tui.trace
rm -f "$trace"
TM="tmux -L coroner-bench-$$ -f /dev/null"
$TM new-session -d -x 120 -y 40 "LANG=C.UTF-8 TERM=screen-256color \
    CORONER_TUI_TRACE='$trace' '$coroner' tui --db '$db'; sleep 5"
# waits (up to 120 s) until the trace has n lines
lines() {
	i=0
	while [ $i -lt 2400 ]; do
		[ -f "$trace" ] && [ "$(wc -l <"$trace")" -ge "$1" ] && return 0
		i=$((i + 1))
		sleep 0.05
	done
	return 1
}
lines 1
# the overview, the pods, a death stepped and zoomed, its rollout, a
# finding, back to the overview: each key waits for the one before
n=1
for k in 2 Down Down End Enter n n n n p + + - 0 Right Left ']' '[' a \
    Down Up q q 3 Down Enter Down q q 1 Down Enter q; do
	$TM send-keys "$k"
	n=$((n + 1))
	lines $n || break
done
$TM send-keys Q
sleep 0.2
$TM kill-server 2>/dev/null
[ -f "$trace" ] || exit 0
awk -v size="$size" '
/^first-screen/ { printf "tui first screen (%s)\t%.3f\t\n", size, $2 / 1000 }
/^key/ { n++; t[n] = $3; if ($3 > max) { max = $3; which = $2 } }
END {
	if (n == 0)
		exit
	# the median of the keys
	for (i = 1; i <= n; i++)
		for (j = i + 1; j <= n; j++)
			if (t[j] < t[i]) { x = t[i]; t[i] = t[j]; t[j] = x }
	printf "tui median key (%s, %d keys)\t%.3f\t\n", size, n, t[int((n + 1) / 2)] / 1000
	printf "tui slowest key (%s, %s)\t%.3f\t\n", size, which, max / 1000
}' "$trace"
