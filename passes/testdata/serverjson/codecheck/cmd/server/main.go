package main

import (
	"context"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/weather/config"
)

const version = "1.2.0"

func main() {
	key, _ := config.APIKey()
	_ = key + config.Region() + config.UpstreamToken() + config.CacheTTL() + os.Getenv("HOME")
	s := mcp.NewServer(&mcp.Implementation{Name: "io.github.acme/weather", Version: version}, nil)
	_ = s.Run(context.Background(), &mcp.StdioTransport{})
}
