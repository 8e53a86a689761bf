// Package serverjson checks an MCP Registry server.json the way the official
// registry (v1.8.7) and mcp-publisher check it, and more: every finding has a
// stable rule ID, a JSON pointer and the line and column of the offending key.
//
// It is a plain library: Check and CheckFile for the manifest, CheckCode for
// the cross-checks against facts gathered from Go code. No network is used,
// ever; the JSON Schemas are embedded.
package serverjson

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mcplint-go/mcplint/internal/rule/severity"
)

// DefaultMaxBytes is the registry's request body limit (Huma's default of
// 1 MiB, which the publish endpoint does not raise).
const DefaultMaxBytes = 1 << 20

// Options configures a check. The zero value is ready to use.
type Options struct {
	// MaxBytes is the largest input read and parsed; larger input gets one
	// server-json-too-large diagnostic without being parsed. <= 0 means
	// DefaultMaxBytes.
	MaxBytes int64
	// MaxDepth bounds nesting; <= 0 means DefaultMaxDepth.
	MaxDepth int
	// PackageJSONVersion is the "version" of a package.json published
	// alongside (server-json-version-sync). Empty skips the check. CheckFile
	// fills it from a package.json beside the server.json when unset.
	PackageJSONVersion string
}

func (o Options) maxBytes() int64 {
	if o.MaxBytes <= 0 {
		return DefaultMaxBytes
	}
	return o.MaxBytes
}

// Check checks one server.json document and returns its diagnostics sorted by
// position. It never panics on any input.
func Check(data []byte, opts Options) []Diagnostic {
	if int64(len(data)) > opts.maxBytes() {
		return []Diagnostic{tooLarge(int64(len(data)), opts.maxBytes())}
	}
	doc := Parse(data, ParseLimits{MaxDepth: opts.MaxDepth})
	diags := append([]Diagnostic(nil), doc.Findings...)
	if doc.Err != nil {
		diags = append(diags, Diagnostic{Rule: doc.Err.Rule, Severity: severityOf(doc.Err.Rule), Message: doc.Err.Msg, Pos: doc.Err.Pos})
		sortDiagnostics(diags)
		return diags
	}
	c := newChecker(doc.Root, opts)
	c.run()
	diags = append(diags, c.diags...)
	sortDiagnostics(diags)
	return diags
}

// CheckFile reads and checks the server.json at path. The error is for I/O
// problems only; everything about the content is a Diagnostic. A file larger
// than the limit is not read.
func CheckFile(path string, opts Options) ([]Diagnostic, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := opts.maxBytes()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit {
		return []Diagnostic{tooLarge(st.Size(), limit)}, nil
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return []Diagnostic{tooLarge(-1, limit)}, nil
	}
	if opts.PackageJSONVersion == "" {
		opts.PackageJSONVersion = siblingPackageJSONVersion(filepath.Dir(path))
	}
	return Check(data, opts), nil
}

func tooLarge(size, limit int64) Diagnostic {
	what := "the file"
	if size >= 0 {
		what = fmt.Sprintf("the file (%d bytes)", size)
	}
	return Diagnostic{Rule: ruleTooLarge, Severity: severityOf(ruleTooLarge), Pos: Pos{Line: 1, Col: 1},
		Message: fmt.Sprintf("%s is larger than %d bytes; the registry refuses it and mcplint skips it. Check it is the right file", what, limit)}
}

// siblingPackageJSONVersion reads the version of dir/package.json, if any.
func siblingPackageJSONVersion(dir string) string {
	f, err := os.Open(filepath.Join(dir, "package.json"))
	if err != nil {
		return ""
	}
	defer f.Close()
	var pj struct {
		Version string `json:"version"`
	}
	if err := json.NewDecoder(io.LimitReader(f, 4<<20)).Decode(&pj); err != nil {
		return ""
	}
	return pj.Version
}

func sortDiagnostics(d []Diagnostic) {
	sort.SliceStable(d, func(i, j int) bool {
		if d[i].Pos.Offset != d[j].Pos.Offset {
			return d[i].Pos.Offset < d[j].Pos.Offset
		}
		return d[i].Rule < d[j].Rule
	})
}

// checker runs the rules over one parsed document.
type checker struct {
	root  *Node
	opts  Options
	pos   map[string]Pos // pointer -> position of its key (or value)
	diags []Diagnostic
	// placeholders: the release placeholders found, reported as one note.
	placeholders []placeholder
	// schemaVersion is the version whose JSON Schema is applied.
	schemaVersion string
}

func newChecker(root *Node, opts Options) *checker {
	c := &checker{root: root, opts: opts, pos: map[string]Pos{}}
	c.index(root, root.Pos)
	return c
}

func (c *checker) index(n *Node, at Pos) {
	if n == nil {
		return
	}
	c.pos[n.Pointer] = at
	for _, m := range n.Members {
		c.index(m.Value, m.KeyPos)
	}
	for _, e := range n.Elems {
		c.index(e, e.Pos)
	}
}

// posOf returns the position for a pointer: its own key, or for a pointer
// that does not exist (a missing key), the nearest existing ancestor.
func (c *checker) posOf(ptr string) Pos {
	for {
		if p, ok := c.pos[ptr]; ok {
			return p
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			return c.root.Pos
		}
		ptr = ptr[:i]
	}
}

