package docs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/analyzers"
	"github.com/mcplint-go/mcplint/docs"
)

// ruleIDShape is what a rule ID looks like: kebab-case with at least one dash. A heading of
// that shape is also its own GitHub anchor, so the rule's URL reaches its section.
var ruleIDShape = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)+$`)

func pageOf(r analyzers.Rule) string { return string(r.Family) + ".md" }

// TestDocsMatchCatalog is the one check that the documentation and the catalog agree: every
// rule has exactly one section, on its family's page, headed by its ID (so the URL its
// diagnostics carry reaches it), whose metadata line states its severity, SDKs and status;
// its title is one short line; and every rule-shaped heading on any page is a rule of that
// page's family.
func TestDocsMatchCatalog(t *testing.T) {
	cat := analyzers.NewCatalog()
	type place struct {
		page string
		s    docs.Section
	}
	sections := map[string][]place{}
	for _, p := range docs.Pages() {
		for _, s := range docs.Sections(p) {
			if !ruleIDShape.MatchString(s.Heading) {
				continue
			}
			sections[s.Heading] = append(sections[s.Heading], place{p, s})
			if _, ok := cat.Lookup(s.Heading); !ok {
				t.Errorf("docs/%s:%d: section %q is no rule of the catalog", p, s.Line, s.Heading)
			}
		}
	}
	for _, r := range cat.Rules() {
		t.Run(r.ID, func(t *testing.T) {
			page := pageOf(r)
			if _, ok := docs.Page(page); !ok {
				t.Fatalf("docs/%s does not exist; write it, one section per rule", page)
			}
			require.Regexp(t, ruleIDShape, r.ID, "a rule ID is kebab-case, which makes its heading its own anchor")
			assert.Equal(t, analyzers.DocsBase+page+"#"+r.ID, r.URL(), "the URL diagnostics carry")
			title := r.Title
			assert.True(t, title != "" && !strings.ContainsAny(title, "\n") && !strings.HasSuffix(title, ".") && len(title) <= 100,
				"title %q: one line of at most 100 characters without a final period", title)
			places := sections[r.ID]
			if !assert.Len(t, places, 1, "docs/%s must have exactly one section headed %q", page, r.ID) {
				return
			}
			at := places[0]
			if !assert.Equal(t, page, at.page, "rule %s is documented in docs/%s but belongs in docs/%s", r.ID, at.page, page) {
				return
			}
			meta, err := metadata(at.s.Text)
			require.NoError(t, err, "docs/%s:%d", at.page, at.s.Line)
			assert.Equal(t, r.Severity.String(), meta["Severity"], "docs/%s:%d: severity", at.page, at.s.Line)
			assert.Equal(t, strings.Join(r.SDKs, ", "), meta["SDKs"], "docs/%s:%d: SDKs", at.page, at.s.Line)
			assert.Equal(t, string(r.Status), meta["Status"], "docs/%s:%d: status", at.page, at.s.Line)
		})
	}
}

// metadata parses the line "**Severity:** x · **SDKs:** y · **Status:** z", the first
// non-blank line after the heading.
func metadata(section string) (map[string]string, error) {
	lines := strings.Split(section, "\n")[1:]
	for _, line := range lines {
		if strings.TrimSpace(line) == "" {
			continue
		}
		out := map[string]string{}
		for _, field := range strings.Split(line, "·") {
			field = strings.TrimSpace(field)
			key, value, ok := strings.Cut(field, ":**")
			if !ok || !strings.HasPrefix(key, "**") {
				return nil, fmt.Errorf("metadata field %q is not **Key:** value", field)
			}
			out[strings.TrimPrefix(key, "**")] = strings.TrimSpace(value)
		}
		for _, k := range []string{"Severity", "SDKs", "Status"} {
			if out[k] == "" {
				return nil, fmt.Errorf("metadata line %q has no **%s:**", line, k)
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("no metadata line after the heading")
}

func TestMetadataParser(t *testing.T) {
	m, err := metadata("## x\n\n**Severity:** error · **SDKs:** go-sdk, mark3labs · **Status:** not applicable in Go\n")
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"Severity": "error", "SDKs": "go-sdk, mark3labs", "Status": "not applicable in Go"}, m)

	_, err = metadata("## x\n\nSeverity: error\n")
	assert.Error(t, err)
	_, err = metadata("## x\n\n**Severity:** error · **Status:** implemented\n")
	assert.ErrorContains(t, err, "SDKs")
}

// TestRulesWithFixesDocumentThem: a rule whose fixture directory holds a .golden file offers a
// suggested fix, and its section says what the fix writes (the word "fix" in a sentence about
// it), so a maintainer reviewing `mcplint -fix` output can look the change up.
func TestRulesWithFixesDocumentThem(t *testing.T) {
	cat := analyzers.NewCatalog()
	root := filepath.Join("..", "passes", "testdata")
	withGolden := map[string]bool{}
	require.NoError(t, filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || !strings.HasSuffix(path, ".go.golden") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if parts := strings.Split(filepath.ToSlash(rel), "/"); len(parts) > 2 {
			withGolden[parts[1]] = true
		}
		return nil
	}))
	require.NotEmpty(t, withGolden)
	for id := range withGolden {
		r, ok := cat.Lookup(id)
		if !ok {
			continue // versions/*: modules of several rules
		}
		s, ok := docs.Rule(pageOf(r), id)
		require.True(t, ok, id)
		assert.Regexp(t, `(?i)\bfix\b|suggested fix`, s.Text, "docs/%s:%d: %s offers a fix; say what it writes", s.Page, s.Line, id)
	}
}
