#!/bin/sh
# lint.sh: "make lint".  A small style checker (banned functions, output
# outside the output layer, SQLite outside the store, line length, a
# comment at the top of every file, tabs for indentation, a comment on
# every struct field of a header: tests/fields.sh), that every shell
# script parses, then cppcheck when it is installed.  Exits non-zero on
# any finding.
set -u
cd "$(dirname "$0")/.."
files=$(ls src/*.c src/tui/*.c importers/*.c include/*.h tests/unit/*.[ch] \
    tests/importers/*.c tests/fuzz/*.c tests/bench/*.c 2>/dev/null)
bad=0
for f in $files; do
	if grep -nE '\b(atoi|sprintf|strcpy|strcat|strtok|gets)[[:space:]]*\(' \
	    "$f" | grep -v '^\S*:[[:space:]]*\*'; then
		echo "$f: banned function (use strtol/snprintf/memcpy)"
		bad=1
	fi
	# every output goes through the output layer (include/out.h)
	case $f in
	src/out.c|tests/*|include/*) ;;
	*)
		if grep -nE '(^|[^_a-zA-Z0-9])(printf|fprintf|vfprintf|vprintf|dprintf|puts|fputs|putchar|fputc|putc|fwrite|json_dumpf)[[:space:]]*\(' \
		    "$f" | grep -v '^[0-9]*:[[:space:]]*\*'; then
			echo "$f: raw output (write through out_printf, out.h)"
			bad=1
		fi
		;;
	esac
	# SQLite is the store's alone: its files, and their private header
	case $f in
	src/store.c|src/store-*.c|include/store-int.h) ;;
	*)
		if grep -nE '^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"](sqlite3|store-int)\.h[>"]|(^|[^_a-zA-Z0-9])sqlite3_[a-z0-9_]+[[:space:]]*\(' \
		    "$f"; then
			echo "$f: SQLite outside the store (src/store*.c)"
			bad=1
		fi
		;;
	esac
	# the views draw text through src/tui/draw.c, which makes it safe
	case $f in
	src/tui/draw.c) ;;
	src/tui/*)
		if grep -nE '(^|[^_a-zA-Z0-9])(mv)?w?(addstr|addnstr|addch|printw|addwstr|add_wch|insstr)[[:space:]]*\(' \
		    "$f"; then
			echo "$f: curses text outside src/tui/draw.c (tui_text)"
			bad=1
		fi
		;;
	esac
	awk -v f="$f" '{
		line = $0; w = 0
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			w = (c == "\t") ? w + 8 - w % 8 : w + 1
		}
		if (w > 80) { print f ":" NR ": longer than 80 columns"; bad = 1 }
		if (line ~ /^        /) { print f ":" NR ": indented with spaces, not tabs"; bad = 1 }
	} END { exit bad }' "$f" || bad=1
	head -n 1 "$f" | grep -q '^/\*' || {
		echo "$f:1: does not open with a comment saying what it is for"
		bad=1
	}
done
sh tests/fields.sh || bad=1
# the shell scripts parse (an apostrophe in one of run.sh's single-quoted
# awk programs once ended it, and make bench printed no table)
for f in tests/*.sh tests/e2e/*.sh tests/bench/*.sh .ci/run; do
	sh -n "$f" || { echo "$f: does not parse (sh -n)"; bad=1; }
done
if command -v cppcheck >/dev/null 2>&1; then
	cppcheck -q --error-exitcode=1 --std=c11 --enable=warning,portability \
	    --inline-suppr -Iinclude -D_GNU_SOURCE src src/tui importers || \
	    bad=1
fi
if [ "$bad" -eq 0 ]; then
	echo "lint: clean"
fi
exit "$bad"
