package a

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net/http"
	"net/url"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Query struct {
	Text string `json:"text" jsonschema:"what to search for"`
}

type Hits struct {
	Count int `json:"count" jsonschema:"how many matched"`
}

// Config is the server's configuration.
type Config struct {
	BaseURL    string
	APIKey     string
	PageToken  string
	SecretName string
	Tenant     string // sent as the Authorization header below: a credential by use
}

type service struct {
	cfg    Config
	client *http.Client
}

// go-sdk sends a typed handler's error text to the model verbatim: the key in the URL's query
// is quoted by the *url.Error of the failed request.
func (s *service) search(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	u := s.cfg.BaseURL + "/search?key=" + s.cfg.APIKey + "&q=" + url.QueryEscape(q.Text)
	resp, err := s.client.Get(u)
	if err != nil {
		return nil, Hits{}, fmt.Errorf("search failed: %w", err) // want `field Config.APIKey reaches the model in tool error text`
	}
	resp.Body.Close()
	return nil, Hits{}, nil
}

// The same with a negated guard, an else branch and a switch.
func (s *service) searchNegated(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	resp, err := http.Get(s.cfg.BaseURL + "?api_key=" + os.Getenv("SEARCH_API_KEY"))
	if err == nil {
		resp.Body.Close()
		return nil, Hits{}, nil
	}
	return nil, Hits{}, err // want `environment variable SEARCH_API_KEY reaches the model in tool error text`
}

func (s *service) searchElse(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	token := os.Getenv("GITHUB_TOKEN")
	var err error
	if q.Text != "" {
		err = nil
	} else {
		err = fmt.Errorf("no query (token %s)", token) // want `environment variable GITHUB_TOKEN reaches the model in tool error text`
	}
	return nil, Hits{}, err
}

func (s *service) searchSwitch(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	switch q.Text {
	case "":
		return nil, Hits{}, errors.New("bad key " + s.cfg.APIKey) // want `field Config.APIKey reaches`
	}
	return nil, Hits{}, nil
}

// A helper of the package builds the request; its error carries the key, and the finding is
// where the helper returns it, once for every handler that forwards it.
func (s *service) fetch(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.cfg.BaseURL+path+"?token="+s.cfg.APIKey, nil)
	if err != nil {
		return err // want `field Config.APIKey reaches the model in tool error text`
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return fmt.Errorf("fetch %s: %w", path, err)
	}
	return resp.Body.Close()
}

func (s *service) list(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	if err := s.fetch(ctx, "/list"); err != nil {
		return nil, Hits{}, err
	}
	return nil, Hits{}, nil
}

func (s *service) count(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	err := s.fetch(ctx, "/count")
	return nil, Hits{}, err
}

// A field used as the Authorization header is a credential whatever its name.
func (s *service) auth(req *http.Request) {
	req.Header.Set("Authorization", "Bearer "+s.cfg.Tenant)
}

func (s *service) whoami(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "signed in as " + s.cfg.Tenant}}} // want `field Config.Tenant reaches the model in content text`
	return res, Hits{}, nil
}

// The request's own headers, formatted into the error.
func (s *service) echo(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	if q.Text == "" {
		return nil, Hits{}, fmt.Errorf("empty query; headers were %v", req.Extra.Header) // want `the request headers reach the model in`
	}
	return nil, Hits{}, nil
}

// A resource's contents.
func (s *service) readConfig(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "key=" + s.cfg.APIKey}}}, nil // want `field Config.APIKey reaches the model in resource contents`
}

// Near misses.

// The variable's name in a message is no secret.
func (s *service) missingKey(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	if os.Getenv("SEARCH_API_KEY") == "" {
		return nil, Hits{}, errors.New("SEARCH_API_KEY is not set")
	}
	return nil, Hits{}, nil
}

// A key sent only in a header: the *url.Error quotes the URL, not the headers.
func (s *service) headerOnly(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, s.cfg.BaseURL+"/search", nil)
	if err != nil {
		return nil, Hits{}, err
	}
	r.Header.Set("X-Api-Key", s.cfg.APIKey)
	resp, err := s.client.Do(r)
	if err != nil {
		return nil, Hits{}, fmt.Errorf("search: %w", err)
	}
	defer resp.Body.Close()
	return nil, Hits{}, fmt.Errorf("search: %s", resp.Status)
}

// A value only logged.
func (s *service) logged(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	log.Printf("using key %s", s.cfg.APIKey)
	return nil, Hits{}, errors.New("search is down")
}

// The other fields of the configuration, a page token and a secret's name are no
// credentials.
func (s *service) page(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "next page: " + s.cfg.PageToken + " in " + s.cfg.BaseURL}}}
	return res, Hits{}, fmt.Errorf("secret %s not found", s.cfg.SecretName)
}

// The response of a request whose URL carries the key: its status is not the URL.
func (s *service) status(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	resp, err := http.Get(s.cfg.BaseURL + "?key=" + s.cfg.APIKey)
	if err != nil {
		return nil, Hits{}, errors.New("search failed")
	}
	defer resp.Body.Close()
	return nil, Hits{}, fmt.Errorf("search failed: %s", resp.Status)
}

func register(s *mcp.Server, svc *service) {
	mcp.AddTool(s, &mcp.Tool{Name: "search"}, svc.search)
	mcp.AddTool(s, &mcp.Tool{Name: "search_negated"}, svc.searchNegated)
	mcp.AddTool(s, &mcp.Tool{Name: "search_else"}, svc.searchElse)
	mcp.AddTool(s, &mcp.Tool{Name: "search_switch"}, svc.searchSwitch)
	mcp.AddTool(s, &mcp.Tool{Name: "list"}, svc.list)
	mcp.AddTool(s, &mcp.Tool{Name: "count"}, svc.count)
	mcp.AddTool(s, &mcp.Tool{Name: "whoami"}, svc.whoami)
	mcp.AddTool(s, &mcp.Tool{Name: "echo"}, svc.echo)
	mcp.AddTool(s, &mcp.Tool{Name: "missing_key"}, svc.missingKey)
	mcp.AddTool(s, &mcp.Tool{Name: "header_only"}, svc.headerOnly)
	mcp.AddTool(s, &mcp.Tool{Name: "logged"}, svc.logged)
	mcp.AddTool(s, &mcp.Tool{Name: "page"}, svc.page)
	mcp.AddTool(s, &mcp.Tool{Name: "status"}, svc.status)
	s.AddResource(&mcp.Resource{URI: "config://key", Name: "config"}, svc.readConfig)
}

// A tool description written with the configured key (go-sdk's Tool.Description), and a
// description that only names the variable (near miss).
func registerDescribed(s *mcp.Server, svc *service) {
	mcp.AddTool(s, &mcp.Tool{Name: "described", Description: "Searches with key " + svc.cfg.APIKey}, svc.search) // want `field Config.APIKey reaches the model in a description`
	mcp.AddTool(s, &mcp.Tool{Name: "described_fine", Description: "Searches with the key in SEARCH_API_KEY."}, svc.search)
}

// Two credentials on one line are one finding.
func (s *service) both(ctx context.Context, req *mcp.CallToolRequest, q Query) (*mcp.CallToolResult, Hits, error) {
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s.cfg.APIKey}, &mcp.TextContent{Text: os.Getenv("GITHUB_TOKEN")}}} // want `field Config.APIKey reaches the model in content text; redact it`
	return res, Hits{}, nil
}
