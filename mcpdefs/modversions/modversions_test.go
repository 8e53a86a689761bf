package modversions

import (
	"strings"
	"testing"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

func TestVersionsFromGoMod(t *testing.T) {
	for _, c := range []struct {
		name, gomod string
		want        mcpmodel.Versions
	}{
		{"both SDKs", `module x
require (
	github.com/modelcontextprotocol/go-sdk v1.6.1
	github.com/mark3labs/mcp-go v0.32.0 // indirect
)`, mcpmodel.Versions{GoSDK: "v1.6.1", MarkLabs: "v0.32.0"}},
		{"module replacement", `module x
require github.com/mark3labs/mcp-go v0.45.0
replace github.com/mark3labs/mcp-go => github.com/fork/mcp-go v0.40.0`, mcpmodel.Versions{MarkLabs: "v0.40.0"}},
		{"directory replacement has no version", `module x
require github.com/modelcontextprotocol/go-sdk v1.2.0
replace github.com/modelcontextprotocol/go-sdk => ../go-sdk`, mcpmodel.Versions{}},
		{"replacement of another version does not apply", `module x
require github.com/modelcontextprotocol/go-sdk v1.2.0
replace github.com/modelcontextprotocol/go-sdk v1.1.0 => ../go-sdk`, mcpmodel.Versions{GoSDK: "v1.2.0"}},
		{"no SDK", "module x\nrequire golang.org/x/mod v0.42.0", mcpmodel.Versions{}},
		{"unparsable", "module x\nrequire (", mcpmodel.Versions{}},
	} {
		if got := FromGoMod("go.mod", []byte(c.gomod)); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}

// TestVersionedClaims pins each version boundary of the measured wire table
// (docs/versions.md): the version just before a change says the old behaviour, the first
// version with it and an unknown version (the newest) say the new one.
func TestVersionedClaims(t *testing.T) {
	goTool := func(v string) *mcpmodel.Handler {
		return &mcpmodel.Handler{SDK: sdkapi.GoSDK, Flavour: mcpmodel.GoSDKTool, Version: v}
	}
	m3Tool := func(v string) *mcpmodel.Handler {
		return &mcpmodel.Handler{SDK: sdkapi.MarkLabs, Flavour: mcpmodel.MarkLabsTool, Version: v}
	}

	for _, c := range []struct {
		name, got, want string
	}{
		{"go-sdk v1.6.1 nil result", goTool("v1.6.1").NilResultOutcome(), "go-sdk v1.6.1 sends a null result"},
		{"go-sdk v1.7.0 nil result", goTool("v1.7.0").NilResultOutcome(), "go-sdk v1.7.0 sends null, crashes on 2026-07-28"},
		{"go-sdk newest nil result", goTool("").NilResultOutcome(), "go-sdk sends null, crashes on 2026-07-28"},
		{"mcp-go v0.43.2 nil result", m3Tool("v0.43.2").NilResultOutcome(), "mcp-go v0.43.2 crashes a stdio server"},
		{"mcp-go v0.44.0 nil result", m3Tool("v0.44.0").NilResultOutcome(), "mcp-go v0.44.0 sends a null result"},
		{"mcp-go v1.1.0 nil result", m3Tool("v1.1.0").NilResultOutcome(), "mcp-go v1.1.0 sends a null result"},
		{"mcp-go v1.2.0 nil result", m3Tool("v1.2.0").NilResultOutcome(), "mcp-go v1.2.0 sends JSON-RPC -32603"},
		{"mcp-go newest nil result", m3Tool("").NilResultOutcome(), "mcp-go sends JSON-RPC -32603"},
		{"mcp-go before the first measured version", m3Tool("v0.20.0").NilResultOutcome(), "mcp-go v0.20.0 crashes the server"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%s: %q does not say %q", c.name, c.got, c.want)
		}
	}
	for v, want := range map[string]int{"v1.6.1": -32002, "v1.7.0": -32602, "": -32602} {
		if got := goTool(v).ResourceNotFoundCode(); got != want {
			t.Errorf("go-sdk %q: resource-not-found code %d, want %d", v, got, want)
		}
	}
	for v, want := range map[string]bool{"v0.35.0": false, "v0.36.0": true, "v0.45.0": true, "v0.46.0": false, "": false} {
		if got := (mcpmodel.Versions{MarkLabs: v}).InvopopTags(); got != want {
			t.Errorf("mark3labs %q: invopop tags %v, want %v", v, got, want)
		}
	}
}

func TestRevisionsFollowTheSDKVersion(t *testing.T) {
	for _, c := range []struct {
		sdk     sdkapi.SDK
		v       mcpmodel.Versions
		newest  string
		speaks7 bool
	}{
		{sdkapi.GoSDK, mcpmodel.Versions{GoSDK: "v1.1.0"}, "2025-06-18", false},
		{sdkapi.GoSDK, mcpmodel.Versions{GoSDK: "v1.6.1"}, "2025-11-25", false},
		{sdkapi.GoSDK, mcpmodel.Versions{GoSDK: "v1.7.0"}, "2026-07-28", true},
		{sdkapi.MCPTool, mcpmodel.Versions{GoSDK: "v1.8.0"}, "2026-07-28", true},
		{sdkapi.GoSDK, mcpmodel.Versions{}, "2026-07-28", true},
		{sdkapi.MarkLabs, mcpmodel.Versions{MarkLabs: "v0.29.0"}, "2024-11-05", false},
		{sdkapi.MarkLabs, mcpmodel.Versions{MarkLabs: "v0.30.0"}, "2025-03-26", false},
		{sdkapi.MarkLabs, mcpmodel.Versions{MarkLabs: "v0.32.0"}, "2025-03-26", false},
		{sdkapi.MarkLabs, mcpmodel.Versions{MarkLabs: "v0.35.0"}, "2025-06-18", false},
		{sdkapi.MarkLabs, mcpmodel.Versions{MarkLabs: "v0.45.0"}, "2025-11-25", false},
		{sdkapi.MarkLabs, mcpmodel.Versions{MarkLabs: "v0.58.0"}, "2025-11-25", false},
		{sdkapi.MarkLabs, mcpmodel.Versions{MarkLabs: "v1.2.1"}, "2026-07-28", true},
	} {
		revs := c.v.Revisions(c.sdk)
		if len(revs) == 0 || revs[len(revs)-1] != c.newest {
			t.Errorf("%v %v: revisions %v, want newest %s", c.sdk, c.v, revs, c.newest)
		}
		if got := c.v.HeaderAnnotationsChecked(c.sdk); got != c.speaks7 {
			t.Errorf("%v %v: header annotations checked = %v, want %v (the same versions speak 2026-07-28)", c.sdk, c.v, got, c.speaks7)
		}
	}
}
