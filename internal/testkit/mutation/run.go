package mutation

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"hash/fnv"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/packages"
)

// Statuses of a mutant.
const (
	StatusFound       = "found"
	StatusMissed      = "missed"
	StatusNoCompile   = "no-compile"  // the mutant did not type-check; not counted
	StatusPreexisting = "preexisting" // the rule already fired there before planting; not counted
)

// Config says where the corpus and the mcplint binary are, and how many mutants to plant.
type Config struct {
	CorpusRoot string
	Servers    []Server
	// PerRule is the most mutants planted per rule per server, sampled from every candidate.
	PerRule int
	// Seed fixes the sample.
	Seed uint64
	// Binary is a built mcplint.
	Binary string
	// Work is a scratch directory the servers are copied into.
	Work string
	Log  func(format string, args ...any)
}

// Report is the outcome of a run.
type Report struct {
	Mutants []*Mutant
	// Candidates counts the sites found per server and rule, before sampling.
	Candidates map[string]map[string]int
	// Absent lists the servers not checked out under the corpus root, which were skipped.
	Absent  []string
	Runs    int
	Elapsed time.Duration
}

// Run plants, lints and scores every server of cfg.
func Run(cfg Config) (*Report, error) {
	start := time.Now()
	rep := &Report{Candidates: map[string]map[string]int{}}
	for i := range cfg.Servers {
		s := &cfg.Servers[i]
		if _, err := os.Stat(filepath.Join(cfg.CorpusRoot, s.Dir, "go.mod")); err != nil {
			cfg.Log("%s: not checked out under %s, skipped", s.Name, cfg.CorpusRoot)
			rep.Absent = append(rep.Absent, s.Name)
			continue
		}
		if err := runServer(cfg, s, rep); err != nil {
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

func runServer(cfg Config, s *Server, rep *Report) error {
	dir := filepath.Join(cfg.CorpusRoot, s.Dir)
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real // a checkout linked into the corpus root: copy what it points to
	}
	t0 := time.Now()
	pkgs, err := packages.Load(&packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax |
			packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports,
		Dir: dir,
	}, s.patterns()...)
	if err != nil {
		return fmt.Errorf("loading: %w", err)
	}
	var ok []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) > 0 || p.Types == nil || p.TypesInfo == nil {
			cfg.Log("%s: %s does not load, no sites there: %v", s.Name, p.PkgPath, p.Errors)
			continue
		}
		ok = append(ok, p)
	}
	fns := functions(s, dir, ok)

	byRule := map[string][]*Mutant{}
	for _, fn := range fns {
		for _, r := range returns(fn) {
			for _, m := range operators(s, r) {
				byRule[m.Rule] = append(byRule[m.Rule], m)
			}
		}
	}
	rep.Candidates[s.Name] = map[string]int{}
	var sample []*Mutant
	for _, rule := range Rules {
		cands := byRule[rule]
		rep.Candidates[s.Name][rule] = len(cands)
		slices.SortFunc(cands, func(a, b *Mutant) int {
			return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Op, b.Op))
		})
		h := fnv.New64a()
		io.WriteString(h, s.Name+"\x00"+rule)
		rng := rand.New(rand.NewPCG(cfg.Seed, h.Sum64()))
		rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
		// Spread the sample over functions: a function's first candidate before any second one.
		// More functions are covered, and mutants of different functions share a run.
		seen := map[string]int{}
		rank := make(map[*Mutant]int, len(cands))
		for _, m := range cands {
			rank[m] = seen[m.fn.key()]
			seen[m.fn.key()]++
		}
		slices.SortStableFunc(cands, func(a, b *Mutant) int { return cmp.Compare(rank[a], rank[b]) })
		sample = append(sample, cands[:min(len(cands), cfg.PerRule)]...)
	}
	for i, m := range sample {
		m.ID = len(rep.Mutants) + i + 1
	}
	cfg.Log("%s: %d handler-like functions, %d mutants sampled (%s)", s.Name, len(fns), len(sample), time.Since(t0).Round(time.Millisecond))

	copyDir := filepath.Join(cfg.Work, s.Name)
	if err := copyModule(dir, copyDir); err != nil {
		return err
	}
	base, err := lint(cfg.Binary, copyDir, s.patterns())
	rep.Runs++
	if err != nil {
		return fmt.Errorf("baseline run: %w", err)
	}
	for _, m := range sample {
		for l := m.Line - 1; l <= m.End+1; l++ {
			if base[findingKey{m.File, l, m.Rule}] {
				m.status = StatusPreexisting
			}
		}
	}

	tc := newChecker(ok)
	for _, batch := range batches(sample) {
		t1 := time.Now()
		files := tc.apply(batch)
		if len(files) == 0 {
			continue
		}
		for rel, src := range files {
			if err := os.WriteFile(filepath.Join(copyDir, rel), src, 0o644); err != nil {
				return err
			}
		}
		got, err := lint(cfg.Binary, copyDir, s.patterns())
		rep.Runs++
		for rel := range files {
			orig, rerr := os.ReadFile(filepath.Join(dir, rel))
			if rerr != nil {
				return rerr
			}
			if werr := os.WriteFile(filepath.Join(copyDir, rel), orig, 0o644); werr != nil {
				return werr
			}
		}
		if err != nil {
			return fmt.Errorf("mutant run: %w", err)
		}
		n := 0
		for _, m := range batch {
			if m.status != "" {
				continue
			}
			n++
			m.status = StatusMissed
			for l := m.Line - 1; l <= m.End+1; l++ {
				k := findingKey{m.File, l, m.Rule}
				if got[k] && !base[k] {
					m.status = StatusFound
				}
			}
		}
		cfg.Log("%s: batch of %d mutants (%d compiled) linted in %s", s.Name, len(batch), n, time.Since(t1).Round(time.Millisecond))
	}
	rep.Mutants = append(rep.Mutants, sample...)
	return os.RemoveAll(copyDir)
}

