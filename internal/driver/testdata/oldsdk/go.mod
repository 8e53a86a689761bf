module example.com/oldsdk

go 1.23.0

require github.com/modelcontextprotocol/go-sdk v0.1.0
