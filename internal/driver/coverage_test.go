package driver_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fixture module testdata/layered registers four tools: search, whose handler is
// declared in another package and recognised there; two whose handlers sit behind a map of
// handlers and a list of interface values of the server's own, which only the module graph
// follows; and external, whose function is set at run time.
const layeredLine = "mcplint: checked the handlers of 3 of 4 tools; 1 not seen (-v lists them)\n"

// preserveCause is the defect in the handler behind the map.
const preserveCause = "tools/tools.go:29:45: warning: fmt.Errorf formats err with %v instead of wrapping it with %w, losing the cause (preserve-cause-on-rethrow)\n"

func TestCoverageLineEndsEveryRun(t *testing.T) {
	r := mcplint(t, fixture(t, "layered"))
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, layeredLine, r.stderr)

	r = mcplint(t, fixture(t, "layered"), "-v")
	assert.Contains(t, r.stderr, "mcplint: module graph: 3 layer sites, 2 resolved; 2 functions behind them; 1 package read again\n")
	assert.Contains(t, r.stderr, "mcplint: checked the handlers of 3 of 4 tools; 1 not seen\n"+
		"  server/server.go:44:13: tool \"external\": the handler hands the tool's arguments to the function value external that recognition does not follow\n")
}

func TestModuleGraphChecksHandlersBehindTheServersLayers(t *testing.T) {
	r := mcplint(t, fixture(t, "layered"))
	assert.Contains(t, r.stdout, preserveCause, "the map's handler is checked, with the map's pass-through wire")

	off := mcplintAlone(t, fixture(t, "layered"))
	require.Equal(t, 0, off.code, off.stderr)
	assert.NotContains(t, off.stdout, "tools/tools.go", "without the graph the handlers behind the layers are not seen")
	assert.Equal(t, "mcplint: checked the handlers of 1 of 4 tools; 3 not seen (-v lists them)\n", off.stderr)
}

func TestCoverageAllChecked(t *testing.T) {
	r := mcplint(t, fixture(t, "crosswire"), "-fail-on", "none")
	assert.Contains(t, r.stderr, "mcplint: checked the handlers of all ")
	assert.NotContains(t, r.stderr, "not seen")
}

func TestCoverageInJSONAndSARIF(t *testing.T) {
	var doc struct {
		Coverage struct {
			Tools, Checked int
			Unseen         []struct {
				Name, NameExpr, File, Reason string
				Line, Column                 int
			}
		}
	}
	r := mcplint(t, fixture(t, "layered"), "-json")
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), r.stdout)
	assert.Equal(t, 4, doc.Coverage.Tools)
	assert.Equal(t, 3, doc.Coverage.Checked)
	require.Len(t, doc.Coverage.Unseen, 1)
	assert.Equal(t, "external", doc.Coverage.Unseen[0].Name)
	assert.Empty(t, doc.Coverage.Unseen[0].NameExpr)
	assert.Equal(t, "server/server.go", doc.Coverage.Unseen[0].File)
	assert.Equal(t, 44, doc.Coverage.Unseen[0].Line)
	assert.Contains(t, doc.Coverage.Unseen[0].Reason, "the function value external")

	var log struct {
		Runs []struct {
			Properties struct {
				Coverage struct{ Tools, Checked int } `json:"mcplintCoverage"`
			}
		}
	}
	r = mcplint(t, fixture(t, "layered"), "-sarif")
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &log), r.stdout)
	require.Len(t, log.Runs, 1)
	assert.Equal(t, 4, log.Runs[0].Properties.Coverage.Tools)
	assert.Equal(t, 3, log.Runs[0].Properties.Coverage.Checked)
}

func TestMinCoverageFailsBelowThreshold(t *testing.T) {
	r := mcplint(t, fixture(t, "layered"), "-min-coverage", "80")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "mcplint: checked the handlers of 75% of the tools, below min-coverage 80%\n")

	r = mcplint(t, fixture(t, "layered"), "-min-coverage", "75")
	assert.Equal(t, 0, r.code, r.stderr)

	r = mcplint(t, fixture(t, "layered"), "-min-coverage", "101")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "min-coverage: 101 is not a percentage")

	dir := copyFixture(t, "layered")
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".mcplint.yaml"), []byte("min-coverage: 90\n"), 0o644))
	r = mcplint(t, dir)
	assert.Equal(t, 1, r.code, "the configuration's key")
	r = mcplint(t, dir, "-min-coverage", "0")
	assert.Equal(t, 0, r.code, "the flag wins over the file")
}

