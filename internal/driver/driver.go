// Package driver is mcplint's command behind the flags: it reads the configuration, runs the
// engine over the packages, writes the report in the chosen format, applies or shows
// suggested fixes, and turns the outcome into an exit status. It also answers go vet's
// unitchecker protocol and implements the rules, explain and version subcommands.
//
// Analyzers are a parameter (Setup.Analyzers), so tests drive the real code path with
// analyzers of their own.
package driver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/baseline"
	"github.com/mcplint-go/mcplint/internal/driver/engine"
	"github.com/mcplint-go/mcplint/internal/driver/fix"
	"github.com/mcplint-go/mcplint/internal/driver/output"
	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/mcpdefs"
)

// Exit statuses.
const (
	// ExitOK: no finding at or above the fail-on severity.
	ExitOK = 0
	// ExitFindings: at least one finding at or above the fail-on severity remains.
	ExitFindings = 1
	// ExitError: the configuration or the flags are invalid, or no package could be checked.
	ExitError = 2
)

// Setup is what the driver takes from its surroundings.
type Setup struct {
	// Analyzers builds the analyzers for a configuration: analyzers.New in the command.
	Analyzers func(*analyzers.Config) ([]*analysis.Analyzer, error)
	// LayeredAnalyzers builds the analyzers of a second round over the packages whose
	// functions the module graph found behind layer sites (analyzers.NewLayered); nil: no
	// second round.
	LayeredAnalyzers func(*analyzers.Config, mcpdefs.Options) ([]*analysis.Analyzer, error)
	// Scope narrows a run to the packages the analyzers need from source: analyzers.Scope in
	// the command. nil loads every matched package from source (engine.DefaultScope).
	Scope func(*analyzers.Config) func([]*packages.Package) map[*packages.Package]bool
	// Catalog describes every rule; analyzers.NewCatalog() in the command.
	Catalog *analyzers.Catalog
	// Version is mcplint's version, for SARIF.
	Version string
	Stdout  io.Writer
	Stderr  io.Writer
	// Dir is the working directory; "" means the process's.
	Dir string
	// Env is the environment of go list; nil means the process's.
	Env []string
}

// Options are the user's choices for one run.
type Options struct {
	Patterns   []string
	Format     output.Format
	ConfigFile string
	Flags      FlagSettings
	Fix        bool // apply fixes
	Diff       bool // show fixes as unified diffs, write nothing
	Tests      bool
	BuildFlags []string
	// Verbose adds a line on standard error with what was checked and the time it took.
	Verbose bool
	// Loader is how packages are loaded: engine.LoaderEngine ("" too) or the stock
	// engine.LoaderPackages.
	Loader engine.Loader
	// NewFromRev and NewFromPatch keep only the findings on lines added or changed since a git
	// revision, or by a patch, as golangci-lint's options of the same names do.
	NewFromRev   string
	NewFromPatch string
	// Baseline drops the findings a committed baseline file accepts; BaselineWrite writes the
	// run's findings to a baseline file (and then reports as if reading it).
	Baseline      string
	BaselineWrite string
}

