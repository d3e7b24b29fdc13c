#!/bin/sh
# base.sh: builds the baseline of "make bench BASE=REV" (the README,
# Speed): the tree of commit REV, as git archive writes it, into DIR, and
# its coroner with that tree's own Makefile, so that run.sh can time it
# beside today's build on the same inputs.  Prints why when it cannot;
# exits non-zero then (run.sh's baseline rows say so).
#
#	sh tests/bench/base.sh REV DIR
set -u
rev=$1 dir=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$dir" || exit 1
if ! git -C "$top" rev-parse --verify -q "$rev^{commit}" >/dev/null; then
	echo "bench: BASE=$rev is not a commit of this repository" >&2
	exit 1
fi
echo "bench: building the baseline $rev" >&2
git -C "$top" archive --format=tar "$rev" | tar -xf - -C "$dir" || exit 1
# the baseline finds the shared corpus nowhere: it only needs to build
if ! make -C "$dir" -j2 coroner >"$dir/build.log" 2>&1; then
	echo "bench: the baseline $rev did not build (see $dir/build.log)" >&2
	exit 1
fi
