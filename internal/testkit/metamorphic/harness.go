package metamorphic

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/handlerrules"
	"github.com/mcplint-go/mcplint/internal/rule"
	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

// Family is the fixture directory the harness rewrites, relative to the fixture module.
const Family = "handlerrules"

// Cell is one rule under one rewrite.
type Cell struct {
	Rule, Rewrite string
	Kept          int      // findings still reported at their (moved) line
	Applicable    int      // findings in code the rewrite changed (or lost anyway)
	NearMisses    int      // near-miss functions the rewrite changed
	Reported      int      // near-miss functions with a finding of the rule after the rewrite
	Stray         int      // other findings: neither where one is expected nor in a near miss
	Lost          []string // where the lost findings were, file:line in the fixture
	ReportedIn    []string // the near misses reported, file:function
	StrayAt       []string // the stray findings, file:line in the rewritten fixture
}

// Lost is the number of findings the rewrite lost.
func (c *Cell) LostCount() int { return c.Applicable - c.Kept }

// Matrix is every rule under every rewrite.
type Matrix struct {
	Rules    []string
	Rewrites []string
	Cells    map[[2]string]*Cell // [rule, rewrite]
}

// Cell returns the cell of a rule and a rewrite, made on first use.
func (m *Matrix) Cell(ruleID, rewrite string) *Cell {
	k := [2]string{ruleID, rewrite}
	if m.Cells[k] == nil {
		m.Cells[k] = &Cell{Rule: ruleID, Rewrite: rewrite}
	}
	return m.Cells[k]
}

// T is the part of testing.TB the harness needs.
type T interface {
	fixtures.T
	Logf(format string, args ...any)
	TempDir() string
}

// variant is one run of a rule's fixture directory (see fixtures.CheckRules): the directory,
// its configuration, and the variant directories inside it that it leaves out.
type variant struct {
	rule     string
	dir      string // relative to the fixture module
	others   []string
	analyzer *analysis.Analyzer
	config   []byte // the variant's configuration file; nil for the defaults
}

func (v variant) holds(relDir string) bool {
	if !within(relDir, v.dir) {
		return false
	}
	for _, o := range v.others {
		if within(relDir, o) {
			return false
		}
	}
	return true
}

func within(dir, root string) bool {
	return dir == root || strings.HasPrefix(dir, root+"/")
}

