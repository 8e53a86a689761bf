// Command brokenmain is a server whose code does not compile beside a server.json the
// registry would refuse: the load-error must not hide the manifest's findings.
package main

import "github.com/modelcontextprotocol/go-sdk/mcp"

func main() {
	s := mcp.NewServer(&mcp.Implementation{Name: "notes", Version: "0.1.0"}, nil)
	var n int = "not a number"
	_, _ = s, n
}
