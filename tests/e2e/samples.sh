#!/bin/sh
# samples.sh: the bundled sample incidents (samples/, samples/README.md).
# The generators in tests/gen/ still write what the samples hold (their
# content, decompressed, and an archive's members); each sample is small;
# and each finds its story, checked on "coroner analyze --json": exactly
# the kinds, workloads and pods its README names, with the numbers that
# tell the story.  grace-budget is also what "make demo" shows: its HTML
# report has a timeline per finding.
. "$(dirname "$0")/lib.inc"
S=$top/samples

# q FILE FILTER: one compact line of jq output.
q() {
	jq -c "$2" "$1" 2>/dev/null
}

# content FILE: a file's content as coroner reads it (decompressed; an
# archive as its sorted members, each with its bytes).
content() {
	case $1 in
	*.tar.gz)
		d=$(mktemp -d "$T/x.XXXXXX")
		tar -xzf "$1" -C "$d" &&
		    (cd "$d" && find . -type f | sort | while read -r m; do
			echo "== $m"
			cat "$m"
		    done)
		;;
	*.gz)	gzip -dc "$1" ;;
	*.zst)	zstd -dcq "$1" ;;
	*)	cat "$1" ;;
	esac
}

# same NAME GENERATOR: the generator writes the sample's files again.
same() {
	python3 "$top/tests/gen/$2" sample "$T/gen/$1" || {
		echo "FAIL $1-generator: $2 sample failed"
		fail=$((fail + 1))
		return
	}
	is "$1-files" "$(cd "$S/$1" && find . -type f ! -name README.md |
	    sort)" "$(cd "$T/gen/$1" && find . -type f | sort)"
	bad=""
	for f in $(cd "$T/gen/$1" && find . -type f | sort); do
		content "$S/$1/$f" >"$T/a" 2>&1
		content "$T/gen/$1/$f" >"$T/b" 2>&1
		cmp -s "$T/a" "$T/b" || bad="$bad $f"
	done
	is "$1-generated" "" "$bad"
	ok "$1-readme" test -s "$S/$1/README.md"
	ok "$1-under-2mb" test "$(du -sk "$S/$1" | cut -f1)" -lt 2048
}

# analyze NAME: imports the sample's directory (and any extra import
# given after the name) and writes the report JSON to $T/NAME.json.
analyze() {
	name=$1
	shift
	run "$CORONER" import -q --db "$T/$name.db" "$S/$name"
	is "$name-import" 0 "$status"
	"$CORONER" analyze --db "$T/$name.db" "$@" --json >"$T/$name.json" \
	    2>/dev/null
	is "$name-analyze" 0 $?
}

# --- grace-budget ---------------------------------------------------------
same grace-budget incident.py
analyze grace-budget
"$CORONER" import -q --db "$T/grace-budget.db" --records courier \
    --key parcel_id --time scanned_at "$S/grace-budget/courier.csv.zst"
is gb-import-courier 0 $?
"$CORONER" import -q --db "$T/grace-budget.db" --records ours \
    --key return.id --time accepted_at "$S/grace-budget/ours.ndjson.zst"
is gb-import-ours 0 $?
"$CORONER" analyze --db "$T/grace-budget.db" --reconcile courier:ours \
    --json >"$T/gb.json" 2>/dev/null
R=$T/gb.json
OLD='["returns-api-7d9f8b6c5-b7m4p","returns-api-7d9f8b6c5-k7p3s",'
OLD=$OLD'"returns-api-7d9f8b6c5-m2n6v","returns-api-7d9f8b6c5-q9z2w",'
OLD=$OLD'"returns-api-7d9f8b6c5-r4t8y","returns-api-7d9f8b6c5-x2kq9"]'
is gb-findings "$(printf '%s\n' \
    "[\"grace-budget-too-small\",\"returns\",\"returns-api\",$OLD]" \
    "[\"records-lost-at-termination\",\"returns\",\"returns-api\",$OLD]" \
    '["records-missing",null,null,[]]' \
    "[\"sigkill-at-grace-deadline\",\"returns\",\"returns-api\",$OLD]")" \
    "$(jq -c '.findings[] | [.kind, .namespace, .workload,
    (.pods | sort)]' "$R" | sort)"
