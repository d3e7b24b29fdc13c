#!/bin/sh
# yaml.sh: YAML end to end.  A billion-laughs document (nine levels of ten
# aliases, 10^9 strings once expanded, in a field whose bad value the
# importer would print) is refused with its file and line while peak
# memory stays small; the documents around it still import; a
# multi-document stream on standard input imports as from a file; YAML
# members of a bundle import, YAML custom resources are counted and
# skipped.
. "$(dirname "$0")/lib.inc"

# peak RSS in MiB of a command, its exit status in $T/.st
rss() {
	python3 -c '
import resource, subprocess, sys
with open(sys.argv[1], "w") as e:
    st = subprocess.call(sys.argv[3:], stdout=subprocess.DEVNULL, stderr=e)
open(sys.argv[2], "w").write(str(st))
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
' "$T/.err" "$T/.st" "$@"
}

python3 - "$T/bomb.yaml" <<'PY'
import sys
out = ["apiVersion: v1", "kind: Pod", "metadata:", "  name: bomb",
       "  namespace: ns", "  uid: 33333333-0000-4000-8000-000000000001",
       "  annotations:",
       '    a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
prev = "a"
for c in "bcdefghi":
    out.append("    %s: &%s [%s]" % (c, c, ", ".join(["*" + prev] * 10)))
    prev = c
out += ["  creationTimestamp: *i", "spec:", "  containers: [{name: app}]"]
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
mb=$(rss "$CORONER" import --db "$T/b.db" "$T/bomb.yaml")
is bomb-exit 1 "$(cat "$T/.st")"
ok bomb-named-with-line grep -q \
    'bomb.yaml: not Kubernetes YAML: line 14: YAML object larger than 64 MiB with its aliases expanded' \
    "$T/.err"
# a sanitizer build carries its own shadow memory
limit=100
case $CORONER in *-san) limit=400 ;; esac
ok "bomb peak RSS ${mb} MiB under $limit MiB" test "$mb" -lt "$limit"
# nothing stored: the database the refusal would have made is not kept
ok bomb-nothing-stored test ! -e "$T/b.db"

# Between two good documents the bomb costs only itself.
{
	printf -- '---\napiVersion: v1\nkind: Pod\nmetadata: {name: a, '
	printf 'namespace: ns, uid: u-a}\nspec: {containers: [{name: app}]}\n'
	printf -- '---\n'
	cat "$T/bomb.yaml"
	printf -- '---\napiVersion: v1\nkind: Pod\nmetadata: {name: b, '
	printf 'namespace: ns, uid: u-b}\nspec: {containers: [{name: app}]}\n'
} >"$T/stream.yaml"
run "$CORONER" import --db "$T/s.db" "$T/stream.yaml"
is stream-exit 0 "$status"
ok stream-bomb-line grep -q 'stream.yaml:20: YAML object larger' "$T/.err"
is stream-pods "a b" "$(sqlite3 "$T/s.db" \
    'SELECT group_concat(name, " ") FROM (SELECT name FROM pods ORDER BY 1)')"
is stream-rejected 1 "$(sqlite3 "$T/s.db" 'SELECT rejected FROM sources')"

# The same stream from standard input.
run sh -c "\"$CORONER\" import --db \"$T/i.db\" - <\"$T/stream.yaml\""
is stdin-exit 0 "$status"
is stdin-pods 2 "$(sqlite3 "$T/i.db" 'SELECT count(*) FROM pods')"
# A support bundle with YAML members: pods import, custom resources are
# skipped and counted, as JSON ones are.
B=$T/bundle/cluster-resources
mkdir -p "$B/pods" "$B/custom-resources/addons.k3s.cattle.io"
cp "$top/tests/importers/k8s-pods/yaml-list/input" "$B/pods/returns.yaml"
printf -- '- apiVersion: k3s.cattle.io/v1\n  kind: Addon\n  metadata:\n' \
    >"$B/custom-resources/addons.k3s.cattle.io/kube-system.yaml"
printf '    name: ccm\n    namespace: kube-system\n' \
    >>"$B/custom-resources/addons.k3s.cattle.io/kube-system.yaml"
run "$CORONER" import --db "$T/bundle.db" "$T/bundle"
is bundle-exit 0 "$status"
is bundle-pods 2 "$(sqlite3 "$T/bundle.db" 'SELECT count(*) FROM pods')"
ok bundle-skips-custom-resources grep -q 'skipped 1 file no importer reads' \
    "$T/.out"
finish yaml
