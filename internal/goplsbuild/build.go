// Package goplsbuild builds a gopls whose analyzer list also holds mcplint's analyzers
// (`mcplint gopls -o FILE`).
//
// gopls cannot load analyzers at run time, but it keeps them in one package variable,
// settings.AllAnalyzers, and it is built from the module proxy like any Go program. The build
// copies gopls's module source out of the module cache (the go command refuses to build a
// module cache directory with a changed file), adds one file to its internal/settings package
// that appends goplsplugin's analyzers, requires mcplint, and builds it with golang.org/x/tools
// held at the version gopls pins: gopls uses x/tools internals that change between releases,
// and mcplint compiles against either.
//
// It knows the go command and gopls's source layout; it imports nothing of mcplint but the
// plugin's import path, written into the generated file.
package goplsbuild

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// Module is mcplint's module path.
const Module = "github.com/mcplint-go/mcplint"

// goplsModule is gopls's module path; its main package is the module root.
const goplsModule = "golang.org/x/tools/gopls"

// Pin is the gopls version mcplint builds and tests for one Go release: each gopls release
// needs the newest Go of its day (gopls v0.24.0 needs Go 1.27).
type Pin struct {
	Go    string // go1.N
	Gopls string
}

// Pins are the tested pairs, oldest Go first.
var Pins = []Pin{
	{Go: "go1.26", Gopls: "v0.23.0"},
	{Go: "go1.27", Gopls: "v0.24.0"},
}

// PinFor returns the gopls version for a Go version as `go env GOVERSION` prints it
// (go1.26.8, go1.27rc1). A newer Go than any pin gets the newest pin, which it can build.
func PinFor(goVersion string) (string, error) {
	release := goRelease(goVersion)
	if release == "" {
		return "", fmt.Errorf("cannot read the Go release from %q", goVersion)
	}
	for _, p := range Pins {
		if p.Go == release {
			return p.Gopls, nil
		}
	}
	newest := Pins[len(Pins)-1]
	if semver.Compare("v"+strings.TrimPrefix(release, "go")+".0", "v"+strings.TrimPrefix(newest.Go, "go")+".0") > 0 {
		return newest.Gopls, nil
	}
	return "", fmt.Errorf("%s is older than any Go release mcplint builds gopls for (%s); use Go %s or newer", release, Pins[0].Go, strings.TrimPrefix(Pins[0].Go, "go"))
}

// goRelease reduces go1.27.3 or go1.27rc1 to go1.27.
func goRelease(v string) string {
	v, _, _ = strings.Cut(strings.TrimSpace(v), " ")
	if !strings.HasPrefix(v, "go1.") {
		return ""
	}
	rest := v[len("go1."):]
	end := 0
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	if end == 0 {
		return ""
	}
	return "go1." + rest[:end]
}

// Source is where the build takes mcplint from: a directory holding the module (a checkout, or
// the target of the replace the running mcplint was built with), or a version the module proxy
// serves.
type Source struct {
	Dir     string
	Version string
}

func (s Source) String() string {
	if s.Dir != "" {
		return s.Dir
	}
	return Module + "@" + s.Version
}

// Options configure Build.
type Options struct {
	Output  string // the binary to write
	Gopls   string // gopls version; "" for the pin of the go command's Go release
	MCPLint Source
	// Env is the go command's environment (os.Environ() when nil); GOWORK=off and -mod=mod
	// (in GOFLAGS) are added.
	Env []string
	Log io.Writer // progress, one line per step
}

// Result says what was built.
type Result struct {
	Gopls    string // gopls version
	Tools    string // the golang.org/x/tools version gopls pins, which the build used
	Go       string // the go command's version
	Duration time.Duration
}

