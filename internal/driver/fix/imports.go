package fix

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"strconv"
	"strings"
)

// dropUnusedImports deletes from updated the import specs whose last use the fixes removed:
// a package named in old (as pkg.Name) and no longer in updated. Imports old did not use by
// the name guessed from their path, blank and dot imports are left alone, so the deletion is
// never wrong where the guess is; a build of the fixed server is the check for the rest.
func dropUnusedImports(old, updated []byte) []byte {
	fset := token.NewFileSet()
	oldFile, err := parser.ParseFile(fset, "", old, parser.SkipObjectResolution)
	if err != nil {
		return updated
	}
	newFile, err := parser.ParseFile(fset, "", updated, parser.SkipObjectResolution)
	if err != nil {
		return updated
	}
	before, after := qualifiers(oldFile), qualifiers(newFile)
	tf := fset.File(newFile.Pos())
	type span struct{ start, end int }
	var drop []span
	for _, spec := range newFile.Imports {
		name := importName(spec)
		if name == "" || !before[name] || after[name] {
			continue
		}
		// The spec's whole lines, with its comments; a lone `import "p"` goes with its
		// keyword.
		start, end := spec.Pos(), spec.End()
		if spec.Comment != nil {
			end = spec.Comment.End()
		}
		for _, d := range newFile.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT && !g.Lparen.IsValid() && len(g.Specs) == 1 && g.Specs[0] == spec {
				start, end = g.Pos(), g.End()
			}
		}
		s := tf.Offset(tf.LineStart(tf.Line(start)))
		e := tf.Offset(end)
		if e < len(updated) && updated[e] == '\n' {
			e++
		}
		if strings.TrimSpace(string(updated[s:tf.Offset(start)])) != "" {
			continue // something else shares the line
		}
		drop = append(drop, span{s, e})
	}
	if len(drop) == 0 {
		return updated
	}
	var out []byte
	last := 0
	for _, d := range drop {
		out = append(out, updated[last:d.start]...)
		last = d.end
	}
	return append(out, updated[last:]...)
}

// qualifiers returns the names used as the package of a selector (fmt in fmt.Sprintf).
// Without object resolution a local variable of the same name counts as well, which only
// makes the deletion more careful.
func qualifiers(f *ast.File) map[string]bool {
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	return used
}

// importName is the name spec's package goes by in the file: its explicit name, or the one
// the path suggests (mcp-go/mcp → mcp, yaml.v3 → yaml, go-yaml → yaml, foo/v2 → foo); "" for
// blank and dot imports.
func importName(spec *ast.ImportSpec) string {
	if spec.Name != nil {
		if spec.Name.Name == "_" || spec.Name.Name == "." {
			return ""
		}
		return spec.Name.Name
	}
	p, err := strconv.Unquote(spec.Path.Value)
	if err != nil {
		return ""
	}
	base := path.Base(p)
	if len(base) > 1 && base[0] == 'v' && strings.Trim(base[1:], "0123456789") == "" {
		base = path.Base(path.Dir(p))
	}
	base, _, _ = strings.Cut(base, ".")
	base = strings.TrimPrefix(base, "go-")
	base = strings.TrimSuffix(base, "-go")
	if !token.IsIdentifier(base) {
		return ""
	}
	return base
}
