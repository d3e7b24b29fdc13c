#!/bin/sh
# corpus-width.sh: what coroner prints fits 80 columns when standard
# output is not a terminal (the README promises it), on the real bundles
# of the shared corpus: every line of "import" (archive members named
# once under their archive, long member paths cut at a '/'), "analyze",
# "pods" and "timeline" of every pod (long names and nodes on lines of
# their own).  Widths are terminal columns (an ellipsis is one).  Skipped
# (and said so) without the corpus.
. "$(dirname "$0")/lib.inc"
K=$CORPUS/k8s
if [ ! -d "$K" ]; then
	echo "corpus-width: skipped: no corpus at $CORPUS"
	finish corpus-width
	exit 0
fi

# widest NAME FILE: passes when no line of FILE is wider than 80 columns,
# else shows the widest.
widest() {
	w=$(LC_ALL=C.UTF-8 wc -L <"$2" | tr -d ' ')
	if [ "$w" -le 80 ]; then
		pass=$((pass + 1))
	else
		echo "FAIL $1: a line of $w columns:"
		LC_ALL=C.UTF-8 awk -v w="$w" 'length($0) >= w' "$2" | head -3
		fail=$((fail + 1))
	fi
}

for b in troubleshoot/support-bundle-k3s-2022.tar.gz sbctl/bundle-kurl \
    insights-operator-sample sonobuoy; do
	n=$(basename "$b" .tar.gz)
	db=$T/$n.db
	"$CORONER" import --db "$db" "$K/$b" >"$T/$n.out" 2>&1
	is "$n-import-exit" 0 $?
	# the lines said something: every input, the model
	ok "$n-import-model" grep -q '^model: ' "$T/$n.out"
	widest "$n-import" "$T/$n.out"
	"$CORONER" analyze --db "$db" >"$T/$n.ana" 2>&1
	widest "$n-analyze" "$T/$n.ana"
	"$CORONER" pods --db "$db" >"$T/$n.pods" 2>&1
	widest "$n-pods" "$T/$n.pods"
	: >"$T/$n.tl"
	for p in $(sqlite3 "$db" 'SELECT uid FROM pods'); do
		"$CORONER" timeline --db "$db" "$p" >>"$T/$n.tl" 2>&1
	done
	is "$n-timelines" "$(sqlite3 "$db" 'SELECT count(*) FROM pods')" \
	    "$(grep -c '^offsets from the ' "$T/$n.tl")"
	widest "$n-timeline" "$T/$n.tl"
done
finish corpus-width
