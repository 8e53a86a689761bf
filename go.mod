module github.com/mcplint/mcplint

go 1.26.0

require (
	github.com/mark3labs/mcp-go v1.2.1 // indirect
	github.com/modelcontextprotocol/go-sdk v1.8.0 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	golang.org/x/tools v0.52.0 // indirect
	honnef.co/go/tools v0.8.2 // indirect
)
