package revision_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/revision"
)

func TestMain(m *testing.M) { fixtures.Main(m) }

// prelude starts every case's package: both SDKs and a handler of each.
const prelude = `package p

import (
	"context"
	"maps"
	"net/http"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	gomcp "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var (
	_ = strings.HasPrefix
	_ = maps.Copy[map[string]string, map[string]string]
	_ http.Handler
	_ jsonschema.Schema
	_ = mcp.NewTool
	_ = server.NewMCPServer
)

func low(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	return &gomcp.CallToolResult{}, nil
}

func m3(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText(""), nil
}

var gs = gomcp.NewServer(&gomcp.Implementation{Name: "s", Version: "1"}, nil)

var ms = server.NewMCPServer("s", "1")
`

var contexts = map[mcpmodel.LateContext]string{
	mcpmodel.LateCallback: "callback", mcpmodel.LateHandler: "handler",
	mcpmodel.LateSession: "session", mcpmodel.LatePerRequest: "per-request",
}

// recognise loads each case as a package of its own (one load for all) and returns, by case
// name, what look(result) says of it.
func recognise(t *testing.T, srcs map[string]string, look func(*analysis.Pass, *mcpdefs.Result) string) map[string]string {
	t.Helper()
	sources := map[string]string{}
	for name, src := range srcs {
		sources["inline/revision/"+name] = prelude + src
	}
	pkgs, err := fixtures.LoadSources(sources)
	if err != nil {
		t.Fatal(err)
	}
	return fixtures.PerPackage(t, pkgs, mcpdefs.Analyzer, func(pass *analysis.Pass) string {
		return look(pass, pass.ResultOf[mcpdefs.Analyzer].(*mcpdefs.Result))
	})
}

type revisionCase struct{ name, src, want string }

func check(t *testing.T, cases []revisionCase, look func(*analysis.Pass, *mcpdefs.Result) string) {
	t.Helper()
	srcs := map[string]string{}
	for _, c := range cases {
		srcs[c.name] = c.src
	}
	got := recognise(t, srcs, look)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, got[c.name])
		})
	}
}

// lateRegistrations lists the late registrations and pinned revisions of a package.
func lateRegistrations(pass *analysis.Pass, res *mcpdefs.Result) string {
	var out []string
	for _, l := range res.LateRegistrations {
		out = append(out, fmt.Sprintf("%s %s %s %s", contexts[l.Context], l.Where, l.Kind, l.SDK))
	}
	for sdk, revs := range res.RevisionLimits {
		out = append(out, fmt.Sprintf("limit %s %s", sdk, strings.Join(revs, ",")))
	}
	slices.Sort(out)
	return strings.Join(out, "; ")
}

