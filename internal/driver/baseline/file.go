package baseline

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// Version is the baseline file format's version.
const Version = 1

// File is a committed baseline: the findings a team accepted.
type File struct {
	Version int `json:"version"`
	// Findings are sorted by file, rule and hash so that the file diffs well in review.
	Findings []Entry `json:"findings"`
}

// Entry is one accepted finding, or several identical ones (same rule, file and line text).
// Message is for the reader of the file; it is not part of the key, so rewording a message
// does not resurface the finding.
type Entry struct {
	Rule    string `json:"rule"`
	File    string `json:"file"` // slash-separated, relative to the baseline file's directory
	Hash    string `json:"hash"`
	Count   int    `json:"count,omitempty"` // how many findings share the key; 0 means 1
	Message string `json:"message"`
	// In names the declaration (function, method, or package-level var) each accepted finding
	// sits in, when it sits in one. Not part of the key: when a file has more findings with the
	// key than were accepted (a defect copied), the ones in these declarations are the accepted
	// ones and the copy is reported, wherever it was pasted.
	In []string `json:"in,omitempty"`
}

type key struct{ rule, file, hash string }

// keyer computes findings' keys, reading each source file once.
type keyer struct {
	root  string // the baseline file's directory
	files map[string][][]byte
	decls map[string][]declSpan
}

// declSpan is a top-level declaration's extent in a file, by byte offset.
type declSpan struct {
	name       string
	start, end int
}

func newKeyer(baselinePath string) *keyer {
	root, _ := filepath.Abs(filepath.Dir(baselinePath))
	return &keyer{root: root, files: map[string][][]byte{}, decls: map[string][]declSpan{}}
}

// in is the name of the top-level declaration holding the finding ("Type.Method", "Func",
// "var name"), or "" when there is none or the file does not parse.
func (k *keyer) in(f result.Finding) string {
	if !f.Pos.IsValid() || !strings.HasSuffix(f.Pos.File, ".go") {
		return ""
	}
	spans, ok := k.decls[f.Pos.File]
	if !ok {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, f.Pos.File, nil, parser.SkipObjectResolution)
		if err == nil {
			for _, d := range file.Decls {
				name := ""
				switch d := d.(type) {
				case *ast.FuncDecl:
					name = d.Name.Name
					if d.Recv != nil && len(d.Recv.List) == 1 {
						name = types.ExprString(d.Recv.List[0].Type) + "." + name
					}
				case *ast.GenDecl:
					for _, sp := range d.Specs {
						if vs, ok := sp.(*ast.ValueSpec); ok && len(vs.Names) > 0 {
							name = d.Tok.String() + " " + vs.Names[0].Name
							break
						}
					}
				}
				if name != "" {
					spans = append(spans, declSpan{name, fset.Position(d.Pos()).Offset, fset.Position(d.End()).Offset})
				}
			}
		}
		k.decls[f.Pos.File] = spans
	}
	for _, s := range spans {
		if s.start <= f.Pos.Offset && f.Pos.Offset < s.end {
			return s.name
		}
	}
	return ""
}

// key identifies a finding without its line number: its rule, its file, and a hash of its
// source line with the indentation trimmed. A finding with no position is keyed on its
// package and message.
func (k *keyer) key(f result.Finding) key {
	if !f.Pos.IsValid() {
		return key{f.Rule, "", digest([]byte(f.Package + "\x00" + f.Message))}
	}
	lines, ok := k.files[f.Pos.File]
	if !ok {
		data, _ := os.ReadFile(f.Pos.File) // unreadable: keyed on an empty line, never matched wrongly for long
		lines = bytes.Split(data, []byte("\n"))
		k.files[f.Pos.File] = lines
	}
	var text []byte
	if f.Pos.Line-1 < len(lines) {
		text = bytes.TrimSpace(lines[f.Pos.Line-1])
	}
	return key{f.Rule, k.rel(f.Pos.File), digest(text)}
}

func (k *keyer) rel(path string) string {
	if r, err := filepath.Rel(k.root, path); err == nil {
		return filepath.ToSlash(r)
	}
	return filepath.ToSlash(path)
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:8])
}

// Build makes the baseline of the findings, for a file at path.
func Build(path string, findings []result.Finding) *File {
	k := newKeyer(path)
	index := map[key]int{}
	b := &File{Version: Version, Findings: []Entry{}}
	for _, f := range findings {
		fk := k.key(f)
		if i, ok := index[fk]; ok {
			b.Findings[i].Count = max(b.Findings[i].Count, 1) + 1
			b.Findings[i].In = append(b.Findings[i].In, k.in(f))
			continue
		}
		index[fk] = len(b.Findings)
		b.Findings = append(b.Findings, Entry{Rule: fk.rule, File: fk.file, Hash: fk.hash, Message: f.Message, In: []string{k.in(f)}})
	}
	for i := range b.Findings {
		// Only worth keeping where it can tell findings apart.
		if !slices.ContainsFunc(b.Findings[i].In, func(s string) bool { return s != "" }) {
			b.Findings[i].In = nil
		}
	}
	slices.SortFunc(b.Findings, func(a, b Entry) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Rule, b.Rule), cmp.Compare(a.Hash, b.Hash))
	})
	return b
}

// Write writes the baseline to path as indented JSON.
func (b *File) Write(path string) error {
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// Read reads a baseline file.
func Read(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var b File
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("%s is not an mcplint baseline: %v", path, err)
	}
	if b.Version != Version {
		return nil, fmt.Errorf("%s: baseline version %d, this mcplint reads version %d; write it again with -baseline-write", path, b.Version, Version)
	}
	for i, e := range b.Findings {
		if e.Rule == "" || e.Hash == "" || e.Count < 0 {
			return nil, fmt.Errorf("%s: finding %d needs a rule, a hash and a count that is not negative", path, i)
		}
	}
	return &b, nil
}

// Filter drops the findings the baseline accepts: for each key, as many findings as the
// baseline counted. When the code now has more findings with one key than the baseline (a
// line copied with its defect), the extra ones, last in file order, are reported.
func (b *File) Filter(path string, findings []result.Finding) (kept []result.Finding, suppressed int) {
	k := newKeyer(path)
	budget := map[key]int{}
	accepted := map[key]map[string]int{} // per key, how many accepted findings each declaration held
	for _, e := range b.Findings {
		fk := key{e.Rule, strings.TrimPrefix(e.File, "./"), e.Hash}
		budget[fk] += max(e.Count, 1)
		for _, in := range e.In {
			if accepted[fk] == nil {
				accepted[fk] = map[string]int{}
			}
			accepted[fk][in]++
		}
	}
	keys := make([]key, len(findings))
	seen := map[key]int{}
	for i, f := range findings {
		keys[i] = k.key(f)
		seen[keys[i]]++
	}
	// Where a key has more findings than the baseline accepted, the accepted ones are those in
	// the declarations the baseline names: pass one takes them, pass two spends what is left
	// of the budget in order.
	suppress := make([]bool, len(findings))
	for i, f := range findings {
		fk := keys[i]
		if seen[fk] <= budget[fk] || accepted[fk] == nil {
			continue
		}
		if in := k.in(f); accepted[fk][in] > 0 && budget[fk] > 0 {
			accepted[fk][in]--
			budget[fk]--
			suppress[i] = true
		}
	}
	for i := range findings {
		if !suppress[i] && budget[keys[i]] > 0 {
			budget[keys[i]]--
			suppress[i] = true
		}
	}
	for i, f := range findings {
		if suppress[i] {
			suppressed++
			continue
		}
		kept = append(kept, f)
	}
	return kept, suppressed
}
