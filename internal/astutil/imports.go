package astutil

import (
	"go/ast"
	"strconv"
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
