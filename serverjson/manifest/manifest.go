// Package manifest is the go/analysis adapter of the server.json library: it checks the
// module's server.json from the package that constructs the MCP server, with positions in
// server.json, and compares it with what the Go code says (server name and version, an
// embedded VERSION file, the environment variables the code reads).
package manifest

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/mcplint-go/mcplint/flow"
	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/reachable"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/serverjson"
)

// Family is the server.json rules' family: their doc page is docs/serverjson.md.
const Family rule.Family = "serverjson"

// Config holds the server.json check's own options.
type Config struct {
	// ServerJSON is the path of server.json relative to the module root ("" = server.json).
	ServerJSON string
}

// Rules are the catalog rows of the server.json library's rules, which declares them (the
// library is usable without go/analysis).
func Rules() []rule.Rule {
	var rows []rule.Rule
	for _, r := range serverjson.Rules() {
		rows = append(rows, rule.Rule{ID: r.ID, Family: Family, Severity: r.Severity, SDKs: []string{rule.SDKManifest}, Title: r.Title, Status: rule.Implemented})
	}
	return rows
}

// codeFact is what one package of the module tells the package that reports: the
// environment variables it reads and the VERSION file it embeds.
type codeFact struct {
	Env      []serverjson.EnvRead
	Dynamic  bool // some read has a name that is not a constant
	Embedded *serverjson.CodeValue
	Servers  []serverjson.CodeServer
	// Serves is true when the package serves an MCP server over a transport.
	Serves bool
	// EnvSites says where each read of Env lies (same index), Edges how the package reaches
	// module functions that read the environment, and Funcs what its functions serve and
	// read: the main package works out from them which transport each read is needed on.
	EnvSites []envSite
	Edges    []callEdge
	Funcs    []namedSummary // sorted by Func: a fact's encoding must be deterministic
}

func (*codeFact) AFact() {}

func (f *codeFact) String() string { return "serverjson code facts" }

// Group is the server.json check: every server-json-* rule, one analyzer.
func Group(defs *analysis.Analyzer, cfg Config) rule.Group {
	var ids []string
	for _, r := range serverjson.Rules() {
		ids = append(ids, r.ID)
	}
	return rule.Group{
		IDs:       ids,
		Name:      "serverjson",
		Requires:  []*analysis.Analyzer{defs, mcpdefs.FlowEngine},
		FactTypes: []analysis.Fact{new(codeFact)},
		Options:   cfg,
		Run: func(p *rule.Pass) error {
			fl, _ := p.ResultOf[mcpdefs.FlowEngine].(*flow.Result)
			run(p, p.ResultOf[defs].(*mcpdefs.Result), fl)
			return nil
		},
	}
}

func run(p *rule.Pass, defs *mcpdefs.Result, fl *flow.Result) {
	if len(p.Files) == 0 || !inModule(p) {
		return
	}
	own := gather(p, fl)
	// Servers built in tests are fixtures, not the server server.json describes.
	for _, s := range defs.Servers {
		if !isTestFile(p.Fset.PositionFor(s.Node.Pos(), false).Filename) {
			own.Servers = append(own.Servers, serverjson.CodeServer{Name: codeValue(p, s.Name), Version: codeValue(p, s.Version)})
		}
	}
	if len(own.Env) > 0 || own.Dynamic || own.Embedded != nil || len(own.Servers) > 0 || own.Serves || len(own.Edges) > 0 || len(own.Funcs) > 0 {
		p.ExportPackageFact(own)
	}
	// The manifest describes the shipped program: check it from a main package that builds
	// (or imports the construction of) a server and serves it over a transport, which sees
	// every package the server uses. Examples, test servers, and generators or audit
	// commands that build a server only to inspect it describe something else.
	if p.Pkg.Name() != "main" || !shippable(p) {
		return
	}
	facts, servers, serves := merge(p, own)
	if len(servers) == 0 || !serves {
		return
	}
	facts.DependencyEnv = dependencyEnv(p)
	path := Locate(p.Fset.File(p.Files[0].Pos()).Name(), p.Options.(Config).ServerJSON)
	if path == "" {
		return // no manifest: nothing to publish, nothing to check
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return
	}
	facts.ServerName, facts.ServerVersion = servers[0].Name, servers[0].Version
	facts.OtherServers = servers[1:]
	relativize(&facts, filepath.Dir(path))
	opts := serverjson.Options{}
	diags := serverjson.Check(data, opts)
	diags = append(diags, serverjson.CheckCode(data, facts, opts)...)
	if len(diags) == 0 {
		return
	}
	tf := p.Fset.AddFile(path, -1, len(data))
	tf.SetLinesForContent(data)
	for _, d := range diags {
		off := min(max(d.Pos.Offset, 0), len(data))
		p.ReportRule(d.Rule, rule.Span{Start: tf.Pos(off), Stop: tf.Pos(off)}, d.Message)
	}
}

