package describeonfields

import (
	m3 "github.com/mark3labs/mcp-go/mcp"
)

type M3Args struct {
	Path string `json:"path" jsonschema_description:"file path"`
	Mode string `json:"mode" jsonschema:"the mode,enum=a,enum=b"`
	Kind string `json:"kind" jsonschema:"enum=x,enum=y"` // want `field Kind \(input\.kind\) has no description, so the model must guess what to send; add jsonschema_description:"\.\.\."`
}

func M3Tools() []m3.Tool {
	return []m3.Tool{
		m3.NewTool("m3typed", m3.WithDescription("d"), m3.WithInputSchema[M3Args]()),
		m3.NewTool("m3props", m3.WithDescription("d"),
			m3.WithString("path", m3.Required(), m3.Description("the path")),
			m3.WithNumber("depth"), // want `property "depth" \(input.properties.depth of tool "m3props"\) has no description`
		),
	}
}

func M3Prompt() m3.Prompt {
	return m3.NewPrompt("m3p", m3.WithPromptDescription("d"),
		m3.WithArgument("topic", m3.ArgumentDescription("the topic")),
		m3.WithArgument("tone"), // want `prompt argument "tone" of prompt "m3p" has no description`
	)
}
