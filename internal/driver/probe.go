package driver

import (
	"context"
	"fmt"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/surface"
)

// Analysis is what mcplint probe needs from the source: the findings (with their effective
// severities) and the static surface, whose handler positions tie a live tool to its code.
type Analysis struct {
	Dir     string // the working directory the paths are relative to
	Report  *result.Report
	Surface *surface.Surface
	Config  *analyzers.Config
}

// Analyze runs the rules and the surface collector over the packages in one engine run.
// flags override the configuration as they do for a plain run. On failure it has said why on
// s.Stderr and returns the exit status.
func Analyze(ctx context.Context, s Setup, o SurfaceOptions, flags FlagSettings) (*Analysis, int) {
	dir, ok := s.workDir()
	if !ok {
		return nil, ExitError
	}
	cfg, err := checkedConfig(dir, o.ConfigFile, &flags, s.Catalog)
	if err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: %v\n", err)
		return nil, ExitError
	}
	as, err := s.Analyzers(cfg)
	if err != nil {
		fmt.Fprintf(s.Stderr, "mcplint: cannot build the analyzers for this configuration: %v\n", err)
		return nil, ExitError
	}
	var c surface.Collector
	out, ok := s.surfaceRun(ctx, dir, o, cfg, analyzers.WithSurface(as, cfg, &c))
	if !ok {
		return nil, ExitError
	}
	rep := buildReport(out, cfg, s.Catalog)
	return &Analysis{Dir: dir, Report: rep, Surface: collected(dir, &c), Config: cfg}, ExitOK
}
