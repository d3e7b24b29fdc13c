# common.sh: what run.sh, k8s.sh and analysis.sh share, sourced by each
# (each runs as a process of its own): the progress line and the table's
# rows.  The sourcing script sets rows (the table's file) before row().

# say TEXT: a progress line on standard error, with the seconds since
# run.sh began (BENCH_T0, exported by run.sh; else since now).
say()
{
	echo "bench: [$(($(date +%s) - ${BENCH_T0:-$(date +%s)})) s] $*" >&2
}

# row KEY WHAT COUNT BYTES SECONDS RSS_KB NOTE: one line of the table.
row()
{
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" "$5" \
	    "$6" "$7" >>"$rows"
}

# size FILE: its bytes, 0 when it is not a file.
size()
{
	if [ -f "$1" ]; then
		wc -c <"$1" | tr -d ' '
	else
		echo 0
	fi
}
