// Package output writes a result.Report in each of mcplint's formats: text for people, JSON
// for scripts, SARIF 2.1.0 for code-scanning services, and GitHub Actions workflow commands
// for annotations on pull requests. Every writer is a pure function of the report.
package output

import (
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcplint-go/mcplint/internal/driver/result"
	"github.com/mcplint-go/mcplint/internal/rule"
)

// Format names an output format.
type Format string

// The formats mcplint writes its findings in.
const (
	Text   Format = "text"
	JSON   Format = "json"
	SARIF  Format = "sarif"
	GitHub Format = "github"
)

// Formats lists every format, for help text and validation.
var Formats = []Format{Text, JSON, SARIF, GitHub}

// ParseFormat accepts a format name as a user types it.
func ParseFormat(s string) (Format, error) {
	for _, f := range Formats {
		if strings.EqualFold(s, string(f)) {
			return f, nil
		}
	}
	if strings.EqualFold(s, "github-actions") {
		return GitHub, nil
	}
	return "", fmt.Errorf("unknown output format %q (want text, json, sarif or github)", s)
}

// Options are what the writers need besides the report.
type Options struct {
	// Dir is the directory paths are shown relative to: the working directory.
	Dir string
	// ToolVersion is mcplint's version, for SARIF.
	ToolVersion string
	// ReadFile reads source files, for SARIF's UTF-16 columns; nil means os.ReadFile.
	ReadFile func(string) ([]byte, error)
	// ListFrom is the lowest severity the text format lists finding by finding; below it, one
	// line counts the findings per rule. The zero value (info) lists everything. The other
	// formats are read by programs and always carry every finding.
	ListFrom rule.Severity
}

// Write writes r to w in format f.
func Write(w io.Writer, f Format, r *result.Report, o Options) error {
	switch f {
	case Text:
		return WriteText(w, r, o)
	case JSON:
		return WriteJSON(w, r, o)
	case SARIF:
		return WriteSARIF(w, r, o)
	case GitHub:
		return WriteGitHub(w, r, o)
	}
	return fmt.Errorf("unknown output format %q", f)
}

// relPath is name relative to dir when name lies inside dir, else name unchanged.
func relPath(dir, name string) string {
	if dir == "" || name == "" {
		return name
	}
	rel, err := filepath.Rel(dir, name)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return name
	}
	return rel
}

// RelPath is the path shown for name: relative to dir when inside it.
func RelPath(dir, name string) string { return relPath(dir, name) }

// fileURI is the SARIF artifact location of name: relative to %SRCROOT% (dir) when inside it,
// an absolute file URI otherwise.
func fileURI(dir, name string) (uri, base string) {
	rel := relPath(dir, name)
	if rel != name || !filepath.IsAbs(name) {
		return (&url.URL{Path: filepath.ToSlash(rel)}).EscapedPath(), srcRoot
	}
	return dirURI(name, false), ""
}

// dirURI is the file:// URI of an absolute path; with slash, ending in "/" as SARIF requires
// of a base URI.
func dirURI(path string, slash bool) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows: C:/x -> /C:/x
	}
	if slash && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

func readFileFunc(o Options) func(string) ([]byte, error) {
	if o.ReadFile != nil {
		return o.ReadFile
	}
	return os.ReadFile
}