func (c *checker) report(rule, ptr, format string, args ...any) {
	c.diags = append(c.diags, Diagnostic{
		Rule: rule, Severity: severityOf(rule), Pointer: ptr, Pos: c.posOf(ptr),
		Message: fmt.Sprintf(format, args...),
	})
}

func (c *checker) run() {
	if c.root.Kind != KindObject {
		c.report(ruleType, "", "server.json is a JSON %s; the registry rejects it. Write one object describing the server", c.root.Kind)
		return
	}
	c.checkSchemaDeclaration()
	c.checkUnknownKeys()
	c.checkServer()
	c.checkPlaceholders()
	c.checkJSONSchema()
	c.reportPlaceholders()
}

// --- $schema -----------------------------------------------------------

func (c *checker) checkSchemaDeclaration() {
	c.schemaVersion = CurrentSchemaVersion
	current := SchemaURL(CurrentSchemaVersion)
	m := c.root.Get("$schema")
	if m == nil {
		c.report(ruleSchemaMissing, "/$schema", "no $schema; the registry rejects the file. Add \"$schema\": %q", current)
		return
	}
	s, ok := m.Value.String()
	if !ok || strings.TrimSpace(s) == "" {
		c.report(ruleSchemaMissing, "/$schema", "$schema is empty or not a string; the registry rejects it. Set it to %q", current)
		return
	}
	sub := schemaURLVersion.FindStringSubmatch(s)
	if sub == nil {
		c.report(ruleSchemaUnknown, "/$schema", "$schema %q is not a server.json schema URL; the registry rejects it. Use %q", s, current)
		return
	}
	version := sub[1]
	if _, known := compiledSchemas[version]; !known {
		hint := ""
		if version == "draft" {
			hint = " (draft is not for publishing)"
		}
		c.report(ruleSchemaUnknown, "/$schema", "$schema names unknown version %q%s; the registry rejects it. Use %q", version, hint, current)
		return
	}
	c.schemaVersion = version
	switch {
	case version != CurrentSchemaVersion:
		c.report(ruleSchemaOutdated, "/$schema", "$schema is version %s, not the current %s; the registry warns it is outdated. Migrate and set %q", version, CurrentSchemaVersion, current)
	case s != current:
		c.report(ruleSchemaOutdated, "/$schema", "$schema %q is not the canonical URL; the registry warns. Use %q", s, current)
	}
}

// --- JSON Schema ------------------------------------------------------------

func (c *checker) checkJSONSchema() {
	violations, err := validateSchema(c.schemaVersion, c.root)
	if err != nil {
		// Only reachable if an embedded schema failed to compile: a bug in
		// mcplint, reported rather than hidden.
		c.report(ruleSchema, "", "internal error: the embedded %s schema could not be used: %v", c.schemaVersion, err)
		return
	}
	semantic := map[string]bool{}
	for _, d := range c.diags {
		if d.Severity == severity.Error {
			semantic[d.Pointer] = true
		}
	}
	coveredBelow := func(ptr string) bool {
		for p := range semantic {
			if p == ptr || strings.HasPrefix(p, ptr+"/") {
				return true
			}
		}
		return false
	}
	for _, v := range violations {
		switch {
		case v.missing != nil:
			var left []string
			for _, name := range v.missing {
				if !semantic[v.pointer+"/"+escapePointer(name)] {
					left = append(left, name)
				}
			}
			if len(left) == 0 {
				continue
			}
			c.report(ruleSchema, v.pointer, "%s is missing required %s; the registry rejects the file (schema %s)", describePointer(v.pointer), quoteList(left), c.schemaVersion)
		case v.combined:
			if coveredBelow(v.pointer) {
				continue
			}
			c.report(ruleSchema, v.pointer, "%s %s; the registry rejects the file (schema %s)", describePointer(v.pointer), v.message, c.schemaVersion)
		default:
			if semantic[v.pointer] {
				continue
			}
			if n := c.nodeAt(v.pointer); n != nil && n.Kind == KindString {
				if ph := findPlaceholder(n.Str); ph != "" {
					// The schema's complaint is the placeholder's doing: the file is a
					// release template, which the placeholder note says.
					c.placeholderRefused(v.pointer, ph)
					continue
				}
			}
			c.report(ruleSchema, v.pointer, "%s: %s; the registry rejects the file (schema %s)", describePointer(v.pointer), v.message, c.schemaVersion)
		}
	}
}

func (c *checker) nodeAt(ptr string) *Node {
	n := c.root
	if ptr == "" {
		return n
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		switch n.Kind {
		case KindObject:
			n = n.Value(tok)
		case KindArray:
			i := 0
			if _, err := fmt.Sscanf(tok, "%d", &i); err != nil || i < 0 || i >= len(n.Elems) {
				return nil
			}
			n = n.Elems[i]
		default:
			return nil
		}
		if n == nil {
			return nil
		}
	}
	return n
}

func describePointer(ptr string) string {
	if ptr == "" {
		return "the server object"
	}
	return ptr[1:]
}

func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	if len(q) == 1 {
		return "property " + q[0]
	}
	return "properties " + strings.Join(q, ", ")
}

// errNotString is used by field helpers.
var errNotString = errors.New("not a string")

// field returns the string value of key in obj: the member (nil if absent)
// and the value ("" with errNotString if it is not a string).
func field(obj *Node, key string) (*Member, string, error) {
	m := obj.Get(key)
	if m == nil {
		return nil, "", nil
	}
	s, ok := m.Value.String()
	if !ok {
		return m, "", errNotString
	}
	return m, s, nil
}
