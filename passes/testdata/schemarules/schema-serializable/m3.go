package schemaserializable

import (
	m3 "github.com/mark3labs/mcp-go/mcp"
)

type M3Args struct {
	Name  string         `json:"name" jsonschema_description:"the name"`
	Ch    chan int       `json:"ch"`    // want `field Ch \(input.ch\): type chan int cannot be represented in JSON Schema, so mark3labs silently leaves the property out of the input schema`
	Count map[int]string `json:"count"` // want `field Count \(input.count\): map key type int .* mark3labs silently leaves the property out`
}

type M3Tree struct {
	Kids []M3Tree `json:"kids"` // want `field Kids \(input.kids\[\]\): type M3Tree contains itself.* mark3labs' WithInputSchema fails \(the error goes to stderr\) and the tool advertises an empty input schema`
}

type M3Self struct {
	*M3Self     // want `field M3Self \(input\): M3Self embeds itself, so mark3labs' tag layer follows the embedding forever`
	V       int `json:"v" jsonschema_description:"v"`
}

func MarkLabsTools() []m3.Tool {
	return []m3.Tool{
		m3.NewTool("m3drop", m3.WithDescription("d"), m3.WithInputSchema[M3Args]()),
		m3.NewTool("m3tree", m3.WithDescription("d"), m3.WithInputSchema[M3Tree]()),
		m3.NewTool("m3self", m3.WithDescription("d"), m3.WithInputSchema[M3Self]()),
	}
}
