#!/bin/sh
# corpus-k8s.sh: every JSON file of the shared Kubernetes corpus imports
# without a crash; the files refused are exactly those listed, with their
# kind and why, in corpus-k8s.refused (a refusal not listed, a listed file
# that imports or of another kind fails), and each refusal names the file;
# pod, workload and event lists import exactly as many objects as jq
# counts; and the troubleshoot bundle imports the same from its directory
# and from its .tar.gz.  Skipped (and said so) without the corpus.
. "$(dirname "$0")/lib.inc"
K=$CORPUS/k8s
if [ ! -d "$K" ]; then
	echo "corpus-k8s: skipped: no corpus at $CORPUS"
	finish corpus-k8s
	exit 0
fi
find "$K" -name '*.json' -type f | sort >"$T/files"
R=$(dirname "$0")/corpus-k8s.refused
grep -v '^#' "$R" >"$T/refused"
n=0 counted=0 refused=0
while read -r f; do
	n=$((n + 1))
	rel=${f#"$K"/}
	db=$T/f$n.db
	"$CORONER" import -q --db "$db" "$f" >"$T/out" 2>"$T/err"
	st=$?
	listed=$(awk -F '\t' -v p="$rel" '$1 == p { print $2 }' "$T/refused")
	if [ "$st" -gt 1 ]; then
		is "$rel: exit 0 or 1 (no crash)" "0 or 1" "$st"
		continue
	fi
	if [ "$st" -eq 1 ]; then
		refused=$((refused + 1))
		ok "$rel: the error names the file" grep -qF "$rel" "$T/err"
		if [ -z "$listed" ]; then
			is "$rel: refused but not in corpus-k8s.refused" \
			    "imported" "$(head -c 200 "$T/err")"
			continue
		fi
		is "$rel: the kind corpus-k8s.refused gives" "$listed" \
		    "$(jq -r 'if type == "array" then "array" elif has("kind")
		    then .kind else "object" end' "$f" 2>/dev/null |
		    head -n 1)"
		continue
	fi
	if [ -n "$listed" ]; then
		is "$rel: listed in corpus-k8s.refused but imported" \
		    "refused" "imported"
	fi
	pass=$((pass + 1))
	# what jq counts, by the list's kind (or its items' kind)
	kind=$(jq -r '(.kind // "") as $k | if ($k | endswith("List")) and
	    $k != "List" then ($k | rtrimstr("List")) else
	    ((.items // [.])[0].kind // "") end' "$f" 2>/dev/null)
	want=$(jq '(.items // [.]) | length' "$f" 2>/dev/null)
	case $kind in
	Pod) table=pod_obs ;;
	Event) table=events ;;
	ReplicaSet|Deployment|StatefulSet|DaemonSet|Job|CronJob)
		table=workload_obs ;;
	*) continue ;;
	esac
	counted=$((counted + 1))
	is "$rel: $kind count" "$want" \
	    "$(sqlite3 "$db" "SELECT count(*) FROM $table")"
done <"$T/files"
echo "corpus-k8s: $n JSON files imported, $counted lists counted," \
    "$refused refused as listed"
is "every listed file is in the corpus" "$(wc -l <"$T/refused" |
    tr -d ' ')" "$(cut -f1 "$T/refused" | while read -r p; do
    [ -f "$K/$p" ] && echo "$p"; done | wc -l | tr -d ' ')"
[ "$counted" -ge 10 ] || is "lists counted" ">= 10" "$counted"

# The support bundle: directory and archive give the same data.
B=$K/troubleshoot
"$CORONER" import -q --db "$T/dir.db" "$B/bundle-k3s-2022" >"$T/out" 2>&1
is "bundle directory exit" 0 $?
"$CORONER" import -q --db "$T/tgz.db" "$B/support-bundle-k3s-2022.tar.gz" \
    >"$T/out" 2>&1
is "bundle archive exit" 0 $?
for t in pods containers events workload_obs container_logs rollouts jobs; do
	a=$(sqlite3 "$T/dir.db" "SELECT count(*) FROM $t")
	b=$(sqlite3 "$T/tgz.db" "SELECT count(*) FROM $t")
	is "bundle $t: directory = archive" "$a" "$b"
done
is "bundle pods" 8 "$(sqlite3 "$T/tgz.db" 'SELECT count(*) FROM pods')"
ok "bundle has logs" test "$(sqlite3 "$T/tgz.db" \
    'SELECT count(DISTINCT container) FROM container_logs')" -ge 5
finish corpus-k8s
