package schemaserializable

import (
	m3 "github.com/mark3labs/mcp-go/mcp"
)

type M3Args struct {
	Name  string         `json:"name" jsonschema_description:"the name"`
	Ch    chan int       `json:"ch"`    // want `field Ch \(input\.ch\): type chan int has no JSON Schema, so mark3labs leaves it out of the input schema; tag it json:"-" or change its type`
	Count map[int]string `json:"count"` // want `field Count \(input\.count\): map key type int is not a string or TextMarshaler, so mark3labs leaves it out of the input schema; use a string key type`
}

type M3Tree struct {
	Kids []M3Tree `json:"kids"` // want `field Kids \(input\.kids\[\]\): type M3Tree contains itself, so mark3labs advertises an empty input schema; cut the cycle or hand-build the schema`
}

type M3Self struct {
	*M3Self     // want `field M3Self \(input\): M3Self embeds itself, so building the tool overflows the stack at start-up; give the embedded field a json name`
	V       int `json:"v" jsonschema_description:"v"`
}

func MarkLabsTools() []m3.Tool {
	return []m3.Tool{
		m3.NewTool("m3drop", m3.WithDescription("d"), m3.WithInputSchema[M3Args]()),
		m3.NewTool("m3tree", m3.WithDescription("d"), m3.WithInputSchema[M3Tree]()),
		m3.NewTool("m3self", m3.WithDescription("d"), m3.WithInputSchema[M3Self]()),
	}
}
