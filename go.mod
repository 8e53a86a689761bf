module github.com/mcplint/mcplint

go 1.26.0

require (
	github.com/aymanbagabas/go-udiff v0.4.1
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/stretchr/testify v1.12.1
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/tools v0.52.0
	honnef.co/go/tools v0.8.2
)

require (
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