is gb-killed '[6,30,25]' "$(q "$R" '.findings[] |
    select(.kind == "sigkill-at-grace-deadline") | .evidence |
    [.killed, .grace_s, .prestop_s]')"
# the load balancer routed up to +29 s, past the 25 s preStop: a 35 s
# preStop first, then a grace of 45 s (what lint's prestop-covers-lb says)
is gb-recommended '[29,35,45]' "$(q "$R" '.findings[] |
    select(.kind == "grace-budget-too-small") | .evidence |
    [.lb_lag_s, .recommended_prestop_s, .recommended_grace_s]')"
"$CORONER" lint --db "$T/grace-budget.db" --format json \
    "$S/grace-budget/deployments.json.zst" >"$T/gb.lint"
is gb-lint-agrees '[29,35,45]' "$(jq -c 'select(.check ==
    "prestop-covers-lb") | .numbers | [.lag_s, .recommended_prestop_s,
    .recommended_grace_s]' "$T/gb.lint")"
is gb-lost '[63,60]' "$(q "$R" '.findings[] |
    select(.kind == "records-lost-at-termination") | .evidence |
    [.missing, .in_windows]')"
# the controller's log: every request answered, none after a pod's death
is gb-requests '[3552,0]' "$(q "$R" '.summary | [.requests,
    .failed_requests]')"
is gb-reused-ip "returns-api-5c8d7b9f4-w3k7j
returns-api-7d9f8b6c5-x2kq9" "$("$CORONER" sql --db "$T/grace-budget.db" \
    "SELECT DISTINCT pod FROM requests_v WHERE ip = '10.244.1.10' ORDER BY
    1" | tail -n +2)"
"$CORONER" report --db "$T/grace-budget.db" --format html \
    -o "$T/demo.html"
is gb-report-html 0 $?
is gb-report-timelines 4 "$(grep -c '<svg class="tl"' "$T/demo.html")"
# the counts by the lanes' last marks are written before them, clear of
# the grace deadline's line at +30 s
ok gb-report-missing-before grep -q \
    'text-anchor="end">10 missing</text>' "$T/demo.html"
ok gb-report-routed-before grep -q \
    'text-anchor="end">+29.0 s</text>' "$T/demo.html"
# the Markdown sources name each member of the directory imported
ok gb-md-members sh -c "'$CORONER' report --db '$T/grace-budget.db' |
    grep -q ': events.json.zst | k8s-events | 18 |'"
# the load balancer's lag is one number in every view: the timeline's
# moment, the finding's words and the report's lane (+28 s was the start
# of the last second routed, +29 s its end)
"$CORONER" timeline --db "$T/grace-budget.db" returns-api-7d9f8b6c5-x2kq9 \
    >"$T/x2kq9.tl" 2>&1
ok gb-timeline-routed grep -q '+29.0 s last request routed to 10.244.1.10' \
    "$T/x2kq9.tl"
# its words give the lag as its range at the logs' resolution
ok gb-timeline-lag-range sh -c "tr '\n' ' ' <'$T/x2kq9.tl' | tr -s ' ' |
    grep -q '28 to 29 s after the deletion request'"
ok gb-analyze-routed sh -c "'$CORONER' analyze --db '$T/grace-budget.db' |
    tr '\n' ' ' | grep -q 'for up to 29 s after their'"

# --- ingress-lag ----------------------------------------------------------
same ingress-lag slow_lb.py
analyze ingress-lag
R=$T/ingress-lag.json
OLD='["web-6f7c9d8b5-c4x8k","web-6f7c9d8b5-h2p7m","web-6f7c9d8b5-q5w9d",'
OLD=$OLD'"web-6f7c9d8b5-z8n3t"]'
is lag-findings "[\"traffic-after-shutdown\",\"critical\",\"checkout\",\
\"web\",$OLD]" "$(jq -c '.findings[] | [.kind, .severity, .namespace,
    .workload, (.pods | sort)]' "$R")"
