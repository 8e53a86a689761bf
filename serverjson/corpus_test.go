package serverjson

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/internal/rule/severity"
)

// findSharedCorpus walks up from the package directory looking for
// shared/serverjson-corpus (CI keeps shared/ beside the clone).
func findSharedCorpus(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		cand := filepath.Join(dir, "shared", "serverjson-corpus")
		if st, err := os.Stat(filepath.Join(cand, "expectations.json")); err == nil && !st.IsDir() {
			return cand
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("shared/serverjson-corpus not found in any parent directory; the full corpus test needs shared/ beside the repository")
		}
		dir = parent
	}
}

type registryIssue struct {
	Path      string `json:"path"`
	Reference string `json:"reference"`
	Severity  string `json:"severity"`
}

type expectation struct {
	DeclaredSchema *string `json:"declaredSchema"`
	JSONSchema     struct {
		CurrentErrors  []string `json:"current_2025_12_11_Errors"`
		DeclaredErrors []string `json:"declaredVersionErrors"`
		DeclaredValid  *bool    `json:"declaredVersionValid"`
	} `json:"jsonSchema"`
	Registry struct {
		CLIStatus        string          `json:"humaBodyViaPublisherCLIStatus"`
		Issues           []registryIssue `json:"issues"`
		PublishSemantic  bool            `json:"publishSemanticValid"`
		ValidateEndpoint bool            `json:"validateEndpointValid"`
	} `json:"registryV187"`
}

// rejected reads the verdict: the registry rejects a file when its
// /validate fails, its publish-time semantic gate fails, or the body
// mcp-publisher sends fails Huma's validation.
func (e expectation) rejected() bool {
	return !e.Registry.ValidateEndpoint || !e.Registry.PublishSemantic || e.Registry.CLIStatus != "204"
}

var bracketIndex = regexp.MustCompile(`\[(\d+)\]`)

// registryPathToPointer turns the registry's "packages[0].transport.url"
// into "/packages/0/transport/url" ("schema" is the $schema field).
func registryPathToPointer(path string) string {
	if path == "schema" {
		return "/$schema"
	}
	if path == "" {
		return ""
	}
	p := bracketIndex.ReplaceAllString(path, ".$1")
	return "/" + strings.ReplaceAll(p, ".", "/")
}

// errorLines returns the lines that carry an error diagnostic.
func errorLines(diags []Diagnostic) map[int]bool {
	lines := map[int]bool{}
	for _, d := range diags {
		if d.Severity == severity.Error {
			lines[d.Pos.Line] = true
		}
	}
	return lines
}

// placeholderHeldAt reports whether the value at ptr holds a release placeholder:
// the registry refuses the committed template there, which is the file's one
// placeholder note, not an error.
func placeholderHeldAt(t *testing.T, data []byte, ptr string) bool {
	t.Helper()
	doc := Parse(data, ParseLimits{})
	require.Nil(t, doc.Err)
	c := newChecker(doc.Root, Options{})
	n := c.nodeAt(ptr)
	return n != nil && n.Kind == KindString && findPlaceholder(n.Str) != ""
}

// refusesTemplate reports whether the findings hold the placeholder note that
// says what the registry refuses unsubstituted.
func refusesTemplate(diags []Diagnostic) bool {
	for _, d := range diags {
		if d.Rule == ruleReleasePlaceholder && strings.Contains(d.Message, "the registry refuses") {
			return true
		}
	}
	return false
}

// expectedLine is the line of the key at ptr, or of the nearest existing
// ancestor when the key is missing.
func expectedLine(t *testing.T, data []byte, ptr string) int {
	t.Helper()
	doc := Parse(data, ParseLimits{})
	require.Nil(t, doc.Err)
	return newChecker(doc.Root, Options{}).posOf(ptr).Line
}

func errorSummary(diags []Diagnostic) string {
	var sb strings.Builder
	for _, d := range diags {
		sb.WriteString("\n  " + d.String())
	}
	return sb.String()
}

func TestSharedCorpusVerdicts(t *testing.T) {
	root := findSharedCorpus(t)
	raw, err := os.ReadFile(filepath.Join(root, "expectations.json"))
	require.NoError(t, err)
	var exps map[string]expectation
	require.NoError(t, json.Unmarshal(raw, &exps))
	require.NotEmpty(t, exps)

	// Every server.json in the corpus must have a verdict, so a file added
	// without one is noticed.
	var onDisk []string
	require.NoError(t, filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if rel == "expectations.json" || strings.HasPrefix(rel, "schemas/") {
			return nil
		}
		onDisk = append(onDisk, rel)
		return nil
	}))
	sort.Strings(onDisk)
	for _, f := range onDisk {
		require.Contains(t, exps, f, "corpus file without a verdict in expectations.json")
	}

	for name, exp := range exps {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(root, name))
			require.NoError(t, err)
			diags, err := CheckFile(filepath.Join(root, name), Options{})
			require.NoError(t, err)
			lines := errorLines(diags)
			if !exp.rejected() {
				require.Empty(t, lines, "the registry accepts this file, so no error may be reported:%s", errorSummary(diags))
				return
			}
			require.True(t, len(lines) > 0 || refusesTemplate(diags), "the registry rejects this file, so at least one error (or a template's refused placeholder) must be reported:%s", errorSummary(diags))
			for _, is := range exp.Registry.Issues {
				if is.Severity != "error" || placeholderHeldAt(t, data, registryPathToPointer(is.Path)) && refusesTemplate(diags) {
					continue
				}
				line := expectedLine(t, data, registryPathToPointer(is.Path))
				require.True(t, lines[line], "registry error %s at %q (line %d) has no error diagnostic on that line:%s", is.Reference, is.Path, line, errorSummary(diags))
			}
			// The JSON Schema violations of the schema that applies (the
			// declared one if it is known, else the current one).
			schemaErrs := exp.JSONSchema.CurrentErrors
			if exp.DeclaredSchema != nil && exp.JSONSchema.DeclaredValid != nil {
				schemaErrs = exp.JSONSchema.DeclaredErrors
			}
			for _, e := range schemaErrs {
				ptr, _, _ := strings.Cut(e, ":")
				if ptr == "/" {
					ptr = ""
				}
				if placeholderHeldAt(t, data, ptr) && refusesTemplate(diags) {
					continue
				}
				line := expectedLine(t, data, ptr)
				require.True(t, lines[line], "schema violation %q (line %d) has no error diagnostic on that line:%s", e, line, errorSummary(diags))
			}
		})
	}
}

// TestLocalCorpusVerdicts runs on the copies in testdata, so the verdicts are
// checked even without shared/.
func TestLocalCorpusVerdicts(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("testdata", "corpus", "verdicts.json"))
	require.NoError(t, err)
	var verdicts map[string]struct {
		Rejected      bool     `json:"rejected"`
		ErrorPointers []string `json:"errorPointers"`
	}
	require.NoError(t, json.Unmarshal(raw, &verdicts))
	require.NotEmpty(t, verdicts)
	for name, v := range verdicts {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join("testdata", "corpus", name)
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			diags, err := CheckFile(path, Options{})
			require.NoError(t, err)
			lines := errorLines(diags)
			if !v.Rejected {
				require.Empty(t, lines, "accepted file got errors:%s", errorSummary(diags))
				return
			}
			for _, ptr := range v.ErrorPointers {
				if placeholderHeldAt(t, data, ptr) && refusesTemplate(diags) {
					continue
				}
				line := expectedLine(t, data, ptr)
				require.True(t, lines[line], "no error on line %d (%s):%s", line, ptr, errorSummary(diags))
			}
		})
	}
}
