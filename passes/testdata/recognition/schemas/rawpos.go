package schemas

import (
	"encoding/json"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// Positions inside a raw string literal point at the JSON key itself.
func RegisterRaw(s *gosdk.Server) {
	s.AddTool(&gosdk.Tool{ // want `schema in=handbuilt:{type:object,format:uri} out=absent`
		Name: "rawpos",
		InputSchema: json.RawMessage(`{
		"type": "object",
		"format": "uri"
	}`),
	}, low)
}
