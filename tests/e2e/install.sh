#!/bin/sh
# install.sh: "make install DESTDIR=..." installs the binary, the manual
# and the bash completion, and "make uninstall" removes the three; the
# manual renders without a warning (groff, man); the completion
# completes a command, an option, an --as format (asked of the binary),
# a --format and a --tz zone name, as bash calls it (COMP_WORDS).
. "$(dirname "$0")/lib.inc"
D=$T/root
P=/usr/local

# The install runs make in the repository (builds nothing new when the
# binary is up to date); MAKEFLAGS of a parent make is not ours.
(cd "$top" && MAKEFLAGS= make -s install DESTDIR="$D" PREFIX=$P) \
    >"$T/install.out" 2>&1
is install-exit 0 $?
ok install-binary test -x "$D$P/bin/coroner"
is install-binary-runs "$("$CORONER" --version)" \
    "$("$D$P/bin/coroner" --version 2>&1)"
ok install-man test -f "$D$P/share/man/man1/coroner.1"
ok install-completion test -f "$D$P/share/bash-completion/completions/coroner"
is install-man-same "" "$(cmp "$top/coroner.1" \
    "$D$P/share/man/man1/coroner.1" 2>&1)"
(cd "$top" && MAKEFLAGS= make -s uninstall DESTDIR="$D" PREFIX=$P) \
    >"$T/uninstall.out" 2>&1
is uninstall-exit 0 $?
is uninstall-removes "" "$(find "$D" -type f)"

# The manual: no warning from groff or man, and the contracts are in it.
if command -v groff >/dev/null 2>&1; then
	is man-groff-clean "" "$(groff -ww -z -mdoc "$top/coroner.1" 2>&1)"
else
	echo "install: groff not installed; the groff check is skipped"
fi
if command -v man >/dev/null 2>&1; then
	is man-clean "" "$(man --warnings -l "$top/coroner.1" 2>&1 >/dev/null)"
	MANWIDTH=80 man -l "$top/coroner.1" 2>/dev/null >"$T/man.txt"
	for s in COMMANDS FINDINGS "REPORT JSON" "PODS JSON" DATABASE \
	    "EXIT STATUS"; do
		ok "man-section-$s" grep -q "^$s" "$T/man.txt"
	done
	# every finding kind of the contract, every table and view of the
	# database
	for k in sigkill-at-grace-deadline grace-budget-too-small \
	    traffic-after-shutdown sidecar-exited-before-app \
	    app-started-before-proxy job-held-by-sidecar job-overran \
	    records-lost-at-termination records-missing oom-killed 5xx-burst \
	    crash-loop liveness-restart evicted node-restart job-failed \
	    start-failed grace-overridden eviction-blocked exits-unknown \
	    workload-unavailable; do
		ok "man-kind-$k" grep -q "^     $k (" "$T/man.txt"
	done
	"$CORONER" import -q --db "$T/v.db" \
	    "$top/tests/importers/k8s-events/list-core/input"
	for v in $(sqlite3 "$T/v.db" "SELECT name FROM sqlite_master WHERE
	    type = 'view'"); do
		ok "man-view-$v" grep -q "$v" "$T/man.txt"
	done
	for t in $(sqlite3 "$T/v.db" "SELECT name FROM sqlite_master WHERE
	    type = 'table'"); do
		ok "man-table-$t" grep -q "^     $t" "$T/man.txt"
	done
else
	echo "install: man not installed; the man checks are skipped"
fi

# The completion, as bash calls it.
# In an empty directory: the first word completes file names too.
B=$top/completion/coroner.bash
mkdir "$T/empty"
complete_words() {
	cd "$T/empty" && PATH=$(dirname "$CORONER"):$PATH bash -c '
	    . "$1"; shift
	    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
	    _coroner
	    printf "%s\n" "${COMPREPLY[@]}"' sh "$B" "$@" 2>&1 | sort |
	    tr '\n' ' ' | sed 's/ $//'
}
is complete-command "import" "$(complete_words coroner imp)"
is complete-commands "report" "$(complete_words coroner rep)"
is complete-option "--reconcile" "$(complete_words coroner analyze --rec)"
is complete-as "envoy" "$(complete_words coroner import --as env)"
is complete-as-k8s \
    "k8s-audit k8s-endpointslices k8s-events k8s-nodes k8s-pods k8s-workloads" \
    "$(complete_words coroner import --db x.db --as k8s)"
is complete-as-deploys "deploys" "$(complete_words coroner import --as dep)"
is complete-release "--release" "$(complete_words coroner import --rel)"
is complete-release-value "" \
    "$(complete_words coroner import --release sh)"
is complete-format "html" "$(complete_words coroner report --format h)"
is complete-help "timeline tui" "$(complete_words coroner help t)"
is complete-lint-option "--format" "$(complete_words coroner lint --f)"
is complete-lint-format "json" "$(complete_words coroner lint --format j)"
is complete-export "export" "$(complete_words coroner exp)"
is complete-export-option "--cluster" "$(complete_words coroner export --cl)"
is complete-export-schema "clickhouse" \
    "$(complete_words coroner export --schema c)"
mkdir -p "$T/empty/out-dir"
: >"$T/empty/out-file"
is complete-export-dir "out-dir" "$(complete_words coroner export -o out)"
if [ -e "${TZDIR:-/usr/share/zoneinfo}/Europe/Berlin" ]; then
	is complete-tz "Europe/Berlin" \
	    "$(complete_words coroner import --tz Europe/Berl)"
fi
finish install
