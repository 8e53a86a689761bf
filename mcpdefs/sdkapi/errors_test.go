package sdkapi_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
	"github.com/mcplint-go/mcplint/mcperr"
)

// The factory vocabulary is mcperr's own: every code with a factory maps both ways, and codes
// without one (ParseError, UnknownError, ...) have none.
func TestFactoriesComeFromMCPErr(t *testing.T) {
	factories := 0
	for _, c := range mcperr.KnownCodes() {
		name, has := mcperr.FactoryFor(c)
		got, ok := sdkapi.FactoryForCode("Code" + c.String())
		assert.Equal(t, has, ok, c.String())
		if !has {
			_, ok := sdkapi.FactoryCode(c.String())
			assert.False(t, ok, "%s has no factory", c)
			continue
		}
		factories++
		assert.Equal(t, name, got)
		code, ok := sdkapi.FactoryCode(name)
		assert.True(t, ok, name)
		assert.Equal(t, c, code, name)
	}
	assert.Equal(t, 14, factories, "DESIGN section 5 lists 14 factories")
	_, ok := sdkapi.FactoryCode("New")
	assert.False(t, ok)
	_, ok = sdkapi.FactoryForCode("NotFound")
	assert.False(t, ok, "a constant name starts with Code")
}
