package bindkind

import (
	"go/types"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestKindsSpelledAlike: the runtime asks by reflect.Kind.String and the linter by the name
// of go/types' basic type of the kind; for every basic type the two must spell it alike, or
// one side would bind what the other refuses.
func TestKindsSpelledAlike(t *testing.T) {
	samples := []any{"", true, 0, int8(0), int16(0), int32(0), int64(0), uint(0), uint8(0), uint16(0),
		uint32(0), uint64(0), float32(0), float64(0), uintptr(0), complex64(0), complex128(0)}
	for _, v := range samples {
		rt := reflect.TypeOf(v)
		basic := types.Universe.Lookup(rt.Name()).Type().(*types.Basic)
		assert.Equal(t, rt.Kind().String(), types.Typ[basic.Kind()].Name(), rt.Name())
	}
	// byte and rune are aliases: go/types names their basic types after the alias, which is
	// why the linter spells a kind through types.Typ.
	assert.Equal(t, "uint8", types.Typ[types.Universe.Lookup("byte").Type().(*types.Basic).Kind()].Name())
	assert.True(t, Scalar(types.Typ[types.Universe.Lookup("rune").Type().(*types.Basic).Kind()].Name()))
}

func TestWhatBinds(t *testing.T) {
	for _, k := range []string{"string", "bool", "int", "int64", "uint8", "float64"} {
		assert.True(t, Scalar(k), k)
	}
	for _, k := range []string{"uintptr", "complex128", "struct", "map", "ptr", "interface", "untyped int", "byte"} {
		assert.False(t, Scalar(k), k)
	}
	assert.True(t, SliceOf("string"))
	assert.False(t, SliceOf("int"))
}
