package metamorphic

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"reflect"

	"github.com/mcplint-go/mcplint/internal/astutil"
)

// cloner deep-copies syntax trees, keeping positions, and records for every copy the node it
// was copied from, so that a rewritten tree still reaches the type information of the
// original.
type cloner struct {
	memo map[ast.Node]ast.Node // original → copy, so that shared nodes stay shared
	orig map[ast.Node]ast.Node // copy → original
}

func newCloner(orig map[ast.Node]ast.Node) *cloner {
	return &cloner{memo: map[ast.Node]ast.Node{}, orig: orig}
}

func (c *cloner) node(n ast.Node) ast.Node {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return n
	}
	if m, ok := c.memo[n]; ok {
		return m
	}
	src := reflect.ValueOf(n).Elem()
	dst := reflect.New(src.Type())
	m := dst.Interface().(ast.Node)
	c.memo[n] = m
	if o, ok := c.orig[n]; ok {
		c.orig[m] = o // a copy of a copy leads to the same original
	} else {
		c.orig[m] = n
	}
	dst.Elem().Set(src)
	for i := range src.NumField() {
		f := dst.Elem().Field(i)
		f.Set(c.value(f))
	}
	return m
}

func (c *cloner) value(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return v
		}
		if n, ok := v.Interface().(ast.Node); ok {
			return reflect.ValueOf(c.node(n))
		}
		return v // *ast.Object, *ast.Scope: left shared, nothing reads them
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		if n, ok := v.Interface().(ast.Node); ok {
			r := reflect.New(v.Type()).Elem()
			r.Set(reflect.ValueOf(c.node(n)))
			return r
		}
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		s := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			s.Index(i).Set(c.value(v.Index(i)))
		}
		return s
	}
	return v
}

// preorder lists the nodes of a tree in the order ast.Inspect visits them, comments left
// out. A printed tree and the tree parsed back from its text list the same nodes in the same
// order, which is how a node of a rewritten tree finds its line.
func preorder(root ast.Node) []ast.Node {
	var out []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		switch n.(type) {
		case nil, *ast.CommentGroup, *ast.Comment:
			return false
		}
		out = append(out, n)
		return true
	})
	return out
}

var posType = reflect.TypeFor[token.Pos]()

// printFile prints a rewritten file without comments and without positions: rewritten trees
// mix nodes from everywhere, and the printer would lay them out by their old lines. Comments
// go (want comments are the harness's business, not the rule's); the two positions that carry
// meaning (a call's "..." and an alias's "=") keep their validity.
func printFile(f *ast.File) ([]byte, error) {
	f.Comments = nil
	f.Doc = nil
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			n.Doc = nil
		case *ast.GenDecl:
			n.Doc = nil
		case *ast.Field:
			n.Doc, n.Comment = nil, nil
		case *ast.ValueSpec:
			n.Doc, n.Comment = nil, nil
		case *ast.TypeSpec:
			n.Doc, n.Comment = nil, nil
		case *ast.ImportSpec:
			n.Doc, n.Comment = nil, nil
		}
		v := reflect.ValueOf(n).Elem()
		if v.Kind() != reflect.Struct {
			return true
		}
		for i := range v.NumField() {
			if v.Field(i).Type() != posType {
				continue
			}
			keep := false
			switch n.(type) {
			case *ast.CallExpr:
				keep = v.Type().Field(i).Name == "Ellipsis"
			case *ast.TypeSpec:
				keep = v.Type().Field(i).Name == "Assign"
			}
			if keep && v.Field(i).Int() != 0 {
				v.Field(i).SetInt(1)
			} else {
				v.Field(i).SetInt(0)
			}
		}
		return true
	})
	// Function bodies get braces on different lines, or the printer would put a short body
	// on one line and the statements of a rewrite would share a line.
	fset := token.NewFileSet()
	tf := fset.AddFile("rewritten.go", -1, 3)
	tf.SetLines([]int{0, 1, 2})
	// The closing brace on the second line: a later line would add a blank line before it.
	ast.Inspect(f, func(n ast.Node) bool {
		if _, body := astutil.FuncParts(n); body != nil {
			body.Lbrace, body.Rbrace = tf.Pos(0), tf.Pos(1)
		}
		return true
	})
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, err
	}
	return format.Source(buf.Bytes())
}
