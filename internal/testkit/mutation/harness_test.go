package mutation

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// A handler of a server's own type (error → tool error), as aks-mcp's executors are.
const ownHandler = `package p

import (
	"context"
	"fmt"
	"strconv"
)

func handle(ctx context.Context, args map[string]interface{}) (string, error) {
	n, err := strconv.Atoi(args["n"].(string))
	if err != nil {
		return "", fmt.Errorf("bad n %q: %w",
			args["n"], err)
	}
	if n > 3 {
		return "big", nil
	}
	return "small", nil
}

func notAHandler(n int) (string, error) { return "", nil }
`

var ownServer = Server{
	Name: "fixture",
	Own:  []OwnKind{{Signature: "func(context.Context, map[string]interface{}) (string, error)", Wire: WireTool}},
}

// loadFixture type-checks one file as a package the way the harness sees a loaded server.
func loadFixture(t *testing.T, src string) (string, *packages.Package) {
	t.Helper()
	dir := t.TempDir()
	name := filepath.Join(dir, "p.go")
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{}}
	tp, err := (&types.Config{Importer: stubImporter{fset, map[string]*types.Package{}}}).Check("p", fset, []*ast.File{f}, info)
	if err != nil {
		t.Fatal(err)
	}
	return dir, &packages.Package{PkgPath: "p", Fset: fset, Syntax: []*ast.File{f}, Types: tp, TypesInfo: info, CompiledGoFiles: []string{name}}
}

// stubs are small stand-ins for the packages a fixture imports besides the standard library:
// the go-sdk's types the harness classifies by, and a server's own result helpers.
var stubs = map[string]string{
	goSDKMCP: `package mcp

import "context"

type CallToolRequest struct{ Arguments map[string]any }
type CallToolResult struct{ IsError bool }

func ResourceNotFoundError(uri string) error { return nil }

var _ context.Context
`,
	"example.com/utils": `package utils

import "github.com/modelcontextprotocol/go-sdk/mcp"

func NewToolResultError(msg string) *mcp.CallToolResult { return &mcp.CallToolResult{IsError: true} }

func RequiredParam(args map[string]any, name string) (string, error) { return "", nil }

func NewToolResultText(text string) *mcp.CallToolResult { return &mcp.CallToolResult{} }
`,
}

// stubImporter type-checks stubs from source and imports the rest from the standard library.
type stubImporter struct {
	fset *token.FileSet
	done map[string]*types.Package
}

func (s stubImporter) Import(path string) (*types.Package, error) {
	src, ok := stubs[path]
	if !ok {
		return importer.Default().Import(path)
	}
	if p := s.done[path]; p != nil {
		return p, nil
	}
	f, err := parser.ParseFile(s.fset, path+".go", src, 0)
	if err != nil {
		return nil, err
	}
	p, err := (&types.Config{Importer: s}).Check(path, s.fset, []*ast.File{f}, nil)
	s.done[path] = p
	return p, err
}

func plant(t *testing.T, s *Server, src string) (*checker, []*Mutant) {
	t.Helper()
	dir, pkg := loadFixture(t, src)
	fns := functions(s, dir, []*packages.Package{pkg})
	if len(fns) != 1 || fns[0].name != "handle" || fns[0].shape != ShapeOwn {
		t.Fatalf("handler-like functions: got %d, want only handle as %s", len(fns), ShapeOwn)
	}
	var ms []*Mutant
	for _, r := range returns(fns[0]) {
		ms = append(ms, operators(s, r)...)
	}
	for i, m := range ms {
		m.ID = i + 1
	}
	return newChecker([]*packages.Package{pkg}), ms
}

