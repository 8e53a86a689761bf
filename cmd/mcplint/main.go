// Command mcplint is a static-analysis linter for Go MCP servers.
//
//	mcplint [flags] [packages]     check packages (default ./...)
//	mcplint rules [-json] [-all]   list the rules
//	mcplint explain RULE|FAMILY    print a rule's or a family's documentation
//	mcplint help [SUBCOMMAND]      print this usage, or a subcommand's
//	mcplint version                print the version
//	mcplint serverjson [FILE]      check a server.json (default ./server.json), any language
//	mcplint surface [-json] [pkgs] print the tools, resources and prompts the program will list
//	mcplint probe [pkgs] -- CMD    call a running server's tools with bad arguments, tie the answers to the findings
//	mcplint gopls -o FILE          build gopls with mcplint's analyzers, for editors
//
// It also serves go vet: go vet -vettool=$(which mcplint) ./...
//
// This file holds flags and wiring only; the work is done by internal/driver.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/internal/driver"
	"github.com/mcplint-go/mcplint/internal/driver/engine"
	"github.com/mcplint-go/mcplint/internal/driver/output"
)

func main() {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(softMemoryLimit)
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// softMemoryLimit is the heap size past which the garbage collector runs more often instead of
// letting the heap grow to twice what is live (GOGC): a 10,000-tool server then peaks at about
// 430 MB instead of 510 MB, for about 6 % more time. It is soft: a run that needs more gets it.
// GOMEMLIMIT overrides it.
const softMemoryLimit = 400 << 20

// subcommands maps each subcommand to its handler; the arguments exclude its name. Anything
// else on the command line is flags and packages to check.
var subcommands map[string]func(args []string, stdout, stderr io.Writer) int

func init() {
	// Set here rather than in the declaration: help refers to the map.
	subcommands = map[string]func(args []string, stdout, stderr io.Writer) int{
		"rules":      rulesCmd,
		"explain":    explainCmd,
		"version":    versionCmd,
		"serverjson": serverjsonCmd,
		"surface":    surfaceCmd,
		"probe":      probeCmd,
		"gopls":      goplsCmd,
		"help":       helpCmd,
	}
}

// helpCmd prints the usage of mcplint, or of a subcommand, on standard output.
func helpCmd(args []string, stdout, _ io.Writer) int {
	if len(args) > 0 {
		if cmd, ok := subcommands[args[0]]; ok && args[0] != "help" {
			return cmd([]string{"-h"}, stdout, stdout)
		}
	}
	return check([]string{"-h"}, stdout, stdout)
}

// parseInterspersed parses flags wherever they stand among the other arguments, as the go
// command does (mcplint ./... -json); everything after "--" is an argument.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(positional, rest...), nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// newFlagSet is a command's flag set: a flag that does not parse is an error the command
// returns, said on stderr, not an exit.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// parseFailure is the exit code of a command line whose flags do not parse: success for -h,
// which the flag package answers with the usage.
func parseFailure(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return driver.ExitOK
	}
	return driver.ExitError
}

// splitCommand splits the arguments of the subcommands that start a server at "--": their
// own flags and packages before it, the server's command line after it.
func splitCommand(args []string) (own, command []string) {
	for i, a := range args {
		if a == "--" {
			return args[:i], args[i+1:]
		}
	}
	return args, nil
}

// loadFlags are -config and -tags, of the commands that load packages.
type loadFlags struct {
	configFile, tags *string
}

func addLoadFlags(fs *flag.FlagSet) loadFlags {
	return loadFlags{
		configFile: fs.String("config", "", "read the configuration from `file` instead of .mcplint.yaml at the module root"),
		tags:       fs.String("tags", "", "comma-separated build `tags`, as for go build"),
	}
}

// buildFlags are the go build flags that -tags asks for.
func (lf loadFlags) buildFlags() []string {
	if *lf.tags == "" {
		return nil
	}
	return []string{"-tags=" + *lf.tags}
}

