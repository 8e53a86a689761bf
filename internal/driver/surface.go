package driver

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/engine"
	"github.com/mcplint-go/mcplint/internal/driver/output"
	"github.com/mcplint-go/mcplint/surface"
)

// SurfaceOptions are the user's choices for computing a surface.
type SurfaceOptions struct {
	Patterns   []string
	ConfigFile string
	BuildFlags []string
}

// LoadSurface computes the static surface of the packages. It returns the configuration it
// read too (the budget and client settings live there). On failure it has said why on
// s.Stderr and returns the exit status.
func LoadSurface(ctx context.Context, s Setup, o SurfaceOptions) (*surface.Surface, *analyzers.Config, int) {
	dir, ok := s.workDir()
	if !ok {
		return nil, nil, ExitError
	}
	cfg, err := checkedConfig(dir, o.ConfigFile, nil, s.Catalog)
	if err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: %v\n", err)
		return nil, nil, ExitError
	}
	var c surface.Collector
	out, ok := s.surfaceRun(ctx, dir, o, cfg, []*analysis.Analyzer{analyzers.Surface(cfg, &c)})
	if !ok {
		return nil, nil, ExitError
	}
	sf := c.Surface()
	rec := recordOf(out.Summary)
	plan := rec.resolveLayers()
	sf.Resolve(plan.resolved)
	sf.Settle(rec.toolVerdicts(plan.resolved))
	if len(plan.own) > 0 && lookupEnv(s.Env, ModuleGraphEnv) != "off" {
		// Tables of the server's own tool type, converted in another package: their literals
		// are the tools, read with recognition told the conversion.
		var own surface.Collector
		if _, ok := s.runEngine(ctx, engine.Options{Dir: dir, Patterns: plan.packages, BuildFlags: o.BuildFlags, Env: s.Env,
			Analyzers: []*analysis.Analyzer{analyzers.SurfaceWith(cfg, plan.graph(), &own)}}); ok {
			sf.AddConverted(own.Surface(), rec.converterVerdicts(plan.resolved))
		}
	}
	sf.SetAsideUnregistered()
	relativizeSurface(dir, sf)
	return sf, cfg, ExitOK
}

// surfaceRun runs as, which hold a surface collector, over the packages of o, and says on
// s.Stderr what could not be loaded; ok is false when no package could be checked.
func (s Setup) surfaceRun(ctx context.Context, dir string, o SurfaceOptions, cfg *analyzers.Config, as []*analysis.Analyzer) (*engine.Outcome, bool) {
	layers := newSeen()
	out, ok := s.runEngine(ctx, engine.Options{
		Dir:        dir,
		Patterns:   o.Patterns,
		BuildFlags: o.BuildFlags,
		Env:        s.Env,
		Analyzers:  as,
		Scope:      s.scope(cfg),
		// The module graph's resolved sites say which tools behind layers a run checks.
		Observe:   layers.observe,
		Summarize: layers.summary,
	})
	if !ok {
		return nil, false
	}
	s.reportLoadProblems(dir, out.PackageErrors, out.Checked, false, out.Crashes)
	return out, out.Checked > 0
}

// collected is the surface c collected, its positions relative to dir.
func collected(dir string, c *surface.Collector) *surface.Surface {
	sf := c.Surface()
	relativizeSurface(dir, sf)
	return sf
}

// relativizeSurface shows positions relative to the working directory, as findings are.
func relativizeSurface(dir string, sf *surface.Surface) {
	rel := func(p string) string {
		if p == "" {
			return p
		}
		// file:line:col; the file may hold colons on some systems, the numbers never do.
		i := strings.LastIndex(p, ":")
		if i < 0 {
			return p
		}
		j := strings.LastIndex(p[:i], ":")
		if j < 0 {
			return p
		}
		return output.RelPath(dir, filepath.Clean(p[:j])) + p[j:]
	}
	for _, l := range append(sf.Lists(), surface.List{Name: "unregistered", Entries: &sf.Unregistered}) {
		for _, e := range *l.Entries {
			e.X.Position, e.X.ConditionAt = rel(e.X.Position), rel(e.X.ConditionAt)
			if e.X.Handler != nil {
				e.X.Handler.Position = rel(e.X.Handler.Position)
				e.X.Handler.Declared = rel(e.X.Handler.Declared)
			}
		}
	}
}

// LoadSurfaceAt computes the surface of the packages as they are at git revision rev: it
// checks rev out into a temporary worktree of the repository holding the working directory,
// computes the surface there from the same relative directory, and removes the worktree.
func LoadSurfaceAt(ctx context.Context, s Setup, o SurfaceOptions, rev string) (*surface.Surface, int) {
	dir, ok := s.workDir()
	if !ok {
		return nil, ExitError
	}
	top, err := gitOutput(ctx, dir, "rev-parse", "--show-toplevel")
	if err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: -base needs a git repository: %v\n", err)
		return nil, ExitError
	}
	rel, err := filepath.Rel(top, dir)
	if err != nil {
		rel = "."
	}
	tmp, err := os.MkdirTemp("", "mcplint-base-")
	if err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: %v\n", err)
		return nil, ExitError
	}
	wt := filepath.Join(tmp, "tree")
	if _, err := gitOutput(ctx, dir, "worktree", "add", "--detach", wt, rev); err != nil {
		os.RemoveAll(tmp)
		fmt.Fprintf(s.Stderr, "mcplint: -base %s: cannot check it out: %v\n", rev, err)
		return nil, ExitError
	}
	defer func() {
		_, _ = gitOutput(context.Background(), dir, "worktree", "remove", "--force", wt)
		os.RemoveAll(tmp)
	}()
	s.Dir = filepath.Join(wt, rel)
	sf, _, code := LoadSurface(ctx, s, o)
	return sf, code
}

func gitOutput(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return strings.TrimSpace(string(out)), nil
}
