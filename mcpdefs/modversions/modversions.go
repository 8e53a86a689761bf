// Package modversions reads which SDK versions the analysed module builds with, from its
// go.mod; what each version does is mcpmodel's (Versions, and the Handler methods that follow
// Handler.Version). It must not import recognition (mcpdefs); internal/layers' test pins it.
package modversions

import (
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"

	"github.com/mcplint-go/mcplint/mcpdefs/mcpmodel"
	"github.com/mcplint-go/mcplint/mcpdefs/sdkapi"
)

// Of reads the SDK versions from the go.mod of the module that holds the pass's
// package. It reads the file rather than asking the build system because an analyzer sees
// neither the loader's module information nor, under go vet, the build list.
func Of(pass *analysis.Pass) mcpmodel.Versions {
	if pass.Module != nil && (pass.Module.Path == sdkapi.GoSDKModule || pass.Module.Path == sdkapi.MarkLabsModule) {
		return mcpmodel.Versions{} // the SDK's own tree (its examples): its newest behaviour
	}
	if len(pass.Files) == 0 {
		return mcpmodel.Versions{}
	}
	dir := filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	for {
		gomod := filepath.Join(dir, "go.mod")
		if data, err := os.ReadFile(gomod); err == nil {
			return FromGoMod(gomod, data)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return mcpmodel.Versions{}
		}
		dir = parent
	}
}

// FromGoMod extracts the SDK versions a go.mod selects. A go.mod that does not parse
// yields no versions: the build fails on it anyway, and the loader says so.
func FromGoMod(name string, data []byte) mcpmodel.Versions {
	f, err := modfile.Parse(name, data, nil)
	if err != nil {
		return mcpmodel.Versions{}
	}
	selected := map[string]string{}
	for _, r := range f.Require {
		selected[r.Mod.Path] = r.Mod.Version
	}
	for _, r := range f.Replace {
		if _, ok := selected[r.Old.Path]; !ok || r.Old.Version != "" && r.Old.Version != selected[r.Old.Path] {
			continue
		}
		// A directory replacement has no version: its code is whatever is there.
		selected[r.Old.Path] = r.New.Version
	}
	return mcpmodel.Versions{GoSDK: selected[sdkapi.GoSDKModule], MarkLabs: selected[sdkapi.MarkLabsModule],
		JSONSchemaGo: selected[sdkapi.JSONSchemaGoModule], Invopop: selected[sdkapi.InvopopPath]}
}
