package mcptool

import (
	"fmt"
	"log/slog"
	"reflect"
	"sync"

	"github.com/mcplint-go/mcplint/internal/defcheck"
)

// nilErrorGuard turns a typed nil returned as a handler's error into no
// error. A helper declared `func check() *mcperr.Error` that returns nil
// hands the handler a non-nil error interface holding a nil pointer; Go
// compares it unequal to nil, so without this every successful call would
// become an error result reading "Error: <nil>". The first time it happens
// for a definition it is logged, under the rule mcplint reports it with.
type nilErrorGuard struct {
	once   sync.Once
	logger *slog.Logger
	kind   string // "tool", "resource", "resource template", "prompt"
	name   string
}

// clean returns nil for a nil error and for a non-nil error interface that
// holds a nil pointer (or other nil reference), and err otherwise.
func (g *nilErrorGuard) clean(err error) error {
	if err == nil || !typedNil(err) {
		return err
	}
	g.once.Do(func() {
		g.logger.Warn(fmt.Sprintf("mcptool: %s %q: the handler returned a nil %T as its error; treated as success. Declare the helper's result as error, not %T (%s)",
			g.kind, g.name, err, err, defcheck.RuleTypedNilError), "rule", defcheck.RuleTypedNilError, g.kind, g.name)
	})
	return nil
}

// typedNil reports whether err is an interface holding a nil pointer, map,
// slice, func or channel: a value whose Error method would run on nil.
func typedNil(err error) bool {
	v := reflect.ValueOf(err)
	switch v.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return v.IsNil()
	}
	return false
}