// surfaceOptions loads patterns with the configuration and build tags the flags name.
func (lf loadFlags) surfaceOptions(patterns []string) driver.SurfaceOptions {
	return driver.SurfaceOptions{Patterns: patterns, ConfigFile: *lf.configFile, BuildFlags: lf.buildFlags()}
}

func run(args []string, stdout, stderr io.Writer) int {
	if driver.IsVetInvocation(args) {
		return driver.Vet(args, stdout, stderr, analyzers.New)
	}
	if len(args) > 0 {
		if cmd, ok := subcommands[args[0]]; ok {
			return cmd(args[1:], stdout, stderr)
		}
	}
	return check(args, stdout, stderr)
}

func check(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("mcplint", stderr)
	var (
		formats    = addFormatFlags(fs)
		load       = addLoadFlags(fs)
		enable     listFlag
		disable    listFlag
		failOn     = fs.String("fail-on", "", "exit 1 when a finding of this `severity` or above remains: error, warning, info or none (default: fail-on from the configuration, else error)")
		show       = fs.String("show", "", "list findings of this `severity` or above one per line in text output: error, warning or info; the rest are counted per rule in one line (default: show from the configuration, else warning, or info with -fail-on info)")
		applyFix   = fs.Bool("fix", false, "apply suggested fixes (findings with exactly one fix)")
		diff       = fs.Bool("diff", false, "print suggested fixes as unified diffs and write nothing (takes precedence over -fix)")
		tests      = fs.Bool("test", true, "check test files too")
		cpuProfile = fs.String("cpuprofile", "", "write a CPU profile of the run to `file` (attach it to a report of a slow run)")
		memProfile = fs.String("memprofile", "", "write a heap profile taken at the run's peak to `file` (attach it to a report of a run that needs too much memory)")
		newFromRev = fs.String("new-from-rev", "", "report only findings on lines added or changed since git `revision` REV (working tree against REV, untracked files new in full), as golangci-lint's option")
		newFromPat = fs.String("new-from-patch", "", "report only findings on lines the unified diff in `file` adds (paths relative to the working directory)")
		baseFile   = fs.String("baseline", "", "leave out the findings the baseline `file` accepts, while their line is unchanged")
		baseWrite  = fs.String("baseline-write", "", "write this run's findings to the baseline `file` (then report as -baseline does)")
		verbose    = fs.Bool("v", false, "say on standard error how many packages were checked, how many needed no analysis, and how long it took")
		loader     = fs.String("loader", "engine", "how packages are loaded: engine (fast) or packages (the stock go/packages path, every dependency from source: slow, a way around an engine bug)")
		minCov     optionalInt
	)
	fs.Var(&minCov, "min-coverage", "exit 1 when the handlers of fewer than this `percent` of the tools found were checked, or no tool was found (default: min-coverage from the configuration, else off)")
	fs.Var(&enable, "enable", "enable rules or families (comma-separated `ids`), over the configuration file")
	fs.Var(&disable, "disable", "disable rules or families (comma-separated `ids`), over the configuration file")
	fs.Usage = func() { usage(fs) }
	patterns, err := parseInterspersed(fs, args)
	if err != nil {
		return parseFailure(err)
	}

	f, ok := formats.choose(fs, stderr)
	if !ok {
		return driver.ExitError
	}

	if *cpuProfile != "" {
		stopProfile, err := startCPUProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "mcplint: -cpuprofile: %v\n", err)
			return driver.ExitError
		}
		defer stopProfile()
	}
	if *memProfile != "" {
		stopProfile := startPeakHeapProfile(*memProfile)
		defer func() {
			if err := stopProfile(); err != nil {
				fmt.Fprintf(stderr, "mcplint: -memprofile: %v\n", err)
			}
		}()
	}

	ld, err := engine.ParseLoader(*loader)
	if err != nil {
		fmt.Fprintf(stderr, "mcplint: -loader: %v\n", err)
		return driver.ExitError
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return driver.Run(ctx, driver.Setup{
		Analyzers:        analyzers.New,
		LayeredAnalyzers: analyzers.NewLayered,
		Scope:            analyzers.Scope,
		Catalog:          analyzers.NewCatalog(),
		Version:          driver.Version(),
		Stdout:           stdout,
		Stderr:           stderr,
	}, driver.Options{
		Patterns:   patterns,
		Format:     f,
		ConfigFile: *load.configFile,
		Flags:      driver.FlagSettings{Enable: enable, Disable: disable, FailOn: *failOn, Show: *show, MinCoverage: minCov.value},
		Fix:        *applyFix,
		Diff:       *diff,
		Tests:      *tests,
		BuildFlags: load.buildFlags(),
		Verbose:    *verbose,
		Loader:     ld,

		NewFromRev:    *newFromRev,
		NewFromPatch:  *newFromPat,
		Baseline:      *baseFile,
		BaselineWrite: *baseWrite,
	})
}

