package schematagsyntax

import (
	m3 "github.com/mark3labs/mcp-go/mcp"
)

type M3Invopop struct {
	Query string `json:"query" jsonschema:"required,description=The query"` // want `field Query \(input\.query\): jsonschema tag "required,description=The query" uses invopop's key=value options, which mark3labs v1 does not read, so mark3labs advertises an empty input schema; write the description alone`
	Mode  string `json:"mode" jsonschema:"enum=a,enum=b"`
}

// M3Enum uses only enum=, which mark3labs' fallback understands: fine.
type M3Enum struct {
	Mode string `json:"mode" jsonschema:"the mode,enum=a,enum=b"`
	Kind string `json:"kind" jsonschema:"enum=x,enum=y"`
}

func M3Tools() []m3.Tool {
	return []m3.Tool{
		m3.NewTool("m3invopop", m3.WithDescription("d"), m3.WithInputSchema[M3Invopop]()),
		m3.NewTool("m3enum", m3.WithDescription("d"), m3.WithInputSchema[M3Enum]()),
	}
}
