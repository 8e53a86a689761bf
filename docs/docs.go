// Package docs embeds mcplint's documentation pages (one per rule family, one level-2 section
// per rule, headed by exactly the rule ID) so that the command can print a rule's section
// offline (`mcplint explain RULE`) and put it into SARIF help text.
package docs

import (
	"bytes"
	"embed"
	"io/fs"
	"slices"
	"strings"
)

//go:embed *.md
var files embed.FS

// Section is one level-2 section of a page.
type Section struct {
	// Heading is the heading text without the leading "## ".
	Heading string
	// Page is the page's file name, e.g. "directives.md".
	Page string
	// Line is the 1-based line of the heading in the page.
	Line int
	// Text is the section in Markdown, from its heading up to (not including) the next heading
	// of level 1 or 2, without trailing blank lines.
	Text string
}

// Pages lists the embedded page names, sorted.
func Pages() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	slices.Sort(names)
	return names
}

// Page returns a page's Markdown.
func Page(name string) (string, bool) {
	b, err := files.ReadFile(name)
	if err != nil {
		return "", false
	}
	return string(b), true
}

// Sections returns the level-2 sections of a page in order; nil when there is no such page.
func Sections(page string) []Section {
	text, ok := Page(page)
	if !ok {
		return nil
	}
	return Split(page, text)
}

// Headings returns the level-2 headings of a page in order, as Sections cuts them, without
// building the sections: the catalog orders each family's rules by its page on every run.
func Headings(page string) []string {
	b, err := files.ReadFile(page)
	if err != nil {
		return nil
	}
	var out []string
	var fence []byte
	for len(b) > 0 {
		end := bytes.IndexByte(b, '\n')
		if end < 0 {
			end = len(b)
		}
		line := bytes.TrimSuffix(b[:end], []byte("\r"))
		b = b[min(end+1, len(b)):]
		trimmed := bytes.TrimSpace(line)
		switch {
		case fence != nil:
			if bytes.HasPrefix(trimmed, fence) {
				fence = nil
			}
		case bytes.HasPrefix(trimmed, []byte("```")) || bytes.HasPrefix(trimmed, []byte("~~~")):
			fence = trimmed[:3]
		case len(line) > 0 && line[0] == '#' && headingLevel(string(line)) == 2:
			out = append(out, string(bytes.TrimSpace(bytes.TrimLeft(line, "#"))))
		}
	}
	return out
}

// Rule returns the section of a rule on a page: the level-2 heading that is exactly id.
func Rule(page, id string) (Section, bool) {
	for _, s := range Sections(page) {
		if s.Heading == id {
			return s, true
		}
	}
	return Section{}, false
}

// Split cuts Markdown into its level-2 sections. Lines inside fenced code blocks are never
// headings, so a "## " in an example does not start a section.
func Split(page, text string) []Section {
	var (
		out     []Section
		cur     *Section
		body    []string
		fence   string
		flushed = func() {
			if cur != nil {
				for len(body) > 0 && strings.TrimSpace(body[len(body)-1]) == "" {
					body = body[:len(body)-1]
				}
				cur.Text = strings.Join(body, "\n")
				out = append(out, *cur)
				cur, body = nil, nil
			}
		}
	)
	for i, line := range strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		trimmed := strings.TrimSpace(line)
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
		} else if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
		} else if level := headingLevel(line); level == 1 || level == 2 {
			flushed()
			if level == 2 {
				cur = &Section{Heading: strings.TrimSpace(strings.TrimLeft(line, "#")), Page: page, Line: i + 1}
			}
		}
		if cur != nil {
			body = append(body, line)
		}
	}
	flushed()
	return out
}

// headingLevel is the level of an ATX heading line ("## x" is 2), or 0.
func headingLevel(line string) int {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (n < len(line) && line[n] != ' ' && line[n] != '\t') {
		return 0
	}
	return n
}