// Run runs mcplint once and returns the exit status.
func Run(ctx context.Context, s Setup, o Options) int {
	dir, ok := s.workDir()
	if !ok {
		return ExitError
	}
	if o.Format == "" {
		o.Format = output.Text
	}

	cfg, err := checkedConfig(dir, o.ConfigFile, &o.Flags, s.Catalog)
	if err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: %v\nFix it and run mcplint again; `mcplint rules` lists the rule IDs and families.\n", err)
		return ExitError
	}
	for _, note := range o.Flags.inertEnables(s.Catalog) {
		fmt.Fprintf(s.Stderr, "mcplint: %s\n", note)
	}

	as, err := s.Analyzers(cfg)
	if err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: cannot build the analyzers for this configuration: %v\n", err)
		return ExitError
	}

	cacheDir, cacheKey := resultCache(s, cfg, o.Verbose)
	// analyse checks the packages once. -fix runs it again after writing fixes, to apply the
	// ones that overlapped and those the first fixes made possible.
	type checked struct {
		out    *engine.Outcome
		record layeredRun
		rec    *recognised
		rep    *result.Report
	}
	analyse := func(verbose bool, overlay map[string][]byte) (a checked, ok bool) {
		kept := &keptRoots{}
		scope := kept.wrap(s.scope(cfg))
		start := time.Now()
		wire := analyzers.NewWire()
		first := newSeen()
		observe := wire.Observe
		if verbose {
			a.rec = newRecognised()
			observe = func(pass *analysis.Pass, res any) {
				wire.Observe(pass, res)
				a.rec.observe(pass, res)
			}
		}
		opts := engine.Options{
			Dir:        dir,
			Patterns:   o.Patterns,
			Tests:      o.Tests,
			BuildFlags: o.BuildFlags,
			Env:        s.Env,
			Analyzers:  as,
			Scope:      scope,
			Loader:     o.Loader,
			Observe:    observe,
			Settle:     settleWire(wire),
			CacheDir:   cacheDir,
			CacheKey:   cacheKey,
			Overlay:    overlay,
		}
		a.out, a.record, ok = s.runWithLayers(ctx, opts, first, cfg, verbose)
		if !ok {
			return a, false
		}
		out := a.out
		out.Findings = append(out.Findings, loadErrorFindings(out.PackageErrors, kept.holdsMCP, cfg, s.Catalog)...)
		out.Findings = append(out.Findings, brokenMainManifests(dir, out.PackageErrors, out.Findings, cfg, s.Catalog)...)
		a.rep = buildReport(out, cfg, s.Catalog)
		a.rep.Coverage = a.record.rec.coverage(a.record.plan.resolved)
		if verbose {
			fmt.Fprintf(s.Stderr, "mcplint: %s checked in %.1fs: %d analysed, %d without MCP code skipped before type-checking; %s\n",
				plural(out.Checked, "package"), time.Since(start).Seconds(), out.Checked-out.Skipped, out.Skipped, plural(len(a.rep.Findings), "finding"))
		}
		return a, true
	}
	run, ok := analyse(o.Verbose, nil)
	if !ok {
		return ExitError
	}
	out, rep := run.out, run.rep
	s.reportLoadProblems(dir, rep.PackageErrors, rep.Checked, o.Verbose, out.Crashes)

	outputStart := time.Now()
	if !narrow(ctx, s, dir, o, rep) {
		return ExitError
	}
	remaining := rep.Findings
	if o.Fix || o.Diff {
		reanalyse := func(overlay map[string][]byte) (*result.Report, bool) {
			again, ok := analyse(false, overlay)
			return again.rep, ok && narrow(ctx, s, dir, o, again.rep)
		}
		if remaining, ok = s.fixRounds(dir, o, rep, reanalyse); !ok {
			return ExitError
		}
	}

	if !o.Diff {
		shown := *rep
		shown.Findings = remaining
		err := output.Write(s.Stdout, o.Format, &shown, output.Options{Dir: dir, ToolVersion: s.Version, ListFrom: cfg.ShownFrom()})
		if err != nil {
			fmt.Fprintf(s.Stderr, "mcplint: writing the report: %v\n", err)
			return ExitError
		}
	}
	if o.Verbose {
		writeTimings(s.Stderr, out.Timings, as, time.Since(outputStart))
		run.rec.write(s.Stderr, run.record.plan.resolved)
	}
	writeCoverage(s.Stderr, dir, rep.Coverage, brokenMCP(rep.PackageErrors), o.Verbose)

	if rep.Checked == 0 {
		return ExitError // reportPackageErrors said why
	}
	failing := 0
	for _, f := range remaining {
		if cfg.Fails(f.Severity) {
			failing++
		}
	}
	if short := coverageShort(rep.Coverage, cfg.MinCoverage); short != "" {
		fmt.Fprintf(s.Stderr, "mcplint: %s\n", short)
		return ExitFindings
	}
	if failing > 0 {
		threshold := cfg.FailOn
		if threshold == "" {
			threshold = "error"
		}
		fmt.Fprintf(s.Stderr, "mcplint: %s at or above severity %s (-fail-on %s)\n", plural(failing, "finding"), threshold, threshold)
		return ExitFindings
	}
	return ExitOK
}

