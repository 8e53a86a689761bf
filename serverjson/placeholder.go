package serverjson

import (
	"fmt"
	"regexp"
	"strings"
)

// Release-time placeholders that release workflows substitute (sed, jq,
// envsubst, goreleaser templates) before publishing: ${VERSION}, $VERSION,
// {{VERSION}}, {{ .Version }}, @VERSION@, __VERSION__.
var placeholderRe = regexp.MustCompile(`\$\{[A-Za-z_][A-Za-z0-9_]*\}|\$[A-Z_][A-Z0-9_]*|\{\{\s*\.?[A-Za-z_][A-Za-z0-9_.]*\s*\}\}|@[A-Z][A-Z0-9_]*@|__[A-Z][A-Z0-9_]*__`)

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

// checkPlaceholders reports each release placeholder in the fields a release
// step fills in: the versions, package identifiers and file hashes.
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
	holds := fmt.Sprintf("%s %q holds placeholder %q", what, s, ph)
	if s == ph {
		holds = fmt.Sprintf("%s is the release placeholder %q", what, ph)
	}
	c.report(ruleReleasePlaceholder, n.Pointer, "%s; the registry would publish it literally. Substitute it first", holds)
}