func TestMinCoverageFailsWhenNoToolIsFound(t *testing.T) {
	r := mcplint(t, fixture(t, "mod"), "-min-coverage", "1", "./clean")
	assert.Equal(t, 1, r.code, "a gate must not pass vacuously")
	assert.Contains(t, r.stderr, "found no tool, so no handler was checked (min-coverage 1%)")
}

// A server on an SDK version older than recognition reads (go-sdk's pre-release v0 API) must
// not look clean: the line says whose tools are not recognised, and JSON carries it.
func TestCoverageNamesSDKVersionsRecognitionDoesNotRead(t *testing.T) {
	r := mcplint(t, fixture(t, "oldsdk"))
	assert.Contains(t, r.stderr, "mcplint: found no tool; tools of go-sdk v0.1.0 (before v1.0.0) are not recognised\n")
	j := mcplint(t, fixture(t, "oldsdk"), "-json")
	var doc struct {
		Coverage struct {
			UnsupportedSDKs []string `json:"unsupportedSDKs"`
		} `json:"coverage"`
	}
	require.NoError(t, json.Unmarshal([]byte(j.stdout), &doc), j.stdout)
	assert.Equal(t, []string{"go-sdk v0.1.0 (before v1.0.0)"}, doc.Coverage.UnsupportedSDKs)
	r = mcplint(t, fixture(t, "oldsdk"), "-min-coverage", "1")
	assert.Equal(t, 1, r.code, "a gate must not pass on tools it cannot see")
}

func TestCoverageLineSurvivesTheResultCache(t *testing.T) {
	cache := t.TempDir()
	run := func() string {
		cmd := exec.Command(mcplintBin)
		cmd.Dir = fixture(t, "layered")
		cmd.Env = append(os.Environ(), "MCPLINT_CACHE="+cache)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
		return string(out)
	}
	first := run()
	entries, err := os.ReadDir(cache)
	require.NoError(t, err)
	require.NotEmpty(t, entries, "the first run stores its outcome")
	assert.Equal(t, first, run())
	assert.True(t, strings.HasSuffix(first, layeredLine), first)
}

func TestCoverageCountsBrokenPackages(t *testing.T) {
	r := mcplint(t, fixture(t, "withbroken"))
	assert.Contains(t, r.stderr, "the tools of 1 package that did not compile are not counted")
}