// narrow applies -new-from-rev, -new-from-patch, -baseline-write and -baseline to the
// report's findings, saying on standard error what each left out. ok is false when one of
// them could not be read or written; the run then stops with ExitError rather than report
// findings the user asked to leave out.
func narrow(ctx context.Context, s Setup, dir string, o Options, rep *result.Report) (ok bool) {
	abs := func(p string) string {
		if p == "" || filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(dir, p)
	}
	var changes []baseline.Changes
	if o.NewFromRev != "" {
		c, err := baseline.FromRev(ctx, dir, o.NewFromRev)
		if err != nil {
			fmt.Fprintf(s.Stderr, "mcplint: -new-from-rev %s: %v\n", o.NewFromRev, err)
			return false
		}
		changes = append(changes, c)
	}
	if o.NewFromPatch != "" {
		f, err := os.Open(abs(o.NewFromPatch))
		if err != nil {
			fmt.Fprintf(s.Stderr, "mcplint: -new-from-patch: %v\n", err)
			return false
		}
		c, err := baseline.ParsePatch(f, dir)
		f.Close()
		if err != nil {
			fmt.Fprintf(s.Stderr, "mcplint: -new-from-patch %s: %v\n", o.NewFromPatch, err)
			return false
		}
		changes = append(changes, c)
	}
	for _, c := range changes {
		before := len(rep.Findings)
		rep.Findings = c.Filter(rep.Findings)
		if o.Verbose {
			fmt.Fprintf(s.Stderr, "mcplint: %s on lines that did not change left out\n", plural(before-len(rep.Findings), "finding"))
		}
	}
	if o.BaselineWrite != "" {
		var accept []result.Finding
		for _, f := range rep.Findings {
			// A broken build or a crash is never a state to accept.
			if f.Rule != LoadErrorRule && f.Rule != engine.InternalErrorRule {
				accept = append(accept, f)
			}
		}
		path := abs(o.BaselineWrite)
		if err := baseline.Build(path, accept).Write(path); err != nil {
			fmt.Fprintf(s.Stderr, "mcplint: -baseline-write: %v\n", err)
			return false
		}
		fmt.Fprintf(s.Stderr, "mcplint: wrote %s to %s; commit it and run with -baseline %s\n", plural(len(accept), "finding"), o.BaselineWrite, o.BaselineWrite)
		if o.Baseline == "" {
			o.Baseline = o.BaselineWrite
		}
	}
	if o.Baseline != "" {
		path := abs(o.Baseline)
		b, err := baseline.Read(path)
		if err != nil {
			fmt.Fprintf(s.Stderr, "mcplint: -baseline: %v\n", err)
			return false
		}
		var suppressed int
		rep.Findings, suppressed = b.Filter(path, rep.Findings)
		if o.Verbose {
			fmt.Fprintf(s.Stderr, "mcplint: %s in the baseline %s left out\n", plural(suppressed, "finding"), o.Baseline)
		}
	}
	return true
}

