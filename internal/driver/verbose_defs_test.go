package driver

import (
	"go/types"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// TestDefShapes: -v counts definitions by how recognition reached them, per SDK.
func TestDefShapes(t *testing.T) {
	own := types.NewTypeName(0, nil, "Tool", nil)
	var c defShapes
	c.add(&mcpmodel.Definition{SDK: sdkapi.GoSDK})
	c.add(&mcpmodel.Definition{SDK: sdkapi.GoSDK, Own: own, ViaRegistrar: true})
	c.add(&mcpmodel.Definition{SDK: sdkapi.GoSDK, Own: own})
	c.add(&mcpmodel.Definition{SDK: sdkapi.GoSDK, Converter: true})
	c.add(&mcpmodel.Definition{SDK: sdkapi.MarkLabs, ViaRegistrar: true})
	var b strings.Builder
	c.write(&b)
	assert.Equal(t, "mcplint: recognised go-sdk definitions by shape 4 (converter 1, own-type 2, sdk 1); registered through a registrar of the module 1\n"+
		"mcplint: recognised mark3labs definitions by shape 1 (sdk 1); registered through a registrar of the module 1\n", b.String())
}
