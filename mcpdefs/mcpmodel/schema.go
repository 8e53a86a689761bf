package mcpmodel

import (
	"go/ast"
	"go/types"

	"github.com/mcplint-go/mcplint/internal/astutil"
	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
	"github.com/mcplint-go/mcplint/mcpdefs/schemalib"
)

// SchemaOrigin says where a tool's advertised input or output schema comes from.
type SchemaOrigin int

const (
	// SchemaUnknown: recognition cannot tell (the definition is registered elsewhere, its
	// variable is modified after the literal, or its options are dynamic).
	SchemaUnknown SchemaOrigin = iota
	// SchemaAbsent: no schema is given and the SDK supplies none (go-sdk's low-level AddTool
	// panics on a missing input schema; an absent output schema is simply not advertised).
	SchemaAbsent
	// SchemaInferred: the SDK infers the schema from Type under Inference.
	SchemaInferred
	// SchemaHandBuilt: the schema is the expression Expr (JSON holds its static value).
	SchemaHandBuilt
	// SchemaProperties: mark3labs property options (WithString, ...) build the schema; JSON
	// holds it.
	SchemaProperties
	// SchemaDefault: the SDK substitutes a fixed schema, held in JSON (go-sdk's typed AddTool
	// with In = any advertises {"type":"object"}).
	SchemaDefault
)

// Inference is the schema library behaviour an inferred schema follows.
type Inference int

const (
	// InferGoSDK is jsonschema-go's ForType with default options (go-sdk and mcptool): a
	// failure panics at start-up.
	InferGoSDK Inference = iota + 1
	// InferMarkLabs is mcp-go's WithInputSchema/WithOutputSchema: IgnoreInvalidTypes, its own
	// tag layer, and failures printed to stderr while the tool keeps an empty schema.
	InferMarkLabs
	// InferInvopop is the same functions in mcp-go v0.36 to v0.45, which used
	// invopop/jsonschema and its `required,description=...` tag options.
	InferInvopop
)

// SchemaSource is one of a tool's schemas as recognition sees it.
type SchemaSource struct {
	Origin SchemaOrigin
	// Type is the Go type the schema library infers from, after any pointer the SDK strips
	// (go-sdk's typed AddTool dereferences one pointer before inferring).
	Type      types.Type
	Inference Inference
	// Expr is the hand-built schema expression, or for mark3labs inference the
	// WithInputSchema[T]() / WithOutputSchema[T]() option.
	Expr ast.Expr
	// JSON is the static value of a hand-built, property-built or default schema; its nodes
	// may be JSONDynamic where values are not constants.
	JSON *jsonvalue.Value
	// Library is set on a hand-built schema that the module builds with a schema library
	// from a Go type (JSON is then dynamic).
	Library *schemalib.Schema
}

// MCPToolSchema is the schema mcptool.Add infers from t with the same library as go-sdk, but
// through every pointer. An output of any is inferred too (as an unrestricted schema): it is
// not a struct, which Add rejects, so it is not the absent schema go-sdk makes of it.
func MCPToolSchema(t types.Type, input bool) SchemaSource {
	if t == nil || astutil.HasTypeParam(t) {
		return SchemaSource{}
	}
	for {
		p, ok := types.Unalias(t).(*types.Pointer)
		if !ok {
			break
		}
		t = p.Elem()
	}
	if input && IsEmptyInterface(t) {
		return SchemaSource{Origin: SchemaDefault, JSON: &jsonvalue.Value{Kind: jsonvalue.Object, Members: []*jsonvalue.Member{{Key: "type", Value: &jsonvalue.Value{Kind: jsonvalue.String, Str: "object"}}}}}
	}
	return SchemaSource{Origin: SchemaInferred, Type: t, Inference: InferGoSDK}
}

// IsEmptyInterface reports whether t is exactly any: go-sdk special-cases
// reflect.TypeFor[any](), which a named empty interface is not.
func IsEmptyInterface(t types.Type) bool {
	t = types.Unalias(t)
	if _, named := t.(*types.Named); named {
		return false
	}
	it, ok := t.(*types.Interface)
	return ok && it.Empty()
}
