package serverjson

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// Release-time placeholders that release workflows substitute (sed, jq,
// envsubst, goreleaser templates) before publishing: ${VERSION}, $VERSION,
// {{VERSION}}, {{ .Version }}, @VERSION@, __VERSION__, PLACEHOLDER_SHA256.
var placeholderRe = regexp.MustCompile(`\bPLACEHOLDER(?:_[A-Z0-9]+)*\b|\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Z_][A-Z0-9_]*|\{\{\s*\.?[A-Za-z_][A-Za-z0-9_.]*\s*\}\}|@[A-Z][A-Z0-9_]*@|__[A-Z][A-Z0-9_]*__`)

// placeholderVersion is the conventional "filled in at release" version.
const placeholderVersion = "0.0.0"

// findPlaceholder returns the first placeholder in s, or "".
func findPlaceholder(s string) string {
	return placeholderRe.FindString(s)
}

func isPlaceholderVersion(v string) bool {
	return v == placeholderVersion || findPlaceholder(v) != ""
}

// substitutePlaceholders replaces placeholders with a plausible version so the
// rest of a value (an image reference, a URL) can still be checked.
func substitutePlaceholders(s string) string {
	return placeholderRe.ReplaceAllString(s, "1.0.0")
}

// placeholder is one release placeholder found in the file.
type placeholder struct {
	pointer, what, value, text string
	// refused: the registry's schema rejects the field while it holds the placeholder.
	refused bool
}

// checkPlaceholders collects each release placeholder in the fields a release
// step fills in: the versions, package identifiers and file hashes. Placeholders
// elsewhere are added by the schema check when the schema rejects them.
func (c *checker) checkPlaceholders() {
	c.placeholderIn(c.root.Value("version"), "version")
	packages := c.root.Value("packages")
	if packages == nil || packages.Kind != KindArray {
		return
	}
	for _, p := range packages.Elems {
		if p.Kind != KindObject {
			continue
		}
		c.placeholderIn(p.Value("version"), "package version")
		c.placeholderIn(p.Value("identifier"), "package identifier")
		c.placeholderIn(p.Value("fileSha256"), "package fileSha256")
	}
}

func (c *checker) placeholderIn(n *Node, what string) {
	s, ok := n.String()
	if !ok {
		return
	}
	ph := findPlaceholder(s)
	if ph == "" {
		if s == placeholderVersion || strings.HasSuffix(s, ":"+placeholderVersion) {
			ph = placeholderVersion
		} else {
			return
		}
	}
	c.placeholders = append(c.placeholders, placeholder{pointer: n.Pointer, what: what, value: s, text: ph})
}

// placeholderRefused records that the schema rejects the value at ptr because
// of its placeholder: a template is not a schema error, so the one placeholder
// note says it instead.
func (c *checker) placeholderRefused(ptr, ph string) {
	for i := range c.placeholders {
		if c.placeholders[i].pointer == ptr {
			c.placeholders[i].refused = true
			return
		}
	}
	c.placeholders = append(c.placeholders, placeholder{pointer: ptr, what: describePointer(ptr), value: ph, text: ph, refused: true})
}

// reportPlaceholders makes one note for the whole file, at its first
// placeholder: the file is a release template, and the note says what the
// registry would refuse if it were published as committed.
func (c *checker) reportPlaceholders() {
	if len(c.placeholders) == 0 {
		return
	}
	sort.SliceStable(c.placeholders, func(i, j int) bool {
		return c.posOf(c.placeholders[i].pointer).Offset < c.posOf(c.placeholders[j].pointer).Offset
	})
	first := c.placeholders[0]
	var refused *placeholder
	for i := range c.placeholders {
		if c.placeholders[i].refused {
			refused = &c.placeholders[i]
			break
		}
	}
	holds := fmt.Sprintf("%s %q holds placeholder %q", first.what, first.value, first.text)
	if first.value == first.text {
		holds = fmt.Sprintf("%s is the release placeholder %q", first.what, first.text)
	}
	if n := len(c.placeholders); n > 1 {
		holds = fmt.Sprintf("%d release placeholders, first %s %q", n, first.what, first.value)
	}
	switch {
	case refused != nil:
		c.report(ruleReleasePlaceholder, first.pointer, "%s; the registry refuses %s unsubstituted. Substitute before publishing", holds, refused.what)
	case len(c.placeholders) > 1:
		c.report(ruleReleasePlaceholder, first.pointer, "%s; the registry would publish them literally. Substitute them first", holds)
	default:
		c.report(ruleReleasePlaceholder, first.pointer, "%s; the registry would publish it literally. Substitute it first", holds)
	}
}