// formatFlags are -format and its -json and -sarif shorthands, of the commands that report
// findings.
type formatFlags struct {
	format          *string
	asJSON, asSARIF *bool
}

func addFormatFlags(fs *flag.FlagSet) formatFlags {
	return formatFlags{
		format:  fs.String("format", "text", "output `format`: text, json, sarif or github (GitHub Actions annotations)"),
		asJSON:  fs.Bool("json", false, "shorthand for -format json"),
		asSARIF: fs.Bool("sarif", false, "shorthand for -format sarif"),
	}
}

// choose reconciles -format with its -json and -sarif shorthands.
func (ff formatFlags) choose(fs *flag.FlagSet, stderr io.Writer) (output.Format, bool) {
	asJSON, asSARIF := *ff.asJSON, *ff.asSARIF
	f, err := output.ParseFormat(*ff.format)
	if err != nil {
		fmt.Fprintf(stderr, "mcplint: -format: %v\n", err)
		return "", false
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	switch {
	case asJSON && asSARIF, asJSON && set["format"] && f != output.JSON, asSARIF && set["format"] && f != output.SARIF:
		fmt.Fprintln(stderr, "mcplint: choose one output format: -format, -json and -sarif contradict each other")
		return "", false
	case asJSON:
		f = output.JSON
	case asSARIF:
		f = output.SARIF
	}
	return f, true
}

// serverjsonCmd checks a server.json on its own, for repositories in any language.
func serverjsonCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("mcplint serverjson", stderr)
	var (
		formats    = addFormatFlags(fs)
		configFile = fs.String("config", "", "read the configuration from `file` instead of .mcplint.yaml beside server.json")
		failOn     = fs.String("fail-on", "", "exit 1 when a finding of this `severity` or above remains: error, warning, info or none")
		enable     listFlag
		disable    listFlag
	)
	fs.Var(&enable, "enable", "enable rules (comma-separated `ids`)")
	fs.Var(&disable, "disable", "disable rules (comma-separated `ids`)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: mcplint serverjson [flags] [FILE]   (FILE defaults to ./server.json)")
		fs.PrintDefaults()
	}
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return parseFailure(err)
	}
	if len(files) > 1 {
		fmt.Fprintln(stderr, "mcplint serverjson: give at most one file")
		return driver.ExitError
	}
	file := ""
	if len(files) == 1 {
		file = files[0]
	}
	f, ok := formats.choose(fs, stderr)
	if !ok {
		return driver.ExitError
	}
	return driver.ServerJSON(driver.Setup{
		Catalog: analyzers.NewCatalog(),
		Version: driver.Version(),
		Stdout:  stdout,
		Stderr:  stderr,
	}, driver.ServerJSONOptions{
		File:       file,
		Format:     f,
		ConfigFile: *configFile,
		Flags:      driver.FlagSettings{Enable: enable, Disable: disable, FailOn: *failOn},
	})
}

