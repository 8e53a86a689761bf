// Package format renders results; the handlers of package kube return its results.
package format

import (
	"encoding/json"
	"fmt"
)

// JSON renders v.
func JSON(v any) (string, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("encoding the result: %v", err)
	}
	return string(data), nil
}
