#!/bin/sh
# corpus-audit.sh: the audit logs and Cloud Logging exports of the shared
# corpus (late/audit2rbac, late/falco-k8s-audit, late/khi), read in
# place: every file is taken by the importer of its kind (audit events
# by k8s-audit, with as many rows as the file has events that ended:
# stage ResponseComplete or Panic, or a GKE entry; the event exporter's
# events and the nodes' journals by cloud-logging, with as many rows as
# entries), and the files refused are exactly those listed in
# corpus-audit.refused, with the importer that claimed them and why.
# Skipped (and said so) without the corpus.
. "$(dirname "$0")/lib.inc"
L=$CORPUS/late
if [ ! -d "$L/khi" ] || [ ! -d "$L/falco-k8s-audit" ]; then
	echo "corpus-audit: skipped: no corpus at $CORPUS"
	finish corpus-audit
	exit 0
fi
R=$(dirname "$0")/corpus-audit.refused
grep -v '^#' "$R" >"$T/refused"
{
	find "$L/audit2rbac" "$L/falco-k8s-audit" -type f
	find "$L/khi" -type f \( -name '*.yaml' -o -name '*.json' \)
} | sort >"$T/files"

# The events of a file that ended (what k8s-audit keeps): for JSON, the
# audit events of stage ResponseComplete or Panic; for YAML (jq cannot
# read it), the documents of a stage that ended and GKE's LogEntries.
complete() {
	case $1 in
	*.yaml)
		grep -cE '^(stage: (ResponseComplete|Panic)|protoPayload:)' \
		    "$1"
		;;
	*)
		jq -c 'select(.auditID != null and ((.stage //
		    "ResponseComplete") == "ResponseComplete" or .stage ==
		    "Panic"))' "$1" | wc -l | tr -d ' '
		;;
	esac
}

n=0 took=0 refused=0
while read -r f; do
	n=$((n + 1))
	rel=${f#"$L"/}
	db=$T/f$n.db
	empty_db "$db"
	"$CORONER" import -q --db "$db" "$f" >"$T/out" 2>"$T/err"
	st=$?
	listed=$(awk -F '\t' -v p="$rel" '$1 == p { print $2 "\t" $3 }' \
	    "$T/refused")
	if [ "$st" -gt 1 ]; then
		is "$rel: exit 0 or 1 (no crash)" "0 or 1" "$st"
		continue
	fi
	if [ "$st" -eq 1 ]; then
		refused=$((refused + 1))
		if [ -z "$listed" ]; then
			is "$rel: refused but not in corpus-audit.refused" \
			    "imported" "$(head -c 200 "$T/err")"
			continue
		fi
		ok "$rel: the error names the file" grep -qF "$rel" "$T/err"
		ok "$rel: the error says why" grep -qF \
		    "$(echo "$listed" | cut -f2)" "$T/err"
		imp=$(echo "$listed" | cut -f1)
		if [ "$imp" != - ]; then
			run "$CORONER" import -q --db "$T/as.db" --as "$imp" "$f"
			is "$rel: --as $imp refuses it too" 1 "$status"
		fi
		continue
	fi
	if [ -n "$listed" ]; then
		is "$rel: listed in corpus-audit.refused but imported" \
		    "refused" "imported"
		continue
	fi
	took=$((took + 1))
	format=$(sqlite3 "$db" 'SELECT format FROM sources')
	case $rel in
	khi/k8s_event/*)
		is "$rel: format" cloud-logging "$format"
		is "$rel: events" "$(grep -c '^jsonPayload:' "$f")" \
		    "$(sqlite3 "$db" 'SELECT count(*) FROM events')"
		;;
	khi/k8s_node/*)
		is "$rel: format" cloud-logging "$format"
		is "$rel: node log lines" "$(grep -c '^jsonPayload:' "$f")" \
		    "$(sqlite3 "$db" 'SELECT count(*) FROM node_logs')"
		;;
	*)
		is "$rel: format" k8s-audit "$format"
		is "$rel: audit rows" "$(complete "$f")" \
		    "$(sqlite3 "$db" 'SELECT count(*) FROM audit_events')"
		;;
	esac
done <"$T/files"
echo "corpus-audit: $n files, $took taken, $refused refused as listed"
is "every listed file is in the corpus" "$(wc -l <"$T/refused" |
    tr -d ' ')" "$(cut -f1 "$T/refused" | while read -r p; do
    [ -f "$L/$p" ] && echo "$p"; done | wc -l | tr -d ' ')"
[ "$took" -ge 20 ] || is "files taken" ">= 20" "$took"

# The bodies: the replicaset-controller's creates are pods, and the
# kubelet's status patches of the KHI pod are observations of it.
"$CORONER" import -q --db "$T/khi.db" "$L/khi/k8s_audit" >/dev/null 2>&1
is "khi: the pod's observations (create, two status patches)" 3 \
    "$(sqlite3 "$T/khi.db" "SELECT count(*) FROM pod_obs WHERE uid =
    'c0b4e00d-da76-4255-9a02-670d5b74aa3a'")"
is "khi: its containers waiting, then running" \
    "waiting|waiting|running|running" \
    "$(sqlite3 "$T/khi.db" "SELECT group_concat(state, '|') FROM (SELECT
    state FROM container_obs WHERE pod_uid =
    'c0b4e00d-da76-4255-9a02-670d5b74aa3a' AND state IS NOT NULL
    ORDER BY source_id, name)")"
"$CORONER" import -q --db "$T/falco.db" \
    "$L/falco-k8s-audit/create_nginx_pod_privileged.json" >/dev/null 2>&1
is "falco: the pod the replicaset-controller created" 1 \
    "$(sqlite3 "$T/falco.db" 'SELECT count(*) FROM pods')"
run "$CORONER" import --db "$T/exec.db" "$L/falco-k8s-audit/exec_pod.json"
is "falco exec: imported" 0 "$status"
ok "falco exec: says the event was not complete" \
    grep -q 'not complete (1 ResponseStarted)' "$T/.out"
# audit_v shows who asked and whom they impersonated beside the actor:
# audit2rbac's demo is system:admin acting as bob, alice and a service
# account
"$CORONER" import -q --db "$T/rbac.db" "$L/audit2rbac/demo.log" \
    >/dev/null 2>&1
is "audit2rbac: audit_v's user, impersonated and actor" \
    "system:admin|alice|alice system:admin|bob|bob" "$(sqlite3 "$T/rbac.db" \
    "SELECT DISTINCT user, impersonated, actor FROM audit_v WHERE
    impersonated NOT LIKE 'system:%' ORDER BY 2" | tr '\n' ' ' |
    sed 's/ $//')"
finish corpus-audit
