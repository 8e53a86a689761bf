package errs

import (
	"go/token"
	"go/types"
	"testing"
)

func fn(path, name string) *types.Func {
	pkg := types.NewPackage(path, path[len(path)-1:])
	return types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(nil, nil, nil, nil, nil, false))
}

func TestWhatEachFunctionDoes(t *testing.T) {
	for _, c := range []struct {
		path, name             string
		isNew, nilAsNil, wraps bool
	}{
		{"errors", "New", true, false, false},
		{"fmt", "Errorf", true, false, true},
		{"errors", "Join", false, false, true},
		{"github.com/pkg/errors", "Errorf", true, false, false},
		{"github.com/pkg/errors", "Wrap", false, true, true},
		{"github.com/pkg/errors", "WithStack", false, true, true},
		{"github.com/cockroachdb/errors", "Newf", true, false, false},
		{"github.com/cockroachdb/errors", "Wrapf", false, true, true},
		// Near misses: a module's own errors package, a function of the same name elsewhere.
		{"example.com/app/errors", "Wrap", false, false, false},
		{"github.com/pkg/errors", "Cause", false, false, false},
		{"fmt", "Sprintf", false, false, false},
	} {
		f := fn(c.path, c.name)
		if New(f) != c.isNew || WrapsNilAsNil(f) != c.nilAsNil || Wraps(f) != c.wraps {
			t.Errorf("%s.%s: New %v WrapsNilAsNil %v Wraps %v, want %v %v %v", c.path, c.name, New(f), WrapsNilAsNil(f), Wraps(f), c.isNew, c.nilAsNil, c.wraps)
		}
	}
	if New(nil) || WrapsNilAsNil(nil) || Wraps(nil) {
		t.Error("a nil function makes no error")
	}
}
