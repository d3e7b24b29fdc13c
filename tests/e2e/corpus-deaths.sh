#!/bin/sh
# corpus-deaths.sh: the deaths of real clusters in the shared corpus.
# "coroner analyze" must find, with their workloads and pods:
# - troubleshoot/support-bundle-k3s-2022.tar.gz: the node restart of
#   k3d-mycluster-server-0 (six containers of four pods ended together
#   with reason Unknown, exit 255, restarted up to 96 times), and the
#   crash loops of local-path-provisioner (189 restarts, exit 1) and
#   metrics-server (182, exit 2), which say that up to 96 of those were
#   the node's; the node's other containers are not crash loops;
# - sbctl/bundle-kurl/: velero-6996dd565b-xl44t in CrashLoopBackOff (exit
#   1, "unknown command"), and no loop for containers restarted once;
# - nri-kubernetes/1_35/kubelet-pods.json: Job e2e-failjob, its four pods
#   failed with exit 42;
# - insights-operator-sample: crash loops of OpenShift operators that
#   exited 255 (their own fatal exit, not a signal);
# - troubleshoot/analyze-files/pods/message-pod-crashloop-backoff.json: a
#   container that could not start (ContainerCannotRun, exit 127), not a
#   crash loop.
# Skipped (and said so) without the corpus.
. "$(dirname "$0")/lib.inc"
K=$CORPUS/k8s
if [ ! -d "$K" ]; then
	echo "corpus-deaths: skipped: no corpus at $CORPUS"
	finish corpus-deaths
	exit 0
fi

# q FILE FILTER: one compact line of jq output.
q() {
	jq -c "$2" "$1" 2>/dev/null
}

# analyze NAME PATH: imports PATH and writes the report to $T/NAME.json.
analyze() {
	"$CORONER" import -q --db "$T/$1.db" "$2" >/dev/null 2>"$T/$1.err"
	is "$1-import" 0 $?
	"$CORONER" analyze --db "$T/$1.db" --json >"$T/$1.json"
	is "$1-analyze" 0 $?
}

analyze k3s "$K/troubleshoot/support-bundle-k3s-2022.tar.gz"
R=$T/k3s.json
is k3s-kinds '["crash-loop","crash-loop","node-restart"]' \
    "$(q "$R" '[.findings[].kind] | sort')"
F='.findings[] | select(.kind == "node-restart")'
is k3s-node '["k3d-mycluster-server-0",6,96,"2022-12-21T09:42:35.000Z"]' \
    "$(q "$R" "$F | .evidence | [.node, .containers, .restarts_max,
    .first_finished]")"
is k3s-node-pods '["coredns-b96499967-tncf4","nginx-deployment-7986654d4-ztx2g","svclb-traefik-8ea5448e-d2m74","traefik-7cd4fcff68-9blj6"]' \
    "$(q "$R" "$F | .pods | sort")"
F='[.findings[] | select(.kind == "crash-loop")] | sort_by(.workload)'
is k3s-loops '[["kube-system","local-path-provisioner",["local-path-provisioner-7b7dc8d6f5-45btl"],"warning"],["kube-system","metrics-server",["metrics-server-668d979685-wttxd"],"warning"]]' \
    "$(q "$R" "$F | map([.namespace, .workload, .pods, .severity])")"
is k3s-loop-evidence '[[189,1,"Error",96,93],[182,2,"Error",96,86]]' \
    "$(q "$R" "$F | map(.evidence | [.restarts, .last_exit_code,
    .last_reason, .node_restarts_max, .own_restarts_at_least])")"