// batches groups mutants so that no two of a batch are in the same function: a mutant then only
// changes what its own function returns, and findings are matched to it by line.
func batches(ms []*Mutant) [][]*Mutant {
	var out [][]*Mutant
	var used []map[string]bool
	for _, m := range ms {
		if m.status != "" {
			continue
		}
		k := m.fn.key()
		placed := false
		for i := range out {
			if !used[i][k] {
				out[i] = append(out[i], m)
				used[i][k] = true
				placed = true
				break
			}
		}
		if !placed {
			out = append(out, []*Mutant{m})
			used = append(used, map[string]bool{k: true})
		}
	}
	return out
}

type findingKey struct {
	file string
	line int
	rule string
}

// lint runs mcplint on a module and returns where each rule fired.
func lint(bin, dir string, patterns []string) (map[findingKey]bool, error) {
	cmd := exec.Command(bin, append([]string{"-json", "-fail-on", "none"}, patterns...)...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("mcplint: %v\n%s", err, stderr.String())
	}
	var out struct {
		Findings []struct {
			Rule string `json:"rule"`
			File string `json:"file"`
			Line int    `json:"line"`
		} `json:"findings"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		return nil, fmt.Errorf("mcplint -json output: %v", err)
	}
	got := map[findingKey]bool{}
	for _, f := range out.Findings {
		got[findingKey{filepath.ToSlash(f.File), f.Line, f.Rule}] = true
	}
	return got, nil
}

// copyModule copies a module tree without .git.
func copyModule(from, to string) error {
	if err := os.RemoveAll(to); err != nil {
		return err
	}
	err := filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		if d.IsDir() {
			if d.Name() == ".git" {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(to, rel), 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(to, rel), data, 0o644)
	})
	if err != nil {
		return err
	}
	return absoluteReplaces(from, filepath.Join(to, "go.mod"))
}

// absoluteReplaces rewrites the go.mod copied from module directory from so that its
// replacements by relative directory (gopls's `replace golang.org/x/tools => ..`) still name
// the same directories from the copy.
func absoluteReplaces(from, gomod string) error {
	data, err := os.ReadFile(gomod)
	if err != nil {
		return err
	}
	f, err := modfile.Parse(gomod, data, nil)
	if err != nil {
		return err
	}
	changed := false
	for _, r := range f.Replace {
		if modfile.IsDirectoryPath(r.New.Path) && !filepath.IsAbs(r.New.Path) {
			abs, err := filepath.Abs(filepath.Join(from, r.New.Path))
			if err != nil {
				return err
			}
			if err := f.AddReplace(r.Old.Path, r.Old.Version, abs, ""); err != nil {
				return err
			}
			changed = true
		}
	}
	if !changed {
		return nil
	}
	out, err := f.Format()
	if err != nil {
		return err
	}
	return os.WriteFile(gomod, out, 0o644)
}

// patterns are the package patterns measured.
func (s *Server) patterns() []string {
	if len(s.Patterns) == 0 {
		return []string{"./..."}
	}
	return s.Patterns
}

func readFile(p string) ([]byte, error) { return os.ReadFile(p) }

// checker type-checks mutated packages against the types the server was loaded with.
type checker struct {
	imports  map[string]*types.Package
	fallback types.Importer
	baseline map[*packages.Package]map[string]bool
}

func newChecker(pkgs []*packages.Package) *checker {
	c := &checker{imports: map[string]*types.Package{}, baseline: map[*packages.Package]map[string]bool{}}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if _, seen := c.imports[p.Path()]; seen {
			return
		}
		c.imports[p.Path()] = p
		for _, q := range p.Imports() {
			visit(q)
		}
	}
	for _, p := range pkgs {
		for _, q := range p.Types.Imports() {
			visit(q)
		}
	}
	c.fallback = importer.Default()
	return c
}

func (c *checker) Import(path string) (*types.Package, error) {
	if p, ok := c.imports[path]; ok {
		return p, nil
	}
	return c.fallback.Import(path)
}

// errors type-checks pkg with some files replaced and gives its errors as "file:line: msg".
func (c *checker) errors(pkg *packages.Package, files map[string][]byte) []typeError {
	fset := token.NewFileSet()
	var syntax []*ast.File
	for _, name := range pkg.CompiledGoFiles {
		src, ok := files[name]
		if !ok {
			var err error
			if src, err = os.ReadFile(name); err != nil {
				return []typeError{{name, 0, err.Error()}}
			}
		}
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		if err != nil {
			return []typeError{{name, lineOf(err), err.Error()}}
		}
		syntax = append(syntax, f)
	}
	var errs []typeError
	conf := types.Config{
		Importer:    c,
		FakeImportC: true,
		Sizes:       types.SizesFor("gc", "amd64"),
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p := te.Fset.Position(te.Pos)
				errs = append(errs, typeError{p.Filename, p.Line, te.Msg})
				return
			}
			errs = append(errs, typeError{"", 0, err.Error()})
		},
	}
	conf.Check(pkg.PkgPath, fset, syntax, nil)
	return errs
}

type typeError struct {
	file string
	line int
	msg  string
}

func lineOf(err error) int {
	if el, ok := err.(scanner.ErrorList); ok && len(el) > 0 {
		return el[0].Pos.Line
	}
	return 0
}

// apply builds the mutated files of a batch, dropping the mutants that do not type-check
// (status no-compile). It returns the files to write, by path relative to the module.
func (c *checker) apply(batch []*Mutant) map[string][]byte {
	live := map[*Mutant]bool{}
	for _, m := range batch {
		if m.status == "" {
			live[m] = true
		}
	}
	for round := 0; ; round++ {
		files := render(live)
		byPkg := map[*packages.Package]map[string][]byte{}
		for m := range live {
			f := m.fn.file
			if byPkg[f.pkg] == nil {
				byPkg[f.pkg] = map[string][]byte{}
			}
			byPkg[f.pkg][f.abs] = files[f.rel]
		}
		dropped := false
		pkgList := make([]*packages.Package, 0, len(byPkg))
		for p := range byPkg {
			pkgList = append(pkgList, p)
		}
		sort.Slice(pkgList, func(i, j int) bool { return pkgList[i].PkgPath < pkgList[j].PkgPath })
		for _, pkg := range pkgList {
			if c.baseline[pkg] == nil {
				c.baseline[pkg] = map[string]bool{}
				for _, e := range c.errors(pkg, nil) {
					c.baseline[pkg][fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg)] = true
				}
			}
			for _, e := range c.errors(pkg, byPkg[pkg]) {
				if c.baseline[pkg][fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg)] {
					continue
				}
				// Blame the mutant in the innermost function holding the error.
				var blame *Mutant
				for m := range live {
					if m.fn.file.abs != e.file || e.line < m.fn.startLine || e.line > m.fn.endLine {
						continue
					}
					if blame == nil || m.fn.endLine-m.fn.startLine < blame.fn.endLine-blame.fn.startLine {
						blame = m
					}
				}
				if blame == nil { // outside every mutated function: blame the package's mutants
					for m := range live {
						if m.fn.file.pkg == pkg {
							m.status, dropped = StatusNoCompile, true
							delete(live, m)
						}
					}
					continue
				}
				if live[blame] {
					blame.status, dropped = StatusNoCompile, true
					delete(live, blame)
				}
			}
		}
		if !dropped || round > 5 {
			if dropped {
				for m := range live {
					m.status = StatusNoCompile
				}
				return nil
			}
			return files
		}
	}
}

// render applies the live mutants to their files' sources.
func render(live map[*Mutant]bool) map[string][]byte {
	byFile := map[string][]*Mutant{}
	for m := range live {
		byFile[m.fn.file.rel] = append(byFile[m.fn.file.rel], m)
	}
	out := map[string][]byte{}
	for rel, ms := range byFile {
		f := ms[0].fn.file
		var edits []edit
		imports := map[string]string{}
		sort.Slice(ms, func(i, j int) bool { return ms[i].ID < ms[j].ID })
		for _, m := range ms {
			edits = append(edits, m.edits...)
			for a, p := range m.import_ {
				imports[a] = p
			}
		}
		src := string(f.src)
		sort.Slice(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
		id := map[int]int{}
		for _, m := range ms {
			for _, e := range m.edits {
				id[e.start] = m.ID
			}
		}
		var declText strings.Builder
		for _, m := range ms {
			if m.decl != "" {
				declText.WriteString(strings.ReplaceAll(m.decl, "MUTID", fmt.Sprint(m.ID)))
			}
		}
		for _, e := range edits {
			text := strings.ReplaceAll(e.text, "MUTID", fmt.Sprint(id[e.start]))
			src = src[:e.start] + text + src[e.end:]
		}
		src += declText.String()
		if len(imports) > 0 {
			// On the package clause's line, so no line moves.
			aliases := make([]string, 0, len(imports))
			for a := range imports {
				aliases = append(aliases, a)
			}
			sort.Strings(aliases)
			var imp strings.Builder
			imp.WriteString("; import (")
			for i, a := range aliases {
				if i > 0 {
					imp.WriteString("; ")
				}
				fmt.Fprintf(&imp, "%s %q", a, imports[a])
			}
			imp.WriteString(")")
			at := f.off(f.ast.Name.End())
			src = src[:at] + imp.String() + src[at:]
		}
		out[rel] = []byte(src)
	}
	return out
}
