package mcpmodel

import (
	"go/types"
	"reflect"
	"strings"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/internal/bindkind"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcpdefs/typewalk"
)

// Binding is one field of an mcptool params type (ResourceTemplate[P], Prompt[A]) that
// receives a string value: a URI template variable or a prompt argument. It mirrors how
// mcptool binds them by reflection.
type Binding struct {
	// Name is the variable or argument the field receives: its `uri` tag (templates only),
	// else its json name, else its Go name.
	Name  string
	Field *types.Var
	// Explicit is true when a `uri` tag names the variable: mcptool then requires the
	// template to have it.
	Explicit bool
	// Unsupported is true when the field's type cannot hold a string value, which mcptool
	// rejects at start-up.
	Unsupported bool
	// Description is the field's jsonschema tag, which mcptool sends as a prompt argument's
	// description.
	Description string
}

// Bindings lists the fields of d.ParamsType that mcptool binds values into, in field order.
// isStruct is false when the type (after pointers) is not a struct, which mcptool rejects;
// ok is false when there is nothing to say (not an mcptool template or prompt, or a type that
// is only known per instantiation of a generic wrapper).
func Bindings(d *Definition) (bs []Binding, isStruct, ok bool) {
	if d.SDK != sdkapi.MCPTool || d.ParamsType == nil || astutil.HasTypeParam(d.ParamsType) {
		return nil, false, false
	}
	if d.Kind != ResourceTemplate && d.Kind != Prompt {
		return nil, false, false
	}
	tagKey := ""
	if d.Kind == ResourceTemplate {
		tagKey = "uri"
	}
	t := derefAll(d.ParamsType)
	if _, isStruct := t.Underlying().(*types.Struct); !isStruct {
		return nil, false, true
	}
	for _, vf := range typewalk.VisibleFields(t) {
		f := vf.Var
		if !f.Exported() || f.Anonymous() {
			continue
		}
		tag := reflect.StructTag(vf.Tag)
		b := Binding{Name: f.Name(), Field: f, Description: tag.Get("jsonschema")}
		jsonName, jsonOpts, _ := strings.Cut(tag.Get("json"), ",")
		if jsonName == "-" && jsonOpts == "" {
			continue
		}
		if jsonName != "" {
			b.Name = jsonName
		}
		if tagKey != "" {
			if v, ok := tag.Lookup(tagKey); ok && v != "" {
				b.Name, b.Explicit = v, true
			}
		}
		b.Unsupported = !bindable(f.Type())
		bs = append(bs, b)
	}
	return bs, true, true
}

func derefAll(t types.Type) types.Type {
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			return t
		}
		t = p.Elem()
	}
}

// bindable is mcptool's check that a field can hold a string value, on types: a type whose
// pointer implements encoding.TextUnmarshaler, a kind internal/bindkind lists, or one pointer
// to any of those.
func bindable(t types.Type) bool {
	if textUnmarshaler(types.NewPointer(t)) {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if _, ptrptr := u.Elem().Underlying().(*types.Pointer); ptrptr {
			return false
		}
		return bindable(u.Elem())
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && bindkind.SliceOf(types.Typ[b.Kind()].Name())
	case *types.Basic:
		return bindkind.Scalar(types.Typ[u.Kind()].Name())
	}
	return false
}

// textUnmarshaler reports whether t's method set has UnmarshalText([]byte) error.
func textUnmarshaler(t types.Type) bool {
	sel := types.NewMethodSet(t).Lookup(nil, "UnmarshalText")
	if sel == nil {
		return false
	}
	fn, ok := sel.Obj().(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	if sig.Params().Len() != 1 || sig.Results().Len() != 1 || !astutil.IsError(sig.Results().At(0).Type()) {
		return false
	}
	s, ok := sig.Params().At(0).Type().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().(*types.Basic)
	return ok && b.Kind() == types.Byte
}