func variants(ruleID string) ([]variant, error) {
	dir := Family + "/" + ruleID
	root := variant{rule: ruleID, dir: dir}
	var out []variant
	configs := map[string][]byte{}
	err := filepath.WalkDir(filepath.Join(fixtures.Dir(), dir), func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		data, err := os.ReadFile(filepath.Join(path, fixtures.VariantConfig))
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(fixtures.Dir(), path)
		rel = filepath.ToSlash(rel)
		configs[rel] = data
		if rel != dir {
			root.others = append(root.others, rel)
			out = append(out, variant{rule: ruleID, dir: rel})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	all := append([]variant{root}, out...)
	for i := range all {
		cfg := rule.NewConfig()
		all[i].config = configs[all[i].dir]
		if data, ok := configs[all[i].dir]; ok {
			if cfg, err = rule.ParseConfig(data); err != nil {
				return nil, fmt.Errorf("%s/%s: %v", all[i].dir, fixtures.VariantConfig, err)
			}
		}
		cfg.Disable = []string{"all"}
		cfg.Enable = []string{ruleID}
		as, err := analyzers.New(cfg)
		if err != nil {
			return nil, err
		}
		for _, a := range as {
			if a.Name == rule.AnalyzerName(ruleID) {
				all[i].analyzer = a
			}
		}
		if all[i].analyzer == nil {
			return nil, fmt.Errorf("no analyzer for %s", ruleID)
		}
	}
	return all, nil
}

// function is a function of the fixture: a declaration with a body or a literal.
type function struct {
	node     ast.Node
	file     string // relative to the fixture module
	name     string
	wants    bool // a want comment sits in it, outside the literals it holds
	nearMiss bool // no want comment anywhere in it
	rule     string
}

// finding is a diagnostic the fixture expects, with the node the rule reported at.
type finding struct {
	rule string
	file string
	line int
	pos  token.Pos
	node ast.Node
	fun  *function
}

// fixture is the loaded fixture family with what the rules report on it as written.
type fixture struct {
	pkgs      []*packages.Package
	variants  []variant
	findings  []*finding
	functions map[ast.Node]*function
	rules     []string
	// usedElsewhere are the functions of the fixture, by full name, that a package other than
	// their own uses.
	usedElsewhere map[string]bool
}

func relPath(name string) string {
	r, err := filepath.Rel(fixtures.Dir(), name)
	if err != nil {
		return name
	}
	return filepath.ToSlash(r)
}

// ruleOf is the rule whose fixture directory holds a path relative to the fixture module.
func ruleOf(rel string) string {
	parts := strings.Split(rel, "/")
	if len(parts) < 2 {
		return ""
	}
	return parts[1]
}

func loadFixture(t T) (*fixture, error) {
	fx := &fixture{functions: map[ast.Node]*function{}, usedElsewhere: map[string]bool{}}
	pkgs, err := fixtures.Load("./" + Family + "/...")
	if err != nil {
		return nil, err
	}
	fx.pkgs = pkgs
	for _, p := range pkgs {
		for _, obj := range p.TypesInfo.Uses {
			if f, ok := obj.(*types.Func); ok && f.Pkg() != nil && f.Pkg().Path() != p.PkgPath {
				fx.usedElsewhere[f.Origin().FullName()] = true
			}
		}
	}
	for _, r := range handlerrules.Rules() {
		if r.Status != rule.Implemented {
			continue
		}
		fx.rules = append(fx.rules, r.ID)
		vs, err := variants(r.ID)
		if err != nil {
			return nil, err
		}
		fx.variants = append(fx.variants, vs...)
	}
	// Functions, and which of them hold want comments.
	wantLines := map[string]map[int]bool{}
	for _, p := range pkgs {
		for i, f := range p.Syntax {
			name := relPath(p.CompiledGoFiles[i])
			wantLines[name] = map[int]bool{}
			for _, cg := range f.Comments {
				for _, c := range cg.List {
					text := strings.TrimSpace(strings.TrimPrefix(c.Text, "//"))
					if strings.HasPrefix(text, "want ") {
						wantLines[name][p.Fset.Position(c.Pos()).Line] = true
					}
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if n == nil {
					return false
				}
				var fn *function
				switch n := n.(type) {
				case *ast.FuncDecl:
					if n.Body != nil {
						fn = &function{node: n, name: n.Name.Name}
					}
				case *ast.FuncLit:
					fn = &function{node: n, name: fmt.Sprintf("func literal at line %d", p.Fset.Position(n.Pos()).Line)}
				}
				if fn == nil {
					return true
				}
				fn.file, fn.rule = name, ruleOf(name)
				fn.nearMiss = true
				start, end := p.Fset.Position(n.Pos()).Line, p.Fset.Position(n.End()).Line
				for l := start; l <= end; l++ {
					if wantLines[name][l] {
						fn.nearMiss = false
					}
				}
				fx.functions[n] = fn
				return true
			})
		}
	}
	// What the rules report on the fixture as written: the diagnostics on want lines are the
	// findings.
	for _, v := range fx.variants {
		run := v.packagesIn(pkgs, "")
		if len(run) == 0 {
			continue
		}
		out := fixtures.RunSettled(t, run, wireSettle(), v.analyzer)
		for _, d := range out.Diagnostics {
			name := relPath(d.Position.Filename)
			if !wantLines[name][d.Position.Line] {
				continue
			}
			fn, node := fx.innermost(run, d.Pos)
			if fn == nil {
				continue
			}
			fn.wants = true
			fx.findings = append(fx.findings, &finding{rule: v.rule, file: name, line: d.Position.Line, pos: d.Pos, node: node, fun: fn})
		}
	}
	return fx, nil
}

// packagesIn returns the packages of the variant, in a copy whose directories start with
// prefix.
func (v variant) packagesIn(pkgs []*packages.Package, prefix string) []*packages.Package {
	var out []*packages.Package
	for _, p := range pkgs {
		if len(p.GoFiles) == 0 {
			continue
		}
		if d, ok := strings.CutPrefix(relDirOf(p), prefix); ok && v.holds(d) {
			out = append(out, p)
		}
	}
	return out
}

func relDirOf(p *packages.Package) string {
	return filepath.ToSlash(filepath.Dir(relPathIn(p.GoFiles[0], p.Module)))
}

// relPathIn is a file's path relative to the root of the module that holds it.
func relPathIn(name string, m *packages.Module) string {
	root := fixtures.Dir()
	if m != nil && m.Dir != "" {
		root = m.Dir
	}
	r, err := filepath.Rel(root, name)
	if err != nil {
		return name
	}
	return filepath.ToSlash(r)
}

// innermost finds the function around pos and the outermost node that starts at pos: the
// node the rule reported at, which a rewrite may move.
func (fx *fixture) innermost(pkgs []*packages.Package, pos token.Pos) (*function, ast.Node) {
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			if pos < f.Pos() || pos > f.End() {
				continue
			}
			var fn *function
			var node ast.Node
			ast.Inspect(f, func(n ast.Node) bool {
				if n == nil || pos < n.Pos() || pos >= n.End() {
					return false
				}
				if g, ok := fx.functions[n]; ok {
					fn, node = g, nil
				}
				if node == nil && n.Pos() == pos {
					node = n
				}
				return true
			})
			return fn, node
		}
	}
	return nil, nil
}