// fixRounds applies the findings' fixes in rounds: each applies every fix that does not
// overlap another, then reanalyse checks the packages again for the rest (given the overlay of
// fixed files under -diff, nil under -fix). -fix writes each round; -diff keeps the fixed files
// in the overlay and shows the sum, and leaves rep's findings those on disk. It returns the
// findings the rounds left.
func (s Setup) fixRounds(dir string, o Options, rep *result.Report, reanalyse func(overlay map[string][]byte) (*result.Report, bool)) ([]result.Finding, bool) {
	var tally fixTally
	remaining, onDisk := rep.Findings, rep.Findings
	overlay := map[string][]byte{}
	original := map[string][]byte{}
	read := func(name string) ([]byte, error) {
		if b, ok := overlay[name]; ok {
			return b, nil
		}
		return os.ReadFile(name)
	}
	for round := 1; ; round++ {
		plan := fix.Build(remaining, read)
		if o.Diff {
			for _, f := range plan.Files {
				if _, ok := original[f.Name]; !ok {
					original[f.Name] = f.Old
				}
				overlay[f.Name] = f.New
			}
		} else if err := plan.Write(); err != nil {
			fmt.Fprintf(s.Stderr, "mcplint: %v\n", err)
			return nil, false
		}
		remaining = notFixed(remaining, plan)
		tally.add(plan)
		if len(plan.Fixed) == 0 || round == maxFixRounds || !fixable(remaining) {
			break
		}
		var given map[string][]byte
		if o.Diff {
			given = overlay
		}
		again, ok := reanalyse(given)
		if !ok {
			return nil, false
		}
		rep.Findings, remaining = again.Findings, again.Findings
	}
	tally.write(s.Stderr, dir, remaining, o.Diff)
	if o.Diff {
		if !writeDiff(s, dir, original, overlay) {
			return nil, false
		}
		// Nothing was written: every finding is still there, and decides the exit status.
		rep.Findings, remaining = onDisk, onDisk
	}
	return remaining, true
}

// maxFixRounds bounds -fix's analyse-and-fix rounds: a round applies every fix that does not
// overlap another, and the next picks up the rest.
const maxFixRounds = 4

// writeDiff shows the files the rounds changed, original against fixed, as unified diffs.
func writeDiff(s Setup, dir string, original, fixed map[string][]byte) bool {
	plan := &fix.Plan{}
	for name, old := range original {
		plan.Files = append(plan.Files, fix.File{Name: name, Old: old, New: fixed[name]})
	}
	slices.SortFunc(plan.Files, func(a, b fix.File) int { return strings.Compare(a.Name, b.Name) })
	if _, err := io.WriteString(s.Stdout, plan.Diff(func(name string) string { return output.RelPath(dir, name) })); err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: writing the diff: %v\n", err)
		return false
	}
	return true
}

// notFixed returns the findings the plan did not fix.
func notFixed(findings []result.Finding, plan *fix.Plan) []result.Finding {
	var out []result.Finding
	for _, f := range findings {
		if !slices.ContainsFunc(plan.Fixed, func(g result.Finding) bool { return result.Compare(f, g) == 0 }) {
			out = append(out, f)
		}
	}
	return out
}

// fixable reports whether some finding offers exactly one fix: another round may apply it.
func fixable(findings []result.Finding) bool {
	return slices.ContainsFunc(findings, func(f result.Finding) bool { return len(f.Fixes) == 1 })
}

// fixTally adds up -fix's rounds for its summary line.
type fixTally struct {
	fixed  int
	files  map[string]bool
	rounds int
	last   *fix.Plan
}

func (t *fixTally) add(p *fix.Plan) {
	if t.files == nil {
		t.files = map[string]bool{}
	}
	t.rounds++
	t.last = p
	t.fixed += len(p.Fixed)
	for _, f := range p.Files {
		t.files[f.Name] = true
	}
}

// write prints the summary: what was fixed, and why each finding left was not, with the
// findings whose fix could not be applied named one by one.
func (t *fixTally) write(w io.Writer, dir string, remaining []result.Finding, diff bool) {
	var noFix, choice, blocked int
	for _, f := range remaining {
		switch len(f.Fixes) {
		case 0:
			noFix++
		case 1:
			blocked++
			reason := "its edits overlap another fix"
			for _, sk := range t.last.Skipped {
				if result.Compare(sk.Finding, f) == 0 {
					reason = sk.Reason
				}
			}
			fmt.Fprintf(w, "%s: fix not applied: %s (%s)\n", where(dir, f), reason, f.Rule)
		default:
			choice++
		}
	}
	verb := "fixed"
	if diff {
		verb = "-diff would fix"
	}
	fmt.Fprintf(w, "mcplint: %s %s in %s", verb, plural(t.fixed, "finding"), plural(len(t.files), "file"))
	if t.rounds > 1 {
		fmt.Fprintf(w, " (%d rounds)", t.rounds)
	}
	var left []string
	if noFix > 0 {
		left = append(left, fmt.Sprintf("%d without a single right fix (the message says what to decide)", noFix))
	}
	if choice > 0 {
		left = append(left, fmt.Sprintf("%d with alternative fixes to choose by hand", choice))
	}
	if blocked > 0 {
		left = append(left, fmt.Sprintf("%d whose fix could not be applied (listed above)", blocked))
	}
	switch {
	case len(left) == 0:
		fmt.Fprint(w, "; none left")
	default:
		fmt.Fprintf(w, "; %d left: %s", len(remaining), strings.Join(left, ", "))
	}
	if diff {
		fmt.Fprint(w, "; run with -fix (and without -diff) to apply")
	}
	fmt.Fprintln(w)
}

