package mcpmodel

import (
	"slices"
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
// "go-sdk v1.6.1 sends a null result", or, where revisions differ, the first revisions' answer
// and then the others' with their revisions: "go-sdk v1.8.0 sends null, crashes on 2026-07-28".
// An unknown version is named by the SDK alone and answered with the newest measured
// behaviour.
func wireClause(sdk sdkapi.SDK, version, outcome string) string {
	name := sdkName(sdk)
	facts := wiretable.Facts(name, version, outcome)
	if len(facts) == 0 {
		return ""
	}
	subject := wireSubject(name, version)
	if len(facts) == 1 {
		return subject + " " + answerPhrase(facts[0].Answer, false)
	}
	spoken := wiretable.Revisions(name, version)
	parts := []string{answerPhrase(facts[0].Answer, true)}
	for _, f := range facts[1:] {
		parts = append(parts, answerPhrase(f.Answer, true)+" "+revisionsPhrase(f.Revisions, spoken))
	}
	return subject + " " + strings.Join(parts, ", ")
}

// stdioClause is wireClause for an outcome measured over stdio and over Streamable HTTP
// (outcome+"-http"): where every stdio revision crashes the process and HTTP does not (mcp-go,
// whose HTTP server runs the handler in net/http's recovering goroutine), it says "crashes a
// stdio server".
func stdioClause(sdk sdkapi.SDK, version, outcome string) string {
	name := sdkName(sdk)
	allExit := func(outcome string) (measured, all bool) {
		facts := wiretable.Facts(name, version, outcome)
		all = len(facts) > 0
		for _, f := range facts {
			all = all && wiretable.Exits(f.Answer)
		}
		return len(facts) > 0, all
	}
	_, stdio := allExit(outcome)
	measured, http := allExit(outcome + "-http")
	if stdio && measured && !http {
		return wireSubject(name, version) + " crashes a stdio server"
	}
	return wireClause(sdk, version, outcome)
}

// wireSubject names the SDK and, when the module pins one, its version.
func wireSubject(name, version string) string {
	if version == "" {
		return name
	}
	return name + " " + version
}

// answerPhrase turns a measured answer into a verb phrase; short for a clause of several.
func answerPhrase(answer string, short bool) string {
	switch {
	case wiretable.Exits(answer):
		switch {
		case strings.Contains(answer, "start-up"):
			return "crashes the server at start-up"
		case short:
			return "crashes"
		}
		return "crashes the server"
	case wiretable.NullResult(answer):
		if short {
			return "sends null"
		}
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

// revisionsPhrase names revs among the revisions spoken: "on R" for one, "from R" for a
// suffix, else "on" and the list.
func revisionsPhrase(revs, spoken []string) string {
	n := len(revs)
	switch {
	case n == 1:
		return "on " + revs[0]
	case n < len(spoken) && slices.Equal(revs, spoken[len(spoken)-n:]):
		return "from " + revs[0]
	}
	return "on " + strings.Join(revs, ", ")
}