// Measure rewrites the fixture family with every rewrite and runs every handler rule on each
// rewritten copy. The first column, "none", is the copy without a rewrite: it must keep every
// finding, or the harness itself is broken.
func Measure(t T, rewrites []Rewrite) (*Matrix, error) {
	m, _, err := measure(t, rewrites)
	return m, err
}

// measurement is what a run of Measure wrote and loaded, for scoring the driver columns again
// under another environment.
type measurement struct {
	fx     *fixture
	dir    string
	copies []*rewritten
	pkgs   []*packages.Package
}

// measure is Measure, with what it wrote and loaded.
func measure(t T, rewrites []Rewrite) (*Matrix, *measurement, error) {
	start := time.Now()
	fx, err := loadFixture(t)
	if err != nil {
		return nil, nil, err
	}
	t.Logf("fixture loaded: %s", time.Since(start))
	m := &Matrix{Rules: fx.rules, Cells: map[[2]string]*Cell{}}
	all := append([]Rewrite{{Name: "none", apply: func(*unit) {}}}, rewrites...)
	// Every rewritten copy goes into one module, each under a directory named after its
	// rewrite, so that one go list loads them all.
	var copies []*rewritten
	var outs []*output
	for _, rw := range all {
		m.Rewrites = append(m.Rewrites, rw.Name)
		c, err := fx.rewrite(rw)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %v", rw.Name, err)
		}
		copies = append(copies, c)
		outs = append(outs, c.outs...)
	}
	t.Logf("fixture loaded and rewritten: %s", time.Since(start))
	dir, err := copyDir()
	if err != nil {
		return nil, nil, err
	}
	t.Logf("the rewritten copies are in %s", dir)
	if _, err := writeModule(dir, outs); err != nil {
		return nil, nil, err
	}
	pkgs, err := fx.loadCopies(dir, outs)
	if err != nil {
		return nil, nil, err
	}
	t.Logf("copies loaded: %s", time.Since(start))
	ms := &measurement{fx: fx, dir: dir, copies: copies, pkgs: pkgs}
	driven, err := ms.drive(nil)
	if err != nil {
		return nil, nil, err
	}
	if driven != nil {
		t.Logf("driver run over the layer copies: %s", time.Since(start))
	}
	for _, c := range copies {
		fx.score(t, c, pkgs, m, driven)
	}
	t.Logf("scored: %s", time.Since(start))
	return m, ms, nil
}

