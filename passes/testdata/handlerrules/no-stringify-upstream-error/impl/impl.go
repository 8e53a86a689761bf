// Package impl implements layer.Executor: its methods and the functions it converts to
// layer.ExecutorFunc are handlers, though nothing here registers them.
package impl

import (
	"context"
	"fmt"

	"fixtures/handlerrules/no-stringify-upstream-error/layer"
)

type reply struct{ Status, Body string }

func call(ctx context.Context) (*reply, error) { return &reply{}, nil }

type Ops struct{}

func (Ops) Execute(ctx context.Context, args map[string]any) (string, error) {
	r, err := call(ctx)
	if err != nil {
		return "", err
	}
	if r.Status != "ok" {
		return "", fmt.Errorf("upstream said %+v", r) // want `no-stringify-upstream-error`
	}
	return r.Body, nil
}

func Func() layer.Executor {
	return layer.ExecutorFunc(func(ctx context.Context, args map[string]any) (string, error) {
		r, err := call(ctx)
		if err != nil {
			return "", err
		}
		return "", fmt.Errorf("upstream said %+v", r) // want `no-stringify-upstream-error`
	})
}

// Near miss: Store is not the layer's interface; its method is no handler.
type Store struct{}

func (Store) Get(ctx context.Context) (string, error) {
	r, _ := call(ctx)
	return "", fmt.Errorf("store said %+v", r)
}
