// Package fix merges the suggested fixes of a run into new file contents, and shows them as
// unified diffs or writes them back.
//
// A finding is fixed only when it offers exactly one fix: when an analyzer offers several,
// choosing is the author's call. Fixes are merged in finding order; a fix whose edits overlap
// an earlier one (and are not identical to it) is skipped whole, never half-applied.
package fix

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"slices"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// File is one file the plan changes.
type File struct {
	Name     string // absolute
	Old, New []byte
}

// Skip is a finding whose fix is not in the plan, and why.
type Skip struct {
	Finding result.Finding
	Reason  string
}

// Plan is the merged effect of the fixes.
type Plan struct {
	Files   []File // sorted by name
	Fixed   []result.Finding
	Skipped []Skip
}

// ReadFile reads a file's current contents.
type ReadFile func(name string) ([]byte, error)

// Build merges the single suggested fix of each finding that has one.
func Build(findings []result.Finding, read ReadFile) *Plan {
	p := &Plan{}
	baseline := map[string][]byte{}
	readErr := map[string]error{}
	accumulated := map[string][]udiff.Edit{}
	formatted := map[string]bool{}

	load := func(e result.Edit) ([]byte, error) {
		if err, ok := readErr[e.File]; ok {
			return nil, err
		}
		if b, ok := baseline[e.File]; ok {
			return b, nil
		}
		b, err := read(e.File)
		if err == nil && e.FileSize != len(b) {
			err = fmt.Errorf("%s changed since mcplint read it (size %d, now %d); run mcplint again", e.File, e.FileSize, len(b))
		}
		if err != nil {
			readErr[e.File] = err
			return nil, err
		}
		baseline[e.File] = b
		if strings.HasSuffix(e.File, ".go") {
			// Reformat after fixing only files that were gofmt-clean, so that a fix never
			// buries itself in unrelated formatting changes.
			if f, err := format.Source(b); err == nil && bytes.Equal(f, b) {
				formatted[e.File] = true
			}
		}
		return b, nil
	}

next:
	for _, f := range findings {
		switch len(f.Fixes) {
		case 0:
			continue
		case 1:
		default:
			p.Skipped = append(p.Skipped, Skip{f, fmt.Sprintf("it offers %d alternative fixes; apply the one you want by hand", len(f.Fixes))})
			continue
		}
		edits := map[string][]udiff.Edit{}
		for _, e := range f.Fixes[0].Edits {
			src, err := load(e)
			if err != nil {
				p.Skipped = append(p.Skipped, Skip{f, err.Error()})
				continue next
			}
			if e.Start.Offset < 0 || e.Start.Offset > e.End.Offset || e.End.Offset > len(src) {
				p.Skipped = append(p.Skipped, Skip{f, fmt.Sprintf("its edit %d:%d lies outside %s", e.Start.Offset, e.End.Offset, e.File)})
				continue next
			}
			edits[e.File] = append(edits[e.File], udiff.Edit{Start: e.Start.Offset, End: e.End.Offset, New: e.NewText})
		}
		merged := map[string][]udiff.Edit{}
		for file, es := range edits {
			udiff.SortEdits(es)
			m, ok := udiff.Merge(accumulated[file], es)
			if !ok {
				p.Skipped = append(p.Skipped, Skip{f, "its edits overlap another fix; run mcplint -fix again to apply it on top of the others"})
				continue next
			}
			merged[file] = m
		}
		for file, m := range merged {
			accumulated[file] = m
		}
		p.Fixed = append(p.Fixed, f)
	}

	names := make([]string, 0, len(accumulated))
	for name := range accumulated {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		old := baseline[name]
		updated, err := udiff.ApplyBytes(old, accumulated[name])
		if err != nil {
			// Merge only produces ordered, non-overlapping edits within bounds.
			panic(fmt.Sprintf("fix: merged edits for %s do not apply: %v", name, err))
		}
		if strings.HasSuffix(name, ".go") {
			updated = dropUnusedImports(old, updated)
		}
		if formatted[name] {
			if f, err := format.Source(updated); err == nil {
				updated = f
			}
		}
		if !bytes.Equal(old, updated) {
			p.Files = append(p.Files, File{Name: name, Old: old, New: updated})
		}
	}
	return p
}

// Diff renders the plan as unified diffs, naming each file by label(name) (a path relative
// to the working directory, say) with git's a/ and b/ prefixes.
func (p *Plan) Diff(label func(string) string) string {
	var b strings.Builder
	for _, f := range p.Files {
		name := label(f.Name)
		b.WriteString(udiff.Unified("a/"+name, "b/"+name, string(f.Old), string(f.New)))
	}
	return b.String()
}

// Write writes every changed file back in place, keeping its permissions, and stops at the
// first failure.
func (p *Plan) Write() error {
	for _, f := range p.Files {
		info, err := os.Stat(f.Name)
		if err != nil {
			return fmt.Errorf("writing fix: %w", err)
		}
		current, err := os.ReadFile(f.Name)
		if err != nil {
			return fmt.Errorf("writing fix: %w", err)
		}
		if !bytes.Equal(current, f.Old) {
			return fmt.Errorf("writing fix: %s changed while mcplint ran; run mcplint -fix again", f.Name)
		}
		if err := os.WriteFile(f.Name, f.New, info.Mode().Perm()); err != nil {
			return fmt.Errorf("writing fix: %w", err)
		}
	}
	return nil
}
