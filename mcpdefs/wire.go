package mcpdefs

import (
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// HintOmittedWhenFalse reports whether a tool of sdk sends hint (readOnlyHint,
// destructiveHint, idempotentHint, openWorldHint) not at all when it is false, under the
// go-sdk version the module builds with (mcpmodel.Versions.HintOmittedWhenFalse).
func (res *Result) HintOmittedWhenFalse(sdk sdkapi.SDK, hint string) bool {
	return res.Versions.HintOmittedWhenFalse(sdk, hint)
}