// buildReport gives each finding its effective severity and describes every enabled rule and
// every rule a finding names.
func buildReport(out *engine.Outcome, cfg *analyzers.Config, cat *analyzers.Catalog) *result.Report {
	rep := &result.Report{PackageErrors: out.PackageErrors, Checked: out.Checked}
	described := map[string]bool{}
	for _, r := range cat.Rules() {
		if cfg.Enabled(r) {
			rep.Rules = append(rep.Rules, describe(r, cfg))
			described[r.ID] = true
		}
	}
	for _, f := range out.Findings {
		// A package with tests is analysed as its test variant ("p [p.test]"); a finding in
		// one of its non-test files belongs to the package itself.
		if base, _, ok := strings.Cut(f.Package, " ["); ok && f.Pos.IsValid() && !strings.HasSuffix(f.Pos.File, "_test.go") {
			f.Package = base
		}
		if r, ok := cat.Lookup(f.Rule); ok {
			f.Severity = cfg.SeverityOf(r)
		} else {
			// Crashes, and analyzers outside the catalog: never let them pass silently.
			f.Severity = analyzers.Error
		}
		rep.Findings = append(rep.Findings, f)
		if !described[f.Rule] {
			described[f.Rule] = true
			rep.Rules = append(rep.Rules, describeUnknown(f, cat))
		}
	}
	rep.Findings = result.SortAndDedup(rep.Findings)
	return rep
}

func describeUnknown(f result.Finding, cat *analyzers.Catalog) result.Rule {
	if r, ok := cat.Lookup(f.Rule); ok { // a catalogued rule that is disabled but reported anyway
		return result.Rule{ID: r.ID, Family: string(r.Family), Title: r.Title, Help: ruleHelp(r), URL: r.URL(), Severity: analyzers.Error}
	}
	if f.Rule == engine.InternalErrorRule {
		return result.Rule{
			ID:       f.Rule,
			Title:    "an mcplint analyzer crashed or failed; its findings are missing",
			Help:     "An mcplint analyzer crashed or returned an error on a package, so the findings of that analyzer for that package are missing. This is a bug in mcplint: please report it at " + engine.IssuesURL + " with the message and the stack trace mcplint printed on standard error.",
			URL:      engine.IssuesURL,
			Severity: analyzers.Error,
		}
	}
	return result.Rule{
		ID:       f.Rule,
		Title:    "finding of analyzer " + f.Analyzer,
		Help:     "Reported by analyzer " + f.Analyzer + ", which is not in mcplint's rule catalog.",
		URL:      f.URL,
		Severity: analyzers.Error,
	}
}

func describe(r analyzers.Rule, cfg *analyzers.Config) result.Rule {
	return result.Rule{
		ID:       r.ID,
		Family:   string(r.Family),
		Title:    r.Title,
		Help:     ruleHelp(r),
		URL:      r.URL(),
		Severity: cfg.SeverityOf(r),
	}
}

