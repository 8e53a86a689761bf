package mcpmodel

import (
	"strings"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/wiretable"
)

// sdkName is the wire table's name of sdk, or "" for an SDK it does not measure.
func sdkName(sdk sdkapi.SDK) string {
	switch sdk {
	case sdkapi.GoSDK, sdkapi.MCPTool:
		return "go-sdk"
	case sdkapi.MarkLabs:
		return "mcp-go"
	}
	return ""
}

// wireClause says in one clause what clients get for outcome from sdk at version, as measured:
// "go-sdk v1.6.1 sends a null result", or, where revisions differ, "go-sdk v1.8.0 sends a null
// result up to 2025-11-25 and crashes the server process on 2026-07-28". An unknown version is named by
// the SDK alone and answered with the newest measured behaviour.
func wireClause(sdk sdkapi.SDK, version, outcome string) string {
	name := sdkName(sdk)
	facts := wiretable.Facts(name, version, outcome)
	if len(facts) == 0 {
		return ""
	}
	subject := name
	if version != "" {
		subject += " " + version
	}
	spoken := wiretable.Revisions(name, version)
	var parts []string
	for _, f := range facts {
		phrase := answerPhrase(f.Answer)
		if len(facts) > 1 {
			phrase += " " + revisionsPhrase(f.Revisions, spoken)
		}
		parts = append(parts, phrase)
	}
	return subject + " " + strings.Join(parts, " and ")
}

// answerPhrase turns a measured answer into a verb phrase.
func answerPhrase(answer string) string {
	switch {
	case wiretable.Exits(answer):
		if strings.Contains(answer, "start-up") {
			return "crashes the server at start-up"
		}
		return "crashes the server process"
	case wiretable.NullResult(answer):
		return "sends a null result"
	case wiretable.NoAnswer(answer):
		return "never answers"
	case wiretable.ToolError(answer):
		return "sends a tool error"
	}
	if code, ok := wiretable.Code(answer); ok {
		if code == "0" {
			return "sends JSON-RPC code 0"
		}
		return "sends JSON-RPC " + code
	}
	return "sends a success result"
}

// revisionsPhrase names revs among the revisions spoken: "up to R" for a prefix, "on R" or
// "from R" for a suffix, else the list.
func revisionsPhrase(revs, spoken []string) string {
	n := len(revs)
	switch {
	case n == 0:
		return ""
	case n < len(spoken) && equal(revs, spoken[:n]):
		return "up to " + revs[n-1]
	case n == 1:
		return "on " + revs[0]
	case n < len(spoken) && equal(revs, spoken[len(spoken)-n:]):
		return "from " + revs[0]
	}
	return "on " + strings.Join(revs, ", ")
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