func TestSurfaceSaysWhichHandlersAreChecked(t *testing.T) {
	r := mcplint(t, fixture(t, "layered"), "surface", "-json")
	require.Equal(t, 0, r.code, r.stderr)
	var sf struct {
		Tools []struct {
			Name string
			X    struct {
				HandlerChecked *bool
				HandlerReason  string
			} `json:"x-mcplint"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &sf), r.stdout)
	checked := map[string]bool{}
	for _, tool := range sf.Tools {
		require.NotNil(t, tool.X.HandlerChecked, tool.Name)
		checked[tool.Name] = *tool.X.HandlerChecked
		if tool.Name == "external" {
			assert.Contains(t, tool.X.HandlerReason, "the function value external")
		}
	}
	assert.Equal(t, map[string]bool{"": true, "search": true, "external": false}, checked, "the map's and the list's tools have computed names; both are checked")
}

// The fixture module testdata/foreign (mark3labs) registers four tools whose handlers are in
// another package than the registration: a constructor's definition with a handler that
// delegates to a function taking one more parameter, a tool type through an interface, a
// handler given to a helper that hands it to an adapter, a command type whose Handle
// method is registered as a method value through an interface, two tools whose handler
// another package's function makes, one registered through a chain of two helpers, and a
// tool type of a third package whose Handler method returns what a generic function of
// package tools makes of it (TheHiveMCP's BaseTool.Handler and WithValidation), and two tools
// registered from a table of package kinds' definition functions and the handlers its
// functions return (mcp-nutanix's `s.AddTool(tool.Func(), tool.Handler)`), and two tools of a
// service type of package svc whose GetTools lists definitions of a third package and whose
// GetHandlers maps their names to handlers of a fourth (cloud-native-mcp-server's services,
// registered by name in a helper of srv), and two tools of package named whose definitions
// are data and whose handlers a registrar adds by name (portainer-mcp's addToolIfExists over
// YAML tools). The delegate and the helper's handler
// are checked only by a run that sees the whole module, as is respond.Result, which returns
// the upstream failure the weather handler passes it as a JSON-RPC error.
func TestModuleGraphFollowsDelegatesAndHelpersAcrossPackages(t *testing.T) {
	r := mcplint(t, fixture(t, "foreign"))
	assert.Equal(t, 0, r.code, r.stderr)
	svcFinding := "svc/svchandlers/svchandlers.go:24:4: warning: the model never sees this argument error sent as JSON-RPC; return mcp.NewToolResultError(msg), nil (tool-error-as-protocol-error)\n"
	assert.Equal(t, "respond/respond.go:16:3: warning: callers' upstream failure returned as an error: mcp-go v1.2.1 sends JSON-RPC -32603; return mcp.NewToolResultError(msg), nil (upstream-error-as-protocol-error)\n"+
		svcFinding+
		"tools/tools.go:30:3: warning: the model never sees this argument error sent as JSON-RPC; return mcp.NewToolResultError(msg), nil (tool-error-as-protocol-error)\n"+
		"tools/tools.go:101:39: warning: fmt.Errorf formats err with %v instead of wrapping it with %w, losing the cause (preserve-cause-on-rethrow)\n", r.stdout)
	assert.Equal(t, "mcplint: checked the handlers of all 21 tools\n", r.stderr, "named_list's and named_delete's handlers are what the factories addToolIfExists is given make; svc_time's and svc_sleep's definitions are what svc's GetTools returns, and their handlers among those its GetHandlers returns, a handler function and a factory's handler of svchandlers; vm_list's and host_list's definitions are calls of functions of kinds a table in srv holds, and their handlers what kinds' handler functions return; weather's handler hands its upstream failure to respond.Result, which returns it as an error; greet's handler is what its Handler method, given an argument, makes, through an interface over a registry filled in init; upper's and lower's definitions are in catalog's All and their handlers what the factories catalog's Makers holds make; count's and shout's definitions are what lister's GetTools returns, registered with its dispatcher; spec's definition is registered from a table's field in another package; ping's and pong's handlers are their Handle methods, registered as method values through an interface (pong's from a registry filled in init); made's and chained's the one tools.MakeHandler returns; lookup's the one a generic function of tools makes in hive's Handler method")

	off := mcplintAlone(t, fixture(t, "foreign"), "-v")
	require.Equal(t, 0, off.code, off.stderr)
	assert.Equal(t, svcFinding, off.stdout, "each package alone sees neither the delegate nor the helper's handler; svchandlers' handler has the SDK's type")
	assert.Contains(t, off.stderr, "mcplint: checked the handlers of 18 of 21 tools; 3 not seen\n"+
		"  srv/srv.go:29:12: tool \"weather\": the handler returns the results of respond.Result, which only a run over the whole module checks\n"+
		"  srv/srv.go:34:2: tool \"query\": its handler HandleQuery, declared in example.com/foreign/tools, is not recognised as a handler\n"+
		"  tools/tools.go:21:9: tool \"list\": the handler returns the results of tools.HandleList, which only a run over the whole module checks\n")
}

// The fixture module testdata/ownsession keeps tool functions of mcp-go's typed handler
// signature in a table of package tools; package srv registers them with closures that hand
// them the server's session as the third parameter. Only a run over the whole module sees
// that nothing decodes arguments into it: WhoAmI's check of the session is no argument check,
// and Echo's missing argument still is.
func TestModuleGraphUntypesFunctionsHandedTheServersState(t *testing.T) {
	r := mcplint(t, fixture(t, "ownsession"))
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, "tools/tools.go:37:3: warning: the model never sees this argument error sent as JSON-RPC; return mcp.NewToolResultError(msg), nil (tool-error-as-protocol-error)\n", r.stdout)
	assert.Equal(t, "mcplint: checked the handlers of all 2 tools\n", r.stderr)
}

// The fixture module testdata/table (mark3labs) keeps its tools in a table of its own type in
// a package that imports no SDK; package srv turns each element into a tool in a loop, with
// one closure as the handler. Each element is a tool, checked through that closure, and
// reported at its own line; each package alone sees one tool of unknown name and number.
func TestModuleGraphExpandsTablesOfTheServersOwnType(t *testing.T) {
	r := mcplint(t, fixture(t, "table"), "-v")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "cmds/cmds.go:38:2: warning: tool \"status\" has no description, which the model picks tools by; add one (description-required)\n")
	assert.NotContains(t, r.stdout, "cmds/cmds.go:16:2", "the description is copied from the element through the spread options")
	assert.Contains(t, r.stderr, "mcplint: checked the handlers of all 3 tools\n")
	assert.Contains(t, r.stderr, "mcplint: module graph: 0 layer sites, 0 resolved; 0 functions behind them; 1 tool type of the server's own written in other packages; 1 package read again\n")

	off := mcplintAlone(t, fixture(t, "table"), "-v")
	require.Equal(t, 0, off.code, off.stderr)
	assert.NotContains(t, off.stdout, "cmds/cmds.go")
	assert.Contains(t, off.stderr, "mcplint: checked the handlers of 0 of 1 tool; 1 not seen\n"+
		"  srv/srv.go:40:13: the tool named by cmd.Name: tools copied at run time")

	s := mcplint(t, fixture(t, "table"), "surface", "-json")
	require.Equal(t, 0, s.code, s.stderr)
	var sf struct {
		Tools []struct {
			Name string
			X    struct {
				Position       string
				HandlerChecked *bool
			} `json:"x-mcplint"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(s.stdout), &sf), s.stdout)
	listed := map[string]string{}
	for _, tool := range sf.Tools {
		require.NotNil(t, tool.X.HandlerChecked, tool.Name)
		assert.True(t, *tool.X.HandlerChecked, tool.Name)
		listed[tool.Name] = tool.X.Position
	}
	assert.Equal(t, map[string]string{"apps-list": "cmds/cmds.go:16:2", "apps-delete": "cmds/cmds.go:23:2", "status": "cmds/cmds.go:38:2"}, listed)
}

