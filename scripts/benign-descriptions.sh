#!/bin/sh
# benign-descriptions.sh SERVER COMMIT SURFACE.json: the description strings of an
# `mcplint surface -json` output as schemarules/testdata/benign-descriptions.tsv lines
# (server, commit, where, JSON-quoted text), each text once per server. Where: the entry's
# kind and name, then "description", "input", "output" (a schema's descriptions, the
# property's own included) or "argument NAME".
set -eu
server=$1 commit=$2 surface=$3
jq -r --arg s "$server" --arg c "$commit" '
  def entries: (.tools[] | {kind: "tool", e: .}), (.resources[] | {kind: "resource", e: .}),
    (.resourceTemplates[] | {kind: "resource-template", e: .}), (.prompts[] | {kind: "prompt", e: .});
  [ entries | . as $x | ($x.kind + " " + ($x.e.name // "?")) as $w |
    ( ($x.e.description // empty | {w: ($w + " description"), t: .}),
      ($x.e.inputSchema // empty | .. | objects | .description | strings | {w: ($w + " input"), t: .}),
      ($x.e.outputSchema // empty | .. | objects | .description | strings | {w: ($w + " output"), t: .}),
      ($x.e.arguments // [] | .[] | select(.description) | {w: ($w + " argument " + .name), t: .description}) )
  ] | unique_by(.t) | .[] | select(.t != "") | [$s, $c, .w, (.t | tojson)] | join("\t")' "$surface"
