// Package kube is a table of tools of the server's own type, registered by package srv.
package kube

import (
	"context"
	"fmt"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/fieldtable/format"
	"example.com/fieldtable/toolset"
)

// Tools are the Kubernetes tools.
func Tools() []toolset.ServerTool {
	return []toolset.ServerTool{
		{Tool: mcp.NewTool("list_pods", mcp.WithDescription("List the pods of a namespace."), mcp.WithString("namespace")), Handler: listPods},
		{Tool: mcp.NewTool("show_pod", mcp.WithDescription("Show one pod."), mcp.WithString("name")), Handler: showPod},
	}
}

func listPods(ctx context.Context, params map[string]any) (string, error) {
	ns, _ := params["namespace"].(string)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://kube.example/api/v1/namespaces/"+ns+"/pods", nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("listing pods: %v", err)
	}
	defer resp.Body.Close()
	return resp.Status, nil
}

func showPod(ctx context.Context, params map[string]any) (string, error) {
	name, _ := params["name"].(string)
	return format.JSON(map[string]string{"name": name})
}