// A tool definition built in an unexported function nothing calls is never registered: it is
// not on the surface's list but named apart, and the coverage line does not count it.
func TestSurfaceSetsAsideToolsNeverRegistered(t *testing.T) {
	dir := copyFixture(t, "table")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "srv", "unused.go"), []byte(`package srv

import "github.com/mark3labs/mcp-go/mcp"

func unusedTool() mcp.Tool {
	return mcp.NewTool("unused", mcp.WithDescription("Built and never registered."))
}
`), 0o644))
	s := mcplint(t, dir, "surface")
	require.Equal(t, 0, s.code, s.stderr)
	assert.NotContains(t, s.stdout, "tool  unused")
	assert.Contains(t, s.stdout, "3 tools, 0 resources")
	assert.Contains(t, s.stdout, "not listed: 1 tool defined and never registered, or with no registration linked to it")
	r := mcplint(t, dir, "-v")
	assert.Contains(t, r.stderr, "mcplint: checked the handlers of all 3 tools\n", "an unexported constructor nothing calls builds no tool")
}

// A definition built in an exported function that no analysed package calls (tests aside) is
// not counted either, with or without its handler, but the line says so and -v names it (a
// package outside the patterns may call it); one built in an exported function that another
// package calls, unregistered, still counts.
func TestCoverageSetsAsideExportedConstructorsNothingCalls(t *testing.T) {
	dir := copyFixture(t, "table")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "srv", "spare.go"), []byte(`package srv

import "github.com/mark3labs/mcp-go/mcp"

func SpareTool() mcp.Tool {
	return mcp.NewTool("spare", mcp.WithDescription("Built and never registered."))
}

func CalledTool() mcp.Tool {
	return mcp.NewTool("called", mcp.WithDescription("Built, taken, never registered."))
}

var _ = CalledTool
`), 0o644))
	// A tool with its handler that only a test builds (kanbanzai's DevelopTool): the server
	// never registers it, though its handler is checked.
	require.NoError(t, os.WriteFile(filepath.Join(dir, "srv", "tested.go"), []byte(`package srv

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func TestedTool() server.ServerTool {
	return server.ServerTool{Tool: mcp.NewTool("tested", mcp.WithDescription("Built by a test only.")), Handler: tested}
}

func tested(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}
`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "srv", "tested_test.go"), []byte(`package srv

import "testing"

func TestTested(t *testing.T) { _ = TestedTool() }
`), 0o644))
	r := mcplint(t, dir, "-v")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "mcplint: checked the handlers of 3 of 4 tools; 1 not seen; 2 definitions built in functions nothing calls are not counted\n")
	assert.Contains(t, r.stderr, "srv/spare.go:6:9: tool \"spare\": built in a function no analysed package reaches\n")
	assert.Contains(t, r.stderr, "srv/tested.go:11:33: tool \"tested\": built in a function no analysed package reaches\n")
	assert.Contains(t, r.stderr, "srv/spare.go:10:9: tool \"called\": no registration with a handler is linked to it\n")
}

