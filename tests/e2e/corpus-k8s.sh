#!/bin/sh
# corpus-k8s.sh: every JSON and YAML file of the shared Kubernetes corpus
# imports without a crash; the files refused are exactly those listed,
# with their kind and why, in corpus-k8s.refused (a refusal not listed, a
# listed file that imports or of another kind fails), and each refusal
# names the file; pod, workload, event, node and EndpointSlice lists
# import exactly as many objects as jq counts; the YAML files import what
# they hold (the kspan stream's documents by the kinds its comments name,
# kubectl -o yaml's pods and nodes), the same rows as their JSON twins
# where the corpus has both; and
# the troubleshoot bundle imports the same from its directory and from
# its .tar.gz.  Skipped (and said so) without the corpus.
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
	# one database at a time: each file's is removed at the next
	db=$T/f.db
	empty_db "$db"
	"$CORONER" import -q --db "$db" "$f" >"$T/out" 2>"$T/err"
	st=$?
	listed=$(awk -F '\t' -v p="$rel" '$1 == p { print $2 }' "$T/refused")
	judge "$rel" "$st" "$listed" "$T/err" corpus-k8s.refused
	case $outcome in
	crashed) continue ;;
	unlisted) refused=$((refused + 1)); continue ;;
	refused)
		refused=$((refused + 1))
		is "$rel: the kind corpus-k8s.refused gives" "$listed" \
		    "$(jq -r 'if type == "array" then "array" elif has("kind")
		    then .kind else "object" end' "$f" 2>/dev/null |
		    head -n 1)"
		continue ;;
	esac
	pass=$((pass + 1))
	# what jq counts, by the list's kind (or its items' kind): one jq
	# for both (its start costs more than most files' import)
	kw=$(jq -r '[((.kind // "") as $k | if ($k | endswith("List")) and
	    $k != "List" then ($k | rtrimstr("List")) else
	    ((.items // [.])[0].kind // "") end),
	    ((.items // [.]) | length)] | @tsv' "$f" 2>/dev/null)
	# a file of several values: several lines, no single kind
	case $kw in *"
"*) continue ;; esac
	kind=${kw%%"	"*}
	want=${kw#*"	"}
	case $kind in
	Pod) table=pod_obs ;;
	Event) table=events ;;
	ReplicaSet|Deployment|StatefulSet|DaemonSet|Job|CronJob)
		table=workload_obs ;;
	Node) table=node_obs ;;
	EndpointSlice) table=slice_obs ;;
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

# Every YAML file: no crash; the files refused are those listed, with
# their kind (the first "kind:" line's), and the error names them.
find "$K" \( -name '*.yaml' -o -name '*.yml' \) -type f | sort >"$T/yfiles"
n=0 read_ok=0 yrefused=0
while read -r f; do
	n=$((n + 1))
	rel=${f#"$K"/}
	empty_db "$T/y.db"
	"$CORONER" import -q --db "$T/y.db" "$f" >"$T/out" 2>"$T/err"
	st=$?
	listed=$(awk -F '\t' -v p="$rel" '$1 == p { print $2 }' "$T/refused")
	judge "$rel" "$st" "$listed" "$T/err" corpus-k8s.refused
	case $outcome in
	unlisted) yrefused=$((yrefused + 1)) ;;
	refused)
		yrefused=$((yrefused + 1))
		is "$rel: the kind corpus-k8s.refused gives" "$listed" \
		    "$(grep -m 1 -E '^[- ]*kind:' "$f" | sed -E \
		    's/^[- ]*kind:[[:space:]]*//; s/[[:space:]]+$//')" ;;
	imported)
		pass=$((pass + 1))
		read_ok=$((read_ok + 1)) ;;
	esac
done <"$T/yfiles"
echo "corpus-k8s: $n YAML files, $read_ok imported, $yrefused refused as" \
    "listed"
[ "$read_ok" -ge 29 ] || is "YAML files imported" ">= 29" "$read_ok"

# rows of table in db as text, without what differs between two readings
# of the same objects (the input's line and its source)
rows() {
	sqlite3 "$1" "SELECT * FROM $2 ORDER BY 3, 4, 5" |
	    sed -E 's/^[0-9]+\|[0-9]+\|//; s/\|[0-9]+$//'
}

# kubectl get pods -A -o yaml: 25 pods; the kubelet's /pods of the same
# cluster (JSON) has 24 of them, 4 of those (the static pods) under the
# kubelet's own uids: the pods both have are the same pods.
N=$K/nri-kubernetes/1_35
"$CORONER" import -q --db "$T/nri-y.db" "$N/pods.yaml" >/dev/null 2>&1
is "nri pods.yaml exit" 0 $?
"$CORONER" import -q --db "$T/nri-j.db" "$N/kubelet-pods.json" >/dev/null 2>&1
is "nri pods.yaml pods" 25 \
    "$(sqlite3 "$T/nri-y.db" 'SELECT count(*) FROM pods')"
