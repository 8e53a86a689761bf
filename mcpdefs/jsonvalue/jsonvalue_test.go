package jsonvalue_test

import (
	"go/token"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcpdefs/jsonvalue"
)

// Duplicate keys resolve to the last one, as encoding/json decodes them; Set gives every
// member of the key the new value, or adds one.
func TestObjectKeys(t *testing.T) {
	v, err := jsonvalue.Parse(`{"a": 1, "b": true, "a": "last"}`)
	require.NoError(t, err)
	assert.Equal(t, "last", v.Get("a").Str)
	assert.Equal(t, jsonvalue.Bool, v.Member("b").Value.Kind)
	assert.Nil(t, v.Get("c"))
	assert.Nil(t, v.Get("a").Get("x"), "a string has no keys")

	v.Set("a", token.Pos(7), &jsonvalue.Value{Kind: jsonvalue.Null})
	assert.Equal(t, jsonvalue.Null, v.Members[0].Value.Kind)
	assert.Equal(t, jsonvalue.Null, v.Members[2].Value.Kind)
	v.Set("c", token.Pos(9), &jsonvalue.Value{Kind: jsonvalue.Number, Num: 2})
	assert.Equal(t, token.Pos(9), v.Member("c").KeyPos)
	assert.Len(t, v.Members, 4)

	var unknown *jsonvalue.Value
	assert.False(t, unknown.Known())
	assert.False(t, (&jsonvalue.Value{Kind: jsonvalue.Dynamic}).Known())
	assert.True(t, v.Known())
}

func TestPath(t *testing.T) {
	assert.Equal(t, "properties.tags[0].format", jsonvalue.Path("properties", "tags", "0", "format"))
	assert.Equal(t, "[2]", jsonvalue.Path("2"))
}
