package a

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

type In struct {
	ID string `json:"id" jsonschema:"the item ID"`
}

type Out struct {
	Name string `json:"name" jsonschema:"the item name"`
}

var items = map[string]string{"a": "Alpha"}

var GetItem = mcptool.Tool[In, Out]{
	Name:        "get_item",
	Description: "Get an item.",
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		if in.ID == "" {
			return Out{}, errors.New("id is required") // want `error has no MCP code: mcptool sends it as InternalError`
		}
		name, ok := items[in.ID]
		if !ok {
			return Out{}, fmt.Errorf("no item %q", in.ID) // want `prefer-mcp-error-in-handler`
		}
		if name == "" {
			return Out{}, mcperr.NotFound("no item " + in.ID) // coded: silent
		}
		if err := ctx.Err(); err != nil {
			return Out{}, fmt.Errorf("cancelled: %w", err) // wraps: may carry a code, silent
		}
		if name == "?" {
			return Out{}, fmt.Errorf("lookup: %w", errors.New("unknown name")) // want `error has no MCP code`
		}
		plain := errors.New("not ready")
		if name == "!" {
			// %v rewritten to %w (preserve-cause-on-rethrow's fix) still wraps an uncoded error.
			return Out{}, fmt.Errorf("lookup: %w", plain) // want `error has no MCP code`
		}
		coded := error(mcperr.NotFound("gone"))
		if name == "-" {
			return Out{}, fmt.Errorf("lookup: %w", coded) // wraps a coded error: silent
		}
		return Out{Name: name}, nil
	},
}
