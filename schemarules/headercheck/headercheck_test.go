package headercheck

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
)

func check(t *testing.T, schema string, d Dialect) Scan {
	t.Helper()
	v, err := jsonvalue.Parse(schema)
	require.NoError(t, err)
	return Check(v, d)
}

// faults lists each rejected annotation as path:fault.
func faults(s Scan) map[string]Fault {
	out := map[string]Fault{}
	for _, p := range s.Problems {
		out[p.Path] = p.Fault
	}
	return out
}

func TestChecksInTheSDKsOrder(t *testing.T) {
	s := check(t, `{"type": "object", "properties": {
		"obj":   {"type": "object", "x-mcp-header": "Obj"},
		"none":  {"x-mcp-header": "None"},
		"empty": {"type": "string", "x-mcp-header": ""},
		"num":   {"type": "string", "x-mcp-header": 7},
		"space": {"type": "string", "x-mcp-header": "Has Space"},
		"owner": {"type": "string", "x-mcp-header": "Owner"},
		"dup":   {"type": "integer", "x-mcp-header": "OWNER"},
		"repo":  {"type": "boolean", "x-mcp-header": "Repo"}
	}}`, GoSDK)
	require.True(t, s.Decodes)
	assert.Equal(t, map[string]Fault{
		"obj": NotPrimitive, "none": NotPrimitive, "empty": NotString, "num": NotString,
		"space": NotToken, "dup": Repeated,
	}, faults(s))
	for _, p := range s.Problems {
		switch p.Fault {
		case NotToken:
			assert.Equal(t, ' ', p.Char)
		case Repeated:
			assert.Equal(t, "owner", p.Other)
		case NotPrimitive:
			if p.Path == "obj" {
				assert.Equal(t, []string{"object"}, p.Types)
			}
		}
	}
	var accepted []string
	for _, a := range s.Annotations {
		accepted = append(accepted, a.Path+"="+a.Header)
	}
	assert.Equal(t, []string{"owner=Owner", "repo=Repo"}, accepted)
}

func TestNestedPropertiesHaveDottedPaths(t *testing.T) {
	s := check(t, `{"type": "object", "properties": {
		"repo": {"type": "object", "properties": {"name": {"type": "string", "x-mcp-header": "Repo Name"}}}
	}}`, GoSDK)
	require.Len(t, s.Problems, 1)
	assert.Equal(t, "repo.name", s.Problems[0].Path)
	assert.Equal(t, NotToken, s.Problems[0].Fault)
}

// go-sdk decodes "type" into a string: a list makes the decode fail and the check is skipped.
// mcp-go accepts a list of permitted types.
func TestTypeListsDecodeOnlyForMCPGo(t *testing.T) {
	schema := `{"type": "object", "properties": {"id": {"type": ["string", "integer"], "x-mcp-header": "Id"}}}`
	assert.False(t, check(t, schema, GoSDK).Decodes)
	s := check(t, schema, MarkLabs)
	require.True(t, s.Decodes)
	assert.Empty(t, s.Problems)
	require.Len(t, s.Annotations, 1)
	assert.Equal(t, "Id", s.Annotations[0].Header)
}

// An annotation that fails several checks has the problem of the first, in the SDKs' order:
// type, value, characters, repetition.
func TestTheFirstFailedCheckIsTheProblem(t *testing.T) {
	s := check(t, `{"type": "object", "properties": {
		"obj": {"type": "object", "x-mcp-header": 7},
		"a":   {"type": "string", "x-mcp-header": "A B"},
		"b":   {"type": "string", "x-mcp-header": "a b"}
	}}`, GoSDK)
	require.True(t, s.Decodes)
	assert.Equal(t, map[string]Fault{"obj": NotPrimitive, "a": NotToken, "b": NotToken}, faults(s))
}

// encoding/json (mcp-go) matches keys ignoring case; go-sdk's decoder does not.
func TestKeyCaseFoldsOnlyForMCPGo(t *testing.T) {
	schema := `{"type": "object", "properties": {"id": {"type": "object", "X-MCP-Header": "Id"}}}`
	s := check(t, schema, GoSDK)
	require.True(t, s.Decodes)
	assert.Empty(t, s.Problems)
	assert.Empty(t, s.Annotations)
	assert.Equal(t, map[string]Fault{"id": NotPrimitive}, faults(check(t, schema, MarkLabs)))
}

// The last of repeated keys is what a decoder into a map keeps.
func TestRepeatedKeysKeepTheLast(t *testing.T) {
	s := check(t, `{"type": "object", "properties": {"id": {"type": "string", "x-mcp-header": "bad name"}, "id": {"type": "string", "x-mcp-header": "Id"}}}`, GoSDK)
	assert.Empty(t, s.Problems)
	require.Len(t, s.Annotations, 1)
}

func TestWhatTheDecoderRejectsIsNotChecked(t *testing.T) {
	for name, schema := range map[string]string{
		"root not an object":       `[]`,
		"properties not an object": `{"properties": []}`,
		"property not an object":   `{"properties": {"id": "string"}}`,
		"type not a string":        `{"properties": {"id": {"type": 7, "x-mcp-header": "Id"}}}`,
	} {
		t.Run(name, func(t *testing.T) {
			assert.False(t, check(t, schema, GoSDK).Decodes)
		})
	}
	assert.False(t, Check(nil, GoSDK).Decodes)
}

// A schema only partly known may hide an annotation or a value that fails the decode.
func TestPartialSchemasAreNotJudged(t *testing.T) {
	props := &jsonvalue.Value{Kind: jsonvalue.Object, Partial: true}
	root := &jsonvalue.Value{Kind: jsonvalue.Object, Members: []*jsonvalue.Member{{Key: "properties", Value: props}}}
	assert.False(t, Check(root, GoSDK).Decodes)

	prop := &jsonvalue.Value{Kind: jsonvalue.Object, Partial: true, Members: []*jsonvalue.Member{{Key: "type", Value: &jsonvalue.Value{Kind: jsonvalue.String, Str: "string"}}}}
	props = &jsonvalue.Value{Kind: jsonvalue.Object, Members: []*jsonvalue.Member{{Key: "id", Value: prop}}}
	root = &jsonvalue.Value{Kind: jsonvalue.Object, Members: []*jsonvalue.Member{{Key: "properties", Value: props}}}
	assert.False(t, Check(root, GoSDK).Decodes, "a partial property may hold an annotation unseen")
}