// TestLateRegistrations: a registration is late when the innermost function around it is a
// handler, a session callback (written in place or named), or go-sdk's getServer under a
// condition on the request that is not about authorization; mcp-go's per-session
// registrations always are. Registrations while the server is built are not.
func TestLateRegistrations(t *testing.T) {
	const tool = `gomcp.AddTool(gs, &gomcp.Tool{Name: "t"}, func(ctx context.Context, req *gomcp.CallToolRequest, in struct{}) (*gomcp.CallToolResult, any, error) { return nil, nil, nil })`
	getServer := func(body string) string {
		return `func H() http.Handler {
	return gomcp.NewStreamableHTTPHandler(func(r *http.Request) *gomcp.Server {
		s := gomcp.NewServer(&gomcp.Implementation{Name: "s", Version: "1"}, nil)
		` + body + `
		return s
	}, nil)
}
`
	}
	check(t, []revisionCase{
		{"atstart", `func init() { ` + tool + ` }`, ""},
		{"initialized", `var s = gomcp.NewServer(&gomcp.Implementation{Name: "s", Version: "1"}, &gomcp.ServerOptions{
	InitializedHandler: func(ctx context.Context, req *gomcp.InitializedRequest) {
		gs.AddTool(&gomcp.Tool{Name: "t"}, low)
	},
})`, "callback InitializedHandler tool go-sdk"},
		{"namedcallback", `func onRoots(ctx context.Context, req *gomcp.RootsListChangedRequest) {
	gs.AddPrompt(&gomcp.Prompt{Name: "p"}, nil)
}
var opts = &gomcp.ServerOptions{RootsListChangedHandler: onRoots}`, "callback RootsListChangedHandler prompt go-sdk"},
		{"inhandler", `func init() {
	gs.AddTool(&gomcp.Tool{Name: "unlock"}, func(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
		gs.AddResource(&gomcp.Resource{Name: "r", URI: "file:///r"}, nil)
		return &gomcp.CallToolResult{}, nil
	})
}`, "handler  resource go-sdk"},
		{"innamedhandler", `func unlock(ctx context.Context, req *gomcp.CallToolRequest) (*gomcp.CallToolResult, error) {
	gs.AddTool(&gomcp.Tool{Name: "more"}, low)
	return &gomcp.CallToolResult{}, nil
}
func init() { gs.AddTool(&gomcp.Tool{Name: "unlock"}, unlock) }`, "handler unlock tool go-sdk"},
		{"hook", `func init() {
	hooks := &server.Hooks{}
	hooks.AddOnRegisterSession(func(ctx context.Context, session server.ClientSession) {
		ms.AddTool(mcp.NewTool("t"), m3)
	})
}`, "callback Hooks.AddOnRegisterSession tool mark3labs"},
		{"session", `func init() { _ = ms.AddSessionTool("id", mcp.NewTool("t"), m3) }`, "session AddSessionTool tool mark3labs"},
		{"sessiontemplates", `func init() { _ = ms.AddSessionResourceTemplates("id") }`, "session AddSessionResourceTemplates resource template mark3labs"},
		{"getserveralways", getServer(tool), ""},
		{"getserverpath", getServer(`if strings.HasPrefix(r.URL.Path, "/admin") {
			gs.AddTool(&gomcp.Tool{Name: "t"}, low)
		}`), "per-request getServer tool go-sdk"},
		{"getservervariable", getServer(`q := r.URL.Query()
		if q.Has("x") {
			gs.AddTool(&gomcp.Tool{Name: "t"}, low)
		}`), "per-request getServer tool go-sdk"},
		{"getserverswitch", getServer(`switch r.Method {
		case "POST":
			gs.AddTool(&gomcp.Tool{Name: "t"}, low)
		}`), "per-request getServer tool go-sdk"},
		{"getservercase", getServer(`switch {
		case r.Method == "POST":
			gs.AddTool(&gomcp.Tool{Name: "t"}, low)
		}`), "per-request getServer tool go-sdk"},
		{"getserverrange", getServer(`for _, v := range r.Header["X-Tools"] {
			gs.AddTool(&gomcp.Tool{Name: v}, low)
		}`), "per-request getServer tool go-sdk"},
		{"getserverauthorization", getServer(`if r.Header.Get("Authorization") != "" {
			gs.AddTool(&gomcp.Tool{Name: "t"}, low)
		}`), ""},
		{"getservernotrequest", `var debug bool
` + getServer(`if debug {
			gs.AddTool(&gomcp.Tool{Name: "t"}, low)
		}`), ""},
		{"getservernamed", `func build(r *http.Request) *gomcp.Server {
	if r.URL.Path == "/x" {
		gs.AddTool(&gomcp.Tool{Name: "t"}, low)
	}
	return gs
}
var h = gomcp.NewSSEHandler(build, nil)`, "per-request getServer tool go-sdk"},
		{"limitgosdk", `var o = &gomcp.ServerOptions{SupportedProtocolVersions: []string{"2025-06-18", "2026-07-28"}}`, "limit go-sdk 2025-06-18,2026-07-28"},
		{"limitgosdkvariable", `var versions = []string{"2025-06-18"}
var o = &gomcp.ServerOptions{SupportedProtocolVersions: versions}`, "limit go-sdk 2025-06-18"},
		{"limitempty", `var o = &gomcp.ServerOptions{SupportedProtocolVersions: []string{}}`, ""},
		{"limitdynamic", `func o(v string) any { return &gomcp.ServerOptions{SupportedProtocolVersions: []string{"2025-06-18", v}} }`, ""},
		{"limitmcpgo", `var o = server.WithStreamableHTTPProtocolVersions("2025-06-18")`, "limit mark3labs 2025-06-18"},
		{"limitmcpgospread", `var versions = []string{"2025-06-18"}
var o = server.WithStreamableHTTPProtocolVersions(versions...)`, ""},
	}, lateRegistrations)
}

// annotator is a module helper that puts x-mcp-header annotations on a go-sdk tool's input
// schema, the way github-mcp-server's AnnotateHeaderParams does.
const annotator = `var HeaderParams = map[string]string{"owner": "Owner", "repo": "Repo"}

func Annotate(tool *gomcp.Tool) {
	schema, ok := tool.InputSchema.(*jsonschema.Schema)
	if !ok {
		return
	}
	for prop := range HeaderParams {
		if p, ok := schema.Properties[prop]; ok {
			if p.Extra == nil {
				p.Extra = map[string]any{}
			}
			p.Extra["x-mcp-header"] = HeaderParams[prop]
		}
	}
}
`

