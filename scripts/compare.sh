#!/usr/bin/env bash
# compare.sh measures mcplint against the linters a user runs beside it, on the same tree in
# the same session: `mcplint ./...`, `staticcheck ./...`, `go vet ./...` and
# `go vet -vettool=mcplint ./...`, each cold and warm, several runs each, and prints the
# median wall time and peak memory of each and the ratios that matter.
#
#   scripts/compare.sh [-n RUNS] [-only "mcplint staticcheck vet vettool"] [-modes "cold warm"]
#                      [-cold-only TOOLS] DIR [PATTERN...]
#
# -cold-only narrows the cold runs, which cost minutes each for the compiling tools, to TOOLS.
#
# Cold: a fresh, empty GOCACHE (and staticcheck cache, and mcplint result cache) for every
# run, so everything the tool needs is compiled or analysed again. The module cache stays
# warm: nothing is downloaded.
# Warm: the same caches as the previous run of the same tool (one untimed run fills them).
# Runs are interleaved (one of each tool per round) so that the machine's load, which drifts,
# weighs on every tool alike.
#
# Peak memory is /usr/bin/time's %M: the largest resident set of the tool's process or of
# any one process it waited for (go vet's children, mcplint's go list), in MB.
#
# Needs: mcplint (MCPLINT=path, else on PATH), staticcheck on PATH, go, /usr/bin/time.
set -euo pipefail

runs=5
only="mcplint staticcheck vet vettool"
modes="cold warm"
coldonly=""
while [[ $# -gt 0 ]]; do
	case "$1" in
	-n) runs="$2"; shift 2 ;;
	-only) only="$2"; shift 2 ;;
	-modes) modes="$2"; shift 2 ;;
	-cold-only) coldonly="$2"; shift 2 ;;
	-h | --help) sed -n '2,22p' "$0"; exit 0 ;;
	*) break ;;
	esac
done
if [[ $# -lt 1 ]]; then
	echo "usage: $0 [-n RUNS] [-only TOOLS] [-modes MODES] DIR [PATTERN...]" >&2
	exit 2
fi
dir="$(cd "$1" && pwd)"
shift
patterns=("${@:-./...}")
mcplint="${MCPLINT:-$(command -v mcplint || true)}"
[[ -x "$mcplint" ]] || { echo "compare.sh: set MCPLINT to the mcplint binary" >&2; exit 2; }
if [[ " $only " == *" staticcheck "* ]]; then
	command -v staticcheck >/dev/null || { echo "compare.sh: staticcheck is not on PATH (go install honnef.co/go/tools/cmd/staticcheck@v0.8.2)" >&2; exit 2; }
fi
[[ -x /usr/bin/time ]] || { echo "compare.sh: /usr/bin/time is missing" >&2; exit 2; }

work="$(mktemp -d)"
trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/warm-gocache" "$work/warm-sc" "$work/warm-mc" "$work/results"

# cmd TOOL prints the command line of a tool.
cmd() {
	case "$1" in
	mcplint) echo "$mcplint ${patterns[*]}" ;;
	staticcheck) echo "staticcheck ${patterns[*]}" ;;
	vet) echo "go vet ${patterns[*]}" ;;
	vettool) echo "go vet -vettool=$mcplint ${patterns[*]}" ;;
	esac
}

# measure TOOL MODE GOCACHE SCCACHE MCCACHE: one timed run, appended to results/TOOL-MODE.
measure() {
	local tool="$1" mode="$2" gocache="$3" sccache="$4" mccache="$5" out="$work/out"
	local status=0
	(cd "$dir" && GOCACHE="$gocache" STATICCHECK_CACHE="$sccache" MCPLINT_CACHE="$mccache" \
		/usr/bin/time -f '%e %M' -o "$work/time" $(cmd "$tool") >"$out" 2>&1) || status=$?
	if [[ $status -gt 1 ]]; then
		echo "compare.sh: $tool ($mode) exited $status:" >&2
		tail -5 "$out" >&2
	fi
	# The third column, the lines the tool printed, shows a run that was fast because it
	# checked less: it must be the same in every run of a tool, cold or warm.
	echo "$(tail -1 "$work/time") $(grep -vc '^#' "$out" || true)" >>"$work/results/$tool-$mode"
}

echo "# $(date -u +%FT%TZ) $dir ${patterns[*]}; load average $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) CPUs"
echo "# $(go version); $("$mcplint" -V=full 2>/dev/null | cut -c1-40 || true)"

if [[ " $modes " == *" warm "* ]]; then
	for tool in $only; do # fill the warm caches (for a compiling tool, as long as a cold run)
		(cd "$dir" && GOCACHE="$work/warm-gocache" STATICCHECK_CACHE="$work/warm-sc" MCPLINT_CACHE="$work/warm-mc" $(cmd "$tool") >/dev/null 2>&1) || true
	done
fi
for ((i = 1; i <= runs; i++)); do
	if [[ " $modes " == *" cold "* ]]; then
		for tool in ${coldonly:-$only}; do
			cold="$work/cold-$tool-$i"
			mkdir -p "$cold/go" "$cold/sc" "$cold/mc"
			measure "$tool" cold "$cold/go" "$cold/sc" "$cold/mc"
			chmod -R u+w "$cold" && rm -rf "$cold"
		done
	fi
	if [[ " $modes " == *" warm "* ]]; then
		for tool in $only; do
			measure "$tool" warm "$work/warm-gocache" "$work/warm-sc" "$work/warm-mc"
		done
	fi
	echo "# round $i done; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done

# median FILE COLUMN
median() {
	sort -n -k"$2" "$1" | awk -v c="$2" '{v[NR]=$c} END {if (NR%2) print v[(NR+1)/2]; else print (v[NR/2]+v[NR/2+1])/2}'
}

echo "# load average at the end $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-12s %-5s %10s %12s %8s   %s\n' tool mode "wall s" "peak MB" "lines" "runs (wall s)"
declare -A wall
for mode in $modes; do
	for tool in $only; do
		f="$work/results/$tool-$mode"
		[[ -s "$f" ]] || continue
		w=$(median "$f" 1)
		m=$(median "$f" 2)
		wall[$tool-$mode]=$w
		printf '%-12s %-5s %10.2f %12.0f %8s   %s\n' "$tool" "$mode" "$w" "$(awk -v k="$m" 'BEGIN{print k/1024}')" "$(cut -d' ' -f3 "$f" | sort -u | paste -sd/)" "$(cut -d' ' -f1 "$f" | tr '\n' ' ')"
	done
done
ratio() { # ratio A B prints A/B when both were measured
	[[ -n "${wall[$1]:-}" && -n "${wall[$2]:-}" ]] && awk -v a="${wall[$1]}" -v b="${wall[$2]}" -v l="$1 / $2" 'BEGIN{ if (b > 0) printf "%-34s %.2f\n", l, a/b }'
	return 0
}
echo "# ratios of medians (wall time)"
ratio mcplint-cold staticcheck-cold
ratio mcplint-cold vet-cold
ratio mcplint-warm staticcheck-warm
ratio mcplint-warm vet-warm
ratio vettool-cold vet-cold
ratio vettool-warm vet-warm
