package lib

// Tool is a definition.
type Tool struct{ Name string }

// NewA builds one tool.
func NewA() Tool { return Tool{Name: "a"} }

// NewB builds another.
func NewB() Tool { return Tool{Name: "b"} }
