package engine

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// The result cache makes a run over code that has not changed cost one go list: the outcome
// of a run is stored under a key that covers everything it depends on, and replayed when the
// key comes again.
//
// The key hashes the caller's part (Options.CacheKey: the configuration and the mcplint
// executable's build ID), the patterns and build settings, the go and cgo environment, and
// the package graph as go list describes it (every package's ID, module, files and imports).
// Files are keyed by size and modification time, as make and ninja key them, except in the
// module cache, which the go command never changes under a module version. The main modules'
// directory trees are keyed whole, so that server.json, embedded files and the VERSION file
// the analyzers read count too.

// maxCacheEntries bounds the cache directory; past it the oldest half goes.
const maxCacheEntries = 200

// cachedOutcome is what a cache entry holds.
type cachedOutcome struct {
	Findings      []result.Finding
	PackageErrors []result.PackageError
	Checked       int
	Skipped       int
	Summary       json.RawMessage `json:",omitempty"`
}

// cacheKey computes the key of a run, or "" when the run cannot be cached.
func cacheKey(opts Options, patterns []string, pl *plan) string {
	if opts.CacheDir == "" || pl.fallback || len(opts.Overlay) > 0 {
		return ""
	}
	h := sha256.New()
	fmt.Fprintf(h, "mcplint result cache 1\n%s\n", opts.CacheKey)
	fmt.Fprintf(h, "dir %s\npatterns %q\ntests %v\nbuild flags %q\n", opts.Dir, patterns, opts.Tests, opts.BuildFlags)
	env := opts.Env
	if env == nil {
		env = os.Environ()
	}
	var goEnv []string
	for _, kv := range env {
		if strings.HasPrefix(kv, "GO") || strings.HasPrefix(kv, "CGO_") || strings.HasPrefix(kv, "CC=") {
			goEnv = append(goEnv, kv)
		}
	}
	slices.Sort(goEnv)
	fmt.Fprintf(h, "env %q\n", goEnv)

	var all []*packages.Package
	packages.Visit(pl.roots, nil, func(p *packages.Package) { all = append(all, p) })
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	mainDirs := map[string]bool{}
	for _, p := range all {
		fmt.Fprintf(h, "package %s %s %s\n", p.ID, p.Name, p.ForTest)
		immutable := false
		if m := p.Module; m != nil {
			fmt.Fprintf(h, "module %s %s %v %s\n", m.Path, m.Version, m.Main, m.Dir)
			if m.Replace != nil {
				fmt.Fprintf(h, "replace %s %s %s\n", m.Replace.Path, m.Replace.Version, m.Replace.Dir)
			}
			immutable = m.Version != "" && (m.Replace == nil || m.Replace.Version != "")
			if m.Main && m.Dir != "" {
				mainDirs[m.Dir] = true
			}
		}
		for _, imp := range slices.Sorted(maps.Keys(p.Imports)) {
			fmt.Fprintf(h, "import %s %s\n", imp, p.Imports[imp].ID)
		}
		for _, files := range [][]string{p.GoFiles, p.CompiledGoFiles, p.OtherFiles, p.IgnoredFiles} {
			for _, f := range files {
				if immutable {
					fmt.Fprintf(h, "file %s\n", f)
				} else if !stamp(h, f) {
					return ""
				}
			}
		}
	}
	for _, dir := range slices.Sorted(maps.Keys(mainDirs)) {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != dir && (d.Name() == ".git" || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			if d.Type().IsRegular() {
				info, err := d.Info()
				if err != nil {
					return err
				}
				fmt.Fprintf(h, "tree %s %d %d\n", path, info.Size(), info.ModTime().UnixNano())
			}
			return nil
		})
		if err != nil {
			return ""
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// stamp writes a file's name, size and modification time; false when it cannot be read.
func stamp(w io.Writer, name string) bool {
	info, err := os.Stat(name)
	if err != nil {
		return false
	}
	fmt.Fprintf(w, "file %s %d %d\n", name, info.Size(), info.ModTime().UnixNano())
	return true
}

// loadCached returns the outcome stored under key, or nil.
func loadCached(dir, key string) *Outcome {
	data, err := os.ReadFile(filepath.Join(dir, key+".json"))
	if err != nil {
		return nil
	}
	var c cachedOutcome
	if json.Unmarshal(data, &c) != nil {
		return nil // a damaged entry is a miss; the run rewrites it
	}
	return &Outcome{Findings: c.Findings, PackageErrors: c.PackageErrors, Checked: c.Checked, Skipped: c.Skipped, Summary: c.Summary, Cached: true}
}

// storeCached writes the outcome under key. Failing to is not an error of the run: the next
// run is simply not faster.
func storeCached(dir, key string, out *Outcome) {
	if len(out.Crashes) > 0 {
		return // a crash should be seen again, not replayed without its stack
	}
	data, err := json.Marshal(cachedOutcome{Findings: out.Findings, PackageErrors: out.PackageErrors, Checked: out.Checked, Skipped: out.Skipped, Summary: out.Summary})
	if err != nil || os.MkdirAll(dir, 0o755) != nil {
		return
	}
	tmp, err := os.CreateTemp(dir, key+".*.tmp")
	if err != nil {
		return
	}
	_, werr := tmp.Write(data)
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), filepath.Join(dir, key+".json")) != nil {
		os.Remove(tmp.Name())
		return
	}
	trimCache(dir)
}

// trimCache removes the older half of the entries once there are more than maxCacheEntries.
func trimCache(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) <= maxCacheEntries {
		return
	}
	type aged struct {
		name string
		mod  int64
	}
	var files []aged
	for _, e := range entries {
		if info, err := e.Info(); err == nil {
			files = append(files, aged{e.Name(), info.ModTime().UnixNano()})
		}
	}
	sort.Slice(files, func(i, j int) bool { return files[i].mod < files[j].mod })
	for _, f := range files[:len(files)/2] {
		os.Remove(filepath.Join(dir, f.name))
	}
}