func usage(fs *flag.FlagSet) {
	w := fs.Output()
	fmt.Fprint(w, `mcplint checks Go MCP servers (github.com/modelcontextprotocol/go-sdk, github.com/mark3labs/mcp-go).

Usage:
  mcplint [flags] [packages]     check packages (default ./...); flags may follow packages
  mcplint rules [-json] [-all]   list the rules (-all: also those that cannot fail in Go)
  mcplint explain RULE|FAMILY    print a rule's or a family's documentation
  mcplint help [SUBCOMMAND]      print this usage, or a subcommand's
  mcplint version                print the version
  mcplint serverjson [FILE]      check a server.json (default ./server.json), any language
  mcplint surface [-json] [pkgs] print the tools, resources and prompts the program will list
  mcplint probe [pkgs] -- CMD    call a running test server's tools with arguments that must fail
                                 validation and tie the answers to the static findings
  mcplint gopls -o FILE          build gopls with mcplint's analyzers, for editors
  go vet -vettool=$(which mcplint) ./...

Configuration is read from .mcplint.yaml at the module root.

Exit status: 0 when no finding at or above -fail-on remains, 1 when one does,
2 when the configuration or flags are invalid or no package could be checked.

Flags:
`)
	fs.PrintDefaults()
}

// listFlag accumulates comma-separated values over repeated flags.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error {
	*l = append(*l, driver.SplitList(s)...)
	return nil
}

func rulesCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("mcplint rules", stderr)
	asJSON := fs.Bool("json", false, "print the rules as a JSON array")
	all := fs.Bool("all", false, "also list the checks that cannot fail in Go (status \"not applicable in Go\")")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return parseFailure(err)
	}
	if len(rest) > 0 {
		fmt.Fprintf(stderr, "mcplint rules: unexpected argument %q; to read about one rule, run mcplint explain %s\n", rest[0], rest[0])
		return driver.ExitError
	}
	if err := driver.Rules(stdout, analyzers.NewCatalog(), driver.RulesOptions{JSON: *asJSON, All: *all}); err != nil {
		fmt.Fprintf(stderr, "mcplint rules: %v\n", err)
		return driver.ExitError
	}
	return driver.ExitOK
}

func explainCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintln(stderr, "usage: mcplint explain RULE|FAMILY   (mcplint rules lists the rule IDs)")
		return driver.ExitOK
	}
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: mcplint explain RULE|FAMILY   (mcplint rules lists the rule IDs)")
		return driver.ExitError
	}
	return driver.Explain(stdout, stderr, analyzers.NewCatalog(), args[0])
}

func versionCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintln(stderr, "usage: mcplint version")
		return driver.ExitOK
	}
	if len(args) > 0 {
		fmt.Fprintln(stderr, "usage: mcplint version")
		return driver.ExitError
	}
	driver.PrintVersion(stdout)
	return driver.ExitOK
}

// startPeakHeapProfile watches the live heap and keeps the heap profile of the largest one
// seen; the returned function writes it to path. A profile taken at the end would show what
// survives the run, not what made its peak.
func startPeakHeapProfile(path string) (stop func() error) {
	done := make(chan struct{})
	finished := make(chan []byte)
	go func() {
		sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
		var peak uint64
		var best []byte
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-done:
				finished <- best
				return
			case <-tick.C:
			}
			metrics.Read(sample)
			// The profile only changes at a GC: take it when the live heap after one has grown
			// by a twentieth, so a slow climb costs a few profiles, not one per tick.
			if live := sample[0].Value.Uint64(); live > peak+peak/20 {
				peak = live
				var buf bytes.Buffer
				if err := pprof.Lookup("heap").WriteTo(&buf, 0); err == nil {
					best = buf.Bytes()
				}
			}
		}
	}()
	return func() error {
		close(done)
		best := <-finished
		if best == nil {
			var buf bytes.Buffer
			if err := pprof.Lookup("heap").WriteTo(&buf, 0); err != nil {
				return err
			}
			best = buf.Bytes()
		}
		return os.WriteFile(path, best, 0o666)
	}
}

// startCPUProfile profiles the process into the file until the returned function is called.
func startCPUProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// optionalInt is an integer flag that knows whether it was given.
type optionalInt struct{ value *int }

func (o *optionalInt) String() string {
	if o == nil || o.value == nil {
		return ""
	}
	return strconv.Itoa(*o.value)
}

func (o *optionalInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("%q is not a whole number", s)
	}
	o.value = &n
	return nil
}
