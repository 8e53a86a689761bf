package mcptoolparity

import (
	"encoding/json"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint-go/mcplint/mcptool"
)

// The defects of format.go in other shapes of control flow, and near misses.

// ElseFormat: the text is chosen in an else branch; neither way shows the items.
var ElseFormat = mcptool.Tool[Args, Page]{
	Name:        "else_format",
	Description: "d",
	Handler:     search,
	Format: func(p Page) []mcp.Content { // want `tool "else_format": output\.items\[\]\.name \(field Name\), output\.items\[\]\.size \(field Size\), output\.next \(field Next\) and output\.labels\{\} \(field Labels\) are not shown by Format; render them`
		var s string
		if p.Truncated {
			s = fmt.Sprintf("%d+ matches", p.Total)
		} else {
			s = fmt.Sprintf("%d matches", p.Total)
		}
		return text(s)
	},
}

// VarFormat: the content is held in a variable, built by a helper that forgets the labels.
var VarFormat = mcptool.Tool[Args, Page]{
	Name:        "var_format",
	Description: "d",
	Handler:     search,
	Format: func(p Page) []mcp.Content { // want `tool "var_format": output\.labels\{\} \(field Labels\) is not shown by Format; render it`
		c := text(pageLine(p))
		return c
	},
}

func pageLine(p Page) string {
	s := fmt.Sprintf("%d/%v/%v:", p.Total, p.Truncated, p.Next)
	for _, it := range p.Items {
		s += " " + it.Name + fmt.Sprint(it.Size)
	}
	return s
}

// Near miss: a switch whose ways together show everything.
var SwitchFormat = mcptool.Tool[Args, Page]{
	Name:        "switch_format",
	Description: "d",
	Handler:     search,
	Format: func(p Page) []mcp.Content {
		switch {
		case len(p.Items) == 0:
			return text("no matches")
		default:
			data, err := json.Marshal(p)
			if err != nil {
				return text("cannot render the page")
			}
			return text(string(data))
		}
	},
}

// Near miss: a closure that shows everything through a helper.
var ClosureFormat = mcptool.Tool[Args, Page]{
	Name:        "closure_format",
	Description: "d",
	Handler:     search,
	Format: func(p Page) []mcp.Content {
		lines := func() string { return pageLine(p) + fmt.Sprint(p.Labels) }
		return text(lines())
	},
}

func RegisterShapes(s *mcp.Server) {
	for _, t := range []mcptool.Tool[Args, Page]{ElseFormat, VarFormat, SwitchFormat, ClosureFormat} {
		mcptool.Add(s, t)
	}
}
