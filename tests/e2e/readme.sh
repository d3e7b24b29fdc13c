#!/bin/sh
# readme.sh: every command the READMEs show in a ```sh block runs, in a
# fresh directory beside the samples, with the status the README says:
# 0, or N when the line ends in "# exit N"; a command that opens the TUI
# must say it needs a terminal and exit 2 (there is none here).  So the
# README cannot rot.  Blocks marked ```text are illustrations, not run.
. "$(dirname "$0")/lib.inc"
W=$T/readme
mkdir -p "$W"
ln -s "$top/samples" "$W/samples"
mkdir -p "$T/bin"
ln -s "$CORONER" "$T/bin/coroner"
PATH=$T/bin:$PATH
export PATH

# commands FILE: the commands of FILE's ```sh blocks, one per line, with
# continued lines (a trailing backslash, an open quote) joined
commands() {
	awk '
	/^```sh[[:space:]]*$/ { inb = 1; next }
	/^```/ { inb = 0; next }
	!inb { next }
	{
		line = $0
		if (cmd != "") {
			sub(/^[[:space:]]+/, " ", line)
			cmd = cmd line
		} else
			cmd = line
		q = cmd
		nq = gsub(/"/, "", q)
		if (cmd ~ /\\$/) {
			sub(/\\$/, "", cmd)
			next
		}
		if (nq % 2 == 1)
			next
		if (cmd !~ /^[[:space:]]*$/)
			print cmd
		cmd = ""
	}' "$1"
}

for readme in "$top/README.md" "$top"/samples/*/README.md \
    "$top/samples/README.md"; do
	name=${readme#$top/}
	commands "$readme" >"$T/cmds"
	while IFS= read -r cmd; do
		want=0 tui=0
		case $cmd in
		*"# exit "[0-9]*)
			want=$(echo "$cmd" | sed 's/.*# exit \([0-9]*\).*/\1/')
			;;
		"coroner tui"*|"coroner --db "*)
			want=2 tui=1
			;;
		esac
		(cd "$W" && sh -c "$cmd" </dev/null >"$T/o" 2>"$T/e")
		got=$?
		if [ "$got" = "$want" ]; then
			pass=$((pass + 1))
		else
			echo "FAIL $name: '$cmd' exited $got, not $want:"
			sed 's/^/    | /' "$T/e" | head -n 5
			fail=$((fail + 1))
		fi
		if [ "$tui" = 1 ] && ! grep -q 'needs a terminal' "$T/e"; then
			echo "FAIL $name: '$cmd' did not say it needs a terminal"
			fail=$((fail + 1))
		fi
	done <"$T/cmds"
done
# the READMEs show commands at all (a test that cannot fail is none)
ok readme-has-commands [ "$(commands "$top/README.md" | wc -l)" -ge 10 ]

# Every field reference cited (docs/formats/FILE.md, with or without a
# #section) exists, and so does the section: a heading of that file whose
# anchor, as the code host makes it (lower case, punctuation dropped,
# spaces to "-"), is the one cited.  The same for the links between the
# pages of docs/formats/.  So a citation cannot point to nothing.
anchors() {
	awk '/^```/ { code = !code } !code && /^#+ / {
		sub(/^#+ +/, ""); s = tolower($0)
		gsub(/[^a-z0-9 _-]/, "", s); gsub(/ /, "-", s); print s
	}' "$1"
}
cited() {
	file=${1%%#*}
	case $1 in *"#"*) anchor=${1#*#} ;; *) anchor= ;; esac
	[ -f "$top/$file" ] || return 1
	[ -z "$anchor" ] || anchors "$top/$file" | grep -qxF "$anchor"
}
grep -rhoE 'docs/formats/[A-Za-z0-9_.-]+\.md(#[A-Za-z0-9_-]+)?' \
    "$top/src" "$top/importers" "$top/include" "$top/tests/unit" \
    "$top/Makefile" "$top/README.md" "$top/coroner.1" 2>/dev/null |
    sort -u >"$T/cites"
ok docs-formats-cited [ -s "$T/cites" ]
while IFS= read -r c; do
	ok "cite $c" cited "$c"
done <"$T/cites"
for page in "$top"/docs/formats/*.md; do
	grep -oE '\]\([A-Za-z0-9_.-]*(#[A-Za-z0-9_-]+)?\)' "$page" |
	    sed 's/^](//; s/)$//' | sort -u >"$T/links"
	while IFS= read -r l; do
		case $l in
		"#"*) l=${page#"$top"/}$l ;;
		*) l=docs/formats/$l ;;
		esac
		ok "link ${page##*/} -> $l" cited "$l"
	done <"$T/links"
done
finish readme
