# coroner.bash: bash completion for coroner(1): the commands, each
# command's options, the formats of --as (asked of "coroner formats", so
# a new importer needs no change here), report's --format, export's
# --schema, --tz zone names from the zoneinfo directory, and file (or
# directory) names where one goes.
# Installed as $(PREFIX)/share/bash-completion/completions/coroner.

_coroner_commands="import analyze report export pods timeline lint tui sql
    formats help"

# The formats "coroner formats" lists, else the ones known when this was
# written.
_coroner_formats()
{
	local f
	f=$("${1:-coroner}" formats 2>/dev/null |
	    awk '$1 !~ /^\(/ { print $1 }')
	[ -n "$f" ] || f="k8s-events k8s-pods k8s-workloads
	    k8s-endpointslices k8s-nodes deploys container-log ingress-nginx
	    envoy alb gclb records k8s-audit cloud-logging cloudwatch-logs"
	echo "$f"
}

# Zone names under $TZDIR (else /usr/share/zoneinfo), read once.
_coroner_zones()
{
	local dir=${TZDIR:-/usr/share/zoneinfo}
	if [ -z "${_coroner_zone_list:-}" ] && [ -d "$dir" ]; then
		_coroner_zone_list=$(cd "$dir" && find . \( -type f -o \
		    -type l \) 2>/dev/null | sed 's|^\./||' |
		    grep -E '^[A-Z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+)*$' |
		    grep -vE '^(posix|right)/')
	fi
	echo "UTC $_coroner_zone_list"
}

_coroner()
{
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
	local cmd="" opts i

	COMPREPLY=()
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--db|--as|--tz|--pod|--container|--records|--key|--time|\
		--release|--reconcile|--lead|--skew|--format|-o|--output|\
		--shutdown|--margin|--cluster|--schema|--max-*)
			((i++)) ;;
		-*)	;;
		*)	cmd=${COMP_WORDS[i]}; break ;;
		esac
	done

	case $prev in
	-o|--output)
		if [ "$cmd" = export ]; then
			COMPREPLY=($(compgen -d -- "$cur"))
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi
		return ;;
	--db)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	--schema)
		COMPREPLY=($(compgen -W "clickhouse" -- "$cur"))
		return ;;
	--as)
		COMPREPLY=($(compgen -W "$(_coroner_formats \
		    "${COMP_WORDS[0]}")" -- "$cur"))
		return ;;
	--format)
		if [ "$cmd" = lint ]; then
			COMPREPLY=($(compgen -W "text json" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "md html json" -- "$cur"))
		fi
		return ;;
	--tz)
		COMPREPLY=($(compgen -W "$(_coroner_zones)" -- "$cur"))
		return ;;
	--pod|--container|--records|--key|--time|--release|--reconcile|\
	--lead|--skew|--shutdown|--margin|--cluster|--max-*)
		return ;;
	esac

	case $cmd in
	"")
		opts="--db --help --version"
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "$opts" -- "$cur"))
		else
			COMPREPLY=($(compgen -W "$_coroner_commands" -- "$cur")
			    $(compgen -f -- "$cur"))
		fi
		return ;;
	import)
		opts="--db --as --tz --pod --container --records --key --time
		    --release --max-bytes --max-ratio --max-inputs --max-line
		    --max-object --max-upstreams --quiet -q --help" ;;
	analyze)
		opts="--db --reconcile --lead --skew --json --help" ;;
	report)
		opts="--db --format --output -o --help" ;;
	export)
		opts="--db --cluster --output -o --schema --help" ;;
	pods)
		opts="--db --json --wide --help" ;;
	sql)
		opts="--db --json --help" ;;
	timeline|tui)
		opts="--db --help" ;;
	lint)
		opts="--db --shutdown --margin --format --help" ;;
	formats)
		opts="--help" ;;
	help)
		COMPREPLY=($(compgen -W "$_coroner_commands" -- "$cur"))
		return ;;
	*)
		return ;;
	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$opts" -- "$cur"))
	elif [ "$cmd" = import ] || [ "$cmd" = lint ]; then
		COMPREPLY=($(compgen -f -- "$cur"))
	fi
}

complete -o filenames -F _coroner coroner