// A definition built in a function only unreached functions call is not counted either
// (kanbanzai's readFileTool, called only by ReadFileTool, which nothing calls), with or
// without its handler; one reached through a chain of calls from a method (ServeHTTP, called
// by net/http), from a package variable's initialiser, or from a function taken as a value
// still counts, unregistered. (A function that registers tools is reached:
// TestModuleGraphFollowsOwnToolFieldsAcrossRounds registers in an exported New nothing calls.)
func TestCoverageFollowsCallsFromWhatRuns(t *testing.T) {
	dir := copyFixture(t, "table")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "srv", "chain.go"), []byte(`package srv

import (
	"context"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func ReadFileTool() mcp.Tool { return readFileTool() }

func readFileTool() mcp.Tool {
	return mcp.NewTool("read_file", mcp.WithDescription("Built only for an exported function nothing calls."))
}

type handler struct{}

func (handler) ServeHTTP(http.ResponseWriter, *http.Request) { _ = served() }

func served() mcp.Tool { return servedTool() }

func servedTool() mcp.Tool {
	return mcp.NewTool("served", mcp.WithDescription("Built for a method."))
}

var initial = viaVar()

func viaVar() mcp.Tool { return varTool() }

func varTool() mcp.Tool {
	return mcp.NewTool("initial", mcp.WithDescription("Built for a package variable."))
}

var taken = func() func() mcp.Tool { return takenTool }()

func takenTool() mcp.Tool {
	return mcp.NewTool("taken", mcp.WithDescription("Taken as a value."))
}

func SpareTools() []server.ServerTool { return []server.ServerTool{spareTool()} }

func spareTool() server.ServerTool {
	return server.ServerTool{Tool: mcp.NewTool("spare", mcp.WithDescription("A table's tool nothing registers.")), Handler: spare}
}

func spare(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return mcp.NewToolResultText("ok"), nil
}
`), 0o644))
	r := mcplint(t, dir, "-v")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "mcplint: checked the handlers of 3 of 6 tools; 3 not seen; 2 definitions built in functions nothing calls are not counted\n")
	assert.Contains(t, r.stderr, "srv/chain.go:14:9: tool \"read_file\": built in a function no analysed package reaches\n")
	assert.Contains(t, r.stderr, "srv/chain.go:44:33: tool \"spare\": built in a function no analysed package reaches\n")
	for _, name := range []string{"served", "initial", "taken"} {
		assert.Contains(t, r.stderr, "tool \""+name+"\": no registration with a handler is linked to it\n")
	}
}

// A definition built into a local variable that is only read (marshalled to read its schema
// off it) is no tool: it is not counted; one the function hands on is.
func TestCoverageSkipsDefinitionsOnlyReadLocally(t *testing.T) {
	dir := copyFixture(t, "table")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "srv", "schema.go"), []byte(`package srv

import (
	"encoding/json"

	"github.com/mark3labs/mcp-go/mcp"
)

func schemaOf(opts ...mcp.ToolOption) ([]byte, error) {
	temp := mcp.NewTool("temp", opts...)
	if temp.Name == "" {
		return nil, nil
	}
	return json.Marshal(temp)
}

func handedOn(opts ...mcp.ToolOption) []mcp.Tool {
	kept := mcp.NewTool("kept", opts...)
	return []mcp.Tool{kept}
}

var _, _ = schemaOf()
var _ = handedOn()
`), 0o644))
	r := mcplint(t, dir, "-v")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "mcplint: checked the handlers of 3 of 4 tools; 1 not seen\n")
	assert.Contains(t, r.stderr, "srv/schema.go:18:10: tool \"kept\": no registration with a handler is linked to it\n")
	assert.NotContains(t, r.stderr, "\"temp\"")
}