func TestOperatorsOnOwnToolErrorHandler(t *testing.T) {
	c, ms := plant(t, &ownServer, ownHandler)
	var got []string
	for _, m := range ms {
		got = append(got, fmt.Sprintf("%s/%s@%d", m.Rule, m.Op, m.Line))
	}
	// The error branch (line 12) gets the rules of a tool-error wire; the two success returns
	// get typed-nil-error. No protocol-wire rule is planted: errors here become tool errors.
	want := []string{
		RulePreserveCause + "/errorf-w-to-v@12",
		RuleNoStringify + "/verb-to-plus-v@12",
		RuleTypedNil + "/nil-pointer-helper@16",
		RuleTypedNil + "/nil-pointer-helper@18",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("mutants:\n got %q\nwant %q", got, want)
	}

	origLines := strings.Count(ownHandler, "\n")
	for _, m := range ms {
		files := c.apply([]*Mutant{m})
		if m.status != "" {
			t.Fatalf("%s: %s, want it to type-check", m, m.status)
		}
		src := string(files["p.go"])
		if n := strings.Count(src, "\n"); n < origLines {
			t.Errorf("%s: %d lines before the appended helper, want %d: later lines moved", m, n, origLines)
		}
		line := strings.Split(src, "\n")[m.Line-1]
		switch m.Op {
		case "errorf-w-to-v":
			if !strings.Contains(line, `"bad n %q: %v"`) {
				t.Errorf("%s: planted line %q, want the %%w turned into %%v", m, line)
			}
		case "verb-to-plus-v":
			if !strings.Contains(line, `"bad n %q: %+v"`) {
				t.Errorf("%s: planted line %q, want the error's verb turned into %%+v", m, line)
			}
		case "nil-pointer-helper":
			if !strings.Contains(line, "mutTypedNil") || !strings.Contains(src, "func mutTypedNil") {
				t.Errorf("%s: planted line %q, want a call of the planted helper", m, line)
			}
		}
	}
}

func TestApplyDropsMutantsThatDoNotTypeCheck(t *testing.T) {
	c, ms := plant(t, &ownServer, ownHandler)
	m := ms[0]
	m.edits = []edit{{m.edits[0].start, m.edits[0].end, "undefinedName"}}
	if files := c.apply([]*Mutant{m}); len(files) != 0 || m.status != StatusNoCompile {
		t.Fatalf("a mutant that does not type-check: status %q, %d files; want %q and none", m.status, len(files), StatusNoCompile)
	}
}

// A handler of an own type whose error the adapter sends as a JSON-RPC error, as podman's are.
const ownProtocolHandler = `package p

import (
	"context"
	"strconv"
)

type result struct{ text string }

func handle(ctx context.Context, args map[string]interface{}) (*result, error) {
	n, err := strconv.Atoi(args["n"].(string))
	if err != nil {
		return &result{text: err.Error()}, nil
	}
	if n > 3 {
		return &result{text: "big"}, nil
	}
	name, _ := args["name"].(string)
	if name == "" {
		return &result{text: "name is required"}, nil
	}
	return &result{text: "small " + name}, nil
}
`

func TestProtocolWireGetsProtocolRules(t *testing.T) {
	s := Server{Name: "fixture", Own: []OwnKind{{
		Signature: "func(context.Context, map[string]interface{}) (*p.result, error)", Wire: WireProtocol, ResultDroppedOnError: true,
	}}}
	c, ms := plant(t, &s, ownProtocolHandler)
	var got []string
	for _, m := range ms {
		got = append(got, fmt.Sprintf("%s/%s@%d", m.Rule, m.Op, m.Line))
		if c.apply([]*Mutant{m}); m.status != "" {
			t.Errorf("%s: %s, want it to type-check", m, m.status)
		}
	}
	// The decode error's tool-error result: returned as an error (a JSON-RPC error here), beside
	// the error, or as (nil, nil). Its text is not made a dump: an own result type without an
	// IsError mark is no error text the harness can tell from a success. The early return in
	// `if n > 3` can become (nil, nil), not an error (n > 3 is no zero test of an argument); the
	// check of the name argument becomes an error. Every success return can carry a typed nil.
	want := []string{
		RuleToolErrorAsProtocol + "/arg-error-returned@13",
		RuleResultAndError + "/error-beside-result@13",
		RuleNilResultNilError + "/early-nil-nil@13",
		RuleTypedNil + "/nil-pointer-helper@13",
		RuleNilResultNilError + "/early-nil-nil@16",
		RuleTypedNil + "/nil-pointer-helper@16",
		RuleToolErrorAsProtocol + "/arg-check-returned@20",
		RuleNilResultNilError + "/early-nil-nil@20",
		RuleTypedNil + "/nil-pointer-helper@20",
		RuleTypedNil + "/nil-pointer-helper@22",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("mutants:\n got %q\nwant %q", got, want)
	}
}

