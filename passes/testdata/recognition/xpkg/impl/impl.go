// Package impl implements the adapter layer's interface without calling the adapter: the
// interface method's fact makes its implementations handlers wherever they are declared.
package impl

import (
	"context"
	"errors"

	"fixtures/recognition/xpkg/adapt"
)

type Exec struct{}

func (Exec) Execute(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered via=adapter:interface`
	return "", errors.New("down")
}

// Func is given as an ExecutorFunc: the literal is the handler.
func Func() adapt.Executor {
	return adapt.ExecutorFunc(func(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered via=adapter:interface`
		return "ok", nil
	})
}

// Near miss: a type with the Store interface's method is no handler (Store's calls do not
// hand it the tool's arguments).
type DB struct{}

func (DB) Lookup(ctx context.Context, key string) (string, error) { return key, nil }

// Run's results are what the ExecutorFunc literal returns: a delegate of an adapted handler.
func Run() adapt.Executor {
	return adapt.ExecutorFunc(func(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered via=adapter:interface`
		return runQuery(ctx, args)
	})
}

func runQuery(ctx context.Context, args map[string]any) (string, error) { // want `handler tool go-sdk AdaptedTool errors=tool registered via=delegate`
	return "", errors.New("query failed")
}
