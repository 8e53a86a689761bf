package engine

import (
	"go/token"
	"path/filepath"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/mcplint-go/mcplint/internal/driver/result"
)

// positioner turns token positions into the positions users see. Positions are read without
// //line adjustment, so that offsets match the bytes of the file on disk (fixes and SARIF
// columns need them), except in the files cgo generates from a user's file: the code is
// the user's, but the file is a translation in the build cache, so a position there is
// reported where its //line comments point, in the user's file.
type positioner struct {
	fset *token.FileSet
	read func(string) ([]byte, error) // Options.readFile
	// cgo holds the generated files of packages that use cgo.
	cgo map[string]bool
	// clauses are the package clauses of the first files of packages whose syntax was
	// released, where internal errors are reported.
	clauses map[*packages.Package]token.Pos

	mu    sync.Mutex
	lines map[string][]int // line start offsets of user files, read on demand
}

func newPositioner(fset *token.FileSet, pkgs []*packages.Package, read func(string) ([]byte, error)) *positioner {
	p := &positioner{fset: fset, read: read, cgo: map[string]bool{}, lines: map[string][]int{}}
	for _, pkg := range pkgs {
		own := map[string]bool{}
		for _, f := range pkg.GoFiles {
			own[filepath.Clean(f)] = true
		}
		for _, f := range pkg.CompiledGoFiles {
			if !own[filepath.Clean(f)] {
				p.cgo[f] = true
			}
		}
	}
	return p
}

// translated reports whether pos lies in a file cgo generated.
func (p *positioner) translated(pos token.Pos) bool {
	return pos.IsValid() && p.cgo[p.fset.PositionFor(pos, false).Filename]
}

func (p *positioner) position(pos token.Pos) result.Position {
	if !pos.IsValid() {
		return result.Position{}
	}
	raw := p.fset.PositionFor(pos, false)
	if !p.cgo[raw.Filename] {
		return result.Position{File: raw.Filename, Line: raw.Line, Column: raw.Column, Offset: raw.Offset}
	}
	adj := p.fset.PositionFor(pos, true)
	return result.Position{File: adj.Filename, Line: adj.Line, Column: adj.Column, Offset: p.offset(adj)}
}

// offset is the byte offset of a line and column in a user's file, or 0 when the file
// cannot be read.
func (p *positioner) offset(at token.Position) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	starts, ok := p.lines[at.Filename]
	if !ok {
		if data, err := p.read(at.Filename); err == nil {
			starts = []int{0}
			for i, c := range data {
				if c == '\n' {
					starts = append(starts, i+1)
				}
			}
		}
		p.lines[at.Filename] = starts
	}
	if at.Line < 1 || at.Line > len(starts) {
		return 0
	}
	return starts[at.Line-1] + max(at.Column-1, 0)
}
