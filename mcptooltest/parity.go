// Package mcptooltest checks mcptool definitions in tests: that Format shows
// every field of the output (format parity), and that each declared error
// reaches the client in the documented wire shape.
package mcptooltest

import (
	"reflect"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

// TB is the part of testing.TB the checks use, so they can be tested too.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Logf(format string, args ...any)
}

// ParityOption configures CheckFormatParity.
type ParityOption func(*parityConfig)

type parityConfig struct {
	maxVariants int
}

// DefaultMaxVariants bounds how many extra renderings CheckFormatParity
// makes (enum and bool values, emptied optional fields).
const DefaultMaxVariants = 64

// WithMaxVariants sets the bound on extra renderings.
func WithMaxVariants(n int) ParityOption {
	return func(c *parityConfig) { c.maxVariants = n }
}

// CheckFormatParity fails t for every field of tool's output that Format
// does not show. Clients differ in which surface they read: some show only
// content[] (Format's text), some only structuredContent; a field missing
// from the text is invisible to the first kind.
//
// It builds a sample output by reflection with a distinct sentinel in every
// leaf (two elements per slice, one entry per map), renders it once and
// looks for each sentinel, delimited so "sntl_id" is not found inside
// "sntl_idType" and numbers are recognised with thousands separators. Enum
// values (mcptool.Enum) and bools are rendered once per value, and must
// render differently. Optional fields (pointers, slices, maps, omitempty)
// are emptied all at once and one by one, and Format must not panic. The
// extra renderings are bounded by WithMaxVariants; what the bound or the
// types leave unchecked is logged.
//
// With a nil Format the text is the output's JSON, so parity holds and the
// check only logs.
func CheckFormatParity[In, Out any](t TB, tool mcptool.Tool[In, Out], opts ...ParityOption) {
	t.Helper()
	cfg := parityConfig{maxVariants: DefaultMaxVariants}
	for _, o := range opts {
		o(&cfg)
	}
	if tool.Format == nil {
		t.Logf("mcptooltest: tool %q has no Format: its text is the output's JSON, so every field is shown", tool.Name)
		return
	}
	outType := reflect.TypeFor[Out]()
	render := func(v reflect.Value) (text string, panicked any) {
		defer func() {
			if p := recover(); p != nil {
				panicked = p
			}
		}()
		return contentText(tool.Format(v.Interface().(Out))), nil
	}

	s := newSampler()
	base := s.build(outType)
	text, p := render(base)
	if p != nil {
		t.Errorf("mcptooltest: tool %q: Format panicked on a fully populated output: %v; the client would get an internal error instead of the result", tool.Name, p)
		return
	}
	for _, l := range s.leaves {
		if l.choices == nil && !l.match(text) {
			t.Errorf("mcptooltest: tool %q: Format does not show %s (sample value %q); clients that read only content[] never see it, so render it in Format", tool.Name, l.path, l.shown)
		}
	}

	budget := cfg.maxVariants
	var unchecked []string
	for _, l := range s.leaves {
		if l.choices == nil {
			continue
		}
		if budget < len(l.choices)-1 {
			unchecked = append(unchecked, l.path)
			continue
		}
		budget -= len(l.choices) - 1
		texts := []string{text}
		for _, c := range l.choices[1:] {
			s.override = map[string]reflect.Value{l.path: c}
			vt, p := render(s.build(outType))
			if p != nil {
				t.Errorf("mcptooltest: tool %q: Format panicked with %s = %v: %v; the client would get an internal error", tool.Name, l.path, c.Interface(), p)
			}
			texts = append(texts, vt)
		}
		s.override = nil
		reportSameRenderings(t, tool.Name, l, texts)
	}

	// Optional fields emptied, all together and one by one.
	s.emptyAll = true
	if _, p := render(s.build(outType)); p != nil {
		t.Errorf("mcptooltest: tool %q: Format panicked when every optional field is empty: %v; a sparse result would reach the client as an internal error", tool.Name, p)
	}
	s.emptyAll = false
	for _, path := range append([]string(nil), s.optionals...) {
		if budget == 0 {
			unchecked = append(unchecked, path+" (empty)")
			continue
		}
		budget--
		s.empty = map[string]bool{path: true}
		if _, p := render(s.build(outType)); p != nil {
			t.Errorf("mcptooltest: tool %q: Format panicked when %s is empty: %v; handle the nil or empty case", tool.Name, path, p)
		}
	}
	s.empty = nil

	if len(unchecked) > 0 {
		t.Logf("mcptooltest: tool %q: variant budget (%d) exhausted; not checked: %s", tool.Name, cfg.maxVariants, strings.Join(unchecked, ", "))
	}
	if len(s.skipped) > 0 {
		t.Logf("mcptooltest: tool %q: not sampled: %s", tool.Name, strings.Join(sortedCopy(s.skipped), ", "))
	}
}

// reportSameRenderings fails when two values of a choice leaf render alike:
// the text then cannot tell the client which one the output holds.
func reportSameRenderings(t TB, tool string, l *leaf, texts []string) {
	t.Helper()
	for i := 0; i < len(texts); i++ {
		for j := i + 1; j < len(texts); j++ {
			if texts[i] == texts[j] {
				t.Errorf("mcptooltest: tool %q: Format renders %s = %s and %s = %s identically; clients that read only content[] cannot tell them apart, so render the value",
					tool, l.path, l.names[i], l.path, l.names[j])
			}
		}
	}
}

// contentText is what a text-only client sees of content.
func contentText(content []mcp.Content) string {
	var parts []string
	for _, c := range content {
		switch c := c.(type) {
		case *mcp.TextContent:
			parts = append(parts, c.Text)
		case *mcp.EmbeddedResource:
			if c.Resource != nil {
				parts = append(parts, c.Resource.URI, c.Resource.Text)
			}
		case *mcp.ResourceLink:
			parts = append(parts, c.URI, c.Name, c.Title, c.Description)
		}
	}
	return strings.Join(parts, "\n")
}
