package goplsbuild

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"

	"golang.org/x/mod/modfile"
)

// RunningSource is where the running mcplint came from, so that the gopls build holds the same
// analyzers: the version it was installed at (go install ...@v, or a tool dependency), the
// directory a replace pointed it to, or, for a build in mcplint's own checkout (version
// "(devel)"), that checkout, found from the path this file was compiled from.
func RunningSource() (Source, error) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return Source{}, errors.New("the running mcplint has no build information; give -src DIR")
	}
	mods := append([]*debug.Module{&info.Main}, info.Deps...)
	for _, m := range mods {
		if m == nil || m.Path != Module {
			continue
		}
		if r := m.Replace; r != nil {
			if r.Version == "" {
				if filepath.IsAbs(r.Path) && isModuleDir(r.Path) {
					return Source{Dir: r.Path}, nil
				}
				return Source{}, fmt.Errorf("mcplint was built from %s through a replace; give -src with that directory's absolute path", r.Path)
			}
			if r.Path != Module {
				return Source{}, fmt.Errorf("mcplint was built from %s@%s (a fork); give -src with a checkout of it", r.Path, r.Version)
			}
			return Source{Version: r.Version}, nil
		}
		if m.Version != "" && m.Version != "(devel)" {
			return Source{Version: m.Version}, nil
		}
	}
	// A build inside the checkout: this file's compile-time path is in it (unless -trimpath).
	_, file, _, ok := runtime.Caller(0)
	if ok && filepath.IsAbs(file) {
		root := filepath.Join(filepath.Dir(file), "..", "..")
		if isModuleDir(root) {
			return Source{Dir: filepath.Clean(root)}, nil
		}
	}
	return Source{}, errors.New("cannot tell which mcplint source this binary was built from; give -src with the checkout's directory")
}

// isModuleDir reports whether dir holds mcplint's go.mod.
func isModuleDir(dir string) bool {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	return err == nil && modfile.ModulePath(data) == Module
}
