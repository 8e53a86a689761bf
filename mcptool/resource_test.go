package mcptool_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/mcplint-go/mcplint/mcperr"
	"github.com/mcplint-go/mcplint/mcptool"
)

type issueParams struct {
	Owner  string   `uri:"owner"`
	Repo   string   `json:"repo"`
	Number int      `uri:"number"`
	Fields []string `uri:"fields"`
}

func issueTemplate(seen chan<- issueParams) mcptool.ResourceTemplate[issueParams] {
	return mcptool.ResourceTemplate[issueParams]{
		URITemplate: "issues://{owner}/{repo}/{number}{?fields*}",
		Name:        "issue",
		Description: "A GitHub issue.",
		MIMEType:    "application/json",
		Handler: func(_ context.Context, req *mcp.ReadResourceRequest, p issueParams) (*mcp.ReadResourceResult, error) {
			if seen != nil {
				seen <- p
			}
			switch p.Number {
			case 404:
				return nil, mcperr.NotFound(fmt.Sprintf("issue %s/%s#%d does not exist", p.Owner, p.Repo, p.Number))
			case 429:
				return nil, mcperr.RateLimited("slow down", mcperr.WithData("retryAfter", "5"), mcperr.WithCause(errors.New("token=abc")))
			case 500:
				return nil, errors.New("upstream timed out after 30s")
			case 501:
				panic("boom")
			case 502:
				return nil, nil
			}
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{Text: fmt.Sprintf("%s/%s#%d %v", p.Owner, p.Repo, p.Number, p.Fields)}}}, nil
		},
	}
}

func TestResourceTemplateBindsTypedParams(t *testing.T) {
	h := newHarness(t)
	seen := make(chan issueParams, 1)
	mcptool.AddResourceTemplate(h.server, issueTemplate(seen), mcptool.WithLogger(h.logger))
	h.connect()

	res, rpcErr := h.readResource("issues://golang/go/42?fields=title&fields=body")
	require.Nil(t, rpcErr)
	assert.Equal(t, issueParams{Owner: "golang", Repo: "go", Number: 42, Fields: []string{"title", "body"}}, <-seen)
	assert.JSONEq(t, `{`+meta+`,"contents":[{"uri":"issues://golang/go/42?fields=title&fields=body","mimeType":"application/json","text":"golang/go#42 [title body]"}],"resultType":"complete"}`, stripCache(t, res))
}

func TestResourceErrors(t *testing.T) {
	h := newHarness(t)
	mcptool.AddResourceTemplate(h.server, issueTemplate(nil), mcptool.WithLogger(h.logger))
	h.connect()
	cases := []struct {
		uri  string
		want string
	}{
		// Not found becomes go-sdk's ResourceNotFoundError (-32602 since go-sdk v1.7).
		{"issues://golang/go/404", `{"code":-32602,"message":"Resource not found","data":{"uri":"issues://golang/go/404"}}`},
		{"other://nothing", `{"code":-32602,"message":"Resource not found","data":{"uri":"other://nothing"}}`},
		{"issues://golang/go/429", `{"code":-32003,"message":"slow down","data":{"retryAfter":"5"}}`},
		{"issues://golang/go/500", `{"code":-32004,"message":"upstream timed out after 30s"}`},
		{"issues://golang/go/501", `{"code":-32603,"message":"reading resource issues://{owner}/{repo}/{number}{?fields*} failed unexpectedly; the server logged the details"}`},
		{"issues://golang/go/502", `{"code":-32603,"message":"reading issues://golang/go/502 produced no result; the server logged the details"}`},
		{"issues://golang/go/abc", `{"code":-32602,"message":"URI issues://golang/go/abc: {number} \"abc\" is not an integer in range","data":{"uri":"issues://golang/go/abc","variable":"number"}}`},
	}
	for _, tc := range cases {
		t.Run(tc.uri, func(t *testing.T) {
			res, rpcErr := h.readResource(tc.uri)
			assert.Nil(t, res)
			assert.JSONEq(t, tc.want, string(rpcErr))
		})
	}
}

func TestStaticResource(t *testing.T) {
	h := newHarness(t)
	mcptool.AddResource(h.server, mcptool.Resource{
		URI: "config://app", Name: "app config", Description: "The app's configuration.", MIMEType: "text/plain",
		Handler: func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return nil, mcperr.ConfigurationError("APP_HOME is not set", mcperr.WithRecovery("Ask the operator to set APP_HOME and restart."))
		},
	}, mcptool.WithLogger(h.logger))
	h.connect()
	res, rpcErr := h.readResource("config://app")
	assert.Nil(t, res)
	assert.JSONEq(t, `{"code":-32008,"message":"APP_HOME is not set","data":{"recovery":{"hint":"Ask the operator to set APP_HOME and restart."}}}`, string(rpcErr))
}