// inModule reports whether the package belongs to the module being checked (dependencies
// outside it are analysed only for facts, and have none worth exporting).
func inModule(p *rule.Pass) bool {
	// The main module (and local replacements) have no version; dependencies from the
	// module cache do, and the standard library has no module at all.
	return p.Module != nil && p.Module.Path != "" && p.Module.Version == ""
}

func codeValue(p *rule.Pass, v mcpmodel.Value) serverjson.CodeValue {
	if !v.Set {
		return serverjson.CodeValue{}
	}
	return serverjson.CodeValue{Value: v.Str, Static: v.Static && !linkerSettable(p, v.Expr), Pos: p.Fset.Position(v.Pos())}
}

// linkerSettable reports whether e names a package-level string variable: its initialiser
// (`var version = "dev"`) is a placeholder that releases replace with -ldflags -X, so it is
// not the version that ships.
func linkerSettable(p *rule.Pass, e ast.Expr) bool {
	id := astutil.NameIdent(e)
	if id == nil {
		return false
	}
	v, ok := p.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return false
	}
	b, ok := v.Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.String
}

// nonShipped are directory names under which a main package is not the shipped server.
var nonShipped = map[string]bool{
	"example": true, "examples": true, "_examples": true, "testdata": true, "test": true, "tests": true,
	"e2e": true, "integration": true, "testing": true, "testserver": true, "testutil": true,
}

// shippable reports whether the main package's path inside its module says it could be the
// shipped server rather than an example or a test server.
func shippable(p *rule.Pass) bool {
	rel := strings.TrimPrefix(strings.TrimPrefix(p.Pkg.Path(), p.Module.Path), "/")
	for _, elem := range strings.Split(rel, "/") {
		if nonShipped[elem] || strings.HasSuffix(elem, "_test") || strings.HasPrefix(elem, "mock") || strings.HasPrefix(elem, "fake") {
			return false
		}
	}
	return true
}

// libraryEnv maps import path prefixes of libraries to the environment variables (or name
// prefixes ending in "_") they read on their own.
var libraryEnv = []struct {
	path string
	env  []string
}{
	{"k8s.io/client-go", []string{"KUBECONFIG"}},
	{"sigs.k8s.io/controller-runtime", []string{"KUBECONFIG"}},
	{"github.com/aws/aws-sdk-go", []string{"AWS_"}},
	{"cloud.google.com/go", []string{"GOOGLE_", "GCLOUD_", "CLOUDSDK_"}},
	{"google.golang.org/api", []string{"GOOGLE_"}},
	{"golang.org/x/oauth2/google", []string{"GOOGLE_"}},
	{"github.com/Azure/azure-sdk-for-go", []string{"AZURE_"}},
	{"github.com/docker/docker", []string{"DOCKER_"}},
	{"github.com/containers/podman", []string{"CONTAINER_HOST", "CONTAINER_SSHKEY", "CONTAINER_CONNECTION"}},
	{"go.opentelemetry.io/otel", []string{"OTEL_"}},
	{"github.com/hashicorp/vault/api", []string{"VAULT_"}},
	{"github.com/hashicorp/go-tfe", []string{"TFE_"}},
	{"github.com/getsentry/sentry-go", []string{"SENTRY_"}},
}

