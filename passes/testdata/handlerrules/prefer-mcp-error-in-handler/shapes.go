package a

import (
	"context"
	"errors"
	"fmt"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

// The uncoded error built before the return: in a variable, and in a named result returned
// bare.
var GetItemVar = mcptool.Tool[In, Out]{
	Name:        "get_item_var",
	Description: "Get an item.",
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		if in.ID == "" {
			err := errors.New("id is required") // want `error has no MCP code`
			return Out{}, err
		}
		return Out{Name: items[in.ID]}, nil
	},
}

var GetItemBare = mcptool.Tool[In, Out]{
	Name:        "get_item_bare",
	Description: "Get an item.",
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (out Out, err error) {
		if in.ID == "" {
			err = fmt.Errorf("no id for %q", in.ID) // want `error has no MCP code`
			return
		}
		out.Name = items[in.ID]
		return
	},
}

// The variable holds an uncoded error on one of the ways to the return.
var GetItemMixed = mcptool.Tool[In, Out]{
	Name:        "get_item_mixed",
	Description: "Get an item.",
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		err := errors.New("id is required") // want `error has no MCP code`
		if in.ID != "" {
			err = mcperr.NotFound("no item " + in.ID)
		}
		return Out{}, err
	},
}

// Near miss: the uncoded error is replaced by a coded one before the return.
var GetItemReplaced = mcptool.Tool[In, Out]{
	Name:        "get_item_replaced",
	Description: "Get an item.",
	Handler: func(ctx context.Context, call *mcptool.Call, in In) (Out, error) {
		err := errors.New("unset")
		if _, ok := items[in.ID]; !ok {
			err = mcperr.NotFound("no item " + in.ID)
			return Out{}, err
		}
		return Out{Name: items[in.ID]}, nil
	},
}