const register = `func Register(s *gomcp.Server, tool gomcp.Tool) {
	Annotate(&tool)
	s.AddTool(&tool, low)
}
`

// unregisteredTool is a go-sdk tool defined in the package and registered elsewhere.
const unregisteredTool = `var Tool = gomcp.Tool{Name: "t", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
	"owner": {Type: "string"},
	"repo":  {Type: "string", Extra: map[string]any{"x-mcp-header": "Mine"}},
	"other": {Type: "string"},
}}}
`

// headers lists the x-mcp-header annotation of each input property of the package's tools.
func headers(_ *analysis.Pass, res *mcpdefs.Result) string {
	var out []string
	for _, d := range res.Definitions {
		props := d.Input.JSON.Get("properties")
		if props == nil {
			continue
		}
		for _, m := range props.Members {
			if h := m.Value.Get("x-mcp-header"); h != nil && h.Kind == jsonvalue.String {
				out = append(out, m.Key+"="+h.Str)
			}
		}
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// TestHeaderAnnotations: a package whose registering function calls an annotator applies
// the annotations to its go-sdk tools registered elsewhere, on
// the listed properties not annotated yet; a map changed at run time, an annotator no
// registration calls, or a helper that is no annotator, annotates nothing.
func TestHeaderAnnotations(t *testing.T) {
	check(t, []revisionCase{
		{"annotated", annotator + register + unregisteredTool, "owner=Owner repo=Mine"},
		{"noregistration", annotator + unregisteredTool, "repo=Mine"},
		{"callednotregistering", annotator + `func Prepare(tool gomcp.Tool) { Annotate(&tool) }
` + unregisteredTool, "repo=Mine"},
		{"registereddirectly", annotator + register + `func init() {
	gs.AddTool(&gomcp.Tool{Name: "t", InputSchema: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"owner": {Type: "string"}}}}, low)
}
`, ""},
		{"mapchanged", annotator + register + unregisteredTool + `func init() { HeaderParams["other"] = "Other" }
`, "repo=Mine"},
		{"mapcopiedinto", annotator + register + unregisteredTool + `func init() { maps.Copy(HeaderParams, map[string]string{"other": "Other"}) }
`, "repo=Mine"},
		{"mapdeleted", annotator + register + unregisteredTool + `func init() { delete(HeaderParams, "other") }
`, "repo=Mine"},
		{"mapdynamic", strings.Replace(annotator, `"repo": "Repo"`, `"repo": repoHeader`, 1) + "var repoHeader = \"Repo\"\n\nfunc init() { repoHeader = \"Other\" }\n" + register + unregisteredTool, "repo=Mine"},
		{"notheaderkey", strings.Replace(annotator, `"x-mcp-header"`, `"x-other"`, 1) + register + unregisteredTool, "repo=Mine"},
		{"twoparameters", strings.Replace(annotator, "tool *gomcp.Tool)", "tool *gomcp.Tool, n int)", 1) +
			strings.Replace(register, "Annotate(&tool)", "Annotate(&tool, 0)", 1) + unregisteredTool, "repo=Mine"},
	}, headers)
}

// TestHeaderAnnotationAcrossPackages: a package importing one that registers through an
// annotator applies the annotations to its own tools, from the fact alone.
func TestHeaderAnnotationAcrossPackages(t *testing.T) {
	srcs := map[string]string{
		"registry": annotator + register,
		"tools": strings.Replace(unregisteredTool, "var Tool", `var _ = registry.Register

var Tool`, 1),
	}
	sources := map[string]string{
		"inline/revisionx/registry": prelude + srcs["registry"],
		"inline/revisionx/tools":    strings.Replace(prelude, "import (", "import (\n\tregistry \"fixtures/inline/revisionx/registry\"", 1) + srcs["tools"],
	}
	pkgs, err := fixtures.LoadSources(sources)
	if err != nil {
		t.Fatal(err)
	}
	got := fixtures.PerPackage(t, pkgs, mcpdefs.Analyzer, func(pass *analysis.Pass) string {
		return headers(pass, pass.ResultOf[mcpdefs.Analyzer].(*mcpdefs.Result))
	})
	assert.Equal(t, "owner=Owner repo=Mine", got["tools"])
}

// TestHeaderAnnotationFactString: the fact names the annotating function.
func TestHeaderAnnotationFactString(t *testing.T) {
	f := &revision.HeaderAnnotationFact{Headers: map[string]string{"owner": "Owner"}, Func: "AnnotateHeaderParams"}
	assert.Equal(t, "header annotation by AnnotateHeaderParams", f.String())
}