// driverColumns scores the driver columns again, their findings from a driver run with env
// added to the environment (MCPLINT_MODULE_GRAPH=off, say).
func (ms *measurement) driverColumns(t T, env ...string) (*Matrix, error) {
	m := &Matrix{Rules: ms.fx.rules, Cells: map[[2]string]*Cell{}}
	driven, err := ms.drive(env)
	if err != nil {
		return nil, err
	}
	for _, c := range ms.copies {
		if c.rw.driver {
			m.Rewrites = append(m.Rewrites, c.rw.Name)
			ms.fx.score(t, c, ms.pkgs, m, driven)
		}
	}
	return m, nil
}

// rewritten is the fixture family after one rewrite.
type rewritten struct {
	rw      Rewrite
	outs    []*output
	units   []*unit
	touched []span
}

// output is one printed file of a rewritten copy.
type output struct {
	rel   string
	src   []byte
	lines map[ast.Node]int // node of the rewritten tree → its line in src
	funcs []outFunc
}

type outFunc struct {
	start, end int
	orig       ast.Node // the fixture's function it holds
}

func (fx *fixture) rewrite(rw Rewrite) (*rewritten, error) {
	c := &rewritten{rw: rw}
	for _, p := range fx.pkgs {
		var names []string
		for _, f := range p.CompiledGoFiles {
			names = append(names, relPath(f))
		}
		u := newUnit(p.Fset, p.Types, p.TypesInfo, p.Syntax, names)
		u.usedElsewhere = fx.usedElsewhere
		rw.apply(u)
		c.units = append(c.units, u)
		c.touched = append(c.touched, u.touched...)
		files, rels := u.finish()
		for i, f := range files {
			o, err := u.print(f, rels[i])
			if err != nil {
				return nil, err
			}
			// The copy lives under a directory of its own: its imports of the family's
			// packages go there too.
			o.src = bytes.ReplaceAll(o.src, []byte(`"`+fixtureModule+"/"+Family+"/"), []byte(`"`+fixtureModule+"/"+rw.Name+"/"+Family+"/"))
			o.rel = rw.Name + "/" + o.rel
			c.outs = append(c.outs, o)
		}
		for _, r := range u.raw {
			c.outs = append(c.outs, &output{rel: rw.Name + "/" + r.rel, src: []byte(r.src), lines: map[ast.Node]int{}})
		}
	}
	return c, nil
}

// fixtureModule is the module path of the fixture module.
const fixtureModule = "fixtures"

// diag is a finding of a rule on a copy: where (relative to the copies' module) and what.
type diag struct {
	rule string
	rel  string
	line int
	msg  string
}

