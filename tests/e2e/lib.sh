# lib.sh: helpers for the end-to-end tests (sourced, not run).
#   ok NAME COMMAND...     passes when COMMAND exits 0
#   is NAME WANT GOT       passes when the two strings are equal
#   run COMMAND...         runs COMMAND, keeping $status, $out (stdout)
#                          and $err (stderr)
#   finish SUITE           prints "SUITE: N passed, N failed"
# $CORONER is the binary; $T a private temporary directory.
CORONER=${CORONER:-./coroner}
case $CORONER in /*) ;; *) CORONER=$(pwd)/$CORONER ;; esac
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() {
	name=$1
	shift
	if "$@" >/dev/null 2>&1; then
		pass=$((pass + 1))
	else
		echo "FAIL $name: $*"
		fail=$((fail + 1))
	fi
}
is() {
	if [ "$2" = "$3" ]; then
		pass=$((pass + 1))
	else
		echo "FAIL $1: expected '$2', got '$3'"
		fail=$((fail + 1))
	fi
}
run() {
	"$@" >"$T/.out" 2>"$T/.err"
	status=$?
	out=$(cat "$T/.out")
	err=$(cat "$T/.err")
}
finish() {
	echo "$1: $pass passed, $fail failed"
	[ "$fail" -eq 0 ]
}
# The shared corpus beside the repository, or $CORONER_CORPUS.
top=$(cd "$(dirname "$0")/../.." && pwd)
CORPUS=${CORONER_CORPUS:-$top/../shared/corpus}
