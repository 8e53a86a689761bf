#!/usr/bin/env bash
# fuzz.sh fuzzes every parser of outside input for a while each and prints, per target, the
# executions and the new corpus entries the last progress line of `go test -fuzz` reported.
#
#   scripts/fuzz.sh [-t 10m] [-lanes 1] [TARGET...]
#
# A TARGET is PACKAGE:FuzzName; none means the list below. -lanes runs that many targets at
# once, each with -parallel=1, so a lane is one CPU. A crasher fails its target and is written
# to the package's testdata/fuzz, where `go test` then replays it as an ordinary test.
set -euo pipefail

fuzztime=10m
lanes=1
while [[ $# -gt 0 ]]; do
	case "$1" in
	-t) fuzztime="$2"; shift 2 ;;
	-lanes) lanes="$2"; shift 2 ;;
	-h | --help) sed -n '2,9p' "$0"; exit 0 ;;
	*) break ;;
	esac
done
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
	targets=(
		./mcpdefs/typewalk:FuzzParseTag             # struct tags (json, jsonschema, mcp)
		./mcptool:FuzzBindingTags                   # the runtime's binding tags
		./mcpdefs/mcpmodel:FuzzParseURITemplate     # URI templates in definitions
		./mcptool:FuzzResourceTemplate              # URI templates at registration
		./internal/printf:FuzzParse                 # format strings
		./mcpdefs/jsonvalue:FuzzParse               # JSON schemas written as text
		./analyzers/lint:FuzzParseConfig            # .mcplint.yaml
		./analyzers/lint:FuzzParseDirectives        # //mcplint: comments
		./gclplugin:FuzzDecodeSettings              # golangci-lint settings
		./serverjson:FuzzParse                      # server.json syntax
		./serverjson:FuzzCheck                      # server.json rules
		./mcperr:FuzzFromHTTPResponse               # upstream HTTP responses
		./mcperr:FuzzRedact                         # upstream error bodies kept for the client
	)
fi
cd "$(dirname "$0")/.."
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT

run() { # run PACKAGE:FuzzName
	local pkg="${1%%:*}" name="${1##*:}" log="$logs/${1//[\/:.]/_}"
	local status=0
	go test "$pkg" -run '^$' -fuzz "^${name}\$" -fuzztime "$fuzztime" -parallel 1 >"$log" 2>&1 || status=$?
	local last
	last="$(grep -o 'elapsed: .*' "$log" | tail -1)"
	if [[ $status -eq 0 ]]; then
		printf '%-45s ok    %s\n' "$1" "$last"
	else
		printf '%-45s FAIL  %s\n' "$1" "$last"
		grep -E 'Failing input|panic:|--- FAIL' "$log" | head -5 | sed 's/^/    /'
	fi
	return $status
}

echo "# $(date -u +%FT%TZ) fuzztime $fuzztime, $lanes lane(s); load average $(cut -d' ' -f1-3 /proc/loadavg)"
failed=0
for t in "${targets[@]}"; do
	while [[ $(jobs -rp | wc -l) -ge $lanes ]]; do wait -n || failed=1; done
	run "$t" &
done
while [[ $(jobs -rp | wc -l) -gt 0 ]]; do wait -n || failed=1; done
echo "# $(date -u +%FT%TZ) done; load average $(cut -d' ' -f1-3 /proc/loadavg)"
exit $failed