"$CORONER" pods --json --db "$T/nri-y.db" | sort >"$T/nri-y.txt"
"$CORONER" pods --json --db "$T/nri-j.db" | sort >"$T/nri-j.txt"
jq -r .uid "$T/nri-j.txt" | sort >"$T/nri-j-uids"
jq -r .uid "$T/nri-y.txt" | sort | comm -12 - "$T/nri-j-uids" >"$T/nri-both"
grep -F -f "$T/nri-both" "$T/nri-y.txt" >"$T/nri-y-both.txt"
grep -F -f "$T/nri-both" "$T/nri-j.txt" >"$T/nri-j-both.txt"
is "nri pods in both readings" 20 "$(wc -l <"$T/nri-y-both.txt")"
ok "nri pods --json: YAML = JSON" cmp "$T/nri-y-both.txt" "$T/nri-j-both.txt"
# kubectl get nodes -o yaml: each item a node, its conditions after it
"$CORONER" import -q --db "$T/nri-n.db" "$N/nodes.yaml" >/dev/null 2>&1
is "nri nodes.yaml exit" 0 $?
is "nri nodes.yaml nodes" "$(grep -c '^  kind: Node$' "$N/nodes.yaml")" \
    "$(sqlite3 "$T/nri-n.db" 'SELECT count(*) FROM node_obs')"
is "nri nodes.yaml conditions" "$(grep -c '^    - lastHeartbeatTime:' \
    "$N/nodes.yaml")" \
    "$(sqlite3 "$T/nri-n.db" 'SELECT count(*) FROM node_cond_obs')"

# YAML and JSON twins (the API's round-trip fixtures): the same rows.
for y in "$K"/k8s-api-testdata/*.yaml; do
	j=${y%.yaml}.json
	[ -f "$j" ] || continue
	b=$(basename "$y" .yaml)
	"$CORONER" import -q --db "$T/tw-y.db" "$y" >/dev/null 2>&1
	"$CORONER" import -q --db "$T/tw-j.db" "$j" >/dev/null 2>&1
	for t in events pod_obs container_obs; do
		is "$b $t: YAML = JSON" "$(rows "$T/tw-j.db" $t)" \
		    "$(rows "$T/tw-y.db" $t)"
	done
	rm -f "$T/tw-y.db" "$T/tw-j.db"
done

# kspan: 26 documents, each after a # {"time":...,"kind":...} comment.
S=$K/kspan/deployment-2-pods.yaml
"$CORONER" import -q --db "$T/kspan.db" "$S" >/dev/null 2>&1
is "kspan exit" 0 $?
count() {
	grep -c "^# {.*\"kind\":\"$1\"" "$S"
}
is "kspan events" "$(count Event)" \
    "$(sqlite3 "$T/kspan.db" 'SELECT count(*) FROM events')"
is "kspan pods" "$(count Pod)" \
    "$(sqlite3 "$T/kspan.db" 'SELECT count(*) FROM pod_obs')"
is "kspan replicasets" "$(count ReplicaSet)" "$(sqlite3 "$T/kspan.db" \
    "SELECT count(*) FROM workload_obs WHERE kind = 'ReplicaSet'")"
is "kspan deployments" "$(count Deployment)" "$(sqlite3 "$T/kspan.db" \
    "SELECT count(*) FROM workload_obs WHERE kind = 'Deployment'")"
is "kspan rows" 26 "$(sqlite3 "$T/kspan.db" 'SELECT rows FROM sources')"

# gitops-engine: one pod, Job or Deployment a file, timestamps unquoted.
G=$K/gitops-engine-health
for f in "$G"/pod-*.yaml "$G"/job-*.yaml "$G"/deployment-*.yaml; do
	b=$(basename "$f" .yaml)
	rm -f "$T/g.db"
	"$CORONER" import -q --db "$T/g.db" "$f" >/dev/null 2>&1
	case $b in
	pod-*) q="SELECT count(*) FROM pods WHERE created_us IS NOT NULL" ;;
	job-*) q="SELECT count(*) FROM workload_obs WHERE kind = 'Job' AND
	    created_us IS NOT NULL" ;;
	*) q="SELECT count(*) FROM workload_obs WHERE kind = 'Deployment'" ;;
	esac
	is "gitops $b" 1 "$(sqlite3 "$T/g.db" "$q")"
done
"$CORONER" import -q --db "$T/gd.db" "$G/pod-deletion.yaml" >/dev/null 2>&1
is "gitops pod-deletion: the unquoted deletionTimestamp" 1543832164 \
    "$(sqlite3 "$T/gd.db" 'SELECT deletion_ts_us / 1000000 FROM pod_obs')"

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