// score fills the matrix's cells of a rewritten copy. The findings of a driver column are
// driven (the driver's run over every driver copy); the others are found here, by each rule's
// run over its fixture directory.
func (fx *fixture) score(t T, c *rewritten, all []*packages.Package, m *Matrix, driven []diag) {
	rw, outs, units, touched := c.rw, c.outs, c.units, c.touched
	var pkgs []*packages.Package
	for _, p := range all {
		if len(p.GoFiles) > 0 && strings.HasPrefix(relDirOf(p), rw.Name+"/") {
			pkgs = append(pkgs, p)
		}
	}
	byRel := map[string]*output{}
	for _, o := range outs {
		byRel[o.rel] = o
	}
	lineOf := map[ast.Node]struct {
		rel  string
		line int
	}{}
	for _, o := range outs {
		for n, l := range o.lines {
			lineOf[n] = struct {
				rel  string
				line int
			}{o.rel, l}
		}
	}
	for _, v := range fx.variants {
		run := v.packagesIn(pkgs, rw.Name+"/")
		if len(run) == 0 {
			continue
		}
		var got []diag
		if rw.driver {
			for _, d := range driven {
				if rel, ok := strings.CutPrefix(d.rel, rw.Name+"/"); ok && d.rule == v.rule && v.holds(path.Dir(rel)) {
					got = append(got, d)
				}
			}
		} else {
			for _, d := range fixtures.RunSettled(t, run, wireSettle(), v.analyzer).Diagnostics {
				got = append(got, diag{rule: v.rule, rel: relPathIn(d.Position.Filename, run[0].Module), line: d.Position.Line, msg: d.Message})
			}
		}
		type at struct {
			rel  string
			line int
		}
		diags := map[at]int{}
		for _, d := range got {
			diags[at{d.rel, d.line}]++
		}
		// named takes a finding reported in another package that names where the node now
		// is ("… at mmhelp.go:35: …"): analysis facts reach importers only, so a helper moved
		// into a package of its own is reported where a handler passes its results on.
		namedUsed := map[int]bool{}
		named := func(l struct {
			rel  string
			line int
		}) bool {
			name := " at " + filepath.Base(l.rel) + ":" + strconv.Itoa(l.line)
			for i, d := range got {
				k := strings.Index(d.msg, name)
				if namedUsed[i] || k < 0 {
					continue
				}
				if rest := d.msg[k+len(name):]; rest != "" && rest[0] >= '0' && rest[0] <= '9' {
					continue // another line that starts with these digits
				}
				where := at{d.rel, d.line}
				if path.Dir(where.rel) == path.Dir(l.rel) || diags[where] == 0 {
					continue // only a finding of another package names a line
				}
				namedUsed[i] = true
				diags[where]--
				return true
			}
			return false
		}
		cell := m.Cell(v.rule, rw.Name)
		for _, f := range fx.findings {
			if f.rule != v.rule || !v.holds(filepath.ToSlash(filepath.Dir(f.file))) {
				continue
			}
			var u *unit
			for _, uu := range units {
				if f.node != nil && uu.cl.memo[f.node] != nil {
					u = uu
				}
			}
			kept := false
			if u != nil {
				n := u.cl.memo[f.node]
				for _, alt := range append([]ast.Node{n}, u.alias[n]...) {
					if l, ok := lineOf[alt]; ok && diags[at{l.rel, l.line}] > 0 {
						diags[at{l.rel, l.line}]--
						kept = true
						break
					}
				}
				if l, ok := lineOf[n]; ok && !kept {
					kept = named(l)
				}
			}
			applicable := rw.Name == "none" || !kept || inSpans(touched, f.pos)
			if !applicable {
				continue
			}
			cell.Applicable++
			if kept {
				cell.Kept++
			} else {
				cell.Lost = append(cell.Lost, fmt.Sprintf("%s:%d", f.file, f.line))
			}
		}
		// Near misses: the fixture's functions without a want comment that the rewrite changed,
		// and where the findings left over are.
		for n, fn := range fx.functions {
			if fn.rule == v.rule && fn.nearMiss && v.holds(filepath.ToSlash(filepath.Dir(fn.file))) && overlaps(touched, n) {
				cell.NearMisses++
			}
		}
		reported := map[*function]bool{}
		var strays []string
		for a, count := range diags {
			if count == 0 {
				continue
			}
			var fn *function
			if o := byRel[a.rel]; o != nil {
				fn = fx.functionAt(o, a.line)
			}
			if fn != nil && fn.nearMiss {
				reported[fn] = true
				continue
			}
			for range count {
				strays = append(strays, fmt.Sprintf("%s:%d", a.rel, a.line))
			}
		}
		for fn := range reported {
			cell.Reported++
			cell.ReportedIn = append(cell.ReportedIn, fn.file+":"+fn.name)
		}
		cell.Stray += len(strays)
		cell.StrayAt = append(cell.StrayAt, strays...)
		sort.Strings(cell.Lost)
		sort.Strings(cell.ReportedIn)
		sort.Strings(cell.StrayAt)
	}
}

