package mcpdefs

import (
	"slices"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Revisions returns the protocol revisions the package's servers of sdk speak: the SDK's,
// narrowed by the versions a server option or transport option pins
// (ServerOptions.SupportedProtocolVersions, WithStreamableHTTPProtocolVersions).
func (res *Result) Revisions(sdk sdkapi.SDK) []string {
	all := res.Versions.Revisions(sdk)
	if lim, ok := res.RevisionLimits[sdkFamily(sdk)]; ok {
		return slices.DeleteFunc(all, func(r string) bool { return !slices.Contains(lim, r) })
	}
	return all
}

// Speaks reports whether the package's servers of sdk speak revision.
func (res *Result) Speaks(sdk sdkapi.SDK, revision string) bool {
	return slices.Contains(res.Revisions(sdk), revision)
}

func sdkFamily(sdk sdkapi.SDK) sdkapi.SDK {
	if sdk == sdkapi.MCPTool {
		return sdkapi.GoSDK
	}
	return sdk
}
