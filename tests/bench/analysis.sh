#!/bin/sh
# analysis.sh: the analysis rows of "make bench" (the README, Speed): "coroner
# analyze" on a database of 10,000 pods and 10 million request attempts,
# and reconciling 2 million reference records against 2 million actual
# ones (20,000 missing) with the same pods' termination windows; each
# must take under 10 s.  Prints one table; always exits 0.
#
#	sh tests/bench/analysis.sh CORONER GEN-BIG DIR
set -u
coroner=$1 gen=$2 dir=$3
PODS=${BENCH_PODS:-10000}
LINES=${BENCH_ATTEMPTS:-10000000}
RECORDS=${BENCH_RECORDS:-2000000}
out=$dir/analysis.rows
: >"$out"

# timed WHAT CMD...: one row (seconds, peak RSS) for CMD.
timed()
{
	what=$1
	shift
	if /usr/bin/time -f '%e %M' -o "$dir/t" "$@" >"$dir/o" 2>"$dir/e"
	then
		read -r s kb <"$dir/t"
		printf '%s\t%s\t%s\n' "$what" "$s" "$kb" >>"$out"
	else
		printf '%s\tfailed: %s\t\n' "$what" \
		    "$(grep -v '^model' "$dir/e" | head -n 1 | cut -c 1-60)" \
		    >>"$out"
	fi
}

if [ ! -x "$gen" ] || [ ! -x "$coroner" ]; then
	echo "analysis bench: $gen or $coroner missing; skipped"
	exit 0
fi
echo "bench: generating $PODS pods and $LINES lines" >&2
"$gen" pods "$PODS" >"$dir/pods.json"
"$gen" log "$PODS" "$LINES" >"$dir/big.log"
timed "import $PODS pods + $LINES lines" "$coroner" import -q \
    --db "$dir/big.db" "$dir/pods.json" "$dir/big.log"
rm -f "$dir/big.log"
timed "analyze: $PODS pods, $LINES attempts" "$coroner" analyze \
    --db "$dir/big.db"
sh "$(dirname "$0")/tui.sh" "$coroner" "$dir/big.db" "$dir" >>"$out"
rm -f "$dir/big.db"

# The records against the same pods' termination windows.
echo "bench: generating 2 x $RECORDS records" >&2
"$gen" records "$RECORDS" 20000 >"$dir/ref.csv" 3>"$dir/act.ndjson"
"$coroner" import -q --db "$dir/rec.db" "$dir/pods.json" >/dev/null 2>&1
rm -f "$dir/pods.json"
timed "import $RECORDS reference records (CSV)" "$coroner" import -q \
    --db "$dir/rec.db" --records ref --key id --time t "$dir/ref.csv"
timed "import $RECORDS actual records (NDJSON)" "$coroner" import -q \
    --db "$dir/rec.db" --records act --key id --time t "$dir/act.ndjson"
timed "reconcile $RECORDS against $RECORDS ($PODS pods)" "$coroner" \
    analyze --db "$dir/rec.db" --reconcile ref:act
rm -f "$dir/rec.db" "$dir/ref.csv" "$dir/act.ndjson"

echo
awk -F '\t' '
BEGIN { fmt = "%-48s %8s %8s  %s\n"
	printf fmt, "analysis (README, Speed)", "s", "RSS MB", "target" }
{
	t = ""
	if ($1 ~ /^(analyze|reconcile)/)
		t = ($2 ~ /^failed/) ? "MISS" : \
		    ($2 + 0 < 10 ? "PASS (< 10 s)" : "MISS (< 10 s)")
	if ($1 ~ /^tui first screen/)
		t = ($2 + 0 < 0.3 ? "PASS (< 300 ms)" : "MISS (< 300 ms)")
	if ($1 ~ /^tui slowest key/)
		t = ($2 + 0 < 0.1 ? "PASS (< 100 ms)" : "MISS (< 100 ms)")
	rss = $3 != "" ? sprintf("%.1f", $3 / 1024) : "-"
	printf fmt, $1, $2, rss, t
}' "$out"
exit 0