// dependencyEnv lists what the libraries the program imports read from the environment.
func dependencyEnv(p *rule.Pass) []string {
	var out []string
	for pkg := range nonTestImports(p) {
		for _, lib := range libraryEnv {
			if pkg.Path() == lib.path || strings.HasPrefix(pkg.Path(), lib.path+"/") {
				out = append(out, lib.env...)
			}
		}
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// merge combines this package's facts with those of the module packages it imports.
func merge(p *rule.Pass, own *codeFact) (serverjson.CodeFacts, []serverjson.CodeServer, bool) {
	out := serverjson.CodeFacts{EnvReadsComplete: !own.Dynamic}
	var servers []serverjson.CodeServer
	serves := false
	var edges []callEdge
	var facts []*codeFact
	add := func(f *codeFact) {
		servers = append(servers, f.Servers...)
		serves = serves || f.Serves
		edges = append(edges, f.Edges...)
		facts = append(facts, f)
		if f.Dynamic {
			out.EnvReadsComplete = false
		}
		if f.Embedded != nil && out.EmbeddedVersion.Value == "" {
			out.EmbeddedVersion = *f.Embedded
		}
	}
	add(own)
	// Only what the server itself imports: a test variant also sees test-only helpers.
	reach := nonTestImports(p)
	var deps []analysis.PackageFact
	deps = append(deps, p.AllPackageFacts()...)
	sort.Slice(deps, func(i, j int) bool { return deps[i].Package.Path() < deps[j].Package.Path() })
	for _, pf := range deps {
		if f, ok := pf.Fact.(*codeFact); ok && pf.Package != p.Pkg && reach[pf.Package] {
			add(f)
		}
	}
	on := readTransports(edges)
	for _, f := range facts {
		for i, r := range f.Env {
			tag := onEvery
			if i < len(f.EnvSites) {
				if tag = f.EnvSites[i].Tag; tag == 0 {
					tag = on(f.EnvSites[i].Func)
				}
			}
			r.Transports = transportList(tag)
			out.EnvReads = append(out.EnvReads, r)
		}
	}
	return out, servers, serves
}

// nonTestImports is the transitive closure of the packages imported by the package's
// non-test files.
func nonTestImports(p *rule.Pass) map[*types.Package]bool {
	direct := map[string]bool{}
	for _, f := range p.Files {
		if isTestFile(p.Fset.PositionFor(f.Pos(), false).Filename) {
			continue
		}
		for _, imp := range f.Imports {
			if path, err := strconv.Unquote(imp.Path.Value); err == nil {
				direct[path] = true
			}
		}
	}
	var roots []*types.Package
	for _, imp := range p.Pkg.Imports() {
		if direct[imp.Path()] {
			roots = append(roots, imp)
		}
	}
	reach := map[*types.Package]bool{}
	for pkg := range reachable.From(roots, (*types.Package).Imports) {
		reach[pkg] = true
	}
	return reach
}

func isTestFile(name string) bool { return strings.HasSuffix(name, "_test.go") }

// envLibraries read environment variables by names built at run time (prefixes, struct
// tags), so a declared variable that no os.Getenv names may still be read.
var envLibraries = []string{
	"github.com/spf13/viper", "github.com/kelseyhightower/envconfig", "github.com/caarlos0/env",
	"github.com/alecthomas/kong", "github.com/urfave/cli", "github.com/peterbourgon/ff",
	"github.com/knadh/koanf", "github.com/ilyakaznacheev/cleanenv", "github.com/sethvargo/go-envconfig",
	"github.com/joho/godotenv", "github.com/spf13/cobra",
}

// gather finds the package's environment reads and embedded VERSION file, what its
// functions serve, and on which transport each read lies.
func gather(p *rule.Pass, fl *flow.Result) *codeFact {
	f := &codeFact{}
	var files []*ast.File
	for _, file := range p.Files {
		if !isTestFile(p.Fset.PositionFor(file.Pos(), false).Filename) {
			files = append(files, file)
		}
	}
	tr := newTransports(p.TypesInfo, p.Fset, p.Pkg, fl)
	imported := map[*types.Package]map[string]funcSummary{}
	tr.imported = func(pkg *types.Package) map[string]funcSummary {
		m, ok := imported[pkg]
		if !ok {
			var cf codeFact
			if p.ImportPackageFact(pkg, &cf) {
				m = map[string]funcSummary{}
				for _, ns := range cf.Funcs {
					m[ns.Func] = ns.Summary
				}
			}
			imported[pkg] = m
		}
		return m
	}
	tr.summarize()
	tr.tagEdges()
	for fileCur := range inspector.New(files).Root().Children() {
		file := fileCur.Node().(*ast.File)
		for _, imp := range file.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, lib := range envLibraries {
				if path == lib || strings.HasPrefix(path, lib+"/") {
					f.Dynamic = true
				}
			}
		}
		first := len(f.Env)
		var readCalls []*ast.CallExpr
		for cur := range fileCur.Preorder() {
			call, ok := cur.Node().(*ast.CallExpr)
			if !ok {
				continue
			}
			if sdkapi.ServesOverTransport(p.TypesInfo, call) {
				f.Serves = true
			}
			fn, ok := typeutil.Callee(p.TypesInfo, call).(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "os" {
				continue
			}
			if fn.Name() == "Environ" || fn.Name() == "ExpandEnv" {
				f.Dynamic = true
				continue
			}
			if fn.Name() != "Getenv" && fn.Name() != "LookupEnv" {
				continue
			}
			if len(call.Args) == 0 {
				continue
			}
			name := envReadName(p.TypesInfo, call)
			if name == "" {
				f.Dynamic = true
				continue
			}
			f.Env = append(f.Env, serverjson.EnvRead{Name: name, Pos: p.Fset.Position(call.Pos())})
			readCalls = append(readCalls, call)
			site := envSite{Func: enclosingFunc(p.TypesInfo, cur)}
			if c := fl.CallAt(call.Lparen); c != nil {
				site.Tag = tr.siteTag(c)
			}
			f.EnvSites = append(f.EnvSites, site)
		}
		use := classifyReads(p.TypesInfo, fl, readCalls)
		for i := first; i < len(f.Env); i++ {
			read := readCalls[i-first]
			f.Env[i].Required = use.required[read] && !use.optional[read]
			f.Env[i].Optional = use.optional[read]
			f.Env[i].FallbackFor = use.fallbackFor[read]
		}
		if v := embeddedVersion(p, file); v != nil && f.Embedded == nil {
			f.Embedded = v
		}
	}
	f.Edges = tr.sortedEdges()
	for k, s := range tr.funcs {
		if s != (funcSummary{}) {
			f.Funcs = append(f.Funcs, namedSummary{Func: k, Summary: s})
		}
	}
	sort.Slice(f.Funcs, func(i, j int) bool { return f.Funcs[i].Func < f.Funcs[j].Func })
	return f
}

// enclosingFunc is the key of the function declaration around the node at cur ("" at
// package level).
func enclosingFunc(info *types.Info, cur inspector.Cursor) string {
	for c := range cur.Parent().Enclosing((*ast.FuncDecl)(nil)) {
		if fn, ok := info.Defs[c.Node().(*ast.FuncDecl).Name].(*types.Func); ok {
			return funcKey(fn)
		}
	}
	return ""
}

// envReadName is the constant name an os.Getenv or os.LookupEnv call reads ("" if call is no
// such read, or its name is not constant).
func envReadName(info *types.Info, call *ast.CallExpr) string {
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "os" || (fn.Name() != "Getenv" && fn.Name() != "LookupEnv") || len(call.Args) != 1 {
		return ""
	}
	if tv := info.Types[call.Args[0]]; tv.Value != nil && tv.Value.Kind() == constant.String {
		return constant.StringVal(tv.Value)
	}
	return ""
}

// embeddedVersion finds a //go:embed directive naming a VERSION file and reads it.
func embeddedVersion(p *rule.Pass, file *ast.File) *serverjson.CodeValue {
	dir := filepath.Dir(p.Fset.File(file.Pos()).Name())
	for _, cg := range file.Comments {
		for _, c := range cg.List {
			rest, ok := strings.CutPrefix(c.Text, "//go:embed ")
			if !ok {
				continue
			}
			for _, name := range strings.Fields(rest) {
				base := strings.ToUpper(filepath.Base(name))
				if base != "VERSION" && base != "VERSION.TXT" {
					continue
				}
				path := filepath.Join(dir, filepath.FromSlash(name))
				data, err := os.ReadFile(path)
				if err != nil || len(data) > 256 {
					continue
				}
				line, _ := bufio.NewReader(bytes.NewReader(data)).ReadString('\n')
				return &serverjson.CodeValue{Value: strings.TrimSpace(line), Static: true, Pos: token.Position{Filename: path, Line: 1, Column: 1}}
			}
		}
	}
	return nil
}

// Locate finds the server.json that describes the server built in the package of file: the
// configured path relative to the module root, or else the nearest server.json from the
// package's directory up to the module root (a monorepo may hold several servers). It
// returns "" when there is none.
func Locate(file, configured string) string {
	dir := filepath.Dir(file)
	for {
		if configured == "" {
			if p := filepath.Join(dir, "server.json"); isFile(p) {
				return p
			}
		}
		if isFile(filepath.Join(dir, "go.mod")) {
			if configured != "" && isFile(filepath.Join(dir, configured)) {
				return filepath.Join(dir, configured)
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// relativize makes the code positions that messages quote relative to server.json's
// directory, as a reader of server.json would look for them.
func relativize(f *serverjson.CodeFacts, dir string) {
	rel := func(p *token.Position) {
		if r, err := filepath.Rel(dir, p.Filename); err == nil && p.Filename != "" {
			p.Filename = filepath.ToSlash(r)
		}
	}
	rel(&f.ServerName.Pos)
	rel(&f.ServerVersion.Pos)
	for i := range f.OtherServers {
		rel(&f.OtherServers[i].Name.Pos)
		rel(&f.OtherServers[i].Version.Pos)
	}
	rel(&f.EmbeddedVersion.Pos)
	for i := range f.EnvReads {
		rel(&f.EnvReads[i].Pos)
	}
}