// reportPackageErrors tells the user which packages were not checked and why, with the first
// few errors: the compiler says the rest. Packages that cannot hold MCP code are named only
// under -v, or when nothing could be checked at all: they are the compiler's to report.
func reportPackageErrors(w io.Writer, all []result.PackageError, checked int, verbose bool) {
	const shown = 3
	var errs []result.PackageError
	for _, pe := range all {
		if !pe.NoMCP || verbose || checked == 0 {
			errs = append(errs, pe)
		}
	}
	for _, pe := range errs {
		if missingDir(pe) {
			fmt.Fprintf(w, "mcplint: %s: no such directory\n", pe.Package)
			continue
		}
		if pe.NoMCP {
			fmt.Fprintf(w, "mcplint: package %s has no MCP code and does not load or type-check (go build reports it):\n", pe.Package)
		} else {
			fmt.Fprintf(w, "mcplint: package %s could not be checked; it does not load or type-check:\n", pe.Package)
		}
		for i, e := range pe.Errors {
			if i == shown {
				fmt.Fprintf(w, "\t... and %d more\n", len(pe.Errors)-shown)
				break
			}
			fmt.Fprintf(w, "\t%s\n", e)
		}
	}
	switch {
	case len(errs) == 0:
	case checked == 0:
		fmt.Fprintf(w, "mcplint: no package could be checked; fix the errors above (go build ./... shows them all) and run mcplint again\n")
	default:
		others := fmt.Sprintf("the %d other packages were", checked)
		if checked == 1 {
			others = "the other package was"
		}
		fmt.Fprintf(w, "mcplint: fix the errors above (go build ./... shows them all); %s checked\n", others)
	}
}

// missingDirError is how go list says a pattern names a directory that does not exist.
var missingDirError = regexp.MustCompile(`^(stat .*: directory not found|pattern .*: lstat .*: no such file or directory)$`)

// missingDir reports whether the package error is a pattern naming no directory: that is a
// typo to point at, not a package without MCP code.
func missingDir(pe result.PackageError) bool {
	return len(pe.Errors) == 1 && missingDirError.MatchString(pe.Errors[0])
}

func where(dir string, f result.Finding) string {
	if !f.Pos.IsValid() {
		return f.Package
	}
	return fmt.Sprintf("%s:%d:%d", output.RelPath(dir, f.Pos.File), f.Pos.Line, f.Pos.Column)
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, strings.TrimSuffix(noun, "s"))
}

// relativizeErrors shows the paths in package errors relative to the working directory, as
// findings are.
func relativizeErrors(dir string, errs []result.PackageError) {
	prefix := dir + string(filepath.Separator)
	for i := range errs {
		for j, e := range errs[i].Errors {
			errs[i].Errors[j] = strings.ReplaceAll(e, prefix, "")
		}
	}
}

// scope is the engine's scope for cfg; nil (every package) when the setup has none.
func (s Setup) scope(cfg *analyzers.Config) engine.Scope {
	if s.Scope == nil {
		return nil
	}
	return s.Scope(cfg)
}

// runEngine runs the engine for the three commands that load packages (a run, surface,
// probe) and, when it cannot, says why on standard error.
func (s Setup) runEngine(ctx context.Context, opts engine.Options) (*engine.Outcome, bool) {
	out, err := engine.Run(ctx, opts)
	if err == nil {
		return out, true
	}
	if errors.Is(err, engine.ErrNoPackages) {
		fmt.Fprintf(s.Stderr, "mcplint: %v; run mcplint inside a Go module, or name packages as go build takes them (./..., ./cmd/server)\n", err)
	} else {
		fmt.Fprintf(s.Stderr, "mcplint: %v\n", err)
	}
	return nil, false
}

// reportLoadProblems tells standard error what could not be checked: the packages that did
// not load (paths relative to dir) and the analyzers that panicked.
func (s Setup) reportLoadProblems(dir string, errs []result.PackageError, checked int, verbose bool, crashes []*engine.PanicError) {
	relativizeErrors(dir, errs)
	reportPackageErrors(s.Stderr, errs, checked, verbose)
	for _, c := range crashes {
		fmt.Fprintf(s.Stderr, "mcplint: %v\n%s\n", c, c.Stack)
	}
}

// settleWire drops the findings that a server of another package makes wrong (see
// analyzers.Wire).
func settleWire(w *analyzers.Wire) func([]result.Finding) []result.Finding {
	return func(fs []result.Finding) []result.Finding {
		return slices.DeleteFunc(fs, func(f result.Finding) bool {
			return w.Converted(f.Rule, f.Pos.File, f.Pos.Offset)
		})
	}
}
