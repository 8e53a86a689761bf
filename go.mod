module github.com/mcplint/mcplint

go 1.26.0

require (
	github.com/google/jsonschema-go v0.4.3
	github.com/mark3labs/mcp-go v1.2.1
	github.com/stretchr/testify v1.12.1
	github.com/yosida95/uritemplate/v3 v3.0.2
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/tools v0.52.0
	honnef.co/go/tools v0.8.2
)

require (
	github.com/spf13/cast v1.7.1 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
)
