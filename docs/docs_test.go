package docs

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSplitCutsAtLevelTwoHeadingsOutsideFences(t *testing.T) {
	text := "# Title\n\nintro\n\n## first-rule\n\nbody one\n\n```md\n## not-a-heading\n```\n\n### sub\n\nmore\n\n\n## second-rule\nbody two\n# Appendix\n\ntrailing\n"
	got := Split("p.md", text)
	require.Len(t, got, 2)

	assert.Equal(t, "first-rule", got[0].Heading)
	assert.Equal(t, 5, got[0].Line)
	assert.Equal(t, "## first-rule\n\nbody one\n\n```md\n## not-a-heading\n```\n\n### sub\n\nmore", got[0].Text)

	assert.Equal(t, "second-rule", got[1].Heading)
	assert.Equal(t, "## second-rule\nbody two", got[1].Text, "a level-1 heading ends the section")
}

func TestSplitTildeFenceAndCRLF(t *testing.T) {
	got := Split("p.md", "## a\r\n~~~\r\n## b\r\n~~~\r\n## c\r\n")
	require.Len(t, got, 2)
	assert.Equal(t, "a", got[0].Heading)
	assert.Equal(t, "## a\n~~~\n## b\n~~~", got[0].Text)
	assert.Equal(t, "c", got[1].Heading)
}

func TestHeadingLevel(t *testing.T) {
	for line, want := range map[string]int{
		"## x": 2, "# x": 1, "### x": 3, "##x": 0, "x ## y": 0, "": 0, "##": 2, "####### x": 0,
	} {
		assert.Equal(t, want, headingLevel(line), "%q", line)
	}
}

func TestRuleFindsEmbeddedSection(t *testing.T) {
	s, ok := Rule("directives.md", "ignore-unused")
	require.True(t, ok)
	assert.Equal(t, "directives.md", s.Page)
	assert.Contains(t, s.Text, "**Severity:** warning")
	assert.NotContains(t, s.Text, "## ignore-reason-required", "a section stops at the next level-2 heading")

	_, ok = Rule("directives.md", "no-such-rule")
	assert.False(t, ok)
	_, ok = Rule("no-such-page.md", "ignore-unused")
	assert.False(t, ok)
	assert.Contains(t, Pages(), "directives.md")
}

// Headings is Sections' headings, read without building the sections.
func TestHeadingsAreSectionsHeadings(t *testing.T) {
	for _, page := range Pages() {
		var want []string
		for _, s := range Sections(page) {
			want = append(want, s.Heading)
		}
		assert.Equal(t, want, Headings(page), page)
	}
	assert.Nil(t, Headings("no-such-page.md"))
}