// Parsing what an upstream call returned is no argument problem: no tool-error-as-protocol-error
// is planted there (the rule rightly stays silent on it).
func TestUpstreamParseIsNoArgumentSite(t *testing.T) {
	s := Server{Name: "fixture", Own: []OwnKind{{
		Signature: "func(context.Context, map[string]interface{}) (*p.result, error)", Wire: WireProtocol, ResultDroppedOnError: true,
	}}}
	for _, tc := range []struct{ call, decl string }{
		{`strconv.Atoi(upstream())`, "func upstream() string { return \"1\" }"},
		// A Get* method of something else than a request or parameters value is no accessor.
		{`store{}.GetCount()`, "type store struct{}\n\nfunc (store) GetCount() (int, error) { return strconv.Atoi(\"1\") }"},
	} {
		src := strings.Replace(ownProtocolHandler, `strconv.Atoi(args["n"].(string))`, tc.call, 1) + "\n" + tc.decl + "\n"
		_, ms := plant(t, &s, src)
		for _, m := range ms {
			if m.Rule == RuleToolErrorAsProtocol && m.Line == 13 {
				t.Errorf("%s: planted on the parse of an upstream value (%s)", m, tc.call)
			}
		}
	}
}

func TestReplaceVerb(t *testing.T) {
	for _, tc := range []struct {
		in   string
		i    int
		want string
		ok   bool
	}{
		{`"a %s: %v"`, 1, `"a %s: %+v"`, true},
		{`"100%% of %w"`, 0, `"100%% of %+v"`, true},
		{`"%d items: %w"`, 0, "", false}, // %d formats no error
		{`"%-8s|%v"`, 1, `"%-8s|%+v"`, true},
		{`"only %v"`, 1, "", false},
	} {
		got, ok := replaceVerb(tc.in, tc.i, "%+v")
		if got != tc.want || ok != tc.ok {
			t.Errorf("replaceVerb(%s, %d) = %s, %v; want %s, %v", tc.in, tc.i, got, ok, tc.want, tc.ok)
		}
	}
}

// A go-sdk typed-signature function that the server calls from a low-level handler of its own
// (github-mcp-server's inventory), so that its error is a JSON-RPC error.
const lowLevelTypedHandler = `package p

import (
	"context"
	"errors"

	"example.com/utils"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func fetch(ctx context.Context) error { return errors.New("upstream") }

func handle(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
	owner, err := utils.RequiredParam(args, "owner")
	if err != nil {
		return utils.NewToolResultError(err.Error()), nil, nil
	}
	err = fetch(ctx)
	if err != nil {
		return utils.NewToolResultError(err.Error()), nil, nil
	}
	return utils.NewToolResultError(owner), nil, nil
}
`

func TestTypedHandlerOnProtocolWire(t *testing.T) {
	var got []string
	for _, wire := range []Wire{WireTool, WireProtocol} {
		s := Server{Name: "fixture", TypedWire: wire}
		dir, pkg := loadFixture(t, lowLevelTypedHandler)
		fns := functions(&s, dir, []*packages.Package{pkg})
		if len(fns) != 1 || fns[0].kind != kindTyped {
			t.Fatalf("handler-like functions: got %d, want handle as a typed handler", len(fns))
		}
		c := newChecker([]*packages.Package{pkg})
		for _, r := range returns(fns[0]) {
			for _, m := range operators(&s, r) {
				if m.Rule == RuleTypedNil || m.Rule == RuleNoStringify {
					continue
				}
				got = append(got, fmt.Sprintf("%d:%s/%s@%d", wire, m.Rule, m.Op, m.Line))
				if c.apply([]*Mutant{m}); m.status != "" {
					t.Errorf("%s: %s, want it to type-check", m, m.status)
				}
			}
		}
	}
	// On a tool-error wire (mcp.AddTool) a wrapped JSON-RPC error loses its code; on a protocol
	// wire it is no defect, and an argument error returned as an error is one. Either wire
	// drops a result returned beside an error. The text of the server's own helper replacing
	// the argument accessor's error (line 16) is no preserve-cause-on-rethrow defect;
	// replacing the upstream call's error (line 20) is.
	want := []string{
		"0:" + RuleResultAndError + "/error-beside-result@16",
		"0:" + RuleResultAndError + "/error-beside-result@20",
		"0:" + RulePreserveCause + "/tool-error-text-drops-err@20",
		"0:" + RuleWrappedProtocol + "/wrap-jsonrpc-error@16",
		"0:" + RuleWrappedProtocol + "/wrap-jsonrpc-error@20",
		"0:" + RuleWrappedProtocol + "/wrap-jsonrpc-error@22",
		"1:" + RuleToolErrorAsProtocol + "/arg-error-returned@16",
		"1:" + RuleResultAndError + "/error-beside-result@16",
		"1:" + RuleResultAndError + "/error-beside-result@20",
		"1:" + RulePreserveCause + "/tool-error-text-drops-err@20",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("mutants:\n got %q\nwant %q", got, want)
	}
}