// The fixture module testdata/fieldtable (mark3labs) keeps its tools as values of its own
// type, a definition beside a handler of its own signature, in a package the adapter's
// package imports; the adapter calls the field and hands the error to a helper that makes an
// IsError result; one handler returns the results of a function of a third package. The
// graph finds the handlers behind the field (a second round) and the function behind the
// handler (a third).
func TestModuleGraphFollowsOwnToolFieldsAcrossRounds(t *testing.T) {
	r := mcplint(t, fixture(t, "fieldtable"), "-v")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "format/format.go:13:52: warning: fmt.Errorf formats err with %v instead of wrapping it with %w, losing the cause (preserve-cause-on-rethrow)\n")
	assert.Contains(t, r.stdout, "kube/kube.go:31:45: warning: fmt.Errorf formats err with %v instead of wrapping it with %w, losing the cause (preserve-cause-on-rethrow)\n")
	assert.NotContains(t, r.stdout, "upstream-error-as-protocol-error", "the adapter converts the handlers' errors")
	assert.Contains(t, r.stderr, "mcplint: checked the handlers of all 2 tools\n")

	off := mcplintAlone(t, fixture(t, "fieldtable"), "-v")
	require.Equal(t, 0, off.code, off.stderr)
	assert.NotContains(t, off.stdout, "preserve-cause-on-rethrow")
	assert.Contains(t, off.stderr, "mcplint: checked the handlers of 0 of 2 tools; 2 not seen\n")
}

// A registration loop whose handler closure hands the decoded arguments to a manager that
// dispatches through an interface, wrapped in an adapter before registration
// (solace-broker-mcp): the run must not count the loop's tool as checked.
func TestCoverageSaysALoopDispatchingThroughAnInterfaceIsNotSeen(t *testing.T) {
	r := mcplint(t, fixture(t, "manager"), "-v")
	assert.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "mcplint: checked the handlers of 1 of 2 tools; 1 not seen\n"+
		"  manager.go:52:14: the tool named by name: the handler hands the tool's arguments to m.CallTool, which calls the interface method ToolHandler.Handle that recognition does not follow\n")
}

// The fixture module testdata/allconvert builds one server, with a middleware installed by
// Use that turns handler errors into tool results, and registers a service's handlers found
// by name through an interface, which recognition links to no registration. Every server of
// the module converts, so the handler's protocol error is not one; a second server without
// the middleware makes it one again.
func TestEveryServerConvertingLeavesUnlinkedHandlersAlone(t *testing.T) {
	r := mcplint(t, fixture(t, "allconvert"))
	require.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stdout, "the only server converts every handler error")

	dir := copyFixture(t, "allconvert")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "srv", "plain.go"), []byte(`package srv

import (
	"github.com/mark3labs/mcp-go/server"

	"example.com/allconvert/svc"
)

// NewPlain builds a server without the middleware.
func NewPlain(services []svc.Service) *server.MCPServer {
	s := server.NewMCPServer("plain", "1.0.0")
	for _, service := range services {
		handlers := service.Handlers()
		for _, t := range service.Tools() {
			s.AddTool(t, handlers[t.Name])
		}
	}
	return s
}
`), 0o644))
	plain := mcplint(t, dir)
	assert.Contains(t, plain.stdout, "svc/svc.go:35:3: warning: http.Get failed upstream", "one server sends it as a JSON-RPC error")
}

// A helper of another package that returns the error it is given (gitea-mcp's
// to.ErrorResult), called with upstream failures wrapped by fmt.Errorf: the mistake is the
// helper's return, reported once there; a helper whose callers give it argument errors only
// is not this rule's.
func TestDelegateOfAnotherPackageHandsOnUpstreamFailures(t *testing.T) {
	r := mcplint(t, fixture(t, "handedon"))
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, "results/results.go:14:2: warning: callers' upstream failure returned as an error: mcp-go v1.2.1 sends JSON-RPC -32603; return mcp.NewToolResultError(msg), nil (upstream-error-as-protocol-error)\n", r.stdout)
}
