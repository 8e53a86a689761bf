package jsontext

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseOffsets(t *testing.T) {
	src := []byte(`{"a": [1, "x\u00e9", null], "a": true}`)
	res := Parse(src, 0, 64)
	require.Nil(t, res.Err)
	root := res.Root
	require.Len(t, root.Members, 2)
	arr := root.Members[0].Value
	assert.Equal(t, `[1, "x\u00e9", null]`, string(src[arr.Offset:arr.End]))
	assert.Equal(t, "xé", arr.Elems[1].Str)
	esc := Parse([]byte(`"\"\\\/\b\f\n\r\t"`), 0, 64)
	require.Nil(t, esc.Err)
	assert.Equal(t, "\"\\/\b\f\n\r\t", esc.Root.Str)
	assert.Equal(t, `"a"`, string(src[root.Members[1].KeyOffset:root.Members[1].KeyOffset+3]))
	require.Len(t, res.Notices, 1)
	assert.Equal(t, DuplicateKey, res.Notices[0].Kind)
	assert.Equal(t, []string{"a"}, res.Notices[0].Path)
	assert.Same(t, root.Members[0], res.Notices[0].First)
}

func TestParseErrors(t *testing.T) {
	for src, want := range map[string]SyntaxError{
		"  ":         {Kind: ErrEmpty, Offset: 2},
		`{"a": }`:    {Kind: ErrUnexpectedValue, Offset: 6},
		`{"a" 1}`:    {Kind: ErrWantColon, Offset: 5, Key: "a"},
		`[1 2]`:      {Kind: ErrAfterElement, Offset: 3},
		`"ab`:        {Kind: ErrStringUnclosed, Offset: 0},
		`"\q"`:       {Kind: ErrBadEscape, Offset: 1},
		`-x`:         {Kind: ErrNumberDigit, Offset: 0},
		`1 2`:        {Kind: ErrTrailing, Offset: 2},
		`[[[]]]`:     {Kind: ErrTooDeep, Offset: 2},
		"\"a\nb\"":   {Kind: ErrNewlineInString, Offset: 2},
		`{"a":1,}`:   {Kind: ErrWantKey, Offset: 7},
		`{"a":1`:     {Kind: ErrObjectUnclosed, Offset: 6},
		`"\u12"`:     {Kind: ErrBadUnicodeEscape, Offset: 1},
		`1.e5`:       {Kind: ErrNumberFraction, Offset: 0},
		`[1,`:        {Kind: ErrValueMissing, Offset: 3},
		`{"a":1 "b"`: {Kind: ErrAfterMember, Offset: 7},
	} {
		res := Parse([]byte(src), 0, 2)
		require.NotNil(t, res.Err, src)
		assert.Equal(t, want, *res.Err, src)
		assert.Nil(t, res.Root, src)
	}
}

// TestParseInvalidUTF8 checks that strings decode invalid bytes and unpaired surrogates to
// U+FFFD, as encoding/json does.
func TestParseInvalidUTF8(t *testing.T) {
	res := Parse([]byte("[\"a\xffb\", \"\\ud800\"]"), 0, 64)
	require.Nil(t, res.Err)
	assert.Equal(t, "a\uFFFDb", res.Root.Elems[0].Str)
	assert.Equal(t, "\uFFFD", res.Root.Elems[1].Str)
	require.Len(t, res.Notices, 1)
	assert.Equal(t, UnpairedSurrogate, res.Notices[0].Kind)
	assert.Equal(t, rune(0xD800), res.Notices[0].Rune)
}