type wrongParams struct {
	Owner string `uri:"owner"`
	Extra string `uri:"extra"`
}

type chanParams struct {
	Owner chan int `uri:"owner"`
}

func TestCheckResourceTemplate(t *testing.T) {
	h := func(context.Context, *mcp.ReadResourceRequest, wrongParams) (*mcp.ReadResourceResult, error) {
		return nil, nil
	}
	good := mcptool.ResourceTemplate[issueParams]{URITemplate: "issues://{owner}/{repo}/{number}{?fields*}", Name: "issue", Description: "d",
		Handler: func(context.Context, *mcp.ReadResourceRequest, issueParams) (*mcp.ReadResourceResult, error) {
			return nil, nil
		}}
	assert.Empty(t, mcptool.CheckResourceTemplate(good))

	assert.Equal(t, []string{"error:template-params-align", "error:template-params-align"},
		rules(mcptool.CheckResourceTemplate(mcptool.ResourceTemplate[wrongParams]{URITemplate: "x://{owner}/{repo}", Name: "x", Description: "d", Handler: h})))
	assert.Equal(t, []string{"error:uri-template-required"},
		rules(mcptool.CheckResourceTemplate(mcptool.ResourceTemplate[struct{}]{Name: "x", Description: "d",
			Handler: func(context.Context, *mcp.ReadResourceRequest, struct{}) (*mcp.ReadResourceResult, error) {
				return nil, nil
			}})))
	for _, bad := range []string{"x://{unclosed", "x://{}/data", "x://{a b}"} {
		fs := mcptool.CheckResourceTemplate(mcptool.ResourceTemplate[struct{}]{URITemplate: bad, Name: "x", Description: "d",
			Handler: func(context.Context, *mcp.ReadResourceRequest, struct{}) (*mcp.ReadResourceResult, error) {
				return nil, nil
			}})
		assert.Equal(t, []string{"error:uri-template-valid"}, rules(fs), bad)
	}
	assert.Equal(t, []string{"warning:resource-name-not-uri", "warning:description-required", "error:handler-required"},
		rules(mcptool.CheckResourceTemplate(mcptool.ResourceTemplate[struct{}]{URITemplate: "x://a", Name: "x://a"})))
	assert.Equal(t, []string{"error:template-params-align"},
		rules(mcptool.CheckResourceTemplate(mcptool.ResourceTemplate[chanParams]{URITemplate: "x://{owner}", Name: "x", Description: "d",
			Handler: func(context.Context, *mcp.ReadResourceRequest, chanParams) (*mcp.ReadResourceResult, error) {
				return nil, nil
			}})))
}

func TestCheckResource(t *testing.T) {
	h := func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) { return nil, nil }
	assert.Empty(t, mcptool.CheckResource(mcptool.Resource{URI: "config://app", Name: "config", Description: "d", Handler: h}))
	assert.Equal(t, []string{"error:uri-template-required", "error:name-required"}, rules(mcptool.CheckResource(mcptool.Resource{Description: "d", Handler: h})))
	assert.Equal(t, []string{"error:uri-template-valid"}, rules(mcptool.CheckResource(mcptool.Resource{URI: "relative/path", Name: "n", Description: "d", Handler: h})))
	assert.Equal(t, []string{"error:uri-template-valid"}, rules(mcptool.CheckResource(mcptool.Resource{URI: "x://a b%zz", Name: "n", Description: "d", Handler: h})))
}

func TestAddResourceTemplatePanics(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	assert.PanicsWithError(t, `mcptool.AddResourceTemplate: resource template "x://{owner}/{repo}": template variable {repo} has no field in mcptool_test.wrongParams, so the handler never sees it; add a field tagged `+"`uri:\"repo\"`"+` (template-params-align); field Extra is tagged `+"`uri:\"extra\"`"+` but the template has no {extra}, so it is always empty; fix the tag or the template (template-params-align)`, func() {
		mcptool.AddResourceTemplate(s, mcptool.ResourceTemplate[wrongParams]{URITemplate: "x://{owner}/{repo}", Name: "x", Description: "d",
			Handler: func(context.Context, *mcp.ReadResourceRequest, wrongParams) (*mcp.ReadResourceResult, error) {
				return nil, nil
			}})
	})
}