ok k3s-loop-says-both jq -e "$F | all(.summary |
    test(\"k3d-mycluster-server-0 restarted too\"))" "$R"
ok k3s-loop-previous-log jq -e "$F | .[0].evidence.previous_log[-1] |
    test(\"Cannot start Provisioner\")" "$R"
"$CORONER" pods --db "$T/k3s.db" --json >"$T/k3s.pods"
is k3s-pods-json '[189,1,"Error","2022-12-21T09:43:10.000Z"]' \
    "$(jq -c 'select(.name == "local-path-provisioner-7b7dc8d6f5-45btl") |
    .containers[0] | [.restarts, .last_exit_code, .last_reason,
    .last_finished]' "$T/k3s.pods")"
is k3s-no-deletions '[null]' "$(jq -sc '[.[].deletion] | unique' \
    "$T/k3s.pods")"
# timeline quotes the line of the previous log that analyze quotes (the
# panic), not the stack frame that happens to be last
"$CORONER" timeline --db "$T/k3s.db" metrics-server-668d979685-wttxd \
    >"$T/ms.tl" 2>&1
ok k3s-timeline-panic sh -c "tr -s ' \n' ' ' <'$T/ms.tl' |
    grep -q 'its log said: panic: unable to load configmap'"

# the incident window is the node restart's, not the bundle's old rollout
# of nginx-deployment three weeks before
is k3s-window '["2022-12-21T09:42:35.000Z","2022-12-21T09:43:10.000Z"]' \
    "$(q "$R" '[.window.start, .window.end]')"

# the report's node-restart picture shows the deaths (exit 255, then
# restarted), and its sources name the bundle it came from (35 inputs:
# its nodes.json among them)
"$CORONER" report --db "$T/k3s.db" --format html -o "$T/k3s.html"
ok k3s-html-codes grep -q 'class="code"[^>]*>255</text>' "$T/k3s.html"
ok k3s-html-restarted grep -q 'coredns 09:42:35.000 exit 255 (Unknown), restarted' \
    "$T/k3s.html"
ok k3s-html-bundle grep -q 'support-bundle-k3s-2022.tar.gz <span class="sub">(35' \
    "$T/k3s.html"

analyze kurl "$K/sbctl/bundle-kurl"
R=$T/kurl.json
is kurl-kinds '["crash-loop"]' "$(q "$R" '[.findings[].kind] | sort')"
F='.findings[] | select(.kind == "crash-loop")'
is kurl-velero '["velero","velero",["velero-6996dd565b-xl44t"],"critical"]' \
    "$(q "$R" "$F | [.namespace, .workload, .pods, .severity]")"
is kurl-velero-evidence '[3,1,"Error",1]' "$(q "$R" "$F | .evidence |
    [.restarts, .last_exit_code, .last_reason, .crash_loop_back_off]")"
ok kurl-velero-log jq -e "$F | .evidence.previous_log[-1] |
    test(\"unknown command\")" "$R"
# pods --json says it waits in CrashLoopBackOff, its exit the last one's
is kurl-velero-waiting '["CrashLoopBackOff",1,false]' \
    "$("$CORONER" pods --db "$T/kurl.db" --json | jq -c 'select(.name ==
    "velero-6996dd565b-xl44t") | .containers[] | select(.name == "velero") |
    [.waiting, .exit_code, .init]')"

analyze nri "$K/nri-kubernetes/1_35/kubelet-pods.json"
R=$T/nri.json
is nri-kinds '["job-failed"]' "$(q "$R" '[.findings[].kind] | sort')"
F='.findings[] | select(.kind == "job-failed")'
is nri-job '["scraper","e2e-failjob","critical",4,[42]]' \
    "$(q "$R" "$F | [.namespace, .workload, .severity, .evidence.attempts,
    .evidence.exit_codes]")"
is nri-job-pods '["e2e-failjob-28dqq","e2e-failjob-4kj9v","e2e-failjob-64h4g","e2e-failjob-p2w8g"]' \
    "$(q "$R" "$F | .pods | sort")"
is nri-job-one '"Job e2e-failjob failed: all 4 of its pods failed"' \
    "$(q "$R" "$F | .summary | split(\";\")[0]")"
# with the pods of another cluster's Job of that name (1_31: another
# controller uid), two Jobs of four pods each, not one of eight
"$CORONER" import -q --db "$T/nri2.db" \
    "$K/nri-kubernetes/1_35/kubelet-pods.json" \
    "$K/nri-kubernetes/1_31/pods.yaml" >/dev/null 2>&1
"$CORONER" analyze --db "$T/nri2.db" --json >"$T/nri2.json"
is nri2-two-jobs '"2 Jobs of e2e-failjob failed: all 8 of their pods failed"' \
    "$(q "$T/nri2.json" "$F | .summary | split(\";\")[0]")"
is nri2-jobs '["e2e-failjob","e2e-failjob"]' \
    "$(q "$T/nri2.json" "$F | .evidence.jobs")"

# insights-operator-sample: OpenShift operators that exited 255 (klog's
# fatal exit, not a signal) 7 to 14 times are crash loops, and a loop
# whose runtime kept the error says it.
analyze io "$K/insights-operator-sample"
R=$T/io.json
# the files of its three control-plane pods, imported with the whole
# corpus, have names longer than the line: each is told apart by its
# name's head ("…/etcd-master-0…"), not cut down to one same text
"$CORONER" import --db "$T/io-names.db" "$K" >"$T/io.out" 2>&1
is io-names-apart 3 "$(grep 'upshift' "$T/io.out" | sort -u | wc -l |
    tr -d ' ')"
ok io-names-etcd grep -q '^  …/etcd-master-0' "$T/io.out"
F='.findings[] | select(.kind == "crash-loop")'
is io-console '["openshift-console-operator",14,255]' "$(q "$R" \
    "$F | select(.workload == \"console-operator\") | [.namespace,
    .evidence.restarts, .evidence.last_exit_code]")"
is io-no-signal 0 "$(sqlite3 "$T/io.db" "SELECT count(*) FROM terminations
    WHERE exit_code = 255 AND cause = 'signal'")"
W='could not connect to hana'
ok io-vsystem-message jq -e "$F | select(.workload == \"vsystem\") |
    .recommendation | test(\"termination message says .$W\")" "$R"
# that loop's init container is the one pods shows first: the pod never
# got past it
"$CORONER" pods --db "$T/io.db" --wide >"$T/io.pods"
ok io-init-exits grep -qF 'vsystem-hana-init 1 CrashLoopBackOff [7527 restarts, last exit 1 Error]; auth waiting PodInitializing' "$T/io.pods"
# the HTML's table of times says the day its times are on (its axis
# starts the day before the Job's pod ran)
"$CORONER" report --db "$T/io.db" -o "$T/io.html" >/dev/null 2>&1
ok io-html-day grep -qF '(UTC, on 2024-04-25)' "$T/io.html"
ok io-html-exit grep -qF 'auditlog-retention 00:01:03.000 exit 3' \
    "$T/io.html"
# its termination messages hold stacks with no space in 200 characters:
# an evidence value wraps where it must (they made the page 70 pixels
# wider than a 1280-pixel window), and on paper a wide table's cells
# wrap rather than its last columns being cut
ok io-html-value-wraps grep -q '^table.ev td.v{overflow-wrap:anywhere}' \
    "$T/io.html"
# the list of findings keeps each start on one line (it broke after
# "2024-04-" beside the long names of OpenShift's operators)
ok io-html-list-times grep -q '^table.times td.mono,table.list td.mono{white-space:nowrap}' \
    "$T/io.html"
ok io-html-list grep -q '^<table class="list">' "$T/io.html"
ok io-html-print-wraps grep -q \
    '@media print{.*\.wide td{white-space:normal;overflow-wrap:anywhere}' \
    "$T/io.html"

analyze ts "$K/troubleshoot/analyze-files/pods/message-pod-crashloop-backoff.json"
R=$T/ts.json
is ts-kinds '["start-failed"]' "$(q "$R" '[.findings[].kind] | sort')"
F='.findings[] | select(.kind == "start-failed")'
is ts-start '["init-demo",["init-demo"],"ContainerCannotRun",127,4]' \
    "$(q "$R" "$F | [.workload, .pods, .evidence.reason,
    .evidence.exit_code, .evidence.restarts]")"
ok ts-start-program jq -e "$F | .recommendation | test(\"wge\")" "$R"
finish corpus-deaths
