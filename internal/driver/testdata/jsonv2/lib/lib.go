// Package lib uses encoding/json/v2, which is in the standard library only with
// GOEXPERIMENT=jsonv2.
package lib

import json "encoding/json/v2"

// Encode encodes v.
func Encode(v any) ([]byte, error) { return json.Marshal(v) }
