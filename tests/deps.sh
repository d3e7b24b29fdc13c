#!/bin/sh
# deps.sh: installs the Debian packages coroner needs to build and test.
#   sh tests/deps.sh --check PKG...   exit 0 when pkg-config finds every
#                                     library and the test tools exist
#   sh tests/deps.sh DEB...           apt-get install the missing DEBs as
#                                     root; otherwise print the command
set -u
tools="tmux sqlite3 jq zstd groff man clickhouse-client"
if [ "${1:-}" = "--check" ]; then
	shift
	pkg-config --exists "$@" 2>/dev/null || exit 1
	for t in $tools; do
		command -v "$t" >/dev/null 2>&1 || exit 1
	done
	# tzdata: the zoneinfo files --tz reads (and its tests)
	[ -e "${TZDIR:-/usr/share/zoneinfo}/Europe/Berlin" ] || exit 1
	exit 0
fi
missing=""
for d in "$@"; do
	dpkg-query -W -f='${Status}' "$d" 2>/dev/null |
	    grep -q "install ok installed" || missing="$missing $d"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "coroner: missing packages; run as root:" >&2
	echo "  apt-get install -y$missing" >&2
	exit 1
fi
echo "coroner: apt-get install -y$missing" >&2
if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >&2; then
	apt-get update -q >&2 &&
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $missing >&2
fi