// A copied module's replacement by relative directory still names the original directory.
func TestCopyModuleKeepsRelativeReplaces(t *testing.T) {
	root := t.TempDir()
	from := filepath.Join(root, "tools", "gopls")
	if err := os.MkdirAll(from, 0o755); err != nil {
		t.Fatal(err)
	}
	gomod := "module golang.org/x/tools/gopls\n\ngo 1.26\n\nrequire golang.org/x/tools v0.1.0\n\nreplace golang.org/x/tools => ..\n"
	if err := os.WriteFile(filepath.Join(from, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	to := filepath.Join(t.TempDir(), "copy")
	if err := copyModule(from, to); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(to, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	want := "replace golang.org/x/tools => " + filepath.Join(root, "tools")
	if !strings.Contains(string(got), want) || strings.Contains(string(got), "=> ..\n") {
		t.Fatalf("copied go.mod:\n%s\nwant it to contain %q and no relative replacement", got, want)
	}
}

// A function that already returns (nil, nil) uses it as a value of its own: no early-nil-nil
// is planted in it.
func TestNoNilNilWhereItIsTheFunctionsOwnValue(t *testing.T) {
	s := Server{Name: "fixture", Own: []OwnKind{{
		Signature: "func(context.Context, map[string]interface{}) (*p.result, error)", Wire: WireProtocol, ResultDroppedOnError: true,
	}}}
	src := strings.Replace(ownProtocolHandler, `return &result{text: "small " + name}, nil`, `return nil, nil`, 1)
	_, ms := plant(t, &s, src)
	for _, m := range ms {
		if m.Rule == RuleNilResultNilError {
			t.Errorf("%s: planted in a function that returns (nil, nil) itself", m)
		}
	}
}

// A dump is planted into error text only: an error result's text, not a success result's.
func TestStringifyOnlyInErrorText(t *testing.T) {
	src := `package p

import (
	"context"
	"errors"
	"fmt"

	"example.com/utils"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func fetch(ctx context.Context) error { return errors.New("upstream") }

func handle(ctx context.Context, req *mcp.CallToolRequest, args map[string]any) (*mcp.CallToolResult, any, error) {
	if err := fetch(ctx); err != nil {
		return utils.NewToolResultError(fmt.Sprintf("fetch failed: %v", err)), nil, nil
	}
	if err := fetch(ctx); err != nil {
		return utils.NewToolResultText(fmt.Sprintf("nothing fetched: %v", err)), nil, nil
	}
	return utils.NewToolResultText("ok"), nil, nil
}
`
	s := Server{Name: "fixture"}
	dir, pkg := loadFixture(t, src)
	fns := functions(&s, dir, []*packages.Package{pkg})
	var got []string
	for _, r := range returns(fns[0]) {
		for _, m := range operators(&s, r) {
			if m.Rule == RuleNoStringify {
				got = append(got, fmt.Sprintf("%s@%d", m.Op, m.Line))
			}
		}
	}
	// Line 16, an error result's text, gets the verb turned into %+v; line 19, a success
	// result's text, gets nothing.
	if want := []string{"verb-to-plus-v@16"}; !slices.Equal(got, want) {
		t.Fatalf("no-stringify mutants: got %q, want %q", got, want)
	}
}

// The report's tables have a column per server measured, none for a server not checked out.
func TestReportLeavesAbsentServersOut(t *testing.T) {
	rep := &Report{
		Mutants:    []*Mutant{{Server: "a", Rule: RuleTypedNil, Shape: ShapeSDK, Op: "nil-pointer-helper", status: StatusFound}},
		Candidates: map[string]map[string]int{"a": {RuleTypedNil: 3}},
		Absent:     []string{"b"},
	}
	md := rep.Markdown([]Server{{Name: "a"}, {Name: "b"}})
	for _, want := range []string{
		"| rule | a | all |\n| --- | --- | --- |\n",
		"| `" + RuleTypedNil + "` | 1/1 | 1/1 (100 %) |\n",
		"| rule | a |\n| --- | --- |\n",
		"| `" + RuleTypedNil + "` | 3 |\n",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "| b |") {
		t.Errorf("report has a column for the absent server b:\n%s", md)
	}
}