// Build writes a gopls binary with mcplint's analyzers to opts.Output.
func Build(ctx context.Context, opts Options) (Result, error) {
	start := time.Now()
	var res Result
	if opts.Output == "" {
		return res, errors.New("no output file given")
	}
	out, err := filepath.Abs(opts.Output)
	if err != nil {
		return res, err
	}
	if opts.MCPLint.Dir == "" && opts.MCPLint.Version == "" {
		return res, errors.New("no mcplint source given")
	}
	logf := func(format string, args ...any) {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, format+"\n", args...)
		}
	}
	work, err := os.MkdirTemp("", "mcplint-gopls-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(work)
	env := envOr(opts.Env)
	// -mod=mod lets the build record the sums of mcplint's dependencies in gopls's go.sum; the
	// user's other go flags (-modcacherw, say) stay.
	goflags := strings.TrimSpace(lookupEnv(env, "GOFLAGS") + " -mod=mod")
	run := func(dir string, args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "go", args...)
		cmd.Dir = dir
		cmd.Env = append(append([]string(nil), env...), "GOWORK=off", "GOFLAGS="+goflags)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
		}
		return stdout.Bytes(), nil
	}

	goVersion, err := run(work, "env", "GOVERSION")
	if err != nil {
		return res, err
	}
	res.Go = strings.TrimSpace(string(goVersion))
	res.Gopls = opts.Gopls
	if res.Gopls == "" {
		if res.Gopls, err = PinFor(res.Go); err != nil {
			return res, err
		}
	}

	logf("mcplint gopls: gopls %s from the module proxy (%s)", res.Gopls, res.Go)
	dl, err := run(work, "mod", "download", "-json", goplsModule+"@"+res.Gopls)
	if err != nil {
		return res, fmt.Errorf("downloading gopls %s: %w", res.Gopls, err)
	}
	var mod struct{ Dir, Error string }
	if err := json.Unmarshal(dl, &mod); err != nil || mod.Dir == "" {
		return res, fmt.Errorf("downloading gopls %s: %s", res.Gopls, strings.TrimSpace(mod.Error+string(dl)))
	}
	src := filepath.Join(work, "gopls")
	if err := os.CopyFS(src, os.DirFS(mod.Dir)); err != nil {
		return res, fmt.Errorf("copying gopls's source out of the module cache: %w", err)
	}
	if res.Tools, err = editGoMod(src, opts.MCPLint); err != nil {
		return res, err
	}
	settings := filepath.Join(src, "internal", "settings")
	if _, err := os.Stat(filepath.Join(settings, "analysis.go")); err != nil {
		return res, fmt.Errorf("gopls %s has no internal/settings/analysis.go, where its analyzers are listed; build a version mcplint pins (%s)", res.Gopls, pinList())
	}
	if err := os.WriteFile(filepath.Join(settings, "mcplint.go"), []byte(settingsFile), 0o644); err != nil {
		return res, err
	}

	logf("mcplint gopls: building with mcplint from %s and golang.org/x/tools %s (gopls's pin); the first build takes minutes", opts.MCPLint, res.Tools)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return res, err
	}
	if _, err := run(src, "build", "-o", out, "."); err != nil {
		return res, fmt.Errorf("building gopls %s with mcplint: %w", res.Gopls, err)
	}
	res.Duration = time.Since(start)
	return res, nil
}

// lookupEnv is the last value of name in env, as the go command reads it.
func lookupEnv(env []string, name string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && k == name {
			v = val
		}
	}
	return v
}

func envOr(env []string) []string {
	if env == nil {
		return os.Environ()
	}
	return env
}

func pinList() string {
	var s []string
	for _, p := range Pins {
		s = append(s, fmt.Sprintf("%s on %s", p.Gopls, p.Go))
	}
	return strings.Join(s, ", ")
}

// editGoMod edits gopls's go.mod: mcplint required (and replaced by its directory, if it comes
// from one), and golang.org/x/tools replaced by the version gopls requires, which minimal
// version selection would otherwise raise to mcplint's. It returns that version.
func editGoMod(dir string, mcplint Source) (string, error) {
	path := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	f, err := modfile.Parse(path, data, nil)
	if err != nil {
		return "", err
	}
	tools := ""
	for _, r := range f.Require {
		if r.Mod.Path == "golang.org/x/tools" {
			tools = r.Mod.Version
		}
	}
	if tools == "" {
		return "", errors.New("gopls's go.mod requires no golang.org/x/tools version")
	}
	version := mcplint.Version
	if mcplint.Dir != "" {
		version = "v0.0.0"
		abs, err := filepath.Abs(mcplint.Dir)
		if err != nil {
			return "", err
		}
		if err := f.AddReplace(Module, "", abs, ""); err != nil {
			return "", err
		}
	}
	if err := f.AddRequire(Module, version); err != nil {
		return "", err
	}
	if err := f.AddReplace("golang.org/x/tools", "", "golang.org/x/tools", tools); err != nil {
		return "", err
	}
	f.Cleanup()
	text, err := f.Format()
	if err != nil {
		return "", err
	}
	return tools, os.WriteFile(path, text, 0o644)
}

// settingsFile is the file added to gopls's internal/settings package. Package-level
// variables are initialised before init functions run, and gopls reads AllAnalyzers only
// from other packages, which are initialised after this one.
const settingsFile = `// Code generated by mcplint gopls. DO NOT EDIT.

package settings

import (
	"github.com/mcplint-go/mcplint/goplsplugin"

	"golang.org/x/tools/gopls/internal/protocol"
)

// mcplint's analyzers, configured from .mcplint.yaml in the directory gopls starts in.
func init() {
	for _, a := range goplsplugin.Analyzers(".") {
		AllAnalyzers = append(AllAnalyzers, &Analyzer{analyzer: a.Analyzer, severity: protocol.DiagnosticSeverity(a.Severity)})
	}
}
`
