#!/bin/sh
# fields.sh: every field of a struct or union declared in a header has a
# comment saying what it holds: on its line (a trailing comment, which may
# continue on the next lines), or a comment block ending on the line
# directly above it.  Headers are include/*.h and any under src/ or
# importers/.  Prints "file:line: field NAME has no comment" for each one
# without, then (with -v) how many fields have one; exits 1 when a field
# has none.  Run by tests/lint.sh.
set -u
cd "$(dirname "$0")/.."
verbose=0
[ "${1:-}" = "-v" ] && verbose=1
files=$(find include src importers -name '*.h' 2>/dev/null | sort)
[ -n "$files" ] || exit 0
awk -v verbose="$verbose" '
# strip(): the code of the current line, comments removed; sets
# has_comment (the line holds part of a comment), trailing_start (a
# comment begins after code on this line) and block_end (a comment
# block that began on a line of its own ends on this line)
function strip(line,    out, i, c2) {
	out = ""; has_comment = incomment; trailing_start = 0
	block_end = 0
	for (i = 1; i <= length(line); ) {
		c2 = substr(line, i, 2)
		if (incomment) {
			if (c2 == "*/") {
				incomment = 0; i += 2
				if (!comment_trailing)
					block_end = 1
				continue
			}
			i++
			continue
		}
		if (c2 == "/*") {
			incomment = 1; has_comment = 1
			comment_trailing = (out ~ /[^[:space:]]/)
			if (comment_trailing)
				trailing_start = 1
			i += 2
			continue
		}
		if (c2 == "//") {
			has_comment = 1
			if (out ~ /[^[:space:]]/)
				trailing_start = 1
			else
				block_end = 1
			break
		}
		out = out substr(line, i, 1); i++
	}
	# a block still open at the end of the line is not over yet
	if (incomment)
		block_end = 0
	return out
}
# report(): the statement of lines stmt_start..FNR ended at the depth of
# a struct or union body: it declares one field or more (a nested struct
# or union is commented on its opening or its closing line, or above)
function report(    name, t, i, ok, n, w) {
	t = stmt
	gsub(/[[:space:]]+/, " ", t)
	if (t ~ /^ ?$/ || t ~ /^ ?;/)
		return
	# a function pointer: its name is in (*name)
	if (match(t, /\( ?\* ?[A-Za-z_][A-Za-z0-9_]* ?\)/)) {
		name = substr(t, RSTART, RLENGTH)
		gsub(/[()* ]/, "", name)
	} else {
		sub(/ ?;.*$/, "", t)
		sub(/ ?:[^:]*$/, "", t)		# a bit-field width
		gsub(/\[[^]]*\]/, "", t)	# array bounds
		n = split(t, w, /[ *,]+/)
		name = w[n]
	}
	total++
	ok = block_above[stmt_start] || commented[FNR]
	if (nested)
		ok = ok || commented[stmt_start]
	else
		for (i = stmt_start; i < FNR; i++)
			if (commented[i])
				ok = 1
	if (ok)
		done++
	else {
		print FILENAME ":" stmt_start ": field " name \
		    " has no comment"
		bad = 1
	}
}
BEGIN {
	aggregate = "(^|[^A-Za-z0-9_])(struct|union)([^A-Za-z0-9_]|$)"
}
FNR == 1 {
	incomment = 0; depth = 0; stmt = ""; prev_block_end = 0
	delete commented; delete block_above
}
{
	code = strip($0)
	commented[FNR] = has_comment
	block_above[FNR] = prev_block_end
	# a comment block ends on this line: it is directly above the next
	prev_block_end = block_end && code !~ /[^[:space:]]/
	if (code ~ /^[[:space:]]*#/)
		next
	for (i = 1; i <= length(code); i++) {
		c = substr(code, i, 1)
		if (c == "{") {
			# what the brace opens: a struct or union body, or
			# something else (an enum, an initializer, a body)
			kind[++depth] = (stmt ~ aggregate && \
			    stmt !~ /[=(]/) ? "s" : "o"
			if (depth >= 2 && kind[depth] == "s" && \
			    kind[depth - 1] == "s")
				nested_start[depth] = stmt_start
			stmt = ""
			continue
		}
		if (c == "}") {
			nested = depth >= 2 && kind[depth] == "s" && \
			    kind[depth - 1] == "s"
			if (nested)
				stmt_start = nested_start[depth]
			depth--
			stmt = "}"
			continue
		}
		if (stmt !~ /[^[:space:]]/) {
			stmt_start = FNR
			stmt = ""
		}
		if (c == ";") {
			if (depth > 0 && kind[depth] == "s")
				report()
			stmt = ""; nested = 0
			continue
		}
		stmt = stmt c
	}
	if (stmt ~ /[^[:space:]]/)
		stmt = stmt " "
}
END {
	if (verbose)
		print "fields: " done " of " total " commented"
	exit bad
}' $files
