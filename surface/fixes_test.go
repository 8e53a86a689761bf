package surface_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/imports"

	"github.com/mcplint-go/mcplint/internal/testkit/fixtures"
	"github.com/mcplint-go/mcplint/mcpdefs"
	"github.com/mcplint-go/mcplint/surface"
)

// describing are the rules whose fixes exist to change a description the model reads (a key
// go-sdk ignores renamed to the one it reads, a tag it rejects rewritten); every other part of
// the surface must stay as it is.
var describing = map[string]bool{"describe-on-fields": true, "describe-on-output-fields": true, "schema-tag-syntax": true}

// TestFixesKeepTheSurface: a suggested fix never changes what the server lists. For every
// fixture file with a .golden (its suggested fixes applied, as CheckRules proves), the surface
// of its package is computed from the file as written and from the golden, and must be the
// same: names, schemas (properties, types, requiredness, enums), annotations, arguments.
// Descriptions are compared too, except for the rules whose fixes exist to change them.
func TestFixesKeepTheSurface(t *testing.T) {
	var goldens []string
	require.NoError(t, filepath.WalkDir(fixtures.Dir(), func(path string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && path != fixtures.Dir() {
			if _, statErr := os.Stat(filepath.Join(path, "go.mod")); statErr == nil {
				return filepath.SkipDir // a module of its own (versions/*), outside the fixture module's packages
			}
		}
		if err == nil && strings.HasSuffix(path, ".go.golden") {
			goldens = append(goldens, path)
		}
		return err
	}))
	require.NotEmpty(t, goldens)
	// One load as written and one with every golden in place: the fixture packages do not
	// import each other, so each package's surface is its own.
	overlay := map[string][]byte{}
	patterns := map[string]bool{}
	for _, golden := range goldens {
		fixed, err := os.ReadFile(golden)
		require.NoError(t, err)
		// A fix can take away the last use of an import (fmt after fmt.Errorf is replaced);
		// goimports, which -fix users run anyway, drops it. It does not touch the surface.
		fixed, err = imports.Process(golden, fixed, &imports.Options{Comments: true, TabIndent: true, TabWidth: 8, FormatOnly: false})
		require.NoError(t, err)
		overlay[strings.TrimSuffix(golden, ".golden")] = fixed
		rel, err := filepath.Rel(fixtures.Dir(), filepath.Dir(golden))
		require.NoError(t, err)
		patterns["./"+filepath.ToSlash(rel)] = true
	}
	var list []string
	for p := range patterns {
		list = append(list, p)
	}
	sort.Strings(list)
	before, after := surfacesByPackage(t, nil, list), surfacesByPackage(t, overlay, list)
	for _, pattern := range list {
		dir := strings.TrimPrefix(pattern, "./")
		ruleID := strings.Split(dir, "/")[1]
		t.Run(dir, func(t *testing.T) {
			b, a := before[dir], after[dir]
			if describing[ruleID] {
				b, a = withoutDescriptions(b), withoutDescriptions(a)
			}
			if ruleID == "schema-tag-syntax" {
				// The tag made the SDK fail to build the schema (go-sdk panics, mark3labs v1
				// drops it), so the surface had none; the fix lets it exist. What it already
				// had must not change.
				a = onlyKnown(b, a)
			}
			if !reflect.DeepEqual(b, a) {
				bj, _ := json.MarshalIndent(b, "", "  ")
				aj, _ := json.MarshalIndent(a, "", "  ")
				t.Errorf("the fixes of %s change the surface of %s:\n--- before\n%s\n--- after\n%s", ruleID, dir, bj, aj)
			}
		})
	}
}

// onlyKnown drops the schemas of after's entries that before's entries do not have.
func onlyKnown(before, after any) any {
	bm, _ := before.(map[string]any)
	am, _ := after.(map[string]any)
	for list, v := range am {
		bl, _ := bm[list].([]any)
		al, _ := v.([]any)
		for i, e := range al {
			if i >= len(bl) {
				break
			}
			be, _ := bl[i].(map[string]any)
			ae, _ := e.(map[string]any)
			for _, k := range []string{"inputSchema", "outputSchema"} {
				if _, ok := be[k]; !ok {
					delete(ae, k)
				}
			}
		}
	}
	return after
}

// surfacesByPackage is the surface of each fixture package matching patterns, keyed by its
// directory relative to the fixture root, as the lists send it: without mcplint's own
// x-mcplint information (positions move when a line is rewritten).
func surfacesByPackage(t *testing.T, overlay map[string][]byte, patterns []string) map[string]any {
	t.Helper()
	pkgs, err := fixtures.LoadOverlay(".", overlay, patterns...)
	require.NoError(t, err)
	var c surface.Collector
	graph, err := checker.Analyze([]*analysis.Analyzer{surface.NewAnalyzer(mcpdefs.New(mcpdefs.Options{}), &c)}, pkgs, nil)
	require.NoError(t, err)
	for _, act := range graph.Roots {
		require.NoError(t, act.Err)
	}
	dirOf := map[string]string{}
	for _, p := range pkgs {
		if len(p.GoFiles) > 0 {
			rel, err := filepath.Rel(fixtures.Dir(), filepath.Dir(p.GoFiles[0]))
			require.NoError(t, err)
			dirOf[p.PkgPath] = filepath.ToSlash(rel)
		}
	}
	byDir := map[string]*surface.Surface{}
	s := c.Surface()
	for _, l := range []struct {
		entries []*surface.Entry
		add     func(*surface.Surface, *surface.Entry)
	}{
		{s.Tools, func(s *surface.Surface, e *surface.Entry) { s.Tools = append(s.Tools, e) }},
		{s.Resources, func(s *surface.Surface, e *surface.Entry) { s.Resources = append(s.Resources, e) }},
		{s.ResourceTemplates, func(s *surface.Surface, e *surface.Entry) { s.ResourceTemplates = append(s.ResourceTemplates, e) }},
		{s.Prompts, func(s *surface.Surface, e *surface.Entry) { s.Prompts = append(s.Prompts, e) }},
	} {
		for _, e := range l.entries {
			dir := dirOf[e.X.Package]
			if byDir[dir] == nil {
				byDir[dir] = &surface.Surface{}
			}
			e.X = surface.Info{}
			l.add(byDir[dir], e)
		}
	}
	out := map[string]any{}
	for dir, ps := range byDir {
		data, err := json.Marshal(ps)
		require.NoError(t, err)
		var v any
		require.NoError(t, json.Unmarshal(data, &v))
		out[dir] = v
	}
	return out
}

// withoutDescriptions drops every "description" key of a JSON value.
func withoutDescriptions(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := map[string]any{}
		for k, e := range x {
			if k != "description" {
				out[k] = withoutDescriptions(e)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = withoutDescriptions(e)
		}
		return out
	}
	return v
}
