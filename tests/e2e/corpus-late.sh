#!/bin/sh
# corpus-late.sh: the late evidence of the shared corpus (late/) that the
# EndpointSlice, Node and deploy importers read, in place.  Every file of
# an EndpointSlice, a Node or a deploy history is taken by the importer of
# its kind with as many rows (and endpoints, conditions, taints) as jq
# counts, or for YAML as grep counts its items; a helm history needs
# --release (refused without, saying so) and its table is refused with or
# without it, pointing to -o json; core/v1 Endpoints and Leases are not
# read (refused alone, skipped in a bundle).  The files refused are
# exactly those listed, with what their message says, in
# corpus-late.refused; any other file not taken as expected fails.  The
# support bundle imports the same from its directory and its .tar.gz.
# Skipped (and said so) without the corpus.
. "$(dirname "$0")/lib.inc"
L=$CORPUS/late
if [ ! -d "$L" ]; then
	echo "corpus-late: skipped: no corpus at $CORPUS"
	finish corpus-late
	exit 0
fi
R=$(dirname "$0")/corpus-late.refused
grep -v '^#' "$R" >"$T/refused"
(cd "$L" && find troubleshoot-baseline-2025 k9s popeye k8s-api-testdata \
    sonobuoy insights-operator-sample/node helm-history argocd -type f \
    ! -name '*.tar.gz' | sort) >"$T/files"

