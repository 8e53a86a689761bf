package mcpdefs

import (
	"go/types"
	"strings"

	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// ModulePackage reports whether p belongs to the module being checked (not an SDK, the
// runtime library or another dependency).
func (res *Result) ModulePackage(p *types.Package) bool {
	return res.r != nil && p != nil && res.r.modulePackage(p)
}

// modulePackage reports whether p belongs to the module being checked (not an SDK, the
// runtime library or another dependency).
func (r *recogniser) modulePackage(p *types.Package) bool {
	if sdkapi.KnownPackage(p.Path()) || sdkapi.IsRuntimePackage(p) {
		return false
	}
	if p == r.pass.Pkg {
		return true
	}
	m := r.pass.Module
	if m == nil || m.Path == "" {
		first, _, _ := strings.Cut(p.Path(), "/")
		return strings.Contains(first, ".")
	}
	return p.Path() == m.Path || strings.HasPrefix(p.Path(), m.Path+"/")
}
