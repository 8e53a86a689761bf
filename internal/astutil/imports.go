package astutil

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// ImportName is the name file uses for the package at path ("" when not imported by name).
func ImportName(file *ast.File, path, defaultName string) string {
	for _, imp := range file.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p != path {
			continue
		}
		if imp.Name != nil {
			if imp.Name.Name == "_" || imp.Name.Name == "." {
				return ""
			}
			return imp.Name.Name
		}
		return defaultName
	}
	return ""
}

// TestSupport reports whether the code at pos is test support, never what a server ships: a
// _test.go file, or a file of the package's own that imports "testing" (test helpers that
// build a handler to drive the server in tests, github-mcp-go's test_helpers.go).
func TestSupport(fset *token.FileSet, files []*ast.File, pos token.Pos) bool {
	if strings.HasSuffix(fset.PositionFor(pos, false).Filename, "_test.go") {
		return true
	}
	f := FileOf(files, pos)
	if f == nil {
		return false
	}
	for _, imp := range f.Imports {
		if p, err := strconv.Unquote(imp.Path.Value); err == nil && p == "testing" {
			return true
		}
	}
	return false
}