# The kind of a JSON file: its own, its typed list's, its first item's,
# else its shape's (nodeInfo: a Node; a chart and a revision: helm).
JQ_KIND='def k: .kind // (if ((.status | objects | .nodeInfo) // false) then
    "Node"
    elif .chart != null and .revision != null then "helm" else "" end);
    if type == "array" then (.[0] // {} | k)
    elif (.kind // "" | endswith("List")) and .kind != "List" then
	(.kind | rtrimstr("List"))
    elif has("items") then ((.items // [])[0] // {} | k) else k end'
# The objects of a JSON file, and what each holds at a path.
JQ_ITEMS='if type == "array" then .[] elif has("items") then .items[]?
    else . end'
jq_sum() {
	jq "[$JQ_ITEMS | $2 // [] | length] | add // 0" "$1"
}
# The kind of a YAML file: the first kind of an object or a list item
# (not a List), else helm's when its items have a chart and a revision.
yaml_kind() {
	k=$(grep -E '^(- |  )?kind: ' "$1" | sed -E 's/^(- |  )?kind: //' |
	    grep -v '^List$' | head -n 1)
	if [ -z "$k" ] && grep -q '^  chart: ' "$1" &&
	    grep -q '^  revision: ' "$1"; then
		k=helm
	fi
	echo "$k"
}

n=0 taken=0 refused=0
while read -r rel; do
	n=$((n + 1))
	f=$L/$rel
	db=$T/f$n.db
	release=""
	case $rel in helm-history/*) release="--release default/foo" ;; esac
	listed=$(awk -F '\t' -v p="$rel" '$1 == p { print $2 }' "$T/refused")
	if [ -n "$release" ]; then
		# shellcheck disable=SC2086
		empty_db "$T/nr$n.db"
		"$CORONER" import -q --db "$T/nr$n.db" "$f" >"$T/out" 2>"$T/err"
		st=$?
		is "$rel: without --release, refused" 1 "$st"
		if [ -n "$listed" ]; then
			ok "$rel: without --release: $listed" \
			    grep -qF -- "$listed" "$T/err"
		else
			ok "$rel: without --release, says to add it" \
			    grep -qF "import it with --release NAMESPACE/NAME" \
			    "$T/err"
		fi
	fi
	empty_db "$db"
	# shellcheck disable=SC2086
	"$CORONER" import -q --db "$db" $release "$f" >"$T/out" 2>"$T/err"
	st=$?
	judge "$rel" "$st" "$listed" "$T/err" corpus-late.refused
	case $outcome in
	crashed) continue ;;
	unlisted) refused=$((refused + 1)); continue ;;
	refused)
		refused=$((refused + 1))
		ok "$rel: the refusal says: $listed" \
		    grep -qF -- "$listed" "$T/err"
		continue ;;
	esac
	[ -z "$listed" ] || continue	# listed, but imported: judged
	case $rel in
	*.json) kind=$(jq -r "$JQ_KIND" "$f" 2>/dev/null | head -n 1) ;;
	*) kind=$(yaml_kind "$f") ;;
	esac
	case $kind in
	EndpointSlice) format=k8s-endpointslices table=slice_obs ;;
	Node) format=k8s-nodes table=node_obs ;;
	Application|helm) format=deploys table=deploy_obs ;;
	*)
		is "$rel: a file of a kind the late importers read" \
		    "EndpointSlice, Node, Application or helm" "'$kind'"
		continue ;;
	esac
	taken=$((taken + 1))
	is "$rel: taken by $format" "$format" \
	    "$(sqlite3 "$db" 'SELECT group_concat(format) FROM sources')"
	case $rel:$kind in
	*.json:*)
		want=$(jq "[$JQ_ITEMS] | length" "$f") ;;
	*:Application)
		want=$(grep -cE '^    id: [0-9]+$' "$f") ;;
	*:helm)
		want=$(grep -c '^- ' "$f") ;;
	*)
		want=$(grep -cE "^(- |  )?kind: $kind\$" "$f") ;;
	esac
	is "$rel: $kind rows" "$want" "$(sqlite3 "$db" \
	    "SELECT rows FROM sources")"
	is "$rel: $kind in $table" "$want" "$(sqlite3 "$db" \
	    "SELECT count(*) FROM $table")"
	case $rel:$kind in
	*.json:EndpointSlice)
		is "$rel: endpoints" "$(jq_sum "$f" .endpoints)" \
		    "$(sqlite3 "$db" 'SELECT count(*) FROM endpoint_obs')" ;;
	*.json:Node)
		is "$rel: conditions" "$(jq_sum "$f" .status.conditions)" \
		    "$(sqlite3 "$db" 'SELECT count(*) FROM node_cond_obs')"
		is "$rel: taints" "$(jq_sum "$f" .spec.taints)" \
		    "$(sqlite3 "$db" 'SELECT count(*) FROM taint_obs')" ;;
	esac
done <"$T/files"
echo "corpus-late: $n files, $taken taken by the importer of their kind," \
    "$refused refused as listed"
is "every listed file is in the corpus" "$(wc -l <"$T/refused" |
    tr -d ' ')" "$(cut -f1 "$T/refused" | while read -r p; do
    [ -f "$L/$p" ] && echo "$p"; done | wc -l | tr -d ' ')"
[ "$taken" -ge 23 ] || is "files taken" ">= 23" "$taken"

# What the files say, beyond their counts.
q() {
	sqlite3 "$T/one.db" "$1"
}
one() {
	rm -f "$T/one.db"
	"$CORONER" import -q --db "$T/one.db" "$@" >/dev/null 2>&1
}
B=$L/troubleshoot-baseline-2025/supportbundle/cluster-resources
one "$B/endpointslices/kube-system.json"
is "kube-system slices: observed at their trigger time" \
    "trigger-time trigger-time trigger-time" \
    "$(q 'SELECT observed_basis FROM slice_obs ORDER BY name' | tr '\n' ' ' |
    sed 's/ $//')"
is "kube-system slices: each endpoint a pod on primary-node, serving" \
    "3 3 3" "$(q "SELECT count(pod_uid), count(*) FILTER (WHERE node =
    'primary-node'), sum(serving) FROM endpoint_obs" | tr '|' ' ')"
one "$L/k8s-api-testdata/discovery.k8s.io.v1beta1.EndpointSlice.json"
is "v1beta1 slice: its endpoint's node" nodeNameValue \
    "$(q 'SELECT node FROM endpoint_obs')"
one "$L"/insights-operator-sample/node/master-0.*.json
is "insights node: the redacted bootID kept as written" \
    xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx "$(q 'SELECT boot_id FROM node_obs')"
one "$L/sonobuoy/results-0.10/resources/cluster/Nodes.json"
is "sonobuoy nodes: the master taint, timeAdded null" \
    "node-role.kubernetes.io/master|" \
    "$(q 'SELECT key, added_us FROM taint_obs')"
one "$L/k8s-api-testdata/core.v1.Node.json"
is "API fixture node: a taint's timeAdded" 2004-01-01T01:01:01 \
    "$(q "SELECT strftime('%Y-%m-%dT%H:%M:%S', added_us / 1000000,
    'unixepoch') FROM taint_obs")"
one "$L/popeye/lint-core-node-1.yaml"
is "popeye nodes: n4 is cordoned" n4 \
    "$(q 'SELECT name FROM node_obs WHERE unschedulable = 1')"
one --release default/foo "$L/helm-history/history-with-rollback.json"
is "helm rollback: revision 3 went back to 1" "3|1|deployed" \
    "$(q 'SELECT revision, rollback_to, status FROM deploy_obs WHERE
    rollback_to IS NOT NULL')"
is "helm history: the release from --release" "default|foo|helm" \
    "$(q 'SELECT DISTINCT namespace, name, tool FROM deploy_obs')"
one "$L/argocd/diff-cache-application.yaml"
is "argocd: ids 14 to 23 in test-lla, deployed in order" \
    "14 23 test-lla 10" "$(q "SELECT min(CAST(revision AS INTEGER)),
    max(CAST(revision AS INTEGER)), namespace, count(DISTINCT end_us)
    FROM deploy_obs" | tr '|' ' ')"

# The same history with another --release is another input; the same
# twice changes nothing.
H=$L/helm-history/history.json
"$CORONER" import -q --db "$T/rel.db" --release shop/web "$H" >/dev/null 2>&1
"$CORONER" import --db "$T/rel.db" --release shop/web "$H" >"$T/out" 2>&1
ok "helm history again: already imported" grep -q 'already imported' \
    "$T/out"
"$CORONER" import -q --db "$T/rel.db" --release shop/api "$H" >/dev/null 2>&1
is "helm history under two releases: two inputs, two releases" "2 2" \
    "$(sqlite3 "$T/rel.db" "SELECT count(*), count(DISTINCT name) FROM
    (SELECT DISTINCT s.id, d.name FROM sources s JOIN deploy_obs d ON
    d.source_id = s.id)" | tr '|' ' ')"

# The support bundle: slices and nodes taken, Endpoints and Leases
# skipped as kinds coroner does not read; directory = archive.
"$CORONER" import --db "$T/dir.db" \
    "$L/troubleshoot-baseline-2025/supportbundle" >"$T/out" 2>&1
is "bundle directory exit" 0 $?
ok "bundle directory: 4 files skipped" grep -q 'skipped 4 files no importer' \
    "$T/out"
for m in endpoints/kube-system.json leases/kube-node-lease.json \
    leases/kube-system.json; do
	ok "bundle directory: $m skipped" grep -qF "cluster-resources/$m" \
	    "$T/out"
done
ok "bundle directory: the empty list said" \
    grep -qF '1 empty list (k8s-endpointslices)' "$T/out"
is "bundle directory: no Endpoints or Lease member kept" 0 \
    "$(sqlite3 "$T/dir.db" "SELECT count(*) FROM sources WHERE member LIKE
    '%/endpoints/%' OR member LIKE '%/leases/%'")"
"$CORONER" import -q --db "$T/tgz.db" \
    "$L/troubleshoot-baseline-2025/baseline.tar.gz" >/dev/null 2>&1
is "bundle archive exit" 0 $?
for t in slice_obs endpoint_obs node_obs node_cond_obs taint_obs; do
	is "bundle $t: directory = archive" \
	    "$(sqlite3 "$T/dir.db" "SELECT count(*) FROM $t")" \
	    "$(sqlite3 "$T/tgz.db" "SELECT count(*) FROM $t")"
done
is "bundle: 4 slices, 1 node" "4 1" "$(sqlite3 "$T/tgz.db" "SELECT
    (SELECT count(*) FROM slice_obs), (SELECT count(*) FROM node_obs)" |
    tr '|' ' ')"
# a Lease beside a Node: skipped on a line that names its kind, and what
# import prints fits 80 columns, the paths cut at their leading
# directories
C=$L/troubleshoot-baseline-2025/supportbundle/cluster-resources
"$CORONER" import --db "$T/lease.db" "$C/leases/kube-system.json" \
    "$C/nodes.json" >"$T/lease.out" 2>&1
is "a Lease beside a Node: exit" 0 $?
ok "a Lease beside a Node: its kind named" grep -qF '(1 Lease)' "$T/lease.out"
is "a Lease beside a Node: 80 columns" 0 "$(awk 'length > 80' "$T/lease.out" |
    wc -l | tr -d ' ')"
ok "a Lease beside a Node: its name's end kept" \
    grep -q '^…/.*leases/kube-system.json: skipped 1 object' "$T/lease.out"
finish corpus-late