// functionAt is the fixture's function that the innermost function around a line of a
// rewritten file comes from.
func (fx *fixture) functionAt(o *output, line int) *function {
	var best *outFunc
	for i := range o.funcs {
		f := &o.funcs[i]
		if f.start <= line && line <= f.end && (best == nil || f.end-f.start < best.end-best.start) {
			best = f
		}
	}
	if best == nil {
		return nil
	}
	return fx.functions[best.orig]
}

func inSpans(spans []span, pos token.Pos) bool {
	for _, s := range spans {
		if s.pos <= pos && pos < s.end {
			return true
		}
	}
	return false
}

func overlaps(spans []span, n ast.Node) bool {
	for _, s := range spans {
		if s.pos < n.End() && n.Pos() < s.end {
			return true
		}
	}
	return false
}

// print prints a rewritten file and finds the line of each of its nodes by parsing the text
// back: the two trees list the same nodes in the same order.
func (u *unit) print(f *ast.File, rel string) (*output, error) {
	nodes := preorder(f)
	src, err := printFile(f)
	if err != nil {
		return nil, fmt.Errorf("%s: printing: %v", rel, err)
	}
	fset := token.NewFileSet()
	back, err := parser.ParseFile(fset, rel, src, 0)
	if err != nil {
		return nil, fmt.Errorf("%s: the rewritten file does not parse: %v\n%s", rel, err, src)
	}
	parsed := preorder(back)
	if len(parsed) != len(nodes) {
		return nil, fmt.Errorf("%s: the rewritten tree has %d nodes, its text %d", rel, len(nodes), len(parsed))
	}
	o := &output{rel: rel, src: src, lines: map[ast.Node]int{}}
	for i, n := range nodes {
		o.lines[n] = fset.Position(parsed[i].Pos()).Line
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			orig := u.origin[n]
			if orig == nil {
				orig = u.orig[n]
			}
			if orig != nil {
				o.funcs = append(o.funcs, outFunc{fset.Position(parsed[i].Pos()).Line, fset.Position(parsed[i].End()).Line, orig})
			}
		}
	}
	return o, nil
}

// copyDir is the directory of the rewritten copies, emptied: the same one on every run from
// the same checkout, so that go list finds the packages it compiled for export data in the
// build cache (the cache keys them by directory), and so that the copies can be read after
// a run.
func copyDir() (string, error) {
	repo, err := filepath.Abs(filepath.Join(fixtures.Dir(), "..", ".."))
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(repo))
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("mcplint-metamorphic-%x", sum[:6]))
	if err := os.RemoveAll(dir); err != nil {
		return "", err
	}
	return dir, os.MkdirAll(dir, 0o755)
}