F='.findings[0].evidence'
is lag-evidence '[58,19]' "$(q "$R" "$F | [.failed_requests, .lag_s]")"
is lag-per-pod '[["web-6f7c9d8b5-c4x8k",12],["web-6f7c9d8b5-h2p7m",17],'\
'["web-6f7c9d8b5-q5w9d",10],["web-6f7c9d8b5-z8n3t",19]]' \
    "$(q "$R" "[$F.pods_detail[] | [.pod, .failed]] | sort")"
is lag-502s 58 "$(gzip -dc "$S/ingress-lag/lb-requests.json.gz" |
    grep -c '"status": 502')"
# 10.52.1.14: the first old pod's 502s, then the fourth new pod's 200s
is lag-reused-ip "web-6f7c9d8b5-c4x8k|200
web-6f7c9d8b5-c4x8k|502
web-8d4b6f9c7-w7d5q|200" "$("$CORONER" sql --db "$T/ingress-lag.db" \
    "SELECT DISTINCT pod, status FROM requests_v WHERE ip = '10.52.1.14'
    ORDER BY 1, 2" | tail -n +2 | tr '\t' '|')"

# --- mesh-sidecar ---------------------------------------------------------
same mesh-sidecar sidecar.py
analyze mesh-sidecar
R=$T/mesh-sidecar.json
OLD='["ledger-6b7c9d8f5-k2x9p","ledger-6b7c9d8f5-m7q4z",'
OLD=$OLD'"ledger-6b7c9d8f5-t3v8w"]'
NEWPOD=ledger-84f6c7d9b-a5d2f
HELDPOD=settle-29642760-n8y4z
P='"payments","ledger"'
is mesh-findings "$(printf '%s\n' \
    "[\"app-started-before-proxy\",\"warning\",$P,[\"$NEWPOD\"]]" \
    "[\"job-held-by-sidecar\",\"critical\",\"payments\",\"settle\",\
[\"$HELDPOD\"]]" \
    "[\"sidecar-exited-before-app\",\"critical\",$P,$OLD]")" \
    "$(jq -c '.findings[] | [.kind, .severity, .namespace, .workload,
    (.pods | sort)]' "$R" | sort)"
is mesh-exited '[39,24,9]' "$(q "$R" '.findings[] |
    select(.kind == "sidecar-exited-before-app") | .evidence |
    [.failed_requests, .log_errors, .gap_s]')"
is mesh-before '[6,"2026-05-14T06:10:05.000Z"]' "$(q "$R" '.findings[] |
    select(.kind == "app-started-before-proxy") | .evidence |
    [.log_errors, .proxy_ready]')"
is mesh-held '["settle-29642760","istio-proxy","2026-05-12T06:04:03.000Z"]' \
    "$(q "$R" '.findings[] | select(.kind == "job-held-by-sidecar") |
    .evidence | [.job, .sidecar, .main_finished]')"
# the bundle's logs came in, without times, as troubleshoot writes them
is mesh-bundle-logs 0 "$(sqlite3 "$T/mesh-sidecar.db" "SELECT count(*)
    FROM logs_v l JOIN sources s ON s.id = l.source_id WHERE s.member
    LIKE '%cluster-resources/pods/logs/%' AND l.time IS NOT NULL")"
ok mesh-bundle-logs-kept test "$(sqlite3 "$T/mesh-sidecar.db" "SELECT
    count(*) FROM sources WHERE member LIKE '%/pods/logs/%'")" -gt 20

# --- week-later -----------------------------------------------------------
# a week after the fact: no pod object, no event of the day's API, only
# the GKE export, the GCLB's log, the Helm history and the records
same week-later late.py
run "$CORONER" import --db "$T/week-later.db" "$S/week-later"
is wl-import 0 "$status"
# the file's name whole, the reason wrapped under it
ok wl-helm-skipped-saying-why sh -c "tr '\\n' ' ' <'$T/.out' | tr -s ' ' |
    grep -q 'helm-history-label-printer.json.zst: skipped: helm history does not name its release'"
W=$S/week-later
"$CORONER" import -q --db "$T/week-later.db" --release labels/label-printer \
    "$W/helm-history-label-printer.json.zst"
is wl-import-helm 0 $?
"$CORONER" import -q --db "$T/week-later.db" --records courier \
    --key label_id --time scanned_at "$W/courier.csv.zst"
is wl-import-courier 0 $?
"$CORONER" import -q --db "$T/week-later.db" --records ours \
    --key label.id --time stored_at "$W/ours.ndjson.zst"
is wl-import-ours 0 $?
"$CORONER" analyze --db "$T/week-later.db" --reconcile courier:ours \
    --json >"$T/wl.json" 2>/dev/null
is wl-analyze 0 $?
# pods at 80 columns: the workload has room beside exits as short as
# "printer 137 SIGKILL", and every line fits
COLUMNS=80 "$CORONER" pods --db "$T/week-later.db" >"$T/wl.pods"
ok wl-pods-workload grep -q '^NAMESPACE/POD  *WORKLOAD  *DELETED' "$T/wl.pods"
is wl-pods-80 0 "$(awk 'length > 80' "$T/wl.pods" | wc -l | tr -d ' ')"
# the grace budget's picture draws the rounding up to 5 s, and its words
# give the shutdown to a tenth, as the finding does (its bars ended at
# 35 s beside a recommendation of 40)
"$CORONER" report --db "$T/week-later.db" -o "$T/wl.html" 2>/dev/null
ok wl-html-rounded grep -q '<title>rounded up</title>' "$T/wl.html"
ok wl-html-rounded-words grep -q \
    'margin takes 35.2 s, rounded up to 40 s' "$T/wl.html"
ok wl-html-shutdown grep -q '>shutdown ≥ 10.2 s<' "$T/wl.html"
# the SIGKILL picture's note has no room after its bracket (the bracket
# ends at +30 s of -5 to +40): it goes before it, whole (it was cut at
# the picture's edge, "SIGKIL", its bold glyphs measured as plain ones)
ok wl-html-kill-note grep -q \
    'text-anchor="end">10 s from SIGTERM to SIGKILL<' "$T/wl.html"
R=$T/wl.json
OLD='["label-printer-6b7c8d9f5-c3v5x","label-printer-6b7c8d9f5-h8j6n",'
OLD=$OLD'"label-printer-6b7c8d9f5-k2m4p","label-printer-6b7c8d9f5-r7t9w"]'
P='"labels","label-printer"'
is wl-findings "$(printf '%s\n' \
    "[\"grace-budget-too-small\",$P,$OLD]" \
    "[\"records-lost-at-termination\",$P,$OLD]" \
    "[\"sigkill-at-grace-deadline\",$P,$OLD]")" \
    "$(jq -c '.findings[] | select(.kind != "records-missing") | [.kind,
    .namespace, .workload, (.pods | sort)]' "$R" | sort)"
is wl-killed '[4,30,20]' "$(q "$R" '.findings[] |
    select(.kind == "sigkill-at-grace-deadline") | .evidence |
    [.killed, .grace_s, .prestop_s]')"
is wl-lost '[40,40]' "$(q "$R" '.findings[] |
    select(.kind == "records-lost-at-termination") | .evidence |
    [.missing, .in_windows]')"
is wl-deleted-by '{"system:serviceaccount:kube-system:replicaset-controller":4}' \
    "$(q "$R" '.findings[] | select(.kind == "sigkill-at-grace-deadline") |
    .evidence.deleted_by')"
"$CORONER" pods --db "$T/week-later.db" --json >"$T/wl-pods.json"
is wl-deletion-basis '["audit"]' "$(jq -sc '[.[] |
    select(.deletion_basis != null) | .deletion_basis] | unique' \
    "$T/wl-pods.json")"
is wl-rollout '["helm","42","ci-deployer@shop-prod.iam.gserviceaccount.com"]' \
    "$(sqlite3 -json "$T/week-later.db" "SELECT tool, deploy_revision,
    deployed_by FROM rollouts_v" | jq -c '.[0] | [.tool,
    (.deploy_revision | tostring), .deployed_by]')"
finish samples
