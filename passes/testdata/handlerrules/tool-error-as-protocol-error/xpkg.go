package a

import (
	"context"
	"errors"

	"fixtures/handlerrules/tool-error-as-protocol-error/layer"
)

type findIn struct {
	Name string `json:"name"`
}

// find is adapted by layer.Gateway, in another package: its error is a JSON-RPC error.
func find(ctx context.Context, in findIn) (string, error) {
	if in.Name == "" {
		return "", errors.New("name is required") // want `argument error sent as a JSON-RPC error with code 0.*an isError result from the adapter instead`
	}
	return in.Name, nil
}

// hardFind is adapted by layer.Soft: a *HardError is a JSON-RPC error, any other a tool
// error.
func hardFind(ctx context.Context, in findIn) (string, error) {
	if in.Name == "" {
		return "", &layer.HardError{Msg: "name is required"} // want `argument error sent as a JSON-RPC error`
	}
	if len(in.Name) > 64 {
		return "", errors.New("name is too long") // Near miss: a tool error under layer.Soft.
	}
	return in.Name, nil
}

var (
	_ = layer.Gateway(find)
	_ = layer.Soft(hardFind)
)