// writeModule writes the rewritten family as a copy of the fixture module in dir: its go.mod
// and go.sum, with the replace of mcplint made absolute.
func writeModule(dir string, outs []*output) (string, error) {
	mod, err := os.ReadFile(filepath.Join(fixtures.Dir(), "go.mod"))
	if err != nil {
		return "", err
	}
	repo, err := filepath.Abs(filepath.Join(fixtures.Dir(), "..", ".."))
	if err != nil {
		return "", err
	}
	mod = bytes.ReplaceAll(mod, []byte("=> ../.."), []byte("=> "+repo))
	sum, err := os.ReadFile(filepath.Join(fixtures.Dir(), "go.sum"))
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		return "", err
	}
	for _, o := range outs {
		name := filepath.Join(dir, filepath.FromSlash(o.rel))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(name, o.src, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// loadCopies type-checks the rewritten copies in process, from the files written in dir,
// and returns them as packages the checker can run on. Their imports outside the family are
// the fixture's own dependencies, loaded once from export data; compiling the copies with
// go list -export instead would cost a minute of CPU on every run, the copies being new to
// the build cache. A rewrite that breaks the code is a bug of the rewrite: the error names the
// file and shows its text.
func (fx *fixture) loadCopies(dir string, outs []*output) ([]*packages.Package, error) {
	deps := map[string]*packages.Package{}
	packages.Visit(fx.pkgs, nil, func(p *packages.Package) { deps[p.PkgPath] = p })
	sample := fx.pkgs[0]
	module := *sample.Module
	module.Dir = dir
	byPath := map[string]*packages.Package{}
	var order []string
	for _, o := range outs {
		name := filepath.Join(dir, filepath.FromSlash(o.rel))
		f, err := parser.ParseFile(sample.Fset, name, o.src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		path := fixtureModule + "/" + filepath.ToSlash(filepath.Dir(o.rel))
		p := byPath[path]
		if p == nil {
			p = &packages.Package{ID: path, PkgPath: path, Name: f.Name.Name, Fset: sample.Fset, TypesSizes: sample.TypesSizes, Module: &module, Imports: map[string]*packages.Package{}}
			byPath[path] = p
			order = append(order, path)
		}
		p.Syntax = append(p.Syntax, f)
		p.GoFiles = append(p.GoFiles, name)
		p.CompiledGoFiles = append(p.CompiledGoFiles, name)
	}
	var check func(path string, seen map[string]bool) error
	check = func(path string, seen map[string]bool) error {
		p := byPath[path]
		if p.Types != nil {
			return nil
		}
		if seen[path] {
			return fmt.Errorf("import cycle through %s", path)
		}
		seen[path] = true
		for _, f := range p.Syntax {
			for _, is := range f.Imports {
				ip := unquote(is.Path.Value)
				if q := byPath[ip]; q != nil {
					if err := check(ip, seen); err != nil {
						return err
					}
					p.Imports[ip] = q
				} else if q := deps[ip]; q != nil {
					p.Imports[ip] = q
				} else {
					return fmt.Errorf("%s imports %s, which the fixture does not", path, ip)
				}
			}
		}
		p.TypesInfo = &types.Info{
			Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
			Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{},
			Instances: map[*ast.Ident]types.Instance{}, Scopes: map[ast.Node]*types.Scope{},
			Selections: map[*ast.SelectorExpr]*types.Selection{}, FileVersions: map[*ast.File]string{},
		}
		var errs []string
		cfg := &types.Config{
			Importer: importerFunc(func(ip string) (*types.Package, error) {
				if q := p.Imports[ip]; q != nil && q.Types != nil {
					return q.Types, nil
				}
				return nil, fmt.Errorf("no types for %s", ip)
			}),
			Sizes:     sample.TypesSizes,
			GoVersion: "go" + module.GoVersion,
			Error:     func(err error) { errs = append(errs, err.Error()) },
		}
		p.Types, _ = cfg.Check(path, sample.Fset, p.Syntax, p.TypesInfo)
		if len(errs) > 0 {
			var b strings.Builder
			for _, name := range p.GoFiles {
				src, _ := os.ReadFile(name)
				fmt.Fprintf(&b, "%s:\n%s", name, numbered(src))
			}
			return fmt.Errorf("the rewritten fixture does not compile: %s\n%s", strings.Join(errs, "\n"), b.String())
		}
		return nil
	}
	var out []*packages.Package
	for _, path := range order {
		if err := check(path, map[string]bool{}); err != nil {
			return nil, err
		}
		out = append(out, byPath[path])
	}
	return out, nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func unquote(s string) string { return strings.Trim(s, "`\"") }

func numbered(src []byte) string {
	var b strings.Builder
	for i, l := range strings.Split(string(src), "\n") {
		fmt.Fprintf(&b, "%4d  %s\n", i+1, l)
	}
	return b.String()
}

// wireSettle settles a run over a copy's packages with analyzers.Wire, as TestRules and
// `mcplint ./...` do: a helper package's findings in the functions a converted handler hands
// its errors from are dropped.
func wireSettle() *fixtures.Settle {
	w := analyzers.NewWire()
	return &fixtures.Settle{Result: reflect.TypeFor[*mcpdefs.Result](), Observe: w.ObserveResult, Drop: func(d fixtures.Diagnostic) bool {
		return w.Converted(d.Category, d.Position.Filename, d.Position.Offset)
	}}
}
